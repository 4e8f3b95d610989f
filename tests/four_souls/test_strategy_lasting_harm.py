"""A slot monster's lasting harm (``strategies/four_souls/lasting.py``; FS-8.2, FS-8.10, FS-5.14): a monster
whose turn triggers repeat or grow a harm each turn is worth killing sooner than its stats and rewards say,
and a counter its trigger repeats a harm for is worth its share of that harm on its carrier."""

from __future__ import annotations

import pytest

from cardlab.simulate.four_souls.cards import load_pool
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    by_id,
    card,
    give_item,
    give_loot,
    kinds,
    monster,
)
from cardlab.simulate.four_souls.views import View
from cardlab.strategies.four_souls import lasting, valuing
from cardlab.strategies.four_souls.reading import verbs
from tests.four_souls.strategy_table import own_turn, strategy_table


def _shape(card_id: str):
    g = strategy_table(2)
    return lasting.shape(add_slot_monster(g, by_id(card_id)).rules.triggers)


def test_FS_8_2_FS_5_14_the_monster_whose_spiders_i_carry_is_the_fight_i_pick():
    """Summer Widow (3 HP, evasion 5, 1 damage, 3 loot, a soul) beside a twin with three loot more: the same
    fight, the twin's rewards better. P0 (2 HP) carries 2 spider counters: at each of its turn starts Widow
    rolls once per spider, each 1-3 a damage (FS-8.2, FS-5.14), and gives one more a round; two hits kill.
    Its lasting harm makes Widow the fight to take (the old worth read its rewards only: the twin). With no
    spider on a 4-HP character the harm to come is less than the twin's three loot: the twin."""
    for hp, spiders, picked in ((2, 2, "Widow"), (4, 0, "Twin")):
        g = strategy_table(2, hp=hp)
        add_slot_monster(g, by_id("soi-widow"))
        add_slot_monster(g, monster("Twin", hp=3, evasion=5, attack=1, rewards={"loot": 6}, soul=1))
        g.players[0].counters["spider"] = spiders
        assert g.io.strategies[0]._best_fight(View(g, 0))[0].name == picked


def test_FS_8_10_harm_that_repeats_each_turn_is_priced_by_the_damage_in_my_turn_and_the_deaths():
    """Big Horn: 1 damage to a random player at each turn start. At 2 players and 2 HP it hits me in my turn
    half the time (0.6 a point, FS-8.10: it heals at the turn's end) and never kills: 3 rounds × 0.5 × 0.6
    = 0.9; at 4 players a quarter of the time, 0.45. Zombie Jesus kills a neighbour of the active player
    on 3-4 and 5-6: at 2 players each rival turn kills me with 1 − (2/3)² = 5/9, at a death's price 4,
    over 3 rounds 6.67."""
    horn = _shape("box-big_horn")
    assert lasting.harm(horn, 2, 2, {}) == pytest.approx(0.9)
    assert lasting.harm(horn, 4, 2, {}) == pytest.approx(0.45)
    assert lasting.harm(_shape("rwz-zombie_jesus"), 2, 2, {}) == pytest.approx(3 * 4 * 5 / 9)


def test_FS_5_14_a_carried_spider_costs_more_near_my_hp_and_as_they_pile_up():
    """One more spider on me costs its share of Widow's harm (``valuing.per_counter_worths``): more at 2 HP
    than at 4; at 3 HP the second more than the first (the pile nears my HP); both above the old flat
    reading (three turns of one roll's damage: 3 × ½ × 0.6 = 0.9) once a death is near."""
    g = strategy_table(2)
    rules = add_slot_monster(g, by_id("soi-widow")).rules

    def cost(hp: int, carried: int) -> float:
        return -valuing.per_counter_worths([], [rules], (2, hp, {"spider": carried}))["spider"][0]

    assert cost(2, 0) > cost(4, 0) > 0
    assert cost(3, 1) > cost(3, 0) > 0.9 and cost(2, 0) > 0.9


def test_FS_8_2_a_turn_trigger_with_a_condition_or_without_harm_is_no_lasting_harm():
    """Read only as written: Dick Knot!'s kill waits for six counters (a condition not read:
    ``lasting.UNREAD_CONDITIONS`` says why), War only buffs another monster, Gurdy brings a monster in: none
    is a harm to price."""
    for card_id in ("dk-dick_knot", "soi-war", "aa-gurdy"):
        assert _shape(card_id) is None


def test_FS_4_4_FS_6_2_a_cost_turning_my_character_sideways_costs_its_ready_loot_play():
    """Magic Mushroom's $ (turn my character sideways: a counter on it, FS-4.4) beside two loot cards worth
    10¢ each and one loot play: the character's ↷ (an extra loot play, FS-6.2) plays the second card, worth
    more than the counter. The old cost reading took the character's ↷ as free: it bought the counter."""
    g = strategy_table(2, charged=True)
    give_item(g, 0, by_id("soi-magic_mushroom"))
    for name in ("Ten", "Tenner"):
        give_loot(g, 0, card(name, abilities=({"play": {"do": {"gain_cents": 10}}},)))
    own_turn(g)
    assert sorted(r[4] for r in kinds(g, "loot_played")) == ["Ten", "Tenner"]
    assert g.players[0].cents >= 20


