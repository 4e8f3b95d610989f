"""Passing (GX-8): the opponent then has at most 3 more turns (2 after a Golem pass, GX-8.6)."""

from __future__ import annotations

from .state import State
from .triggers import fire

TURNS_AFTER_PASS = 3  # GX-8.2


def do_pass(st: State, seat: int, why: str | None = None) -> None:
    """GX-8: pass; the opponent then has at most 3 more turns (2 after a Golem pass, GX-8.6)."""
    pl = st.p[seat]
    pl.passed = True
    if st.first_passer < 0:
        st.first_passer = seat
    limits = st.effect_values(seat, "opp_turns_after_pass")  # Golem's card or tile (GX-8.6)
    limit = min(limits) if limits else TURNS_AFTER_PASS
    st.remaining = limit
    st.emit("pass", seat, why, amount=limit)
    fire(st, seat, "pass")
