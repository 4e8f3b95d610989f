"""Declining a respond window unseen (kernel ``Strategy.declines``) is a pure saving: the engine skips
building the options only where the strategy would pass whatever they are. Games must be identical
event for event whether the engine honours the declines or asks anyway."""

from __future__ import annotations

import hashlib
import random

import pytest

from cardlab.simulate.core import Decision, Players, stream
from cardlab.simulate.four_souls import make_config, play
from cardlab.strategies.four_souls import STRATEGIES


def _game(name: str, n: int, seed: int, honour: bool) -> tuple[str, Players]:
    players = Players(
        [STRATEGIES[name](s, stream(seed, "strategy", s)) for s in range(n)], honour_declines=honour
    )
    result = play(make_config(n), seed, players)
    return hashlib.sha1(repr(result.events.rows).encode()).hexdigest(), players


@pytest.mark.parametrize("name", ["sensible", "aggro", "hoarder"])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_declining_changes_no_game(name, n):
    declined = asked_anyway = 0
    for seed in range(6):
        honoured, p1 = _game(name, n, seed, True)
        asked, p2 = _game(name, n, seed, False)
        assert honoured == asked, f"{name}, {n} players, seed {seed}: declining changed the game"
        declined += p1.declined
        asked_anyway += p2.decisions - p1.decisions
    assert declined > 0 and asked_anyway > 0  # windows were declined, and asking them changed nothing


def test_random_declines_nothing():
    _digest, players = _game("random", 3, 1, True)
    assert players.declined == 0 and players.decisions > 0


class _Picky:
    name = "picky"

    def __init__(self, seat, rng):
        self.asked = 0

    def declines(self, kind, view, context):
        return context is None

    def choose(self, decision):
        self.asked += 1
        return decision.options[0]


def test_players_decliners_honour_or_ignore():
    for honour in (True, False):
        strategy = _Picky(0, random.Random(0))
        players = Players([strategy, object()], honour_declines=honour)
        fn, none = players.decliners()
        assert none is None  # a strategy without ``declines``: the engine asks as usual
        assert fn("respond", None, None) is honour  # called either way: the strategy's state is the same
        assert fn("respond", None, "something on the stack") is False
        assert players.ask(Decision("respond", 0, ("pass", "x"))) == "pass" and strategy.asked == 1
