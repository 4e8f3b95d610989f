"""Derived data files: what `cardlab derive` measures for the policies to read (Four Souls' draft table and
horizon evaluation, Gosu X's clan values). Each is a JSON object with a ``kind`` and a ``provenance`` (where
its numbers came from), written atomically and read through one checked loader whose cache is keyed by the
file's stamp, so no value read from a file outlives the file (DESIGN: purity)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from .cardfiles import files_stamp
from .errors import UserError
from .runformat import check_not_run_record, write_atomic

T = TypeVar("T")

_read: dict[tuple, Any] = {}  # (kind, file stamp) → the parsed value


def write_json(table: dict[str, Any], out: str | Path) -> Path:
    """Write atomically: a half-written data file is never left behind (nor one over a run's records)."""
    out = Path(out)
    check_not_run_record(out)
    write_atomic(out, (json.dumps(table, indent=1, ensure_ascii=False) + "\n").encode("utf-8"))
    return out


def load_json(path: str | Path, kind: str, what: str, parse: Callable[[Path, dict], T]) -> T:
    """``parse(path, data)`` of the file's JSON object once its ``kind`` and ``provenance`` are checked; a
    bad file is one line naming the file and the field (UserError: exit 2). Read again whenever the file
    changes; the value of the file as it was before is dropped then."""
    p = Path(path)
    try:
        stamp = files_stamp([p])
    except OSError:
        raise UserError(f"{p}: no such {what} file") from None
    hit = _read.get((kind, stamp))
    if hit is not None:
        return hit
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise UserError(f"{p}: cannot read {what} ({str(exc).splitlines()[0]})") from None
    if not isinstance(data, dict) or data.get("kind") != kind:
        raise UserError(f"{p}: field 'kind' must be '{kind}'")
    if not isinstance(data.get("provenance"), dict):
        raise UserError(f"{p}: field 'provenance' is missing (where the {what} came from)")
    value = parse(p, data)
    for key in [k for k in _read if k[0] == kind and k[1][0][0] == stamp[0][0]]:
        del _read[key]  # the same file as it was before
    _read[(kind, stamp)] = value
    return value
