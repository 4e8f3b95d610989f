"""The verb interpreter, verb by verb (vocabulary §2), each with the rule it implements."""

from __future__ import annotations

from simulate.four_souls import attack, effects, stack, turn
from simulate.four_souls.fixtures import (
    add_shop_item,
    add_slot_monster,
    card,
    check_invariants,
    deck,
    give_item,
    give_loot,
    monster,
    position,
    real,
    take_cents,
)
from simulate.four_souls.views import SeatRef


def run(g, eff, you=0, src=None, **binds):
    ctx = effects.Ctx(g, you, src, name="test")
    ctx.binds.update(binds)
    did = effects.run(ctx, eff)
    stack.priority(g, g.active)
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
    g.io.strategies[1].plan = lambda d: a if d.kind == "choose_loot" else None
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
    stack.take_action(g, 0, ("loot", bomb))
    item = g.stack[-1]
    assert run(g, {"cancel": "S"}, you=1, S=item)
    assert bomb in g.loot_disc and g.players[0].cents == 0


def test_FS_8_9_end_turn_cancels_the_attack():
    g = position(2, rolls=[1])
    m = add_slot_monster(g, real("Mom’s Hand"))  # attack roll 6: cancel everything, end the turn
    g.rng.rolls = [6]
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
    assert g.must_attack == [("monster_deck", False)]


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
    stack.kill(g, g.players[1], 0)
    death = g.stack[-1]
    ctx = effects.Ctx(g, 1, None, name="Guppy's Collar")
    ctx.ev = {"death": death}
    assert effects.run(ctx, {"prevent": {"what": "event.death"}})
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
    from simulate.four_souls.fixtures import phys

    g.players[1].curses.append(g.new_obj(phys(g, real("Curse Of Greed")), "curse", 1))  # both modes legal
    dagaz = give_loot(g, 0, real("Dagaz"))
    g.players[0].loot_plays = 1
    assert stack.take_action(g, 0, ("loot", dagaz))
    assert picks == ["choose_mode", "choose_target"]  # both before anything resolves
    stack.priority(g, 0)
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
