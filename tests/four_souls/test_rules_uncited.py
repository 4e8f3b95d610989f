"""Rule scenarios for Four Souls rules no other test cites (a self-examination from the rulebook): each
sets up a position, acts and asserts the exact outcome, named after the rule."""

from __future__ import annotations

from cardlab.simulate.four_souls import (
    attack,
    checks,
    damage,
    dice,
    items,
    plays,
    resolution,
    resources,
    statics,
    turn,
)
from cardlab.simulate.four_souls.fixtures import (
    add_shop_item,
    add_slot_monster,
    by_id,
    card,
    character,
    check_invariants,
    deck,
    give_item,
    give_loot,
    kinds,
    monster,
    phys,
    position,
    real,
    settle,
    take_cents,
)
from cardlab.simulate.four_souls.refs import SeatRef


def _events(g, *names):
    return [r[3] for r in g.log.rows if r[3] in names]


# --------------------------------------------------------------------------- FS-12.5 / FS-13.14 slots and a dead active player


def test_FS_12_5_FS_13_14_a_dead_active_player_still_refills_and_resolves_the_event():
    """The active player (1 HP) and a 1-HP monster take lethal damage together: the monster's death
    resolves first (FS-10.13), then the player's. The emptied slot is still refilled and the event
    revealed into it (Chest) resolves for the dead active player, who gains its ¢ (FS-12.3)."""
    g = position(2, chars=[character("Frail", hp=1), character("B")], rolls=[6])
    g.active = 0
    blob = add_slot_monster(g, monster("Blob", hp=1, evasion=1, rewards={"cents": 1}))
    chest, blob2 = deck(g, "monster", [real("Chest"), monster("Blob2")])
    damage.push_damage(g, 1, g.players[0], -1, None, False, None, "test")
    damage.push_damage(g, 1, blob, 0, None, False, None, "test")
    settle(g)
    p = g.players[0]
    assert p.dead and not blob.in_play
    assert g.mslots[0][-1].phys is blob2 and chest in g.monster_disc
    assert p.cents == 1 + 6 - 1  # the reward, the Chest's 6, less the death penalty's 1¢
    check_invariants(g)


def test_FS_12_5_the_turn_does_not_end_with_an_empty_slot():
    """A monster slot is empty when the active player holds priority to end the turn: it is refilled
    before the end phase (the end declaration comes only with every slot full)."""
    g = position(2)
    g.active = 0
    g.mslots.append([])
    add_shop_item(g, real("Breakfast"))
    (blob,) = deck(g, "monster", [monster("Blob")])

    def p0(d):
        if d.kind == "action":
            return next(o for o in d.options if o[0] == "end")
        return None

    g.io.strategies[0].plan = p0
    assert not turn.action(g)
    assert g.mslots[0][-1].phys is blob
    assert _events(g, "monster_revealed", "end_declared") == ["monster_revealed", "end_declared"]


# --------------------------------------------------------------------------- FS-10 attack declaration


def test_FS_Q_6_FS_10_4_FS_10_17_a_declared_attack_stands_when_its_monster_dies_in_response():
    """FS-Q.6: the declaration gets a priority round before any target is chosen. P1 bombs the only
    slot monster in that window; the slot refills; the attack is not withdrawn (FS-10.4): P0 then
    chooses among the targets there are now (the new monster, the deck top). FS-10.17 cannot arise: the
    declaration has no target yet, so nothing fizzles and no attack is given back."""
    asked = []

    def p0(d):
        if d.kind == "attack_target":
            asked.append(tuple(getattr(o, "name", o) for o in d.options))
            return next(o for o in d.options if getattr(o, "name", "") == "Blob2")
        return None

    def p1(d):
        if d.kind == "respond" and kinds(g, "attack_declared") and not kinds(g, "monster_died"):
            return next((o for o in d.options if o != "pass" and o[0] == "loot"), None)
        if d.kind == "choose_target":
            return next(o for o in d.options if getattr(o, "name", "") == "Blob")
        return None

    g = position(2, chars=[character("A", hp=5), character("B")], plans={0: p0, 1: p1}, rolls=[6])
    g.active = 0
    add_slot_monster(g, monster("Blob", hp=1, evasion=2))
    blob2, _ = deck(g, "monster", [monster("Blob2", hp=1, evasion=2), monster("Under")])
    give_loot(g, 1, real("Bomb!"))
    g.players[1].loot_plays = 1
    g.attacks_left = 1
    assert turn.act(g, 0, ("attack", None))
    assert asked == [("Blob2", "monster_deck")]  # chosen after the window, among the targets of now
    assert g.attacks_used == 1 and g.attacks_left == 0
    assert blob2 in g.monster_disc and [r[7] for r in kinds(g, "attack_ended")] == ["killed"]


# --------------------------------------------------------------------------- FS-11 purchase


def test_FS_Q_18_FS_11_7_a_purchase_the_buyer_can_no_longer_pay_for_is_not_used_up():
    """FS-Q.18: the declaration is no stack item, only a priority round. In that window P0 pays 1¢ of
    their 10¢ for a Lucky Foot-free ability of their own (a test $ item); with 9¢ they cannot pay at the
    moment of choosing: the purchase fails and is not used up (FS-11.7, FS-Q.9)."""
    spend = card(
        "Spender",
        "treasure",
        "active",
        abilities=({"paid": {"cost": [{"pay": {"cents": 1}}], "do": {"loot": 1}}},),
    )

    def p0(d):
        if d.kind == "respond" and kinds(g, "purchase_declared") and g.players[0].cents == 10:
            return next((o for o in d.options if o != "pass" and o[0] != "loot"), None)
        return None

    g = position(2, plans={0: p0})
    g.active = 0
    give_item(g, 0, spend)
    add_shop_item(g, real("Breakfast"))
    deck(g, "treasure", [card("T", "treasure", "passive")])
    deck(g, "loot", [card("L")])
    take_cents(g, 0, 10)
    g.purchases_left = 1
    assert not g.stack
    turn.purchase(g, 0)
    p = g.players[0]
    assert p.cents == 9 and [c.card.name for c in p.hand] == ["L"]
    assert g.purchases_left == 1 and len(p.items) == 1  # nothing bought, the purchase not used
    assert [r[7] for r in kinds(g, "purchase")] == ["failed"]


