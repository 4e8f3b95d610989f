"""``sensible`` uses collection cards that the value model once misread, each read from its encoded words
(never its name): a one-use item destroyed as its cost and a die's mean times a factor, counters spent by
an item's only ability, an amount that names my own cents, a chosen monster sent away when the slots are
bad, a card moved to my hand, a lower evasion on the monster I fight, a roll turned into 7 minus it, and a
copy of my own loot. Seat 0 plays ``sensible``; the other seat is scripted (it passes)."""

from __future__ import annotations

import pytest

from cardlab.simulate.four_souls import attack, resolution, triggers, turn
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    by_id,
    card,
    deck,
    give_item,
    give_loot,
    kinds,
    monster,
    phys,
    real,
    take_cents,
)
from tests.four_souls.strategy_table import belongings, own_turn, strategy_table


def _used(g) -> list:
    return [r[4] for r in kinds(g, "item_activated")]


def test_FS_4_10_a_one_use_item_destroyed_as_its_cost_pays_its_roll():
    """Pageant Boy ($: destroy it, roll, gain 4 × the result): 14¢ on average for an item worth little
    else; the roll (a 3) gives 12¢."""
    g = strategy_table(2, rolls=[3])
    give_item(g, 0, by_id("r-pageant_boy"))
    own_turn(g)
    assert _used(g)[0] == "Pageant Boy" and kinds(g, "cents_gained")[0][6] == 12


def test_FS_5_14_counters_spent_by_the_items_only_ability():
    """Spelunking Pack (3 counters; $ remove 1: +1 to a roll, 3¢ or a shop item away): its counters buy
    nothing else, so one goes for 3¢ on its holder's turn."""
    g = strategy_table(2)
    sp = give_item(g, 0, by_id("rwz-spelunking_pack"), eternal=True, starting=True)
    sp.counters = 3
    own_turn(g)
    assert g.players[0].cents >= 3 and sp.counters < 3


def test_FS_6_11_an_amount_naming_my_cents_doubles_them():
    """Two of Diamonds (a player gains as many cents as they have), aimed at myself with 6¢: +6¢."""
    g = strategy_table(2)
    take_cents(g, 0, 6)
    give_loot(g, 0, by_id("g2-two_of_diamonds"))
    own_turn(g)
    assert [r[4] for r in kinds(g, "loot_played")] == ["Two of Diamonds"] and g.players[0].cents == 12


def test_FS_12_1_a_hopeless_slot_monster_goes_under_the_deck():
    """Boxing Glove (↷: a monster not attacked to the deck's bottom, its slot refills) on a monster no fight
    is worth (6 evasion, 9 HP): the slot refills from the deck."""
    g = strategy_table(2)
    give_item(g, 0, by_id("rwz-boxing_glove"))
    wall = add_slot_monster(g, monster("Wall", hp=9, evasion=6, attack=3))
    deck(g, "monster", [monster("Fly", hp=1, evasion=2, attack=1)])
    own_turn(g)
    assert _used(g) == ["Boxing Glove"] and all(wall not in s for s in g.mslots)


def test_FS_3_7_a_card_to_my_hand_is_a_loot_gained():
    """Hallowed Ground ($ remove 3: the loot discard's top card to my hand) with 3 counters."""
    g = strategy_table(2)
    hg = give_item(g, 0, by_id("r-hallowed_ground"))
    hg.counters = 3
    g.loot_disc.append(phys(g, real("A Penny!")))
    own_turn(g)
    assert _used(g) == ["Hallowed Ground"]


def test_FS_6_10_a_lethal_miss_turned_into_seven_minus_it():
    """Gravity (↷: a roll becomes 7 minus it): P0 at 1 HP misses a 3-evasion Fly with a 1; the flip makes
    it a 6, which hits and kills, so P0 lives."""
    g = strategy_table(2, rolls=[1], hp=1)
    g.active = 0
    give_item(g, 0, by_id("rwz-gravity"), eternal=True, starting=True)
    fly = add_slot_monster(g, monster("Fly", hp=1, evasion=3, attack=1))
    attack.run_attack(g, 0, fly)
    assert _used(g) == ["Gravity"] and not g.players[0].dead
    assert [r[4] for r in kinds(g, "monster_died")] == ["Fly"]


