"""`cardlab cards check` of a Four Souls file a new user copied: it is checked as `--cards FILE` runs it
(joining the default pool, where its characters' starting items are), and a character whose starting item
is not an eternal item card is refused in one line (FS-2.7) instead of being left out without a word."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

from cardlab.cli import cli

ROOT = Path(__file__).resolve().parents[2]

ALPHA = """set: base_v2
deck: character
cards:
  - id: my-alpha
    name: Alpha
    kind: character
    copies: 1
    hp: 2
    attack: 1
    starting_item: {start}
"""


def test_a_copied_characters_file_has_no_character_left_out(tmp_path):
    copy = tmp_path / "mychars.yaml"
    shutil.copy(ROOT / "decklists" / "four_souls" / "characters.yaml", copy)
    result = CliRunner().invoke(cli, ["cards", "check", str(copy)])
    assert result.exit_code == 0, result.output
    # was: "engine: 11 cards runnable, 10 left out (Blue Baby, Cain, …)": the starting items live in
    # another file of the default pool, which `--cards FILE` keeps
    assert result.output.strip().endswith("engine: 11 cards runnable, 0 left out")


def test_FS_2_7_a_starting_item_that_is_not_an_item_is_one_line(tmp_path):
    path = tmp_path / "alpha.yaml"
    path.write_text(ALPHA.format(start="b2-isaac"))  # a character card
    for command in (
        ["cards", "check", str(path)],
        ["simulate", "four-souls", "-n", "2", "--cards", str(path)],
    ):
        result = CliRunner().invoke(
            cli, [*command, "--out", str(tmp_path)] if command[0] == "simulate" else command
        )
        assert result.exit_code == 2, result.output  # was: accepted, Alpha silently left out of the game
        assert result.output.strip().splitlines() == [
            f"error: {path}:10 'Alpha': field 'starting_item': b2-isaac is a character card, not an eternal "
            "starting item (deck: eternal)"
        ]
    path.write_text(ALPHA.format(start="b2-the_d6"))
    result = CliRunner().invoke(cli, ["cards", "check", str(path)])
    assert result.exit_code == 0 and result.output.strip().endswith("engine: 1 card runnable, 0 left out")


SPIDERS = """set: base_v2
deck: monster
cards:
""" + "".join(
    f"""  - id: my-spider-{hp}
    name: Big Spider
    kind: basic
    copies: 1
    hp: {hp}
    evasion: 4
    attack: 1
    rewards: {{loot: 1}}
    abilities: []
"""
    for hp in (30, 2)
)


def test_two_cards_of_a_file_replacing_one_bundled_card_are_one_line(tmp_path):
    """Both cards are named like a bundled card (the overlay matches by name): one line, exit 2, where the
    second silently replaced the first (`cards check` counted 2 cards and 1 runnable, 0 left out, and the
    run played only the second)."""
    path = tmp_path / "spiders.yaml"
    path.write_text(SPIDERS)
    expected = (
        "error: --cards: the cards with id 'my-spider-30' and id 'my-spider-2' both replace the bundled card "
        "with name 'big spider'; one card replaces it: give the other a name of its own\n"
    )
    checked = CliRunner().invoke(cli, ["cards", "check", str(path)])
    assert (checked.exit_code, checked.output) == (2, expected)
    args = ["simulate", "four-souls", "-n", "2", "-q", "--cards", str(path), "--out", str(tmp_path / "r")]
    run = CliRunner().invoke(cli, args)
    assert (run.exit_code, run.output) == (2, expected)
    assert not (tmp_path / "r").exists()


def test_a_card_file_rewritten_to_its_old_size_and_time_is_read_again(tmp_path):
    """The pool kept between games is keyed by its files' stamps: a card file rewritten to the same size
    and given its old modification time back (``cp -p``, ``touch -r``) is read again. Keyed by size and
    modification time, the pool of the old file was played."""
    import os

    from cardlab.simulate.four_souls.cards import load_pool

    copy = tmp_path / "mychars.yaml"
    shutil.copy(ROOT / "decklists" / "four_souls" / "characters.yaml", copy)
    os.utime(copy, (1_000_000_000, 1_000_000_000))
    assert load_pool([copy]).by_id["b2-blue_baby"].hp == 2
    text = copy.read_text()
    copy.write_text(
        text.replace(
            'name: "Blue Baby"\n    kind: character\n    copies: 1\n    hp: 2',
            'name: "Blue Baby"\n    kind: character\n    copies: 1\n    hp: 3',
        )
    )
    assert copy.stat().st_size == len(text.encode())
    os.utime(copy, (1_000_000_000, 1_000_000_000))
    assert load_pool([copy]).by_id["b2-blue_baby"].hp == 3
