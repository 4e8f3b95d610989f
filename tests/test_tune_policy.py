"""`cardlab tune-policy` (issue 13 item 6): a policy's numeric parameters set by paired-seed hill climbing,
deterministic and resumable, bad input in one line with exit 2."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cardlab.cli import cli
from cardlab.policy_tune import neighbours, parse_param, start_point, tune_policy
from cardlab.simulate.core.errors import UserError
from cardlab.strategies import registry
from tests import toygame


class HoldEarly(toygame.HoldAt):
    """Pig: banks the pot as soon as it holds ``at`` points (default 1: far too early against a target of 30)."""

    name = "early"

    def __init__(self, seat, rng, at: int = 1):
        super().__init__(seat, rng, at=at)


@pytest.fixture
def early(monkeypatch):
    monkeypatch.setitem(registry._extra, "pig", {**toygame.STRATEGIES, "early": HoldEarly})


def test_the_climb_moves_towards_the_better_parameter_and_resumes_to_the_same_answer(tmp_path, early):
    """Holding at 1 loses to holding at 15: the climb leaves 1, and each move beats the last point on the
    same seeds; a resumed climb reads every game back and ends at the same point."""
    params = [parse_param("at=1,8,16,24")]
    settings = {"n_games": 48, "seed": 3}
    found = tune_policy(
        toygame.GAME, tmp_path / "t", "early", params, settings, "hold:at=15", 4, None, False, str
    )
    assert found.steps[0].point == (("at", "1"),)  # the default, on the grid
    assert found.best.point != (("at", "1"),)
    shares = [s.share for s in found.steps]
    assert shares == sorted(shares) and shares[-1] > shares[0]
    assert found.confirm["best"][0] > found.confirm["start"][0]  # fresh seeds agree
    report = (tmp_path / "t" / "tune-policy.md").read_text()
    assert "early:at=1" in report and found.text in report
    log = (tmp_path / "t" / "evaluations.jsonl").read_text()
    again = tune_policy(
        toygame.GAME, tmp_path / "t", "early", params, settings, "hold:at=15", 4, None, True, str
    )
    assert again.text == found.text and [s.share for s in again.steps] == shares
    assert (tmp_path / "t" / "evaluations.jsonl").read_text() == log  # nothing played again


def test_grids_start_points_and_neighbours():
    assert parse_param("risk=0.1..0.3:0.05").values == ("0.1", "0.15", "0.2", "0.25", "0.3")
    assert parse_param("n=2,4,8").values == ("2", "4", "8")
    params = [parse_param("at=1..30:4"), parse_param("x=0.5,1.5")]
    assert start_point(toygame.HoldAt, params[:1]) == (("at", "13"),)  # default 15 → nearest grid value
    point = (("at", "1"), ("x", "0.5"))
    assert neighbours(point, params) == [(("at", "5"), ("x", "0.5")), (("at", "1"), ("x", "1.5"))]


@pytest.mark.parametrize(
    ("param", "words"),
    [
        ("risk", "expected NAME=A..B"),
        ("risk=a..b", "'a' is not a number"),
        ("risk=3..1", "the range starts above its end (3 > 1); write it low..high"),
        ("risk=1..3:-0.5", "the step -0.5 is not above 0 (a range counts up from a to b)"),
        ("risk=1", "at least two values"),
        ("risk=1,1", "at least two values"),
        ("zzz=1..2", "unknown parameter 'zzz'"),
        ("pass_lead=x,y", "is not a number"),
    ],
)
def test_bad_input_is_one_line_exit_2_and_writes_nothing(tmp_path, param, words):
    result = CliRunner().invoke(
        cli,
        [
            "tune-policy",
            "gosu-x",
            "sensible",
            "--param",
            param,
            "-n",
            "4",
            "--out",
            str(tmp_path),
            "--name",
            "bad",
        ],
    )
    assert result.exit_code == 2, result.output
    assert words in result.output and len(result.output.strip().splitlines()) == 1
    assert not (tmp_path / "bad").exists()


def test_an_unknown_policy_or_opponent_is_one_line(tmp_path):
    for extra, words in ((["nobody"], "unknown policy 'nobody'"), (["sensible", "--against", "zz"], "zz")):
        result = CliRunner().invoke(
            cli,
            ["tune-policy", "gosu-x", *extra, "--param", "pass_lead=4,8", "-n", "4", "--out", str(tmp_path)],
        )
        assert result.exit_code == 2 and words in result.output, result.output
        assert len(result.output.strip().splitlines()) == 1
    with pytest.raises(UserError, match="at least one --param"):
        tune_policy(toygame.GAME, tmp_path / "x", "hold", [], {"n_games": 4, "seed": 1})
