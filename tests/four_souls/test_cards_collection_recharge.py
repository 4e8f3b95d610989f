"""Issue 19: an item kept spent through a recharge step (FS-8.1): Gish promo's Lil' Gish."""

from __future__ import annotations

from cardlab.simulate.four_souls import plays, turn
from cardlab.simulate.four_souls.fixtures import by_id, card, give_item, loot_fillers, position, settle


def _spent_item(g, seat: int):
    it = give_item(
        g, seat, card("Test Battery", "treasure", "active", abilities=({"tap": {"do": {"loot": 1}}},))
    )
    it.charged = False
    return it


def test_FS_8_1_lil_gish_a_marked_item_stays_spent_through_one_recharge_step_only():
    """Seat 0 uses Lil' Gish on seat 1's spent item: seat 1's next recharge step passes it by (its
    character recharges), the one after recharges it."""
    pick = {0: lambda d: next((o for o in d.options if getattr(o, "name", "") == "Test Battery"), None)}
    g = position(2, plans=pick)
    loot_fillers(g, 10)
    g.active = 0
    gish = give_item(g, 0, by_id("gish-lil_gish"))
    target = _spent_item(g, 1)
    assert plays.take_action(g, 0, ("tap", gish, 0))
    settle(g)
    assert target.no_recharge and not gish.charged
    g.players[1].character.charged = False
    turn.recharge_step(g, g.players[1])
    assert not target.charged and g.players[1].character.charged and not target.no_recharge
    turn.recharge_step(g, g.players[1])
    assert target.charged


def test_FS_8_1_lil_gish_offers_only_spent_items_a_player_controls():
    """A charged item is no target: with none spent, Lil' Gish has nothing to aim at."""
    g = position(2)
    g.active = 0
    gish = give_item(g, 0, by_id("gish-lil_gish"))
    give_item(g, 1, card("Test Battery", "treasure", "active", abilities=({"tap": {"do": {"loot": 1}}},)))
    assert not any(len(o) > 1 and o[1] is gish for o in plays.legal_actions(g, 0))
