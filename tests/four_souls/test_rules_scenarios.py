"""Rule scenarios: build a position, act, assert the exact outcome. Named after the rule they check."""

from __future__ import annotations

import pytest

from cardlab.simulate.four_souls import (
    attack,
    blank_card,
    checks,
    damage,
    dice,
    interpreter,
    items,
    plays,
    resolution,
    resources,
    setup,
    statics,
    turn,
)
from cardlab.simulate.four_souls.cards import load_pool
from cardlab.simulate.four_souls.collection import DEFAULT, select
from cardlab.simulate.four_souls.decks import build_supply
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
    take_cents,
)
from cardlab.simulate.four_souls.refs import ObjRef, SeatRef
from cardlab.simulate.four_souls.state import GameOver

POOL = select(load_pool(), DEFAULT)  # the default sets (Base Game V2)


def finals(g):
    return [r[6] for r in g.log.rows if r[3] == "roll" and r[7] == "final"]


# --------------------------------------------------------------------------- FS-7 stack and priority


def test_FS_7_10_relic_sleight_of_hand_butter_bean():
    """P1's Relic triggers; P2 answers with Sleight of Hand; P1 answers with Butter Bean: Butter Bean
    cancels Sleight of Hand, then P1 loots from The Relic.
    FS-7.1: the last item added resolves first. FS-6.19: The Relic loots the top card."""

    def p0(d):
        if d.kind == "respond":
            return next((o for o in d.options if o != "pass" and o[0] == "loot"), None)
        if d.kind == "choose_target":
            return next(o for o in d.options if o.kind == "ability" and o.name == "Sleight Of Hand")
        return None

    def p1(d):
        top = d.context
        if d.kind == "respond" and top is not None and top.kind == "ability" and top.name == "The Relic":
            return next((o for o in d.options if o != "pass" and o[0] == "tap"), None)
        return None

    g = position(2, plans={0: p0, 1: p1}, rolls=[1])
    give_item(g, 0, real("The Relic"))
    bean = give_loot(g, 0, real("Butter Bean!"))
    g.players[0].loot_plays = 1
    give_item(g, 1, real("Sleight Of Hand"), eternal=True, starting=True)
    top = deck(g, "loot", [card(f"L{i}") for i in range(6)])
    dice.push_roll(g, 0, "effect", name="test")
    resolution.priority(g, 0)
    assert [c.card.name for c in g.players[0].hand] == ["L0"]  # The Relic looted the untouched top card
    assert g.loot[-5:] == list(reversed(top[1:]))  # Sleight of Hand was cancelled: order unchanged
    assert bean in g.loot_disc
    assert [r[4] for r in kinds(g, "cancelled")] == ["Sleight Of Hand"]
    assert not g.stack


# --------------------------------------------------------------------------- FS-9 dice


def _godhead_d6(first_seat: int):
    def p0(d):
        if d.kind == "respond" and any(isinstance(x, items.RollItem) for x in g.stack):
            return next((o for o in d.options if o != "pass" and o[1].name == "Godhead"), None)
        if d.kind == "choose_target":
            return next(o for o in d.options if o.kind == "roll")
        if d.kind == "set_roll":
            return 6
        return None

    def p1(d):
        if d.kind == "respond":
            return next((o for o in d.options if o != "pass" and o[1].name == "The D6"), None)
        if d.kind == "choose_target":
            return next(o for o in d.options if o.kind == "roll")
        return None

    g = position(2, plans={0: p0, 1: p1}, rolls=[3, 2])
    give_item(g, 0, real("Godhead"))
    give_item(g, 1, real("The D6"), eternal=True, starting=True)
    dice.push_roll(g, 0, "effect", name="test")
    resolution.priority(g, first_seat)
    return g


def test_FS_9_9_response_order_matters():
    """Godhead (set 1 or 6) put on first, The D6 on top: D6 rerolls first, Godhead then makes it 6."""
    g = _godhead_d6(first_seat=0)
    assert finals(g) == [6]
    """The D6 first, Godhead on top: Godhead sets 6, then D6 rerolls to a random result (2)."""
    g = _godhead_d6(first_seat=1)
    assert finals(g) == [2]


