"""Restricted play (``restricted:base=…,ban=…``): the banned card is never used by its holder, everything
else is the base policy, and bad input is one line with exit 2 before any game."""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner

from cardlab.cli import cli
from cardlab.simulate import games
from cardlab.simulate.core import Players
from cardlab.simulate.core.game import play_seated
from cardlab.strategies import registry

# A card each game's sensible player uses often (docs coverage tables), and a character ability (Four Souls).
BANS = {"gosu-x": "Golem", "hidden-reason": "Arc Bolt", "four-souls": "The D6"}


def _uses(game, seat0, seeds):
    """How often seat 0 used each card over ``seeds`` (the game's coverage 'used' events)."""
    spec = games.get(game)
    strategies = registry.for_game(game)
    config = spec.make_config(n_players=2, max_turns=spec.default_max_turns)
    used: dict[str, int] = {}
    for seed in seeds:
        players = Players([seat0(), strategies["sensible"](1, random.Random(seed))])
        for _, _, seat, kind, card, *_ in play_seated(spec, config, seed, players).events.rows:
            if seat == 0 and kind in spec.coverage.used:
                used[card] = used.get(card, 0) + 1
    return used


@pytest.mark.parametrize("game", sorted(BANS))
def test_a_banned_card_is_never_used_and_the_base_uses_it(game):
    strategies = registry.for_game(game)
    ban = BANS[game]
    seeds = range(12) if game != "four-souls" else range(6)
    cls = strategies["restricted"]
    free = _uses(game, lambda: strategies["sensible"](0, random.Random(1)), seeds)
    held = _uses(game, lambda: cls(0, random.Random(1), base="sensible", ban=ban), seeds)
    assert free.get(ban, 0) > 0, f"sensible never used {ban}: the test would prove nothing"
    assert held.get(ban, 0) == 0
    assert sum(held.values()) > 0  # the restricted player still plays its other cards


def test_without_a_ban_it_is_its_base():
    game = "gosu-x"
    spec = games.get(game)
    strategies = registry.for_game(game)
    config = spec.make_config(n_players=2, max_turns=spec.default_max_turns)

    def once(seat0):
        return play_seated(spec, config, 3, Players([seat0, strategies["sensible"](1, random.Random(2))]))

    plain = once(strategies["evaluator"](0, random.Random(1)))
    wrapped = once(strategies["restricted"](0, random.Random(1), base="evaluator"))
    assert plain.events.rows == wrapped.events.rows


@pytest.mark.parametrize(
    ("game", "text", "message"),
    [
        ("gosu-x", "restricted:ban=Golme", "ban 'Golme' names no card or ability — did you mean 'Golem'?"),
        ("four-souls", "restricted:ban=The D6+The D7", "ban 'The D7' names no card"),
        ("hidden-reason", "restricted:ban=+", "names no card"),
        ("gosu-x", "restricted:base=search", "base 'search' is not a heuristic"),
        ("hidden-reason", "restricted:base=nobody", "base 'nobody' is not a heuristic"),
    ],
)
def test_bad_restrictions_are_one_line_before_any_game(tmp_path, game, text, message):
    result = CliRunner().invoke(cli, ["simulate", game, "-s", text, "-n", "2", "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output
    assert not any(tmp_path.iterdir())


def test_an_unknown_policy_in_an_ensemble_is_one_line(tmp_path):
    result = CliRunner().invoke(
        cli, ["robust", "gosu-x", "--ensemble", "sensible,nobody", "-n", "2", "--out", str(tmp_path)]
    )
    assert result.exit_code == 2
    assert "unknown strategy 'nobody'" in result.output
