"""Another game's card files given to `--cards` are named as that game's, not failed on their first
unknown field (a Gosu X clan file given to Four Souls read "golem.yaml:10: unknown field 'clan'") or taken
for no files at all (the Hidden Reason folder given to Gosu X: its files sit in subfolders); `cards check`
of a folder with no card files says so instead of asking for --game; a refused run name says why."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from cardlab.cli import cli

DECKS = Path(__file__).resolve().parents[1] / "decklists"


@pytest.mark.parametrize(
    ("game", "cards", "other"),
    [
        ("four-souls", DECKS / "gosu_x" / "golem.yaml", "gosu-x"),
        ("gosu-x", DECKS / "hidden_reason", "hidden-reason"),
        ("hidden-reason", DECKS / "gosu_x", "gosu-x"),
    ],
)
def test_another_games_card_files_are_named_as_such(tmp_path, game, cards, other):
    args = ["simulate", game, "-n", "1", "-j", "1", "-q", "--out", str(tmp_path), "--cards", str(cards)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2, result.output
    assert result.output == (
        f"error: --cards {cards}: {other} card files, not {game}'s (they go to `cardlab simulate {other}`)\n"
    )
    assert not any(tmp_path.iterdir())


def test_cards_check_of_a_folder_without_card_files_says_so_first(tmp_path):
    (tmp_path / "notes.txt").write_text("x")
    result = CliRunner().invoke(cli, ["cards", "check", str(tmp_path)])
    assert result.exit_code == 2
    assert result.output == f"error: {tmp_path}: no .yaml card files in this folder or its subfolders\n"


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("a/b", "a run name is one folder's name, without '/'"),
        ("..", "'.' and '..' name folders that exist already"),
        ("latest", "'latest' is the link to the newest run"),
    ],
)
def test_a_refused_run_name_says_why(tmp_path, name, why):
    args = ["simulate", "pig", "-n", "1", "-j", "1", "-q", "--out", str(tmp_path), "--name", name]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2 and result.output.startswith(f"error: --name {name!r}: {why}"), result.output


def test_a_hidden_reason_cards_file_with_no_card_or_deck_is_refused(tmp_path):
    """Hidden Reason laid `--cards junk.yaml` (no class: or deck:) over its bundled data as nothing and
    played, exit 0: the run looked like a run of the file."""
    junk = tmp_path / "junk.yaml"
    junk.write_text("x: 1\n")
    args = ["simulate", "hidden-reason", "-n", "1", "-j", "1", "-q", "--out", str(tmp_path / "o")]
    result = CliRunner().invoke(cli, [*args, "--cards", str(junk)])
    assert result.exit_code == 2, result.output
    assert "no card file ('class:' and 'cards:') or deck file" in result.output, result.output
    checked = CliRunner().invoke(cli, ["cards", "check", str(junk), "--game", "hidden-reason"])
    assert checked.exit_code == 2 and "nothing to lay over the bundled cards" in checked.output, (
        checked.output
    )
