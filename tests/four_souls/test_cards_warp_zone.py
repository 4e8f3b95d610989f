"""Requiem Warp Zone cards encoded with existing words (``decklists/four_souls/sets/warp_zone``): a
position, the card's use, the exact outcome."""

from __future__ import annotations

from cardlab.simulate.four_souls import dice, plays, resolution, sides, statics, triggers, zones
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    by_id,
    card,
    character,
    deck,
    give_item,
    give_loot,
    monster,
    phys,
    position,
    real,
    rooms_of,
    settle,
)
from cardlab.simulate.four_souls.state import Attack


def _spewer(rolls: list[int], discard: str):
    g = position(2, chars=[character("Tough", hp=5), character("Other")], rolls=rolls)
    item = give_item(g, 0, by_id("rwz-spewer"))
    g.active = 0
    give_loot(g, 0, real(discard) if discard == "Pills!" else card(discard))
    act = next(o for o in plays.legal_actions(g, 0) if len(o) > 1 and o[1] is item)
    assert plays.take_action(g, 0, act)
    resolution.priority(g, 0, until_empty=True)
    p = g.players[0]
    return statics.player_max_hp(g, p), statics.player_atk(g, p), p.damage


def test_FS_4_4_spewer_rolls_three_times_for_a_discarded_pills_and_once_for_another_card():
    """$: discard a loot card. Pills! discarded: rolls 1, 3, 5 give +1 HP, +1 damage and 1 damage to the
    roller; any other card: one roll (2: +1 HP)."""
    assert _spewer([1, 3, 5], "Pills!") == (6, 2, 1)
    assert _spewer([2, 6, 6], "Plain") == (6, 1, 0)


def test_FS_8_10_the_eye_stabber_hurts_an_active_player_who_played_loot_this_turn():
    """At every end of turn, an active player who played loot during that turn is hurt by 1 from it
    (``loots_played``); a turn without one costs nothing."""
    g = position(2, chars=[character("Tough", hp=5), character("Other", hp=5)])
    add_slot_monster(g, by_id("rwz-the_purple_shirted_eye_stabber"))
    g.active = 0
    triggers.fire(g, "turn_end", seat=0)
    settle(g)
    assert g.players[0].damage == 0
    g.players[0].loots_played = 1
    triggers.fire(g, "turn_end", seat=0)
    settle(g)
    assert (g.players[0].damage, g.players[1].damage) == (1, 0)


def _activate(g, seat, obj, i=0):
    acts = [o for o in plays.legal_actions(g, seat) if len(o) > 1 and o[1] is obj]
    assert plays.take_action(g, seat, acts[i])
    settle(g)


def _quote(rolls: list[int]):
    g = position(2, chars=[by_id("rwz-quote"), character("Other")], rolls=rolls)
    star = give_item(g, 0, by_id("rwz-polar_star"), eternal=True)
    g.active = 0
    return g, star


def test_FS_10_9_polar_star_stores_counters_then_spends_them_on_the_next_attack_roll_only():
    """Polar Star: with no counter only storing one is offered; after two, spending takes both off for
    +2 damage on the next attack roll alone (a hit: 1 + 2 = 3 damage); the following attack roll deals the
    printed 1 (FS-10.9)."""
    g, star = _quote([5, 5])
    assert len([o for o in plays.legal_actions(g, 0) if len(o) > 1 and o[1] is star]) == 1
    _activate(g, 0, star)
    star.charged = True
    _activate(g, 0, star)
    assert star.counters == 2
    star.charged = True
    _activate(g, 0, star, 1)
    assert star.counters == 0 and g.players[0].next_atk == 2
    blob = add_slot_monster(g, monster(hp=9, evasion=2))
    g.attack = Attack(seat=0, target=blob)
    for _ in range(2):
        dice.push_roll(g, 0, "attack", target=blob)
        settle(g)
    assert blob.damage == 3 + 1 and g.players[0].next_atk == 0


def test_FS_6_10_quote_flips_polar_star_to_booster_and_recharges_it():
    """Quote's tap ability turns Polar Star to its back (Booster v2.0) and recharges it (FS-6.10); a
    Booster counter spent adds 1 to a roll on the stack."""
    g, star = _quote([2])
    star.charged, g.players[0].character.charged = False, True
    _activate(g, 0, g.players[0].character)
    assert sides.name(star) == "Booster v2.0" and star.charged
    star.counters = 1
    r = dice.push_roll(g, 0, "test")
    _activate(g, 0, star, 1)
    assert r.value == 3 and star.counters == 0


