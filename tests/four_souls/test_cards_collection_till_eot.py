"""Issue 19: abilities an effect lends till the turn's end (``gain_abilities: {abilities: [...]}``, FS-5.2):
the player's character holds them, so they outlast the card that made them (Lemon Mishap, Pills! of Gold
Box, Credit Card, My Little Unicorn)."""

from __future__ import annotations

from cardlab.simulate.four_souls import damage, dice, plays, statics, turn
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    by_id,
    check_invariants,
    give_item,
    give_loot,
    monster,
    position,
    settle,
)
from cardlab.simulate.four_souls.state import Attack


def _roll(g, seat=0, attack=False):
    r = dice.push_roll(g, seat, "test")
    r.attack = attack
    settle(g)
    return r.value


def _tap(g, seat, item):
    assert plays.take_action(g, seat, ("tap", item, 0))
    settle(g)


def test_FS_5_2_lemon_mishap_attack_rolls_of_one_or_two_hit_every_monster_till_the_turns_end():
    """Tapped: a plain roll of 1 does nothing, anyone's attack roll of 2 or 1 hits both monsters for 1, a 3
    does not; the item leaving play keeps the effect; the turn's end ends it."""
    g = position(2, rolls=[1, 2, 3, 1, 1])
    g.active = 0
    a = add_slot_monster(g, monster("A", hp=5))
    b = add_slot_monster(g, monster("B", hp=5))
    lemon = give_item(g, 0, by_id("g2-lemon_mishap"))
    _tap(g, 0, lemon)
    _roll(g)
    assert (a.damage, b.damage) == (0, 0)
    _roll(g, seat=1, attack=True)
    _roll(g, attack=True)
    assert (a.damage, b.damage) == (1, 1)
    damage.destroy(g, lemon, "test")
    settle(g)
    _roll(g, attack=True)
    assert (a.damage, b.damage) == (2, 2)
    turn.end_of_turn(g)
    _roll(g, attack=True)
    assert (a.damage, b.damage) == (0, 0)  # healed at the turn's end and no longer hit
    check_invariants(g)


def test_FS_5_2_gold_box_pills_three_lowers_the_evasion_of_monsters_on_your_turn_till_its_end():
    g = position(2, rolls=[3])
    g.active = 0
    m = add_slot_monster(g, monster("M", hp=2, evasion=4))
    give_loot(g, 0, by_id("g2-pills"))
    g.players[0].loot_plays = 1
    assert plays.take_action(g, 0, ("loot", g.players[0].hand[-1]))
    settle(g)
    assert statics.evasion(g, m) == 3
    turn.end_of_turn(g)
    assert statics.evasion(g, m) == 4


def test_FS_5_2_gold_box_pills_one_recharges_your_items():
    g = position(2, rolls=[1])
    g.active = 0
    spent = give_item(g, 0, by_id("g2-lemon_mishap"), charged=False)
    give_loot(g, 0, by_id("g2-pills"))
    g.players[0].loot_plays = 1
    assert plays.take_action(g, 0, ("loot", g.players[0].hand[-1]))
    settle(g)
    assert spent.charged


def test_FS_11_3_credit_card_frees_the_active_players_first_shop_purchase_this_turn():
    """Played by seat 1 on seat 0's turn: seat 0's shop price is 0 before a purchase, seat 1's stays 10;
    the turn's end ends it."""
    g = position(2)
    g.active = 0
    give_loot(g, 1, by_id("g2-credit_card"))
    g.players[1].loot_plays = 1
    assert plays.take_action(g, 1, ("loot", g.players[1].hand[-1]))
    settle(g)
    assert (statics.price(g, g.players[0], True), statics.price(g, g.players[1], True)) == (0, 10)
    assert statics.price(g, g.players[0], False) == 10  # the treasure deck's top is no shop item
    turn.end_of_turn(g)
    assert statics.price(g, g.players[0], True) == 10


def test_FS_5_4_my_little_unicorn_prevents_your_damage_and_a_low_roll_of_yours_ends_the_turn():
    g = position(2, rolls=[4, 2])
    g.active = 0
    me = g.players[0]
    unicorn = give_item(g, 0, by_id("box-my_little_unicorn"))
    _tap(g, 0, unicorn)
    damage.push_damage(g, 2, me, 1, None, False, None, "test")
    settle(g)
    assert me.damage == 0
    _roll(g)
    assert not g.ending_turn
    _roll(g)
    assert g.ending_turn


def test_FS_5_2_red_candle_the_named_face_rolled_by_anyone_deals_1_damage_till_the_turns_end():
    """Seat 0 names 3 (the third mode): a 3 rolled by seat 1 hits the monster seat 0 picks, a 4 does not; the
    turn's end ends it."""

    def plan(d):
        if d.kind == "choose_mode":
            return d.options[2]
        if d.kind == "choose_target":
            return d.options[-1]  # the monster (players first)
        return None

    g = position(2, plans={0: plan}, rolls=[3, 4, 3])
    g.active = 0
    m = add_slot_monster(g, monster("M", hp=5))
    candle = give_item(g, 0, by_id("fsp2-red_candle"))
    _tap(g, 0, candle)
    _roll(g, seat=1)
    _roll(g)
    assert m.damage == 1
    turn.end_of_turn(g)
    _roll(g)
    assert m.damage == 0


def test_FS_5_2_alt_art_min_min_keeps_the_faces_rolled_against_it_and_hurts_the_active_player_on_them():
    """An attack roll of 2 against Min Min: the active player's next 2 costs them 1 HP (once: a second
    attack roll of 2 does not keep the face twice), a 5 nothing; the turn's end forgets the face."""
    g = position(2, rolls=[2, 2, 5, 2])
    g.active = 0
    me = g.players[0]
    mm = add_slot_monster(g, by_id("aa-min_min"))
    g.attack = Attack(seat=0, target=mm)
    for _ in range(2):
        r = dice.push_roll(g, 0, "attack", target=mm)
        r.attack = True
        settle(g)
    g.attack = None
    me.damage = 0
    _roll(g)
    assert me.damage == 0  # the 5
    _roll(g)
    assert me.damage == 1
    turn.end_of_turn(g)
    assert not g.gains and not mm.rules.triggers.get("rolled", [])[6:]