def test_FS_5_11_my_own_gain_loot_is_copied():
    """Pop Pop! (↷: copy a loot being played, new targets): P0 plays A Nickel! and copies it: 10¢."""
    g = strategy_table(2)
    give_item(g, 0, by_id("rwz-pop_pop"), eternal=True, starting=True)
    give_loot(g, 0, real("A Nickel!"))
    own_turn(g)
    assert _used(g) == ["Pop Pop!"] and g.players[0].cents == 10


def test_FS_10_11_a_lethal_miss_answered_by_ending_the_attack():
    """Emergency Contact (the attack on a monster ends, the monster under the deck): P0 at 1 HP misses a
    Fly dealing 1; ending the attack makes the combat damage fizzle, and P0 lives."""
    g = strategy_table(2, rolls=[1, 1], hp=1)
    g.active = 0
    g.players[0].loot_plays = 1
    give_loot(g, 0, by_id("r-emergency_contact"))
    fly = add_slot_monster(g, monster("Fly", hp=1, evasion=3, attack=1))
    attack.run_attack(g, 0, fly)
    assert [r[4] for r in kinds(g, "loot_played")] == ["Emergency Contact"]
    assert not g.players[0].dead and [r[7] for r in kinds(g, "fizzled")] == ["combat"]


def test_FS_12_1_a_discarded_monster_dug_into_a_slot_is_fought():
    """Book of the Dead (↷: a non-event monster of the discard into a slot): no slot fight is worth it (a
    5-HP wall), the discard holds an easy boss; P0 brings it into a slot and attacks it."""
    g = strategy_table(2, rolls=[5], hp=2)
    give_item(g, 0, by_id("r-book_of_the_dead"))
    add_slot_monster(g, monster("Wall", hp=5, evasion=6, attack=2))
    deck(g, "monster", [monster("Deck Brute", hp=4, evasion=5, attack=2)])
    g.monster_disc.append(phys(g, monster("Old Boss", hp=1, evasion=2, attack=1, soul=1)))
    own_turn(g, attacks=1)
    assert _used(g) == ["Book of the Dead"] and [r[4] for r in kinds(g, "attack_target")] == ["Old Boss"]


def test_FS_6_3_an_item_destroyed_as_the_price_is_my_least_valuable():
    """Guppy's Paw (↷: destroy an item of mine for a counter; +1 HP a counter): it gives up the plain item
    worth least (a bare passive), never the better one nor itself."""
    g = strategy_table(2)
    paw = give_item(g, 0, by_id("aa-guppys_paw"))
    junk = give_item(g, 0, card("Junk Item", deck="treasure", kind="passive"))
    good = give_item(g, 0, real("Breakfast"))
    own_turn(g)
    assert _used(g)[0] == "Guppy's Paw" and not junk.in_play and good.in_play and paw.counters == 1


def test_FS_6_12_an_item_that_burdens_its_holder_is_given_away():
    """Football (at its holder's turn end every other player loots 2; ↷: give it to another player, then
    roll): holding it costs more than it gives, so P0 hands it on (3 players)."""
    g = strategy_table(3, rolls=[2])
    give_item(g, 0, by_id("rwz-football"), eternal=True, starting=True)
    own_turn(g)
    assert _used(g) == ["Football"] and not g.players[0].items
    assert [i.phys.card.name for p in g.players[1:] for i in p.items] == ["Football"]


def test_FS_6_18_my_weak_items_are_rerolled():
    """Jester (reroll any number of my items, a "may" for each, FS-5.9): with two bare passives (worth less
    than a fresh treasure) P0 plays it; with two items worth more it keeps it (it would reroll neither)."""
    g = strategy_table(2)
    for i in range(2):
        give_item(g, 0, card(f"Junk{i}", deck="treasure", kind="passive"))
    deck(g, "treasure", [card(f"New{i}", deck="treasure", kind="passive") for i in range(3)])
    give_loot(g, 0, by_id("rwz-jester"))
    own_turn(g)
    assert [r[4] for r in kinds(g, "loot_played")] == ["Jester"]
    g = strategy_table(2)
    give_item(g, 0, real("Breakfast"))
    give_item(g, 0, real("Breakfast"))
    give_loot(g, 0, by_id("rwz-jester"))
    own_turn(g)
    assert not kinds(g, "loot_played")


