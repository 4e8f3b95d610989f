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
