"""The run format: one typed, versioned description of a run folder that the runner writes and analysis,
the CLI and sweeps read (DESIGN: Event log and results).

A run folder holds

- ``manifest.json`` — the :class:`Manifest` (what was run, with which inputs, and its status), replaced
  atomically when the run starts and when its status changes;
- ``batches.jsonl`` — one :class:`BatchRecord` per finished batch, appended as each batch finishes (O(1) per
  batch: the manifest is never rewritten per batch). A batch counts only once its line is complete, so a
  crash mid-append leaves a torn last line that readers ignore and ``--resume`` cuts off;
- ``games/ players/ events/ errors/`` — one Parquet part per batch and table (:func:`part_name`), each
  recorded in its batch's line with its size and SHA-256, so damage is detected and repaired;
- ``summaries/`` — when the manifest has a ``summaries`` entry (what they summarize, its version): one small
  Parquet file per batch made from the batch's tables when it was played (e.g. analysis.card_summaries),
  recorded and checked like a part; its metadata names the checksums of the parts it was made from;
- ``.lock`` — held (``flock``) by the one process writing the run; the kernel drops it when that process
  dies, so a run killed with SIGKILL is never locked for ever.

Everything read is validated: a file of the wrong shape, an unknown ``format_version`` or a record that
contradicts the manifest ends with one line (:class:`RunFormatError`), never a traceback or a wrong count.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from .analysis_spec import AnalysisSpec, AnalysisSpecError
from .errors import UserError
from .wording import counted

# 1: batches inside manifest.json, rewritten after every batch, no part checksums; 2: no ``analysis`` in the
# manifest, events without ``target_seat`` and ``value`` (a seat target was text, "p0"/"seat0")
FORMAT_VERSION = 3
TABLES = ("games", "players", "events", "errors")
SUMMARIES = "summaries"  # per-batch summaries a report reads instead of scanning (manifest "summaries")
MANIFEST = "manifest.json"
BATCHES = "batches.jsonl"
LOCK = ".lock"
SWEEP = "sweep.json"
STATUSES = ("running", "incomplete", "complete")
TOTALS = ("games", "failed", "turn_caps", "events", "decisions", "seconds")
MAX_MANIFEST_BYTES = 16 * 2**20  # a manifest is a few KB; anything this big is not one
MAX_BATCH_LINE_BYTES = 64 * 2**10
# a run of an older format: neither resumed nor replaced in place ("a run already exists there"), so "run it
# again" alone sent the person between the two refusals
_AGAIN = "run it again under another --name (or remove this folder first)"


class RunFormatError(UserError):
    """A run folder whose files are missing, damaged, of the wrong shape or of another format version."""


def part_name(batch: int) -> str:
    return f"part-{batch:06d}.parquet"


def part_path(run: Path, table: str, batch: int) -> Path:
    return Path(run) / table / part_name(batch)


# ---- typed records ----------------------------------------------------------------------------------


def _is(value: Any, kind: Any) -> bool:
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    return isinstance(value, kind)


def _check(where: str, data: Any, spec: Mapping[str, Any], optional: Iterable[str] = ()) -> None:
    """``data`` is a JSON object holding each key of ``spec`` with a value of its type (None allowed for
    ``optional`` keys); one line naming the file and the key otherwise."""
    if not isinstance(data, dict):
        raise RunFormatError(f"{where}: expected a JSON object, got {type(data).__name__}")
    optional = set(optional)
    for key, kind in spec.items():
        if key not in data:
            if key in optional:
                continue
            raise RunFormatError(f"{where}: missing '{key}'")
        value = data[key]
        if value is None and key in optional:
            continue
        if not _is(value, kind):
            raise RunFormatError(
                f"{where}: '{key}' has the wrong type ({type(value).__name__}: {value!r:.60})"
            )


@dataclass(frozen=True, slots=True)
class PartRecord:
    size: int
    sha256: str

    @classmethod
    def of_bytes(cls, data: bytes) -> PartRecord:
        return cls(len(data), hashlib.sha256(data).hexdigest())


@dataclass(slots=True)
class BatchRecord:
    """One finished batch: its games, its counts and the size and checksum of each of its parts."""

    batch: int
    first: int
    games: int
    failed: int = 0
    turn_caps: int = 0
    events: int = 0
    decisions: int = 0
    seconds: float = 0.0
    parts: dict[str, PartRecord] = field(default_factory=dict)

    def to_json(self) -> str:
        data = asdict(self)
        data["seconds"] = round(self.seconds, 3)
        data["parts"] = {t: [p.size, p.sha256] for t, p in self.parts.items()}
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def from_dict(cls, where: str, data: Any) -> BatchRecord:
        spec = {f.name: f.type for f in fields(cls)}
        types = {k: {"int": int, "float": float}.get(v, dict) for k, v in spec.items()}
        _check(where, data, types)
        values = {k: data[k] for k in types}
        for key in ("batch", "first", "games", "failed", "turn_caps", "events", "decisions"):
            if values[key] < 0:
                raise RunFormatError(f"{where}: '{key}' is negative ({values[key]})")
        parts = {}
        for table in (*TABLES, SUMMARIES):
            part = data["parts"].get(table)
            if table == SUMMARIES and part is None:
                continue  # a run without summaries (the manifest says whether it must have them)
            ok = isinstance(part, list) and len(part) == 2 and _is(part[0], int) and part[0] >= 0
            if not ok or not isinstance(part[1], str) or len(part[1]) != 64:
                raise RunFormatError(f"{where}: part '{table}' is not recorded as [size, sha256]")
            parts[table] = PartRecord(part[0], part[1])
        values["parts"] = parts
        values["seconds"] = float(values["seconds"])
        return cls(**values)


# key → JSON type; the order is the order written
_MANIFEST_FIELDS: dict[str, Any] = {
    "format_version": int,
    "cardlab_version": str,
    "game": str,
    "title": str,
    "status": str,
    "stop_reason": str,
    "n_games": int,
    "run_seed": int,
    "batch_size": int,
    "strategies": list,
    "dimensions": list,
    "n_players": int,
    "log_events": bool,
    "options": dict,
    "config": dict,
    "config_hash": str,
    "card_data_hash": str,
    "left_out_cards": dict,
    "coverage": dict,
    "analysis": dict,
    "versions": dict,
    "created": str,
    "finished": str,
    "backend": str,
    "stop_rule": dict,
    "mirror": bool,
    "summaries": dict,
}
_OPTIONAL = (
    "stop_reason",
    "dimensions",
    "finished",
    "backend",
    "stop_rule",
    "coverage",
    "analysis",
    "mirror",
    "summaries",
)


@dataclass(slots=True)
class Manifest:
    """What a run is: the game, its config and inputs (with the card data's hash), seeds and status."""

    cardlab_version: str
    game: str
    title: str
    n_games: int
    run_seed: int
    batch_size: int
    strategies: list[str]
    n_players: int
    log_events: bool
    options: dict[str, Any]
    config: dict[str, Any]
    config_hash: str
    card_data_hash: str
    left_out_cards: dict[str, Any]
    versions: dict[str, str]
    created: str
    status: str = "running"
    stop_reason: str | None = None
    dimensions: list[str] | None = None
    finished: str | None = None
    backend: str | None = None
    stop_rule: dict[str, Any] | None = None
    coverage: dict[str, Any] | None = None  # the game's declaration for "what the players used" (issue 13)
    analysis: AnalysisSpec | None = None  # what the game's events and columns mean to a report
    mirror: bool = False  # --mirror: games come in groups of n_players sharing one deal (runner.RunPlan)
    summaries: dict[str, Any] | None = None  # what summaries/ holds ({kind, version, …}); None: no summaries
    format_version: int = FORMAT_VERSION

    @property
    def n_batches(self) -> int:
        return -(-self.n_games // self.batch_size)

    @property
    def part_tables(self) -> tuple[str, ...]:
        """The folders holding one file per batch: the tables, and the summaries when the run has them."""
        return (*TABLES, SUMMARIES) if self.summaries is not None else TABLES

    def expected_games(self, batch: int) -> tuple[int, int]:
        """(first game index, number of games) of batch ``batch``."""
        first = batch * self.batch_size
        return first, min(self.batch_size, self.n_games - first)

    def to_dict(self) -> dict[str, Any]:
        data = {key: getattr(self, key) for key in _MANIFEST_FIELDS}
        data["analysis"] = self.analysis.to_dict() if self.analysis is not None else None
        return data

    @classmethod
    def from_dict(cls, where: str, data: Any) -> Manifest:
        if isinstance(data, dict) and "format_version" not in data and "batches" in data:
            raise RunFormatError(
                f"{where}: run format version 1 (written by an older cardlab); this cardlab reads version "
                f"{FORMAT_VERSION}: {_AGAIN}"
            )
        version = data.get("format_version") if isinstance(data, dict) else None
        if _is(version, int) and version != FORMAT_VERSION:
            who, todo = ("an older", _AGAIN) if version < FORMAT_VERSION else ("a newer", "update cardlab")
            raise RunFormatError(
                f"{where}: run format version {version} (written by {who} cardlab); this cardlab reads version "
                f"{FORMAT_VERSION}: {todo}"
            )
        _check(where, data, _MANIFEST_FIELDS, _OPTIONAL)
        values = {key: data.get(key) for key in _MANIFEST_FIELDS}
        if values["analysis"] is not None:
            try:
                values["analysis"] = AnalysisSpec.from_dict(values["analysis"])
            except AnalysisSpecError as exc:
                raise RunFormatError(f"{where}: analysis: {exc}") from None
        values["mirror"] = bool(values["mirror"])  # absent in runs made before --mirror: False
        manifest = cls(**values)
        if manifest.status not in STATUSES:
            raise RunFormatError(
                f"{where}: 'status' is {manifest.status!r}, not one of {', '.join(STATUSES)}"
            )
        if manifest.n_games < 1 or manifest.batch_size < 1 or manifest.n_players < 1 or manifest.run_seed < 0:
            raise RunFormatError(f"{where}: n_games, batch_size, n_players or run_seed out of range")
        if not manifest.strategies or not all(isinstance(s, str) for s in manifest.strategies):
            raise RunFormatError(f"{where}: 'strategies' must be a non-empty list of names")
        if not _is(manifest.left_out_cards.get("count"), int):
            raise RunFormatError(f"{where}: 'left_out_cards' has no count")
        return manifest


@dataclass(slots=True)
class RunState:
    """A run folder as read: its manifest, its finished batches (each once, by batch index) and what
    the reader had to set aside (a torn last line, a batch recorded twice with different contents)."""

    path: Path
    manifest: Manifest
    batches: dict[int, BatchRecord]
    torn_tail: int = 0  # bytes of an incomplete last line of batches.jsonl (a crash mid-append)
    conflicts: set[int] = field(default_factory=set)  # batches recorded twice, differently

    @property
    def totals(self) -> dict[str, Any]:
        totals: dict[str, Any] = {name: 0 for name in TOTALS}
        for entry in self.batches.values():
            for name in TOTALS:
                totals[name] += getattr(entry, name)
        totals["seconds"] = round(totals["seconds"], 3)
        return totals

    def as_dict(self) -> dict[str, Any]:
        """The manifest with its ``batches`` (in order) and ``totals``, as a plain dict for reports."""
        data = self.manifest.to_dict()
        data["batches"] = [
            {k: v for k, v in asdict(self.batches[b]).items() if k != "parts"} for b in sorted(self.batches)
        ]
        data["totals"] = self.totals
        return data


def _read_bounded(path: Path, limit: int) -> bytes:
    if not path.is_file():
        raise RunFormatError(f"{path}: not a regular file")
    with path.open("rb") as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise RunFormatError(f"{path}: larger than {limit:,} bytes, not a cardlab run file")
    return data


SET_RECORDS = ("sweep.json", "ladder.json", "ensemble.json", "duel.json")  # one command's folder of runs


RESUMED_BY = {"sweep.json": "sweep", "ladder.json": "ladder", "ensemble.json": "robust", "duel.json": "duel"}


def held_there(folder: str | Path) -> str:
    """What a folder given to another command's ``--resume`` holds, for its one line: "nothing to resume
    (no ensemble of that name)" of a ladder's folder did not say the name was taken, nor by what."""
    folder = Path(folder)
    if (folder / MANIFEST).is_file():
        return "; the folder holds a run (resume it with `cardlab simulate`)"
    record = next((name for name in SET_RECORDS if (folder / name).is_file()), None)
    if record is None:
        return ""
    kind = record.removesuffix(".json")
    return f"; the folder holds {'an' if kind[0] in 'aeiou' else 'a'} {kind} (resume it with `cardlab {RESUMED_BY[record]}`)"


def _runs_inside(folder: Path) -> str:
    """What a folder of runs is, for the one line of a command that reads one run (`compare`, `replay`,
    `meta`, `derive`): given a sweep's folder they said only "no manifest.json"."""
    record = next((name for name in SET_RECORDS if (folder / name).is_file()), None)
    runs = sorted(p for p in folder.iterdir() if (p / MANIFEST).is_file() and not p.is_symlink())
    if not runs:
        return ""
    kind = record.removesuffix(".json") if record else ""
    what = f"the folder of {'an' if kind[:1] in 'aeiou' else 'a'} {kind}" if record else "a folder of runs"
    return f"; it is {what}: give one of its {counted(len(runs), 'run')}, e.g. {runs[0]}"


def _inside_run(path: Path) -> str:
    """The run a path inside it belongs to, for the one line of a command given a run's table folder or a
    file of it (``results/gx/games``, ``…/manifest.json``), which is no run itself."""
    run = next((p for p in Path(path).parents[:2] if (p / MANIFEST).is_file()), None)
    return f"; it is inside the run {run}: give that folder" if run is not None else ""


def check_not_run_record(path: str | Path) -> None:
    """A file a person names for output (``replay --html``, ``derive --out``) must not be one a run or a
    folder of runs keeps its record in: ``replay RUN --game 0 --html RUN/manifest.json`` put the page in
    place of the manifest, and the run could no longer be read. Any other file in a run folder (a page
    beside its report) is the person's to write."""
    target = Path(path)
    folder = target.parent
    owner = None
    if target.name in (MANIFEST, BATCHES, LOCK) and (folder / MANIFEST).is_file():
        owner = folder
    elif folder.name in (*TABLES, SUMMARIES) and (folder.parent / MANIFEST).is_file():
        owner = folder.parent
    elif target.name in SET_RECORDS and target.is_file():
        owner = folder
    if owner is not None:
        raise UserError(
            f"{path}: a record of the run folder {owner}; writing there would damage it: name another file"
        )


def read_manifest(run: Path) -> Manifest:
    path = Path(run) / MANIFEST
    if Path(run).exists() and not Path(run).is_dir():
        raise RunFormatError(
            f"{run}: not a folder (a run is the folder that holds {MANIFEST}){_inside_run(run)}"
        )
    if not Path(run).is_dir():
        raise RunFormatError(f"{run}: no such run folder{_inside_run(run)}")
    if not path.exists():
        inside = _runs_inside(Path(run)) or _inside_run(run)
        raise RunFormatError(f"{run}: not a cardlab run folder (no {MANIFEST}){inside}")
    try:
        data = json.loads(_read_bounded(path, MAX_MANIFEST_BYTES).decode("utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as exc:
        raise RunFormatError(f"{path}: unreadable manifest ({type(exc).__name__})") from None
    return Manifest.from_dict(str(path), data)


def read_run(run: Path) -> RunState:
    """Read and validate a run folder's manifest and batch records (not the parts: see :func:`verify`)."""
    run = Path(run)
    manifest = read_manifest(run)
    state = RunState(run, manifest, {})
    path = run / BATCHES
    if not path.exists():
        return state
    data = _read_bounded(path, MAX_BATCH_LINE_BYTES * (manifest.n_batches + 16))
    complete_end = data.rfind(b"\n") + 1
    state.torn_tail = len(data) - complete_end
    for number, line in enumerate(data[:complete_end].splitlines(), start=1):
        where = f"{path}:{number}"
        if not line.strip():
            continue
        try:
            entry = BatchRecord.from_dict(where, json.loads(line.decode("utf-8")))
        except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as exc:
            raise RunFormatError(f"{where}: unreadable batch record ({type(exc).__name__})") from None
        first, games = (
            manifest.expected_games(entry.batch) if entry.batch < manifest.n_batches else (None, None)
        )
        if (entry.first, entry.games) != (first, games):
            raise RunFormatError(
                f"{where}: batch {entry.batch} does not fit the run ({manifest.n_games} games in batches of "
                f"{manifest.batch_size})"
            )
        if entry.failed > entry.games or entry.turn_caps > entry.games:
            raise RunFormatError(
                f"{where}: batch {entry.batch} counts more failed or capped games than it has"
            )
        known = state.batches.get(entry.batch)
        if known is None:
            state.batches[entry.batch] = entry
        elif _identity(known) != _identity(entry):
            state.conflicts.add(entry.batch)  # never counted twice; which one is right is unknown
    return state


def _identity(entry: BatchRecord) -> tuple[Any, ...]:
    """What two records of one batch must agree on (timing may differ: a copied line is the same batch)."""
    return (entry.games, entry.failed, entry.turn_caps, entry.events, entry.decisions, entry.parts)


def open_run(run: Path) -> RunState:
    """A run for reading (report, compare, replay): valid, with no batch in doubt."""
    state = read_run(run)
    if state.conflicts:
        listed = ", ".join(map(str, sorted(state.conflicts)))
        raise RunFormatError(
            f"{run}: batch(es) {listed} recorded twice with different contents; `cardlab verify` lists the "
            "damage and `--resume` replays those batches"
        )
    return state


# ---- writing ----------------------------------------------------------------------------------------


def writer_alive(run: Path) -> bool:
    """Whether a process holds the run's ``.lock`` now. The kernel drops the lock when its holder ends in any
    way, so a manifest still saying 'running' with a free lock was left by a killed or crashed process."""
    try:
        fd = os.open(Path(run) / LOCK, os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return False  # no lock file: nothing ever wrote here
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)  # a test only: released at once by the close
    except OSError:
        return True
    finally:
        os.close(fd)
    return False


def status_text(run: Path, manifest: Manifest, reason: bool = True) -> str:
    """The run's status as a person should read it (with the stop reason when ``reason``): a 'running' run
    whose writer is gone is incomplete and says how to finish it (its manifest keeps 'running' until
    `--resume` rewrites it)."""
    if manifest.status == "running" and not writer_alive(run):
        return "incomplete — its process ended mid-run (killed or crashed); `--resume` completes it"
    if manifest.status == "running":
        return "running — being written now" if reason else "running"
    return (
        f"{manifest.status} — {manifest.stop_reason}" if reason and manifest.stop_reason else manifest.status
    )


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to a temporary name beside ``path`` and rename it into place; never leave the
    temporary behind, whatever fails. An error names ``path``, the file the person asked for, never the
    temporary. A device or pipe asked for (``--html /dev/stdout``) is written into, never replaced: a
    rename onto ``/dev/null`` would put a regular file in its place."""
    path = Path(path)
    if path.exists() and not path.is_file() and not path.is_dir():
        try:
            with path.open("wb") as handle:
                handle.write(data)
        except OSError as exc:
            raise type(exc)(exc.errno, exc.strerror, str(path)) from None
        return
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with tmp.open("wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except OSError as exc:
        raise type(exc)(exc.errno, exc.strerror, str(path)) from None
    finally:  # the error to show is the write's, naming the file: removing a temporary that was never made
        # fails too when its folder is a file, or read-only (EROFS, which named the temporary instead)
        with contextlib.suppress(OSError):
            tmp.unlink()


def write_manifest(run: Path, manifest: Manifest) -> None:
    write_atomic(Path(run) / MANIFEST, (json.dumps(manifest.to_dict(), indent=2) + "\n").encode())


def append_batch(run: Path, entry: BatchRecord) -> None:
    """Record one finished batch: one ``write`` of one line in append mode (the batch counts from here)."""
    line = (entry.to_json() + "\n").encode()
    fd = os.open(Path(run) / BATCHES, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        written = os.write(fd, line)
        if written != len(line):
            raise OSError(f"short write to {BATCHES} ({written} of {len(line)} bytes)")
    finally:
        os.close(fd)


def rewrite_batches(run: Path, entries: Iterable[BatchRecord]) -> None:
    """Replace the batch records (resume dropping damaged batches, a stop rule keeping a prefix)."""
    text = "".join(e.to_json() + "\n" for e in sorted(entries, key=lambda e: e.batch))
    write_atomic(Path(run) / BATCHES, text.encode())


# ---- checking parts --------------------------------------------------------------------------------


def file_record(path: Path) -> PartRecord:
    digest = hashlib.sha256()
    size = 0
    with path.open("rb") as handle:
        while chunk := handle.read(1 << 20):
            digest.update(chunk)
            size += len(chunk)
    return PartRecord(size, digest.hexdigest())


def damaged_batches(state: RunState, checksums: bool = True) -> dict[int, str]:
    """Batches whose parts (and summaries) are missing, of another size or (with ``checksums``) another
    content, whose summary was not made from their parts (with ``checksums``), that were recorded twice
    differently, or, in a run complete without a stop rule, not recorded at all (a lost or cut record
    file): batch → why (the first problem found)."""
    damaged = {b: "recorded twice with different contents" for b in state.conflicts}
    for batch, entry in sorted(state.batches.items()):
        if batch in damaged:
            continue
        for table in state.manifest.part_tables:
            path = part_path(state.path, table, batch)
            want = entry.parts.get(table)
            try:
                if want is None:
                    damaged[batch] = f"{table}/{path.name} is not recorded in the batch's line"
                    break
                if not path.is_file():
                    damaged[batch] = f"{table}/{path.name} is missing"
                    break
                size = path.stat().st_size
                if size != want.size:
                    damaged[batch] = f"{table}/{path.name} has {size:,} bytes, recorded {want.size:,}"
                    break
                if checksums and file_record(path) != want:
                    damaged[batch] = f"{table}/{path.name} checksum differs from the recorded one"
                    break
                if checksums and table == SUMMARIES and summary_sources(path) != _sources(entry):
                    damaged[batch] = f"{table}/{path.name} was not made from this batch's parts"
                    break
            except OSError as exc:
                damaged[batch] = f"{table}/{path.name} unreadable ({exc.strerror or exc})"
                break
    if state.manifest.status == "complete" and state.manifest.stop_rule is None:  # every batch was played
        for batch in range(state.manifest.n_batches):
            if batch not in state.batches and batch not in damaged:
                damaged[batch] = f"not recorded in {BATCHES}, though the run is complete"
    return damaged


SOURCES_KEY = b"cardlab.sources"  # a summary's Parquet metadata: the SHA-256 of each part it was made from


def _sources(entry: BatchRecord) -> dict[str, str]:
    return {table: entry.parts[table].sha256 for table in TABLES}


def summary_sources(path: Path) -> dict[str, str] | None:
    """The checksums of the parts a summary file says it was made from (None: unreadable, or none)."""
    import pyarrow.parquet as pq

    try:
        meta = pq.read_schema(path).metadata or {}
        sources = json.loads(meta.get(SOURCES_KEY, b"null"))
    except (OSError, ValueError):
        return None
    return sources if isinstance(sources, dict) else None


# ---- sweeps ------------------------------------------------------------------------------------------


@dataclass(slots=True)
class SweepRecord:
    """``sweep.json``: the grid a sweep folder holds and the inputs every point shares, so re-using the
    name with another grid, game count or seed is refused instead of mixing points."""

    game: str
    axes: list[dict[str, Any]]
    points: list[dict[str, Any]]
    n_games: int
    run_seed: int
    common: dict[str, Any] = field(default_factory=dict)  # other options every point shares
    format_version: int = FORMAT_VERSION

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, where: str, data: Any) -> SweepRecord:
        if isinstance(data, dict) and data.get("format_version", 1) != FORMAT_VERSION:
            raise RunFormatError(
                f"{where}: sweep format version {data.get('format_version', 1)}; this cardlab reads version "
                f"{FORMAT_VERSION}"
            )
        spec = {"game": str, "axes": list, "points": list, "n_games": int, "run_seed": int, "common": dict}
        _check(where, data, spec)
        for point in data["points"]:
            _check(where + " point", point, {"run": str, "values": dict})
        for axis in data["axes"]:
            _check(where + " axis", axis, {"name": str, "values": list})
        return cls(**{k: data[k] for k in spec})

    def differences(self, other: SweepRecord) -> list[str]:
        """The fields in which ``other`` (the new command) differs from this record, compared as they are
        written (a tuple and the list it becomes in JSON are the same value)."""

        def written(value: Any) -> Any:
            return json.loads(json.dumps(value, default=list))

        return [
            name
            for name in ("game", "axes", "points", "n_games", "run_seed", "common")
            if written(getattr(self, name)) != written(getattr(other, name))
        ]


def read_sweep(folder: Path) -> SweepRecord | None:
    path = Path(folder) / SWEEP
    if not path.exists():
        return None
    try:
        data = json.loads(_read_bounded(path, MAX_MANIFEST_BYTES).decode("utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as exc:
        raise RunFormatError(f"{path}: unreadable sweep record ({type(exc).__name__})") from None
    return SweepRecord.from_dict(str(path), data)


# ---- the records of a set of runs (ladder.json, ensemble.json, duel.json) -----------------------------


def read_set_record(
    path: Path, what: str, spec: Mapping[str, Any], optional: Iterable[str] = (), empty: Iterable[str] = ()
) -> dict[str, Any]:
    """A set's record, checked against ``spec`` (key → type, ``[type]`` or ``[{key: type}]`` for a non-empty
    list of those, unless the key is in ``empty``; ``optional`` keys may be absent or null): a record cut
    mid-write, of the wrong shape or from another program is one line naming the file and the field, never
    a traceback or a report of something else."""
    try:
        data = json.loads(_read_bounded(path, MAX_MANIFEST_BYTES).decode("utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as exc:
        raise RunFormatError(f"{path}: unreadable {what} record ({type(exc).__name__})") from None
    _check_shape(str(path), data, spec, optional, empty)
    return data


def _check_shape(
    where: str, data: Any, spec: Mapping[str, Any], optional: Iterable[str] = (), empty: Iterable[str] = ()
) -> None:
    optional, empty = set(optional), set(empty)
    _check(
        where, data, {key: list if isinstance(kind, list) else kind for key, kind in spec.items()}, optional
    )
    for key, kind in spec.items():
        if not isinstance(kind, list) or data.get(key) is None:
            continue
        items = data[key]
        if not items and key not in empty:
            raise RunFormatError(f"{where}: '{key}' is empty")
        for index, item in enumerate(items):
            if isinstance(kind[0], dict):
                _check_shape(f"{where} {key}[{index}]", item, kind[0])
            elif not _is(item, kind[0]):
                raise RunFormatError(
                    f"{where}: '{key}[{index}]' has the wrong type ({type(item).__name__}: {item!r:.60})"
                )


def run_in_set(folder: Path, record: str, name: str) -> Path:
    """The run folder a set's record names: a plain folder name inside the set, so a damaged or hand-made
    record cannot make a report read a run from somewhere else."""
    if not name or "/" in name or "\\" in name or name in (".", "..") or not name.isprintable():
        raise RunFormatError(f"{folder / record}: run name {name!r:.60} is not a folder inside {folder}")
    return folder / name


def positive(where: str, key: str, value: int) -> int:
    """A count a record holds (players, games), which must be at least 1."""
    if value < 1:
        raise RunFormatError(f"{where}: '{key}' must be at least 1, got {value}")
    return value


def write_sweep(folder: Path, record: SweepRecord) -> None:
    write_atomic(Path(folder) / SWEEP, (json.dumps(record.to_dict(), indent=2) + "\n").encode())


@dataclass(slots=True)
class Verification:
    """What `cardlab verify` found in a run folder."""

    state: RunState
    damaged: dict[int, str]

    @property
    def ok(self) -> bool:
        return not self.damaged and not self.state.torn_tail

    def lines(self) -> list[str]:
        manifest, state = self.state.manifest, self.state
        intact = len(state.batches) - len(set(self.damaged) & set(state.batches))
        unplayed = manifest.n_batches - len(state.batches) if manifest.status != "complete" else 0
        # a stopped run's batches never played are no damage: "6 of 8 intact" read as 2 damaged
        of = (
            counted(len(state.batches), "finished batch", "finished batches")
            if unplayed > 0
            else counted(manifest.n_batches, "batch", "batches")
        )
        lines = [
            f"{state.path}: {manifest.game}, {status_text(state.path, manifest, reason=False)}, {intact} of "
            f"{of} intact ({intact * len(manifest.part_tables)} parts checked by size and SHA-256)"
            + (
                f"; {unplayed} of {manifest.n_batches} not played yet (the command's --resume plays them)"
                if unplayed > 0
                else ""
            )
        ]
        lines += [f"  batch {b}: {why}" for b, why in sorted(self.damaged.items())]
        if state.torn_tail:
            lines.append(
                f"  {BATCHES}: an incomplete last record ({state.torn_tail} bytes; a crash mid-write)"
            )
        if not self.ok:
            lines.append(
                "  `cardlab simulate … --resume` with the run's options replays exactly these batches"
            )
        return lines


@dataclass(slots=True)
class FolderVerification:
    """What `cardlab verify` found in a folder of runs (a sweep, ensemble, ladder or duel): each run's."""

    path: Path
    runs: list[Verification]
    unreadable: list[str] = field(default_factory=list)  # one line per run that could not be read at all
    # the runs the folder's record plans that have no run folder yet (a set stopped before them): not
    # damage, but what a report of the folder refuses, so said here too; and the command that plays them
    unplayed: list[str] = field(default_factory=list)
    command: str = ""

    @property
    def ok(self) -> bool:
        return not self.unreadable and all(run.ok for run in self.runs)

    def lines(self) -> list[str]:
        damaged = sum(not run.ok for run in self.runs) + len(self.unreadable)
        total = len(self.runs) + len(self.unreadable)
        head = f"{self.path}: a folder of {counted(total, 'run')}, {damaged} damaged"
        if self.unplayed:
            head += (
                f"; {len(self.unplayed)} of {total + len(self.unplayed)} planned runs not played yet "
                f"({', '.join(self.unplayed)}): `cardlab {self.command} … --resume` with its options plays them"
            )
        body = [line for run in self.runs for line in run.lines()]
        return [head] + body + [f"{why} (damaged; not checked further)" for why in self.unreadable]


def verify_folder(
    folder: Path, runs: list[Path], planned: Iterable[str] = (), command: str = ""
) -> FolderVerification:
    """Check each run of a folder of runs; a run whose manifest or records cannot be read is listed as
    damaged, so one bad run does not hide the others. ``planned``: the run names the folder's record
    lists (``command`` made it), each without a run folder listed as not played yet."""
    checked: list[Verification] = []
    unreadable: list[str] = []
    for run in runs:
        try:
            checked.append(verify_run(run))
        except UserError as exc:
            unreadable.append(str(exc))
    unplayed = [name for name in planned if not (folder / name / MANIFEST).is_file()]
    return FolderVerification(folder, checked, unreadable, unplayed, command)


def verify_run(run: Path) -> Verification:
    """Check a run folder: its manifest and records valid, every listed part present and unaltered."""
    state = read_run(Path(run))
    return Verification(state, damaged_batches(state))
