"""Rule scenarios for the defects an independent rules examination found (issue 15, Four Souls):
each sets up a position, acts and asserts the exact outcome, named after the rule it checks."""

from __future__ import annotations

import pytest

from cardlab.simulate.core import Players, stream
from cardlab.simulate.four_souls import (
    checks,
    damage,
    dice,
    interpreter,
    items,
    make_config,
    play,
    plays,
    resolution,
    resources,
    setup,
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
    kinds,
    phys,
    position,
    real,
    scripted,
)
from cardlab.simulate.four_souls.refs import SeatRef
from cardlab.simulate.four_souls.rules import compile_card
from cardlab.strategies.four_souls import STRATEGIES

# --------------------------------------------------------------------------- FS-6.20 losing max HP


def _hurt_with_breakfast(plans=None):
    """P0: 2 HP + Breakfast (+1 HP) = 3 max HP, 2 damage marked, 1 HP left."""
    g = position(2, chars=[character("A", hp=2), character("B", hp=2)], plans=plans)
    bf = give_item(g, 0, real("Breakfast"))
    p = g.players[0]
    assert statics.player_max_hp(g, p) == 3
    p.damage = 2
    assert statics.player_hp(g, p) == 1
    return g, p, bf


def _lose_by(how: str, g, bf) -> None:
    if how == "destroyed":
        assert damage.destroy(g, bf, "test")
    elif how == "stolen":
        assert resources.move_item(g, bf, 1, "steal", "test")
    elif how == "rerolled":
        deck(g, "treasure", [card("Junk", "treasure", "passive")])
        assert damage.reroll_item(g, bf, "test")
    elif how == "swapped":  # Decoy's swap verb: Breakfast for an item with no HP
        plain = give_item(g, 1, card("Plain", "treasure", "passive"))
        ctx = statics.Ctx(g, 0, bf, name="Decoy")
        ctx.binds["I"] = plain
        assert interpreter.run(ctx, {"swap": {"a": "self", "b": "I"}})
        assert plain in g.players[0].items and bf in g.players[1].items


@pytest.mark.parametrize("how", ["destroyed", "stolen", "rerolled", "swapped"])
def test_FS_6_20_losing_a_plus_hp_item_while_hurt_removes_damage_not_a_death(how):
    """Max HP 3 with 2 damage; the +1 HP item leaves: 1 damage is removed (an empty container is lost
    first), the player is alive at 1 HP of 2 — before, they died."""
    g, p, bf = _hurt_with_breakfast()
    _lose_by(how, g, bf)
    resolution.priority(g, 0)
    assert not kinds(g, "player_died") and not p.dead
    assert (statics.player_max_hp(g, p), statics.player_hp(g, p), p.damage) == (2, 1, 1)


def test_FS_6_20_losing_max_hp_is_not_healing():
    """The removed damage is not a heal: a player whose death is on the stack (who cannot be healed,
    FS-6.14) still loses the empty container, and stays at 0 HP."""
    g, p, bf = _hurt_with_breakfast()
    damage.kill(g, p, 1)
    assert statics.player_hp(g, p) == 0
    damage.destroy(g, bf, "test")
    assert (statics.player_max_hp(g, p), statics.player_hp(g, p), p.damage) == (2, 0, 2)


def test_FS_6_20_a_full_health_player_keeps_full_health_and_a_gain_adds_full_containers():
    g = position(2, chars=[character("A", hp=2), character("B")])
    p = g.players[0]
    assert statics.player_hp(g, p) == 2
    bf = give_item(g, 0, real("Breakfast"))
    assert statics.player_hp(g, p) == 3  # "+HP adds containers that are already full" [C]
    p.damage = 1
    damage.destroy(g, bf, "test")
    resolution.priority(g, 0)
    assert (statics.player_hp(g, p), p.damage) == (2, 0)


