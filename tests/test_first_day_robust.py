"""`cardlab robust GAME --ensemble P,Q --by nope` is refused before any game: the columns a run will have
are known then, so it must not play every policy's games (hours, at the documented sizes) and only stop
at its report. One line, exit 2, nothing played or written."""

from __future__ import annotations

import shlex

from click.testing import CliRunner

from cardlab.cli import cli


def test_robust_by_an_unknown_column_stops_before_any_game(tmp_path):
    args = [
        *shlex.split("robust gosu-x --ensemble sensible,random -n 2 -j 1 -q --by nope"),
        "--out",
        str(tmp_path),
    ]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1, result.output
    assert result.output.startswith(
        "error: --by 'nope': no players column of gosu-x (columns: seat, n_players,"
    )
    assert not any(tmp_path.iterdir())
    known = CliRunner().invoke(cli, [*args[:-3], "clans", "--out", str(tmp_path)])
    assert known.exit_code == 0, known.output
