"""The verb interpreter, verb by verb (vocabulary §2), each with the rule it implements."""

from __future__ import annotations

import pytest

from cardlab.simulate.four_souls import (
    attack,
    damage,
    dice,
    interpreter,
    plays,
    resolution,
    statics,
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
    monster,
    position,
    real,
    take_cents,
)
from cardlab.simulate.four_souls.refs import SeatRef
from cardlab.simulate.four_souls.state import EngineError


def run(g, eff, you=0, src=None, **binds):
    ctx = statics.Ctx(g, you, src, name="test")
    ctx.binds.update(binds)
    did = interpreter.run(ctx, eff)
    resolution.priority(g, g.active)
    return did


def test_FS_6_12_steal_cents_loot_item_and_soul():
    g = position(2)
    take_cents(g, 1, 5)
    assert run(g, {"steal": {"what": {"cents": 3}, "from": "P"}}, P=g.players[1])
    assert (g.players[0].cents, g.players[1].cents) == (3, 2)
    c = give_loot(g, 1, card("Secret"))
    assert run(g, {"steal": {"what": {"loot": 1, "random": True}, "from": "P"}}, P=g.players[1])
    assert g.players[0].hand == [c] and not g.players[1].hand
    item = give_item(g, 1, real("Breakfast"))
    assert run(g, {"steal": {"what": "I"}}, I=item)
    assert item in g.players[0].items and item.controller == 0 and item.in_play
    check_invariants(g)


def test_FS_6_12_give_is_the_givers_choice_and_not_a_gain():
    g = position(2)
    a = give_loot(g, 1, card("A"))
    give_loot(g, 1, card("B"))
    g.io.strategies[1].plan = lambda d: a.ref if d.kind == "choose_loot" else None
    assert run(g, {"give": {"what": {"loot": 1}, "from": "P", "to": "you"}}, P=g.players[1])
    assert g.players[0].hand == [a]


def test_FS_6_12_swap_items():
    g = position(2)
    mine = give_item(g, 0, real("Decoy"))
    theirs = give_item(g, 1, real("Dinner"))
    assert run(g, {"swap": {"a": "self", "b": "I"}}, src=mine, I=theirs)
    assert mine.controller == 1 and theirs.controller == 0


def test_FS_3_4_peek_one_top_rest_bottom():
    g = position(2, plans={0: lambda d: d.options[2] if d.kind == "order_top" else None})
    a, b, c, d = deck(g, "monster", [monster("A"), monster("B"), monster("C"), monster("D")])
    assert run(g, {"peek": {"deck": "monster", "n": 3, "then": "one_top_rest_bottom"}})
    assert g.monster[-1] is c and set(g.monster[:2]) == {a, b} and g.monster[2] is d


def test_FS_3_4_search_gains_a_guppy_item_and_shuffles():
    g = position(2)
    deck(g, "treasure", [real("Breakfast"), real("Guppy’s Paw"), real("Dinner")])
    assert run(g, {"search": {"deck": "treasure", "filter": "guppy", "then": "gain", "shuffle": True}})
    assert [o.name for o in g.players[0].items] == ["Guppy’s Paw"] and len(g.treasure) == 2


def test_FS_6_7_expand_slots_fill_at_next_priority():
    """FS-3.12: expanded slots are filled like the others."""
    g = position(2)
    add_slot_monster(g, monster("A"))
    deck(g, "monster", [monster("New")])
    assert run(g, {"expand_slots": {"kind": "monster", "n": 1}})
    assert len(g.mslots) == 2 and g.mslots[1][-1].name == "New"


def test_FS_6_18_reroll_item():
    g = position(2)
    (new,) = deck(g, "treasure", [real("Dinner")])
    old = give_item(g, 0, real("Breakfast"))
    eternal = give_item(g, 0, real("The D6"), eternal=True)
    assert run(g, {"reroll_item": "I"}, I=old)
    assert old.phys in g.treasure_disc and g.players[0].items[-1].phys is new
    assert not run(g, {"reroll_item": "I"}, I=eternal)  # an Eternal item is not destroyed: nothing


