"""Common random numbers (issue 21, item 1): every source of chance of a game draws from its own stream of the
game seed (``seeds.Streams``), so a change that makes one source draw more or less (a monster with 1 more HP
takes more attack rolls) leaves every other source's draws — the other decks' shuffles, the other players'
dice — exactly as they were, and a change that does nothing leaves every game identical."""

from __future__ import annotations

import random

import duckdb
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.cli import cli
from cardlab.simulate.core import Players, Streams, stream
from cardlab.simulate.four_souls import dice, make_config, setup
from cardlab.strategies.four_souls import STRATEGIES

RandomPlayer = STRATEGIES["random"]


def _sim(tmp_path, name, *args):
    result = CliRunner().invoke(
        cli, ["simulate", *args, "--seed", "3", "-j", "1", "-q", "--out", str(tmp_path), "--name", name]
    )
    assert result.exit_code == 0, result.output
    return tmp_path / name


def _rows(run, table):
    """A table's rows, without what differs between any two runs (the config hash, the wall time)."""
    con = duckdb.connect()
    drop = " EXCLUDE (config_hash, duration_s)" if table == "games" else ""
    return con.sql(f"SELECT *{drop} FROM read_parquet('{run}/{table}/*.parquet') ORDER BY ALL").fetchall()


@given(st.integers(0, 2**62), st.lists(st.sampled_from(["dice", "loot", "pick"]), max_size=30))
@settings(max_examples=40, deadline=None)
def test_a_stream_draws_the_same_whatever_the_other_streams_drew(seed, order):
    """Interleaving draws of other streams in any order never moves a stream's own sequence."""
    s = Streams(seed)
    mine = [s(name).random() for name in order]
    for name in ("dice", "loot", "pick"):
        alone = stream(seed, name)
        assert [x for n, x in zip(order, mine, strict=True) if n == name] == [
            alone.random() for _ in range(order.count(name))
        ]


def test_streams_state_and_reseed_put_every_stream_back():
    s = Streams(11)
    s("dice", 0).random()
    saved = s.getstate()
    ahead = [s("dice", 0).random(), s("shuffle", "loot").random()]
    s.setstate(saved)
    assert [s("dice", 0).random(), s("shuffle", "loot").random()] == ahead
    s.reseed(5)
    assert s("dice", 0).random() == stream(5, "dice", 0).random()


def test_FS_9_2_one_players_extra_rolls_leave_the_others_dice_and_the_decks_alone():
    """FS-9.2: each roll is a die of its roller. Seat 0 rolling twice more (a monster with 1 more HP) keeps
    seat 1's next rolls and the loot deck's reshuffle the same."""

    def play(extra: int):
        cfg = make_config(2, 1)
        g = setup.new_game(cfg, 9, Players([RandomPlayer(i, random.Random(i)) for i in range(2)]))
        for _ in range(3 + extra):
            dice.push_roll(g, 0, "attack")
        theirs = [dice.push_roll(g, 1, "attack").value for _ in range(5)]
        g.stack.clear()
        g.loot_disc.extend(g.loot)
        g.loot.clear()
        drawn = g.draw(g.loot, g.loot_disc)  # empty deck: the discard is reshuffled (FS-3.5)
        return theirs, drawn.pid, [c.pid for c in g.loot]

    assert play(0) == play(2)


def test_four_souls_a_change_that_does_nothing_leaves_every_game_identical(tmp_path):
    base = ["four-souls", "-p", "3", "-n", "4", "--max-turns", "25"]
    a = _sim(tmp_path, "a", *base)
    b = _sim(tmp_path, "b", *base, "--set", "Gurdy.hp=5")  # Gurdy's printed HP
    for table in ("games", "players", "events"):
        assert _rows(a, table) == _rows(b, table), table


def test_four_souls_a_monster_hp_change_keeps_the_loot_and_treasure_decks():
    """An HP change to one monster changes no other deck's order: each deck is shuffled from its own stream."""

    def decks(hp: int):
        cfg = make_config(3, 1, set=(f"Gurdy.hp={hp}",))
        g = setup.new_game(cfg, 4, Players([RandomPlayer(i, random.Random(i)) for i in range(3)]))
        return (
            [c.pid for c in g.loot],
            [c.pid for c in g.treasure],
            [p.character.phys.card.name for p in g.players],
        )

    assert decks(5) == decks(6)
