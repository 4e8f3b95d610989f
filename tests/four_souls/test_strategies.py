"""The Four Souls strategies: legal answers only, parameters, reading only the view, and a tournament
check that the ordering is real (sensible beats random)."""

from __future__ import annotations

import inspect
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlab.simulate.core import Players, UserError, parse_strategies, stream
from cardlab.simulate.four_souls import GAME, make_config
from cardlab.strategies.four_souls import STRATEGIES
from cardlab.strategies.registry import describe

# search branches through play_seated, which these direct GAME.play calls bypass: tests/test_search_games.py
NAMES = sorted(name for name in STRATEGIES if name != "search")


class Checked:
    """Wraps a strategy: every answer must be one of the decision's options (checked here too, so the
    failure names the decision even if the kernel's own check changed)."""

    def __init__(self, inner):
        self.inner = inner
        self.name = inner.name
        self.kinds: set[str] = set()

    def choose(self, decision):
        got = self.inner.choose(decision)
        assert got in decision.options, (self.name, decision.kind, got, decision.options)
        self.kinds.add(decision.kind)
        return got


def _players(names: list[str], seed: int) -> Players:
    return Players([Checked(STRATEGIES[nm](i, stream(seed, "strategy", i))) for i, nm in enumerate(names)])


@settings(max_examples=30, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(2, 4),
    seed=st.integers(0, 10**9),
    names=st.lists(st.sampled_from(NAMES), min_size=4, max_size=4),
)
def test_strategies_only_return_legal_options(n, seed, names):
    players = _players(names[:n], seed)
    r = GAME.play(make_config(n, 150), seed, players, log_events=False)
    assert r.end_reason in ("win", "draw", "turn_cap")


def test_every_strategy_plays_every_seat_count():
    """Each policy against itself, 2–4 players, games run to a result (no engine error, no loop)."""
    for name in NAMES:
        for n in (2, 3, 4):
            r = GAME.play(make_config(n, 300), 11 * n, _players([name] * n, 11 * n), log_events=False)
            assert r.end_reason in ("win", "draw", "turn_cap")


def test_strategy_contract():
    for name, cls in STRATEGIES.items():
        assert cls.name == name
        assert describe(cls), name
        p = cls(0, random.Random(0))
        assert callable(p.choose)
        assert (inspect.getmodule(cls).__doc__ or "").strip(), name  # the module says how it plays


@pytest.mark.parametrize("name", NAMES)
def test_unknown_parameter_raises_type_error(name):
    with pytest.raises(TypeError):
        STRATEGIES[name](0, random.Random(0), nonsense=1)


@pytest.mark.parametrize(
    "name, params",
    [
        ("sensible", {"risk": 2.0}),
        ("sensible", {"risk": "high"}),
        ("sensible", {"respond": 3}),
        ("aggro", {"deck_hp": -1}),
        ("hoarder", {"late": "soon"}),
        ("hoarder", {"items": True}),
    ],
)
def test_bad_parameter_values_raise_type_error(name, params):
    with pytest.raises(TypeError):
        STRATEGIES[name](0, random.Random(0), **params)


def test_parameters_through_the_kernel():
    """``sensible:risk=0.3`` parses; an unknown parameter is one clear UserError line."""
    spec = parse_strategies(["sensible:risk=0.3,deck_hp=0"], STRATEGIES)[0]
    assert spec.build(0, random.Random(0)).risk == 0.3
    with pytest.raises(UserError, match="sensible"):
        parse_strategies(["sensible:greed=2"], STRATEGIES)
    with pytest.raises(UserError):
        parse_strategies(["hoarder:late=2,colour=red"], STRATEGIES)


def test_strategies_read_only_the_view():
    """Strategies see the game only through the decision (its options, view and context): no engine
    state, no private attribute of the view, no engine module that holds hidden information."""
    folder = Path(__file__).resolve().parents[2] / "strategies" / "four_souls"
    for path in folder.glob("*.py"):
        text = path.read_text()
        assert "._g" not in text, path.name
        for module in ("state", "stack", "turn", "attack", "dice", "effects", "statics"):
            assert f"four_souls.{module} import" not in text and f"four_souls import {module}" not in text


def _duel(a: str, b: str, games: int, seed0: int) -> tuple[int, int]:
    """Seats alternate; returns (wins of a, wins of b)."""
    cfg = make_config(2, 300)
    wins = {a: 0, b: 0}
    for k in range(games):
        seed = seed0 + k
        order = [a, b] if k % 2 == 0 else [b, a]
        r = GAME.play(cfg, seed, _players(order, seed), log_events=False)
        for w in r.winners if r.end_reason == "win" else ():
            wins[order[w]] += 1
    return wins[a], wins[b]


def test_tournament_sensible_beats_random():
    """Measured at ~90 % over 1,000 games (docs/four_souls.md, Strategies); a seeded sample of 60 with a
    threshold far below that cannot flake, yet fails if sensible stops being better than random."""
    won, lost = _duel("sensible", "random", 60, 1000)
    assert won >= 42, (won, lost)  # ≥ 70 %


@pytest.mark.parametrize("name", ["aggro", "hoarder"])
def test_tournament_other_policies_beat_random(name):
    won, lost = _duel(name, "random", 30, 2000)
    assert won >= 18, (won, lost)  # ≥ 60 % (measured ~90 %)
