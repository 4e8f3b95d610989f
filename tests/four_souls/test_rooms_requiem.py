"""Requiem's rooms (FS-16) as encoded in ``decklists/four_souls/sets/requiem/room.yaml``: the engine
pieces they needed (a room's "enters play" abilities, the dead player of a death trigger) and a few
cards end to end, with exact outcomes and rule IDs in the names."""

from __future__ import annotations

from cardlab.simulate.four_souls import (
    attack,
    checks,
    plays,
    resolution,
    resources,
    rooms,
    statics,
    triggers,
    turn,
)
from cardlab.simulate.four_souls.fixtures import (
    add_shop_item,
    add_slot_monster,
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
    rooms_of,
    take_cents,
)
from cardlab.simulate.four_souls.resolution import player_dies


def _room(g, name: str):
    """A real room into a new room slot (FS-2.5)."""
    o = g.new_obj(phys(g, real(name)), "room", -1, slot=len(rooms_of(g).slots))
    g.rooms.slots.append([o])
    return o


def _room_deck(g, names: list[str]) -> list:
    out = [phys(g, real(n)) for n in names]
    rooms_of(g).deck.extend(reversed(out))
    return out


def _hand(g, seat: int, n: int) -> None:
    for i in range(n):
        give_loot(g, seat, card(f"Loot{seat}-{i}"))


def test_FS_16_1_FS_4_9_a_revealed_room_triggers_its_enters_play_ability():
    """Dice Room!! enters play from the room deck: every player discards their whole hand, then loots 3."""
    g = position(2)
    rooms_of(g).slots.append([])
    _room_deck(g, ["Dice Room!!"])
    _hand(g, 0, 2)
    _hand(g, 1, 5)
    loot_fillers(g, 10)
    assert rooms.fill(g, 0)
    checks.state_checks(g)  # the trigger goes on the stack at the next priority (FS-4.9)
    resolution.priority(g, 0, until_empty=True)
    assert [len(p.hand) for p in g.players] == [3, 3]
    assert len(g.loot_disc) == 7
    check_invariants(g)


def test_FS_16_4_FS_Q_30_a_dice_room_revealed_in_the_room_step_acts_next_turn_and_leaves_at_its_end():
    """Dice Room!!!!! (every monster to the discard) revealed in the room step: nobody has priority in
    end-phase steps 2–4 (FS-8.11), so its "enters play" ability waits for the next priority, the start of
    the next turn (FS-4.9, FS-Q.30), and resolves there; its "at the end of the turn, discard this" fires at
    the end of that next turn, not this one (FS-16.4)."""
    g = position(2, plans={0: lambda d: True if d.kind == "discard_room" else None})
    old = _room(g, "Blessing of Greed")
    dice5, greed = _room_deck(g, ["Dice Room!!!!!", "Blessing of Gluttony"])
    a = add_slot_monster(g, monster("A", hp=2))
    b = add_slot_monster(g, monster("B", hp=3))
    g.monster.extend(phys(g, monster(f"Next{i}", hp=1)) for i in range(4))
    g.monster_deaths = 1
    turn.room_step(g)
    assert old.phys in g.rooms.disc and g.rooms.slots[0][-1].phys is dice5
    assert a.in_play and b.in_play and len(g.pending) == 1 and not g.stack  # waiting (FS-Q.30)
    turn.end_of_turn(g)
    g.active, g.turn = 1, 2
    turn.play_turn(g)
    assert not a.in_play and not b.in_play
    assert a.phys in g.monster_disc and b.phys in g.monster_disc
    assert [r[4] for r in kinds(g, "monster_revealed")][:2] == ["Next3", "Next2"]  # refilled (FS-12.1)
    assert dice5 in g.rooms.disc
    assert g.rooms.slots[0][-1].phys is greed
    check_invariants(g)


def test_FS_13_8_blood_money_pays_4_cents_to_the_others_on_a_death():
    """ "Each other player": the dead player is the death trigger's event (event.victim)."""
    g = position(3)
    _room(g, "Blood Money")
    g.active = 0
    player_dies(g, g.players[1], -1)
    assert [p.cents for p in g.players] == [4, 0, 4]