@pytest.mark.parametrize(("accept", "rerolls", "final"), [(True, 2, 4), (False, 0, 1)])
def test_FS_9_2_would_roll_triggers_again_after_each_new_result(accept, rerolls, final):
    """Dad's Lost Coin: a 1 you are about to roll may be rerolled. A reroll that comes up 1 again is a new
    result: back to step (3), and at step (4) the trigger fires again (FS-9.2); declined, the roll
    resolves as it is.
    FS-9.3: rerolls change the one roll on the stack."""
    g = position(2, plans={0: lambda d: accept if d.kind == "may" else None}, rolls=[1, 1, 4])
    give_item(g, 0, real("Dad’s Lost Coin"))
    g.active = 0
    dice.push_roll(g, 0, "effect", name="test")
    resolution.priority(g, 0)
    assert len([r for r in g.log.rows if r[3] == "roll" and r[7] == "reroll"]) == rerolls
    assert finals(g) == [final] and not g.stack


def test_FS_9_1_results_clamped():
    """Meat! (+1 to attack rolls) on a 6 stays 6 (FS-9.1, applied on resolution FS-Q.14)."""
    g = position(2, rolls=[6, 5])
    give_item(g, 0, real("Meat!"))
    m = add_slot_monster(g, monster("Wall", hp=2, evasion=6, attack=0))
    assert attack.run_attack(g, 0, m)
    assert finals(g) == [6, 6]  # 6+1 clamped; 5+1 = 6 hits too


# --------------------------------------------------------------------------- FS-10 attack


def test_FS_10_18_attack_until_someone_dies():
    """Anya attacks Gurdy: 5 (hit), 4 (hit), 1 and 1 (misses): she dies; each roll resolves before the
    next is made.
    FS-10.10 / FS-10.11: damage lands on resolution, the next roll follows, the death ends the attack."""
    g = position(2, rolls=[5, 4, 1, 1])
    gurdy = add_slot_monster(g, real("Gurdy"))
    killed = attack.run_attack(g, 0, gurdy)
    assert not killed
    assert finals(g) == [5, 4, 1, 1]
    dmg = kinds(g, "damage")
    assert [(r[5], r[8], r[6]) for r in dmg] == [
        ("Gurdy", None, 1),
        ("Gurdy", None, 1),
        (None, 0, 1),
        (None, 0, 1),
    ]
    assert g.players[0].dead and kinds(g, "player_died")
    assert gurdy.in_play and gurdy.damage == 2
    assert g.ending_turn  # FS-13.11: the active player's death ends the turn


def test_FS_10_14_roll_trigger_resolves_before_combat_damage():
    """FS-Q.31: a monster's 'attack roll of 6' trigger kills a 1-HP attacker before the lethal hit lands."""
    spiky = monster(
        "Spiky",
        hp=1,
        evasion=1,
        attack=1,
        abilities=(
            {
                "on": {"rolled": 6, "attack": True, "by": "attacker"},
                "do": {"deal_damage": {"n": 1, "to": "attacker"}},
            },
        ),
    )
    g = position(2, chars=[character("Frail", hp=1), character("B")], rolls=[6])
    m = add_slot_monster(g, spiky)
    assert not attack.run_attack(g, 0, m)
    assert g.players[0].dead and m.in_play and m.damage == 0  # the hit fizzled with the attack


def test_FS_10_5_a_deck_attack_revealing_an_event_ends_the_attack():
    """FS-Q.7: the event resolves, goes to the discard, the attack ends and counts as used.
    FS-3.8: the covered monster comes back into play when the event leaves."""
    plans = {
        0: lambda d: "monster_deck" if d.kind == "attack_target" else (0 if d.kind == "choose_slot" else None)
    }
    g = position(2, plans=plans, rolls=[6])
    blob = add_slot_monster(g, monster("Blob"))
    (chest,) = deck(g, "monster", [real("Chest")])
    g.active = 0
    attack.declare_attack(g, 0)
    assert g.attacks_used == 1 and g.deck_attacks == 1
    assert chest in g.monster_disc and kinds(g, "event_resolved")
    top = g.mslots[0][-1]
    assert top.phys is blob.phys and top.in_play and top is not blob  # uncovered: a new object (FS-3.2)
    assert g.players[0].cents == 6  # Chest rolled 6


def test_FS_10_5_b_unattackable_reveal_uses_the_attack():
    """FS-Q.8: the attack is used up."""
    plans = {
        0: lambda d: "monster_deck" if d.kind == "attack_target" else (0 if d.kind == "choose_slot" else None)
    }
    g = position(2, plans=plans)
    add_slot_monster(g, monster("Blob"))
    deck(g, "monster", [real("Stoney")])
    attack.declare_attack(g, 0)
    assert g.mslots[0][-1].name == "Stoney" and g.attack is None
    assert [r[7] for r in kinds(g, "attack_ended")] == ["unattackable"]
    assert g.attacks_used == 1 and g.deck_attacks == 1  # nothing gives the attack back


# --------------------------------------------------------------------------- FS-11 purchase, FS-12 refill


