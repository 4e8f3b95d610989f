"""`cardlab sweep`: a grid of configs, one run per point with the same seed, and a sweep report."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardlab.cli import cli
from cardlab.simulate import games
from cardlab.simulate.core.errors import UserError
from cardlab.simulate.core.game import GameOption
from cardlab.sweep import grid, parse_vary, point_name
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
        ("target=5..1", "--vary 'target=5..1': the range starts above its end (5 > 1); write it low..high"),
        (
            "target=1..3:0",
            "--vary 'target=1..3:0': the step 0 is not above 0 (a range counts up from a to b)",
        ),
        (
            "target=1..5:-2",
            "--vary 'target=1..5:-2': the step -2 is not above 0 (a range counts up from a to b)",
        ),
        (
            "target={4..0}",
            "--vary 'target={4..0}': the range starts above its end (4 > 0); write it low..high",
        ),
        ("target", "--vary 'target': expected NAME=VALUES"),
        ("target=1,1", "--vary 'target=1,1': a value is repeated"),
        ("target=1..1000", "--vary 'target=1..1000': 1,000 points per axis; at most 200"),
    ],
)
def test_bad_vary(text, message):
    with pytest.raises(UserError) as err:
        parse_vary(PIG, text)
    assert str(err.value).startswith(message)


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ("curse={0..4:-2}", "the step -2 is not above 0 (a range counts up from a to b)"),
        ("curse={0..4:0}", "the step 0 is not above 0 (a range counts up from a to b)"),
        ("curse={4..0}", "the range starts above its end (4 > 0); write it low..high"),
        ("curse={0..4:x}", "'{0..4:x}' is not a range; write {a..b} or {a..b:step} in whole numbers"),
        ("curse={0.5..4}", "'{0.5..4}' is not a range; write {a..b} or {a..b:step} in whole numbers"),
        ("curse={0..1000}", "1,001 points per axis; at most 200"),
        (
            "curse=0..4",
            "ratio-count is not a number, so a..b is no range; a range inside a text goes in braces: "
            "{a..b} or {a..b:step}",
        ),
    ],
)
def test_a_bad_range_in_a_text_says_what_is_wrong_with_it(values, message):
    """A range inside a text option (``ratio-count=curse={0..4:2}``) with a negative step was blamed on
    the option ("a range a..b needs a numeric option"): the fault typed is named instead, through the
    command line too (one line, exit 2, nothing written)."""
    texty = dataclasses.replace(
        PIG, options=(*PIG.options, GameOption("ratio-count", str, "", "text option"))
    )
    with pytest.raises(UserError) as err:
        parse_vary(texty, f"ratio-count={values}")
    assert str(err.value) == f"--vary 'ratio-count={values}': {message}"


def test_a_negative_step_in_a_four_souls_sweep_is_one_line(tmp_path):
    text = "ratio-count=curse={0..4:-2}"
    result = CliRunner().invoke(
        cli, ["sweep", "four-souls", "--vary", text, "-n", "4", "--out", str(tmp_path)]
    )
    assert result.exit_code == 2
    assert result.output == (
        f"error: --vary '{text}': the step -2 is not above 0 (a range counts up from a to b)\n"
    )
    assert not any(tmp_path.iterdir())


def test_a_huge_range_is_refused_before_its_points_are_made():
    """`--vary bank=0..1000000000` (and tune's `--knob` over an option) is counted before its points are
    built: building them took 2.5 GB in 15 s, and no error."""
    with pytest.raises(UserError) as err:
        parse_vary(PIG, "target=0..1000000000000")
    assert (
        str(err.value) == "--vary 'target=0..1000000000000': 1,000,000,000,001 points per axis; at most 200"
    )


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


@pytest.mark.parametrize(
    ("fixed", "vary", "line"),
    [
        (["-p", "2"], "players=2,3", "error: --vary players: also given as --players 2;"),
        (["--max-turns", "50"], "max-turns=40,60", "error: --vary max-turns: also given as --max-turns 50;"),
        (["--target", "25"], "target=10,20", "error: --vary target: also given as --target 25;"),
    ],
)
def test_an_option_both_given_and_varied_is_one_line(tmp_path, fixed, vary, line):
    """The varied values used to win silently over the option given beside them."""
    args = ["sweep", "pig", *fixed, "--vary", vary, "-n", "10", "-q", "-j", "1", "--out", str(tmp_path)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2 and result.output.startswith(line) and result.output.count("\n") == 1
    assert not any(tmp_path.iterdir())


def test_an_option_at_its_default_beside_its_axis_is_no_conflict(tmp_path):
    default = next(o.default for o in PIG.options if o.name == "target")
    args = ["sweep", "pig", "--target", str(default), "--vary", "target=10,20", "-n", "10", "-q", "-j", "1"]
    result = CliRunner().invoke(cli, [*args, "--out", str(tmp_path), "--name", "s"])
    assert result.exit_code == 0, result.output


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


def test_split_values_keeps_paths_and_comma_values_whole():
    """Issue 18 item 5: `cards=/abs/a.yaml,/abs/b.yaml` is two files, not four values."""
    from cardlab.sweep import split_values

    fs, gx = games.get("four-souls"), games.get("gosu-x")
    assert split_values(fs, "cards", "/abs/a.yaml,/abs/b.yaml") == ["/abs/a.yaml", "/abs/b.yaml"]
    assert split_values(fs, "cards", "/abs/a.yaml") == ["/abs/a.yaml"]
    assert split_values(gx, "combat-values", "2,3,5/2,3,6") == ["2,3,5", "2,3,6"]
    assert split_values(fs, "characters", "Isaac,Cain/Eve") == ["Isaac,Cain", "Eve"]
    assert split_values(fs, "bank", "50;100") == ["50", "100"]
    assert point_name(0, {"cards": "/x/y/a.yaml"}) == "p000-cards=a.yaml"


def test_sweep_shows_what_each_point_built_and_flags_coinciding_points(tmp_path):
    """Issue 18 item 1: Base V2 has 5 curses, so curse=5 and curse=6 build the same monster deck."""
    args = ["sweep", "four-souls", "-p", "2", "-n", "3", "-q", "-j", "1", "--out", str(tmp_path)]
    args += ["--name", "c", "--ratio", "official", "--fill", "smaller", "--vary", "ratio-count=curse={4..6}"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert "[3/3] ratio-count=curse=6 → builds monster.curse 5 (asked 6)" in result.output
    assert "note: p001-ratio-count=curse=5, p002-ratio-count=curse=6 build the same decks" in result.output
    assert (
        "coincide: p001-ratio-count=curse=5, p002-ratio-count=curse=6 played identical games" in result.output
    )
    assert "coincide: p000" not in result.output


def test_sweep_of_card_files_given_by_absolute_paths(tmp_path):
    deck = tmp_path / "decks"
    for name in ("a", "b"):
        (deck / name).mkdir(parents=True)
        (deck / name / "chars.yaml").write_text(
            (Path(__file__).parents[1] / "decklists/four_souls/characters.yaml").read_text()
        )
    vary = f"cards={deck / 'a' / 'chars.yaml'},{deck / 'b' / 'chars.yaml'}"
    args = ["sweep", "four-souls", "-p", "2", "-n", "2", "-q", "-j", "1", "--out", str(tmp_path)]
    result = CliRunner().invoke(cli, [*args, "--name", "s", "--vary", vary])
    assert result.exit_code == 0, result.output
    runs = sorted(p.name for p in (tmp_path / "s").iterdir() if p.is_dir())
    assert runs == ["p000-cards=chars.yaml", "p001-cards=chars.yaml"]
    assert "played identical games" in result.output  # the same file twice: the points coincide


def test_a_one_strategy_sweep_shows_the_main_column_not_a_strategy_table(tmp_path):
    """Every seat plays the same strategy: its table would read 1/players at every point (issue 18 item 8)."""
    args = ["sweep", "gosu-x", "--vary", "combat-values=1,2,4;2,3,5", "-n", "20", "-j", "1"]
    result = CliRunner().invoke(cli, [*args, "-q", "--out", str(tmp_path), "--name", "one"])
    assert result.exit_code == 0, result.output
    assert "Win rate by strategy" not in result.output
    assert "Win rate by alliance" in result.output
