"""What a game's events and columns mean to a report, declared by the game (``GameSpec.analysis``).

``analysis`` never imports an engine (DESIGN: Analysis), so each game says here what its event kinds mean
("``item_gained`` is a card a player acquired", "a soul is a point of score"); the runner writes the
declaration into the run's manifest (``Manifest.analysis``) and analysis reads it from there only. A run
whose game declares nothing still gets every section that needs only the games and players tables.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any


class AnalysisSpecError(ValueError):
    """A manifest's ``analysis`` entry of the wrong shape (the run format turns it into one line)."""


@dataclass(frozen=True, slots=True)
class CardAction:
    """One thing a player does with a card, as event kinds whose ``card`` column names the card and whose
    ``seat`` is the player who did it."""

    name: str  # what the report calls it: "gained (items)", "played (loot)" …
    kinds: tuple[str, ...]
    verb: str  # plain words for a sentence: "gained", "played" …


@dataclass(frozen=True, slots=True)
class ScoreRule:
    """One event kind's contribution to a seat's running score: ``sign`` × (``amount`` or 1)."""

    kind: str
    sign: int = 1
    use_amount: bool = True


@dataclass(frozen=True, slots=True)
class FirstScore:
    """The moment a game "gets going": the first event of ``kinds`` by a seat. With ``below_half_of`` (a
    games column), only an event whose ``value`` falls below half that column counts (Hidden Reason: the
    boss's HP left, in ``value``, below half its starting HP ``boss_hp_start``)."""

    label: str
    kinds: tuple[str, ...]
    below_half_of: str | None = None


@dataclass(frozen=True, slots=True)
class AnalysisSpec:
    main_column: str | None = None  # the players column a designer balances: character, alliance, deck
    rounds_column: str | None = None  # a games column counting rounds, beside turns
    score_label: str = "score"
    card_actions: tuple[CardAction, ...] = ()
    first_score: FirstScore | None = None
    score_rules: tuple[ScoreRule, ...] = ()
    missing: tuple[str, ...] = ()  # what the report would like but the event vocabulary does not give

    def event_kinds(self) -> set[str]:
        """Every event kind the declaration names (the GameSpec checks them against its vocabulary)."""
        kinds = {k for action in self.card_actions for k in action.kinds} | {r.kind for r in self.score_rules}
        return kinds | set(self.first_score.kinds if self.first_score else ())

    def to_dict(self) -> dict[str, Any]:
        """The manifest's ``analysis`` entry (plain JSON)."""
        first = self.first_score
        return {
            "main_column": self.main_column,
            "rounds_column": self.rounds_column,
            "score_label": self.score_label,
            "card_actions": [
                {"name": a.name, "kinds": list(a.kinds), "verb": a.verb} for a in self.card_actions
            ],
            "first_score": None
            if first is None
            else {"label": first.label, "kinds": list(first.kinds), "below_half_of": first.below_half_of},
            "score_rules": [
                {"kind": r.kind, "sign": r.sign, "use_amount": r.use_amount} for r in self.score_rules
            ],
            "missing": list(self.missing),
        }

    @classmethod
    def from_dict(cls, data: Any) -> AnalysisSpec:
        """Read a manifest's ``analysis`` entry; :class:`AnalysisSpecError` names the first bad key."""
        d = _object(data, "analysis")
        first = d.get("first_score")
        if first is not None:
            f = _object(first, "first_score")
            first = FirstScore(
                _text(f, "label"), _texts(f, "kinds"), _text(f, "below_half_of", optional=True)
            )
        actions = tuple(
            CardAction(_text(a, "name"), _texts(a, "kinds"), _text(a, "verb"))
            for a in (_object(x, "card_actions[]") for x in _list(d, "card_actions"))
        )
        rules = []
        for r in (_object(x, "score_rules[]") for x in _list(d, "score_rules")):
            sign, use_amount = r.get("sign"), r.get("use_amount")
            if sign not in (1, -1) or isinstance(sign, bool) or not isinstance(use_amount, bool):
                raise AnalysisSpecError("score_rules[]: 'sign' must be 1 or -1 and 'use_amount' a boolean")
            rules.append(ScoreRule(_text(r, "kind"), sign, use_amount))
        return cls(
            main_column=_text(d, "main_column", optional=True),
            rounds_column=_text(d, "rounds_column", optional=True),
            score_label=_text(d, "score_label"),
            card_actions=actions,
            first_score=first,
            score_rules=tuple(rules),
            missing=_texts(d, "missing"),
        )


def _object(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise AnalysisSpecError(f"{where}: expected an object, got {type(value).__name__}")
    return value


def _list(d: Mapping[str, Any], key: str) -> Iterable[Any]:
    value = d.get(key)
    if not isinstance(value, list):
        raise AnalysisSpecError(f"'{key}' must be a list")
    return value


def _text(d: Mapping[str, Any], key: str, optional: bool = False) -> Any:
    value = d.get(key)
    if (value is None and optional) or isinstance(value, str):
        return value
    raise AnalysisSpecError(f"'{key}' must be a string, not {value!r:.40}")


def _texts(d: Mapping[str, Any], key: str) -> tuple[str, ...]:
    values = tuple(_list(d, key))
    if not all(isinstance(v, str) for v in values):
        raise AnalysisSpecError(f"'{key}' must be a list of strings")
    return values
