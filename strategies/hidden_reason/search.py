"""Hidden Reason search player: ``strategies.search.Search`` with this game's re-deal and heuristics."""

from __future__ import annotations

from typing import ClassVar

from cardlab.simulate.core.testing import RandomPlayer
from cardlab.simulate.hidden_reason.branching import determinize, state_of
from cardlab.simulate.hidden_reason.decision_kinds import DECISION_KINDS
from cardlab.strategies.search import Hooks, Search

from .evaluator import EvaluatorPlayer
from .guardian import GuardianPlayer
from .racer import RacerPlayer
from .sensible import SensiblePlayer


class HRSearch(Search):
    """Its parameters: (budget= rollouts per decision, rollout=, base=, decisions=)."""

    description: ClassVar[str] = (
        "Determinized Monte Carlo search: tries its options in re-dealt branches played out by a heuristic."
    )

    hooks = Hooks(
        state_of=state_of,
        players_of=lambda g: g.seats,
        determinize=determinize,
        kinds=frozenset(DECISION_KINDS),
    )
    heuristics = {
        "sensible": SensiblePlayer,
        "evaluator": EvaluatorPlayer,
        "racer": RacerPlayer,
        "guardian": GuardianPlayer,
        "random": RandomPlayer,
    }
    default_budget = 16  # measured: ≈2 s of CPU a game, search above evaluator (docs/search.md)
    default_branch = "replay"  # a fork costs more than a Hidden Reason rollout (docs/search.md)