def test_FS_6_16_a_monster_whose_damage_is_always_prevented_is_not_fought():
    """A Dead Horse (every damage to it is prevented; 0 damage, 25¢) is no fight: P0 attacks the other slot
    monster, though its odds are worse, rather than loop on hits that never kill."""
    g = strategy_table(2, rolls=[6, 6, 6])
    add_slot_monster(g, by_id("rwz-a_dead_horse"))
    add_slot_monster(g, monster("Gaper", hp=2, evasion=3, attack=1))
    own_turn(g, attacks=1)
    assert [r[4] for r in kinds(g, "attack_target")] == ["Gaper"]


def test_FS_6_21_a_monster_my_hits_never_damage_is_not_fought():
    """Summer Hush (every damage to it is 1 less; 6 HP, 1 evasion) against a 1-damage attacker: each hit
    deals 0, so the fight is never won (4 of the 6 500-turn games in the whole collection's 5,000: each player attacked
    it each turn and died). P0 attacks the other slot monster, though Hush's odds read from its stats alone
    are far better; the same reading in ``reading.fight_chance`` gives 0."""
    from cardlab.strategies.four_souls import reading

    g = strategy_table(2, rolls=[6, 6, 6])
    hush = add_slot_monster(g, by_id("soi-hush"))
    add_slot_monster(g, monster("Gaper", hp=2, evasion=5, attack=1))
    own_turn(g, attacks=1)
    assert [r[4] for r in kinds(g, "attack_target")] == ["Gaper"]
    assert reading.hit_damage(hush.rules, 1) == 0 and reading.hit_damage(hush.rules, 3) == 2


def test_FS_6_16_FS_10_7_a_monster_damaged_on_no_roll_i_can_make_is_not_fought():
    """Turdlings (hurt by a hit rolled as a 2, by no other) against an attacker with +2 to attack
    rolls (Meat!, Synthoil): every roll is 3 or more, a hit that deals nothing, so the fight is never won —
    and past the attacker's 2nd attack roll of a turn (which cancels the attack) it never ends (FS-10.7: a
    guard stop). P0 attacks the other slot monster, though Turdlings' odds read from its stats alone are
    sure; ``reading.fight_chance`` reads the blocked rolls the same way (with +1 only a 1 made 2 damages,
    and no roll misses: a sure fight)."""
    from cardlab.strategies.four_souls import reading

    g = strategy_table(2, rolls=[6, 6, 6])
    give_item(g, 0, real("Meat!"))
    give_item(g, 0, real("Synthoil"))
    turdlings = add_slot_monster(g, by_id("r-turdlings"))
    add_slot_monster(g, monster("Gaper", hp=2, evasion=5, attack=1))
    own_turn(g, attacks=1)
    assert [r[4] for r in kinds(g, "attack_target")] == ["Gaper"]
    assert reading.blocked_rolls(turdlings.rules) == {1, 3, 4, 5, 6}
    assert [reading.roll_odds(turdlings.rules, 2, bonus)[0] for bonus in (0, 1, 2)] == [0.5, 1.0, 0.0]


def _warded(cond: str, **stats):
    """A monster whose combat damage to itself is prevented when ``cond`` holds (FS-5.4, FS-6.16)."""
    ward = {"replace": {"event": {"combat_damage_to": "self"}, "if": cond, "prevent": True}}
    return monster("Ward", abilities=(ward,), **stats)


@pytest.mark.parametrize(
    "cond", ["attack_roll >= 2", "attack_roll > 1", "2 <= attack_roll <= 6", "not attack_roll == 1"]
)
def test_FS_6_16_a_prevention_on_a_range_of_rolls_is_read_by_the_fight(cond):
    """A 1-HP boss at evasion 2 whose combat damage is prevented on every roll that hits it (2 to 6, written
    as a bound, a range or a negation): no roll damages it, so it is no fight. P0 attacks the plain monster;
    with only ``==``, ``!=`` and ``in`` read, the boss read as a sure kill and was attacked."""
    g = strategy_table(2, rolls=[6, 6, 6])
    add_slot_monster(g, _warded(cond, hp=1, evasion=2, attack=1, soul=1))
    add_slot_monster(g, monster("Gaper", hp=2, evasion=5, attack=1))
    own_turn(g, attacks=1)
    assert [r[4] for r in kinds(g, "attack_target")] == ["Gaper"]


