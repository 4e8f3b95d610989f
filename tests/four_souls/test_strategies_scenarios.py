"""Positions where ``sensible`` must answer: an opponent's winning roll (FS-14.4), its own lethal miss
(FS-10.9), lethal combat damage (FS-6.16), an opponent's soul-making loot (FS-6.9); and a quiet window
where it must pass. Built with simulate/four_souls/fixtures.py; seat 0 is the strategy under test,
the other seats are scripted (they pass)."""

from __future__ import annotations

import random

import pytest

from cardlab.simulate.four_souls import attack, plays, resolution
from cardlab.simulate.four_souls.fixtures import (
    add_shop_item,
    add_slot_monster,
    by_id,
    card,
    character,
    give_item,
    give_loot,
    kinds,
    monster,
    phys,
    position,
    real,
    settle,
    take_cents,
)
from cardlab.strategies.four_souls import STRATEGIES
from tests.four_souls.strategy_table import own_turn, strategy_table


def _table(n=2, rolls=(), hp=2, name="sensible"):
    return strategy_table(n, name, rolls, hp, charged=True)


def _souls(g, seat, n):
    for _ in range(n):
        g.players[seat].souls.append(g.new_obj(phys(g, monster("Old Boss", soul=1)), "soul", seat))


def test_FS_14_4_dice_shard_against_an_opponents_winning_roll():
    """P1 (3 souls) attacks a 1-HP boss and rolls a 6. P0 holds Dice Shard but has no loot play in P1's
    turn: it uses its character's ↷ (FS-Q.34), then plays Dice Shard on the roll (FS-9.2(3)); the
    reroll is a 1, the attack misses, and P1 does not win."""
    g = _table(rolls=[6, 1, 1, 1])
    g.active = 1
    _souls(g, 1, 3)
    shard = give_loot(g, 0, real("Dice Shard"))
    boss = add_slot_monster(g, monster("Boss", hp=1, evasion=3, attack=1, soul=1))
    killed = attack.run_attack(g, 1, boss)
    assert not killed and boss.in_play
    assert [r[4] for r in kinds(g, "loot_played")] == ["Dice Shard"]
    assert [(r[2], r[6], r[7]) for r in kinds(g, "roll")][:2] == [(1, 6, "initial"), (1, 1, "reroll")]
    assert shard in g.loot_disc and not g.players[0].character.charged
    assert g.players[1].dead and g.players[1].soul_total() == 3  # two misses of 1 damage killed P1


def test_FS_14_4_no_answer_when_the_hit_does_not_win():
    """Same roll, but P1 has no souls: the Dice Shard is kept (a card is not wasted on a common hit)."""
    g = _table(rolls=[6])
    g.active = 1
    give_loot(g, 0, real("Dice Shard"))
    boss = add_slot_monster(g, monster("Boss", hp=1, evasion=3, attack=1, soul=1))
    assert attack.run_attack(g, 1, boss)
    assert not kinds(g, "loot_played") and len(g.players[0].hand) == 1
    assert g.players[0].character.charged  # the ↷ was kept too


def test_FS_9_2_godhead_sets_an_opponents_winning_roll_to_1():
    """Godhead (↷: set a roll to 1 or 6) answers P1's winning 6; the choice is made on resolution, after
    more priority windows, and is still 1 (down: it is the opponent's roll)."""
    g = _table(rolls=[6, 2, 2])
    g.active = 1
    _souls(g, 1, 3)
    godhead = give_item(g, 0, real("Godhead"))
    boss = add_slot_monster(g, monster("Boss", hp=1, evasion=3, attack=1, soul=1))
    assert not attack.run_attack(g, 1, boss)
    assert not godhead.charged and boss.in_play and g.players[1].soul_total() == 3
    assert [(r[6], r[7]) for r in kinds(g, "roll")][:2] == [(6, "initial"), (1, "modified")]


def test_FS_10_9_the_d6_rerolls_its_own_lethal_miss():
    """P0 (1 HP left) attacks a monster dealing 1 and rolls a 1: The D6 rerolls it (a 5 hits, the
    1-HP monster dies) instead of letting the miss kill P0."""
    g = _table(rolls=[1, 5], hp=1)
    g.active = 0
    d6 = give_item(g, 0, real("The D6"), eternal=True, starting=True)
    m = add_slot_monster(g, monster("Fly", hp=1, evasion=3, attack=1))
    assert attack.run_attack(g, 0, m)
    assert not g.players[0].dead and not d6.charged
    assert [r[4] for r in kinds(g, "item_activated")] == ["The D6"]


