"""Regressions for what `cardlab soak four-souls` found: each bug as a rule scenario and as the seeded
random game that exposed it (checked_play checks every invariant after every turn)."""

from __future__ import annotations

import dataclasses

import pytest

from cardlab.simulate.core import Players, stream
from cardlab.simulate.core.errors import InvariantError
from cardlab.simulate.four_souls import (
    asking,
    attack,
    checked_play,
    checks,
    damage,
    dice,
    interpreter,
    make_config,
    plays,
    resolution,
    statics,
    triggers,
    turn,
    zones,
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
    loot_fillers,
    monster,
    phys,
    position,
    real,
    settle,
    take_cents,
)
from cardlab.simulate.four_souls.state import EngineError, RunawayTurn
from cardlab.simulate.four_souls.statics import Ctx
from cardlab.strategies.four_souls import STRATEGIES


def random_game(n: int, seed: int):
    """A soak game exactly as the runner builds it (strategy rng = stream(seed, "strategy", seat))."""
    players = Players([STRATEGIES["random"](s, stream(seed, "strategy", s)) for s in range(n)])
    return checked_play(make_config(n), seed, players)


# --------------------------------------------------------------------------- a card in two zones


def test_FS_6_8_multi_target_fizzles_when_one_target_is_lost():
    """Restock targets both shop items (any number, FS-4.2); in response Glass Cannon destroys one of
    them. The lost target fizzles Restock (FS-6.8, FS-3.2): the destroyed item is not put into the
    discard a second time (soak: 4 players, game seed 2907685112084213512, 'a card is in two zones')."""
    used = []

    def p1(d):
        top = d.context
        if d.kind == "respond" and top is not None and top.name == "Restock" and not used:
            used.append(True)
            return next((o for o in d.options if o != "pass" and o[1].name == "Glass Cannon"), None)
        if d.kind == "choose_target":
            return first.ref if first.ref in d.options else None
        return None

    g = position(2, plans={1: p1}, rolls=[6])  # Glass Cannon rolls 6: it recharges, nothing else
    give_item(g, 0, real("Restock"))
    give_item(g, 1, real("Glass Cannon"))
    first = add_shop_item(g, card("Shop A", "treasure", "passive"))
    second = add_shop_item(g, card("Shop B", "treasure", "passive"))
    deck(g, "treasure", [card("Refill", "treasure", "passive")])  # refills slot 0 (not the discard)
    g.active = 0
    triggers.fire(g, "turn_start", seat=0)
    resolution.priority(g, 0)
    assert [r[4] for r in kinds(g, "item_destroyed")] == ["Shop A"]
    assert "Restock" in [r[4] for r in kinds(g, "fizzled")]
    assert g.treasure_disc == [first.phys]  # once, not twice
    assert g.shop[1] == [second] and second.in_play  # the other target stays: Restock fizzled whole
    check_invariants(g)


@pytest.mark.parametrize(
    ("n", "seed"),
    [(4, 2907685112084213512), (3, 2078559099548480744), (3, 8502704948350878376)],
)
def test_soak_seeds_card_in_two_zones(n, seed):
    result = random_game(n, seed)
    assert result.end_reason in ("win", "draw", "turn_cap")


# --------------------------------------------------------------------------- runaway turns (FS-4.7)


PUMP = card(
    "Money Pump",
    "treasure",
    "paid",
    abilities=({"paid": {"cost": [{"pay": {"cents": 1}}], "do": {"gain_cents": 1}}},),
)


def test_FS_4_7_a_player_repeating_a_paid_ability_for_ever_ends_the_game_as_a_turn_cap():
    """A $ ability that pays for itself can be used as long as its cost can be paid (FS-4.7): a player
    who never stops is legal but endless. Past the resolution cap the turn is cut off (``turn_end``
    with detail ``resolution_cap``) and RunawayTurn ends the game, which run_game records as a turn cap."""

    def p0(d):
        if d.kind == "action":
            return next((o for o in d.options if o[0] == "paid"), None)
        return None  # passes every respond: each use resolves before the next

    g = position(2, plans={0: p0})
    give_item(g, 0, PUMP)
    take_cents(g, 0, 1)
    g.active = 0
    with pytest.raises(RunawayTurn):
        turn.play_turn(g)
    assert kinds(g, "turn_end")[-1][7] == "resolution_cap"
    assert len(kinds(g, "item_activated")) == resolution.RESOLUTION_CAP + 1


