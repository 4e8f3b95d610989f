"""Determinization for search (simulate.core.branching): re-deal what one player cannot see.

Hidden from a seat: the other players' hands — except cards it has been shown (``Player.known``, FS
look_hand effects) — and the order of every deck (loot, treasure, monster, room, the starting-item deck of
soul trading). Everything in play, discards, souls and hand sizes are public (FS-3.3, FS-1.8, FS-3.6). The
unseen loot (other hands' unknown cards + the loot deck) is put in a canonical order (by card id) and
re-dealt into the same places (``branching.redeal``), so the determinized position depends only on what the seat can see and on
``rng``. The engine's own random stream is reseeded: its future dice and shuffles are hidden too.
"""

from __future__ import annotations

import random

from cardlab.simulate.core.branching import redeal

from .state import Game


def hidden_decks(g: Game) -> list[list]:
    """The decks whose order is hidden (in this order: it is the order the re-deal draws from ``rng``)."""
    start = g.soul_trading.deck if g.soul_trading is not None else []  # FS-20.5's starting-item deck
    return [g.treasure, g.monster, start, g.rooms.deck if g.rooms is not None else []]


def determinize(g: Game, seat: int, rng: random.Random) -> None:
    known = g.players[seat].known
    slots = [
        (p.hand, i)
        for p in g.players
        if p.seat != seat
        for i, card in enumerate(p.hand)
        if card.pid not in known
    ]
    unseen = [[hand[i] for hand, i in slots], g.loot]
    redeal(unseen, rng, key=lambda c: c.pid)
    for (hand, i), card in zip(slots, unseen[0], strict=True):
        hand[i] = card
    for deck in hidden_decks(g):
        if deck:
            redeal([deck], rng, key=lambda c: getattr(c, "pid", 0))
    g.streams.reseed(rng.getrandbits(63))
    g.obj_ver += 1  # nothing cached about what is where may survive the re-deal


def state_of(view) -> Game:
    """The live game behind a decision's view (used only by the search, inside a branch)."""
    return view._g