# --------------------------------------------------------------------------- FS-7 priority


def test_FS_Q_2_the_player_who_adds_an_item_gets_priority_first():
    """P0 puts a roll on the stack; P1 answers with Bomb!: P1 is asked again first (FS-7.4), then P0;
    after the Bomb! resolves, priority starts with the active player (FS-7.5)."""
    order = []

    def plan(seat):
        def f(d):
            if d.kind == "respond":
                order.append((seat, d.context.kind if d.context is not None else None))
                if seat == 1 and not kinds(g, "loot_played"):
                    return next(o for o in d.options if o != "pass" and o[0] == "loot")
            if d.kind == "choose_target":
                return SeatRef(0)
            return None

        return f

    g = position(2, chars=[character("A", hp=3), character("B")], plans={0: plan(0), 1: plan(1)}, rolls=[4])
    g.active = 0
    for seat in (0, 1, 1):  # each may answer again (P1 has two); P0 always passes
        give_loot(g, seat, real("Bomb!"))
        g.players[seat].loot_plays += 1
    dice.push_roll(g, 0, "effect", name="test")
    resolution.priority(g, 0)
    assert order[:5] == [(0, "roll"), (1, "roll"), (1, "loot"), (0, "loot"), (0, "damage")]


# --------------------------------------------------------------------------- FS-8.3 loot step


def test_FS_Q_16_FS_7_9_the_loot_step_is_an_action_then_a_priority_round():
    """The start-of-turn draw does not use the stack: when the first window of the loot step opens the
    card is already in the hand and the stack is empty."""
    seen = []

    def p0(d):
        if d.kind == "respond":
            seen.append((len(g.players[0].hand), len(g.stack)))
        if d.kind == "action":
            return next(o for o in d.options if o[0] == "end")
        return None

    g = position(2, plans={0: p0})
    g.active = 0
    g.players[0].character.charged = True
    g.players[0].character = g.new_obj(phys(g, real("Isaac")), "character", 0)  # ↷: a response to offer
    g.mslots.append([])
    deck(g, "monster", [monster("Blob")])
    deck(g, "loot", [card("Drawn"), card("Other")])
    turn._play_turn(g)
    assert seen[:2] == [(0, 0), (1, 0)]  # the start-of-turn triggers' round, then the loot step's


# --------------------------------------------------------------------------- FS-12.1 refill timing


def test_FS_Q_17_FS_Q_10_the_slot_refills_after_the_death_triggers():
    """Boom Fly dies: its "when this dies" trigger (1 damage to each player) goes on the stack before
    the reward (FS-13.4 step 2, not on the stack: FS-Q.10), and the slot refills only once that trigger has
    resolved (FS-12.2), outside the stack."""
    g = position(2, chars=[character("A", hp=3), character("B", hp=3)])
    g.active = 0
    fly = add_slot_monster(g, real("Boom Fly"))
    (nxt,) = deck(g, "monster", [monster("Next")])
    damage.kill(g, fly, 0)
    settle(g)
    order = _events(g, "monster_died", "reward", "damage", "monster_revealed")
    assert order == ["monster_died", "damage", "damage", "reward", "monster_revealed"]
    assert not any(isinstance(it, items.StackItem) and it.kind == "refill" for it in g.stack)
    assert g.mslots[0][-1].phys is nxt and g.players[0].cents == 4


# --------------------------------------------------------------------------- FS-4.18 roll readers


def test_FS_Q_28_a_roll_reader_reads_the_final_result():
    """Chest (an event: roll, 1-2 1¢, 3-4 3¢, 5-6 6¢): the roll (2) is raised by 2 with Lucky Foot while
    it waits on the stack; the reading ability reads the final 4 and pays 3¢, not 1¢."""

    def p0(d):
        if d.kind == "respond" and d.context is not None and d.context.kind == "roll":
            return next((o for o in d.options if o != "pass" and o[0] == "tap"), None)
        if d.kind == "choose_target":
            return next(o for o in d.options if getattr(o, "kind", "") == "roll")
        if d.kind in ("choose_number", "modify_roll", "roll_delta"):
            return max(d.options)
        return None

    g = position(2, plans={0: p0}, rolls=[2])
    g.active = 0
    foot = give_item(g, 0, real("Lucky Foot"))
    foot.charged = True
    g.mslots.append([])
    deck(g, "monster", [real("Chest"), monster("Blob")])
    settle(g)
    assert g.players[0].cents == 3
    assert [r[6] for r in g.log.rows if r[3] == "roll" and r[7] == "final"] == [4]


# --------------------------------------------------------------------------- FS-4.2 targets


