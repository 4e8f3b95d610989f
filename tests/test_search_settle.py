"""``settle=N``: a truncated search's overrule of its base heuristic stands only if N pairs of whole-game
rollouts on fresh common seeds (the candidate and the base's answer, each pair on one re-deal) confirm it,
by the confidence rule with the whole-game pseudo-difference; and `cardlab overrules` counts them."""

from __future__ import annotations

import random

import pytest

from cardlab.overrules import Overrules, overrules
from cardlab.runset import RunSettings, plan_of
from cardlab.simulate import games
from cardlab.simulate.core import branching
from cardlab.simulate.core.decisions import Decision
from cardlab.simulate.core.errors import UserError
from cardlab.strategies.search import Hooks, Search, Searched


class First:
    """A base heuristic that always answers the first option."""

    def __init__(self, seat, rng):
        pass

    def choose(self, decision):
        return decision.options[0]


class Scripted(Search):
    """A search over a game that is not there: every branch's outcome is scripted by ``whole`` (whole-game
    rollouts: does the option win?) and by truncated estimates in which option 1 is always ahead."""

    hooks = Hooks(
        state_of=lambda view: view,
        players_of=lambda state: state,
        determinize=lambda state, seat, rng: None,
        turn_of=lambda view: 0,
        evaluator=lambda rng: lambda view, seat: 0.0,
    )
    heuristics = {"sensible": First}
    default_horizon = 2
    default_confidence = 1.0

    def __init__(self, whole, **params):
        super().__init__(0, random.Random(5), budget=6, **params)
        self.whole, self.branches_taken = whole, []

    def _branch(self, decision, i, seed, horizon):
        self.branches_taken.append((i, horizon))
        if horizon:  # option 1 ahead by a steady 0.1 of estimated win share
            return branching.Outcome(end_reason="horizon", values=(0.4 + 0.1 * i, 0.6 - 0.1 * i))
        return branching.Outcome(winners=(0,) if self.whole(i) else (1,), end_reason="souls")


def _decide(search):
    return search.choose(Decision(kind="action", seat=0, options=["a", "b"]))


def test_an_overrule_stands_only_when_whole_games_confirm_it():
    confirmed = Scripted(lambda i: i == 1, settle=4, curtail=0)  # every pair played
    assert _decide(confirmed) == "b"
    record = confirmed.searched[-1]
    assert (record.candidate, record.chosen, record.check) == (1, 1, (1.0, 1.0, 1.0, 1.0))
    assert sum(1 for _, h in confirmed.branches_taken if h == 0) == 8  # 4 pairs, one per option

    refuted = Scripted(lambda i: True, settle=4)  # both options win every whole game: no gain
    assert _decide(refuted) == "a"
    assert (refuted.searched[-1].candidate, refuted.searched[-1].chosen) == (1, 0)


def test_without_settle_the_truncated_rollouts_decide_alone():
    alone = Scripted(lambda i: False)
    assert _decide(alone) == "b"
    assert alone.searched[-1].candidate is None and all(h for _, h in alone.branches_taken)


def test_the_base_answer_is_never_checked():
    """No candidate (the truncated rollouts keep the base's answer): no whole-game rollouts at all."""

    class Behind(Scripted):
        def _branch(self, decision, i, seed, horizon):
            return branching.Outcome(end_reason="horizon", values=(0.5 - 0.1 * i, 0.5 + 0.1 * i))

    search = Behind(lambda i: True, settle=4)
    assert _decide(search) == "a" and search.searched[-1].candidate is None


@pytest.mark.parametrize(
    "params", [{"settle": 1}, {"settle": -2}, {"settle": 2.5}, {"settle": 4, "horizon": 0}]
)
def test_a_bad_settle_is_one_line(params):
    with pytest.raises(UserError, match="settle"):
        Scripted(lambda i: True, **params)


def test_an_audit_re_measures_an_overrule_played_on_fresh_pairs_and_changes_nothing():
    """``audit=N``: N more pairs for each overrule played, on seeds from a stream of their own: the choice
    and the search's own stream are what they are without the audit (the game plays the same)."""
    plain = Scripted(lambda i: i == 1, settle=4, curtail=0)
    audited = Scripted(lambda i: i == 1, settle=4, audit=3, curtail=0)
    assert _decide(plain) == _decide(audited) == "b"
    assert plain.rng.getstate() == audited.rng.getstate()
    assert audited.searched[-1].audit == (1.0, 1.0, 1.0) and plain.searched[-1].audit == ()
    whole = [i for i, h in audited.branches_taken if h == 0]
    assert whole == [1, 0] * 7  # 4 settling pairs, then 3 audit pairs, the overrule first in each
    refuted = Scripted(lambda i: True, settle=4, audit=3)  # the base's answer is played: nothing to audit
    assert _decide(refuted) == "a" and refuted.searched[-1].audit == ()
    with pytest.raises(UserError, match="audit"):
        Scripted(lambda i: True, settle=4, audit=-1)


