"""Loading card, deck and ratio files: safe YAML that remembers line numbers, and checks that fail
with file:line, card and field (DESIGN: Cards are data).

Files are read with PyYAML's safe loader only (no tags, no code). Every mapping comes back as a
:class:`YamlMap` — a dict that also knows the line of each key — so validators can say *where*.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
import time
from collections.abc import Iterable
from itertools import islice
from pathlib import Path
from typing import Any

import yaml

from .errors import CardDataError, UserError
from .wording import did_you_mean


class YamlMap(dict):
    """A YAML mapping that knows its own line and the line of each key (1-based)."""

    line: int = 0
    key_lines: dict[Any, int]

    def line_of(self, key: Any) -> int:
        return self.key_lines.get(key, self.line)


class YamlList(list):
    """A YAML sequence that knows its own line and each item's line (1-based)."""

    line: int = 0
    item_lines: list[int]


def construct_mapping(loader: yaml.SafeLoader, node: yaml.MappingNode) -> YamlMap:
    loader.flatten_mapping(node)
    result = YamlMap()
    result.line = node.start_mark.line + 1
    result.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        try:
            hash(key)
        except TypeError:
            raise yaml.constructor.ConstructorError(
                None, None, "a mapping key must be a plain value", key_node.start_mark
            ) from None
        if key in result:
            raise yaml.constructor.ConstructorError(None, None, f"duplicate key {key!r}", key_node.start_mark)
        result[key] = loader.construct_object(value_node, deep=True)
        result.key_lines[key] = key_node.start_mark.line + 1
    return result


def construct_sequence(loader: yaml.SafeLoader, node: yaml.SequenceNode) -> YamlList:
    result = YamlList(loader.construct_object(child, deep=True) for child in node.value)
    result.line = node.start_mark.line + 1
    result.item_lines = [child.start_mark.line + 1 for child in node.value]
    return result


_BOOL_TAG = "tag:yaml.org,2002:bool"


class LineLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """PyYAML's safe loader (libyaml's when installed: several times faster) that keeps line numbers
    and reads only true/false as booleans (YAML 1.2). YAML 1.1 would turn keys such as ``on:`` and
    values such as ``no`` into booleans, a trap for card files whose vocabulary uses ``on:``."""


LineLoader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag != _BOOL_TAG]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
LineLoader.add_implicit_resolver(
    _BOOL_TAG, re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)
LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, construct_mapping)
LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, construct_sequence)


# Bounds on every card, deck and ratio file (issue 16): a few KB of YAML can otherwise expand to gigabytes
# through aliases ("billion laughs"), nest deep enough to exhaust the stack, or never end (/dev/zero, a pipe).
MAX_FILE_BYTES = 4 * 2**20  # the bundled files are a few dozen KB
MAX_DEPTH = 64  # nesting of mappings and lists; card effects nest a handful of levels
MAX_NODES = 500_000  # values after expanding aliases; the largest bundled file has a few thousand


EMPTY = "empty: nothing but comments or blank lines (is the file cut short?)"


def shape_problem(data: Any, expected: str) -> str:
    """Why a card file is no mapping of ``expected``: a file of nothing (cut short, or only comments) is
    told apart from one of the wrong shape, the same words from `cards check` and from `--cards`."""
    return EMPTY if data is None else f"expected a mapping with {expected}"