def test_FS_13_9_shadow_of_war_the_dead_player_destroys_an_item_before_the_penalty():
    """Shadow of War: the dying player chooses one of their non-eternal items to destroy; it resolves
    as a death trigger, before the death penalty (FS-13.8), so the penalty then takes another item."""
    g = position(2)  # the scripted players take the first option: Box0, then Box1 for the penalty
    _room(g, "Shadow of War")
    g.active = 0
    items = [give_item(g, 1, card(f"Box{i}", deck="treasure", kind="passive")) for i in range(3)]
    player_dies(g, g.players[1], -1)
    assert g.players[1].items == [items[2]]
    assert g.treasure_disc == [items[0].phys, items[1].phys]
    check_invariants(g)


def test_FS_16_2_floor_spikes_a_roll_of_1_damages_its_roller_whoever_is_active():
    g = position(2, rolls=[1])
    _room(g, "Floor Spikes")
    g.active = 0
    from cardlab.simulate.four_souls import dice

    dice.push_roll(g, 1, "test")
    resolution.priority(g, 0, until_empty=True)
    assert (g.players[0].damage, g.players[1].damage) == (0, 1)


def test_FS_16_2_blood_donation_pays_hp_for_cents_for_the_active_player_only():
    from cardlab.simulate.four_souls import plays

    g = position(2)
    room = _room(g, "Blood Donation")
    g.active = 0
    act = next(o for o in plays.legal_actions(g, 0) if o[1] is room)
    assert not [o for o in plays.legal_actions(g, 1) if len(o) > 1 and o[1] is room]
    assert plays.take_action(g, 0, act)
    resolution.priority(g, 0, until_empty=True)
    assert g.players[0].cents == 3 and g.players[0].damage == 1


# --------------------------------------------------------------- the rooms encoded for issue 19 (second part)


def test_FS_14_5_all_hallows_eve_no_one_gains_a_soul_the_boss_card_is_discarded():
    """cant_gain_souls: a boss killed while the room is in play goes to the monster discard (FS-13.4 step
    5); with the room gone the next boss is gained as a soul."""
    g = position(2, rolls=[6, 6])
    room = _room(g, "All Hallow's Eve")
    g.active = 0
    g.monster.extend(phys(g, monster(f"Next{i}")) for i in range(2))  # the slot refills from these
    boss = add_slot_monster(g, monster("Boss", hp=1, soul=1, kind="normal_boss"))
    assert attack.run_attack(g, 0, boss)
    resolution.priority(g, 0, until_empty=True)
    assert g.players[0].souls == [] and boss.phys in g.monster_disc
    _room_deck(g, ["Blood Donation"])  # the emptied room slot refills with it (FS-16.5)
    rooms.discard(g, room, "test")
    boss2 = add_slot_monster(g, monster("Boss2", hp=1, soul=1, kind="normal_boss"))
    assert attack.run_attack(g, 0, boss2)
    resolution.priority(g, 0, until_empty=True)
    assert [s.phys for s in g.players[0].souls] == [boss2.phys]


def test_FS_10_5_FS_10_11_angelic_intervention_a_deck_attack_may_be_called_off_after_the_reveal():
    """attacked: monster_deck — the monster revealed from the deck stays in its slot, unhurt, and no
    attack roll is made (the scripted player says yes to the "may")."""
    g = position(2, rolls=[6])
    _room(g, "Angelic Intervention")
    g.active = 0
    top = phys(g, monster("Top", hp=1))
    g.monster.append(top)
    attack.declare_attack(g, 0)  # no slot to cover: the revealed monster takes a new one (FS-3.12)
    assert g.mslots[0][-1].phys is top and g.mslots[0][-1].damage == 0
    assert [r[7] for r in kinds(g, "attack_target")] == ["deck"]
    assert not kinds(g, "roll") and [r[7] for r in kinds(g, "attack_ended")] == ["ended"]


