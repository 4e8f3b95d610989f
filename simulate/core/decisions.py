"""Decisions: the one door through which an engine asks a player to choose.

Engines never decide for a player (DESIGN: Decisions). At each choice the engine builds a
:class:`Decision` — what is asked, the legal options, and a read-only view of what that player may
know — and hands it to :meth:`Players.ask`. A strategy returns one of the options.
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from .errors import IllegalChoiceError, InvariantError, UserError


@dataclass(slots=True)
class Decision:
    """One choice put to one player.

    ``kind`` names the question (``action``, ``respond``, ``choose_target``, ``discard``, ``draft_clan``,
    ``mulligan`` …, each game documents its own). ``options`` are the legal answers: small hashable
    values (strings, ints, tuples) that the engine understands. ``view`` is a game-specific read-only
    object with only what this player may know (never another hand or a deck's order). ``context``
    carries what prompted the decision (the roll being answered, the attack under way …).
    """

    kind: str
    seat: int
    options: Sequence[Any]
    view: Any = None
    context: Any = None


_PLAIN = frozenset({str, int, bool, float, type(None)})


def plain(value: Any) -> bool:
    """Is ``value`` made only of plain values (strings, numbers, booleans, None, tuples of them)? The
    options and contexts of engines whose handles are uids (Gosu X, Hidden Reason) are, so that a strategy
    never holds a live engine object (issue 17 item 5)."""
    t = type(value)
    if t in _PLAIN:
        return True
    return t is tuple and all(plain(v) for v in value)


def check_plain(decision: Decision) -> None:
    """Checked play of such an engine: stop at a decision offering anything else, naming its kind."""
    for value in (*decision.options, decision.context):
        if not plain(value):
            raise InvariantError(
                f"a '{decision.kind}' decision to seat {decision.seat} offered {value!r}, not a plain value: "
                "options are public handles (uids), never engine objects"
            )


@dataclass(frozen=True, slots=True)
class DecisionKind:
    """One kind of question a game asks (declared in its ``GameSpec.decision_kinds``): what is asked and
    what its options look like, so a strategy author, the docs and checked play all read one list."""

    asks: str  # what the player decides, in a few words
    options: str  # the shape of its options (and context, when it matters)


class Strategy(Protocol):
    """What a player policy looks like. Strategies live in ``strategies/<game>/``, one module each."""

    name: ClassVar[str]

    def __init__(self, seat: int, rng: random.Random, **params: Any) -> None: ...

    def choose(self, decision: Decision) -> Any: ...

    # Optional: ``declines(kind, view, context) -> bool``. An engine may call it (``Players.decliners``)
    # before building a decision it can skip (Four Souls: every ``respond`` window); True promises that
    # ``choose`` would pass whatever the options, so the engine passes for the player without building
    # them. It is a pure saving: a game must be event-for-event identical with and without it.


@dataclass(slots=True)
class Players:
    """The strategies at the table, seat by seat, and the counter of decisions actually asked."""

    strategies: list[Any]
    decisions: int = 0
    choices: list[int] | None = field(default=None)
    declined: int = 0  # decisions the engine skipped because the player declined them unseen
    single_option: int = 0  # decisions with one option, answered without asking (here or by the engine)
    honour_declines: bool = True  # False: ask anyway (tests check that declining changes nothing)
    asked: int = 0  # every ask, single-option ones included: the step count the runaway guard caps
    max_asks: int = 0  # 0: the default cap, MAX_ASKS_PER_GAME
    declared: frozenset[str] | None = (
        None  # checked play: the game's declared decision kinds (else unchecked)
    )
    _decliners: list[Any] | None = field(default=None, repr=False)  # each seat's ``declines`` (or None)

    def __len__(self) -> int:
        return len(self.strategies)

    def decliners(self) -> list[Any]:
        """Each seat's ``declines`` as a function ``(kind, view, context) -> bool`` (None when its
        strategy has none), for engines that check it in a hot loop: a True answer is a declined
        decision, which the engine counts in ``declined``. When ``honour_declines`` is off the
        functions are still called (same strategy state) but answer False."""
        fns = self._decliners
        if fns is None:  # looked up once, at the first window: a game's strategies are fixed by then
            fns = self._decliners = [getattr(s, "declines", None) for s in self.strategies]
        if self.honour_declines:
            return list(fns)
        return [None if fn is None else _ignored(fn) for fn in fns]

    def ask(self, decision: Decision) -> Any:
        """Put ``decision`` to its player and return the chosen option.

        A decision with a single option is answered without asking (DESIGN: "asking costs time").
        An answer that is not one of the options is a bug in the strategy and stops the game.
        """
        options = decision.options
        self.asked += 1
        if self.declared is not None and decision.kind not in self.declared:
            raise InvariantError(
                f"the engine asked seat {decision.seat} a '{decision.kind}' decision, a kind its game does not "
                "declare (GameSpec.decision_kinds)"
            )
        if self.asked > (self.max_asks or MAX_ASKS_PER_GAME):
            raise RunawayGameError(
                f"runaway game: more than {self.max_asks or MAX_ASKS_PER_GAME:,} decisions asked without the "
                f"game ending (last: a '{decision.kind}' decision to seat {decision.seat}); stopped by the "
                "per-game step cap"
            )
        if len(options) == 1:
            self.single_option += 1
            return options[0]
        if not options:
            raise IllegalChoiceError(
                f"engine asked seat {decision.seat} a '{decision.kind}' decision with no options"
            )
        strategy = self.strategies[decision.seat]
        choice = strategy.choose(decision)
        self.decisions += 1
        try:
            index = options.index(choice)
        except ValueError:
            raise IllegalChoiceError(
                f"strategy '{getattr(strategy, 'name', type(strategy).__name__)}' (seat {decision.seat}) returned "
                f"{choice!r} to a '{decision.kind}' decision; legal options were {list(options)!r}"
            ) from None
        if self.choices is not None:
            self.choices.append(index)
        return choice


# The per-game step cap (issue 16: every game ends). Engines cap turns; a game that loops inside one turn
# (a strategy attacking a monster that cannot die, an ability that re-triggers itself) is stopped here, in
# the one door every engine asks through, and recorded as a failed game with its seed. Seeded games of
# every engine ask far fewer (a 4-player Four Souls game of random players: about 80 per turn).
MAX_ASKS_PER_GAME = 200_000
ASKS_PER_TURN = 400  # a higher --max-turns raises the cap: max(MAX_ASKS_PER_GAME, ASKS_PER_TURN × turns)


def ask_cap(max_turns: int | None) -> int:
    """The step cap of a game whose turn cap is ``max_turns``."""
    return max(MAX_ASKS_PER_GAME, ASKS_PER_TURN * (max_turns or 0))


class RunawayGameError(RuntimeError):
    """A game asked more decisions than any game that ends can (see ``MAX_ASKS_PER_GAME``)."""


def _ignored(fn: Any) -> Any:
    def call(kind: str, view: Any, context: Any) -> bool:
        fn(kind, view, context)
        return False

    return call


@dataclass(frozen=True, slots=True)
class StrategySpec:
    """A strategy named on the command line: ``name`` or ``name:key=value,key=value``."""

    name: str
    cls: type
    params: tuple[tuple[str, Any], ...] = ()

    @property
    def label(self) -> str:
        if not self.params:
            return self.name
        return self.name + ":" + ",".join(f"{k}={v}" for k, v in self.params)

    def check(self) -> None:
        """Fail now, with one line, on a parameter the strategy does not declare or a value it refuses —
        before any game is played, never in every game (issue 16)."""
        declared = declared_parameters(self.cls)
        for key, _ in self.params:
            if key not in declared:
                known = ", ".join(sorted(declared)) or "none"
                raise UserError(
                    f"strategy '{self.label}': unknown parameter '{key}'{_close(key, declared)} (parameters: {known})"
                )
        try:
            self.build(0, random.Random(0))  # a value the strategy refuses (draft=zzz) fails here, once
        except UserError as exc:
            text = str(exc)
            raise UserError(
                text if text.startswith("strategy '") else f"strategy '{self.label}': {text}"
            ) from None

    def build(self, seat: int, rng: random.Random) -> Any:
        try:
            return self.cls(seat, rng, **dict(self.params))
        except TypeError as exc:
            raise UserError(f"strategy '{self.label}': {exc}") from None


def declared_parameters(cls: type) -> set[str]:
    """The parameters a strategy declares: the named keyword parameters of ``__init__`` along its classes
    (a subclass passing ``**params`` on to its base declares what the base declares), without seat and rng."""
    names: set[str] = set()
    for klass in cls.__mro__:
        init = klass.__dict__.get("__init__")
        if init is None or klass is object:
            continue
        params = list(inspect.signature(init).parameters.values())[3:]  # self, seat, rng
        names.update(p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY))
    return names


def _close(word: str, choices: set[str]) -> str:
    import difflib

    close = difflib.get_close_matches(word, sorted(choices), n=1, cutoff=0.6)
    return f" — did you mean '{close[0]}'?" if close else ""


def _parse_value(text: str) -> Any:
    for cast in (int, float):
        try:
            return cast(text)
        except ValueError:
            pass
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    return text


def number_param(name: str, value: Any) -> float:
    """A strategy's numeric parameter (``NAME:key=value`` arrives as text): a bad value is one line."""
    try:
        return float(value)
    except (TypeError, ValueError):
        raise UserError(f"strategy parameter {name}={value!r}: a number is needed") from None


