"""Per-batch summaries of the card counts and the first-score counts, written by the runner beside each
batch's parts (issue 20 item 4).

Every card figure of a report (coverage, card statistics, their length-matched form, cards by set) is a sum of
counts over games (analysis.card_counts), and so is the first-score table (analysis.shape), so a batch's
counts are a summary that adds up with the others'.
The runner makes them from the batch's tables while it still holds them (:class:`CardSummary`, a
``RunPlan.summarize``) and writes them as ``summaries/part-NNNNNN.parquet``, recorded with size and SHA-256
in the batch's line like a part (simulate.core.runformat); a report then reads these small files instead of
scanning every event (254 million at 10^6 Gosu X games). Runs without them (older runs, runs whose
declaration changed) are still counted by the scan.

A summary holds one row per row of each counting query's result, its columns named ``<frame>.<column>``
(``firsts.turn``) so frames of different shapes share one file, and a ``frame`` column saying which; rows
are sorted, and DuckDB runs on one thread here, so the file depends only on the batch's games.
"""

from __future__ import annotations

import hashlib
import json
import threading
from typing import Any

import duckdb
import polars as pl
import pyarrow as pa

from cardlab.simulate.core.analysis_spec import AnalysisSpec
from cardlab.simulate.core.runformat import SUMMARIES, part_path

from .counting_queries import FIRST_SCORE, Queries, count_chunk, count_queries, first_score_query
from .runs import WIN_SHARE_SQL, Run, _connect, parquet_sql, within_memory

KIND = "card_counts"
# raise when a counting query or the file's layout changes: older summaries are then not read.
# 1: the card counts; 2: and the first-score counts; 3: and the turns a card was held
VERSION = 3


def declaration_hash(coverage: Any, data: AnalysisSpec | None) -> str:
    """What the counts depend on besides the games: the coverage and analysis declarations, hashed as
    written to the manifest (a summary made for other declarations is never read)."""
    text = json.dumps(
        {"coverage": coverage, "analysis": data.to_dict() if data is not None else None},
        sort_keys=True,
        default=list,
    )
    return hashlib.sha256(text.encode()).hexdigest()


def describe(coverage: Any, data: AnalysisSpec | None) -> dict[str, Any]:
    """The manifest's ``summaries`` entry for summaries made under these declarations."""
    return {"kind": KIND, "version": VERSION, "declaration": declaration_hash(coverage, data)}


def usable(run: Run, data: AnalysisSpec | None) -> bool:
    """Whether ``run`` has summaries of this kind and version, made for its manifest's coverage declaration
    and the analysis declaration ``data`` (every batch's summary is checked when the run is opened)."""
    return run.manifest.summaries == describe(run.manifest.coverage, data)


_LOCAL = threading.local()  # a DuckDB per thread: the threading backend plays batches side by side


def _connection() -> duckdb.DuckDBPyConnection:
    """One DuckDB per worker (process or thread) for the batches it plays, on one thread: the worker is
    already one of the run's, and one thread keeps a float sum's order, hence the file, the same in every
    run."""
    con = getattr(_LOCAL, "con", None)
    if con is None:
        con = _LOCAL.con = duckdb.connect(config={"threads": 1})
        con.execute("SET enable_progress_bar = false")
    return con


def summarizer(coverage: Any, data: AnalysisSpec | None) -> CardSummary | None:
    """The runner's summarizer for a game declaring ``coverage`` and ``data``; None when the game declares
    no card figure (nothing to count, so no summaries are written)."""
    held, _ = count_queries(coverage, data)
    scores = data is not None and data.first_score is not None
    return None if held is None and not scores else CardSummary(coverage, data)


class CardSummary:
    """The runner's summary of a batch (``RunPlan.summarize``): its card counts as one Arrow table."""

    def __init__(self, coverage: Any, data: AnalysisSpec | None) -> None:
        self.coverage = coverage
        self.data = data

    def describe(self) -> dict[str, Any]:
        return describe(self.coverage, self.data)

    def __call__(self, tables: dict[str, pa.Table]) -> pa.Table:
        held, found = count_queries(self.coverage, self.data)
        first = first_score_query(self.data, tables["games"].column_names)
        frames: dict[str, pl.DataFrame] = {}
        if held is None and first is None:
            return _to_table(frames)
        con = _connection()
        for table in ("events", "players", "games"):
            con.register(f"batch_{table}", tables[table])
        extra = {"players": f", {WIN_SHARE_SQL} AS win_share"}
        for table in ("events", "players", "games"):
            con.execute(
                f"CREATE OR REPLACE TEMP VIEW {table} AS SELECT *{extra.get(table, '')} FROM batch_{table}"
            )
        try:
            if held is not None:
                frames = count_chunk(con, held, found)
            if first is not None:
                frames[FIRST_SCORE] = con.sql(first).pl()
        finally:
            for table in ("events", "players", "games"):
                con.unregister(f"batch_{table}")
        return _to_table(frames)


def _to_table(frames: dict[str, pl.DataFrame]) -> pa.Table:
    parts = [pl.DataFrame({"frame": pl.Series([], dtype=pl.String)})]
    for name in sorted(frames):
        frame = frames[name]
        frame = frame.sort(frame.columns)
        parts.append(
            frame.select(
                pl.lit(name).alias("frame"), *[pl.col(c).alias(f"{name}.{c}") for c in frame.columns]
            )
        )
    return pl.concat(parts, how="diagonal").to_arrow()


def read(run: Run, found: Queries) -> dict[str, pl.DataFrame]:
    """The run's counts, by frame, added up from its batches' summaries: DuckDB streams the files and keeps
    one row per key, so memory is that of the distinct keys, not of the batches."""
    files = [str(part_path(run.path, SUMMARIES, b)) for b in sorted(run.state.batches)]
    source = parquet_sql(files)
    con, _ = _connect()
    try:
        columns = {
            name: kind for name, kind, *_ in con.execute(f"DESCRIBE SELECT * FROM {source}").fetchall()
        }
        totals = {}
        for name, (_, keys) in found.items():
            mine = [c for c in columns if c.startswith(f"{name}.")]
            if not mine:  # not in the summaries (a first score whose threshold column the games lack)
                continue
            plain = [c[len(name) + 1 :] for c in mine]
            picked = [
                f'"{c}" AS "{p}"' if p in keys else f'CAST(sum("{c}") AS {columns[c]}) AS "{p}"'
                for c, p in zip(mine, plain, strict=True)
            ]
            group = ", ".join(f'"{name}.{k}"' for k in keys)
            query = f"SELECT {', '.join(picked)} FROM {source} WHERE frame = '{name}' GROUP BY {group}"
            with within_memory():
                totals[name] = con.sql(query).pl()
        return totals
    finally:
        con.close()