def test_FS_13_9_FS_10_6_battle_royale_an_attacked_player_gives_the_penalty_item_to_the_active_player():
    """Battle Royale!!!: players are attackable at 3+ (FS-10.6); seat 1, attacked and killed, gives seat 0
    what their death penalty would have destroyed (the scripted player's first pick). A death without an
    attack this turn destroys it as usual (FS-13.9)."""
    g = position(3, rolls=[3, 3])
    _room(g, "Battle Royale!!!")
    g.active = 0
    p0, p1, p2 = g.players
    assert statics.player_evasion(g, p1) == 3
    box = [give_item(g, 1, card(f"Box{i}", deck="treasure", kind="passive")) for i in range(2)]
    attack.run_attack(g, 0, p1.character)
    resolution.priority(g, 0, until_empty=True)
    assert p1.dead and p0.items == [box[0]] and p1.items == [box[1]]
    assert box[0].phys not in g.treasure_disc
    crate = give_item(g, 2, card("Crate", deck="treasure", kind="passive"))
    player_dies(g, p2, -1)  # not attacked this turn
    assert p2.items == [] and crate.phys in g.treasure_disc and crate not in p0.items
    check_invariants(g)


def test_FS_10_2_blessing_of_the_inner_eye_the_attacker_may_reorder_the_monster_decks_top_three():
    """On the declaration, before the target (FS-10.2): the attacker puts the deck's third card on top."""

    def last(d):
        if d.kind == "order_top":
            return d.options[-1]
        return None

    g = position(2, plans={0: last})
    _room(g, "Blessing of the Inner Eye")
    g.active = 0
    a, b, c = (phys(g, monster(n)) for n in "ABC")
    g.monster.extend([c, b, a])  # a on top
    triggers.fire(g, "attack_declared", seat=0)
    resolution.priority(g, 0, until_empty=True)
    assert g.monster[::-1] == [c, b, a]


def test_FS_5_4_equality_a_gain_of_cents_becomes_a_gain_for_every_player():
    """shared_cents: seat 1 would gain 3¢; instead all three players gain 3¢, 9¢ from the bank, and those
    gains are not multiplied again (FS-5.6)."""
    g = position(3, bank=50)
    _room(g, "Equality")
    g.active = 0
    assert resources.gain_cents(g, g.players[1], 3, "test")
    assert [p.cents for p in g.players] == [3, 3, 3] and g.bank == 41


def test_FS_11_2_greed_looms_the_hand_goes_unless_a_shop_item_was_bought_this_turn():
    """shop_buys(you): at the turn's end seat 0, who bought nothing, discards their hand; after buying a
    shop item (FS-11.2) they keep it."""
    g = position(2)
    _room(g, "Greed Looms")
    g.active = 0
    _hand(g, 0, 2)
    triggers.fire(g, "turn_end", seat=0)
    resolution.priority(g, 0, until_empty=True)
    assert g.players[0].hand == [] and len(g.loot_disc) == 2
    _hand(g, 0, 2)
    add_shop_item(g, card("Shelf", deck="treasure", kind="passive"))
    take_cents(g, 0, 10)
    turn.purchase(g, 0)
    assert g.players[0].shop_buys == 1 and len(g.players[0].items) == 1
    triggers.fire(g, "turn_end", seat=0)
    resolution.priority(g, 0, until_empty=True)
    assert len(g.players[0].hand) == 2


def test_FS_8_6_FS_1_24_might_for_the_meek_the_fewest_souls_get_plus_1_damage_and_an_attack():
    g = position(2)
    _room(g, "Might for the Meek")
    g.players[1].char_soul = 1  # seat 1 holds more souls
    g.active = 0
    assert statics.player_atk(g, g.players[0]) == 2 and statics.count(g, g.players[0], "attacks") == 1
    g.active = 1
    assert statics.player_atk(g, g.players[1]) == 1 and statics.count(g, g.players[1], "attacks") == 0
    g.players[0].char_soul = 1  # tied for the fewest: both qualify on their turn
    assert statics.player_atk(g, g.players[1]) == 2


