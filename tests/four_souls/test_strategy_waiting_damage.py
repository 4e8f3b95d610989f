"""``sensible`` answers combat damage waiting on the stack in its own attack, as the engine now resolves it:
a monster killed while its hit on me waits makes that hit fizzle (FS-10.11), and a +damage played on my
own waiting hit counts as it resolves (FS-6.21). Seat 0 plays ``sensible``; seat 1 is scripted (it
passes). The first tests failed on the session-25 player, which passed in both windows; the session-27
ones on the session-26 player, which answered whenever the monster was worth a kill (a plain bar), read
only plain integer +damage and never paid a $ price against a hit that did not kill."""

from __future__ import annotations

from cardlab.simulate.four_souls import attack
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    by_id,
    card,
    give_item,
    give_loot,
    kinds,
    monster,
    real,
)
from tests.four_souls.strategy_table import belongings, strategy_table


def _fight(rolls, hand: str | None, hp: int = 2, evasion: int = 3, rewards: dict | None = None):
    """P0 (``hp`` HP, damage 1, a loot play, a spent Sack Of Pennies and 3¢ for a death to take, FS-13.9)
    holding ``hand`` attacks a 2-HP monster (``evasion``, damage 1, worth ``rewards``: 2¢) with rolls
    ``rolls``."""
    g = strategy_table(2, rolls=rolls, hp=hp)
    g.active = 0
    g.players[0].loot_plays = 1
    belongings(g, 0, loot=False)
    if hand is not None:
        give_loot(g, 0, real(hand) if "-" not in hand else by_id(hand))
    m = add_slot_monster(g, monster("Blob", hp=2, evasion=evasion, attack=1, rewards=rewards or {"cents": 2}))
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
    """P0 hits a 2-HP monster of evasion 5 (6) with 1 damage: VII. The Chariot (+1 damage, +1 HP) played on
    the waiting combat damage makes it 2 as it resolves, and the monster dies on that roll (the fight going
    on would be lost 4 times in 9: (4/9) × (1.6 + 4) = 2.5 against the card's 2 kept). The old player let the
    1 land, missed (1: 1 damage to P0) and needed a third roll."""
    g, m = _fight([6, 1, 6], "VII. The Chariot", evasion=5)
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


def test_FS_10_11_a_shot_is_kept_when_the_fight_is_nearly_won():
    """P0 (3 HP) hits (6: the monster at 1 HP), then misses (1): the monster's 1 damage waits. The fight going
    on from 2 HP is won 8 times in 9, so the kill now gains (1/9) × (1.6 + 4) = 0.62, less than Bomb! kept
    (1.6): P0 takes the 1 and kills the monster with its next roll. The old player threw the Bomb! (the
    monster was worth a kill)."""
    g, m = _fight([6, 1, 6], "Bomb!", hp=3)
    assert not kinds(g, "loot_played") and not m.in_play and g.players[0].damage == 1
    assert len([r for r in kinds(g, "roll") if r[7] == "final"]) == 3


def test_FS_10_11_a_paid_shot_on_a_waiting_hit_that_does_not_kill():
    """P0 (2 HP, 5¢, Golden Razor Blade: 5¢ for 1 damage, a loot card it cannot play) hits a monster worth
    3¢, then misses: the monster's 1 damage waits and would leave P0 at 1 HP, where the fight is lost 1 time
    in 3: the kill now gains (1/3) × (1.9 + 2.8) = 1.57 over the 5¢ (1.5), P0's death priced from its position
    (``valuing.death_price``: the Blade 1.5, 1¢ 0.3, a loot card 1). P0 pays, the monster dies, the damage
    fizzles. The old player paid a $ price only against a lethal hit."""
    g = strategy_table(2, rolls=[6, 1, 6], hp=2)
    g.active = 0
    g.players[0].cents = 5
    give_loot(g, 0, real("A Penny!"))
    give_item(g, 0, by_id("b2-golden_razor_blade"))
    m = add_slot_monster(g, monster("Blob", hp=2, evasion=3, attack=1, rewards={"cents": 3}))
    attack.run_attack(g, 0, m)
    assert not m.in_play and g.players[0].damage == 0 and g.players[0].cents == 3  # 5 paid, 3 won
    assert len([r for r in kinds(g, "roll") if r[7] == "final"]) == 2


def test_FS_6_21_a_plus_damage_is_kept_when_the_fight_is_nearly_won():
    """VII. The Chariot on P0's waiting 1 at a 2-HP monster of evasion 3: the fight going on (P0 at 2 HP, the
    monster at 1) is won 8 times in 9, a gain of 0.62 against the card's 2 kept: P0 keeps it. The old player
    played it."""
    g, m = _fight([6, 6], "VII. The Chariot")
    assert not kinds(g, "loot_played") and not m.in_play


