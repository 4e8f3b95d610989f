"""Issue 19: a loot card moving itself into another player's hand (``move`` with ``who``): Sticky Nickel."""

from __future__ import annotations

from cardlab.simulate.four_souls import plays, resolution
from cardlab.simulate.four_souls.fixtures import by_id, check_invariants, give_loot, loot_fillers, position


def _nickel(roll: int):
    g = position(3, rolls=[roll])
    loot_fillers(g, 5)
    g.active = 0
    g.players[0].loot_plays = 1
    nickel = give_loot(g, 0, by_id("r-sticky_nickel"))
    assert plays.take_action(g, 0, ("loot", nickel))
    resolution.priority(g, 0, until_empty=True)
    check_invariants(g)
    return g, nickel


def test_FS_4_18_sticky_nickel_goes_to_the_left_players_hand_on_1_to_3_and_pays_5_cents_on_4_to_6():
    """Roll 2: the card leaves the discard it went to as it resolved for seat 1's hand (left of seat 0);
    roll 5: seat 0 gains 5¢ and the card is in the loot discard."""
    g, nickel = _nickel(2)
    assert g.players[1].hand == [nickel] and nickel not in g.loot_disc and g.players[0].cents == 0
    g, nickel = _nickel(5)
    assert g.players[0].cents == 5 and nickel in g.loot_disc and g.players[1].hand == []


def test_FS_5_4_bag_lunch_takes_a_counter_instead_of_its_first_destruction_and_then_gives_1_hp():
    """Bag Lunch (an item after its trinket play): the first destruction puts a counter on it instead and
    its holder has +1 HP from then on; the second one destroys it."""
    from cardlab.simulate.four_souls import damage, statics
    from cardlab.simulate.four_souls.counters import count
    from cardlab.simulate.four_souls.fixtures import give_item

    g = position(2)
    lunch = give_item(g, 0, by_id("r-bag_lunch"))
    me = g.players[0]
    hp = statics.player_max_hp(g, me)
    assert not damage.destroy(g, lunch, "test") and lunch.in_play and count(lunch) == 1
    assert statics.player_max_hp(g, me) == hp + 1
    assert damage.destroy(g, lunch, "test") and not lunch.in_play and lunch.phys in g.loot_disc
    assert statics.player_max_hp(g, me) == hp
    check_invariants(g)


def test_FS_3_8_dads_note_puts_up_to_three_discarded_monsters_into_slots():
    """Dad's Note: with three monsters and an event in the monster discard, the player takes two (it stops
    when it likes, ``up_to``) — never the event — and each covers a slot whose monster is not under attack."""
    from cardlab.simulate.four_souls.fixtures import add_slot_monster, card, monster, phys

    picks = []

    def two(d):
        if d.kind == "choose_target" and len(picks) < 2:
            pick = next(o for o in d.options if o != "done" and o not in picks)
            picks.append(pick)
            return pick
        if d.kind == "choose_target":
            return "done" if "done" in d.options else None
        return None

    g = position(2, plans={0: two})
    g.active = 0
    slot = add_slot_monster(g, monster("Top"))
    gone = [phys(g, monster(f"Gone{i}")) for i in range(3)]
    g.monster_disc.extend([*gone, phys(g, card("Bad Luck", "monster", "bad_event"))])
    note = give_loot(g, 0, by_id("r-dads_note"))
    g.players[0].loot_plays = 1
    assert plays.take_action(g, 0, ("loot", note))
    resolution.priority(g, 0, until_empty=True)
    covered = g.mslots[slot.slot]
    names = [(x.phys if hasattr(x, "phys") else x).card.name for x in covered]
    assert names[0] == "Top" and len(names) == 3 and set(names[1:]) <= {"Gone0", "Gone1", "Gone2"}
    assert len(g.monster_disc) == 2 and "Bad Luck" in {c.card.name for c in g.monster_disc}
    check_invariants(g)


