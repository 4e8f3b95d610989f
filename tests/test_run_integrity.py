"""Runs that cannot be corrupted (issue 16): one writer per run folder, content-checked resume, recorded
part checksums, repairs of damaged parts, validated run files and sweeps that never mix points."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from polars.testing import assert_frame_equal

from cardlab.cli import cli
from cardlab.simulate import games
from cardlab.simulate.core.errors import UserError
from cardlab.simulate.core.runformat import BATCHES, MANIFEST, read_run, verify_run
from cardlab.simulate.core.runner import execute
from cardlab.wiring import plan_from_options
from tests.kernel_helpers import manifest_of, read_sorted, simulate

ROOT = Path(__file__).resolve().parent.parent
PIG = ["-n", "60", "--seed", "3", "-s", "hold,random", "--batch-size", "5"]


def pig_process(out: Path, name: str, *extra: str) -> subprocess.Popen:
    cmd = [sys.executable, "-m", "tests.pig_cli", "simulate", "pig", "--out", str(out), "--name", name, "-q"]
    return subprocess.Popen(
        [*cmd, *extra], cwd=ROOT, start_new_session=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )


def wait_for(predicate, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not predicate() and time.monotonic() < deadline:
        time.sleep(0.02)
    assert predicate(), "timed out"


def one_error_line(result) -> str:
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    return lines[0]


# ---- one writer per run folder ------------------------------------------------------------------


def test_two_processes_racing_on_one_name_never_mix_games(tmp_path):
    """Two runs started at once with the same --name and different seeds: exactly one writes the run,
    the other stops with one line, and every game of the run has a seed of the winner's run seed."""
    args = ["-n", "200", "-s", "hold,random", "--batch-size", "10", "--pause-ms", "2", "--jobs", "1"]
    racers = [pig_process(tmp_path, "same", *args, "--seed", str(seed)) for seed in (5, 6)]
    codes = [p.wait(timeout=180) for p in racers]
    errors = [p.stderr.read().decode() for p in racers]
    assert sorted(codes) == [0, 2], (codes, errors)
    loser = errors[codes.index(2)].strip().splitlines()
    assert len(loser) == 1 and loser[0].startswith("error: "), loser
    winner_seed = (5, 6)[codes.index(0)]
    from cardlab.simulate.core.seeds import game_seed

    frame = read_sorted(tmp_path / "same", "games")
    assert frame["seed"].to_list() == [game_seed(winner_seed, i) for i in range(200)]
    assert manifest_of(tmp_path / "same")["run_seed"] == winner_seed


def test_resume_of_a_live_run_is_refused_and_a_killed_run_is_not_locked(tmp_path):
    live = pig_process(tmp_path, "live", "-n", "400", "--seed", "2", "--batch-size", "5", "--pause-ms", "5")
    wait_for(lambda: (tmp_path / "live" / BATCHES).exists())
    result = simulate(tmp_path, "live", "-n", "400", "--seed", "2", "--batch-size", "5", "--resume")
    assert "another cardlab process" in one_error_line(result)
    os.killpg(live.pid, signal.SIGKILL)  # the lock goes with the process: no stale lock to clean up
    live.wait()
    result = simulate(
        tmp_path, "live", "-n", "400", "--seed", "2", "--batch-size", "5", "--pause-ms", "5", "--resume"
    )
    assert result.exit_code == 0, result.output
    assert manifest_of(tmp_path / "live")["totals"]["games"] == 400


def test_sigterm_leaves_a_resumable_incomplete_run(tmp_path):
    victim = pig_process(tmp_path, "term", "-n", "400", "--seed", "2", "--batch-size", "5", "--pause-ms", "5")
    wait_for(lambda: (tmp_path / "term" / BATCHES).exists())
    os.kill(victim.pid, signal.SIGTERM)
    assert victim.wait(timeout=60) != 0
    state = read_run(tmp_path / "term")
    assert state.manifest.status == "incomplete" and state.manifest.stop_reason == "interrupted"
    assert list((tmp_path / "term").glob(".*.tmp")) == []


def test_a_failed_start_leaves_no_folder_behind(tmp_path):
    result = simulate(tmp_path, "nope", *PIG, "--backend", "dask", "--scheduler", "garbage")
    assert "--scheduler 'garbage'" in one_error_line(result)
    assert not (tmp_path / "nope").exists()


