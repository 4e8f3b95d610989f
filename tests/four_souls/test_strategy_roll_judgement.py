"""The players judge an attack roll's final value as the engine does (FS-10.9: ``View.attack_roll_hits``,
the engine's ``statics.attack_roll_hits``): a face the roller's own item makes a miss (Number One), a roll
that must beat the last one (Hush), faces named before the roll (Mother!); and a table or reward roll
with the roller's roll buff (``View.roll_bonus``). Seat 0 plays ``sensible``; the
others are scripted (they pass). Each test failed while the players read evasion and ``hit_on`` only."""

from __future__ import annotations

import random

import pytest

from cardlab.simulate.four_souls import attack, dice
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    by_id,
    character,
    deck,
    give_item,
    give_loot,
    kinds,
    monster,
    phys,
    position,
    real,
    settle,
)
from cardlab.strategies.four_souls import STRATEGIES
from cardlab.strategies.four_souls import reading as rd
from tests.four_souls.strategy_table import LOOT_PLAY, belongings, own_turn, strategy_table


def _souls(g, seat, n):
    for _ in range(n):
        g.players[seat].souls.append(g.new_obj(phys(g, monster("Old Boss", soul=1)), "soul", seat))


def _kept_dice_shard(g, boss, active):
    """The rival's attack ends with their death and no soul: P0's Dice Shard and ↷ were never spent."""
    assert not attack.run_attack(g, active, boss)
    assert not kinds(g, "loot_played") and len(g.players[0].hand) == 1
    assert g.players[0].character.charged and boss.in_play and g.players[active].soul_total() == 3


def test_FS_10_9_a_rival_s_6_that_their_number_one_makes_a_miss_is_not_answered():
    """P1 (3 souls) holds Number One (its attack rolls of 1 and 6 miss) and rolls a 6, then a 1, at a 1-HP
    boss: two misses, and P1 dies. P0 keeps its Dice Shard. P0 read the 6 as a winning hit and spent it."""
    g = strategy_table(rolls=[6, 1], charged=True)
    g.active = 1
    _souls(g, 1, 3)
    give_item(g, 1, by_id("box-number_one"))
    give_loot(g, 0, real("Dice Shard"))
    boss = add_slot_monster(g, monster("Boss", hp=1, evasion=3, attack=1, soul=1))
    _kept_dice_shard(g, boss, 1)
    assert [r[6] for r in kinds(g, "roll") if r[7] == "final"] == [6, 1]


def test_FS_10_9_a_rival_s_roll_not_above_the_last_one_is_not_answered():
    """A 1-HP boss that an attack roll must beat the last roll against it this turn to hit (Hush's
    ``must_beat_last``); a 5 was rolled at it this turn. P1 (3 souls) rolls a 4, then a 1: both miss, P1
    dies. P0 keeps its Dice Shard. P0 read the 4 (above the evasion) as a winning hit and spent it."""
    g = strategy_table(rolls=[4, 1], charged=True)
    g.active = 1
    _souls(g, 1, 3)
    give_loot(g, 0, real("Dice Shard"))
    hush = ({"static": {"must_beat_last": True}},)
    boss = add_slot_monster(g, monster("Boss", hp=1, evasion=3, attack=1, soul=1, abilities=hush))
    g.last_attack_roll[boss.uid] = 5
    _kept_dice_shard(g, boss, 1)


def test_FS_10_9_a_rival_s_roll_on_a_face_named_before_it_is_not_answered():
    """Four players; P2 (3 souls) attacks a 1-HP boss of evasion 1 whose attack rolls miss on the faces
    P3 and P1 name first, before each roll (Mother!'s ``misses_named``): 2 and 5. P2 rolls a 5, then a 2: both
    miss, P2 dies. P0 keeps its Dice Shard. P0 read the 5 as a winning hit and spent it."""
    names = {1: 5, 3: 2}
    plans = {s: (lambda d, f=f: f if d.kind == "choose_number" else None) for s, f in names.items()}
    chars = [character(f"C{i}", hp=2, abilities=LOOT_PLAY) for i in range(4)]
    g = position(4, chars=chars, plans=plans, rolls=[5, 2])
    g.io.strategies[0] = STRATEGIES["sensible"](0, random.Random(0))
    g.players[0].character.charged = True
    g.active = 2
    _souls(g, 2, 3)
    give_loot(g, 0, real("Dice Shard"))
    mother = ({"static": {"misses_named": True}},)
    boss = add_slot_monster(g, monster("Boss", hp=1, evasion=1, attack=1, soul=1, abilities=mother))
    _kept_dice_shard(g, boss, 2)
    assert [r[7] for r in kinds(g, "faces_named")] == ["2,5", "2,5"]


