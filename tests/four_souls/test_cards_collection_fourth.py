"""Expansion cards of issue 19's fourth batch, each with the exact outcome of the rule its encoding needed:
starting items that let their characters be dealt, and the words they brought."""

from __future__ import annotations

from cardlab.simulate.four_souls import (
    counters,
    damage,
    dice,
    plays,
    replacements,
    resolution,
    resources,
    statics,
    turn,
)
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
    give_loot,
    loot_fillers,
    monster,
    phys,
    position,
    real,
    rooms_of,
    settle,
)
from cardlab.simulate.four_souls.state import Attack, GameOver, RunawayTurn


def _mode(i: int):
    """A plan answering 'choose one' (decision ``choose_mode``) with mode ``i``, nothing else."""
    return lambda d: i if d.kind == "choose_mode" else None


def test_FS_5_11_ball_of_tar_copies_another_players_loot_once_and_never_its_own():
    """Ball of Tar (Gish): $ discard a loot card, mode 1 copies a loot another player is playing. The copy
    is Gish's (3¢ to seat 1) and exists only on the stack; once copied, the same loot is no legal target any
    more ("not already copied this turn"), so a second activation offers only the other two modes; Gish's
    own loot is never a target."""
    offered = []

    def gish(d):
        if d.kind == "choose_mode":
            offered.append(tuple(d.options))
            return d.options[0]
        return None

    g = position(3, plans={1: gish})
    loot_fillers(g, 10)
    g.active = 0
    tar = give_item(g, 1, by_id("soi-ball_of_tar"))
    add_slot_monster(g, monster("Blob", hp=2))
    for _ in range(2):
        give_loot(g, 1, card("Fodder"))
    paid = ("paid", tar, 0)
    cents = give_loot(g, 0, real("3 Cents!"))
    g.players[0].loot_plays = 1
    assert plays.take_action(g, 0, ("loot", cents))
    assert plays.take_action(g, 1, paid)
    assert offered == [(0, 1, 2)] and len(g.players[1].hand) == 1  # the cost: a loot card discarded
    resolution.resolve_ability(g, g.stack.pop())  # Ball of Tar's ability: the copy goes on the stack
    assert [type(it).__name__ for it in g.stack] == ["LootItem", "LootItem"]
    assert plays.take_action(g, 1, paid)  # the original is copied already, the copy is Gish's: modes 2, 3
    assert offered[-1] == (1, 2) and g.players[1].hand == []
    settle(g)
    assert (g.players[0].cents, g.players[1].cents) == (3, 3)
    assert [c.card.name for c in g.loot_disc].count("3 Cents!") == 1  # the copy is no card (FS-5.11)
    own = give_loot(g, 1, real("3 Cents!"))
    give_loot(g, 1, card("Fodder"))
    g.active, g.players[1].loot_plays = 1, 1
    assert plays.take_action(g, 1, ("loot", own))
    assert plays.take_action(g, 1, paid)
    assert offered[-1] == (1, 2)  # its own loot being played is not another player's
    settle(g)
    check_invariants(g)


def test_FS_3_6_FS_6_16_ball_of_tar_discards_an_unattacked_monster_or_shields_one_damage():
    """Mode 2 puts a monster that is not the attack's target into the monster discard (FS-3.6) and the
    slot refills from the deck; mode 3 prevents the next 1 damage Gish would take this turn (FS-6.16)."""
    g = position(2, plans={1: _mode(1)})
    loot_fillers(g, 10)
    g.active = 0
    tar = give_item(g, 1, by_id("soi-ball_of_tar"))
    fought = add_slot_monster(g, monster("Fought", hp=4))
    other = add_slot_monster(g, monster("Other", hp=4))
    nxt = monster("Next", hp=2)
    g.monster.append(phys(g, nxt))
    g.attack = Attack(seat=0, target=fought)
    give_loot(g, 1, card("Fodder"))
    assert plays.take_action(g, 1, ("paid", tar, 0))
    settle(g)
    assert [c.card.name for c in g.monster_disc] == ["Other"] and not other.in_play
    assert fought.in_play and sorted(m.name for m in g.monsters()) == ["Fought", "Next"]
    g.attack = None
    g2 = position(2, plans={1: _mode(2)})
    loot_fillers(g2, 10)
    tar2 = give_item(g2, 1, by_id("soi-ball_of_tar"))
    give_loot(g2, 1, card("Fodder"))
    assert plays.take_action(g2, 1, ("paid", tar2, 0))
    settle(g2)
    assert len(g2.players[1].shields) == 1
    check_invariants(g)
    check_invariants(g2)


