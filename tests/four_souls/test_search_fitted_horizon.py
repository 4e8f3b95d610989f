"""The Four Souls search's evaluation at the horizon is fitted on seeded games (a conditional logit over
the seats), written with its provenance, read back checked, and refused with one line when bad."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
from click.testing import CliRunner

from cardlab.cli import cli
from cardlab.simulate.core.datafiles import write_json
from cardlab.simulate.core.errors import UserError
from cardlab.strategies.four_souls import horizon
from cardlab.strategies.four_souls.search import FSSearch


def test_the_fit_recovers_the_weights_that_made_the_winners():
    """Positions whose winners are drawn from a known softmax model: the fit finds that model's weights
    (and not the even shares), so the fitting is real maximum likelihood, not a fixed answer."""
    rng = np.random.default_rng(7)
    k = len(horizon.FEATURES)
    truth = np.linspace(-1.0, 1.0, k)
    data = []
    for i in range(4000):
        seats = 2 + i % 3
        x = rng.normal(size=(seats, k))
        p = np.exp(x @ truth)
        data.append((x, int(rng.choice(seats, p=p / p.sum())), i))
    w = horizon.fit(data, ridge=0.01)
    assert np.abs(w - truth).max() < 0.15
    assert horizon._log_likelihood(data, w) > horizon._log_likelihood(data, np.zeros(k))


def test_derive_plays_seeded_games_and_is_a_function_of_its_seed(tmp_path):
    first, second = horizon.derive(5, 3, (2,)), horizon.derive(5, 3, (2,))
    assert first == second
    assert (
        first["provenance"]["command"] == "cardlab derive four-souls-horizon --games 5 --seed 3 --players 2"
    )
    assert first["provenance"]["positions"] > 0
    assert set(first["weights"]) == set(horizon.FEATURES)
    path = write_json(first, tmp_path / "h.json")
    assert horizon.load(path) == tuple(first["weights"][f] for f in horizon.FEATURES)


def test_the_shipped_file_has_every_feature_and_its_provenance():
    data = json.loads(horizon.DEFAULT_FILE.read_text())
    assert data["provenance"]["command"].startswith("cardlab derive four-souls-horizon")
    assert len(horizon.load()) == len(horizon.FEATURES)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d.update(kind="draft"), "field 'kind'"),
        (lambda d: d.pop("provenance"), "field 'provenance'"),
        (lambda d: d["weights"].update(souls="a lot"), "field 'weights.souls'"),
        (lambda d: d["weights"].pop("hp"), "field 'weights.hp'"),
    ],
)
def test_a_bad_weights_file_is_one_line(tmp_path, edit, message):
    data = json.loads(horizon.DEFAULT_FILE.read_text())
    edit(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(UserError, match=message):
        horizon.load(path)


def test_an_unknown_evaluation_is_refused():
    with pytest.raises(UserError, match="evaluation must be 'fitted' or 'evaluator'"):
        FSSearch(0, random.Random(0), evaluation="oracle")


@pytest.mark.parametrize(
    ("args", "message"),
    [(["--games", "2"], "--games must be a whole number"), (["--players", "2,5"], "--players must be among")],
)
def test_derive_bad_options_exit_2(tmp_path, args, message):
    result = CliRunner().invoke(
        cli, ["derive", "four-souls-horizon", *args, "--out", str(tmp_path / "h.json")]
    )
    assert result.exit_code == 2
    assert message in result.output
    assert not (tmp_path / "h.json").exists()
