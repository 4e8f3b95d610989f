"""`--resume` of a name that holds another command's folder says what is there and which command resumes
it: `robust … --name L --resume` of a ladder's folder said only "nothing to resume (no ensemble of that
name)", though the name was taken, and `sweep --resume` of a run "not a sweep folder"."""

from __future__ import annotations

import shlex

from click.testing import CliRunner

from cardlab.cli import cli


def _invoke(command: str, tmp_path) -> str:
    result = CliRunner().invoke(
        cli, [*shlex.split(command), "-n", "2", "-j", "1", "-q", "--out", str(tmp_path)]
    )
    assert result.exit_code == 2, result.output
    return result.output


def test_a_resume_of_another_commands_folder_says_what_it_holds(tmp_path):
    made = CliRunner().invoke(
        cli, [*shlex.split("ladder pig -s hold -s random -n 2 -j 1 -q --name l"), "--out", str(tmp_path)]
    )
    assert made.exit_code == 0, made.output
    ran = CliRunner().invoke(
        cli, [*shlex.split("simulate pig -n 2 -j 1 -q --name r"), "--out", str(tmp_path)]
    )
    assert ran.exit_code == 0, ran.output
    ladder, run = tmp_path / "l", tmp_path / "r"
    held = "; the folder holds a ladder (resume it with `cardlab ladder`)\n"
    assert _invoke("robust pig --ensemble hold,random --name l --resume", tmp_path) == (
        f"error: {ladder}: nothing to resume (no ensemble of that name){held}"
    )
    assert _invoke("simulate pig --name l --resume", tmp_path) == (
        f"error: {ladder}: nothing to resume (no run of that name){held}"
    )
    assert _invoke("sweep pig --vary target=20,30 --name r --resume", tmp_path) == (
        f"error: {run}: not a sweep folder (no sweep.json); the folder holds a run (resume it with "
        "`cardlab simulate`)\n"
    )
    assert _invoke("ladder pig -s hold -s random --name nothing --resume", tmp_path) == (
        f"error: {tmp_path / 'nothing'}: nothing to resume (no ladder of that name)\n"
    )