def test_FS_6_21_a_plus_damage_from_a_roll_table():
    """Pills! (a roll: 1-2 +1 damage for the turn, 3-4 +1 HP, 5-6 1 damage to me) on P0's waiting 1 at a
    2-HP monster of evasion 6 worth a treasure: a kill 1 time in 3, against a fight going on that is lost
    (25/36) of the time: (1/3) × (25/36) × (4 + 4) = 1.85 over the card kept (0.63); P0 has 2 HP, so the 1
    damage of a 5-6 cannot kill it. It rolls a 1: the monster dies on P0's first attack roll. The old
    player read no +damage in a roll table and passed."""
    g, m = _fight([6, 1, 1, 6], "b2-pills_3", evasion=6, rewards={"treasure": 1})
    assert [r[4] for r in kinds(g, "loot_played")] == ["Pills!"]
    assert not m.in_play and g.players[0].damage == 0


def test_FS_6_21_a_counted_plus_damage():
    """A ↷ item of P0's gives "+damage equal to its counters" (an amount written ``counters(self)``) and holds
    1 counter: used on P0's waiting 1 at a 2-HP monster of evasion 5, the hit kills it. The old player read
    only a plain number and passed."""
    g = strategy_table(2, rolls=[6, 1, 6], hp=2)
    g.active = 0
    g.players[0].loot_plays = 1
    blade = card(
        "Counted Blade",
        "treasure",
        "active",
        abilities=[{"tap": {"do": {"buff": {"target": "you", "atk": "counters(self)"}}}}],
    )
    item = give_item(g, 0, blade)
    item.counters = 1
    m = add_slot_monster(g, monster("Blob", hp=2, evasion=5, attack=1, rewards={"cents": 2}))
    attack.run_attack(g, 0, m)
    assert not item.charged and not m.in_play and g.players[0].damage == 0
    assert len([r for r in kinds(g, "roll") if r[7] == "final"]) == 1


SLING = {"tap": {"targets": {"T": "monster"}, "do": {"deal_damage": {"n": 1, "to": "T"}}}}


def test_FS_10_11_the_cheapest_shot_answers_a_lethal_miss():
    """P0 (1 HP) misses (1) a 1-HP monster dealing 1: a lethal miss. It holds Bomb! and a ↷ item that deals
    1 damage: the kill pays either way, and the ↷ costs nothing (it recharges), so P0 uses the item and
    keeps Bomb!. The old player took the first shot offered, the card."""
    g = strategy_table(2, rolls=[1, 6], hp=1)
    g.active = 0
    g.players[0].loot_plays = 1
    give_loot(g, 0, real("Bomb!"))
    sling = give_item(g, 0, card("Sling", "treasure", "active", abilities=[SLING]))
    m = add_slot_monster(g, monster("Blob", hp=1, evasion=6, attack=1, rewards={"cents": 2}))
    attack.run_attack(g, 0, m)
    assert not kinds(g, "loot_played") and len(g.players[0].hand) == 1
    assert not sling.charged and not m.in_play and g.players[0].damage == 0


# its gainer's turn ends and its things stay spent at its next turn start: 1.5 lost, a worth of -0.5 to P0
_COSTLY = ({"reward": {"do": {"seq": ["end_turn", {"skip_recharge": "you"}]}}},)


def test_FS_13_9_a_kill_that_saves_my_life_is_weighed_whatever_the_monster_pays():
    """P0 (2 HP) fights a 1-HP monster of evasion 6 whose reward costs its gainer more than the kill's own 1
    (a worth of -0.5). P0 misses (1): the monster's 1 damage waits and would leave P0 at 1 HP, where the fight
    is lost 5 times in 6 by a death (FS-13.9): the kill now gains (5/6) × (-0.5 + 4) = 2.9 over Bomb! kept
    (1.6). P0 throws it, the damage fizzles (FS-10.11). The old player weighed a shot only on a monster worth
    more than nothing and took the hit."""
    g = strategy_table(2, rolls=[1, 1, 1], hp=2)
    g.active = 0
    g.players[0].loot_plays = 1
    give_loot(g, 0, real("Bomb!"))
    m = add_slot_monster(g, monster("Leech", hp=1, evasion=6, attack=1, abilities=_COSTLY))
    attack.run_attack(g, 0, m)
    assert [r[4] for r in kinds(g, "loot_played")] == ["Bomb!"]
    assert not m.in_play and g.players[0].damage == 0
    assert [r for r in kinds(g, "fizzled") if r[7] == "combat"]


def test_FS_13_9_a_death_cheaper_than_the_kill_is_left_to_the_fight():
    """The same fight with a monster whose reward makes its gainer skip a whole turn (a worth of 1 - 8 = -7):
    the kill now costs more than the death it may save ((5/6) × (-7 + 4) < 0), so Bomb! stays in hand."""
    g = strategy_table(2, rolls=[1, 6], hp=2)
    g.active = 0
    g.players[0].loot_plays = 1
    give_loot(g, 0, real("Bomb!"))
    skip = ({"reward": {"do": {"skip_turn": {"who": "you"}}}},)
    m = add_slot_monster(g, monster("Leech", hp=1, evasion=6, attack=1, abilities=skip))
    attack.run_attack(g, 0, m)
    assert not kinds(g, "loot_played") and g.players[0].damage == 1
