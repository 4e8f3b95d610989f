"""One definition of a win rate everywhere (issue 18, item 3): a draw shared by k seats counts 1/k to each
— the report's tables, the seat table, compare and the card statistics all agree."""

from __future__ import annotations

import sys
from pathlib import Path

from click.testing import CliRunner

from cardlab.analysis.compare import compare
from cardlab.analysis.runs import Run
from cardlab.analysis.seat_effects import seat_table
from cardlab.analysis.winrates import winrate_by
from cardlab.cli import cli

sys.path.insert(0, str(Path(__file__).parent))
from test_report_fixture import game, player, write_run  # noqa: E402


def _run(path: Path) -> Run:
    """Three 2-player games: A wins, B wins, a draw; then one 3-player game, a draw between two seats."""
    games = [game(0, [0], 5), game(1, [1], 5), game(2, [0, 1], 5, draw=True, end_reason="draw")]
    games.append(game(3, [0, 2], 5, n=3, draw=True, end_reason="draw"))
    players = [
        player(0, 0, True, "A"), player(0, 1, False, "B"),
        player(1, 0, False, "A"), player(1, 1, True, "B"),
        {**player(2, 0, False, "A"), "result": "draw"}, {**player(2, 1, False, "B"), "result": "draw"},
        {**player(3, 0, False, "A", n=3), "result": "draw"}, player(3, 1, False, "B", n=3),
        {**player(3, 2, False, "C", n=3), "result": "draw"},
    ]  # fmt: skip
    return Run.open(write_run(path, "pig", games, players))


def test_a_draw_counts_one_over_k_in_every_table(tmp_path):
    run = _run(tmp_path / "r")
    rates = {r["value"]: (r["wins"], r["games"]) for r in winrate_by(run, "strategy").iter_rows(named=True)}
    assert rates == {"A": (2.0, 4), "B": (1.5, 4), "C": (0.5, 1)}
    seats = seat_table(run).filter(seat_table(run)["n_players"] == 2)
    assert seats["wins"].to_list() == [1.5, 1.5]  # place 1 and place 2 of the 2-player games
    same = compare(run, run, "strategy").result.by_label
    assert dict(zip(same["label"], same["rate_a"], strict=True)) == {"A": 0.5, "B": 0.375, "C": 0.5}
    out = CliRunner().invoke(cli, ["report", str(tmp_path / "r"), "--by", "strategy"])
    assert out.exit_code == 0, out.output
    assert "A         4      2     2      50.0%" in out.output
    assert "B         4      1.5   1      37.5%" in out.output