def test_overrules_counts_candidates_and_their_checks():
    counts = Overrules()
    records = [
        Searched("action", ("a", "b"), [3, 3], [1.0, 2.0], 1, 0, candidate=1, check=(1.0, 0.0)),
        Searched("action", ("a", "b"), [3, 3], [1.0, 2.0], 0, 0, candidate=1, check=(-1.0, 0.0)),
        Searched("action", ("a", "b"), [3, 3], [2.0, 1.0], 0, 0),
    ]
    counts.add(records, 1.0)
    assert (counts.seats, counts.searched, counts.candidates, counts.overruled) == (1, 3, 2, 1)
    assert counts.checks == [0.5, -0.5] and counts.kept_checks == [0.5]
    text = str(counts)
    assert "overrule candidates 2 (66.7%)" in text and "mean gain +0.000" in text
    assert "whole-game pairs played by the checks: 4 (2.0 a candidate)" in text
    assert "audit" not in text
    audited = [
        Searched("action", ("a", "b"), [3, 3], [1.0, 2.0], 1, 0, candidate=1, check=(1.0,), audit=(1.0, 0.0)),
        Searched(
            "action", ("a", "b"), [3, 3], [1.0, 2.0], 1, 0, candidate=1, check=(1.0,), audit=(-1.0, 0.0)
        ),
    ]
    counts.add(audited, 0.0)
    assert counts.audits == [0.5, -0.5]
    assert "audit of the overrules played (fresh pairs, unbiased): mean gain +0.000" in str(counts)


def test_overrules_breaks_the_counts_down_by_decision_kind_when_several_are_searched():
    counts = Overrules()
    counts.add(
        [
            Searched("action", ("a", "b"), [3, 3], [1.0, 2.0], 1, 0, candidate=1, check=(1.0, 1.0)),
            Searched("respond", ("a", "b"), [3, 3], [1.0, 2.0], 0, 0, candidate=1, check=(-1.0, 0.0)),
            Searched("respond", ("a", "b"), [3, 3], [1.0, 2.0], 0, 0, candidate=1, check=(0.0, 0.0)),
            Searched("respond", ("a", "b"), [3, 3], [2.0, 1.0], 0, 0),
        ],
        1.0,
    )
    assert counts.kinds == {"action": [1, 1, 1], "respond": [3, 2, 0]}
    text = str(counts)
    assert "  action: searched 1, candidates 1, played 1; check n = 1, too few" in text
    assert "  respond: searched 3, candidates 2, played 0; check mean gain -0.250 wins" in text
    one = Overrules()
    one.add([Searched("action", ("a", "b"), [3, 3], [2.0, 1.0], 0, 0)], 0.0)
    assert "  action:" not in str(one)  # one kind: its counts are the totals above


def test_overrules_plays_the_plan_and_reads_every_search_seat():
    spec = games.get("gosu-x")
    plan = plan_of(
        spec,
        RunSettings(n_games=1, seed=3, n_players=2, log_events=False),
        ["search:budget=2,decisions=mulligan+draft_clan", "evaluator"],
    )
    counts = overrules(plan)
    assert (counts.games, counts.seats) == (1, 1)
    assert counts.searched > 0 and 0 <= counts.overruled <= counts.searched
    assert "whole-game check: none" in str(counts)


def test_overrules_without_a_search_seat_is_one_line(tmp_path):
    from click.testing import CliRunner

    from cardlab.cli import cli

    result = CliRunner().invoke(cli, ["overrules", "gosu-x", "-s", "sensible", "-s", "evaluator", "-n", "1"])
    assert result.exit_code == 2 and "none of sensible, evaluator is a search" in result.output


