"""Game-quality figures on score grids with a known answer, and their report section."""

from __future__ import annotations

import numpy as np
from click.testing import CliRunner

from cardlab.analysis.quality import figures, leaders
from cardlab.cli import cli


def test_leaders_skip_ties_at_the_top():
    grid = np.array([[0, 0], [1, 0], [1, 1], [1, 2]])
    assert leaders(grid).tolist() == [-1, 0, -1, 1]


def test_a_wire_to_wire_win():
    grid = np.array([[1, 0], [2, 0], [3, 1], [4, 2]])
    assert figures(grid, winner=0) == {
        "lead_changes": 0,
        "leads_from": 0.25,
        "comeback": False,
        "last_turn": False,
    }


def test_a_comeback_decided_on_the_last_turn():
    # seat 1 leads from turn 1 to 3; seat 0 behind at half time, takes the lead on the last turn
    grid = np.array([[0, 1], [0, 2], [1, 2], [3, 2]])
    assert figures(grid, winner=0) == {
        "lead_changes": 1,
        "leads_from": 1.0,
        "comeback": True,
        "last_turn": True,
    }


def test_a_winner_never_alone_in_the_lead():
    grid = np.array([[1, 0, 0], [1, 1, 2], [2, 2, 2]])
    out = figures(grid, winner=1)
    assert out["leads_from"] is None and out["last_turn"] is False
    assert out["lead_changes"] == 1  # seat 0 then seat 2; the final tie is not a new leader


def test_report_has_the_game_quality_section(tmp_path):
    runner = CliRunner()
    done = runner.invoke(
        cli, ["simulate", "gosu-x", "-n", "80", "-j", "1", "-q", "--out", str(tmp_path), "--name", "g"]
    )
    assert done.exit_code == 0, done.output
    result = runner.invoke(cli, ["report", str(tmp_path / "g")])
    assert result.exit_code == 0, result.output
    assert "Game quality: how early and how firmly games are decided" in result.output
    assert "lead changes per game (mean)" in result.output


def test_kingmaking_a_seat_out_of_the_race_acting_on_a_contender():
    """Seats 0 and 1 race to 4; seat 2 stays at 0. The most any seat gained in k turns is 0, 1, 2, 3, 3, 4
    (k = 0..5), so at the end of turn 1 seat 2 — 4 behind the winner's final 4 with 4 turns left, where
    nobody ever gained more than 3 — is out of the race. Its act on seat 1 in turn 4 is kingmaking; an act
    in turn 1 is not (nobody is out before a turn has ended); acting on the winner while only the winner is
    left in the race is not either."""
    from cardlab.analysis.quality import best_gains, kingmaking, out_of_race

    grid = np.array([[1, 1, 0], [2, 2, 0], [3, 2, 0], [3, 3, 0], [4, 3, 0]], dtype=float)
    best = best_gains([grid])
    assert best.tolist() == [0, 1, 2, 3, 3, 4]
    out = out_of_race(grid, 0, best)
    assert out[:, 2].all() and not out[:, 0].any() and not out[:2, 1].any()
    assert kingmaking(grid, 0, [(4, 2, 1)], best)
    assert not kingmaking(grid, 0, [(1, 2, 1)], best)
    lone = np.array([[1, 0, 0], [2, 0, 0], [3, 0, 0], [4, 0, 0]], dtype=float)
    lone_best = best_gains([lone])
    assert not kingmaking(lone, 0, [(4, 2, 0)], lone_best)  # one seat left in the race: nothing to decide
