"""Every "cannot resume" line has one form, "KEY: the run|sweep|tune has X, this command gives Y", not
three (a run's "n_games differs (run has 20, this command gives 40)", its options' "max_turns: run has
…", a sweep's "the sweep's n_games differ from this command's" with no values)."""

from __future__ import annotations

from click.testing import CliRunner

from cardlab.cli import cli


def _line(tmp_path, *args):
    result = CliRunner().invoke(cli, [*args, "-j", "1", "-q", "--out", str(tmp_path)])
    assert result.exit_code == (0 if "--resume" not in args else 2), result.output
    return result.output.strip()


def test_every_cannot_resume_line_has_one_form(tmp_path):
    run = ("simulate", "pig", "--name", "r", "--seed", "3")
    _line(tmp_path, *run, "-n", "4")
    line = _line(tmp_path, *run, "-n", "6", "--resume")
    assert line.endswith("r: cannot resume: n_games: the run has 4, this command gives 6"), line
    line = _line(tmp_path, *run, "-n", "4", "--max-turns", "5", "--resume")
    assert line.endswith("r: cannot resume: max_turns: the run has 500, this command gives 5"), line

    sweep = ("sweep", "pig", "--vary", "target=20", "--name", "s", "--seed", "3")
    _line(tmp_path, *sweep, "-n", "2")
    line = _line(tmp_path, *sweep, "-n", "3", "--resume")
    assert line.endswith(
        "s: cannot resume: n_games: the sweep has 2, this command gives 3 (use another --name for a different sweep)"
    ), line
    line = _line(tmp_path, *sweep, "-n", "2", "--max-turns", "5", "--resume")
    assert (
        "s: cannot resume: max_turns: the sweep has " in line
        and ", this command gives 5 (use another" in line
    ), line