def load_yaml(path: str | Path) -> Any:
    """Read one YAML file safely and boundedly; any syntax, encoding or size problem becomes a one-line
    CardDataError naming the file (and the limit it broke)."""
    path = Path(path)
    try:
        info = path.stat()
        if stat.S_ISDIR(info.st_mode):
            raise CardDataError(str(path), None, "is a folder, expected a YAML file")
        if not stat.S_ISREG(info.st_mode):  # a pipe or a device would block or never end
            raise CardDataError(str(path), None, "not a regular file (a pipe, device or socket)")
        if info.st_size > MAX_FILE_BYTES:
            raise CardDataError(
                str(path), None, f"{info.st_size:,} bytes; card files are limited to {MAX_FILE_BYTES:,}"
            )
        with path.open("rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
        if len(data) > MAX_FILE_BYTES:
            raise CardDataError(str(path), None, f"more than {MAX_FILE_BYTES:,} bytes (the card file limit)")
        text = data.decode("utf-8")
    except FileNotFoundError:
        raise CardDataError(str(path), None, "no such file") from None
    except IsADirectoryError:
        raise CardDataError(str(path), None, "is a folder, expected a YAML file") from None
    except UnicodeDecodeError as exc:
        raise CardDataError(str(path), None, f"not UTF-8 text (byte {exc.start})") from None
    except OSError as exc:
        raise CardDataError(str(path), None, exc.strerror or str(exc)) from None
    if "\x00" in text:
        raise CardDataError(str(path), None, "binary data, expected YAML text")
    try:
        _check_shape(path, text)
        return yaml.load(text, Loader=LineLoader)  # noqa: S506 — LineLoader is a SafeLoader
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        problem = (exc.problem or exc.context or "invalid YAML").strip()
        lines = text.splitlines()
        if mark and mark.line < len(lines) and "\t" in lines[mark.line][: mark.column + 1]:
            problem += " (a tab: YAML indents with spaces)"  # the parser's words do not say so
        raise CardDataError(str(path), line, f"YAML syntax error: {problem}") from None
    except yaml.YAMLError as exc:
        raise CardDataError(str(path), None, f"YAML error: {str(exc).splitlines()[0]}") from None


def _check_shape(path: Path, text: str) -> None:
    """Walk the parser's events (an iteration, no recursion) and refuse a document nested deeper than
    MAX_DEPTH or holding more than MAX_NODES values once its aliases are expanded, before anything is
    built from it."""
    sizes: dict[str, int] = {}  # anchor → expanded size of its node
    stack: list[list[Any]] = []  # open collections: [size so far, anchor]
    total = 0
    for event in yaml.parse(text, Loader=LineLoader):
        if isinstance(event, yaml.CollectionStartEvent):
            stack.append([1, event.anchor])
            if len(stack) > MAX_DEPTH:
                line = event.start_mark.line + 1
                raise CardDataError(
                    str(path), line, f"nested deeper than {MAX_DEPTH} levels (the card file limit)"
                )
            continue
        if isinstance(event, yaml.CollectionEndEvent):
            size, anchor = stack.pop()
        elif isinstance(event, yaml.ScalarEvent):
            size, anchor = 1, event.anchor
        elif isinstance(event, yaml.AliasEvent):
            size, anchor = sizes.get(event.anchor, 1), None
        else:
            continue
        if anchor is not None:
            sizes[anchor] = size
        if stack:
            stack[-1][0] += size
            grown = stack[-1][0]
        else:
            total += size
            grown = total
        if grown > MAX_NODES:
            line = event.start_mark.line + 1
            raise CardDataError(
                str(path), line, f"expands to more than {MAX_NODES:,} values (aliases?); the card file limit"
            )


# Top-level keys that tell a card file's game when its folder does not (a file copied out of
# decklists/<game>/, as the README suggests): Gosu X cards by clan, Hidden Reason cards by class and decks by
# plan, Four Souls cards by set, its ratio files by deck counts or name (one cut before its decks has only
# that) and collections by sets.
CARD_FILE_KEYS = {
    "clan": "gosu-x",
    "class": "hidden-reason",
    "plan": "hidden-reason",
    "set": "four-souls",
    "sets": "four-souls",
    "name": "four-souls",
    "treasure": "four-souls",
    "loot": "four-souls",
    "monster": "four-souls",
}
GUESS_FILES = 200  # YAML files read to guess a folder's game: a folder of cards has a few dozen


def games_of_files(path: str | Path, unreadable: list[CardDataError] | None = None) -> set[str]:
    """The games whose card files ``path`` holds, told by the files' top-level keys (``CARD_FILE_KEYS``): a
    file, or a folder's first ``GUESS_FILES`` .yaml files, subfolders included. A file that is not valid
    YAML raises its one line, or is added to ``unreadable`` when given, as is an empty file (the guess goes
    on with the others, so one bad file does not hide the rest)."""
    target = Path(path)
    files = islice(sorted(target.rglob("*.yaml")), GUESS_FILES) if target.is_dir() else [target]
    found: set[str] = set()
    for file in files:
        try:
            data = load_yaml(file)
        except CardDataError as err:
            if unreadable is None:
                raise
            unreadable.append(err)
            continue
        if data is None and unreadable is not None:
            unreadable.append(CardDataError(str(file), None, EMPTY))
        if isinstance(data, dict):
            found |= {CARD_FILE_KEYS[key] for key in data if key in CARD_FILE_KEYS}
    return found


def other_game(game: str, path: str | Path) -> str | None:
    """The one other game whose card files ``path`` holds, or None (this game's, a mix, none, unreadable):
    read by the files' keys, so the loader's first complaint (Four Souls' "unknown field 'clan'" for a
    Gosu X clan file) need not be the user's only clue."""
    try:
        found = games_of_files(path, []) if path and Path(path).exists() else set()
    except UserError:
        return None
    return next(iter(found)) if len(found) == 1 and game not in found else None


def other_games_cards(game: str, paths: str | Iterable[str] | None) -> str:
    """The line for ``--cards`` naming another game's files, or ""."""
    for path in [paths] if isinstance(paths, str) else list(paths or ()):
        other = other_game(game, path)
        if other:
            return f"--cards {path}: {other} card files, not {game}'s (they go to `cardlab simulate {other}`)"
    return ""


def unknown(what: str, word: Any, choices: Iterable[str]) -> str:
    """The message for an unknown name: ``unknown effect 'damgae' — did you mean 'damage'?``."""
    return f"unknown {what} {word!r}{did_you_mean(str(word), choices)}"


# Every number on a card is small (HP, attack, cost, copies …). A file or override beyond this is a mistake
# that would otherwise build billions of copies or overflow the tables' 32-bit columns (issue 16).
CARD_NUMBER_MAX = 999

_TYPE_NAMES = {
    int: "a whole number",
    float: "a number",
    str: "text",
    bool: "true/false",
    list: "a list",
    dict: "a mapping",
}


def field_value(
    data: YamlMap,
    key: str,
    kind: type | tuple[type, ...],
    path: str | Path,
    card: str | None = None,
    *,
    required: bool = True,
    default: Any = None,
    minimum: float | None = None,
    maximum: float | None = None,
) -> Any:
    """Fetch and type-check one field of a card/deck mapping, failing with file:line, card and field."""
    line = data.line_of(key) if isinstance(data, YamlMap) else None
    if key not in data or data[key] is None:
        if required:
            raise CardDataError(str(path), getattr(data, "line", None), f"missing field '{key}'", card)
        return default
    value = data[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    ok = isinstance(value, kinds) and not (isinstance(value, bool) and bool not in kinds)
    if float in kinds and isinstance(value, int) and not isinstance(value, bool):
        ok = True
    if not ok:
        wanted = " or ".join(_TYPE_NAMES.get(k, k.__name__) for k in kinds)
        raise CardDataError(str(path), line, f"field '{key}' must be {wanted}, got {value!r}", card)
    if maximum is None and (int in kinds or float in kinds) and not isinstance(value, bool | str):
        maximum = CARD_NUMBER_MAX
    if minimum is not None and value < minimum:
        raise CardDataError(str(path), line, f"field '{key}' must be at least {minimum}, got {value!r}", card)
    if maximum is not None and value > maximum:
        raise CardDataError(str(path), line, f"field '{key}' must be at most {maximum}, got {value!r}", card)
    return value


def name_value(data: YamlMap, key: str, path: str | Path, card: str | None = None) -> str:
    """A name field (a card's, a clan's, a class's): text a table, a ``--set`` and a deck list can show and
    name, so not empty, not padded with spaces and with no line break or control character."""
    value = field_value(data, key, str, path, card)
    if not value.strip() or value != value.strip() or not value.isprintable():
        line = data.line_of(key) if isinstance(data, YamlMap) else None
        raise CardDataError(
            str(path),
            line,
            f"field '{key}' must be a name on one line, without spaces around it, got {value!r}",
            card,
        )
    return value


def check_keys(data: YamlMap, allowed: Iterable[str], path: str | Path, card: str | None = None) -> None:
    """Fail on the first key not in ``allowed`` (typos in field names are the commonest mistake)."""
    allowed = list(allowed)
    for key in data:
        if key not in allowed:
            raise CardDataError(str(path), data.line_of(key), unknown("field", key, allowed), card)


def files_hash(paths: Iterable[str | Path]) -> str:
    """A short hash of the bytes of card files (recorded in every manifest as the card-data hash)."""
    digest = hashlib.sha256()
    for path in sorted(Path(p) for p in paths):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


_RACY_NS = 2_000_000_000  # a folder's listing is kept only once its last change is this old (ns)
_Seen = tuple[str, int, int, int]  # a folder read: its path, inode, modification and change times (ns)
_LISTED: dict[tuple[str, bool, bool], tuple[tuple[_Seen, ...], tuple[Path, ...]]] = {}


def _seen(top: str) -> _Seen:
    """What tells a folder's entries have changed. The modification time alone does not: ``cp -a``, ``tar``,
    ``rsync -t`` and ``touch -r`` set it back, so a folder refilled and given its old time looked unchanged.
    The change time (``st_ctime``) is the system's own, moved by every entry added, removed or renamed and
    by any time set; the inode tells a folder removed and made again."""
    st = os.stat(top)
    return (top, st.st_ino, st.st_mtime_ns, st.st_ctime_ns)


def yaml_files(folder: str | Path, recursive: bool = False, files_only: bool = False) -> list[Path]:
    """The entries named ``*.yaml`` in ``folder`` (``recursive``: and in every folder under it, links to
    folders not followed), sorted as paths: what ``sorted(folder.glob("*.yaml"))`` and ``rglob`` list.

    Card files are listed before every game (their cache is keyed by them) and pathlib's glob cost a
    quarter of a compiled Hidden Reason game, so a listing is kept with the inodes and times (:func:`_seen`) of
    the folders it read and read again as soon as one of them changes (a file added, removed or renamed);
    a file's contents are ``files_stamp``'s to check. ``files_only``: only the entries that are files (or
    links to files), told by the listing itself instead of one more ``stat`` per file before every game
    (an entry that turns from file to folder or back changes its folder, which lists it again)."""
    key = (os.path.abspath(folder), recursive, files_only)
    hit = _LISTED.get(key)
    if hit is not None:
        try:
            if all(_seen(seen[0]) == seen for seen in hit[0]):
                return list(hit[1])
        except OSError:
            pass
    found = []
    read = []
    folders = [os.fspath(folder)]
    while folders:
        top = folders.pop()
        try:
            read.append(_seen(top))  # before listing: a change while listing is seen
            with os.scandir(top) as entries:
                for entry in entries:
                    if entry.name.endswith(".yaml") and (not files_only or entry.is_file()):
                        found.append(Path(top, entry.name))
                    if recursive and entry.is_dir() and not entry.is_symlink():
                        folders.append(os.path.join(top, entry.name))
        except (FileNotFoundError, NotADirectoryError, PermissionError):  # as pathlib's glob: nothing listed
            continue
    found.sort()
    # a folder changed in the last seconds is listed again next time: its change time moves in clock ticks
    # of a few milliseconds, so a file added within the same tick would leave it unchanged (git's "racy"
    # entries); the bundled folders are old and kept
    recent = time.time_ns() - _RACY_NS
    if len(_LISTED) > 64:
        _LISTED.clear()
    if all(changed < recent for *_, changed in read):
        _LISTED[key] = (tuple(read), tuple(found))
    else:
        _LISTED.pop(key, None)
    return found


_RESOLVED: dict[str, str] = {}  # a path made absolute → its resolved form (the file's name in stamps)


def files_stamp(paths: Iterable[str | Path]) -> tuple:
    """What identifies the current contents of card files cheaply (path, size, inode, modification and change
    times): a cache keyed by it is dropped as soon as a file changes (DESIGN: no cache outlives its card
    data). The change time is there because the modification time can be set back (``cp -p``, ``touch -r``):
    a file rewritten to the same size and given its old time kept the old cards.

    Taken before every game (its card data is looked up by it), so each file costs one ``stat``: the
    resolved path, which only names the file in the stamp, is worked out once per absolute path and
    process (resolving walks every component of the path: it cost more than a Gosu X game's engine)."""
    out = []
    for path in sorted(p if isinstance(p, Path) else Path(p) for p in paths):  # a Path keeps its sort key
        name = os.fspath(path)
        st = os.stat(name)
        where = name if os.path.isabs(name) else os.path.join(os.getcwd(), name)
        real = _RESOLVED.get(where)
        if real is None:
            real = _RESOLVED[where] = str(path.resolve())
        out.append((real, st.st_size, st.st_ino, st.st_mtime_ns, st.st_ctime_ns))
    return tuple(out)


def rebuilt_by_fields(record: Any, n_args: int | None = None) -> tuple[Any, ...]:
    """``__reduce__`` of a compiled dataclass (issue 20): ``copy`` and ``pickle`` rebuild it by its class
    called with its fields in order. A compiled frozen dataclass refuses the field writes they would
    otherwise make, and a compiled ``__init__`` must be called with its arguments. With ``n_args``, only
    the first ``n_args`` fields go to the class and the others are set after it is made
    (:func:`restore_fields`), so a record in a cycle (a card and the cards implanted on it) is copied once."""
    from dataclasses import fields

    names = [f.name for f in fields(record)]
    if n_args is None:
        return (type(record), tuple(getattr(record, name) for name in names))
    head = tuple(getattr(record, name) for name in names[:n_args])
    return (type(record), head, {name: getattr(record, name) for name in names[n_args:]})


def restore_fields(record: Any, state: dict[str, Any]) -> None:
    """``__setstate__`` for :func:`rebuilt_by_fields` with ``n_args``: the fields not given to ``__init__``
    (a compiled class's own ``__setstate__`` would not set them)."""
    for name, value in state.items():
        setattr(record, name, value)
