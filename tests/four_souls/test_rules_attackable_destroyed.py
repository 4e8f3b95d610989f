"""An attackable item destroyed outside an attack still pays its reward block to the active player
(FS-13.2, FS-6.3, FS-10.6), as the official extended rules put it ([A], 000_…txt, "Атакуемые предметы
и комнаты": when such an object dies or is destroyed, even outside an attack, its rewards go to the active
player; "Уничтожить/Убить": destroyed means dies). Pinned against a destroy that sent the item straight
to its discard with no reward."""

from __future__ import annotations

from cardlab.simulate.four_souls import interpreter, plays, statics, zones
from cardlab.simulate.four_souls.fixtures import (
    by_id,
    check_invariants,
    give_item,
    loot_fillers,
    phys,
    position,
    real,
    settle,
)


def _run(g, eff: dict, **binds) -> bool:
    ctx = statics.Ctx(g, 0, None, name="test")
    ctx.binds.update(binds)
    did = interpreter.run(ctx, eff)
    settle(g)
    return did


def test_FS_13_2_FS_6_3_a_punching_bag_destroyed_by_an_effect_pays_its_5_cents_to_the_active_player():
    """P1 holds Punching Bag (reward 5¢). On P0's turn an effect destroys it: it dies (object_died), P0
    gains 5¢, P1 nothing, and the card is in the treasure discard."""
    g = position(2)
    g.active = 0
    bag = give_item(g, 1, by_id("r-punching_bag"))
    before = [p.cents for p in g.players]
    assert _run(g, {"destroy": "I"}, I=bag)
    assert not bag.in_play and bag.phys in g.treasure_disc and bag not in g.players[1].items
    assert [p.cents - c for p, c in zip(g.players, before, strict=True)] == [5, 0]
    assert any(r[3] == "object_died" and r[4] == "Punching Bag" for r in g.log.rows)
    check_invariants(g)


def test_FS_13_2_FS_6_3_a_co_op_baby_killed_by_an_effect_on_its_holders_turn_loots_its_holder_one():
    """P1 holds Co-op Baby (reward 1 loot) and is the active player; an effect kills it: P1, the active
    player, loots 1."""
    g = position(2)
    g.active = 1
    loot_fillers(g, 3)
    baby = give_item(g, 1, by_id("ani-co_op_baby"))
    assert _run(g, {"kill": "I"}, I=baby)
    assert not baby.in_play and baby.phys in g.treasure_disc
    assert [len(p.hand) for p in g.players] == [0, 1]
    check_invariants(g)


def test_FS_13_2_FS_6_3_a_charmed_vis_item_killed_by_another_players_effect_is_stolen_not_lost():
    """Charmed Vis as P1's item: a death another player caused is prevented and that player steals it.
    P0's effect kills it: its death goes on the stack naming P0 as killer, so it is prevented and P0
    holds it, left at 1 HP (a prevented death, FS-Q.12). Before, the effect sent it straight to the treasure discard."""
    g = position(2)
    g.active = 1
    vis = zones.new_item(g, phys(g, by_id("soi-charmed_vis")), 1)
    g.players[1].items.append(vis)
    assert _run(g, {"kill": "I"}, I=vis)
    assert vis.in_play and vis in g.players[0].items and vis not in g.players[1].items
    assert vis.damage == 1 and not vis.dying and not g.treasure_disc
    check_invariants(g)


def test_FS_6_3_a_rivals_destroy_on_the_holders_turn_names_the_rival_as_the_killer():
    """The same Charmed Vis item of P1's, on P1's own turn, destroyed by P0's effect: P0 is its killer (not
    the active player P1), so the death is prevented and P0 steals it."""
    g = position(2)
    g.active = 1
    vis = zones.new_item(g, phys(g, by_id("soi-charmed_vis")), 1)
    g.players[1].items.append(vis)
    assert _run(g, {"destroy": "I"}, I=vis)
    assert vis.in_play and vis in g.players[0].items
    check_invariants(g)


def test_FS_4_4_FS_6_3_a_two_item_destroy_cost_cannot_take_a_dying_attackable_item_twice():
    """Contract From Below ($: destroy 2 items you control) with Punching Bag among P0's items, P0 naming
    the bag whenever it is offered: the bag dies (its 5¢ to P0, the active player) and a second item is
    destroyed — the dying bag is not offered again, so the cost takes two items."""

    def bag_first(d):
        if d.kind == "destroy_cost":
            return next((o for o in d.options if "Punching Bag" in str(o)), d.options[0])
        return None

    g = position(2, plans={0: bag_first})
    g.active = 0
    contract = give_item(g, 0, real("Contract From Below"))
    give_item(g, 0, by_id("r-punching_bag"))
    give_item(g, 0, real("The Dead Cat"))
    give_item(g, 1, real("Meat!"))
    assert plays.take_action(g, 0, ("paid", contract, 0))
    settle(g)
    assert len(g.players[0].items) == 1 and g.players[0].cents == 5
    check_invariants(g)
