"""Gosu X card fields of the wrong type are card-data errors (one line naming file, card and field, exit 2),
never a TypeError inside the loader or a game; ``cards check`` accepts exactly what a run accepts (one definition
per card name) (issue 16, item 10)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardlab.cli import cli
from cardlab.simulate.core.errors import CardDataError
from cardlab.simulate.gosu_x.cards import DEFAULT_CARDS, load_cards

# (file, text in it, replacement, what the one line must say)
MUTATIONS = [
    ("golem.yaml", "triggers: [{event: draw3, do: [{extra_turn: {}}]}]", "triggers: [5]",
     "golem.yaml:13 'Boul Go': each trigger must be a mapping"),
    ("abhilasha.yaml", "ops: [capture, release], level: [1]}", "ops: 5, level: [1]}",
     "'choose_op' parameter 'ops' must be a list of words, got 5"),
    ("golem.yaml", "to_deck_top: {level: [1, 2],", "to_deck_top: {level: 2,",
     "'Un'Go': 'to_deck_top' parameter 'level' must be a list of levels 1-3, got 2"),
    ("golem.yaml", "reveal: {n: 4, take: level}", "reveal: {n: [4], take: level}",
     "'Bun To': 'reveal' parameter 'n' must be a whole number 0-999, got [4]"),
    ("golem.yaml", "swap: {army: own}", "swap: {army: [own]}", "'swap' parameter 'army' must be a word"),
    ("golem.yaml", "release: {army: own, state: captured, all: true}",
     "release: {army: own, state: captured, all: 3}", "'release' parameter 'all' must be true or false"),
    ("golem.yaml", "if: {first_to_pass: true}", "if: {first_to_pass: 1}",
     "condition 'first_to_pass' must be true or false, got 1"),
    ("golem.yaml", "if: {first_to_pass: true}", "if: [first_to_pass]", "trigger 'if' must be a mapping"),
    ("phoenix.yaml", "{name: Phoenix, n: 3}", "{name: Phoenix, n: three}", "condition 'named_face_up_gte' must be"),
    ("golem.yaml", "double_if_opponent_bounty: true", "double_if_opponent_bounty: [x]",
     "passive 'double_if_opponent_bounty' must be true or false"),
    ("golem.yaml", "{unlock_token: 1}", "{unlock_token: [1]}", "'unlock_token' needs a mapping"),
]  # fmt: skip


def _mutated(tmp_path: Path, file: str, old: str, new: str) -> Path:
    folder = tmp_path / "cards"
    shutil.copytree(DEFAULT_CARDS, folder)
    text = (folder / file).read_text()
    assert old in text, old
    (folder / file).write_text(text.replace(old, new, 1))
    return folder


def _one_line(result) -> str:
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    return lines[0]


@pytest.mark.parametrize(("file", "old", "new", "message"), MUTATIONS)
def test_wrong_type_is_one_line_in_cards_check(tmp_path, file, old, new, message):
    folder = _mutated(tmp_path, file, old, new)
    with pytest.raises(CardDataError, match=f"{file}:"):
        load_cards(folder)
    line = _one_line(CliRunner().invoke(cli, ["cards", "check", "--game", "gosu-x", str(folder)]))
    assert message in line and f"{file}:" in line


@pytest.mark.parametrize(("file", "old", "new", "message"), MUTATIONS[:2])
def test_wrong_type_is_one_line_in_simulate(tmp_path, file, old, new, message):
    folder = _mutated(tmp_path, file, old, new)
    args = ["simulate", "gosu-x", "-n", "2", "-q", "--cards", str(folder), "--out", str(tmp_path / "res")]
    assert message in _one_line(CliRunner().invoke(cli, args))
    assert not (tmp_path / "res").exists() or not any((tmp_path / "res").iterdir())


@pytest.mark.parametrize(
    ("file", "old"),
    [("xian.yaml", "name: 3 Wishes,"), ("golem.yaml", "name: Bun To,")],  # another file / the same file
)
def test_duplicate_card_name_is_refused_by_cards_check_as_by_simulate(tmp_path, file, old):
    folder = _mutated(tmp_path, file, old, "name: Boul Go,")  # Boul Go is a Golem card
    message = f"{file} 'Boul Go': duplicate card name (first in golem.yaml)"
    check = _one_line(CliRunner().invoke(cli, ["cards", "check", "--game", "gosu-x", str(folder)]))
    args = ["simulate", "gosu-x", "-n", "2", "-q", "--cards", str(folder), "--out", str(tmp_path / "res")]
    run = _one_line(CliRunner().invoke(cli, args))
    assert message in check and check == run
