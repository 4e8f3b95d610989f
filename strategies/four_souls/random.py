"""A uniformly random Four Souls player: every decision is answered with one of its legal options,
each equally likely (the baseline every other policy must beat). It takes no parameters."""

from __future__ import annotations

import random as _random
from typing import Any


class RandomPlayer:
    """Picks uniformly among the legal options of every decision."""

    name = "random"

    def __init__(self, seat: int, rng: _random.Random) -> None:
        self.seat = seat
        self.rng = rng

    def choose(self, decision: Any) -> Any:
        opts = decision.options
        return opts[self.rng.randrange(len(opts))]
