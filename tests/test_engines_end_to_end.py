"""Each real engine through the command line: same tables for any worker count and batch size, a report,
a replay and a card check on the bundled data (issue 2: end-to-end tests use the real engines)."""

from __future__ import annotations

import polars as pl
import pytest
from click.testing import CliRunner
from polars.testing import assert_frame_equal

from cardlab.cli import cli
from cardlab.simulate import games
from tests.kernel_helpers import read_sorted

ENGINES = {
    "four-souls": ("--players", "3", "-n", "12"),
    "gosu-x": ("-n", "40"),
    "hidden-reason": ("--players", "3", "-n", "30"),
}
SECTIONS = {  # report sections each game's run must show (besides the common ones)
    "four-souls": [
        "Win rate by character",
        "Plackett–Luce ratings by character",
        "Time to first soul",
        "Souls by turn",
    ],
    "gosu-x": [
        "Win rate by alliance",
        "Win rate by clans",
        "Win rate by draft_position",
        "Games by win_condition",
        "Game length (rounds)",
        "Time to first battle token",
    ],
    "hidden-reason": [
        "Win rate by deck",
        "Plackett–Luce ratings by deck",
        "Time to boss below half HP",
        "Boss damage by turn",
    ],
}
COMMON = [
    "Win rate by place in turn order",
    "Game length (turns)",
    "How games ended",
    "What the players used",
]
CARD_FOLDERS = {
    "four-souls": "decklists/four_souls",
    "gosu-x": "decklists/gosu_x",
    "hidden-reason": "decklists/hidden_reason",
}


def available(name: str) -> bool:
    return name in games.available()


@pytest.fixture(params=sorted(ENGINES))
def engine(request):
    if not available(request.param):
        pytest.skip(f"{request.param}: engine not available in this checkout")
    return request.param


def run(tmp_path, game, name, *extra):
    args = [
        "simulate",
        game,
        "--out",
        str(tmp_path),
        "--name",
        name,
        "-q",
        "--seed",
        "7",
        *ENGINES[game],
        *extra,
    ]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    return tmp_path / name


def test_deterministic_for_any_jobs_and_batch_size(tmp_path, engine):
    one = run(tmp_path, engine, "one", "--jobs", "1", "--batch-size", "100")
    two = run(tmp_path, engine, "two", "--jobs", "2", "--batch-size", "5")
    for table in ("games", "players", "events", "errors"):
        want = read_sorted(one, table)
        assert_frame_equal(want, read_sorted(two, table).select(want.columns))
    assert read_sorted(one, "events").height > 0


def test_report_replay_and_cards_check(tmp_path, engine):
    folder = run(tmp_path, engine, "r", "--jobs", "1")
    report = CliRunner().invoke(cli, ["report", str(folder)])
    assert report.exit_code == 0, report.output
    lines = set(report.output.splitlines())
    assert "Win rate by strategy" not in lines  # one strategy in every seat: nothing to compare
    missing = [title for title in COMMON + SECTIONS[engine] if title not in lines]
    assert not missing, f"{engine} report lacks {missing}"
    assert (folder / "report.html").is_file()
    used = pl.read_csv(folder / "coverage.csv")
    assert {"card", "kind", "policy", "held", "used", "used_share", "lost_share", "at_end_share"} <= set(
        used.columns
    )
    assert used["held"].sum() > 0 and used["used"].sum() > 0
    replay = CliRunner().invoke(cli, ["replay", str(folder), "--game", "1"])
    assert replay.exit_code == 0, replay.output
    assert replay.output.startswith("game 1 of r: seed ") and len(replay.output.splitlines()) > 10
    check = CliRunner().invoke(cli, ["cards", "check", CARD_FOLDERS[engine]])
    assert check.exit_code == 0, check.output