def test_FS_4_7_soak_seed_runaway_turn_is_not_a_failure():
    """Random players with Portable Slot Machine + Shiny Rock + Counterfeit Penny (soak: 3 players,
    seed 4568775439725416315, 'more than 20000 stack resolutions in turn 102'). Later rule fixes
    (Incubus and Bum Friend finding hand cards) changed that game, which now ends normally; the cut-off
    itself is the scenario above. The seed stays as a regression game."""
    result = random_game(3, 4568775439725416315)
    assert result.end_reason in ("win", "draw", "turn_cap")
    if result.end_reason == "turn_cap" and result.turns < 150:
        assert [row for row in result.events.rows if row[3] == "turn_end"][-1][7] == "resolution_cap"


def _at_cap(acted_recently: bool):
    g = position(2)
    g.resolved = resolution.RESOLUTION_CAP
    g.acted = g.resolved - (10 if acted_recently else resolution._AUTOMATIC + 10)
    damage.push_damage(g, 1, g.players[0], 1, None, False, None, "test")
    return g


def test_FS_4_7_runaway_guard_tells_player_loops_from_card_loops():
    """Past the cap, a player's recent choice means a voluntary loop (RunawayTurn: a turn cap); thousands
    of resolutions with nobody choosing anything is a card loop, an engine error."""
    with pytest.raises(RunawayTurn):
        resolution.resolve_top(_at_cap(acted_recently=True))
    with pytest.raises(EngineError, match="card loop"):
        resolution.resolve_top(_at_cap(acted_recently=False))


# --------------------------------------------------------------------------- stronger invariants


def test_invariants_catch_a_card_twice_in_a_discard():
    g = position(2)
    o = add_shop_item(g, card("Shop A", "treasure", "passive"))
    check_invariants(g)
    g.treasure_disc.append(o.phys)
    with pytest.raises(InvariantError, match="two zones"):
        check_invariants(g)


def test_invariants_catch_a_card_in_the_wrong_discard():
    g = position(2)
    o = add_shop_item(g, card("Shop A", "treasure", "passive"))
    g.shop[0].pop()
    o.in_play = False
    g.loot_disc.append(o.phys)
    with pytest.raises(InvariantError, match="loot deck or discard"):
        check_invariants(g)


def test_invariants_catch_an_unfinished_turn():
    """Between turns the stack is empty and everyone has healed (FS-8.10); not once the game is over."""
    g = position(2)
    g.players[1].damage = 1
    check_invariants(g)  # mid-turn: damage is fine
    g.between = True
    with pytest.raises(InvariantError, match="not healed"):
        check_invariants(g)
    g.over = True
    check_invariants(g)


# --------------------------------------------------------------------------- roll readers (FS-4.18)


@pytest.mark.parametrize(("face", "cannon_left"), [(3, False), (6, True)])
def test_FS_4_18_glass_cannon_row_does_not_fizzle_on_the_item_it_destroyed(face, cannon_left):
    """Glass Cannon destroys the targeted item, then rolls: 1-5 destroy Glass Cannon and loot 2, 6
    recharge it. The row's reading ability is a new ability (FS-4.18) that does not use the destroyed
    target, so it does not fizzle (found while tracing the soak's 'card in two zones' games)."""

    def p0(d):
        if d.kind == "choose_target":
            return victim.ref if victim.ref in d.options else None
        return None

    g = position(2, plans={0: p0}, rolls=[face])
    cannon = give_item(g, 0, real("Glass Cannon"))
    victim = give_item(g, 1, card("Victim", "treasure", "passive"))
    deck(g, "loot", [card("L1"), card("L2")])
    g.active = 0
    assert plays.take_action(g, 0, ("tap", cannon, 0))
    resolution.priority(g, 0)
    assert not victim.in_play and g.treasure_disc[0] is victim.phys
    assert not kinds(g, "fizzled")
    assert cannon.in_play is cannon_left
    assert len(g.players[0].hand) == (0 if cannon_left else 2)
    assert cannon.charged is cannon_left  # 6: recharged
    check_invariants(g)


# --------------------------------------------------------------------------- kill / destroy (FS-6.3)


def test_FS_13_1_destroying_a_dying_monster_does_nothing():
    """A monster whose death is already on the stack cannot be killed or destroyed again (FS-13.1); before,
    destroy → kill → destroy recursed for ever (soak: 4 players, seed 8277332537351860932, RecursionError)."""
    g = position(2)
    m = add_slot_monster(g, monster("Blob", hp=2))
    assert damage.kill(g, m, 0)
    assert not damage.destroy(g, m, "test") and not damage.kill(g, m, 0)
    assert [type(it).__name__ for it in g.stack] == ["DeathItem"]
    resolution.priority(g, 0)
    assert [r[4] for r in kinds(g, "monster_died")] == ["Blob"]


def test_soak_seed_destroying_a_dying_monster():
    result = random_game(4, 8277332537351860932)
    assert result.end_reason in ("win", "draw", "turn_cap")


