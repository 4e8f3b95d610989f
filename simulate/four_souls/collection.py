"""Which published Four Souls sets a run plays with (``--sets``), and how many cards each set holds.

Every card file names its set (``set:`` header); Base Game V2 lives in ``decklists/four_souls/*.yaml``,
every other set in ``decklists/four_souls/sets/<set>/<deck>.yaml``. A run chooses sets by key
(``base-v2,requiem``; ``-`` and ``_`` are the same), by ``all``, or by a collection file
(``decklists/four_souls/collections/<name>.yaml`` or a path: ``sets: [base_v2, ...]``), so a player can
simulate exactly the boxes they own. The default stays Base Game V2: seeded results of earlier runs stay
reproducible, and most expansion behaviour is not encoded yet (a default that mixed Base V2 with the
encoded fraction of the expansions would be neither game). Cards of sets that are not published
(``test_only``: tests' made-up cards, given with ``--cards``) are always kept.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cardlab.simulate.core import UserError
from cardlab.simulate.core import overrides as core_overrides
from cardlab.simulate.core.cardfiles import files_hash, load_yaml
from cardlab.simulate.core.errors import CardDataError

from .cards import CardPool, _shown
from .vocabulary import PUBLISHED, SETS

DEFAULT: tuple[str, ...] = ("base_v2",)
COLLECTIONS_DIR = Path(__file__).resolve().parents[2] / "decklists" / "four_souls" / "collections"
_COLLECTION_FIELDS = ("name", "sets", "notes")


def parse(value: str | tuple[str, ...] | list[str] | None) -> tuple[str, ...]:
    """``--sets`` → set keys in the table's order. Empty: the default (Base Game V2)."""
    if value is None:
        return DEFAULT
    items = [value] if isinstance(value, str) else list(value)
    typed = ",".join(map(str, items))
    if not typed.strip():
        return DEFAULT
    words = [w.strip() for w in typed.split(",")]
    if "" in words:  # 'base-v2,' or ',' (unset shell variables) was taken as the sets named, or the default
        raise UserError(f"four-souls: --sets {typed!r}: an empty set name (sets are separated by commas)")
    chosen: set[str] = set()
    for word in words:
        key = word.replace("-", "_").lower()
        if key == "all":
            chosen |= set(PUBLISHED)
        elif key in PUBLISHED:
            chosen.add(key)
        elif word.endswith((".yaml", ".yml")) or (COLLECTIONS_DIR / f"{word}.yaml").exists():
            chosen |= set(collection_sets(word))
        else:
            names = sorted(PUBLISHED) + ["all"] + collection_names()
            raise UserError(
                f"four-souls: --sets: unknown set or collection {word!r} (known: {', '.join(names)})"
            )
    return tuple(k for k in PUBLISHED if k in chosen)


def collection_names() -> list[str]:
    return sorted(p.stem for p in COLLECTIONS_DIR.glob("*.yaml"))


def check(path: Path) -> str:
    """``cardlab cards check COLLECTION``: the sets it lists, or its one problem (as ``--sets`` says it)."""
    sets = collection_sets(str(path), where=_shown(path))
    return f"{_shown(path)}: collection OK — {len(sets)} sets: {', '.join(sets)}"


def collection_sets(name_or_path: str, where: str = "") -> tuple[str, ...]:
    """The sets a collection file lists (a name in decklists/four_souls/collections or a path); its
    problems start with ``where`` (default: the ``--sets`` option naming it)."""
    path = Path(name_or_path)
    if not path.exists() and name_or_path.endswith((".yaml", ".yml")):  # a file's path, not a bundled name
        raise UserError(f"four-souls: --sets: {name_or_path}: no such file")
    if not path.exists():
        path = COLLECTIONS_DIR / f"{name_or_path}.yaml"
    try:
        data = load_yaml(path)
    except CardDataError as err:
        raise UserError(f"four-souls: --sets: {err}") from None
    where = where or f"four-souls: --sets: {name_or_path}"
    if not isinstance(data, Mapping) or "sets" not in data:
        raise UserError(f"{where}: expected a mapping with a 'sets' list")
    extra = [k for k in data if k not in _COLLECTION_FIELDS]
    if extra:
        raise UserError(f"{where}: unknown field {extra[0]!r} (fields: {', '.join(_COLLECTION_FIELDS)})")
    sets = data["sets"]
    if not isinstance(sets, list) or not sets:
        raise UserError(f"{where}: field 'sets' must be a non-empty list of set keys")
    out = []
    for s in sets:
        key = str(s).replace("-", "_").lower()
        if key not in PUBLISHED:
            raise UserError(f"{where}: field 'sets': unknown set {s!r} (known: {', '.join(PUBLISHED)})")
        out.append(key)
    return tuple(out)


