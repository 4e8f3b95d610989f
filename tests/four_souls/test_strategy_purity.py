"""A game is a pure function of its config and seed (DESIGN: Determinism and purity): the players read
the run's own cards (``--cards`` overlays included), and no memo of theirs outlives the card data it read.
The same config gives identical events fresh, after another config in the same process, and as a sweep
point."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner
from polars.testing import assert_frame_equal

from cardlab.cli import cli
from tests.kernel_helpers import read_sorted

DATA = Path(__file__).parent / "data"
OVERLAY = "purity_overlay.yaml"  # relative to DATA (a sweep axis splits values at "/")
ARGS = ("-n", "16", "--seed", "9", "-j", "1", "-q", "--players", "4", "-s", "sensible,aggro,hoarder,sensible")
ROOT = Path(__file__).resolve().parents[2]


def _simulate(out: Path, name: str, *extra: str) -> None:
    result = CliRunner().invoke(
        cli, ["simulate", "four-souls", "--out", str(out), "--name", name, *ARGS, *extra]
    )
    assert result.exit_code == 0, result.output


def _same(a: Path, b: Path) -> None:
    for table in ("events", "players"):
        base = read_sorted(a, table)
        assert base.height > 0
        assert_frame_equal(base, read_sorted(b, table).select(base.columns))


def test_overlay_run_is_the_same_fresh_after_defaults_and_in_a_sweep(tmp_path, monkeypatch):
    monkeypatch.chdir(DATA)
    cmd = [sys.executable, "-c", "from cardlab.cli import main; main()", "simulate", "four-souls"]
    fresh = subprocess.run(
        [*cmd, "--out", str(tmp_path), "--name", "fresh", *ARGS, "--cards", OVERLAY],
        cwd=DATA,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(ROOT), "PATH": ""},
    )
    assert fresh.returncode == 0, fresh.stderr
    _simulate(tmp_path, "defaults")  # the bundled cards first, in this process
    _simulate(tmp_path, "after", "--cards", OVERLAY)
    _same(tmp_path / "fresh", tmp_path / "after")
    sweep = CliRunner().invoke(
        cli,
        [
            "sweep",
            "four-souls",
            "--vary",
            f"cards=purity_other.yaml,{OVERLAY}",
            "--out",
            str(tmp_path),
            "--name",
            "sw",
            *ARGS,
        ],
    )
    assert sweep.exit_code == 0, sweep.output
    points = sorted(p for p in (tmp_path / "sw").iterdir() if p.is_dir())
    assert len(points) == 2
    _same(tmp_path / "fresh", points[1])


def test_overlay_changes_how_the_players_play(tmp_path, monkeypatch):
    """The overlay is not a no-op for the players: the same seed plays differently with it."""
    monkeypatch.chdir(DATA)
    _simulate(tmp_path, "defaults")
    _simulate(tmp_path, "overlay", "--cards", OVERLAY)
    assert not read_sorted(tmp_path / "defaults", "events").equals(
        read_sorted(tmp_path / "overlay", "events")
    )
