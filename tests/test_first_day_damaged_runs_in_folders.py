"""Folders of runs with damaged runs in them. `report` of a folder of independent runs (a results folder,
a sweep) reports the runs it can read and names each one left out with why (a header line each, and a
warning); when none can be read, and in every command whose figures pair or pool runs (`compare`,
`robust`'s report and compare, `ladder`, `duel-report`), it refuses naming every unreadable run, one
line each, then the count, exit 2 — not only the first, which sent the user to fix one run and meet the
next. Also: a folder-of-runs report's header keys are aligned however long the longest is."""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from cardlab.cli import cli

QUICK = ["-n", "10", "-q", "-j", "1"]


def _ok(args: list[str]) -> None:
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output


def _newer(run: Path) -> str:
    """Make ``run`` a run of a newer format: the line its report gives."""
    manifest = json.loads((run / "manifest.json").read_text())
    manifest["format_version"] = 99
    (run / "manifest.json").write_text(json.dumps(manifest))
    return f"{run / 'manifest.json'}: run format version 99 (written by a newer cardlab)"


def _cut(run: Path) -> str:
    """Damage a part of ``run``'s first batch: the start of the line its report gives."""
    part = sorted((run / "games").glob("part-*.parquet"))[0]
    part.write_bytes(part.read_bytes() + b"xx")
    return f"{run}: 1 damaged batch, e.g. batch 0: games/{part.name} has"


def _errors(args: list[str]) -> list[str]:
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2, result.output
    return result.stderr.splitlines()


def _named(lines: list[str], *starts: str, runs: int) -> None:
    assert len(lines) == len(starts) + 1, lines
    for line, start in zip(lines, starts, strict=False):
        assert line.startswith(f"error: {start}"), (line, start)
    assert lines[-1] == f"error: {len(starts)} of {runs} runs cannot be read (each named above)"


def test_a_results_folder_reports_the_runs_it_can_read_and_names_each_left_out(tmp_path):
    for name in ("a", "b", "c"):
        _ok(["simulate", "pig", *QUICK, "--out", str(tmp_path), "--name", name])
    newer, cut = _newer(tmp_path / "b"), _cut(tmp_path / "c")
    result = CliRunner().invoke(cli, ["report", str(tmp_path), "-q"])
    assert result.exit_code == 0, result.output  # was: exit 2, one line about b; c not named
    header = result.stdout.split("\n\n")[0].splitlines()
    left_out = [line.split(": ", 1)[1] for line in header if line.strip().startswith("left out:")]
    assert len(left_out) == 2 and left_out[0].startswith(newer) and left_out[1].startswith(cut), header
    assert "            runs: 1: a" in header
    assert result.stderr.splitlines() == [
        f"warning: 2 of 3 runs left out, as they cannot be read (each named in the header); "
        f"`cardlab verify {tmp_path}` checks every run"
    ]
    assert "left out" in (tmp_path / "report.md").read_text()


def test_a_folder_of_only_unreadable_runs_names_every_one(tmp_path):
    for name in ("a", "b"):
        _ok(["simulate", "pig", *QUICK, "--out", str(tmp_path), "--name", name])
    newer, cut = _newer(tmp_path / "a"), _cut(tmp_path / "b")
    _named(_errors(["report", str(tmp_path), "-q"]), newer, cut, runs=2)
    assert not (tmp_path / "report.md").exists()


def test_compare_names_both_runs_when_both_are_unreadable(tmp_path):
    for name in ("a", "b"):
        _ok(["simulate", "pig", *QUICK, "--out", str(tmp_path), "--name", name])
    newer, cut = _newer(tmp_path / "a"), _cut(tmp_path / "b")
    _named(_errors(["compare", str(tmp_path / "a"), str(tmp_path / "b")]), newer, cut, runs=2)


def test_an_ensemble_names_every_unreadable_run_in_its_report_and_compare(tmp_path):
    for name in ("e1", "e2"):
        _ok(["robust", "pig", "--ensemble", "hold,random", *QUICK, "--out", str(tmp_path), "--name", name])
    first = _newer(tmp_path / "e1" / "00-hold"), _cut(tmp_path / "e1" / "01-random")
    _named(_errors(["report", str(tmp_path / "e1"), "-q"]), *first, runs=2)
    second = _cut(tmp_path / "e2" / "00-hold")
    _named(_errors(["compare", str(tmp_path / "e1"), str(tmp_path / "e2")]), *first, second, runs=4)


def test_a_ladder_names_every_unreadable_run(tmp_path):
    strategies = ["-s", "hold", "-s", "random", "-s", "hold:at=5"]
    _ok(["ladder", "pig", *strategies, *QUICK, "--out", str(tmp_path), "--name", "l"])
    runs = sorted(p for p in (tmp_path / "l").iterdir() if (p / "manifest.json").is_file())
    assert len(runs) == 3
    damaged = _newer(runs[0]), _cut(runs[2])
    _named(_errors(["report", str(tmp_path / "l"), "-q"]), *damaged, runs=3)


def test_duel_report_names_every_unreadable_run_of_every_folder(tmp_path):
    for name, seed in (("d1", "1"), ("d2", "2")):
        _ok(
            [
                "duel",
                "pig",
                "-s",
                "hold",
                "-s",
                "random",
                *QUICK,
                "--seed",
                seed,
                "--out",
                str(tmp_path),
                "--name",
                name,
            ]
        )
    damaged = _cut(tmp_path / "d1" / "b"), _newer(tmp_path / "d2" / "a")
    _named(_errors(["duel-report", str(tmp_path / "d1"), str(tmp_path / "d2")]), *damaged, runs=4)


def test_a_folder_of_runs_header_aligns_its_keys(tmp_path):
    for name in ("a", "b"):
        _ok(["simulate", "pig", *QUICK, "--out", str(tmp_path), "--name", name])
    result = CliRunner().invoke(cli, ["report", str(tmp_path), "-q"])
    header = result.stdout.split("\n\n")[0].splitlines()
    assert any(line.startswith("card-data hashes: ") for line in header), header  # the longest key
    colons = {re.match(r"\s*[^:]+:", line).end() for line in header}
    assert colons == {len("card-data hashes:")}, header  # was: that key one column past the others


def test_a_folder_of_two_games_reports_the_game_it_can_read(tmp_path):
    _ok(["simulate", "pig", *QUICK, "--out", str(tmp_path), "--name", "p"])
    _ok(["simulate", "gosu-x", "-n", "2", "-q", "-j", "1", "--out", str(tmp_path), "--name", "g"])
    cut = _cut(tmp_path / "p")  # the only pig run: its whole part cannot be built
    result = CliRunner().invoke(cli, ["report", str(tmp_path), "-q"])
    assert result.exit_code == 0, result.output  # was: exit 2, one line about p; gosu-x not reported
    header = result.stdout.split("\n\n")[0].splitlines()
    assert [line.split(": ", 1)[1][: len(cut)] for line in header if "left out:" in line] == [cut], header
    assert "gosu-x: runs: 1: g" in [line.strip() for line in header]
    assert result.stderr.splitlines()[-1].startswith("warning: 1 of 2 runs left out")
