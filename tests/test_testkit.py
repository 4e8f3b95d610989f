"""The one test kit (simulate.core.testing): the scripted player answers from its script, its plans and its
fallback, and fails in one message when the script is out of step; each engine's scenario builder offers the
same interface — put a card, list the options, act, read the events, check the invariants."""

from __future__ import annotations

import random

import pytest

from cardlab.simulate.core import Decision, Players
from cardlab.simulate.core.testing import On, RandomPlayer, Scenario, ScriptedPlayer, ScriptMismatch
from cardlab.simulate.four_souls import fixtures as fs
from cardlab.simulate.gosu_x import scenario as gx
from cardlab.simulate.hidden_reason import scenario as hr
from cardlab.strategies import registry

ASK = Decision("action", 0, ("a", "b", "c"))


def test_script_steps_are_used_in_order_then_plans_then_the_fallback():
    plan_calls = []

    def plan(d):
        plan_calls.append(d.kind)
        return "c" if d.kind == "action" else None

    p = ScriptedPlayer(0, script=["b", lambda d: d.options[0], On("action", "c")], plan=plan)
    assert [p.choose(ASK) for _ in range(3)] == ["b", "a", "c"] and plan_calls == []
    assert p.choose(ASK) == "c"  # script used up: the plan answers
    assert p.choose(Decision("discard", 0, ("x", "y"))) == "x"  # the plan declines: the first option
    assert p.kinds() == ["action"] * 4 + ["discard"]
    p.expect_done()


def test_a_script_out_of_step_fails_naming_seat_step_and_decision():
    p = ScriptedPlayer(1, script=["a", On("discard", "x")])
    p.choose(Decision("action", 1, ("a", "b")))
    with pytest.raises(ScriptMismatch, match=r"seat 1 script step 2 expects a 'discard' decision.*'action'"):
        p.choose(Decision("action", 1, ("a", "b")))
    bad = ScriptedPlayer(0, script=["z"])
    with pytest.raises(ScriptMismatch, match=r"seat 0 script step 1: 'z' is not an option of the 'action'"):
        Players([bad, bad]).ask(Decision("action", 0, ("a", "b")))
    left = ScriptedPlayer(0, script=["a", "b"])
    left.choose(ASK)
    with pytest.raises(ScriptMismatch, match=r"1 script step never used, from step 2"):
        left.expect_done()


def test_a_plan_answer_that_is_not_an_option_fails():
    p = ScriptedPlayer(0, plan=lambda d: "nope")
    with pytest.raises(ScriptMismatch, match="plan: 'nope' is not an option"):
        p.choose(ASK)


def test_every_game_plays_the_kits_random_player():
    """One random player: Four Souls, Hidden Reason and Pig register the kit's class; Gosu X's adds only
    its draft= parameter and answers every other decision with the kit's draw."""
    for game in ("four-souls", "hidden-reason", "pig"):
        assert registry.for_game(game)["random"] is RandomPlayer
    gx_random = registry.for_game("gosu-x")["random"](0, random.Random(5))
    kit = RandomPlayer(0, random.Random(5))
    asks = [Decision("action", 0, tuple(range(k))) for k in (2, 3, 7, 5, 11)]
    assert [gx_random.choose(d) for d in asks] == [kit.choose(d) for d in asks]


def test_FS_8_6_scenario_a_penny_played_from_the_hand_gives_one_cent():
    """The scenario interface over Four Souls: A Penny! put into the hand is an action-phase option
    (FS-8.6); taking it resolves through priority (FS-7) and gains 1¢."""
    s = fs.scenario(2)
    s.state.players[0].loot_plays = 1
    penny = s.put(0, "A Penny!", "hand")
    cents = s.state.players[0].cents
    (option,) = [o for o in s.options(0) if o[0] == "loot" and o[1] is penny]
    s.act(0, option)
    assert s.state.players[0].cents == cents + 1
    assert penny not in s.state.players[0].hand
    assert [(r[3], r[4], r[6]) for r in s.events()] == [
        ("loot_played", "A Penny!", None),
        ("cents_gained", "A Penny!", 1),
    ]
    s.check()


def test_GX_4_3_scenario_a_level_one_card_played_from_the_hand_enters_the_army():
    """The scenario interface over Gosu X: a level-1 card moved into the hand is playable (GX-4.3) and
    enters the first row of the army."""
    s = gx.scenario()
    card = s.put(0, "Bun To", "hand")
    plays = [o for o in s.options(0) if o[0] == "play" and o[1] == card.uid]
    assert plays
    s.act(0, plays[0])
    assert card.zone == "army" and card in s.state.p[0].rows[0]
    s.check()


def test_HR_7_1_scenario_a_unit_cast_from_the_hand_enters_the_battlefield():
    """The scenario interface over Hidden Reason: a unit in the hand is cast (HR-7.1: declared, paid,
    resolved) and enters its owner's battlefield; its cost leaves the pool."""
    s = hr.scenario(seats={0: {}}, pool=3)
    seer = s.put(0, "Apprentice Seer", "hand")
    assert ("cast", seer.uid) in s.options(0)
    s.act(0, ("cast", seer.uid))
    assert seer in s.state.players[0].battlefield
    assert s.state.players[0].pool == 3 - seer.d.cost
    assert [r[4] for r in s.events("card_declared")] == ["Apprentice Seer"]
    s.check()


@pytest.mark.parametrize("build", [fs.scenario, gx.scenario, hr.scenario], ids=["fs", "gx", "hr"])
def test_every_engine_builds_scenarios_through_the_kit(build):
    s = build()
    assert isinstance(s, Scenario) and isinstance(s.player(0), ScriptedPlayer)
    with pytest.raises(ValueError, match="unknown zone 'nowhere'"):
        s.put(0, "x", "nowhere")
    s.check()
