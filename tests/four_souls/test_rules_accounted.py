"""Rule scenarios for FS rules no other test cited (issue 15: every rule accounted for). Each sets up a
position, acts through the engine and checks the exact outcome."""

from __future__ import annotations

import pytest

from cardlab.simulate.core.errors import UserError
from cardlab.simulate.four_souls import (
    attack,
    checks,
    damage,
    interpreter,
    make_config,
    plays,
    resolution,
    resources,
    statics,
    turn,
    zones,
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
    monster,
    position,
    real,
    settle,
    take_cents,
)
from cardlab.simulate.four_souls.refs import SeatRef

GAIN_1 = ({"tap": {"do": {"gain_cents": 1}}},)


def test_FS_0_3_competitive_games_are_for_two_to_four_players():
    for n in (2, 3, 4):
        assert make_config(n, 10).n_players == n
    for n in (1, 5):
        with pytest.raises(UserError, match="2..4"):
            make_config(n, 10)


def test_FS_0_4_turns_pass_to_the_left():
    """In a real 3-player game each new turn goes to the next seat, wrapping round (an extra turn, FS-8.12,
    repeats a seat but never skips or reverses the order)."""
    from cardlab.simulate.core import Players, stream
    from cardlab.simulate.four_souls import play
    from cardlab.strategies.four_souls import STRATEGIES

    r = play(make_config(3, 9), 5, Players([STRATEGIES["random"](i, stream(5, i)) for i in range(3)]))
    seats = [row[2] for row in r.events.rows if row[3] == "turn_start"]
    changes = [(a, b) for a, b in zip(seats, seats[1:], strict=False) if a != b]
    assert len(changes) >= 6 and all(b == (a + 1) % 3 for a, b in changes)


def test_FS_8_1_FS_8_2_FS_8_3_start_phase_recharge_triggers_then_loot():
    """Recharge step: the active player's objects turn upright (not the other player's); start-of-turn
    triggers then resolve (Dark Bum rolls 1: +3¢); then the loot step draws 1."""
    g = position(2, rolls=[1])
    mine = give_item(g, 0, card("Mine", "treasure", "active", abilities=GAIN_1))
    theirs = give_item(g, 1, card("Theirs", "treasure", "active", abilities=GAIN_1))
    mine.charged = theirs.charged = False
    give_item(g, 0, real("Dark Bum"))
    (top, _) = deck(g, "loot", [card("Top"), card("Next")])
    g.active = 0
    turn.play_turn(g)
    p = g.players[0]
    assert mine.charged and not theirs.charged
    assert p.cents == 3 and [c.phys if hasattr(c, "phys") else c for c in p.hand] == [top]
    order = [r[3] for r in g.log.rows if r[3] in ("cents_gained", "loot_drawn")]
    assert order == ["cents_gained", "loot_drawn"]  # the trigger resolved before the loot step


def test_FS_1_9_loot_is_offered_only_with_an_unused_loot_play():
    g = position(2)
    penny = give_loot(g, 0, real("A Penny!"))
    assert ("loot", penny) not in plays.legal_actions(g, 0)
    g.players[0].loot_plays = 1
    assert ("loot", penny) in plays.legal_actions(g, 0)
    assert plays.take_action(g, 0, ("loot", penny))
    resolution.priority(g, 0)
    assert g.players[0].cents == 1 and g.players[0].loot_plays == 0 and penny in g.loot_disc


