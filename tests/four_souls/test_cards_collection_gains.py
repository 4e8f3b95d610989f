"""Issue 19: abilities an object gains for a while (``gain_abilities``, FS-5.2 with FS-5.10's "abilities")
— Glitch (The Capricious is dealt now), Is You — Rainbow Tapeworm's copy till the turn's end, Grandparent,
and ``move`` into a hand (Hallowed Ground)."""

from __future__ import annotations

from cardlab.simulate.four_souls import counters, gains, plays, statics, triggers, turn
from cardlab.simulate.four_souls.cards import load_pool
from cardlab.simulate.four_souls.counters import count as counters_of
from cardlab.simulate.four_souls.decks import build_supply
from cardlab.simulate.four_souls.fixtures import (
    add_shop_item,
    add_slot_monster,
    by_id,
    card,
    check_invariants,
    give_item,
    loot_fillers,
    monster,
    phys,
    position,
    settle,
)


def _zapper():
    return card("Zapper", deck="treasure", kind="active", abilities=({"tap": {"do": {"gain_cents": 2}}},))


def _sale():
    return card("Sale", deck="treasure", kind="passive", abilities=({"static": {"loot_plays": 1}},))


def test_FS_5_2_glitch_gains_one_shop_item_till_its_turn_ends_and_another_till_its_next_turn_starts():
    """Glitch: as seat 0's turn starts it picks Zapper (the first shop item) and has Zapper's ↷ ability
    beside its own (used: +2¢); as the turn ends it picks Sale, recharges, and Zapper's ability is gone at
    the turn's end while Sale's static (+1 loot play) stays through seat 1's turn; as seat 0's next turn
    starts Sale's ends (and Zapper's, picked again, returns)."""
    g = None
    picks = iter([0, 1, 0, 1])
    used = []

    def plan(d):
        if d.kind == "choose_target":
            return d.options[next(picks)]
        if d.kind == "action" and not used:
            tap = next((o for o in d.options if o[0] == "tap" and o[1] == glitch.ref), None)
            if tap is not None:
                used.append(tap)
                return tap
        return None

    g = position(2, plans={0: plan})
    loot_fillers(g, 20)
    g.active = 0
    glitch = give_item(g, 0, by_id("r-glitch"))
    add_shop_item(g, _zapper())
    add_shop_item(g, _sale())
    me = g.players[0]
    own = glitch.rules
    cents = me.cents
    turn.play_turn(g)
    assert used and me.cents == cents + 2  # Zapper's ability, used through Glitch
    assert glitch.charged and not glitch.rules.tap  # recharged; Zapper's ability ended with the turn
    assert statics.count(g, me, "loot_plays") == 1  # Sale's, till seat 0's next turn starts
    g.active, g.turn = 1, g.turn + 1
    turn.play_turn(g)
    assert statics.count(g, me, "loot_plays") == 1
    g.active, g.turn = 0, g.turn + 1
    turn.play_turn(g)  # Sale's ends as the turn starts; Zapper's (picked again) ends with it
    assert statics.count(g, me, "loot_plays") == 1 and len(used) == 1
    gains.expire(g, "turn_start", 0)
    assert glitch.rules is own and statics.count(g, me, "loot_plays") == 0
    check_invariants(g)


def test_FS_5_2_is_you_gains_a_rivals_eternal_item_till_its_controllers_next_turn_starts():
    """Is You: as seat 0's turn starts it gains the abilities of an eternal item seat 1 controls (+1
    damage here) and keeps them through the turn's end, till seat 0's next turn starts."""
    g = position(2)
    loot_fillers(g, 10)
    g.active = 0
    give_item(g, 0, by_id("rwz-is_you"))
    sword = card(
        "Sword", deck="eternal", kind="eternal", keywords=("eternal",), abilities=({"static": {"atk": 1}},)
    )
    give_item(g, 1, sword)
    atk = statics.player_atk(g, g.players[0])
    triggers.fire(g, "turn_start", seat=0)
    settle(g)
    assert statics.player_atk(g, g.players[0]) == atk + 1
    turn.end_of_turn(g)
    assert statics.player_atk(g, g.players[0]) == atk + 1
    gains.expire(g, "turn_start", 1)  # another player's turn start ends nothing
    assert statics.player_atk(g, g.players[0]) == atk + 1
    gains.expire(g, "turn_start", 0)
    assert statics.player_atk(g, g.players[0]) == atk
    check_invariants(g)


def test_FS_5_10_rainbow_tapeworm_on_4_to_6_copies_a_non_eternal_item_till_the_turns_end():
    """Rainbow Tapeworm (a trinket, an item here): its controller's turn start rolls; a 2 does nothing, a 5
    makes it a copy of another non-eternal item in play (Zapper) till the turn's end."""
    for roll, copied in ((2, False), (5, True)):
        g = position(2, rolls=[roll])
        loot_fillers(g, 10)
        g.active = 0
        worm = give_item(g, 0, by_id("tw-rainbow_tapeworm"))
        zap = give_item(g, 1, _zapper())
        own = worm.rules
        triggers.fire(g, "turn_start", seat=0)
        settle(g)
        assert (worm.rules is zap.rules) == copied
        turn.end_of_turn(g)
        assert worm.rules is own
        check_invariants(g)


def test_the_capricious_is_dealt_now_that_glitch_runs():
    supply = build_supply(load_pool(), 4)
    assert "The Capricious" in {c.name for c in supply.characters}
    assert {"r-glitch", "rwz-is_you", "tw-rainbow_tapeworm"} <= set(supply.rules)


def test_FS_10_3_grandparent_counts_the_attacks_on_it_and_dies_at_the_third_hurting_everyone():
    """Grandparent: a counter each time it is attacked (FS-10.3), +1 damage per counter; the third counter
    kills it and every player takes 3 damage."""
    g = position(2)
    loot_fillers(g, 10)
    g.active = 0
    gp = add_slot_monster(g, by_id("rwz-grandparent"))
    g.monster.extend(phys(g, monster(f"Next{i}", hp=2)) for i in range(3))
    hp = [statics.player_max_hp(g, p) for p in g.players]
    for k in (1, 2):
        triggers.fire(g, "attacked", target=gp, attacker=0)
        settle(g)
        assert counters_of(gp) == k and statics.monster_atk(g, gp) == 1 + k
    assert [p.damage for p in g.players] == [0, 0]
    triggers.fire(g, "attacked", target=gp, attacker=0)
    settle(g)
    assert not gp.in_play
    assert all(p.dead for p in g.players) and hp == [2, 2]  # 3 damage kills a 2-HP character


def test_move_to_hand_hallowed_ground_takes_the_loot_discards_top_card_for_three_counters():
    """Hallowed Ground ($ remove 3 counters): the loot discard's top card goes to its controller's hand
    (``move`` to ``hand``); with 2 counters it cannot be paid."""
    g = position(2)
    loot_fillers(g, 10)
    g.active = 0
    hg = give_item(g, 0, by_id("r-hallowed_ground"))
    top = phys(g, card("Thrown"))
    g.loot_disc.append(top)
    counters.add(g, hg, 2)
    assert ("paid", hg, 0) not in plays.legal_actions(g, 0)
    counters.add(g, hg, 1)
    assert plays.take_action(g, 0, ("paid", hg, 0))
    settle(g)
    assert top in g.players[0].hand and top not in g.loot_disc and counters_of(hg) == 0
    check_invariants(g)
