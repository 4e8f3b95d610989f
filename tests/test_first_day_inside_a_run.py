"""A path inside a run (its games/ table folder, a part file, manifest.json) given where a run is asked
for: the line names the run to give instead of only "not a cardlab run folder"; and the library's
``report`` refuses a negative ``min_games`` as the command line's --min-games does."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cardlab import api
from cardlab.cli import cli


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    out = tmp_path_factory.mktemp("runs")
    args = ["simulate", "pig", "-n", "2", "-j", "1", "-q", "--out", str(out), "--name", "r"]
    assert CliRunner().invoke(cli, args).exit_code == 0
    return out / "r"


def test_a_table_folder_or_a_part_names_the_run_it_is_in(run):
    part = next((run / "games").glob("part-*.parquet"))
    for command, given, what in (
        ("report", run / "games", "not a cardlab run folder (no manifest.json)"),
        ("verify", part, "not a folder (a run is the folder that holds manifest.json)"),
        ("replay", run / "events", "not a cardlab run folder (no manifest.json)"),
    ):
        extra = ["--game", "0"] if command == "replay" else []
        result = CliRunner().invoke(cli, [command, str(given), *extra])
        assert result.exit_code == 2, result.output
        # old code: the first part of the line alone
        assert result.output == f"error: {given}: {what}; it is inside the run {run}: give that folder\n"


def test_report_refuses_a_negative_min_games(run):
    with pytest.raises(api.UserError, match=r"^--min-games must be 0 or more, got -1$"):
        api.report(run, min_games=-1, write=False)  # old code: a report flagging nothing