def test_FS_10_9_my_own_6_that_number_one_makes_a_lethal_miss_is_rerolled():
    """P0 (1 HP) holds Number One and The D6 and rolls a 6 at a 1-HP monster dealing 1: a miss that kills
    P0. The D6 rerolls it; the 4 hits and the monster dies. P0 read the 6 as a hit and let it kill P0."""
    g = strategy_table(rolls=[6, 4], hp=1)
    g.active = 0
    give_item(g, 0, by_id("box-number_one"))
    d6 = give_item(g, 0, real("The D6"), eternal=True, starting=True)
    m = add_slot_monster(g, monster("Fly", hp=1, evasion=3, attack=1))
    assert attack.run_attack(g, 0, m)
    assert not g.players[0].dead and not d6.charged
    assert [r[6] for r in kinds(g, "roll") if r[7] == "final"] == [4]


def test_FS_9_2_a_dice_tool_reads_my_reward_roll_with_my_roll_buff():
    """P0 has +1 to its rolls this turn (a roll buff, added as a roll resolves: FS-9.2(5)) and rolls a 5 for a
    reward of that many cents: it resolves as a 6, the most it can pay. P0 keeps Book Of Belial charged and
    gains 6 cents. P0 read the die alone and spent the item on a 1 up that gained nothing."""
    g = strategy_table(rolls=[5])
    g.active = 0
    g.players[0].b_roll = 1
    book = give_item(g, 0, real("Book Of Belial"), eternal=True, starting=True)
    dice.push_roll(g, 0, "reward", reward="cents", name="Purse")
    settle(g)
    assert book.charged and not kinds(g, "item_activated")
    assert [(r[5], r[6]) for r in kinds(g, "reward")] == [("cents", 6)]


def _fight_turn(items):
    """P0 (1 HP, attack 1) on its own turn with one attack and ``items``; the only slot monster has 1 HP,
    evasion 6 and attack 1: one hit wins, one costing miss kills P0. Under the risk bar (a 1-in-4 chance)
    P0 attacks the monster deck instead."""
    g = strategy_table(rolls=[6, 6], hp=1)
    for c in items:
        give_item(g, 0, c)
    add_slot_monster(g, monster("Wall", hp=1, evasion=6, attack=1, soul=1))
    deck(g, "monster", [monster("Blob", hp=1, evasion=1, attack=1)])
    own_turn(g, attacks=1)
    return [(r[4], r[7]) for r in kinds(g, "attack_target")]


def test_FS_5_4_FS_10_7_a_miss_my_items_spare_costs_nothing_in_the_fight():
    """Halo of Flies (no damage to me on my attack rolls of 1 and 6) and Hitops (4 and 5): only a 2 or a 3
    costs P0, so the fight is won at 1 in 3 (a 6 before a 2 or 3), above the risk bar: P0 attacks the wall.
    P0 read every roll under 6 as a costing miss (1 in 6) and attacked the deck."""
    assert _fight_turn([by_id("r-halo_of_flies"), by_id("rwz-hitops")]) == [("Wall", "slot")]


def test_FS_10_9_my_own_miss_face_counts_in_the_fight():
    """Number One (its holder's evasion-lowering static in their turn makes the wall's 6 a 5; their attack
    rolls of 1 and 6 miss): only a 5 hits, 1 in 6, below the risk bar: P0 attacks the deck. P0 read the 5
    and the 6 as hits (1 in 3) and attacked the wall."""
    assert _fight_turn([by_id("box-number_one")]) == [("Blob", "deck")]


def test_FS_10_11_a_face_that_kills_me_counts_in_the_fight():
    """Diogenes' Pot (my attack rolls of 2 and 3 deal me no damage; an attack roll of 1 of mine kills me):
    P0 (2 HP, attack 1) against a 5-HP wall of evasion 4 dealing 1: a 2 or 3 changes nothing, a 4-6 hits, a
    1 is my death, so the fight is five hits before a 1, (3/4)^5 = 0.24, under the risk bar: P0 attacks the
    deck. P0 read the 1 as a plain miss (five hits before two 1s: 0.53) and attacked the wall."""
    g = strategy_table(rolls=[6] * 6, hp=2)
    give_item(g, 0, by_id("rwz-diogenes_pot"))
    add_slot_monster(g, monster("Wall", hp=5, evasion=4, attack=1, soul=1))
    deck(g, "monster", [monster("Blob", hp=1, evasion=1, attack=1)])
    own_turn(g, attacks=1)
    assert [(r[4], r[7]) for r in kinds(g, "attack_target")] == [("Blob", "deck")]


