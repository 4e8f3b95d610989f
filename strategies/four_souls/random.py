"""A uniformly random Four Souls player."""

from __future__ import annotations

import random as _random
from typing import Any


class RandomPlayer:
    """Picks uniformly among the legal options of every decision."""

    name = "random"

    def __init__(self, seat: int, rng: _random.Random, **params: Any) -> None:
        if params:
            raise TypeError(f"unexpected parameters {sorted(params)}")
        self.seat = seat
        self.rng = rng

    def choose(self, decision: Any) -> Any:
        opts = decision.options
        return opts[self.rng.randrange(len(opts))]
