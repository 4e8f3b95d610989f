"""Stop rules (issue 7): --until-ci and --sprt stop on a prefix of batches, identically for any worker count."""

from __future__ import annotations

import polars as pl
from polars.testing import assert_frame_equal

from cardlab.analysis.stats import wilson
from tests.kernel_helpers import manifest_of, read_sorted, simulate

BASE = ("-s", "hold,random", "--batch-size", "50", "--seed", "8")


def manifest(run):
    return manifest_of(run)


def test_until_ci_stops_when_every_interval_is_narrow_enough(tmp_path):
    result = simulate(tmp_path, "ci", *BASE, "--until-ci", "0.04", "--max-games", "20000", "--jobs", "2")
    assert result.exit_code == 0, result.output
    m = manifest(tmp_path / "ci")
    assert m["status"] == "complete" and m["stop_reason"].startswith("until-ci: every strategy's 95%")
    assert m["stop_rule"] == {
        "rule": "until-ci",
        "half_width": 0.04,
        "by": "strategy",
        "level": 0.95,
        "min_games": 30,
    }
    players = read_sorted(tmp_path / "ci", "players")
    games = players["game_id"].unique().sort().to_list()
    assert games == list(range(len(games))) and len(games) == 50 * len(m["batches"])

    def widest(frame):
        counts = frame.group_by("strategy").agg(pl.col("win").sum().alias("w"), pl.len().alias("n"))
        return max((hi - lo) / 2 for lo, hi in (wilson(w, n) for w, n in counts.select("w", "n").rows()))

    assert widest(players) <= 0.04
    assert (
        widest(players.filter(pl.col("game_id") < len(games) - 50)) > 0.04
    )  # one batch fewer was not enough
    again = simulate(tmp_path, "ci1", *BASE, "--until-ci", "0.04", "--max-games", "20000", "--jobs", "1")
    assert again.exit_code == 0
    assert_frame_equal(players, read_sorted(tmp_path / "ci1", "players"))


def test_until_ci_unmet_says_so(tmp_path):
    simulate(tmp_path, "cap", *BASE, "--until-ci", "0.01", "-n", "100", "--jobs", "1")
    m = manifest(tmp_path / "cap")
    assert m["totals"]["games"] == 100 and m["stop_reason"].startswith("all games played; until-ci not met")


def test_until_ci_unmet_below_the_minimum_names_the_short_value(tmp_path):
    # 20 games, 40 seats over two strategies: each has 20 < 30 games, so no interval is judged yet
    simulate(tmp_path, "few", *BASE, "--until-ci", "0.2", "-n", "20", "--batch-size", "10", "--jobs", "1")
    reason = manifest(tmp_path / "few")["stop_reason"]
    # was: "until-ci not met before the game cap (widest half-width inf > 0.2)"
    assert reason == (
        "all games played; until-ci not met before the game cap (2 strategy values under 30 games, "
        "e.g. hold with 20; raise --max-games)"
    )


def test_sprt_decides_a_clear_difference_quickly(tmp_path):
    result = simulate(tmp_path, "sprt", *BASE, "--sprt", "hold,random,0.2", "-n", "5000", "--jobs", "2")
    assert result.exit_code == 0, result.output
    m = manifest(tmp_path / "sprt")
    assert m["stop_reason"].startswith("sprt: hold is better than random by ≥ 0.2")
    assert m["totals"]["games"] < 5000


def test_stop_rule_input_errors(tmp_path):
    cases = {
        ("--sprt", "hold,cheat,0.1"): "error: --sprt: cheat not among this run's strategies (hold, random)",
        ("--sprt", "hold,random"): "error: --sprt 'hold,random': expected A,B,DELTA",
        ("--sprt", "hold,random,x"): "error: --sprt 'hold,random,x': DELTA must be a number, got 'x'",
        ("--until-ci", "0.7"): "error: --until-ci must be above 0 and below 0.5 (a half-width), got 0.7",
        ("--until-ci", "0.5"): "error: --until-ci must be above 0 and below 0.5 (a half-width), got 0.5",
        ("--until-ci", "0.1", "--ci-by", "nope"): "error: --ci-by 'nope': not a players column",
        (
            "--until-ci",
            "0.1",
            "--sprt",
            "hold,random,0.1",
        ): "error: give either --until-ci or --sprt, not both",
    }
    for args, message in cases.items():
        result = simulate(tmp_path, "bad", *BASE, *args)
        assert result.exit_code == 2 and result.output.startswith(message), (args, result.output)
    assert not any(tmp_path.iterdir())
