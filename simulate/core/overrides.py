"""``--set 'CARD.FIELD=VALUE'``: card-fact overrides on top of the card files, one mechanism for every game
(issue 17 item 4). A game declares which fields may be set (:class:`Settable`, with their range) and how a
new value is put on its card record; this module parses the text, finds the cards (by name,
case-insensitive, or id: every card of that name changes), checks the value and reports every mistake as
one line that names the game, the override and what is wrong — the same words in every game.

Overrides are applied to the loaded card records before a game uses them, and a game's card-data hash
covers them, so a run's hash changes with them and `compare` lists them among the differences.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from .cardfiles import CARD_NUMBER_MAX, unknown
from .errors import UserError

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Settable:
    """A field ``--set`` may change: ``kind`` is "int", "bool" or a tuple of allowed words; ints lie in
    ``low..high``; ``applies`` says which cards have the field (``what`` names them in the error)."""

    kind: Any = "int"
    low: int = 0
    high: int = CARD_NUMBER_MAX
    applies: Callable[[Any], bool] | None = None
    what: str = ""
    extra: tuple[str, ...] = ()  # words allowed besides the kind (e.g. "roll" for a reward)


def parse(
    game: str, text: str, fields: Iterable[str], example: str, aliases: Mapping[str, str] | None = None
) -> tuple[str, str, str]:
    """``NAME.FIELD=VALUE`` → (name, field, value text); card names may contain dots, so the longest
    known field (or alias of one) at the end wins."""
    fields = list(fields)
    aliases = dict(aliases or {})
    shape = f"{game}: --set {text!r}: expected CARD.FIELD=VALUE (e.g. {example!r})"
    key, eq, value = str(text).partition("=")
    if not eq or not value.strip():
        raise UserError(shape)
    key = key.strip()
    for f in sorted([*fields, *aliases], key=len, reverse=True):
        if key.endswith("." + f) and len(key) > len(f) + 1:
            return key[: -len(f) - 1].strip(), aliases.get(f, f), value.strip()
    name, dot, f = key.rpartition(".")
    if not dot or not name:
        raise UserError(shape)
    raise UserError(f"{game}: --set {text!r}: {unknown('field', f, fields)}")


def value(game: str, text: str, field: str, rule: Settable, original: str) -> Any:
    """The value text checked against the field's rule."""
    bad = f"{game}: --set {original!r}: "
    if text in rule.extra:
        return text
    if rule.kind == "bool":
        if text.lower() not in ("true", "false"):
            raise UserError(bad + f"{field} must be true or false, got {text!r}")
        return text.lower() == "true"
    if isinstance(rule.kind, tuple):
        if text not in rule.kind:
            raise UserError(bad + unknown(field, text, rule.kind))
        return text
    try:
        n = int(text)
    except ValueError:
        n = None
    if n is None or not rule.low <= n <= rule.high:
        words = "".join(f" or {w!r}" for w in rule.extra)
        raise UserError(bad + f"{field} must be a whole number {rule.low}–{rule.high}{words}, got {text!r}")
    return n


def find(game: str, cards: Sequence[Any], name: str, original: str, ident: str | None = "id") -> list[Any]:
    """Every card named ``name`` (case-insensitive) or whose id is ``name``."""
    lowered = name.lower()
    found = [
        c
        for c in cards
        if c.name.lower() == lowered or (ident is not None and str(getattr(c, ident, "")) == name)
    ]
    if not found:
        raise UserError(
            f"{game}: --set {original!r}: {unknown('card', name, sorted({c.name for c in cards}))}"
        )
    return found


def apply(
    game: str,
    cards: Sequence[Any],
    overrides: Sequence[str],
    fields: Mapping[str, Settable],
    put: Callable[[Any, str, Any], Any],
    example: str,
    ident: str | None = "id",
) -> list[Any]:
    """The cards with the overrides applied in order (a later one wins): ``put(card, field, value)`` returns
    the changed record. Cards are matched by position, so records need not be hashable."""
    out = list(cards)
    for text in overrides:
        name, field, value_text = parse(game, text, fields, example)
        rule = fields[field]
        hits = {id(c) for c in find(game, cards, name, text, ident)}
        for i, card in enumerate(cards):
            if id(card) not in hits:
                continue
            if rule.applies is not None and not rule.applies(out[i]):
                raise UserError(
                    f"{game}: --set {text!r}: {out[i].name} has no {field} ({field} is for {rule.what})"
                )
            out[i] = put(out[i], field, value(game, value_text, field, rule, text))
    return out


def card_keys(name: str, ident: Any = None) -> tuple[tuple[str, Any], ...]:
    """What a card of an overlay is matched by, strongest first: its id (when it has one), its name
    (case-insensitive)."""
    by_name = ("name", name.casefold())
    return (("id", ident), by_name) if ident not in (None, "", 0) else (by_name,)


def overlay(base: Sequence[T], extra: Sequence[T], keys: Callable[[T], tuple]) -> list[T]:
    """``--cards FILE`` laid over a game's cards (issue 17 item 4), one rule in every game: a card of
    ``extra`` replaces, in place, the card of ``base`` it names (``keys``, e.g. :func:`card_keys`: the same id,
    else the same name), and any other card of ``extra`` is added after them. A designer copies a file,
    changes numbers, and runs again; a folder given to ``--cards`` is a whole set instead."""
    out = list(base)
    index: dict[Any, int] = {}
    for i, card in enumerate(out):
        for key in keys(card):
            index.setdefault(key, i)
    by: dict[int, T] = {}  # base slot -> the extra card that replaced it
    for card in extra:
        hit = next((key for key in keys(card) if key in index), None)
        if hit is None:
            out.append(card)
            continue
        if index[hit] in by:  # the earlier card would vanish: neither played nor listed as left out
            earlier = keys(by[index[hit]])[0]
            raise UserError(
                f"--cards: the cards with {earlier[0]} {earlier[1]!r} and {keys(card)[0][0]} "
                f"{keys(card)[0][1]!r} both replace the bundled card with {hit[0]} {hit[1]!r}; one card "
                "replaces it: give the other a name of its own"
            )
        by[index[hit]] = out[index[hit]] = card
    return out


def data_hash(base: str, *parts: str) -> str:
    """A run's card-data hash: the card files' hash (``cardfiles.files_hash``) joined with whatever else
    changes the cards a game reads — ``--set`` overrides, chosen sets, a ratio file. One rule in every game,
    so the hash changes with each of them; with nothing to join, the files' hash itself (a run of the
    bundled cards keeps its hash)."""
    out = base
    for part in parts:
        if part:
            out = hashlib.sha256(f"{out}|{part}".encode()).hexdigest()[:16]
    return out


def check_laid_over(game: str, path: str | Path, n_cards: int) -> None:
    """A ``--cards`` file with an empty ``cards:`` list (every card commented out, a template) lays nothing
    over the bundled cards: the run would play them alone, exit 0, as if the file had been read. One line
    in every game (Hidden Reason's, which also takes deck files, says so in its own words)."""
    if n_cards == 0:
        raise UserError(
            f"{game}: --cards {path}: the file holds no cards (its 'cards:' list is empty): nothing to lay "
            "over the bundled cards"
        )


def check_cards_path(game: str, path: str | Path) -> Path:
    """``--cards PATH`` must exist: one line in the same words in every game. A folder is a whole set (it
    replaces the bundled cards); a file is laid over them (:func:`overlay`)."""
    target = Path(path)
    if not target.exists():
        raise UserError(f"{game}: --cards {path}: no such file or folder")
    return target
