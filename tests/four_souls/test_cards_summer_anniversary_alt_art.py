"""Warp Zone, Summer, Anniversary and Alt Art cards at work: a position, the card acting, the exact
outcome, the rule in each name."""

from __future__ import annotations

from cardlab.simulate.four_souls import (
    checks,
    counters,
    dice,
    plays,
    resources,
    rooms,
    statics,
    triggers,
    turn,
    zones,
)
from cardlab.simulate.four_souls.fixtures import (
    add_room,
    add_shop_item,
    add_slot_monster,
    attack_roll,
    by_id,
    card,
    character,
    check_invariants,
    deck,
    give_item,
    give_loot,
    kinds,
    loot_fillers,
    monster,
    phys,
    position,
    real,
    settle,
    take_cents,
)
from cardlab.simulate.four_souls.refs import ObjRef


def _water_bottle(rolls: list[int], active: int = 0):
    g = position(2, chars=[character("A", hp=6), character("B", hp=6)], rolls=rolls)
    g.active = active
    target = add_slot_monster(g, monster("Target", hp=9, evasion=6, attack=1))
    bottle = give_item(g, 0, by_id("rwz-water_bottle"))
    return g, target, bottle


def test_FS_9_2_water_bottle_rolls_its_table_again_on_1_to_4_and_deals_one_damage_on_4_and_5():
    """Rolls 2, 4, 5: three rolls of the same table, one damage on the 4 and one on the 5 (whatever each
    scripted pick was aimed at), and the turn goes on."""
    g, target, bottle = _water_bottle([2, 4, 5])
    assert plays.take_action(g, 0, ("tap", bottle, 0))
    settle(g)
    rolls = [r for r in kinds(g, "roll") if r[4] == "Water Bottle" and r[7] == "initial"]
    assert len(rolls) == 3
    assert target.damage + sum(p.damage for p in g.players) == 2
    assert not g.ending_turn
    check_invariants(g)


def test_FS_8_9_FS_6_9_water_bottle_on_a_6_ends_its_holder_s_turn_and_cancels_the_stack():
    """A roll of seat 1's waits under the bottle's ability; the 6 cancels it and ends seat 0's turn."""
    g, _target, bottle = _water_bottle([6])
    waiting = dice.push_roll(g, 1, "test", value=3)
    assert plays.take_action(g, 0, ("tap", bottle, 0))
    settle(g)
    assert waiting not in g.stack and g.ending_turn
    check_invariants(g)


def test_FS_8_9_water_bottle_on_a_6_in_another_player_s_turn_cancels_but_ends_no_turn():
    g, _target, bottle = _water_bottle([6], active=1)
    bottle.charged = True
    assert plays.take_action(g, 0, ("tap", bottle, 0))
    settle(g)
    assert not g.ending_turn


def _hubert(miss_first: bool):
    g = position(3, chars=[character("A", hp=4, attack=3), character("B"), character("C")])
    g.active = 0
    deck(g, "monster", [monster(f"Filler{i}") for i in range(3)])  # the slot refills from these
    hubert = add_slot_monster(g, by_id("rwz-hubert_cumberdale"))
    if miss_first:
        attack_roll(g, hubert, 1)  # a miss: its 1 combat damage is marked on seat 0 (FS-10.9)
    attack_roll(g, hubert, 6)
    return g, hubert


def test_FS_6_3_hubert_cumberdale_s_death_kills_another_player_the_active_player_picks():
    g, hubert = _hubert(miss_first=False)
    assert hubert.phys in g.monster_disc
    assert [p.dead for p in g.players] == [False, True, False]  # the first other player offered: seat 1
    check_invariants(g)


def test_FS_8_10_hubert_cumberdale_comes_back_at_the_turn_s_end_after_hitting_a_player():
    g, hubert = _hubert(miss_first=True)
    assert g.players[0].damage == 1 and hubert.phys in g.monster_disc
    triggers.fire(g, "turn_end", seat=0)
    settle(g)
    assert hubert.phys not in g.monster_disc
    assert any(s and s[-1].phys is hubert.phys for s in g.mslots)  # a slot's top (FS-3.8)
    check_invariants(g)


def test_FS_8_10_hubert_cumberdale_stays_in_the_discard_when_it_hit_nobody():
    g, hubert = _hubert(miss_first=False)
    triggers.fire(g, "turn_end", seat=0)
    settle(g)
    assert hubert.phys in g.monster_disc


