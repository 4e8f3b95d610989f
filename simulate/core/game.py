"""How a game plugs into the kernel: its spec (name, config, play function, vocabulary, columns)
and the result one game returns. No game-specific code lives here."""

from __future__ import annotations

import hashlib
import json
import traceback
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field, is_dataclass
from typing import Any

from . import branching
from .analysis_spec import AnalysisSpec
from .decisions import DecisionKind, Players
from .errors import UserError
from .events import HELD_AT_END, EventLog

# Column types a game may declare for its extra players/games columns (mapped to Arrow by the sink).
COLUMN_TYPES = ("int", "float", "bool", "str", "list<str>", "list<int>")

END_REASONS = ("win", "draw", "no_winner", "turn_cap")


@dataclass(slots=True)
class SeatResult:
    """One seat's line in the players table: its score and the game's own columns."""

    score: float = 0.0
    columns: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class GameResult:
    """What ``play`` returns.

    ``winners`` are seats; several winners with ``end_reason == "draw"`` share a draw, several with
    ``"win"`` won together (a co-operative game: Four Souls solo/co-op, FS-17). ``no_winner`` is a
    game every player lost (e.g. Hidden Reason's technical loss, HR-3.6). A game that hit the turn cap has
    ``end_reason == "turn_cap"`` and no winners (never silent: DESIGN, issue 2).
    ``first_seat`` is the seat that took the first turn. ``turns`` counts turns (or rounds, as the game
    documents) actually played.
    """

    winners: tuple[int, ...]
    end_reason: str
    turns: int
    first_seat: int
    seats: list[SeatResult]
    events: EventLog
    columns: dict[str, Any] = field(default_factory=dict)
    decisions: int = 0  # decisions put to a player (more than one option)
    single_option: int = 0  # decisions with one option, answered without asking
    declined: int = 0  # decision windows the engine skipped because the player declined them unseen

    def __post_init__(self) -> None:
        if self.end_reason not in END_REASONS:
            raise ValueError(f"end_reason must be one of {END_REASONS}, not {self.end_reason!r}")

    @property
    def draw(self) -> bool:
        return self.end_reason == "draw"

    def seat_outcome(self, seat: int) -> str:
        if seat in self.winners:
            return "draw" if self.draw else "win"
        return "loss"


@dataclass(frozen=True, slots=True)
class GameOption:
    """A game-specific command-line option (``cardlab simulate GAME --NAME``).

    ``kind`` is ``str``, ``int``, ``float``, ``bool`` (a flag), or a tuple of allowed strings.
    ``multiple`` lets the option repeat (values arrive as a tuple).
    """

    name: str
    kind: Any
    default: Any
    help: str
    multiple: bool = False


@dataclass(frozen=True, slots=True)
class Coverage:
    """What a game's events mean for "what the players used" (issue 13), declared by the game so that
    analysis learns it from the manifest and never from the engine (DESIGN: Event log and results).

    A *holding* is one card in one seat's possession in one game. Events of ``gained`` / ``used`` /
    ``lost`` kinds name the card in ``card`` and the player it happened to in ``seat``; ``held_at_end``
    (simulate.core.events.HELD_AT_END) names what each seat still held when the game ended. A card's
    holdings are the (game, seat) pairs with any of these events, so an engine that never names a card
    as it is drawn still counts every card that left a hand or stayed in it. ``cards(config)`` maps the
    cards a player can use (play, activate, cast) to their kind ("loot", "item ↷", "level 2" …); cards it
    leaves out (passive items, monsters) have nothing to use and are not counted.
    """

    gained: tuple[str, ...]
    used: tuple[str, ...]
    lost: tuple[str, ...]
    cards: Callable[[Any], Mapping[str, str]]
    ignore_detail: tuple[
        str, ...
    ] = ()  # events with this detail do not count (e.g. a card milled from a deck)
    notes: tuple[str, ...] = ()  # what the events cannot tell (e.g. loot moved between hands unnamed)
    # card name → its published set(s), for a run dealing several sets (the report's "Cards by set")
    card_sets: Callable[[Any], Mapping[str, str]] | None = None

    def describe(self, config: Any) -> dict[str, Any]:
        """The manifest's ``coverage`` entry: event kinds by role and the run's usable cards by kind (and,
        for a run over several card sets, each card's set: the key is absent otherwise)."""
        sets = dict(self.card_sets(config)) if self.card_sets is not None else {}
        return ({"sets": dict(sorted(sets.items()))} if sets else {}) | {
            "gained": list(self.gained),
            "used": list(self.used),
            "lost": list(self.lost),
            "at_end": HELD_AT_END,
            "cards": dict(sorted(self.cards(config).items())),
            "ignore_detail": list(self.ignore_detail),
            "notes": list(self.notes),
        }


