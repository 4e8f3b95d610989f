"""Determinization for search (simulate.core.branching): re-deal what one player cannot see.

Hidden from a seat (HR-5.2, HR-5.4): the other commanders' hands and every deck's order, its own included.
Each other commander's unseen cards (hand + deck, their own deck's cards) are re-dealt into the same places
(``branching.redeal``), so the determinized position depends only on what the seat can see and on ``rng``;
a card every player saw go into a hand (from an open zone or the stack: ``Game.shown``) stays there. The
engine's own random stream is reseeded: its future draws are hidden too. Cards exiled face down at a redeal
stay where they are (not re-dealt: a simplification, see docs/search.md).
"""

from __future__ import annotations

import random

from cardlab.simulate.core.branching import redeal, redeal_at

from .state import DECK, HAND, Game


def determinize(g: Game, seat: int, rng: random.Random) -> None:
    for p in g.players:
        if p.seat == seat:
            redeal([p.deck], rng, key=lambda c: c.uid)
            continue
        # a card every player saw go into that hand stays there (``Game.shown``: HR-5.3, HR-5.6)
        slots = [i for i, card in enumerate(p.hand) if card.uid not in g.shown]
        redeal_at([(p.hand, slots), (p.deck, None)], rng, key=lambda c: c.uid)
        for card in p.hand:
            card.zone = HAND
        for card in p.deck:
            card.zone = DECK
    g.streams.reseed(rng.getrandbits(63))


def state_of(view) -> Game:
    """The live game behind a decision's view (used only by the search, inside a branch)."""
    return view._g
