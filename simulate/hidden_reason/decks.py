"""Card pools and decks: loading the bundled files plus a designer's overlay, and deck validation (HR-14.1).

A folder (or file) holds class files (``class:`` + ``cards:``) and deck files (``deck:`` + ``cards:``).
``--cards PATH`` is an overlay on the bundled data: its cards replace bundled cards of the same name and
its decks replace bundled decks of the same name (docs/hidden_reason.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

from cardlab.decklists import game_dir
from cardlab.simulate.core import branching
from cardlab.simulate.core import overrides as core_overrides
from cardlab.simulate.core.card_problems import guarded, settle
from cardlab.simulate.core.cardfiles import (
    YamlMap,
    check_keys,
    field_value,
    files_stamp,
    load_yaml,
    name_value,
    shape_problem,
    unknown,
)
from cardlab.simulate.core.errors import CardDataError, UserError
from cardlab.simulate.core.overrides import Settable
from cardlab.simulate.core.wording import counted

from .cards import CardDef, card_paths, parse_card_file

BUNDLED = game_dir("hidden_reason")
DECK_MIN, DECK_MAX, MAX_COPIES = 30, 50, 2  # HR-14.1


@dataclass(frozen=True, slots=True)
class Deck:
    name: str
    plan: str
    cards: tuple[tuple[str, int], ...]
    classes: tuple[str, ...]
    file: str
    line: int

    @property
    def size(self) -> int:
        return sum(n for _, n in self.cards)


@dataclass(slots=True)
class Pool:
    """Every card and deck a run may use, and the files they came from."""

    cards: dict[str, CardDef] = field(default_factory=dict)
    decks: dict[str, Deck] = field(default_factory=dict)
    files: list[Path] = field(default_factory=list)
    raw_decks: list[tuple[YamlMap, str]] = field(default_factory=list)


def _read_folder(path: Path, pool: Pool, overlay: bool) -> None:
    """Read every YAML file under ``path`` into ``pool`` (cards first, decks parsed later)."""
    core_overrides.check_cards_path("hidden-reason", path)
    if overlay and not card_paths(path):  # as in the other games: an empty --cards folder is no card data
        raise UserError(f"hidden-reason: --cards {path}: no .yaml card files in this folder")
    seen: dict[str, str] = {}
    read: list[CardDef] = []
    decks_before = len(pool.raw_decks)
    for file in card_paths(path):
        pool.files.append(file)
        for card in guarded(_cards_of_file, file, pool) or ():
            first = seen.get(card.name) or (None if overlay or card.name not in pool.cards else "")
            if first is not None:
                guarded(_duplicate, str(file), card, first)
                continue
            seen[card.name] = str(file)
            read.append(card)
    # an overlay's cards replace the cards they name (the kernel's one overlay, by name: these cards have no id)
    merged = core_overrides.overlay(list(pool.cards.values()), read, _card_keys)
    pool.cards = {c.name: c for c in merged}
    settle()  # `cards check` reports every problem above together; decks are not checked against a part
    # after settle: a file whose cards all failed reports those problems, not that nothing was read
    if overlay and not read and len(pool.raw_decks) == decks_before:  # else it plays the bundled data
        raise UserError(
            f"hidden-reason: --cards {path}: no card file ('class:' and 'cards:') or deck file ('deck:' and "
            "'cards:') there: nothing to lay over the bundled cards"
        )


def _card_keys(card: CardDef) -> tuple:
    return core_overrides.card_keys(card.name)


def _cards_of_file(file: Path, pool: Pool) -> list[CardDef]:
    """A class file's cards; a deck file is kept for later, any other mapping (a preset) is ignored."""
    data = load_yaml(file)
    where = str(file)
    if not isinstance(data, YamlMap):
        raise CardDataError(where, None, shape_problem(data, "'class' and 'cards', or 'deck' and 'cards'"))
    if "deck" in data:
        pool.raw_decks.append((data, where))
        return []
    if "class" not in data:
        if "cards" in data:
            raise CardDataError(where, data.line, "missing field 'class' (or 'deck' for a deck file)")
        return []  # not a card file (e.g. a preset); ignored
    return parse_card_file(data, where)


def _duplicate(where: str, card: CardDef, first: str) -> None:
    also = f" (first in {first})" if first else ""
    raise CardDataError(where, card.line, f"duplicate card name{also}", card.name)


def parse_deck(data: YamlMap, where: str, cards: dict[str, CardDef]) -> Deck:
    """Validate one deck file against a card pool: size 30–50, ≤ 2 copies, known and implemented cards."""
    check_keys(data, ("deck", "plan", "cards"), where)
    name = name_value(data, "deck", where)  # a table's label and a --decks word: one line, no spaces around
    if "," in name:  # --decks separates deck names by commas, so this deck could never be chosen
        raise CardDataError(
            where, data.line_of("deck"), f"field 'deck': a deck name cannot hold ',', got {name!r}"
        )
    plan = field_value(data, "plan", str, where, name, required=False, default="")
    raw = field_value(data, "cards", dict, where, name)
    entries: list[tuple[str, int]] = []
    classes: list[str] = []
    for card_name, count in raw.items():
        line = raw.line_of(card_name) if isinstance(raw, YamlMap) else data.line
        if card_name not in cards:
            raise CardDataError(where, line, unknown("card", card_name, cards), name)
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise CardDataError(
                where, line, f"copies of '{card_name}' must be a whole number ≥ 1, got {count!r}", name
            )
        if count > MAX_COPIES:
            raise CardDataError(
                where, line, f"{count} copies of '{card_name}' (at most {MAX_COPIES}, HR-14.1)", name
            )
        d = cards[card_name]
        if not d.implemented:
            raise CardDataError(where, line, f"card '{card_name}' is not implemented ({d.reason})", name)
        entries.append((card_name, count))
        if d.cls not in classes:
            classes.append(d.cls)
    size = sum(n for _, n in entries)
    if not DECK_MIN <= size <= DECK_MAX:
        raise CardDataError(
            where,
            data.line_of("cards"),
            f"deck has {size} cards (must be {DECK_MIN}–{DECK_MAX}, HR-14.1)",
            name,
        )
    return Deck(name, plan, tuple(entries), tuple(sorted(classes)), where, data.line)


