"""`cardlab derive` (issue 13 item 6): the data files the players read are produced from runs, with their
provenance; the bundled Gosu X draft values are regenerated here from a test-sized run."""

from __future__ import annotations

import json

import polars as pl
import pytest
from click.testing import CliRunner

from cardlab.analysis.matchups import with_win_share
from cardlab.cli import cli
from cardlab.simulate.gosu_x import GAME as GX
from cardlab.strategies.gosu_x.drafting import VALUES_FILE, DraftPolicy, base_from_rate, load_values


def simulate(out, name, game, *extra):
    result = CliRunner().invoke(cli, ["simulate", game, "--out", str(out), "--name", name, "-q", *extra])
    assert result.exit_code == 0, result.output


PROVENANCE = {"command", "run", "policies", "run_seed", "games", "card_data_hash", "date"}


def test_the_draft_values_are_regenerated_from_a_run(tmp_path):
    simulate(tmp_path, "gx", "gosu-x", "-n", "40", "--seed", "9", "--jobs", "1")  # seed 9: a draw
    out = tmp_path / "draft_values.json"
    result = CliRunner().invoke(cli, ["derive", "gosu-x-draft", str(tmp_path / "gx"), "--out", str(out)])
    assert result.exit_code == 0, result.output
    document = json.loads(out.read_text())
    assert set(document["provenance"]) >= PROVENANCE
    assert document["provenance"]["run"] == "gx" and document["provenance"]["games"] == 40
    players = with_win_share(pl.read_parquet(tmp_path / "gx" / "players" / "*.parquet")).explode("clans")
    assert (players["result"] == "draw").any()  # the run has a draw: it counts ½, as in the report
    rates = players.group_by("clans").agg(pl.col("win_share").mean().alias("rate"), pl.len().alias("n"))
    values = load_values(out)
    assert set(values) == set(rates["clans"])
    for clan, rate, n in rates.iter_rows():
        assert values[clan] == pytest.approx(base_from_rate(rate), abs=0.002)  # rates kept to 0.01 %
        assert document["clans"][clan]["games"] == n


def test_the_bundled_draft_values_describe_todays_cards():
    """A card change makes the derived strengths stale: derive them again (docs/gosu_x.md)."""
    document = json.loads(VALUES_FILE.read_text())
    assert set(document["provenance"]) >= PROVENANCE
    assert document["provenance"]["card_data_hash"] == GX.card_data_hash(GX.make_config())
    assert document["provenance"]["games"] >= 1000


GOOD = '"kind": "gosu-x draft values", "provenance": {}'


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"clans": {"Xian": {"win_rate": 60}}}', "field 'kind' must be"),
        (
            '{"kind": "gosu-x draft values", "clans": {"Xian": {"win_rate": 60}}}',
            "field 'provenance' is missing",
        ),
        ("{" + GOOD + ', "clans": {"Xian": {"win_rate": "tall"}}}', "clans.Xian.win_rate' must be a number"),
        ("{" + GOOD + ', "clans": [1]}', "field 'clans' must map clans"),
        ('{"kind": ', "cannot read draft values"),
    ],
)
def test_a_bad_values_file_is_one_line_naming_the_field(tmp_path, text, message):
    bad = tmp_path / "v.json"
    bad.write_text(text)
    with pytest.raises(Exception, match=message):
        load_values(bad)
    result = CliRunner().invoke(
        cli,
        [
            "simulate",
            "gosu-x",
            "-n",
            "2",
            "--out",
            str(tmp_path),
            "-s",
            f"sensible:draft=greedy,values={bad}",
        ],
    )
    assert result.exit_code == 2 and message in result.output and "Traceback" not in result.output


def test_a_values_file_changes_the_greedy_draft(tmp_path):
    flipped = tmp_path / "v.json"
    flipped.write_text("{" + GOOD + ', "clans": {"Tomorrow": {"win_rate": 90}, "Xian": {"win_rate": 10}}}')
    import random

    assert (
        DraftPolicy("greedy", random.Random(1), values=str(flipped)).pick(["Xian", "Tomorrow"], (), (), ())
        == "Tomorrow"
    )
    assert DraftPolicy("greedy", random.Random(1)).pick(["Xian", "Tomorrow"], (), (), ()) == "Xian"


def test_derive_refuses_an_unknown_table_and_another_games_run(tmp_path):
    simulate(tmp_path, "hr", "hidden-reason", "-n", "2", "--jobs", "1")
    unknown = CliRunner().invoke(cli, ["derive", "nothing", str(tmp_path / "hr")])
    assert unknown.exit_code == 2 and "nothing" in unknown.output
    wrong = CliRunner().invoke(
        cli, ["derive", "gosu-x-draft", str(tmp_path / "hr"), "--out", str(tmp_path / "x")]
    )
    assert wrong.exit_code == 2 and "come from a gosu-x run" in wrong.output
    assert not (tmp_path / "x").exists()


def test_an_edited_values_file_is_read_again(tmp_path):
    """No cache outlives its data: the same path with new content drafts by the new values."""
    import os
    import random

    path = tmp_path / "v.json"
    path.write_text("{" + GOOD + ', "clans": {"Tomorrow": {"win_rate": 90}, "Xian": {"win_rate": 10}}}')
    assert (
        DraftPolicy("greedy", random.Random(1), values=str(path)).pick(["Xian", "Tomorrow"], (), (), ())
        == "Tomorrow"
    )
    path.write_text("{" + GOOD + ', "clans": {"Tomorrow": {"win_rate": 10}, "Xian": {"win_rate": 90.5}}}')
    os.utime(path, ns=(1, 10**18))  # a different stamp even on a coarse clock
    assert (
        DraftPolicy("greedy", random.Random(1), values=str(path)).pick(["Xian", "Tomorrow"], (), (), ())
        == "Xian"
    )