def test_FS_6_7_lil_hunter_adds_a_slot_and_an_owed_attack_then_goes_back_fourth_from_the_top():
    """Put into a slot: one more monster slot and one more attack the active player owes (FS-10.16); at
    the turn's end it leaves its slot for the monster deck, 4th from the top (FS-3.8)."""
    g = position(2)
    g.active = 0
    deck(g, "monster", [monster(f"D{i}") for i in range(6)])
    add_slot_monster(g, monster("Blob"))
    slots = len(g.mslots)
    zones.reveal_into_slot(g, phys(g, by_id("rwz-lil_hunter")), 0)
    settle(g)
    assert len(g.mslots) == slots + 1 and len(g.must_attack) == 1
    triggers.fire(g, "turn_end", seat=0)
    settle(g)
    assert g.monster[-4].card.name == "Lil Hunter"
    assert all(s[-1].phys.card.name != "Lil Hunter" for s in g.mslots if s)


def _doorway(mode: int):
    g = position(2, plans={0: lambda d: mode if d.kind == "choose_mode" else None})
    g.active = 0
    door = give_item(g, 0, by_id("rwz-doorway"))
    door.charged = True
    return g, door


def test_FS_12_1_doorway_sends_every_monster_but_the_attacked_one_to_the_discard():
    """Doorway's first mode: each monster not being attacked goes to the monster discard (FS-12.1)."""
    g, door = _doorway(0)
    deck(g, "monster", [monster("Next")])
    attacked = add_slot_monster(g, monster("Fought"))
    other = add_slot_monster(g, monster("Idle"))
    g.attack = Attack(0, attacked)
    _activate(g, 0, door)
    assert other.phys in g.monster_disc and attacked.phys not in g.monster_disc and not door.charged
    assert [s[-1].phys.card.name for s in g.mslots if s] == ["Fought", "Next"]  # the slot refilled


def test_FS_16_5_doorway_sends_every_room_to_the_room_discard():
    """Doorway's third mode: every room in play goes to the room discard (FS-16.5)."""
    g, door = _doorway(2)
    r = rooms_of(g)
    r.slots.append([])
    r.deck.append(phys(g, by_id("r-blood_lust")))
    room = g.new_obj(phys(g, by_id("r-blood_donation")), "room", -1, slot=0)
    r.slots[0].append(room)
    _activate(g, 0, door)
    assert room.phys in r.disc and not room.in_play
    assert r.slots[0][-1].phys.card.name == "Blood Lust"  # the slot refilled (FS-16.5)


def test_FS_4_13_loot_card_loots_1_becomes_an_item_and_may_go_back_to_hand_at_turns_end():
    """Played: its player loots 1 and it becomes their item (FS-4.13); at the end of their turn they
    take it back into their hand (answering yes)."""
    g = position(2, plans={0: lambda d: True if d.kind == "may" else None})
    g.active = 0
    deck(g, "loot", [card("Drawn")])
    c = give_loot(g, 0, by_id("rwz-loot_card"))
    g.players[0].loot_plays = 1
    act = next(o for o in plays.legal_actions(g, 0) if o[0] == "loot" and o[1] is c)
    assert plays.take_action(g, 0, act)
    settle(g)
    p = g.players[0]
    assert [h.card.name for h in p.hand] == ["Drawn"] and [o.phys for o in p.items] == [c]
    triggers.fire(g, "turn_end", seat=0)
    settle(g)
    assert p.items == [] and [h.card.name for h in p.hand] == ["Drawn", "Loot Card"]


def test_FS_3_7_an_item_copying_loot_card_is_not_put_into_a_hand():
    """A treasure that copies Loot Card (Modeling Clay) answers yes at the turn's end but stays in play:
    a hand holds loot cards only (FS-3.7)."""
    g = position(2, plans={0: lambda d: True if d.kind == "may" else None})
    g.active = 0
    clay = give_item(g, 0, card("Clay", "treasure", "active"))
    clay.rules = phys(g, by_id("rwz-loot_card")).rules
    g.obj_ver += 1  # abilities changed, as become_copy records them (FS-5.10)
    g.cache.trig_names.update(clay.rules.triggers)
    triggers.fire(g, "turn_end", seat=0)
    settle(g)
    assert g.players[0].items == [clay] and clay.in_play and g.players[0].hand == []
