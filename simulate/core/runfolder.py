"""A run folder on disk (its format is :mod:`simulate.core.runformat`): claiming it for one writer, and
writing Parquet parts so that a crash never leaves a half-written part that looks complete.

Each part is written to a temporary name and renamed into place (atomic on one filesystem); its size
and SHA-256 go into the batch's record. A batch counts only once its record is appended. Parts that no
record lists (a batch interrupted between its renames) are removed on resume.
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from .errors import UserError
from .runformat import LOCK, SOURCES_KEY, SUMMARIES, TABLES, PartRecord, part_name, write_atomic


def write_parts(out: Path, batch: int, tables: dict[str, pa.Table]) -> dict[str, PartRecord]:
    """Write one batch's four tables atomically, then its summary when ``tables`` holds one (``summaries``),
    with the parts' checksums in its metadata; return each file's size and checksum."""
    records = {}
    for name in TABLES:
        records[name] = _write(out, name, batch, tables[name])
    if SUMMARIES in tables:
        sources = json.dumps({name: records[name].sha256 for name in TABLES}, sort_keys=True).encode()
        summary = tables[SUMMARIES]
        summary = summary.replace_schema_metadata({**(summary.schema.metadata or {}), SOURCES_KEY: sources})
        records[SUMMARIES] = _write(out, SUMMARIES, batch, summary)
    return records


def _write(out: Path, name: str, batch: int, table: pa.Table) -> PartRecord:
    folder = out / name
    folder.mkdir(parents=True, exist_ok=True)
    sink = pa.BufferOutputStream()
    pq.write_table(table, sink, compression="zstd")
    data = sink.getvalue().to_pybytes()
    write_atomic(folder / part_name(batch), data)
    return PartRecord.of_bytes(data)


def remove_unlisted_parts(out: Path, listed_batches: set[int]) -> int:
    """Delete parts and temporary files of batches no record lists; returns how many."""
    removed = 0
    keep = {part_name(b) for b in listed_batches}
    for name in (*TABLES, SUMMARIES):
        folder = out / name
        if not folder.is_dir():
            continue
        for path in folder.iterdir():
            if path.name not in keep:
                if path.is_dir() and not path.is_symlink():
                    raise UserError(
                        f"{path}: a folder inside a run's {name}/ (remove it; runs hold only parts)"
                    )
                path.unlink()
                removed += 1
    return removed


def remove_temporaries(out: Path) -> None:
    """Temporary files a crashed writer left at the top of the folder (never a run's own files)."""
    for path in out.glob(".*.tmp"):
        path.unlink(missing_ok=True)


class RunLock:
    """The claim on a run folder: an exclusive ``flock`` on ``.lock``, held while the run is written.

    The kernel releases the lock when the holding process ends in any way (SIGKILL included), so there is
    no stale lock to clean up; a second writer — a run of the same name or a ``--resume`` of a live run —
    fails at once with one line naming the holder.
    """

    def __init__(self, out: Path) -> None:
        self.out = Path(out)
        self.fd: int | None = None

    def acquire(self) -> RunLock:
        path = self.out / LOCK
        try:
            self.out.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        except OSError as exc:  # a --resume (the folder is there) cannot write into it: not "create"
            verb = "write into" if self.out.is_dir() else "create"
            raise UserError(f"{self.out}: cannot {verb} the run folder ({exc.strerror or exc})") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            holder = os.pread(fd, 64, 0).decode(errors="replace").strip() or "?"
            os.close(fd)
            if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise UserError(
                    f"{self.out}: another cardlab process (pid {holder}) is writing this run; wait for it "
                    "to finish or stop it"
                ) from None
            raise UserError(f"{self.out}: cannot lock the run folder ({exc.strerror or exc})") from None
        try:
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        except OSError:
            pass  # the pid is only for the message a second writer gets
        self.fd = fd
        return self

    def release(self) -> None:
        if self.fd is not None:
            os.close(self.fd)  # closing drops the flock; the file stays (removing it would race a claimant)
            self.fd = None

    def __enter__(self) -> RunLock:
        return self.acquire()

    def __exit__(self, *exc: object) -> None:
        self.release()
