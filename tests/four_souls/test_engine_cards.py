"""Every implemented Base V2 card, exercised in a small position: loot played, items activated,
monsters fought, events revealed. The state must stay consistent (fixtures.check_invariants)."""

from __future__ import annotations

import random

import pytest

from cardlab.simulate.core import Streams
from cardlab.simulate.four_souls import attack, dice, plays, resolution, statics
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
    monster,
    position,
    take_cents,
)

POOL = select(load_pool(), DEFAULT)  # the default sets (Base Game V2)
SUPPLY = build_supply(POOL, 4)
RUNNABLE = [c for c in POOL.cards if c.id in SUPPLY.rules]


def _random_plan(seed: int):
    rng = random.Random(seed)

    def plan(d):
        opts = [o for o in d.options if o != "pass"] if d.kind == "respond" else list(d.options)
        if d.kind == "respond":
            return "pass"
        return opts[rng.randrange(len(opts))]

    return plan


def _table(seed: int, n: int = 3):
    g = position(
        n,
        chars=[character("A", hp=3), character("B", hp=3), character("C", hp=3)][:n],
        plans={i: _random_plan(seed + i) for i in range(n)},
    )
    g.streams = Streams(seed)
    add_slot_monster(g, monster("Blob", hp=2, evasion=3, rewards={"cents": 2}))
    add_slot_monster(g, monster("Boss", hp=3, evasion=4, soul=1, rewards={"loot": 1}))
    add_shop_item(g, POOL.by_name["Breakfast"])
    add_shop_item(g, POOL.by_name["Meat!"])
    deck(g, "loot", [card(f"L{i}") for i in range(8)])
    deck(g, "treasure", [POOL.by_name["Dinner"], POOL.by_name["Synthoil"], POOL.by_name["The Relic"]])
    deck(g, "monster", [monster("M1"), monster("M2", hp=1), monster("M3")])
    for i in range(n):
        take_cents(g, i, 12)
        give_loot(g, i, card(f"Hand{i}"))
    give_item(g, 1, POOL.by_name["Dinner"])
    return g


def _ids(kind):
    return [c for c in RUNNABLE if kind(c)]


def _roll_on_stack(g):
    dice.push_roll(g, 1, "effect", name="a roll to target")  # FS-9: a roll on the stack is a target


def _loot_on_stack(g):
    """Seat 1's loot card on the stack, unresolved: something to cancel."""
    g.players[1].loot_plays = 1
    assert plays.take_action(g, 1, ("loot", g.players[1].hand[0]))


def _own_item(g):
    give_item(g, 0, POOL.by_name["Breakfast"])  # a non-eternal item of the player's own to destroy


# What a loot card needs in play before it can be played at all (its targets); every other card plays in
# the plain table. A card that cannot be played in its position fails the test: give it a setup here.
NEEDS = {
    "I. The Magician": _roll_on_stack,
    "Dice Shard": _roll_on_stack,
    "Butter Bean!": _loot_on_stack,
    "XV. The Devil": _own_item,
}


@pytest.mark.parametrize("c", _ids(lambda c: c.deck == "loot"), ids=lambda c: c.id)
def test_every_loot_card_plays(c):
    """Each loot card is played (it leaves the hand, ``loot_played`` names it) and resolves completely,
    leaving a consistent state — in three seeded positions."""
    for seed in range(3):
        g = _table(seed)
        NEEDS.get(c.name, lambda g: None)(g)
        ph = give_loot(g, 0, c)
        g.players[0].loot_plays = 1
        assert plays.can_play_loot(g, 0, ph), (
            f"{c.name} cannot be played (seed {seed}): give it a setup in NEEDS"
        )
        assert plays.take_action(g, 0, ("loot", ph))
        resolution.priority(g, 0)
        assert ph not in g.players[0].hand
        assert (0, "loot_played", c.name) in [(r[2], r[3], r[4]) for r in g.log.rows]
        assert not g.stack
        check_invariants(g)


def test_every_loot_card_setup_is_needed():
    """A setup in NEEDS that a card can do without is stale: the card plays in the plain table too."""
    for name in NEEDS:
        g = _table(0)
        ph = give_loot(g, 0, POOL.by_name[name])
        g.players[0].loot_plays = 1
        assert not plays.can_play_loot(g, 0, ph), name


# Items whose activated ability this plain table cannot offer; each has its own activation scenarios in
# test_rules_examination (No! cancelling an item ability, Donation Machine paying with another item, Mom’s
# Shovel entering deactivated, Contract From Below destroying two items).
NOT_ACTIVATED = {
    "No!": "its target is an item ability on the stack",
    "Mom’s Shovel": "it enters deactivated (FS-11.8) and steals a soul nobody has here",
    "Contract From Below": "its cost destroys two other items of its controller",
    "Donation Machine": "its cost gives away another non-eternal item",
}


@pytest.mark.parametrize("c", _ids(lambda c: c.deck in ("treasure", "eternal")), ids=lambda c: c.id)
def test_every_item_activates_and_triggers(c):
    """Each item's activated abilities (↷ and $) are taken in at least one of three seeded positions, then a
    fight exercises its roll, damage and death triggers; the state stays consistent."""
    activated = 0
    for seed in range(3):
        g = _table(seed)
        o = give_item(g, 0, c, eternal="eternal" in c.keywords, starting="starting_item" in c.keywords)
        o.counters += 6
        dice.push_roll(g, 1, "effect", name="a roll to target")
        for action in plays.legal_actions(g, 0):
            if action[0] != "loot" and action[1] is o and o.in_play and plays.take_action(g, 0, action):
                activated += 1
                resolution.priority(g, 0)
        resolution.priority(g, 0)
        # a fight exercises its roll / damage / death triggers
        m = g.monsters()[0]
        g.active = 0
        attack.run_attack(g, 0, m)
        resolution.priority(g, 0)
        assert not g.stack
        check_invariants(g)
    if c.name in NOT_ACTIVATED:  # stated, and checked to be still true: the list cannot go stale
        assert not activated, f"{c.name} is activated now: drop it from NOT_ACTIVATED"
    else:
        assert activated or not SUPPLY.rules[c.id].has_act, f"{c.name}: its activated ability was never taken"


@pytest.mark.parametrize("c", _ids(lambda c: c.deck == "monster" and c.hp is not None), ids=lambda c: c.id)
def test_every_monster_fights(c):
    for seed in range(3):
        g = _table(seed)
        m = add_slot_monster(g, c)
        g.active = 0
        if not statics.cant_be_attacked(g, m):
            start = len(g.log.rows)
            attack.run_attack(g, 0, m)
            fought = [r for r in g.log.rows[start:] if r[3] == "attack_target" and r[4] == c.name]
            assert fought and any(r[3] == "roll" for r in g.log.rows[start:])  # attacked, and rolled at
        resolution.priority(g, 0)
        assert not g.stack
        check_invariants(g)


@pytest.mark.parametrize("c", _ids(lambda c: c.deck == "monster" and c.hp is None), ids=lambda c: c.id)
def test_every_event_resolves_when_revealed(c):
    for seed in range(3):
        g = _table(seed)
        deck(g, "monster", [c])
        g.mslots.append([])
        g.active = 0
        resolution.priority(g, 0)
        assert not g.stack
        assert all(slot and slot[-1].kind == "monster" for slot in g.mslots)
        check_invariants(g)
