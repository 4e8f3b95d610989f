"""An aggressive Four Souls player.

It plays like ``sensible`` (the same loot, item and answer habits) but fights first and thinks later:
it attacks before it buys, values bosses' souls far above any other reward, accepts fights it is
likely to lose (``risk`` 0.2 by default), and attacks the monster deck blind whenever it is alive
(``deck_hp`` 1) — so it sees more monsters, more bosses and more deaths than anyone else.

Parameters: as ``sensible`` (``risk``, ``deck_hp``, ``picky``, ``respond``) with aggressive defaults.
"""

from __future__ import annotations

import random as _random
from typing import ClassVar

from .sensible import SensiblePlayer


class AggroPlayer(SensiblePlayer):
    description: ClassVar[str] = (
        "Preset of sensible: attacks first (bosses above all, the monster deck whenever alive), buys with "
        "what is left."
    )

    name = "aggro"
    soul_weight = 12.0
    attack_first = True

    def __init__(
        self,
        seat: int,
        rng: _random.Random,
        *,
        risk: float = 0.2,
        deck_hp: int = 1,
        picky: float = 2.5,
        respond: bool = True,
    ) -> None:
        super().__init__(seat, rng, risk=risk, deck_hp=deck_hp, picky=picky, respond=respond, desperate=risk)
