"""Damaged records of a set of runs (ladder.json, ensemble.json, duel.json): an empty list, a string for a
list, a run named outside the set's folder or a player count that is not the runs' is one line naming the
file and the field (exit 2), never a traceback or a report of something else."""

from __future__ import annotations

import json
import shutil

import pytest
from click.testing import CliRunner

from cardlab.cli import cli

PIG = ["-n", "6", "-j", "1", "-q"]


def one_error_line(result) -> str:
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    return lines[0]


def made(tmp_path, command: list[str], record: str) -> tuple[dict, object]:
    result = CliRunner().invoke(cli, [*command, *PIG, "--out", str(tmp_path), "--name", "set"])
    assert result.exit_code == 0, result.output
    path = tmp_path / "set" / record
    return json.loads(path.read_text()), path


LADDER = ["ladder", "pig", "-s", "hold", "-s", "random"]
ENSEMBLE = ["robust", "pig", "--ensemble", "hold,random"]
DUEL = ["duel", "pig", "-s", "hold", "-s", "random"]
RECORDS = {"ladder": "ladder.json", "robust": "ensemble.json", "duel": "duel.json"}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"runs": []}, "'runs' is empty"),  # was a ValueError traceback (cannot concat empty list)
        ({"policies": "hold"}, "'policies' has the wrong type (str: 'hold')"),  # was read as h, o, l, d
        ({"n_players": True}, "'n_players' has the wrong type (bool: True)"),  # was read as 1
        (
            {"n_players": 3},
            "'n_players' is 3, but run 00-01 has 2 players (a damaged record)",
        ),  # was a report
    ],
)
def test_a_damaged_ladder_record_is_one_line(tmp_path, change, message):
    record, path = made(tmp_path, LADDER, "ladder.json")
    path.write_text(json.dumps(record | change))
    assert (
        one_error_line(CliRunner().invoke(cli, ["report", str(path.parent)])) == f"error: {path}: {message}"
    )


def test_a_set_record_cannot_name_a_run_outside_its_folder(tmp_path):
    record, path = made(tmp_path, LADDER, "ladder.json")
    other = CliRunner().invoke(cli, ["simulate", "pig", *PIG, "--out", str(tmp_path), "--name", "other"])
    assert other.exit_code == 0, other.output
    record["runs"][0]["run"] = "../other"  # was: the report read tmp_path/other as the ladder's run
    path.write_text(json.dumps(record))
    assert one_error_line(CliRunner().invoke(cli, ["report", str(path.parent)])) == (
        f"error: {path}: run name '../other' is not a folder inside {path.parent}"
    )


def test_a_damaged_ensemble_record_is_one_line(tmp_path):
    record, path = made(tmp_path, ENSEMBLE, "ensemble.json")
    path.write_text(json.dumps(record | {"policies": []}))  # was a StopIteration traceback, exit 1
    assert (
        one_error_line(CliRunner().invoke(cli, ["report", str(path.parent)]))
        == f"error: {path}: 'policies' is empty"
    )
    path.write_text(json.dumps(record)[:40])  # cut mid-write
    assert one_error_line(CliRunner().invoke(cli, ["report", str(path.parent)])) == (
        f"error: {path}: unreadable ensemble record (JSONDecodeError)"
    )


def test_a_duel_record_with_another_player_count_is_one_line(tmp_path):
    record, path = made(tmp_path, ["duel", "pig", "-s", "hold", "-s", "random"], "duel.json")
    path.write_text(json.dumps(record | {"n_players": 7}))  # was: "duel hold against random, 7 players"
    assert one_error_line(CliRunner().invoke(cli, ["duel-report", str(path.parent)])) == (
        f"error: {path}: 'n_players' is 7, but run a has 2 players (a damaged record)"
    )


@pytest.mark.parametrize(
    ("command", "run", "report"),
    [
        (LADDER, "00-01", "report"),
        (ENSEMBLE, "01-random", "report"),
        (DUEL, "b", "duel-report"),
    ],
    ids=["ladder", "robust", "duel"],
)
def test_a_set_stopped_before_a_run_says_so_and_how_to_complete_it(tmp_path, command, run, report):
    _, path = made(tmp_path, command, RECORDS[command[0]])
    shutil.rmtree(path.parent / run)  # killed before this run started
    what = command[0]
    # was: "error: …/set/01-random: no such run folder" (a line about the run, not the set)
    assert one_error_line(CliRunner().invoke(cli, [report, str(path.parent)])) == (
        f"error: {path.parent}: incomplete, run {run} has no finished batch yet (the {what} was stopped "
        f"before it); `cardlab {what} … --resume` with its options completes it"
    )


def _interrupt(*args, **kwargs):
    raise KeyboardInterrupt


# Pig's own --target option is the tune's --target too, so a tune of Hidden Reason (its games never start)
TUNE = [
    "tune",
    "hidden-reason",
    "-p",
    "2",
    "--knob",
    "Iron Golem.cost=3..4",
    "--target",
    "deck foundry_engine >= 0.45",
]


