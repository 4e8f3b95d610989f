"""`cardlab replay RUN --game 0 --html afile/x.html` (a path under a file) names the file asked for, not
the temporary ("error: afile/.x.html.31901.tmp: Not a directory") whose clean-up, never made, raised its
own error."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cardlab.cli import cli
from cardlab.simulate.core.runformat import write_atomic


def test_write_atomic_under_a_file_names_the_file_asked_for(tmp_path):
    (tmp_path / "afile").write_text("x")
    with pytest.raises(NotADirectoryError) as caught:
        write_atomic(tmp_path / "afile" / "x.html", b"page")
    assert caught.value.filename == str(tmp_path / "afile" / "x.html")


def test_replay_html_under_a_file_is_one_line_naming_it(tmp_path):
    made = CliRunner().invoke(cli, ["simulate", "pig", "-n", "2", "-j", "1", "-q", "--out", str(tmp_path)])
    assert made.exit_code == 0, made.output
    (tmp_path / "afile").write_text("x")
    target = tmp_path / "afile" / "x.html"
    result = CliRunner().invoke(
        cli, ["replay", str(tmp_path / "latest"), "--game", "0", "--html", str(target)]
    )
    assert result.exit_code == 2, result.output
    assert result.output.strip().splitlines()[-1] == f"error: {target}: Not a directory", result.output


@pytest.mark.parametrize("record", ["manifest.json", "batches.jsonl", "games/part-000000.parquet"])
def test_an_output_file_never_replaces_a_runs_record(tmp_path, record):
    """`replay RUN --game 0 --html RUN/manifest.json` put the page in place of the manifest (exit 0) and the
    run could no longer be read; `derive … --out RUN/manifest.json` the same with a data file. Each is one
    line naming the file and the run, exit 2, the run left whole; a page beside the run's files is fine."""
    args = [
        "simulate",
        "gosu-x",
        "-n",
        "2",
        "-j",
        "1",
        "-q",
        "--no-events",
        "--out",
        str(tmp_path),
        "--name",
        "r",
    ]
    assert CliRunner().invoke(cli, args).exit_code == 0
    run = tmp_path / "r"
    target = run / record
    before = target.read_bytes()
    message = (
        f"error: {target}: a record of the run folder {run}; writing there would damage it: name another file"
    )
    for command in (
        ["replay", str(run), "--game", "0", "--html", str(target)],
        ["derive", "gosu-x-draft", str(run), "--out", str(target)],
    ):
        result = CliRunner().invoke(cli, command)
        assert result.exit_code == 2 and result.output.strip().splitlines()[-1] == message, result.output
    assert target.read_bytes() == before
    assert CliRunner().invoke(cli, ["verify", str(run)]).exit_code == 0
    page = CliRunner().invoke(cli, ["replay", str(run), "--game", "0", "--html", str(run / "game0.html")])
    assert page.exit_code == 0 and (run / "game0.html").is_file(), page.output
