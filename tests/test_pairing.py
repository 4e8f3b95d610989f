"""Setup choices come from their own streams of the game seed (issue 18, item 2): a change to one deck's
contents keeps the characters, the first player and the other decks, so two runs with the same seed stay
paired and `cardlab compare` says how well."""

from __future__ import annotations

import random

import duckdb
from click.testing import CliRunner

from cardlab.cli import cli
from cardlab.simulate.core import Players
from cardlab.simulate.four_souls import make_config, setup
from cardlab.strategies.four_souls import STRATEGIES

RandomPlayer = STRATEGIES["random"]


def _sim(tmp_path, name, *args):
    result = CliRunner().invoke(
        cli, ["simulate", *args, "--seed", "5", "-j", "1", "-q", "--out", str(tmp_path), "--name", name]
    )
    assert result.exit_code == 0, result.output
    return tmp_path / name


def _rows(run, sql):
    con = duckdb.connect()
    for table in ("games", "players", "events"):
        con.execute(f"CREATE VIEW {table} AS SELECT * FROM read_parquet('{run}/{table}/*.parquet')")
    return con.sql(sql).fetchall()


def test_four_souls_ratio_change_keeps_characters_first_player_and_loot(tmp_path):
    base = ["four-souls", "-p", "3", "-n", "12", "--ratio", "official", "--fill", "smaller"]
    a = _sim(tmp_path, "a", *base, "--ratio-count", "curse=0")
    b = _sim(tmp_path, "b", *base, "--ratio-count", "curse=4")
    chars = "SELECT game_id, seat, character FROM players ORDER BY 1, 2"
    assert _rows(a, chars) == _rows(b, chars)
    firsts = "SELECT game_id, first_seat FROM games ORDER BY 1"
    assert _rows(a, firsts) == _rows(b, firsts)
    result = CliRunner().invoke(cli, ["compare", str(a), str(b), "--by", "character"])
    assert result.exit_code == 0, result.output
    assert "Paired: 36 of 36 seats (100.0%) kept their character" in result.output


def test_four_souls_other_decks_keep_their_order_when_the_monster_ratio_changes():
    def setup_of(curses: int, seed: int):
        cfg = make_config(3, 1, ratio="official", fill="smaller", ratio_count=(f"curse={curses}",))
        g = setup.new_game(cfg, seed, Players([RandomPlayer(i, random.Random(i)) for i in range(3)]))
        names = [[c.card.name for c in p.hand] for p in g.players]
        shop = [[o.phys.card.name for o in slot] for slot in g.shop]
        return names, shop, [p.card.name for p in g.loot], [p.card.name for p in g.treasure], g.first

    for seed in range(4):
        assert setup_of(0, seed) == setup_of(5, seed)


def test_hidden_reason_deck_change_keeps_the_other_deck_and_first_player(tmp_path):
    base = ["hidden-reason", "-p", "2", "-n", "10"]
    a = _sim(tmp_path, "a", *base, "--decks", "legion_aggro,foundry_engine")
    b = _sim(tmp_path, "b", *base, "--decks", "legion_aggro,synth_swarm")
    firsts = "SELECT game_id, first_seat FROM games ORDER BY 1"
    assert _rows(a, firsts) == _rows(b, firsts)
    seat0 = (
        "SELECT game_id, list(card ORDER BY seq) FROM events WHERE seat = 0 AND detail = 'opening hand' "
        "GROUP BY 1 ORDER BY 1"
    )
    assert _rows(a, seat0) and _rows(a, seat0) == _rows(b, seat0)
