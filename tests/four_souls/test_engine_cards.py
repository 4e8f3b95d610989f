"""Every implemented Base V2 card, exercised in a small position: loot played, items activated,
monsters fought, events revealed. The state must stay consistent (fixtures.check_invariants)."""

from __future__ import annotations

import random

import pytest

from cardlab.simulate.four_souls import attack, plays, resolution, statics
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
    g.rng = random.Random(seed)
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


@pytest.mark.parametrize("c", _ids(lambda c: c.deck == "loot"), ids=lambda c: c.id)
def test_every_loot_card_plays(c):
    for seed in range(3):
        g = _table(seed)
        ph = give_loot(g, 0, c)
        g.players[0].loot_plays = 1
        dice_item = None
        if not plays.can_play_loot(g, 0, ph):
            from cardlab.simulate.four_souls import dice

            dice_item = dice.push_roll(g, 1, "effect", name="a roll to target")  # rolls are targets too
        played = plays.can_play_loot(g, 0, ph) and plays.take_action(g, 0, ("loot", ph))
        if played or dice_item is not None:
            resolution.priority(g, 0)
        assert not g.stack
        check_invariants(g)


@pytest.mark.parametrize("c", _ids(lambda c: c.deck in ("treasure", "eternal")), ids=lambda c: c.id)
def test_every_item_activates_and_triggers(c):
    for seed in range(3):
        g = _table(seed)
        o = give_item(g, 0, c, eternal="eternal" in c.keywords, starting="starting_item" in c.keywords)
        o.counters += 6
        from cardlab.simulate.four_souls import dice

        dice.push_roll(g, 1, "effect", name="a roll to target")
        for action in plays.legal_actions(g, 0):
            if action[0] != "loot" and action[1] is o and o.in_play and plays.take_action(g, 0, action):
                resolution.priority(g, 0)
        resolution.priority(g, 0)
        # a fight exercises its roll / damage / death triggers
        m = g.monsters()[0]
        g.active = 0
        attack.run_attack(g, 0, m)
        resolution.priority(g, 0)
        assert not g.stack
        check_invariants(g)


@pytest.mark.parametrize("c", _ids(lambda c: c.deck == "monster" and c.hp is not None), ids=lambda c: c.id)
def test_every_monster_fights(c):
    for seed in range(3):
        g = _table(seed)
        m = add_slot_monster(g, c)
        g.active = 0
        if not statics.cant_be_attacked(g, m):
            attack.run_attack(g, 0, m)
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
