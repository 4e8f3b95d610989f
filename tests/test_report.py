"""Report figures on a hand-made Parquet fixture equal hand-computed values (issue 2)."""

from __future__ import annotations

import math

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from cardlab.analysis.runs import Run
from cardlab.analysis.seat_effects import seat_table
from cardlab.analysis.stats import wilson
from cardlab.analysis.winrates import winrate_by
from cardlab.cli import cli
from cardlab.simulate.core.runformat import read_manifest, write_manifest
from cardlab.simulate.core.tables import ERRORS_SCHEMA, EVENTS_SCHEMA, schema
from tests.kernel_helpers import record_fixture_run


def test_wilson_known_values():
    lo, hi = wilson(7, 10)
    assert lo == pytest.approx(0.3968, abs=5e-5) and hi == pytest.approx(0.8922, abs=5e-5)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert all(math.isnan(x) for x in wilson(0, 0))
    with pytest.raises(ValueError):
        wilson(11, 10)


@pytest.fixture
def fixture_run(tmp_path):
    """10 two-player games: A beats B in 7, B wins 3; A sits in seat 0 in games 0-4, seat 1 in 5-9."""
    run = tmp_path / "fixture"
    winners_a = [True] * 7 + [False] * 3
    games, players = [], []
    for g, a_wins in enumerate(winners_a):
        a_seat = 0 if g < 5 else 1
        win_seat = a_seat if a_wins else 1 - a_seat
        games.append(
            {
                "game_id": g,
                "seed": g,
                "n_players": 2,
                "first_seat": 0,
                "winners": [win_seat],
                "draw": False,
                "turns": 10 + g,
                "end_reason": "win",
                "decisions": 0,
                "events": 0,
                "config_hash": "x",
                "duration_s": 0.0,
            }
        )
        for seat in (0, 1):
            label = "A" if seat == a_seat else "B"
            win = seat == win_seat
            players.append(
                {
                    "game_id": g,
                    "seat": seat,
                    "n_players": 2,
                    "strategy": label,
                    "result": "win" if win else "loss",
                    "win": win,
                    "score": float(win),
                    "character": "Isaac" if label == "A" else "Cain",
                    "clans": ["x", label],
                }
            )
    for name, rows in (("games", games), ("players", players), ("events", []), ("errors", [])):
        (run / name).mkdir(parents=True)
        empty = {"events": EVENTS_SCHEMA, "errors": ERRORS_SCHEMA}
        table = pa.Table.from_pylist(rows) if rows else schema(empty[name], {}).empty_table()
        pq.write_table(table, run / name / "part-000000.parquet")
    record_fixture_run(run, n_players=2, strategies=["A", "B"])
    return run


def test_winrate_by_strategy_matches_hand_counts(fixture_run):
    frame = winrate_by(Run.open(fixture_run), "strategy").sort("value")
    a = frame.row(0, named=True)
    assert (a["value"], a["games"], a["wins"], a["draws"]) == ("A", 10, 7, 0)
    assert a["win_rate"] == pytest.approx(0.7)
    assert a["lower"] == pytest.approx(0.3968, abs=5e-5) and a["upper"] == pytest.approx(0.8922, abs=5e-5)
    assert a["flag"] == "few games"
    assert frame.row(1, named=True)["wins"] == 3


def test_list_columns_count_each_member(fixture_run):
    frame = winrate_by(Run.open(fixture_run), "clans").sort("value")
    assert frame["value"].to_list() == ["A", "B", "x"]
    assert frame["games"].to_list() == [10, 10, 20] and frame["wins"].to_list() == [7, 3, 10]


def test_seat_and_first_player(fixture_run):
    seats = seat_table(Run.open(fixture_run)).sort("position")
    # every game starts at seat 0, so place 1 is seat 0: A wins games 0-4 (5), B in seat 0 wins 7-9 (3) → 8 of 10
    assert seats["wins"].to_list() == [5 + 3, 2]
    assert seats["games"].to_list() == [10, 10]


def test_report_command_writes_files_and_prints_table(fixture_run):
    result = CliRunner().invoke(cli, ["report", str(fixture_run), "--by", "strategy", "--by", "character"])
    assert result.exit_code == 0, result.output
    assert "A         10     7     0      70.0%     [39.7%, 89.2%]  few games" in result.output
    html = (fixture_run / "report.html").read_text()
    # two win-rate plots, seats, matchups, Bradley–Terry ratings, game length, end reasons (no events:
    # no card statistics, time to first score or score curves)
    assert html.count("data:image/png;base64,") == 7
    assert (fixture_run / "report.md").read_text().startswith("# cardlab report")
    assert (fixture_run / "winrate_character.png").stat().st_size > 1000