def test_FS_5_4_FS_10_11_keke_is_you_the_player_picked_at_turn_start_dies_in_its_place():
    """Seat 0's turn starts: seat 0 picks seat 1 (the first offered). A killing hit on Keke: the attack
    ends, seat 1 dies, Keke is whole again and seat 0 loots 3."""
    g = position(3, chars=[character("A", attack=3), character("B"), character("C")])
    g.active = 0
    loot_fillers(g, 5)
    keke = add_slot_monster(g, by_id("rwz-keke_is_you"))
    triggers.fire(g, "turn_start", seat=0)
    settle(g)
    attack_roll(g, keke, 6)
    assert keke.in_play and keke.damage == 0
    assert [p.dead for p in g.players] == [False, True, False]
    assert len(g.players[0].hand) == 3
    assert g.attack is None or g.attack.cancelled
    check_invariants(g)


def test_FS_5_2_keke_is_you_with_nobody_picked_this_turn_dies_as_usual():
    g = position(3, chars=[character("A", attack=3), character("B"), character("C")])
    g.active = 0
    deck(g, "monster", [monster("Filler")])
    keke = add_slot_monster(g, by_id("rwz-keke_is_you"))
    attack_roll(g, keke, 6)
    assert keke.phys in g.monster_disc and not any(p.dead for p in g.players)


def _aim_at_monsters(d):
    """Pick the monsters offered as targets, then stop (decision choose_target with "done")."""
    if d.kind == "choose_target" and "done" in d.options:
        monsters = [o for o in d.options if isinstance(o, ObjRef)]
        return monsters[0] if monsters else "done"
    return None


def test_FS_4_4_fiend_fire_discards_the_rest_of_the_hand_as_its_cost_and_deals_that_much_damage():
    g = position(2, plans={0: _aim_at_monsters})
    g.active = 0
    target = add_slot_monster(g, monster("Target", hp=9, evasion=6, attack=1))
    fire = give_loot(g, 0, by_id("rwz-fiend_fire"))
    for i in range(3):
        give_loot(g, 0, card(f"Filler{i}"))
    g.players[0].loot_plays = 1
    assert plays.take_action(g, 0, ("loot", fire))
    assert g.players[0].hand == [] and len(g.loot_disc) == 3  # the cost is paid as it is played
    settle(g)
    assert target.damage == 3 and [p.damage for p in g.players] == [0, 0]
    check_invariants(g)


def test_FS_4_4_fiend_fire_played_as_the_last_card_deals_nothing():
    g = position(2, plans={0: _aim_at_monsters})
    g.active = 0
    target = add_slot_monster(g, monster("Target", hp=9, evasion=6, attack=1))
    fire = give_loot(g, 0, by_id("rwz-fiend_fire"))
    g.players[0].loot_plays = 1
    assert plays.take_action(g, 0, ("loot", fire))
    settle(g)
    assert target.damage == 0


def _play_on(g, card_id: str, seat: int, aim: int):
    """Seat ``seat`` plays the loot card on seat ``aim`` (the plan picks that player as its target)."""
    loot = give_loot(g, seat, by_id(card_id))
    g.players[seat].loot_plays = 1
    assert plays.take_action(g, seat, ("loot", loot))
    settle(g)


def _pick_seat(aim: int):
    return lambda d: next((o for o in d.options if getattr(o, "seat", None) == aim), None)


def test_FS_5_2_cow_on_a_trash_farm_strips_a_character_and_its_items_till_that_player_s_next_turn():
    g = position(2, plans={0: _pick_seat(1)})
    g.active = 0
    bottle = give_item(g, 1, by_id("rwz-water_bottle"))
    _play_on(g, "rwz-cow_on_a_trash_farm", 0, 1)
    assert not bottle.rules.tap and g.players[1].character.erased is not None
    turn.end_of_turn(g)  # seat 0's turn ends: nothing comes back yet
    assert not bottle.rules.tap
    g.active = 1
    counters.restore_stripped_at_start(g, 1)  # seat 1's turn starts (as _play_turn does, FS-8.2)
    assert bottle.rules.tap and g.players[1].character.erased is None
    check_invariants(g)


def test_FS_10_6_FS_10_16_cheep_cheep_cheep_every_other_player_owes_an_attack_on_the_chosen_one():
    """Seat 0 picks seat 1 on its own turn: seat 0 owes the attack now; at seat 2's turn start seat 2 owes
    one too, on seat 1's character with evasion 3."""
    g = position(3, plans={0: _pick_seat(1)})
    g.active = 0
    _play_on(g, "rwz-cheep_cheep_cheep", 0, 1)
    target = g.players[1].character
    assert [t for t, _now in g.must_attack] == [target]
    g.must_attack.clear()
    g.active = 2
    triggers.fire(g, "turn_start", seat=2)
    settle(g)
    assert [t for t, _now in g.must_attack] == [target] and g.owed_evasion[target.uid] == 3