def test_FS_4_4_FS_11_3_trick_penny_cheapens_purchases_and_paid_abilities_and_pays_a_cent():
    """Trick Penny: a shop item costs 9¢; a $ ability of an item of yours asking 2¢ takes 1¢; each
    purchase and the turn's end pay 1¢."""
    from cardlab.simulate.four_souls import statics, triggers, turn
    from cardlab.simulate.four_souls.fixtures import add_shop_item, card, give_item, take_cents

    g = position(2, plans={0: lambda d: next((o for o in d.options if o != "treasure_deck"), None)})
    loot_fillers(g, 5)
    g.active = 0
    me = g.players[0]
    give_item(g, 0, by_id("r-trick_penny"))
    pump = give_item(
        g,
        0,
        card("Pump", "treasure", "paid", abilities=({"paid": {"cost": [{"pay": 2}], "do": {"loot": 1}}},)),
    )
    assert statics.price(g, me, True) == 9
    take_cents(g, 0, 2)
    act = next(o for o in plays.legal_actions(g, 0) if len(o) > 1 and o[1] is pump)
    assert plays.take_action(g, 0, act)
    resolution.priority(g, 0, until_empty=True)
    assert me.cents == 1 and len(me.hand) == 1
    add_shop_item(g, card("Ware", deck="treasure", kind="passive"))
    take_cents(g, 0, 8)
    g.purchases_left = 1
    turn.purchase(g, 0)
    resolution.priority(g, 0, until_empty=True)
    assert me.cents == 1  # 9 paid, 1 back
    triggers.fire(g, "turn_end", seat=0)
    resolution.priority(g, 0, until_empty=True)
    assert me.cents == 2
    check_invariants(g)


def test_FS_4_12_algiz_makes_a_players_items_eternal_till_the_turns_end():
    """Algiz (seat 0 picks itself): its plain item cannot be destroyed this turn; after the turn's end it
    can; an item already eternal stays so."""
    from cardlab.simulate.four_souls import damage, turn
    from cardlab.simulate.four_souls.fixtures import card, give_item

    g = position(2, plans={0: lambda d: next((o for o in d.options if getattr(o, "seat", -1) == 0), None)})
    loot_fillers(g, 5)
    g.active = 0
    plain = give_item(g, 0, card("Plain", deck="treasure", kind="passive"))
    kept = give_item(g, 0, card("Kept", deck="eternal", kind="eternal", keywords=["eternal"]), eternal=True)
    algiz = give_loot(g, 0, by_id("r-algiz"))
    g.players[0].loot_plays = 1
    assert plays.take_action(g, 0, ("loot", algiz))
    resolution.priority(g, 0, until_empty=True)
    assert not damage.destroy(g, plain, "test") and plain.in_play
    turn.end_of_turn(g)
    assert kept.eternal and not plain.eternal
    assert damage.destroy(g, plain, "test") and not plain.in_play
    check_invariants(g)


def test_FS_3_4_FS_16_1_hagalaz_orders_the_monster_deck_top_then_discards_a_room_or_monster():
    """Hagalaz (no rooms in this game): the top 3 monster cards come back in the player's order (here the
    third first), then the monster picked (the only one: not attacked) goes to the monster discard and its
    slot refills from the new top."""
    from cardlab.simulate.four_souls.fixtures import add_slot_monster, monster, phys

    order = []

    def plan(d):
        if d.kind == "order_top":
            pick = d.options[-1]
            order.append(pick)
            return pick
        return None

    g = position(2, plans={0: plan})
    g.active = 0
    top = [phys(g, monster(f"M{i}")) for i in range(3)]
    g.monster.extend(reversed(top))  # M0 on top
    blob = add_slot_monster(g, monster("Blob"))
    rune = give_loot(g, 0, by_id("r-hagalaz"))
    g.players[0].loot_plays = 1
    assert plays.take_action(g, 0, ("loot", rune))
    resolution.priority(g, 0, until_empty=True)
    assert not blob.in_play and blob.phys in g.monster_disc
    # the emptied slot refilled from the reordered top (M2), the rest below in the chosen order
    assert g.mslots[blob.slot][-1].phys.card.name == "M2"
    assert [c.card.name for c in reversed(g.monster)] == ["M1", "M0"]
    check_invariants(g)


