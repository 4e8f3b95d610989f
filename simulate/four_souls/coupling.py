"""Coupled deck draws in a search's branches (``search:couple=1``; docs/search.md).

Why: two options compared on one re-deal (common random numbers) part ways as soon as one of them draws a
card more or less from a deck: every later card of that deck goes to another draw, so the pair's games
differ in who gets which card — a difference of mean zero that the paired comparison must average out. A
coupled draw takes, instead of the top card, the card with the smallest hash of (the branch's salt, the
deck, the turn, the k-th draw from that deck this turn, the card's id). Over the salt every card of the
deck is equally likely at every draw, whatever was drawn before — the law of drawing the top of a shuffled
deck — while two branches with one salt draw the same card at the same (turn, k), whatever they drew
before, as long as it is still in the deck. Only while no seat knows anything of the deck's order (no card
looked at and left on top, none known under it, no top shown: ``branching.unknown``, FS-3.4); a deck with
a known card is drawn from its top as in any game.
"""

from __future__ import annotations

from .branching import unknown
from .state import Game

_DECKS = ("loot", "treasure", "monster", "room")
_M = (1 << 64) - 1


def _mix(x: int) -> int:
    """splitmix64's finaliser: a well-spread 64-bit hash of ``x``."""
    x = (x + 0x9E3779B97F4A7C15) & _M
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _M
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _M
    return x ^ (x >> 31)


class Coupling:
    """``(game, deck) -> position`` of the card a branch draws (``Game.draw``; the top is the last)."""

    __slots__ = ("salt", "drawn")

    def __init__(self, salt: int) -> None:
        self.salt = salt & _M
        self.drawn: dict[tuple[int, int], int] = {}  # (deck, turn) → coupled draws so far

    def __call__(self, g: Game, deck: list) -> int:
        index = _index(g, deck)
        if index < 0 or any(unknown(g, s, _DECKS[index], deck) is not None for s in range(g.n)):
            return len(deck) - 1
        key = (index, g.turn)
        k = self.drawn.get(key, 0)
        self.drawn[key] = k + 1
        h = _mix(self.salt ^ _mix((index << 56) ^ (g.turn << 24) ^ k))
        return min(range(len(deck)), key=lambda i: _mix(h ^ deck[i].pid))


def _index(g: Game, deck: list) -> int:
    for i, other in enumerate((g.loot, g.treasure, g.monster, g.rooms.deck if g.rooms is not None else None)):
        if deck is other:
            return i
    return -1


def couple(g: Game, salt: int) -> None:
    """A branch's draws are coupled from now on (the search's hook, after its re-deal)."""
    g.coupling = Coupling(salt)
