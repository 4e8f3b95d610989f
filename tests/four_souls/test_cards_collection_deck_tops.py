"""Issue 19: deck tops looked at and reordered (The Stairway of Unboxing, Mystery Gift of Star Promos, FS-3.4,
FS-11.2) and an event that counts its own resolutions (Keeper's Resting Place of Anniversary, FS-14.5)."""

from __future__ import annotations

from cardlab.simulate.four_souls import plays, turn, zones
from cardlab.simulate.four_souls.fixtures import (
    by_id,
    card,
    character,
    check_invariants,
    give_item,
    give_loot,
    kinds,
    monster,
    phys,
    position,
    settle,
    take_cents,
)


def _treasures(g, n: int) -> None:
    g.treasure.extend(phys(g, card(f"T{i}", "treasure", "passive")) for i in range(n))


def test_FS_11_2_the_stairway_reorders_the_treasure_top_before_the_purchase_is_chosen():
    """Seat 0 declares a purchase; before it picks, the Stairway lets it reorder the top 7 (the scripted
    picks reverse them), so the deck top it then buys is the card that was 7th."""
    g = position(2, plans={0: lambda d: d.options[-1] if d.kind == "order_top" else None})
    g.active = 0
    _treasures(g, 8)
    give_item(g, 0, by_id("box-the_stairway"))
    take_cents(g, 0, 10)
    g.purchases_left = 1
    top7 = [c.card.name for c in g.treasure[-7:]]  # bottom first: top7[-1] is the top card
    turn.purchase(g, 0)
    settle(g)
    assert g.players[0].items[-1].phys.card.name == top7[0]
    assert [c.card.name for c in g.treasure[-6:]] == top7[1:][::-1]
    check_invariants(g)


def test_FS_3_4_mystery_gift_one_treasure_each_for_its_holder_and_the_picked_players():
    """Destroyed as its cost, with both players picked (the scripted pick: all): it looks at 2 cards, then
    seat 0 gains 1 treasure and each picked player 1 (seat 0 twice in all, seat 1 once)."""
    g = position(2, plans={0: lambda d: d.options[-1] if d.kind == "targets" else None})
    g.active = 0
    _treasures(g, 5)
    gift = give_item(g, 0, by_id("p-mystery_gift"))
    assert plays.take_action(g, 0, ("paid", gift, 0))
    settle(g)
    assert not gift.in_play
    assert [len(p.items) for p in g.players] == [2, 1]


def test_FS_14_5_keepers_resting_place_goes_back_into_the_deck_then_becomes_a_soul_the_second_time():
    """Revealed once: back into the monster deck at a place the active player picks. Revealed again: it is
    the second of its name to enter play, so it becomes the active player's soul."""
    g = position(2)
    g.active = 0
    g.monster.extend(phys(g, monster(f"M{i}")) for i in range(6))
    krp = phys(g, by_id("ani-keepers_resting_place"))
    zones.reveal_into_slot(g, krp, None)
    settle(g)
    # put 3rd from the top (the first pick); the emptied slot then took the top card, so it is 2nd now
    assert [c.card.name for c in g.monster[-2:]] == ["Keeper's Resting Place", "M4"]
    assert not g.players[0].souls
    g.monster.remove(krp)
    zones.reveal_into_slot(g, krp, None)
    settle(g)
    assert [s.phys for s in g.players[0].souls] == [krp] and g.players[0].soul_total() == 1


def test_FS_4_4_a_destroy_this_cost_takes_the_item_itself_never_another_one():
    """Seat 0 holds Mystery Gift and another item; paying the gift's cost destroys the gift (the scripted
    pick would have taken the first item, the other one, under the old reading)."""
    g = position(2)
    g.active = 0
    _treasures(g, 5)
    other = give_item(g, 0, card("Keepsake", "treasure", "passive"))
    gift = give_item(g, 0, by_id("p-mystery_gift"))
    assert plays.take_action(g, 0, ("paid", gift, 0))
    settle(g)
    assert other.in_play and not gift.in_play


def test_FS_6_12_star_promos_lost_soul_two_treasure_for_its_player_a_given_soul_for_another():
    g = position(2)
    g.active = 0
    _treasures(g, 3)
    soul = give_loot(g, 0, by_id("p-lost_soul"))
    g.players[0].loot_plays = 1
    assert plays.take_action(g, 0, ("loot", soul))
    settle(g)
    assert len(g.players[0].items) == 2 and g.players[1].soul_total() == 1
    assert [r[7] for r in kinds(g, "soul_gained")] == ["given"]


def test_FS_6_12_hot_potato_passes_left_with_2c_each_time_until_a_5_or_a_6():
    """Revealed on seat 0's turn: it becomes seat 0's item; seat 0 gains 2c and rolls 2 (pass it left), seat 1
    gains 2c and rolls 6: it becomes seat 1's soul."""
    g = position(2, rolls=[2, 6])
    g.active = 0
    zones.reveal_into_slot(g, phys(g, by_id("soi-hot_potato")), None)
    settle(g)
    assert [p.cents for p in g.players] == [2, 2]
    assert not g.players[0].items and not g.players[1].items and g.players[1].soul_total() == 1


def test_FS_6_12_hot_potato_a_5_destroys_it_and_deals_its_holder_3_damage():
    g = position(2, chars=[character("A", hp=5), character("B", hp=5)], rolls=[5])
    g.active = 0
    zones.reveal_into_slot(g, phys(g, by_id("soi-hot_potato")), None)
    settle(g)
    assert g.players[0].cents == 2 and g.players[0].damage == 3 and not g.players[0].items
