"""Folders that are not one whole run: `cardlab verify` of a results folder where one run's manifest is
unreadable lists that run as damaged and checks the others; `report` of a file says it is not a folder;
a sweep killed before any point finished a batch says so, in one line (exit 2), instead of blaming a point
or "no manifest.json"."""

from __future__ import annotations

import shutil

import pytest
from click.testing import CliRunner

from cardlab.cli import cli
from cardlab.simulate.core.runformat import BATCHES, read_manifest, write_manifest

RUN = ["simulate", "pig", "-n", "10", "-q", "-j", "1"]
SWEEP = ["sweep", "pig", "--vary", "players=2,3", "-n", "10", "-q", "-j", "1", "--name", "s"]


def one_error_line(result) -> str:
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    return lines[0]


def test_verify_of_a_results_folder_goes_on_past_an_unreadable_manifest(tmp_path):
    for name in ("a", "b", "c"):
        assert CliRunner().invoke(cli, [*RUN, "--out", str(tmp_path), "--name", name]).exit_code == 0
    (tmp_path / "b" / "manifest.json").write_text('{"game": ')  # cut mid-write
    result = CliRunner().invoke(cli, ["verify", str(tmp_path)])  # was: one error line about b, exit 2
    assert result.exit_code == 1, result.output
    lines = result.output.strip().splitlines()
    assert lines[0] == f"{tmp_path}: a folder of 3 runs, 1 damaged"
    assert sum(line.startswith((f"{tmp_path / 'a'}: ", f"{tmp_path / 'c'}: ")) for line in lines) == 2
    assert (
        f"{tmp_path / 'b' / 'manifest.json'}: unreadable manifest (JSONDecodeError) (damaged; not checked further)"
        in lines
    )


def test_report_of_a_file_says_not_a_folder(tmp_path):
    assert CliRunner().invoke(cli, [*RUN, "--out", str(tmp_path), "--name", "a"]).exit_code == 0
    manifest = tmp_path / "a" / "manifest.json"
    for command in (["report", str(manifest)], ["verify", str(manifest)]):
        result = CliRunner().invoke(cli, command)  # was: "no such run folder", though it exists
        assert one_error_line(result) == (
            f"error: {manifest}: not a folder (a run is the folder that holds manifest.json); it is inside the "
            f"run {tmp_path / 'a'}: give that folder"
        )


def test_a_sweep_with_no_finished_point_is_one_line(tmp_path):
    assert CliRunner().invoke(cli, [*SWEEP, "--out", str(tmp_path)]).exit_code == 0
    folder = tmp_path / "s"
    for point in ("p000-players=2", "p001-players=3"):  # both points killed before their first batch
        manifest = read_manifest(folder / point)
        manifest.status, manifest.stop_reason = "incomplete", "interrupted"
        write_manifest(folder / point, manifest)
        (folder / point / BATCHES).write_text("")
    expected = (
        f"error: {folder}: the sweep has no finished point yet (0 of 2 points have a finished batch); "
        "`cardlab sweep … --resume` with the sweep's options continues it"
    )
    # was: "error: …/p000-players=2: the run has no finished batch yet"
    assert one_error_line(CliRunner().invoke(cli, ["report", str(folder)])) == expected
    shutil.rmtree(folder / "p000-players=2")
    shutil.rmtree(folder / "p001-players=3")  # killed before the first point's manifest
    # was: "error: …/s: not a cardlab run folder (no manifest.json)"
    assert one_error_line(CliRunner().invoke(cli, ["report", str(folder)])) == expected
    result = CliRunner().invoke(cli, ["verify", str(folder)])
    assert result.exit_code == 0 and result.output.splitlines()[0] == (
        f"{folder}: a folder of 0 runs, 0 damaged; 2 of 2 planned runs not played yet (p000-players=2, "
        "p001-players=3): `cardlab sweep … --resume` with its options plays them"
    )


def test_a_sweep_reports_the_points_it_has_and_names_a_point_with_no_batch(tmp_path):
    assert CliRunner().invoke(cli, [*SWEEP, "--out", str(tmp_path)]).exit_code == 0
    folder, point = tmp_path / "s", "p001-players=3"
    manifest = read_manifest(folder / point)
    manifest.status, manifest.stop_reason = "incomplete", "interrupted"
    write_manifest(folder / point, manifest)
    (folder / point / BATCHES).write_text("")
    result = CliRunner().invoke(cli, ["report", str(folder)])  # was: one error line about p001, exit 2
    assert result.exit_code == 0, result.output
    lines = [line.strip() for line in result.output.splitlines()]
    assert "incomplete: p001-players=3 (no finished batch yet; not in the tables)" in lines
    assert not any(line.startswith("missing:") for line in lines)


def test_out_inside_a_run_or_a_sweep_is_refused_and_writes_nothing(tmp_path):
    assert CliRunner().invoke(cli, [*RUN, "--out", str(tmp_path), "--name", "a"]).exit_code == 0
    assert CliRunner().invoke(cli, [*SWEEP, "--out", str(tmp_path)]).exit_code == 0
    inside = tmp_path / "a" / "games"  # was: run b written among run a's parts, and a's 'latest' link moved
    result = CliRunner().invoke(cli, [*RUN, "--out", str(inside), "--name", "b"])
    assert one_error_line(result) == (
        f"error: --out {inside}: inside the run folder {tmp_path / 'a'}; give the folder that holds runs, "
        f"e.g. --out {tmp_path}"
    )
    assert not (inside / "b").exists()
    sweep = tmp_path / "s"  # was: run b joined the sweep's report as a third point
    result = CliRunner().invoke(cli, [*RUN, "--out", str(sweep), "--name", "b"])
    assert one_error_line(result) == (
        f"error: --out {sweep}: the folder of one sweep (sweep.json); a run written there would mix into "
        f"its report; give another folder, e.g. --out {tmp_path}"
    )
    assert not (sweep / "b").exists()