def test_FS_11_4_purchase_pays_and_refills_the_shop():
    """FS-11.5: the item goes straight into play; FS-15.1: the price goes to the game bank."""
    g = position(2, plans={0: lambda d: d.options[0] if d.kind == "buy_target" else None})
    a = add_shop_item(g, real("Breakfast"))
    add_shop_item(g, real("Dinner"))
    (nxt,) = deck(g, "treasure", [real("Meat!")])
    take_cents(g, 0, 12)
    g.purchases_left = 1
    turn.purchase(g, 0)
    p = g.players[0]
    assert a in p.items and a.controller == 0 and p.cents == 2 and g.bank == 98
    assert g.shop[0][-1].phys is nxt  # FS-12.1 refill from the deck top
    assert [(r[4], r[6]) for r in kinds(g, "purchase")] == [("Breakfast", 10)]
    check_invariants(g)


def test_FS_11_3_steamy_sale_only_for_shop_items():
    g = position(2)
    give_item(g, 0, real("Steamy Sale!"))
    assert statics.price(g, g.players[0], True) == 5
    assert statics.price(g, g.players[0], False) == 10


def test_FS_Q_9_failed_purchase_is_not_used_up():
    g = position(2)
    add_shop_item(g, real("Breakfast"))
    g.purchases_left = 1
    take_cents(g, 0, 3)
    turn.purchase(g, 0)
    assert g.purchases_left == 1 and not g.players[0].items


def test_FS_12_3_refill_reveals_and_resolves_events_until_a_monster():
    """The slot emptied by a kill refills after the death steps; an event revealed resolves, is
    discarded, and revealing continues until a monster lands.
    FS-12.2: the slot refills after the death steps. FS-1.12: no stat block, an event."""
    g = position(2, chars=[character("Tank", hp=4), character("B")], rolls=[6])
    blob = add_slot_monster(g, monster("Blob", hp=1, evasion=1, rewards={"cents": 1}))
    bombs, blob2 = deck(g, "monster", [real("Troll Bombs"), monster("Blob2")])
    assert attack.run_attack(g, 0, blob)
    resolution.priority(g, 0)
    assert g.mslots[0][-1].phys is blob2
    assert bombs in g.monster_disc and blob.phys in g.monster_disc
    assert g.players[0].damage == 2 and g.players[0].cents == 1
    order = [
        r[3] for r in g.log.rows if r[3] in ("monster_died", "reward", "monster_revealed", "event_resolved")
    ]
    assert order == ["monster_died", "reward", "monster_revealed", "event_resolved", "monster_revealed"]


def test_FS_2_4_setup_events_go_to_the_bottom():
    """FS-2.9: 3 loot and 3¢ each; FS-1.6: starting items are eternal."""
    from cardlab.simulate.core import Players, stream
    from cardlab.simulate.four_souls import make_config
    from cardlab.strategies.four_souls import STRATEGIES

    for seed in range(15):
        g = setup.new_game(
            make_config(3, 10), seed, Players([STRATEGIES["random"](i, stream(seed, i)) for i in range(3)])
        )
        assert len(g.mslots) == 2 and all(s[-1].kind == "monster" for s in g.mslots)
        assert len(g.shop) == 2 and all(p.cents == 3 and len(p.hand) == 3 for p in g.players)
        assert g.bank == 100 - 9
        assert all(p.character.charged is False for p in g.players)  # FS-2.7
        assert all(o.charged and o.eternal for p in g.players for o in p.items if o.starting)
        check_invariants(g)


# --------------------------------------------------------------------------- FS-13 death


def test_FS_13_9_death_penalty():
    """Destroy a non-eternal item, discard a loot, lose 1¢, deactivate every ↷ object."""
    plans = {
        0: lambda d: (
            next((o for o in d.options if getattr(o, "name", "") == "Breakfast"), None)
            if d.kind == "penalty_item"
            else None
        )
    }
    g = position(2, chars=[real("Isaac"), character("B")], plans=plans)
    p = g.players[0]
    p.character.charged = True
    bf = give_item(g, 0, real("Breakfast"))
    sack = give_item(g, 0, real("Sack Of Pennies"))
    d6 = give_item(g, 0, real("The D6"), eternal=True, starting=True)
    give_loot(g, 0, real("2 Cents!"))
    give_loot(g, 0, real("2 Cents!"))
    take_cents(g, 0, 3)
    damage.kill(g, p, 1)
    resolution.priority(g, 0)
    assert p.dead and p.deaths == 1
    assert bf.phys in g.treasure_disc and bf not in p.items and d6 in p.items and sack in p.items
    assert len(p.hand) == 1 and p.cents == 2 and g.bank == 98
    assert not p.character.charged and not sack.charged and not d6.charged
    assert statics.player_hp(g, p) == 0
    check_invariants(g)


