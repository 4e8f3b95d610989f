"""Decisions: the one door through which an engine asks a player to choose.

Engines never decide for a player (DESIGN: Decisions). At each choice the engine builds a
:class:`Decision` — what is asked, the legal options, and a read-only view of what that player may
know — and hands it to :meth:`Players.ask`. A strategy returns one of the options. Both live in ``asking``
(compiled), re-exported here.
"""

from __future__ import annotations

import inspect
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from .asking import MAX_ASKS_PER_GAME, Decision, Players, check_plain, plain
from .errors import RunawayGameError, UserError
from .wording import did_you_mean

__all__ = [
    "ASKS_PER_TURN",
    "MAX_ASKS_PER_GAME",
    "Decision",
    "DecisionKind",
    "Players",
    "RunawayGameError",
    "Strategy",
    "StrategySpec",
    "ask_cap",
    "check_plain",
    "declared_parameters",
    "number_param",
    "parse_strategies",
    "plain",
]


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


ASKS_PER_TURN = 400  # a higher --max-turns raises the cap: max(MAX_ASKS_PER_GAME, ASKS_PER_TURN × turns)


def ask_cap(max_turns: int | None) -> int:
    """The step cap of a game whose turn cap is ``max_turns``."""
    return max(MAX_ASKS_PER_GAME, ASKS_PER_TURN * (max_turns or 0))


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
                    f"strategy '{self.label}': unknown parameter '{key}'{did_you_mean(key, sorted(declared))} (parameters: {known})"
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
        except (TypeError, ValueError, OverflowError) as exc:  # e.g. int('nan') of a parameter: one line
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


def _parse_value(text: str) -> Any:
    for cast in (int, float):
        try:
            value = cast(text)
        except ValueError:
            continue
        if math.isfinite(value):  # "nan" and "inf" stay text: no strategy takes them as a number
            return value
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    return text


def number_param(name: str, value: Any) -> float:
    """A strategy's numeric parameter (``NAME:key=value`` arrives as text): a bad value is one line. ``nan``
    and ``inf`` parse as floats but are no setting (an ``int()`` of them was a traceback in every game)."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise UserError(f"strategy parameter {name}={value!r}: a number is needed") from None
    if not math.isfinite(number):
        raise UserError(f"strategy parameter {name}={value!r}: a finite number is needed")
    return number


def parse_strategies(
    texts: Sequence[str], available: dict[str, type], option: str = "--strategy"
) -> list[StrategySpec]:
    """Parse ``--strategy`` values: ``random``, ``sensible,random``, ``sensible:risk=0.3,greed=2,random``.

    Items are split on commas; an item with ``=`` and no ``:`` is one more parameter of the strategy
    before it, so parameters and seat lists read naturally in one option. ``option`` is the option the
    texts came from (``--ensemble``, ``--against``), named by every message.
    """
    groups: list[list[str]] = []
    for text in texts:
        for item in (part.strip() for part in text.split(",")):
            if not item:
                raise UserError(f"{option} '{text}': empty strategy name")
            if "=" in item and ":" not in item and groups:
                groups[-1].append(item)
            else:
                groups.append([item])
    specs = [_parse_one(group, available, option) for group in groups]
    for spec in specs:
        spec.check()
    return specs


def _parse_one(group: list[str], available: dict[str, type], option: str) -> StrategySpec:
    name, _, first = group[0].partition(":")
    if name not in available:
        known = ", ".join(sorted(available)) or "none"
        raise UserError(f"{option}: unknown strategy '{name}' (available: {known})")
    if group[0].endswith(":") and len(group) == 1:  # `-s "sensible:$PARAMS"` with PARAMS unset
        raise UserError(
            f"{option} '{group[0]}': nothing after ':' (an unset shell variable?); give NAME alone"
        )
    params: list[tuple[str, Any]] = []
    for item in ([first] if first else []) + group[1:]:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise UserError(f"{option} '{name}': parameter '{item}' is not key=value")
        if not value.strip():  # `restricted:ban=$CARD` with CARD unset played as if nothing were banned
            raise UserError(
                f"{option} '{name}': parameter '{key.strip()}' is empty (an unset shell variable?)"
            )
        if any(k == key.strip() for k, _ in params):  # `sensible:a=3,a=4`: the last one won without a word
            raise UserError(f"{option} '{name}': parameter '{key.strip()}' given twice; give it once")
        params.append((key.strip(), _parse_value(value.strip())))
    return StrategySpec(name, available[name], tuple(params))
