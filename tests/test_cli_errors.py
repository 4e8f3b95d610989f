"""Bad input gives one clear line and exit code 2, never a traceback (issue 2, DESIGN: Command line)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cardlab.cli import cli

CASES = [
    (["simulate", "nope"], "error: unknown game 'nope'"),
    (
        ["simulate", "pig", "-s", "bogus"],
        "error: --strategy: unknown strategy 'bogus' (available: cheat, hold, random)",
    ),
    (["simulate", "pig", "-s", "hold:at"], "error: --strategy 'hold': parameter 'at' is not key=value"),
    (["simulate", "pig", "-s", "hold:speed=3"], "error: strategy 'hold:speed=3'"),
    (["simulate", "pig", "--players", "7"], "error: --players 7: pig is for 2–4 players"),
    (["simulate", "pig", "--games", "0"], "error: --games must be between 1 and 10,000,000,000, got 0"),
    (["simulate", "pig", "--batch-size", "0"], "error: --batch-size must be at least 1, got 0"),
    (["simulate", "pig", "--max-turns", "0"], "error: --max-turns must be at least 1, got 0"),
    (["simulate", "pig", "--target", "0"], "error: --target must be at least 1, got 0"),
    (
        ["simulate", "pig", "-s", "hold,random,hold", "--players", "2"],
        "error: --strategy: 'hold' is given twice",
    ),
    (["simulate", "pig", "--jobs", "0"], "error: --jobs must be -1 (all cores) or 1..1024, got 0"),
    (
        ["simulate", "pig", "--name", "latest"],
        "error: --name 'latest': 'latest' is the link to the newest run",
    ),
    (["report", "no/such/run"], "error: no/such/run: no such run folder"),
    (["replay", "no/such/run", "--game", "1"], "error: no/such/run: no such run folder"),
    (["cards", "check", "no/such/file.yaml"], "error: no/such/file.yaml: no such file or folder"),
    # numbers beyond a 32-bit event amount: refused up front, not accepted and failed on by every game
    (
        ["simulate", "gosu-x", "--combat-values", "1000000000,2,3"],
        "error: --combat-values '1000000000,2,3': expected three whole numbers 0–50 like 2,3,5",
    ),
    (
        ["simulate", "hidden-reason", "-p", "4", "--boss-hp-per-player", "1000000000"],
        "error: --boss-hp-per-player must be 1..1,000 (the default is 25), got 1000000000",
    ),
    # nan and inf are not numbers here (int() of them would be a traceback, exit 1)
    (
        ["simulate", "hidden-reason", "-s", "guardian:margin=nan"],
        "error: strategy 'guardian:margin=nan': invalid literal for int() with base 10: 'nan'",
    ),
    (
        ["simulate", "gosu-x", "-s", "sensible:pass_lead=inf"],
        "error: strategy 'sensible:pass_lead=inf': strategy parameter pass_lead='inf': a finite number is needed",
    ),
    # an empty path (an unset shell variable) is not the current folder: `verify ''` must not check it
    (["verify", ""], "error: Invalid value for 'RUN': is empty (an unset shell variable?)"),
    (["report", ""], "error: Invalid value for 'RUN': is empty (an unset shell variable?)"),
    (["report", "no/such/run", "--min-games", "-1"], "error: Invalid value for '--min-games': -1 is not in"),
    # ' x' and 'x ' would make folders that read as 'x'; '--name --' (a shell slip) a run named '--'
    (
        ["simulate", "pig", "--name", " x"],
        "error: --name ' x': a run name must not begin or end with a space",
    ),
    (
        ["simulate", "pig", "--name", "x "],
        "error: --name 'x ': a run name must not begin or end with a space",
    ),
    (["simulate", "pig", "--name", "--"], "error: --name '--': a run name must not begin with '-'"),
]


@pytest.mark.parametrize(("args", "message"), CASES, ids=[" ".join(a) for a, _ in CASES])
def test_bad_input_is_one_line_exit_2(tmp_path, args, message):
    if args[0] == "simulate":
        args = [*args, "--out", str(tmp_path), "-q"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2, result.output
    assert result.output.startswith(message), result.output
    assert result.output.count("\n") == 1 and "Traceback" not in result.output
    if args[0] == "simulate":
        assert not any(tmp_path.iterdir()), "nothing may be written for a rejected run"


def test_resume_without_a_run(tmp_path):
    result = CliRunner().invoke(
        cli, ["simulate", "pig", "--out", str(tmp_path), "--name", "x", "--resume", "-q"]
    )
    assert result.exit_code == 2 and "nothing to resume" in result.output


def test_replay_needs_exactly_one_target(tmp_path):
    CliRunner().invoke(
        cli, ["simulate", "pig", "-n", "3", "--out", str(tmp_path), "--name", "r", "-q", "-j", "1"]
    )
    result = CliRunner().invoke(cli, ["replay", str(tmp_path / "r")])
    assert (
        result.exit_code == 2 and result.output == "error: replay: give exactly one of --game N or --seed S\n"
    )
    result = CliRunner().invoke(cli, ["replay", str(tmp_path / "r"), "--game", "99"])
    assert result.exit_code == 2 and result.output == "error: --game 99: the run has games 0..2\n"


def test_games_lists_the_fixture_game():
    result = CliRunner().invoke(cli, ["games"])
    assert result.exit_code == 0 and "pig — Pig (test fixture)" in result.output and "hold " in result.output


def test_bench_prints_a_table():
    result = CliRunner().invoke(cli, ["bench", "pig", "--games-per", "20"])
    assert result.exit_code == 0, result.output
    head = result.output.splitlines()[0].split()
    assert head[:5] == ["game", "players", "strategy", "events", "games/s"]
    assert "logged" in result.output and "off" in result.output


def test_bench_compare_plays_both_settings_and_prints_their_ratio():
    """Issue 19's measure in one command: the compared option's rows beside the base's, and the ratio, which
    must be the compared rate over the base's as printed (a longer target plays more turns a game)."""
    result = CliRunner().invoke(cli, ["bench", "pig", "--games-per", "10", "--compare", "target=60"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    base, other = lines[1].split(), lines[2].split()
    assert base[:2] == ["pig", "2"] and other[:3] == ["pig", "target=60", "2"]
    assert float(other[-2]) > float(base[-2])  # turns a game: the compared setting was played
    ratio = next(line for line in lines if line.startswith("pig target=60 / pig, logged:"))
    games_ratio = float(ratio.split("games/s ")[1].split(",")[0])
    assert games_ratio == pytest.approx(
        float(other[5].replace(",", "")) / float(base[4].replace(",", "")), rel=0.02
    )


def test_an_empty_cards_folder_is_one_line_in_every_game(tmp_path):
    """Every game says there are no card files, where Hidden Reason played the bundled cards (exit 0)."""
    empty = tmp_path / "empty"
    empty.mkdir()
    for game in ("four-souls", "gosu-x", "hidden-reason"):
        args = [
            "simulate",
            game,
            "-p",
            "2",
            "-n",
            "2",
            "-q",
            "--cards",
            str(empty),
            "--out",
            str(tmp_path / "o"),
        ]
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 2, (game, result.output)
        assert result.output.count("\n") == 1 and "no .yaml card files" in result.output, result.output
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "pig", "-n", "2", "-q", "--out", ""],
        ["soak", "pig", "-n", "2", "-q", "--out", ""],
        ["derive", "gosu-x-draft", "no/such/run", "--out", ""],
        ["replay", "no/such/run", "--game", "0", "--html", ""],
    ],
    ids=["simulate", "soak", "derive", "replay"],
)
def test_an_empty_output_path_is_refused(tmp_path, monkeypatch, args):
    """`--out "$OUT"` with OUT unset must not write the run into the current folder (exit 0)."""
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2, result.output
    assert result.output.count("\n") == 1 and "is empty (an unset shell variable?)" in result.output
    assert not any(tmp_path.iterdir())


