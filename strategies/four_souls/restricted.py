"""Four Souls restricted play: a loot card played, an item's or a character's ↷/$ ability activated."""

from __future__ import annotations

from functools import cache
from typing import Any, ClassVar

from cardlab.simulate.core.testing import RandomPlayer
from cardlab.simulate.four_souls import decks, make_config
from cardlab.strategies.restricted import Restricted

from .aggro import AggroPlayer
from .evaluator import EvaluatorPlayer
from .hoarder import HoarderPlayer
from .sensible import SensiblePlayer

USING = ("loot", "tap", "paid")  # FS action/response options: ("loot", card), ("tap"|"paid", object, index)


def uses(decision: Any, option: Any) -> str | None:
    if isinstance(option, tuple) and len(option) > 1 and option[0] in USING:
        return getattr(option[1], "name", None)
    return None


@cache
def names() -> frozenset[str]:
    """Every loot card, item and character of the bundled card data (a character's name bans its ability)."""
    s = decks.supply(make_config(n_players=2, max_turns=200))
    cards = (
        [c for c, _ in s.loot] + [c for c, _ in s.treasure] + list(s.starting.values()) + list(s.characters)
    )
    return frozenset(getattr(c, "name", str(c)) for c in cards)


class FSRestricted(Restricted):
    description: ClassVar[str] = (
        "A heuristic that may not use the banned cards or character abilities (base=, ban=NAME+NAME)."
    )

    heuristics = {
        "sensible": SensiblePlayer,
        "aggro": AggroPlayer,
        "hoarder": HoarderPlayer,
        "evaluator": EvaluatorPlayer,
        "random": RandomPlayer,
    }
    uses = staticmethod(uses)
    names = staticmethod(names)
