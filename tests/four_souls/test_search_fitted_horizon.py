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
from cardlab.simulate.four_souls.fixtures import add_slot_monster, character, monster, phys, position
from cardlab.strategies.four_souls import horizon
from cardlab.strategies.four_souls import reading as rd
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
    with pytest.raises(UserError, match="evaluation must be 'fitted' or 'board' or 'evaluator'"):
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


def test_FS_10_7_to_10_9_the_board_features_read_each_seat_s_fights_against_the_slot_monsters():
    """``evaluation=board``'s features: the base features, then each seat's attack (FS-5.2),
    roll bonus (FS-9.4), the souls within reach — over the slot monsters, its chance to win a plain fight
    (FS-10.7 to FS-10.9) times the souls each gives —, the same for the seat whose turn it is only (FS-10.2),
    its best fight and two souls from the goal; all public (FS-3.3), so both seats read alike from either
    view. P0 (2 HP, attack 2) needs one hit of evasion 3 (4 faces of 6) before two misses: 1 - (2/6)² = 8/9;
    P1 (attack 1) two hits before two misses: (4/6)² (1 + 2·2/6) = 20/27. A soulless monster of the same
    numbers counts in the best fight, not in the reach."""
    g = position(2, chars=[character("Strong", hp=2, attack=2), character("Weak", hp=2, attack=1)])
    add_slot_monster(g, monster("Boss", hp=2, evasion=3, attack=1, soul=1))
    add_slot_monster(g, monster("Blob", hp=2, evasion=3, attack=1, soul=0))
    for _ in range(2):
        g.players[1].souls.append(g.new_obj(phys(g, monster("Old", soul=1)), "soul", 1))
    g.active = 0
    reader = rd.Reader(lambda *_: 0.0)
    for view in g.views:
        assert view.souls_to_win == 4
        p0 = horizon.board_features(view, 0, reader)
        p1 = horizon.board_features(view, 1, reader)
        assert p0[: len(horizon.FEATURES)] == horizon.features(view, 0, reader)
        extra = {k: x for k, x in zip(horizon.BOARD_FEATURES, p0, strict=True) if k not in horizon.FEATURES}
        assert extra == pytest.approx(
            {
                "atk": 2,
                "roll_bonus": 0,
                "reach": 8 / 9,
                "reach_to_act": 8 / 9,
                "best_fight": 8 / 9,
                "two_from_win": 0,
            }
        )
        extra = {k: x for k, x in zip(horizon.BOARD_FEATURES, p1, strict=True) if k not in horizon.FEATURES}
        assert extra == pytest.approx(
            {
                "atk": 1,
                "roll_bonus": 0,
                "reach": 20 / 27,
                "reach_to_act": 0,
                "best_fight": 20 / 27,
                "two_from_win": 1,
            }
        )


def test_derive_board_fits_the_board_features_into_its_own_file(tmp_path):
    table = horizon.derive(5, 3, (2,), "board")
    assert table["provenance"]["command"].endswith("--players 2 --features board")
    assert list(table["weights"]) == list(horizon.BOARD_FEATURES)
    assert table != horizon.derive(5, 3, (2,))
    path = write_json(table, tmp_path / "b.json")
    assert horizon.load(path, model="board") == tuple(table["weights"][f] for f in horizon.BOARD_FEATURES)
    with pytest.raises(UserError, match="field 'weights.atk'"):
        horizon.load(write_json(horizon.derive(5, 3, (2,)), tmp_path / "f.json"), model="board")


def test_the_shipped_board_file_has_every_feature_and_its_provenance():
    data = json.loads(horizon.BOARD_FILE.read_text())
    assert data["provenance"]["command"].endswith("--features board")
    assert len(horizon.load(model="board")) == len(horizon.BOARD_FEATURES)
    assert FSSearch(0, random.Random(0), evaluation="board").hooks.evaluator is not None


def test_derive_an_unknown_feature_set_exits_2(tmp_path):
    result = CliRunner().invoke(
        cli, ["derive", "four-souls-horizon", "--features", "oracle", "--out", str(tmp_path / "h.json")]
    )
    assert result.exit_code == 2
    assert "--features must be fitted or board, got 'oracle'" in result.output
    assert not (tmp_path / "h.json").exists()
