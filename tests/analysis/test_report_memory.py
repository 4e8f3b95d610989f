"""A run's DuckDB is bounded (issue 20 item 4): reports of any size spill to a temporary folder of their own
instead of growing with the run; the folder goes with the connection; a bad bound is one line."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardlab.analysis import runs
from cardlab.analysis.runs import Run
from cardlab.cli import cli


def _run(tmp_path: Path) -> Run:
    result = CliRunner().invoke(
        cli, ["simulate", "pig", "-n", "20", "--out", str(tmp_path), "--name", "r", "-q"]
    )
    assert result.exit_code == 0, result.output
    return Run.open(tmp_path / "r")


def test_the_run_database_is_bounded_and_spills_to_its_own_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDLAB_DUCKDB_MEMORY", "1GB")
    run = _run(tmp_path)
    ((limit, spill),) = run.db.execute(
        "SELECT current_setting('memory_limit'), current_setting('temp_directory')"
    ).fetchall()
    assert limit.replace(" ", "").upper() in ("1GB", "953.6MIB", "1.0GB", "953MIB", "1000.0MB")
    assert Path(spill).name.startswith("cardlab-duckdb-") and Path(spill).is_dir()
    assert run.sql("SELECT count(*) AS n FROM games")["n"][0] == 20
    del run
    gc.collect()
    assert not Path(spill).exists()


@pytest.mark.parametrize("value", ["lots", "-5GB", "0", "0GB", "abc", "5XB", "5 G B"])
def test_a_bad_bound_is_one_line_before_any_work(tmp_path, value):
    """Every command refuses a bound that is not a size above 0 before it does anything: ``-5GB`` was taken
    as no bound at all, and ``0``, ``abc`` or ``5XB`` failed only once a report (a sweep's, after all its
    games) opened its first run, in DuckDB's words."""
    _run(tmp_path)
    env = {"CARDLAB_DUCKDB_MEMORY": value}
    for args in (["report", str(tmp_path / "r")], ["simulate", "pig", "-n", "4", "--out", str(tmp_path)]):
        result = CliRunner().invoke(cli, [*args, "--name", "s"] if args[0] == "simulate" else args, env=env)
        assert result.exit_code == 2, result.output
        assert (
            result.output
            == f"error: CARDLAB_DUCKDB_MEMORY={value!r}: not a memory size; give a number above 0 "
            "and a unit (KB, MB, GB, TB or KiB, MiB, GiB, TiB), e.g. 4GB, or leave it unset for DuckDB's own "
            "(80 % of the RAM)\n"
        )
    assert not (tmp_path / "s").exists()


def test_the_bound_is_read_from_the_environment_when_a_run_is_opened(monkeypatch):
    monkeypatch.delenv("CARDLAB_DUCKDB_MEMORY", raising=False)
    assert runs.duckdb_memory() is None
    for value, read in (("", None), ("1GB", "1GB"), (" 2 GiB ", "2 GiB"), ("0.5gb", "0.5gb")):
        monkeypatch.setenv("CARDLAB_DUCKDB_MEMORY", value)
        assert runs.duckdb_memory() == read


def test_a_query_added_up_over_chunks_equals_the_whole_run(tmp_path, monkeypatch):
    """What the players used, counted chunk by chunk (bounded memory), is the same table as in one query."""
    from cardlab.analysis import card_stats, coverage, report

    args = [
        "simulate",
        "gosu-x",
        "-n",
        "60",
        "--batch-size",
        "10",
        "--out",
        str(tmp_path),
        "--name",
        "g",
        "-q",
    ]
    assert CliRunner().invoke(cli, args).exit_code == 0
    run = Run.open(tmp_path / "g")
    whole = coverage.coverage(run)
    monkeypatch.setattr(runs, "CHUNK_GAMES", 20)  # three chunks of two batches
    assert len(list(run.chunks())) == 3
    chunked = coverage.coverage(run)
    assert chunked.equals(whole)
    monkeypatch.setattr(runs, "CHUNK_GAMES", 50_000)
    data = report.Context(run, None, 0.95, 30).data
    cards_whole = card_stats.card_stats(run, data)
    monkeypatch.setattr(runs, "CHUNK_GAMES", 20)
    assert card_stats.card_stats(run, data).equals(cards_whole)
    assert whole["held"].sum() > 0