# --------------------------------------------------------------------------- Placebo (FS-5.13)


def test_FS_5_13_placebo_copying_a_placebo_copies_nothing():
    """Placebo copying another Placebo's ability would copy the same hook again, with that Placebo as the
    only target, for ever; a Placebo ability copies as nothing (soak: 2 players, seed 6563616689354341191,
    Modeling Clay become Placebo targeting the shop's Placebo: 20,000 resolutions with no choice)."""
    g = position(2)
    mine = give_item(g, 0, real("Placebo"), eternal=True)  # not a target itself (non-eternal items)
    other = add_shop_item(g, real("Placebo"))
    g.active = 0
    assert plays.take_action(g, 0, ("tap", mine, 0))
    assert g.stack[-1].ctx.binds["I"] is other
    resolution.priority(g, 0)
    assert not g.stack and g.resolved == 1
    check_invariants(g)


def test_soak_seed_placebo_loop():
    result = random_game(2, 6563616689354341191)
    assert result.end_reason in ("win", "draw", "turn_cap")


# --------------------------------------------------------------------------- copies of copiers (FS-5.13)


def _marble_reveals_question_card(pop_seat: int):
    """Seat 0's Strange Marble reveals ? Card at its turn start and both players take a copy (FS-5.11);
    Pop Pop! (``pop_seat``) is the only item with a ↷ ability, so each ? Card copy must pick it."""
    yes = lambda d: True if d.kind == "may" else None  # noqa: E731
    g = position(2, plans={0: yes, 1: yes})
    loot_fillers(g, 5)
    g.active = 0
    give_item(g, 0, real("Strange Marble"))
    pop = give_item(g, pop_seat, real("Pop Pop!"))
    g.loot.append(phys(g, by_id("fsp2-card")))
    return g, pop


def test_FS_5_13_a_copy_never_copies_back_into_its_own_line():
    """Each ? Card copy picks Pop Pop! and copies its ↷ ("copy a loot being played"); the only loots on the
    stack are copies of the same revealed ? Card, the copy's own line, so the copied ability has no target
    and makes nothing (before: each copy made the next one, a card loop with nobody choosing; soak: 4
    players, seed 2976495117110088524, turn 1)."""
    g, _pop = _marble_reveals_question_card(pop_seat=1)
    triggers.fire(g, "turn_start", seat=0)
    settle(g)
    assert not g.stack and len(kinds(g, "loot_played")) == 2  # Strange Marble's two copies, no more
    assert g.resolved < 10
    check_invariants(g)


def test_FS_5_13_a_copy_made_by_pop_pop_does_not_copy_pop_pop():
    """Pop Pop! (activated by its player, an act) copies the ? Card being played. That copy is of Pop Pop!'s
    line, so it cannot copy Pop Pop!'s ↷ (its only choice here) and does nothing; the played ? Card then
    copies Pop Pop!'s ↷, whose only loot to copy would be its own line: nothing more (before: the copy
    copied Pop Pop!, which copied the ? Card below, for ever)."""
    g = position(2)
    loot_fillers(g, 5)
    g.active = 0
    g.players[0].loot_plays = 1
    pop = give_item(g, 1, real("Pop Pop!"))
    q = give_loot(g, 0, by_id("fsp2-card"))
    act = next(o for o in plays.legal_actions(g, 0) if o[0] == "loot" and o[1] is q)
    assert plays.take_action(g, 0, act)
    assert plays.take_action(g, 1, ("tap", pop, 0))
    settle(g)
    assert not g.stack and g.resolved < 6 and q in g.loot_disc
    assert [r[4] for r in kinds(g, "loot_played") if r[7] == "copy"] == ["? Card"]
    check_invariants(g)


def test_FS_5_13_question_card_copying_the_curse_may_put_itself_back_on_the_loot_deck():
    """? Card copies The Curse's ↷ (a discard's top card onto its deck); as the copy resolves the ? Card
    lies on top of the loot discard, and the loot discard is picked: the ? Card goes onto the loot deck
    (before: the move read it as "this" card moving itself, took nothing and lost it; soak 1905, 2 players,
    seeds 8732718822339699278, 3398319480840346336, 4828709609942964345: "a card is in no zone")."""
    g = position(2, plans={0: lambda d: "loot" if d.kind == "choose_deck" else None})
    loot_fillers(g, 3)
    g.active = 0
    g.players[0].loot_plays = 1
    give_item(g, 1, real("The Curse"))
    q = give_loot(g, 0, by_id("fsp2-card"))
    act = next(o for o in plays.legal_actions(g, 0) if o[0] == "loot" and o[1] is q)
    assert plays.take_action(g, 0, act)
    settle(g)
    assert g.loot[-1] is q and q not in g.loot_disc
    check_invariants(g)