def parse_strategies(texts: Sequence[str], available: dict[str, type]) -> list[StrategySpec]:
    """Parse ``--strategy`` values: ``random``, ``sensible,random``, ``sensible:risk=0.3,greed=2,random``.

    Items are split on commas; an item with ``=`` and no ``:`` is one more parameter of the strategy
    before it, so parameters and seat lists read naturally in one option.
    """
    groups: list[list[str]] = []
    for text in texts:
        for item in (part.strip() for part in text.split(",")):
            if not item:
                raise UserError(f"--strategy '{text}': empty strategy name")
            if "=" in item and ":" not in item and groups:
                groups[-1].append(item)
            else:
                groups.append([item])
    specs = [_parse_one(group, available) for group in groups]
    for spec in specs:
        spec.check()
    return specs


def _parse_one(group: list[str], available: dict[str, type]) -> StrategySpec:
    name, _, first = group[0].partition(":")
    if name not in available:
        known = ", ".join(sorted(available)) or "none"
        raise UserError(f"--strategy: unknown strategy '{name}' (available: {known})")
    params: list[tuple[str, Any]] = []
    for item in ([first] if first else []) + group[1:]:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise UserError(f"--strategy '{name}': parameter '{item}' is not key=value")
        params.append((key.strip(), _parse_value(value.strip())))
    return StrategySpec(name, available[name], tuple(params))
