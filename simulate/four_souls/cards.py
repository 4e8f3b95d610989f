"""Four Souls card files → validated, typed card records (DESIGN: Cards are data).

``load_pool()`` reads every YAML file in ``decklists/four_souls`` (or the given files), checks facts and
behaviour against :mod:`simulate.four_souls.vocabulary`, and returns a :class:`CardPool`. Any problem
raises :class:`CardDataError` naming file:line, card and field, with "did you mean" for unknown names.
Pools are cached by the files' stamps (``files_stamp``), because every worker loads once per run.

File layout::

    set: base_v2            # required header
    deck: loot              # default deck for the cards below (a card may override it)
    cards:
      - id: b2-bomb
        name: Bomb!
        kind: bomb
        copies: 4
        abilities:
          - play: {targets: {T: player_or_monster}, do: {deal_damage: {n: 1, to: T}}}
"""

from __future__ import annotations

import ast
import dataclasses
import re
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardlab.simulate.core.card_problems import guarded, settle
from cardlab.simulate.core.cardfiles import (
    YamlList,
    YamlMap,
    check_keys,
    field_value,
    files_hash,
    files_stamp,
    load_yaml,
    name_value,
    shape_problem,
    unknown,
)
from cardlab.simulate.core.errors import CardDataError
from cardlab.simulate.core.wording import counted

from . import vocabulary as V
from .carddefs import Card
from .rowkeys import KEY_FORM
from .vocabulary import SETS

PROJECT_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_DIR = PROJECT_ROOT / "decklists" / "four_souls"

CARD_FIELDS = (
    "id",
    "name",
    "deck",
    "kind",
    "copies",
    "players_3plus",
    "hp",
    "evasion",
    "attack",
    "rewards",
    "soul",
    "starting_item",
    "reprint_of",
    "keywords",
    "abilities",
    "faces",
    "as_item",
    "back",
    "hook",
    "implemented",
    "reason",
    "notes",
)
FILE_FIELDS = ("set", "deck", "cards", "notes")
_ID_RE = re.compile(r"^[a-z0-9][a-z0-9_\-]*$")
_WORD_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_PLAIN_RE = re.compile(r"^[A-Za-z0-9_.]*$")
_VAR_RE = re.compile(r"^[A-Z][A-Za-z0-9_]*$")
_NAMED_ARGS = re.compile(r"named\((?:\s*'[^']*'\s*,?)+\)")  # named('Cube of Meat', ...): card names
_VOTE_WORD_RE = re.compile(r"^[a-z][a-z_]*$")


@dataclass(frozen=True, slots=True)
class CardPool:
    cards: tuple[Card, ...]
    by_id: Mapping[str, Card]
    by_name: Mapping[str, Card]  # first card of that name in file order (some names repeat: Pills!, Chest)
    files: tuple[str, ...]
    hash: str
    paths: tuple[Path, ...] = ()  # the files as read (same order as ``files``), for per-set hashes

    def deck(self, name: str) -> list[Card]:
        """The distinct cards of one deck (``copies`` says how many physical cards each has)."""
        return [c for c in self.cards if c.deck == name]

    def not_implemented(self) -> dict[str, str]:
        """Card name → reason, for cards whose behaviour the engine cannot run yet."""
        return {c.name: c.reason or "not implemented" for c in self.cards if not c.implemented}

    @property
    def physical(self) -> int:
        return sum(c.copies for c in self.cards)


# ---------------------------------------------------------------- loading


def _read_yaml(path: Path, shown: str) -> Any:
    """Parse one file with the kernel's loader (lines kept, YAML 1.2 booleans so the ``on:`` key stays a
    key); errors name the file as people see it."""
    try:
        return load_yaml(path)
    except CardDataError as err:
        raise CardDataError(shown, err.line, err.detail, err.card) from None


def _shown(path: Path) -> str:
    """The path as people see it in messages and ``Card.source``: relative to the project when inside it."""
    try:
        return path.resolve().relative_to(PROJECT_ROOT).as_posix()
    except ValueError:
        return str(path)


def _card_files(folder: Path) -> list[Path]:
    """A folder's card files, then those of its ``sets/<set>/`` subfolders (the expansions) in publication
    order, so Base V2's cards come first and keep the names (``by_name``) they always had, and a reprinted
    character is dealt as its first printing (decks.build_supply)."""
    own = sorted(list(folder.glob("*.yaml")) + list(folder.glob("*.yml")))
    sets = sorted(list(folder.glob("sets/*/*.yaml")) + list(folder.glob("sets/*/*.yml")))
    order = {name: i for i, name in enumerate(SETS)}  # publication order: first printings first
    return own + sorted(sets, key=lambda f: (order.get(f.parent.name, len(order)), f.parent.name, f.name))


def _expand(paths: Sequence[str | Path] | None) -> list[Path]:
    if paths is None:
        paths = [DEFAULT_DIR]
    out: list[Path] = []
    for p in paths:
        p = Path(p)
        if p.is_dir():
            found = _card_files(p)
            if not found:
                inner = sorted(f.parent for f in p.glob("*/*.yaml"))  # `sets/` holds one folder per set
                hint = f" (its subfolders hold some: give one, e.g. {_shown(inner[0])})" if inner else ""
                raise CardDataError(_shown(p), None, f"no .yaml card files in this folder{hint}")
            out.extend(found)
        elif p.exists():
            out.append(p)
        else:
            raise CardDataError(str(p), None, "no such file or folder")
    return out


_CACHE: dict[tuple, CardPool] = {}


def load_pool(paths: Sequence[str | Path] | None = None) -> CardPool:
    """Load and validate card files (default: every YAML file in decklists/four_souls); cached."""
    files = _expand(paths)
    # in the files' order (a later file may add to an earlier one's set), read again when one changes
    key = (tuple(map(str, files)), files_stamp(files))
    pool = _CACHE.get(key)
    if pool is None:
        pool = _build_pool(files, resolve_extra=paths is not None)
        _CACHE[key] = pool
    return pool


def check(path: str | Path) -> str:
    """Validate one card file or a folder of them (``cardlab cards check``); a one-line summary."""
    pool = load_pool([path])
    hooks = sum(1 for c in pool.cards if c.hook)
    left = len(pool.not_implemented())
    return (
        f"{_shown(Path(path))}: {counted(len(pool.cards), 'card')} ({pool.physical:,} physical) in "
        f"{counted(len(pool.files), 'file')} OK — {len(pool.cards) - left:,} implemented ({hooks:,} with hooks), "
        f"{left:,} not implemented"
    )