def select(pool: Any, sets: tuple[str, ...]) -> Any:
    """The pool restricted to the chosen sets (unpublished test sets always kept). The eternal starting
    items of chosen characters come along whatever their set (Alt Art Isaac starts with Base V2's D6).
    The hash covers only the chosen sets' files, so a run over Base V2 keeps its card-data hash."""
    keep_set = set(sets)
    kept = [c for c in pool.cards if c.set in keep_set or c.set not in PUBLISHED]
    if len(kept) == len(pool.cards):
        return pool
    ids = {c.id for c in kept}
    wanted = {c.starting_item for c in kept if c.deck == "character" and c.starting_item}
    kept += [c for c in pool.cards if c.id in wanted and c.id not in ids]
    order = {c.id: i for i, c in enumerate(pool.cards)}
    kept.sort(key=lambda c: order[c.id])
    by_name: dict = {}
    for c in kept:
        by_name.setdefault(c.name, c)
    used = {c.source.rsplit(":", 1)[0] for c in kept}
    paths = [p for shown, p in zip(pool.files, pool.paths, strict=False) if shown in used]
    if pool.paths and len(paths) == len(used):
        digest = files_hash(paths)
    else:  # a merged or overridden pool: no file list to hash, so the choice joins the pool's hash
        digest = core_overrides.data_hash(pool.hash, ",".join(sets))
    files = tuple(f for f in pool.files if f in used)
    return CardPool(tuple(kept), {c.id: c for c in kept}, by_name, files, digest, tuple(paths))


def set_counts(pool: Any, supply: Any = None) -> dict[str, tuple[int, int, int, int]]:
    """Set key → (distinct, physical, distinct encoded, physical encoded). "Encoded" = the engine runs it
    (the supply's compiled cards when one is given, else the card files' ``implemented``)."""
    out: dict[str, list[int]] = {}
    dealt = {c.name for c in supply.characters} if supply is not None else set()
    left = set(supply.left_out) if supply is not None else set()
    for c in pool.cards:
        row = out.setdefault(c.set, [0, 0, 0, 0])
        runs = c.implemented
        if supply is not None:
            runs = c.id in supply.rules and (
                c.deck != "character" or (c.name in dealt and left_out_name(c) not in left)
            )
        row[0] += 1
        row[1] += c.copies
        if runs:
            row[2] += 1
            row[3] += c.copies
    return {k: tuple(out[k]) for k in SETS if k in out}  # type: ignore[misc]


def left_out_name(card: Any) -> str:
    """How a left-out card is named in a run's manifest: its name, with its id when it is not Base V2's
    (names repeat across and within sets: Four Souls+ has three different Pills!)."""
    return card.name if card.set in ("base_v2", "test_only") else f"{card.name} [{card.id}]"


def left_out_reason(why: str) -> str:
    """A left-out card's reason, grouped: one line per kind of reason (a character's own starting item,
    the challenge cards' rules) instead of one per card."""
    if why.startswith("its starting item "):
        return "a character whose starting item is not encoded"
    if why.startswith("challenge card"):
        return "challenge card (the Day of the Doodler's own rules)"
    return why


def coverage_table(pool: Any, supply: Any) -> str:
    """docs/four_souls.md's table of the collection (generated by ``cardlab.examples`` and checked by a
    test, so the counts stay true): per set, cards encoded of cards printed, then the left-out cards by
    reason. "Encoded" is what a 4-player game over that set can deal (``set_counts`` with the supply)."""
    collection_counts = set_counts(pool, supply)
    rows = ["| set | distinct encoded / printed | physical encoded / printed |", "|---|---|---|"]
    tot = [0, 0, 0, 0]
    for key, (d, p, de, pe) in collection_counts.items():
        if key not in PUBLISHED:
            continue
        rows.append(f"| {PUBLISHED[key]} | {de} / {d} | {pe} / {p} |")
        tot = [a + b for a, b in zip(tot, (d, p, de, pe), strict=True)]
    d, p, de, pe = tot
    rows.append(f"| **the whole collection** | **{de} / {d}** | **{pe} / {p}** |")
    reasons: dict[str, int] = {}
    for why in supply.left_out.values():
        k = left_out_reason(why)
        reasons[k] = reasons.get(k, 0) + 1
    rows += ["", f"Left out ({len(supply.left_out)} cards), by reason:", ""]
    rows += ["| reason | cards |", "|---|---|"]
    rows += [f"| {k} | {n} |" for k, n in sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0]))]
    return "\n".join(rows) + "\n"
