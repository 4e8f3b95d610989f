"""One example per command, shown at the end of its ``--help`` (a new user's first question is "what do I
type?"). A game command's example is that game's; ``tests/test_help_examples.py`` parses every one against
the command's options, so an example cannot name an option that does not exist."""

from __future__ import annotations

import re

import click

# Keyed by the command path after ``cardlab``; a game command (``simulate four-souls``) takes its group's
# entry, by game when the games need different options (a game missing from it gets the first one's).
EXAMPLES: dict[str, str | dict[str, str]] = {
    "": "cardlab simulate gosu-x --games 2000 && cardlab report results/latest",
    "games": "cardlab games",
    "simulate": {
        "four-souls": "cardlab simulate four-souls -p 2 -n 200 --seed 3 --name base",
        "gosu-x": "cardlab simulate gosu-x -n 2000 --seed 1 --name gx",
        "hidden-reason": "cardlab simulate hidden-reason -p 3 -n 500 --seed 2 --name hr",
    },
    "sweep": {
        "four-souls": "cardlab sweep four-souls --vary 'ratio-count=curse={0..10:2}' --ratio official "
        "--fill smaller -n 2000",
        "gosu-x": "cardlab sweep gosu-x --vary 'combat-values=2,3,5/2,3,6' -n 1000",
        "hidden-reason": "cardlab sweep hidden-reason -p 2 --vary 'boss-hp-per-player=20..30:5' -n 500",
    },
    "report": "cardlab report results/base --by character",
    "compare": "cardlab compare results/base results/gurdy --by character",
    "derive": "cardlab derive draft-table results/base --policy sensible --out draft.json",
    "derive draft-table": "cardlab derive draft-table results/base --policy sensible --out draft.json",
    "derive gosu-x-draft": "cardlab derive gosu-x-draft results/gx --out draft_values.json",
    "derive four-souls-horizon": "cardlab derive four-souls-horizon --games 300 --seed 1 --out horizon.json",
    "replay": "cardlab replay results/base --game 0 --html game0.html",
    "verify": "cardlab verify results/base",
    "cards": "cardlab cards check mycards.yaml",
    "cards check": "cardlab cards check mycards.yaml",
    "soak": "cardlab soak four-souls -p 2 -n 1000 -j 1",
    "bench": "cardlab bench four-souls -p 4 --compare sets=all",
    "robust": "cardlab robust {game} --ensemble sensible,random -n 1000",
    "tune": {
        "four-souls": "cardlab tune four-souls -p 2 -n 300 --seed 1 --knob 'Eve.hp=1..4' "
        "--knob 'Samson.hp=1..4' --target 'spread(character) <= 0.15' --max-changes 2",
        "gosu-x": "cardlab tune gosu-x -n 400 --seed 1 --knob 'combat-values=2,3,5/2,3,6/2,4,5' "
        "--target 'spread(clans) <= 0.2'",
        "hidden-reason": "cardlab tune hidden-reason -p 2 -n 600 --seed 1 --knob 'Iron Golem.cost=3..4' "
        "--target 'deck foundry_engine >= 0.45'",
    },
    "tune-policy": {
        "gosu-x": "cardlab tune-policy gosu-x sensible --param 'activate_base=1..5' --param 'pass_lead=4..12:2' "
        "-n 600 --seed 1",
        "four-souls": "cardlab tune-policy four-souls sensible -p 2 --param 'risk=0.1..0.4:0.05' -n 600 --seed 1",
        "hidden-reason": "cardlab tune-policy hidden-reason guardian -p 2 --param 'margin=0..6' -n 600 --seed 1",
    },
    "ladder": "cardlab ladder {game} -p 2 -s random -s sensible -s evaluator -n 300 --seed 5",
    "duel": "cardlab duel {game} -p 2 -s evaluator -s sensible -n 1000 --seed 41 --name duel-41",
    "duel-report": "cardlab duel-report results/duel-41 results/duel-42",
    "overrules": "cardlab overrules {game} -p 2 -s search -s sensible -n 20 --seed 31",
    "meta": "cardlab meta results/gx --by alliance",
}


def example(path: str, game: str | None = None) -> str:
    """The example of the command at ``path`` (``"simulate"``, ``"cards check"``), for ``game`` when it is a
    game command; "" when the command has none."""
    entry = EXAMPLES.get(path, "")
    if isinstance(entry, dict):
        entry = entry.get(game or "", next(iter(entry.values())))
    return entry.replace("{game}", game or "four-souls")


def example_option(path: str, game: str | None, option: str) -> str:
    """``option`` with its value as the command's example for ``game`` gives it (``--knob 'Eve.hp=1..4'``),
    for a message's "e.g.": each game's own, never another game's card or column, so a copied example runs."""
    found = re.search(rf"{option} '[^']*'", example(path, game))
    return found.group(0) if found else option


def with_example(command: click.Command, path: str, game: str | None = None) -> click.Command:
    """``command`` with its example as the help's last paragraph (click keeps \\b paragraphs as typed)."""
    text = example(path, game)
    if text and not command.epilog:
        command.epilog = f"\b\nExample:\n  {text}"
    return command


def add_examples(group: click.Group, path: str = "") -> None:
    """Give every command registered under ``group`` its example; game commands made on demand get theirs
    where their groups make them (``SimulateGroup.resolve_command``)."""
    with_example(group, path)
    for name, command in group.commands.items():
        sub = f"{path} {name}".strip()
        if isinstance(command, click.Group):
            add_examples(command, sub)
        else:
            with_example(command, sub)
