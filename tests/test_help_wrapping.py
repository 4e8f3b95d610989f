"""Every option's help reads whole at 80 columns: a word longer than click's help column is cut mid-word
(session 26: Gosu X's --clans example showed as "'the" / "mis+golem…"), so no help word may be."""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from cardlab.cli import cli
from tests.test_first_day import _commands


def _resolved(words: list[str]) -> click.Command:
    context = click.Context(cli)
    command: click.Command = cli
    for word in words:
        assert isinstance(command, click.Group)
        command = command.get_command(context, word)
    return command


@pytest.mark.parametrize(("path", "game"), _commands())
def test_no_help_word_is_cut_by_the_wrap(path, game):
    words = [*path.split(), *([game] if game else [])]
    shown = CliRunner().invoke(cli, [*words, "--help"], terminal_width=80)
    assert shown.exit_code == 0, shown.output
    for param in _resolved(words).params:
        for word in (getattr(param, "help", None) or "").split():
            assert word in shown.output, f"{' '.join(words)} --{param.name}: '{word}' is cut by the wrap"
