"""``commit=1``: a heuristic that remembers the plan behind its own answer is told the
answer played — the base when the search overrules it, each branch's rollout player the option that branch
plays — so an overrule's follow-up choices follow a plan for the option played, in the game and in the
rollouts alike."""

from __future__ import annotations

import random

import pytest

from cardlab.simulate.core import Players, branching
from cardlab.simulate.core.decisions import Decision
from cardlab.simulate.core.errors import UserError
from cardlab.strategies.four_souls import FSSearch
from cardlab.strategies.search import Hooks, Search


class Recorder:
    """A heuristic that answers the first option and records every decision it is asked."""

    def __init__(self, seat, rng):
        self.asked = []

    def choose(self, decision):
        self.asked.append((decision.kind, tuple(decision.options), decision.view))
        return decision.options[0]


class Committing(Search):
    """Truncated rollouts in which option 1 is always ahead, and whole games option ``wins`` wins."""

    hooks = Hooks(
        state_of=lambda view: view,
        players_of=lambda state: state,
        determinize=lambda state, seat, rng: None,
        turn_of=lambda view: 0,
        evaluator=lambda rng: lambda view, seat: 0.0,
        view_of=lambda state, seat: ("view of", state, seat),
    )
    heuristics = {"sensible": Recorder}
    default_horizon = 2
    default_confidence = 1.0
    default_commit = 1

    def __init__(self, wins, **params):
        super().__init__(0, random.Random(5), budget=6, settle=4, **params)
        self.wins = wins

    def _branch(self, decision, i, seed, horizon):
        if horizon:
            return branching.Outcome(end_reason="horizon", values=(0.4 + 0.1 * i, 0.6 - 0.1 * i))
        return branching.Outcome(winners=(0,) if i == self.wins else (1,), end_reason="souls")


def _decide(search):
    return search.choose(Decision(kind="action", seat=0, options=("a", "b"), view="game view"))


def test_an_overruled_base_is_told_the_answer_played():
    overruled = Committing(wins=1)
    assert _decide(overruled) == "b"
    assert overruled.base.asked == [("action", ("a", "b"), "game view"), ("action", ("b",), "game view")]
    kept = Committing(wins=0)  # whole games refute the candidate: the base's own answer, asked once
    assert _decide(kept) == "a"
    assert kept.base.asked == [("action", ("a", "b"), "game view")]


def test_a_branch_tells_its_seats_rollout_player_the_option_it_plays():
    search = Committing(wins=1)
    decision = Decision(kind="action", seat=0, options=("a", "b", "c"), view="game view")
    table = Players([None, None])
    search._enter(decision, 2, 7, 0, state=table)  # a copy: the seat's view of the copy
    mine, other = table.strategies
    assert mine.asked == [("action", ("c",), ("view of", table, 0))] and other.asked == []
    forked = Players([None, None])
    search.hooks = Hooks(
        state_of=lambda view: forked,
        players_of=lambda state: state,
        determinize=lambda state, seat, rng: None,
    )
    search._enter(decision, 1, 7, 0)  # a fork or a replay: the decision's own (live) view
    assert forked.strategies[0].asked == [("action", ("b",), "game view")]


def test_commit_is_a_parameter_off_by_default():
    assert not FSSearch(0, random.Random(1)).commit_answers
    assert FSSearch(0, random.Random(1), commit=1).commit_answers
    for bad in (2, -1, True, 0.5):
        with pytest.raises(UserError, match="commit must be 0 or 1"):
            FSSearch(0, random.Random(1), commit=bad)
