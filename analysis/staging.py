"""A report's files appear together or not at all (DESIGN: Command line — nothing half-written).

A report is built into a hidden folder inside the folder it reports on (``.report-<pid>-…``); writing it
moves its files in place: the older report's report.md and report.html go first, then its plots that the
new report does not make, then the new plots and tables, report.html, and report.md last. A report killed
while it was built leaves the older report whole (and its hidden folder, removed by the next report of the
folder); killed while its files move, it leaves no report.md, never new plots beside an older one. A report
built not to be written (``cardlab.api.report(..., write=False)``, inside :func:`unwritten`) is staged in
the system's temporary folder instead, so a read-only run can be reported, and is removed when it is
dropped."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import tempfile
import weakref
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path

PREFIX = ".report-"
FIRST = ("report.md", "report.html")  # removed first, and written last (report.md the very last)
TABLES = ("card_stats.csv", "coverage.csv", "card_sets.csv")  # the report's data files beside its plots


@dataclass(slots=True)
class Staging:
    folder: Path  # where the report goes
    path: Path  # where its files are written until then


_ACTIVE: ContextVar[Staging | None] = ContextVar("report_staging", default=None)
_UNWRITTEN: ContextVar[bool] = ContextVar("report_unwritten", default=False)


@contextlib.contextmanager
def unwritten() -> Iterator[None]:
    """Reports built meanwhile are not to be written: their files are staged outside the folder they
    report on, which is left as it was (it may be read-only)."""
    token = _UNWRITTEN.set(True)
    try:
        yield
    finally:
        _UNWRITTEN.reset(token)


def output(folder: Path, name: str) -> Path:
    """Where the report file ``name`` of ``folder`` is written: in the staging folder while that folder's
    report is being built, else in the folder itself."""
    active = _ACTIVE.get()
    return active.path / name if active is not None and active.folder == folder else folder / name


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process
        return True
    return True


def clear_leftovers(folder: Path) -> None:
    """The staging folders of reports killed part-way (their process is gone)."""
    for path in folder.glob(f"{PREFIX}*"):
        found = re.match(rf"{re.escape(PREFIX)}(\d+)-", path.name)
        if path.is_dir() and not path.is_symlink() and found and not _alive(int(found[1])):
            shutil.rmtree(path, ignore_errors=True)


def start(folder: Path, owner: object) -> Staging:
    """A new staging folder for ``folder``'s report, removed when ``owner`` (the report) is dropped
    unwritten."""
    inside = not _UNWRITTEN.get()
    if inside:
        clear_leftovers(folder)
    try:
        path = Path(tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-", dir=folder if inside else None))
    except OSError as exc:  # a read-only run folder: named, not the hidden folder the report is built in
        where = folder if inside else Path(tempfile.gettempdir())
        hint = "; --no-write prints the report without writing it" if inside else ""
        raise type(exc)(
            exc.errno, f"cannot write the report there ({exc.strerror}){hint}", str(where)
        ) from None
    weakref.finalize(owner, shutil.rmtree, path, True)
    return Staging(folder, path)


@contextlib.contextmanager
def building(folder: Path, owner: object) -> Iterator[Staging]:
    """While ``owner`` (a report of ``folder``) is built, the report files of ``folder`` named through
    :func:`output` go to a new staging folder; a build that fails removes it. A build inside another of the
    same folder (one game's part of a folder of several games' runs) shares the outer one's."""
    active = _ACTIVE.get()
    if active is not None and active.folder == folder:
        yield active
        return
    staging = start(folder, owner)
    token = _ACTIVE.set(staging)
    try:
        yield staging
    except BaseException:
        shutil.rmtree(staging.path, ignore_errors=True)
        raise
    finally:
        _ACTIVE.reset(token)


def _older_plots(folder: Path) -> set[str]:
    """The plots the folder's current report.md shows (its PNG links)."""
    try:
        text = (folder / "report.md").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return set()
    return set(re.findall(r"\]\(([^)/\\]+\.png)\)", text))


def publish(staging: Staging) -> None:
    """Move the staged files in place: the older report out first, the new report.md last."""
    folder, new = staging.folder, {p.name for p in staging.path.iterdir()}
    stale = (_older_plots(folder) | set(TABLES)) - new
    for name in (*FIRST, *sorted(stale)):
        (folder / name).unlink(missing_ok=True)
    last = [name for name in reversed(FIRST) if name in new]
    for name in [*sorted(new - set(FIRST)), *last]:  # a rename, atomic, unless staged elsewhere
        shutil.move(staging.path / name, folder / name)
    shutil.rmtree(staging.path, ignore_errors=True)
