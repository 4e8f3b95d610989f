"""The uniform random player: a baseline and a fuzzer for the engine."""

from __future__ import annotations

import random
from typing import Any

from cardlab.simulate.core import Decision


class RandomPlayer:
    """Uniformly random among the legal options of every decision.

    It keeps or redeals, attacks or holds, casts or passes with equal odds; useful as a floor for
    win rates and to drive the engine through rare paths in tests.
    """

    name = "random"

    def __init__(self, seat: int, rng: random.Random, **params: Any) -> None:
        self.seat = seat
        self.rng = rng

    def choose(self, decision: Decision) -> Any:
        return self.rng.choice(decision.options)
