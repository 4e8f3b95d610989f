"""Issue 19, Requiem treasures: The Clicker (verb ``new_character``: a character from outside the game with its
starting item, FS-2.7) and Auction Gavel (verb ``auction``: the other players bid for a shop item, FS-6.12)."""

from __future__ import annotations

from cardlab.simulate.four_souls import plays, resolution, seat_results
from cardlab.simulate.four_souls.fixtures import add_shop_item, by_id, card, give_item, position
from cardlab.simulate.four_souls.invariants import check_invariants
from cardlab.simulate.four_souls.rules import compile_card


def test_FS_2_7_the_clicker_swaps_your_character_and_starting_item_for_a_character_left_outside_the_game():
    """Seat 0 (2 damage) destroys The Clicker and takes Cain from outside the game: Cain is its character and
    Sleight Of Hand replaces its starting item; the damage stays; The Clicker is in the treasure discard."""
    g = position(2, rolls=[])
    g.active = 0
    cain, hand = by_id("b2-cain"), by_id("b2-sleight_of_hand")
    g.outside_chars = [(cain, compile_card(cain), hand, compile_card(hand))]
    old_item = give_item(g, 0, card("Old Start", "eternal", "eternal"), eternal=True, starting=True)
    clicker = give_item(g, 0, by_id("r-the_clicker"))
    me = g.players[0]
    me.damage = 1
    assert plays.take_action(g, 0, ("tap", clicker, 0))
    resolution.priority(g, 0)
    assert me.character.phys.card.name == "Cain" and me.character.controller == 0
    assert [o.phys.card.name for o in me.items] == ["Sleight Of Hand"] and me.items[0].eternal
    assert not old_item.in_play and me.damage == 1 and not g.outside_chars
    assert [c.card.name for c in g.treasure_disc] == ["The Clicker"]
    check_invariants(g)


def test_FS_2_7_a_seat_is_reported_by_the_character_it_was_dealt_after_the_clicker():
    """The players table groups by the character dealt at setup: after The Clicker swaps seat 0's character
    for Cain, its row still says the dealt character and starting item, and ``final_character`` says Cain.
    (Were a seat credited to its final character, every Clicker win would count for the character taken.)"""
    g = position(2, rolls=[])
    g.active = 0
    cain, hand = by_id("b2-cain"), by_id("b2-sleight_of_hand")
    g.outside_chars = [(cain, compile_card(cain), hand, compile_card(hand))]
    dealt = g.players[0].character.phys.card.name
    give_item(g, 0, card("Old Start", "eternal", "eternal"), eternal=True, starting=True)
    clicker = give_item(g, 0, by_id("r-the_clicker"))
    untouched = seat_results(g)[1].columns
    assert plays.take_action(g, 0, ("tap", clicker, 0))
    resolution.priority(g, 0)
    rows = [r.columns for r in seat_results(g)]
    assert (rows[0]["character"], rows[0]["starting_item"], rows[0]["final_character"]) == (
        dealt,
        "Old Start",
        "Cain",
    )
    assert rows[1] == untouched and rows[1]["character"] == rows[1]["final_character"]


def test_FS_6_12_auction_gavel_sells_a_shop_item_to_the_high_bidder_who_pays_its_user():
    """Seat 0 auctions Shop Box; seat 1 (5¢) bids 2, seat 2 (3¢) bids 3, seat 1 bids 4, seat 2 cannot top it:
    seat 1 pays seat 0 4¢ and takes Shop Box."""
    bids = {1: iter([2, 4]), 2: iter([3])}

    def bidder(seat):
        return lambda d: next(bids[seat]) if d.kind == "bid" else None

    g = position(3, rolls=[], plans={1: bidder(1), 2: bidder(2)})
    g.active = 0
    gavel = give_item(g, 0, by_id("r-auction_gavel"))
    box = add_shop_item(g, card("Shop Box", "treasure", "passive"))
    g.players[1].cents, g.players[2].cents = 5, 3
    g.bank -= 8
    assert plays.take_action(g, 0, ("tap", gavel, 0))
    resolution.priority(g, 0)
    assert box.controller == 1 and box in g.players[1].items
    assert [p.cents for p in g.players] == [4, 1, 3]
    check_invariants(g)
