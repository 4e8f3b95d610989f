"""Interrupted runs resume without duplicates; failed games are recorded and reproducible."""

from __future__ import annotations

import pyarrow.parquet as pq
from click.testing import CliRunner
from polars.testing import assert_frame_equal

from cardlab.cli import cli
from cardlab.simulate import games
from cardlab.simulate.core.runner import execute, option_differences
from cardlab.wiring import plan_from_options
from tests.kernel_helpers import manifest_of, read_sorted, simulate


def _plan(n=100, **opts):
    return plan_from_options(
        games.get("pig"),
        n_games=n,
        run_seed=9,
        n_players=2,
        strategy_texts=["hold,random"],
        batch_size=10,
        max_turns=None,
        log_events=True,
        game_options=opts,
    )


def test_resume_completes_an_interrupted_run(tmp_path):
    execute(_plan(), tmp_path / "full", jobs=1, progress=False)
    outcome = execute(_plan(), tmp_path / "cut", jobs=1, progress=False, stop_after_batches=4)
    manifest = manifest_of(tmp_path / "cut")
    assert manifest["status"] == "incomplete" and len(manifest["batches"]) == 4 and outcome.games == 40
    # a batch that died between its part renames leaves an orphan part the manifest does not list
    orphan = tmp_path / "cut" / "events" / "part-000009.parquet"
    pq.write_table(pq.read_table(tmp_path / "full" / "events" / "part-000000.parquet"), orphan)
    result = simulate(
        tmp_path,
        "cut",
        "-n",
        "100",
        "--seed",
        "9",
        "-s",
        "hold,random",
        "--batch-size",
        "10",
        "--jobs",
        "2",
        "--resume",
    )
    assert result.exit_code == 0, result.output
    for table in ("games", "players", "events"):
        resumed = read_sorted(tmp_path / "cut", table)
        assert_frame_equal(
            read_sorted(tmp_path / "full", table),
            resumed.select(read_sorted(tmp_path / "full", table).columns),
        )
    games_ids = read_sorted(tmp_path / "cut", "games")["game_id"].to_list()
    assert games_ids == list(range(100))
    assert manifest_of(tmp_path / "cut")["status"] == "complete"


def test_resume_refuses_different_options(tmp_path):
    simulate(tmp_path, "r", "-n", "20", "--seed", "1", "--jobs", "1")
    result = simulate(tmp_path, "r", "-n", "20", "--seed", "2", "--jobs", "1", "--resume")
    assert result.exit_code == 2
    assert "cannot resume: run_seed: the run has 1, this command gives 2" in result.output


def test_a_long_recorded_value_is_shortened_in_the_resume_line():
    """Resuming a Four Souls run with --ratio official shortens the resolved ratio (41 entries, a
    926-character line); the option's own value still shows whole."""
    have = {"ratio": "all", "ratio_counts": []}
    want = {"ratio": "official", "ratio_counts": [["treasure", "passive", 44]] * 41}
    line = option_differences(have, want)
    assert line.startswith(
        "ratio: the run has 'all', this command gives 'official'; ratio_counts: the run has []"
    )
    assert line.endswith("… (41 entries)") and len(line) < 200, line


def test_failed_games_are_recorded_and_the_run_goes_on(tmp_path):
    result = simulate(tmp_path, "err", "-n", "200", "--seed", "4", "--crash-every", "13", "--jobs", "1")
    assert result.exit_code == 1
    errors = read_sorted(tmp_path / "err", "errors")
    played = read_sorted(tmp_path / "err", "games")
    assert errors.height > 0 and errors.height + played.height == 200
    assert all(seed % 13 == 0 for seed in errors["seed"].to_list())
    assert errors["error_type"].unique().to_list() == ["RuntimeError"]
    assert f"{errors.height} game{'' if errors.height == 1 else 's'} failed" in result.output
    allowed = simulate(tmp_path, "err2", "-n", "50", "--seed", "4", "--crash-every", "13", "--allow-errors")
    assert allowed.exit_code == 0


def test_replay_seed_reproduces_the_exception(tmp_path):
    simulate(tmp_path, "err", "-n", "200", "--seed", "4", "--crash-every", "13", "--jobs", "1")
    row = read_sorted(tmp_path / "err", "errors").row(0, named=True)
    runner = CliRunner()
    by_seed = runner.invoke(cli, ["replay", str(tmp_path / "err"), "--seed", str(row["seed"])])
    assert by_seed.exit_code == 1
    assert f"reproduced: RuntimeError: pig crashed on purpose (seed {row['seed']})" in by_seed.output
    by_game = runner.invoke(cli, ["replay", str(tmp_path / "err"), "--game", str(row["game_id"])])
    assert by_game.exit_code == 1 and "reproduced: RuntimeError" in by_game.output


def test_replay_prints_a_logged_game(tmp_path):
    simulate(tmp_path, "ok", "-n", "5", "--seed", "4", "--jobs", "1")
    out = CliRunner().invoke(cli, ["replay", str(tmp_path / "ok"), "--game", "3"])
    assert out.exit_code == 0, out.output
    assert "game 3 of ok" in out.output and "seat 1: " in out.output and "game_over" in out.output


def test_illegal_choice_names_strategy_and_decision(tmp_path):
    simulate(tmp_path, "cheat", "-n", "3", "-s", "cheat", "--jobs", "1")
    errors = read_sorted(tmp_path / "cheat", "errors")
    assert errors.height == 3
    message = errors["exception"][0]
    assert "strategy 'cheat'" in message and "'roll_or_hold' decision" in message and "'steal'" in message


def test_turn_cap_is_recorded(tmp_path):
    simulate(tmp_path, "cap", "-n", "20", "--max-turns", "2", "--target", "200", "--jobs", "1")
    games_ = read_sorted(tmp_path / "cap", "games")
    assert set(games_["end_reason"].to_list()) == {"turn_cap"}
    assert manifest_of(tmp_path / "cap")["totals"]["turn_caps"] == 20
