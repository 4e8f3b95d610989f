"""Rule scenarios for the HR rules no other test cites (a self-examination from the rulebook):
each sets up a position, acts and asserts the exact outcome, or, for a definition or a physical
component, checks the engine or the bundled card data obeys it."""

from __future__ import annotations

import pytest

from cardlab.simulate.hidden_reason import resources
from cardlab.simulate.hidden_reason.combat import attack_phase, retribution_targets
from cardlab.simulate.hidden_reason.decks import load_pool
from cardlab.simulate.hidden_reason.scenario import cast, position
from cardlab.simulate.hidden_reason.stack import act, options, run_stack
from cardlab.simulate.hidden_reason.state import BATTLEFIELD, OTHER_WORLD, GameOver
from cardlab.simulate.hidden_reason.targets import attack_of
from cardlab.simulate.hidden_reason.turn import _start_phase

POOL = load_pool("")
PERMANENT_TYPES = {"unit", "event", "object", "implant"}


def _attack_all(d):
    return "attack" if d.kind == "attack" else None


# -- HR-2 winning -------------------------------------------------------------------------------------------


def test_HR_2_2_the_lethal_attack_wins_for_the_player_who_dealt_less():
    """Seat 1 dealt 45 of the boss's 50; seat 0's Veteran Spearman deals the last 3 in its attack: seat 0
    wins, seat 1's total does not matter."""
    g = position({0: {"battlefield": ["Veteran Spearman"]}, 1: {}}, boss_hp=3, fns={0: _attack_all})
    g.players[1].boss_damage = 45
    with pytest.raises(GameOver) as over:
        attack_phase(g)
    assert over.value.winners == (0,) and g.boss_hp == 0
    assert g.players[0].lethal and not g.players[1].lethal


def test_HR_2_2_HR_16_5_a_lethal_wound_wins_for_the_active_player():
    """The wound's 1 damage is a means like any other: at 1 HP, seat 1's wound kills the boss."""
    g = position({0: {}, 1: {"deck": ["Border Scout"] * 2}}, active=1, boss_hp=1)
    g.players[0].boss_damage = 49
    with pytest.raises(GameOver) as over:
        _start_phase(g)
    assert over.value.winners == (1,) and g.boss_hp == 0


# -- physical components and definitions -----------------------------------------------------------------------


def test_HR_3_7_HR_5_1_HR_6_6_HR_14_3_no_board_boss_card_or_resource_cards_needed():
    """What the board, boss card and resource cards track on a table is state of the game itself: the
    boss's HP, every seat's five zones, crystals and temporary resources."""
    g = position({0: {"hand": ["Border Scout"]}, 1: {}}, crystals=3, pool=3, boss_hp=50)
    assert g.boss_hp == g.boss_max == 50
    for p in g.players:
        assert all(isinstance(z, list) for z in (p.hand, p.deck, p.battlefield, p.other_world, p.abyss))
        assert (p.crystals, p.pool, p.temp) == (3, 3, 0)
    resources.gain_temp(g, g.players[0], 2)
    assert (g.players[0].crystals, g.players[0].pool, g.players[0].temp) == (3, 5, 2)


def test_HR_4_1_every_bundled_card_has_its_printed_elements():
    """Name, type (units: class, attack, durability), play cost; ability text is encoded behaviour."""
    assert POOL.cards
    for name, d in POOL.cards.items():
        assert d.name == name and d.type in PERMANENT_TYPES | {"tactic", "strategy"}, name
        assert isinstance(d.cost, int) and d.cost >= 0, name
        assert d.cls, name
        if d.is_unit:
            assert d.durability >= 1 and d.attack >= 0, name
        else:
            assert d.durability == 0, name


def test_HR_4_12_permanents_stay_on_the_battlefield_spells_do_not():
    """An event, an object and a unit stay once resolved; a tactic resolves and goes to the other world."""
    g = position(
        {0: {"hand": ["Watchtower", "Oracle Lens", "Border Scout", "Insight"], "deck": ["Shield Recruit"] * 3},
         1: {}},
        pool=9,
    )  # fmt: skip
    tower, lens, scout, insight = g.cards[:4]
    for c in (tower, lens, scout, insight):
        cast(g, 0, c.uid)
        run_stack(g)
    assert [c.zone for c in (tower, lens, scout)] == [BATTLEFIELD] * 3 and insight.zone == OTHER_WORLD
    assert {c.d.type for c in g.players[0].battlefield} <= PERMANENT_TYPES
    assert all(c.d.is_permanent for c in (tower, lens, scout)) and not insight.d.is_permanent


def test_HR_4_13_units_have_a_class_and_decks_mix_classes():
    classes = {d.cls for d in POOL.cards.values() if d.is_unit}
    assert len(classes) >= 2
    mixed = [deck for deck in POOL.decks.values() if len(deck.classes) > 1]
    assert mixed, "a bundled deck mixes classes (HR-14.1)"
    for deck in mixed:
        units = {POOL.cards[n].cls for n, _copies in deck.cards if POOL.cards[n].is_unit}
        assert len(units) > 1, deck


# -- units, tapping, abilities -------------------------------------------------------------------------------


