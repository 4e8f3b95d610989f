"""The public handles a player sees in options and views (DESIGN: Decisions): seats, cards, objects and
stack items by public identity — never a live engine object. The engine maps an answer back to its own
object (``asking.ask``); what a player may know about a handle it reads through the view
(``views.View.info``, ``View.ability``)."""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from .abilities import CardRules
from .carddefs import Card

# The handles are native classes of the compiled build (issue 20): as frozen dataclasses their generated
# ``__eq__`` and ``__hash__`` ran interpreted (about 1,700 times a game in Four Souls' options, views and
# the players' memos), and every field the compiled engine and players read was a generic lookup. Equality
# and hash are the dataclasses' (same class, equal key field; the hash of the key's 1-tuple, so sets of
# handles iterate as they did); ``Final`` fields refuse writes in both builds; ``__reduce__`` lets ``copy``
# and ``pickle`` call the compiled ``__init__`` with its arguments.


class SeatRef:
    """A player offered as an option (by seat)."""

    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat: Final = seat

    def __eq__(self, other: object) -> bool:
        if isinstance(other, SeatRef) and type(other) is SeatRef:
            return self.seat == other.seat
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        if isinstance(other, SeatRef) and type(other) is SeatRef:
            return self.seat != other.seat
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.seat,))

    def __reduce__(self) -> tuple[Any, ...]:
        return (SeatRef, (self.seat,))

    def __repr__(self) -> str:
        return f"SeatRef(seat={self.seat!r})"


class CardRef:
    """A physical card (in a hand, a discard, looked at, revealed) by its id, with its printed face: the
    card record and its compiled abilities. Both are the card's printed text — public wherever the card
    is seen, and never changed by play (an object in play may gain other abilities: ``ObjInfo.rules``).
    Equal handles name the same card (``pid``); the face does not take part in comparisons."""

    __slots__ = ("pid", "card", "rules")

    def __init__(self, pid: int, card: Card, rules: CardRules) -> None:
        self.pid: Final = pid
        self.card: Final = card  # the printed record (typed: a player's reads of it are native, compiled)
        self.rules: Final = rules  # its printed abilities

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardRef) and type(other) is CardRef:
            return self.pid == other.pid
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        if isinstance(other, CardRef) and type(other) is CardRef:
            return self.pid != other.pid
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.pid,))

    def __reduce__(self) -> tuple[Any, ...]:
        return (CardRef, (self.pid, self.card, self.rules))

    @property
    def name(self) -> str:
        return self.card.name

    def __repr__(self) -> str:
        return f"CardRef({self.card.name}#{self.pid})"

    def __deepcopy__(self, memo: dict) -> CardRef:
        return self  # immutable: a copied game (statecopy.copy_state) shares its handles


class ObjRef:
    """An object in play (an item, a monster, a soul, a curse, a character, a room) by its id, with the
    physical card it is (FS-3.2). What the object is now — its kind, controller, charge, counters, stats,
    abilities — changes with play: ``view.info(ref)`` reads it."""

    __slots__ = ("uid", "printed")

    def __init__(self, uid: int, printed: CardRef) -> None:
        self.uid: Final = uid
        self.printed: Final = printed

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ObjRef) and type(other) is ObjRef:
            return self.uid == other.uid
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        if isinstance(other, ObjRef) and type(other) is ObjRef:
            return self.uid != other.uid
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.uid,))

    def __reduce__(self) -> tuple[Any, ...]:
        return (ObjRef, (self.uid, self.printed))

    @property
    def name(self) -> str:
        return self.printed.card.name

    def __repr__(self) -> str:
        return f"ObjRef({self.printed.card.name} u{self.uid})"

    def __deepcopy__(self, memo: dict) -> ObjRef:
        return self


class StackRef(NamedTuple):
    """An item on the stack as a player sees it (all public, FS-3.3): its position (0 = bottom), kind
    (loot | ability | roll | damage | death), card or source name, controller, a roll's current value
    or a damage amount, and whether it is an attack roll / combat damage."""

    index: int  # type: ignore[assignment]  # a field named like tuple.index, read as .index
    kind: str
    name: str
    controller: int
    value: int | None
    attack: bool


class ObjInfo(NamedTuple):
    """A public object's stats as a player sees them (read-only; a NamedTuple because strategies read
    thousands per game and a tuple is the cheapest immutable record to build). ``rules`` are the
    abilities it has now (a copy effect may have changed them, FS-5.10); ``ref.printed`` is its card."""

    name: str
    kind: str
    controller: int
    charged: bool
    hp: int | None
    evasion: int | None
    attack: int | None
    soul: int
    rewards: tuple
    counters: int
    eternal: bool
    ref: ObjRef  # the handle naming this object in an answer
    rules: CardRules  # typed: a player's reads of its abilities are native (compiled)


class BonusGoal(NamedTuple):
    """An active bonus soul's condition as a player sees it (the card is face up, FS-14.7; public,
    FS-3.3): what it counts for each player (``measure``: "cents", "hand_size", or "items" with a
    ``keyword``; "" for any other condition), and the count that gains it (FS-14.8)."""

    card: CardRef
    measure: str
    n: int
    keyword: str
