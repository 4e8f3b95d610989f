"""Deck ratios (FS-19): how many physical cards of each deck-ratio category a game's decks hold.

A ratio is data — a YAML file (``decklists/four_souls/ratios/official.yaml`` is the rule book's
100-card ratio) — resolved once into :class:`Ratio`, a tuple of ``(deck, category, count)`` that the
config carries. Each game then draws its decks from the pool by category with its own seed
(:func:`build_deck`). A deck the ratio does not name uses the whole pool; a category a named deck does
not list gets 0 cards. ``--ratio-count CATEGORY=N`` changes one category on top of the chosen ratio.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardlab.simulate.core import UserError
from cardlab.simulate.core import overrides as core_overrides
from cardlab.simulate.core.cardfiles import YamlMap, check_keys, files_hash, load_yaml, unknown
from cardlab.simulate.core.errors import CardDataError
from cardlab.simulate.core.game import CONFIG_NUMBER_MAX

from . import vocabulary as V
from .cards import DEFAULT_DIR, _shown, collection_shaped

RATIO_DECKS = ("treasure", "loot", "monster")  # the decks FS-19 gives ratios for
RATIO_DIR = DEFAULT_DIR / "ratios"
FILE_FIELDS = ("name", "notes", *RATIO_DECKS)
FILLS = {
    "none": "stop with an error when the pool cannot fill a category",
    "smaller": "a short category takes every card it has; the deck is smaller than the ratio's total",
    "from-other": "a short category takes every card it has, and the deck is topped up to the ratio's "
    "total with random cards left over in the deck's other categories (those with a count above 0)",
}


@dataclass(frozen=True, slots=True)
class Ratio:
    """A resolved ratio: ``counts`` holds (deck, category, count); a category absent uses the pool."""

    source: str  # "all", "official" or the file as given
    counts: tuple[tuple[str, str, int], ...] = ()
    digest: str = ""  # hash of the ratio file's bytes ("" for "all")

    def wanted(self) -> dict[tuple[str, str], int]:
        return {(d, c): n for d, c, n in self.counts}


def _ratio_path(text: str) -> Path:
    """``official`` or another bare name means ``decklists/four_souls/ratios/<name>.yaml``."""
    p = Path(text)
    if p.suffix in (".yaml", ".yml") or p.exists():
        return p
    named = RATIO_DIR / f"{text}.yaml"
    if named.exists():
        return named
    known = sorted(f.stem for f in RATIO_DIR.glob("*.yaml"))
    raise UserError(
        f"four-souls: --ratio {text}: no such ratio file (give a path, 'all', or one of: "
        f"{', '.join(['all', *known])})"
    )


def load_ratio_file(path: str | Path) -> tuple[tuple[str, str, int], ...]:
    """Read and validate a ratio file; problems raise CardDataError with file:line."""
    path = Path(path)
    shown = _shown(path)
    try:
        data = load_yaml(path)
    except CardDataError as err:
        raise CardDataError(shown, err.line, err.detail) from None
    if not isinstance(data, YamlMap):
        raise CardDataError(
            shown, getattr(data, "line", None) or 1, "expected a mapping with treasure/loot/monster counts"
        )
    if "cards" in data:  # a card file given as a ratio read "unknown field 'set'"
        raise CardDataError(shown, data.line or 1, "a card file, not a deck ratio file: give it to --cards")
    if collection_shaped(data):  # and a collection "unknown field 'sets'"
        raise CardDataError(shown, data.line or 1, "a collection, not a deck ratio file: give it to --sets")
    check_keys(data, FILE_FIELDS, shown)
    for key in ("name", "notes"):
        if key in data and not isinstance(data[key], str):
            raise CardDataError(shown, data.line_of(key), f"field '{key}' must be text, got {data[key]!r}")
    decks = [d for d in RATIO_DECKS if d in data]
    if not decks:
        raise CardDataError(
            shown,
            data.line or 1,
            "no deck counts: expected treasure:, loot: and/or monster: (is the file cut short?)",
        )
    counts: list[tuple[str, str, int]] = []
    for deck in decks:
        section = data[deck]
        line = data.line_of(deck)
        if not isinstance(section, YamlMap):
            raise CardDataError(
                shown, line, f"'{deck}' must be a mapping of category: count, got {section!r}"
            )
        cats = V.DECKS[deck]
        for cat in section:
            if cat not in cats:
                raise CardDataError(shown, section.line_of(cat), unknown(f"{deck} category", cat, cats))
        for cat in cats:
            n = section.get(cat, 0)
            if isinstance(n, bool) or not isinstance(n, int):
                raise CardDataError(
                    shown, section.line_of(cat), f"{deck}.{cat}: count must be a whole number, got {n!r}"
                )
            if not 0 <= n <= CONFIG_NUMBER_MAX:  # beyond: the config check blamed a '--ratio-counts'
                raise CardDataError(
                    shown,
                    section.line_of(cat),
                    f"{deck}.{cat}: count must be 0..{CONFIG_NUMBER_MAX:,}, got {n}",
                )
            counts.append((deck, cat, n))
    return tuple(counts)


def _category_names() -> dict[str, list[tuple[str, str]]]:
    """Every way to name a category: ``deck.category`` always, the bare category when unambiguous."""
    names: dict[str, list[tuple[str, str]]] = {}
    for deck in RATIO_DECKS:
        for cat in V.DECKS[deck]:
            names.setdefault(f"{deck}.{cat}", []).append((deck, cat))
            names.setdefault(cat, []).append((deck, cat))
    return names


def parse_ratio_count(text: str) -> tuple[str, str, int]:
    """``curse=0`` or ``treasure.soul=2`` → (deck, category, count); one-line UserError otherwise."""
    name, eq, value = str(text).partition("=")
    name = name.strip()
    if not eq or not name:
        raise UserError(f"four-souls: --ratio-count {text!r}: expected CATEGORY=N (e.g. curse=8)")
    names = _category_names()
    found = names.get(name)
    if found is None:
        raise UserError(f"four-souls: --ratio-count: {unknown('category', name, names)}")
    if len(found) > 1:
        both = " or ".join(f"{d}.{c}" for d, c in found)
        raise UserError(f"four-souls: --ratio-count: category {name!r} is in two decks; write {both}")
    try:
        n = int(value.strip())
    except ValueError:
        n = -1
    if not 0 <= n <= CONFIG_NUMBER_MAX or value.strip().lstrip("+") != str(n):
        raise UserError(
            f"four-souls: --ratio-count {name}: the count must be a whole number 0..{CONFIG_NUMBER_MAX:,}, "
            f"got {value!r}"
        )
    deck, cat = found[0]
    return deck, cat, n


def resolve(source: str, overrides: tuple[str, ...] = ()) -> Ratio:
    """``all`` (the whole pool), ``official``, a name in the ratios folder or a path; then ``--ratio-count``."""
    source = str(source or "all").strip()
    if source == "all":
        counts: dict[tuple[str, str], int] = {}
        digest = ""
    else:
        path = _ratio_path(source)
        counts = {(d, c): n for d, c, n in load_ratio_file(path)}
        digest = files_hash([path])
    given: dict[str, tuple[str, int]] = {}
    for text in overrides:
        d, c, n = parse_ratio_count(text)
        # `curse=3` then `curse=4`: the last one won without a word. Only one spelling of a name: `tune`
        # puts a knob's `curse=…` in place of the command's `curse=…` and relies on its `monster.curse=…`
        # giving way to it (a later count wins)
        name = str(text).partition("=")[0].strip()
        first = given.setdefault(name, (text, n))
        if first[1] != n:
            raise UserError(
                f"four-souls: --ratio-count {first[0]!r} and {text!r} both set {name}, to {first[1]} and {n}; "
                "give one"
            )
        counts[(d, c)] = n
    digest = core_overrides.data_hash(digest, ";".join(overrides))
    order = {(d, c): i for i, (d, c) in enumerate((d, c) for d in RATIO_DECKS for c in V.DECKS[d])}
    ordered = tuple((d, c, counts[(d, c)]) for d, c in sorted(counts, key=order.__getitem__))
    return Ratio(source, ordered, digest)


def available(supply: Any) -> dict[tuple[str, str], int]:
    """Physical cards per (deck, category) in a game's supply (after FS-1.33 and left-out cards)."""
    out: dict[tuple[str, str], int] = {}
    for deck, src in (("treasure", supply.treasure), ("loot", supply.loot), ("monster", supply.monster)):
        for card, copies in src:
            out[(deck, card.kind)] = out.get((deck, card.kind), 0) + copies
    return out