def test_FS_6_9_cancel_a_loot_on_the_stack():
    g = position(2)
    bomb = give_loot(g, 0, real("A Penny!"))
    g.players[0].loot_plays = 1
    plays.take_action(g, 0, ("loot", bomb))
    item = g.stack[-1]
    assert run(g, {"cancel": "S"}, you=1, S=item)
    assert bomb in g.loot_disc and g.players[0].cents == 0


def test_FS_8_9_end_turn_cancels_the_attack():
    g = position(2, rolls=[1])
    m = add_slot_monster(g, real("Mom’s Hand"))  # attack roll 6: cancel everything, end the turn
    g.streams.fixed.rolls = [6]
    assert not attack.run_attack(g, 0, m)
    assert g.ending_turn and m.damage == 0 and not g.stack
    assert [r[4] for r in g.log.rows if r[3] == "cancelled"]


def test_FS_8_12_extra_turn_and_skip_turn():
    g = position(3)
    assert run(g, {"extra_turn": "you"}) and g.extra_turns == [0]
    assert run(g, {"skip_turn": {"who": "P", "next": True}}, P=g.players[2])
    assert g.players[2].skip_next_turn == 1
    g.active = 2
    turn.play_turn(g)
    assert [r[7] for r in g.log.rows if r[3] == "turn_start"] == ["skipped"]


def test_FS_10_16_must_attack_now_and_may_attack():
    g = position(2)
    assert run(g, {"extra_attack": {"mode": "must", "who": "active", "timing": "now"}})
    assert g.must_attack == [("any", True)]
    assert run(g, {"extra_attack": {"mode": "may", "who": "active", "target": "monster_deck"}})
    assert g.may_attack == ["monster_deck"]
    assert not run(g, {"extra_attack": {"mode": "may", "who": "P"}}, P=g.players[1])  # not their turn


def test_FS_21_ambush_counts_deck_attacks_already_made():
    g = position(2)
    g.deck_attacks = 1
    assert run(
        g, {"extra_attack": {"mode": "must", "who": "active", "target": "monster_deck", "total_this_turn": 2}}
    )
    assert g.must_attack == [("monster_deck", "total")]  # any later deck attack counts too (FS-10.16)


def test_FS_5_10_become_copy_until_end_of_turn():
    g = position(2)
    dip = give_item(g, 0, real("Diplopia"))
    meat = give_item(g, 1, real("Meat!"))
    assert run(g, {"become_copy": {"object": "self", "source": "I", "until": "eot"}}, src=dip, I=meat)
    assert dip.rules is meat.rules
    turn.end_of_turn(g)
    assert dip.rules is not meat.rules and dip.rules.tap


def test_FS_6_14_heal_and_FS_6_16_prevent_death():
    g = position(2)
    g.players[0].damage = 1
    assert run(g, {"heal": {"n": 1, "who": "you"}}) and g.players[0].damage == 0
    damage.kill(g, g.players[1], 0)
    death = g.stack[-1]
    ctx = statics.Ctx(g, 1, None, name="Guppy's Collar")
    ctx.ev = {"death": death}
    assert interpreter.run(ctx, {"prevent": {"what": "event.death"}})
    assert not g.stack and not g.players[1].dead and g.players[1].damage <= 1


def test_FS_4_2_targets_chosen_on_stacking_and_modes_with_them():
    picks = []

    def plan(d):
        picks.append(d.kind)
        if d.kind == "choose_mode":
            return 1
        if d.kind == "choose_target":
            return SeatRef(1)
        return None

    g = position(2, plans={0: plan})
    from cardlab.simulate.four_souls.fixtures import phys

    g.players[1].curses.append(g.new_obj(phys(g, real("Curse Of Greed")), "curse", 1))  # both modes legal
    dagaz = give_loot(g, 0, real("Dagaz"))
    g.players[0].loot_plays = 1
    assert plays.take_action(g, 0, ("loot", dagaz))
    assert picks == ["choose_mode", "choose_target"]  # both before anything resolves
    resolution.priority(g, 0)
    assert g.players[1].shields


