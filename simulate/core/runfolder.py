"""A run folder on disk: ``manifest.json`` plus Parquet parts, written so that a crash never leaves a
half-written part that looks complete.

Each part is written to a temporary name and renamed into place (atomic on one filesystem). A batch
counts only once the manifest lists it; the manifest itself is replaced atomically after every batch.
Parts that the manifest does not list (a batch interrupted between its renames) are removed on resume.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from .errors import UserError
from .tables import TABLES

MANIFEST = "manifest.json"


def part_name(batch: int) -> str:
    return f"part-{batch:06d}.parquet"


def write_parts(out: Path, batch: int, tables: dict[str, pa.Table]) -> None:
    """Write one batch's four tables atomically (temporary name, then rename)."""
    for name in TABLES:
        folder = out / name
        folder.mkdir(parents=True, exist_ok=True)
        final = folder / part_name(batch)
        tmp = folder / f".{part_name(batch)}.{os.getpid()}.tmp"
        pq.write_table(tables[name], tmp, compression="zstd")
        os.replace(tmp, final)


def write_manifest(out: Path, manifest: dict[str, Any]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    tmp = out / f".{MANIFEST}.{os.getpid()}.tmp"
    tmp.write_text(json.dumps(manifest, indent=2, sort_keys=False) + "\n")
    os.replace(tmp, out / MANIFEST)


def read_manifest(out: Path) -> dict[str, Any]:
    path = Path(out) / MANIFEST
    if not path.is_file():
        raise UserError(f"{out}: not a cardlab run folder (no {MANIFEST})")
    try:
        return json.loads(path.read_text())
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise UserError(f"{path}: unreadable manifest ({exc})") from None


def remove_unlisted_parts(out: Path, listed_batches: set[int]) -> int:
    """Delete parts and temporary files of batches the manifest does not list; returns how many."""
    removed = 0
    keep = {part_name(b) for b in listed_batches}
    for name in TABLES:
        folder = out / name
        if not folder.is_dir():
            continue
        for path in folder.iterdir():
            if path.name not in keep:
                path.unlink()
                removed += 1
    return removed