def test_FS_10_6_backstabber_attacks_players_with_more_souls_on_its_turns_and_loots_on_a_kill():
    """Backstabber (seat 0, no soul): on seat 0's turn seat 1 (1 soul) can be attacked with evasion 3 and
    seat 2 (no soul) cannot; on seat 2's turn nobody can; seat 0 killing seat 1 draws 1."""
    from cardlab.simulate.four_souls import damage, statics
    from cardlab.simulate.four_souls.fixtures import give_item, monster, phys, settle

    g = position(3)
    loot_fillers(g, 5)
    give_item(g, 0, by_id("r-backstabber"))
    soul = g.new_obj(phys(g, monster("Boss", hp=1, soul=1)), "soul", 1)
    g.players[1].souls.append(soul)
    g.active = 0
    assert [statics.player_evasion(g, p) for p in g.players[1:]] == [3, None]
    g.active = 2
    assert statics.player_evasion(g, g.players[1]) is None
    g.active = 0
    hand = len(g.players[0].hand)
    assert damage.kill(g, g.players[1], 0)
    settle(g)
    assert g.players[1].dead and len(g.players[0].hand) == hand + 1
    check_invariants(g)


def test_FS_3_4_bobby_bomb_takes_the_bombs_of_the_top_ten_and_one_from_the_discard_each_turn():
    """Bobby Bomb gained: of the loot deck's top cards, the two whose names hold the word go to the hand
    (a plural and a "!" name too), the other goes under the deck; at its holder's turn start a bomb card
    of the loot discard comes to the hand, a card without the word never."""
    from cardlab.simulate.four_souls import resources, triggers
    from cardlab.simulate.four_souls.fixtures import card, deck, phys, settle

    g = position(2)
    g.active = 0
    deck(g, "treasure", [by_id("r-bobby_bomb")])
    deck(g, "loot", [card("Mega Bomb!"), card("Plain"), card("Bombs")])
    g.loot_disc.extend([phys(g, card("Old Bomb")), phys(g, card("Bombastic"))])
    me = g.players[0]
    assert resources.gain_treasure(g, me, "test")
    settle(g)
    assert sorted(c.card.name for c in me.hand) == ["Bombs", "Mega Bomb!"]
    assert [c.card.name for c in g.loot] == ["Plain"]
    triggers.fire(g, "turn_start", seat=0)
    settle(g)
    assert "Old Bomb" in {c.card.name for c in me.hand} and [c.card.name for c in g.loot_disc] == [
        "Bombastic"
    ]
    check_invariants(g)


def test_FS_3_4_friendly_sack_keeps_one_of_three_and_hands_the_others_to_a_rival():
    """Friendly Sack (↷, 3 players): seat 0 takes the top card it picks (the first offered) and hands the
    other two to seat 2, its pick; seat 1 gets nothing."""
    from cardlab.simulate.four_souls.fixtures import card, deck, give_item

    def plan(d):
        if d.kind == "choose_player":
            return next(o for o in d.options if o.seat == 2)
        return None

    g = position(3, plans={0: plan})
    g.active = 0
    sack = give_item(g, 0, by_id("r-friendly_sack"))
    deck(g, "loot", [card("A"), card("B"), card("C"), card("D")])
    act = next(o for o in plays.legal_actions(g, 0) if len(o) > 1 and o[1] is sack)
    assert plays.take_action(g, 0, act)
    resolution.priority(g, 0, until_empty=True)
    hands = [sorted(c.card.name for c in p.hand) for p in g.players]
    assert hands == [["A"], [], ["B", "C"]] and [c.card.name for c in g.loot] == ["D"]
    check_invariants(g)


