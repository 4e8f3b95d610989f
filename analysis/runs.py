"""Opening a run folder for analysis: its manifest and DuckDB views over the parts it lists.

Only parts listed in the manifest are read, so a batch interrupted half-way is never counted
(DESIGN: parts are written atomically per batch; the manifest is the record of what is complete).
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
import weakref
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

import duckdb
import polars as pl

from cardlab.simulate.core.analysis_spec import AnalysisSpec
from cardlab.simulate.core.errors import UserError
from cardlab.simulate.core.runformat import (
    TABLES,
    Manifest,
    RunFormatError,
    RunState,
    damaged_batches,
    open_run,
    part_path,
    read_run,
    status_text,
)
from cardlab.simulate.core.wording import counted

# The one definition of a win rate (docs/statistics.md, "Win rate"): a seat scores 1 for a win, 1/k for a
# draw shared by k seats (½ in a 2-player game), 0 for a loss or a game nobody won (turn cap, timer). Every
# table, plot, comparison and stop rule averages this score; the players view carries it as ``win_share``.
# DuckDB's share of a report's memory (issue 20), when set: past it, aggregations that can spill go to a
# temporary folder instead of memory. The per-game counts (what the players used, card statistics) are added
# up chunk by chunk (Run.chunks) whatever the bound. Measured figures: docs/report.md, "Large runs".
MEMORY_ENV = "CARDLAB_DUCKDB_MEMORY"
_MEMORY = re.compile(r"\s*(\d+(?:\.\d+)?)\s*([KMGT]i?B)\s*", re.IGNORECASE)


def duckdb_memory() -> str | None:
    """The bound set in the environment, read when a run is opened; None (unset or empty): DuckDB's own, 80 %
    of the RAM. Checked here, so every command refuses a bad one in one line before any work: DuckDB took
    ``-5GB`` as no bound at all, and its own words for ``abc`` or ``5XB`` came only once a report began."""
    text = os.environ.get(MEMORY_ENV, "")
    if not text:
        return None
    found = _MEMORY.fullmatch(text)
    if found is None or float(found[1]) <= 0:
        raise UserError(
            f"{MEMORY_ENV}={text!r}: not a memory size; give a number above 0 and a unit (KB, MB, GB, TB "
            "or KiB, MiB, GiB, TiB), e.g. 4GB, or leave it unset for DuckDB's own (80 % of the RAM)"
        )
    return text.strip()


@contextmanager
def within_memory() -> Iterator[None]:
    """A query that needs more than DuckDB's bound ends with one line saying how to raise it."""
    try:
        yield
    except duckdb.OutOfMemoryException:
        memory = duckdb_memory()
        bound = f"its {memory} memory bound" if memory else "the memory DuckDB may take"
        raise RunError(
            f"the run's database needs more than {bound} for this query: set CARDLAB_DUCKDB_MEMORY higher "
            "(e.g. 4GB) and run it again"
        ) from None


CHUNK_GAMES = 50_000  # games per chunk for per-game aggregations (Run.chunks)
_CACHE = "run_tables"  # the attached database holding a connection's games, players and errors


def interrupted_query(exc: BaseException) -> bool:
    """Ctrl-C during a DuckDB query: DuckDB stops the query and raises its own error (a RuntimeError "Query
    interrupted", or InterruptException), not KeyboardInterrupt, which a report stopped mid-query would
    print as a traceback. The command line treats it as Ctrl-C."""
    if isinstance(exc, duckdb.InterruptException):
        return True
    return isinstance(exc, RuntimeError) and str(exc).strip() == "Query interrupted"


def parquet_sql(files: Iterable[str]) -> str:
    """DuckDB's reader of these Parquet parts as stored. Never hive partitions: DuckDB reads a folder
    named KEY=VALUE on the path as a column, so a run named `seat=3` read every seat as 3 (its report a
    traceback) and one named `strategy=x` every strategy as 'x' (no strategy table, silently); a sweep
    point's `p000-combat-values=2,3,5` added a column `p000-combat-values`."""
    listed = ", ".join("'" + str(f).replace("'", "''") + "'" for f in files)
    return f"read_parquet([{listed}], hive_partitioning = false)"


def _connect() -> tuple[duckdb.DuckDBPyConnection, str]:
    """An in-memory DuckDB (bounded to :func:`duckdb_memory` when set) spilling to its own temporary folder,
    removed with the connection; and that folder."""
    memory = duckdb_memory()
    spill = tempfile.mkdtemp(prefix="cardlab-duckdb-")
    config = {"temp_directory": spill} | ({"memory_limit": memory} if memory else {})
    try:
        con = duckdb.connect(config=config)
    except duckdb.Error as exc:  # a size DuckDB cannot take (say, beyond its own range)
        shutil.rmtree(spill, ignore_errors=True)
        raise UserError(f"{MEMORY_ENV}={memory!r}: {str(exc).splitlines()[0]}") from None
    weakref.finalize(con, shutil.rmtree, spill, True)
    return con, spill