def test_a_report_beyond_the_bound_is_one_line(tmp_path, monkeypatch):
    _run(tmp_path)
    monkeypatch.setenv("CARDLAB_DUCKDB_MEMORY", "1MB")  # far too little for any query
    result = CliRunner().invoke(cli, ["report", str(tmp_path / "r")])
    assert result.exit_code == 2, result.output
    assert result.output.startswith("error: the run's database needs more than its 1MB memory bound")
    assert result.output.count("\n") == 1


def test_seat_adjusted_rates_counted_in_sql_equal_the_per_player_computation(tmp_path):
    """The report's seat-adjusted rates come from a few hundred counted cells (seat_cells.sql), not from
    every player-row held in memory (issue 20); both give the same table, and the imbalance is the largest
    gap between a label's share of a place and everyone's."""
    import polars as pl
    from polars.testing import assert_frame_equal

    from cardlab.analysis import seat_effects, standings
    from cardlab.analysis.seats import seat_adjusted_win_rates

    args = ["simulate", "four-souls", "-p", "3", "-n", "45", "--seed", "4", "--no-events", "-q"]
    assert CliRunner().invoke(cli, [*args, "--out", str(tmp_path), "--name", "f"]).exit_code == 0
    run = Run.open(tmp_path / "f")
    players = standings.labelled_players(run, "character")
    firsts = seat_effects.first_seats(run)
    expected = seat_adjusted_win_rates(players, games=firsts)
    adjusted = seat_effects.adjusted_rates(run, "character")
    assert_frame_equal(adjusted.frame, expected, check_dtypes=False)  # counts typed by DuckDB, not Polars
    placed = players.join(firsts, on="game_id").with_columns(
        ((pl.col("seat").cast(pl.Int64) - pl.col("first_seat").cast(pl.Int64)) % 3).alias("pos")
    )
    everyone = placed.group_by("pos").len().with_columns(w=pl.col("len") / pl.col("len").sum())
    mine = (
        placed.group_by("label", "pos")
        .len()
        .with_columns(s=pl.col("len") / pl.col("len").sum().over("label"))
    )
    grid = placed.select("label").unique().join(everyone.select("pos", "w"), how="cross")
    grid = grid.join(mine.select("label", "pos", "s"), on=["label", "pos"], how="left")
    gap = grid.select((pl.col("s").fill_null(0.0) - pl.col("w")).abs().max()).item()
    assert adjusted.imbalance == pytest.approx(gap) and gap > 0


def test_games_players_and_errors_are_read_once_into_the_connections_folder(tmp_path):
    """The small tables are copied into a DuckDB file in the connection's own folder (issue 20: a query
    over 10^6 games' players no longer reopens every part); what the views show is the Parquet's content
    (players with win_share), and events stay a view over the parts."""
    from polars.testing import assert_frame_equal

    run = _run(tmp_path)
    ((spill,),) = run.db.execute("SELECT current_setting('temp_directory')").fetchall()
    assert (Path(spill) / "tables.duckdb").is_file()
    for table in ("games", "players", "errors"):
        stored = run.scan(table).collect()
        shown = run.sql(f"SELECT * FROM {table} ORDER BY ALL")
        if table == "players":
            assert shown["win_share"].sum() == pytest.approx(20.0)  # one win (or shared draws) a game
            shown = shown.drop("win_share")
        assert_frame_equal(shown, stored.sort(stored.columns), check_dtypes=False)
    kinds = dict(run.db.execute("SELECT table_name, table_type FROM information_schema.tables").fetchall())
    assert kinds["events"] == "VIEW"