def test_FS_6_16_the_faces_a_prevention_reads_and_the_conditions_it_cannot():
    """``reading.roll_faces``: the faces on which a condition on the attack roll alone holds, whatever its
    shape; None for one that reads something else too (the roll does not decide it)."""
    from cardlab.strategies.four_souls import reading

    faces = {
        "attack_roll == 6": {6},
        "attack_roll != 2": {1, 3, 4, 5, 6},
        "attack_roll in (4, 5)": {4, 5},
        "attack_roll <= 2": {1, 2},
        "3 <= attack_roll < 5": {3, 4},
        "attack_roll == 1 or attack_roll == 6": {1, 6},
        "not attack_roll in (1, 2, 3)": {4, 5, 6},
        "attack_roll not in (1, 2, 3)": {4, 5, 6},
        "attack_roll % 2 == 0": {2, 4, 6},
    }
    assert {c: reading.roll_faces(c) for c in faces} == faces
    for cond in ("rolls_at(self) % 2 == 0", "counters(self) > 0", "level >= 10 and attack_roll in (1, 2)"):
        assert reading.roll_faces(cond) is None, cond


def test_FS_6_16_every_self_prevention_the_fight_cannot_read_is_listed():
    """The collection's replacements of damage to a monster itself that the fight reading skips
    (``reading.unread_self_damage``): counted here, so a new shape is seen, not silently read as no
    prevention. Each is a condition the roll alone does not decide, or a change on some rolls only."""
    from cardlab.simulate.four_souls.cards import load_pool
    from cardlab.simulate.four_souls.rules import compile_card
    from cardlab.strategies.four_souls import reading

    skipped = {c.id: reading.unread_self_damage(compile_card(c)) for c in load_pool().cards}
    assert {k: v for k, v in skipped.items() if v} == {
        "r-null": ("rolls_at(self) % 2 == 0",),  # every other roll aimed at it this turn (FS-10.9)
        "rwz-the_gorm": ("attack_roll == 1",),  # a 1 deals it double: a change, not a prevention
        "soi-conjoined_fatty": ("counters(self) > 0",),  # while it has counters
    }


def test_FS_5_14_an_egg_counted_by_a_static_in_play_goes_on_myself():
    """Red Proglottid ($ 5¢: an egg on a player or monster; every bearer deals 1 more damage per egg): the
    egg is worth the damage stat it feeds, so P0 with 6¢ buys one for itself, not for the rival."""
    from cardlab.simulate.four_souls import counters, statics

    g = strategy_table(2)
    take_cents(g, 0, 6)
    give_item(g, 0, by_id("tw-red_proglottid"))
    atk = statics.player_atk(g, g.players[0])
    own_turn(g)
    assert _used(g) == ["Red Proglottid"] and g.players[0].cents == 1
    assert [counters.count(p, "egg") for p in g.players] == [1, 0]
    assert statics.player_atk(g, g.players[0]) == atk + 1


def test_FS_6_10_a_flipped_eternal_items_attackable_back_is_fought_by_its_holder():
    """Anima Sola turned to its back (2 HP, evasion 3, 2 loot as its reward, attackable): the view shows
    the side that is up (FS-6.10), and killing an eternal item does not lose it (FS-4.12), so P0 fights
    its own back side rather than a 9-HP wall; the reward pays P0."""
    from cardlab.simulate.four_souls import sides

    g = strategy_table(2, rolls=[6, 6], hp=4)
    anima = give_item(g, 0, by_id("r-anima_sola"), eternal=True, starting=True)
    sides.flip(g, anima)
    add_slot_monster(g, monster("Wall", hp=9, evasion=6, attack=3))
    deck(g, "monster", [monster("Wall 2", hp=9, evasion=6, attack=3)])
    own_turn(g, attacks=1)
    assert [(r[4], r[7]) for r in kinds(g, "attack_target")][0] == ("Anima Sola", "item")
    assert [(r[5], r[6]) for r in kinds(g, "reward")][0] == ("loot", 2)


