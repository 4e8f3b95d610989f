"""What a player may know when asked (DESIGN: Decisions): their own hand, both armies, both discard piles
(GX-12.18), counts of hidden zones, tokens, superiority, the miracle and bounty tokens. Never the
opponent's hand or any deck order. The view is a thin read-only window built per decision (cheap). It hands
out public handles only (issue 17 item 5): a card is a ``refs.CardView`` snapshot named by its uid, never the
engine's live ``Card``; what depends on the rest of the game a method computes."""

from __future__ import annotations

from .battle import battle_total, card_value
from .cards import CardDef
from .refs import CardView
from .state import ARMY, DISCARD, HAND, Card, State

_new = tuple.__new__  # builds a CardView without NamedTuple's Python-level __new__ (a hot path)


def snapshot(c: Card) -> CardView:
    d = c.d
    return _new(CardView, (c.uid, d.name, d, c.owner, c.zone, c.row, c.face_up, c.tokens, c.vet))


class View:
    __slots__ = ("_st", "seat", "_shown", "_seen", "_armies", "_hand", "_limit")

    def __init__(self, st: State, seat: int, shown: tuple = ()) -> None:
        self._st = st
        self.seat = seat
        self._shown = shown  # deck cards this decision shows the player (revealed GX-12.6, or searched)
        # snapshots kept for the life of the view: one decision, during which the state stays still
        self._seen: dict[int, CardView | None] = {}
        self._armies: dict[int, tuple[tuple[CardView, ...], ...]] = {}
        self._hand: tuple[CardView, ...] | None = None
        self._limit: int | None = None  # the hand limit, read once: a player reads it for each option

    def _visible(self, uid: int) -> Card | None:
        c = self._st.cards.get(uid)
        if c is None or (c.zone == HAND and c.owner != self.seat):
            return None
        if c.zone in ("deck", "limbo"):
            return c if uid in self._shown else None
        return c

    def _live(self, card: CardView | int) -> Card:
        return self._st.cards[card if isinstance(card, int) else card.uid]

    # own private information
    def hand(self) -> tuple[CardView, ...]:
        hand = self._hand
        if hand is None:
            hand = self._hand = tuple([snapshot(c) for c in self._st.p[self.seat].hand])
        return hand

    # public information
    def card(self, uid: int) -> CardView | None:
        """A visible card by uid: own hand, any army, any discard or removed zone, a deck card this decision
        shows (else None)."""
        seen = self._seen
        if uid in seen:
            return seen[uid]
        c = self._visible(uid)
        snap = seen[uid] = None if c is None else snapshot(c)
        return snap

    def defn(self, uid: int) -> CardDef | None:
        """Just the printed card of a visible card (cheaper than :meth:`card`, which snapshots its state)."""
        c = self._visible(uid)
        return None if c is None else c.d

    def army(self, seat: int) -> tuple[tuple[CardView, ...], ...]:
        """``seat``'s rows (soldiers, heroes, Immortals), each from left to right (GX-3.1)."""
        rows = self._armies.get(seat)
        if rows is None:
            rows = self._armies[seat] = tuple(
                [tuple([snapshot(c) for c in r]) for r in self._st.p[seat].rows]
            )
        return rows

    def tops(self, seat: int) -> list[CardView]:
        """The last card of each of ``seat``'s rows that has one, soldiers first: only these can be
        vulnerable (GX-3.4). Cheaper than :meth:`army` when they are all that matters."""
        return [snapshot(r[-1]) for r in self._st.p[seat].rows if r]

    def army_size(self, seat: int) -> int:
        return self._st.p[seat].army_size()

    def discard(self, seat: int) -> list[CardView]:
        return [snapshot(c) for c in self._st.p[seat].discard]

    def hand_size(self, seat: int) -> int:
        return len(self._st.p[seat].hand)

    def deck_size(self, seat: int) -> int:
        return len(self._st.p[seat].deck)

    def tokens(self, seat: int) -> tuple[int, int, int]:
        """(in hand, spent, locked)."""
        pl = self._st.p[seat]
        return pl.t_hand, pl.t_spent, pl.t_locked

    def superiority(self, seat: int) -> int:
        return self._st.p[seat].superiority

    def clans(self, seat: int) -> tuple[str, ...]:
        return self._st.p[seat].clans

    def undrafted(self) -> tuple[str, ...]:
        return self._st.undrafted

    def miracle_holder(self) -> int:
        return self._st.miracle

    def passed(self, seat: int) -> bool:
        return self._st.p[seat].passed

    def round(self) -> int:
        return self._st.round

    def turns_left(self) -> int:
        """Turns left before the battle when the opponent has passed (else -1)."""
        st = self._st
        return st.remaining if st.p[1 - self.seat].passed else -1

    def battle_total(self, seat: int) -> int:
        return battle_total(self._st, seat)

    def row_value(self, row: int) -> int:
        """The game's combat value of a card of row (level) ``row + 1``: ``--combat-values`` (GX-9.2), which a
        designer may set to anything; players read it here rather than assume the printed 2, 3, 5."""
        return self._st.cfg.combat_values[row]

    # what a card is worth now: ``card`` is a uid or its CardView
    def card_value(self, card: CardView | int) -> int:
        """Its combat value in the army (GX-9.2; 0 captured or elsewhere)."""
        c = self._live(card)
        return card_value(self._st, c) if c.zone == ARMY else 0

    def vulnerable(self, card: CardView | int) -> bool:
        c = self._live(card)
        return c.zone == ARMY and self._st.vulnerable(c)

    def card_clans(self, card: CardView | int) -> tuple[str, ...]:
        """Its clans now (a multi-clan card has each of its owner's, GX-12.28; a captured one none,
        GX-12.12); () for a card this player does not see."""
        c = self._live(card)
        return self._st.clans(c) if c.zone in (ARMY, DISCARD) or c.owner == self.seat else ()

    def hand_limit(self) -> int:
        limit = self._limit
        if limit is None:
            limit = self._limit = self._st.hand_limit(self.seat)
        return limit

    def x_value(self, seat: int) -> int:
        return self._st.x_value(seat)

    def draft(self) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
        """During the draft: (own picks, opponent's picks, clans still available)."""
        st = self._st
        return st.p[self.seat].clans, st.p[1 - self.seat].clans, st.available
