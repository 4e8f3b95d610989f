"""Harm aimed at a player skips the dead: since FS-Q.21 a player at 0 HP is dealt damage but marks none
(FS-6.20) and does not die again (FS-13.12), so damage aimed at a dead leader is wasted, and is worth
nothing to the value model. Seat 0 is ``sensible``; the others pass."""

from __future__ import annotations

from cardlab.simulate.four_souls import damage, plays, resolution
from cardlab.simulate.four_souls.fixtures import give_loot, kinds, monster, phys, real, settle
from tests.four_souls.strategy_table import own_turn, strategy_table


def _table(leader_dead: bool):
    """P1 leads by a soul; P2 trails; P0 (sensible) holds Bomb! (a loot card that hurts one target, player or monster)."""
    g = strategy_table(3, hp=2)
    g.players[1].souls.append(g.new_obj(phys(g, monster("Old Boss", soul=1)), "soul", 1))
    if leader_dead:
        assert damage.kill(g, g.players[1], 0)
        settle(g)
        assert g.players[1].dead
    bomb = give_loot(g, 0, real("Bomb!"))
    return g, bomb


def _hit(g) -> list[int]:
    return [r[8] for r in kinds(g, "damage") if r[4] == "Bomb!"]


def _played_now(g, bomb) -> list[int]:
    """P0 plays Bomb! (a scripted play): where sensible aims it."""
    g.active = 0
    g.players[0].loot_plays = 1
    assert plays.take_action(g, 0, ("loot", bomb))
    resolution.priority(g, 0)
    settle(g)
    return _hit(g)


def test_FS_Q_21_FS_6_20_damage_played_is_aimed_at_a_living_rival_not_the_dead_leader():
    g, bomb = _table(leader_dead=True)
    assert _played_now(g, bomb) == [2]


def test_the_living_leader_is_still_the_one_hurt():
    g, bomb = _table(leader_dead=False)
    assert _played_now(g, bomb) == [1]


def test_FS_13_12_a_dead_leader_is_no_kill_to_play_for():
    """On its own turn P0 does not spend Bomb! on the dead leader as if the 1 damage killed them (the value
    model read a leader at 0 HP as a kill worth a death), nor on a rival it would not kill."""
    g, _bomb = _table(leader_dead=True)
    own_turn(g)
    assert not kinds(g, "loot_played") and not _hit(g)