def test_FS_10_9_a_set_whose_faces_all_miss_for_me_is_passed_over_for_a_reroll():
    """P0 (1 HP) holds Number One (its 1 and 6 miss), Godhead (↷: set a roll to 1 or 6) and The D6, and
    rolls a 2 at a 1-HP monster of evasion 4 (3 on my turn with Number One) dealing 1: a miss that kills P0. Godhead offers no face that
    hits, so The D6 rerolls; the 4 hits. P0 ranked the set first, set a 6 (a miss) and died."""
    g = strategy_table(rolls=[2, 4], hp=1)
    g.active = 0
    give_item(g, 0, by_id("box-number_one"))
    god = give_item(g, 0, by_id("b2-godhead"))
    d6 = give_item(g, 0, real("The D6"), eternal=True, starting=True)
    m = add_slot_monster(g, monster("Fly", hp=1, evasion=4, attack=1))
    assert attack.run_attack(g, 0, m)
    assert not g.players[0].dead and god.charged and not d6.charged
    assert [r[6] for r in kinds(g, "roll") if r[7] == "final"] == [4]


def test_FS_10_9_my_roll_is_set_to_the_highest_face_that_hits_not_my_miss_face():
    """P0 (1 HP, a loot play left) holds Number One (its 1 and 6 miss) and I. The Magician (set
    a roll to any face) and rolls a 2 at a 1-HP monster of evasion 4 (3 on my turn with Number One) dealing 1. The Magician sets it to 5,
    a hit. P0 set it to 6, Number One's miss, and died."""
    g = strategy_table(rolls=[2], hp=1)
    g.active = 0
    g.players[0].loot_plays = 1
    give_item(g, 0, by_id("box-number_one"))
    give_loot(g, 0, by_id("b2-i_the_magician"))
    m = add_slot_monster(g, monster("Fly", hp=1, evasion=4, attack=1))
    assert attack.run_attack(g, 0, m)
    assert not g.players[0].dead and not g.players[0].hand
    assert [r[6] for r in kinds(g, "roll") if r[7] == "final"] == [5]


def test_FS_10_9_the_evaluator_sets_my_roll_to_a_face_that_hits_too():
    """The same position with ``evaluator`` at seat 0: its answer's face is judged by the engine's hit
    answer (``reading.attack_roll_face``, shared with sensible): a 5. It set the face nearest a 6, Number
    One's miss, and died."""
    g = strategy_table(name="evaluator", rolls=[2], hp=1)
    g.active = 0
    g.players[0].loot_plays = 1
    give_item(g, 0, by_id("box-number_one"))
    give_loot(g, 0, by_id("b2-i_the_magician"))
    m = add_slot_monster(g, monster("Fly", hp=1, evasion=4, attack=1))
    assert attack.run_attack(g, 0, m)
    assert not g.players[0].dead and not g.players[0].hand
    assert [r[6] for r in kinds(g, "roll") if r[7] == "final"] == [5]


def test_FS_8_9_a_face_of_mine_that_ends_my_turn_is_not_a_lost_fight():
    """Cursed Eye (an attack roll of 1 of mine cancels everything and ends my turn): P0 (5 HP, attack 1)
    between a 1-HP monster of evasion 2 worth 2 (a loot) and a 1-HP monster of evasion 6 worth 3.6 (2 loot,
    2¢), both dealing 1. The 1 is no death and cuts both fights alike, so it is read as a miss: 1.0 × 2
    against 0.60 × 3.6 = 2.15, the hard one. Read as a lost fight (1.67 against 1.56, the easy one) it
    lost games: with Cursed Eye ×6, 2 players, a paired −1.4 % [−2.6, −0.2]."""
    g = strategy_table(rolls=[6] * 6, hp=5)
    give_item(g, 0, by_id("fsp2-cursed_eye"))
    add_slot_monster(g, monster("Easy", hp=1, evasion=2, attack=1, rewards={"loot": 1}))
    add_slot_monster(g, monster("Hard", hp=1, evasion=6, attack=1, rewards={"loot": 2, "cents": 2}))
    deck(g, "monster", [monster("Blob", hp=1, evasion=1, attack=1)])
    own_turn(g, attacks=1)
    assert [(r[4], r[7]) for r in kinds(g, "attack_target")] == [("Hard", "slot")]


def test_FS_8_9_a_monster_face_that_ends_my_turn_counts_as_a_lost_fight():
    """Mom's Hand (2 HP, evasion 4, 1 damage; an attack roll of 6 against it cancels everything and ends
    the turn): P0 (2 HP, attack 1) hits on a 4 or a 5 only, and a 6 ends the fight unwon: 0.22, under the
    risk bar, so P0 attacks the monster deck. P0 read the 6 as a hit (0.5) and attacked Mom's Hand."""
    g = strategy_table(rolls=[6] * 6, hp=2)
    add_slot_monster(g, by_id("b2-moms_hand"))
    deck(g, "monster", [monster("Blob", hp=1, evasion=1, attack=1)])
    own_turn(g, attacks=1)
    assert [(r[4], r[7]) for r in kinds(g, "attack_target")] == [("Blob", "deck")]