def _build_pool(files: list[Path], resolve_extra: bool) -> CardPool:
    cards: list[Card] = []
    first_seen: dict[str, str] = {}
    pending: list[tuple[Card, str, int]] = []  # starting_item references to resolve
    reprints: list[tuple[int, str, int]] = []  # (index in cards, file, line of reprint_of)
    for f in files:
        shown = _shown(f)
        for card, line, start_line, rep_line in guarded(_cards_of_file, f, shown) or ():
            if card.id in first_seen:
                guarded(_duplicate, shown, line, card, first_seen[card.id])
                continue
            first_seen[card.id] = card.source
            if card.reprint_of:
                reprints.append((len(cards), shown, rep_line))
            cards.append(card)
            if card.starting_item:
                pending.append((card, shown, start_line))
    settle()  # `cards check` reports every problem above together; nothing partial is cross-checked
    if reprints:
        _share_behaviour(cards, reprints, resolve_extra)
    by_id = {c.id: c for c in cards}
    if pending:
        deck_of = {c.id: c.deck for c in cards}
        if resolve_extra and any(c.starting_item not in deck_of for c, _, _ in pending):
            # a single copied file may point at the default pool
            deck_of = {c.id: c.deck for c in load_pool().cards} | deck_of
        for card, shown, line in pending:
            start = card.starting_item
            if start not in deck_of:
                why = unknown("card id", start, set(deck_of))
            elif deck_of[start] != "eternal":  # FS-2.7: a starting item is an eternal item card
                why = f"{start} is a {deck_of[start]} card, not an eternal starting item (deck: eternal)"
            else:
                continue
            raise CardDataError(shown, line, f"field 'starting_item': {why}", card.name)
    by_name: dict[str, Card] = {}
    for c in cards:
        by_name.setdefault(c.name, c)
    return CardPool(
        tuple(cards), by_id, by_name, tuple(_shown(f) for f in files), files_hash(files), tuple(files)
    )


_BEHAVIOUR = ("abilities", "hook", "keywords", "implemented", "reason", "as_item")


def _share_behaviour(cards: list[Card], reprints: list[tuple[int, str, int]], resolve_extra: bool) -> None:
    """A reprint (Alt Art, a promo of an existing card) takes its original's behaviour: one encoding per
    card, whatever the printing. The original must be loaded too (a single file may point at the default
    pool) and must not itself be a reprint."""

    known = {c.id: c for c in cards}
    for i, shown, line in reprints:
        card = cards[i]
        original = known.get(card.reprint_of)  # type: ignore[arg-type]
        if original is None and resolve_extra:
            original = load_pool().by_id.get(card.reprint_of)  # type: ignore[arg-type]
        if original is None:
            raise CardDataError(
                shown, line, f"field 'reprint_of': {unknown('card id', card.reprint_of, known)}", card.name
            )
        if original.reprint_of or original.deck != card.deck:
            why = "is itself a reprint" if original.reprint_of else f"is a {original.deck} card"
            raise CardDataError(
                shown, line, f"field 'reprint_of': {original.id} {why}; name the original card", card.name
            )
        cards[i] = dataclasses.replace(card, **{k: getattr(original, k) for k in _BEHAVIOUR})


def _duplicate(shown: str, line: int, card: Card, first: str) -> None:
    raise CardDataError(shown, line, f"duplicate id '{card.id}' (first at {first})", card.name)


def _cards_of_file(f: Path, shown: str) -> list[tuple[Card, int, int, int]]:
    return list(_file_cards(_read_yaml(f, shown), shown))


RATIO_MARKS = ("name", "treasure", "loot", "monster")  # top-level keys of a deck ratio file (FS-19) only


def ratio_shaped(data: Any) -> bool:
    """A YAML mapping that is a deck ratio file, not card data or a collection: none of ``cards:``, ``set:``
    or ``sets:``, and a deck count or its ``name:`` (a ratio file cut before its first deck has only that)."""
    return (
        isinstance(data, Mapping)
        and not any(key in data for key in ("cards", "set", "sets"))
        and any(key in data for key in RATIO_MARKS)
    )


def readable(path: Path) -> Any:
    """A YAML file's data, or None when it cannot be read (the card check then says why, file:line)."""
    try:
        return load_yaml(path)
    except CardDataError:
        return None


def collection_shaped(data: Any) -> bool:
    """A YAML mapping that is a collection (``--sets``): a ``sets:`` list and no cards."""
    return isinstance(data, Mapping) and "sets" in data and "cards" not in data


def _file_cards(data: Any, shown: str):
    if not isinstance(data, YamlMap):
        line = None if data is None else getattr(data, "line", None) or 1
        raise CardDataError(shown, line, shape_problem(data, "'set' and 'cards'"))
    if ratio_shaped(data):  # a deck ratio file (FS-19) given as card data read "unknown field 'name'"
        raise CardDataError(shown, data.line or 1, "a deck ratio file, not a card file: give it to --ratio")
    if collection_shaped(data):  # likewise a collection
        raise CardDataError(shown, data.line or 1, "a collection, not a card file: give it to --sets")
    check_keys(data, FILE_FIELDS, shown)
    set_name = field_value(data, "set", str, shown)
    if set_name not in SETS:
        raise CardDataError(shown, data.line_of("set"), f"field 'set': {unknown('set', set_name, SETS)}")
    default_deck = field_value(data, "deck", str, shown, required=False)
    if default_deck is not None and default_deck not in V.DECKS:
        raise CardDataError(
            shown, data.line_of("deck"), f"field 'deck': {unknown('deck', default_deck, V.DECKS)}"
        )
    items = field_value(data, "cards", list, shown)
    lines = getattr(items, "item_lines", [items.line] * len(items)) if items else []
    for raw, line in zip(items, lines, strict=True):
        card = guarded(_card, raw, line, shown, default_deck, set_name)
        if card is None:
            continue  # recorded by `cards check`, which goes on to the next card
        yield card, line, raw.line_of("starting_item"), raw.line_of("reprint_of")


# ---------------------------------------------------------------- facts


