"""Damaged or unfinished folders of runs: `cardlab report` of a sweep whose sweep.json is of the wrong shape
or not JSON, and `duel-report` of a damaged duel.json, are one line (exit 2), as a damaged manifest is; a
sweep's points with no run or an unfinished one are named in the header instead of reading as the grid."""

from __future__ import annotations

import json
import shutil

from click.testing import CliRunner

from cardlab.cli import cli
from cardlab.simulate.core.runformat import read_manifest, write_manifest

ARGS = ["sweep", "pig", "--vary", "players=2,3", "-n", "10", "-q", "-j", "1", "--name", "s"]


def sweep(tmp_path):
    result = CliRunner().invoke(cli, [*ARGS, "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    return tmp_path / "s"


def one_error_line(result) -> str:
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    return lines[0]


def test_a_damaged_sweep_record_is_one_line(tmp_path):
    folder = sweep(tmp_path)
    record = json.loads((folder / "sweep.json").read_text())
    (folder / "sweep.json").write_text(json.dumps({**record, "axes": "players"}))
    result = CliRunner().invoke(cli, ["report", str(folder)])  # was a TypeError traceback, exit 1
    assert (
        one_error_line(result)
        == f"error: {folder / 'sweep.json'}: 'axes' has the wrong type (str: 'players')"
    )
    (folder / "sweep.json").write_text('{"game": "pig", ')  # cut mid-write: was ignored, exit 0
    result = CliRunner().invoke(cli, ["report", str(folder)])
    assert (
        one_error_line(result) == f"error: {folder / 'sweep.json'}: unreadable sweep record (JSONDecodeError)"
    )


def test_missing_and_unfinished_points_are_named(tmp_path):
    folder = sweep(tmp_path)
    shutil.rmtree(folder / "p001-players=3")
    manifest = read_manifest(folder / "p000-players=2")
    manifest.status, manifest.stop_reason = "incomplete", "interrupted"
    write_manifest(folder / "p000-players=2", manifest)
    result = CliRunner().invoke(cli, ["report", str(folder)])
    assert result.exit_code == 0, result.output
    lines = [line.strip() for line in result.output.splitlines()]
    assert (
        "missing: 1 of 2 points have no run: p001-players=3 (`cardlab sweep … --resume` completes the sweep)"
        in lines
    )
    assert "incomplete: p000-players=2 (incomplete — interrupted)" in lines


def test_a_damaged_duel_record_is_one_line(tmp_path):
    args = ["duel", "pig", "-s", "hold", "-s", "random", "-n", "6", "-j", "1", "-q", "--out", str(tmp_path)]
    assert CliRunner().invoke(cli, [*args, "--name", "d"]).exit_code == 0
    record = tmp_path / "d" / "duel.json"
    for damaged in ("[]", "{}"):  # were a TypeError and a KeyError traceback, exit 1
        record.write_text(damaged)
        result = CliRunner().invoke(cli, ["duel-report", str(tmp_path / "d")])
        assert one_error_line(result) == f"error: {record}: 'a' is missing or not a str (a damaged record)"