def test_FS_5_14_dingle_puts_a_poo_counter_that_strips_an_item_until_it_is_removed():
    """Dingle (Alt Art): whenever it is damaged, the active player gives one non-eternal
    item (decision on resolution); while the counter is on it the item has no abilities (its static +1 HP is
    gone), and removing the counter gives them back. An eternal item is never chosen."""
    g = position(2, rolls=[6])
    loot_fillers(g, 10)
    g.active = 0
    dingle = add_slot_monster(g, by_id("aa-dingle"))
    breakfast = give_item(g, 0, real("Breakfast"))
    give_item(g, 0, real("The D6"))  # eternal: never a candidate
    hp = statics.player_max_hp(g, g.players[0])
    damage.push_damage(g, 1, dingle, 0, None, False, None, "test")
    settle(g)
    assert dingle.damage == 1 and counters_of(breakfast, "poo") == 1
    assert statics.player_max_hp(g, g.players[0]) == hp - 1 and not breakfast.rules.statics
    assert counters.remove(g, breakfast, 1, "poo")
    assert statics.player_max_hp(g, g.players[0]) == hp
    check_invariants(g)


def test_FS_7_4_a_roll_on_the_stack_is_controlled_by_its_roller_for_controlled_by_filters():
    """`{roll: [{controlled_by: you}]}` (Spelunking Pack's first mode, +1 to your roll) keeps the rolls the
    holder put on the stack (FS-7.4) — before, a stack item had no controller for filters and the mode was
    never legal. Another player's roll is not a target."""
    offered = []

    def first_mode(d):
        if d.kind == "choose_mode":
            offered.append(tuple(d.options))
            return d.options[0]
        return None

    g = position(2, rolls=[3, 4], plans={1: first_mode})
    loot_fillers(g, 10)
    g.active = 1
    pack = give_item(g, 1, by_id("rwz-spelunking_pack"))
    add_shop_item(g, card("Ware", deck="treasure", kind="passive"))
    theirs = dice.push_roll(g, 0, "test")
    assert plays.take_action(g, 1, ("paid", pack, 0))
    assert offered == [(1, 2)]  # seat 0's roll: no mode 1
    g.stack.pop()
    g.stack.remove(theirs)
    mine = dice.push_roll(g, 1, "test")
    assert plays.take_action(g, 1, ("paid", pack, 0))
    assert offered[-1] == (0, 1, 2)
    ab = g.stack.pop()
    resolution.resolve_ability(g, ab)
    assert mine.value == 5
    check_invariants(g)


def test_ball_of_tar_and_dingle_are_dealt():
    """Gish is a dealt character now (its starting item is encoded), and Dingle joins the monster deck."""
    supply = build_supply(load_pool(), 4)
    assert "Gish" in {c.name for c in supply.characters}
    assert "aa-dingle" in supply.rules


def _soul_obj(g, seat: int, name: str = "Boss", value: int = 1):
    """A soul under ``seat`` (made without a gain: the scenario moves or gains it itself)."""
    c = monster(name, hp=3)
    o = g.new_obj(phys(g, c), "soul", seat)
    o.soul_value = value
    return o


def test_FS_6_11_FS_6_12_found_soul_goes_to_another_player_when_a_soul_enters_its_controllers_control():
    """Found Soul (+1 damage): a soul *given* to its controller (FS-6.12, not a gain) makes them give the
    item to another player; while it is theirs they have +1 damage, then the new holder has it."""
    g = position(2)
    loot_fillers(g, 10)
    g.active = 0
    found = give_item(g, 0, by_id("soi-found_soul"))
    atk = [statics.player_atk(g, p) for p in g.players]
    soul = _soul_obj(g, 1)
    g.players[1].souls.append(soul)
    assert resources.move_item(g, soul, 0, "give", "test")
    settle(g)
    assert found.controller == 1 and found in g.players[1].items
    assert [statics.player_atk(g, p) for p in g.players] == [atk[0] - 1, atk[1] + 1]
    check_invariants(g)


