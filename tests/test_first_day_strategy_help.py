"""`-s` means something else in a ladder (each is a policy; every pair plays) and a duel (A, then B) than in
`simulate` (the seats' strategies, rotated). Their --help said simulate's "strategy for every seat, or
one per seat", which read as if `ladder -s P -s Q` seated P and Q in one run. Each says its own; the
other commands keep simulate's."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cardlab.cli import cli

SEATS = "strategy for every seat, or one per seat"


def _help(*words: str) -> str:
    shown = CliRunner().invoke(cli, [*words, "--help"], terminal_width=200)
    assert shown.exit_code == 0, shown.output
    return " ".join(shown.output.split())


@pytest.mark.parametrize(
    ("command", "meaning"),
    [
        ("ladder", "a policy of the ladder, repeated for each (or NAME,NAME…; NAME:key=value)"),
        ("duel", "policy A (the first -s), then B (NAME:key=value passes parameters)"),
    ],
)
def test_ladder_and_duel_say_what_their_strategies_are(command, meaning):
    shown = _help(command, "gosu-x")
    assert meaning in shown and SEATS not in shown
    assert SEATS in _help("simulate", "gosu-x") and SEATS in _help("tune", "gosu-x")