WIN_SHARE_SQL = (
    "CASE WHEN result = 'win' THEN 1.0 WHEN result = 'draw' THEN 1.0 / "
    "count(*) FILTER (WHERE result = 'draw') OVER (PARTITION BY game_id) ELSE 0.0 END"
)


class RunError(UserError):
    """A folder that is not a readable run (the CLI turns this into one line and exit code 2)."""


class NoFinishedBatch(RunError):
    """A run started but stopped (or still running) before its first batch was recorded: nothing to read
    yet, which a sweep's report tells apart from damage."""


class RunErrors(RunError):
    """Several runs that cannot be read: a line each, then the count (the CLI prints each after ``error:``)."""

    def __init__(self, problems: Sequence[RunError], runs: int):
        #: what the CLI prints, one ``error:`` line each: every run's problem, then the count
        self.lines = [str(p) for p in problems]
        self.lines.append(f"{len(problems)} of {counted(runs, 'run')} cannot be read (each named above)")
        super().__init__("\n".join(self.lines))


def refuse_unreadable(problems: Sequence[RunError], runs: int) -> None:
    """Raise the runs' problems, if any: one as itself (its line as when that run is given alone), several
    as :class:`RunErrors` — every one named, so fixing the first does not just reveal the next."""
    if len(problems) == 1:
        raise problems[0]
    if problems:
        raise RunErrors(problems, runs)


def open_every(openers: Iterable[Callable[[], Run]]) -> list[Run]:
    """Every run a figure pairs or pools, opened; those that cannot be read are refused together."""
    runs: list[Run] = []
    problems: list[RunError] = []
    for opener in openers:
        try:
            runs.append(opener())
        except RunError as exc:
            problems.append(exc)
    refuse_unreadable(problems, len(runs) + len(problems))
    return runs


def open_in_set(
    folder: Path, name: str, command: str, game: str | None = None, plays: Sequence[str] = ()
) -> Run:
    """A run of a ladder, ensemble or duel folder. One the command was stopped or killed before (no folder
    yet, or no finished batch) is the set's one line, with the command that completes it, rather than a
    line about that run. With ``game`` and ``plays`` (the policies the set's record gives it), a run of
    another game or other policies (copied in from elsewhere: its seats joined the set's figures) is one
    line too."""
    path = Path(folder) / name
    try:
        if not path.exists():
            raise NoFinishedBatch(str(path))
        run = Run.open(path)
    except NoFinishedBatch:
        raise RunError(
            f"{folder}: incomplete, run {name} has no finished batch yet (the {command} was stopped before "
            f"it); `cardlab {command} … --resume` with its options completes it"
        ) from None
    if game is not None and run.manifest.game != game:
        raise RunError(f"{path}: a {run.manifest.game} run in a {game} {command} folder")
    if plays and set(run.manifest.strategies) != set(plays):
        raise RunError(
            f"{path}: its seats play {', '.join(run.manifest.strategies)}, but the {command} folder's record gives it "
            f"{', '.join(dict.fromkeys(plays))}"
        )
    return run


def unfinished_in_set(folder: Path, names: Iterable[str], command: str) -> tuple[str, str] | None:
    """The header line of a ladder, ensemble or duel whose runs are not all complete (stopped mid-run and
    not resumed): its figures cover fewer games than the command asked for, which the report says."""
    short = []
    for name in names:
        state = read_run(Path(folder) / name)
        m = state.manifest
        if m.status != "complete":
            status = status_text(Path(folder) / name, m, reason=False)
            short.append(f"{name} ({status}, {state.totals['games']:,} of {m.n_games:,} games)")
    if not short:
        return None
    return ("incomplete", "; ".join(short) + f" — `cardlab {command} … --resume` completes it")


def _table(table: Any) -> None:
    """One line for a name that is not one of the run's tables."""
    if table not in TABLES:
        raise RunError(f"{table!r}: not a run table (one of {', '.join(TABLES)})")