def test_FS_1_3_gain_treasure_and_the_shop_refill_after_moving_shop_items():
    g = position(2)
    add_shop_item(g, real("Breakfast"))
    deck(g, "treasure", [real("Dinner"), real("Meat!")])
    assert run(g, {"gain_treasure": 1})
    assert [o.name for o in g.players[0].items] == ["Dinner"]
    assert run(g, {"move": {"cards": {"shop_item": [], "count": "all"}, "to": "treasure_deck_bottom"}})
    assert g.shop[0][-1].name == "Meat!" and g.treasure[0].card.name == "Breakfast"
    check_invariants(g)


# ----------------------------------------------------------------------------- the remaining verbs, one each


def test_FS_6_5_lose_cents_goes_to_the_bank_and_all_means_all():
    g = position(2)
    take_cents(g, 1, 5)
    bank = g.bank
    assert run(g, {"lose_cents": {"n": 3, "who": "P"}}, P=g.players[1])
    assert (g.players[1].cents, g.bank) == (2, bank + 3)
    assert run(g, {"lose_cents": {"n": "all", "who": "P"}}, P=g.players[1])
    assert (g.players[1].cents, g.bank) == (0, bank + 5)
    assert not run(g, {"lose_cents": {"n": 1, "who": "P"}}, P=g.players[1])  # nothing left to lose
    assert [r[6] for r in g.log.rows if r[3] == "cents_lost"] == [3, 2]


def test_FS_6_4_discard_loot_the_holders_choice_counted_for_if_you_do():
    g = position(2)
    a, b, c = (give_loot(g, 1, card(x)) for x in "ABC")
    g.io.strategies[1].plan = lambda d: b.ref if d.kind == "discard" and b.ref in d.options else None
    assert run(g, {"discard_loot": {"n": 1, "who": "P"}}, P=g.players[1])
    assert g.players[1].hand == [a, c] and g.loot_disc == [b] and g.last_count == 1
    assert run(g, {"discard_loot": {"n": "all", "who": "P"}}, P=g.players[1])
    assert not g.players[1].hand and set(g.loot_disc) == {a, b, c} and g.last_count == 2
    assert not run(g, {"discard_loot": {"n": 1, "who": "P"}}, P=g.players[1])
    assert g.last_count == 0  # an empty hand discards nothing


def test_FS_6_3_kill_a_monster_at_full_hp_and_a_player():
    g = position(2)
    m = add_slot_monster(g, monster("Tough", hp=5, rewards={"cents": 2}))
    deck(g, "monster", [monster("Next")])  # the slot refills from here (FS-12.1)
    assert run(g, {"kill": "M"}, M=m)
    assert not m.in_play and m.phys in g.monster_disc and g.players[0].cents == 2  # the killer's reward
    assert run(g, {"kill": "P"}, P=g.players[1])
    assert g.players[1].dead and g.players[1].deaths == 1  # FS-13: a death, though undamaged
    assert not run(g, {"kill": "P"}, P=g.players[1])  # FS-13.12: once per turn


def test_FS_10_9_buff_until_the_next_attack_roll_is_a_players_damage_only():
    """The one-roll buff (Polar Star) carries a player's damage; anything it cannot carry is an error,
    never dropped in silence."""
    g = position(2)
    assert run(g, {"buff": {"target": "P", "atk": 2, "until": "next_attack_roll"}}, P=g.players[0])
    assert g.players[0].next_atk == 2
    m = add_slot_monster(g, monster("Blob", hp=2, evasion=3, attack=1))
    for eff, binds in (
        ({"buff": {"target": "M", "atk": 1, "until": "next_attack_roll"}}, {"M": m}),
        ({"buff": {"target": "P", "hp": 1, "until": "next_attack_roll"}}, {"P": g.players[0]}),
    ):
        with pytest.raises(EngineError, match="a player's atk only"):
            run(g, eff, **binds)


