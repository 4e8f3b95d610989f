"""Issue 19's last Four Souls cards, each with the exact outcome of the rule its encoding needed."""

from __future__ import annotations

import pytest

from cardlab.simulate.four_souls import counters, damage, plays, rooms, statics, triggers, turn
from cardlab.simulate.four_souls.counters import count as counters_of
from cardlab.simulate.four_souls.fixtures import (
    add_room,
    add_shop_item,
    add_slot_monster,
    by_id,
    card,
    check_invariants,
    give_item,
    give_loot,
    kinds,
    loot_fillers,
    phys,
    position,
    real,
    settle,
    take_cents,
)
from cardlab.simulate.four_souls.state import Attack


def _shopkeeper_table(rolls: list[int]):
    g = position(2, rolls=rolls)
    loot_fillers(g, 10)
    g.treasure.extend(phys(g, card(f"T{i}", deck="treasure", kind="passive")) for i in range(4))
    g.active = 0
    g.purchases_left = 1
    add_shop_item(g, card("Ware", deck="treasure", kind="passive"))
    keeper = add_slot_monster(g, real("Shopkeeper!"))
    return g, keeper


def _use(g, keeper) -> None:
    assert plays.take_action(g, 0, ("tap", keeper, 0))
    settle(g)


def test_FS_11_1_shopkeeper_roll_is_offered_only_while_the_active_player_may_still_purchase():
    """FS-11.1 / FS-4.6: the monster's roll is the active player's, offered while their purchase is open
    (a purchase left, stack empty, no attack) and only before their first shop purchase; never to the
    other player."""
    g, keeper = _shopkeeper_table([])
    assert ("tap", keeper, 0) in plays.legal_actions(g, 0)
    assert not any(o[0] == "tap" and o[1] is keeper for o in plays.legal_actions(g, 1))
    g.purchases_left = 0
    assert ("tap", keeper, 0) not in plays.legal_actions(g, 0)
    g.purchases_left = 1
    g.players[0].shop_buys = 1
    assert ("tap", keeper, 0) not in plays.legal_actions(g, 0)


@pytest.mark.parametrize("face", [5, 6])
def test_FS_11_3_shopkeeper_roll_of_5_or_6_makes_the_first_shop_purchase_free(face):
    """FS-11.3: a 5-6 sets the active player's price for a shop item to 0 until they buy one this turn; the
    deck's top keeps its price, the other player's price is untouched, and the roll is spent (it turned
    sideways, once a turn)."""
    g, keeper = _shopkeeper_table([face])
    me = g.players[0]
    assert statics.price(g, me, True) == 10
    _use(g, keeper)
    assert (statics.price(g, me, True), statics.price(g, me, False)) == (0, 10)
    assert statics.price(g, g.players[1], True) == 10
    assert g.must_attack == [] and not keeper.charged
    assert ("tap", keeper, 0) not in plays.legal_actions(g, 0)
    me.shop_buys = 1
    assert statics.price(g, me, True) == 10  # the free purchase is the first one only
    check_invariants(g)


def test_FS_10_16_shopkeeper_roll_of_1_to_4_owes_an_attack_on_it_and_its_reward_steals_a_shop_item():
    """FS-10.16: a 1-4 owes the active player one more attack, on the Shopkeeper; the price is unchanged.
    Killed, its reward (FS-1.15) hands the active player the shop item they pick (FS-6.12)."""
    g, keeper = _shopkeeper_table([3])
    _use(g, keeper)
    assert statics.price(g, g.players[0], True) == 10
    assert g.must_attack == [(keeper, False)]
    ware = g.shop[0][-1]
    assert damage.kill(g, keeper, 0)
    settle(g)
    assert ware in g.players[0].items
    check_invariants(g)


def test_FS_3_10_a_card_of_no_deck_sent_under_the_monster_deck_leaves_play():
    """Emergency Contact (Requiem) cancels an attack on The Harbingers, a card fetched from outside the game,
    and sends it under the monster deck: it has no deck of its own, so it goes out of play (FS-3.10), as its
    discard would; the monster deck is unchanged. Found by a soak (2 p, seed 8466532704894608617): the move
    stopped the game with an engine error."""
    g = position(2)
    loot_fillers(g, 10)
    g.active = 0
    g.monster.extend(phys(g, card(f"M{i}", deck="monster", kind="basic")) for i in range(2))
    deck_before = list(g.monster)
    harb = add_slot_monster(g, real("The Harbingers"))
    g.attack = Attack(seat=0, target=harb)
    contact = give_loot(g, 0, real("Emergency Contact"))
    g.players[0].loot_plays = 1
    assert plays.take_action(g, 0, ("loot", contact))
    settle(g)
    assert harb.phys in g.removed and not harb.in_play
    assert g.monster == deck_before
    assert [r[4] for r in kinds(g, "cancelled")] == ["Emergency Contact"]
    check_invariants(g)


def _widow_table(rolls: list[int]):
    g = position(2, rolls=rolls)
    loot_fillers(g, 10)
    g.active = 0
    widow = add_slot_monster(g, by_id("soi-widow"))
    return g, widow