def test_FS_6_8_the_view_of_an_item_aimed_at_a_stack_item_gone_from_the_stack():
    """Pop Pop!'s copy is aimed at a loot on the stack; the loot is cancelled before the copy resolves. What
    the copy was aimed at (``View.stack_targets``) leaves out the gone loot instead of failing (sensible
    soak 1922, 4 players, seed 1782737024369773165: "value is not in list" while sensible read the stack)."""
    g = position(2)
    loot_fillers(g, 5)
    g.active = 0
    g.players[0].loot_plays = 1
    pop = give_item(g, 1, real("Pop Pop!"))
    cents = give_loot(g, 0, real("3 Cents!"))
    assert plays.take_action(g, 0, ("loot", cents))
    assert plays.take_action(g, 1, ("tap", pop, 0))
    loot = g.stack[0]
    view = g.views[0]
    ref = asking.stack_ref(g, g.stack[-1])
    assert len(view.stack_targets(ref)) == 1
    g.stack.remove(loot)  # cancelled (FS-6.8)
    g.loot_disc.append(cents)
    assert view.stack_targets(asking.stack_ref(g, g.stack[-1])) == ()


def test_FS_3_10_a_card_of_no_deck_put_into_a_deck_goes_out_of_the_game():
    """The Harbingers (Requiem; it begins out of the game) sitting in a slot is put on top of "its
    deck" by an effect: it has no deck, so it goes out of the game, as into its discard (before: the
    game failed, "unknown deck 'outside'"; the issue's soak 1931, 2 and 4 players)."""
    g = position(2)
    g.active = 0
    harbingers = add_slot_monster(g, by_id("r-the_harbingers"))
    ctx = Ctx(g, 0, None, {"M": harbingers}, name="test")
    assert interpreter.run(ctx, {"move": {"cards": "M", "to": "its_deck_top"}})
    assert harbingers.phys in g.removed and not g.monster and not harbingers.in_play
    check_invariants(g)


# --------------------------------------------------------------------------- Game Crash! and more slots (FS-12.1)


def test_FS_12_1_a_refill_shuffles_the_monster_discard_back_once_till_a_player_acts():
    """Two monsters in slots and three empty slots (more slots than monster cards, as TV Static and
    deck attacks revealing Indomitable monsters leave them, FS-4.17); the monster deck is an Indomitable
    monster over Game Crash!, a monster in the discard. The refill puts the Indomitable one in the first
    empty slot (our reading of FS-4.17), reveals Game Crash! into the next and, the deck out,
    shuffles the discard back once for the last empty slot; Game Crash! sends every monster to the
    discard, and the deck is out again with nobody having acted: the slots stay empty (before: shuffled
    back and Game Crash! revealed again and again, slots added each time; soak: 4 players, seed
    8387064380761680239, turn 164). At the next turn they refill."""
    g = position(2)
    g.active = 0
    for i in range(2):
        add_slot_monster(g, monster(f"Blob{i}", hp=1))
    g.mslots.extend([[], [], []])
    indomitable = dataclasses.replace(monster("Stubborn"), keywords=("indomitable",))
    deck(g, "monster", [indomitable, real("Game Crash!")])
    g.monster_disc.append(phys(g, monster("Gone")))
    settle(g)
    assert [r[4] for r in kinds(g, "monster_revealed")] == ["Stubborn", "Game Crash!", "Gone"]
    assert not g.stack and not any(g.mslots) and len(g.monster_disc) == 5
    g.turn += 1
    checks.state_checks(g)
    assert sum(1 for s in g.mslots if s and s[-1].kind == "monster") >= 1
    check_invariants(g)


# --------------------------------------------------------------------------- events with a roll (FS-1.17)


def _chest_table(monsters_after: bool):
    g = position(2, rolls=[3])  # Chest: 3-4 → gain 3¢
    g.active = 0
    g.mslots.append([])
    deck(g, "monster", [real("Chest")] + ([monster("Blob")] if monsters_after else []))
    resolution.priority(g, 0)
    return g


def test_FS_1_17_an_event_stays_until_its_roll_and_reader_resolve():
    """A Roll- ability is the roll plus the ability that reads it (FS-4.18): the event leaves its slot
    only once both resolved (FS-1.17), so the slot refills after the reward, not before (soak: 3 players,
    seed 9143665417867097692 piled 8,800 unresolved rolls under refilled events)."""
    g = _chest_table(monsters_after=True)
    order = [(r[3], r[4], r[7]) for r in g.log.rows if r[4] in ("Chest", "Blob")]
    assert order == [
        ("monster_revealed", "Chest", "event"),
        ("roll", "Chest", "initial"),
        ("roll", "Chest", "final"),
        ("cents_gained", "Chest", None),
        ("event_resolved", "Chest", None),
        ("monster_revealed", "Blob", "monster"),
    ]
    assert g.players[0].cents == 3 and not g.stack
    check_invariants(g)


