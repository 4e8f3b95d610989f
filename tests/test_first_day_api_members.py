"""Members a notebook reaches for: `Run.columns` of a name that is no table raised DuckDB's catalog or
parser error (and put the name into the statement as typed); `RunSet.open` of an index past the set, or
of a text, raised IndexError / TypeError. Each is now one `UserError` line, as every API call's bad input."""

from __future__ import annotations

import re

import pytest

from cardlab import api


def test_columns_of_no_table_is_one_line(tmp_path):
    run = api.simulate("pig", games=4, jobs=1, out=tmp_path, name="r")
    assert "win" in run.columns("players")
    for table in ("nope", 3, "players; DROP VIEW games"):
        with pytest.raises(
            api.RunError, match=r"^.*: not a run table \(one of games, players, events, errors\)$"
        ):
            run.columns(table)


def test_opening_a_run_of_a_set_by_a_bad_index_is_one_line(tmp_path):
    made = api.ladder("pig", ["hold", "random"], games=4, jobs=1, out=tmp_path, name="l")
    assert made.open(0).manifest.game == "pig" and made.open(-1).manifest.game == "pig"
    for index, line in (
        (1, "index 1: the set has runs 0..0"),
        ("0", "index must be a whole number, got '0'"),
    ):
        with pytest.raises(api.UserError, match=f"^{re.escape(line)}$"):
            made.open(index)