def test_FS_8_9_FS_13_9_a_turn_ended_by_the_monsters_face_is_priced_as_a_lost_attack_not_a_death():
    """P0 (4 HP, attack 1) holding Bomb! attacks Mom's Hand (2 HP, evasion 4, 1 damage; a 6 ends the turn):
    a hit (4) leaves it at 1 HP, then a miss (2) puts its 1 damage on the stack. The fight going on from 3 HP
    is won 0.58 and ended by the 6 0.29, so lost by a death only 0.13: the kill now gains 0.42 × its worth
    2.2 + 0.13 × a death's 4 = 1.42, less than the card kept, and the hit lands. The old reading priced the
    whole 0.42 as a death (2.58) and spent Bomb! on the first waiting hit."""
    g = strategy_table(rolls=[4, 2, 3, 3, 3, 4], hp=4)
    g.active = 0
    g.players[0].loot_plays = 1
    give_loot(g, 0, real("Bomb!"))
    hand = add_slot_monster(g, by_id("b2-moms_hand"))
    attack.run_attack(g, 0, hand)
    assert g.players[0].damage >= 1 and not hand.in_play
    # the split itself: when every loss is a turn ended, no fight is lost by a death
    assert rd.ended_chance(3, 1, 2, 0.5, 0, 1 / 6, 1 / 6) == pytest.approx(
        1 - rd.win_chance(3, 1, 2, 0.5, 0, 1 / 6)
    )
    assert rd.ended_chance(2, 1, 2, 1 / 3, 1, 1 / 6, 1 / 6) == pytest.approx(0.3611, abs=1e-4)


def test_FS_10_7_a_fight_at_any_hp_a_set_allows_is_answered():
    """``--set`` allows HP up to 999: the fight model (``reading.win_chance``) answers a 999-HP monster and a
    600-HP player (it recursed once per hit and miss and hit Python's recursion limit). A 1-HP attacker that
    hits half the time needs 999 hits in a row: exactly 0.5 ** 999; one that always hits always wins. P0
    (600 HP) against a 999-HP slot monster of evasion 3 dealing 1 reads a chance strictly between 0 and 1,
    and better with more HP."""
    assert rd.win_chance(1, 1, 999, 0.5, 1) == 0.5**999
    assert rd.win_chance(999, 1, 999, 1.0, 1) == 1.0
    g = strategy_table(hp=600)
    add_slot_monster(g, monster("Wall", hp=999, evasion=3, attack=1))
    view = g.views[0]
    p = rd.fight_chance(view, view.monsters[0])
    assert 0.0 < p < 1.0
    assert rd.win_chance(300, 1, 999, 4 / 6, 1) < p


def test_FS_9_2_a_dice_tool_parts_the_two_dice_the_bloat_reads():
    """A miss against Alt Art The Bloat: P0 rolls two dice together (FS-9.2(1)), both on the stack, and a
    3 beside a 3 would kill it. P0, with what a death penalty takes (FS-13.9), reads one die's faces beside the
    other (``View.group_dice``) and rerolls it with The D6 (to a 5): it lives. P0 left a group's die alone and
    died."""
    from cardlab.simulate.four_souls import resolution, triggers
    from cardlab.simulate.four_souls.state import Attack

    g = strategy_table(rolls=[3, 3, 5])
    g.active = 0
    belongings(g, 0)
    d6 = give_item(g, 0, real("The D6"))
    bloat = add_slot_monster(g, by_id("aa-the_bloat"))
    g.attack = Attack(seat=0, target=bloat)
    triggers.fire(g, "missed", seat=0, target=bloat, roll=dice.push_roll(g, 0, "test", value=1))
    g.stack.clear()  # the missed attack roll itself is not what this test resolves
    triggers.flush(g)
    resolution.resolve_top(g)
    settle(g)
    assert not g.players[0].dead and not d6.charged
    assert sorted(r[6] for r in kinds(g, "roll") if r[7] == "final")[-2:] == [3, 5]


def test_FS_9_2_a_miss_against_the_bloat_is_a_death_one_time_in_six():
    """Alt Art The Bloat (evasion 4): a miss rolls two dice together and the same face kills the attacker —
    of the three missing faces, one in six is a death, so a deciding roll is a hit 1/2, a death 1/12 (its two
    dice read as a group's odds). The players read its misses as plain misses."""
    bloat = by_id("aa-the_bloat")
    g = strategy_table()
    rules = add_slot_monster(g, bloat).rules
    assert rd.roll_odds(rules, 4, 0) == pytest.approx((0.5, 1 / 12))
    assert rd.roll_odds(None, 4, 0) == pytest.approx((0.5, 0.0))