def test_FS_7_4_FS_7_5_FS_7_6_who_gets_priority():
    """Three players. P0 plays a loot: P0 is asked first, then P1, P2 in turn order (FS-7.4). P1 answers
    with an ability: P1 is asked first on it (FS-7.4). After it resolves, priority starts again with the
    active player (FS-7.5); the loot resolves once all three pass in a row (FS-7.6)."""
    asked = []

    def plan(seat):
        def fn(d):
            if d.kind == "respond":
                asked.append((seat, d.context.name if d.context is not None else None))
                first = asked.count((1, "A Penny!")) == 1
                if seat == 1 and first and d.context is not None and d.context.name == "A Penny!":
                    return next((o for o in d.options if o != "pass"), None)  # once: Sack
            return None

        return fn

    g = position(3, plans={s: plan(s) for s in range(3)})
    give_item(g, 1, card("Sack", "treasure", "active", abilities=GAIN_1))
    give_item(g, 1, card("Spare1", "treasure", "active", abilities=GAIN_1))  # P1 can still respond
    penny = give_loot(g, 0, real("A Penny!"))
    g.active = 0
    g.players[0].loot_plays = 1
    give_item(g, 0, card("Spare0", "treasure", "active", abilities=GAIN_1))
    give_item(g, 2, card("Spare2", "treasure", "active", abilities=GAIN_1))
    assert plays.take_action(g, 0, ("loot", penny))
    resolution.priority(g, 0)
    assert asked[:2] == [(0, "A Penny!"), (1, "A Penny!")]
    assert asked[2:5] == [(1, "Sack"), (2, "Sack"), (0, "Sack")]
    assert asked[5:8] == [(0, "A Penny!"), (1, "A Penny!"), (2, "A Penny!")]
    assert g.players[1].cents == 1 and g.players[0].cents == 1 and not g.stack
    # an item is never answered for a player with no legal response: P1 keeps Spare1 to stay asked


def test_FS_4_6_only_the_controller_activates_an_item():
    g = position(2)
    sack = give_item(g, 0, card("Sack", "treasure", "active", abilities=GAIN_1))
    assert ("tap", sack, 0) in plays.legal_actions(g, 0)
    assert not [a for a in plays.legal_actions(g, 1) if len(a) > 1 and a[1] is sack]


def test_FS_4_4_FS_6_6_a_cost_must_be_payable_and_is_paid_first():
    """Portable Slot Machine costs 3¢: not offered with 2¢; with 3¢ the ¢ is paid on activation."""
    g = position(2, rolls=[5])
    slot = give_item(g, 0, real("Portable Slot Machine"))
    take_cents(g, 0, 2)
    assert not [a for a in plays.legal_actions(g, 0) if len(a) > 1 and a[1] is slot]
    take_cents(g, 0, 1)
    (act,) = [a for a in plays.legal_actions(g, 0) if len(a) > 1 and a[1] is slot]
    assert plays.take_action(g, 0, act)
    assert g.players[0].cents == 0  # paid before anything resolves
    resolution.priority(g, 0)
    assert g.players[0].cents == 0 and not g.stack  # a 5 does nothing on this card


def test_FS_4_12_eternal_objects_are_never_destroyed():
    """Destroy does nothing to an Eternal item; the death penalty never offers one."""
    g = position(2)
    d6 = give_item(g, 0, real("The D6"), eternal=True, starting=True)
    assert not damage.destroy(g, d6, "test") and d6.in_play
    p = g.players[0]
    bf = give_item(g, 0, real("Breakfast"))
    seen = []
    g.io.strategies[0].plan = lambda d: seen.append(d.options) if d.kind == "penalty_item" else None
    damage.kill(g, p, 1)
    resolution.priority(g, 0)
    assert d6 in p.items and bf not in p.items
    assert all(o is not d6 for opts in seen for o in opts)


def test_FS_1_5_a_shop_items_static_does_not_work_in_the_shop():
    """Steamy Sale (shop items cost 5¢) does nothing while it sits in the shop."""
    g = position(2)
    add_shop_item(g, real("Steamy Sale!"))
    assert statics.price(g, g.players[0], True) == 10
    give_item(g, 0, real("Steamy Sale!"))
    assert statics.price(g, g.players[0], True) == 5