def test_leftover_temporaries_do_not_make_a_name_unusable(tmp_path):
    (tmp_path / "left").mkdir()
    (tmp_path / "left" / f".{MANIFEST}.12345.tmp").write_text("{")
    result = simulate(tmp_path, "left", *PIG)
    assert result.exit_code == 0, result.output
    assert list((tmp_path / "left").glob(".*.tmp")) == []


# ---- records: append-only, validated, never double-counted -------------------------------------


def test_batches_are_appended_one_line_each_and_the_manifest_is_not_rewritten_per_batch(tmp_path):
    assert simulate(tmp_path, "r", *PIG).exit_code == 0
    lines = (tmp_path / "r" / BATCHES).read_text().splitlines()
    assert sorted(json.loads(line)["batch"] for line in lines) == list(range(12))
    manifest = json.loads((tmp_path / "r" / MANIFEST).read_text())
    assert manifest["format_version"] == 3 and "batches" not in manifest


def test_a_duplicated_batch_record_is_counted_once(tmp_path):
    assert simulate(tmp_path, "dup", *PIG).exit_code == 0
    path = tmp_path / "dup" / BATCHES
    first = path.read_text().splitlines()[0]
    with path.open("a") as handle:
        handle.write(first + "\n" + first + "\n")
    assert manifest_of(tmp_path / "dup")["totals"]["games"] == 60
    from cardlab.analysis.runs import Run

    opened = Run.open(tmp_path / "dup")
    assert opened.db.execute("SELECT count(*) FROM games").fetchone()[0] == 60
    assert len(opened.parts("games")) == 12


def test_a_conflicting_duplicate_is_refused_by_reports_and_replayed_by_resume(tmp_path):
    assert simulate(tmp_path, "c", *PIG).exit_code == 0
    path = tmp_path / "c" / BATCHES
    entry = json.loads(path.read_text().splitlines()[3])
    entry["failed"] = 5 - entry["failed"]
    with path.open("a") as handle:
        handle.write(json.dumps(entry) + "\n")
    result = CliRunner().invoke(cli, ["report", str(tmp_path / "c")])
    assert "recorded twice" in one_error_line(result)
    resumed = simulate(tmp_path, "c", *PIG, "--resume")
    assert resumed.exit_code == 0, resumed.output
    assert verify_run(tmp_path / "c").ok and manifest_of(tmp_path / "c")["totals"]["games"] == 60


def test_a_torn_last_record_is_ignored_and_cut_on_resume(tmp_path):
    plan = _pig_plan()
    execute(plan, tmp_path / "t", jobs=1, progress=False, stop_after_batches=3)
    with (tmp_path / "t" / BATCHES).open("a") as handle:
        handle.write('{"batch": 3, "first": 15, "ga')
    state = read_run(tmp_path / "t")
    assert len(state.batches) == 3 and state.torn_tail > 0
    assert not verify_run(tmp_path / "t").ok
    execute(plan, tmp_path / "t", jobs=1, progress=False, resume=True)
    assert verify_run(tmp_path / "t").ok and len(read_run(tmp_path / "t").batches) == 12


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda m: m.update(format_version=1), "run format version 1"),
        (
            lambda m: m.update(format_version=2),
            "run format version 2 (written by an older cardlab); this cardlab reads version 3: run it again "
            "under another --name (or remove this folder first)",
        ),
        (
            lambda m: m.update(format_version=99),
            "(written by a newer cardlab); this cardlab reads version 3: update cardlab",
        ),
        (lambda m: m.update(analysis={"score_label": 3}), "analysis: 'card_actions' must be a list"),
        (
            lambda m: m["analysis"].update(score_rules=[{"kind": "hold", "sign": 2}]),
            "analysis: score_rules[]",
        ),
        (lambda m: m.update(format_version=99), "run format version 99"),
        (lambda m: m.pop("run_seed"), "missing 'run_seed'"),
        (lambda m: m.update(n_games="many"), "'n_games' has the wrong type"),
        (lambda m: m.update(status="done"), "'status' is 'done'"),
        (lambda m: m.update(strategies=[]), "'strategies'"),
    ],
)
def test_a_manifest_of_the_wrong_shape_or_version_is_one_line_everywhere(tmp_path, change, message):
    assert simulate(tmp_path, "m", *PIG).exit_code == 0
    path = tmp_path / "m" / MANIFEST
    manifest = json.loads(path.read_text())
    change(manifest)
    path.write_text(json.dumps(manifest))
    for args in (["report", str(tmp_path / "m")], ["verify", str(tmp_path / "m")]):
        assert message in one_error_line(CliRunner().invoke(cli, args))
    assert message in one_error_line(simulate(tmp_path, "m", *PIG, "--resume"))


