"""The step interpreter: runs a card's steps (decklists/gosu_x/VOCABULARY.md) in order, checking the
instant win after each. Step handlers are the handlers of the step registry (``cards.STEPS``), bound by
effects.py when it is imported (the handlers sit above this module: they move cards, and moving a card
can run steps)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardlab.simulate.core.cardfiles import rebuilt_by_fields

from . import wins
from .cards import STEPS
from .state import Card, State


@dataclass(slots=True)
class Ctx:
    """Who resolves the effect, which card is "this card" and the copy chain (loop guard, GX-14 copies)."""

    seat: int
    src: Card
    chain: tuple[int, ...] = ()
    remover: int = -1

    def __init__(self, seat: int, src: Card, chain: tuple[int, ...] = (), remover: int = -1) -> None:
        """The dataclass's ``__init__`` written out, compiled (as ``state.Card``'s)."""
        self.seat = seat
        self.src = src
        self.chain = chain
        self.remover = remover

    def __reduce__(self) -> tuple[Any, ...]:
        """``copy`` and ``pickle``: a compiled ``__init__`` needs its arguments."""
        return rebuilt_by_fields(self)


def run_steps(st: State, ctx: Ctx, steps: tuple) -> None:
    for verb, params in steps:
        STEP[verb](st, ctx, params)
        wins.check_instant(st)
        if st.checker is not None:
            st.checker(st)


def resolve_entry(st: State, ctx: Ctx, card: Card) -> None:
    """Run a card's entry effect once (play, replacement, activation token, copy)."""
    steps = st.on_play(card) if card is ctx.src else card.d.on_play
    if steps:
        st.emit("effect", ctx.seat, ctx.src.d.name, None if card is ctx.src else card.d.name)
        run_steps(st, ctx, steps)


# step name → handler(st, ctx, params): the registry's dispatch table, bound by effects.py
STEP: dict[str, Callable[[State, Ctx, Any], None]] = STEPS.handlers
