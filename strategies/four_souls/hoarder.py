"""An economist Four Souls player: cents and items first, attacks late.

It plays every loot and item ability that gains, buys whenever it can afford to (the treasure deck
when the shop holds nothing it values), and leaves the monsters alone until it is built up: it
attacks only once the game reaches turn ``late`` (default 8; every player's turn counts one) or it holds
``items`` items (default 4, starting item included), or when a fight is nearly sure (chance ≥ 0.85)
and worth a soul. Its answers are those of ``sensible``.

Parameters: ``late``, ``items`` and, as ``sensible``, ``risk``, ``deck_hp``, ``picky``, ``respond``.
"""

from __future__ import annotations

import random as _random
from typing import Any, ClassVar

from .sensible import SensiblePlayer, _check_number


class HoarderPlayer(SensiblePlayer):
    description: ClassVar[str] = (
        "Preset of sensible: buys and gains first; attacks only late, when built up, or when a fight is sure."
    )

    name = "hoarder"
    soul_weight = 6.0  # a soul weighs what it weighed when the preset was measured (docs/four_souls.md)

    def __init__(
        self,
        seat: int,
        rng: _random.Random,
        *,
        late: int = 8,
        items: int = 4,
        risk: float = 0.5,
        deck_hp: int = 2,
        picky: float = 0.0,
        respond: bool = True,
    ) -> None:
        super().__init__(seat, rng, risk=risk, deck_hp=deck_hp, picky=picky, respond=respond, desperate=risk)
        _check_number("late", late, 0, 10_000)
        _check_number("items", items, 0, 100)
        self.late = int(late)
        self.items = int(items)

    def _wants_attack(self, view: Any) -> bool:
        built = view.turn >= self.late or len(view.items_of(self.seat)) >= self.items
        if built:
            return super()._wants_attack(view)
        best, p, _ = self._best_fight(view)
        return best is not None and p >= 0.85 and best.soul > 0
