"""Issue 19: Dataminer (Anniversary) — a ↷ roll whose faces set monsters' damage, deactivate the table, shrink
the hand limit or set the player's damage (FS-5.2, FS-6.2, FS-8.10)."""

from __future__ import annotations

import pytest

from cardlab.simulate.four_souls import plays, statics, turn
from cardlab.simulate.four_souls.fixtures import (
    add_shop_item,
    add_slot_monster,
    by_id,
    card,
    give_item,
    loot_fillers,
    monster,
    position,
    settle,
)


def _use(face: int):
    g = position(2, rolls=[face])
    loot_fillers(g, 5)
    g.active = 0
    dm = give_item(g, 0, by_id("ani-dataminer"))
    assert plays.take_action(g, 0, ("tap", dm, 0))
    settle(g)
    return g, dm


@pytest.mark.parametrize(("face", "atk"), [(1, 1), (5, 9)])
def test_FS_5_2_dataminer_1_and_5_set_every_monsters_damage(face, atk):
    g = position(2, rolls=[face])
    g.active = 0
    ms = [add_slot_monster(g, monster(f"M{i}", attack=3)) for i in range(2)]
    dm = give_item(g, 0, by_id("ani-dataminer"))
    assert plays.take_action(g, 0, ("tap", dm, 0))
    settle(g)
    assert [statics.monster_atk(g, m) for m in ms] == [atk, atk]


def test_FS_5_14_dataminer_2_destroys_it_for_an_atk_counter_on_the_character():
    g, dm = _use(2)
    base = statics.player_atk(g, g.players[1])
    assert not dm.in_play
    assert statics.player_atk(g, g.players[0]) == base + 1


def test_FS_6_2_dataminer_3_deactivates_characters_items_and_the_shop():
    g = position(2, rolls=[3])
    g.active = 0
    for p in g.players:
        p.character.charged = True
    other = give_item(g, 1, card("Thing", "treasure", "active"))
    shop = add_shop_item(g, card("Ware", "treasure", "active"))
    dm = give_item(g, 0, by_id("ani-dataminer"))
    assert plays.take_action(g, 0, ("tap", dm, 0))
    settle(g)
    assert not any(o.charged for o in (g.players[0].character, g.players[1].character, other, shop))


def test_FS_8_10_dataminer_4_its_holder_discards_the_whole_hand_at_its_turns_end():
    g, _dm = _use(4)
    g.players[0].hand.extend(g.loot[-3:])
    del g.loot[-3:]
    assert statics.hand_limit(g, g.players[0]) == 0 and statics.hand_limit(g, g.players[1]) > 0
    turn._end_phase(g)
    assert g.players[0].hand == []


def test_FS_5_2_dataminer_6_destroys_it_and_the_damage_is_9_this_turn():
    g, dm = _use(6)
    assert not dm.in_play and statics.player_atk(g, g.players[0]) == 9
