"""The character draft table is derived from a run by a command, with its provenance, never pasted
(``cardlab derive draft-table``); the default file is regenerated here in a test-sized run."""

from __future__ import annotations

import json

from click.testing import CliRunner

from cardlab.cli import cli
from cardlab.strategies.four_souls import drafts


def test_derive_regenerates_the_default_table_in_a_small_run(tmp_path):
    sim = ["simulate", "four-souls", "--out", str(tmp_path), "--name", "small", "-q", "-j", "1"]
    result = CliRunner().invoke(cli, [*sim, "-n", "40", "--seed", "1", "--players", "4", "-s", "sensible"])
    assert result.exit_code == 0, result.output
    out = tmp_path / "table.json"
    result = CliRunner().invoke(cli, ["derive", "draft-table", str(tmp_path / "small"), "--out", str(out)])
    assert result.exit_code == 0, result.output
    made = json.loads(out.read_text())
    default = json.loads(drafts.DEFAULT_TABLE.read_text())
    assert made["kind"] == default["kind"] and set(made["provenance"]) == set(default["provenance"])
    assert made["provenance"]["run"] == "small" and made["provenance"]["run_seed"] == 1
    assert made["provenance"]["policy"] == "sensible" and made["provenance"]["games"] == 40
    assert set(made["characters"]) == set(default["characters"])  # 160 seats see all 11 characters
    assert sum(c["games"] for c in made["characters"].values()) == 160
    table = drafts.load_table(out)
    assert table == {k: v["win_rate"] for k, v in made["characters"].items()}


def test_a_bad_table_is_one_line_and_exit_2(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(
        json.dumps(
            {"kind": "four-souls draft table", "provenance": {}, "characters": {"Isaac": {"win_rate": "x"}}}
        )
    )
    result = CliRunner().invoke(cli, ["derive", "draft-table", str(tmp_path / "nope")])
    assert result.exit_code == 2 and "no such run folder" in result.output
    try:
        drafts.load_table(bad)
    except Exception as exc:  # UserError: the CLI prints it as one line, exit code 2
        assert str(exc) == f"{bad}: field 'characters.Isaac.win_rate' must be a number 0..100, got 'x'"
    else:
        raise AssertionError("a bad table was accepted")


def test_default_table_loads_and_scores_an_unknown_character_by_its_stats():
    table = drafts.load_table()
    assert len(table) == 11 and all(0 <= v <= 100 for v in table.values())

    class Card:
        name, hp, attack = "Someone New", 3, 1

    assert drafts.character_score(Card()) == sum(table.values()) / len(table) + 8.0
