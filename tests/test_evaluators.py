"""The one-step state-evaluation players of Gosu X and Hidden Reason (issue 13 item 5): a second policy
family per game, registered as its own strategy, clearly better than random play, and with weights that are
parameters (a bad one is one line)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cardlab.cli import cli
from cardlab.simulate import games
from cardlab.simulate.core import Players, UserError, parse_strategies, stream
from cardlab.strategies.registry import for_game


@pytest.mark.parametrize(("game", "floor"), [("gosu-x", 0.8), ("hidden-reason", 0.6)])
def test_the_evaluator_beats_random_play(game, floor):
    spec = games.get(game)
    config = spec.make_config(n_players=2, max_turns=spec.default_max_turns)
    table = for_game(game)
    wins = 0
    n = 60
    for seed in range(n):
        me = seed % 2  # seats alternate
        seats = [None, None]
        seats[me] = table["evaluator"](me, stream(seed, "strategy", me))
        seats[1 - me] = table["random"](1 - me, stream(seed, "strategy", 1 - me))
        result = spec.play(config, seed, Players(seats))
        wins += me in result.winners and result.end_reason == "win"
    assert wins / n >= floor


@pytest.mark.parametrize("game", ["gosu-x", "hidden-reason"])
def test_weights_are_parameters_and_a_bad_one_is_one_line(game, tmp_path):
    ok = parse_strategies(
        ["evaluator:w_power=3" if game == "hidden-reason" else "evaluator:w_hand=3"], for_game(game)
    )
    assert 3.0 in ok[0].build(0, stream(1, "s")).w.values()
    with pytest.raises(UserError, match="w_card='x': a number is needed|w_hand='x': a number is needed"):
        parse_strategies(
            ["evaluator:w_card=x" if game == "hidden-reason" else "evaluator:w_hand=x"], for_game(game)
        )
    result = CliRunner().invoke(
        cli, ["simulate", game, "-n", "2", "--out", str(tmp_path), "-s", "evaluator:w_damage=?"]
    )
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_presets_are_named_and_the_evaluator_is_its_own_family():
    from cardlab.strategies.registry import preset_of

    for game, presets in {"gosu-x": {"battle"}, "hidden-reason": {"racer", "guardian"}}.items():
        table = for_game(game)
        assert {name for name, cls in table.items() if preset_of(cls, table) == "sensible"} == presets
        assert preset_of(table["evaluator"], table) is None and preset_of(table["sensible"], table) is None