def test_FS_5_2_buff_lasts_until_end_of_turn():
    g = position(2, chars=[character("A", hp=2, attack=1), character("B")])
    m = add_slot_monster(g, monster("Blob", hp=2, evasion=3, attack=1))
    p = g.players[0]
    assert run(g, {"buff": {"target": "P", "atk": 1, "hp": 2, "roll": 1}}, P=p)
    assert run(g, {"buff": {"target": "M", "atk": 2, "hp": 1, "ev": 1}}, M=m)
    assert (statics.player_atk(g, p), statics.player_max_hp(g, p), statics.roll_bonus(g, p, True)) == (
        2,
        4,
        1,
    )
    assert (statics.monster_atk(g, m), statics.monster_max_hp(g, m), statics.evasion(g, m)) == (3, 3, 4)
    turn.end_of_turn(g)  # FS-8.10(4)
    assert (statics.player_atk(g, p), statics.player_max_hp(g, p), statics.roll_bonus(g, p, True)) == (
        1,
        2,
        0,
    )
    assert (statics.monster_atk(g, m), statics.monster_max_hp(g, m), statics.evasion(g, m)) == (1, 2, 3)


def test_FS_9_2_modify_roll_changes_the_roll_on_the_stack_and_clamps():
    g = position(2, rolls=[5], plans={0: lambda d: -1 if d.kind == "modify_roll" else None})
    r = dice.push_roll(g, 1, "effect", name="a roll")
    ctx = statics.Ctx(g, 0, None, name="test")
    ctx.binds["R"] = r
    assert interpreter.run(ctx, {"modify_roll": {"roll": "R", "delta": 1}}) and r.value == 6
    assert interpreter.run(ctx, {"modify_roll": {"roll": "R", "delta": 1}}) and r.value == 6  # FS-9.1
    assert interpreter.run(ctx, {"modify_roll": {"roll": "R", "delta": [1, -1]}}) and r.value == 5  # my pick
    g.stack.remove(r)
    assert not interpreter.run(ctx, {"modify_roll": {"roll": "R", "delta": 1}})  # no longer on the stack


def test_FS_14_5_become_soul_an_item_leaves_play_as_a_soul():
    g = position(2)
    bone = give_item(g, 0, real("Breakfast"))
    assert run(g, {"become_soul": {"card": "self", "lose_abilities": True}}, src=bone)
    assert bone not in g.players[0].items and not bone.in_play
    (soul,) = g.players[0].souls
    assert soul.phys is bone.phys and soul.soul_value == 1 and g.players[0].soul_total() == 1
    assert [r[4] for r in g.log.rows if r[3] == "soul_gained"] == ["Breakfast"]
    check_invariants(g)


def test_FS_5_14_add_and_remove_counters_levels_count_as_counters():
    g = position(2)
    item = give_item(g, 0, real("Breakfast"))
    assert run(g, {"add_counters": {"n": 2, "object": "self"}}, src=item)
    assert run(g, {"add_counters": {"n": 1, "object": "self", "kind": "level"}}, src=item)
    assert (item.counters, item.levels) == (2, 1)
    assert not run(g, {"remove_counters": {"n": 4, "object": "self"}}, src=item)  # not enough: nothing
    assert (item.counters, item.levels) == (2, 1)
    assert run(g, {"remove_counters": {"n": 3, "object": "self"}}, src=item)  # counters first
    assert (item.counters, item.levels) == (0, 0)


def test_FS_6_look_hand_shows_the_viewer_those_cards_only():
    g = position(3)
    a, b = give_loot(g, 1, card("A")), give_loot(g, 1, card("B"))
    assert run(g, {"look_hand": {"who": "P"}}, P=g.players[1])
    assert g.views[0].known_cards(1) == (a.ref, b.ref) and g.views[2].known_cards(1) == ()
    later = give_loot(g, 1, card("Later"))
    assert later.ref not in g.views[0].known_cards(1)  # a card drawn afterwards was not shown
    assert run(g, {"look_hand": {"who": "P", "viewer": "Q"}}, P=g.players[1], Q=g.players[2])
    assert g.views[2].known_cards(1) == (a.ref, b.ref, later.ref)