def shortfalls(ratio: Ratio, supply: Any) -> list[tuple[str, str, int, int]]:
    """(deck, category, wanted, available) for every category the pool cannot fill."""
    have = available(supply)
    return [(d, c, n, have.get((d, c), 0)) for d, c, n in ratio.counts if n > have.get((d, c), 0)]


def shortfall_message(ratio: Ratio, short: list[tuple[str, str, int, int]], n_players: int) -> str:
    """One line naming every category the pool cannot fill (FS-19; DESIGN: an impossible ratio)."""
    parts = "; ".join(f"{d}.{c} wants {n}, pool has {a}" for d, c, n, a in short)
    return (
        f"four-souls: --ratio {ratio.source}: the card pool ({n_players} players) cannot fill "
        f"{len(short)} categor{'y' if len(short) == 1 else 'ies'}: {parts} "
        f"(use --fill smaller or --fill from-other, lower the counts, or add cards)"
    )


def check_decks_not_empty(ratio: Ratio, supply: Any, fill: str) -> None:
    """A deck the ratio empties cannot be played (FS-2.1 needs all three decks)."""
    have = available(supply)
    wanted = ratio.wanted()
    for deck in RATIO_DECKS:
        total = 0
        for cat in V.DECKS[deck]:
            n = wanted.get((deck, cat))
            total += have.get((deck, cat), 0) if n is None else min(n, have.get((deck, cat), 0))
        if total == 0:
            raise UserError(f"four-souls: --ratio {ratio.source}: the {deck} deck would be empty")


