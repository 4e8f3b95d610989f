"""Issue 19: replacements that roll as they apply (FS-5.4 with FS-9.2): Poker Chip (Four Souls+) and Three
Dollar Bill (Unboxing)."""

from __future__ import annotations

import pytest

from cardlab.simulate.four_souls import damage, resources
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    attack_roll,
    by_id,
    character,
    give_item,
    kinds,
    monster,
    position,
    settle,
)


@pytest.mark.parametrize(("face", "gained"), [(2, 1), (5, 6)])
def test_FS_5_4_poker_chip_the_first_gain_of_its_holders_turn_rolls(face, gained):
    """Seat 0's first gain of 3c on its turn: a 2 makes it 1c, a 5 makes it 6c; the second gain is not
    changed and rolls nothing."""
    g = position(2, rolls=[face])
    g.active = 0
    give_item(g, 0, by_id("fsp2-poker_chip"))
    resources.gain_cents(g, g.players[0], 3, "test")
    assert g.players[0].cents == gained
    resources.gain_cents(g, g.players[0], 3, "test")
    assert g.players[0].cents == gained + 3
    assert len([r for r in kinds(g, "roll") if r[7] == "replacement"]) == 1


def test_FS_5_4_poker_chip_leaves_gains_on_other_turns_alone():
    g = position(2, rolls=[6])
    g.active = 1
    give_item(g, 0, by_id("fsp2-poker_chip"))
    resources.gain_cents(g, g.players[0], 3, "test")
    assert g.players[0].cents == 3


@pytest.mark.parametrize(("face", "dealt", "healed"), [(6, 3, 0), (4, 2, 1), (2, 2, 0)])
def test_FS_5_4_three_dollar_bill_rolls_on_each_damage_its_holder_deals(face, dealt, healed):
    """Seat 0 (1 damage marked) deals 2 damage with its own effect: a 6 makes it 3, a 4 heals seat 0 by 1,
    a 2 changes nothing."""
    g = position(2, chars=[character("A", hp=4), character("B", hp=4)], rolls=[face])
    g.active = 0
    bill = give_item(g, 0, by_id("box-three_dollar_bill"))
    g.players[0].damage = 1
    m = add_slot_monster(g, monster("Blob", hp=6))
    damage.push_damage(g, 2, m, 0, bill, False, None, "test")
    settle(g)
    assert m.damage == dealt and g.players[0].damage == 1 - healed


def test_FS_5_4_three_dollar_bill_combat_damage_rolls_too():
    """A hit (5) by seat 0 (1 damage): the replacement's die shows 6, so Blob takes 2."""
    g = position(2, chars=[character("A", hp=4), character("B", hp=4)], rolls=[6])
    g.active = 0
    give_item(g, 0, by_id("box-three_dollar_bill"))
    m = add_slot_monster(g, monster("Blob", hp=6))
    attack_roll(g, m, 5)
    assert m.damage == 2