def test_FS_Q_35_only_events_left_leave_a_monster_slot_empty():
    """With no monster left in the monster deck or its discard (all covered in other slots), refilling a
    slot would reveal the same events for ever: the slot stays empty, as for an empty deck (FS-Q.35),
    and the events stay in the deck."""
    g = _chest_table(monsters_after=False)
    assert not kinds(g, "monster_revealed") and [c.card.name for c in g.monster] == ["Chest"]
    assert g.mslots == [[]] and not g.stack
    check_invariants(g)


def test_FS_Q_35_events_that_return_to_the_monster_deck_leave_a_slot_empty_though_the_discard_has_monsters():
    """Golden Troll Bomb! and Mother's Shadow! each put themselves back into the monster deck when revealed.
    With only them in the deck it never empties, so the discard's monsters are never shuffled back (FS-3.5)
    and a refill would reveal the two for ever (soak: 4 players, sets=all, turns 115-184, a 20,000-resolution
    card loop). The slot stays empty as in FS-Q.35; one ordinary event in the deck is revealed as usual."""
    from cardlab.simulate.four_souls import checks
    from cardlab.simulate.four_souls.cards import load_pool
    from cardlab.simulate.four_souls.fixtures import phys

    by_id = load_pool().by_id
    events = [by_id["r-golden_troll_bomb"], by_id["r-mothers_shadow"]]

    def table(extra: list) -> object:
        g = position(3)
        deck(g, "monster", [*events, *extra])
        g.monster_disc.append(phys(g, monster("Blob", hp=2)))
        g.mslots.append([])
        checks.refill_slots(g)
        return g

    g = table([])
    assert g.mslots == [[]] and not kinds(g, "monster_revealed") and len(g.monster) == 2
    g = table([card("Chest", "monster", "event")])
    assert kinds(g, "monster_revealed")[0][4] == "Golden Troll Bomb!"


def test_soak_seed_events_only_monster_deck():
    result = random_game(3, 9143665417867097692)
    assert result.end_reason in ("win", "draw", "turn_cap")


TAPPER = card("Tapper", "treasure", "active", abilities=({"tap": {"do": {"gain_cents": 1}}},))


def test_FS_13_4_rag_man_roll_resolves_before_the_soul_even_if_the_stack_below_shrinks():
    """Rag Man dies while an ability is still on the stack below its death; in the step-4 window (its
    after-rewards roll) the other player Butter Beans that ability. The roll still resolves before
    step 5: on a 6 Rag Man goes back on top of the monster deck and nobody gains its soul. Before the
    fix the window closed as soon as the stack was as low as when it opened, the soul was gained and
    the roll then moved the same card again (soak: 3 players, seed 5642577295324787185, turn 60)."""

    def p1(d):
        top = d.context
        if d.kind == "respond" and top is not None and top.kind == "ability" and top.name == "Rag Man":
            return next((o for o in d.options if o != "pass" and o[0] == "loot"), None)
        if d.kind == "choose_target":
            return next(o for o in d.options if getattr(o, "name", None) == "Tapper")
        return None

    g = position(2, plans={1: p1}, rolls=[6])
    tapper = give_item(g, 0, TAPPER)
    rag = add_slot_monster(g, real("Rag Man"))
    give_loot(g, 1, real("Butter Bean!"))
    g.players[1].loot_plays = 1
    deck(g, "loot", [card(f"L{i}") for i in range(3)])
    g.active = 0
    assert plays.take_action(g, 0, ("tap", tapper, 0))
    assert damage.kill(g, rag, 0)
    resolution.priority(g, 0)
    assert [r[4] for r in kinds(g, "cancelled")] == ["Tapper"]
    assert g.players[0].cents == 0  # Tapper never resolved
    assert not kinds(g, "soul_gained") and not g.players[0].souls
    assert g.mslots[0][-1].phys is rag.phys or g.monster[-1] is rag.phys  # back on the deck (or revealed)
    assert not g.stack
    check_invariants(g)


def test_soak_rag_man_in_two_zones():
    """`cardlab soak four-souls -n 100000` (run seed 1), 3 players, game 31290, game seed
    5642577295324787185: Rag Man was in two zones at turn 60."""
    result = random_game(3, 5642577295324787185)
    assert result.end_reason in ("win", "draw", "turn_cap")


# --------------------------------------------------------------------------- "destroy this" costs (FS-4.4)


def _paid_on(g, seat: int, o) -> list:
    return [a for a in plays.legal_actions(g, seat) if a[0] == "paid" and a[1] is o]