def build_deck(
    deck: str, src: list, wanted: dict[tuple[str, str], int], fill: str, rng: random.Random
) -> list:
    """One deck's cards (Card records, one per physical card, unshuffled) drawn by category (FS-19)."""
    by_cat: dict[str, list] = {}
    for card, copies in src:
        by_cat.setdefault(card.kind, []).extend([card] * copies)
    chosen: list = []
    leftover: list = []
    short = 0
    for cat in V.DECKS[deck]:
        cards = by_cat.get(cat, [])
        n = wanted.get((deck, cat))
        if n is None or n >= len(cards):
            chosen.extend(cards)
            if n is not None:
                short += n - len(cards)
            continue
        picked = set(rng.sample(range(len(cards)), n))
        for i, c in enumerate(cards):
            if i in picked:
                chosen.append(c)
            elif n > 0:
                leftover.append(c)  # a category set to 0 never tops up another (the designer said none)
    if short:
        if fill == "none":
            raise UserError(f"four-souls: the pool cannot fill the {deck} deck's ratio (use --fill)")
        if fill == "from-other" and leftover:
            chosen.extend(rng.sample(leftover, min(short, len(leftover))))
    return chosen


def check(path: str | Path, pool_supply: Any, n_players: int) -> str:
    """``cardlab cards check RATIO``: validate, then say how the default pool fills it."""
    path = Path(path)
    ratio = Ratio(str(path), load_ratio_file(path))
    totals = {d: sum(n for dd, _c, n in ratio.counts if dd == d) for d in RATIO_DECKS}
    given = [d for d in RATIO_DECKS if any(dd == d for dd, _c, _n in ratio.counts)]
    listed = ", ".join(f"{d} {totals[d]}" for d in given)
    unlisted = [d for d in RATIO_DECKS if d not in given]  # a file cut short reads as decks left out
    if unlisted:
        listed += f" ({', '.join(unlisted)} not in the file: the whole pool)"
    short = shortfalls(ratio, pool_supply)
    fit = (
        "the default pool fills it"
        if not short
        else f"the default pool ({n_players} players) falls short in {len(short)} categories "
        f"({', '.join(f'{d}.{c} {a}/{n}' for d, c, n, a in short)}): run it with --fill"
    )
    return f"{_shown(path)}: deck ratio OK — {listed}; {fit}"
