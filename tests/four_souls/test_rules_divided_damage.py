"""Damage divided among several targets, or dealt to several targets at once ("up to two"). [A] (000_…txt):
to deal damage, that amount aimed at one object goes on the stack (FS-6.20), so each target's share is its
own damage event, for its triggers and its prevention; the "each" rules cover any effect on all the
players or monsters (FS-5.9): the monsters' damage resolves first, in the order the ability's controller
picks (the active player for the game's), then the players' in turn order from that player. The split
itself is chosen on resolution: only targets and modes are chosen as the effect goes on the stack (FS-4.3).
Made-up monsters carry the shapes of Pestilence, Teratoma and Hemoptysis."""

from __future__ import annotations

from cardlab.simulate.four_souls import damage, triggers
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    card,
    character,
    check_invariants,
    give_item,
    kinds,
    monster,
    position,
    settle,
)
from cardlab.simulate.four_souls.refs import SeatRef


def _splitter(n: int = 3):
    """A monster whose death lets the active player split n damage over any number of players/monsters."""
    return monster(
        "Splitter",
        hp=9,
        abilities=(
            {
                "on": {"dies": "self"},
                "targets": {"T": {"player_or_monster": [], "count": "any_number"}},
                "by": "active",
                "do": {"deal_damage": {"n": n, "to": "T", "divided": True}},
            },
        ),
    )


def _name(o) -> str:
    """An offered target's name: ``P<seat>`` for a player, the card's name for an object."""
    return f"P{o.seat}" if isinstance(o, SeatRef) else o.printed.name


def _plan(picks: list, shares: list):
    """A plan: pick the targets named in ``picks`` in that order (then "done"), put the points on the
    targets ``shares`` names one after another (a monster's card name, or ``P<seat>``), and in an ordering
    put the last offered first."""
    picks, shares, order = list(picks), list(shares), list(picks)

    def plan(d):
        if d.kind == "choose_target":
            want = picks.pop(0) if picks else "done"
            return next(
                o
                for o in d.options
                if (o == "done") == (want == "done") and (o == "done" or _name(o) == want)
            )
        if d.kind == "divide_damage":
            return d.options[order.index(shares.pop(0))]
        if d.kind == "order_triggers":
            return d.options[-1]
        return None

    return plan


def _table(n: int, active: int, picks: list, shares: list):
    g = position(n, chars=[character(f"C{i}", hp=5) for i in range(n)], plans={active: _plan(picks, shares)})
    g.active = active
    return g


def _hits(g) -> list:
    """Each damage dealt, in the order it resolved: (target, amount)."""
    return [(r[8] if r[5] is None else r[5], r[6]) for r in kinds(g, "damage")]


def test_FS_5_9_FS_6_20_divided_damage_monsters_first_then_players_in_turn_order_from_the_controller():
    """P1 (active, 3 players) kills the Splitter and picks P0, the Gaper, then P2, one point each: the
    Gaper's damage resolves first (FS-5.9(f)), then P2's, then P0's (turn order from P1, FS-5.9(d)).
    Before, the shares went on the stack in the order picked: P2 first, then the Gaper, then P0."""
    g = _table(3, 1, ["P0", "Gaper", "P2"], ["P0", "Gaper", "P2"])
    split = add_slot_monster(g, _splitter())
    add_slot_monster(g, monster("Gaper", hp=4))
    assert damage.kill(g, split, 1)
    settle(g)
    assert _hits(g) == [("Gaper", 1), (2, 1), (0, 1)]
    check_invariants(g)


def test_FS_5_9_e_divided_damage_the_controller_orders_the_monsters():
    """Two monsters in the split: the active player is asked which resolves first (FS-5.9(e)) and the one
    they put first is hit first; the player's share comes after both (f). Before, nobody was asked."""
    g = _table(2, 0, ["Gaper", "Horf", "P1"], ["Gaper", "Horf", "P1"])
    split = add_slot_monster(g, _splitter())
    add_slot_monster(g, monster("Gaper", hp=4))
    add_slot_monster(g, monster("Horf", hp=4))
    assert damage.kill(g, split, 0)
    settle(g)
    asked = [d for d in g.io.strategies[0].asked if d.kind == "order_triggers"]
    assert [tuple(o[0] for o in d.options) for d in asked] == [("Gaper", "Horf")]
    assert _hits(g) == [("Horf", 1), ("Gaper", 1), (1, 1)]  # the plan put the last offered first


