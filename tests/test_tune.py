"""`cardlab tune` (issue 21 item 3): targets that parse or say why not, a search that only keeps changes
that help, paired and resumable evaluations, and bad input as one line with exit code 2."""

from __future__ import annotations

import json

import numpy as np
import polars as pl
import pytest
from click.testing import CliRunner

from cardlab.analysis import targets as tg
from cardlab.cli import cli
from cardlab.simulate.core.errors import UserError
from cardlab.tune import parse_knob

DIMS = ["strategy", "character"]


def _seats(rates: dict[str, float], games: int, seed: int = 0) -> pl.DataFrame:
    """Two seats a game, values drawn in turn; each value wins with its rate (shares of one game need not
    add up: the targets read each value's mean)."""
    rng = np.random.default_rng(seed)
    values = list(rates)
    rows = []
    for g in range(games):
        for seat in range(2):
            v = values[(g + seat) % len(values)]
            rows.append(
                {
                    "game": g,
                    "seat": seat,
                    "place": seat,
                    "dim": "character",
                    "value": v,
                    "win_share": float(rng.random() < rates[v]),
                }
            )
    return pl.DataFrame(rows)


def test_targets_parse_and_measure():
    seats = _seats({"A": 0.7, "B": 0.3}, 4000)
    spread = tg.parse("spread(character) <= 0.1", DIMS)
    assert spread.measure(seats) == pytest.approx(0.4, abs=0.03)
    assert spread.gap(0.4) == pytest.approx(0.3)
    one = tg.parse("character A in 0.45..0.55", DIMS)
    assert one.measure(seats) == pytest.approx(0.7, abs=0.03) and one.gap(0.5) == 0
    first = tg.parse("first_player >= 0.5", DIMS)
    assert first.kind == "first_player" and 0 <= first.measure(seats) <= 1
    spaced = tg.parse("character  Blue Baby >= 0.2", DIMS)
    assert spaced.value == "Blue Baby"


@pytest.mark.parametrize(
    "text",
    [
        "spread(clan) <= 0.1",
        "character Isaac >= lots",
        "first_player in 0.6..0.4",
        "balanced please",
        "character >= 0.2",
    ],
)
def test_a_bad_target_is_one_line(text):
    with pytest.raises(tg.TargetError):
        tg.parse(text, DIMS)


def test_bootstrap_interval_covers_the_figure():
    seats = _seats({"A": 0.6, "B": 0.4}, 2000, seed=3)
    figure, lo, hi = tg.bootstrap(tg.parse("spread(character) <= 0.1", DIMS), seats)
    assert lo <= figure <= hi and hi - lo < 0.15


@pytest.mark.parametrize("text", ["Isaac.hp", "Isaac.hp=4..1", "hp=1..3", "Isaac.hp=3", "Isaac.hp=a..b"])
def test_a_bad_knob_is_one_line(text):
    with pytest.raises(UserError):
        parse_knob(text)


def test_knob_values():
    assert parse_knob("Isaac.hp=1..5:2").values == ("1", "3", "5")
    assert parse_knob("Gurdy.rewards.cents=1,3").values == ("1", "3")


def _tune(tmp_path, *extra):
    return CliRunner().invoke(
        cli,
        [
            "tune",
            "four-souls",
            "-n",
            "12",
            "-p",
            "2",
            "--seed",
            "3",
            "-q",
            "--out",
            str(tmp_path),
            "--name",
            "t",
            "--knob",
            "Isaac.hp=1..3",
            "--target",
            "character Isaac >= 0.9",
            "--max-changes",
            "1",
            *extra,
        ],
    )


def test_tune_end_to_end_and_resume_plays_nothing_again(tmp_path):
    first = _tune(tmp_path)
    assert first.exit_code == 0, first.output
    report = (tmp_path / "t" / "tune.md").read_text()
    assert "## Trade-off" in report and "## Confirmation on seeds the search never saw" in report
    log = tmp_path / "t" / "evaluations.jsonl"
    played = log.read_text().count("\n")
    again = _tune(tmp_path, "--resume")
    assert again.exit_code == 0, again.output
    assert log.read_text().count("\n") == played  # every candidate read back, none played again
    assert (tmp_path / "t" / "tune.md").read_text() == report
    record = json.loads((tmp_path / "t" / "tune.json").read_text())
    assert record["knobs"] == {"Isaac.hp": ["1", "2", "3"]}


def test_tune_keeps_a_change_only_when_it_helps(tmp_path):
    result = _tune(tmp_path)
    report = (tmp_path / "t" / "tune.md").read_text()
    rows = [line for line in report.splitlines() if line.startswith("| ") and line[2].isdigit()]
    gaps = [float(line.split("|")[3]) for line in rows]
    assert gaps == sorted(gaps, reverse=True) and len(set(gaps)) == len(gaps), result.output


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--knob", "Nobody.hp=1..3", "--target", "spread(character) <= 0.1"], "Nobody"),
        (["--knob", "Isaac.hp=1..3", "--target", "spread(colour) <= 0.1"], "colour"),
        (["--knob", "Isaac.hp=0..3", "--target", "spread(character) <= 0.1"], "hp"),
    ],
)
def test_bad_input_exits_2_with_one_line_and_nothing_played(tmp_path, args, words):
    result = CliRunner().invoke(
        cli, ["tune", "four-souls", "-n", "4", "-q", "--out", str(tmp_path), "--name", "bad", *args]
    )
    assert result.exit_code == 2, result.output
    assert words in result.output and len(result.output.strip().splitlines()) == 1
    assert not (tmp_path / "bad").exists()  # nothing written


def test_a_game_without_card_overrides_is_refused(tmp_path):
    """A game whose spec declares no --set fields (the test game Pig) cannot be tuned: one line."""
    from cardlab.tune import tune
    from tests.toygame import GAME

    with pytest.raises(UserError, match="no --set card overrides"):
        tune(
            GAME,
            tmp_path / "t",
            [parse_knob("X.y=1..2")],
            ["spread(strategy) <= 0.1"],
            {"n_games": 4, "seed": 1},
        )
    assert not (tmp_path / "t").exists()


def test_the_change_is_written_as_card_file_yaml_nested_by_field():
    from cardlab.simulate import games
    from cardlab.tune import _yaml

    fields = games.get("four-souls").set_fields
    assert _yaml([("Mr. Boom.copies", "2"), ("Gurdy.rewards.cents", "3")], fields) == [
        "- name: Mr. Boom",
        "  copies: 2",
        "- name: Gurdy",
        "  rewards:",
        "    cents: 3",
    ]