def test_FS_11_3_pity_for_the_poor_shop_items_cost_nothing_for_the_fewest_souls():
    """price to: 0 — shop items only (the treasure deck's top still costs 10¢, FS-11.2), and only for the
    active player tied for or holding the fewest souls."""
    g = position(2)
    _room(g, "Pity for the Poor")
    g.players[1].char_soul = 1
    g.active = 0
    assert statics.price(g, g.players[0], True) == 0 and statics.price(g, g.players[0], False) == 10
    g.active = 1
    assert statics.price(g, g.players[1], True) == 10


def test_FS_6_6_the_mirror_hp_paid_down_to_1_makes_each_monster_death_this_turn_a_treasure():
    """The active player (3 HP) pays 2 HP at the turn's start (a "may", FS-6.6); a monster death then gains
    them a treasure; after the turn's end the room's counter is gone and a death gains nothing."""

    g = position(2, chars=[character("Tough", hp=3), character("Other")], rolls=[6, 6])
    room = _room(g, "The Mirror")
    g.active = 0
    p0 = g.players[0]
    g.monster.extend(phys(g, monster(f"Next{i}")) for i in range(3))
    prize = deck(g, "treasure", [card(f"Prize{i}", deck="treasure", kind="passive") for i in range(2)])
    triggers.fire(g, "turn_start", seat=0)
    resolution.priority(g, 0, until_empty=True)
    assert statics.player_hp(g, p0) == 1 and room.counters == 1
    attack.run_attack(g, 0, add_slot_monster(g, monster("A", hp=1)))
    resolution.priority(g, 0, until_empty=True)
    assert [o.phys for o in p0.items] == [prize[0]]
    triggers.fire(g, "turn_end", seat=0)
    resolution.priority(g, 0, until_empty=True)
    assert room.counters == 0
    attack.run_attack(g, 0, add_slot_monster(g, monster("B", hp=1)))
    resolution.priority(g, 0, until_empty=True)
    assert [o.phys for o in p0.items] == [prize[0]]


def test_FS_4_4_bomb_bum_a_discarded_bomb_rolls_three_times_another_card_once():
    """cost_named('bomb'): the $ cost's discarded card decides the number of rolls (FS-4.4: the cost is paid
    on activation). Bomb! discarded: rolls 1, 5, 2 — two damage to the chosen player (the scripted player
    picks the first: seat 0 itself), one from the 5: 3 in all; a plain card: one roll."""

    g = position(2, chars=[character("Tough", hp=5), character("Other")], rolls=[1, 5, 2, 6])
    room = _room(g, "Bomb Bum")
    g.active = 0
    g.players[0].hand.append(phys(g, real("Bomb!")))
    act = next(o for o in plays.legal_actions(g, 0) if len(o) > 1 and o[1] is room)
    assert plays.take_action(g, 0, act)
    resolution.priority(g, 0, until_empty=True)
    assert len(kinds(g, "roll")) == 6 and g.players[0].damage == 3  # 3 rolls, each logged twice
    g.players[0].damage = 0
    _hand(g, 0, 1)
    assert plays.take_action(g, 0, act)
    resolution.priority(g, 0, until_empty=True)
    assert len(kinds(g, "roll")) == 8 and g.players[0].damage == 1  # one roll: the 6 hurts the roller


def test_FS_4_4_key_master_a_discarded_key_rolls_three_times_for_treasure():

    g = position(2, rolls=[5, 2, 6, 6])
    room = _room(g, "Key Master")
    g.active = 0
    deck(g, "treasure", [card(f"T{i}", deck="treasure", kind="passive") for i in range(3)])
    g.players[0].hand.append(phys(g, real("Gold Key")))
    act = next(o for o in plays.legal_actions(g, 0) if len(o) > 1 and o[1] is room)
    assert plays.take_action(g, 0, act)
    resolution.priority(g, 0, until_empty=True)
    assert len(g.players[0].items) == 2  # 5 and 6 of 5, 2, 6
    _hand(g, 0, 1)
    assert plays.take_action(g, 0, act)
    resolution.priority(g, 0, until_empty=True)
    assert len(g.players[0].items) == 3  # one roll: the last 6