def test_FS_Q_34_extra_loot_play_until_end_of_turn_and_unlimited():
    g = position(2)
    g.active = 0
    give_loot(g, 1, real("A Penny!"))
    assert not [o for o in plays.legal_actions(g, 1) if o[0] == "loot"]  # no loot play outside my turn
    assert run(g, {"extra_loot_play": 1}, you=1)
    assert g.players[1].loot_plays == 1 and [o for o in plays.legal_actions(g, 1) if o[0] == "loot"]
    assert run(g, {"extra_loot_play": {"n": "unlimited"}}, you=1)
    assert g.players[1].unlimited_loot
    turn.end_of_turn(g)
    assert (g.players[1].loot_plays, g.players[1].unlimited_loot) == (0, False)


def test_FS_6_10_flip_roll_turns_a_result_into_seven_minus_it():
    """No Base V2 card flips a roll; the verb is kept for later sets (VOCABULARY.md)."""
    g = position(2, rolls=[2])
    r = dice.push_roll(g, 1, "effect", name="a roll")
    ctx = statics.Ctx(g, 0, None, name="test")
    ctx.binds["R"] = r
    assert interpreter.run(ctx, {"flip_roll": {"roll": "R"}}) and r.value == 5
    assert interpreter.run(ctx, {"flip_roll": {"roll": "R"}}) and r.value == 2


def test_FS_6_2_deactivate_turns_a_charged_object_sideways():
    """No Base V2 card deactivates by effect (the death penalty does, FS-13.9); kept for later sets."""
    g = position(2)
    item = give_item(g, 1, real("The D6"))
    assert item.charged and run(g, {"deactivate": "I"}, I=item)
    assert not item.charged
    assert not run(g, {"deactivate": "I"}, I=item)  # already sideways: nothing happens


def test_every_verb_and_hook_has_a_scenario_test(request):
    """Each effect verb and each hook ran in a rule scenario (issue #3): tests/four_souls/conftest.py records
    what the interpreter dispatches while a ``test_FS_…`` test runs, and this check runs after them all."""
    from .scenario_coverage import never_ran, report

    if hasattr(request.config, "workerinput"):
        pytest.skip("a parallel run: tests/conftest.py checks every worker's scenarios together at the end")
    mine = report(request.session.items)
    if not mine["whole"]:
        pytest.skip(
            "counts what the rule scenarios ran: needs all of them in the session (tests/four_souls whole)"
        )
    assert never_ran([mine]) == []


def test_FS_6_12_swap_with_a_shop_item_puts_mine_in_its_slot():
    """A swap whose other side is a shop item: the shop item comes to me and my item takes its
    place in that shop slot (no refill, no player gains it; the old move_item(to_seat=-1) handed
    it to the last seat)."""
    g = position(3)
    mine = give_item(g, 0, real("Decoy"))
    shop = add_shop_item(g, real("Dinner"))
    deck(g, "treasure", [real("Breakfast")])
    assert run(g, {"swap": {"a": "self", "b": "I"}}, src=mine, I=shop)
    assert shop.controller == 0 and shop in g.players[0].items and mine not in g.players[0].items
    assert mine.controller == -1 and g.shop[shop.slot] == [mine] and mine.slot == shop.slot
    assert all(mine not in p.items for p in g.players) and len(g.treasure) == 1
    check_invariants(g)
    # the same swap named the other way round
    g = position(3)
    mine = give_item(g, 0, real("Decoy"))
    shop = add_shop_item(g, real("Dinner"))
    assert run(g, {"swap": {"a": "I", "b": "self"}}, src=mine, I=shop)
    assert shop.controller == 0 and mine.controller == -1 and g.shop[0] == [mine]
    check_invariants(g)