def test_hook_shadow_penalty_the_shadow_player_picks_and_takes():
    """Shadow (FS-13.9 rewritten by its hook): another player's death penalty — I pick the item they
    destroy, their discarded loot card and lost cent come to me; their ↷ objects still deactivate."""
    breakfast = lambda d: next(o for o in d.options if o.name == "Breakfast")  # noqa: E731
    g = position(
        3,
        chars=[character("A"), real("Isaac"), character("C")],
        plans={0: lambda d: breakfast(d) if d.kind == "penalty_item" else None},
    )
    give_item(g, 0, real("Shadow"))
    p = g.players[1]
    p.character.charged = True
    sack = give_item(g, 1, real("Sack Of Pennies"))  # what the dying player would pick (the first)
    bf = give_item(g, 1, real("Breakfast"))
    card_a = give_loot(g, 1, real("2 Cents!"))
    take_cents(g, 1, 3)
    bank = g.bank
    damage.kill(g, p, 2)
    resolution.priority(g, 0)
    assert p.dead and p.deaths == 1
    assert bf.phys in g.treasure_disc and sack in p.items  # my pick, not theirs
    assert g.players[0].hand == [card_a] and not p.hand and card_a not in g.loot_disc
    assert (p.cents, g.players[0].cents, g.bank) == (2, 1, bank)  # the cent comes to me, not the bank
    assert not p.character.charged
    assert not g.players[2].hand and g.players[2].cents == 0  # the third player gets nothing
    check_invariants(g)


def test_FS_13_12_a_player_dies_once_per_turn_and_heals_at_end_of_turn():
    """FS-Q.13: the dead player heals at the end of this turn."""
    g = position(2)
    p = g.players[1]
    damage.kill(g, p, 0)
    resolution.priority(g, 0)
    assert not damage.kill(g, p, 0)
    turn.end_of_turn(g)
    assert not p.dead and statics.player_hp(g, p) == 2


def test_FS_4_16_curse_goes_to_a_player_and_leaves_when_they_die():
    plans = {0: lambda d: SeatRef(1) if d.kind == "give_curse" else None}
    g = position(2, plans=plans)
    g.mslots.append([])
    (curse,) = deck(g, "monster", [real("Curse Of Greed")])
    deck(g, "monster", [monster("After")])
    g.monster.reverse()  # curse on top
    resolution.priority(g, 0)
    assert [c.phys for c in g.players[1].curses] == [curse]
    assert kinds(g, "curse_received")[0][2] == 1
    damage.kill(g, g.players[1], 0)
    resolution.priority(g, 0)
    assert not g.players[1].curses and curse in g.monster_disc


# --------------------------------------------------------------------------- FS-14 souls, FS-15 bank


def test_FS_14_2_simultaneous_winners_draw():
    from cardlab.simulate.four_souls.fixtures import phys

    g = position(2)
    boss = monster("Boss", soul=1)
    for seat in (0, 1):
        for _ in range(4):
            g.players[seat].souls.append(g.new_obj(phys(g, boss), "soul", seat))
    with pytest.raises(GameOver) as over:
        checks.state_checks(g)
    assert over.value.winners == (0, 1)


def test_FS_14_1_soul_value_counts_total():
    """FS-1.22: souls count by total value."""
    from cardlab.simulate.four_souls.fixtures import phys

    g = position(2)
    for v in (2, 1):
        g.players[0].souls.append(g.new_obj(phys(g, monster("Epic", soul=v)), "soul", 0))
    checks.state_checks(g)  # 3 < 4: no win
    g.players[0].souls.append(g.new_obj(phys(g, monster("Boss", soul=1)), "soul", 0))
    g.log.emit("soul_gained", 0, "Boss", None, 1)  # as the engine does with every change
    with pytest.raises(GameOver) as over:
        checks.state_checks(g)
    assert over.value.winners == (0,)


def test_FS_14_10_soul_of_greed_first_to_25_cents():
    """FS-14.7: an active bonus soul works while out of play."""
    g = position(3)
    from cardlab.simulate.four_souls.fixtures import phys

    g.bonus = [phys(g, real("Soul Of Greed"))]
    take_cents(g, 2, 25)
    take_cents(g, 1, 30)
    g.active = 2
    checks.state_checks(g)  # FS-Q.23: ties go to the first in turn order from the active player
    assert [s.name for s in g.players[2].souls] == ["Soul Of Greed"] and not g.players[1].souls
    assert kinds(g, "bonus_soul_gained")