def test_FS_5_3_FS_1_13_FS_3_10_a_monsters_static_works_only_while_it_is_in_play():
    """Stoney gives monsters +1 evasion while it is the top of a slot; covered by a new monster (out of
    play), it gives nothing."""
    g = position(2)
    blob = add_slot_monster(g, monster("Blob", evasion=3))
    stoney = add_slot_monster(g, real("Stoney"))
    assert statics.evasion(g, blob) == 4
    (cover,) = deck(g, "monster", [monster("Cover")])
    g.monster.remove(cover)
    zones.reveal_into_slot(g, cover, 1)
    assert not stoney.in_play and g.mslots[1][-1].phys is cover
    assert statics.evasion(g, blob) == 3


def test_FS_1_24_a_players_hp_and_attack_are_their_characters():
    g = position(2, chars=[character("Big", hp=4, attack=2), character("Small", hp=1, attack=1)])
    assert [statics.player_hp(g, p) for p in g.players] == [4, 1]
    assert [statics.player_atk(g, p) for p in g.players] == [2, 1]


def test_FS_3_5_an_empty_deck_is_refilled_from_its_discard_at_once():
    g = position(2)
    (last,) = deck(g, "loot", [card("Last")])
    old = [card(f"D{i}") for i in range(3)]
    from cardlab.simulate.four_souls.fixtures import phys

    g.loot_disc.extend(phys(g, c) for c in old)
    assert resources.loot(g, g.players[0], 3, "test") == 3
    names = [c.card.name for c in g.players[0].hand]
    assert names[0] == "Last" and sorted(names[1:]) in (["D0", "D1"], ["D0", "D2"], ["D1", "D2"])
    assert not g.loot_disc and len(g.loot) == 1


def test_FS_10_1_one_attack_per_turn():
    g = position(2, rolls=[6])
    add_slot_monster(g, monster("Dip", hp=1, evasion=1))
    add_slot_monster(g, monster("Dop", hp=5, evasion=1))
    give_item(g, 0, card("Sack", "treasure", "active", abilities=GAIN_1))  # a second option to ask about
    g.active = 0
    g.attacks_left = 1
    g.purchases_left = 0
    taken = []

    def plan(d):
        if d.kind == "action":
            taken.append([o[0] for o in d.options])
            return next((o for o in d.options if o[0] == "attack"), None) or next(
                o for o in d.options if o[0] == "end"
            )
        if d.kind == "attack_target":
            return next(o for o in d.options if getattr(o, "name", "") == "Dip")
        return None

    g.io.strategies[0].plan = plan
    while turn.action(g):
        pass
    assert "attack" in taken[0] and "attack" not in taken[-1]
    assert [r[4] for r in kinds(g, "monster_died")] == ["Dip"]


def test_FS_10_2_priority_passes_before_the_target_is_chosen():
    """After the declaration the other player is asked to respond before the attacker picks a target."""
    order = []

    def p0(d):
        order.append((0, d.kind))
        return None

    def p1(d):
        order.append((1, d.kind))
        return None

    g = position(2, plans={0: p0, 1: p1}, rolls=[6])
    give_item(g, 1, card("Sack", "treasure", "active", abilities=GAIN_1))
    add_slot_monster(g, monster("Dip", hp=1, evasion=1))
    add_slot_monster(g, monster("Dop", hp=1, evasion=1))
    g.active = 0
    attack.declare_attack(g, 0)
    first_target = order.index((0, "attack_target"))
    assert (1, "respond") in order[:first_target]
    assert kinds(g, "monster_died")


def test_FS_10_13_simultaneous_lethal_damage_the_monster_dies_first():
    """Both the 1-HP player and the 1-HP monster take lethal damage together: the monster's death
    resolves first, so its reward is gained before the player dies."""
    g = position(2, chars=[character("Frail", hp=1), character("B")])
    m = add_slot_monster(g, monster("Dip", hp=1, evasion=1, rewards={"cents": 2}))
    g.mslots.append([])
    g.active = 0
    damage.push_damage(g, 1, g.players[0], 1, None, False, None, "test")
    damage.push_damage(g, 1, m, 1, None, False, None, "test")
    resolution.priority(g, 0)
    order = [r[3] for r in g.log.rows if r[3] in ("monster_died", "player_died")]
    assert order == ["monster_died", "player_died"]
    assert g.players[0].cents == 2 - 1  # the reward (2¢), then the death penalty (1¢)


