"""Issue 19, Requiem monsters that read the attack rolls of a turn and every die rolled: Null (expression
``rolls_at``), Turdlings (static ``attack_ends_on_roll``), Cursed Lil Haunt (static ``two_dice_left_picks``)."""

from __future__ import annotations

from cardlab.simulate.four_souls import dice, zones
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    attack_roll,
    by_id,
    character,
    kinds,
    position,
    settle,
)
from cardlab.simulate.four_souls.invariants import check_invariants
from cardlab.simulate.four_souls.state import Attack


def test_FS_10_9_null_is_spared_combat_damage_by_the_even_attack_rolls_aimed_at_it_in_a_turn():
    """Null (HP 3, evasion 4): hits on the 1st and 3rd rolls at it deal 1 each; the 2nd and 4th deal none."""
    g = position(2, rolls=[])
    g.active = 0
    m = add_slot_monster(g, by_id("r-null"))
    attack_roll(g, m, 5)
    assert m.damage == 1
    attack_roll(g, m, 6)
    assert m.damage == 1
    attack_roll(g, m, 5)
    assert m.damage == 2
    attack_roll(g, m, 5)
    assert m.damage == 2
    check_invariants(g)


def test_FS_10_11_turdlings_takes_combat_damage_on_twos_only_and_ends_the_attack_after_the_second_roll():
    """Turdlings (HP 2, evasion 2): a 6 hits but deals nothing; the 2nd attack roll (a 2) deals its damage,
    then the game's ability under that damage cancels the attack."""
    g = position(2, rolls=[])
    g.active = 0
    m = add_slot_monster(g, by_id("r-turdlings"))
    attack_roll(g, m, 6)
    assert m.damage == 0 and not g.attack.cancelled
    r = dice.push_roll(g, 0, "attack", target=m, value=2)
    r.attack = True
    settle(g)
    assert m.damage == 1 and g.attack.cancelled
    assert kinds(g, "cancelled")


def test_FS_10_11_turdlings_does_not_end_an_attack_before_the_attackers_second_roll():
    """The first attack roll of the turn, a miss (1): Turdlings deals its 2 damage, the attack goes on."""
    g = position(2, chars=[character("A", hp=5), character("B")], rolls=[])
    g.active = 0
    m = add_slot_monster(g, by_id("r-turdlings"))
    g.attack = Attack(seat=0, target=m)
    r = dice.push_roll(g, 0, "attack", target=m, value=1)
    r.attack = True
    settle(g)
    assert g.players[0].damage == 2 and not g.attack.cancelled


def test_FS_9_6_cursed_lil_haunt_turns_each_die_into_two_and_the_rollers_left_neighbour_keeps_one():
    """Seat 0 rolls 2 and 5 for one die; seat 1 (to seat 0's left) keeps the lower, 2; the 5 is not kept.
    With Cursed Lil Haunt gone, one die is one die again."""
    g = position(
        3, rolls=[2, 5, 4], plans={1: lambda d: min(d.options) if d.kind == "choose_number" else None}
    )
    g.active = 0
    m = add_slot_monster(g, by_id("r-cursed_lil_haunt"))
    r = dice.push_roll(g, 0, "test")
    assert r.value == 2
    assert [x[6] for x in kinds(g, "roll") if x[7] == "not_kept"] == [5]
    g.stack.clear()
    zones.remove_from_slot_only(g, m)
    m.in_play = False
    g.obj_ver += 1
    assert dice.push_roll(g, 0, "test").value == 4
