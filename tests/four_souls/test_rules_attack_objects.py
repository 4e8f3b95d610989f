"""Attacking items and rooms (FS-10.6, FS-13.2, FS-16.6) with the made-up cards of
``tests/four_souls/cards_testonly/attackable.yaml`` and ``rooms.yaml``: exact outcomes, rule IDs in the
names."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardlab.simulate.four_souls import attack, cards, damage, gains, plays, resolution, statics, turn, zones
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    by_id,
    card,
    check_invariants,
    deck,
    give_item,
    give_loot,
    kinds,
    monster,
    phys,
    position,
    real,
    rooms_of,
)
from cardlab.simulate.four_souls.refs import SeatRef
from cardlab.simulate.four_souls.rules import compile_card
from cardlab.simulate.four_souls.state import EngineError

HERE = Path(__file__).parent / "cards_testonly"
CARD = {c.name: c for c in cards.load_pool([HERE / "attackable.yaml", HERE / "rooms.yaml"]).cards}


def _room(g, name: str):
    o = g.new_obj(phys(g, CARD[name]), "room", -1, slot=len(rooms_of(g).slots))
    g.rooms.slots.append([o])
    return o


def test_FS_10_6_an_attackable_item_is_a_target_and_a_plain_item_is_not():
    g = position(2)
    bag = give_item(g, 1, CARD["Test Sandbag"])
    give_item(g, 1, real("Breakfast"))
    m = add_slot_monster(g, monster("M"))
    assert attack.attack_options(g, 0) == [m, bag]
    bag.rules = compile_card(real("Breakfast"))  # the same object without the static
    g.obj_ver += 1
    assert attack.attack_options(g, 0) == [m]


def test_FS_10_6_FS_13_2_killing_an_attackable_item_destroys_it_and_pays_its_reward_to_the_attacker():
    """Two hits of 1 kill the 2-HP Sandbag of the other player: it goes to the treasure discard, the
    active player gains its 5¢, its controller loses its +2 HP with it (FS-6.20: no damage marked)."""
    g = position(2, rolls=[3, 5])
    bag = give_item(g, 1, CARD["Test Sandbag"])
    give_item(g, 0, CARD["Test Monster Watcher"])
    g.active = 0
    assert statics.player_max_hp(g, g.players[1]) == 4
    assert attack.run_attack(g, 0, bag)
    resolution.priority(g, 0, until_empty=True)
    assert not bag.in_play and bag not in g.players[1].items and g.treasure_disc == [bag.phys]
    assert g.players[0].cents == 5 and g.players[1].cents == 0
    assert statics.player_max_hp(g, g.players[1]) == 2 and g.players[1].damage == 0
    assert [r[4] for r in kinds(g, "object_died")] == ["Test Sandbag"]
    assert not kinds(g, "monster_died") and g.players[0].kills == 0  # not a monster (FS-13.2)
    assert [r[4] for r in kinds(g, "damage")] == ["attack", "attack"]
    check_invariants(g)


def test_FS_13_2_an_item_dying_fires_its_own_death_trigger_but_no_monster_death_trigger():
    g = position(2, rolls=[2])
    jar = give_item(g, 1, CARD["Test Ghost Jar"])
    give_item(g, 0, CARD["Test Monster Watcher"])  # "each time a monster dies": must stay silent
    g.active = 0
    assert attack.run_attack(g, 0, jar)
    resolution.priority(g, 0, until_empty=True)
    # its own trigger is its controller's (3¢ to player 1); its reward (1 loot) is the attacker's
    assert g.players[1].cents == 3 and g.players[0].cents == 0
    assert [(r[2], r[4], r[5], r[6]) for r in kinds(g, "reward")] == [(0, "Test Ghost Jar", "loot", 1)]
    check_invariants(g)


def test_FS_10_9_a_miss_against_an_item_deals_its_damage_to_the_attacker():
    g = position(2, rolls=[1, 2])
    jar = give_item(g, 1, CARD["Test Ghost Jar"])  # evasion 2, damage 2; the attacker has 2 HP
    g.active = 0
    assert not attack.run_attack(g, 0, jar)
    resolution.priority(g, 0, until_empty=True)
    assert jar.in_play and g.players[0].dead  # the 1 missed: 2 damage kills the attacker
    assert [(r[4], r[8], r[6]) for r in kinds(g, "damage")] == [("Test Ghost Jar", 0, 2)]  # target_seat 0
    check_invariants(g)


def test_FS_10_6_an_attackable_item_killed_outside_an_attack_still_pays_the_active_player():
    g = position(3)
    bag = give_item(g, 1, CARD["Test Sandbag"])
    g.active = 2
    from cardlab.simulate.four_souls import damage

    assert damage.push_damage(g, 2, bag, 0, None, False, None, "Bomb")
    resolution.priority(g, 2, until_empty=True)
    assert not bag.in_play and g.players[2].cents == 5 and g.players[0].cents == 0
    check_invariants(g)


def test_FS_10_6_monster_evasion_modifiers_do_not_apply_to_an_item():
    g = position(2)
    bag = give_item(g, 1, CARD["Test Sandbag"])
    m = add_slot_monster(g, monster("M", evasion=3))
    lord = add_slot_monster(g, monster("Lord", evasion=3, abilities=({"static": {"evasion": 1}},)))
    assert statics.evasion(g, m) == 4 and statics.evasion(g, lord) == 4
    assert statics.evasion(g, bag) == 3


def test_FS_8_10_attackable_items_heal_at_end_of_turn():
    g = position(2, rolls=[3])
    bag = give_item(g, 1, CARD["Test Sandbag"])
    bag.damage = 1
    turn.end_of_turn(g)
    assert bag.damage == 0


def test_FS_16_6_an_attackable_room_is_a_target_dies_pays_the_active_player_and_is_replaced():
    """The Guarded Room (3 HP, evasion 2): three hits kill it; its own death trigger loots the active
    player 1 ("you" on a room), its reward gives a treasure, it goes to the room discard and the slot
    refills from the room deck (FS-16.5)."""
    g = position(2, rolls=[2, 2, 2])
    room = _room(g, "Test Guarded Room")
    deck(g, "treasure", [real("Breakfast")])
    deck(g, "loot", [real("A Penny!")])
    nxt = phys(g, CARD["Test Library"])
    rooms_of(g).deck.append(nxt)
    g.active = 0
    assert attack.attack_options(g, 0) == [room]
    assert attack.run_attack(g, 0, room)
    resolution.priority(g, 0, until_empty=True)
    p = g.players[0]
    assert [o.name for o in p.items] == ["Breakfast"] and [c.name for c in p.hand] == ["A Penny!"]
    assert g.rooms.disc == [room.phys] and g.rooms.slots[0][-1].phys is nxt
    assert [r[7] for r in kinds(g, "room_discarded")] == ["killed"]
    check_invariants(g)


def test_FS_10_6_an_item_with_a_stat_block_must_say_it_can_be_attacked():
    c = CARD["Test Sandbag"]
    bad = type(c)(
        **{**{f: getattr(c, f) for f in c.__dataclass_fields__}, "abilities": ({"static": {"hp": 2}},)}
    )
    with pytest.raises(EngineError, match="attackable"):
        compile_card(bad)


def test_FS_10_6_players_can_be_attacked_only_while_an_ability_allows_it():
    g = position(3)
    assert attack.attack_options(g, 0) == []
    totem = give_item(g, 2, CARD["Test Bully Totem"])
    chars = [p.character for p in g.players]
    assert attack.attack_options(g, 0) == [chars[1], chars[2]]  # never yourself
    g.players[1].dead = True
    assert attack.attack_options(g, 0) == [chars[2]]  # a dead player is no target
    from cardlab.simulate.four_souls import damage

    damage.destroy(g, totem, "test")
    assert attack.attack_options(g, 0) == []


def test_FS_10_6_FS_10_9_an_attack_on_a_player_uses_the_allowed_evasion_and_the_defenders_damage():
    """Evasion 3 from the Totem: 3 hits (1 damage), 2 misses (the defender's 1 damage to the attacker,
    the defender its source), 4 hits and kills the 2-HP defender: the attacker is the killer, the
    attack ends with the death and nobody gets a reward."""
    g = position(2, rolls=[3, 2, 4])
    give_item(g, 0, CARD["Test Bully Totem"])
    g.active = 0
    target = g.players[1].character
    assert attack.run_attack(g, 0, target)
    resolution.priority(g, 0, until_empty=True)
    p0, p1 = g.players
    assert p1.dead and p1.deaths == 1 and not p0.dead and p0.damage == 1
    assert [(r[2], r[8], r[6]) for r in kinds(g, "damage")] == [(0, 1, 1), (1, 0, 1), (0, 1, 1)]
    assert [(r[2], r[8]) for r in kinds(g, "player_died")] == [(1, 0)]  # killed by seat 0
    assert [r[7] for r in kinds(g, "attack_target")] == ["player"] and not kinds(g, "reward")
    assert [r[7] for r in kinds(g, "attack_ended")] == ["killed"]
    check_invariants(g)


def test_FS_10_6_of_several_abilities_the_most_recently_created_evasion_applies():
    g = position(2, rolls=[])
    give_item(g, 0, CARD["Test Bully Totem"])  # 3+
    p1 = g.players[1]
    assert statics.player_evasion(g, p1) == 3
    key = give_item(g, 0, CARD["Test Arena Key"])
    from cardlab.simulate.four_souls import interpreter

    ctx = statics.Ctx(g, 0, key, name="Test Arena Key")
    assert interpreter.run(ctx, {"players_attackable": {"evasion": 2}})
    assert statics.player_evasion(g, p1) == 2  # the grant is newer than the Totem
    vest = give_item(g, 1, CARD["Test Target Vest"])  # newer still, but only for its controller
    g.obj_ver += 1
    assert statics.player_evasion(g, p1) == 5 and statics.player_evasion(g, g.players[0]) == 2
    turn.end_of_turn(g)  # the grant ends; the statics stay
    assert statics.player_evasion(g, p1) == 5 and statics.player_evasion(g, g.players[0]) == 3
    assert vest.in_play


def test_FS_5_7_FS_10_6_an_attackable_items_controller_orders_its_competing_replacements():
    """[A]: the player the replacements affect orders them. A 4-HP attackable item of P1's reduces any
    damage to it to 1 and carries a shield (prevent the next 1). 3 damage: reduced first, then shielded, 0
    is marked; shielded first (2 left), then reduced, 1 is marked. P1, who controls the item, picks; P0, the
    active player, is not asked. Before, the active player ordered them as for the game's monsters."""
    jar = card(
        "Test Ward Jar",
        "treasure",
        "passive",
        hp=4,
        evasion=3,
        attack=1,
        rewards={"cents": 1},
        abilities=(
            {"static": {"attackable": True}},
            {"replace": {"event": {"damage_to": "self"}, "modify": {"reduce_to": 1}}},
        ),
    )
    for first, marked in (("Test Ward Jar", 0), ("shield", 1)):
        g = position(2)
        for seat, pick in ((0, "Test Ward Jar" if first == "shield" else "shield"), (1, first)):
            g.io.strategies[seat].plan = lambda d, pick=pick: (
                next(o for o in d.options if o[0] == pick) if d.kind == "order_replacements" else None
            )
        g.active = 0
        item = give_item(g, 1, jar)
        g.obj_shields[item.uid] = [(1, None, 1, "Yum Heart", None)]
        damage.push_damage(g, 3, item, 0, None, False, None, "test")
        resolution.priority(g, 0, until_empty=True)
        assert item.damage == marked and not g.obj_shields[item.uid]
        assert [d.kind for d in g.io.strategies[0].asked].count("order_replacements") == 0
        assert [d.kind for d in g.io.strategies[1].asked].count("order_replacements") == 1