def test_FS_6_20_a_monster_losing_max_hp_loses_damage_too():
    """Monster max HP drops when an until-end-of-turn +HP buff ends early is not a Base V2 case, so the
    buff is taken off by hand: 3 max HP with 2 damage → 2 max HP with 1 damage, alive."""
    g = position(2)
    m = add_slot_monster(g, card("Blob", "monster", "basic", hp=2, evasion=3, attack=1))
    m.b_hp = 1
    m.damage = 2
    assert statics.monster_hp(g, m) == 1
    m.b_hp = 0
    resolution.priority(g, 0)
    assert m.in_play and not kinds(g, "monster_died")
    assert (statics.monster_hp(g, m), m.damage) == (1, 1)


# --------------------------------------------------------------------------- FS-6.3 / FS-6.9 / FS-Q.12


def test_FS_6_3_FS_Q_12_xiii_death_prevented_by_guppys_collar_leaves_exactly_1_hp():
    """XIII. Death kills a 2-HP player at full health (HP → 0, FS-6.3); Guppy's Collar (roll 1-3)
    prevents the death: the player is left with exactly 1 HP (FS-6.16, FS-Q.12), not 2."""
    g = position(2, chars=[character("A", hp=2), character("B", hp=2)], rolls=[2])
    give_item(g, 1, real("Guppy’s Collar"))
    death = give_loot(g, 0, real("XIII. Death"))
    g.players[0].loot_plays = 1
    g.io.strategies[0].plan = lambda d: SeatRef(1) if d.kind == "choose_target" else None
    assert plays.take_action(g, 0, ("loot", death))
    resolution.priority(g, 0)
    p = g.players[1]
    assert [r[7] for r in kinds(g, "prevented")] == ["death"]
    assert not p.dead and not kinds(g, "player_died")
    assert statics.player_hp(g, p) == 1


def test_FS_6_9_FS_Q_12_tech_x_kill_of_gurdy_cancelled_by_the_fool_leaves_exactly_1_hp():
    """Tech X kills Gurdy (5 HP, unhurt): its HP becomes 0 at once (FS-6.3); The Fool cancels the death
    (FS-6.9): Gurdy stays in its slot with exactly 1 HP, not 5."""

    def p1(d):
        top = d.context
        if d.kind == "respond" and top is not None and top.kind == "death":
            return next((o for o in d.options if o != "pass" and o[0] == "loot"), None)
        return None

    g = position(2, plans={1: p1})
    gurdy = add_slot_monster(g, real("Gurdy"))
    tech = give_item(g, 0, real("Tech X"))
    tech.counters = 3
    fool = give_loot(g, 1, real("O. The Fool"))
    g.players[1].loot_plays = 1
    g.io.strategies[0].plan = lambda d: gurdy.ref if d.kind == "choose_target" else None
    assert plays.take_action(g, 0, ("paid", tech, 0))
    resolution.priority(g, 0)
    assert fool in g.loot_disc and [r[4] for r in kinds(g, "cancelled")][0] == "death"
    assert gurdy.in_play and not kinds(g, "monster_died")
    assert statics.monster_hp(g, gurdy) == 1


def test_FS_6_3_a_kill_sets_hp_to_0_at_once():
    """The kill is done when it resolves: HP 0 while the death waits on the stack (monster and player)."""
    g = position(2, chars=[character("A", hp=3), character("B", hp=4)])
    m = add_slot_monster(g, real("Gurdy"))
    damage.kill(g, g.players[1], 0)
    damage.kill(g, m, 0)
    assert statics.player_hp(g, g.players[1]) == 0 and statics.monster_hp(g, m) == 0
    assert [type(it).__name__ for it in g.stack] == ["DeathItem", "DeathItem"]
    check_invariants(g)


# --------------------------------------------------------------------------- FS-2.3 / FS-11.8


def test_FS_2_3_FS_11_8_moms_shovel_dealt_into_the_starting_shop_enters_deactivated():
    """The starting shop's items enter play like any other (FS-2.3): Mom's Shovel is deactivated there
    (FS-11.8), as a refill already was; every other starting shop item is charged."""
    cfg = make_config(2)
    found = 0
    for seed in range(400):
        g = setup.new_game(cfg, seed, Players([scripted(0), scripted(1)]))
        for slot in g.shop:
            o = slot[-1]
            assert o.charged == (o.name != "Mom’s Shovel"), (seed, o.name)
            found += o.name == "Mom’s Shovel"
    assert found  # the seeds deal it into the starting shop at least once


