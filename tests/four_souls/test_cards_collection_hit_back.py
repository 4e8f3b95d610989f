"""Issue 19: damage dealt back to the attack's target (FS-10.6, FS-10.9): Gold Box Pink Eye."""

from __future__ import annotations

from pathlib import Path

from cardlab.simulate.four_souls import attack, cards, resolution
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    attack_roll,
    by_id,
    give_item,
    kinds,
    monster,
    position,
)

TOTEM = next(
    c
    for c in cards.load_pool([Path(__file__).parent / "cards_testonly" / "attackable.yaml"]).cards
    if c.name == "Test Bully Totem"
)


def test_FS_10_9_pink_eye_a_miss_on_a_one_hits_the_attacked_monster_back():
    """Seat 0 holds Pink Eye: a 1 against evasion 3 misses (seat 0 takes 1) and the monster takes 1; a 2
    misses too, with nothing back."""
    g = position(2)
    g.active = 0
    m = add_slot_monster(g, monster("M", hp=5, evasion=3))
    give_item(g, 0, by_id("g2-pink_eye"))
    attack_roll(g, m, 2)
    assert (g.players[0].damage, m.damage) == (1, 0)
    attack_roll(g, m, 1)
    assert (g.players[0].damage, m.damage) == (2, 1)


def test_FS_10_6_pink_eye_hits_back_an_attacked_player_too():
    """Seat 0 (Pink Eye) attacks seat 1's character, attackable at 3+ (a test-only totem), and rolls a 1:
    seat 0 takes seat 1's 1 damage and seat 1, whose character is the target, takes 1 back."""
    g = position(2, rolls=[1])
    g.active = 0
    give_item(g, 0, by_id("g2-pink_eye"))
    give_item(g, 0, TOTEM)
    assert attack.run_attack(g, 0, g.players[1].character)
    resolution.priority(g, 0, until_empty=True)
    pink = [r for r in kinds(g, "damage") if r[4] == "Pink Eye"]
    assert [(r[8], r[6]) for r in pink] == [(1, 1)]  # 1 damage to seat 1 (the attack then goes on)