def test_FS_6_16_soul_heart_shields_lethal_combat_damage():
    """P0 (1 HP) misses; the monster's 1 combat damage is on the stack: P0 plays Soul Heart on itself
    (its loot play of the turn) and survives; the next roll (6) kills the monster."""
    g = _table(rolls=[1, 6], hp=1)
    g.active = 0
    g.players[0].loot_plays = 1
    give_loot(g, 0, real("Soul Heart"))
    m = add_slot_monster(g, monster("Fly", hp=1, evasion=3, attack=1))
    assert attack.run_attack(g, 0, m)
    assert [r[4] for r in kinds(g, "loot_played")] == ["Soul Heart"]
    assert [r[4] for r in kinds(g, "prevented")] and not g.players[0].dead


def test_FS_6_9_butter_bean_cancels_an_opponents_lost_soul():
    """P1 plays Lost Soul (it would become their soul); P0 answers with Butter Bean (after its ↷)."""
    g = _table()
    g.active = 1
    bean = give_loot(g, 0, real("Butter Bean!"))
    lost = give_loot(g, 1, real("Lost Soul"))
    g.players[1].loot_plays = 1
    assert plays.take_action(g, 1, ("loot", lost))
    resolution.priority(g, 1, until_empty=True)
    assert [r[4] for r in kinds(g, "cancelled")] == ["Lost Soul"]
    assert bean in g.loot_disc and g.players[1].soul_total() == 0


def test_sensible_passes_when_nothing_is_at_stake():
    """An opponent's roll that misses is not answered, even with a free D6 ready."""
    g = _table(rolls=[2, 2, 2])
    g.active = 1
    d6 = give_item(g, 0, real("The D6"), eternal=True, starting=True)
    m = add_slot_monster(g, monster("Wall", hp=1, evasion=6, attack=1, soul=1))
    attack.run_attack(g, 1, m)
    assert d6.charged and not kinds(g, "item_activated")


def _own_turn(g):
    own_turn(g, attacks=1)


def test_sensible_plays_gains_buys_then_attacks_what_it_can_kill():
    """A Penny is played, the better shop item bought with the 10¢ (Breakfast +1 HP over a plain
    item), then the attack goes to the 1-HP monster rather than the deadly 6-HP one."""
    g = _table(rolls=[6])
    give_loot(g, 0, real("A Penny!"))
    take_cents(g, 0, 10)
    add_shop_item(g, card("Plain", deck="treasure", kind="passive"))
    breakfast = add_shop_item(g, real("Breakfast"))
    weak = add_slot_monster(g, monster("Fly", hp=1, evasion=3, attack=1, rewards={"cents": 3}))
    brute = add_slot_monster(g, monster("Brute", hp=6, evasion=5, attack=3, soul=1))
    _own_turn(g)
    assert [r[4] for r in kinds(g, "loot_played")] == ["A Penny!"]
    assert breakfast in g.players[0].items
    assert [r[4] for r in kinds(g, "attack_target")] == ["Fly"]
    assert not weak.in_play and brute.in_play and g.players[0].cents == 1 + 3


def test_hoarder_waits_and_aggro_attacks_the_monster_deck():
    """Turn 1, one item, only a coin-flip fight on the table: the hoarder ends its turn without
    attacking; aggro attacks (the monster deck is not needed: the fight is above its risk)."""
    for name, attacks in (("hoarder", False), ("aggro", True)):
        g = _table(rolls=[6, 6, 6], name=name)
        add_slot_monster(g, monster("Gaper", hp=2, evasion=4, attack=1))
        _own_turn(g)
        assert bool(kinds(g, "attack_declared")) is attacks, name