def test_FS_10_16_cheep_cheep_cheep_on_yourself_owes_nothing_in_your_own_turn():
    g = position(3, plans={0: _pick_seat(0)})
    g.active = 0
    _play_on(g, "rwz-cheep_cheep_cheep", 0, 0)
    assert not g.must_attack
    g.active = 1
    triggers.fire(g, "turn_start", seat=1)
    settle(g)
    assert [t for t, _now in g.must_attack] == [g.players[0].character]


def _starve(n: int, hands: list[int], hp: int = 2):
    g = position(n, chars=[character(f"P{i}", hp=hp) for i in range(n)])
    g.active = 0
    for seat, k in enumerate(hands):
        for i in range(k):
            give_loot(g, seat, card(f"Hand{seat}_{i}"))
    ev = add_slot_monster(g, by_id("rwz-dont_starve"))
    zones.start_event(g, ev)
    settle(g, rounds=60)
    return g, ev


def test_FS_13_12_don_t_starve_rounds_go_on_till_one_player_is_left_alive():
    """Empty hands, 2 HP each: two rounds of 1 damage kill both players at once (the same round), so no
    living player is left and the event goes to the discard."""
    g, ev = _starve(2, [0, 0])
    assert all(p.dead for p in g.players)
    assert ev.phys in g.monster_disc


def test_FS_13_12_don_t_starve_a_discard_spares_the_damage_until_the_hand_is_empty():
    """Seat 0 holds two cards (the scripted pick discards), seat 1 none: seat 1 dies in round 2 while seat 0
    has discarded twice and is unhurt, and the repeat stops with one player alive."""
    g, _ev = _starve(2, [2, 0])
    assert not g.players[0].dead and g.players[0].damage == 0 and g.players[0].hand == []
    assert g.players[1].dead


def test_FS_6_9_don_t_starve_stops_after_a_round_that_changed_nothing():
    """Both players prevent every damage to them and hold no cards: the first round changes nothing, so
    the repeat ends (our bound) and the event leaves play."""
    g = position(2)
    g.active = 0
    ward = {"replace": {"event": {"damage_to": "you"}, "prevent": True}}
    for seat in (0, 1):
        give_item(g, seat, card(f"Ward{seat}", "treasure", "passive", abilities=(ward,)))
    ev = add_slot_monster(g, by_id("rwz-dont_starve"))
    zones.start_event(g, ev)
    settle(g, rounds=60)
    assert ev.phys in g.monster_disc and not g.stack
    assert [p.damage for p in g.players] == [0, 0]


def test_FS_3_8_alt_art_gurdy_covered_gives_every_monster_one_more_hp():
    g = position(2)
    g.active = 0
    gurdy = add_slot_monster(g, by_id("aa-gurdy"))
    other = add_slot_monster(g, monster("Other", hp=3))
    assert statics.monster_hp(g, other) == 3  # an active Gurdy gives nothing
    zones.reveal_into_slot(g, phys(g, monster("Cover", hp=2)), gurdy.slot)  # covers Gurdy (FS-3.8)
    cover = g.mslots[gurdy.slot][-1]
    assert statics.monster_hp(g, other) == 4 and statics.monster_hp(g, cover) == 3
    check_invariants(g)


def test_FS_3_8_a_players_view_of_a_monster_counts_a_gurdy_covered_since_it_last_read_it():
    """A player reads Other (3 HP, nothing in play modifies it); Gurdy then enters a slot and is covered
    before the next read: the view says 4 HP, as the engine does (the kept info was handed out again
    with 3: its key, with no static in play, left out the covered card's bonus)."""
    from cardlab.simulate.four_souls.views import View

    g = position(2)
    g.active = 0
    other = add_slot_monster(g, monster("Other", hp=3))
    view = View(g, 0)
    assert view.info(other.ref).hp == 3
    gurdy = add_slot_monster(g, by_id("aa-gurdy"))
    zones.reveal_into_slot(g, phys(g, monster("Cover", hp=2)), gurdy.slot)  # covers Gurdy (FS-3.8)
    assert statics.monster_hp(g, other) == 4
    assert view.info(other.ref).hp == 4 and view.monsters[0].hp == 4


