"""Shared machinery of the Gosu X play policies: draft delegation and the card knowledge they use."""

from __future__ import annotations

import random
from typing import Any

from cardlab.simulate.core.decisions import Decision
from cardlab.simulate.gosu_x.cards import STEPS

from .drafting import DraftPolicy

HITS = STEPS.with_role("hit")  # the steps that take an opponent's card out of play, as registered
KIND_OF_OP = {"capture": 1, "destroy": 1, "to_deck_top": 1, "release": -1}


class Policy:
    """Base class: answers the draft with a DraftPolicy and every other decision with ``choose_*`` methods."""

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

    def choose(self, decision: Decision) -> Any:
        if decision.kind == "draft_clan":
            own, opp, available = decision.view.draft()
            return self.drafter.pick(list(decision.options), own, opp, available)
        handler = getattr(self, "choose_" + decision.kind, None)
        if handler is None:
            return decision.options[0]
        return handler(decision)

    # helpers ------------------------------------------------------------------------------------------
    @staticmethod
    def value(view, card) -> int:
        """Battle value of a card in an army (0 captured), else its printed level's default."""
        return view.card_value(card) if card.zone == "army" else 2 + card.defn.level


__all__ = ["Policy", "KIND_OF_OP"]