def test_FS_6_1_FS_8_4_shadow_of_famine_one_ability_and_one_loot_a_turn_for_every_player():
    """turn_limits: seat 1 (not active) activates one ↷ item and plays one loot card; then neither is offered
    to them again this turn, though they still have loot plays and charged items; the turn's end resets it."""
    g = position(2)
    _room(g, "Shadow of Famine")
    g.active = 0
    p1 = g.players[1]
    p1.loot_plays = 3
    for i in range(2):
        give_loot(g, 1, card(f"Coin{i}", abilities=({"play": {"do": {"gain_cents": 1}}},)))
        give_item(
            g, 1, card(f"Pipe{i}", "treasure", "active", abilities=({"tap": {"do": {"gain_cents": 1}}},))
        )
    kinds_of = lambda: sorted({a[0] for a in plays.legal_actions(g, 1)})  # noqa: E731
    assert kinds_of() == ["loot", "tap"]
    assert plays.take_action(g, 1, next(a for a in plays.legal_actions(g, 1) if a[0] == "tap"))
    resolution.priority(g, 1, until_empty=True)
    assert kinds_of() == ["loot"]
    assert plays.take_action(g, 1, next(a for a in plays.legal_actions(g, 1) if a[0] == "loot"))
    resolution.priority(g, 1, until_empty=True)
    assert kinds_of() == [] and p1.loot_plays == 2 and len(p1.hand) == 1
    turn.end_of_turn(g)
    p1.loot_plays = 1
    assert kinds_of() == ["loot", "tap"]


def test_FS_10_2_tax_for_the_mighty_the_soul_leader_pays_each_rival_2_cents_to_attack():
    """attack_tax: seat 0 holds the most souls: declaring an attack gives seats 1 and 2 2¢ each; with 3¢
    they cannot attack at all (no option), and an attack they owe lapses so the turn can end."""
    g = position(3)
    _room(g, "Tax for the Mighty")
    g.active = 0
    p0 = g.players[0]
    p0.char_soul = 1
    assert not any(o[0] == "attack" for o in _action_options(g, 0, cents=3))
    p0.cents = 0
    take_cents(g, 0, 5)
    g.attacks_left = 1
    turn.act(g, 0, ("attack", None))
    assert [p.cents for p in g.players] == [1, 2, 2]
    g.must_attack.append(("any", False))
    opts = _action_options(g, 0, cents=1)
    assert ("end",) in opts and not any(o[0] == "attack" for o in opts)
    g.players[1].char_soul = 2  # seat 0 no longer has the most: no tax
    assert ("attack", ("any", False)) in _action_options(g, 0, cents=0)


def _action_options(g, seat: int, cents: int) -> list:
    """The action-phase options ``seat`` is offered with ``cents`` (FS-8.6), read off one action decision
    (a loot card in hand makes it a real choice); the answer taken is a loot play, which changes nothing
    the tests read."""
    seen: list = []
    p = g.players[seat]
    p.cents, p.loot_plays = cents, 1
    give_loot(g, seat, card("Dud", abilities=({"play": {"do": "nothing"}},)))

    def plan(d):
        if d.kind != "action":
            return None
        seen.append(list(d.options))
        return next(o for o in d.options if o[0] == "loot")

    g.io.strategies[seat].plan = plan
    turn.action(g)
    g.io.strategies[seat].plan = None
    return seen[0]


def test_FS_16_6_FS_10_11_daily_run_each_hit_pays_and_the_attacker_may_walk_away():
    """Anniversary's Daily Run, an attackable room (4 HP): a hit (roll 6) marks 1 damage; its trigger gives
    the active player 4¢ (the first mode) and they call the attack off (FS-10.11): one roll, room alive."""
    g = position(2, rolls=[6, 6])
    room = _room(g, "Daily Run")
    g.active = 0
    assert room in attack.attack_options(g, 0)
    assert not attack.run_attack(g, 0, room)
    assert room.in_play and room.damage == 1 and g.players[0].cents == 4
    assert len(kinds(g, "roll")) == 2  # one attack roll, logged initial and final