def test_FS_3_8_alt_art_gurdy_at_each_turn_start_the_left_player_puts_the_deck_top_in_a_slot():
    """Seat 0's turn starts: seat 1 (left of the active player) picks the second slot (its plan)."""
    g = position(2, plans={1: lambda d: d.options[1] if d.kind == "choose_slot" else None})
    g.active = 0
    add_slot_monster(g, by_id("aa-gurdy"))
    second = add_slot_monster(g, monster("Second", hp=3))
    deck(g, "monster", [monster("Top", hp=2), monster("Under", hp=2)])
    triggers.fire(g, "turn_start", seat=0)
    settle(g)
    assert g.mslots[second.slot][-1].phys.card.name == "Top" and not second.in_play


def _sale(cents: int = 20, counters_on: int = 1):
    g = position(2)
    g.active = 0
    for i in range(2):
        add_shop_item(g, card(f"Shop{i}", "treasure", "passive"))
    deck(g, "treasure", [card(f"Deck{i}", "treasure", "passive") for i in range(4)])
    room = add_room(g, by_id("soi-everything_must_go"))
    room.counters = counters_on
    take_cents(g, 0, cents)
    return g, room


def test_FS_11_3_everything_must_go_lowers_shop_prices_by_2_per_counter():
    g, room = _sale(counters_on=2)
    assert statics.price(g, g.players[0], True) == 6 and statics.price(g, g.players[0], False) == 10
    assert statics.price(g, g.players[1], True) == 10  # the active player's discount only (FS-16.2)


def test_FS_12_1_everything_must_go_keeps_an_emptied_shop_slot_empty_while_it_has_counters():
    g, room = _sale()
    g.shop[0].clear()
    checks.state_checks(g)
    assert g.shop[0] == []
    room.counters = 0
    checks.state_checks(g)
    assert g.shop[0] != []


def test_FS_11_2_everything_must_go_the_active_player_cannot_end_the_turn_before_buying_a_shop_item():
    g, _room = _sale()
    g.purchases_left = 1
    assert turn._purchase_owed(g, 0)
    g.players[0].shop_buys = 1
    assert not turn._purchase_owed(g, 0)
    g.players[0].shop_buys = 0
    g.players[0].cents = 1  # cannot pay for one: no duty
    assert not turn._purchase_owed(g, 0)


def test_FS_16_3_everything_must_go_stays_while_the_shop_holds_an_item():
    g, room = _sale()
    g.monster_deaths = 1
    turn.room_step(g)
    assert room.in_play  # the scripted player would discard it (first option): not offered
    for s in g.shop:
        s.clear()
    turn.room_step(g)
    assert not room.in_play


def test_FS_16_2_cracked_key_turns_a_rival_s_item_into_a_room_in_a_new_slot_the_active_player_uses():
    g = position(2, plans={0: lambda d: next((o for o in d.options if isinstance(o, ObjRef)), None)})
    g.active = 0
    add_room(g, card("Plain Room", "room", "room"))
    bottle = give_item(g, 1, by_id("rwz-water_bottle"))
    _play_on(g, "ani-cracked_key", 0, 1)
    assert g.players[1].items == [] and not bottle.in_play
    room = g.rooms.slots[-1][-1]
    assert len(g.rooms.slots) == 2 and room.kind == "room" and room.phys is bottle.phys
    assert ("tap", room, 0) in plays.legal_actions(g, 0) and ("tap", room, 0) not in plays.legal_actions(g, 1)
    rooms.discard(g, room, "test")
    assert bottle.phys in g.treasure_disc  # its own deck's discard (FS-3.6)
    check_invariants(g)


def test_FS_16_2_cracked_key_without_rooms_in_the_game_changes_nothing():
    g = position(2, plans={0: lambda d: next((o for o in d.options if isinstance(o, ObjRef)), None)})
    g.active = 0
    bottle = give_item(g, 1, by_id("rwz-water_bottle"))
    _play_on(g, "ani-cracked_key", 0, 1)
    assert bottle.in_play and g.rooms is None


def test_FS_16_2_an_item_turned_into_a_room_changes_hands_no_more():
    """Decoy turned into a room: its swap of "this" with a player's item does nothing (a room is nobody's;
    a soak found it breaking the zones), nor can the room be given."""
    g = position(2, plans={0: lambda d: next((o for o in d.options if isinstance(o, ObjRef)), None)})
    g.active = 0
    add_room(g, card("Plain Room", "room", "room"))
    give_item(g, 1, real("Decoy"))
    _play_on(g, "ani-cracked_key", 0, 1)
    room = g.rooms.slots[-1][-1]
    other = give_item(g, 1, card("Other", "treasure", "passive"))
    assert plays.take_action(g, 0, ("tap", room, 0))
    settle(g)
    assert other in g.players[1].items and room.in_play and room.controller == -1
    assert not resources.move_item(g, room, 1, "give", "test")
    check_invariants(g)