def test_FS_11_8_moms_shovel_uncovered_or_gained_from_the_deck_enters_deactivated():
    """Every way an item enters play goes through one place (a new object, FS-3.2): a shop card
    uncovered when the item on it leaves, and a purchase from the treasure deck top."""
    g = position(2)
    shovel = card("Shovel", "treasure", "active", abilities=(real("Mom’s Shovel").abilities))
    under = phys(g, shovel)
    top = add_shop_item(g, card("Top", "treasure", "passive"))
    g.shop[0].insert(0, under)
    assert resources.move_item(g, top, 0, "steal", "test")
    assert g.shop[0][-1].phys is under and not g.shop[0][-1].charged
    g.treasure.append(phys(g, shovel))
    assert resources.gain_treasure(g, g.players[1], "test")
    assert not g.players[1].items[-1].charged


# --------------------------------------------------------------------------- FS-8.7


def test_FS_8_7_a_response_to_the_end_declaration_does_not_reopen_the_action_phase():
    """P0 declares the end of the turn; P1 answers with a ↷ ability. Once it has resolved and priority
    has passed with the stack empty, the end phase begins: P0 is not asked for another action (before,
    P0 got a fresh action decision and could buy or attack again)."""
    answered = []

    def p1(d):
        if d.kind == "respond" and g.log.rows[-1][3] == "end_declared":
            opt = next((o for o in d.options if o != "pass" and o[0] == "tap"), None)
            answered.append(opt)
            return opt
        return None

    g = position(2, plans={1: p1})
    give_item(g, 1, card("Coin Tap", "treasure", "active", abilities=({"tap": {"do": {"gain_cents": 1}}},)))
    turn.play_turn(g)
    assert answered and answered[0] is not None
    actions = [d for d in g.io.strategies[0].asked if d.kind == "action"]
    assert len(actions) == 1  # the one that declared the end
    rows = [r[3] for r in g.log.rows]
    i = rows.index("end_declared")
    assert rows[i:] == ["end_declared", "item_activated", "cents_gained", "turn_end"]
    assert g.players[1].cents == 1


# --------------------------------------------------------------------------- offered options (FS-7.3)


def test_FS_7_3_lucky_foot_is_offered_only_with_a_non_attack_roll_to_target():
    """Lucky Foot targets a non-attack roll: with only an attack roll on the stack it is not offered;
    with an effect roll it is, and using it changes that roll (FS-9.2)."""
    g = position(2, rolls=[4, 3])
    foot = give_item(g, 1, real("Lucky Foot"))
    dice.push_roll(g, 0, "attack", name="attack")
    assert plays.legal_actions(g, 1) == []
    dice.push_roll(g, 0, "effect", name="test")
    assert plays.legal_actions(g, 1) == [("tap", foot, 0)]
    g.io.strategies[1].plan = lambda d: 2 if d.kind in ("choose_number", "modify_roll") else None
    assert plays.take_action(g, 1, ("tap", foot, 0))


def _contract(others: bool):
    g = position(2)
    contract = give_item(g, 0, real("Contract From Below"))
    give_item(g, 0, card("A", "treasure", "passive"))
    target = give_item(g, 1, card("B", "treasure", "passive")) if others else None
    return g, contract, target


def test_FS_7_3_contract_from_below_not_offered_when_its_cost_destroys_every_target():
    """The cost destroys 2 of P0's items; with exactly 2 (Contract From Below and A) and no other
    player's item, no target can survive: the ability is not offered (before: offered, and choosing
    it destroyed both items and then silently counted as a pass)."""
    g, contract, _ = _contract(others=False)
    assert plays.legal_actions(g, 0) == []


