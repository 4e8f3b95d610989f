"""Determinization for search (simulate.core.branching): re-deal what one player cannot see.

Hidden from a seat (HR-5.2, HR-5.4): the other commanders' hands and every deck's order, its own included.
Each other commander's unseen cards (hand + deck, their own deck's cards) are put in a canonical order (by
uid), shuffled and dealt back into the same places, so the determinized position depends only on what the
seat can see and on ``rng``. The engine's own random stream is reseeded: its future draws are hidden too.
Cards exiled face down at a redeal stay where they are (not re-dealt: a simplification, see docs/search.md).
"""

from __future__ import annotations

import random

from .state import DECK, HAND, Game


def determinize(g: Game, seat: int, rng: random.Random) -> None:
    for p in g.players:
        if p.seat == seat:
            own = sorted(p.deck, key=lambda c: c.uid)
            rng.shuffle(own)
            p.deck[:] = own
            continue
        pool = sorted(p.hand + p.deck, key=lambda c: c.uid)
        rng.shuffle(pool)
        k = len(p.hand)
        p.hand[:], p.deck[:] = pool[:k], pool[k:]
        for card in p.hand:
            card.zone = HAND
        for card in p.deck:
            card.zone = DECK
    g.rng.seed(rng.getrandbits(64))


def state_of(view) -> Game:
    """The live game behind a decision's view (used only by the search, inside a branch)."""
    return view._g