@pytest.mark.parametrize(
    "command", [LADDER, ENSEMBLE, DUEL, ["sweep", "pig", "--vary", "players=2,3"]], ids=lambda c: c[0]
)
def test_ctrl_c_in_a_set_names_the_set_and_how_to_resume_it(tmp_path, monkeypatch, command):
    monkeypatch.setattr("cardlab.runset.execute", _interrupt)  # ladder, robust, duel
    monkeypatch.setattr("cardlab.simulate.core.runner.execute", _interrupt)  # sweep (api._execute)
    args = [*command, *PIG, "--out", str(tmp_path)]
    monkeypatch.setattr("sys.argv", ["cardlab", *args])
    result = CliRunner().invoke(cli, args)
    # was (ladder, robust, duel): "aborted", exit 1; (sweep without --name): a resume line naming the point
    assert result.exit_code == 130, result.output
    folder = next(p for p in tmp_path.iterdir() if p.name != "latest")
    lines = result.output.strip().splitlines()
    assert lines[-2] == f"interrupted: finished batches are kept in {folder}/; resume with"
    assert lines[-1].endswith(f"--out {tmp_path} --name {folder.name} --resume")


def test_ctrl_c_in_a_tune_before_its_first_record_says_there_is_nothing_to_resume(tmp_path, monkeypatch):
    monkeypatch.setattr("cardlab.tune.play_game", _interrupt)  # in the check games, before tune.json
    args = [*TUNE, "-n", "6", "-j", "1", "--out", str(tmp_path)]
    monkeypatch.setattr("sys.argv", ["cardlab", *args])
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 130, result.output  # was: "aborted", exit 1
    assert (
        result.output.strip().splitlines()[-1]
        == "interrupted before anything was written; run the command again"
    )
    assert not any(tmp_path.iterdir())


def test_an_interrupted_ladder_report_says_so(tmp_path):
    from cardlab.simulate.core.runformat import read_manifest, write_manifest

    _, path = made(tmp_path, LADDER, "ladder.json")
    run = path.parent / "00-01"
    manifest = read_manifest(run)
    manifest.status, manifest.stop_reason = "incomplete", "interrupted"
    write_manifest(run, manifest)
    result = CliRunner().invoke(cli, ["report", str(path.parent)])
    assert result.exit_code == 0, result.output
    lines = [line.strip() for line in result.output.splitlines()]
    # was: the ratings of a stopped ladder read as the whole ladder's
    assert "incomplete: 00-01 (incomplete, 6 of 6 games) — `cardlab ladder … --resume` completes it" in lines


@pytest.mark.parametrize("command", [LADDER, ENSEMBLE, DUEL], ids=lambda c: c[0])
def test_a_set_being_written_by_another_command_is_one_line(tmp_path, command):
    from cardlab.simulate.core.runfolder import RunLock

    # another ladder, robust or duel command of the same name, started a moment before, holds the folder:
    # was (on a race between the two checks and writes) a folder with both commands' records and runs
    with RunLock(tmp_path / "set"):
        result = CliRunner().invoke(cli, [*command, *PIG, "--out", str(tmp_path), "--name", "set"])
    line = one_error_line(result)
    assert (
        line.startswith(f"error: {tmp_path / 'set'}: another cardlab process (pid ") and "is writing" in line
    )
    assert [p.name for p in (tmp_path / "set").iterdir()] == [".lock"]


@pytest.mark.parametrize(
    ("command", "run", "stranger", "message"),
    [
        (
            LADDER,
            "00-01",
            ["pig", "-s", "hold"],
            "its seats play hold, but the ladder folder's record gives it hold, random",
        ),
        (
            ENSEMBLE,
            "01-random",
            ["pig", "-s", "hold"],
            "its seats play hold, but the robust folder's record gives it random",
        ),
        (LADDER, "00-01", ["gosu-x", "-s", "random"], "a gosu-x run in a pig ladder folder"),
        (ENSEMBLE, "00-hold", ["gosu-x", "-s", "random"], "a gosu-x run in a pig robust folder"),
    ],
    ids=["ladder-policies", "robust-policies", "ladder-game", "robust-game"],
)
def test_a_run_copied_into_a_set_from_elsewhere_is_one_line(tmp_path, command, run, stranger, message):
    """A run of another game or of other policies put in a ladder's or an ensemble's place was read as
    the set's: a Hidden Reason run's 'sensible' seats joined a Gosu X ladder's ratings, a copy of the
    hold run stood for random. Each is named (exit 2), not reported."""
    _, path = made(tmp_path, command, RECORDS[command[0]])
    other = CliRunner().invoke(cli, ["simulate", *stranger, *PIG, "--out", str(tmp_path), "--name", "other"])
    assert other.exit_code == 0, other.output
    shutil.rmtree(path.parent / run)
    shutil.copytree(tmp_path / "other", path.parent / run)
    assert one_error_line(CliRunner().invoke(cli, ["report", str(path.parent)])) == (
        f"error: {path.parent / run}: {message}"
    )
