"""``sensible`` uses the Requiem verbs the value model once priced at nothing, read from their encoded words
(never a card's name): a counter stepped on an item in play (``step_counters``, FS-5.14) and a bid for a
shop item up for auction (``auction``, FS-6.12). Seat 0 plays ``sensible``; the other seat is scripted."""

from __future__ import annotations

import random

from cardlab.simulate.four_souls import plays, resolution
from cardlab.simulate.four_souls.fixtures import (
    add_shop_item,
    add_slot_monster,
    by_id,
    character,
    deck,
    give_item,
    kinds,
    monster,
    position,
)
from cardlab.strategies.four_souls import STRATEGIES
from tests.four_souls.strategy_table import LOOT_PLAY, own_turn, strategy_table


def test_FS_5_14_a_counter_stepped_goes_onto_my_own_item_that_counts_them():
    """Marbles (↷: one counter more or fewer on a card in play holding some) with Alabaster Box (its counters
    pay at 2, 4 and 6) at 1 counter, the rival's Box at 3: my Box gets its 2nd counter, theirs keeps 3."""
    g = strategy_table(2)
    give_item(g, 0, by_id("r-marbles"))
    mine = give_item(g, 0, by_id("r-alabaster_box"))
    theirs = give_item(g, 1, by_id("r-alabaster_box"))
    mine.counters, theirs.counters = 1, 3
    own_turn(g)
    assert [r[4] for r in kinds(g, "item_activated")] == ["Marbles"]
    assert (mine.counters, theirs.counters) == (2, 3)


def test_FS_3_2_a_hopeless_slot_monster_goes_under_my_item():
    """Friendly Ball (↷ while empty: a monster no attack targets goes under it, its slot refills) on a
    monster no fight is worth (6 evasion, 9 HP): it lies under the Ball and the slot refills from the deck."""
    g = strategy_table(2)
    ball = give_item(g, 0, by_id("r-friendly_ball"))
    wall = add_slot_monster(g, monster("Wall", hp=9, evasion=6, attack=3))
    deck(g, "monster", [monster("Fly", hp=1, evasion=2, attack=1)])
    own_turn(g)
    assert [r[4] for r in kinds(g, "item_activated")] == ["Friendly Ball"]
    assert all(wall not in s for s in g.mslots) and [c.card.name for c in g.under[ball.uid]] == ["Wall"]


def _auction(cents: int, rival_bids: tuple = ()) -> tuple:
    """Seat 1 auctions the shop's only item (a treasure); seat 0 (``sensible``, ``cents`` ¢) bids after
    seat 2 (scripted: its ``rival_bids`` in turn, then passes, 20¢)."""
    bids = iter(rival_bids)
    g = position(
        3,
        chars=[character(f"C{i}", hp=2, abilities=LOOT_PLAY) for i in range(3)],
        rolls=[],
        plans={2: lambda d: next(bids, 0) if d.kind == "bid" else None},
    )
    g.io.strategies[0] = STRATEGIES["sensible"](0, random.Random(0))
    g.active = 1
    gavel = give_item(g, 1, by_id("r-auction_gavel"))
    box = add_shop_item(g, by_id("r-alabaster_box"))
    g.players[0].cents, g.players[2].cents = cents, 20
    g.bank -= cents + 20
    assert plays.take_action(g, 1, ("tap", gavel, 0))
    resolution.priority(g, 1)
    return g, box


def test_FS_6_12_a_bid_is_the_lowest_raise_for_an_item_worth_more():
    """Seat 0 with 9¢ bids the lowest raise (1¢) for a shop treasure worth more than that to it; nobody
    tops it: it pays 1¢ to the auctioneer and takes the item."""
    g, box = _auction(9)
    assert box.controller == 0 and [p.cents for p in g.players] == [8, 1, 20]


def test_FS_6_12_no_bid_at_the_shop_price_or_above():
    """Seat 2 opens at 9¢; seat 0 (15¢) would have to bid 10¢, the shop's price: it passes, and seat 2
    pays 9¢ for the item."""
    g, box = _auction(15, rival_bids=(9,))
    assert box.controller == 2 and [p.cents for p in g.players] == [15, 9, 11]
