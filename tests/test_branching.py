"""Branching at a decision (simulate.core.branching), on the Pig fixture game."""

from __future__ import annotations

import pytest

from cardlab.simulate.core import Players
from cardlab.simulate.core.branching import BranchError, fork
from cardlab.simulate.core.game import play_seated
from tests.toygame import GAME, PigConfig


class Brancher:
    """At its first real decision, tries every option in a branch (then holds at 10 like ``HoldAt``)."""

    name = "brancher"

    def __init__(self, seat, rng, fail_in_child=False):
        self.searching = True
        self.fail_in_child = fail_in_child
        self.outcomes = {}

    def _enter_branch(self):
        self.searching = False  # in the child: play on without branching again
        if self.fail_in_child:
            raise ValueError("a child that breaks")

    def choose(self, decision):
        if self.searching:
            self.searching = False
            for option in decision.options:
                outcome = fork(self._enter_branch)
                if outcome is None:  # the child: answer with the candidate
                    return option
                self.outcomes[option] = outcome
        return "hold" if decision.view[1] >= 10 else "roll"


class Holder:
    name = "holder"

    def __init__(self, seat, rng):
        pass

    def choose(self, decision):
        return "hold" if decision.view[1] >= 10 else "roll"


def _play(first, seed=5):
    players = Players([first, Holder(1, None)])
    return play_seated(GAME, PigConfig(), seed, players)


def test_a_branch_plays_the_game_on_and_leaves_the_parent_untouched():
    brancher = Brancher(0, None)
    result = _play(brancher)
    assert set(brancher.outcomes) == {"roll", "hold"}
    for outcome in brancher.outcomes.values():
        assert outcome.end_reason in ("win", "turn_cap") and outcome.turns > 0
    # after branching the brancher plays exactly like Holder: the parent's game is that game
    plain = _play(Holder(0, None))
    assert result.events.rows == plain.events.rows
    assert result.winners == plain.winners
    # the child that took the parent's own answer saw the same game to its end
    same = [o for o in brancher.outcomes.values() if o.winners == plain.winners and o.turns == plain.turns]
    assert same, "one branch must reproduce the game actually played"


def test_branches_are_deterministic():
    a, b = Brancher(0, None), Brancher(0, None)
    _play(a, seed=9)
    _play(b, seed=9)
    assert a.outcomes == b.outcomes


def test_a_failing_branch_is_an_error_in_the_parent():
    with pytest.raises(BranchError, match="a child that breaks"):
        _play(Brancher(0, None, fail_in_child=True))


def test_no_branch_outside_the_kernel_entry():
    """A game played without play_seated could return a child into arbitrary code: refused."""
    players = Players([Brancher(0, None), Holder(1, None)])
    with pytest.raises(BranchError, match="play_seated"):
        GAME.play(PigConfig(), 5, players)