def test_FS_Q_15_a_target_is_chosen_as_the_loot_goes_on_the_stack():
    """Bomb! aimed at Blob; in response Blob dies and the slot refills: the Bomb! fizzles, and the new
    monster is not hit (the target is not chosen again at resolution)."""

    def p0(d):
        if d.kind == "choose_target":
            return next(o for o in d.options if getattr(o, "name", "") == "Blob")
        return None

    g = position(2, plans={0: p0})
    g.active = 0
    blob = add_slot_monster(g, monster("Blob", hp=1))
    (nxt,) = deck(g, "monster", [monster("Next", hp=2)])
    bomb = give_loot(g, 0, real("Bomb!"))
    g.players[0].loot_plays = 1
    assert plays.take_action(g, 0, ("loot", bomb))
    assert [r[5] for r in kinds(g, "target")] == ["Blob"] or g.stack[-1].ctx.binds["T"] is blob
    damage.kill(g, blob, 1)  # a response, resolved first
    settle(g)
    new = g.mslots[0][-1]
    assert new.phys is nxt and new.damage == 0
    assert [r[4] for r in kinds(g, "fizzled")] == ["Bomb!"]


# --------------------------------------------------------------------------- FS-5.15 levels


def test_FS_Q_37_bum_bo_is_the_level_printing():
    """Bum-Bo! (Base V2 printing): gaining ¢ puts that many level counters on it instead; at level ≥1
    the first attack roll of each turn gets +2, the second none."""
    g = position(2, rolls=[2, 2])
    g.active = 0
    bumbo = give_item(g, 0, real("Bum-Bo!"))
    resources.gain_cents(g, g.players[0], 3, "test")
    assert g.players[0].cents == 0 and bumbo.levels == 3
    m = add_slot_monster(g, monster("Wall", hp=9, evasion=6, attack=0))
    g.attack = None
    for _ in range(2):
        r = dice.push_roll(g, 0, "attack", target=m)
        r.attack = True
        settle(g)
    assert [r[6] for r in g.log.rows if r[3] == "roll" and r[7] == "final"] == [4, 2]


# --------------------------------------------------------------------------- FS-9 attack rolls


def test_FS_9_5_a_hit_puts_combat_damage_on_the_stack_where_it_can_be_answered():
    """The attack roll resolves as a hit: combat damage aimed at the monster waits on the stack, and a
    player may answer it (here P1 looks at the top item)."""
    tops = []

    def p1(d):
        if d.kind == "respond" and d.context is not None:
            tops.append(d.context.kind)
        return None

    g = position(2, plans={1: p1}, rolls=[6])
    g.active = 0
    g.players[1].character.charged = True
    g.players[1].character = g.new_obj(phys(g, real("Isaac")), "character", 1)
    m = add_slot_monster(g, monster("Blob", hp=1, evasion=3))
    assert attack.run_attack(g, 0, m)
    assert tops[:2] == ["roll", "damage"]


def test_FS_6_17_a_reroll_changes_the_same_roll():
    """The D6 rerolls an attack roll of 1 to 5: one attack roll, one final result (5), a hit; the
    player made one attack roll this turn."""

    def p0(d):
        if (
            d.kind == "respond"
            and d.context is not None
            and d.context.kind == "roll"
            and g.players[0].items[0].charged
        ):
            return next((o for o in d.options if o != "pass" and o[0] == "tap"), None)
        if d.kind == "choose_target":
            return next(o for o in d.options if getattr(o, "kind", "") == "roll")
        return None

    g = position(2, plans={0: p0}, rolls=[1, 5])
    g.active = 0
    d6 = give_item(g, 0, real("The D6"), eternal=True, starting=True)
    d6.charged = True
    m = add_slot_monster(g, monster("Blob", hp=1, evasion=3))
    g.attack = None
    r = dice.push_roll(g, 0, "attack", target=m)
    r.attack = True
    settle(g)
    finals = [x[6] for x in g.log.rows if x[3] == "roll" and x[7] == "final"]
    assert finals == [5] and g.players[0].attack_rolls_this_turn == 1
    assert len([x for x in g.log.rows if x[3] == "roll" and x[7] == "reroll"]) == 1


# --------------------------------------------------------------------------- FS-13 death


def test_FS_13_13_FS_1_18_a_curse_leaves_by_its_own_trigger_before_the_penalty():
    """The active player (P1's turn: P1 chooses) gives Curse Of Greed to P0. P0 dies: the curse's "when
    you die" trigger puts it into the monster discard before the death penalty is paid."""
    g = position(2, plans={1: lambda d: SeatRef(0) if d.kind == "give_curse" else None})
    g.active = 1
    g.mslots.append([])
    (curse,) = deck(g, "monster", [real("Curse Of Greed")])
    deck(g, "monster", [monster("After")])
    g.monster.reverse()  # the curse on top
    settle(g)
    assert [c.phys for c in g.players[0].curses] == [curse]
    assert kinds(g, "curse_received")[0][2] == 0
    give_loot(g, 0, card("Kept"))
    damage.kill(g, g.players[0], 1)
    settle(g)
    assert not g.players[0].curses and curse in g.monster_disc
    order = _events(g, "curse_discarded", "penalty", "loot_discarded", "player_died")
    assert order.index("curse_discarded") < order.index("loot_discarded")


# --------------------------------------------------------------------------- FS-1 bosses and souls


def test_FS_1_16_FS_1_20_FS_1_32_a_boss_killed_on_another_turn_is_the_active_players_soul():
    """P1 bombs a 1-HP boss (soul icon 1) during P0's turn: P0, the active player, gains the reward and the
    boss as a soul worth its icon's value."""

    def p1(d):
        if d.kind == "choose_target":
            return next(o for o in d.options if getattr(o, "name", "") == "Boss")
        return None

    g = position(2, plans={1: p1})
    g.active = 0
    boss = add_slot_monster(g, monster("Boss", hp=1, soul=1, rewards={"cents": 3}, kind="normal_boss"))
    deck(g, "monster", [monster("Next")])
    bomb = give_loot(g, 1, real("Bomb!"))
    g.players[1].loot_plays = 1
    assert plays.take_action(g, 1, ("loot", bomb))
    settle(g)
    p0, p1_ = g.players
    assert [s.phys for s in p0.souls] == [boss.phys] and not p1_.souls
    assert p0.soul_total() == 1 and p0.cents == 3 and p1_.cents == 0