def test_FS_11_6_buying_the_deck_top_gets_the_card_on_top_then():
    g = position(2, plans={0: lambda d: "treasure_deck" if d.kind == "buy_target" else None})
    add_shop_item(g, real("Breakfast"))
    top, _ = deck(g, "treasure", [real("Dinner"), real("Meat!")])
    take_cents(g, 0, 10)
    g.purchases_left = 1
    turn.purchase(g, 0)
    assert [o.phys for o in g.players[0].items] == [top] and g.players[0].cents == 0
    assert [(r[4], r[5]) for r in kinds(g, "purchase")] == [("Dinner", "treasure_deck")]


def test_FS_11_1_no_purchase_with_the_purchase_used():
    """One purchase per turn: once used, 'buy' is no longer offered in the action phase."""
    offered = []

    def plan(d):
        if d.kind == "action":
            offered.append([o[0] for o in d.options])
            return next((o for o in d.options if o[0] == "buy"), None) or next(
                o for o in d.options if o[0] == "end"
            )
        return None

    g = position(2, plans={0: plan})
    add_shop_item(g, real("Breakfast"))
    add_shop_item(g, real("Dinner"))
    deck(g, "treasure", [real("Meat!"), real("The Compass")])
    take_cents(g, 0, 30)
    give_item(g, 0, card("Sack", "treasure", "active", abilities=GAIN_1))  # a second option to ask about
    g.active = 0
    g.purchases_left = 1
    g.attacks_left = 0
    while turn.action(g):
        pass
    assert "buy" in offered[0] and "buy" not in offered[-1]
    assert len(kinds(g, "purchase")) == 1


def test_FS_13_6_discarding_monsters_gives_no_reward():
    """Ehwaz puts the monsters into the discard without killing them: no reward, no soul; slots refill."""
    g = position(2)
    add_slot_monster(g, monster("Dip", hp=1, evasion=1, rewards={"cents": 3}))
    add_slot_monster(g, monster("Boss", hp=1, evasion=1, soul=1))
    deck(g, "monster", [monster("Next1"), monster("Next2")])
    ehwaz = give_loot(g, 0, real("Ehwaz"))
    g.players[0].loot_plays = 1
    assert plays.take_action(g, 0, ("loot", ehwaz))
    resolution.priority(g, 0)
    p = g.players[0]
    assert p.cents == 0 and not p.souls and not kinds(g, "reward") and not kinds(g, "monster_died")
    assert sorted(c.card.name for c in g.monster_disc) == ["Boss", "Dip"]
    assert sorted(s[-1].name for s in g.mslots) == ["Next1", "Next2"]


def test_FS_Q_36_a_player_includes_yourself():
    """Bomb! 'deal 1 damage to a monster or player': the player who plays it is a legal target."""
    seen = []

    def plan(d):
        if d.kind == "choose_target":
            seen.extend(d.options)
            return next(o for o in d.options if isinstance(o, SeatRef) and o.seat == 0)
        return None

    g = position(2, chars=[character("Big", hp=3), character("B")], plans={0: plan})
    bomb = give_loot(g, 0, real("Bomb!"))
    g.players[0].loot_plays = 1
    assert plays.take_action(g, 0, ("loot", bomb))
    resolution.priority(g, 0)
    assert g.players[0].damage == 1
    check_invariants(g)