def _card(raw: Any, line: int, shown: str, default_deck: str | None, set_name: str = "base_v2") -> Card:
    if not isinstance(raw, YamlMap):
        raise CardDataError(shown, line, f"a card must be a mapping of fields, got {raw!r}")
    name = raw.get("name") if isinstance(raw.get("name"), str) else None
    check_keys(raw, CARD_FIELDS, shown, name)
    name = name_value(raw, "name", shown, name)
    cid = field_value(raw, "id", str, shown, name)
    if not _ID_RE.match(cid):
        raise CardDataError(
            shown,
            raw.line_of("id"),
            f"field 'id' must be lower-case letters, digits, - or _, got {cid!r}",
            name,
        )
    deck = field_value(raw, "deck", str, shown, name, required=default_deck is None, default=default_deck)
    if deck not in V.DECKS:
        raise CardDataError(
            shown, raw.line_of("deck"), f"field 'deck': {unknown('deck', deck, V.DECKS)}", name
        )
    kind = field_value(raw, "kind", str, shown, name)
    if kind not in V.DECKS[deck]:
        raise CardDataError(
            shown, raw.line_of("kind"), f"field 'kind': {unknown(f'{deck} kind', kind, V.DECKS[deck])}", name
        )
    if kind == "character" and "," in name:  # --characters separates names by commas: never choosable
        raise CardDataError(
            shown,
            raw.line_of("name"),
            f"field 'name': a character's name cannot hold ',', got {name!r}",
            name,
        )
    copies = field_value(raw, "copies", int, shown, name, minimum=0)
    p3 = field_value(raw, "players_3plus", bool, shown, name, required=False, default=False)
    keywords = tuple(_interned(k) for k in _keywords(raw, shown, name))
    _check_keyword_decks(raw, keywords, deck, kind, shown, name)
    implemented = field_value(raw, "implemented", bool, shown, name, required=False, default=True)
    # FS-4.14: an ambush loot becomes a monster, so it carries a stat block like one. A card the engine
    # does not run may lack a stat the card list does not give as a number (Blank Canvas prints "?").
    stats_needed = implemented and (
        deck == "character"
        or (deck == "monster" and kind in V.MONSTER_KINDS_WITH_STATS)
        or (deck == "loot" and "ambush" in keywords)
    )
    # FS-13.1: an object at 0 HP dies as soon as anyone would get priority, so a card printed with 0 HP could
    # never be played or fought; such a file is a mistake and is refused (issue 16: it made games loop).
    hp = field_value(raw, "hp", int, shown, name, required=stats_needed, minimum=1)
    ev = field_value(
        raw, "evasion", int, shown, name, required=stats_needed and deck != "character", minimum=0
    )
    atk = field_value(raw, "attack", int, shown, name, required=stats_needed, minimum=0)
    rewards = _rewards(raw, shown, name)
    soul = field_value(raw, "soul", int, shown, name, required=False, default=0, minimum=0)
    start = field_value(raw, "starting_item", str, shown, name, required=False)
    if start is not None and deck != "character":
        raise CardDataError(
            shown, raw.line_of("starting_item"), "field 'starting_item' is for characters only", name
        )
    hook = field_value(raw, "hook", str, shown, name, required=False)
    if hook is not None and hook not in V.HOOKS:
        raise CardDataError(
            shown, raw.line_of("hook"), f"field 'hook': {unknown('hook', hook, V.HOOKS)}", name
        )
    reason = field_value(raw, "reason", str, shown, name, required=not implemented)
    field_value(raw, "notes", str, shown, name, required=False)
    reprint_of = field_value(raw, "reprint_of", str, shown, name, required=False)
    if reprint_of is not None:
        given = [k for k in ("abilities", "hook", "keywords", "implemented", "reason", "as_item") if k in raw]
        if given:
            raise CardDataError(
                shown,
                raw.line_of(given[0]),
                f"field '{given[0]}': a reprint takes its behaviour from reprint_of ({reprint_of})",
                name,
            )
    abilities_raw = field_value(raw, "abilities", list, shown, name, required=False, default=[])
    checker = _Checker(shown, name, hook)
    ab_lines = getattr(abilities_raw, "item_lines", [raw.line_of("abilities")] * len(abilities_raw))
    for ab, ab_line in zip(abilities_raw, ab_lines, strict=True):
        checker.ability(ab, ab_line)
    faces = _faces(raw, deck, shown, name, checker)
    as_item = _as_item(raw, deck, shown, name, checker)
    back = _back(raw, deck, shown, name, checker)
    if hook is not None and not checker.hook_used:
        raise CardDataError(
            shown, raw.line_of("hook"), f"field 'hook': no ability calls {{hook: {hook}}}", name
        )
    cid, name, deck, kind = _interned(cid), _interned(name), _interned(deck), _interned(kind)
    return Card(
        id=cid,
        name=name,
        deck=deck,
        kind=kind,
        copies=copies,
        players_3plus=p3,
        hp=hp,
        evasion=ev,
        attack=atk,
        rewards=rewards,
        soul=soul,
        starting_item=start,
        keywords=keywords,
        abilities=tuple(_plain(a) for a in abilities_raw),
        hook=hook,
        implemented=implemented,
        reason=reason,
        source=f"{shown}:{line}",
        set=set_name,
        reprint_of=reprint_of,
        faces=faces,
        as_item=as_item,
        back=None
        if back is None
        else Card(
            id=cid,
            name=back[0],
            deck=deck,
            kind=kind,
            copies=copies,
            players_3plus=p3,
            hp=back[1] if back[1] is not None else hp,
            evasion=back[4] if back[4] is not None else ev,
            attack=back[2] if back[2] is not None else atk,
            rewards=back[5] if back[5] is not None else rewards,
            soul=soul,
            starting_item=start,
            keywords=keywords,
            abilities=back[3],
            hook=None,
            implemented=implemented,
            reason=reason,
            source=f"{shown}:{line}",
            set=set_name,
        ),
    )


def _faces(raw: YamlMap, deck: str, shown: str, name: str, checker: Any) -> tuple:
    """FS-18.1: ``faces: {SYMBOL: {name: ..., abilities: [...]}}`` — a challenge card's sides, one per
    difficulty symbol (the game plays the side whose symbol the run's ``--difficulty`` names)."""
    faces_raw = field_value(raw, "faces", dict, shown, name, required=False, default={})
    if faces_raw and deck != "challenge":
        raise CardDataError(shown, raw.line_of("faces"), "field 'faces' is for challenge cards only", name)
    out = []
    for symbol, face in faces_raw.items():
        line = faces_raw.line_of(symbol) if isinstance(faces_raw, YamlMap) else raw.line_of("faces")
        if symbol not in V.DIFFICULTIES:
            raise CardDataError(
                shown, line, f"field 'faces': {unknown('difficulty symbol', symbol, V.DIFFICULTIES)}", name
            )
        if not isinstance(face, dict):
            raise CardDataError(
                shown, line, f"field 'faces': {symbol} must be a mapping (name, abilities)", name
            )
        check_keys(face, ("name", "abilities"), shown, name)
        face_name = field_value(face, "name", str, shown, name)
        abilities = field_value(face, "abilities", list, shown, name, required=False, default=[])
        lines = getattr(abilities, "item_lines", [line] * len(abilities))
        for ab, ab_line in zip(abilities, lines, strict=True):
            checker.ability(ab, ab_line)
        out.append((str(symbol), face_name, tuple(_plain(a) for a in abilities)))
    return tuple(out)


