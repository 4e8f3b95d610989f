"""A run left 'running' by a process that died (SIGKILL, out of memory, a power cut) reads as incomplete,
with how to finish it, in `verify`, `report` and the API; a run being written now still reads as running."""

from __future__ import annotations

from click.testing import CliRunner

import cardlab as cl
from cardlab.cli import cli
from cardlab.simulate.core.runfolder import RunLock
from cardlab.simulate.core.runformat import read_manifest, write_manifest
from tests.kernel_helpers import simulate

DIED = "incomplete — its process ended mid-run (killed or crashed); `--resume` completes it"


def left_running(tmp_path):
    """A finished Pig run whose manifest says 'running', as a killed writer leaves it (the runner rewrites
    the manifest only when it stops)."""
    assert simulate(tmp_path, "r", "-n", "20", "--seed", "3", "--batch-size", "5").exit_code == 0
    run = tmp_path / "r"
    manifest = read_manifest(run)
    manifest.status, manifest.stop_reason = "running", None
    write_manifest(run, manifest)
    return run


def test_a_run_whose_writer_died_reads_as_incomplete_everywhere(tmp_path):
    run = left_running(tmp_path)
    verify = CliRunner().invoke(cli, ["verify", str(run)])
    assert verify.exit_code == 0 and f"pig, {DIED}, 4 of 4 batches" in verify.output, verify.output
    report = CliRunner().invoke(cli, ["report", str(run)])
    assert report.exit_code == 0, report.output
    assert f"| status | {DIED} |" in (run / "report.md").read_text()
    assert DIED in repr(cl.Run.open(run))


def test_a_run_being_written_reads_as_running(tmp_path):
    run = left_running(tmp_path)
    with RunLock(run):  # the writer's claim, as the runner holds it
        verify = CliRunner().invoke(cli, ["verify", str(run)])
        assert "pig, running, 4 of 4" in verify.output, verify.output
        assert repr(cl.Run.open(run)).endswith(", running>")
