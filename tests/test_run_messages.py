"""A run's last line says why it stopped; Ctrl-C says how to resume (issue 18, item 7)."""

from __future__ import annotations

import sys

from click.testing import CliRunner

import cardlab.simulate.core.runner as runner
from cardlab.cli import cli, resume_command


def test_final_line_says_why_the_run_stopped(tmp_path):
    args = ["simulate", "hidden-reason", "-n", "500", "-q", "-j", "1", "--out", str(tmp_path)]
    out = CliRunner().invoke(cli, [*args, "--name", "ci", "--until-ci", "0.2", "--batch-size", "50"])
    assert out.exit_code == 0, out.output
    assert "stopped: until-ci: every strategy's 95% interval half-width ≤ 0.2" in out.output
    plain = CliRunner().invoke(cli, [*args[:3], "4", *args[4:], "--name", "plain"])
    assert "stopped: all games played" in plain.output


def test_ctrl_c_says_how_to_resume(tmp_path, monkeypatch):
    def interrupted(plan, out, **kwargs):
        out.mkdir(parents=True)  # the run had started: its folder holds what it finished
        raise KeyboardInterrupt

    monkeypatch.setattr(runner, "execute", interrupted)
    monkeypatch.setattr(sys, "argv", ["cardlab", "simulate", "gosu-x", "-n", "50", "--out", str(tmp_path)])
    out = CliRunner().invoke(cli, ["simulate", "gosu-x", "-n", "50", "--out", str(tmp_path), "--name", "r"])
    assert out.exit_code == 130
    assert "interrupted: finished batches are kept" in out.output
    assert f"cardlab simulate gosu-x -n 50 --out {tmp_path} --name r --resume" in out.output  # one --out
    monkeypatch.setattr(sys, "argv", ["cardlab", "simulate", "gosu-x", "--name", "x"])
    assert resume_command(tmp_path / "x") == "cardlab simulate gosu-x --name x --resume"