def test_FS_14_10_soul_of_gluttony_first_to_10_loot_cards():
    """FS-14.9: once gained it leaves the bonus souls for good."""
    from cardlab.simulate.four_souls.fixtures import phys

    g = position(3)
    g.bonus = [phys(g, real("Soul Of Gluttony"))]
    for _ in range(9):
        give_loot(g, 1, card("Filler"))
    checks.state_checks(g)
    assert g.bonus and not kinds(g, "bonus_soul_gained")  # 9 cards: not yet
    give_loot(g, 1, card("Filler"))
    g.log.emit("loot_drawn", 1, "Filler")  # as the engine does with every hand change
    checks.state_checks(g)
    assert [s.name for s in g.players[1].souls] == ["Soul Of Gluttony"] and not g.bonus


def test_FS_14_10_soul_of_guppy_counts_guppy_items_again_when_one_arrives():
    from cardlab.simulate.four_souls.fixtures import phys

    g = position(2)
    g.bonus = [phys(g, real("Soul Of Guppy"))]
    give_item(g, 0, real("Guppy’s Head"))
    give_item(g, 0, card("Plain Item", deck="treasure", kind="passive"))
    checks.state_checks(g)
    assert g.bonus  # one guppy item of two
    give_item(g, 0, real("Guppy’s Paw"))
    g.log.emit("item_gained", 0, "Guppy's Paw")
    checks.state_checks(g)
    assert [s.name for s in g.players[0].souls] == ["Soul Of Guppy"]


def test_FS_14_8_a_bonus_soul_condition_outside_the_common_forms_goes_through_the_evaluator():
    from cardlab.simulate.four_souls.fixtures import phys

    g = position(3)
    odd = card(
        "Soul Of Tests",
        deck="bonus_soul",
        kind="bonus_soul",
        soul=1,
        abilities=({"soul_when": "cents(player) + hand_size(player) >= 6"},),
    )
    g.bonus = [phys(g, odd)]
    take_cents(g, 0, 5)
    take_cents(g, 2, 4)
    give_loot(g, 2, card("Filler"))
    give_loot(g, 2, card("Filler"))
    g.active = 1
    checks.state_checks(g)  # seat 2 (6) before seat 0 (5 + 0); turn order from the active player
    assert [s.name for s in g.players[2].souls] == ["Soul Of Tests"] and not g.players[0].souls


def test_FS_Q_4_bank_gives_what_it_has():
    g = position(2, bank=100)
    g.bank = 5
    resources.gain_cents(g, g.players[0], 8, "test")
    assert g.players[0].cents == 5 and g.bank == 0


def test_FS_8_10_hand_limit_and_end_of_turn_healing():
    """FS-3.7 / FS-Q.3: the size limit (10) is enforced in the active player's own end phase."""
    g = position(2)
    p = g.players[0]
    for i in range(12):
        give_loot(g, 0, card(f"C{i}"))
    p.damage = 1
    g.active = 0
    turn.play_turn(g)
    assert len(p.hand) == 10 and len([r for r in kinds(g, "loot_discarded") if r[7] == "hand_limit"]) == 2
    assert p.damage == 0


def test_FS_1_33_three_plus_cards_removed_in_two_player_games():
    """FS-2.11: 1–2 player games remove the 3+ player cards."""
    two = build_supply(POOL, 2)
    four = build_supply(POOL, 4)
    names2 = {c.name for c, _ in two.treasure + two.monster + two.loot}
    names4 = {c.name for c, _ in four.treasure + four.monster + four.loot}
    assert "Razor Blade" not in names2 and "Razor Blade" in names4
    assert "Satan!" not in names2 and "Satan!" in names4


# --------------------------------------------------------------------------- FS-4 / FS-5 / FS-6 effects


def test_FS_6_8_target_gone_fizzles():
    """Bomb! at a 1-HP monster; Gold Bomb!! in response kills it first; Bomb! fizzles.
    FS-4.3: Bomb!'s target (the monster) is fixed when it is played."""

    def p0(d):
        if d.kind == "choose_target":
            return next(o for o in d.options if type(o) is ObjRef and d.view.kind(o) == "monster")
        return None

    def p1(d):
        if d.kind == "respond":
            return next((o for o in d.options if o != "pass" and o[0] == "loot"), None)
        return p0(d)

    g = position(2, plans={0: p0, 1: p1})
    add_slot_monster(g, monster("Dip", hp=1, rewards={"cents": 1}))
    g.mslots.append([])
    bomb = give_loot(g, 0, real("Bomb!"))
    gold = give_loot(g, 1, real("Gold Bomb!!"))
    g.players[0].loot_plays = g.players[1].loot_plays = 1
    assert plays.take_action(g, 0, ("loot", bomb))
    resolution.priority(g, 1)
    assert [r[4] for r in kinds(g, "fizzled")] == ["Bomb!"]
    assert [r[4] for r in kinds(g, "monster_died")] == ["Dip"]
    assert bomb in g.loot_disc and gold in g.loot_disc