def test_FS_4_4_a_destroy_this_cost_destroys_this_item_and_no_other():
    """A Quarter!'s cost is destroying A Quarter! itself (FS-4.4): another item its holder owns stays, and
    the Quarter cannot be used again. The engine once let any item of the holder pay it (the first one
    offered), keeping the Quarter for ever (soak 1601, 4 players, sets=all)."""
    g = position(2)
    other = give_item(g, 0, card("Plain", "treasure", "passive"))  # offered first to a "destroy one" cost
    quarter = give_item(g, 0, by_id("box-a_quarter"))
    g.active = 0
    (act,) = _paid_on(g, 0, quarter)
    assert plays.take_action(g, 0, act)
    resolution.priority(g, 0, until_empty=True)
    assert g.players[0].items == [other] and other.in_play
    assert not quarter.in_play and quarter.phys in g.treasure_disc
    assert [r[6] for r in kinds(g, "cents_gained")] == [25]
    check_invariants(g)


def test_FS_4_12_glitch_cannot_pay_a_gained_destroy_this_cost():
    """Glitch (eternal, FS-4.12) takes a shop item's abilities at its turn start; with A Dollar!'s, the
    cost "destroy this" would destroy Glitch, which cannot be destroyed, so it cannot be paid and is not
    offered (the FS-21 Eden ruling: an eternal item's "destroy this" cost does not work). The engine once
    paid it with another item, and Glitch stole the refilled shop again and again until the 20,000-
    resolution guard, minutes later (soak 1601, seed 5495745712423385764)."""
    g = position(2)
    give_item(g, 0, card("Plain", "treasure", "passive"))
    glitch = give_item(g, 0, by_id("r-glitch"))
    add_shop_item(g, by_id("box-a_dollar"))
    g.active = 0
    triggers.fire(g, "turn_start", seat=0)
    resolution.priority(g, 0, until_empty=True)
    assert glitch.eternal and len(glitch.rules.paid) == 1  # A Dollar!'s $ ability, gained till end of turn
    assert _paid_on(g, 0, glitch) == []


def test_FS_4_7_a_runaway_turn_ends_the_game_at_its_own_turn_naming_the_guard(monkeypatch):
    """The game a runaway turn ends is a turn cap whose detail names the guard (the game_over event's), at
    the turn that ran away, so a soak can tell it from a game that reached ``max_turns``."""

    def p0(d):
        if d.kind == "action":
            return next((o for o in d.options if o[0] == "paid"), None)
        return None

    monkeypatch.setattr(resolution, "RESOLUTION_CAP", 300)
    g = position(2, plans={0: p0})
    give_item(g, 0, PUMP)
    take_cents(g, 0, 1)
    g.turn, g.active = 0, 0
    assert turn.play_out(g, 50) == ((), "turn_cap", "resolution_cap")
    assert g.turn == 1


REROLL_CHARM = card(
    "Reroll Charm",
    "treasure",
    "passive",
    abilities=({"on": {"would_roll": 1}, "do": {"may": {"reroll": "event.roll"}, "by": "roller"}},),
)


def test_FS_4_7_saying_yes_to_a_may_for_ever_is_a_player_loop_not_a_card_loop(monkeypatch):
    """A roller who always takes the offered reroll of a 1 (Isaac's Blessing's words, FS-9.2) on a die
    that keeps showing 1 repeats by choice: the guard ends the turn (RunawayTurn), it is not a card-loop
    EngineError. Found by soak: Stacy, attacking Requiem's Hornfel (its combat damage prevented) under
    Alt Art Satan! (5 becomes 6) and Isaac's Blessing, rerolled every 1 and 6 and could never hit nor be
    hurt, an endless attack (FS-10.7) that crashed as a card loop (3 sensible players, sets=all rooms,
    seed 305063308487872394)."""
    monkeypatch.setattr(resolution, "RESOLUTION_CAP", 300)
    monkeypatch.setattr(resolution, "_AUTOMATIC", 100)
    g = position(2, plans={0: lambda d: True if d.kind == "may" else None}, rolls=[1] * 400)
    give_item(g, 0, REROLL_CHARM)
    g.active = 0
    dice.push_roll(g, 0, "table", value=1)
    with pytest.raises(RunawayTurn):
        resolution.priority(g, 0, until_empty=True)
    assert len([r for r in kinds(g, "roll") if r[7] == "reroll"]) > 100


# --------------------------------------------------------------------------- a Roll- loot taken from its discard


