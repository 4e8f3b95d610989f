"""`cardlab duel`: A against B and B in A's seats on the same seeds, paired game by game (cardlab/duel.py)."""

from __future__ import annotations

import json

import polars as pl
import pytest
from click.testing import CliRunner

from cardlab.analysis.matchups import with_win_share
from cardlab.cli import cli
from cardlab.duel import Duel, read_duels


def _duel(tmp_path, *args: str, name: str = "d", seed: str = "3", games: str = "24"):
    runner = CliRunner()
    base = ["duel", "pig", *args, "-n", games, "-j", "1", "-q", "--seed", seed]
    return runner.invoke(cli, [*base, "--out", str(tmp_path), "--name", name])


def _players(folder) -> pl.DataFrame:
    return with_win_share(pl.read_parquet(folder / "players" / "*.parquet"))


def test_a_duel_pairs_each_game_of_A_with_B_in_the_same_seat_on_the_same_deal(tmp_path):
    result = _duel(tmp_path, "-s", "hold", "-s", "random")
    assert result.exit_code == 0, result.output
    folder = tmp_path / "d"
    record = json.loads((folder / "duel.json").read_text())
    assert (record["a"], record["b"], record["n_players"]) == ("hold", "random", 2)
    seeds = [pl.read_parquet(folder / r / "games" / "*.parquet").sort("game_id")["seed"] for r in "ab"]
    assert seeds[0].to_list() == seeds[1].to_list()  # the same deals
    a, b = _players(folder / "a"), _players(folder / "b")
    assert set(b["strategy"]) == {"random"}
    mine = a.filter(pl.col("strategy") == "hold").sort("game_id")
    assert mine["seat"].to_list() == [g % 2 for g in range(24)]  # A moves one seat a game
    theirs = mine.join(b, on=["game_id", "seat"], suffix="_b")
    x, y = theirs["win_share"].to_list(), theirs["win_share_b"].to_list()
    # the figures are the hand count of the paired table
    figures = read_duels([folder])
    assert figures.games == 24
    assert figures.a_wins == pytest.approx(sum(x)) and figures.b_wins == pytest.approx(sum(y))
    assert figures.a_only == pytest.approx(sum(max(p - q, 0) for p, q in zip(x, y, strict=True)))
    assert figures.b_only == pytest.approx(sum(max(q - p, 0) for p, q in zip(x, y, strict=True)))
    theta, lo, hi = figures.gain
    assert theta == pytest.approx((sum(x) - sum(y)) / 24) and lo <= theta <= hi
    text = (folder / "duel.md").read_text()
    assert "paired gain of hold over random" in text and "24 games on the same deals" in text
    assert text in result.output


def test_pooled_duels_add_their_games_and_refuse_the_same_seed_twice(tmp_path):
    for name, seed in (("d1", "3"), ("d2", "4")):
        assert _duel(tmp_path, "-s", "hold", "-s", "random", name=name, seed=seed, games="8").exit_code == 0
    runner = CliRunner()
    both = runner.invoke(cli, ["duel-report", str(tmp_path / "d1"), str(tmp_path / "d2")])
    assert both.exit_code == 0, both.output
    assert "16 games on the same deals" in both.output
    one = read_duels([tmp_path / "d1"])
    two = read_duels([tmp_path / "d1", tmp_path / "d2"])
    assert two.a_wins == pytest.approx(one.a_wins + read_duels([tmp_path / "d2"]).a_wins)
    again = runner.invoke(cli, ["duel-report", str(tmp_path / "d1"), str(tmp_path / "d1")])
    assert (again.exit_code, again.output) == (
        2,
        f"error: {tmp_path / 'd1'}: run seed 3 is already among the folders given (the same folder given twice)\n",
    )
    # a duel of other policies on a seed already given was blamed on the seed, not on the policies
    assert _duel(tmp_path, "-s", "random", "-s", "hold", name="d3", seed="3", games="8").exit_code == 0
    other = runner.invoke(cli, ["duel-report", str(tmp_path / "d1"), str(tmp_path / "d3")])
    assert (other.exit_code, other.output) == (
        2,
        f"error: {tmp_path / 'd3'}: a duel of random against hold (2 players), but {tmp_path / 'd1'}'s is hold "
        "against random (2 players); pool duels of one pair\n",
    )


def test_the_pairing_figures_of_a_known_table():
    duel = Duel("a", "b", 2)
    for x, y in [(1, 1)] * 30 + [(0, 0)] * 30 + [(1, 0)] * 8 + [(0, 1)] * 2 + [(0.5, 0)]:
        duel.add(x, y)
    assert (duel.both, duel.a_only, duel.b_only, duel.neither) == (30, 8.5, 2, 30.5)
    theta, lo, hi = duel.gain
    assert theta == pytest.approx(6.5 / 71) and 0 < lo < theta < hi
    assert duel.phi > 0.6  # the deals decided most games
    assert duel.worth == pytest.approx(3.64, abs=0.01)  # (.248 + .248) / (10.25 / 71 − θ²)
    coin = Duel("a", "b", 2)
    for x, y in [(1, 1), (1, 0), (0, 1), (0, 0)] * 10:
        coin.add(x, y)
    assert coin.phi == pytest.approx(0.0) and coin.worth == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-s", "hold"], "at least two policies"),
        (["-s", "hold", "-s", "random", "-s", "cheat"], "a duel is two policies"),
        (["-s", "hold", "-s", "hold"], "given twice"),
        (["-s", "nobody", "-s", "hold"], "nobody"),
    ],
)
def test_a_duel_of_other_than_two_known_policies_is_one_line_before_any_game(tmp_path, args, message):
    result = _duel(tmp_path, *args)
    assert result.exit_code == 2 and message in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert not (tmp_path / "d").exists()


def test_a_folder_that_is_no_duel_is_one_line(tmp_path):
    result = CliRunner().invoke(cli, ["duel-report", str(tmp_path)])
    assert result.exit_code == 2 and "not a duel folder" in result.output


def test_a_duel_of_few_games_is_flagged_on_its_first_line():
    """A duel of 6 games flags its rates as few games, as every rate table marks them."""
    few, many = Duel("a", "b", 2), Duel("a", "b", 2)
    for x, y in [(1, 0), (0, 0), (1, 1)] * 2:
        few.add(x, y)
    for x, y in [(1, 1)] * 400 + [(0, 0)] * 400 + [(1, 0)] * 60 + [(0, 1)] * 40:
        many.add(x, y)
    assert str(few).splitlines()[0] == (
        "duel a against b, 2 players, 6 games on the same deals — few games (under 30, or a gain interval "
        "wider than ±15%)"
    )
    assert str(many).splitlines()[0] == "duel a against b, 2 players, 900 games on the same deals"


def test_a_resume_with_other_settings_names_what_differs(tmp_path):
    """The resume line names the setting that differs (not "other policies, games or seed than the duel
    recorded"), and a second duel of the name reads "a duel of that name exists"."""
    assert _duel(tmp_path, "-s", "hold", "-s", "random", games="8").exit_code == 0
    resumed = _duel(tmp_path, "-s", "hold", "-s", "random", "--resume", games="10")
    assert resumed.exit_code == 2
    assert (
        resumed.output
        == f"error: {tmp_path / 'd'}: cannot resume: n_games: the duel has 8, this command gives 10\n"
    )
    again = _duel(tmp_path, "-s", "hold", "-s", "random", games="8")
    assert (
        again.output
        == f"error: {tmp_path / 'd'}: a duel of that name exists (give --resume or another --name)\n"
    )
