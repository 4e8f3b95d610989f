"""Shared machinery of the Gosu X play policies: the player's draft parameters (what it does at each
decision is ``policy_rules.Rules``', compiled in the compiled build)."""

from __future__ import annotations

import random

from cardlab.strategies.copying import Copyable

from .drafting import DraftPolicy
from .policy_rules import Rules
from .valuing import HITS

KIND_OF_OP = {"capture": 1, "destroy": 1, "to_deck_top": 1, "release": -1}


class Policy(Copyable, Rules):
    """Base class: answers the draft with a DraftPolicy and every other decision with ``choose_*`` methods
    (``Rules``). It stays Python so its ``__init__`` keeps its signature, which the kernel reads for the
    parameters, and copies as a whole (``Copyable``)."""

    name = "base"

    def __init__(
        self,
        seat: int,
        rng: random.Random,
        draft: str = "random",
        table: str | None = None,
        deny: float = 0.5,
        noise: float = 0.0,
        values: str | None = None,
    ) -> None:
        """Unknown parameters raise TypeError, which the kernel reports as a one-line UserError."""
        self.seat, self.rng = seat, rng
        self.drafter = DraftPolicy(draft, rng, table, deny, noise, values)


__all__ = ["HITS", "KIND_OF_OP", "Policy"]
