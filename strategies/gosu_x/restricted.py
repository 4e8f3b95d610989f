"""Gosu X restricted play: a card played or activated (``action``), or put in by a replacement."""

from __future__ import annotations

from functools import cache
from typing import Any, ClassVar

from cardlab.simulate.gosu_x import GAME, make_config
from cardlab.strategies.restricted import Restricted

from .battle import BattleFocused
from .evaluator import Evaluator
from .random_play import RandomPlay
from .sensible import Sensible


def uses(decision: Any, option: Any) -> str | None:
    uid = None
    if decision.kind == "action" and isinstance(option, tuple) and option[0] in ("play", "activate"):
        uid = option[1]
    elif decision.kind == "replace_with" and isinstance(option, int):
        uid = option
    card = decision.view.card(uid) if uid is not None else None
    return card.name if card is not None else None


@cache
def names() -> frozenset[str]:
    return frozenset(GAME.coverage.cards(make_config(n_players=2, max_turns=GAME.default_max_turns)))


class GXRestricted(Restricted):
    description: ClassVar[str] = "A heuristic that may not use the banned cards (base=, ban=NAME+NAME)."

    heuristics = {"sensible": Sensible, "evaluator": Evaluator, "random": RandomPlay, "battle": BattleFocused}
    uses = staticmethod(uses)
    names = staticmethod(names)