def test_FS_Q_1_end_of_turn_triggers_resolve_before_the_hand_size_discard():
    """An end-of-turn 'loot 1' resolves first (12 cards), then the active player discards to 10."""
    g = position(2)
    give_item(
        g,
        0,
        card(
            "Night Loot", "treasure", "passive", abilities=({"on": {"turn_end": "you"}, "do": {"loot": 1}},)
        ),
    )
    for i in range(10):
        give_loot(g, 0, card(f"C{i}"))
    deck(g, "loot", [card("Step"), card("Eot")])
    g.active = 0
    turn.play_turn(g)
    hand = g.players[0].hand
    assert len(hand) == 10
    rows = [(r[3], r[7]) for r in g.log.rows if r[3] in ("loot_drawn", "loot_discarded")]
    assert [k for k, _ in rows] == ["loot_drawn", "loot_drawn", "loot_discarded", "loot_discarded"]
    assert {d for k, d in rows if k == "loot_discarded"} == {"hand_limit"}


def test_FS_7_8_FS_8_11_nobody_gets_priority_in_end_steps_two_to_four():
    """P1 always has a legal response, so every priority window asks P1: none is opened between the
    hand-size discard and the end of the turn."""
    marks = []
    holder = {}

    def p1(d):
        if d.kind == "respond":
            marks.append(len(holder["g"].log.rows))
        return None

    g = position(2, plans={1: p1})
    holder["g"] = g
    give_item(g, 1, card("Sack", "treasure", "active", abilities=GAIN_1))
    for i in range(11):
        give_loot(g, 0, card(f"C{i}"))
    deck(g, "loot", [card("Step")])
    g.active = 0
    turn.play_turn(g)
    discard_at = next(i for i, r in enumerate(g.log.rows) if r[3] == "loot_discarded")
    assert marks and all(m <= discard_at for m in marks)
    assert g.log.rows[-1][3] == "turn_end"


def test_FS_10_3_declaration_abilities_before_the_target_target_abilities_after():
    """An 'attack declared' trigger resolves before the target is chosen; an 'attacked' trigger on the
    chosen monster after it."""
    g = position(2, rolls=[6])
    gain = {"gain_cents": 1}
    give_item(
        g, 0, card("Drum", "treasure", "passive", abilities=({"on": {"attack_declared": "you"}, "do": gain},))
    )
    m = add_slot_monster(
        g,
        monster("Proud", hp=1, evasion=1, abilities=({"on": {"attacked": "self"}, "do": {"gain_cents": 2}},)),
    )
    g.active = 0
    attack.declare_attack(g, 0)
    rows = [(r[3], r[6]) for r in g.log.rows if r[3] in ("cents_gained", "attack_target")]
    assert rows[:3] == [("cents_gained", 1), ("attack_target", 1), ("cents_gained", 2)]
    assert not m.in_play


def test_FS_10_15_a_player_about_to_die_cancels_their_own_attack():
    """A 1-HP attacker misses (1 vs evasion 6); with the lethal combat damage on the stack they play
    O. The Fool: everything is cancelled and the turn ends — they live."""

    def plan(d):
        if d.kind == "respond" and d.context is not None and d.context.kind == "damage":
            return next((o for o in d.options if o != "pass" and o[0] == "loot"), None)
        return None

    g = position(2, chars=[character("Frail", hp=1), character("B")], plans={0: plan}, rolls=[1])
    fool = give_loot(g, 0, real("O. The Fool"))
    g.players[0].loot_plays = 1
    m = add_slot_monster(g, monster("Wall", hp=3, evasion=6, attack=1))
    g.active = 0
    assert not attack.run_attack(g, 0, m)
    p = g.players[0]
    assert not p.dead and p.damage == 0 and fool in g.loot_disc and g.ending_turn
    assert not kinds(g, "player_died")


