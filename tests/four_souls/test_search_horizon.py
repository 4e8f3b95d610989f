"""Four Souls search with truncated rollouts: a branch is cut ``horizon`` turns after the searched decision
and scored by the evaluator's state evaluation (souls, cents, loot, items, HP: public features), turned into
estimated win shares by a softmax over the seats."""

from __future__ import annotations

import math
import random

import pytest

from cardlab.simulate import games
from cardlab.simulate.core import Players, branching
from cardlab.simulate.core.errors import UserError
from cardlab.simulate.core.game import play_seated
from cardlab.strategies import search as search_module
from cardlab.strategies.four_souls.search import FSSearch
from cardlab.strategies.four_souls.sensible import SensiblePlayer


class Probe(FSSearch):
    """Stops after a few searched decisions (the rest answered by the base heuristic)."""

    left = 3

    def choose(self, decision):
        if self.left <= 0 or decision.kind != "action" or len(decision.options) < 2:
            return self.base.choose(decision)
        self.left -= 1
        return super().choose(decision)


def _play(player, seed=21):
    spec = games.get("four-souls")
    config = spec.make_config(n_players=2, max_turns=spec.default_max_turns)
    return play_seated(spec, config, seed, Players([player, SensiblePlayer(1, random.Random(4))]))


def test_a_truncated_rollout_scores_estimated_win_shares():
    """With a horizon the searched options' means are win shares in (0, 1) from the evaluation, not
    whole wins; without one (horizon=0) every rollout is a whole game: a win 1 or a loss 0."""
    cut, whole = (
        Probe(0, random.Random(3), budget=4, horizon=1),
        Probe(0, random.Random(3), budget=4, horizon=0),
    )
    _play(cut)
    _play(whole)
    assert cut.searched and whole.searched
    cut_values = [v / n for s in cut.searched for v, n in zip(s.values, s.visits, strict=True) if n]
    whole_values = [v for s in whole.searched for v in s.values]
    assert all(0.0 < v < 1.0 for v in cut_values)
    assert any(abs(v - round(v)) > 1e-6 for v in cut_values)
    assert all(abs(v - round(v)) < 1e-9 for v in whole_values)


def test_the_cut_is_a_softmax_of_the_evaluation_one_scale_a_factor_e(monkeypatch):
    """A seat ``scale`` evaluation points ahead gets e times the other's share; the shares sum to 1; the
    cut waits for the horizon's turn."""
    seen = []
    monkeypatch.setattr(branching, "stop", seen.append)

    class View:
        turn = 5

    hooks = search_module.Hooks(
        state_of=None,
        players_of=None,
        determinize=None,
        turn_of=lambda view: view.turn,
        evaluator=lambda rng: lambda view, seat: [24.0, 16.0][seat],
        scale=8.0,
    )
    search_module._Cut(6, 2, hooks, random.Random(0)).check(View())
    assert seen == []
    search_module._Cut(5, 2, hooks, random.Random(0)).check(View())
    (outcome,) = seen
    a, b = outcome.values
    assert a + b == pytest.approx(1.0)
    assert a / b == pytest.approx(math.e)


@pytest.mark.parametrize(
    ("horizon", "message"),
    [(-1, "horizon must be a whole number of turns"), (1.5, "horizon must be a whole number of turns")],
)
def test_a_bad_horizon_is_refused(horizon, message):
    with pytest.raises(UserError, match=message):
        FSSearch(0, random.Random(0), horizon=horizon)
