"""The Day of the Doodler's Competitive side: FS-18.1's three-skull symbol, a normal competitive game of 3 or
more players (FS-20.12) played with the challenge's cards (``--variant challenge --difficulty competitive``).
Its card rules (sketch counters, the Doodler's soul bar, forced attacks on a random minion) are cited by
FS-18.1, which lets a challenge card carry them, and by the rule each one leans on."""

from __future__ import annotations

import re

import polars as pl
import pytest
from click.testing import CliRunner

from cardlab.cli import cli
from cardlab.simulate.core import UserError
from cardlab.simulate.four_souls import attack, challenge, checks, counters, damage, dice, plays, resolution
from cardlab.simulate.four_souls.config import make_config
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    check_invariants,
    give_item,
    kinds,
    monster,
    real,
)
from tests.four_souls.test_rules_doodler import SETS, _boss, _fire, _game


def _comp(rolls=(), coins=(), plans=None):
    """A real three-player Competitive setup, scripted dice and coins (True = heads)."""
    return _game("competitive", rolls=rolls, coins=coins, n=3, variant=("challenge",), plans=plans)


def _only_items(g, keep):
    """Every item but ``keep`` leaves play (so a random pick has one candidate per player)."""
    for q in g.players:
        for it in list(q.items):
            if it not in keep:
                q.items.remove(it)
                g.removed.append(it.phys)


def test_FS_18_1_FS_20_12_the_competitive_side_is_a_challenge_for_3_or_more_players_only():
    """The three-skull side needs the challenge, a competitive game (no solo/co-op) and 3+ players: one line
    each; 3 and 4 players run."""
    for n in (3, 4):
        make_config(n, 50, variant=("challenge",), sets=SETS, difficulty="competitive")
    for n, variant, msg in (
        (2, ("challenge",), "--difficulty competitive is for 3 or more players (FS-18.1, FS-20.12), got 2"),
        (
            3,
            ("challenge", "co-op"),
            "a competitive 3+ player game (FS-18.1, FS-20.12), not --variant co-op",
        ),
        (3, (), "is a challenge's three-skull side (FS-18.1): add --variant challenge"),
    ):
        with pytest.raises(UserError, match=re.escape(msg)):
            make_config(n, 50, variant=variant, sets=SETS, difficulty="competitive")


def test_FS_18_1_the_competitive_symbol_picks_both_competitive_faces_in_a_game_without_timer():
    g = _comp()
    assert _boss(g).name == "The Doodler [Competitive]"
    assert [o.name for o in g.challenge.cards] == ["Day of the Doodler [Competitive]"]
    assert g.coop is None and g.challenge.competitive and g.bonus  # FS-20.12: a normal game, bonus souls
    check_invariants(g)


def test_FS_18_1_a_tails_puts_a_sketch_counter_on_the_flipper_instead_of_a_timer_step():
    """FS-9.7: a doodled player's roll is a coin; tails is a 1 and a sketch counter on them (no timer here)."""
    g = _comp(coins=[False])
    p = g.players[1]
    counters.add(g, p, 1, "doodle")
    r = dice.push_roll(g, 1, "test")
    assert r.value == 1 and [r[7] for r in kinds(g, "coin")] == ["tails"]
    assert p.counters == {"doodle": 1, "sketch": 1} and not kinds(g, "timer")


def test_FS_18_1_the_paid_ability_costs_a_sketch_counter_on_the_payer():
    """ "Remove an eraser counter" is paid with a sketch counter on the player who uses it (FS-4.4)."""
    g = _comp()
    bf = give_item(g, 0, real("Breakfast"))
    counters.add(g, bf, 1, "eraser", True)
    card = g.challenge.cards[0]
    opts = [a for a in plays.legal_actions(g, 1) if a[0] == "paid" and a[1] is card]
    assert opts and plays.take_action(g, 1, opts[0])
    resolution.priority(g, 1, until_empty=True)
    assert bf.named == {} and g.players[1].counters == {"sketch": 1} and g.players[0].counters == {}


def test_FS_18_1_the_doodler_is_attackable_only_by_an_active_player_with_3_souls():
    """Its bar reads the active player's souls, not everyone's: 2 and 3 and 3 among the others still bar
    player 0 with 2; with 3 souls player 0 may attack it and damage lands."""
    g = _comp()
    boss = _boss(g)
    g.players[0].char_soul, g.players[1].char_soul, g.players[2].char_soul = 2, 3, 3
    assert boss not in attack.attack_options(g, 0)
    damage.push_damage(g, 2, boss, 0, None, False, None, "Bomb")
    resolution.priority(g, 0, until_empty=True)
    assert boss.damage == 0
    g.players[0].char_soul = 3
    assert boss in attack.attack_options(g, 0)
    damage.push_damage(g, 2, boss, 0, None, False, None, "Bomb")
    resolution.priority(g, 0, until_empty=True)
    assert boss.damage == 2


def test_FS_18_5_a_minion_death_takes_half_the_active_players_sketch_counters_rounded_up():
    """5 sketch counters on the active player: a minion dies, 3 go (half of 5, rounded up), 2 stay; another
    player's counters are untouched."""
    g = _comp(rolls=[6])
    counters.add(g, g.players[0], 5, "sketch")
    counters.add(g, g.players[1], 4, "sketch")
    challenge.put_minion(g, "Blank Canvas", "test")
    bc = g.mslots[-1][-1]
    damage.push_damage(g, 99, bc, 0, None, False, None, "Bomb")
    resolution.priority(g, 0, until_empty=True)
    checks.state_checks(g)
    assert not bc.in_play
    assert g.players[0].counters == {"sketch": 2} and g.players[1].counters == {"sketch": 4}


