"""Each engine's coverage declaration (issue 13) against its games: the cards it names at the end are the
cards it declares usable, and Gosu X's end-of-game events are exactly the hands."""

from __future__ import annotations

from collections import Counter

import pytest

from cardlab.simulate import games
from cardlab.simulate.core import Players, stream
from cardlab.simulate.core.events import HELD_AT_END
from cardlab.simulate.gosu_x import engine as gx_engine
from cardlab.strategies.registry import for_game


def _players(game: str, n: int, seed: int) -> Players:
    cls = for_game(game)["random"]
    return Players([cls(s, stream(seed, "strategy", s)) for s in range(n)])


@pytest.mark.parametrize("name", ["four-souls", "gosu-x", "hidden-reason"])
def test_every_declared_kind_is_logged_and_cards_at_the_end_are_known(name):
    spec = games.get(name)
    config = spec.make_config(n_players=spec.players_range[0], max_turns=spec.default_max_turns)
    usable = spec.coverage.cards(config)
    assert usable, f"{name}: no usable cards declared"
    seen: Counter = Counter()
    for seed in range(6):
        result = spec.play(config, seed, _players(name, config.n_players, seed))
        for row in result.events.rows:
            seen[row[3]] += 1
            if row[3] == HELD_AT_END and name != "four-souls":  # Four Souls also lists passive items
                assert row[4] in usable, f"{name}: {row[4]} held at the end but not declared usable"
    assert seen[HELD_AT_END] > 0
    assert any(seen[k] for k in spec.coverage.used)


def test_gosu_x_lists_each_hand_at_the_end():
    spec = games.get("gosu-x")
    config = spec.make_config(n_players=2, max_turns=400)
    for seed in range(8):
        st = gx_engine.new_state(config, seed, _players("gosu-x", 2, seed))
        result = gx_engine._play(st)
        for seat in (0, 1):
            logged = sorted(r[4] for r in result.events.rows if r[3] == HELD_AT_END and r[2] == seat)
            assert logged == sorted(c.d.name for c in st.p[seat].hand)
