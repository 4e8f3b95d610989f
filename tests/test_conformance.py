"""Conformance: what every registered game must pass (issue 17 item 7, after OpenSpiel's game tests).

For every built-in game of the registry (``simulate.games.BUILTIN``) and the test game Pig, every
player count it allows and every variant it declares, under random play (simulate.core.testing):

- **determinism** — the same config, seed and players give the identical event log and result;
- **invariants** — ``checked_play`` (the engine's invariants after every step) passes and plays the very
  same game as ``play`` (checking must not change what it checks);
- **replay** — the game played again from its recorded answers alone (``Replayer``) logs the same events:
  a game is a pure function of its seed and its answers;
- **purity** — for each game's default config, the runner's tables are the same when its games are played
  in one batch in this process after other configs, and in two batches by two fresh worker processes.

A game registered without passing fails here: the cases come from the registry. The checks themselves are
shown to fail on a game that breaks each contract (a broken Pig), so none of them can pass vacuously.
"""

from __future__ import annotations

import dataclasses
import multiprocessing
import random
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest

from cardlab.simulate import games
from cardlab.simulate.core import GameSpec, Players, UserError, parse_strategies
from cardlab.simulate.core.runner import RunPlan, run_batch
from cardlab.simulate.core.testing import RandomPlayer, Replayer, ScriptMismatch
from cardlab.strategies import registry
from tests import toygame

# Every built-in game and the kernel's test game; other test modules register deliberately broken games
# (test_soak's pig-broken), which are not candidates.
GAMES = sorted({*games.BUILTIN, "pig"})
games.register(toygame.GAME)  # as conftest does; again here for the fresh worker processes below
registry.register("pig", toygame.STRATEGIES)
MAX_TURNS = 30  # long enough for every kind of turn to come up; short enough to keep ~60 cases fast
SEEDS = (1, 2)


def _config(spec: GameSpec, n: int, variant: str | None) -> Any:
    options = {"variant": (variant,)} if variant else {}
    return spec.make_config(n_players=n, max_turns=MAX_TURNS, **options)


def _cases() -> list[Any]:
    cases = []
    for name in GAMES:
        spec = games.get(name)
        lo, hi = spec.players_range
        for n in range(lo, hi + 1):
            for variant in (None, *sorted(spec.variants)):
                try:
                    _config(spec, n, variant)
                except UserError:  # a combination the game refuses in one line (two-player with 3 players)
                    continue
                yield_id = f"{name}-{n}p" + (f"-{variant}" if variant else "")
                cases.append(pytest.param(name, n, variant, id=yield_id))
    return cases


def _random_table(n: int, seed: int) -> Players:
    return Players([RandomPlayer(s, random.Random(seed * 1000 + s)) for s in range(n)], choices=[])


def _fingerprint(result: Any) -> tuple:
    seats = [(s.score, sorted(s.columns.items())) for s in result.seats]
    return (result.winners, result.end_reason, result.turns, result.first_seat, seats, result.events.rows)


def check_game(spec: GameSpec, config: Any, seed: int) -> None:
    """Determinism, invariants and replay of one seeded game under random play (raises AssertionError)."""
    n = config.n_players
    players = _random_table(n, seed)
    first = spec.play(config, seed, players)
    assert first.events.rows, f"{spec.name}: a game logged no events"
    again = spec.play(config, seed, _random_table(n, seed))
    assert _fingerprint(again) == _fingerprint(first), (
        f"{spec.name}: the same seed and players played differently"
    )
    assert spec.checked_play is not None, f"{spec.name}: no checked_play (its invariants are never checked)"
    checked = spec.checked_play(config, seed, _random_table(n, seed))
    assert _fingerprint(checked) == _fingerprint(first), f"{spec.name}: checked_play played another game"
    replay = Replayer(players.choices)
    replayed = spec.play(config, seed, replay.players(n))
    replay.expect_done()
    assert _fingerprint(replayed) == _fingerprint(first), (
        f"{spec.name}: replaying the answers played differently"
    )