def test_FS_3_2_FS_4_18_sticky_nickel_taken_from_the_discard_before_its_result_stays_where_it_went():
    """Sticky Nickel rolls 2 (its reading would move it into the left neighbour's hand). While the result
    waits, seat 2 uses Hallowed Ground to take the loot discard's top card, the Nickel itself (a Roll- loot
    is in its discard while its result is read, FS-4.18). Having changed zones it is a new object (FS-3.2):
    the reading finds it in no discard and leaves it in seat 2's hand alone. The engine once put it in seat 1's
    hand as well (soak 1801, 2 players, sets=all, seed 8637316588124611229: a card in two zones)."""
    from cardlab.simulate.four_souls import counters
    from cardlab.simulate.four_souls.fixtures import loot_fillers

    def p2(d):
        if d.kind == "respond" and d.context.kind == "ability" and d.context.name == "Sticky Nickel":
            return next((o for o in d.options if o[0] == "paid"), None)
        return None

    g = position(3, plans={2: p2}, rolls=[2])
    loot_fillers(g, 5)
    g.active = 0
    hg = give_item(g, 2, by_id("r-hallowed_ground"))
    counters.add(g, hg, 3)
    g.players[0].loot_plays = 1
    nickel = give_loot(g, 0, by_id("r-sticky_nickel"))
    assert plays.take_action(g, 0, ("loot", nickel))
    resolution.priority(g, 0, until_empty=True)
    assert [p.hand for p in g.players] == [[], [], [nickel]] and nickel not in g.loot_disc
    assert counters.count(hg) == 1  # 3 paid, 1 gained for the 2 rolled
    check_invariants(g)


def test_FS_4_18_a_roll_loot_that_becomes_a_soul_leaves_its_discard():
    """The same reading, ``become_soul``: a Roll- loot whose result makes it its player's soul is taken
    from the loot discard it went to as it resolved (FS-4.18), not left there as well (no card does this
    yet; Lost Soul becomes a soul from the stack)."""
    from cardlab.simulate.four_souls.fixtures import loot_fillers

    g = position(2, rolls=[4])
    loot_fillers(g, 5)
    g.active = 0
    g.players[0].loot_plays = 1
    ghost = give_loot(
        g, 0, card("Ghost", abilities=({"play": {"do": {"roll": {"1-6": {"become_soul": {}}}}}},))
    )
    assert plays.take_action(g, 0, ("loot", ghost))
    resolution.priority(g, 0, until_empty=True)
    assert [s.phys for s in g.players[0].souls] == [ghost] and ghost not in g.loot_disc
    check_invariants(g)


# --------------------------------------------------------------------------- an attack that can never end


def test_FS_10_7_an_attack_no_roll_can_win_or_lose_is_a_runaway_turn_not_a_card_loop(monkeypatch):
    """Number One (a 6 on its holder's attack roll misses, monsters -1 evasion on its turn) and Soy Milk
    (+1 evasion on its turn) against a 1-HP monster with evasion 6 dealing 0: no roll hits and no miss
    hurts (FS-10.9), and the attack goes on until someone dies (FS-10.7). Each roll is the attacker's
    (FS-10.10), so the guard ends the turn as a runaway (a guard stop), not as a card-loop EngineError:
    soak 1801, 2 players, sets=all, seed 7593980193271171691, Captain Viridian on Charmed Greedling."""
    monkeypatch.setattr(resolution, "RESOLUTION_CAP", 300)
    monkeypatch.setattr(resolution, "_AUTOMATIC", 100)
    g = position(2)
    give_item(g, 0, by_id("box-number_one"))
    give_item(g, 0, by_id("g2-soy_milk"))
    target = add_slot_monster(g, monster("Stone", hp=1, evasion=6, attack=0))
    g.active = 0
    with pytest.raises(RunawayTurn):
        attack.run_attack(g, 0, target)
    assert target.in_play and len(kinds(g, "roll")) > 100


def test_FS_3_2_sticky_nickel_put_back_on_the_loot_deck_before_its_result_stays_there():
    """The same with The Curse (↷: a discard's top card onto its deck): seat 0 puts its own Nickel, lying
    in the loot discard while its result waits, back on top of the loot deck; the result (move it into
    seat 1's hand) leaves it there (FS-3.2). Soak 1801, 4 players, seed 7641644583180373396: the Nickel,
    drawn again by Football's loot, was then in two hands."""

    def p0(d):
        if d.kind == "respond" and d.context.kind == "ability" and d.context.name == "Sticky Nickel":
            return next((o for o in d.options if o[0] == "tap"), None)
        if d.kind == "choose_deck":
            return "loot"
        return None

    g = position(2, plans={0: p0}, rolls=[2])
    deck(g, "loot", [card("Deck0"), card("Deck1")])
    g.active = 0
    give_item(g, 0, real("The Curse"))
    g.players[0].loot_plays = 1
    nickel = give_loot(g, 0, by_id("r-sticky_nickel"))
    assert plays.take_action(g, 0, ("loot", nickel))
    resolution.priority(g, 0, until_empty=True)
    assert g.loot[-1] is nickel and [p.hand for p in g.players] == [[], []]
    check_invariants(g)