def test_FS_5_14_widow_marks_a_random_player_with_a_spider_counter_and_the_turn_player_rolls_per_counter():
    """FS-5.14 / FS-4.18: the active player already carries one spider counter; the start-of-turn trigger
    puts another on a random player, then the active player rolls once per counter they carry (each 1-3
    hurts them for 1; the dice show 1 then 4). The random pick comes from the seed, so the test reads who
    got the counter: the rolls number the active player's counters and the damage is the 1-3 rolls."""
    g, _widow = _widow_table([1, 4])
    counters.add(g, g.players[0], 1, "spider")
    triggers.fire(g, "turn_start", seat=0)
    settle(g)
    mine = counters_of(g.players[0], "spider")
    theirs = counters_of(g.players[1], "spider")
    assert (mine, theirs) in ((2, 0), (1, 1))
    rolls = [r for r in kinds(g, "roll") if r[4] == "Widow" and r[7] == "final"]
    assert len(rolls) == mine
    assert [r[6] for r in rolls] == [1, 4][:mine]
    assert (g.players[0].damage, g.players[1].damage) == (1, 0)


def test_FS_4_4_widow_gives_a_player_with_a_spider_counter_a_character_ability_to_take_one_off():
    """FS-4.4 / FS-4.6: a player carrying a spider counter (not only the active one) may turn their
    character sideways to take one counter off; without counters, or with the character spent, it is not
    offered."""
    g, widow = _widow_table([])
    p1 = g.players[1]
    p1.character.charged = True
    assert not any(o[1] is widow for o in plays.legal_actions(g, 1) if o[0] == "paid")
    counters.add(g, p1, 2, "spider")
    assert ("paid", widow, 0) in plays.legal_actions(g, 1)
    assert plays.take_action(g, 1, ("paid", widow, 0))
    settle(g)
    assert counters_of(p1, "spider") == 1 and not p1.character.charged
    assert ("paid", widow, 0) not in plays.legal_actions(g, 1)
    check_invariants(g)


def test_FS_11_3_recycling_sticker_buys_the_treasure_discard_top_at_the_shop_price():
    """FS-11.3 / FS-11.2: the holder's shop price is 1c less (9c of 10c) and a purchase may take the treasure
    discard's top card as a shop item: 9c paid, the card in play under them, counted as a shop purchase; the
    card beneath becomes the top. A player without the sticker is not offered it."""
    g = position(2)
    loot_fillers(g, 10)
    g.active = 0
    g.treasure.extend(phys(g, card(f"T{i}", deck="treasure", kind="passive")) for i in range(3))
    under, top = (phys(g, card(n, deck="treasure", kind="passive")) for n in ("Under", "Top"))
    g.treasure_disc.extend([under, top])
    add_shop_item(g, card("Ware", deck="treasure", kind="passive"))
    give_item(g, 0, by_id("soi-recycling_sticker"))
    me = g.players[0]
    take_cents(g, 0, 9)
    assert statics.price(g, me, True) == 9
    assert top in turn._buy_options(g, 0)
    take_cents(g, 1, 20)
    assert top not in turn._buy_options(g, 1)
    turn._buy_discard_top(g, me, top)
    settle(g)
    assert me.cents == 0 and me.shop_buys == 1
    assert [o.phys for o in me.items if o.phys is top] == [top]
    assert g.treasure_disc == [under]
    assert [r[4:8] for r in kinds(g, "purchase")] == [("Top", "treasure_discard", 9, None)]
    check_invariants(g)


def test_FS_3_8_a_room_put_on_a_room_covers_it_and_it_comes_back_when_the_top_leaves():
    """FS-3.8 / FS-16: Red Key (Requiem) may put a room card on an occupied room slot: the room there is
    covered — out of play, a card beneath the new top — and when the top room is discarded the covered card
    is a room in play again. Found by a rooms soak (2 p, seed 4414894107013074824 of soak seed 3020): the
    covered room stayed in play below the top (an invariant violation)."""
    g = position(2)
    g.active = 0
    old = add_room(g, card("Old Room", deck="room", kind="room"))
    new_card = phys(g, card("New Room", deck="room", kind="room"))
    top = rooms.put(g, new_card, 0)
    assert g.rooms.slots[0] == [old.phys, top] and not old.in_play and top.in_play
    assert [o.phys.card.name for o in g.room_objs()] == ["New Room"]
    check_invariants(g)
    rooms.discard(g, top, "test")
    back = g.rooms.slots[0][-1]
    assert back.kind == "room" and back.in_play and back.phys is old.phys
    assert g.rooms.disc == [new_card]
    check_invariants(g)


def test_FS_3_6_an_item_turned_into_a_room_covered_by_a_room_goes_to_its_own_discard():
    """FS-3.6 / FS-16.2: an item turned into a room (Cracked Key) is a room only while in play; a room card
    put on its slot sends it to the treasure discard, and the room card under it stays covered."""
    g = position(2)
    g.active = 0
    under = add_room(g, card("Under Room", deck="room", kind="room"))
    item_card = phys(g, card("Some Item", deck="treasure", kind="passive"))
    under.in_play = False
    g.rooms.slots[0] = [under.phys]
    item_room = g.new_obj(item_card, "room", -1, slot=0)
    g.rooms.slots[0].append(item_room)
    top = rooms.put(g, phys(g, card("New Room", deck="room", kind="room")), 0)
    assert g.rooms.slots[0] == [under.phys, top]
    assert g.treasure_disc == [item_card] and not item_room.in_play
    check_invariants(g)