@pytest.mark.parametrize(("game", "n", "variant"), _cases())
def test_every_game_is_deterministic_checked_and_replayable(game, n, variant):
    spec = games.get(game)
    config = _config(spec, n, variant)
    for seed in SEEDS:
        check_game(spec, config, seed)


def test_every_registered_game_and_engine_is_covered():
    ids = {p.id for p in _cases()}
    for name in GAMES:
        lo, hi = games.get(name).players_range
        assert {f"{name}-{n}p" for n in range(lo, hi + 1)} <= ids
    assert {"four-souls", "gosu-x", "hidden-reason", "pig"} <= set(GAMES)


# ------------------------------------------------------------------------------------------------- purity


def _plan(game: str, n_games: int = 4) -> RunPlan:
    spec = games.get(game)
    config = spec.make_config(n_players=spec.default_players, max_turns=MAX_TURNS)
    strategies = tuple(parse_strategies(["random"], registry.for_game(game)))
    return RunPlan(spec, config, n_games, 7, strategies, batch_size=n_games)


def _rows(tables: dict) -> dict[str, list]:
    """The batch's tables as rows, without the wall-clock column (the one thing allowed to differ)."""
    return {
        name: t.drop_columns([c for c in ("duration_s",) if c in t.column_names]).to_pylist()
        for name, t in tables.items()
    }


def _in_two_batches(game: str) -> dict[str, list]:
    """Games 0-1 and 2-3 as two batches (run in a fresh worker process), joined."""
    plan = _plan(game)
    parts = [_rows(run_batch(plan, b, first, 2, None)[1]) for b, first in ((0, 0), (1, 2))]
    return {name: parts[0][name] + parts[1][name] for name in parts[0]}


def _other_config(game: str) -> None:
    """Play a game of another config of ``game`` in this process (a different player count or option)."""
    spec = games.get(game)
    lo, hi = spec.players_range
    n = hi if spec.default_players != hi else lo
    config = spec.make_config(n_players=n, max_turns=MAX_TURNS)
    spec.play(config, 99, _random_table(n, 99))


@pytest.fixture(scope="module")
def fresh_two_batch_tables() -> dict[str, dict[str, list]]:
    names = GAMES
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        return dict(zip(names, pool.map(_in_two_batches, names), strict=True))


@pytest.mark.parametrize("game", GAMES)
def test_every_game_is_pure_across_processes_batches_and_other_configs(game, fresh_two_batch_tables):
    _other_config(game)
    plan = _plan(game)
    here = _rows(run_batch(plan, 0, 0, plan.n_games, None)[1])
    assert here["games"] and not here["errors"]
    assert here == fresh_two_batch_tables[game]


# ------------------------------------------------------------------------------------ the checks can fail

_leak = [0]


def _impure_play(config, seed, players, log_events=True):
    """Pig whose first seat depends on how many games this process played before (a cache that outlives
    its game): deterministic on a fresh start, not after another game."""
    _leak[0] += 1
    return toygame.play(config, seed + (_leak[0] > 1), players, log_events)


def _strategy_rng_play(config, seed, players, log_events=True):
    """Pig that draws from the first player's own random stream (the replayed players have none): the
    game then depends on more than its seed and its answers."""
    rng = getattr(players.strategies[0], "rng", random.Random(0))
    return toygame.play(config, seed + rng.randrange(2), players, log_events)


@pytest.mark.parametrize(
    ("broken", "message"),
    [
        (dict(play=_impure_play), "played differently"),
        (dict(play=_strategy_rng_play, checked_play=_strategy_rng_play), "replay"),
        (
            dict(checked_play=lambda c, s, p, log_events=True: toygame.play(c, s + 1, p)),
            "checked_play played",
        ),
        (dict(checked_play=None), "no checked_play"),
    ],
    ids=["impure", "reads-a-strategy", "checked-differs", "no-checked-play"],
)
def test_a_game_breaking_a_contract_fails_conformance(broken, message):
    _leak[0] = 0
    spec = dataclasses.replace(toygame.GAME, **broken)
    with pytest.raises((AssertionError, ScriptMismatch), match=message):
        for seed in range(1, 8):
            check_game(spec, spec.make_config(2, MAX_TURNS), seed)