def test_FS_6_11_a_friend_counts_souls_entering_other_players_control_and_becomes_a_soul_at_three():
    """A Friend: a counter each time a soul comes under *another* player's control — gained (FS-6.11) or
    stolen (FS-6.12) — none for its own controller's; at 3 it becomes its controller's soul (value 1) with
    no abilities (a fourth soul entering adds nothing)."""
    g = position(2, souls_to_win=9)
    loot_fillers(g, 10)
    g.active = 0
    friend = give_item(g, 1, by_id("soi-a_friend"))
    resources.gain_soul(g, g.players[1], _soul_obj(g, 1), "test")  # its own controller: no counter
    settle(g)
    assert counters_of(friend) == 0
    for _ in range(2):
        resources.gain_soul(g, g.players[0], _soul_obj(g, 0), "test")
        settle(g)
    assert counters_of(friend) == 2 and friend.in_play and friend.kind == "item"
    stolen = g.players[1].souls[0]
    assert resources.move_item(g, stolen, 0, "steal", "test")
    settle(g)
    assert friend not in g.players[1].items
    new = [s for s in g.players[1].souls if s.phys is friend.phys]
    assert len(new) == 1 and new[0].soul_value == 1
    assert g.players[1].soul_total() == 1 and g.players[0].soul_total() == 3
    resources.gain_soul(g, g.players[0], _soul_obj(g, 0), "test")  # a soul's abilities do not work
    settle(g)
    assert counters_of(new[0]) == 0 and g.players[1].soul_total() == 1
    check_invariants(g)


def test_FS_6_12_karma_makes_two_chosen_players_take_a_shop_item_each_and_loot_one():
    """Karma (3+ players): a soul gained by another player; Karma's controller chooses 2 players (seats 0
    and 2); each steals a shop item (the slot refills, FS-12.1) and loots 1. Its controller's own soul
    triggers nothing."""
    picks = iter([0, 2])

    def chooser(d):
        if d.kind == "choose_target":
            want = next(picks)
            return next(o for o in d.options if getattr(o, "seat", None) == want)
        return None

    g = position(3, plans={1: chooser})
    loot_fillers(g, 10)
    g.active = 0
    give_item(g, 1, by_id("soi-karma"))
    for i in range(2):
        add_shop_item(g, card(f"Ware{i}", deck="treasure", kind="passive"))
    hands = [len(p.hand) for p in g.players]
    resources.gain_soul(g, g.players[1], _soul_obj(g, 1), "test")
    settle(g)
    assert [len(p.hand) for p in g.players] == hands
    resources.gain_soul(g, g.players[0], _soul_obj(g, 0), "test")
    settle(g)
    assert [len(p.hand) - h for p, h in zip(g.players, hands, strict=True)] == [1, 0, 1]
    assert [sorted(o.name for o in p.items if o.name.startswith("Ware")) for p in g.players] == [
        ["Ware0"],
        [],
        ["Ware1"],
    ]
    check_invariants(g)


