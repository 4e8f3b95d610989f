"""DuckDB reads a folder named KEY=VALUE on a Parquet part's path as a hive partition, a column KEY of
VALUE in every row: a run named `seat=3` would read every seat as 3 (its report a Polars traceback), one
named `strategy=x` every strategy as 'x' (the report leaving out its strategy table, silently), and every
sweep point (`p000-combat-values=2,3,5`) gain a column `p000-combat-values`. Parts are read as stored."""

from __future__ import annotations

from click.testing import CliRunner

import cardlab.api as cl
from cardlab.cli import cli

RUN = ["simulate", "gosu-x", "-n", "4", "-j", "1", "-q", "--seed", "3", "-s", "sensible,random"]


def test_a_run_named_like_a_column_reads_its_own_columns(tmp_path):
    for name in ("strategy=x", "seat=3"):
        assert CliRunner().invoke(cli, [*RUN, "--out", str(tmp_path), "--name", name]).exit_code == 0
    run = cl.open_run(tmp_path / "strategy=x")
    assert sorted(run.sql("SELECT DISTINCT strategy FROM players")["strategy"]) == ["random", "sensible"]
    assert "Win rate by strategy" in str(cl.report(run, write=False))
    seats = cl.open_run(tmp_path / "seat=3").sql("SELECT DISTINCT seat FROM players ORDER BY seat")
    assert seats["seat"].to_list() == [0, 1]
    report = CliRunner().invoke(cli, ["report", str(tmp_path / "seat=3"), "-q"])
    assert report.exit_code == 0, report.output


def test_a_sweep_point_has_no_column_of_its_name(tmp_path):
    args = ["sweep", "gosu-x", "-n", "2", "-j", "1", "-q", "--out", str(tmp_path), "--name", "sw"]
    assert CliRunner().invoke(cli, [*args, "--vary", "combat-values=2,3,5/1,3,5"]).exit_code == 0
    path = tmp_path / "sw" / "p000-combat-values=2,3,5"
    point = cl.open_run(path)
    for table in ("games", "players", "events", "errors"):
        assert not any(c.startswith("p000") for c in point.sql(f"SELECT * FROM {table} LIMIT 0").columns)
    refused = CliRunner().invoke(cli, ["report", str(path), "--by", "nope"]).output  # it lists the columns
    assert "(columns: seat," in refused and "p000" not in refused.split("(columns:")[1]
