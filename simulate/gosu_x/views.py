"""What a player may know when asked (DESIGN: Decisions): their own hand, both armies, both discard piles
(GX-12.18), counts of hidden zones, tokens, superiority, the miracle and bounty tokens. Never the
opponent's hand or any deck order. The view is a thin read-only window built per decision (cheap)."""

from __future__ import annotations

from .battle import battle_total, card_value
from .state import ARMY, DISCARD, HAND, Card, State


class View:
    __slots__ = ("_st", "seat")

    def __init__(self, st: State, seat: int) -> None:
        self._st = st
        self.seat = seat

    # own private information
    def hand(self) -> list[Card]:
        return list(self._st.p[self.seat].hand)

    # public information
    def card(self, uid: int) -> Card | None:
        """A visible card by uid: own hand, any army, any discard or removed zone (else None)."""
        c = self._st.cards.get(uid)
        if c is None or (c.zone == HAND and c.owner != self.seat) or c.zone in ("deck", "limbo"):
            return None
        return c

    def army(self, seat: int) -> list[list[Card]]:
        return [list(r) for r in self._st.p[seat].rows]

    def discard(self, seat: int) -> list[Card]:
        return list(self._st.p[seat].discard)

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

    def card_value(self, card: Card) -> int:
        return card_value(self._st, card) if card.zone == ARMY else 0

    def vulnerable(self, card: Card) -> bool:
        return card.zone == ARMY and self._st.vulnerable(card)

    def card_clans(self, card: Card) -> tuple[str, ...]:
        return self._st.clans(card) if card.zone in (ARMY, DISCARD) or card.owner == self.seat else ()

    def hand_limit(self) -> int:
        return self._st.hand_limit(self.seat)

    def x_value(self, seat: int) -> int:
        return self._st.x_value(seat)

    def draft(self) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
        """During the draft: (own picks, opponent's picks, clans still available)."""
        st = self._st
        return st.p[self.seat].clans, st.p[1 - self.seat].clans, st.available
