"""One-step state evaluation for Hidden Reason: a policy family independent of ``sensible``'s rules.

Only the lethal hit wins (HR-2.2), so the position is valued as a race for it: the player's own attack
power on the board against the strongest opponent's, cards in hand, crystals and resources — and the boss's
HP, which is good to lower only when no opponent can finish it before the player's next turn. Each option
(cast, activate, build, attack, retribution …) is scored by the change it predicts, read from the card's
encoded effects (damage_boss, damage, destroy, draw, summon …) and printed stats, never from its name.
Weights are parameters (``evaluator:w_power=2``).
"""

from __future__ import annotations

import random
from typing import ClassVar

from cardlab.simulate.core.decisions import number_param
from cardlab.strategies.copying import Copyable

from .evaluator_policy import EvaluatorPolicy


class EvaluatorPlayer(Copyable, EvaluatorPolicy):
    description: ClassVar[str] = (
        "Scores each option by the predicted change of a weighted evaluation of the race for the lethal hit."
    )

    name = "evaluator"

    def __init__(
        self,
        seat: int,
        rng: random.Random,
        w_power: float = 2.0,
        w_durability: float = 0.5,
        w_card: float = 1.5,
        w_crystal: float = 2.5,
        w_damage: float = 1.0,
        w_setup: float = 6.0,
        crystals: int = 6,
    ) -> None:
        self.seat, self.rng = seat, rng
        weights = {
            "power": w_power,
            "durability": w_durability,
            "card": w_card,
            "crystal": w_crystal,
            "damage": w_damage,
            "setup": w_setup,
        }
        self.w = {k: number_param("w_" + k, v) for k, v in weights.items()}
        self.crystal_target = int(number_param("crystals", crystals))