def test_FS_1_23_FS_1_25_setup_puts_each_character_and_its_starting_item_into_play():
    """Every player controls a character and the starting item its card names, without using the stack."""
    from cardlab.simulate.core import Players, stream
    from cardlab.simulate.four_souls import make_config, setup
    from cardlab.strategies.four_souls import STRATEGIES

    g = setup.new_game(
        make_config(3, 10), 4, Players([STRATEGIES["random"](i, stream(4, i)) for i in range(3)])
    )
    assert not g.stack
    for p in g.players:
        start = [o for o in p.items if o.starting]
        assert p.character.controller == p.seat and len(start) == 1
        named = p.character.phys.card.starting_item
        assert named is None or start[0].phys.card.name == named or start[0].phys.card.id == named


# --------------------------------------------------------------------------- FS-14 bonus souls, FS-15 bank


def test_FS_14_11_FS_Q_23_two_players_reaching_25_cents_at_once():
    """Each player reaches 25¢ in the same check: Soul of Greed goes to the first qualifying player in
    turn order from the active player (P1 on P1's turn), and only once."""
    g = position(3)
    g.active = 1
    g.bonus = [phys(g, real("Soul Of Greed"))]
    for seat in (0, 2, 1):
        g.players[seat].cents = 25
    g.bank -= 75
    g.log.emit("cents_gained", 0, "test", None, 25)
    g.log.nb += 1
    checks.state_checks(g)
    assert [len(p.souls) for p in g.players] == [0, 1, 0]
    g.players[1].cents = 0
    checks.state_checks(g)
    assert [len(p.souls) for p in g.players] == [0, 1, 0]


def test_FS_15_2_FS_2_2_a_gain_from_a_short_bank_gives_what_is_left():
    """A 100¢ bank at setup (FS-Q.4); a gain of 5¢ with 2¢ left in the bank gives 2¢, and nothing once
    it is empty."""
    g = position(2, bank=100)
    assert g.bank == 100
    g.bank = 2
    p = g.players[0]
    resources.gain_cents(g, p, 5, "test")
    assert (p.cents, g.bank) == (2, 0)
    assert not resources.gain_cents(g, p, 1, "test") and p.cents == 2


# --------------------------------------------------------------------------- FS-4 abilities


def test_FS_4_1_abilities_work_only_in_play():
    """Steamy Sale! (shop items cost 5¢ less) does nothing in the shop or in the discard; under a player's
    control it does."""
    g = position(2)
    shop = add_shop_item(g, real("Steamy Sale!"))
    p = g.players[0]
    assert statics.price(g, p, True) == 10
    g.treasure_disc.append(phys(g, real("Steamy Sale!")))
    assert statics.price(g, p, True) == 10
    resources.move_item(g, shop, 0, "purchase", "test")
    assert statics.price(g, p, True) == 5


def test_FS_4_15_guppy_is_a_marker_that_soul_of_guppy_counts():
    """Two items with the Guppy keyword (no effect of their own) give Soul of Guppy; one does not."""
    g = position(2)
    g.active = 0
    g.bonus = [phys(g, real("Soul Of Guppy"))]
    give_item(g, 0, real("Guppy’s Paw"))
    g.log.nb += 1
    checks.state_checks(g)
    assert not g.players[0].souls
    give_item(g, 0, card("Fin", "treasure", "passive", keywords=("guppy",)))
    g.log.emit("item_gained", 0, "Fin")
    g.log.nb += 1
    checks.state_checks(g)
    assert [s.phys.card.name for s in g.players[0].souls] == ["Soul Of Guppy"]


# --------------------------------------------------------------------------- FS-Q.30 no priority in end steps 2–4


def test_FS_Q_30_FS_8_11_a_room_revealed_in_the_room_step_triggers_at_the_next_turns_start():
    """P0 killed a monster this turn and discards the room in end-phase step 3; the room revealed has
    "when this enters play, gain 1¢". Nobody has priority in steps 2–4 (FS-8.11): no window opens (P1,
    who could always answer, is never asked) and nothing resolves this turn. The trigger goes on the stack
    at the next priority, the start of P1's turn, where "you" on a room is P1, the active player (FS-0.5).
    Before, the room step opened a priority window and P0 gained the 1¢ in their own end phase."""
    from cardlab.simulate.four_souls.fixtures import rooms_of

    asked = []

    def p1(d):
        if d.kind == "respond":
            asked.append(g.turn)
        return None

    g = position(2, plans={0: lambda d: True if d.kind == "discard_room" else None, 1: p1})
    give_item(
        g,
        1,
        card(
            "Purse",
            "treasure",
            "active",
            abilities=({"paid": {"cost": [{"pay": {"cents": 5}}], "do": {"loot": 1}}},),
        ),
    )
    take_cents(g, 1, 5)
    rooms_of(g).slots.append([g.new_obj(phys(g, card("Old Room", "room", "room")), "room", -1, slot=0)])
    gift = phys(
        g,
        card(
            "Gift Room", "room", "room", abilities=({"on": {"enters_play": "self"}, "do": {"gain_cents": 1}},)
        ),
    )
    g.rooms.deck.append(gift)
    g.active = 0
    g.monster_deaths = 1
    turn.room_step(g)
    turn.end_of_turn(g)
    assert g.rooms.slots[0][-1].phys is gift
    assert not asked and g.players[0].cents == 0 and len(g.pending) == 1
    g.active, g.turn = 1, 2
    add_slot_monster(g, monster("Blob"))
    add_shop_item(g, card("Ware", "treasure", "passive"))
    deck(g, "loot", [card("L")])
    turn.play_turn(g)
    assert (g.players[0].cents, g.players[1].cents) == (0, 6)
    assert [r[2] for r in kinds(g, "cents_gained")] == [1]
    check_invariants(g)


