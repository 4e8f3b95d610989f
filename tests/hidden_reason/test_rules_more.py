"""More rule scenarios, one per remaining testable rule ID (turn order, casting sequence, phases)."""

from __future__ import annotations

import random

from cardlab.simulate.core import Players
from cardlab.simulate.core.testing import ScriptedPlayer
from cardlab.simulate.hidden_reason import GAME, make_config
from cardlab.simulate.hidden_reason.combat import attack_phase, retribution_targets
from cardlab.simulate.hidden_reason.scenario import cast, position
from cardlab.simulate.hidden_reason.stack import PASS, options, run_stack
from cardlab.simulate.hidden_reason.state import BATTLEFIELD, OTHER_WORLD, STACK
from cardlab.simulate.hidden_reason.targets import targets_for
from cardlab.simulate.hidden_reason.turn import placement
from cardlab.strategies.hidden_reason import STRATEGIES


def test_HR_2_1_two_to_four_players():
    assert GAME.players_range == (2, 4)
    for n in (2, 3, 4):
        seats = Players([STRATEGIES["racer"](s, random.Random(s)) for s in range(n)])
        assert GAME.play(make_config(n, 300), 1, seats).end_reason == "win"


def test_HR_2_3_commanders_are_targets_but_take_no_damage():
    g = position({0: {"hand": ["Edict of Ash"]}, 1: {}}, n=3)
    assert targets_for(g, 0, "opponent") == [-2, -3]
    assert targets_for(g, 0, "player") == [-1, -2, -3]


def test_HR_3_5_HR_13_3_units_attack_only_the_boss_and_the_active_player_chooses():
    seen = []

    def fn(d):
        if d.kind == "attack":
            seen.append((d.seat, tuple(d.options)))
        return None

    g = position(
        {0: {"battlefield": ["Border Scout"]}, 1: {"battlefield": ["Iron Golem"]}}, fns={0: fn, 1: fn}
    )
    attack_phase(g)
    assert seen == [(0, ("attack", "hold"))]  # no way to attack a unit or a player


def test_HR_4_4_unit_at_zero_after_damage_goes_to_the_other_world():
    g = position({0: {"hand": ["Arc Bolt"]}, 1: {"battlefield": ["Veteran Spearman"]}})
    cast(g, 0, g.cards[0].uid, g.cards[1].uid)
    run_stack(g)
    assert g.cards[1].zone == OTHER_WORLD and g.cards[1].dur == 2  # reset on leaving


def test_HR_4_6_HR_Q_20_tap_abilities_at_tactic_speed_on_an_opponents_turn():
    g = position({0: {}, 1: {"battlefield": ["Archivist"], "deck": ["Border Scout"]}})
    assert [o[0] for o in options(g, 1, False)] == ["act"]


def test_HR_4_10_objects_stay_and_act():
    g = position({0: {"hand": ["Oracle Lens"]}, 1: {}})
    lens = g.cards[0]
    cast(g, 0, lens.uid)
    run_stack(g)
    assert lens.zone == BATTLEFIELD and lens.d.activated


def test_HR_7_1_cost_is_paid_before_resolution():
    g = position({0: {"hand": ["Siege Breaker"]}, 1: {}}, pool=5)
    cast(g, 0, g.cards[0].uid)
    assert g.players[0].pool == 1 and g.cards[0].zone == STACK
    assert [r[3] for r in g.log.rows] == ["card_declared", "card_cast"]


def test_HR_7_5_after_a_resolution_players_may_act_again():
    answers = iter([("cast", 1), PASS, PASS])

    def fn(d):
        return next(answers) if d.kind == "respond" else None

    g = position({0: {"hand": ["Insight", "Aether Lance"], "deck": ["Border Scout"] * 3}, 1: {}}, fns={0: fn})
    cast(g, 0, g.cards[0].uid)
    run_stack(g)
    resolved = [r[4] for r in g.log.rows if r[3] == "card_resolved"]
    assert resolved == ["Aether Lance", "Insight"]