def test_a_run_of_an_older_format_says_how_to_play_it_again(tmp_path):
    """A run of an older format can be neither resumed nor played again in place ("a run already exists
    there"): the line says to run it again under another --name, which works. "run it again" alone sent the
    person from one refusal to the other."""
    assert simulate(tmp_path, "m", *PIG).exit_code == 0
    path = tmp_path / "m" / MANIFEST
    path.write_text(json.dumps({**json.loads(path.read_text()), "format_version": 2}))
    line = one_error_line(simulate(tmp_path, "m", *PIG, "--resume"))
    assert line.endswith(
        "this cardlab reads version 3: run it again under another --name (or remove this folder first)"
    )
    assert "a run already exists there" in one_error_line(simulate(tmp_path, "m", *PIG))
    assert simulate(tmp_path, "m2", *PIG).exit_code == 0


def test_a_manifest_of_the_old_format_is_refused_naming_the_version(tmp_path):
    (tmp_path / "old").mkdir()
    (tmp_path / "old" / MANIFEST).write_text(json.dumps({"game": "pig", "batches": [], "totals": {}}))
    assert "run format version 1" in one_error_line(
        CliRunner().invoke(cli, ["report", str(tmp_path / "old")])
    )


# ---- damaged and missing parts ------------------------------------------------------------------