def test_FS_5_2_hemoptysis_sets_a_monsters_damage_to_one_for_good_and_hits_up_to_two():
    """Hemoptysis (The Benighted): ↷ a counter on it; $ remove 1: a monster's damage becomes 1 with no
    stated end (FS-5.2) — an until-end-of-turn +1 still adds and lapses, the 1 stays after the turn; $
    remove 2: 1 damage to each of at most 2 targets, monsters or players (here a monster and seat 1, then no third)."""
    asked = []

    def hemo(d):
        if d.kind == "choose_target":
            asked.append(len(d.options))
            named = [o for o in d.options if getattr(o, "name", None) == "Brute"]
            seat1 = [o for o in d.options if getattr(o, "seat", None) == 1]
            return (named or seat1 or [d.options[0]])[0]
        return None

    g = position(2, plans={0: hemo})
    loot_fillers(g, 10)
    g.active = 0
    hemo_item = give_item(g, 0, by_id("r-hemoptysis"))
    brute = add_slot_monster(g, monster("Brute", hp=5, attack=3))
    for _ in range(3):
        assert plays.take_action(g, 0, ("tap", hemo_item, 0))
        settle(g)
        hemo_item.charged = True
    assert counters_of(hemo_item) == 3
    brute.b_atk = 1  # till end of turn
    assert plays.take_action(g, 0, ("paid", hemo_item, 0))
    settle(g)
    assert counters_of(hemo_item) == 2 and statics.monster_atk(g, brute) == 2
    brute.b_atk = 0  # the turn's end removes until-end-of-turn buffs (FS-8.10)
    assert statics.monster_atk(g, brute) == 1
    assert plays.take_action(g, 0, ("paid", hemo_item, 1))
    settle(g)
    assert counters_of(hemo_item) == 0
    assert brute.damage == 1 and g.players[1].damage == 1 and g.players[0].damage == 0
    check_invariants(g)


def test_FS_8_12_focus_levels_on_souls_and_recharges_the_character_once_a_round():
    """Focus (The Knight): a level each time a soul comes under its controller — gained or given. Level 2+:
    the first activation of the character each round recharges it (FS-8.12: the round runs from the start
    of the controller's turn; another player's turn and an extra turn start none). Level 3+: the first damage
    the controller would take each turn is prevented, the second is not."""
    g = position(2, chars=[by_id("rwz-the_knight"), by_id("rwz-the_knight")], souls_to_win=9)
    loot_fillers(g, 40)
    focus = give_item(g, 0, by_id("rwz-focus"))
    resources.gain_soul(g, g.players[0], _soul_obj(g, 0), "test")
    settle(g)
    assert focus.levels == 1
    given = _soul_obj(g, 1)
    g.players[1].souls.append(given)
    assert resources.move_item(g, given, 0, "give", "test")
    settle(g)
    assert focus.levels == 2
    knight = g.players[0].character

    def activate() -> bool:
        knight.charged = True
        assert plays.take_action(g, 0, ("tap", knight, 0))
        settle(g)
        return knight.charged

    g.active = 0
    turn.play_turn(g)  # seat 0's round starts
    assert [activate(), activate()] == [True, False]
    g.active = 1
    turn.play_turn(g)  # another player's turn: the same round for seat 0
    assert not activate()
    g.extra_turns = [0]
    turn._turn_done(g, None)  # an extra turn for seat 0 starts no round
    turn.play_turn(g)
    assert g.active == 0 and not activate()
    g.active = 1
    turn._turn_done(g, None)  # seat 0's next regular turn: a new round
    turn.play_turn(g)
    assert activate()
    resources.gain_soul(g, g.players[0], _soul_obj(g, 0), "test")
    settle(g)
    assert focus.levels == 3
    g.between = False  # back inside a turn
    for _ in range(2):
        damage.push_damage(g, 1, g.players[0], 1, None, False, None, "test")
        settle(g)
    assert g.players[0].damage == 1
    check_invariants(g)


def test_FS_1_31_club_doubles_non_boss_rewards_on_its_controllers_turn_only():
    """Club (Clubby the Seal): a basic monster's reward block is carried out twice on its controller's
    turn (FS-Q.26), once on another player's; a boss's never doubles."""
    g = position(2)
    give_item(g, 0, by_id("soi-club"))
    blob = add_slot_monster(g, monster("Blob", hp=2, rewards={"cents": 1}))
    boss = add_slot_monster(g, monster("Boss", hp=4, rewards={"cents": 3}, soul=1, kind="normal_boss"))
    g.active = 0
    assert (replacements.reward_times(g, blob, 3), replacements.reward_times(g, boss, 3)) == (2, 1)
    g.active = 1
    assert (replacements.reward_times(g, blob, 3), replacements.reward_times(g, boss, 3)) == (1, 1)


