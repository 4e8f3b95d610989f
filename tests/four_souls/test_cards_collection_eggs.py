"""Issue 19: egg counters (FS-5.14) — Tapeworm promo's Black Proglottid."""

from __future__ import annotations

from cardlab.simulate.four_souls import damage, triggers
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    by_id,
    check_invariants,
    give_item,
    loot_fillers,
    monster,
    phys,
    position,
    settle,
)


def _cents(g):
    return [p.cents for p in g.players]


def test_FS_5_14_black_proglottid_a_monster_with_two_eggs_dying_pays_each_egg_free_player_4c():
    """Seat 2 bears an egg, the monster 2: the monster dies, its eggs come off, and seats 0 and 1 (no
    egg) gain 2c per egg; seat 2 gains nothing."""
    g = position(3)
    loot_fillers(g, 5)
    g.active = 0
    give_item(g, 0, by_id("tw-black_proglottid"))
    m = add_slot_monster(g, monster("Host", hp=3))
    g.monster.append(phys(g, monster("Next", hp=2)))
    m.named = {"egg": 2}
    g.players[2].counters = {"egg": 1}
    before = _cents(g)
    damage.kill(g, m, 0)
    settle(g)
    assert [c - b for c, b in zip(_cents(g), before, strict=True)] == [4, 4, 0]
    check_invariants(g)


def test_FS_5_14_black_proglottid_a_dying_player_loses_its_eggs_and_then_counts_as_egg_free():
    """Seat 1 with one egg dies: the egg comes off first, so all three players gain 2c."""
    g = position(3)
    loot_fillers(g, 5)
    g.active = 0
    give_item(g, 0, by_id("tw-black_proglottid"))
    g.players[1].counters = {"egg": 1}
    before = _cents(g)
    damage.kill(g, g.players[1], 0)
    settle(g)
    assert not g.players[1].counters.get("egg")
    assert [c - b for c, b in zip(_cents(g), before, strict=True)][0] == 2
    assert _cents(g)[2] - before[2] == 2


def test_FS_5_14_black_proglottid_its_holder_may_lay_an_egg_as_its_turn_starts():
    """As seat 0's turn starts it may lay one egg where none is yet (player or monster); the scripted seat
    accepts and picks the first option: exactly one egg is laid."""
    g = position(2)
    loot_fillers(g, 5)
    g.active = 0
    give_item(g, 0, by_id("tw-black_proglottid"))
    triggers.fire(g, "turn_start", seat=0)
    settle(g)
    eggs = sum(p.counters.get("egg", 0) for p in g.players)
    assert eggs == 1


def test_FS_5_14_red_proglottid_each_egg_adds_one_damage_to_its_bearer_player_or_monster():
    """With Red Proglottid in play, seat 1 with two eggs deals 2 more damage and a monster with one egg
    1 more; seat 0, egg-free, deals its printed damage."""
    from cardlab.simulate.four_souls import statics

    g = position(2)
    give_item(g, 0, by_id("tw-red_proglottid"))
    m = add_slot_monster(g, monster("Host", hp=3, attack=1))
    base = [statics.player_atk(g, p) for p in g.players]
    g.players[1].counters = {"egg": 2}
    m.named = {"egg": 1}
    g.obj_ver += 1
    assert [statics.player_atk(g, p) for p in g.players] == [base[0], base[1] + 2]
    assert statics.monster_atk(g, m) == 2


def test_FS_5_14_red_proglottid_pays_5c_for_an_egg_and_a_dying_player_loses_theirs():
    """Seat 0 pays 5c to lay an egg (the scripted pick: the first player or monster); a dying egg bearer
    loses its eggs."""
    from cardlab.simulate.four_souls import plays

    g = position(2)
    loot_fillers(g, 5)
    g.active = 0
    red = give_item(g, 0, by_id("tw-red_proglottid"))
    g.players[0].cents = 6
    assert plays.take_action(g, 0, ("paid", red, 0))
    settle(g)
    assert g.players[0].cents == 1
    assert sum(p.counters.get("egg", 0) for p in g.players) == 1
    g.players[1].counters = {"egg": 2}
    damage.kill(g, g.players[1], 0)
    settle(g)
    assert not g.players[1].counters.get("egg")