def test_FS_13_5_FS_13_2_a_killed_attackable_item_that_cannot_go_to_the_discard_comes_back_anew():
    """[A]: a killed monster that cannot be put into a discard goes back where it was (step 6), and an
    attackable object other than a monster dies by the same steps (FS-13.2). No monster of the whole
    collection keeps itself out of the discard; an eternal attackable item does (FS-4.12). P1's Punching Bag
    (Requiem: 2 HP, evasion 5, 5¢), with 2 counters and a card under it, is made eternal by P1's Algiz; P0
    hits it twice: P0 gains its 5¢ (step 3), and the Bag comes back under P1 in its place out of the treasure
    discard — as a new object (FS-3.2): healed, no counters, the card under it discarded, and no longer
    eternal (Algiz lent that to the items P1 had as it resolved, till the end of the turn)."""
    g = position(2, rolls=[6, 6])
    first = give_item(g, 1, card("Item Before"))
    bag = give_item(g, 1, by_id("r-punching_bag"))
    give_item(g, 1, card("Item After"))
    bag.counters = 2
    under = phys(g, card("Loot Under"))
    g.under[bag.uid] = [under]
    algiz = give_loot(g, 1, by_id("r-algiz"))
    g.players[1].loot_plays = 1
    g.io.strategies[1].plan = lambda d: (
        next(o for o in d.options if isinstance(o, SeatRef) and o.seat == 1)
        if d.kind == "choose_target"
        else None
    )
    assert plays.take_action(g, 1, ("loot", algiz))
    resolution.priority(g, 1, until_empty=True)
    assert bag.eternal
    g.active = 0
    attack.run_attack(g, 0, bag)
    resolution.priority(g, 0, until_empty=True)
    assert [r[3] for r in kinds(g, "object_died")] == ["object_died"]
    assert g.players[0].cents == 5
    items = g.players[1].items
    assert [o.phys.card.name for o in items] == ["Item Before", "Punching Bag", "Item After"]
    anew = items[1]
    assert items[0] is first and anew is not bag and anew.uid != bag.uid and not bag.in_play
    assert anew.phys is bag.phys and anew.in_play and anew.charged
    assert (anew.damage, anew.counters, anew.eternal) == (0, 0, False)
    assert not g.treasure_disc and bag.uid not in g.under and under in g.loot_disc
    assert anew in statics.attackable_objs(g)
    check_invariants(g)