def test_FS_6_20_each_share_is_one_damage_event_for_triggers():
    """A monster that counts each time it takes damage (Teratoma's shape) gets one counter for a 2-point
    share: one damage of 2, not two of 1. The other target's 1 point is a damage of its own."""
    counting = monster(
        "Counter",
        hp=9,
        abilities=({"on": {"damaged": "self"}, "do": {"add_counters": {"n": 1, "object": "self"}}},),
    )
    g = _table(2, 0, ["Counter", "P1"], ["Counter", "Counter", "P1"])
    split = add_slot_monster(g, _splitter())
    m = add_slot_monster(g, counting)
    assert damage.kill(g, split, 0)
    settle(g)
    assert m.damage == 2 and m.counters == 1
    assert sorted(_hits(g), key=str) == [("Counter", 2), (1, 1)]


def test_FS_6_16_a_prevention_meets_one_share_only():
    """P1 holds a shield for the next damage they take, preventing 1 of it: of 3 points split 2 to P1 and
    1 to P0, P1's one damage of 2 meets the shield (1 prevented, 1 marked); P0's share is untouched, and
    the shield is used up by the one damage it met (FS-6.20, FS-6.16)."""
    g = _table(2, 0, ["P1", "P0"], ["P1", "P1", "P0"])
    g.players[1].shields.append((1, None, 1, "Shield", None))
    split = add_slot_monster(g, _splitter())
    assert damage.kill(g, split, 0)
    settle(g)
    assert g.players[1].damage == 1 and g.players[0].damage == 1
    assert not g.players[1].shields


def test_FS_5_9_d_up_to_two_targets_resolve_in_turn_order_from_the_controller():
    """Not divided, several targets at once (Hemoptysis's shape: 1 damage to each of up to two players or
    monsters). P2 (3 players) picks P0 then P1: P0's damage resolves first, then P1's (turn order from
    P2: P2, P0, P1). Before, they went on the stack in the order picked, so P1 was hit first."""
    g = _table(3, 2, ["P0", "P1"], [])
    hemo = card(
        "Hemo",
        "treasure",
        "passive",
        abilities=(
            {
                "on": {"turn_start": "you"},
                "targets": {"T": {"player_or_monster": [], "count": {"up_to": 2}}},
                "do": {"deal_damage": {"n": 1, "to": "T"}},
            },
        ),
    )
    give_item(g, 2, hemo)
    triggers.fire(g, "turn_start", seat=2)
    settle(g)
    assert _hits(g) == [(0, 1), (1, 1)]
    check_invariants(g)


def test_FS_5_9_f_kills_of_several_targets_at_once_monsters_die_first():
    """The same order for deaths (FS-5.9 (d), (f)): an item of P0's kills up to two players or monsters at
    once; P0 picks the Gaper, then P2: the Gaper's death resolves first, then P2's. Before, the deaths went on
    the stack in the order picked, so P2 died first."""
    g = _table(3, 0, ["Gaper", "P2"], [])
    reaper = card(
        "Reaper",
        "treasure",
        "passive",
        abilities=(
            {
                "on": {"turn_start": "you"},
                "targets": {"T": {"player_or_monster": [], "count": {"up_to": 2}}},
                "do": {"kill": "T"},
            },
        ),
    )
    give_item(g, 0, reaper)
    add_slot_monster(g, monster("Gaper", hp=4))
    triggers.fire(g, "turn_start", seat=0)
    settle(g)
    died = [r[3] for r in g.log.rows if r[3] in ("monster_died", "player_died")]
    assert died == ["monster_died", "player_died"] and g.players[2].dead
    check_invariants(g)