def test_FS_11_2_priority_passes_before_the_purchase_target_is_chosen():
    order = []
    g = position(
        2,
        plans={
            0: lambda d: order.append((0, d.kind)) or (d.options[0] if d.kind == "buy_target" else None),
            1: lambda d: order.append((1, d.kind)),
        },
    )
    give_item(g, 1, card("Sack", "treasure", "active", abilities=GAIN_1))
    add_shop_item(g, real("Breakfast"))
    add_shop_item(g, real("Dinner"))
    deck(g, "treasure", [real("Meat!")])
    take_cents(g, 0, 10)
    g.purchases_left = 1
    turn.purchase(g, 0)
    assert order.index((1, "respond")) < order.index((0, "buy_target"))
    assert [r[6] for r in kinds(g, "purchase")] == [10]


def _dead(g, seat: int) -> None:
    assert damage.kill(g, g.players[seat], 0)
    settle(g)
    assert g.players[seat].dead


def test_FS_Q_21_FS_6_20_a_dead_player_can_be_chosen_for_damage():
    """[A] (damage): an object at 0 HP can still be dealt damage, not marked; FS-Q.21 now follows it
    ([C]/[W]: the dead take none, or cannot be chosen). P1 died this turn; P0 plays Bomb! (its target: any
    player or monster): P1 is offered with P0 and P2. Before, the dead were left out."""
    g = position(3)
    _dead(g, 1)
    bomb = give_loot(g, 0, real("Bomb!"))
    g.players[0].loot_plays = 1
    assert plays.take_action(g, 0, ("loot", bomb))
    resolution.priority(g, 0)
    asked = [d for d in g.io.strategies[0].asked if d.kind == "choose_target"]
    assert {o.seat for o in asked[0].options if isinstance(o, SeatRef)} == {0, 1, 2}


def test_FS_Q_21_FS_6_20_damage_to_a_dead_player_is_dealt_unmarked_and_kills_no_one():
    """P1 died this turn and holds an item "when you take damage, gain 1¢". An effect hits every player for 2
    damage: P1 is dealt it too (logged as damage, the item pays 1¢) but nothing is marked, and P1 does not
    die again (FS-13.12); P0 and P2 take theirs as usual. Before, P1 was skipped: no damage, no ¢."""
    g = position(3)
    _dead(g, 1)
    pad = card("Pad", "treasure", "passive", abilities=({"on": {"damaged": "you"}, "do": {"gain_cents": 1}},))
    give_item(g, 1, pad)  # after the death penalty, which would have destroyed it (FS-13.9)
    p1 = g.players[1]
    marked, cents, deaths = p1.damage, p1.cents, len(kinds(g, "player_died"))
    src = give_item(g, 0, card("Hurt", "treasure", "passive"))
    interpreter.run(
        statics.Ctx(g, 0, src, name="Hurt"),
        {"each": {"P": "player"}, "do": {"deal_damage": {"n": 2, "to": "P"}}},
    )
    settle(g)
    assert [(r[2], r[8], r[6]) for r in kinds(g, "damage")] == [(0, 0, 2), (0, 1, 2), (0, 2, 2)]
    assert p1.damage == marked and p1.cents == cents + 1
    assert len(kinds(g, "player_died")) == deaths + 2  # P0 and P2 (2 HP each) die; P1 not again
    check_invariants(g)


def test_FS_Q_20_a_death_goes_on_the_stack_above_the_damage_triggers_it_caused():
    """A lethal hit on a player with a 'when you take damage, gain 1¢' item: the death resolves first,
    the trigger after it."""
    g = position(2, chars=[character("Frail", hp=1), character("B")])
    give_item(
        g,
        0,
        card("Pad", "treasure", "passive", abilities=({"on": {"damaged": "you"}, "do": {"gain_cents": 1}},)),
    )
    g.active = 1
    damage.push_damage(g, 1, g.players[0], 1, None, False, None, "test")
    resolution.priority(g, 1)
    order = [r[3] for r in g.log.rows if r[3] in ("player_died", "cents_gained")]
    assert order == ["player_died", "cents_gained"]