def test_report_unknown_dimension_is_one_line(fixture_run):
    result = CliRunner().invoke(cli, ["report", str(fixture_run), "--by", "charactr"])
    assert result.exit_code == 2
    assert result.output.startswith("error: --by: no players column 'charactr'")
    assert "Traceback" not in result.output


def test_report_on_a_folder_that_is_not_a_run(tmp_path):
    result = CliRunner().invoke(cli, ["report", str(tmp_path)])
    assert result.exit_code == 2
    assert result.output == f"error: {tmp_path}: not a cardlab run folder (no manifest.json)\n"


def test_declared_dimensions_choose_the_breakdowns(fixture_run):
    manifest = read_manifest(fixture_run)
    manifest.dimensions = ["character", "nope"]
    write_manifest(fixture_run, manifest)
    result = CliRunner().invoke(cli, ["report", str(fixture_run)])
    assert result.exit_code == 0, result.output
    assert "Win rate by character" in result.output
    assert "Win rate by strategy" not in result.output and "Win rate by clans" not in result.output


def test_solo_report_has_no_seat_baseline(tmp_path):
    """Issue 18 item 4: seats of a solo/co-op game share one result, so no place-in-turn-order table
    against a 1/n even share."""
    args = ["simulate", "four-souls", "--variant", "solo", "-n", "4", "-q", "-j", "1"]
    assert CliRunner().invoke(cli, [*args, "--out", str(tmp_path), "--name", "solo"]).exit_code == 0
    result = CliRunner().invoke(cli, ["report", str(tmp_path / "solo")])
    assert result.exit_code == 0, result.output
    assert "Win probability against the timer" in result.output
    assert "even share" not in result.output and "Win rate by place in turn order" not in result.output
    assert "note: win rate by place in turn order: not shown for a solo/co-op run" in result.output


def test_report_of_a_folder_of_unrelated_runs(tmp_path):
    """Issue 18 item 5: `cardlab report results` on runs of several games (one without events, one
    solo) is an overview in run order, not a traceback."""
    runs = [
        ("gx", ["gosu-x", "-n", "3"]),
        ("fs", ["four-souls", "-p", "3", "-n", "3", "--no-events"]),
        ("solo", ["four-souls", "--variant", "solo", "-n", "3"]),
        ("hr", ["hidden-reason", "-n", "3"]),
    ]
    for name, args in runs:
        out = CliRunner().invoke(
            cli, ["simulate", *args, "-q", "-j", "1", "--out", str(tmp_path), "--name", name]
        )
        assert out.exit_code == 0, out.output
    result = CliRunner().invoke(cli, ["report", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "folder of runs: " in result.output
    # one part per game, never one table of several games' runs (analysis.mixed_games)
    assert "games: four-souls (2 runs), gosu-x (1 run), hidden-reason (1 run)" in result.output
    assert "four-souls: runs: 2: fs, solo" in result.output and "gosu-x: runs: 1: gx" in result.output
    assert (tmp_path / "report.html").is_file()


def test_tables_have_no_unheaded_column_and_pngs_no_trailing_underscore(fixture_run):
    """Issue 18 item 8: the small-sample flag column is headed 'note' (or left out when nothing is
    flagged); PNG names never end in '_'."""
    result = CliRunner().invoke(cli, ["report", str(fixture_run)])
    assert result.exit_code == 0, result.output
    page = (fixture_run / "report.html").read_text()
    assert "<th></th>" not in page and "<th>note</th>" in page
    assert "|   |" not in (fixture_run / "report.md").read_text()
    assert not [p.name for p in fixture_run.glob("*.png") if p.stem.endswith("_") or "__" in p.stem]


def test_help_states_each_default_once():
    """Issue 18 item 13: Gosu X's --cards said '(default decklists/gosu_x) (default '')'."""
    out = CliRunner().invoke(cli, ["simulate", "gosu-x", "--help"]).output
    assert "(default decklists/gosu_x)" in " ".join(out.split())
    assert "[default: ]" not in out
    games = CliRunner().invoke(cli, ["games"]).output
    assert "(default decklists/gosu_x) (default" not in games
    bad = CliRunner().invoke(cli, ["simulate", "gosu-x", "-p", "3", "-n", "1"])
    assert bad.exit_code == 2 and "error: --players 3: gosu-x is for 2 players" in bad.output