def test_FS_4_13_trinket_becomes_an_item():
    g = position(2, plans={0: lambda d: None})
    penny = give_loot(g, 0, real("Swallowed Penny"))
    g.players[0].loot_plays = 1
    plays.take_action(g, 0, ("loot", penny))
    resolution.priority(g, 0)
    assert [o.phys for o in g.players[0].items] == [penny] and penny not in g.loot_disc


def test_FS_5_8_and_needs_the_first_part():
    """Glass Cannon's 'destroy this and loot 2' on an Eternal copy destroys nothing, so loots nothing."""
    g = position(2)
    deck(g, "loot", [card("A"), card("B")])
    o = give_item(g, 0, real("Glass Cannon"), eternal=True)
    ctx = statics.Ctx(g, 0, o, name="Glass Cannon")
    assert not interpreter.run(ctx, {"and": [{"destroy": "self"}, {"loot": 2}]})
    assert not g.players[0].hand and o.in_play
    assert interpreter.run(ctx, {"seq": [{"destroy": "self"}, {"loot": 2}]})  # "then": independent
    assert len(g.players[0].hand) == 2


def test_FS_6_16_shield_prevents_the_next_damage():
    """FS-Q.19: a shield only where the card says 'the next time'."""
    g = position(2)
    ctx = statics.Ctx(g, 0, None, name="Soul Heart")
    interpreter.run(ctx, {"shield": {"who": "you", "amount": 1}})
    damage.push_damage(g, 2, g.players[0], 1, None, False, None, "test")
    resolution.priority(g, 0)
    assert g.players[0].damage == 1 and kinds(g, "prevented")


def test_FS_4_9_host_hat_rider_is_a_trigger_on_the_stack():
    """Host Hat: ↷ prevent the next 1 damage to you; when it does, another player takes 1 damage. The
    rider is a triggered ability (FS-4.9): it goes on the stack after the prevention, its target chosen
    then (FS-4.2), and players get priority before it resolves (here P1 sees it on top)."""
    seen = []

    def p1(d):
        if d.kind == "respond" and d.context is not None:
            seen.append((d.context.kind, d.context.name))
        return None

    g = position(3, plans={1: p1, 0: lambda d: SeatRef(2) if d.kind == "choose_target" else None})
    hat = give_item(g, 0, real("Host Hat"))
    give_item(g, 1, card("Spare", "treasure", "active", abilities=({"tap": {"do": {"gain_cents": 1}}},)))
    g.active = 0
    assert plays.take_action(g, 0, ("tap", hat, 0))
    resolution.priority(g, 0)  # the shield is up
    damage.push_damage(g, 1, g.players[0], 1, None, False, None, "test")
    resolution.priority(g, 0)
    assert g.players[0].damage == 0 and "Host Hat" in [r[4] for r in kinds(g, "prevented")]
    assert ("ability", "Host Hat") in seen  # on the stack, with a priority window
    assert [(r[4], r[8], r[6]) for r in kinds(g, "damage")] == [("Host Hat", 2, 1)]
    assert g.players[2].damage == 1 and g.players[1].damage == 0


# --------------------------------------------------------------------------- hooks


def test_hook_eden_pick_start_choice():
    g = position(
        2,
        chars=[real("Eden"), character("B")],
        plans={0: lambda d: d.options[1] if d.kind == "eden_item" else None},
    )
    a, b, c = deck(g, "treasure", [real("Breakfast"), real("Dinner"), real("Meat!")])
    for ab in g.players[0].character.rules.triggers["game_start"]:
        interpreter.run(statics.Ctx(g, 0, g.players[0].character, name="Eden"), ab.do)
    (item,) = g.players[0].items
    assert item.phys is b and item.eternal and item.starting
    assert set(g.treasure[:2]) == {a, c} and len(g.treasure) == 2  # the other two to the bottom


def test_hook_chaos_pass_hands():
    g = position(3)
    hands = [give_loot(g, i, card(f"H{i}")) for i in range(3)]
    o = give_item(g, 0, real("Chaos"))
    interpreter.run(statics.Ctx(g, 0, o, name="Chaos"), {"hook": "chaos_pass_hands"})
    assert [p.hand for p in g.players] == [[hands[2]], [hands[0]], [hands[1]]]