# --------------------------------------------------------------------------- FS-10.12 attack rolls by others


def _rivalry(chars, rolls, m_hp=3):
    """Seat 0 attacks; seat 2 teamed up with Sibling Rivalry (FS-10.7, cardlab's team-up reading), so it
    makes an attack roll after each of seat 0's."""
    pick_self = {2: lambda d: next((o for o in d.options if getattr(o, "seat", -1) == 2), None)}
    g = position(3, chars=chars, plans=pick_self, rolls=rolls)
    g.active = 0
    rivalry = give_item(g, 2, by_id("r-sibling_rivalry"), eternal=True)
    rivalry.charged = True
    m = add_slot_monster(g, monster("Pair", hp=m_hp, evasion=3, attack=1, rewards={"cents": 3}))
    act = next(o for o in plays.legal_actions(g, 2) if len(o) > 1 and o[1] is rivalry)
    assert plays.take_action(g, 2, act)
    settle(g)
    return g, m


def _finals(g):
    return [(r[2], r[6]) for r in g.log.rows if r[3] == "roll" and r[7] == "final"]


def test_FS_10_12_a_partner_who_dies_does_not_end_the_attack_and_rolls_no_more():
    """Seat 0 hits (4), the 1-HP partner misses (1) and dies: the attack goes on (the partner is not the
    attacker); seat 0 rolls 6, the dead partner makes no roll, seat 0 rolls 6 again and kills the monster."""
    g, m = _rivalry([character("A", hp=3), character("B"), character("C", hp=1)], [4, 1, 6, 6])
    assert attack.run_attack(g, 0, m)
    settle(g)
    assert _finals(g) == [(0, 4), (2, 1), (0, 6), (0, 6)]
    assert g.players[2].deaths == 1 and not m.in_play and g.players[0].cents == 3


def test_FS_10_12_FS_13_14_the_attackers_death_ends_it_for_every_roller():
    """The 1-HP attacker misses (1) and dies: the attack ends; the partner makes no attack roll."""
    g, m = _rivalry([character("A", hp=1), character("B"), character("C", hp=2)], [1, 6])
    assert not attack.run_attack(g, 0, m)
    settle(g)
    assert _finals(g) == [(0, 1)] and g.players[0].dead and m.in_play and m.damage == 0


# --------------------------------------------------------------------------- FS-6.15 play, FS-7.2 resolve


def test_FS_6_15_FS_3_9_FS_1_7_a_played_loot_moves_from_hand_to_the_stack_under_its_player():
    """Playing moves the card from the hand onto the stack (a loot, controlled by its player); resolved,
    "loot 2" draws the top two loot cards into the hand and the played card goes to the loot discard."""
    g = position(2)
    g.active = 0
    two = give_loot(g, 0, card("Two", abilities=({"play": {"do": {"loot": 2}}},)))
    top = deck(g, "loot", [card("A"), card("B"), card("C")])
    g.players[0].loot_plays = 1
    assert plays.take_action(g, 0, ("loot", two))
    (it,) = g.stack
    assert isinstance(it, items.LootItem) and it.phys is two and it.controller == 0
    assert two not in g.players[0].hand and g.players[0].loot_plays == 0
    settle(g)
    assert g.players[0].hand == top[:2] and g.loot == [top[2]] and g.loot_disc == [two]


def test_FS_7_2_a_resolving_item_has_left_the_stack_and_cannot_be_cancelled():
    """A loot "cancel everything on the stack, then gain 2¢" resolves over a roll: the roll is cancelled,
    the resolving loot is not (it left the stack first): its 2¢ are gained and it is discarded as resolved."""
    g = position(2)
    g.active = 0
    wipe = give_loot(
        g, 0, card("Wipe", abilities=({"play": {"do": {"seq": [{"cancel": "all"}, {"gain_cents": 2}]}}},))
    )
    g.players[0].loot_plays = 1
    dice.push_roll(g, 1, "effect", name="Below")
    assert plays.take_action(g, 0, ("loot", wipe))
    resolution.resolve_top(g)
    assert [r[4] for r in kinds(g, "cancelled")] == ["Below"]
    assert g.players[0].cents == 2 and g.loot_disc == [wipe] and not g.stack


# --------------------------------------------------------------------------- FS-1 components


def test_FS_1_14_FS_1_30_monsters_are_attack_targets_unless_they_say_otherwise():
    """A plain monster can be attacked, Stoney (cannot be attacked) cannot; the monster deck's top always
    can. FS-1.30: a miss deals the monster's damage to the attacker, a hit the attacker's to it, and HP
    brought to 0 kills it."""
    g = position(2, chars=[character("A", hp=4, attack=2), character("B")], rolls=[1, 5])
    g.active = 0
    blob = add_slot_monster(g, monster("Blob", hp=2, evasion=3, attack=3))
    stoney = add_slot_monster(g, real("Stoney"))
    deck(g, "monster", [monster("Next")])
    assert attack.attack_options(g, 0) == [blob, "monster_deck"]
    assert stoney.in_play
    assert attack.run_attack(g, 0, blob)
    assert [(r[5], r[8], r[6]) for r in kinds(g, "damage")] == [(None, 0, 3), ("Blob", None, 2)]
    assert g.players[0].damage == 3 and not blob.in_play


