"""`cardlab verify` of a run stopped by Ctrl-C said "6 of 8 batches intact": the two never played read as
damaged. It counts the finished batches and says how many are not played yet, and that `--resume` plays
them; a complete run's line is unchanged."""

from __future__ import annotations

from click.testing import CliRunner

from cardlab.cli import cli
from cardlab.simulate.core.runformat import BATCHES, read_manifest, write_manifest

RUN = ["simulate", "pig", "-n", "20", "--batch-size", "5", "-q", "-j", "1"]


def test_verify_of_a_stopped_run_tells_unplayed_batches_from_damaged_ones(tmp_path):
    assert CliRunner().invoke(cli, [*RUN, "--out", str(tmp_path), "--name", "r"]).exit_code == 0
    run = tmp_path / "r"
    complete = CliRunner().invoke(cli, ["verify", str(run)])
    assert complete.output.startswith(f"{run}: pig, complete, 4 of 4 batches intact (20 parts"), (
        complete.output
    )
    manifest = read_manifest(run)  # as a run stopped after its second batch leaves it
    manifest.status, manifest.stop_reason = "incomplete", "interrupted"
    write_manifest(run, manifest)
    records = (run / BATCHES).read_text().splitlines(keepends=True)
    (run / BATCHES).write_text("".join(records[:2]))
    result = CliRunner().invoke(cli, ["verify", str(run)])
    assert (result.exit_code, result.output) == (
        0,
        f"{run}: pig, incomplete, 2 of 2 finished batches intact (10 parts checked by size and SHA-256); 2 of 4 "
        "not played yet (the command's --resume plays them)\n",
    )  # old code: "2 of 4 batches intact (10 parts …)"