def test_FS_3_8_club_bottoms_an_unattacked_monster_on_your_turn():
    """↷: on its controller's turn, a monster that is not the attack's target goes to the bottom of the
    monster deck and its slot refills from the top; on another player's turn it does nothing."""
    g = position(2)
    loot_fillers(g, 10)
    club = give_item(g, 0, by_id("soi-club"))
    fought = add_slot_monster(g, monster("Fought", hp=4))
    other = add_slot_monster(g, monster("Other", hp=4))
    g.monster.append(phys(g, monster("Next", hp=2)))
    g.attack = Attack(seat=0, target=fought)
    g.active = 1
    assert plays.take_action(g, 0, ("tap", club, 0))
    settle(g)
    assert other.in_play and [c.card.name for c in g.monster] == ["Next"]
    club.charged = True
    g.active = 0
    assert plays.take_action(g, 0, ("tap", club, 0))
    settle(g)
    assert not other.in_play and g.monster[0].card.name == "Other"
    assert sorted(m.name for m in g.monsters()) == ["Fought", "Next"]
    g.attack = None
    check_invariants(g)


def test_FS_6_9_club_cancels_an_items_ability_and_strips_the_item_until_its_controllers_turn_ends():
    """↷: cancel another player's item ability on the stack (it does nothing); the item has no abilities until
    the end of Club's controller's next turn — not at the end of another player's turn — then it has them
    back."""
    g = position(2)
    loot_fillers(g, 10)
    club = give_item(g, 0, by_id("soi-club"))
    zap = give_item(
        g, 1, card("Zapper", deck="treasure", kind="active", abilities=({"tap": {"do": {"gain_cents": 2}}},))
    )
    g.active = 1
    assert plays.take_action(g, 1, ("tap", zap, 0))
    assert plays.take_action(g, 0, ("tap", club, 1))
    settle(g)
    assert g.players[1].cents == 0 and not zap.rules.tap and not g.stack
    turn.end_of_turn(g)  # seat 1's turn ends: still stripped
    assert not zap.rules.tap
    g.active = 0
    turn.end_of_turn(g)  # Club's controller's turn ends
    assert len(zap.rules.tap) == 1 and g.stripped == []
    check_invariants(g)


def _boss_soul(g, seat: int, card_id: str):
    """The boss card ``card_id`` gained as ``seat``'s soul (FS-13.4 step 5), its gain triggers heard."""
    o = g.new_obj(phys(g, by_id(card_id)), "soul", seat)
    resources.gain_soul(g, g.players[seat], o, "boss")
    return o


def test_FS_14_3_moms_heart_gained_makes_a_joint_soul_leader_win():
    """Mom's Heart! (2 souls): when a player gains it, they pick a player level with the soul leader (soul
    value), who wins once the ability resolves (FS-14.3) — here seat 1 (3 souls), not the gainer (2)."""
    g = position(3)
    loot_fillers(g, 10)
    g.active = 0
    for _ in range(3):
        g.players[1].souls.append(_soul_obj(g, 1))
    _boss_soul(g, 0, "fsp2-moms_heart")
    try:
        settle(g)
    except GameOver as over:
        assert over.winners == (1,)
    else:
        raise AssertionError("nobody won")


def test_FS_14_1_it_lives_as_a_controlled_soul_raises_the_souls_needed_to_win_to_five():
    """It Lives! (Alt Art, 2 souls): while a player controls it, 4 souls no longer win; 5 do. The Star Promos
    It Lives! is Mom's Heart!'s rule instead (gaining it makes the most souls win)."""
    g = position(2)
    loot_fillers(g, 10)
    g.active = 0
    _boss_soul(g, 0, "aa-it_lives")
    for _ in range(2):
        resources.gain_soul(g, g.players[0], _soul_obj(g, 0), "test")
    settle(g)  # 4 souls: no win while It Lives! is controlled
    resources.gain_soul(g, g.players[1], _soul_obj(g, 1), "test")
    resources.gain_soul(g, g.players[0], _soul_obj(g, 0), "test")
    try:
        settle(g)
    except GameOver as over:
        assert over.winners == (0,)
    else:
        raise AssertionError("5 souls did not win")
    g2 = position(2)
    loot_fillers(g2, 10)
    resources.gain_soul(g2, g2.players[1], _soul_obj(g2, 1), "test")
    _boss_soul(g2, 0, "p-it_lives")
    try:
        settle(g2)
    except GameOver as over:
        assert over.winners == (0,)  # seat 0 has 2 souls, the most
    else:
        raise AssertionError("nobody won")