def _anima_turn(attacks: int) -> list:
    g = strategy_table(2, rolls=[6, 6], hp=4)
    give_item(g, 0, by_id("r-anima_sola"), eternal=True, starting=True)
    add_slot_monster(g, monster("Wall", hp=9, evasion=6, attack=3))
    deck(g, "monster", [monster("Wall 2", hp=9, evasion=6, attack=3)])
    own_turn(g, attacks=attacks)
    return g


def test_FS_6_10_a_flip_is_worth_the_fight_its_back_side_offers():
    """Anima Sola (↷: turn it over) at 4 HP with an attack left: its back is a 2-HP fight paying 2 loot,
    worth more than the rivals' later chance at it, so P0 flips it and fights it at once. Killed, the item
    comes back as a new object, charged (FS-13.5), with one more attack given: each later flip follows a
    kill."""
    g = _anima_turn(attacks=1)
    used = _used(g)
    assert used[:1] == ["Anima Sola"]
    assert [(r[4], r[7]) for r in kinds(g, "attack_target")][0] == ("Anima Sola", "item")
    assert len(kinds(g, "object_died")) >= len(used) - 1


def test_FS_6_10_no_flip_when_only_the_rivals_could_fight_the_back():
    """The same without an attack left: the back side would be a fight for the rivals alone, so the item
    stays as it is."""
    assert _used(_anima_turn(attacks=0)) == []


def test_FS_3_8_discarded_monsters_moved_into_slots_by_a_loot_card_are_fought():
    """Dad's Note (up to three non-event monsters of the discard into slots): no slot fight is worth it (a
    5-HP wall), the discard holds an easy boss; P0 plays the card, brings the boss in and attacks it
    (the move is worth the better fight it offers, FS-3.8)."""
    g = strategy_table(2, rolls=[5], hp=2)
    give_loot(g, 0, by_id("r-dads_note"))
    add_slot_monster(g, monster("Wall", hp=5, evasion=6, attack=2))
    deck(g, "monster", [monster("Deck Brute", hp=4, evasion=5, attack=2)])
    g.monster_disc.append(phys(g, monster("Old Boss", hp=1, evasion=2, attack=1, soul=1)))
    own_turn(g, attacks=1)
    assert [r[4] for r in kinds(g, "loot_played")] == ["Dad's Note"]
    assert [r[4] for r in kinds(g, "attack_target")] == ["Old Boss"]


def test_FS_4_12_an_item_of_mine_aimed_at_by_a_destroy_is_made_eternal():
    """P1 plays a loot card destroying P0's item; P0 holds Algiz (a chosen player's items are eternal this
    turn): it answers by making its own items eternal, and the item is not destroyed (FS-4.12)."""
    from cardlab.simulate.four_souls import plays
    from cardlab.simulate.four_souls.fixtures import settle
    from cardlab.simulate.four_souls.refs import ObjRef

    g = strategy_table(2, hp=4, charged=True)
    pet = give_item(g, 0, card("Test Pet", "treasure", "active", abilities=({"tap": {"do": {"loot": 1}}},)))
    hammer = card(
        "Test Hammer",
        abilities=({"play": {"targets": {"I": {"item": ["non_eternal"]}}, "do": {"destroy": "I"}}},),
    )
    g.io.strategies[1].plans = [lambda d: next((o for o in d.options if isinstance(o, ObjRef)), None)]
    g.active = 1
    g.players[0].loot_plays, g.players[1].loot_plays = 1, 1
    give_loot(g, 0, by_id("r-algiz"))
    assert plays.take_action(g, 1, ("loot", give_loot(g, 1, hammer)))
    settle(g)
    assert [r[4] for r in kinds(g, "loot_played")] == ["Test Hammer", "Algiz"]
    assert pet in g.players[0].items


