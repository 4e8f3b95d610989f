"""Hidden Reason rule scenarios, round 2: implants only while attached, units at 0 durability leaving at
once even with an action pending, and redeals without a cap."""

from __future__ import annotations

from cardlab.simulate.core import EventLog, Players
from cardlab.simulate.core.testing import ScriptedPlayer
from cardlab.simulate.hidden_reason import make_config
from cardlab.simulate.hidden_reason.combat import attack_phase
from cardlab.simulate.hidden_reason.scenario import cast, first_option, kinds, position
from cardlab.simulate.hidden_reason.stack import PASS, act, run_stack
from cardlab.simulate.hidden_reason.state import BATTLEFIELD, OTHER_WORLD
from cardlab.simulate.hidden_reason.turn import setup
from cardlab.simulate.hidden_reason.zones import leave_battlefield, sweep


def _attach(g, implant, host):
    cast(g, implant.owner, implant.uid, host.uid)
    run_stack(g)
    assert implant.host is host


def test_HR_4_11_an_implant_affects_its_unit_only_while_attached():
    """An undamaged Iron Golem (5) with Plating (+3) is back to 5 when Plating is destroyed."""
    g = position({0: {"hand": ["Plating"], "battlefield": ["Iron Golem"]}, 1: {}})
    plating, golem = g.cards
    _attach(g, plating, golem)
    assert golem.dur == 8
    leave_battlefield(g, plating, OTHER_WORLD, "destroyed")
    assert golem.dur == 5 and golem.zone == BATTLEFIELD


def test_HR_4_11_damage_taken_while_plated_stays_taken_when_the_implant_goes():
    g = position({0: {"hand": ["Plating"], "battlefield": ["Iron Golem"]}, 1: {}})
    plating, golem = g.cards
    _attach(g, plating, golem)
    golem.dur -= 6  # 6 damage taken while plated: 2 of 8 tokens left (HR-13.10)
    leave_battlefield(g, plating, OTHER_WORLD, "destroyed")
    assert golem.dur == 0  # 5 without the plating, minus the 6 damage: none left
    sweep(g)
    assert golem.zone == OTHER_WORLD  # HR-4.4


def _respond_with(name, context=None):
    """Opponent script: in a respond window (the ordinary one after payment unless ``context`` names an
    HR-7.1 stage window), play ``name`` (on the first legal target)."""

    def fn(d):
        if d.kind == "respond" and d.context == context:
            for o in d.options:
                if o != PASS and o[0] == "cast" and d.view.card(o[1]).name == name:
                    return o
        return None

    return fn


def test_HR_4_4_HR_13_1_an_attacker_brought_to_0_by_damage_leaves_and_deals_no_damage():
    """Veteran Spearman (3/2) attacks (tap: 1 token left); Arc Bolt (2 damage) before damage: it leaves at
    once and deals nothing; only a unit whose own tap removed its last token waits (HR-4.5)."""
    g = position(
        {0: {"battlefield": ["Veteran Spearman"]}, 1: {"hand": ["Arc Bolt"]}},
        fns={0: lambda d: "attack" if d.kind == "attack" else None, 1: _respond_with("Arc Bolt")},
    )
    spear = g.cards[0]
    attack_phase(g)
    assert spear.zone == OTHER_WORLD
    assert g.boss_hp == 50 and "boss_damage" not in kinds(g)


def test_HR_4_5_a_unit_whose_own_tap_removed_its_last_token_still_deals_its_damage():
    g = position(
        {0: {"battlefield": ["Border Scout"]}, 1: {}},
        fns={0: lambda d: "attack" if d.kind == "attack" else None},
    )
    scout = g.cards[0]
    attack_phase(g)
    assert g.boss_hp == 50 - scout.d.attack and scout.zone == OTHER_WORLD


def test_HR_11_3_an_ability_of_a_unit_killed_before_it_resolves_does_not_take_effect():
    """Archivist (2/3) pays 1 and taps (2 left) to draw; Ambush (2 damage) in response takes it to 0: it
    leaves at once and the draw does not resolve (HR-Q.12)."""
    g = position({0: {"battlefield": ["Archivist"], "deck": ["Iron Golem"]}, 1: {"hand": ["Ambush"]}},
                 fns={1: _respond_with("Ambush")})  # fmt: skip
    archivist = g.cards[0]
    hand_before = len(g.players[0].hand)
    act(g, 0, ("act", archivist.uid, 0, None))
    run_stack(g, 1)
    assert archivist.zone == OTHER_WORLD
    assert len(g.players[0].hand) == hand_before and "fizzled" in kinds(g)


def test_HR_14_6_redeals_have_no_cap_each_after_the_first_exiles_three():
    count = {"n": 0}

    def five_redeals(d):
        if d.kind == "mulligan":
            count["n"] += 1
            return "redeal" if count["n"] <= 5 else "keep"
        return None

    seats = Players([ScriptedPlayer(0, plan=five_redeals), ScriptedPlayer(1)])
    g = setup(make_config(2, 10, decks="legion_aggro"), 3, seats, EventLog())
    p = g.players[0]
    assert p.mulligans == 5 and len(p.abyss) == 4 * 3  # the first redeal is free (HR-14.6)
    assert len(p.hand) == 5


def test_HR_14_6_redeals_end_when_the_deck_cannot_pay_three():
    seats = Players(
        [ScriptedPlayer(0, plan=first_option("mulligan", lambda o: o == "redeal")), ScriptedPlayer(1)]
    )
    g = setup(make_config(2, 10, decks="legion_aggro"), 3, seats, EventLog())
    p = g.players[0]
    assert len(p.deck) < 3 and len(p.hand) == 5
    assert len(p.abyss) == 3 * (p.mulligans - 1)