def test_FS_13_4_balrog_dies_into_an_item_that_destroys_itself_to_kill_a_player_or_monster():
    """Balrog: at its death it becomes the active player's item (no other reward); its only ability, ↷:
    destroy it, and if so kill a chosen monster or player (FS-5.8 'if you do')."""
    g = position(
        2, plans={0: lambda d: next((o for o in d.options if getattr(o, "name", None) == "Blob"), None)}
    )
    loot_fillers(g, 10)
    g.active = 0
    balrog = add_slot_monster(g, by_id("rwz-balrog"))
    blob = add_slot_monster(g, monster("Blob", hp=3))
    g.monster.extend(phys(g, monster(f"Next{i}", hp=2)) for i in range(2))
    assert damage.kill(g, balrog, 0)
    settle(g)
    item = [o for o in g.players[0].items if o.name == "Balrog"]
    assert len(item) == 1 and g.players[0].cents == 0
    assert plays.take_action(g, 0, ("tap", item[0], 0))
    settle(g)
    assert not item[0].in_play and not blob.in_play
    assert sorted(c.card.name for c in g.monster_disc) == ["Balrog", "Blob"]  # FS-3.6: its own deck's discard
    check_invariants(g)


def _curse_on(g, seat: int, card_id: str):
    o = g.new_obj(phys(g, by_id(card_id)), "curse", seat)
    g.players[seat].curses.append(o)
    return o


def test_FS_8_1_curse_of_fatigue_and_heavy_is_the_head_recharge_one_chosen_item():
    """Curse of Fatigue: its bearer's recharge step recharges their character and only 1 of their 3
    deactivated items, the one they choose. Heavy is the Head (a room, "you" = the active player): an active
    player tied for the most items recharges 1; one with fewer items recharges all."""
    g = position(2, plans={0: lambda d: d.options[-1] if d.kind == "choose_target" else None})
    spent = [
        give_item(g, 0, card(f"Gear{i}", deck="treasure", kind="active"), charged=False) for i in range(3)
    ]
    g.players[0].character.charged = False
    _curse_on(g, 0, "g2-curse_of_fatigue")
    turn.recharge_step(g, g.players[0])
    assert g.players[0].character.charged and [o.charged for o in spent] == [False, False, True]
    g2 = position(2)
    rooms = rooms_of(g2)
    heavy = g2.new_obj(phys(g2, by_id("r-heavy_is_the_head")), "room", -1, slot=0)
    rooms.slots.append([heavy])
    mine = [
        give_item(g2, 0, card(f"Gear{i}", deck="treasure", kind="active"), charged=False) for i in range(2)
    ]
    theirs = [give_item(g2, 1, card("Lone", deck="treasure", kind="active"), charged=False)]
    g2.active = 0
    turn.recharge_step(g2, g2.players[0])
    assert sum(o.charged for o in mine) == 1
    g2.active = 1
    give_item(g2, 1, card("Spare", deck="treasure", kind="passive"))
    turn.recharge_step(g2, g2.players[1])  # 2 items against 2: tied for the most, only 1
    assert theirs[0].charged
    mine[0].charged = mine[1].charged = False
    give_item(g2, 1, card("More", deck="treasure", kind="passive"))
    g2.active = 0
    turn.recharge_step(g2, g2.players[0])  # 2 items against 3: not the most, all recharge
    assert all(o.charged for o in mine)


def test_FS_8_10_curse_of_tiny_hands_makes_its_bearer_discard_down_to_two():
    """Curse of Tiny Hands: at the end of its bearer's turn they discard down to 2 cards (FS-8.10(2)); the
    other player keeps their 5 at the end of their own turn (the game's limit is 10)."""
    g = position(2)
    loot_fillers(g, 20)
    _curse_on(g, 0, "g2-curse_of_tiny_hands")
    for p in g.players:
        for _ in range(5):
            give_loot(g, p.seat, card("Fodder"))
    for seat in (0, 1):
        g.active = seat
        turn._end_phase(g)
    assert [len(p.hand) for p in g.players] == [2, 5]


