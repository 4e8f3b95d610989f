"""``sensible`` answers combat damage waiting on the stack in its own attack, as the engine now resolves it:
a monster killed while its hit on me waits makes that hit fizzle (FS-10.11), and a +damage played on my
own waiting hit counts as it resolves (FS-6.21). Seat 0 plays ``sensible``; seat 1 is scripted (it
passes). Each test failed on the session-25 player, which passed in both windows."""

from __future__ import annotations

from cardlab.simulate.four_souls import attack
from cardlab.simulate.four_souls.fixtures import add_slot_monster, give_loot, kinds, monster, real
from tests.four_souls.strategy_table import strategy_table


def _fight(rolls, hand: str, hp: int = 2):
    """P0 (``hp`` HP, damage 1, a loot play) holding ``hand`` attacks a 2-HP monster (evasion 3, damage 1,
    worth 2¢) with attack rolls ``rolls``."""
    g = strategy_table(2, rolls=rolls, hp=hp)
    g.active = 0
    g.players[0].loot_plays = 1
    give_loot(g, 0, real(hand))
    m = add_slot_monster(g, monster("Blob", hp=2, evasion=3, attack=1, rewards={"cents": 2}))
    attack.run_attack(g, 0, m)
    return g, m


def test_FS_10_11_a_monster_killed_while_its_hit_on_me_waits_deals_nothing():
    """P0 hits (6: the monster at 1 HP), then misses (1): the monster's 1 combat damage waits. P0 plays
    Bomb! on the monster: it dies, the waiting damage fizzles and P0 takes none. The old player let the
    hit land (1 damage) and killed the monster with its next roll."""
    g, m = _fight([6, 1, 6], "Bomb!")
    assert [r[4] for r in kinds(g, "loot_played")] == ["Bomb!"]
    assert not m.in_play and g.players[0].damage == 0
    assert [r for r in kinds(g, "fizzled") if r[7] == "combat"]
    assert len([r for r in kinds(g, "roll") if r[7] == "final"]) == 2  # no third roll was needed


def test_FS_6_21_a_plus_damage_on_my_waiting_hit_makes_it_the_kill():
    """P0 hits a 2-HP monster (6) with 1 damage: VII. The Chariot (+1 damage, +1 HP) played on the waiting
    combat damage makes it 2 as it resolves, and the monster dies on that roll. The old player let the 1
    land, missed (1: 1 damage to P0) and needed a third roll."""
    g, m = _fight([6, 1, 6], "VII. The Chariot")
    assert [r[4] for r in kinds(g, "loot_played")] == ["VII. The Chariot"]
    assert not m.in_play and g.players[0].damage == 0
    assert len([r for r in kinds(g, "roll") if r[7] == "final"]) == 1


def test_FS_6_21_no_plus_damage_when_the_hit_kills_anyway():
    """A 6 at a 1-damage-HP monster already kills it: The Chariot stays in hand."""
    g = strategy_table(2, rolls=[6], hp=2)
    g.active = 0
    g.players[0].loot_plays = 1
    give_loot(g, 0, real("VII. The Chariot"))
    m = add_slot_monster(g, monster("Blob", hp=1, evasion=3, attack=1, rewards={"cents": 2}))
    attack.run_attack(g, 0, m)
    assert not kinds(g, "loot_played") and not m.in_play