def test_damaged_and_missing_parts_are_found_and_exactly_those_batches_replayed(tmp_path):
    assert simulate(tmp_path, "clean", *PIG).exit_code == 0
    assert simulate(tmp_path, "hurt", *PIG).exit_code == 0
    run = tmp_path / "hurt"
    truncated = run / "games" / "part-000002.parquet"
    truncated.write_bytes(truncated.read_bytes()[:-100])
    flipped = run / "events" / "part-000007.parquet"
    data = bytearray(flipped.read_bytes())
    data[len(data) // 2] ^= 0x01
    flipped.write_bytes(bytes(data))
    (run / "players" / "part-000009.parquet").unlink()

    report = CliRunner().invoke(cli, ["report", str(run)])
    assert "3 damaged batches" in one_error_line(report)
    verify = CliRunner().invoke(cli, ["verify", str(run)])
    assert verify.exit_code == 1
    assert [line.split(":")[0].strip() for line in verify.output.splitlines() if "batch " in line[:10]] == [
        "batch 2",
        "batch 7",
        "batch 9",
    ]
    resumed = simulate(tmp_path, "hurt", *PIG, "--resume")
    assert resumed.exit_code == 0, resumed.output
    assert "replayed 3 damaged batches: " in resumed.output
    assert CliRunner().invoke(cli, ["verify", str(run)]).exit_code == 0
    for table in ("games", "players", "events"):
        assert_frame_equal(read_sorted(tmp_path / "clean", table), read_sorted(run, table))


def test_verify_of_an_intact_run(tmp_path):
    assert simulate(tmp_path, "ok", *PIG).exit_code == 0
    result = CliRunner().invoke(cli, ["verify", str(tmp_path / "ok")])
    assert result.exit_code == 0 and "12 of 12 batches intact (60 parts" in result.output


def test_a_folder_inside_a_table_folder_is_one_line_on_resume(tmp_path):
    execute(_pig_plan(), tmp_path / "sub", jobs=1, progress=False, stop_after_batches=2)
    (tmp_path / "sub" / "games" / "extra").mkdir()
    assert "a folder inside" in one_error_line(simulate(tmp_path, "sub", *PIG, "--resume"))


# ---- card data checked by content ----------------------------------------------------------------


def _gx_plan(cards: Path):
    return plan_from_options(
        games.get("gosu-x"),
        n_games=4,
        run_seed=1,
        n_players=2,
        strategy_texts=["random"],
        batch_size=2,
        max_turns=None,
        log_events=False,
        game_options={"cards": str(cards)},
    )


def test_resume_after_a_card_edit_is_refused(tmp_path):
    cards = tmp_path / "cards"
    shutil.copytree(ROOT / "decklists" / "gosu_x", cards)
    execute(_gx_plan(cards), tmp_path / "run", jobs=1, progress=False, stop_after_batches=1)
    target = next(p for p in sorted(cards.glob("*.yaml")))
    target.write_text(target.read_text() + "\n# an edit\n")
    with pytest.raises(UserError, match="the card data changed"):
        execute(_gx_plan(cards), tmp_path / "run", jobs=1, progress=False, resume=True)


def test_workers_refuse_card_data_other_than_the_driver_read(tmp_path):
    """A card file edited between the driver reading it and a worker playing: the run stops with one
    line instead of recording games of other cards under the old hash."""
    import dataclasses

    cards = tmp_path / "cards"
    shutil.copytree(ROOT / "decklists" / "gosu_x", cards)
    plan = dataclasses.replace(_gx_plan(cards), card_hash="0" * 16)  # what the driver read earlier
    with pytest.raises(UserError, match="card data changed while the run"):
        execute(plan, tmp_path / "run", jobs=1, progress=False)
    assert read_run(tmp_path / "run").batches == {}


# ---- sweeps never mix points -----------------------------------------------------------------------


SWEEP = ["sweep", "pig", "-n", "20", "--seed", "1", "-s", "hold,random", "--batch-size", "10", "-q"]


def test_sweep_name_reuse_with_another_grid_or_count_or_seed_is_refused(tmp_path):
    base = [*SWEEP, "--out", str(tmp_path), "--name", "sw"]
    first = CliRunner().invoke(cli, [*base, "--vary", "target=20,30"])
    assert first.exit_code == 0, first.output
    again = CliRunner().invoke(cli, [*base, "--vary", "target=40,50"])
    assert "a sweep already exists" in one_error_line(again)
    for change in (["--vary", "target=40,50"], ["--vary", "target=20,30", "-n", "30"]):
        result = CliRunner().invoke(cli, [*base, *change, "--resume"])
        assert "cannot resume" in one_error_line(result)
    other_seed = [*base[:5], "2", *base[6:], "--vary", "target=20,30", "--resume"]
    assert "run_seed" in one_error_line(CliRunner().invoke(cli, other_seed))
    ok = CliRunner().invoke(cli, [*base, "--vary", "target=20,30", "--resume"])
    assert ok.exit_code == 0, ok.output


def _pig_plan():
    return plan_from_options(
        games.get("pig"),
        n_games=60,
        run_seed=3,
        n_players=2,
        strategy_texts=["hold,random"],
        batch_size=5,
        max_turns=None,
        log_events=True,
    )


def test_live_replay_after_a_card_edit_is_refused(tmp_path):
    """A --no-events run replays by playing again: after a card edit that would be another game."""
    cards = tmp_path / "cards"
    shutil.copytree(ROOT / "decklists" / "gosu_x", cards)
    execute(_gx_plan(cards), tmp_path / "run", jobs=1, progress=False)
    ok = CliRunner().invoke(cli, ["replay", str(tmp_path / "run"), "--game", "1"])
    assert ok.exit_code == 0, ok.output
    target = next(p for p in sorted(cards.glob("*.yaml")))
    target.write_text(target.read_text() + "\n# an edit\n")
    result = CliRunner().invoke(cli, ["replay", str(tmp_path / "run"), "--game", "1"])
    assert "the card data changed since this run" in one_error_line(result)


def test_a_sweep_record_compares_as_written():
    """A point's tuple value is the list JSON makes of it: resuming such a sweep is not refused."""
    from cardlab.simulate.core.runformat import SweepRecord

    def record(value, seed=1):
        return SweepRecord(
            "g", [{"name": "x", "values": [value]}], [{"run": "p", "values": {"x": value}}], 3, seed
        )

    assert record((1, 2)).differences(record([1, 2])) == []
    assert record((1, 2)).differences(record([1, 3], seed=2)) == ["axes", "points", "run_seed"]
