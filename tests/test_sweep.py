"""`cardlab sweep`: a grid of configs, one run per point with the same seed, and a sweep report."""

from __future__ import annotations

import dataclasses
import json

import pytest
from click.testing import CliRunner

from cardlab.cli import cli
from cardlab.sweep import grid, parse_vary, point_name
from simulate import games
from simulate.core.errors import UserError
from simulate.core.game import GameOption
from tests.kernel_helpers import manifest_of

PIG = games.get("pig")


def test_parse_ranges_lists_and_slashes():
    assert parse_vary(PIG, "target=20..40:10").values == (20, 30, 40)
    assert parse_vary(PIG, "target=5,7").values == (5, 7)
    assert parse_vary(PIG, "players=2/4").values == (2, 4)
    assert parse_vary(PIG, "--target=3..4").values == (3, 4)
    assert parse_vary(PIG, "target={10..30:10}").values == (10, 20, 30)
    texty = dataclasses.replace(
        PIG, options=(*PIG.options, GameOption("ratio-count", str, "", "text option"))
    )
    assert parse_vary(texty, "ratio-count=curse={0..4:2}").values == ("curse=0", "curse=2", "curse=4")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("targt=1..3", "--vary: 'targt' is not an option of pig"),
        ("target=a..b", "--vary target: 'a' is not a valid int"),
        ("target=5..1", "--vary 'target=5..1': a range needs a ≤ b and a positive step"),
        ("target=1..3:0", "--vary 'target=1..3:0': a range needs a ≤ b and a positive step"),
        ("target", "--vary 'target': expected NAME=VALUES"),
        ("target=1,1", "--vary 'target=1,1': a value is repeated"),
        ("target=1..1000", "--vary 'target=1..1000': 1000 points; at most 200 per axis"),
    ],
)
def test_bad_vary(text, message):
    with pytest.raises(UserError) as err:
        parse_vary(PIG, text)
    assert str(err.value).startswith(message)


def test_grid_and_point_names():
    points = grid([parse_vary(PIG, "target=10,20"), parse_vary(PIG, "players=2,3")])
    assert points == [
        {"target": 10, "players": 2},
        {"target": 10, "players": 3},
        {"target": 20, "players": 2},
        {"target": 20, "players": 3},
    ]
    assert point_name(3, points[3]) == "p003-target=20,players=3"
    with pytest.raises(UserError, match="varied twice"):
        grid([parse_vary(PIG, "target=1,2"), parse_vary(PIG, "target=3,4")])


def test_sweep_runs_every_point_and_reports(tmp_path):
    args = [
        "sweep",
        "pig",
        "--vary",
        "target=20..40:10",
        "-n",
        "60",
        "--seed",
        "3",
        "-q",
        "-j",
        "1",
        "--out",
        str(tmp_path),
        "--name",
        "sw",
        "-s",
        "hold,random",
    ]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    runs = sorted(p.name for p in (tmp_path / "sw").iterdir() if p.is_dir())
    assert runs == ["p000-target=20", "p001-target=30", "p002-target=40"]
    manifests = [manifest_of(tmp_path / "sw" / r) for r in runs]
    assert [m["config"]["target"] for m in manifests] == [20, 30, 40]
    assert {m["run_seed"] for m in manifests} == {3} and all(m["status"] == "complete" for m in manifests)
    assert "Win rate by strategy" in result.output and (tmp_path / "sw" / "report.html").is_file()
    again = CliRunner().invoke(cli, [*args, "--resume"])
    assert again.exit_code == 0 and "[1/3]" not in again.output  # every point was complete


def test_a_bad_point_writes_nothing(tmp_path):
    result = CliRunner().invoke(cli, ["sweep", "pig", "--vary", "players=2,9", "--out", str(tmp_path), "-q"])
    assert result.exit_code == 2 and result.output.startswith("error: --players 9: pig is for 2–4 players")
    assert not any(tmp_path.iterdir())


def test_sweep_records_its_axes_and_the_report_names_them(tmp_path):
    args = [
        "sweep",
        "pig",
        "--vary",
        "players=2,3",
        "-n",
        "30",
        "-q",
        "-j",
        "1",
        "--out",
        str(tmp_path),
        "--name",
        "s2",
    ]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    record = json.loads((tmp_path / "s2" / "sweep.json").read_text())
    assert record["axes"] == [{"name": "players", "values": [2, 3]}]
    assert [p["run"] for p in record["points"]] == ["p000-players=2", "p001-players=3"]
    assert any(line.strip() == "varies: players" for line in result.output.splitlines())