def test_hook_vote_destroy_item():
    """FS-5.17: votes in turn order; a tie does nothing."""

    def vote_for(name):
        return lambda d: next(o for o in d.options if o.name == name) if d.kind == "vote" else None

    g = position(3, plans={0: vote_for("Dinner"), 1: vote_for("Dinner"), 2: vote_for("Breakfast")})
    give_item(g, 1, real("Breakfast"))
    dinner = give_item(g, 2, real("Dinner"))
    o = give_item(g, 0, real("Remote Detonator"))
    assert interpreter.run(statics.Ctx(g, 0, o, name="Remote Detonator"), {"hook": "vote_destroy_item"})
    assert not dinner.in_play and dinner.phys in g.treasure_disc
    g2 = position(2, plans={0: vote_for("Dinner"), 1: vote_for("Breakfast")})
    give_item(g2, 0, real("Breakfast"))
    give_item(g2, 1, real("Dinner"))
    assert not interpreter.run(statics.Ctx(g2, 0, None, name="RD"), {"hook": "vote_destroy_item"})  # a tie


def test_FS_13_15_death_triggers_before_the_penalty_then_lazarus_rags():
    """Agafya (1¢, 1 loot, Bloody Penny, Suicide King, Lazarus' Rags) dies to XIII. Death: Suicide King
    (loot 3) and Bloody Penny (loot 1) resolve before the penalty (FS-13.8, FS-Q.11: the penalty is not
    a stack item); after the penalty Lazarus' Rags gains her a treasure."""
    g = position(
        2,
        plans={
            1: lambda d: (
                next((o for o in d.options if getattr(o, "name", "") == "Suicide King"), None)
                if d.kind == "penalty_item"
                else None
            )
        },
    )
    deck(g, "loot", [card(f"L{i}") for i in range(6)])
    (treasure,) = deck(g, "treasure", [real("Dinner")])
    penny = give_item(g, 1, real("Bloody Penny"))
    king = give_item(g, 1, real("Suicide King"))
    rags = give_item(g, 1, real("Lazarus’ Rags"), eternal=True, starting=True)
    give_loot(g, 1, card("Old"))
    take_cents(g, 1, 1)
    death = give_loot(g, 0, real("XIII. Death"))
    g.players[0].loot_plays = 1
    g.io.strategies[0].plan = lambda d: SeatRef(1) if d.kind == "choose_target" else None
    assert plays.take_action(g, 0, ("loot", death))
    resolution.priority(g, 0)
    p = g.players[1]
    assert p.dead and p.cents == 0
    assert len(p.hand) == 1 + 3 + 1 - 1
    assert king.phys in g.treasure_disc and penny in p.items and rags in p.items
    assert p.items[-1].phys is treasure
    drawn = [r for r in kinds(g, "loot_drawn") if r[2] == 1]
    assert [r[4] for r in drawn] == ["Suicide King", "Bloody Penny"] or [r[4] for r in drawn] == [
        "Bloody Penny",
        "Suicide King",
    ]
    order = [r[3] for r in g.log.rows if r[3] in ("loot_drawn", "item_destroyed", "item_gained")]
    assert order == ["loot_drawn", "loot_drawn", "item_destroyed", "item_gained"]


def test_FS_5_8_temperance_cents_only_if_the_damage_happened():
    g = position(
        2,
        chars=[character("Big", hp=4), character("B")],
        plans={0: lambda d: 0 if d.kind == "choose_mode" else None},
    )
    t = give_loot(g, 0, real("XIV. Temperance"))
    g.players[0].loot_plays = 1
    plays.take_action(g, 0, ("loot", t))
    resolution.priority(g, 0)
    assert g.players[0].damage == 1 and g.players[0].cents == 4
    g2 = position(
        2,
        chars=[character("Big", hp=4), character("B")],
        plans={0: lambda d: 0 if d.kind == "choose_mode" else None},
    )
    g2.players[0].shields.append(("all", None, 0, "shield", None))
    t2 = give_loot(g2, 0, real("XIV. Temperance"))
    g2.players[0].loot_plays = 1
    plays.take_action(g2, 0, ("loot", t2))
    resolution.priority(g2, 0)
    assert g2.players[0].damage == 0 and g2.players[0].cents == 0  # prevented: no cents


