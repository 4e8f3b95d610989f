"""Every help reads whole at 80 columns: a word longer than click's help column is cut mid-word (session
26: Gosu X's --clans example showed as "'the" / "mis+golem…"), so no help word may be; a group's command
list cut its summaries with "...", and a choice list was one 300-character line."""

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
    # 78: the width click wraps to in a real terminal of 80 columns or more (its width less 2, at most 78);
    # at 80, as tested before, "(ratio-count=…)" and "variant=two-player" read whole but broke for users
    shown = CliRunner().invoke(cli, [*words, "--help"], terminal_width=78)
    assert shown.exit_code == 0, shown.output
    for param in _resolved(words).params:
        if getattr(param, "hidden", False):  # taken but not offered (robust's stop rules, refused with why)
            continue
        for word in (getattr(param, "help", None) or "").split():
            if word == "\b":  # click's no-rewrap mark: not shown
                continue
            assert word in shown.output, f"{' '.join(words)} --{param.name}: '{word}' is cut by the wrap"


@pytest.mark.parametrize(("path", "game"), _commands())
def test_every_help_line_fits_80_columns(path, game):
    """Options, their help and the command list; the example after "Example:" is one line to copy."""
    words = [*path.split(), *([game] if game else [])]
    shown = CliRunner().invoke(cli, [*words, "--help"], terminal_width=80).output
    body = shown.split("\n  Example:")[0].splitlines()[1:]  # the usage line may be long: click's own
    wide = [line for line in body if len(line) > 80]
    assert not wide, f"{' '.join(words)} --help: {wide[0]!r}"


@pytest.mark.parametrize("path", sorted({path for path, game in _commands() if game is None}))
def test_no_command_summary_is_cut(path):
    """A group's list shows each command's first sentence whole, on one line (click cuts it with "...")."""
    shown = CliRunner().invoke(cli, [*path.split(), "--help"], terminal_width=80).output
    if "Commands:" not in shown:
        return
    rows = shown.split("Commands:\n")[1].split("\n\n")[0].splitlines()
    assert rows and all(row.startswith("  ") and row[2] != " " for row in rows), rows  # one line each
    assert not [row for row in rows if row.endswith("...")], rows


def test_a_long_choice_list_is_one_choice_per_place():
    """simulate four-souls --variant: every variant shown whole, none split at its hyphen."""
    shown = CliRunner().invoke(cli, ["simulate", "four-souls", "--help"], terminal_width=80).output
    assert "--variant NAME" in shown
    listed = shown.split("--variant NAME")[1].split("--cards")[0]
    for name in ("two-player", "nobody-leaves-hurt", "character-choice", "co-op", "challenge"):
        assert f" {name}," in listed or f" {name}\n" in listed, listed


def test_games_list_wraps_under_its_text_column():
    """`cardlab games` entries (up to 193 characters unwrapped) wrap at the terminal's width, each word
    whole (variant names keep their hyphens)."""
    shown = CliRunner(env={"COLUMNS": "80"}).invoke(cli, ["games"]).output
    entries = [line for line in shown.splitlines() if line.startswith("    ")]
    assert entries and all(len(line) <= 80 for line in entries), max(entries, key=len)
    assert "    two-player           2 players only" in shown
    assert "(default ())" not in shown and "(default '')" not in shown