def test_FS_1_19_FS_1_32_a_soul_counts_its_icon_value():
    """A boss with a soul icon of 2 killed by the active player: one soul card worth 2."""
    g = position(2, rolls=[6])
    g.active = 0
    boss = add_slot_monster(g, monster("Big", hp=1, evasion=1, soul=2, kind="epic_boss"))
    deck(g, "monster", [monster("Next")])
    assert attack.run_attack(g, 0, boss)
    settle(g)
    p = g.players[0]
    assert [s.phys for s in p.souls] == [boss.phys] and p.soul_total() == 2


def _pool():
    from cardlab.simulate.four_souls.cards import load_pool

    return list(load_pool().by_id.values())


def _activated(c) -> bool:
    return any(isinstance(a, dict) and ("tap" in a or "paid" in a) for a in c.abilities)


def test_FS_1_4_FS_19_1_frames_match_the_encoded_abilities():
    """Every bundled treasure card filed as passive (silver frame) has no ↷ or $ ability; every active, paid
    or one-use one (gold frame) has at least one."""
    treasure = [c for c in _pool() if c.deck == "treasure"]
    assert treasure
    assert not [c.id for c in treasure if c.kind == "passive" and _activated(c)]
    assert not [c.id for c in treasure if c.kind in ("active", "paid", "oneuse") and not _activated(c)]


def test_FS_1_11_FS_4_13_loot_filed_as_trinkets_have_the_trinket_keyword():
    loot = [c for c in _pool() if c.deck == "loot"]
    assert not [c.id for c in loot if (c.kind == "trinket") != ("trinket" in c.keywords)]


def test_FS_1_28_every_card_has_a_name_and_one_id():
    cards = _pool()
    assert all(c.name and c.name.strip() == c.name for c in cards)
    assert len({c.id for c in cards}) == len(cards)


def test_FS_1_1_FS_1_2_FS_3_1_every_card_is_in_one_zone_and_every_item_has_a_place():
    """After a few seeded turns every card is in exactly one zone (FS-3.1), and every item in play is a
    player's (in front of them, under their control) or sits in a shop slot (controlled by no player)."""
    from cardlab.simulate.core import Players, stream
    from cardlab.simulate.four_souls import make_config, setup
    from cardlab.simulate.four_souls.invariants import zone_cards
    from cardlab.strategies.four_souls import STRATEGIES

    g = setup.new_game(
        make_config(3, 6), 7, Players([STRATEGIES["random"](i, stream(7, i)) for i in range(3)])
    )
    turn.play_turns(g, 6)
    found = zone_cards(g)
    assert len(found) == len(set(map(id, found))) == len(g.all_phys)
    for p in g.players:
        assert all(o.controller == p.seat and o.in_play and o.kind == "item" for o in p.items)
    assert all(s[-1].controller == -1 and s[-1].kind == "item" for s in g.shop if s)


# --------------------------------------------------------------------------- FS-1.10 loot from another zone


def test_FS_1_10_FS_3_11_a_card_under_rusty_spoons_is_played_without_a_loot_play_when_holding_priority():
    """Rusty Spoons puts seat 1's card under it; seat 0, with no loot play left, may play that card (the
    effect says "without a loot play", FS-1.10(c)) but not one from their own hand (the loot-play rule
    still holds there). Played, it goes on the stack as a loot under seat 0 and then to the discard.
    Another card left under it when the turn ends is removed from the game (out of play, FS-3.11)."""
    from cardlab.simulate.four_souls import blank_card

    g = position(
        2,
        plans={
            0: lambda d: (
                next(o for o in d.options if getattr(o, "seat", None) == 1)
                if d.kind == "choose_target"
                else None
            )
        },
    )
    deck(g, "loot", [card(f"F{i}") for i in range(6)])
    g.active = 0
    me = g.players[0]
    spoons = give_item(g, 0, by_id("rwz-rusty_spoons"))
    spoons.charged = True
    three = give_loot(g, 1, card("Coins3", abilities=({"play": {"do": {"gain_cents": 3}}},)))
    mine = give_loot(g, 0, card("Mine", abilities=({"play": {"do": {"gain_cents": 1}}},)))
    me.loot_plays = 0

    def use():
        act = next(o for o in plays.legal_actions(g, 0) if len(o) > 1 and o[1] is spoons)
        assert plays.take_action(g, 0, act)
        resolution.priority(g, 0, until_empty=True)

    use()
    assert [o[1] for o in plays.legal_actions(g, 0) if o[0] == "loot"] == [three]
    assert plays.take_action(g, 0, ("loot", three))
    assert isinstance(g.stack[-1], items.LootItem) and g.stack[-1].controller == 0
    resolution.priority(g, 0, until_empty=True)
    assert me.cents == 3 and three in g.loot_disc and mine in me.hand
    spoons.charged = True
    two = give_loot(g, 1, card("Coins2"))
    use()
    assert blank_card.held(g) == [two]
    turn._end_phase(g)
    assert two in g.removed and blank_card.held(g) == []
    check_invariants(g)


# --------------------------------------------------------------------------- FS-0.6 the game and the shop


def test_FS_0_6_the_shop_stands_in_for_a_player_and_the_game_controls_the_slots():
    """Berkano destroys P1's item; P1 then steals a shop item: the shop gives like a player would (FS-6.12)
    and its slot refills from the treasure deck. Monsters and shop items are controlled by no player."""

    def p0(d):
        if d.kind == "choose_target":
            return next(o for o in d.options if getattr(o, "name", "") == "Junk")
        return None

    g = position(2, plans={0: p0})
    g.active = 0
    junk = give_item(g, 1, card("Junk", "treasure", "passive"))
    ware = add_shop_item(g, card("Ware", "treasure", "passive"))
    blob = add_slot_monster(g, monster("Blob"))
    (nxt,) = deck(g, "treasure", [card("Next", "treasure", "passive")])
    assert ware.controller == -1 and blob.controller == -1
    rune = give_loot(g, 0, by_id("r-berkano"))
    g.players[0].loot_plays = 1
    assert plays.take_action(g, 0, ("loot", rune))
    settle(g)
    assert junk.phys in g.treasure_disc
    assert [o.phys.card.name for o in g.players[1].items] == ["Ware"] and g.players[1].items[
        0
    ].controller == 1
    assert g.shop[0][-1].phys is nxt and g.shop[0][-1].controller == -1


