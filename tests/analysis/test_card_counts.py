"""The card figures' counts from one scan of the events per chunk (analysis.card_counts, issue 20) equal the
same counts made independently in Polars from the run's tables, whatever the chunking."""

from __future__ import annotations

import polars as pl
import pytest
from click.testing import CliRunner
from polars.testing import assert_frame_equal

from cardlab.analysis import card_counts, runs
from cardlab.analysis.runs import Run
from cardlab.cli import cli


@pytest.fixture(scope="module")
def gosu_run(tmp_path_factory) -> Run:
    out = tmp_path_factory.mktemp("counts")
    args = ["simulate", "gosu-x", "-n", "60", "--batch-size", "10", "--seed", "3", "-j", "1", "-q"]
    assert CliRunner().invoke(cli, [*args, "--out", str(out), "--name", "g"]).exit_code == 0
    return Run.open(out / "g")


def _reference(run: Run) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Per action and card (games_with, players_with, wins_with) and the first-turn × game-length
    histogram, straight from the events, players and games frames."""
    kinds = pl.DataFrame(
        [(k, a.name) for a in run.analysis.card_actions for k in a.kinds],
        schema=["kind", "action"],
        orient="row",
    )
    seats = run.sql("SELECT game_id, seat, win_share FROM players")
    did = (
        run.events.filter((pl.col("seat") >= 0) & pl.col("card").is_not_null())
        .select("game_id", "seat", pl.col("card").cast(pl.String), pl.col("kind").cast(pl.String), "turn")
        .collect()
        .join(kinds, on="kind")
        .group_by("game_id", "seat", "card", "action")
        .agg(pl.col("turn").min())
        .join(seats.with_columns(pl.col("seat").cast(pl.Int8)), on=["game_id", "seat"], how="left")
    )
    actions = did.group_by("action", "card").agg(
        pl.col("game_id").n_unique().cast(pl.Int64).alias("games_with"),
        pl.len().cast(pl.Int64).alias("players_with"),
        pl.col("win_share").fill_null(0).sum().alias("wins_with"),
    )
    turns = run.games.select("game_id", "turns").collect()
    firsts = (
        did.join(turns, on="game_id", how="left")
        .group_by("action", "card", "turn", "turns")
        .agg(pl.len().cast(pl.Int64).alias("players"), pl.col("win_share").fill_null(0).sum().alias("wins"))
    )
    return actions.sort("action", "card"), firsts.sort("action", "card", "turn", "turns")


@pytest.mark.parametrize("chunk", [50_000, 20])
def test_one_scan_counts_equal_counts_made_from_the_tables(gosu_run, monkeypatch, chunk):
    monkeypatch.setattr(runs, "CHUNK_GAMES", chunk)  # one chunk, or three of two batches
    counts = card_counts.count(gosu_run, gosu_run.analysis)
    actions, firsts = _reference(gosu_run)
    assert actions.height > 50 and counts.coverage is not None and counts.coverage["held"].sum() > 0
    assert_frame_equal(counts.actions, actions, check_dtypes=False)
    got = counts.firsts.select("action", "card", "turn", "turns", "players", "wins")
    assert_frame_equal(got.sort("action", "card", "turn", "turns"), firsts, check_dtypes=False)
    assert counts.firsts["seated"].sum() == counts.firsts["players"].sum()  # every seat has a players row
    lengths = gosu_run.sql(
        "SELECT g.turns, count(*) AS players FROM players p JOIN games g USING (game_id) GROUP BY 1"
    )
    assert_frame_equal(
        counts.lengths.select("turns", "players").sort("turns"), lengths.sort("turns"), check_dtypes=False
    )


def test_the_median_and_matched_counts_follow_from_the_histogram(gosu_run):
    """Each card's matched counts at its median first turn t equal counting the seats directly."""
    from cardlab.analysis.card_stats import median_turns

    counts = card_counts.count(gosu_run, gosu_run.analysis)
    cut = median_turns(card_counts.first_turns(counts))
    matched = card_counts.matched_counts(counts, cut)
    _, firsts = _reference(gosu_run)
    row = matched.row(0, named=True)
    t = cut[(row["action"], row["card"])]
    mine = firsts.filter(
        (pl.col("action") == row["action"])
        & (pl.col("card") == row["card"])
        & (pl.col("turn") <= t)
        & (pl.col("turns") >= t)
    )
    assert (row["players_with"], row["wins_with"]) == (mine["players"].sum(), mine["wins"].sum())
    lasting = gosu_run.sql(
        f"SELECT count(*) AS n FROM players p JOIN games g USING (game_id) WHERE g.turns >= {t}"
    )
    assert row["players_lasting"] == lasting["n"][0] and matched.height == len(cut)
