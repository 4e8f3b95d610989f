"""A copied player plays as the original (issue 20): a search deep-copies players with the position and a
run may pickle them. In the compiled build a player is a Python class over native rules
(``strategies.copying.Copyable``), so a copy that dropped an attribute would stop the game or change it.
CI runs this file on the compiled install too."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from cardlab.simulate import games
from cardlab.simulate.core import Players
from cardlab.simulate.core.game import play_seated
from cardlab.strategies import registry

# the heuristics of every game (search and restricted wrap these and build their own players)
CASES = [
    (game, name)
    for game in ("gosu-x", "hidden-reason", "four-souls")
    for name in sorted(registry.for_game(game))
    if name not in ("search", "restricted")
]


def _play(game: str, name: str, copier) -> tuple:
    spec = games.get(game)
    config = spec.make_config(n_players=2, max_turns=spec.default_max_turns)
    cls = registry.for_game(game)[name]
    players = [copier(cls(seat, random.Random(seat))) for seat in range(2)]
    result = play_seated(spec, config, 5, Players(players))
    return result.events.rows, result.winners


@pytest.mark.parametrize(("game", "name"), CASES)
def test_a_deep_copied_or_pickled_player_plays_the_same_game(game, name):
    original = _play(game, name, lambda player: player)
    assert _play(game, name, copy.deepcopy) == original
    assert _play(game, name, lambda player: pickle.loads(pickle.dumps(player))) == original
