"""One `--set` mechanism for every game (issue 17 item 4, simulate/core/overrides.py): in each game an
override that sets a card's own value plays byte-identical games, a real one changes them and the card-data
hash, and a mistake is one line in the same words, naming the game."""

from __future__ import annotations

import hashlib
import json

import pytest
from click.testing import CliRunner

from cardlab.cli import cli
from cardlab.simulate import games

CASES = {  # game: (an override equal to the card's printed value, a real change, extra options)
    "four-souls": ("Gurdy.hp=5", "Gurdy.hp=9", ["-p", "2"]),
    "gosu-x": ("Dancing Dragon.level=1", "Narasimha.tile.hand_limit=2", []),
    "hidden-reason": ("Iron Golem.attack=4", "Iron Golem.attack=9", []),
}


def _run(tmp_path, game, name, *sets):
    extra = CASES[game][2]
    args = [
        "simulate",
        game,
        "-n",
        "12",
        "--seed",
        "3",
        "-j",
        "1",
        "-q",
        "--out",
        str(tmp_path),
        "--name",
        name,
    ]
    result = CliRunner().invoke(cli, [*args, *extra, *[a for s in sets for a in ("--set", s)]])
    assert result.exit_code == 0, result.output
    run = tmp_path / name
    events = hashlib.sha256(b"".join(p.read_bytes() for p in sorted((run / "events").glob("*.parquet"))))
    return events.hexdigest(), json.loads((run / "manifest.json").read_text())["card_data_hash"]


@pytest.mark.parametrize("game", sorted(CASES))
def test_a_no_op_override_plays_the_same_games_and_a_real_one_does_not(tmp_path, game):
    same, real = CASES[game][0], CASES[game][1]
    base_events, base_hash = _run(tmp_path, game, "base")
    noop_events, noop_hash = _run(tmp_path, game, "noop", same)
    real_events, real_hash = _run(tmp_path, game, "real", real)
    assert noop_events == base_events  # common random numbers: nothing changed, nothing moves
    assert real_events != base_events
    assert len({base_hash, noop_hash, real_hash}) == 3  # the hash covers the overrides


@pytest.mark.parametrize("game", sorted(CASES))
def test_the_same_words_for_the_same_mistake_in_every_game(tmp_path, game):
    card = CASES[game][0].split(".")[0]
    result = CliRunner().invoke(
        cli,
        [
            "simulate",
            game,
            "-n",
            "2",
            "-q",
            "--out",
            str(tmp_path),
            "--name",
            "bad",
            "--set",
            f"{card}.nonsense=1",
        ],
    )
    assert result.exit_code == 2
    assert result.output.startswith(f"error: {game}: --set '{card}.nonsense=1': unknown field 'nonsense'")
    assert not (tmp_path / "bad").exists()
    assert games.get(game).set_fields  # tune and the docs read each game's settable fields from here