def test_FS_9_2_marked_and_the_missing_page_loop_by_choice_is_cut_off_as_a_runaway_turn(monkeypatch):
    """Marked (your first attack roll on your turn may become a 5) against The Missing Page (a 5 may be
    rerolled): each change sends the roll back to step (3) and the would-roll triggers fire again (FS-9.2(4)),
    so two players who always say yes loop for ever. Each "may" is a player's choice, so the turn is cut
    off as a runaway turn (a turn cap, like repeated $ abilities, FS-4.7), never reported as a card loop."""
    monkeypatch.setattr(resolution, "RESOLUTION_CAP", 300)
    monkeypatch.setattr(resolution, "_AUTOMATIC", 40)
    yes = lambda d: True if d.kind == "may" else None  # noqa: E731
    g = position(2, plans={0: yes, 1: yes}, rolls=[2] * 400)
    loot_fillers(g, 10)
    g.active = 0
    give_item(g, 0, by_id("tgt-marked"))
    give_item(g, 1, by_id("g2-the_missing_page"))
    blob = add_slot_monster(g, monster("Blob", hp=9))
    g.attack = Attack(seat=0, target=blob)
    dice.push_roll(g, 0, "attack").attack = True
    try:
        resolution.priority(g, 0, until_empty=True)
    except RunawayTurn:
        pass
    else:
        raise AssertionError("the loop ended")
    assert g.resolved > 300


def test_FS_6_12_clog_dying_passes_every_hand_to_the_left_at_once():
    """Clog: at its death every hand passes one seat left (to the next player in turn order,
    FS-0.4), all at once — the same move as Chaos's hook."""
    g = position(3)
    loot_fillers(g, 10)
    g.active = 0
    hands = [[give_loot(g, p.seat, card(f"Card{p.seat}{k}")) for k in range(p.seat + 1)] for p in g.players]
    clog = add_slot_monster(g, by_id("r-clog"))
    g.monster.extend(phys(g, monster(f"Next{i}", hp=2)) for i in range(2))
    assert damage.kill(g, clog, 0)
    settle(g)
    got = [p.hand for p in g.players]
    assert got[1][:1] == hands[0] and got[2][:2] == hands[1] and got[0][: len(hands[2])] == hands[2]


def test_FS_8_1_mama_haunt_keeps_the_character_spent_in_the_recharge_step_and_leaves_at_death():
    """Mama Haunt: its controller's recharge step recharges their items but not their character; when they
    die it goes to another player (before the penalty, so it is not the item they would destroy)."""
    g = position(2)
    loot_fillers(g, 10)
    haunt = give_item(g, 0, by_id("fsp2-mama_haunt"))
    gear = give_item(g, 0, card("Gear", deck="treasure", kind="active"), charged=False)
    g.players[0].character.charged = False
    turn.recharge_step(g, g.players[0])
    assert gear.charged and not g.players[0].character.charged
    g.active = 1
    assert damage.kill(g, g.players[0], 1)
    settle(g)
    assert haunt.controller == 1 and haunt in g.players[1].items


def test_FS_10_2_moms_underwear_adds_an_attack_and_two_damage_during_the_second_attack():
    """Mom's Underwear: one more attack on your turn; while your second attack of the turn is in progress
    (attacks declared this turn: 2) you have +2 damage, not during the first or off your turn."""
    g = position(2)
    give_item(g, 0, by_id("box-moms_underwear"))
    g.active = 0
    p = g.players[0]
    base = statics.player_atk(g, p)
    assert statics.count(g, p, "attacks") == 1
    g.attacks_used = 1
    assert statics.player_atk(g, p) == base
    g.attacks_used = 2
    assert statics.player_atk(g, p) == base + 2
    g.active = 1
    assert statics.player_atk(g, p) == base
