"""The Day of the Doodler challenge (FS-18) and named counters (FS-5.14), with the bundled cards of
``decklists/four_souls/sets/doodler``: exact outcomes, rule IDs in the names. The card-specific rules
(doodle, eraser counters, coin flips, Blank Canvas) are cited by the FS-18 rule that lets a challenge
card carry them (FS-18.1: "their own rules, printed on the challenge card")."""

from __future__ import annotations

import dataclasses

import pytest

from cardlab.simulate.core import Players, UserError
from cardlab.simulate.four_souls import (
    attack,
    challenge,
    checks,
    coop,
    counters,
    decks,
    plays,
    resolution,
    setup,
    statics,
    triggers,
)
from cardlab.simulate.four_souls.config import make_config
from cardlab.simulate.four_souls.fixtures import (
    Dice,
    check_invariants,
    deck,
    give_item,
    kinds,
    monster,
    real,
    scripted,
)
from cardlab.simulate.four_souls.state import GameOver

SETS = "base-v2,doodler"


def _game(difficulty="normal", rolls=(), coins=(), n=2, variant=("challenge", "solo"), plans=None):
    """A real Day of the Doodler setup (empty hands, no items but the starting ones), scripted dice and
    coins (``coins``: True = heads)."""
    cfg = make_config(n, 50, variant=variant, sets=SETS, difficulty=difficulty)
    plans = plans or {}
    g = setup.new_game(
        cfg, 5, Players([scripted(i, plans.get(i)) for i in range(n)]), supply=decks.supply(cfg)
    )
    g.streams.fixed = Dice(list(rolls))  # every source answers from the script
    flips = list(coins)
    g.streams.fixed.random = lambda: (0.25 if flips.pop(0) else 0.75) if flips else 0.75
    g.active = 0
    for p in g.players:
        g.loot_disc.extend(p.hand)
        p.hand.clear()
    return g


def _boss(g):
    return next(s[-1] for i, s in enumerate(g.mslots) if g.challenge.slots.get(i) == challenge.BOSS)


def _fire(g, name):
    triggers.fire(g, name, seat=g.active)
    resolution.priority(g, g.active, until_empty=True)


def test_FS_18_1_the_difficulty_symbol_picks_the_same_face_of_challenge_card_and_final_boss():
    for sym, label in (("normal", "Normal"), ("hard", "Hard"), ("ultra-hard", "Ultra Hard")):
        g = _game(sym)
        assert _boss(g).name == f"The Doodler [{label}]"
        assert [o.name for o in g.challenge.cards] == [f"Day of the Doodler [{label}]"]
        assert [p.name for p in g.challenge.set_aside] == [
            "Blank Canvas",
            "Blank Canvas",
        ]  # FS-18.5: set aside
        check_invariants(g)


def test_FS_18_1_day_of_the_doodler_runs_solo_and_co_op_but_not_in_the_competitive_game():
    make_config(3, 50, variant=("challenge", "co-op"), sets=SETS)
    with pytest.raises(UserError, match="solo or co-op"):
        make_config(3, 50, variant=("challenge",), sets=SETS)


def test_FS_5_14_named_counters_count_as_counters_and_an_unnamed_removal_takes_any_kind():
    g = _game()
    it = give_item(g, 0, real("Breakfast"))
    it.counters = 5
    assert counters.add(g, it, 1, "eraser")
    ctx = statics.Ctx(g, 0, it, name="t")
    assert statics.value(ctx, "counters(self)") == 6 and statics.value(ctx, "counters(self, 'eraser')") == 1
    assert not counters.remove(g, it, 7)  # fewer than 7: none removed
    assert counters.remove(g, it, 6) and counters.count(it) == 0 and it.named == {}


def test_FS_5_14_counters_on_a_player_stay_when_the_character_changes():
    g = _game()
    p = g.players[0]
    assert counters.add(g, p, 1, "doodle")
    p.character = g.new_obj(p.character.phys, "character", 0)  # a new character object
    assert statics.value(statics.Ctx(g, 0, None, name="t"), "counters(you, 'doodle')") == 1