def test_FS_13_5_FS_3_2_FS_4_12_an_item_a_card_became_comes_back_with_its_item_side_not_the_abilities_it_gained():
    """[A] (game zones): an object entering play is a new object, apart from whatever it was before; a killed
    object that cannot go to a discard is put back where it was (step 6, FS-13.5). Charmed Vis (Summer of
    Isaac) became P1's item (``become_item``: its ``as_item`` side, an attackable item), then gained Test
    Monster Watcher's abilities till end of turn (``gain_abilities``) and was made eternal for the turn.
    Killed by its holder's own attack (two 6s: not "killed by another player", so nothing prevents it), it
    comes back as a new item of P1's with the card's item side — attackable, its own triggers — and without
    the gained abilities, which were laid on the old object: they must not hide its item side (it would come
    back with the monster's own abilities, not attackable, a monster's reward)."""
    g = position(2, rolls=[6, 6])
    vis_phys = phys(g, by_id("soi-charmed_vis"))
    vis = zones.new_item(g, vis_phys, 1)
    g.players[1].items.append(vis)
    assert vis.rules is vis_phys.rules.as_item
    gains.gain(g, vis, compile_card(CARD["Test Monster Watcher"]), "eot")
    assert "dies" in vis.rules.triggers and vis.rules is not vis_phys.rules.as_item
    vis.eternal = True  # lent for the turn, as Algiz or an eternal counter would
    g.active = 1
    attack.run_attack(g, 1, vis)
    resolution.priority(g, 1, until_empty=True)
    assert [r[3] for r in kinds(g, "object_died")] == ["object_died"]
    anew = g.players[1].items[-1]
    assert anew is not vis and anew.phys is vis_phys and not vis.in_play
    assert anew.rules is vis_phys.rules.as_item and "dies" not in anew.rules.triggers
    assert anew in statics.attackable_objs(g) and (anew.damage, anew.eternal) == (0, False)
    check_invariants(g)
