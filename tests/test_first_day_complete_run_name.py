"""A second `simulate` under the name of a complete run said "use --resume to complete it" — but a complete
run has nothing to complete (`--resume` only says so). It says the run is complete and to give another
--name; an incomplete one still points to --resume."""

from __future__ import annotations

from click.testing import CliRunner

from cardlab.cli import cli
from cardlab.simulate.core.runformat import read_manifest, write_manifest

RUN = ["simulate", "pig", "-n", "4", "-q", "-j", "1"]


def test_a_complete_runs_name_says_complete_and_an_incomplete_ones_says_resume(tmp_path):
    args = [*RUN, "--out", str(tmp_path), "--name", "r"]
    assert CliRunner().invoke(cli, args).exit_code == 0
    result = CliRunner().invoke(cli, args)
    assert (result.exit_code, result.output) == (
        2,
        f"error: {tmp_path / 'r'}: a complete run already exists there (give another --name)\n",
    )  # old code: "… a run already exists there (use --resume to complete it, or another --name)"
    manifest = read_manifest(tmp_path / "r")
    manifest.status, manifest.stop_reason = "incomplete", "interrupted"
    write_manifest(tmp_path / "r", manifest)
    result = CliRunner().invoke(cli, args)
    assert result.output == (
        f"error: {tmp_path / 'r'}: a run already exists there (use --resume to complete it, or another --name)\n"
    )
