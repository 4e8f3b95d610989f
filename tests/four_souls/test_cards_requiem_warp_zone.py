"""Requiem and Warp Zone monsters, items, loot and curses at work: a position, the card acting, the exact
outcome, the rule in each name."""

from __future__ import annotations

from cardlab.simulate.four_souls import (
    damage,
    dice,
    plays,
    resolution,
    resources,
    statics,
    triggers,
    turn,
    zones,
)
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    attack_roll,
    by_id,
    card,
    character,
    check_invariants,
    deck,
    give_item,
    give_loot,
    kinds,
    loot_fillers,
    phys,
    position,
    settle,
)
from cardlab.simulate.four_souls.state import Obj


def test_FS_5_17_FS_6_20_the_scourge_a_whip_majority_prevents_the_hit_and_hurts_the_other_players():
    """Seat 0 hits The Scourge (5 against evasion 4): the damage waits on the stack, the vote (every
    scripted voter takes the first word) prevents it, and seats 1 and 2 take 1 each."""
    g = position(3, chars=[character("A", hp=3), character("B", hp=3), character("C", hp=3)])
    g.active = 0
    scourge = add_slot_monster(g, by_id("r-the_scourge"))
    attack_roll(g, scourge, 5)
    assert scourge.damage == 0
    assert [p.damage for p in g.players] == [0, 1, 1]
    check_invariants(g)


def test_FS_5_17_the_scourge_a_tied_vote_lets_the_damage_through_and_the_active_player_loots():
    """Two players, one vote each way (seat 1 picks the second word): the tie goes to the mild word."""
    g = position(2, plans={1: lambda d: d.options[1] if d.kind == "vote" else None})
    g.active = 0
    loot_fillers(g, 2)
    scourge = add_slot_monster(g, by_id("r-the_scourge"))
    attack_roll(g, scourge, 5)
    assert scourge.damage == 1
    assert len(g.players[0].hand) == 1 and g.players[1].hand == []


def test_FS_9_2_eternal_d6_two_counters_make_rolls_of_2_and_3_into_1_for_the_turn():
    g = position(2)
    g.active = 0
    d6 = give_item(g, 0, by_id("r-eternal_d6"))
    d6.counters = 2
    assert plays.take_action(g, 0, ("paid", d6, 0))
    resolution.priority(g, 0, until_empty=True)
    assert d6.counters == 0
    three = dice.push_roll(g, 1, "test", value=3)
    settle(g)
    four = dice.push_roll(g, 1, "test", value=4)
    settle(g)
    assert (three.value, four.value) == (1, 4)


def _murder_then_a_death(n: int, dies: int, moved_away: bool = False):
    """Seat 0 plays Murder! on seat 1's turn; seat ``dies`` is killed; seat 1's turn ends (its turn-end
    triggers: the delayed ability). ``moved_away``: the card left the loot discard before that."""
    g = position(n)
    g.active = 1
    murder = give_loot(g, 0, by_id("rwz-murder"))
    g.players[0].loot_plays = 1
    assert plays.take_action(g, 0, ("loot", murder))
    resolution.priority(g, 0, until_empty=True)
    if moved_away:
        g.loot_disc.remove(murder)
        g.loot.append(murder)  # reshuffled into the deck (FS-3.5)
    assert damage.kill(g, g.players[dies], 0)
    settle(g)
    triggers.fire(g, "turn_end", seat=1)
    settle(g)
    return g, murder


def test_FS_10_6_FS_13_12_murder_comes_back_to_hand_when_a_non_active_player_died():
    g, murder = _murder_then_a_death(3, 2)
    assert murder in g.players[0].hand and murder not in g.loot_disc


def test_FS_13_12_murder_stays_in_the_discard_when_only_the_active_player_died():
    g, murder = _murder_then_a_death(2, 1)
    assert murder in g.loot_disc and murder not in g.players[0].hand