@dataclass
class Run:
    """A finished (or interrupted) run folder, validated (simulate.core.runformat) when opened: the object
    the Python API hands out (``cardlab.open_run``) and every analysis reads.

    ``games``, ``players``, ``events`` and ``errors`` are Polars LazyFrames over the Parquet parts as stored;
    ``db`` is a DuckDB connection with the same tables as views (its ``players`` view adds ``win_share``,
    the one definition of a win, :data:`WIN_SHARE_SQL`) and ``sql(query)`` runs a query on it.
    """

    path: Path
    state: RunState

    @classmethod
    def open(cls, path: str | Path) -> Run:
        """Open a run for reading: its manifest and batch records valid and every listed part intact
        (size and checksum as recorded), else one line saying what is wrong and how to repair it."""
        path = Path(path)
        try:
            state = open_run(path)
        except RunFormatError as exc:
            raise RunError(str(exc)) from None
        damaged = damaged_batches(state)
        if damaged:
            batch, why = min(damaged.items())
            raise RunError(
                f"{path}: {counted(len(damaged), 'damaged batch', 'damaged batches')}, e.g. batch {batch}: {why}; "
                "repair with `cardlab simulate … --resume` (see `cardlab verify`)"
            )
        if not state.batches:
            raise NoFinishedBatch(f"{path}: the run has no finished batch yet")
        state.path = path.resolve()
        return cls(path.resolve(), state)

    @property
    def manifest(self) -> Manifest:
        """The typed manifest (simulate.core.runformat.Manifest): game, config, inputs, seeds, status."""
        return self.state.manifest

    @property
    def totals(self) -> dict[str, Any]:
        """Games, failed, turn caps, events, decisions and seconds over the finished batches."""
        return self.state.totals

    @property
    def game(self) -> str:
        return self.manifest.game

    @property
    def analysis(self) -> AnalysisSpec | None:
        """What the game's events and columns mean (its declaration, as the runner wrote it into the
        manifest); None for a game that declares nothing."""
        return self.manifest.analysis

    def parts(self, table: str, batches: list[int] | None = None) -> list[str]:
        chosen = sorted(self.state.batches) if batches is None else batches
        return [str(part_path(self.path, table, b)) for b in chosen]

    @cached_property
    def db(self) -> duckdb.DuckDBPyConnection:
        """A DuckDB with one view per table: events streamed from the Parquet (never loaded whole), games,
        players and errors read once (:meth:`_views`); the players view adds ``win_share``
        (:data:`WIN_SHARE_SQL`); its memory is bounded (:func:`_connect`)."""
        return self._views(sorted(self.state.batches))

    def chunks(self, games: int | None = None) -> Iterator[duckdb.DuckDBPyConnection]:
        """The same views over about ``games`` games at a time (whole batches; a game never spans two), for
        queries whose per-game intermediate grows with the run: their results, added up, are the run's,
        with memory bounded by the chunk (issue 20)."""
        batches = sorted(self.state.batches)
        per = max(1, (games or CHUNK_GAMES) // max(1, self.manifest.batch_size))
        for start in range(0, len(batches), per):
            con = self._views(batches[start : start + per])
            try:
                yield con
            finally:
                con.close()

    def _views(self, batches: list[int]) -> duckdb.DuckDBPyConnection:
        """The tables over ``batches``: events a view streamed from its Parquet parts; games, players and
        errors (one or a few rows per game, read by most of a report's queries) read once into a compressed
        DuckDB file in the connection's temporary folder, so a query does not open every part again nor
        recompute ``win_share`` (issue 20: 2 s of CPU a query over 10^6 games' players), with memory
        bounded by DuckDB's buffer like the rest."""
        con, spill = _connect()
        file = str(Path(spill) / "tables.duckdb").replace("'", "''")
        con.execute(f"ATTACH '{file}' AS {_CACHE}")
        for table in TABLES:
            extra = f", {WIN_SHARE_SQL} AS win_share" if table == "players" else ""
            source = f"SELECT *{extra} FROM {parquet_sql(self.parts(table, batches))}"
            if table != "events":
                con.execute(f"CREATE TABLE {_CACHE}.{table} AS {source}")
                source = f"SELECT * FROM {_CACHE}.{table}"
            con.execute(f"CREATE VIEW {table} AS {source}")
        return con

    def sql(self, query: str, params: list[Any] | None = None) -> pl.DataFrame:
        """A query over the run's views (games, players, events, errors) as a Polars frame."""
        try:
            return self.db.sql(query, params=params).pl()
        except duckdb.Error as exc:
            raise RunError(f"sql: {str(exc).splitlines()[0]}") from None

    def scan(self, table: str) -> pl.LazyFrame:
        """One table's Parquet parts as a Polars LazyFrame (nothing is read until it is collected)."""
        _table(table)
        return pl.scan_parquet(self.parts(table), hive_partitioning=False)  # as parquet_sql

    games = property(lambda self: self.scan("games"), doc="The games table (one row per game).")
    players = property(lambda self: self.scan("players"), doc="The players table (one row per seat).")
    events = property(lambda self: self.scan("events"), doc="The event log (one row per event).")
    errors = property(lambda self: self.scan("errors"), doc="Failed games with their tracebacks.")

    def columns(self, table: str) -> dict[str, str]:
        """Column → DuckDB type of one table (its view: players with win_share)."""
        _table(table)  # a name of no table was DuckDB's catalog error, and went into the statement as typed
        rows = self.db.execute(f"DESCRIBE {table}").fetchall()
        return {name: kind for name, kind, *_ in rows}

    def __repr__(self) -> str:
        m = self.manifest
        return (
            f"<Run {self.path.name}: {m.game}, {self.totals['games']:,} of {m.n_games:,} games, "
            f"{m.n_players} players, {status_text(self.path, m, reason=False)}>"
        )
