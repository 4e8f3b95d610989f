"""Gosu X players. A seat's strategy is its *play* policy; the clan draft is the parameter ``draft=``
(random | greedy | counter | table, with ``table=PATH`` and ``deny=`` for counter), e.g.
``sensible:draft=counter`` or ``battle:draft=table,table=results/run/alliances.csv``."""

from __future__ import annotations

from .battle import BattleFocused
from .evaluator import Evaluator
from .random_play import RandomPlay
from .restricted import GXRestricted
from .search import GXSearch
from .sensible import Sensible

STRATEGIES: dict[str, type] = {
    "random": RandomPlay,
    "sensible": Sensible,
    "battle": BattleFocused,
    "evaluator": Evaluator,
    "search": GXSearch,
    "restricted": GXRestricted,
}

__all__ = ["STRATEGIES"]