def test_FS_10_9_the_butcher_an_attack_roll_of_1_makes_the_attacker_roll_for_damage():
    """A 1 misses (evasion 4): the attacker rolls a 3 and takes it, then the miss's 2 combat damage."""
    g = position(2, chars=[character("A", hp=6), character("B")], rolls=[3])
    g.active = 0
    butcher = add_slot_monster(g, by_id("rwz-the_butcher"))
    attack_roll(g, butcher, 1)
    assert g.players[0].damage == 5
    check_invariants(g)


def test_FS_5_14_FS_6_20_the_butcher_gains_a_counter_and_damage_for_each_player_it_kills():
    g = position(2, chars=[character("A", hp=2), character("B")])
    g.active = 0
    butcher = add_slot_monster(g, by_id("rwz-the_butcher"))
    attack_roll(g, butcher, 3)
    assert g.players[0].dead
    assert butcher.counters == 1 and statics.monster_atk(g, butcher) == 3


def test_FS_5_4_FS_13_9_damocles_one_more_treasure_on_each_gain_and_destroyed_before_the_penalty():
    g = position(2)
    g.active = 0
    deck(g, "treasure", [card(f"T{i}", "treasure", "passive") for i in range(3)])
    damocles = give_item(g, 0, by_id("r-damocles"))
    resources.give_reward(g, g.players[0], "treasure", 1, "Test")
    assert len(g.players[0].items) == 3
    assert damage.kill(g, g.players[0], 1)
    settle(g)
    # its own death trigger destroyed it first; the penalty then took one of the two others (FS-13.9)
    assert damocles.phys in g.treasure_disc and len(g.players[0].items) == 1


def test_FS_6_16_FS_4_9_black_heart_shields_one_damage_and_its_player_s_death_hurts_the_others():
    """Seat 0 plays Black Heart on seat 1 (the first player offered is seat 0: the plan picks seat 1). A
    2-damage hit on seat 1 marks 1; seat 1 then dies: seat 2 takes 2, seats 0 and 1 nothing."""
    g = position(
        3,
        chars=[character("A", hp=4), character("B", hp=4), character("C", hp=4)],
        plans={0: lambda d: d.options[1] if d.kind == "choose_target" else None},
    )
    g.active = 0
    heart = give_loot(g, 0, by_id("r-black_heart"))
    g.players[0].loot_plays = 1
    assert plays.take_action(g, 0, ("loot", heart))
    resolution.priority(g, 0, until_empty=True)
    assert damage.push_damage(g, 2, g.players[1], 0, None, False, None, "Test")
    settle(g)
    assert [p.damage for p in g.players] == [0, 1, 0]
    assert damage.kill(g, g.players[1], 0)
    settle(g)
    assert g.players[1].dead and [g.players[0].damage, g.players[2].damage] == [0, 2]


def test_FS_5_4_FS_6_9_gnawed_leaf_no_damage_off_turn_and_a_loot_aimed_at_its_holder_is_cancelled():
    g = position(2, chars=[character("A", hp=4), character("B", hp=4)])
    g.active = 1
    give_item(g, 0, by_id("r-gnawed_leaf"))
    assert damage.push_damage(g, 2, g.players[0], 1, None, False, None, "Test")
    settle(g)
    assert g.players[0].damage == 0
    bomb = give_loot(
        g,
        1,
        card(
            "Test Bomb",
            abilities=({"play": {"targets": {"P": "player"}, "do": {"deal_damage": {"n": 1, "to": "P"}}}},),
        ),
    )
    g.players[1].loot_plays = 1
    assert plays.take_action(g, 1, ("loot", bomb))
    resolution.priority(g, 1, until_empty=True)
    settle(g)
    assert bomb in g.loot_disc and [r[4] for r in kinds(g, "cancelled")] == ["Test Bomb"]
    g.active = 0
    assert damage.push_damage(g, 1, g.players[0], 1, None, False, None, "Test")
    settle(g)
    assert g.players[0].damage == 1  # on its holder's own turn damage is dealt


