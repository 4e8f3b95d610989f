"""`cardlab games gosu-x` — a new user's way to read one game's options — lists that game's options;
`tune-policy … --against nope` names --against, the option typed, not
--strategy; and a ladder's report refuses --by and --min-games instead of taking and ignoring them."""

from __future__ import annotations

import shlex

from click.testing import CliRunner

from cardlab.cli import cli


def test_games_lists_the_games_named():
    every = CliRunner().invoke(cli, ["games"])
    one = CliRunner().invoke(cli, ["games", "gosu-x"])
    assert one.exit_code == 0 and one.output.startswith("gosu-x — Gosu X (2 players)"), one.output
    assert one.output in every.output and "four-souls" not in one.output and "hidden-reason" not in one.output
    two = CliRunner().invoke(cli, ["games", "hidden-reason", "gosu-x", "gosu-x"])
    assert (
        two.exit_code == 0 and two.output.count("gosu-x —") == 1 and two.output.startswith("hidden-reason —")
    )
    bad = CliRunner().invoke(cli, ["games", "nope"])
    assert bad.exit_code == 2 and len(bad.output.strip().splitlines()) == 1
    assert bad.output.startswith("error: unknown game 'nope' (available: four-souls, gosu-x, hidden-reason")


def test_a_game_name_typed_close_to_one_says_which():
    """`cardlab simulate gosu_x` (the folder's spelling) or `Gosu-X` listed the games without pointing at
    the one meant."""
    for typed in ("gosu_x", "Gosu-X"):
        result = CliRunner().invoke(cli, ["simulate", typed, "-n", "2"])
        assert result.exit_code == 2 and len(result.output.splitlines()) == 1
        assert result.output.startswith(
            f"error: unknown game '{typed}' — did you mean 'gosu-x'? (available: "
        )


def test_a_bad_opponent_of_tune_policy_names_against(tmp_path):
    args = ["tune-policy", "gosu-x", "sensible", "--param", "noise=0..1", "-n", "2", "--against", "nope"]
    result = CliRunner().invoke(cli, [*args, "--out", str(tmp_path)])
    assert result.exit_code == 2 and result.output.startswith("error: --against: unknown strategy 'nope'"), (
        result.output
    )
    assert not any(tmp_path.iterdir())


def test_a_ladder_report_refuses_what_it_would_ignore(tmp_path):
    """`cardlab report LADDER --by clans` (or --min-games 5) is one line: the ladder's report would be the
    same without it."""
    args = [*shlex.split("ladder gosu-x -s sensible -s random -n 2 -j 1 -q"), "--out", str(tmp_path)]
    assert CliRunner().invoke(cli, [*args, "--name", "l"]).exit_code == 0
    for given in (["--by", "clans"], ["--min-games", "5"]):
        result = CliRunner().invoke(cli, ["report", str(tmp_path / "l"), "-q", *given])
        assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1, result.output
        assert result.output.startswith(f"error: {' '.join(given)}: a ladder's report rates its policies")