def _finish(pool: Pool) -> Pool:
    for data, where in pool.raw_decks:
        deck = guarded(parse_deck, data, where, pool.cards)
        if deck is not None:  # a bad deck is recorded by `cards check`, which goes on
            pool.decks[deck.name] = deck
    pool.raw_decks = []
    settle()
    return pool


def load_pool(cards: str = "") -> Pool:
    """The bundled cards and decks, with ``cards`` (a file or folder) laid over them. Cached by the files'
    stamps: an edited file is read again (DESIGN: no cache outlives the card data it came from); within one
    game (and its search's replays) read once (``branching.memo``)."""
    return branching.memo(("hidden-reason pool", cards), lambda: _pool(cards))


def _pool(cards: str) -> Pool:
    files = card_paths(BUNDLED)
    if cards and Path(cards).exists():
        files = files + card_paths(Path(cards))
    return _load_pool(cards, files_stamp(files))


@lru_cache(maxsize=8)
def _load_pool(cards: str, _stamp: tuple) -> Pool:
    pool = Pool()
    _read_folder(BUNDLED, pool, overlay=False)
    if cards:
        bundled_raw = pool.raw_decks
        pool.raw_decks = []
        _read_folder(Path(cards), pool, overlay=True)
        user_names = {str(d.get("deck")) for d, _ in pool.raw_decks}
        pool.raw_decks = [
            (d, w) for d, w in bundled_raw if str(d.get("deck")) not in user_names
        ] + pool.raw_decks
    return _finish(pool)


# ``--set`` fields (simulate.core.overrides): the printed numbers; a unit's attack and durability, an
# implant's grants (setting one changes a number a card has, never its kind).
SETTABLE: dict[str, Settable] = {
    "cost": Settable(low=0, high=20),
    "attack": Settable(low=0, high=50, applies=lambda c: c.type == "unit", what="units"),
    "durability": Settable(low=1, high=50, applies=lambda c: c.type == "unit", what="units"),
    "grant_attack": Settable(low=0, high=20, applies=lambda c: c.type == "implant", what="implants"),
    "grant_durability": Settable(low=0, high=20, applies=lambda c: c.type == "implant", what="implants"),
}
_SET_CACHE: dict[tuple, Pool] = {}


def pool_with(cards: str, overrides: tuple[str, ...] = ()) -> Pool:
    """``load_pool`` with ``--set`` overrides applied (cached with the files' stamps and the overrides, so no
    pool outlives the card data it came from); decks name cards, so they read the changed cards."""
    pool = load_pool(cards)
    if not overrides:
        return pool
    key = (cards, files_stamp(pool.files), tuple(overrides))
    hit = _SET_CACHE.get(key)
    if hit is None:
        names = list(pool.cards)
        changed = core_overrides.apply(
            "hidden-reason",
            list(pool.cards.values()),
            overrides,
            SETTABLE,
            lambda card, name, value: replace(card, **{name: value}),
            "Iron Golem.attack=4",
            ident=None,
        )
        hit = Pool(dict(zip(names, changed, strict=True)), pool.decks, pool.files, [])
        if len(_SET_CACHE) > 32:
            _SET_CACHE.clear()
        _SET_CACHE[key] = hit
    return hit


def check_path(path: str) -> str:
    """``cardlab cards check PATH``: validate card and deck files; one-line summary or CardDataError."""
    target = Path(path)
    if not target.exists():
        raise UserError(f"no such file or folder: {path}")
    pool = Pool()
    if target.resolve() != BUNDLED.resolve():
        _read_folder(BUNDLED, pool, overlay=False)
        pool.raw_decks = []  # only the checked path's decks are validated
    before = len(pool.files)
    _read_folder(target, pool, overlay=True)
    files = pool.files[before:]
    own_cards = [c for c in pool.cards.values() if Path(c.file) in files]
    own_decks = list(pool.raw_decks)
    _finish(pool)
    left_out = sum(1 for c in own_cards if not c.implemented)
    classes = sorted({c.cls for c in own_cards})
    return (
        f"{counted(len(files), 'file')} OK: {counted(len(own_cards), 'card')} in "
        f"{counted(len(classes), 'class', 'classes')} ({left_out} not implemented), {counted(len(own_decks), 'deck')}"
    )


def deck_line_items(deck: Deck) -> list[str]:
    """The deck as a flat list of card names (copies repeated), in file order."""
    out: list[str] = []
    for name, n in deck.cards:
        out.extend([name] * n)
    return out


__all__ = ["Deck", "Pool", "check_path", "deck_line_items", "load_pool", "parse_deck"]