def _rivals_winning_roll(rolls, evasion, answers):
    """P1 (3 souls, +1 to attack rolls: Meat!) attacks a 1-HP boss of ``evasion``; P0 holds ``answers``
    (items by card, or a Dice Shard in hand)."""
    g = _table(rolls=rolls)
    g.active = 1
    _souls(g, 1, 3)
    give_item(g, 1, real("Meat!"))
    for a in answers:
        give_loot(g, 0, a) if a.name == "Dice Shard" else give_item(g, 0, a)
    boss = add_slot_monster(g, monster("Boss", hp=1, evasion=evasion, attack=1, soul=1))
    return g, boss


def _spoiled_with_dice_shard(g, boss):
    """The attack runs; P0's Dice Shard rerolls P1's winning hit to a miss, nothing else of P0's is used."""
    assert not attack.run_attack(g, 1, boss)
    assert [r[4] for r in kinds(g, "loot_played")] == ["Dice Shard"]
    assert [r[4] for r in kinds(g, "item_activated")] == []
    assert boss.in_play and g.players[1].soul_total() == 3


def test_FS_9_4_a_rivals_raw_miss_made_a_hit_by_their_bonus_is_answered():
    """P1 rolls a 3 against evasion 4: its +1 (a static, added as the roll resolves, FS-9.4) makes it a 4,
    a hit that wins (FS-14.4). P0 plays Dice Shard on it (after its character's ↷) and the reroll misses. P0
    read the raw 3 as a miss and let P1 win."""
    g, boss = _rivals_winning_roll([3, 1, 1, 1], 4, [real("Dice Shard")])
    _spoiled_with_dice_shard(g, boss)
    assert [(r[6], r[7]) for r in kinds(g, "roll")][:3] == [(3, "initial"), (1, "reroll"), (2, "final")]


@pytest.mark.parametrize(
    "die, evasion, tool",
    [(5, 5, "Book Of Belial"), (4, 4, "aa-godhead")],
    ids=["one-down", "flip"],
)
def test_FS_9_4_FS_6_10_a_change_too_small_for_a_rivals_bonus_is_not_spent_on_their_hit(die, evasion, tool):
    """P1's die meets the evasion, and its +1 puts it one above. Book Of Belial's 1 down (a 5 to a 4, made 5)
    or a flip (Alt Art Godhead: a 4 to a 3, made 4) leaves a hit: P0 keeps the item and plays Dice Shard; the
    reroll misses. P0 used the item (reading the die without the +1), and P1 won."""
    g, boss = _rivals_winning_roll(
        [die, 1, 1, 1], evasion, [by_id(tool) if "-" in tool else real(tool), real("Dice Shard")]
    )
    _spoiled_with_dice_shard(g, boss)


def test_FS_1_15_FS_10_7_a_team_up_partners_killing_hit_in_my_attack_is_not_spoiled():
    """P0 (sensible, 2 souls) attacks a 2-HP boss with P2 teamed up (Sibling Rivalry): P0's 4 hits, then
    P2's 5 finishes it, and its soul goes to P0, whose turn it is (FS-1.15). P0 keeps The D6 and gains the
    soul. P0 rerolled its partner's hit (read as a rival's hit on a boss)."""
    pick_self = {2: lambda d: next((o for o in d.options if getattr(o, "seat", -1) == 2), None)}
    g = position(
        3,
        chars=[character("A", hp=3), character("B"), character("C", hp=2)],
        plans=pick_self,
        rolls=[4, 5, 1, 1],
    )
    g.io.strategies[0] = STRATEGIES["sensible"](0, random.Random(0))
    g.active = 0
    _souls(g, 0, 2)
    d6 = give_item(g, 0, real("The D6"), eternal=True, starting=True)
    rivalry = give_item(g, 2, by_id("r-sibling_rivalry"), eternal=True)
    rivalry.charged = True
    assert plays.take_action(
        g, 2, next(o for o in plays.legal_actions(g, 2) if len(o) > 1 and o[1] is rivalry)
    )
    settle(g)
    boss = add_slot_monster(g, monster("Boss", hp=2, evasion=3, attack=1, soul=1))
    assert attack.run_attack(g, 0, boss)
    settle(g)
    assert d6.charged and [r[4] for r in kinds(g, "item_activated")] == ["Sibling Rivalry"]
    assert [(r[2], r[6]) for r in kinds(g, "roll") if r[7] == "final"] == [(0, 4), (2, 5)]
    assert g.players[0].soul_total() == 3
