"""Field and meta figures, validated on matchups with a known answer."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest
from click.testing import CliRunner

from cardlab.analysis.meta import equilibrium, meta, parse_field, shown
from cardlab.analysis.runs import RunError
from cardlab.cli import cli


def _games(prob: dict[tuple[str, str], float], per_pair: int, seed: int = 3) -> pl.DataFrame:
    """A 2-player players table where label a beats b with probability prob[(a, b)]."""
    rng = np.random.default_rng(seed)
    rows, game = [], 0
    for (a, b), p in prob.items():
        for _ in range(per_pair):
            a_wins = rng.random() < p
            rows.append({"game_id": game, "seat": 0, "label": a, "result": "win" if a_wins else "loss"})
            rows.append({"game_id": game, "seat": 1, "label": b, "result": "loss" if a_wins else "win"})
            game += 1
    return pl.DataFrame(rows)


def test_rock_paper_scissors_meta_is_one_third_each():
    p = np.array([[0.5, 0.2, 0.8], [0.8, 0.5, 0.2], [0.2, 0.8, 0.5]])
    assert equilibrium(p) == pytest.approx([1 / 3] * 3, abs=1e-6)


def test_a_dominated_value_leaves_the_meta():
    # C loses to everyone: the equilibrium is the A/B sub-game (A beats B 60 %) → all A
    p = np.array([[0.5, 0.6, 0.9], [0.4, 0.5, 0.9], [0.1, 0.1, 0.5]])
    assert equilibrium(p) == pytest.approx([1, 0, 0], abs=1e-6)


def test_meta_recovers_a_known_equilibrium_from_games():
    """Weighted rock-paper-scissors: A beats B 70 %, B beats C 60 %, C beats A 80 %.
    Payoffs (p − pᵀ): A–B 0.4, B–C 0.2, C–A 0.6 → the equilibrium is (0.2, 0.6, 0.4) / 1.2."""
    players = _games({("A", "B"): 0.7, ("B", "C"): 0.6, ("C", "A"): 0.8}, per_pair=4000)
    result = meta(players, bootstrap=50)
    shares = dict(zip(result.table["value"].to_list(), result.table["meta share"].to_list(), strict=True))
    expected = {"A": 0.2 / 1.2, "B": 0.6 / 1.2, "C": 0.4 / 1.2}
    for label, share in expected.items():
        assert shares[label] == pytest.approx(share, abs=0.04)
    rows = {r["value"]: r for r in result.table.iter_rows(named=True)}
    for label, share in expected.items():
        assert rows[label]["ms_lower"] <= share <= rows[label]["ms_upper"]
    # against an even field: A scores (½ + 0.7 + 0.2) / 3
    assert rows["A"]["field win rate"] == pytest.approx((0.5 + 0.7 + 0.2) / 3, abs=0.02)


def test_field_shares():
    labels = ["A", "B", "C", "D"]
    assert parse_field(None, labels) == {x: 0.25 for x in labels}
    assert parse_field("A=0.4,B=0.2", labels) == pytest.approx({"A": 0.4, "B": 0.2, "C": 0.2, "D": 0.2})
    for bad, message in [
        ("A=0.8,B=0.4", "add up"),
        ("Z=0.1", "no value 'Z'"),
        ("A", "NAME=SHARE"),
        ("A=x", "not a number"),
        ("A=-0.1", "outside"),
        # the last share won without a word
        ("A=0.5,A=0.2", r"^--field: 'A' is given two shares \(0.5 and 0.2\); give one$"),
    ]:
        with pytest.raises(RunError, match=message):
            parse_field(bad, labels)


def test_cardlab_meta_end_to_end(tmp_path):
    runner = CliRunner()
    done = runner.invoke(
        cli, ["simulate", "gosu-x", "-n", "200", "-j", "1", "-q", "--out", str(tmp_path), "--name", "g"]
    )
    assert done.exit_code == 0, done.output
    result = runner.invoke(cli, ["meta", str(tmp_path / "g"), "--by", "alliance"])
    assert result.exit_code == 0, result.output
    assert "Field and meta by alliance" in result.output
    bad = runner.invoke(cli, ["meta", str(tmp_path / "g"), "--by", "alliance", "--field", "Nobody=0.5"])
    assert bad.exit_code == 2 and "no value 'Nobody'" in bad.output
    # `--by clans` (a list column, shown in the report) said only "not a text column": the ones there are
    listed = runner.invoke(cli, ["meta", str(tmp_path / "g"), "--by", "clans"])
    assert (listed.exit_code, listed.output) == (
        2,
        "error: --by 'clans': not a text column of g's players table (text columns: strategy, result, alliance, "
        "win_condition)\n",
    )


def test_an_unknown_field_value_names_a_few_values_not_all():
    # old code: every value of the column in one line (a Gosu X run's 56 alliances, a collection's decks)
    labels = [f"deck{i:02}" for i in range(60)]
    with pytest.raises(RunError) as caught:
        parse_field("Nope=0.3", labels)
    message = str(caught.value)
    assert message == (
        "--field: no value 'Nope' in this run (values: deck00, deck01, deck02, "
        "deck03, deck04, deck05, deck06, deck07, … (52 more))"
    )


def test_few_games_and_opponents_never_met_are_flagged():
    """`cardlab meta` of 5 games (10 alliances, one game each) flags its rows: unflagged, "52.5% [50.0%,
    53.8%]" and a meta share of "100.0% [100.0%, 100.0%]" read as certain, while pairs that never met sit at
    ½ by the prior, which the bootstrap (it redraws games played) cannot widen. Such rows carry the flag
    every rate table has, and the number of opponents never met."""
    players = _games({("A", "B"): 0.7, ("C", "D"): 0.5}, per_pair=4)
    table = shown(meta(players, bootstrap=20), "deck")
    flags = dict(zip(table["deck"].to_list(), table[""].to_list(), strict=True))
    assert flags == {v: "few games; never met 2 in the field" for v in "ABCD"}
    many = _games({("A", "B"): 0.6, ("B", "C"): 0.5, ("C", "A"): 0.5}, per_pair=200)
    assert set(shown(meta(many, bootstrap=20), "deck")[""].to_list()) == {""}