def test_FS_18_1_a_rolled_1_to_3_at_turn_start_toggles_the_active_players_doodle_counter_normal():
    g = _game(rolls=[2])
    _fire(g, "turn_start")
    assert g.players[0].counters == {"doodle": 1} and g.coop.timer == coop.TIMER_START
    g.challenge.heads_run[0] = 0
    _fire(g, "turn_start")  # doodled: the roll is a coin — tails is a 1 (removes it) and costs a step
    assert g.players[0].counters == {} and g.coop.timer == coop.TIMER_START - 1
    assert [r[7] for r in kinds(g, "coin")] == ["tails"]


def test_FS_18_1_on_hard_the_turn_start_roll_happens_only_without_a_doodle_counter():
    g = _game("hard", rolls=[1])
    counters.add(g, g.players[0], 1, "doodle")
    _fire(g, "turn_start")  # the intervening condition fails: no roll, no coin
    assert not kinds(g, "coin") and g.players[0].counters == {"doodle": 1}
    assert g.streams.fixed.rolls == [1]


def test_FS_9_2_a_doodled_players_roll_is_a_coin_heads_6_and_two_heads_in_a_row_remove_the_counter():
    g = _game(coins=[True, True])
    p = g.players[0]
    counters.add(g, p, 1, "doodle")
    boss = _boss(g)
    m = monster("Target", hp=9, evasion=6)
    from cardlab.simulate.four_souls.fixtures import add_slot_monster

    tgt = add_slot_monster(g, m)
    g.streams.fixed.rolls = [4, 4]  # the die again once the counter is gone
    g.attacks_left = 1
    attack.run_attack(g, 0, tgt)  # the attack goes on until it ends (FS-10)
    assert [r[7] for r in kinds(g, "coin")] == ["heads", "heads"]  # then no more coins
    assert [r[6] for r in kinds(g, "roll") if r[7] == "final"] == [6, 6, 4, 4]  # hit, hit, miss, miss
    assert tgt.damage == 2 and p.counters == {} and g.challenge.heads_run.get(p.seat, 0) == 0
    assert [r[7] for r in kinds(g, "counters")] == ["added", "removed"]  # removed on the second heads
    assert g.coop.timer == coop.TIMER_START and boss.in_play


def test_FS_18_6_the_timer_advanced_to_0_by_a_tails_loses_the_challenge():
    g = _game(coins=[False])
    counters.add(g, g.players[0], 1, "doodle")
    g.coop.timer = 1
    with pytest.raises(coop.TimerOut):
        _fire(g, "turn_start")
    assert g.over and g.coop.timer == 0
    # the coin made the roll 1 and it went on the stack; the loss comes at the next state check, before
    # any player gets priority — so before the roll resolves (FS-4.9 timing; the doodle counter stays)
    assert [r[6] for r in kinds(g, "roll")] == [1] and g.players[0].counters == {"doodle": 1}


def test_FS_18_1_an_eraser_counter_takes_an_items_abilities_until_it_is_removed():
    """The Doodler's end-of-turn roll (4-6) erases a random item a player controls; the challenge
    card's paid ability (cost: the timer advances 1) removes eraser counters."""
    g = _game(rolls=[5])
    p = g.players[0]
    bf = give_item(g, 0, real("Breakfast"))  # +1 HP
    for q in g.players:
        for it in list(q.items):
            if it is not bf:
                q.items.remove(it)  # only Breakfast can be erased
                g.removed.append(it.phys)
    hp = statics.player_hp(g, p)
    _fire(g, "turn_end")
    assert bf.named == {"eraser": 1} and statics.player_hp(g, p) == hp - 1 and not bf.rules.statics
    assert not counters.add(g, None, 1, "eraser")
    # the challenge card's $ ability is offered to every player, and only while an item is erased
    card = g.challenge.cards[0]
    opts = [a for a in plays.legal_actions(g, 1) if a[0] == "paid" and a[1] is card]
    assert opts
    assert plays.take_action(g, 1, opts[0])
    resolution.priority(g, 1, until_empty=True)
    assert bf.named == {} and statics.player_hp(g, p) == hp and g.coop.timer == coop.TIMER_START - 1
    assert not [a for a in plays.legal_actions(g, 1) if a[0] == "paid" and a[1] is card]
    check_invariants(g)


