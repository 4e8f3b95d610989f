"""Four Souls search player: ``strategies.search.Search`` with this game's re-deal and heuristics."""

from __future__ import annotations

from cardlab.simulate.core.testing import RandomPlayer
from cardlab.simulate.four_souls.branching import determinize, state_of
from cardlab.strategies.search import Hooks, Search

from .aggro import AggroPlayer
from .evaluator import EvaluatorPlayer
from .hoarder import HoarderPlayer
from .sensible import SensiblePlayer


class FSSearch(Search):
    """Determinized Monte Carlo search: tries its options in re-dealt branches played out by a heuristic
    (budget= rollouts per decision, rollout=, base=, decisions=, horizon=, confidence=; default: action
    decisions only, two-turn rollouts, sensible's answer unless beaten by one standard error)."""

    hooks = Hooks(
        state_of=state_of,
        players_of=lambda g: g.io,
        determinize=determinize,
        turn_of=lambda view: view.turn,
        evaluator=lambda rng: EvaluatorPlayer(0, rng).value,  # public features only (souls, cents, …)
        scale=8.0,  # one soul in the evaluator's weights: a soul ahead counts e times the win share
    )
    heuristics = {
        "sensible": SensiblePlayer,
        "aggro": AggroPlayer,
        "hoarder": HoarderPlayer,
        "evaluator": EvaluatorPlayer,
        "random": RandomPlayer,
    }
    default_decisions = "action"  # own-turn actions: the only kind that moved sensible's strength (#13)
    # measured (docs/search.md): whole-game rollouts cost 42.8 s a 4-player game and lost to sensible;
    # two-turn rollouts scored by the evaluation, overruling sensible only on a paired gain of one
    # standard error, beat sensible in 2-player games at about 4 s a 4-player game
    default_budget = 16
    default_horizon = 2
    default_confidence = 1.0
    default_branch = "fork"
    branches = ("fork",)  # the engine skips response windows a player declines unseen: a replay cannot