# --------------------------------------------------------------------------- an item made a soul from the shop


def test_FS_14_5_an_item_made_a_soul_from_a_shop_slot_leaves_the_slot_and_uncovers_the_card_beneath():
    """Issue soak 2031 (2 p, seed 8218838737267695683, turn 17): Hot Potato! (an item) rolled a 6, "it
    becomes their soul"; before that resolved its holder died and Shopkeeper put the item their death
    penalty would destroy into a shop slot, on top of the item there (FS-13.9). It became the soul and
    stayed on top of the shop slot as well: a card in two zones. Now it leaves the slot, whose covered
    item is in play again (FS-3.8), and the roller gains it as a soul."""
    g = position(2)
    beneath = phys(g, card("Beneath", "treasure", "passive"))
    pot = add_shop_item(g, card("Pot", "treasure", "passive"))
    g.shop[-1].insert(0, beneath)
    ctx = Ctx(g, 1, pot, name="Pot")
    assert interpreter.run(ctx, {"become_soul": {}})
    assert [s.phys for s in g.players[1].souls] == [pot.phys] and not pot.in_play
    (top,) = g.shop[-1]
    assert top.phys is beneath and top.in_play and top.kind == "item"
    check_invariants(g)


# --------------------------------------------------------------------------- who counts as living


def _both_dying_with_dont_starve():
    """Both players at 0 HP with their deaths on the stack (Mother's Shadow! killed both), and Don't
    Starve! revealed by the refill above the deaths; seat 0 holds Fanny Pack (loot 1 on each damage)."""
    g = position(2, chars=[character("P0", hp=2), character("P1", hp=2)])
    g.active = 1
    give_item(g, 0, real("Fanny Pack"))
    give_loot(g, 0, card("Hand0"))
    loot_fillers(g, 10)
    for p in g.players:
        p.damage = 2
    checks.push_deaths(g)  # FS-13.1: both deaths on the stack
    ev = add_slot_monster(g, by_id("rwz-dont_starve"))
    zones.start_event(g, ev)  # its trigger above the deaths
    return g, ev


def test_FS_13_1_a_player_whose_death_is_on_the_stack_is_not_living():
    """The issue's soak 2031 (2 p, game seed 8215253232715905862, turn 22, "a card loop"): both players
    are dying when Don't Starve! resolves, so no player is living and it has no round to play ("till 1 or
    fewer living players"); the event goes to the discard and both deaths resolve. Before, dying players
    counted as living: its rounds hit them for ever, Fanny Pack's draw making every round differ."""
    g, ev = _both_dying_with_dont_starve()
    assert statics.value(Ctx(g, 0, None, {}, None, None, None, "t"), "living_players") == 0
    settle(g, rounds=60)
    assert not [r for r in kinds(g, "damage") if r[4] == "Don't Starve!"]
    assert ev.phys in g.monster_disc and not g.stack
    assert all(p.dead for p in g.players) and [p.deaths for p in g.players] == [1, 1]
    check_invariants(g)


def test_FS_13_1_a_dying_player_is_no_living_player_to_choose_or_count():
    """The same reading wherever "living" is read: the selector (each / choose a living player) and
    `alive(P)` leave out seat 1, whose death waits on the stack; seat 0 is living."""
    g = position(2)
    g.active = 0
    g.players[1].damage = 2
    checks.push_deaths(g)
    ctx = Ctx(g, 0, None, {}, None, None, None, "t")
    assert [p.seat for p in interpreter.candidates(ctx, "living_player")] == [0]
    assert statics.value(ctx, "alive(1)") is False and statics.value(ctx, "alive(0)") is True


# --------------------------------------------------------------------------- an untargetable rival (FS-4.2)


def test_FS_4_2_seed_an_ability_aiming_at_an_untargetable_rival_is_not_offered_for_ever():
    """Two evaluator players, every set (game seed 597321673988143679): the rival's charged The Monster
    bars them as a target (FS-4.2) while Baba's ↷ names another player; the ability was offered, could not
    go on the stack, and was offered again in the same position until the 200,000-decision cap. The rule
    scenario is test_cards_collection_free_plays; the game must now end by the rules."""
    seed = 597321673988143679
    players = Players([STRATEGIES["evaluator"](s, stream(seed, "strategy", s)) for s in range(2)])
    result = checked_play(make_config(2, sets=("all",)), seed, players)
    assert result.end_reason in ("win", "draw", "turn_cap")
