"""Docs and --help agree (issue 18 item 13): every `cardlab …` command line in README.md and docs/ names a
real command and only options that command has, so a renamed or removed option cannot stay in the docs."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import click
import pytest

from cardlab.cli import cli

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
_INLINE = re.compile(r"`(cardlab [^`]+)`")
_FENCE = re.compile(r"```[a-z]*\n(.*?)```", re.S)


def _command_lines(text: str) -> list[str]:
    lines = [m.group(1) for m in _INLINE.finditer(text)]
    for block in _FENCE.findall(text):
        for line in block.replace("\\\n", " ").splitlines():
            line = line.strip().lstrip("$ ").strip()
            if line.startswith("cardlab "):
                lines.append(line.split(" #")[0].split(" | ")[0].split(" && ")[0])
    return lines


def _resolve(tokens: list[str]) -> tuple[click.Command, list[str]]:
    """The command a command line names, and the tokens after its name."""
    command: click.Command = cli
    rest = tokens[1:]
    while isinstance(command, click.Group) and rest and not rest[0].startswith("-"):
        if _placeholder(rest[0]):
            break
        ctx = click.Context(command)
        sub = command.get_command(ctx, rest[0])
        if sub is None:
            break
        command, rest = sub, rest[1:]
    return command, rest


def _placeholder(token: str) -> bool:
    """GAME, <run>, [options], … stand for a value the reader supplies."""
    return token.isupper() or token.startswith(("<", "[", "…", "..."))


def _options(command: click.Command) -> set[str]:
    return {opt for p in command.params for opt in (*p.opts, *p.secondary_opts)} | {"--help", "-h"}


def _cases() -> list[tuple[str, str]]:
    return [
        (page.relative_to(ROOT).as_posix(), line)
        for page in PAGES
        for line in _command_lines(page.read_text())
    ]


@pytest.mark.parametrize(("page", "line"), _cases())
def test_a_documented_command_line_uses_real_commands_and_options(page, line):
    try:
        tokens = shlex.split(line)
    except ValueError:
        tokens = line.split()
    command, rest = _resolve(tokens)
    top_level = command is cli and len(tokens) == 2 and tokens[1] in _options(cli)  # cardlab --version
    assert command is not cli or len(tokens) == 1 or top_level, (
        f"{page}: '{line}': '{tokens[1]}' is not a cardlab command"
    )
    if top_level:
        return
    if isinstance(command, click.Group):
        if rest and _placeholder(rest[0]):  # `cardlab simulate GAME --x`: x must be an option of every game
            subs = [
                command.get_command(click.Context(command), n)
                for n in command.list_commands(click.Context(command))
            ]
            common = set.intersection(*(_options(s) for s in subs if s is not None))
            for token in rest[1:]:
                name = token.split("=")[0].rstrip(",.;:)")
                if token.startswith("--") and not name[2:].isupper() and not name.endswith(("…", "...")):
                    assert name in common, f"{page}: '{line}': not every {command.name} command has {name}"
            return
        assert not rest or _placeholder(rest[0]), (
            f"{page}: '{line}': '{rest[0]}' is not a {command.name} subcommand"
        )
        return
    known = _options(command)
    for token in rest:
        if token.startswith("--") and len(token) > 2:
            name = token.split("=")[0].rstrip(",.;:)")
            if name.endswith(("…", "...")) or name[2:].isupper():  # --NAME: any option
                continue
            assert name in known, f"{page}: '{line}': {command.name} has no option {name}"


def test_the_check_can_fail():
    command, rest = _resolve(["cardlab", "simulate", "gosu-x", "--no-such-option"])
    assert command.name == "gosu-x" and "--no-such-option" not in _options(command)
    assert _resolve(["cardlab", "nonsense"])[0] is cli
