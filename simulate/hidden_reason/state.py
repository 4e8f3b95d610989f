"""The mutable state of one Hidden Reason game: card instances, players, the shared stack and boss."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from operator import attrgetter
from typing import Any, Final

from cardlab.simulate.core import EventLog, Players, Streams
from cardlab.simulate.core.cardfiles import rebuilt_by_fields, restore_fields

from .cards import Ability, CardDef

# Zones (HR-5). GONE is no zone: where a token is once it has left the battlefield (HR-14.2). ``Final``:
# a compiled module uses the literal, not a lookup in its module's dict at each read (a card's zone is
# read at every view and option)
DECK: Final = "deck"
HAND: Final = "hand"
BATTLEFIELD: Final = "battlefield"
STACK: Final = "stack"
OTHER_WORLD: Final = "other_world"
ABYSS: Final = "abyss"
GONE: Final = "gone"

MAX_HAND: Final = 9  # HR-5.2
MAX_RESOURCES: Final = 9  # HR-6.5, HR-Q.2


@dataclass(slots=True)
class Card:
    """One physical card. Its battlefield state is reset whenever it leaves the battlefield."""

    uid: int
    d: CardDef
    owner: int
    controller: int
    zone: str = DECK
    tapped: bool = False
    dur: int = 0  # durability tokens left (units), HR-4.2
    atk_mod: int = 0  # lasting attack counters (buff, hunger)
    temp_atk: int = 0  # until end of turn (pump)
    hunger_fed: bool = False  # HR-15.5: +1 attack once per game per unit (kept when it leaves, HR-Q.21)
    entered: int = -1  # turn number it entered the battlefield (HR-9.1 exhaustion)
    energy: int = 0  # HR-15.1 energy tokens
    window: int = -1  # turn the construction window opened, -1 if not open
    silenced: bool = False  # HR-15.7 lost its features
    host: Card | None = None  # for implants: the unit it is attached to
    implants: list[Card] = field(default_factory=list)
    pending: int = 0  # actions on the stack it was tapped for (HR-4.5)
    tapped_out: bool = False  # its own tap for an action removed its last durability token (HR-4.5)
    hidden: bool = False  # mulligan exile hidden from its owner (HR-14.7, HR-Q.17)
    epoch: int = 0  # bumped each time it enters the battlefield: a returning card is a new object
    token: bool = False  # HR-14.2: a summoned-creature token, not a card; it exists only on the battlefield

    def __init__(
        self,
        uid: int,
        d: CardDef,
        owner: int,
        controller: int,
        zone: str = DECK,
        tapped: bool = False,
        dur: int = 0,
        atk_mod: int = 0,
        temp_atk: int = 0,
        hunger_fed: bool = False,
        entered: int = -1,
        energy: int = 0,
        window: int = -1,
        silenced: bool = False,
        host: Card | None = None,
        implants: list[Card] | None = None,
        pending: int = 0,
        tapped_out: bool = False,
        hidden: bool = False,
        epoch: int = 0,
        token: bool = False,
    ) -> None:
        """The dataclass's ``__init__`` written out: the generated one runs interpreted even in the compiled
        build (issue 20). ``implants`` None is a new empty list, as the field's default factory."""
        self.uid = uid
        self.d = d
        self.owner = owner
        self.controller = controller
        self.zone = zone
        self.tapped = tapped
        self.dur = dur
        self.atk_mod = atk_mod
        self.temp_atk = temp_atk
        self.hunger_fed = hunger_fed
        self.entered = entered
        self.energy = energy
        self.window = window
        self.silenced = silenced
        self.host = host
        self.implants = [] if implants is None else implants
        self.pending = pending
        self.tapped_out = tapped_out
        self.hidden = hidden
        self.epoch = epoch
        self.token = token

    def __reduce__(self) -> tuple[Any, ...]:
        """``copy`` and ``pickle`` (a search's copy of a position): a compiled ``__init__`` needs its
        arguments; the other fields are set after (a card and its implants refer to each other)."""
        return rebuilt_by_fields(self, 4)

    def __setstate__(self, state: dict[str, Any]) -> None:
        restore_fields(self, state)

    @property
    def name(self) -> str:
        return self.d.name

    def __eq__(self, other: object) -> bool:
        """The dataclass's field-by-field equality, told apart by ``uid`` first: a card's number in its
        game, so two different cards of one game differ there and the rest is never read. Hands and zones
        are lists searched by equality (``list.remove``, ``in``); the generated method built two tuples of
        all twenty fields for every card passed over, about 4.5 µs in the compiled build (issue 20)."""
        if type(other) is not type(self):  # ``type``: compiled, a C macro where ``__class__`` is a lookup
            return NotImplemented
        assert isinstance(other, Card)
        if other.uid != self.uid:
            return False
        return bool(_card_fields(self) == _card_fields(other))

    def reset(self) -> None:
        """A card that leaves the battlefield forgets everything that happened to it there, except that hunger
        fed it: the original's bonus is "once per game for each unit", not once per stay (HR-15.5, HR-Q.21)."""
        self.tapped = False
        self.dur = self.d.durability
        self.atk_mod = self.temp_atk = self.energy = self.pending = 0
        self.silenced = self.tapped_out = False
        self.entered = self.window = -1
        self.host = None
        self.implants = []
        self.controller = self.owner