# --------------------------------------------------------------------------- tricky interactions the official text spells out


def test_FS_10_11_a_bomb_in_answer_to_a_missing_roll_kills_the_monster_before_it_hits_back():
    """[A]'s example: the 1-HP attacker rolls 1 against evasion 6 (a miss that would kill them); in answer,
    with the roll still on the stack, they play Bomb! on the 1-HP monster. The monster dies, the attack
    ends, the roll fizzles: no combat damage, the attacker lives and gains the reward."""

    def p0(d):
        if d.kind == "respond" and d.context is not None and d.context.kind == "roll":
            return next((o for o in d.options if o != "pass" and o[0] == "loot"), None)
        if d.kind == "choose_target":
            return next(o for o in d.options if getattr(o, "name", "") == "Wall")
        return None

    g = position(2, chars=[character("Frail", hp=1), character("B")], plans={0: p0}, rolls=[1])
    g.active = 0
    wall = add_slot_monster(g, monster("Wall", hp=1, evasion=6, attack=1, rewards={"cents": 2}))
    deck(g, "monster", [monster("Next")])
    give_loot(g, 0, real("Bomb!"))
    g.players[0].loot_plays = 1
    give_item(
        g, 1, card("Ones", "treasure", "passive", abilities=({"on": {"rolled": 1}, "do": {"gain_cents": 1}},))
    )
    assert attack.run_attack(g, 0, wall)
    settle(g)
    p = g.players[0]
    assert not p.dead and p.damage == 0 and p.cents == 2
    assert not [r for r in g.log.rows if r[3] == "roll" and r[7] == "final"]  # the roll never resolved
    assert g.players[1].cents == 0  # so no "when a 1 is rolled" trigger (FS-4.11)
    assert [(r[4], r[7]) for r in kinds(g, "fizzled")] == [("Wall", "attack_roll")]
    assert [r[7] for r in kinds(g, "attack_ended")] == ["killed"]


def test_FS_10_11_a_rival_kills_the_attacker_in_answer_to_a_hitting_roll():
    """[A]'s example the other way: the attacker's roll (6) would kill the 1-HP monster; in answer a rival
    bombs the 1-HP attacker. The attacker dies, the attack ends, the roll fizzles: the monster lives and
    nobody gains its reward."""

    def p1(d):
        if d.kind == "respond" and d.context is not None and d.context.kind == "roll":
            return next((o for o in d.options if o != "pass" and o[0] == "loot"), None)
        if d.kind == "choose_target":
            return next(o for o in d.options if getattr(o, "seat", None) == 0)
        return None

    g = position(2, chars=[character("Frail", hp=1), character("B")], plans={1: p1}, rolls=[6])
    g.active = 0
    blob = add_slot_monster(g, monster("Blob", hp=1, evasion=2, attack=1, rewards={"cents": 2}))
    give_loot(g, 1, real("Bomb!"))
    g.players[1].loot_plays = 1
    give_item(
        g,
        1,
        card("Sixes", "treasure", "passive", abilities=({"on": {"rolled": 6}, "do": {"gain_cents": 1}},)),
    )
    assert not attack.run_attack(g, 0, blob)
    settle(g)
    assert g.players[0].dead and blob.in_play and blob.damage == 0
    assert g.players[0].cents == 0 and g.players[1].cents == 0  # no reward, no "when a 6 is rolled"
    assert not [r for r in g.log.rows if r[3] == "roll" and r[7] == "final"]


def test_FS_8_4_FS_1_9_the_turns_loot_play_comes_with_the_action_phase():
    """The active player holding a loot card has no loot play in the start phase's windows (start-of-turn
    triggers, loot step); the action phase gives one, and once it is used no loot card is playable."""
    offered = []

    def p0(d):
        if d.kind == "respond":
            offered.append(("respond", any(o != "pass" and o[0] == "loot" for o in d.options)))
        if d.kind == "action":
            can = any(o[0] == "loot" for o in d.options)
            offered.append(("action", can))
            if can:
                return next(o for o in d.options if o[0] == "loot")
            return next(o for o in d.options if o[0] == "end")
        return None

    g = position(2, plans={0: p0})
    g.active = 0
    g.players[0].character = g.new_obj(phys(g, real("Isaac")), "character", 0)  # a ↷ to keep windows open
    give_loot(g, 0, card("Coin", abilities=({"play": {"do": {"gain_cents": 1}}},)))
    give_loot(g, 0, card("Coin2", abilities=({"play": {"do": {"gain_cents": 1}}},)))
    g.mslots.append([])
    deck(g, "monster", [monster("Blob")])
    deck(g, "loot", [card("Drawn")])
    g.players[0].character.charged = False
    turn._play_turn(g)
    starts = [x for x in offered[:2]]
    assert starts == [("respond", False), ("respond", False)]
    assert [x for x in offered if x[0] == "action"] == [("action", True), ("action", False)]
    assert g.players[0].cents == 1


