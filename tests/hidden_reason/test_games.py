"""Whole games: random play to completion for 2–4 players, determinism, invariants (hypothesis)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlab.simulate.core import Players, game_seed
from cardlab.simulate.hidden_reason import GAME, make_config
from cardlab.simulate.hidden_reason.decks import load_pool
from cardlab.strategies.hidden_reason import STRATEGIES

from .invariants import Checked

DECKS = sorted(load_pool("").decks)


def _seats(names, seed, check=False):
    out = []
    for s, name in enumerate(names):
        strat = STRATEGIES[name](s, random.Random(seed * 7 + s))
        out.append(Checked(strat) if check else strat)
    return Players(out)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_finish(n):
    for i in range(40 if n == 2 else 20):
        seed = game_seed(99, i)
        result = GAME.play(make_config(n, 300), seed, _seats(["random"] * n, seed, check=True))
        assert result.end_reason in ("win", "draw", "no_winner", "turn_cap")
        assert result.end_reason != "turn_cap"  # the wound alone kills the boss within the cap
        assert {r[3] for r in result.events.rows} <= GAME.event_kinds


@pytest.mark.parametrize(
    "names",
    [["sensible", "racer"], ["guardian", "sensible", "racer"], ["random", "guardian", "sensible", "racer"]],
)
def test_heuristic_games_finish_with_one_lethal_blow(names):
    for i in range(10):
        seed = game_seed(5, i)
        result = GAME.play(make_config(len(names), 300), seed, _seats(names, seed, check=True))
        assert result.end_reason == "win"
        assert [s.columns["lethal"] for s in result.seats].count(True) == 1
        assert result.seats[result.winners[0]].columns["lethal"]


def test_same_seed_same_events():
    seed = game_seed(3, 4)
    a = GAME.play(make_config(3, 300), seed, _seats(["sensible", "random", "guardian"], 1))
    b = GAME.play(make_config(3, 300), seed, _seats(["sensible", "random", "guardian"], 1))
    assert a.events.rows == b.events.rows and a.winners == b.winners


def test_logging_off_gives_the_same_game():
    seed = game_seed(3, 5)
    a = GAME.play(make_config(2, 300), seed, _seats(["sensible", "racer"], 1))
    b = GAME.play(make_config(2, 300), seed, _seats(["sensible", "racer"], 1), log_events=False)
    assert len(b.events) == 0 and (a.winners, a.turns) == (b.winners, b.turns)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**62),
    n=st.integers(2, 4),
    decks=st.lists(st.sampled_from(DECKS), min_size=4, max_size=4),
    # search branches through play_seated, which GAME.play bypasses: tests/test_search_games.py plays it
    names=st.lists(st.sampled_from(sorted(set(STRATEGIES) - {"search"})), min_size=4, max_size=4),
    hp=st.integers(1, 30),
)
def test_invariants_hold_in_any_game(seed, n, decks, names, hp):
    seats = _seats(names[:n], seed % 1000, check=True)
    result = GAME.play(make_config(n, 400, decks=",".join(decks[:n]), boss_hp_per_player=hp), seed, seats)
    assert result.end_reason in ("win", "draw", "no_winner")
    hp_rows = [r for r in result.events.rows if r[3] == "boss_damage"]
    assert sum(r[6] for r in hp_rows) == sum(s.columns["boss_damage"] for s in result.seats)
    assert result.columns["boss_hp_end"] == hp * n - sum(r[6] for r in hp_rows)
    if result.end_reason == "win":
        assert result.columns["boss_hp_end"] <= 0