def test_HR_8_3_untap_at_start_of_own_turn_only():
    from cardlab.simulate.hidden_reason.turn import _start_phase

    g = position(
        {0: {"battlefield": ["Iron Golem"]}, 1: {"battlefield": ["Iron Golem"], "deck": ["Border Scout"]}},
        active=1,
    )
    for c in g.cards:
        c.tapped = True
    _start_phase(g)
    assert g.cards[0].tapped and not g.cards[1].tapped


def test_HR_9_2_triggered_abilities_ignore_exhaustion():
    g = position({0: {"hand": ["Apprentice Seer"], "deck": ["Border Scout"]}, 1: {}})
    cast(g, 0, g.cards[0].uid)
    run_stack(g)
    assert g.cards[0].entered == g.turn and len(g.players[0].hand) == 1


def test_HR_9_3_exhausted_units_cannot_use_retribution():
    g = position(
        {0: {"battlefield": ["Siege Breaker"]}, 1: {"battlefield": ["Border Scout"]}},
        fns={0: lambda d: d.options[-1] if d.kind == "attack" else None},
    )
    g.cards[0].entered = g.turn
    attack_phase(g)
    assert g.cards[1].zone == BATTLEFIELD and not g.log.of_kind("retribution")


def test_HR_Q_10_retribution_against_any_opponent():
    g = position(
        {
            0: {"battlefield": ["Siege Breaker"]},
            1: {"battlefield": ["Border Scout"]},
            2: {"battlefield": ["Rivet Worker"]},
        },
        n=3,
    )
    assert sorted(g.cards[t].name for t in retribution_targets(g, g.cards[0])) == [
        "Border Scout",
        "Rivet Worker",
    ]


def test_HR_13_4_HR_13_7_each_unit_does_one_thing_all_tapped_together():
    picks = iter(["attack", ("retribution", 2)])

    def fn(d):
        return next(picks) if d.kind == "attack" else None

    g = position(
        {0: {"battlefield": ["Veteran Spearman", "Siege Breaker"]}, 1: {"battlefield": ["Border Scout"]}},
        fns={0: fn},
    )
    attack_phase(g)
    taps = [r[4] for r in g.log.rows if r[3] == "tap"]
    assert taps == ["Veteran Spearman", "Siege Breaker"]
    assert g.boss_hp == 47 and g.cards[1].zone == OTHER_WORLD and g.cards[2].zone == OTHER_WORLD


def test_HR_12_1_phases_in_order():
    result = GAME.play(
        make_config(2, 2), 3, Players([STRATEGIES["sensible"](s, random.Random(s)) for s in range(2)])
    )
    canonical = ["untap", "draw", "wound", "placement", "attack", "placement2", "end"]
    seen = [r[1] for r in result.events.rows if r[0] == 2 and r[1] in canonical]
    indexes = [canonical.index(p) for p in seen]
    assert indexes == sorted(indexes) and {"draw", "wound"} <= set(seen)


def test_HR_12_6_HR_12_8_HR_Q_8_both_placement_phases_play_anything():
    g = position(
        {0: {"hand": ["Border Scout", "War Banner"]}, 1: {}},
        fns={0: lambda d: next((o for o in d.options if o != PASS), PASS) if d.kind == "action" else None},
    )
    placement(g, "placement2")
    assert {c.name for c in g.players[0].battlefield} == {"Border Scout", "War Banner"}


def test_HR_Q_19_no_tactics_in_the_draw_step():
    asked = []

    def fn(d):
        if d.kind == "respond":
            asked.append(d.view.phase)
        return None

    seats = Players([ScriptedPlayer(0, plan=fn), ScriptedPlayer(1, plan=fn)])
    result = GAME.play(make_config(2, 6, decks="arcanum_control"), 12, seats)
    assert "draw" not in asked and "untap" not in asked
    assert result.turns == 6


def test_HR_14_4_setup_boss_and_random_first_player():
    firsts = {
        GAME.play(make_config(2, 1), seed, Players([ScriptedPlayer(0), ScriptedPlayer(1)])).first_seat
        for seed in range(12)
    }
    assert firsts == {0, 1}
