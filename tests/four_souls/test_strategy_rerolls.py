"""``sensible`` rerolls anyone's item where a card lets it pick any item (FS-6.18: Perthro, The D20): my
poorest item for a fresh treasure when that is worth more to me than the leader's best one rerolled (the
value model read such a target as a rival's item only). Seat 0 plays ``sensible``; seat 1 passes."""

from __future__ import annotations

from cardlab.simulate.four_souls.fixtures import card, deck, give_item, give_loot, kinds, real
from tests.four_souls.strategy_table import own_turn, strategy_table


def test_FS_6_18_an_item_reroll_of_anyones_item_takes_my_poorest():
    """P0 holds Perthro and an item with no ability; P1 holds Sack Of Pennies. Perthro is played at once on
    P0's own item, which becomes the treasure deck's top card; P1's item stays."""
    g = strategy_table(2)
    give_loot(g, 0, real("Perthro"))
    give_item(g, 0, card("Pebble", deck="treasure", kind="passive"))
    give_item(g, 1, real("Sack Of Pennies"))
    deck(g, "treasure", [real("Breakfast"), real("Breakfast")])
    own_turn(g)
    assert [r[4] for r in kinds(g, "loot_played")] == ["Perthro"]
    assert [o.phys.card.name for o in g.players[0].items] == ["Breakfast"]
    assert [o.phys.card.name for o in g.players[1].items] == ["Sack Of Pennies"]


def test_FS_6_18_FS_5_9_jester_rerolls_my_poor_items_and_keeps_the_good_one():
    """P0 holds Jester (reroll any number of my items, a "may" for each) and three items: two with no
    ability (each worth less than a fresh treasure) and Breakfast (+1 HP, worth more). Jester is played; the
    engine asks its "may" item by item, naming the item (FS-5.9): the two poor ones become the treasure
    deck's top cards, Breakfast stays (the old player, asked naming only the card, said yes to every item)."""
    g = strategy_table(2)
    give_loot(g, 0, real("Jester"))
    give_item(g, 0, card("Pebble", deck="treasure", kind="passive"))
    give_item(g, 0, real("Breakfast"))
    give_item(g, 0, card("Stone", deck="treasure", kind="passive"))
    deck(g, "treasure", [real("Sack Of Pennies"), real("Sack Of Pennies"), real("Sack Of Pennies")])
    own_turn(g)
    assert [r[4] for r in kinds(g, "loot_played")] == ["Jester"]
    assert sorted(o.phys.card.name for o in g.players[0].items) == [
        "Breakfast",
        "Sack Of Pennies",
        "Sack Of Pennies",
    ]
