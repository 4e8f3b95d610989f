"""Determinization for search (simulate.core.branching): re-deal what one player cannot see.

Hidden from a seat (GX-12.18): the opponent's hand and every deck's order (its own included). Public:
armies (captured cards too), discards, removed cards, tokens, clans. The re-deal (``branching.redeal``)
depends only on what the seat can see and on ``rng``: two positions that differ only in hidden cards give
the same determinized position. The engine's own random stream is reseeded too: its future draws are
hidden information.
"""

from __future__ import annotations

import random

from cardlab.simulate.core.branching import redeal

from .state import DECK, HAND, State


def determinize(st: State, seat: int, rng: random.Random) -> None:
    redeal([st.p[seat].deck], rng, key=lambda c: c.uid)
    other = st.p[1 - seat]
    redeal([other.hand, other.deck], rng, key=lambda c: c.uid)
    for card in other.hand:
        card.zone = HAND
    for card in other.deck:
        card.zone = DECK
    st.streams.reseed(rng.getrandbits(63))


def state_of(view) -> State:
    """The live state behind a decision's view (used only by the search, inside a branch)."""
    return view._st
