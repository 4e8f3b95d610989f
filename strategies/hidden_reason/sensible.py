"""The sensible player: a reasonable human-like baseline that the racer and guardian refine."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cardlab.strategies.copying import Copyable

from .sensible_policy import REMOVAL, SensiblePolicy, boss_damage_of, play_effects


class SensiblePlayer(Copyable, SensiblePolicy):
    """It spends resources on the costliest useful cards, attacks the boss when it helps, uses
    retribution on the biggest threat, and holds tactics for responses (removal at the opponent's start of
    combat, counters on costly spells, pumps when it gives lethal).

    Mulligans a hand with fewer than two cards of cost ≤ 2 once (the free redeal); takes crystals from the
    wound until it has 6, then cards."""

    description: ClassVar[str] = (
        "Curves out, attacks when it helps, retribution on the biggest threat, holds tactics to respond."
    )

    name = "sensible"

    def __init__(self, seat: int, rng: random.Random, **params: Any) -> None:
        self.seat = seat
        self.rng = rng


__all__ = ["REMOVAL", "SensiblePlayer", "boss_damage_of", "play_effects"]