def _back(raw: YamlMap, deck: str, shown: str, name: str, checker: Any) -> tuple | None:
    """FS-6.10: ``back: {name, hp?, attack?, abilities}`` — a double-faced character's or eternal item's
    back side (name, HP, damage, abilities), shown while the object is flipped; stats it does not give are
    the front's. An eternal item's back may carry a whole stat block (``hp``, ``evasion``, ``attack``,
    ``rewards``) with an ``attackable`` static: that side can be attacked (FS-10.6, The Revenant)."""
    data = field_value(raw, "back", dict, shown, name, required=False, default=None)
    if data is None:
        return None
    line = raw.line_of("back")
    if deck not in ("character", "eternal", "outside"):
        raise CardDataError(
            shown,
            line,
            "field 'back' is for characters and eternal items only (and cards outside the game)",
            name,
        )
    check_keys(data, ("name", "hp", "evasion", "attack", "rewards", "abilities"), shown, name)
    back_name = field_value(data, "name", str, shown, name)
    hp = field_value(data, "hp", int, shown, name, required=False, minimum=1)
    ev = field_value(data, "evasion", int, shown, name, required=False, minimum=1, maximum=6)
    atk = field_value(data, "attack", int, shown, name, required=False, minimum=0)
    rewards = _rewards(data, shown, name) if "rewards" in data else None
    if deck == "character" and (ev is not None or rewards is not None):
        raise CardDataError(shown, line, "field 'back': a character's back has HP and damage only", name)
    if deck != "character" and (hp is not None or atk is not None) and (ev is None or rewards is None):
        # FS-10.6: an eternal item's back with a stat block can be attacked (The Revenant): all of it
        raise CardDataError(
            shown, line, "field 'back': an item's stat block needs HP, evasion, damage and rewards", name
        )
    abilities = field_value(data, "abilities", list, shown, name, required=False, default=[])
    lines = getattr(abilities, "item_lines", [line] * len(abilities))
    for ab, ab_line in zip(abilities, lines, strict=True):
        checker.ability(ab, ab_line)
    return back_name, hp, atk, tuple(_plain(a) for a in abilities), ev, rewards


def _as_item(raw: YamlMap, deck: str, shown: str, name: str, checker: Any) -> tuple | None:
    """``as_item: {keywords?: [...], abilities: [...]}`` — what a monster-deck or loot card is once an effect
    made it an item (turned into a +1 HP item with no other ability, ``become_item``)."""
    data = field_value(raw, "as_item", dict, shown, name, required=False, default=None)
    if data is None:
        return None
    line = raw.line_of("as_item")
    if deck not in ("monster", "loot"):
        raise CardDataError(shown, line, "field 'as_item' is for monster-deck and loot cards only", name)
    check_keys(data, ("keywords", "abilities"), shown, name)
    kws = field_value(data, "keywords", list, shown, name, required=False, default=[])
    for kw in kws:
        if kw not in ("eternal", "guppy"):
            raise CardDataError(
                shown, line, f"field 'as_item': {unknown('item keyword', kw, ('eternal', 'guppy'))}", name
            )
    abilities = field_value(data, "abilities", list, shown, name)
    lines = getattr(abilities, "item_lines", [line] * len(abilities))
    for ab, ab_line in zip(abilities, lines, strict=True):
        checker.ability(ab, ab_line)
    return tuple(str(k) for k in kws), tuple(_plain(a) for a in abilities)


def _rewards(raw: YamlMap, shown: str, name: str) -> dict[str, int | str]:
    rewards = field_value(raw, "rewards", dict, shown, name, required=False, default={})
    out: dict[str, int | str] = {}
    for key, value in rewards.items():
        line = rewards.line_of(key) if isinstance(rewards, YamlMap) else raw.line_of("rewards")
        if key not in V.REWARD_KEYS:
            raise CardDataError(
                shown, line, f"field 'rewards': {unknown('reward', key, V.REWARD_KEYS)}", name
            )
        ok = value == "roll" or (isinstance(value, int) and not isinstance(value, bool) and value >= 0)
        if not ok:
            raise CardDataError(
                shown,
                line,
                f"field 'rewards.{key}' must be a whole number >= 0 or 'roll', got {value!r}",
                name,
            )
        out[key] = value
    return out


def _keywords(raw: YamlMap, shown: str, name: str) -> tuple[str, ...]:
    kws = field_value(raw, "keywords", list, shown, name, required=False, default=[])
    for kw in kws:
        if not isinstance(kw, str) or kw not in V.KEYWORDS:
            raise CardDataError(
                shown,
                raw.line_of("keywords"),
                f"field 'keywords': {unknown('keyword', kw, V.KEYWORDS)}",
                name,
            )
    return tuple(kws)


_KEYWORD_DECKS = {  # keyword → the (deck, kinds) it belongs on; kinds () = any kind of that deck
    "trinket": ("loot", ()),
    "ambush": ("loot", ()),  # FS-4.14
    "indomitable": (
        "monster",
        V.MONSTER_KINDS_WITH_STATS,
    ),  # FS-4.17: "two static abilities on monster cards"
}


def _check_keyword_decks(
    raw: YamlMap, kws: tuple[str, ...], deck: str, kind: str, shown: str, name: str
) -> None:
    for kw in kws:
        want = _KEYWORD_DECKS.get(kw)
        if want is None or (deck == want[0] and (not want[1] or kind in want[1])):
            continue
        if kw == "indomitable" and deck == "outside":
            continue  # a monster starting outside the game (The Harbingers), FS-4.17
        what = f"{want[0]} cards" + (f" of kind {', '.join(want[1])}" if want[1] else "")
        raise CardDataError(
            shown,
            raw.line_of("keywords"),
            f"field 'keywords': {kw!r} is only for {what}, not {deck}/{kind}",
            name,
        )
    if "ambush" in kws and "trinket" in kws:
        raise CardDataError(
            shown,
            raw.line_of("keywords"),
            "field 'keywords': a loot is either a trinket or an ambush, not both",
            name,
        )


def _plain(node: Any) -> Any:
    """Strip YamlMap/YamlList down to dict/list (cheap to pickle and compare). Words are interned: the
    engine and the players look card data up by literal keys and compare it with literal words (``"do"``,
    ``"any_player"``) thousands of times a game, and an interned word is found by identity, not by
    comparing its characters (issue 20)."""
    if isinstance(node, dict):  # int keys (roll rows written `6:`) become "6", as in the §1.1 form
        return {
            _interned(str(k) if isinstance(k, int) and not isinstance(k, bool) else k): _plain(v)
            for k, v in node.items()
        }
    if isinstance(node, list):
        return [_plain(v) for v in node]
    return _interned(node)