def test_FS_10_11_a_bomb_in_answer_to_the_combat_damage_of_a_miss_saves_the_attacker():
    """The same with the miss resolved: the monster's lethal combat damage waits on the stack and the
    attacker bombs the 1-HP monster in answer. The attack ended through its death, so the combat damage
    fizzles: the attacker lives and gains the reward."""

    def p0(d):
        if d.kind == "respond" and d.context is not None and d.context.kind == "damage":
            return next((o for o in d.options if o != "pass" and o[0] == "loot"), None)
        if d.kind == "choose_target":
            return next(o for o in d.options if getattr(o, "name", "") == "Wall")
        return None

    g = position(2, chars=[character("Frail", hp=1), character("B")], plans={0: p0}, rolls=[1])
    g.active = 0
    wall = add_slot_monster(g, monster("Wall", hp=1, evasion=6, attack=1, rewards={"cents": 2}))
    deck(g, "monster", [monster("Next")])
    give_loot(g, 0, real("Bomb!"))
    g.players[0].loot_plays = 1
    assert attack.run_attack(g, 0, wall)
    settle(g)
    p = g.players[0]
    assert not p.dead and p.damage == 0 and p.cents == 2
    assert [(r[4], r[7]) for r in kinds(g, "fizzled")] == [("Wall", "combat")]


def test_FS_6_21_a_damage_bonus_made_while_combat_damage_waits_counts_when_it_resolves():
    """The attacker (damage 1) hits the 2-HP monster; with the combat damage on the stack they play VII. The
    Chariot on themselves (+1 damage): the bonus applies as the damage resolves, so the monster takes 2
    and dies on the first roll. Before, the damage kept the 1 it was put on the stack with."""

    def p0(d):
        if d.kind == "respond" and d.context is not None and d.context.kind == "damage":
            return next((o for o in d.options if o != "pass" and o[0] == "loot"), None)
        if d.kind == "choose_target":
            return next(o for o in d.options if getattr(o, "seat", None) == 0)
        return None

    g = position(2, chars=[character("A", hp=3, attack=1), character("B")], plans={0: p0}, rolls=[6, 6])
    g.active = 0
    m = add_slot_monster(g, monster("Tough", hp=2, evasion=3, attack=1))
    deck(g, "monster", [monster("Next")])
    give_loot(g, 0, real("VII. The Chariot"))
    g.players[0].loot_plays = 1
    assert attack.run_attack(g, 0, m)
    settle(g)
    assert [(r[5], r[6]) for r in kinds(g, "damage")] == [("Tough", 2)]
    assert [r[6] for r in g.log.rows if r[3] == "roll" and r[7] == "final"] == [6]


def test_FS_6_21_a_monster_damage_bonus_made_while_its_combat_damage_waits_counts_too():
    """The attacker misses (1 against evasion 6); with the monster's 1 combat damage on the stack P1 gives
    the monster +1 damage with Blood Lust: the attacker takes 2. The next roll (6) kills the 1-HP monster."""

    def p1(d):
        if d.kind == "respond" and d.context is not None and d.context.kind == "damage":
            return next((o for o in d.options if o != "pass" and o[0] == "tap"), None)
        if d.kind == "choose_target":
            return next(o for o in d.options if getattr(o, "name", "") == "Wall")
        return None

    g = position(2, chars=[character("A", hp=4), character("B")], plans={1: p1}, rolls=[1, 6])
    g.active = 0
    wall = add_slot_monster(g, monster("Wall", hp=1, evasion=6, attack=1))
    deck(g, "monster", [monster("Next")])
    lust = give_item(g, 1, real("Blood Lust"))
    lust.charged = True
    assert attack.run_attack(g, 0, wall)
    settle(g)
    assert [(r[5], r[8], r[6]) for r in kinds(g, "damage")] == [(None, 0, 2), ("Wall", None, 1)]
    assert g.players[0].damage == 2


# --------------------------------------------------------------------------- FS-8.11 step 2: the hand-size discard


def test_FS_8_11_FS_Q_30_a_discard_trigger_set_off_by_the_hand_size_discard_waits_for_the_next_turns_start():
    """P0 ends their turn with 12 loot (hand size 10) and holds an item "each time you discard a loot,
    gain 1¢". End-phase step 2 discards 2 (FS-8.10(2)); nobody has priority in steps 2–4 (FS-8.11), so the
    two triggers wait (FS-Q.30): no window opens (P1, who could always answer, is asked in step 1's only) and P0 has
    no ¢ at the end of the turn. They go on the stack at the next priority, the start of P1's turn, and
    P0, their controller, gains 2¢ then (P1's start phase)."""
    asked = []

    def p1(d):
        if d.kind == "respond":
            asked.append((g.turn, len(g.players[0].hand)))
        return None

    g = position(2, plans={1: p1})
    give_item(
        g,
        1,
        card(
            "Purse",
            "treasure",
            "active",
            abilities=({"paid": {"cost": [{"pay": {"cents": 5}}], "do": {"loot": 1}}},),
        ),
    )
    take_cents(g, 1, 5)
    give_item(
        g,
        0,
        card(
            "Pouch",
            "treasure",
            "passive",
            abilities=({"on": {"discarded_loot": "you"}, "do": {"gain_cents": 1}},),
        ),
    )
    g.active = 0
    for i in range(12):
        give_loot(g, 0, card(f"L{i}", "loot", "loot"))
    assert len(g.players[0].hand) == 12
    turn._end_phase(g)
    assert len(g.players[0].hand) == 10
    assert all(n == 12 for t, n in asked if t == 1)  # asked in step 1 only, before the discard
    assert g.players[0].cents == 0 and len(g.pending) == 2
    g.active, g.turn = 1, 2
    add_slot_monster(g, monster("Blob"))
    add_shop_item(g, card("Ware", "treasure", "passive"))
    deck(g, "loot", [card("L")])
    turn.play_turn(g)
    assert g.players[0].cents == 2
    assert [(r[2], r[1]) for r in kinds(g, "cents_gained")] == [(0, "start"), (0, "start")]
    check_invariants(g)
