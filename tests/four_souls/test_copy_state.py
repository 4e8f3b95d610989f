"""``branching.copy_state`` (issue 20 item 3): a copy of a position plays on event for event as the
original did, shares only the card data, and nothing the original does afterwards reaches it."""

from __future__ import annotations

import contextlib

import pytest

from cardlab.simulate.core import Players, stream
from cardlab.simulate.four_souls import make_config, run_game, turn
from cardlab.simulate.four_souls.branching import copy_state
from cardlab.simulate.four_souls.state import GameOver, RunawayTurn
from cardlab.strategies.four_souls import STRATEGIES


@pytest.mark.parametrize(
    ("n", "strategies", "options", "at"),
    [
        (4, ("sensible",), {}, 3),
        (2, ("random",), {}, 6),
        (3, ("sensible", "random"), {"variant": "rooms", "sets": "all"}, 4),
    ],
)
def test_a_copied_position_plays_on_as_the_original(n, strategies, options, at):
    cfg = make_config(n, 60, **options)
    seed = 5
    players = Players(
        [STRATEGIES[strategies[i % len(strategies)]](i, stream(seed, "strategy", i)) for i in range(n)]
    )
    copies = []

    def at_turn(g):
        if g.turn == at:
            copies.append((copy_state(g), len(g.log.rows)))

    whole = run_game(cfg, seed, players, on_turn=at_turn).events.rows
    ((copied, made_at),) = copies
    assert copied.turn == at and len(copied.log.rows) == made_at  # the original played on without it
    with contextlib.suppress(GameOver, RunawayTurn):  # how the game ends
        turn.play_turns(copied, cfg.max_turns)
    played = copied.log.rows
    assert len(played) > made_at + 20  # it did play on
    assert played == whole[: len(played)]  # and exactly as the original (rows after the loop: the end)
    assert whole[len(played)][3] in ("held_at_end", "game_over")


def test_the_copy_shares_only_the_card_data():
    cfg = make_config(3, 60)
    seed = 2
    players = Players([STRATEGIES["sensible"](i, stream(seed, "strategy", i)) for i in range(3)])
    copies = []
    run_game(cfg, seed, players, on_turn=lambda g: copies.append((g, copy_state(g))) if g.turn == 2 else None)
    ((g, c),) = copies
    assert c.cfg is g.cfg and c.all_phys[0] is g.all_phys[0] and c.all_phys[0].rules is g.all_phys[0].rules
    assert c.players[0] is not g.players[0] and c.players[0].hand is not g.players[0].hand
    assert c.views[0]._g is c and c.io is not g.io and c.streams is not g.streams
    ch, gch = c.players[0].character, g.players[0].character
    assert ch is not gch and ch.phys is gch.phys
