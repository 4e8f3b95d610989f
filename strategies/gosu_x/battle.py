"""Battle-focused play for Gosu X.

Plays like ``sensible`` but wants the Great Battle on its own terms: it values high-level cards more,
hits the opponent's army harder (captures, destroys and deck-tops aimed at their best cards), keeps using
tokens to grow its army, and passes first only with a commanding lead (``pass_lead`` 12, as ``sensible``) — after the
opponent has passed it plays on until it is ahead, to take superiority tokens and Goan Sul's 10-point win.
"""

from __future__ import annotations

from typing import ClassVar

from .sensible import Sensible


class BattleFocused(Sensible):
    description: ClassVar[str] = (
        "Battle-focused: maximises army value, attacks the best enemy cards, passes first only far ahead."
    )

    name = "battle"
    level_weight = 6
    aggression = 1.5
