"""No cache may outlive the card data it was computed from (DESIGN: A game is a pure function). The data
files the players ship with (draft tables, the horizon evaluations) are derived from games on some card
data and record its hash; when the bundled cards change, the file is stale until it is derived again, and
this fails naming the command that does it (a draft table two card sets behind went unseen)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import cardlab.strategies
from cardlab.simulate import games

ROOT = Path(cardlab.strategies.__file__).parent
DERIVED = sorted(p for p in ROOT.rglob("*.json") if "provenance" in json.loads(p.read_text(encoding="utf-8")))


def _game(kind: str) -> str:
    """The game a file's kind names first ("four-souls draft table" → four-souls)."""
    return next(name for name in games.names() if kind.startswith(name + " "))


def refit(game: str, provenance: dict) -> str:
    """The commands that derive the file again: its own derive command, after the run it names (made as
    that run was: players, policies, games and seed) when it was derived from a run."""
    derive = provenance["command"]
    if "run" not in provenance:
        return derive
    policies = provenance.get("policies") or [provenance["policy"]]
    players = f" -p {provenance['n_players']}" if provenance.get("n_players") else ""
    run = (
        f"cardlab simulate {game}{players}{''.join(f' -s {p}' for p in policies)} -n {provenance['games']} "
        f"--seed {provenance['run_seed']} --name {provenance['run']}"
    )
    return f"{run}, then {derive}"


def test_every_derived_data_file_is_found():
    names = {p.relative_to(ROOT).as_posix() for p in DERIVED}
    assert {
        "four_souls/data/draft_table.json",
        "four_souls/data/horizon.json",
        "gosu_x/draft_values.json",
    } <= names


@pytest.mark.parametrize("path", DERIVED, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_a_shipped_data_file_was_derived_on_todays_card_data(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    provenance = data["provenance"]
    game = _game(data["kind"])
    spec = games.get(game)
    players = provenance.get("n_players") or (provenance.get("players") or [None])[0]
    config = spec.make_config(n_players=players) if players else spec.make_config()
    now = spec.card_data_hash(config)
    assert provenance["card_data_hash"] == now, (
        f"strategies/{path.relative_to(ROOT).as_posix()} was derived on card data "
        f"{provenance['card_data_hash']}, the bundled cards are {now}: derive it again: {refit(game, provenance)}"
    )


def test_the_refit_commands_name_the_run_to_make_again():
    draft = {
        "command": "cardlab derive draft-table fs-sensible-3000-seed1 --policy sensible",
        "run": "fs-sensible-3000-seed1",
        "policy": "sensible",
        "run_seed": 1,
        "n_players": 4,
        "games": 3000,
    }
    assert refit("four-souls", draft) == (
        "cardlab simulate four-souls -p 4 -s sensible -n 3000 --seed 1 --name fs-sensible-3000-seed1, "
        "then cardlab derive draft-table fs-sensible-3000-seed1 --policy sensible"
    )
    clans = {
        "command": "cardlab derive gosu-x-draft gosu-x-sensible-3000-seed1",
        "run": "gosu-x-sensible-3000-seed1",
        "policies": ["sensible"],
        "run_seed": 1,
        "games": 3000,
    }
    assert refit("gosu-x", clans).startswith(
        "cardlab simulate gosu-x -s sensible -n 3000 --seed 1 --name gosu-x-"
    )
    horizon = {"command": "cardlab derive four-souls-horizon --games 3000 --seed 1 --players 2,3,4"}
    assert refit("four-souls", horizon) == horizon["command"]
