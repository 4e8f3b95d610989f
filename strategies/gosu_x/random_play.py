"""Plays uniformly at random among the legal options of every decision (a baseline and a fuzzer)."""

from __future__ import annotations

from typing import Any, ClassVar

from cardlab.simulate.core.decisions import Decision
from cardlab.simulate.core.testing import random_option

from .policy import Policy


class RandomPlay(Policy):
    description: ClassVar[str] = (
        "The kit's uniform random answer (simulate.core.testing) at every decision, except that it drafts "
        "with ``draft=`` (default random, the kit's answer too): Gosu X's one parameter of random play."
    )

    name = "random"

    def __init__(self, seat, rng, draft: str = "random", **params) -> None:
        super().__init__(seat, rng, draft=draft, **params)

    def choose(self, decision: Decision) -> Any:
        if decision.kind == "draft_clan" and self.drafter.kind != "random":
            return super().choose(decision)
        return random_option(self.rng, decision)
