"""Every card of the designed set is exercised: cast with each legal choice, its abilities used, its
triggers fired, and the invariants checked after each step."""

from __future__ import annotations

import pytest

from cardlab.simulate.hidden_reason import zones
from cardlab.simulate.hidden_reason.combat import attack_phase
from cardlab.simulate.hidden_reason.decks import load_pool
from cardlab.simulate.hidden_reason.scenario import add, cast, position
from cardlab.simulate.hidden_reason.stack import act, options, run_stack
from cardlab.simulate.hidden_reason.state import BATTLEFIELD, OTHER_WORLD, STACK
from cardlab.simulate.hidden_reason.turn import _end_phase, _start_phase

from .invariants import check

POOL = load_pool("")
IMPLEMENTED = sorted(n for n, c in POOL.cards.items() if c.implemented)


def _table(name):
    """A busy table: the card in seat 0's hand, units and a construction on both sides, cards to revive."""
    g = position(
        {
            0: {
                "battlefield": ["Border Scout", "Colossus Frame", "Spark Drone", "Mitsim Drone"],
                "other_world": ["Mitsim Larva", "Mitsim Drone", "Iron Golem"],
                "deck": ["Shield Recruit"] * 6,
                "hand": [name],
            },
            1: {
                "battlefield": ["Veteran Spearman", "Oracle Lens", "Border Scout"],
                "hand": ["Insight", "Border Scout"],
                "deck": ["Shield Recruit"] * 6,
            },
        },
        fns={0: lambda d: "attack" if d.kind == "attack" else None},
    )
    g.cards[1].energy = 1
    g.cards[2].energy = 2
    return g


def _casts(name):
    g = _table(name)
    card = g.players[0].hand[0]
    if card.d.play is not None and card.d.play.target == "spell":
        cast(g, 1, g.players[1].hand[0].uid)  # something to counter
    return [o for o in options(g, 0, g.stack == []) if o[0] == "cast" and o[1] == card.uid]


@pytest.mark.parametrize("name", IMPLEMENTED)
def test_card_is_playable_and_behaves(name):
    choices = _casts(name)
    assert choices, f"{name}: no legal way to play it on the test table"
    for i in range(len(choices)):
        g = _table(name)
        card = g.players[0].hand[0]
        if card.d.play is not None and card.d.play.target == "spell":
            cast(g, 1, g.players[1].hand[0].uid)
        opt = [o for o in options(g, 0, g.stack == []) if o[0] == "cast" and o[1] == card.uid][i]
        act(g, 0, opt)
        run_stack(g)
        check(g)
        assert g.log.of_kind("card_resolved") or g.log.of_kind("fizzled")
        if card.d.is_permanent:
            assert card.zone == BATTLEFIELD or card.d.type == "implant" and card.zone == OTHER_WORLD
        else:
            assert card.zone == OTHER_WORLD
        _exercise(g, card)


def _exercise(g, card):
    """Next turn: start triggers, every ability it offers, an attack, the end, then its death."""
    _end_phase(g)
    g.turn += 2
    _start_phase(g)
    check(g)
    if card.zone != BATTLEFIELD:
        return
    used = False
    for opt in options(g, 0, True):
        if opt[1] == card.uid and opt[0] != "cast" and card.zone == BATTLEFIELD:
            fresh = [o for o in options(g, 0, True) if o == opt]
            if fresh:
                act(g, 0, opt)
                run_stack(g)
                check(g)
                used = True
    if card.d.has_ability and not card.silenced:
        assert used or card.d.construction is not None or card.d.substitution or card.d.synergy, card.name
    if card.zone == BATTLEFIELD and card.d.is_unit:
        attack_phase(g)
        check(g)
    if card.zone == BATTLEFIELD:
        zones.leave_battlefield(g, card, OTHER_WORLD, "destroyed")
        run_stack(g)
        check(g)
    assert card.zone != STACK


def test_the_set_covers_every_type_and_mechanic():
    cards = [c for c in POOL.cards.values() if c.implemented]
    assert {c.type for c in cards} == {"unit", "strategy", "tactic", "event", "object", "implant"}
    assert any(c.construction and c.construction.overload for c in cards)
    for attr in ("synergy", "scrap", "substitution", "mitsim", "hunger", "unique"):
        assert any(getattr(c, attr) for c in cards), attr
    verbs = {v for c in cards for blk in _blocks(c) for v, _ in blk}
    from cardlab.simulate.hidden_reason.cards import VERBS

    assert verbs == set(VERBS)
    triggers = {t for c in cards for t, _ in c.triggers}
    from cardlab.simulate.hidden_reason.cards import TRIGGERS

    assert triggers == set(TRIGGERS)
    per_class = {}
    for c in cards:
        per_class[c.cls] = per_class.get(c.cls, 0) + 1
    assert len(per_class) >= 4 and min(per_class.values()) >= 20


def _blocks(c):
    out = []
    if c.play:
        out.append(c.play.effects)
    out += [a.effects for _, a in c.triggers] + [a.effects for a in c.activated]
    if c.construction:
        out += [c.construction.ability.effects, c.construction.overload]
    if c.scrap:
        out.append(c.scrap.effects)
    return out


def test_vanilla_units_follow_the_curve():
    """DESIGN.md: a unit with no text has attack + durability = 2 × cost + 1."""
    text = ("triggers", "activated", "hunger", "synergy", "scrap", "shroud", "mitsim", "unique")
    statics = ("allies_attack", "tactic_discount", "retribution_ward")
    for c in POOL.cards.values():
        if c.is_unit and not any(getattr(c, k) for k in text + statics):
            assert c.attack + c.durability == 2 * c.cost + 1, c.name


def test_add_helper_places_cards():
    g = position({0: {}, 1: {}})
    c = add(g, 0, "Border Scout", BATTLEFIELD)
    assert c in g.players[0].battlefield