def test_a_sweep_report_leaves_out_runs_it_did_not_make(tmp_path):
    assert CliRunner().invoke(cli, [*SWEEP, "--out", str(tmp_path)]).exit_code == 0
    assert CliRunner().invoke(cli, [*RUN, "--out", str(tmp_path), "--name", "stray"]).exit_code == 0
    shutil.move(tmp_path / "stray", tmp_path / "s" / "stray")  # copied in by hand
    result = CliRunner().invoke(cli, ["report", str(tmp_path / "s")])
    assert result.exit_code == 0, result.output
    lines = [line.strip() for line in result.output.splitlines()]
    assert "runs: 2: p000-players=2, p001-players=3" in lines  # was: "runs: 3: p000…, p001…, stray"
    assert "not in the sweep: stray (runs the sweep did not make; left out)" in lines


def test_verify_of_a_results_folder_checks_the_runs_of_its_sweeps_too(tmp_path):
    assert CliRunner().invoke(cli, [*RUN, "--out", str(tmp_path), "--name", "a"]).exit_code == 0
    assert CliRunner().invoke(cli, [*SWEEP, "--out", str(tmp_path)]).exit_code == 0
    (tmp_path / "s" / "p001-players=3" / BATCHES).write_text("")  # a sweep's point damaged
    result = CliRunner().invoke(cli, ["verify", str(tmp_path)])
    # was: "a folder of 1 runs, 0 damaged", exit 0: the sweep's runs were not looked at
    assert result.exit_code == 1, result.output
    assert result.output.splitlines()[0] == f"{tmp_path}: a folder of 3 runs, 1 damaged"


@pytest.mark.parametrize(
    "command",
    [
        ["ladder", "pig", "-s", "hold", "-s", "random"],
        ["duel", "pig", "-s", "hold", "-s", "random"],
        ["robust", "pig", "--ensemble", "hold,random"],
        ["sweep", "pig", "--vary", "players=2,3"],
    ],
    ids=lambda c: c[0],
)
def test_a_set_named_as_an_existing_run_is_refused(tmp_path, command):
    assert CliRunner().invoke(cli, [*RUN, "--out", str(tmp_path), "--name", "a"]).exit_code == 0
    before = sorted(p.name for p in (tmp_path / "a").iterdir())
    args = [*command, "-n", "4", "-q", "-j", "1", "--out", str(tmp_path), "--name", "a"]
    result = CliRunner().invoke(cli, args)  # was (ladder, duel, robust): written into run a's folder, exit 0
    assert (
        one_error_line(result)
        == f"error: {tmp_path / 'a'}: folder exists and is not empty (give another --name)"
    )
    assert sorted(p.name for p in (tmp_path / "a").iterdir()) == before


def test_a_command_of_one_run_given_a_folder_of_runs_names_one(tmp_path):
    """`compare`, `replay` and `meta` of a sweep's folder say what the folder is and name one of its runs,
    not only "not a cardlab run folder (no manifest.json)"."""
    assert CliRunner().invoke(cli, [*SWEEP, "--out", str(tmp_path)]).exit_code == 0
    folder = tmp_path / "s"
    expected = (
        f"error: {folder}: not a cardlab run folder (no manifest.json); it is the folder of a sweep: give one "
        f"of its 2 runs, e.g. {folder / 'p000-players=2'}"
    )
    for command in (["compare", str(folder), str(folder)], ["replay", str(folder), "--game", "0"]):
        assert one_error_line(CliRunner().invoke(cli, command)) == expected
    assert CliRunner().invoke(cli, [*RUN, "--out", str(tmp_path), "--name", "a"]).exit_code == 0
    plain = ["replay", str(tmp_path), "--game", "0"]  # the results folder: a run, no set record
    assert one_error_line(CliRunner().invoke(cli, plain)) == (
        f"error: {tmp_path}: not a cardlab run folder (no manifest.json); it is a folder of runs: give one of "
        f"its 1 run, e.g. {tmp_path / 'a'}"
    )


@pytest.mark.parametrize(
    ("command", "args", "gone", "planned"),
    [
        ("ladder", ["-s", "sensible", "-s", "random", "-s", "battle"], "00-02", 3),
        ("duel", ["-s", "sensible", "-s", "random"], "b", 2),
        ("robust", ["--ensemble", "sensible,random"], "01-random", 2),
    ],
)
def test_verify_names_the_runs_a_set_planned_and_never_played(tmp_path, command, args, gone, planned):
    """A ladder, duel or ensemble stopped before one of its runs verified as "0 damaged" and said nothing
    of the run its report then refused: verify names it and the command that plays it (not damage: exit 0)."""
    made = CliRunner().invoke(
        cli, [command, "gosu-x", *args, "-n", "4", "-j", "1", "-q", "--out", str(tmp_path), "--name", "set"]
    )
    assert made.exit_code == 0, made.output
    folder = tmp_path / "set"
    shutil.rmtree(folder / gone)
    report = CliRunner().invoke(cli, ["report" if command != "duel" else "duel-report", str(folder)])
    assert report.exit_code == 2 and f"run {gone} has no finished batch yet" in report.output
    result = CliRunner().invoke(cli, ["verify", str(folder)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == (
        f"{folder}: a folder of {planned - 1} run{'s' * (planned > 2)}, 0 damaged; 1 of {planned} planned runs "
        f"not played yet "
        f"({gone}): `cardlab {command} … --resume` with its options plays them"
    )
