"""Hidden Reason restricted play: a card cast, its ability used, or used for a synergy or a substitution."""

from __future__ import annotations

from functools import cache
from typing import Any, ClassVar

from cardlab.simulate.core.testing import RandomPlayer
from cardlab.simulate.hidden_reason import GAME, make_config
from cardlab.strategies.restricted import Restricted

from .evaluator import EvaluatorPlayer
from .guardian import GuardianPlayer
from .racer import RacerPlayer
from .sensible import SensiblePlayer

USING = ("cast", "act", "synergy", "substitute")  # stack.py: ("cast", uid, target), ("act", uid, i, target) …


def uses(decision: Any, option: Any) -> str | None:
    if isinstance(option, tuple) and len(option) > 1 and option[0] in USING:
        card = decision.view.defn(option[1])
        return card.name if card is not None else None
    return None


@cache
def names() -> frozenset[str]:
    return frozenset(GAME.coverage.cards(make_config(n_players=2, max_turns=GAME.default_max_turns)))


class HRRestricted(Restricted):
    description: ClassVar[str] = "A heuristic that may not use the banned cards (base=, ban=NAME+NAME)."

    heuristics = {
        "sensible": SensiblePlayer,
        "evaluator": EvaluatorPlayer,
        "racer": RacerPlayer,
        "guardian": GuardianPlayer,
        "random": RandomPlayer,
    }
    uses = staticmethod(uses)
    names = staticmethod(names)
