"""``--characters`` names the character each seat is dealt (FS-2.7: every player is dealt a character card).
A seat list may name a character as often as the chosen sets hold copies of it (a reprint is the same
character, held as its first printing); more is refused in one line (exit 2) instead of dealing the one card
to two seats, each with its own copy of the starting item. ``--set NAME.copies=N`` adds copies, as it does
for eden-only's Edens."""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner

from cardlab.cli import cli
from cardlab.simulate.core import Players, UserError
from cardlab.simulate.core.testing import RandomPlayer
from cardlab.simulate.four_souls import make_config, setup


def test_FS_2_7_a_character_named_twice_is_refused():
    # old code: accepted, and setup dealt the one Isaac card (and two D6s) to both seats
    message = (
        "four-souls: --characters names 'Isaac' 2 times, but the chosen sets hold 1 Isaac card "
        "(FS-2.7: one character card per player; --set 'Isaac.copies=2' adds copies)"
    )
    with pytest.raises(UserError) as caught:
        make_config(3, 10, characters="Isaac,Cain,isaac")
    assert str(caught.value) == message


def test_FS_2_7_reprints_are_one_character_even_with_every_set():
    with pytest.raises(UserError, match="names 'Eden' 2 times, but the chosen sets hold 1 Eden card"):
        make_config(2, 10, characters="Eden,Eden", sets="all")  # six Eden printings, one character


def test_FS_2_7_distinct_characters_are_dealt_to_their_seats():
    assert make_config(3, 10, characters="Isaac,Cain").characters == ("Isaac", "Cain")


def test_FS_2_7_two_copies_deal_a_character_to_two_seats():
    cfg = make_config(2, 10, characters="Isaac,Isaac", set=("Isaac.copies=2",))
    g = setup.new_game(cfg, 5, Players([RandomPlayer(i, random.Random(i)) for i in range(2)]))
    assert [p.character.name for p in g.players] == ["Isaac", "Isaac"]
    assert g.players[0].character is not g.players[1].character  # two cards, each with its own D6
    assert g.players[0].items[0] is not g.players[1].items[0]


def test_the_command_line_refuses_it_in_one_line_and_writes_nothing(tmp_path):
    args = ["simulate", "four-souls", "-p", "2", "-n", "5", "-j", "1", "-q", "--characters", "Isaac,Isaac"]
    result = CliRunner().invoke(cli, [*args, "--out", str(tmp_path / "out")])
    assert result.exit_code == 2, result.output
    assert result.output.strip().splitlines() == [
        "error: four-souls: --characters names 'Isaac' 2 times, but the chosen sets hold 1 Isaac card "
        "(FS-2.7: one character card per player; --set 'Isaac.copies=2' adds copies)"
    ]
    assert not (tmp_path / "out").exists()


def test_FS_2_7_a_character_with_no_copies_is_still_dealt_so_it_may_be_named_once():
    # random dealing deals it whatever its copies, so naming it once is no more than the game does
    assert make_config(2, 10, characters="Isaac", set=("Isaac.copies=0",)).characters == ("Isaac",)
