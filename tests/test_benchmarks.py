"""Engine benchmarks with pytest-benchmark: the games `cardlab bench` plays, timed one by one, so each
engine gets a per-game time with its spread (min, median, IQR) over the same 50 seeds, each played once.

The suite runs each case once as a smoke test (pyproject's addopts has ``--benchmark-disable``). To
measure: ``python -m pytest tests/test_benchmarks.py --benchmark-enable`` (add ``--benchmark-save=NAME``
and later ``--benchmark-compare`` to compare two commits). Numbers go in notes as games/s = 1 / mean.
"""

from __future__ import annotations

import itertools

import pytest

from cardlab.simulate import games
from cardlab.simulate.core.runner import play_game
from cardlab.wiring import plan_from_options

SEEDS = 50  # the games cycled through: enough to average over short and long games
CASES = [
    ("four-souls", 4),  # the throughput target of issue #3 (docs/four_souls.md § Throughput)
    ("four-souls", 2),
    ("gosu-x", 2),
    ("hidden-reason", 4),
]


@pytest.mark.parametrize(("game", "players"), CASES, ids=[f"{g}-{p}p" for g, p in CASES])
def test_bench_one_game(benchmark, game, players):
    plan = plan_from_options(
        games.get(game),
        n_games=SEEDS,
        run_seed=20261121,
        n_players=players,
        strategy_texts=(),
        batch_size=SEEDS,
        max_turns=None,
        log_events=True,
    )
    index = itertools.cycle(range(SEEDS))  # each seed once per measurement: the mean is over the same games
    result = benchmark.pedantic(lambda: play_game(plan, next(index)), rounds=SEEDS, iterations=1)
    assert result.events.rows and result.turns > 0  # a whole, logged game