def test_HR_4_2_durability_is_both_taps_and_damage():
    """Veteran Spearman (3 / 2): one attack (a tap) leaves 1 durability; 1 damage after that destroys it.
    An object has no attack and never attacks."""
    g = position(
        {0: {"battlefield": ["Veteran Spearman", "Oracle Lens"]}, 1: {"hand": ["Arc Bolt"]}},
        fns={0: _attack_all},
    )
    spear, banner, bolt = g.cards
    attack_phase(g)
    assert g.boss_hp == 50 - 3 and spear.zone == BATTLEFIELD and spear.dur == 1
    assert not banner.tapped and [r[4] for r in g.log.rows if r[3] == "attack"] == ["Veteran Spearman"]
    cast(g, 1, bolt.uid, spear.uid)  # 2 damage; 1 token was left
    run_stack(g)
    assert spear.zone == OTHER_WORLD


def test_HR_8_1_HR_16_4_a_tapped_permanent_cannot_tap_again_until_its_untap():
    """Oracle Lens taps to draw: once tapped the ability is gone until its controller's next untap step."""
    g = position({0: {"battlefield": ["Oracle Lens"], "deck": ["Border Scout"] * 4}, 1: {}}, pool=5)
    lens = g.cards[0]
    acts = [o for o in options(g, 0, True) if o[0] == "act" and o[1] == lens.uid]
    assert acts
    act(g, 0, acts[0])
    run_stack(g)
    assert lens.tapped and len(g.players[0].hand) == 1
    assert not [o for o in options(g, 0, True) if o[0] == "act" and o[1] == lens.uid]
    g.turn += 1
    _start_phase(g)  # seat 0 is active again: untap step
    assert not lens.tapped and [o for o in options(g, 0, True) if o[0] == "act" and o[1] == lens.uid]


def test_HR_16_7_static_triggered_and_activated_abilities():
    """Static: Standard-Bearer's +1 to the other units, only while it is there. Triggered: Headhunter's
    entry damage goes on the stack by itself. Activated: Archivist's draw is chosen and paid (1 and a tap)."""
    g = position(
        {0: {"battlefield": ["Standard-Bearer", "Border Scout", "Archivist"], "hand": ["Headhunter"],
             "deck": ["Shield Recruit"] * 3},
         1: {"battlefield": ["Shield Recruit"]}},
        pool=5,
    )  # fmt: skip
    bearer, scout, archivist, hunter, *_deck, recruit = g.cards
    assert attack_of(g, scout) == 3 and attack_of(g, bearer) == 1
    cast(g, 0, hunter.uid)
    run_stack(g)
    assert hunter.zone == BATTLEFIELD and recruit.dur == 1  # the trigger resolved with no one choosing it
    assert [(r[3], r[7]) for r in g.log.rows if r[4] == "Headhunter"][-2:] == [("trigger", "enter"),
                                                                              ("card_resolved", "trigger")]  # fmt: skip
    draws = [o for o in options(g, 0, True) if o[0] == "act" and o[1] == archivist.uid]
    pool = g.players[0].pool
    act(g, 0, draws[0])
    run_stack(g)
    assert g.players[0].pool == pool - 1 and archivist.tapped and archivist.dur == 2
    assert len(g.players[0].hand) == 1


# -- resources -----------------------------------------------------------------------------------------------


def test_HR_6_3_a_crystal_from_the_wound_and_a_temporary_resource_from_boss_damage():
    """The wound's crystal stays after the turn; the attack's +1 is gone at its end."""
    g = position(
        {0: {"battlefield": ["Veteran Spearman"], "deck": ["Border Scout"] * 3}, 1: {}},
        crystals=2,
        pool=0,
        fns={0: lambda d: "crystal" if d.kind == "wound" else _attack_all(d)},
    )
    _start_phase(g)
    p = g.players[0]
    assert (p.crystals, p.pool, p.temp) == (3, 3, 0)
    attack_phase(g)
    assert (p.crystals, p.pool, p.temp) == (3, 4, 1)
    resources.end_turn_resources(g)
    assert (p.crystals, p.pool, p.temp) == (3, 3, 0)


def test_HR_16_5_the_wound_can_give_a_card_instead_of_a_crystal():
    g = position(
        {0: {"deck": ["Border Scout"] * 3}, 1: {}},
        crystals=2,
        pool=0,
        fns={0: lambda d: "card" if d.kind == "wound" else None},
    )
    _start_phase(g)
    p = g.players[0]
    assert g.boss_hp == 49 and p.crystals == 2 and len(p.hand) == 2  # the draw step and the wound's card


# -- retribution ---------------------------------------------------------------------------------------------


def test_HR_16_3_retribution_reaches_a_cost_of_exactly_half_the_attack():
    """Veteran Spearman (attack 3) reaches a cost-1 unit, not a cost-2 one; used, it is sacrificed and
    destroys its target, and deals no damage to the boss."""
    g = position(
        {0: {"battlefield": ["Veteran Spearman"]}, 1: {"battlefield": ["Border Scout", "Headhunter"]}}
    )
    spear, scout, hunter = g.cards
    assert retribution_targets(g, spear) == [scout.uid]
    g.seats.strategies[0].plans.insert(
        0, lambda d: ("retribution", scout.uid) if d.kind == "attack" else None
    )
    attack_phase(g)
    assert spear.zone == OTHER_WORLD and scout.zone == OTHER_WORLD and hunter.zone == BATTLEFIELD
    assert g.boss_hp == 50