def test_FS_4_2_contract_from_below_targets_then_pays_and_steals():
    """With a rival's item to take, the ability is offered; the target is chosen, then the cost is
    paid (both of P0's items destroyed), and the steal resolves."""
    g, contract, target = _contract(others=True)
    asked = []

    def plan(d):
        asked.append(d.kind)
        return target.ref if d.kind == "choose_target" else None

    g.io.strategies[0].plan = plan
    assert plays.legal_actions(g, 0) == [("paid", contract, 0)]
    assert plays.take_action(g, 0, ("paid", contract, 0))
    assert asked[0] == "choose_target" and "destroy_cost" in asked
    resolution.priority(g, 0)
    assert g.players[0].items == [target] and not g.players[1].items


@pytest.mark.parametrize("n", [2, 3, 4])
def test_FS_7_3_every_offered_action_or_response_is_taken_never_a_silent_pass(n, monkeypatch):
    """Every option a player is offered (a loot play, a ↷ or $ ability, in the action phase or as a
    response) goes on the stack when chosen: random players choose uniformly among them."""
    taken = []
    real_take = plays.take_action

    def take(g, seat, choice):
        ok = real_take(g, seat, choice)
        taken.append((ok, choice[0], getattr(choice[1], "name", None)))
        return ok

    monkeypatch.setattr(plays, "take_action", take)  # the action phase (turn.action)
    monkeypatch.setattr(resolution, "take_action", take)  # responses at priority
    cfg = make_config(n)
    for seed in range(25):
        play(cfg, seed, Players([STRATEGIES["random"](s, stream(seed, "strategy", s)) for s in range(n)]))
    assert taken and all(ok for ok, *_ in taken), [t for t in taken if not t[0]][:5]


# --------------------------------------------------------------------------- FS-5.9 simultaneous deaths


def _victims(g):
    return [items.tname(it.victim) for it in reversed(g.stack)]  # the order they resolve in


def test_FS_5_9_d_simultaneous_player_deaths_resolve_in_turn_order_from_the_active_player():
    """Three players at 0 HP found in one state check, P1 active: the deaths go on the stack in reverse
    turn order, so they resolve P1, P2, P0 (before: seat order, P2's first)."""
    g = position(3)
    g.active = 1
    for p in g.players:
        p.damage = 2
    checks.state_checks(g)
    assert _victims(g) == ["p1", "p2", "p0"]


def test_FS_5_9_d_each_player_dies_resolves_in_turn_order_from_the_controller():
    """An "each player dies" effect controlled by P2: deaths resolve P2, P0, P1."""
    g = position(3)
    g.active = 1
    src = give_item(g, 2, card("Doom", "treasure", "active"))
    ctx = statics.Ctx(g, 2, src, name="Doom")
    assert interpreter.run(ctx, {"each": {"P": "player"}, "do": {"kill": "P"}})
    assert _victims(g) == ["p2", "p0", "p1"]


def test_FS_4_10_simultaneous_monster_deaths_are_ordered_by_the_active_player():
    """Two monsters at 0 HP at once: the active player picks which death resolves first."""
    g = position(
        2,
        plans={
            0: lambda d: next(o for o in d.options if o[0] == "Two") if d.kind == "order_triggers" else None
        },
    )
    for name in ("One", "Two"):
        m = add_slot_monster(g, card(name, "monster", "basic", hp=1, evasion=3, attack=1))
        m.damage = 1
    checks.state_checks(g)
    assert _victims(g) == ["Two", "One"]
    assert [d.context for d in g.io.strategies[0].asked if d.kind == "order_triggers"] == ["resolve first"]


# --------------------------------------------------------------------------- FS-4.16 / FS-Q.11 curses


def _tap_item(g, seat):
    """A charged ↷ item, so that the player holds a legal response and is asked at every window."""
    return give_item(
        g, seat, card("Coin Tap", "treasure", "active", abilities=({"tap": {"do": {"gain_cents": 1}}},))
    )


def _revealed_curse(p1_plan):
    g = position(2, plans={0: lambda d: SeatRef(1) if d.kind == "give_curse" else None, 1: p1_plan})
    _tap_item(g, 1)
    g.mslots.append([])
    (curse,) = deck(g, "monster", [real("Curse Of Greed")])
    deck(g, "monster", [card("After", "monster", "basic", hp=2, evasion=3, attack=1)])
    g.monster.reverse()  # the curse on top
    return g, curse


