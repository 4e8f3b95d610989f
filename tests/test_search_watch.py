"""``watch`` (with ``probe``, docs/search.md): the probe's whole-game rollouts also note the state
evaluation h turns after the decision, and `cardlab overrules` says how closely its difference against the
base's answer follows the whole-game difference (ρ, β, and what a two-level check would cost)."""

from __future__ import annotations

import math
import random

import pytest

from cardlab.overrules import Overrules
from cardlab.overrules_watch import Watch
from cardlab.simulate import games
from cardlab.simulate.core import Players
from cardlab.simulate.core.errors import UserError
from cardlab.simulate.core.game import play_seated
from cardlab.strategies import registry
from cardlab.strategies.search import Searched


def _play(**params):
    spec = games.get("four-souls")
    strategies = registry.for_game("four-souls")
    config = spec.make_config(n_players=2, max_turns=10)
    search = strategies["search"](0, random.Random(3), probe=2, **params)
    result = play_seated(spec, config, 29, Players([search, strategies["sensible"](1, random.Random(4))]))
    return result, search.searched


def test_watch_notes_the_evaluation_along_the_probes_rollouts_and_leaves_the_game_alone():
    plain, bare = _play()
    watched, records = _play(watch="3+1")
    assert plain.events.rows == watched.events.rows  # the same game, the same probes
    assert [r.samples for r in bare] == [r.samples for r in records]
    assert records
    for r in records:
        assert r.horizons == (1, 3) and len(r.watched) == 2  # two seeds
        for n, rows in enumerate(r.watched):
            assert len(rows) == len(r.options)
            for j, (turns, result, *shares) in enumerate(rows):
                assert turns >= 0 and result == r.samples[j][n]
                assert len(shares) == 2 and all(0.0 <= s <= 1.0 for s in shares)


def _record(rows):
    r = Searched("action", ("a", "b"), [2, 2], [0.0, 0.0], 0, 0)
    r.samples = tuple(tuple(seed[j][1] for seed in rows) for j in range(2))
    r.watched, r.horizons = rows, (2,)
    return r


def test_an_evaluation_that_follows_the_result_exactly_and_one_that_does_not():
    """C = d on every pair: ρ 1, β 1, and the two-level check costs the truncated rollouts' share of the
    turns (2 of 10); C unrelated to d: ρ 0, and it costs what a plain check does."""
    exact = (((10, 0.0, 0.0), (10, 1.0, 1.0)), ((10, 1.0, 1.0), (10, 0.0, 0.0)))
    watch = Watch()
    watch.add((2,), exact, 0)
    rho, beta, e, n = watch.figures(0)
    assert (round(rho, 9), round(beta, 9), round(e, 9), n) == (1.0, 1.0, 0.2, 2)
    blind = tuple(
        ((10, 0.0, 0.5), (10, d, 0.5 + c)) for d, c in ((1.0, 0.1), (-1.0, 0.1), (1.0, -0.1), (-1.0, -0.1))
    )
    watch = Watch()
    watch.add((2,), blind, 0)
    rho, beta, e, n = watch.figures(0)
    assert math.isclose(rho, 0.0, abs_tol=1e-12) and math.isclose(e, 1.0) and n == 4
    out = Overrules()
    out.add([_record(exact), _record(exact)], 1.0)
    text = str(out)
    assert "watch, the evaluation 2 turns on against the whole game: rho +1.000 [+1.000, +1.000]" in text
    assert "n = 4 pairs over 2 decisions" in text


@pytest.mark.parametrize(
    ("game", "params", "message"),
    [
        ("four-souls", {"probe": 2, "watch": "0"}, "watch must be whole numbers of turns"),
        ("four-souls", {"probe": 2, "watch": "2+x"}, "watch must be whole numbers of turns"),
        ("four-souls", {"watch": "2"}, "it needs probe"),
        ("gosu-x", {"probe": 2, "watch": "2"}, "watch needs a state evaluation"),
        ("four-souls", {"probe": 2, "watch": "2", "split": -1}, "split must be a whole number of turns"),
        ("four-souls", {"probe": 2, "watch": "2", "split": "x"}, "split must be a whole number of turns"),
        ("four-souls", {"probe": 2, "split": 2}, "split plays each of watch's rollouts twice"),
    ],
)
def test_bad_watch_values_are_one_line(game, params, message):
    with pytest.raises(UserError, match=message):
        registry.for_game(game)["search"](0, random.Random(0), **params)


def test_split_plays_each_watched_rollout_twice_from_a_re_deal_and_leaves_the_game_alone():
    """``split=2``: every watched rollout is played twice; the two copies share the position until the
    seat's first decision two turns on (their one-turn notes are equal), are re-dealt there from the seat's
    view and part after (their four-turn notes differ somewhere); the game itself is the probe's as before."""
    plain, _ = _play(watch="1")
    split, records = _play(watch="1+4", split=2)
    assert plain.events.rows == split.events.rows
    assert records
    parted = False
    for r in records:
        assert r.split == 2 and len(r.twins) == len(r.watched) == 2
        for n, (rows, second) in enumerate(zip(r.watched, r.twins, strict=True)):
            assert len(second) == len(rows) == len(r.options)
            for j, (one, two) in enumerate(zip(rows, second, strict=True)):
                assert one[1] == r.samples[j][n]
                assert one[2] == two[2]  # one turn on: before the split
                parted = parted or one[3] != two[3]
    assert parted


def test_twins_that_end_alike_settle_the_game_and_unrelated_ones_do_not():
    """r 1 (the position settles the whole difference: an evaluation could follow it exactly) when the two
    copies' differences are equal on every pair; r 0 when they are unrelated."""
    one = (((10, 0.0, 0.5), (10, 1.0, 0.5)), ((10, 1.0, 0.5), (10, 0.0, 0.5)))
    watch = Watch()
    watch.add((2,), one, 0, one, 3)
    assert math.isclose(watch.settled(), 1.0)
    line = watch.lines()[-1]
    assert line.startswith("split 3 turns on, two copies re-dealt from the seat's view: their differences ")
    assert "correlate r +1.000 [+1.000, +1.000]" in line and "sqrt(r) +1.000" in line
    assert line.endswith("n = 2 pairs over 1 decisions")
    a = tuple(((10, 0.0, 0.5), (10, d, 0.5)) for d in (1.0, -1.0, 1.0, -1.0))
    b = tuple(((10, 0.0, 0.5), (10, d, 0.5)) for d in (1.0, 1.0, -1.0, -1.0))
    watch = Watch()
    watch.add((2,), a, 0, b, 3)
    assert math.isclose(watch.settled(), 0.0, abs_tol=1e-12)