def test_results_latest_moves_to_each_new_run_but_a_users_file_named_latest_stays(tmp_path):
    """A file the user named results/latest is never deleted to make the link; the link is a new one
    renamed over the old (two runs finishing at once could leave none between unlink and link)."""
    base = ["simulate", "pig", "-n", "2", "-q", "-j", "1", "--out", str(tmp_path)]
    for name in ("a", "b"):
        assert CliRunner().invoke(cli, [*base, "--name", name]).exit_code == 0
        assert (tmp_path / "latest").resolve() == (tmp_path / name).resolve()
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "latest").write_text("my notes", encoding="utf-8")
    mine_base = [*base[:-1], str(mine)]
    assert CliRunner().invoke(cli, [*mine_base, "--name", "c"]).exit_code == 0
    assert (mine / "latest").read_text(encoding="utf-8") == "my notes"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a", "b", "latest", "mine"]


def test_a_bench_compare_mistake_names_compare():
    """`bench --compare nope=1` names --compare, not "--option 'nope=1': …", an option nobody typed."""
    result = CliRunner().invoke(cli, ["bench", "pig", "--games-per", "2", "--compare", "nope=1"])
    assert result.exit_code == 2
    assert result.output.startswith("error: --compare 'nope=1': expected NAME=VALUE with NAME one of ")


@pytest.mark.parametrize(
    ("command", "flag"),
    [(["bench", "gosu-x", "--games-per", "2"], "--compare"), (["soak", "gosu-x", "-n", "2"], "-o")],
)
def test_an_option_of_one_value_given_twice_to_compare_or_soak_is_one_line(tmp_path, command, flag):
    """`bench --compare combat-values=2,3,5 --compare combat-values=1,1,1` played the second alone under a
    row named after both (soak's -o kept the second too). A repeatable option (--set) still collects."""
    twice = [flag, "combat-values=2,3,5", flag, "combat-values=1,1,1"]
    result = CliRunner().invoke(
        cli, [*command, *twice, *(["--out", str(tmp_path)] if command[0] == "soak" else [])]
    )
    shown = "--compare" if flag == "--compare" else "--option"
    assert result.exit_code == 2 and result.output == (
        f"error: {shown} 'combat-values=1,1,1': combat-values is given twice; it takes one value\n"
    ), result.output
    assert not any(tmp_path.iterdir())