def test_FS_9_FS_1_3_qwop_the_highest_total_gains_a_treasure_the_lowest_dies_and_everyone_gains_1c():
    """Seat 0 rolls 6+6+6, seat 1 rolls 1+1+1, seat 2 rolls 3+3+3 (turn order from the active seat 0)."""
    g = position(3, rolls=[6, 6, 6, 1, 1, 1, 3, 3, 3])
    g.active = 0
    deck(g, "treasure", [card(f"T{i}", "treasure", "passive") for i in range(2)])
    zones.reveal_into_slot(g, phys(g, by_id("rwz-qwop")), None)
    settle(g)
    assert [len(p.items) for p in g.players] == [1, 0, 0]
    assert [p.dead for p in g.players] == [False, True, False]
    assert [g.players[0].cents, g.players[2].cents] == [1, 1]
    assert [r[6] for r in kinds(g, "roll") if r[7] == "initial"] == [6, 6, 6, 1, 1, 1, 3, 3, 3]
    assert [r[4] for r in kinds(g, "event_resolved")] == ["QWOP!"]  # discarded once its reader resolved


def test_FS_3_4_fuck_bloat_hurts_the_active_player_s_neighbours_and_brings_the_bloats_out():
    """Three players, seat 1 active: seats 0 and 2 take 2 each; the two monster-deck cards named The Bloat
    go into monster slots (the scripted active player says yes while one is left), the other card stays."""
    g = position(3, chars=[character("A", hp=4), character("B", hp=4), character("C", hp=4)])
    g.active = 1
    bloat = {"hp": 4, "evasion": 4, "attack": 1}
    deck(
        g,
        "monster",
        [
            card("The Bloat", "monster", "normal_boss", **bloat),
            card("Other", "monster", "basic", hp=1, evasion=2, attack=1),
            card("The Bloat", "monster", "normal_boss", **bloat),
        ],
    )
    zones.reveal_into_slot(g, phys(g, by_id("rwz-fuck_bloat")), None)
    settle(g)
    assert [p.damage for p in g.players] == [2, 0, 2]
    in_slots = [x.phys.card.name if isinstance(x, Obj) else x.card.name for s in g.mslots for x in s]
    assert in_slots.count("The Bloat") == 2  # one may cover the other (FS-3.8)
    assert [c.card.name for c in g.monster] == ["Other"]


def test_FS_5_2_the_real_left_hand_changes_a_number_of_an_item_till_end_of_turn():
    """Edmund's starting item turns the 3 of a test item's "gain 3c" into a 4 (the plan takes the last
    option, one up); the next turn the item reads 3 again."""
    g = position(2, plans={0: lambda d: d.options[-1] if d.kind == "change_number" else None})
    g.active = 0
    hand = give_item(g, 0, by_id("rwz-the_real_left_hand"))
    bag = give_item(
        g, 0, card("Test Bag", "treasure", "active", abilities=({"tap": {"do": {"gain_cents": 3}}},))
    )
    assert plays.take_action(g, 0, ("tap", hand, 0))
    resolution.priority(g, 0, until_empty=True)
    assert plays.take_action(g, 0, ("tap", bag, 0))
    resolution.priority(g, 0, until_empty=True)
    assert g.players[0].cents == 4
    turn.end_of_turn(g)
    bag.charged = True
    assert plays.take_action(g, 0, ("tap", bag, 0))
    resolution.priority(g, 0, until_empty=True)
    assert g.players[0].cents == 7


