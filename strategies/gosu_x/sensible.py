"""Sensible tempo play for Gosu X.

Builds the army level by level (free soldiers first, then heroes and Immortals as prerequisites allow),
pays the two-card soldier cost only when nothing free is left, spends activation tokens on the effects worth
it by the shared value model (``valuing.py``; fresh veterans first, since a token doubles them in battle) or
on draws when the hand runs low, and passes once its battle total leads by ``pass_lead`` — or, after the
opponent has passed, as soon as it is ahead (playing on when behind). It sacrifices its least valuable cards,
discards and fetches by each card's level and effect value, captures and destroys the opponent's most
valuable ones, and never takes a "may" that hurts itself.
"""

from __future__ import annotations

from typing import ClassVar

from cardlab.simulate.core.decisions import number_param

from .policy import Policy
from .policy_rules import ACTIVATE_BASE, ACTIVATE_WEIGHT, PASS_LEAD, SensibleRules
from .valuing import Valuer


class Sensible(Policy, SensibleRules):
    """The player: its parameters and their checks. What it does is ``SensibleRules``' (compiled in the
    compiled build); its preset constants (``level_weight``, ``aggression``, ``hand_weight``) are there too.
    Parameters: ``pass_lead`` (default 12), ``activate_base`` (3), ``activate_weight`` (1) and the draft's."""

    description: ClassVar[str] = (
        "Tempo: builds the army, uses tokens well, passes once ahead, sacrifices its least valuable cards."
    )

    name = "sensible"

    def __init__(
        self,
        seat,
        rng,
        pass_lead: int = PASS_LEAD,
        activate_base: float = ACTIVATE_BASE,
        activate_weight: float = ACTIVATE_WEIGHT,
        **params,
    ) -> None:
        super().__init__(seat, rng, **params)
        self.pass_lead = int(number_param("pass_lead", pass_lead))
        self.activate_base = number_param("activate_base", activate_base)
        self.activate_weight = number_param("activate_weight", activate_weight)
        self.valuer = Valuer(seat)
