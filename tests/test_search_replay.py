"""Search by replay (Gosu X, Hidden Reason): a replayed branch is the forked branch, so everything shown for
forked branches (no hidden information, tests/gosu_x/test_search.py) holds for replayed ones."""

from __future__ import annotations

import random

import pytest

from cardlab.simulate import games
from cardlab.simulate.core import Players
from cardlab.simulate.core.game import play_seated
from cardlab.strategies import registry


@pytest.mark.parametrize(("game", "seed"), [("gosu-x", 4), ("hidden-reason", 21)])
def test_a_search_by_replay_plays_the_game_a_search_by_fork_plays(game, seed):
    """Same re-deals, same rollouts, same answers: the two mechanisms give event-for-event the same game,
    and the same statistics at every searched decision."""
    spec = games.get(game)
    strategies = registry.for_game(game)
    config = spec.make_config(n_players=2, max_turns=spec.default_max_turns)

    def once(branch):
        search = strategies["search"](0, random.Random(3), budget=2, branch=branch)
        result = play_seated(
            spec, config, seed, Players([search, strategies["sensible"](1, random.Random(4))])
        )
        return result, [(s.kind, s.visits, s.values, s.chosen) for s in search.searched]

    (forked, fork_stats), (replayed, replay_stats) = once("fork"), once("replay")
    assert fork_stats and fork_stats == replay_stats
    assert forked.events.rows == replayed.events.rows


def test_each_game_branches_the_way_it_measured_cheaper():
    expected = {"four-souls": "copy", "gosu-x": "copy", "hidden-reason": "replay"}
    for game, branch in expected.items():
        search = registry.for_game(game)["search"](0, random.Random(0))
        assert search.branch == branch
