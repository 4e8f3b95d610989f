"""Cards whose printed text hands something to each player (or each other player) and then, or instead, to
you: each scenario asserts every player's share separately, so a share that goes to the wrong player (the
each's member instead of the card's controller, or the reverse) fails. These cards had no scenario of their
own."""

from __future__ import annotations

import pytest

from cardlab.simulate.four_souls import damage, rooms, triggers
from cardlab.simulate.four_souls import fixtures as fx
from tests.four_souls.printed_cards import soul, table, toy, treasures, use


def test_FS_5_9_alt_art_the_stars_gives_each_player_a_treasure_then_you_one_more():
    g = table(n=3)
    treasures(g)
    c = fx.give_loot(g, 0, fx.by_id("aa-xvii_the_stars"))
    use(g, 0, "loot", c)
    assert [len(p.items) for p in g.players] == [2, 1, 1]
    fx.check_invariants(g)


def test_FS_5_9_birthday_cake_each_player_its_holder_picks_loots_one():
    g = table(n=3)
    fx.give_item(g, 0, fx.by_id("rwz-birthday_cake"))
    triggers.fire(g, "turn_start", seat=0)
    fx.settle(g)
    assert [len(p.hand) for p in g.players] == [1, 1, 1]  # the scripted holder picks everyone
    fx.check_invariants(g)


def test_FS_5_8_r_key_destroys_every_soul_and_each_player_swaps_their_hand_for_three():
    g = table()
    key = fx.give_item(g, 0, fx.by_id("r-r_key"))
    key.charged = True
    soul(g, 0, "A")
    soul(g, 1, "B")
    for i in range(5):
        fx.give_loot(g, 1, fx.card(f"L{i}"))
    use(g, 0, "tap", key)
    assert [len(p.souls) for p in g.players] == [0, 0]
    assert [len(p.hand) for p in g.players] == [3, 3]
    assert key not in g.players[0].items
    fx.check_invariants(g)


def test_FS_4_16_curse_of_envy_its_holder_dying_gives_each_other_player_a_treasure():
    g = table(n=3)
    treasures(g)
    c = g.new_obj(fx.phys(g, fx.by_id("soi-curse_of_envy")), "curse", 1)
    g.players[1].curses.append(c)
    damage.kill(g, g.players[1], 0)
    fx.settle(g)
    assert [len(p.items) for p in g.players][0::2] == [1, 1]
    fx.check_invariants(g)


def test_FS_13_4_conjoined_twin_the_killer_of_a_monster_kills_another_player():
    g = table()
    fx.add_room(g, fx.by_id("r-conjoined_twin"))
    blob = fx.add_slot_monster(g, fx.monster("Blob"))
    g.monster.append(fx.phys(g, fx.monster("Next")))
    damage.kill(g, blob, 0)
    fx.settle(g)
    assert [p.dead for p in g.players] == [False, True]


def test_FS_13_4_cursed_mulliboom_each_monster_death_deals_three_to_a_random_player():
    g = table()
    fx.add_slot_monster(g, fx.by_id("r-cursed_mulliboom"))
    blob = fx.add_slot_monster(g, fx.monster("Blob"))
    g.monster.append(fx.phys(g, fx.monster("Next")))
    damage.kill(g, blob, 0)
    fx.settle(g)
    assert sorted(p.dead for p in g.players) == [False, True]  # 3 damage kills a 2-HP character


def test_FS_1_17_dice_room_rerolls_items_swaps_every_hand_for_three_and_clears_the_monsters():
    g = table()
    treasures(g)
    mine = fx.give_item(g, 0, toy("Mine"))
    blob = fx.add_slot_monster(g, fx.monster("Blob"))
    g.monster.extend(fx.phys(g, fx.monster(f"M{i}")) for i in range(4))
    for i in range(2):
        fx.give_loot(g, 1, fx.card(f"L{i}"))
    fx.rooms_of(g).slots.append([])
    rooms.put(g, fx.phys(g, fx.by_id("r-dice_room_6")), 0)  # revealed: its enters-play ability waits (FS-4.9)
    fx.settle(g)
    assert mine not in g.players[0].items and len(g.players[0].items) == 1
    assert [len(p.hand) for p in g.players] == [3, 3]
    assert not blob.in_play
    fx.check_invariants(g)


@pytest.mark.parametrize(
    ("roll", "cents", "loot", "items"), [(2, 0, 0, 0), (3, 4, 0, 0), (5, 7, 0, 0), (6, 0, 1, 1)]
)
def test_FS_4_4_eternal_chest_discards_a_loot_card_and_pays_its_row(roll, cents, loot, items):
    g = table([roll])
    treasures(g)
    room = fx.add_room(g, fx.by_id("r-eternal_chest"))
    me = g.players[0]
    fx.give_loot(g, 0, fx.card("Fee"))
    c0 = me.cents
    use(g, 0, "paid", room)
    assert (me.cents - c0, len(me.hand), len(me.items)) == (cents, loot, items)
    fx.check_invariants(g)


@pytest.mark.parametrize(("roll", "loot", "stays"), [(3, 1, True), (5, 3, True), (6, 6, False)])
def test_FS_4_4_fortune_teller_pays_three_cents_and_a_6_also_discards_the_room(roll, loot, stays):
    g = table([roll])
    room = fx.add_room(g, fx.by_id("r-fortune_teller"))
    me = g.players[0]
    fx.take_cents(g, 0, 3)
    c0 = me.cents
    use(g, 0, "paid", room)
    assert (c0 - me.cents, len(me.hand), room.in_play) == (3, loot, stays)
    fx.check_invariants(g)
