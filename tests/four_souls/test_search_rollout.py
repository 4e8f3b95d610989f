"""``rollout=NAME/KEY=VALUE`` and ``base=NAME/KEY=VALUE``: the search's rollout and base policies with
their own parameters (docs/search.md, session 34: a tuned sensible searched with). The parameters reach
every player seated in a branch and the base; a bad name, item or value is one line and exit 2 before
any game."""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner

from cardlab.cli import cli
from cardlab.simulate.core import Players, stream
from cardlab.simulate.four_souls import make_config, run_game
from cardlab.strategies.four_souls import STRATEGIES
from cardlab.strategies.four_souls.search import FSSearch

SENSIBLE = STRATEGIES["sensible"]


class Recording(FSSearch):
    """A search that keeps the players it seats in its branches (unwrapped from a horizon's cut or a
    plan's forced answer)."""

    def __init__(self, *args, **params):
        super().__init__(*args, **params)
        self.seated: list = []

    def _seat(self, state, seated):
        for player in seated:
            while hasattr(player, "policy"):
                player = player.policy
            self.seated.append(player)
        super()._seat(state, seated)


def test_a_rollout_with_parameters_seats_them_in_every_branch():
    seed = 5
    search = Recording(0, stream(seed, "strategy", 0), rollout="sensible/risk=0.5/picky=1.5", budget=2)
    players = Players([search, SENSIBLE(1, stream(seed, "strategy", 1))])
    run_game(make_config(2, 3), seed, players)
    seated = [p for p in search.seated if isinstance(p, SENSIBLE)]
    assert seated and len(seated) == len(search.seated)
    assert {(p.risk, p.picky) for p in seated} == {(0.5, 1.5)}
    assert {p.desperate for p in seated} == {SENSIBLE(0, random.Random(0)).desperate}  # the rest as default


def test_a_base_with_parameters_answers_and_is_the_switch_base():
    search = FSSearch(0, random.Random(0), base="sensible/risk=0.5", switch="aggro", pairs=2)
    assert isinstance(search.base, SENSIBLE) and search.base.risk == 0.5
    switched = search.factories[0](1, random.Random(1))
    assert isinstance(switched, SENSIBLE) and switched.risk == 0.5


def test_a_rollout_without_parameters_is_the_heuristic_itself():
    assert FSSearch(0, random.Random(0), rollout="sensible").rollout is SENSIBLE


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("search:rollout=nobody/risk=0.5", "rollout 'nobody' is not a heuristic"),
        ("search:rollout=sensible/risk", "rollout 'sensible/risk': 'risk' is not key=value"),
        ("search:rollout=sensible/risk=2", "parameter 'risk' must be a number in 0..1, got 2"),
        ("search:rollout=sensible/speed=3", "rollout 'sensible/speed=3'"),
        ("search:base=sensible/risk=-1", "base 'sensible/risk=-1': parameter 'risk' must be a number"),
        ("search:base=nobody/risk=0.5", "base 'nobody' is not a heuristic"),
    ],
)
def test_a_bad_rollout_policy_is_one_line_before_any_game(tmp_path, text, message):
    args = f"simulate four-souls -p 2 -s {text} -s sensible -n 2 --out".split() + [str(tmp_path)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2
    assert message in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert not any(tmp_path.iterdir())