def test_FS_4_10_a_player_orders_their_own_simultaneous_triggers():
    for first in ("Suicide King", "Bloody Penny"):

        def plan(d, first=first):
            if d.kind == "order_triggers":
                return next(o for o in d.options if o[0] == first)
            return None

        g = position(2, plans={1: plan})
        deck(g, "loot", [card(f"L{i}") for i in range(6)])
        give_item(g, 1, real("Bloody Penny"))
        give_item(g, 1, real("Suicide King"))
        damage.kill(g, g.players[1], 0)
        resolution.priority(g, 0)
        drawn = [r[4] for r in kinds(g, "loot_drawn") if r[2] == 1]
        assert drawn[0] == first and len(drawn) == 2


def test_FS_5_12_blank_card_copies_the_next_loot_card():
    g = position(2)
    g.players[0].loot_plays = 2
    blank = give_item(g, 0, real("Blank Card"))
    nickel = give_loot(g, 0, real("A Nickel!"))
    assert plays.take_action(g, 0, ("tap", blank, 0))
    resolution.priority(g, 0)
    assert plays.take_action(g, 0, ("loot", nickel))
    resolution.priority(g, 0)
    (copy,) = blank_card.copies(g, 0)
    assert copy.virtual and copy.card.name == "A Nickel!"
    assert ("loot", copy) in plays.legal_actions(g, 0)
    assert plays.take_action(g, 0, ("loot", copy))
    resolution.priority(g, 0)
    assert g.players[0].cents == 10 and not blank_card.copies(g, 0)
    assert g.loot_disc == [nickel]  # the copy did not become a card
    check_invariants(g)
    turn.end_of_turn(g)
    assert not blank_card.copies(g, 0) and g.blank_card is None


def test_FS_2_8_eden_picks_a_starting_item_at_setup_and_FS_2_10_cain_goes_first():
    from cardlab.simulate.core import Players, stream
    from cardlab.simulate.four_souls import make_config
    from cardlab.simulate.four_souls.decks import supply
    from cardlab.strategies.four_souls import STRATEGIES

    for seed in range(5):
        cfg = make_config(3, 10, characters="Eden,Isaac,Cain")
        g = setup.new_game(cfg, seed, Players([STRATEGIES["random"](i, stream(seed, i)) for i in range(3)]))
        (item,) = g.players[0].items
        assert item.eternal and item.starting and item.phys.card.deck == "treasure"
        # the two unchosen go to the bottom: deck + 2 shop items + Eden's item = every treasure card
        assert len(g.treasure) + 2 + 1 == sum(copies for _c, copies in supply(cfg).treasure)
        assert g.first == 2 and g.active == 2  # Cain's goes_first static (FS-0.1 over FS-Q.5)
        check_invariants(g)


def test_FS_7_7_in_the_action_phase_the_active_player_keeps_priority_after_a_resolution():
    """After the active player's loot resolves the stack is empty and they hold priority (their next
    action); the others are asked again only after the next declaration (here: ending the turn)."""
    contexts = []

    def p0(d):
        if d.kind == "action":
            loot = [o for o in d.options if o[0] == "loot"]
            return loot[0] if loot else next(o for o in d.options if o[0] == "end")
        return None

    def p1(d):
        if d.kind == "respond":
            contexts.append(None if d.context is None else d.context.kind)
        return None

    g = position(2, plans={0: p0, 1: p1})
    give_item(g, 1, real("Sack Of Pennies"))  # P1 always has a legal response
    give_loot(g, 0, real("A Penny!"))
    g.active = 0
    g.players[0].loot_plays = 1
    while turn.action(g):
        pass
    assert contexts == ["loot", None]  # on the loot, then after the end declaration (FS-8.7)
    assert g.players[0].cents == 1


def test_FS_6_bum_friend_puts_a_card_from_your_hand_back_on_the_loot_deck():
    """Bum Friend: loot 1, then return one card from hand to the loot deck's top. The
    ``hand_card`` selector with ``controlled_by: you`` offers the cards in your hand (a card in a hand
    has no controller of its own: the selector's base is that player's hand)."""
    g = position(
        2,
        plans={
            0: lambda d: (
                next((o for o in d.options if getattr(o, "card", None) and o.card.name == "Keep"), None)
                if d.kind == "choose_target"
                else None
            )
        },
    )
    friend = give_item(g, 0, real("Bum Friend"))
    give_loot(g, 0, card("Keep"))
    (drawn,) = deck(g, "loot", [card("Drawn")])
    g.active = 0
    assert plays.take_action(g, 0, ("tap", friend, 0))
    resolution.priority(g, 0)
    assert [c.card.name for c in g.players[0].hand] == ["Drawn"]
    assert g.loot[-1].card.name == "Keep"
