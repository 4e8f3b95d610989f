"""Issue 19, Requiem treasure and trinket: Undefined (``become_copy`` till its controller's next turn starts,
FS-5.10) and Broken Remote (an item activated, a monster or room sent to its discard)."""

from __future__ import annotations

from cardlab.simulate.four_souls import gains, plays, resolution, turn
from cardlab.simulate.four_souls.fixtures import (
    add_shop_item,
    add_slot_monster,
    by_id,
    card,
    deck,
    give_item,
    monster,
    position,
    settle,
)
from cardlab.simulate.four_souls.invariants import check_invariants

_GIVER = card(
    "Giver", "treasure", "active", abilities=({"tap": {"do": {"gain_cents": 3}}},)
)  # a test-only item: ↷ gain 3¢


def test_FS_5_10_undefined_copies_a_shop_item_recharges_and_is_itself_again_as_its_next_turn_starts():
    """Seat 0 taps Undefined on the shop's Giver: it recharges and, now a copy, offers Giver's ↷ (3¢); it
    stays a copy through seat 1's turn and is Undefined again when seat 0's next turn starts."""
    g = position(2, rolls=[])
    g.active = 0
    und = give_item(g, 0, by_id("r-undefined"))
    shop = add_shop_item(g, _GIVER)
    assert plays.take_action(g, 0, ("tap", und, 0))
    resolution.priority(g, 0)
    assert und.charged and und.rules.tap and und.rules.tap[0].do == {"gain_cents": 3}
    assert shop.in_play
    assert plays.take_action(g, 0, ("tap", und, 0))
    resolution.priority(g, 0)
    assert g.players[0].cents == 3
    turn.end_of_turn(g)
    assert und.rules.tap[0].do == {"gain_cents": 3}  # not only till the turn's end
    g.active = 0

    gains.end_copies(g, 0)
    assert und.rules is und.phys.rules
    check_invariants(g)


def test_FS_12_1_broken_remote_may_send_a_monster_not_under_attack_to_its_discard_when_you_activate_an_item():
    """Seat 0 holds Broken Remote and activates Giver: the trigger lets seat 0 send the slot monster to the
    monster discard."""
    g = position(2, rolls=[])
    g.active = 0
    give_item(g, 0, by_id("r-broken_remote"))
    giver = give_item(g, 0, _GIVER)
    m = add_slot_monster(g, monster("Blob"))
    deck(g, "monster", [monster("Next")])
    assert plays.take_action(g, 0, ("tap", giver, 0))
    settle(g)
    assert not m.in_play and [c.card.name for c in g.monster_disc] == ["Blob"]
    assert [s[-1].phys.card.name for s in g.mslots] == ["Next"]
    assert g.players[0].cents == 3
    check_invariants(g)
