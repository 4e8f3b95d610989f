"""Exactness: a vanilla character attacking a vanilla monster (no loot, no items) wins with the
probability of the Markov chain over (player HP, monster HP) — FS-10.7–10.9 with FS-9.1 dice."""

from __future__ import annotations

import math
from functools import cache

import pytest

from cardlab.simulate.core import Streams
from cardlab.simulate.four_souls import attack
from cardlab.simulate.four_souls.fixtures import add_slot_monster, character, monster, position


def markov_win(php: int, atk: int, mhp: int, ev: int, matk: int) -> float:
    p = min(1.0, max(0.0, (7 - min(6, max(1, ev))) / 6))

    @cache
    def win(a: int, b: int) -> float:
        if b <= 0:
            return 1.0
        if a <= 0:
            return 0.0
        return p * win(a, b - atk) + (1 - p) * win(a - matk, b)

    return win(php, mhp)


def simulate(php: int, atk: int, mhp: int, ev: int, matk: int, fights: int, seed: int) -> float:
    g = position(2, chars=[character("Vanilla", hp=php, attack=atk), character("Other")])
    g.streams = Streams(seed)
    card = monster("Vanilla monster", hp=mhp, evasion=ev, attack=matk)
    p = g.players[0]
    wins = 0
    for _ in range(fights):
        g.mslots.clear()
        g.monster_disc.clear()
        m = add_slot_monster(g, card)
        p.damage = 0
        p.dead = False
        g.attack = None
        g.ending_turn = False
        g.resolved = 0
        wins += attack.run_attack(g, 0, m)
        assert not g.stack
    return wins / fights


@pytest.mark.parametrize(("php", "atk", "mhp", "ev", "matk"), [(2, 1, 4, 4, 1), (2, 1, 3, 3, 2)])
def test_vanilla_fight_matches_markov_chain(php, atk, mhp, ev, matk):
    n = 20_000
    expected = markov_win(php, atk, mhp, ev, matk)
    got = simulate(php, atk, mhp, ev, matk, n, seed=12345)
    se = math.sqrt(expected * (1 - expected) / n)
    assert abs(got - expected) < 4 * se, (got, expected, se)


def test_markov_reference_values():
    assert markov_win(2, 1, 1, 1, 1) == 1.0  # evasion 1: every roll hits
    assert markov_win(1, 1, 1, 4, 1) == pytest.approx(0.5)


def test_the_four_souls_log_writes_the_kernels_rows():
    """FSLog.emit writes its row itself (one Python call an event): the same rows as the kernel's log, for a
    seat target and a named one, so a change of the kernel's row cannot leave the Four Souls log behind."""
    from cardlab.simulate.core import EventLog
    from cardlab.simulate.four_souls.log import FSLog

    fs, kernel = FSLog(), EventLog(True)
    for log in (fs, kernel):
        log.turn, log.phase = 3, "action"
        log.emit("damage", 1, "Gaper", 2, 1, "hit", 4)
        log.emit("attack_target", 0, "Isaac", "Gaper", None, None, None)
    assert fs.rows == kernel.rows and len(fs.rows) == 2
