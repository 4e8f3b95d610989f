"""``--characters`` names the character each seat is dealt (FS-2.7: every player is dealt a character card).
The supply holds each character once (a reprint is the same character, dealt as its first printing), so a
seat list naming one character twice is refused in one line (exit 2) instead of dealing the one card to two
seats, each with its own copy of the starting item."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cardlab.cli import cli
from cardlab.simulate.core import UserError
from cardlab.simulate.four_souls import make_config


def test_FS_2_7_a_character_named_twice_is_refused():
    # old code: accepted, and setup dealt the one Isaac card (and two D6s) to both seats
    message = (
        "four-souls: --characters names 'Isaac' 2 times, but the chosen sets deal 1 Isaac card "
        "(FS-2.7: one character card per player)"
    )
    with pytest.raises(UserError) as caught:
        make_config(3, 10, characters="Isaac,Cain,isaac")
    assert str(caught.value) == message


def test_FS_2_7_reprints_are_one_character_even_with_every_set():
    with pytest.raises(UserError, match="names 'Eden' 2 times, but the chosen sets deal 1 Eden card"):
        make_config(2, 10, characters="Eden,Eden", sets="all")  # six Eden printings, one character


def test_FS_2_7_distinct_characters_are_dealt_to_their_seats():
    assert make_config(3, 10, characters="Isaac,Cain").characters == ("Isaac", "Cain")


def test_the_command_line_refuses_it_in_one_line_and_writes_nothing(tmp_path):
    args = ["simulate", "four-souls", "-p", "2", "-n", "5", "-j", "1", "-q", "--characters", "Isaac,Isaac"]
    result = CliRunner().invoke(cli, [*args, "--out", str(tmp_path / "out")])
    assert result.exit_code == 2, result.output
    assert result.output.strip().splitlines() == [
        "error: four-souls: --characters names 'Isaac' 2 times, but the chosen sets deal 1 Isaac card "
        "(FS-2.7: one character card per player)"
    ]
    assert not (tmp_path / "out").exists()