def test_FS_18_1_the_end_of_turn_roll_of_1_to_3_erases_nothing():
    g = _game(rolls=[3])
    _fire(g, "turn_end")
    assert not any(o.named for p in g.players for o in p.items)


def test_FS_18_1_the_doodler_cannot_be_attacked_nor_damaged_below_its_soul_count():
    g = _game()
    boss = _boss(g)
    assert boss not in attack.attack_options(g, 0)
    from cardlab.simulate.four_souls import damage

    damage.push_damage(g, 2, boss, 0, None, False, None, "Bomb")
    resolution.priority(g, 0, until_empty=True)
    assert boss.damage == 0
    g.players[0].char_soul, g.players[1].char_soul = 3, 3  # 6 souls among all players: Normal's count
    assert boss in attack.attack_options(g, 0)
    damage.push_damage(g, 2, boss, 0, None, False, None, "Bomb")
    resolution.priority(g, 0, until_empty=True)
    assert boss.damage == 2


def test_FS_18_5_blank_canvas_is_built_from_three_revealed_monsters_and_its_death_sets_the_timer_back():
    g = _game(rolls=[6])
    g.removed.extend(g.monster)
    g.monster.clear()
    g.coop.timer = 5
    first = monster("Stats", hp=1, evasion=2, attack=3)
    ev = dataclasses.replace(monster("Event"), hp=None, evasion=None, attack=None)  # a monster-deck event
    second = real("Pooter")  # its abilities
    third = monster("Rewards", rewards={"cents": 7})
    deck(g, "monster", [first, ev, second, third, monster("Untouched")])
    _fire(g, "turn_start")  # fewer than 2 minions: The Doodler puts a Blank Canvas into a minion slot
    assert challenge.minions(g) == 1 and len(g.challenge.set_aside) == 1
    bc = g.mslots[-1][-1]
    assert bc.name == "Blank Canvas" and g.challenge.slots[bc.slot] == challenge.MINION
    assert (bc.phys.card.hp, bc.phys.card.evasion, bc.phys.card.attack) == (1, 2, 3)
    assert bc.rules is g.challenge.composites[bc.phys.pid][1][2].rules  # the second monster's abilities
    assert dict(bc.phys.card.rewards) == {"cents": 7}
    assert [c.card.name for c in g.monster] == ["Untouched"]  # four revealed, all outside the game
    cents = g.players[0].cents
    g.attacks_left = 1
    attack.run_attack(g, 0, bc)  # 6 hits; 1 HP
    resolution.priority(g, 0, until_empty=True)
    checks.state_checks(g)
    assert not bc.in_play and g.players[0].cents == cents + 7
    assert g.coop.timer == 6  # "each time a minion dies": one step back
    assert sorted(c.card.name for c in g.monster_disc) == ["Event", "Pooter", "Rewards", "Stats"]
    assert [p.name for p in g.challenge.set_aside] == ["Blank Canvas", "Blank Canvas"]  # back, set aside
    check_invariants(g)


def test_FS_18_4_the_doodlers_death_wins_the_challenge():
    g = _game(rolls=[6])
    boss = _boss(g)
    g.players[0].char_soul, g.players[1].char_soul = 3, 3
    boss.damage = 5
    g.attacks_left = 1
    with pytest.raises(GameOver) as over:
        attack.run_attack(g, 0, boss)
        resolution.priority(g, 0, until_empty=True)
    assert over.value.winners == (0, 1)