def test_FS_6_4_FS_13_9_rib_of_greed_keeps_its_holders_hand_and_cents_from_abilities_and_the_penalty():
    """Rib of Greed (an item of seat 0): a rival's ability making seat 0 discard 1 and lose 2¢ does
    nothing; seat 0's death penalty leaves its loot and cents; a cost seat 0 pays still takes its ¢."""
    from cardlab.simulate.four_souls import damage, interpreter, statics
    from cardlab.simulate.four_souls.fixtures import card, give_item, settle, take_cents

    g = position(2)
    loot_fillers(g, 5)
    g.active = 1
    give_item(g, 0, by_id("r-rib_of_greed"))
    me = g.players[0]
    give_loot(g, 0, card("Kept"))
    take_cents(g, 0, 3)
    ctx = statics.Ctx(g, 1, None, name="Rival")
    interpreter.run(ctx, {"seq": [{"discard_loot": {"n": 1, "who": 0}}, {"lose_cents": {"n": 2, "who": 0}}]})
    assert (len(me.hand), me.cents) == (1, 3)
    damage.death_penalty(g, me)
    settle(g)
    assert (len(me.hand), me.cents) == (1, 3)
    pump = give_item(
        g,
        0,
        card("Pump", "treasure", "paid", abilities=({"paid": {"cost": [{"pay": 2}], "do": {"loot": 1}}},)),
    )
    g.active = 0
    act = next(o for o in plays.legal_actions(g, 0) if len(o) > 1 and o[1] is pump)
    assert plays.take_action(g, 0, act)
    assert me.cents == 1


def test_FS_5_10_birthright_becomes_a_lasting_copy_of_an_eternal_item_but_not_eternal():
    """Birthright (↷) copies seat 0's eternal item (↷: gain 2¢) for good: after the turn's end it still has
    that ability, and a destruction takes it, eternal as its source is."""
    from cardlab.simulate.four_souls import damage, turn
    from cardlab.simulate.four_souls.fixtures import card, give_item

    g = position(2)
    g.active = 0
    zap = card(
        "Zap", "eternal", "eternal", keywords=["eternal"], abilities=({"tap": {"do": {"gain_cents": 2}}},)
    )
    give_item(g, 0, zap, eternal=True)
    birth = give_item(g, 0, by_id("r-birthright"))
    act = next(o for o in plays.legal_actions(g, 0) if len(o) > 1 and o[1] is birth)
    assert plays.take_action(g, 0, act)
    resolution.priority(g, 0, until_empty=True)
    turn.end_of_turn(g)
    birth.charged = True
    act = next(o for o in plays.legal_actions(g, 0) if len(o) > 1 and o[1] is birth)
    assert plays.take_action(g, 0, act)
    resolution.priority(g, 0, until_empty=True)
    assert g.players[0].cents == 2 and not birth.eternal
    assert damage.destroy(g, birth, "test") and not birth.in_play
    check_invariants(g)


def test_FS_6_2_FS_8_1_car_battery_is_recharged_by_its_own_ability_only():
    """Car Battery spent: the recharge step and another card's recharge leave it spent; its ↷ recharged a
    spent item of seat 0 (the only other one); its $ (7¢) recharges it."""
    from cardlab.simulate.four_souls import interpreter, statics, turn
    from cardlab.simulate.four_souls.fixtures import card, give_item, take_cents

    g = position(2)
    g.active = 0
    me = g.players[0]
    battery = give_item(g, 0, by_id("r-car_battery"))
    spent = give_item(g, 0, card("Spent", "treasure", "active", abilities=({"tap": {"do": {"loot": 1}}},)))
    spent.charged = False
    act = next(o for o in plays.legal_actions(g, 0) if o[0] == "tap" and o[1] is battery)
    assert plays.take_action(g, 0, act)
    resolution.priority(g, 0, until_empty=True)
    assert spent.charged and not battery.charged
    turn.recharge_step(g, me)
    interpreter.run(statics.Ctx(g, 0, spent, name="Other"), {"recharge": {"target": battery}})
    assert not battery.charged
    take_cents(g, 0, 7)
    act = next(o for o in plays.legal_actions(g, 0) if o[0] == "paid" and o[1] is battery)
    assert plays.take_action(g, 0, act)
    resolution.priority(g, 0, until_empty=True)
    assert battery.charged and me.cents == 0
    check_invariants(g)