def test_FS_3_2_an_amount_of_the_cards_under_my_item_is_read_as_their_number():
    """Isaac's Last Will (↷: as many cents as cards lie under it) with three cards under it: worth 3¢, so it
    is used (an amount read as 1 once, below the bar for a ↷)."""
    g = strategy_table(2)
    will = give_item(g, 0, by_id("soi-isaacs_last_will"))
    g.under[will.uid] = [phys(g, card(f"Old {i}", "treasure", "passive")) for i in range(3)]
    own_turn(g)
    assert g.players[0].cents == 3


@pytest.mark.parametrize("name", ["sensible", "evaluator"])
def test_FS_10_6_a_player_marked_for_attacks_is_a_rival_never_myself(name):
    """Cheep Cheep Cheep! (a player picked: attacks owed on their character, FS-10.6, and abilities they
    gain that owe more in the other players' turns, FS-5.2): harm to whoever holds the mark, so P0 picks a
    rival. Every player at 1 HP and a boss in a slot: the old reading (the gained attacks valued as mine,
    the attacked player helped) marked P0 itself; now the leader C2 (a soul; P1's turn comes before theirs,
    so P1 owes them a fight to a death too, FS-10.7) holds the gained abilities and P0 attacks C2.
    ``evaluator`` aims it by the same value plan (``valuing.harms_player``), not by its verbs' role ("help":
    it marked itself before)."""
    g = strategy_table(3, name=name, rolls=[6] * 4, hp=1)
    give_loot(g, 0, by_id("rwz-cheep_cheep_cheep"))
    add_slot_monster(g, monster("Boss", hp=1, evasion=2, attack=1, soul=1))
    g.players[2].souls.append(g.new_obj(phys(g, monster("Old Boss", soul=1)), "soul", 2))
    belongings(g, 2)  # the leader's death costs them what a death penalty takes (FS-13.9)
    own_turn(g)
    assert [r[4] for r in kinds(g, "loot_played")] == ["Cheep Cheep Cheep!"]
    assert [o.controller for o, *_ in g.gains] == [2]
    assert [(r[4], r[7]) for r in kinds(g, "attack_target")] == [("C2", "player")]


def test_FS_5_14_a_counter_that_hurts_its_carrier_each_turn_is_taken_off():
    """Summer Widow rolls once per spider counter at its carrier's turn start, each 1-3 hurting them; its $
    (turn my character sideways) takes one off me. The counters only ever grew (600 four-player games of
    the whole collection: 2,366 added, 0 removed; every turn cap there a Widow game, every carrier dying
    at each turn start). Read from the trigger's words (a counter's worth is its effect for its carrier,
    ``valuing.per_counter_worths``): P0, with 2 spiders and its character upright, takes one off."""
    g = strategy_table(2, charged=True)
    add_slot_monster(g, by_id("soi-widow"))
    g.players[0].counters["spider"] = 2
    own_turn(g)
    assert g.players[0].counters["spider"] == 1 and not g.players[0].character.charged


def test_FS_8_2_a_counter_that_hurts_me_now_is_taken_off_before_the_trigger_counting_it_resolves():
    """At my turn start my character has just recharged (FS-8.1) and Summer Widow's trigger is on the stack
    (FS-8.2): it rolls once per spider counter I carry, each 1-3 hurting me. Its $ (turn my character
    sideways, FS-4.4) takes one off me before the rolls: the ↷ costs what it would in my action phase, and
    the roll is saved (``valuing.harmed_kinds``; soak's Widow lock, docs/robustness.md: only 6 counters were
    taken off in a 500-turn game, every carrier dying at each turn start, so its turns had no action phase).
    P0 (3 spiders, 5 HP) answers the trigger: 2 rolls, not 3."""
    g = strategy_table(2, rolls=[1] * 8, hp=5)
    add_slot_monster(g, by_id("soi-widow"))
    g.players[0].counters["spider"] = 3
    g.active = 0
    turn.recharge_step(g, g.players[0])
    triggers.fire(g, "turn_start", seat=0)
    resolution.priority(g, 0)
    assert [r[7] for r in kinds(g, "counters")] == ["removed", "added"]
    assert not g.players[0].character.charged
    assert len([r for r in kinds(g, "roll") if r[7] == "final"]) == 2