def test_FS_6_20_an_eraser_counter_taking_a_plus_hp_items_ability_from_a_hurt_player_is_not_damage():
    """The same mistake as issue 15's item 1, through a new route: an eraser counter removes Breakfast's
    +1 HP from a player at 2 damage of 3 HP — 1 damage goes with it, they stay alive at 1 HP."""
    g = _game(rolls=[6])
    p = g.players[0]
    bf = give_item(g, 0, real("Breakfast"))
    for q in g.players:
        for it in list(q.items):
            if it is not bf:
                q.items.remove(it)
                g.removed.append(it.phys)
    full = statics.player_hp(g, p)
    p.damage = full - 1  # 1 HP left
    statics.player_hp(g, p)  # read while whole (max_seen)
    _fire(g, "turn_end")  # 6: the eraser counter lands on Breakfast
    checks.state_checks(g)
    assert bf.named == {"eraser": 1} and not p.dead
    assert p.damage == full - 2 and statics.player_hp(g, p) == 1


def test_FS_9_3_FS_9_6_a_doodled_players_reroll_and_each_kept_die_are_coins_too():
    from cardlab.simulate.four_souls import dice

    g = _game(coins=[False, True, True, False], rolls=[5])
    p = g.players[0]
    counters.add(g, p, 1, "doodle")
    r = dice.push_roll(g, 0, "table", table={})
    assert r.value == 1 and g.coop.timer == coop.TIMER_START - 1  # tails
    dice.reroll(g, r, "test")  # FS-9.3: rolling again is rolling a die
    assert r.value == 6 and g.challenge.heads_run[p.seat] == 1
    assert dice.keep_one(g, 0, 2, "lowest", "test") == 5  # heads: 6 (the counter goes), then the die: 5
    assert [r[7] for r in kinds(g, "coin")] == ["tails", "heads", "heads"] and p.counters == {}
    assert g.streams.fixed.rolls == [] and dice.push_roll(g, 1, "table", table={}).value in range(1, 7)


def test_FS_18_5_a_minion_card_an_ability_moves_goes_back_set_aside_not_into_a_deck():
    from cardlab.simulate.four_souls import zones

    g = _game(rolls=[6])
    _fire(g, "turn_start")
    bc = g.mslots[-1][-1]
    revealed = list(g.challenge.composites[bc.phys.pid][1])
    assert challenge.fixed(g, bc) and not zones.leave_play(g, bc)  # it cannot leave its slot alive
    g.mslots[bc.slot].remove(bc)  # as the death steps take it (FS-13.4) ...
    zones.place(g, bc.phys, "monster_deck_top", None, statics.Ctx(g, 0, None, name="t"))  # ... then a move
    assert [p.name for p in g.challenge.set_aside] == [
        "Blank Canvas",
        "Blank Canvas",
    ] and not g.challenge.composites
    assert all(c in g.monster_disc for c in revealed)
    check_invariants(g)


def test_FS_9_7_a_roll_replaced_by_a_coin_still_counts_as_a_die_rolled():
    """[A]: an effect that replaces a die roll with something that yields a roll result (a coin flip)
    still makes it a die roll for Isaac's Tears (G-Fuel, a counter for each die its holder rolls). A
    doodled player holding it flips a coin for a roll (tails: 1): the coin's roll resolves and the item
    gets its counter, as it does for the die roll after the counter is gone."""
    from cardlab.simulate.four_souls import dice
    from cardlab.simulate.four_souls.fixtures import by_id

    g = _game(coins=[False], rolls=[3])
    p = g.players[0]
    tears = give_item(g, 0, by_id("gf-isaacs_tears"))
    counters.add(g, p, 1, "doodle")
    dice.push_roll(g, 0, "table", table={})
    resolution.priority(g, 0, until_empty=True)
    assert [r[7] for r in kinds(g, "coin")] == ["tails"] and tears.counters == 1
    counters.remove(g, p, 1, "doodle")
    dice.push_roll(g, 0, "table", table={})
    resolution.priority(g, 0, until_empty=True)
    assert len(kinds(g, "coin")) == 1 and tears.counters == 2