def test_FS_Q_40_FS_1_26_a_characters_soul_value_counts_but_is_not_a_soul():
    """A character worth 1 soul wins with 3 more; it is no soul object a player could take."""
    from cardlab.simulate.four_souls.fixtures import phys
    from cardlab.simulate.four_souls.state import GameOver

    lost = card("Lost One", "character", "character", hp=1, attack=1, soul=1)
    g = position(2, chars=[lost, character("B")])
    p = g.players[0]
    assert not p.souls
    for _ in range(2):
        p.souls.append(g.new_obj(phys(g, monster("Boss", soul=1)), "soul", 0))
    g.log.emit("soul_gained", 0, "Boss", None, 1)
    checks.state_checks(g)  # 2 + 1 = 3: no win
    p.souls.append(g.new_obj(phys(g, monster("Boss", soul=1)), "soul", 0))
    g.log.emit("soul_gained", 0, "Boss", None, 1)
    with pytest.raises(GameOver) as over:
        checks.state_checks(g)
    assert over.value.winners == (0,) and len(p.souls) == 3


def test_FS_4_11_a_circled_number_triggers_on_any_roll():
    """Sack of Pennies recharges on a 1 — here an effect roll, not an attack roll."""
    from cardlab.simulate.four_souls import dice

    g = position(2, plans={0: lambda d: True if d.kind == "may" else None}, rolls=[1])
    sack = give_item(g, 0, real("Sack Of Pennies"))
    sack.charged = False
    g.active = 0
    dice.push_roll(g, 0, "effect", name="test")
    resolution.priority(g, 0)
    assert sack.charged and not g.stack


def test_FS_13_10_a_dead_active_player_still_refills_the_slots_before_the_end_phase():
    g = position(2)
    g.mslots.append([])
    deck(g, "monster", [monster("Next")])
    g.active = 0
    damage.kill(g, g.players[0], 1)
    resolution.priority(g, 0)
    assert g.players[0].dead and g.ending_turn
    assert g.mslots[0][-1].name == "Next"


def _plays_loot(d):
    if d.kind in ("respond", "action"):
        return next((o for o in d.options if isinstance(o, tuple) and o[0] == "loot"), None)
    return None


def test_FS_13_11_FS_8_4_an_active_player_dead_in_the_start_phase_gets_no_loot_play():
    """[A] (player death): the active player's end-of-death step sets the turn to its end phase. P0 (1 HP)
    dies to a start-of-turn trigger, so the action phase never begins and P0 receives no loot play (FS-8.4):
    holding a loot card through the end phase's priority window, P0 cannot play it. Before, the loot play was
    granted anyway and P0 played the card in the end phase."""
    hurt = ({"on": {"turn_start": "you"}, "do": {"deal_damage": {"n": 1, "to": "you"}}},)
    g = position(2, chars=[character("Frail", hp=1), character("B")], plans={0: _plays_loot})
    give_item(g, 0, card("Thorn", "treasure", "passive", abilities=hurt))
    for _ in range(2):  # the death penalty discards one (FS-13.9)
        give_loot(g, 0, card("Cash", abilities=({"play": {"do": {"gain_cents": 3}}},)))
    g.active = 0
    turn.play_turn(g)
    assert [r[2] for r in kinds(g, "player_died")] == [0]
    assert not kinds(g, "loot_played") and len(g.players[0].hand) == 1 and g.players[0].cents == 0
    check_invariants(g)