def test_FS_4_16_a_revealed_curse_goes_on_the_stack_and_the_receiver_is_chosen_on_resolution():
    """The keyword's first ability ("becomes a curse; the active player picks who gains
    it", the ``become_curse`` verb) is a triggered ability: it goes on the stack, players may respond,
    and the active player chooses the receiver when it resolves (before: at once, no window)."""
    g, curse = _revealed_curse(None)
    resolution.priority(g, 0)
    seen = g.io.strategies[1].asked
    windows = [d for d in seen if d.kind == "respond" and d.context is not None]
    assert [(d.context.kind, d.context.name) for d in windows] == [("ability", "Curse Of Greed")]
    asked = [d.kind for d in g.io.strategies[0].asked]
    assert "give_curse" in asked
    assert [c.phys for c in g.players[1].curses] == [curse]
    assert [r[3] for r in g.log.rows if r[3] in ("monster_revealed", "curse_received")] == [
        "monster_revealed",
        "curse_received",
        "monster_revealed",
    ]


def test_FS_4_16_cancelling_the_curse_ability_leaves_nobody_cursed():
    """The Fool answers the curse's ability: it is cancelled, the event goes to the discard unplayed."""

    def p1(d):
        top = d.context
        if d.kind == "respond" and top is not None and top.name == "Curse Of Greed":
            return next(o for o in d.options if o != "pass" and o[0] == "loot")
        return None

    g, curse = _revealed_curse(p1)
    give_loot(g, 1, real("O. The Fool"))
    g.players[1].loot_plays = 1
    resolution.priority(g, 0)
    assert not kinds(g, "curse_received") and not any(p.curses for p in g.players)
    assert curse in g.monster_disc
    assert "Curse Of Greed" in [r[4] for r in kinds(g, "cancelled")]


def test_FS_4_16_FS_Q_11_a_dying_bearers_curses_leave_by_their_own_triggers_before_the_penalty():
    """The keyword's second ability ("when you die, put this into the discard", ``discard_curse``):
    the bearer's two curses trigger on their death, the bearer orders them with their own triggers
    (FS-4.10), players may respond, and they resolve before the death penalty (FS-13.8)."""
    g = position(
        2,
        plans={
            1: lambda d: (
                next(o for o in d.options if o[0] == "Curse Of Amnesia")
                if d.kind == "order_triggers"
                else None
            )
        },
    )
    _tap_item(g, 0)
    p = g.players[1]
    for name in ("Curse Of Greed", "Curse Of Amnesia"):
        c = g.new_obj(phys(g, real(name)), "curse", 1)
        p.curses.append(c)
    give_item(g, 1, card("Junk", "treasure", "passive"))
    damage.kill(g, p, 0)
    resolution.priority(g, 0)
    assert [d.options for d in g.io.strategies[1].asked if d.kind == "order_triggers"] == [
        (("Curse Of Greed", 0), ("Curse Of Amnesia", 1))
    ]
    windows = [
        d.context.name for d in g.io.strategies[0].asked if d.kind == "respond" and d.context is not None
    ]
    assert "Curse Of Amnesia" in windows and "Curse Of Greed" in windows
    assert not p.curses and [c.card.name for c in g.monster_disc] == ["Curse Of Amnesia", "Curse Of Greed"]
    order = [r[3] for r in g.log.rows if r[3] in ("curse_discarded", "item_destroyed")]
    assert order == ["curse_discarded", "curse_discarded", "item_destroyed"]  # the penalty comes after


def test_FS_4_16_the_curse_keyword_compiles_to_two_triggered_abilities():
    rules = compile_card(real("Curse Of Greed"))
    assert rules.events[0].do == "become_curse" and rules.events[0].trigger == "enters_play"
    assert rules.triggers["dies"][0].do == "discard_curse" and rules.triggers["dies"][0].tparam == "you"
    assert compile_card(real("Breakfast")).triggers.get("dies") is None


