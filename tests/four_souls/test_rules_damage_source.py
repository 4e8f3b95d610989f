"""Damage naming no target, or "you take N damage", has the game as its source (FS-6.20), as the official
extended rules put it ([A], 000_…txt, "Урон"), whoever's card carries it: no player deals it. Pinned with
Pyromaniac (Star Promos: the non-combat damage its holder deals is 1 more, FS-6.21), which added its 1 to
its holder's own "take 1 damage" from their item, from a curse they bear and from a monster's text on their
turn; the damage its holder's loot deals to a target they chose still gets it."""

from __future__ import annotations

from cardlab.simulate.four_souls import fixtures as fx
from cardlab.simulate.four_souls import interpreter, statics, triggers
from cardlab.simulate.four_souls.state import Obj


def _take(g, src: Obj | None, eff: dict, **binds) -> None:
    ctx = statics.Ctx(g, 0, src, name="test")
    ctx.binds.update(binds)
    interpreter.run(ctx, eff)
    fx.settle(g)


def test_FS_6_20_FS_6_21_you_take_damage_is_the_games_and_pyromaniac_adds_nothing():
    """P0 holds Pyromaniac. P0's own item says "take 1 damage": P0 takes 1 (not 2); a slot monster's text
    dealing P0 (the active player) 1 damage: 1; P0's item dealing 1 damage to a chosen monster: 2."""
    g = fx.position(2, chars=[fx.character("A", hp=9), fx.character("B", hp=9)])
    g.active = 0
    fx.give_item(g, 0, fx.by_id("p-pyromaniac"))
    razor = fx.give_item(g, 0, fx.card("Razor", "treasure", "active"))
    wall = fx.add_slot_monster(g, fx.monster("Wall", hp=9))
    _take(g, razor, {"deal_damage": {"n": 1, "to": "you"}})
    assert g.players[0].damage == 1
    _take(g, wall, {"deal_damage": {"n": 1, "to": "you"}})
    assert g.players[0].damage == 2
    _take(g, razor, {"deal_damage": {"n": 1, "to": "M"}}, M=wall)
    assert wall.damage == 2 and g.players[1].damage == 0
    fx.check_invariants(g)


def test_FS_6_20_a_curse_of_pain_on_a_pyromaniac_holder_deals_one_at_their_turn_start():
    """P0 holds Pyromaniac and bears Curse Of Pain ("take 1 damage" as their turn starts): the curse's
    damage has the game as its source, so P0 takes 1, not 2."""
    g = fx.position(2, chars=[fx.character("A", hp=9), fx.character("B", hp=9)])
    g.active = 0
    fx.give_item(g, 0, fx.by_id("p-pyromaniac"))
    g.players[0].curses.append(g.new_obj(fx.phys(g, fx.real("Curse Of Pain")), "curse", 0))
    triggers.fire(g, "turn_start", seat=0)
    fx.settle(g)
    assert g.players[0].damage == 1
    fx.check_invariants(g)
