"""Curses (FS-4.16) and the stack's priority and order (FS-7): the sections of [A] (file 000) with the fewest
scenarios. Each sets up a position, acts and asserts the exact outcome."""

from __future__ import annotations

from cardlab.simulate.four_souls import damage, plays, resolution
from cardlab.simulate.four_souls.fixtures import (
    card,
    check_invariants,
    deck,
    give_item,
    give_loot,
    kinds,
    phys,
    position,
    real,
)
from cardlab.simulate.four_souls.refs import SeatRef

GAIN_1 = ({"tap": {"do": {"gain_cents": 1}}},)


def _answer(seat_plan_name: str):
    """A plan that answers the stack item named ``seat_plan_name`` with the first loot it may play."""

    def plan(d):
        top = d.context
        if d.kind == "respond" and top is not None and getattr(top, "name", None) == seat_plan_name:
            return next((o for o in d.options if o != "pass" and o[0] == "loot"), None)
        return None

    return plan


def test_FS_4_16_FS_7_2_a_curse_whose_when_you_die_ability_is_cancelled_stays_with_its_dead_bearer():
    """[A] (keyword abilities): a curse is two triggered abilities, the second "when you die, put this card
    into the discard". A triggered ability goes on the stack, and an ability removed from the stack does not
    resolve. P1 bears Curse Of Greed and dies; P0 answers the curse's ability with O. The Fool (cancel):
    the curse stays in play with its dead bearer (FS-4.16: both abilities use the stack)."""
    g = position(2, plans={0: _answer("Curse Of Greed")})
    g.active = 0
    p = g.players[1]
    curse = g.new_obj(phys(g, real("Curse Of Greed")), "curse", 1)
    p.curses.append(curse)
    fool = give_loot(g, 0, real("O. The Fool"))
    g.players[0].loot_plays = 1
    assert damage.kill(g, p, 0)
    resolution.priority(g, 0)
    assert [(r[3], r[4]) for r in g.log.rows if r[3] in ("player_died", "loot_played", "cancelled")] == [
        ("player_died", None),
        ("loot_played", "O. The Fool"),
        ("cancelled", "Curse Of Greed"),
    ]
    assert p.dead and p.curses == [curse] and curse.in_play and curse.controller == 1
    assert not kinds(g, "curse_discarded") and fool in g.loot_disc and curse.phys not in g.monster_disc
    check_invariants(g)


def test_FS_4_16_FS_1_18_the_active_player_may_give_a_revealed_curse_to_themselves():
    """[A] (keyword abilities): the curse's first ability lets the active player pick who receives it, and
    the text names no restriction, so any player may be picked, the active player too. Three players:
    revealed into an empty slot, Curse Of Greed's ability offers P0 (active) every seat, its own first;
    P0 keeps it."""
    g = position(3, plans={0: lambda d: SeatRef(0) if d.kind == "give_curse" else None})
    g.active = 0
    g.mslots.append([])
    (curse,) = deck(g, "monster", [real("Curse Of Greed")])
    deck(g, "monster", [card("After", "monster", "basic", hp=2, evasion=3, attack=1)])
    g.monster.reverse()  # the curse on top
    resolution.priority(g, 0)
    (asked,) = [d for d in g.io.strategies[0].asked if d.kind == "give_curse"]
    assert [o.seat for o in asked.options] == [0, 1, 2]
    assert [c.phys for c in g.players[0].curses] == [curse] and not g.players[1].curses
    assert [(r[2], r[4]) for r in kinds(g, "curse_received")] == [(0, "Curse Of Greed")]
    check_invariants(g)


def test_FS_7_4_FS_7_1_the_player_who_added_an_item_acts_again_first_and_the_last_added_resolves_first():
    """[A] (priority, the stack): a player who puts a loot on the stack gets priority first and may act
    again before passing; items resolve last in, first out. P0 plays A Penny! (gain 1¢), then with priority
    still, taps its Sack (gain 1¢) over it; P1, holding an answer, is asked first on the Sack: the Sack's
    cent comes before the Penny's."""
    asked = []

    def p0(d):
        if d.kind == "respond":
            asked.append((0, d.context.name if d.context is not None else None))
            if d.context is not None and d.context.name == "A Penny!":
                return next((o for o in d.options if o != "pass"), None)
        return None

    def p1(d):
        if d.kind == "respond":
            asked.append((1, d.context.name if d.context is not None else None))
        return None

    g = position(2, plans={0: p0, 1: p1})
    give_item(g, 0, card("Sack", "treasure", "active", abilities=GAIN_1))
    give_item(g, 1, card("Spare", "treasure", "active", abilities=GAIN_1))  # P1 holds an answer: asked
    penny = give_loot(g, 0, real("A Penny!"))
    g.active = 0
    g.players[0].loot_plays = 1
    assert plays.take_action(g, 0, ("loot", penny))
    resolution.priority(g, 0)
    assert asked[:3] == [(0, "A Penny!"), (1, "Sack"), (1, "A Penny!")]
    assert [r[4] for r in kinds(g, "cents_gained")] == ["Sack", "A Penny!"]
    assert g.players[0].cents == 2 and not g.stack and penny in g.loot_disc
    check_invariants(g)