def test_FS_18_1_the_end_of_turn_eraser_lands_on_an_item_of_the_active_player():
    """A 4-6 as the turn ends: the eraser counter goes on an item the active player controls, never
    on another player's (the other sides pick among every player's items)."""
    g = _comp(rolls=[5])
    mine, theirs = give_item(g, 0, real("Breakfast")), give_item(g, 1, real("Breakfast"))
    _only_items(g, (mine, theirs))
    _fire(g, "turn_end")
    assert mine.named == {"eraser": 1} and not theirs.named


def test_FS_10_16_three_sketch_counters_owe_an_attack_on_a_random_minion_this_turn():
    """FS-10.16(c): as the turn of a player with 3 or more sketch counters begins, one minion is
    picked at random and they owe an attack on it this turn, if able; with 2 counters nothing is owed."""
    for n, owed in ((2, False), (3, True)):
        g = _comp(rolls=[1])
        counters.add(g, g.players[0], n, "sketch")
        challenge.put_minion(g, "Blank Canvas", "test")
        challenge.put_minion(g, "Blank Canvas", "test")  # two out: no new one at the turn start
        minions = [s[-1] for i, s in enumerate(g.mslots) if g.challenge.slots.get(i) == challenge.MINION]
        counters.add(g, g.players[0], 1, "doodle")  # no turn-start roll from the challenge card
        _fire(g, "turn_start")
        due = [m[0] for m in g.must_attack]
        assert (len(due) == 1 and due[0] in minions and g.must_attack[0][1] is None) if owed else not due


def test_FS_18_4_FS_20_12_the_doodlers_death_wins_nothing_and_the_soul_win_stands():
    """No challenge goal on the competitive side: the Doodler dies (the active player takes its treasure),
    its slot stays empty and the game goes on; a fourth soul then wins as in any game (FS-14.1)."""
    g = _comp(rolls=[6])
    boss = _boss(g)
    slot = boss.slot
    g.players[0].char_soul = 3
    boss.damage = 5
    g.attacks_left = 1
    items = len(g.players[0].items)
    attack.run_attack(g, 0, boss)
    resolution.priority(g, 0, until_empty=True)
    checks.state_checks(g)
    assert not boss.in_play and not g.over and not g.mslots[slot]
    assert len(g.players[0].items) == items + 1
    g.players[0].souls.append(g.new_obj(add_slot_monster(g, monster("Soul", soul=1)).phys, "soul", 0))
    from cardlab.simulate.four_souls.state import GameOver

    with pytest.raises(GameOver) as over:
        checks.check_win(g)
    assert over.value.winners == (0,)


def test_FS_20_12_a_competitive_doodler_run_from_the_command_line(tmp_path):
    """End to end: ``cardlab simulate four-souls -p 3 --variant challenge --difficulty competitive`` plays the
    Competitive faces (coins, sketch counters) and every game ends; with -p 2 it stops with one line (exit 2)."""
    base = ["simulate", "four-souls", "--sets", SETS, "--variant", "challenge", "--difficulty", "competitive"]
    args = [*base, "-p", "3", "-n", "2", "--seed", "4", "-q", "--max-turns", "60", "-j", "1"]
    result = CliRunner().invoke(cli, [*args, "--out", str(tmp_path), "--name", "comp"])
    assert result.exit_code == 0, result.output
    ev = pl.read_parquet(tmp_path / "comp" / "events").with_columns(pl.col("card").cast(pl.Utf8))
    assert ev.filter(pl.col("kind") == "coin")["card"].unique().to_list() == [
        "Day of the Doodler [Competitive]"
    ]
    assert ev.filter((pl.col("kind") == "counters") & (pl.col("target").cast(pl.Utf8) == "sketch")).height > 0
    games = pl.read_parquet(tmp_path / "comp" / "games")
    assert games.height == 2 and set(games["end_reason"]) <= {"win", "draw", "turn_cap"}
    bad = CliRunner().invoke(cli, [*base, "-p", "2", "--out", str(tmp_path)])
    assert bad.exit_code == 2
    assert bad.output.strip() == (
        "error: four-souls: --difficulty competitive is for 3 or more players (FS-18.1, FS-20.12), got 2"
    )


def test_FS_4_10_the_minion_put_at_the_same_turn_start_can_be_the_one_owed():
    """No minion out as the turn of a player with 3 sketch counters starts: The Doodler's two turn-start
    triggers (a Blank Canvas, the owed attack) are the game's, ordered by the active player (FS-4.10). The
    Blank Canvas first: the owed attack finds it and names it; the owed attack first: no minion, none owed."""
    for first, owed in ((0, True), (1, False)):

        def plan(d, first=first):
            return d.options[first] if d.kind == "order_triggers" else None

        g = _comp(rolls=[1], plans={0: plan})
        counters.add(g, g.players[0], 3, "sketch")
        counters.add(g, g.players[0], 1, "doodle")  # no turn-start roll from the challenge card
        _fire(g, "turn_start")
        minions = [s[-1] for i, s in enumerate(g.mslots) if g.challenge.slots.get(i) == challenge.MINION]
        assert len(minions) == 1
        assert [m[0] for m in g.must_attack] == ([minions[0]] if owed else [])
