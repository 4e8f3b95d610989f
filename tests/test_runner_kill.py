"""A run killed with SIGKILL mid-way resumes to exactly the content of a clean run (issue 8)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from polars.testing import assert_frame_equal

from cardlab.simulate.core.errors import UserError
from tests.kernel_helpers import manifest_of, read_sorted

ROOT = Path(__file__).resolve().parent.parent
ARGS = ["-n", "1000", "--seed", "11", "-s", "hold,random", "--batch-size", "25", "--pause-ms", "3", "-q"]


def cli(tmp_path: Path, name: str, *extra: str) -> subprocess.Popen:
    cmd = [
        sys.executable,
        "-m",
        "tests.pig_cli",
        "simulate",
        "pig",
        "--out",
        str(tmp_path),
        "--name",
        name,
        *ARGS,
        *extra,
    ]
    return subprocess.Popen(
        cmd, cwd=ROOT, start_new_session=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )


def listed_batches(run: Path) -> int:
    try:
        return len(manifest_of(run)["batches"])
    except UserError:  # not started yet
        return 0


def test_sigkill_then_resume_equals_a_clean_run(tmp_path):
    clean = cli(tmp_path, "clean", "--jobs", "1")
    victim = cli(tmp_path, "victim", "--jobs", "2")
    deadline = time.monotonic() + 60
    while listed_batches(tmp_path / "victim") < 3 and time.monotonic() < deadline and victim.poll() is None:
        time.sleep(0.02)
    assert victim.poll() is None, "the run finished before it could be killed; make it longer"
    os.killpg(victim.pid, signal.SIGKILL)  # the driver and its workers, mid-batch
    victim.wait()
    manifest = manifest_of(tmp_path / "victim")
    assert manifest["status"] == "running" and 3 <= len(manifest["batches"]) < 40
    resumed = cli(tmp_path, "victim", "--jobs", "2", "--resume")
    assert resumed.wait(timeout=120) == 0, resumed.stderr.read().decode()
    assert clean.wait(timeout=120) == 0, clean.stderr.read().decode()
    for table in ("games", "players", "events"):
        want = read_sorted(tmp_path / "clean", table)
        got = read_sorted(tmp_path / "victim", table)
        assert_frame_equal(want, got.select(want.columns))
    assert read_sorted(tmp_path / "victim", "games")["game_id"].to_list() == list(range(1000))
    assert manifest_of(tmp_path / "victim")["status"] == "complete"
    leftovers = [p.name for p in (tmp_path / "victim").rglob(".*tmp")]
    assert leftovers == []


def test_a_dying_worker_does_not_hang_the_run(tmp_path):
    """Batches whose worker dies are retried once alone, then recorded as failed (issue 8)."""
    from cardlab.simulate.core.seeds import game_seed
    from tests.kernel_helpers import simulate

    args = ("-n", "120", "--seed", "5", "-s", "hold,random", "--batch-size", "10", "--jobs", "2")
    deadly = [i for i in range(120) if game_seed(5, i) % 31 == 0]
    assert deadly, "pick a divisor that kills at least one game"
    result = simulate(tmp_path, "dies", *args, "--die-every", "31")
    assert result.exit_code == 1, result.output
    errors = read_sorted(tmp_path / "dies", "errors")
    dead_batches = {i // 10 for i in deadly}
    assert set(errors["game_id"].to_list()) == {g for b in dead_batches for g in range(b * 10, b * 10 + 10)}
    assert set(errors["error_type"].to_list()) == {"WorkerDiedError"}
    assert simulate(tmp_path, "clean", *args).exit_code == 0
    clean = read_sorted(tmp_path / "clean", "games").drop("config_hash")
    survived = read_sorted(tmp_path / "dies", "games").drop("config_hash")
    assert_frame_equal(clean.filter(~clean["game_id"].is_in(errors["game_id"].to_list())), survived)
