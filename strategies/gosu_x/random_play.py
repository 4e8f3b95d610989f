"""Plays uniformly at random among the legal options of every decision (a baseline and a fuzzer)."""

from __future__ import annotations

from typing import Any

from cardlab.simulate.core.decisions import Decision

from .policy import Policy


class RandomPlay(Policy):
    """Picks a uniformly random legal option at every decision; drafts with ``draft=`` (default random)."""

    name = "random"

    def __init__(self, seat, rng, draft: str = "random", **params) -> None:
        super().__init__(seat, rng, draft=draft, **params)

    def choose(self, decision: Decision) -> Any:
        if decision.kind == "draft_clan" and self.drafter.kind != "random":
            return super().choose(decision)
        return self.rng.choice(decision.options)
