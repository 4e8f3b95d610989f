"""Determinization for search (simulate.core.branching): re-deal what one player cannot see.

Hidden from a seat (GX-12.18): the opponent's hand and every deck's order (its own included). Public:
armies (captured cards too), discards, removed cards, tokens, clans. The unseen cards are put in a canonical
order (by uid) before the shuffle, so the re-dealt state depends only on what the seat can see and on
``rng`` — two positions that differ only in hidden cards give the same determinized position. The engine's
own random stream is reseeded too: its future draws are hidden information.
"""

from __future__ import annotations

import random

from .state import DECK, HAND, State


def determinize(st: State, seat: int, rng: random.Random) -> None:
    me, other = st.p[seat], st.p[1 - seat]
    own = sorted(me.deck, key=lambda c: c.uid)
    rng.shuffle(own)
    me.deck[:] = own
    pool = sorted(other.hand + other.deck, key=lambda c: c.uid)
    rng.shuffle(pool)
    k = len(other.hand)
    other.hand[:], other.deck[:] = pool[:k], pool[k:]
    for card in other.hand:
        card.zone = HAND
    for card in other.deck:
        card.zone = DECK
    st.rng.seed(rng.getrandbits(64))


def state_of(view) -> State:
    """The live state behind a decision's view (used only by the search, inside a branch)."""
    return view._st