def test_FS_13_11_FS_8_10_an_active_player_dead_in_end_phase_step_1_goes_on_with_the_end_phase():
    """[A] (player death): the end-of-death step sets the turn to its end phase, "which proceeds normally".
    Dying in the end phase's step 1 (end-of-turn triggers), the turn is there already: our reading is that the
    end phase goes on from where it was, not from its start, so no end-of-turn trigger fires twice. P0 (1 HP,
    5¢, 12 loot cards) holds two eternal items with end-of-turn triggers: Thorn deals it 1 damage, Tally puts
    a counter on itself. P0 dies once (its penalty: 1¢ and 1 loot card; no item can be destroyed), Tally
    counts one end of turn, step 2 still discards the hand down to 10 (FS-8.10(2)), and the turn ends once."""
    hurt = ({"on": {"turn_end": "you"}, "do": {"deal_damage": {"n": 1, "to": "you"}}},)
    tally = ({"on": {"turn_end": "you"}, "do": {"add_counters": {"n": 1, "object": "self"}}},)
    g = position(2, chars=[character("Frail", hp=1), character("B")])
    give_item(g, 0, card("Thorn", "treasure", "passive", abilities=hurt), eternal=True)
    counter = give_item(g, 0, card("Tally", "treasure", "passive", abilities=tally), eternal=True)
    for i in range(12):
        give_loot(g, 0, card(f"Loot{i}"))
    take_cents(g, 0, 5)
    g.active = 0
    g.ending_turn = True  # P0 has declared the end of its turn (FS-8.7)
    turn._end_phase(g)
    assert [r[2] for r in kinds(g, "player_died")] == [0]
    assert counter.counters == 1 and g.players[0].cents == 4
    assert len(g.players[0].hand) == 10 and len(kinds(g, "turn_end")) == 1
    check_invariants(g)


def test_FS_1_21_a_soul_worth_two_moves_as_one_card():
    """Stealing an epic soul worth 2 moves one object carrying both points."""
    from cardlab.simulate.four_souls.fixtures import phys

    g = position(2)
    epic = g.new_obj(phys(g, monster("Epic", soul=2)), "soul", 1)
    g.players[1].souls.append(epic)
    ctx = statics.Ctx(g, 0, None, name="test")
    ctx.binds["S"] = epic
    assert interpreter.run(ctx, {"steal": {"what": "S"}})
    assert g.players[0].souls == [epic] and not g.players[1].souls
    assert g.players[0].soul_total() == 2 and g.players[1].soul_total() == 0


def test_FS_1_8_FS_3_3_a_player_sees_their_hand_others_hand_sizes_and_everything_in_play():
    from cardlab.simulate.four_souls.views import View

    g = position(2)
    mine = give_loot(g, 0, card("Mine"))
    give_loot(g, 1, card("Theirs"))
    give_loot(g, 1, card("Theirs Too"))
    item = give_item(g, 1, real("Breakfast"))
    v = View(g, 0)
    assert v.hand == (mine.ref,) and v.hand_size(1) == 2
    assert not any(name for name in dir(v) if "hand" in name and name not in ("hand", "hand_size"))
    assert [i.ref for i in v.items_of(1)] == [item.ref]  # in play: public


def test_FS_8_8_the_turn_cannot_end_while_an_attack_is_owed():
    offered = []

    def plan(d):
        if d.kind == "action":
            offered.append([o[0] for o in d.options])
            return next(o for o in d.options if o[0] != "attack")
        return None

    g = position(2, plans={0: plan})
    give_item(g, 0, card("Sack", "treasure", "active", abilities=GAIN_1))
    g.active = 0
    g.attacks_left = g.purchases_left = 0
    g.must_attack.append(("any", False))  # one more attack is owed this turn
    turn.action(g)
    assert "attack" in offered[0] and "end" not in offered[0]


def test_FS_17_3_solo_characters_take_turns_in_a_fixed_order():
    from cardlab.simulate.core import Players, stream
    from cardlab.simulate.four_souls import play
    from cardlab.strategies.four_souls import STRATEGIES

    cfg = make_config(2, 8, variant="solo")
    r = play(cfg, 5, Players([STRATEGIES["random"](i, stream(5, i)) for i in range(2)]))
    seats = [row[2] for row in r.events.rows if row[3] == "turn_start"]
    changes = [(a, b) for a, b in zip(seats, seats[1:], strict=False) if a != b]  # extra turns repeat
    assert len(changes) >= 3 and set(seats) == {0, 1}
