"""What each seat knows of the hidden decks' order (issue 14 item 1): the top cards it looked at and left
there (FS-3.4 looks, ``effects._v_peek``) or saw revealed on top, and the cards put under a deck in an order
it knows (its own choices, the two-player loot step's card, FS-20.2). A search's re-deal
(``branching.determinize``) keeps those cards where they are and re-deals only the rest, so a branch agrees
with what the player knows, and claims nothing more.

The record, by (seat, deck name): ``Game.seen_top`` (the known top cards, top first) and
``Game.seen_bottom`` (bottom first; ``None`` where a card of unknown name lies: another player's card put
under, counted since the count is public). Drawing from the top is not tracked: while nothing was put on or
into the deck and nothing reordered it, the deck's top is the record less the cards drawn since (a public
count), which :func:`top_split` finds by matching the record against the deck. Every other change calls in
first: :func:`disturb` (a shuffle, a search, a card put on top or into the deck: every seat forgets that
deck's top, and its bottom unless told), :func:`put_under` (cards put under: known to the seats told, a
count to the others) and the looks (:func:`before_look`, :func:`after_look`). Cards a seat saw leave a top
it knew (drawn into a hand, taken by its own look) are followed: ``Game.seen_drawn`` (seat → pids; forgotten
when the card goes back into a deck). Only the search reads any of it: games not searched are unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

Record = list[Any]  # Phys, or None (a card of unknown name) in a bottom record


def top_split(rec: Record, deck: list) -> int:
    """How many of the top record ``rec`` left the deck's top since it was made (drawn: a public count);
    -1 when the deck no longer matches it (a change :func:`disturb` was not told of: forget it)."""
    if not deck:
        return len(rec)
    top = deck[-1]
    k = next((i for i, c in enumerate(rec) if c is top), -1)
    if k < 0:
        return len(rec)  # its top is none of them: every one was drawn
    if len(rec) - k > len(deck):
        return -1
    for j in range(len(rec) - k):
        if deck[-1 - j] is not rec[k + j]:
            return -1
    return k


def bottom_kept(rec: Record, deck: list) -> int:
    """How many positions of the bottom record ``rec`` are still in the deck (the others were drawn from its
    top as it ran down); -1 when a known card is not where the record says."""
    m = min(len(rec), len(deck))
    for i in range(m):
        c = rec[i]
        if c is not None and deck[i] is not c:
            return -1
    return m


def kept(g: Any, seat: int, name: str, deck: list) -> tuple[list, Record]:
    """What ``seat`` knows of ``deck`` now: its top cards (top first) and its bottom (bottom first, None:
    unknown), the two never overlapping."""
    rec = g.seen_top.get((seat, name))
    top: list = []
    if rec:
        k = top_split(rec, deck)
        if k >= 0:
            top = rec[k:]
    bottom: Record = []
    rec = g.seen_bottom.get((seat, name))
    if rec:
        m = bottom_kept(rec, deck)
        if m > 0:
            bottom = rec[: min(m, len(deck) - len(top))]
    return top, bottom


def followed(g: Any, seat: int) -> set[int]:
    """The pids of cards ``seat`` saw leave a top (or bottom) it knew: it knows where they went (a hand)."""
    out = set(g.seen_drawn.get(seat, ()))
    for (s, name), rec in g.seen_top.items():
        if s == seat and rec:
            k = top_split(rec, _deck(g, name))
            out.update(c.pid for c in rec[: max(k, 0)])
    for (s, name), rec in g.seen_bottom.items():
        if s == seat and rec:
            deck = _deck(g, name)
            if bottom_kept(rec, deck) >= 0:
                out.update(c.pid for c in rec[len(deck) :] if c is not None)
    return out


def _deck(g: Any, name: str) -> list:
    return g.deck_pair(name)[0]


def _follow(g: Any, seat: int, cards: Iterable[Any]) -> None:
    pids = [c.pid for c in cards if c is not None]
    if pids:
        g.seen_drawn.setdefault(seat, set()).update(pids)


def _forget_top(g: Any, key: tuple[int, str], deck: list) -> None:
    rec = g.seen_top.pop(key)
    k = top_split(rec, deck)
    if k > 0:
        _follow(g, key[0], rec[:k])


def _forget_bottom(g: Any, key: tuple[int, str], deck: list) -> None:
    rec = g.seen_bottom.pop(key)
    if bottom_kept(rec, deck) >= 0:
        _follow(g, key[0], rec[len(deck) :])


def disturb(g: Any, name: str, deck: list, entering: Iterable[Any] = (), bottom: bool = True) -> None:
    """Before ``deck`` is shuffled, searched, or gets a card on top or inside: every seat forgets its top
    (and its bottom, unless ``bottom`` is False: a card put on top leaves the bottom where it was); the
    cards ``entering`` the deck are no longer followed (a shuffle hides them again, FS-3.5)."""
    if g.seen_top:
        for key in [k for k in g.seen_top if k[1] == name]:
            _forget_top(g, key, deck)
    if bottom and g.seen_bottom:
        for key in [k for k in g.seen_bottom if k[1] == name]:
            _forget_bottom(g, key, deck)
    _hidden_again(g, {c.pid for c in entering})


def _hidden_again(g: Any, pids: set[int]) -> None:
    """Cards gone into a deck: no seat follows them any more, nor knows them in a hand they reach later
    (``Player.known``, FS-3.7 looks: a card shown in a hand, discarded, reshuffled and drawn again is an
    unknown card of whoever draws it, FS-3.5)."""
    if not pids:
        return
    for s in g.seen_drawn.values():
        s.difference_update(pids)
    for p in g.players:
        if p.known:
            p.known.difference_update(pids)


def put_under(g: Any, name: str, deck: list, n: int, knowers: Iterable[int] = ()) -> None:
    """After ``n`` cards were put under ``deck`` (now ``deck[:n]``, bottom first): the seats in
    ``knowers`` know them in place, every other seat with a record knows that ``n`` cards went there."""
    if n <= 0:
        return
    cards = deck[:n]
    _hidden_again(g, {c.pid for c in cards})
    for key, rec in g.seen_top.items():  # a card drawn from a known top and put under: not on top any more
        if key[1] == name and any(c is x for c in cards for x in rec):
            g.seen_top[key] = rec[: min(i for i, x in enumerate(rec) if any(c is x for c in cards))]
    knows = set(knowers)
    for key, rec in g.seen_bottom.items():
        if key[1] == name and key[0] not in knows:
            rec[:0] = [None] * n
    for seat in knows:
        rec = g.seen_bottom.setdefault((seat, name), [])
        rec[:0] = cards


def shown_top(g: Any, name: str, deck: list, seats: Iterable[int]) -> None:
    """The top card of ``deck`` is shown to ``seats`` and stays there (FS-3.4: a revealed top)."""
    if not deck:
        return
    top = deck[-1]
    for seat in seats:
        key = (seat, name)
        rec = g.seen_top.get(key)
        if rec:
            if 0 <= top_split(rec, deck) < len(rec):
                continue  # it knew that already (and maybe more)
            _forget_top(g, key, deck)
        g.seen_top[key] = [top]


class Look:
    """One look at a deck's top by ``seat`` (FS-3.4): made before the cards move (:func:`before_look`),
    finished after (:func:`after_look`)."""

    __slots__ = ("seat", "name", "cards", "top", "bottom", "rest", "anchor", "moves")

    def __init__(self, seat: int, name: str, cards: list, moves: bool) -> None:
        self.seat, self.name, self.cards, self.moves = seat, name, cards, moves
        self.top: list = []
        self.bottom: Record = []
        self.rest = 0
        self.anchor: Any = None


def before_look(g: Any, seat: int, name: str, deck: list, cards: list, moves: bool) -> Look:
    """``seat`` looks at ``cards`` (the top of ``deck``, top first); ``moves``: they will leave the top
    (taken, reordered, put under). What the seat knew is kept for :func:`after_look`; every other seat
    forgets the top if it moves, and the part of its bottom record the look reaches."""
    look = Look(seat, name, cards, moves)
    look.top, look.bottom = kept(g, seat, name, deck)
    look.rest = len(deck) - len(cards)
    look.bottom = look.bottom[: look.rest]  # the looked-at positions are the look's now
    look.anchor = deck[0] if look.rest > 0 else None
    if moves:
        if g.seen_top:
            for key in [k for k in g.seen_top if k[1] == name]:
                _forget_top(g, key, deck)
        for key in [k for k in g.seen_bottom if k[1] == name]:
            rec = g.seen_bottom[key]
            if bottom_kept(rec, deck) < 0:
                _forget_bottom(g, key, deck)
            elif len(rec) > look.rest:  # the looked-at positions: anywhere now (drawn ones: followed)
                _follow(g, key[0], rec[len(deck) :])
                g.seen_bottom[key] = rec[: look.rest]
    return look


def after_look(g: Any, look: Look, deck: list, unordered: Iterable[Any] = ()) -> None:
    """The looked-at cards are where the looker put them: it knows the ones on top in order, and those put
    under in order unless shuffled (``unordered``); it follows the ones taken (to a hand); every other seat
    knows only how many went under."""
    seat, name = look.seat, look.name
    if not look.moves:  # put back as they were: it knows them on top, over whatever it knew below
        g.seen_top[(seat, name)] = look.top if len(look.top) >= len(look.cards) else list(look.cards)
        return
    shuffled = {id(c) for c in unordered}
    if look.anchor is None:  # it looked at the whole deck: it knows every card it did not shuffle
        g.seen_top.pop((seat, name), None)
        g.seen_bottom.pop((seat, name), None)
        under = len(deck)
    else:
        under = next(i for i, c in enumerate(deck) if c is look.anchor)
    on_top = list(reversed(deck[under + look.rest :]))
    if look.anchor is not None and len(look.top) > len(look.cards):
        on_top += look.top[len(look.cards) :]  # the cards under the looked-at ones: still known below them
    run = []
    for c in on_top:
        if id(c) in shuffled:
            break
        run.append(c)
    in_deck = {id(c) for c in deck}
    _follow(g, seat, [c for c in look.cards if id(c) not in in_deck])
    for key, rec in g.seen_bottom.items():
        if key[1] == name and key[0] != seat:
            rec[:0] = [None] * under
    mine = [None if id(c) in shuffled else c for c in deck[:under]]
    if look.anchor is None:
        g.seen_bottom[(seat, name)] = mine
    else:
        g.seen_bottom[(seat, name)] = mine + look.bottom
    if run:
        g.seen_top[(seat, name)] = run
    else:
        g.seen_top.pop((seat, name), None)