def test_FS_5_2_magic_marker_changes_a_number_of_a_loot_on_the_stack():
    """Seat 0 plays a loot giving 2c, then Magic Marker above it: the 2 becomes 3 before it resolves."""
    g = position(2, plans={0: lambda d: d.options[-1] if d.kind == "change_number" else None})
    g.active = 0
    coins = give_loot(g, 0, card("Test Coins", abilities=({"play": {"do": {"gain_cents": 2}}},)))
    marker = give_loot(g, 0, by_id("r-magic_marker"))
    g.players[0].loot_plays = 2
    assert plays.take_action(g, 0, ("loot", coins))
    assert plays.take_action(g, 0, ("loot", marker))
    resolution.priority(g, 0, until_empty=True)
    assert g.players[0].cents == 3
    assert [(r[4], r[5], r[6]) for r in kinds(g, "number_changed")] == [("Magic Marker", "Test Coins", 3)]


def test_FS_13_9_FS_10_6_lust_for_blood_the_chosen_player_s_penalty_item_goes_to_the_active_player():
    """Seat 0 is active; the event picks seat 1 (the first other player): seat 0 owes an attack on seat 1,
    and seat 1 dying (a kill by seat 2, not an attack) hands its item to seat 0 instead of destroying it."""
    g = position(3)
    g.active = 0
    ring = give_item(g, 1, card("Ring", "treasure", "passive"))
    zones.reveal_into_slot(g, phys(g, by_id("r-lust_for_blood")), None)
    settle(g)
    assert g.must_attack
    assert damage.kill(g, g.players[1], 2)
    settle(g)
    assert g.players[1].dead and ring in g.players[0].items and ring.controller == 0


def test_FS_3_2_murder_gone_from_the_discard_by_the_turn_s_end_moves_nothing():
    g, murder = _murder_then_a_death(3, 2, moved_away=True)
    assert murder not in g.players[0].hand and g.loot[-1] is murder
    check_invariants(g)


def test_FS_13_4_ballos_comes_back_once_with_a_counter_and_gives_its_souls_on_its_second_death():
    g = position(2)
    g.active = 0
    loot_fillers(g, 12)
    ballos = add_slot_monster(g, by_id("rwz-ballos"))
    ballos.damage = 3
    attack_roll(g, ballos, 6)
    back = g.mslots[0][-1]
    assert isinstance(back, Obj) and back is not ballos and back.phys is ballos.phys
    assert back.counters == 1 and statics.monster_atk(g, back) == 3
    assert len(g.players[0].hand) == 5 and g.players[0].souls == []
    assert damage.kill(g, back, 0)
    settle(g)
    assert [s.phys.card.name for s in g.players[0].souls] == ["Ballos!"] and g.players[0].soul_total() == 2
    assert len(g.players[0].hand) == 10
    check_invariants(g)


def test_FS_14_5_FS_5_4_curse_of_the_soulless_bars_its_bearer_s_souls_and_passes_on_at_death():
    """Seat 1 bears it: killing a 1-soul monster gains seat 1 nothing (the card goes to the discard); seat 0
    still can gain one. Seat 1 dies: the curse goes to seat 0 (the one other player), not to the discard."""
    g = position(2)
    curse = g.new_obj(phys(g, by_id("r-curse_of_the_soulless")), "curse", 1)
    g.players[1].curses.append(curse)
    boss = card("Boss", "monster", "normal_boss", hp=1, evasion=2, attack=1, soul=1)
    deck(g, "monster", [card(f"Filler{i}", "monster", "basic", hp=2, evasion=6, attack=1) for i in range(2)])
    g.active = 1
    attack_roll(g, add_slot_monster(g, boss), 6, seat=1)
    assert g.players[1].souls == [] and [c.card.name for c in g.monster_disc] == ["Boss"]
    g.active = 0
    attack_roll(g, add_slot_monster(g, boss), 6, seat=0)
    assert [s.phys.card.name for s in g.players[0].souls] == ["Boss"]
    assert damage.kill(g, g.players[1], 0)
    settle(g)
    assert curse in g.players[0].curses and curse.controller == 0 and curse.phys not in g.monster_disc
    check_invariants(g)