def test_extend_gives_a_candidate_ahead_more_pairs_and_judges_it_on_all():
    """``extend=M``: a candidate ahead after settle's pairs (their sum > 0) is judged on M pairs in all; one
    not ahead stops at settle's pairs, so the candidates whose pairs end alike cost no more."""
    ahead = Scripted(lambda i: i == 1, settle=4, extend=10, curtail=0)
    assert _decide(ahead) == "b"
    assert ahead.searched[-1].check == (1.0,) * 10
    assert sum(1 for _, h in ahead.branches_taken if h == 0) == 20
    level = Scripted(lambda i: True, settle=4, extend=10)  # every pair ends alike: not ahead
    assert _decide(level) == "a" and len(level.searched[-1].check) == 4

    class Fading(Scripted):
        """The candidate wins its first two pairs, then loses where the base's answer wins."""

        def _branch(self, decision, i, seed, horizon):
            outcome = super()._branch(decision, i, seed, horizon)
            whole = sum(1 for _, h in self.branches_taken if h == 0)
            if horizon or whole <= 4:
                return outcome
            return branching.Outcome(winners=(1,) if i == 1 else (0,), end_reason="souls")

    fading = Fading(lambda i: i == 1, settle=2, extend=8, curtail=0)
    assert _decide(fading) == "a"  # ahead after 2 pairs, refuted on all 8
    assert fading.searched[-1].check == (1.0, 1.0) + (-1.0,) * 6
    curtailed = Fading(lambda i: i == 1, settle=2, extend=8)
    assert _decide(curtailed) == "a"  # refuted once three more could not lift it: 5 pairs, not 8
    assert curtailed.searched[-1].check == (1.0, 1.0) + (-1.0,) * 3


@pytest.mark.parametrize(
    "params",
    [{"settle": 4, "extend": 4}, {"settle": 4, "extend": -1}, {"extend": 8}, {"settle": 4, "extend": 2.5}],
)
def test_a_bad_extend_is_one_line(params):
    with pytest.raises(UserError, match="extend"):
        Scripted(lambda i: True, **params)


def test_challenge_settles_the_runner_up_even_when_the_truncated_rollouts_keep_the_base():
    """``challenge=1``: the truncated judge prefers the base's answer (option 0), yet option 1 is settled on
    whole games, and played when they confirm it; without ``challenge`` no whole game is played."""

    class Behind(Scripted):
        def _branch(self, decision, i, seed, horizon):
            if horizon:
                self.branches_taken.append((i, horizon))
                return branching.Outcome(end_reason="horizon", values=(0.5 - 0.1 * i, 0.5 + 0.1 * i))
            return super()._branch(decision, i, seed, horizon)

    confirmed = Behind(lambda i: i == 1, settle=4, challenge=1, curtail=0)
    assert _decide(confirmed) == "b"
    assert (confirmed.searched[-1].candidate, confirmed.searched[-1].check) == (1, (1.0,) * 4)
    refuted = Behind(lambda i: True, settle=4, challenge=1)
    assert _decide(refuted) == "a" and refuted.searched[-1].candidate == 1
    plain = Behind(lambda i: i == 1, settle=4)
    assert _decide(plain) == "a" and all(h for _, h in plain.branches_taken)


@pytest.mark.parametrize(
    "params", [{"settle": 4, "challenge": 2}, {"challenge": 1}, {"settle": 4, "challenge": True}]
)
def test_a_bad_challenge_is_one_line(params):
    with pytest.raises(UserError, match="challenge"):
        Scripted(lambda i: True, **params)


def test_curtail_gives_the_verdict_all_the_pairs_would_give():
    """``_verdict(diffs, left)``: when it answers before the last pair, every way the pairs left can end
    (each difference -1, -1/2, 0, 1/2 or 1) gives that answer on all of them; it answers at the end."""
    rng = random.Random(3)
    values = (-1.0, -0.5, 0.0, 0.5, 1.0)
    weights = (2, 1, 10, 1, 2)  # most pairs end alike, as in Four Souls
    answered = 0
    for confidence in (0.0, 1.0, 2.0):
        search = Scripted(lambda i: True, settle=4, confidence=confidence)
        for _ in range(150):
            n = rng.randint(2, 12)
            diffs = rng.choices(values, weights, k=n)
            for k in range(n):
                early = search._verdict(diffs[:k], n - k)
                if early is not None:
                    answered += 1
                    for _ in range(4):
                        rest = rng.choices(values, k=n - k)
                        assert search._verdict(diffs[:k] + rest, 0) is early
            assert search._verdict(diffs, 0) is not None
    assert answered > 300  # the test sees the early answers it checks


def test_curtail_stops_the_pairs_once_the_verdict_is_settled_and_changes_nothing_else():
    """Four pairs, the candidate winning each: after three no fourth can refute it, so it is played on
    three. Six pairs ended alike: after five, the sixth could not confirm it. ``curtail=0`` plays all four,
    and the search's stream moves alike (the seeds are drawn first)."""
    won, full = Scripted(lambda i: i == 1, settle=4), Scripted(lambda i: i == 1, settle=4, curtail=0)
    assert _decide(won) == _decide(full) == "b"
    assert won.searched[-1].check == (1.0,) * 3 and full.searched[-1].check == (1.0,) * 4
    assert won.rng.getstate() == full.rng.getstate()
    level = Scripted(lambda i: True, settle=6)
    assert _decide(level) == "a" and level.searched[-1].check == (0.0,) * 5
    with pytest.raises(UserError, match="curtail"):
        Scripted(lambda i: True, curtail=2)