_card_fields = attrgetter(*(f.name for f in fields(Card)))  # ``Card.__eq__``'s full comparison


@dataclass(slots=True)
class PlayerState:
    """One commander: zones, resources (HR-6) and counters for the players table."""

    seat: int
    deck_name: str
    classes: tuple[str, ...]
    deck: list[Card] = field(default_factory=list)  # top of deck = end of list
    hand: list[Card] = field(default_factory=list)
    battlefield: list[Card] = field(default_factory=list)
    other_world: list[Card] = field(default_factory=list)
    abyss: list[Card] = field(default_factory=list)
    crystals: int = 0  # permanent resource cells
    pool: int = 0  # resources available now: filled crystals + temporary (≤ 9)
    temp: int = 0  # the part of pool that ends with the turn
    boss_damage: int = 0
    lethal: bool = False
    mulligans: int = 0
    cards_cast: int = 0
    retributions: int = 0


@dataclass(slots=True)
class StackItem:
    """Something waiting on the shared stack (HR-5.5): a card, an ability or a trigger."""

    kind: str  # "card" | "ability" | "trigger" | "construction" | "overload" | "substitution" | "synergy"
    controller: int
    source: Card
    ability: Ability | None
    target: Any = None  # card uid, -(seat+1) for a player, or None
    tapped_source: bool = False  # source was tapped for this (HR-4.5 pending)
    extra: Any = None  # per-kind data (synergy move, substitution return)
    src_epoch: int = -1  # the source's battlefield epoch when it was put on the stack
    tgt_epoch: Any = -1  # target permanents' epochs when chosen (a tuple for several) — HR-10.3 "still there"
    stage: int = 0  # HR-7.1: WAITING (cost paid), DECLARED (cost not yet paid) or RESOLVING
    aimed: StackItem | None = None  # for target kind "ability": the very ability targeted (HR-7.2)

    def __init__(
        self,
        kind: str,
        controller: int,
        source: Card,
        ability: Ability | None,
        target: Any = None,
        tapped_source: bool = False,
        extra: Any = None,
        src_epoch: int = -1,
        tgt_epoch: Any = -1,
        stage: int = 0,
        aimed: StackItem | None = None,
    ) -> None:
        """The dataclass's ``__init__`` written out, compiled (as ``Card``'s)."""
        self.kind = kind
        self.controller = controller
        self.source = source
        self.ability = ability
        self.target = target
        self.tapped_source = tapped_source
        self.extra = extra
        self.src_epoch = src_epoch
        self.tgt_epoch = tgt_epoch
        self.stage = stage
        self.aimed = aimed

    def __reduce__(self) -> tuple[Any, ...]:
        """As ``Card.__reduce__`` (an item may aim at another item)."""
        return rebuilt_by_fields(self, 4)

    def __setstate__(self, state: dict[str, Any]) -> None:
        restore_fields(self, state)


# HR-7.1 stages of a card or an activated ability on the stack. Only a WAITING item can be cancelled (HR-7.2).
WAITING, DECLARED, RESOLVING = 0, 1, 2
# Stack items that are abilities (HR-11): activated, keyword (HR-15) and triggered ones.
ABILITY_ITEMS = frozenset({"ability", "trigger", "construction", "overload", "substitution", "synergy"})


class GameOver(Exception):  # noqa: N818 — control flow, not an error
    """Raised the instant the boss dies (HR-3.2) or the game otherwise ends."""

    def __init__(self, winners: tuple[int, ...], reason: str) -> None:
        super().__init__(reason)
        self.winners = winners
        self.reason = reason


@dataclass(slots=True)
class Game:
    """Everything about one game in progress."""

    players: list[PlayerState]
    seats: Players
    streams: Streams  # every random source its own stream of the game seed
    log: EventLog
    cards: list[Card]
    boss_hp: int
    boss_max: int
    first: int = 0
    active: int = 0
    turn: int = 0
    phase: str = "setup"
    stack: list[StackItem] = field(default_factory=list)
    pending_triggers: list[StackItem] = field(default_factory=list)
    kill_turn: int | None = None
    plays: int = 0  # plays and activations this turn (a runaway-loop guard)
    n: int = 0  # number of players (set from ``players``)
    # uids of cards every player saw go into a hand (from the other world, the battlefield, the stack: HR-5.3,
    # HR-5.6; not a draw, HR-5.4): a search's re-deal keeps them there (branching.determinize)
    shown: set[int] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.n = len(self.players)

    def opponents(self, seat: int) -> list[int]:
        """Opponents of ``seat`` in clockwise order starting after it."""
        n = len(self.players)
        return [(seat + i) % n for i in range(1, n)]