def _interned(x: Any) -> Any:
    return sys.intern(x) if type(x) is str else x


# ---------------------------------------------------------------- behaviour


def _bound(node: Any, out: set[str]) -> set[str]:
    """Every variable an ability binds (targets/tgt/choose/each/let keys), wherever it binds it."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("targets", "tgt", "choose", "each", "let", "vote", "roll_off") and isinstance(
                value, dict
            ):
                out.update(k for k in value if isinstance(k, str))
            if (
                key in ("search", "reveal_cards", "move", "from_under")
                and isinstance(value, dict)
                and isinstance(value.get("bind"), str)
            ):
                out.add(value["bind"])  # the card a search put in a slot, named for later steps
            _bound(value, out)
    elif isinstance(node, list):
        for value in node:
            _bound(value, out)
    return out


def _line(node: Any, key: Any, fallback: int) -> int:
    if isinstance(node, YamlMap):
        return node.line_of(key) or fallback
    return fallback


class _Checker:
    """Walks one card's abilities and raises CardDataError at the first problem (file:line, card, field)."""

    __slots__ = ("path", "card", "hook", "hook_used", "vars")

    def __init__(self, path: str, card: str, hook: str | None):
        self.path, self.card, self.hook, self.hook_used = path, card, hook, False
        self.vars: set[str] = set()

    def fail(self, line: int, message: str) -> None:
        raise CardDataError(self.path, line, message, self.card)

    # ---- abilities
    def ability(self, ab: Any, line: int) -> None:
        if not isinstance(ab, dict) or not ab:
            self.fail(line, f"an ability must be a mapping like {{tap: ...}}, got {ab!r}")
        self.vars = _bound(ab, set())
        kinds = [k for k in ab if k in V.ABILITY_KINDS]
        if not kinds:
            first = next(iter(ab))
            self.fail(_line(ab, first, line), unknown("ability kind", first, V.ABILITY_KINDS))
        if len(kinds) > 1:
            self.fail(_line(ab, kinds[1], line), f"one ability has two kinds: {kinds[0]!r} and {kinds[1]!r}")
        kind = kinds[0]
        kline = _line(ab, kind, line)
        body = ab[kind]
        if kind == "on":
            self.keys(ab, ("on", *V.ABILITY_KINDS["on"]), line, "ability key")
            self.trigger(body, kline, V.TRIGGERS)
            self.require(ab, ("do",), line)
            self.ability_parts(ab, line)
            if "optional" in ab and not isinstance(ab["optional"], bool):
                self.fail(_line(ab, "optional", line), "field 'optional' must be true/false")
            return
        if len(ab) > 1:
            extra = [k for k in ab if k != kind][0]
            self.fail(
                _line(ab, extra, line),
                f"unexpected key {extra!r} beside {kind!r} (put it inside {kind}: {{...}})",
            )
        if kind == "soul_when":  # "condition", or {if: condition, chosen_by: active} (Soul of Envy)
            if isinstance(body, dict):
                self.keys(body, ("if", "chosen_by"), kline, "soul_when key")
                self.require(body, ("if",), kline)
                if body.get("chosen_by", "active") != "active":
                    self.fail(kline, f"soul_when: chosen_by must be 'active', got {body['chosen_by']!r}")
                body = body["if"]
            self.value(body, kline, "condition")
        elif kind == "static":
            self.static(body, kline)
        elif kind == "replace":
            self.replace(body, kline, need_event=True)
        else:  # play / tap / paid
            if not isinstance(body, dict):
                self.fail(kline, f"'{kind}' must be a mapping like {{do: ...}}, got {body!r}")
            self.keys(body, V.ABILITY_KINDS[kind], kline, f"{kind} key")
            self.require(body, V.ABILITY_REQUIRED[kind], kline)
            if kind == "paid" or "cost" in body:
                cost = body["cost"]
                cline = _line(body, "cost", kline)
                if not isinstance(cost, list) or not cost:
                    self.fail(cline, "field 'cost' must be a list of verbs like [{pay: {cents: 4}}]")
                for item, iline in self.items(cost, cline):
                    self.effect(item, iline, verbs_only=True)
            if "if" in body:  # a ↷ ability offered only while this holds (Red Key: not during an attack)
                self.value(body["if"], _line(body, "if", kline), "condition")
            self.ability_parts(body, kline)

    def ability_parts(self, body: dict, line: int) -> None:
        if "targets" in body:
            self.bindings(body["targets"], _line(body, "targets", line), "targets")
        if "by" in body:
            self.value(body["by"], _line(body, "by", line), "chooser")
        self.effect(body["do"], _line(body, "do", line))

    def trigger(self, trig: Any, line: int, table: Mapping[str, Any]) -> None:
        if not isinstance(trig, dict) or not trig:
            self.fail(line, f"a trigger must be a mapping like {{turn_end: you}}, got {trig!r}")
        heads = [k for k in trig if k in table]
        if len(heads) != 1:
            first = next((k for k in trig if k not in table), next(iter(trig)))
            if heads:
                self.fail(
                    _line(trig, heads[1], line), f"one trigger has two events: {heads[0]!r} and {heads[1]!r}"
                )
            self.fail(_line(trig, first, line), unknown("trigger", first, table))
        head = heads[0]
        allowed = V.TRIGGERS[head].params
        for key, value in trig.items():
            kline = _line(trig, key, line)
            if key == head:
                self.value(value, kline, "trigger argument")
            elif key not in allowed:
                self.fail(kline, f"trigger '{head}': {unknown('option', key, allowed)}")
            elif key in (
                "first_each_turn",
                "every_other_each_turn",
                "first_each_round",
                "attack",
                "combat",
                "non_trinket",
                "non_ambush",
                "twice_in_a_row",
                "once_per_roll",
                "aims_you",
            ):
                if value is not True and not (key == "attack" and head == "would_roll" and value is False):
                    self.fail(kline, f"trigger option '{key}' must be true, got {value!r}")
            else:
                self.value(value, kline, key)

    def static(self, body: Any, line: int) -> None:
        if not isinstance(body, dict) or not body:
            self.fail(line, f"'static' must be a mapping like {{loot_plays: 1}}, got {body!r}")
        mods = 0
        for key, value in body.items():
            kline = _line(body, key, line)
            if key == "if":
                self.value(value, kline, "condition")
                continue
            if key not in V.STATICS:
                self.fail(kline, unknown("static modifier", key, [*V.STATICS, "if"]))
            mods += 1
            params = V.STATICS[key].params
            if key == "items_have":  # {keywords?: [eternal], abilities: [...]}: every item's (Re-Isaac)
                if not isinstance(value, dict):
                    self.fail(
                        kline,
                        f"static 'items_have' must be a mapping like {{abilities: [...]}}, got {value!r}",
                    )
                self.keys(value, params, kline, "'items_have' parameter")
                self.require(value, ("abilities",), kline)
                kws = value.get("keywords", [])
                if not isinstance(kws, list) or any(k != "eternal" for k in kws):
                    self.fail(kline, f"static 'items_have' keywords must be a list of: eternal, got {kws!r}")
                abilities = value["abilities"]
                if not isinstance(abilities, list) or not abilities:
                    self.fail(
                        kline, f"static 'items_have' abilities must be a list of abilities, got {abilities!r}"
                    )
                for ab in abilities:
                    self.ability(ab, kline)
                continue
            if key == "characters_named":  # a name, not a word of the vocabulary
                if not isinstance(value, str) or not value.strip():
                    self.fail(kline, f"static 'characters_named' must be a name, got {value!r}")
                continue
            if key == "goal":  # {on: <trigger>, times: N}: a goal the room notes (Social Goals!, FS-16.2)
                if not isinstance(value, dict):
                    self.fail(
                        kline,
                        f"static 'goal' must be a mapping like {{on: {{purchased: any_player}}, times: 3}}, got {value!r}",
                    )
                self.keys(value, params, kline, "'goal' parameter")
                self.require(value, params, kline)
                times = value["times"]
                if isinstance(times, bool) or not isinstance(times, int) or times < 1:
                    self.fail(
                        _line(value, "times", kline),
                        f"static 'goal' times must be a whole number >= 1, got {times!r}",
                    )
                self.trigger(value["on"], _line(value, "on", kline), V.TRIGGERS)
                continue
            if isinstance(value, dict):
                self.keys(value, params, kline, f"'{key}' parameter")
                if "per_counter" in value and value.get("who") not in (
                    "monsters",
                    "other_monsters",
                    "players",
                ):
                    self.fail(
                        kline, f"static '{key}' per_counter needs who: monsters, other_monsters or players"
                    )
                for pk, pv in value.items():
                    pline = _line(value, pk, kline)
                    if pk in ("first_attack_roll", "first_each_turn") and not isinstance(pv, bool):
                        self.fail(pline, f"static '{key}' {pk} must be true/false, got {pv!r}")
                    if pk == "n" and (isinstance(pv, bool) or not isinstance(pv, int | str)):
                        self.fail(pline, f"static '{key}' n must be a number or an expression, got {pv!r}")
                    if pk == "who" and key in V.STAT_WHO:
                        if pv not in V.STAT_WHO[key]:
                            self.fail(pline, f"static '{key}' who: {unknown('word', pv, V.STAT_WHO[key])}")
                        continue
                    self.value(pv, pline, f"static '{key}' {pk}")
            elif isinstance(value, list):
                self.fail(kline, f"static '{key}' must be a number, a word, true or a mapping, got {value!r}")
            else:
                self.value(value, kline, f"static '{key}'")
        if not mods:
            self.fail(line, "'static' needs at least one modifier")

    def replace(self, body: Any, line: int, need_event: bool) -> None:
        if not isinstance(body, dict) or not body:
            self.fail(line, f"'replace' must be a mapping like {{event: ..., modify: ...}}, got {body!r}")
        self.keys(body, V.ABILITY_KINDS["replace"], line, "replace key")
        if "first_each_turn" in body and body["first_each_turn"] is not True:
            self.fail(_line(body, "first_each_turn", line), "'first_each_turn' must be true")
        if need_event:
            self.require(body, ("event",), line)
        if "event" in body:
            event = body["event"]
            eline = _line(body, "event", line)
            if not isinstance(event, dict) or not event:
                self.fail(eline, f"'event' must be a mapping like {{damage_to: you}}, got {event!r}")
            heads = [k for k in event if k in V.REPLACEMENTS]
            if len(heads) > 1:
                self.fail(eline, f"one replacement has two events: {heads[0]!r} and {heads[1]!r}")
            if not heads:
                first = next(iter(event))
                self.fail(_line(event, first, eline), unknown("replaced event", first, V.REPLACEMENTS))
            for key, value in event.items():
                kline = _line(event, key, eline)
                if key != heads[0] and key not in V.REPLACEMENTS[heads[0]].params:
                    self.fail(kline, unknown("option", key, V.REPLACEMENTS[heads[0]].params))
                self.value(value, kline, key)
        outcomes = [k for k in V.REPLACE_OUTCOMES if k in body]
        if len(outcomes) != 1:
            self.fail(line, f"'replace' needs exactly one of {', '.join(V.REPLACE_OUTCOMES)}")
        out = outcomes[0]
        oline = _line(body, out, line)
        value = body[out]
        if out == "modify":
            if not isinstance(value, dict) or not value:
                self.fail(oline, "'modify' must be a mapping like {add: 1}")
            self.keys(value, V.MODIFY_KEYS, oline, "modification")
            for mk, mv in value.items():
                self.value(mv, _line(value, mk, oline), mk)
        elif out == "instead":
            self.effect(value, oline)
        elif out == "enters_deactivated":
            if value is not True:
                self.fail(oline, "'enters_deactivated' must be true")
        elif out == "roll":  # a die rolled as it applies; each row: {modify: ...} and/or {then: effect}
            if not isinstance(value, dict) or not value:
                self.fail(oline, "'roll' must be a table like {\"1-3\": {modify: {reduce_to: 1}}}")
            for rk, row in value.items():
                rline = _line(value, rk, oline)
                if not isinstance(row, dict) or not row or set(row) - {"modify", "then"}:
                    self.fail(rline, "a replacement's roll row is {modify: ...} and/or {then: effect}")
                if "modify" in row:
                    self.keys(row["modify"], V.MODIFY_KEYS, rline, "modification")
                if "then" in row:
                    self.effect(row["then"], rline)
        else:  # prevent: true or an amount
            self.value(value, oline, "prevent")
        if "if" in body:
            self.value(body["if"], _line(body, "if", line), "condition")
        if "then" in body:
            self.effect(body["then"], _line(body, "then", line))

    # ---- effects
    def effect(self, node: Any, line: int, verbs_only: bool = False) -> None:
        if isinstance(node, str):
            if node in V.VERBS and not V.VERBS[node].required:
                return
            if node == "nothing" and not verbs_only:
                return
            self.fail(line, unknown("effect", node, [*V.VERBS, *V.COMBINATORS]))
        if not isinstance(node, dict) or not node:
            self.fail(line, f"an effect must be a mapping like {{loot: 1}}, got {node!r}")
        names = V.VERBS if verbs_only else {**V.VERBS, **V.COMBINATORS}
        heads = [k for k in node if k in names]
        if not heads:
            first = next(iter(node))
            self.fail(_line(node, first, line), unknown("effect", first, names))
        if len(heads) > 1:
            self.fail(_line(node, heads[1], line), f"one effect has two heads: {heads[0]!r} and {heads[1]!r}")
        head = heads[0]
        hline = _line(node, head, line)
        if head in V.VERBS:
            if len(node) > 1:
                extra = [k for k in node if k != head][0]
                self.fail(
                    _line(node, extra, line),
                    f"unexpected key {extra!r} beside verb '{head}' (parameters go inside it)",
                )
            self.verb(head, node[head], hline)
        else:
            self.combinator(head, node, hline, line)

    def verb(self, name: str, args: Any, line: int) -> None:
        verb = V.VERBS[name]
        if isinstance(args, dict):
            self.keys(args, verb.params, line, f"parameter of '{name}'")
            missing = [p for p in verb.required if p not in args]
            if missing:
                self.fail(line, f"'{name}' needs parameter '{missing[0]}'")
            for key, value in args.items():
                self.param(name, key, value, _line(args, key, line))
            return
        if args is None or args == {}:
            if verb.required:
                self.fail(line, f"'{name}' needs parameter '{verb.required[0]}'")
            return
        if not verb.params:
            self.fail(line, f"'{name}' takes no parameters, got {args!r}")
        if len(verb.required) > 1:
            self.fail(
                line, f"'{name}' needs parameters {', '.join(verb.required)} as a mapping, got {args!r}"
            )
        self.param(name, verb.params[0], args, line)

    def param(self, verb: str, key: str, value: Any, line: int) -> None:
        choices = V.PARAM_CHOICES.get((verb, key))
        if choices is not None and isinstance(value, str):
            if value not in choices:
                self.fail(line, f"'{verb}' {key}: {unknown('value', value, choices)}")
            return
        if key in V.FLAG_PARAMS and not isinstance(value, bool):
            self.fail(line, f"'{verb}' {key} must be true/false, got {value!r}")
        if key in V.AMOUNT_PARAMS and (isinstance(value, bool) or not isinstance(value, int | str)):
            self.fail(line, f"'{verb}' {key} must be a number or an expression, got {value!r}")
        if key == "filter":
            if (verb, value) != ("search", "any"):  # `search` for any card at all: the searcher picks
                self.filter(value, line)
            return
        if key == "on_prevent":
            self.effect(value, line)
            return
        if (verb, key) == (
            "gain_abilities",
            "abilities",
        ):  # abilities held for a while (FS-5.2): checked as a card's
            if not isinstance(value, list) or not value:
                self.fail(line, "'gain_abilities' abilities must be a list of abilities")
            saved = self.vars
            for ab, aline in self.items(value, line):
                self.ability(ab, aline)
            self.vars = saved
            return
        if (verb, key) in (
            ("put_minion", "card"),
            ("add_bonus_soul", "name"),
            ("put_from_outside", "name"),
        ):  # a card name (FS-18.5, FS-14.7)
            if not isinstance(value, str) or not value.strip():
                self.fail(line, f"'{verb}' {key} must be a card name, got {value!r}")
            return
        self.value(value, line, f"'{verb}' {key}")

    def combinator(self, head: str, node: dict, line: int, outer: int) -> None:
        comb = V.COMBINATORS[head]
        self.keys(node, (head, *comb.params), outer, f"key of '{head}'")
        self.require(node, comb.required, line)
        value = node[head]
        if comb.value == "effects":
            if not isinstance(value, list) or not value:
                self.fail(line, f"'{head}' must be a list of effects")
            for item, iline in self.items(value, line):
                self.effect(item, iline)
        elif comb.value == "effect":
            self.effect(value, line)
        elif comb.value == "table":
            n = node.get("dice", 1)
            if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 6:
                self.fail(line, f"roll 'dice' must be a number of dice 1..6, got {n!r}")
            if node.get("keep", "choose") not in ("choose", "highest", "lowest"):
                self.fail(line, f"roll 'keep' must be choose, highest or lowest, got {node['keep']!r}")
            if not isinstance(value, dict) or not value:
                self.fail(line, "'roll' must be a table like {'1-2': ..., '3-6': ...}")
            t = node.get("together", 1)
            if not isinstance(t, int) or isinstance(t, bool) or not 1 <= t <= 6:
                self.fail(line, f"roll 'together' must be a number of dice 1..6, got {t!r}")
            if t > 1 and (n > 1 or list(value) != ["any"]):  # FS-9.2(1): one reader reads them all
                self.fail(
                    line,
                    "roll 'together' needs a table with one row 'any' (read with same_dice, result) and no 'dice'",
                )
            for face, row in value.items():
                fline = _line(value, face, line)
                if not KEY_FORM.match(str(face)):  # FS-4.18
                    self.fail(
                        fline, f"roll row {face!r} must be a face (6), a range (1-3), 'a or b' or 'any'"
                    )
                self.effect(row, fline)
        elif comb.value == "bindings":
            if head == "let":
                self.lets(value, line)
            elif head == "vote" and isinstance(value, list):
                self.word_vote(node, value, line)
                return
            else:
                self.bindings(value, line, head)
        elif comb.value == "cond":
            self.value(value, line, "condition")
        elif comb.value == "trigger":
            self.trigger(value, line, {k: V.TRIGGERS[k] for k in V.NEXT_TRIGGERS})
            if ("do" in node) == ("replace" in node):
                self.fail(line, "'next' needs exactly one of 'do' or 'replace'")
        elif comb.value == "word":
            if head == "hook":
                if self.hook is None or value != self.hook:
                    self.fail(line, f"{{hook: {value}}} needs the card field 'hook: {value}'")
                self.hook_used = True
            elif value != "eot":
                self.fail(line, f"'{head}' must be 'eot', got {value!r}")
        for key in comb.params:
            if key not in node:
                continue
            kline = _line(node, key, line)
            if key in ("do", "then", "else", "highest", "lowest"):
                self.effect(node[key], kline)
            elif key == "replace":
                self.replace(node[key], kline, need_event=head == "until")
            elif key == "until":
                if node[key] != "eot":
                    self.fail(kline, f"'until' must be 'eot', got {node[key]!r}")
            elif head == "roll" and key in ("dice", "keep", "together"):
                pass  # checked with the table above (FS-9.6)
            elif head == "vote" and key == "ties":
                if node[key] not in ("all", "none", "active", "random"):
                    self.fail(kline, f"vote 'ties' must be all, none, active or random, got {node[key]!r}")
            elif head == "vote" and key == "voters":
                self.selector(node[key], kline)
            else:
                self.value(node[key], kline, key)

    def word_vote(self, node: dict, words: list, line: int) -> None:
        """A vote between words (FS-5.17): ``vote: [naughty, nice]`` with ``do`` a table giving each word
        its effect; ``ties`` is all, none, active or one of the words (it wins a tie it is part of)."""
        if len(words) < 2 or not all(isinstance(w, str) and _VOTE_WORD_RE.match(w) for w in words):
            self.fail(line, f"a vote between words needs two or more lower-case words, got {words!r}")
        if len(set(words)) != len(words):
            self.fail(line, f"a vote between words names a word twice: {words!r}")
        table = node["do"]
        if not isinstance(table, dict) or sorted(table) != sorted(words):
            self.fail(
                line, f"a vote between words needs 'do' with one effect per word {words}, got {table!r}"
            )
        for word in words:
            self.effect(table[word], _line(table, word, line))
        ties = node.get("ties", "all")
        if ties not in ("all", "none", "active", *words):
            self.fail(line, f"vote 'ties' must be all, none, active or one of {words}, got {ties!r}")
        if "voters" in node:
            self.selector(node["voters"], _line(node, "voters", line))
        if "count" in node:
            self.value(node["count"], _line(node, "count", line), "count")

    def bindings(self, value: Any, line: int, what: str) -> None:
        if not isinstance(value, dict) or not value:
            self.fail(line, f"'{what}' must bind variables like {{P: player}}, got {value!r}")
        for var, sel in value.items():
            vline = _line(value, var, line)
            if not isinstance(var, str) or not _VAR_RE.match(var):
                self.fail(vline, f"'{what}' variable {var!r} must start with a capital letter (P, I, R ...)")
            self.selector(sel, vline)

    def lets(self, value: Any, line: int) -> None:
        if not isinstance(value, dict) or not value:
            self.fail(line, "'let' must bind a variable like {X: {discard_loot: any_number}}")
        for var, rhs in value.items():
            vline = _line(value, var, line)
            if not isinstance(var, str) or not _VAR_RE.match(var):
                self.fail(vline, f"'let' variable {var!r} must start with a capital letter")
            if isinstance(rhs, dict) and list(rhs) == ["random"]:  # {random: selector}: one at random
                self.selector(rhs["random"], vline)
            elif isinstance(rhs, dict):
                self.effect(rhs, vline)
            else:
                self.value(rhs, vline, "value")

    def selector(self, sel: Any, line: int) -> None:
        if isinstance(sel, str):
            self.value(sel, line, "selector")
            return
        if not isinstance(sel, dict) or not sel:
            self.fail(line, f"a selector must be a word or {{item: [filters]}}, got {sel!r}")
        heads = [k for k in sel if k in V.SELECTORS]
        if len(heads) != 1:
            first = next((k for k in sel if k not in V.SELECTORS), next(iter(sel)))
            self.fail(_line(sel, first, line), unknown("selector", first, V.SELECTORS))
        for key, value in sel.items():
            kline = _line(sel, key, line)
            if key == heads[0]:
                filters = value if isinstance(value, list) else ([] if value is None else [value])
                for flt in filters:
                    self.filter(flt, kline)
            elif key in V.SELECTOR_OPTIONS:
                self.value(value, kline, key)
            else:
                self.fail(kline, unknown("selector option", key, V.SELECTOR_OPTIONS))

    def filter(self, flt: Any, line: int) -> None:
        if isinstance(flt, str):
            if flt not in V.FILTERS:
                self.fail(line, unknown("filter", flt, V.FILTERS))
            return
        if isinstance(flt, dict) and len(flt) == 1:
            key, value = next(iter(flt.items()))
            if key not in V.FILTER_KEYS:
                self.fail(line, unknown("filter", key, V.FILTER_KEYS))
            if key == "name_has":  # a word of a card name, not an expression
                if not isinstance(value, str) or not value.strip():
                    self.fail(line, f"filter 'name_has' must be a word, got {value!r}")
            elif key != "name":
                self.value(value, line, key)
            elif not isinstance(value, str) and not (
                isinstance(value, list) and value and all(isinstance(v, str) for v in value)
            ):
                self.fail(line, f"filter 'name' must be a card name or a list of them, got {value!r}")
            return
        self.fail(line, f"a filter must be a word or {{controlled_by: P}}, got {flt!r}")

    def value(self, value: Any, line: int, what: str) -> None:
        """Ints, true/false, words and small expressions; every word must be known or a bound variable."""
        if value is None or isinstance(value, bool | int):
            return
        if isinstance(value, str):
            if not _PLAIN_RE.match(value):
                try:
                    ast.parse(value, mode="eval")
                except (SyntaxError, ValueError, RecursionError, MemoryError):
                    self.fail(line, f"{what}: cannot read expression {value!r}")
            for word in _WORD_RE.findall(_NAMED_ARGS.sub("named()", value)):  # card names are not words
                if word in V.WORDS or word in self.vars:
                    continue
                if _VAR_RE.match(word):
                    self.fail(
                        line,
                        f"{what}: variable {word!r} is not bound (bind it with targets/tgt/choose/each/let)",
                    )
                self.fail(line, f"{what}: {unknown('word', word, V.WORDS)}")
            return
        if isinstance(value, list):
            for item, iline in self.items(value, line):
                self.value(item, iline, what)
            return
        if isinstance(value, dict):
            if not all(k in V.VALUE_KEYS for k in value) and any(k in V.SELECTORS for k in value):
                self.selector(value, line)
                return
            for key, item in value.items():
                kline = _line(value, key, line)
                if key not in V.VALUE_KEYS:
                    self.fail(kline, f"{what}: {unknown('key', key, V.VALUE_KEYS)}")
                self.value(item, kline, f"{what}.{key}")
            return
        self.fail(line, f"{what}: unexpected value {value!r}")

    # ---- small helpers
    def keys(self, node: dict, allowed: Sequence[str], line: int, what: str) -> None:
        for key in node:
            if key not in allowed:
                self.fail(_line(node, key, line), unknown(what, key, allowed))

    def require(self, node: dict, required: Sequence[str], line: int) -> None:
        for key in required:
            if key not in node:
                self.fail(line, f"missing field '{key}'")

    @staticmethod
    def items(seq: list, line: int):
        lines = seq.item_lines if isinstance(seq, YamlList) else [line] * len(seq)
        return zip(seq, lines, strict=True)
