"""What a player may know (DESIGN: Decisions): a lazy read-only view built per decision.

Nothing is computed until a strategy reads it, so decisions stay cheap. A view never exposes another
player's hand, any deck's order, or mulligan exiles hidden from their owner (HR-5.2, HR-5.4, HR-Q.17).
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from .cards import CardDef
from .state import ABYSS, BATTLEFIELD, HAND, OTHER_WORLD, STACK, Card, Game
from .targets import attack_of, cost_of, target_choices


class _Record:
    """Equality, hash and repr by fields, as the frozen dataclasses these records were. A plain class, not a
    dataclass: a dataclass's generated ``__init__`` runs interpreted even in the compiled build (a frozen
    one sets each field through ``object.__setattr__``), and building snapshots was then about a third of
    a compiled game's instructions (issue 20). The fields are ``Final``: mypy refuses a write in either
    build and the compiled build refuses one at run time."""

    __slots__ = ()
    FIELDS: ClassVar[tuple[str, ...]] = ()

    def _values(self) -> tuple:
        return tuple(getattr(self, name) for name in self.FIELDS)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self) or not isinstance(other, _Record):  # ``type``: no lookup compiled
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __reduce__(self) -> tuple[Any, ...]:
        """``copy`` and ``pickle``: a compiled ``__init__`` needs its arguments."""
        return (type(self), self._values())

    def __repr__(self) -> str:
        shown = ", ".join(
            f"{name}={value!r}" for name, value in zip(self.FIELDS, self._values(), strict=True)
        )
        return f"{type(self).__name__}({shown})"


class CardView(_Record):
    """A snapshot of one visible card. ``defn`` is the immutable card definition."""

    FIELDS: ClassVar[tuple[str, ...]] = (
        "uid",
        "name",
        "defn",
        "zone",
        "owner",
        "controller",
        "cost",
        "attack",
        "durability",
        "tapped",
        "exhausted",
        "energy",
        "silenced",
        "token",
    )
    __slots__ = FIELDS

    def __init__(
        self,
        uid: int,
        name: str,
        defn: CardDef,
        zone: str,
        owner: int,
        controller: int,
        cost: int,
        attack: int,
        durability: int,
        tapped: bool,
        exhausted: bool,
        energy: int,
        silenced: bool,
        token: bool = False,  # HR-14.2: a summoned-creature token (not a card)
    ) -> None:
        self.uid: Final = uid
        self.name: Final = name
        self.defn: Final = defn
        self.zone: Final = zone
        self.owner: Final = owner
        self.controller: Final = controller
        self.cost: Final = cost
        self.attack: Final = attack
        self.durability: Final = durability
        self.tapped: Final = tapped
        self.exhausted: Final = exhausted
        self.energy: Final = energy
        self.silenced: Final = silenced
        self.token: Final = token


class SeatInfo(_Record):
    """Public facts about one player (HR-5.4: deck sizes are public; hands are not)."""

    FIELDS: ClassVar[tuple[str, ...]] = (
        "seat",
        "deck",
        "hand_size",
        "deck_size",
        "crystals",
        "pool",
        "boss_damage",
        "battlefield",
        "other_world",
    )
    __slots__ = FIELDS

    def __init__(
        self,
        seat: int,
        deck: str,
        hand_size: int,
        deck_size: int,
        crystals: int,
        pool: int,
        boss_damage: int,
        battlefield: tuple[CardView, ...],
        other_world: tuple[str, ...],
    ) -> None:
        self.seat: Final = seat
        self.deck: Final = deck
        self.hand_size: Final = hand_size
        self.deck_size: Final = deck_size
        self.crystals: Final = crystals
        self.pool: Final = pool
        self.boss_damage: Final = boss_damage
        self.battlefield: Final = battlefield
        self.other_world: Final = other_world


class View:
    """The view of one seat at one decision."""

    __slots__ = ("_g", "seat", "_cache")

    def __init__(self, g: Game, seat: int) -> None:
        self._g = g
        self.seat = seat
        self._cache: dict[int, CardView] = {}

    @property
    def turn(self) -> int:
        return self._g.turn

    @property
    def active(self) -> int:
        return self._g.active

    @property
    def phase(self) -> str:
        return self._g.log.phase

    @property
    def n_players(self) -> int:
        return self._g.n

    @property
    def boss_hp(self) -> int:
        return self._g.boss_hp

    @property
    def boss_max(self) -> int:
        return self._g.boss_max

    @property
    def pool(self) -> int:
        return self._g.players[self.seat].pool

    @property
    def crystals(self) -> int:
        return self._g.players[self.seat].crystals

    @property
    def next_seat(self) -> int:
        """The player whose turn comes after the current one (clockwise, HR-2.4)."""
        return (self._g.active + 1) % self._g.n

    def _snap(self, c: Card) -> CardView:
        """Snapshots are cached for the life of the view (one decision: the state does not change)."""
        snap = self._cache.get(c.uid)
        if snap is not None:
            return snap
        g = self._g
        d = c.d
        on_bf = c.zone == BATTLEFIELD
        cost = cost_of(g.players[c.owner], c) if d.type == "tactic" else d.cost
        snap = CardView(
            c.uid,
            d.name,
            d,
            c.zone,
            c.owner,
            c.controller,
            cost,
            attack_of(g, c) if on_bf and d.type == "unit" else d.attack,
            c.dur if on_bf else d.durability,
            c.tapped,
            on_bf and c.entered == g.turn,
            c.energy,
            c.silenced,
            c.token,
        )
        self._cache[c.uid] = snap
        return snap

    @property
    def hand(self) -> list[CardView]:
        return [self._snap(c) for c in self._g.players[self.seat].hand]

    def battlefield(self, seat: int) -> list[CardView]:
        return [self._snap(c) for c in self._g.players[seat].battlefield]

    def units(self, seat: int) -> list[CardView]:
        return [self._snap(c) for c in self._g.players[seat].battlefield if c.d.is_unit]

    def seat_info(self, seat: int) -> SeatInfo:
        p = self._g.players[seat]
        return SeatInfo(
            seat,
            p.deck_name,
            len(p.hand),
            len(p.deck),
            p.crystals,
            p.pool,
            p.boss_damage,
            tuple(self._snap(c) for c in p.battlefield),
            tuple(c.d.name for c in p.other_world),
        )

    @property
    def stack(self) -> list[tuple[str, int, str | None]]:
        """(kind, controller, card name) from bottom to top; the stack is public (HR-5.5)."""
        return [(it.kind, it.controller, it.source.d.name if it.source else None) for it in self._g.stack]

    def defn(self, uid: int) -> CardDef | None:
        """Just the definition of a card this seat may see (cheaper than :meth:`card`)."""
        if self.card_visible(uid):
            return self._g.cards[uid].d
        return None

    def card_visible(self, uid: int) -> bool:
        if uid < 0 or uid >= len(self._g.cards):
            return False
        c = self._g.cards[uid]
        zone = c.zone
        if zone in (BATTLEFIELD, STACK, OTHER_WORLD) or (zone == HAND and c.owner == self.seat):
            return True
        return zone == ABYSS and (not c.hidden or (c.owner != self.seat and self._g.turn == 0))

    def card(self, uid: int) -> CardView | None:
        """A card this seat may see: its own hand, the battlefield, the stack, other worlds, public abyss."""
        if self.card_visible(uid):  # HR-Q.17: mulligan exiles shown to opponents only before the game starts
            return self._snap(self._g.cards[uid])
        return None

    def play_targets(self, uid: int) -> list:
        """The target choices this seat has now for its own card ``uid`` in hand or on the stack (``[None]``
        if it takes no target). A card's targets are chosen when it is paid for (HR-10.2), so a strategy
        judges a ``cast`` option by the targets it could choose now."""
        g = self._g
        if not 0 <= uid < len(g.cards):
            return []
        c = g.cards[uid]
        if c.owner != self.seat or c.zone not in (HAND, STACK):
            return []
        ab = c.d.play
        if ab is None or ab.target is None:
            return [None]
        return target_choices(g, self.seat, ab, c)

    @property
    def main(self) -> bool:
        """Is this seat in its own placement phase with nothing else on the stack (the card it pays for
        aside)? Where every card type may be played (HR-12.6, HR-Q.5)."""
        g = self._g
        return g.active == self.seat and g.log.phase in ("placement", "placement2") and len(g.stack) <= 1