def test_FS_5_14_with_its_cost_read_a_spider_near_my_hp_still_goes_before_a_loot_play():
    """Summer Widow in a slot, P0 (2 HP) carrying 2 spiders, its character charged, a 3¢ loot card in hand
    and its one loot play: the spider's removal (Widow's $, turn my character sideways) costs the ↷'s extra
    loot play, and is worth more than it: the lasting harm of one spider fewer near my HP (read as 0.9,
    the removal lost to the loot card, and with it the games it decided)."""
    g = strategy_table(2, charged=True, hp=2)
    add_slot_monster(g, by_id("soi-widow"))
    g.players[0].counters["spider"] = 2
    give_loot(g, 0, card("Three", abilities=({"play": {"do": {"gain_cents": 3}}},)))
    give_loot(g, 0, card("Other Three", abilities=({"play": {"do": {"gain_cents": 3}}},)))
    own_turn(g)
    assert g.players[0].counters["spider"] == 1 and not g.players[0].character.charged


def test_FS_8_10_a_turn_end_harm_under_a_read_condition_counts_only_a_death():
    """The Purple-Shirted Eye Stabber: at each turn's end, 1 damage to the turn's player when their loot
    plays that turn number one or more (a condition read as holding every turn: each loot step gives a
    card to play, FS-8.3). The
    heal follows the end-of-turn triggers (FS-8.10), so at 2 HP it costs me nothing; at 1 HP it kills me at
    the end of each of my turns: 3 rounds × 4. Before, a trigger with a condition was never read."""
    stabber = _shape("rwz-the_purple_shirted_eye_stabber")
    assert stabber is not None
    assert lasting.harm(stabber, 2, 2, {}) == 0.0
    assert lasting.harm(stabber, 2, 1, {}) == pytest.approx(3 * 4.0)
    assert lasting.harm(stabber, 4, 1, {}) == pytest.approx(3 * 4.0)


def test_FS_8_2_every_harm_under_a_condition_in_the_collection_is_read_or_said_why_not():
    """A monster's turn trigger of any player (FS-8.2, FS-8.10) that deals damage or kills under a condition:
    its condition is read (``lasting.READ_CONDITIONS``) or listed with the reason it is not
    (``UNREAD_CONDITIONS``): a new card's condition cannot go unread silently."""
    seen = set()
    for c in load_pool().cards:
        if c.deck != "monster":
            continue
        for ab in (a for a in c.abilities if isinstance(a, dict) and "on" in a):
            on = ab["on"] if isinstance(ab["on"], dict) else {ab["on"]: None}
            cond = on.get("if")
            if cond is None or not any(on.get(e) == "any_player" for e in ("turn_start", "turn_end")):
                continue
            if verbs(ab.get("do")) & {"deal_damage", "kill"} and ab.get("do") != {"kill": "self"}:
                seen.add(cond)
                read = cond in lasting.READ_CONDITIONS or cond in lasting.COUNTED_CONDITIONS
                assert read or cond in lasting.UNREAD_CONDITIONS, (c.id, cond)
    assert "loots_played(active) >= 1" in seen and "counters(self) >= 6" in seen
    assert "counters(self) > 0" in seen


def test_FS_8_2_a_harm_counted_in_the_monsters_own_counters_is_read_with_the_count_it_carries():
    """Little Horn: at each turn start, damage equal to its counters, divided among players the active player
    picks (FS-6.20). Read with the counters the view shows it carrying: none, no harm (its condition does not
    hold); 2 at a 2-HP table, a death each rival turn when the rival's pick is me (one time in n - 1), never
    in mine (I pick): 3 rounds × 4, whatever the table's size. Counters unknown: not read. Before, the trigger
    was listed as not read."""
    rules = add_slot_monster(strategy_table(4), by_id("aa-little_horn")).rules
    assert lasting.shape(rules.triggers, 0) is None and lasting.shape(rules.triggers) is None
    two = lasting.shape(rules.triggers, 2)
    assert two is not None
    assert lasting.harm(two, 4, 2, {}) == pytest.approx(3 * 4.0)
    assert lasting.harm(two, 3, 2, {}) == pytest.approx(3 * 4.0)
    assert lasting.harm(two, 4, 3, {}) == 0.0  # 2 damage does not kill at 3 HP, and it is not my turn's


def test_FS_8_2_little_horn_grown_to_a_kill_is_the_fight_i_pick():
    """Little Horn (3 HP, evasion 5, a soul, 4 loot) beside a twin with the same stats and 3 loot more, at 3
    players of 2 HP: with 2 counters on it (a death in each rival turn whose pick is me) it is the fight to
    take; with none, the twin. The old worth read its rewards only: the twin either way."""
    for counters, picked in ((2, "Little Horn"), (0, "Twin")):
        g = strategy_table(3, hp=2)
        horn = add_slot_monster(g, by_id("aa-little_horn"))
        horn.counters = counters
        add_slot_monster(g, monster("Twin", hp=3, evasion=5, attack=1, rewards={"loot": 7}, soul=1))
        g.active = 0
        assert g.io.strategies[0]._best_fight(View(g, 0))[0].name == picked