def test_FS_6_7_FS_11_8_moms_shovel_filling_a_new_shop_slot_enters_deactivated():
    """A neighbour of the starting-shop case (FS-2.3): a shop slot an ability adds fills at the next
    priority (FS-12.4) — an item entering play there is a new object and enters deactivated (FS-11.8)."""
    g = position(2)
    shovel = card("Shovel", "treasure", "active", abilities=(real("Mom’s Shovel").abilities))
    g.treasure.append(phys(g, shovel))
    assert interpreter.run(statics.Ctx(g, 0, None, name="test"), {"expand_slots": {"kind": "shop", "n": 1}})
    checks.state_checks(g)
    assert g.shop[-1][-1].name == "Shovel" and not g.shop[-1][-1].charged


# --------------------------------------------------------------------------- No! and Donation Machine
# (issue 17 item 7: the two items the every-item test could not activate get scenarios of their own)


def _cents_tap(g, seat):
    return give_item(
        g, seat, card("Coin Tap", "treasure", "active", abilities=({"tap": {"do": {"gain_cents": 3}}},))
    )


def test_FS_6_9_no_cancels_an_item_ability_on_the_stack():
    """P0 activates a ↷ ability (its cost, the tap, is paid); P1 answers with No!, which targets that
    ability on the stack and cancels it (FS-6.9): it never resolves, P0 gains nothing, both items stay
    deactivated (costs are not refunded, FS-4.3)."""
    answered = []

    def p1(d):
        if d.kind == "respond":
            opt = next((o for o in d.options if o != "pass" and o[0] == "tap"), None)
            answered.append(opt)
            return opt
        if d.kind == "choose_target":
            return d.options[0]
        return None

    g = position(2, plans={1: p1})
    tap = _cents_tap(g, 0)
    no = give_item(g, 1, real("No!"))
    assert plays.legal_actions(g, 1) == []  # nothing on the stack: No! has no legal target (FS-7.3)
    assert plays.take_action(g, 0, ("tap", tap, 0))
    resolution.priority(g, 0)
    assert answered and answered[0] == ("tap", no.ref, 0)
    assert g.players[0].cents == 0 and not g.stack
    assert not tap.charged and not no.charged
    assert not kinds(g, "cents_gained")


def test_FS_7_3_no_is_not_offered_against_a_loot_card_or_a_roll():
    """No! targets an item ability only: a loot card or a roll on the stack is no legal target, so it is not
    offered (FS-7.3); an item ability is."""
    g = position(2, rolls=[4])
    give_item(g, 1, real("No!"))
    dice.push_roll(g, 0, "effect", name="a roll")
    assert plays.legal_actions(g, 1) == []


def _donation(others: bool):
    g = position(2)
    machine = give_item(g, 0, real("Donation Machine"))
    gift = give_item(g, 0, card("Gift", "treasure", "passive")) if others else None
    return g, machine, gift


def test_FS_4_3_donation_machine_pays_with_another_item_and_gains_8_cents():
    """Its $ cost gives another non-eternal item of mine to another player; then I gain 8¢ (FS-4.3: the cost
    is paid in full as the ability goes on the stack, the effect on resolution)."""
    g, machine, gift = _donation(others=True)
    g.io.strategies[0].plan = lambda d: d.options[0] if d.options else None
    assert plays.legal_actions(g, 0) == [("paid", machine, 0)]
    assert plays.take_action(g, 0, ("paid", machine, 0))
    assert gift in g.players[1].items and gift not in g.players[0].items  # paid before resolution
    assert g.players[0].cents == 0
    resolution.priority(g, 0)
    assert g.players[0].cents == 8 and g.players[0].items == [machine]
    check_invariants(g)


def test_FS_7_3_donation_machine_is_not_offered_without_an_item_to_give():
    """Its only non-eternal item is itself ("another" item): the cost cannot be paid, so it is not offered;
    an eternal item cannot be given either."""
    g, machine, _ = _donation(others=False)
    assert plays.legal_actions(g, 0) == []
    give_item(g, 0, card("Eternal", "treasure", "passive", keywords=("eternal",)), eternal=True)
    assert plays.legal_actions(g, 0) == []
