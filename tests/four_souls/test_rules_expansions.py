"""Rule scenarios for behaviour the expansion cards brought (issue 19), named after the rule they check."""

from __future__ import annotations

from cardlab.simulate.four_souls import interpreter, resolution, statics
from cardlab.simulate.four_souls.cards import load_pool
from cardlab.simulate.four_souls.fixtures import card, deck, give_item, position

POOL = load_pool()  # the whole collection: these are expansion cards


def _dies(g, seat):
    """Kill a player with an effect of seat 0, then let every triggered ability resolve (FS-13.8)."""
    ctx = statics.Ctx(g, 0, None, binds={"P": g.players[seat]}, name="test")
    assert interpreter.run(ctx, {"kill": "P"})
    resolution.priority(g, g.active)


def test_FS_13_8_another_player_dies_triggers_for_others_only():
    """Dark Arts (Dark Judas's starting item): "each time another player dies" loots its controller 1 —
    when seat 1 dies, not when its own controller dies. Before issue 19 `dies: other_player` was
    accepted by the loader and never fired."""
    g = position(3)
    deck(g, "loot", [card(f"L{i}") for i in range(8)])
    give_item(g, 0, POOL.by_id["fsp2-dark_arts"], eternal=True, starting=True)
    _dies(g, 1)
    assert len(g.players[0].hand) == 1 and g.players[1].dead
    g2 = position(3)
    deck(g2, "loot", [card(f"L{i}") for i in range(8)])
    give_item(g2, 0, POOL.by_id["fsp2-dark_arts"], eternal=True, starting=True)
    _dies(g2, 0)
    assert g2.players[0].dead and g2.players[0].hand == []  # its own death does not trigger it
