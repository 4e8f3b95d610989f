"""Issue 19: expansion monsters encoded with existing words — a monster's own HP static (Weltling), turn-start
rolls (Cereus Peashy) and a death that takes souls (Alt Art The Lamb)."""

from __future__ import annotations

from cardlab.simulate.four_souls import damage, dice, statics, triggers
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    by_id,
    character,
    check_invariants,
    loot_fillers,
    monster,
    phys,
    position,
    settle,
)


def test_FS_6_20_weltling_loses_one_hp_per_counter_and_dies_at_three():
    """Weltling (HP 3): a counter at each turn's start; -1 HP each (its own static, FS-6.20), so the third
    counter leaves it at 0 HP and it dies (FS-13.1). An attack roll of 1 deals 2 to each player."""
    g = position(2, chars=[character("A", hp=4), character("B", hp=4)], rolls=[1])
    g.active = 0
    w = add_slot_monster(g, by_id("soi-weltling"))
    for expect in (2, 1):
        triggers.fire(g, "turn_start", seat=0)
        settle(g)
        assert statics.monster_hp(g, w) == expect
    r = dice.push_roll(g, 1, "test")
    r.attack = True
    settle(g)
    assert [p.damage for p in g.players] == [2, 2]
    triggers.fire(g, "turn_start", seat=1)
    settle(g)
    assert not w.in_play and g.monster_deaths == 1


def test_FS_10_16_cereus_peashy_turn_start_roll_discards_another_monster_or_owes_an_attack():
    """Cereus Peashy: a 2 sends the other monster (the only one, so the random pick is it) to the discard;
    a 5 makes the active player owe an attack on it. Damaged, it deals 1 to the active player."""
    g = position(2, rolls=[2, 5])
    loot_fillers(g, 5)
    g.active = 0
    pea = add_slot_monster(g, by_id("soi-cereus_peashy"))
    blob = add_slot_monster(g, monster("Blob"))
    g.monster.append(phys(g, monster("Next")))  # the emptied slot refills from the deck (FS-12.1)
    triggers.fire(g, "turn_start", seat=0)
    settle(g)
    assert not blob.in_play and blob.phys in g.monster_disc
    triggers.fire(g, "turn_start", seat=0)
    settle(g)
    assert [t for t, _now in g.must_attack] == [pea]
    damage.push_damage(g, 1, pea, 1, None, False, None, "test")
    settle(g)
    assert g.players[0].damage == 1
    check_invariants(g)


def test_FS_13_4_alt_art_the_lamb_makes_two_other_players_each_destroy_a_soul():
    """The Lamb dies on seat 0's turn: seat 0 names seats 1 and 2; each destroys one of their own souls
    (seat 3 keeps theirs)."""
    g = position(4)
    g.active = 0
    for p in g.players:
        p.souls.append(g.new_obj(phys(g, monster(f"Soul{p.seat}", soul=1)), "soul", p.seat))
    lamb = add_slot_monster(g, by_id("aa-the_lamb"))
    assert damage.kill(g, lamb, 0)
    settle(g)
    assert [len(p.souls) for p in g.players] == [2, 0, 0, 1]


def test_FS_10_9_alt_art_bloat_kills_an_attacker_who_misses_and_rolls_a_double():
    """A miss against Alt Art The Bloat: the attacker rolls twice; 3 then 4 does nothing, 2 then 2 kills."""
    from cardlab.simulate.four_souls.state import Attack

    g = position(2, rolls=[3, 4, 2, 2])  # the two checks' dice
    g.active = 0
    bloat = add_slot_monster(g, by_id("aa-the_bloat"))
    g.attack = Attack(seat=0, target=bloat)
    for dead in (False, True):
        triggers.fire(g, "missed", seat=0, target=bloat, roll=dice.push_roll(g, 0, "test", value=1))
        g.stack.clear()  # the missed attack roll itself is not what this test resolves
        settle(g)
        assert g.players[0].dead is dead