@dataclass(frozen=True)
class GameSpec:
    """Everything the kernel and the CLI need to know about a game.

    ``make_config(n_players, max_turns, **options)`` validates options (raising ``UserError``) and
    returns a picklable config dataclass. ``play(config, seed, players, log_events=True)`` is the pure
    game function; ``checked_play`` (same signature) also checks the engine's invariants after every
    step and raises ``InvariantError`` (``cardlab soak``). ``left_out_cards(config)`` maps card names that the run's decks leave out (behaviour
    not implemented) to the reason, so every run can record them.
    """

    name: str
    title: str
    make_config: Callable[..., Any]
    play: Callable[..., GameResult]
    event_kinds: frozenset[str]
    player_columns: Mapping[str, str]
    players_range: tuple[int, int]
    default_players: int
    game_columns: Mapping[str, str] = field(default_factory=dict)
    options: tuple[GameOption, ...] = ()
    variants: Mapping[str, str] = field(default_factory=dict)
    card_sets: Mapping[str, str] = field(default_factory=dict)
    card_data_hash: Callable[[Any], str] = lambda config: ""
    left_out_cards: Callable[[Any], Mapping[str, str]] = lambda config: {}
    describe_event: Callable[[tuple], str] | None = None
    check_cards: Callable[[str], str] | None = None
    default_max_turns: int = 500
    default_strategy: str = "sensible"
    checked_play: Callable[..., GameResult] | None = None  # play() checking invariants after every step
    dimensions: tuple[str, ...] = ()  # players columns a report breaks win rates down by (design choices)
    coverage: Coverage | None = None  # what its events mean for "what the players used" (issue 13)
    set_fields: tuple[str, ...] = ()  # the card fields its --set takes (simulate.core.overrides), if any
    story: Callable[[int], Any] | None = None  # seats → its narrative.Story (`cardlab replay`)
    # every kind of decision it asks (name → what and option shape); checked play rejects any other
    decision_kinds: Mapping[str, DecisionKind] = field(default_factory=dict)
    analysis: AnalysisSpec | None = None  # what its events and columns mean to a report (the manifest's)

    def __post_init__(self) -> None:
        if self.checked_play is not None and self.decision_kinds:
            inner = self.checked_play
            inner = inner.play if isinstance(inner, DeclaredKindsPlay) else inner  # a replace()d spec
            object.__setattr__(self, "checked_play", DeclaredKindsPlay(inner, frozenset(self.decision_kinds)))
        for cols in (self.player_columns, self.game_columns):
            for name, kind in cols.items():
                if kind not in COLUMN_TYPES:
                    raise ValueError(f"game '{self.name}': column {name!r} has unknown type {kind!r}")
        if self.coverage is not None:
            c = self.coverage
            unknown = set(c.gained + c.used + c.lost + (HELD_AT_END,)) - self.event_kinds
            if unknown:
                raise ValueError(f"game '{self.name}': coverage names unknown event kinds {sorted(unknown)}")
        if self.analysis is not None:
            self._check_analysis(self.analysis)

    def _check_analysis(self, a: AnalysisSpec) -> None:
        """The declaration names only this game's event kinds and columns (a typo would silently empty a
        report section)."""
        unknown = a.event_kinds() - self.event_kinds
        if unknown:
            raise ValueError(f"game '{self.name}': analysis names unknown event kinds {sorted(unknown)}")
        for column, known in (
            (a.main_column, self.player_columns),
            (a.rounds_column, self.game_columns),
            (a.first_score.below_half_of if a.first_score else None, self.game_columns),
        ):
            if column is not None and column not in known:
                raise ValueError(f"game '{self.name}': analysis names unknown column {column!r}")


@dataclass(frozen=True, slots=True)
class DeclaredKindsPlay:
    """A game's checked play that also stops at a decision kind the game does not declare: an undeclared
    kind is one no strategy, doc or test knows of (issue 17)."""

    play: Callable[..., GameResult]
    kinds: frozenset[str]

    def __call__(self, config: Any, seed: int, players: Players, log_events: bool = True) -> GameResult:
        players.declared = self.kinds
        return self.play(config, seed, players, log_events)


def config_dict(config: Any) -> dict[str, Any]:
    """A JSON-ready dict of a config dataclass (tuples become lists)."""
    data = asdict(config) if is_dataclass(config) else dict(config)
    return json.loads(json.dumps(data, default=_jsonable, sort_keys=True))


def _jsonable(value: Any) -> Any:
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    if is_dataclass(value):
        return asdict(value)
    return str(value)


# The tables store counts and amounts in 32-bit columns; a config number beyond this cannot be a real
# setting and would fail (or wrap) when its game is written (issue 16).
CONFIG_NUMBER_MAX = 10**9


def check_config_numbers(config: Any, where: str = "") -> None:
    """Refuse a config holding a number too large for any real setting: one line naming the field."""
    data = config_dict(config) if not where else config
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        name = f"{where}.{key}" if where else str(key)
        if isinstance(value, int | float) and not isinstance(value, bool) and abs(value) > CONFIG_NUMBER_MAX:
            shown = name.split(".")[0].replace("_", "-")
            raise UserError(
                f"--{shown}: {value} is out of range (at most {CONFIG_NUMBER_MAX:,} in absolute value)"
            )
        if isinstance(value, dict | list):
            check_config_numbers(value, name)


def config_hash(config: Any) -> str:
    """A short stable hash of a config: equal configs give equal hashes across machines."""
    text = json.dumps(config_dict(config), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@branching.entry
def play_seated(
    spec: GameSpec, config: Any, seed: int, players: Players, log_events: bool = True
) -> GameResult:
    """Run one game and stamp the number of decisions asked on its result.

    Every game is played through here, so this is where a branch (a forked child continuing the game
    under a candidate answer, :mod:`simulate.core.branching`) hands back its outcome and exits: a child
    never returns into the runner. It also records every answer (``players.choices``), so a branch may
    replay the game instead (:func:`simulate.core.branching.replay`)."""
    table = branching.enter(spec.play, config, seed, players)
    try:
        result = spec.play(config, seed, players, log_events=log_events)
    except BaseException:
        if branching.in_child():
            branching.fail(traceback.format_exc())
        raise
    finally:
        branching.leave(table)
    if branching.in_child():
        branching.finish_game(result)
    result.decisions = players.decisions
    result.single_option = players.single_option
    result.declined = players.declined
    return result
