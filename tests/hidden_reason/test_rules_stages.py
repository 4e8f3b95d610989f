"""HR-7.1 / HR-7.2: the response windows before each stage of playing a card."""

from __future__ import annotations

from cardlab.simulate.hidden_reason.scenario import cast, kinds, position
from cardlab.simulate.hidden_reason.stack import PASS, run_stack
from cardlab.simulate.hidden_reason.state import BATTLEFIELD, HAND, OTHER_WORLD


def _answer(context: str, pred):
    """A script: in the stage window named ``context``, the first option matching ``pred`` (once)."""
    used = []

    def fn(d):
        if d.kind == "respond" and d.context == context and not used:
            for opt in d.options:
                if opt != PASS and pred(opt):
                    used.append(opt)
                    return opt
        return None

    return fn


def test_HR_7_1_opponent_responds_before_payment():
    g = position(
        {0: {"hand": ["Siege Breaker"]}, 1: {"hand": ["Aether Lance"]}},
        fns={1: _answer("before_payment", lambda o: o[0] == "cast")},
        pool=5,
    )
    breaker, lance = g.cards
    cast(g, 0, breaker.uid)
    # the response resolved before the cost was paid (HR-7.1: before stage 2)
    rows = [(r[3], r[4]) for r in g.log.rows if r[3] in ("card_declared", "card_cast", "card_resolved")]
    assert rows == [
        ("card_declared", "Siege Breaker"),
        ("card_declared", "Aether Lance"),
        ("card_cast", "Aether Lance"),
        ("card_resolved", "Aether Lance"),
        ("card_cast", "Siege Breaker"),
    ]
    assert lance.zone == OTHER_WORLD and g.boss_hp == 48
    assert g.players[0].pool == 1 and g.stack[-1].source is breaker


def test_HR_7_2_a_declared_card_cannot_be_cancelled_before_payment():
    g = position({0: {"hand": ["Siege Breaker"]}, 1: {"hand": ["Counterspell"]}}, pool=5)
    breaker = g.cards[0]
    cast(g, 0, breaker.uid)
    # nothing legal before payment (the card is not cancellable yet): the opponent was not asked
    assert g.seats.strategies[1].asked == []
    run_stack(g)
    asked = g.seats.strategies[1].asked
    assert [d.context for d in asked] == [None]  # the ordinary window after payment
    assert ("cast", g.cards[1].uid) in asked[0].options


def test_HR_7_1_response_before_effect_saves_the_target():
    # P1 bounces its own unit in the window before Arc Bolt's effect: the bolt resolves, but its target is gone.
    g = position(
        {
            0: {"hand": ["Arc Bolt"]},
            1: {"hand": ["Recall Beacon", "Counterspell"], "battlefield": ["Iron Golem"]},
        },
        fns={1: _answer("before_effect", lambda o: o[0] == "cast" and o[1] == 1)},
    )
    bolt, beacon, counter, golem = g.cards
    cast(g, 0, bolt.uid, golem.uid)
    run_stack(g)
    window = [d for d in g.seats.strategies[1].asked if d.context == "before_effect"][0]
    # HR-7.2: a resolving card cannot be cancelled any more
    assert not any(o[0] == "cast" and o[1] == counter.uid for o in window.options[1:])
    assert golem.zone == HAND and golem.dur == golem.d.durability
    assert "durability_lost" not in kinds(g)
    assert ("fizzled", "Arc Bolt", "targets lost before its effect") in [
        (r[3], r[4], r[7]) for r in g.log.rows
    ]
    assert bolt.zone == OTHER_WORLD and beacon.zone == OTHER_WORLD


def test_HR_7_1_cost_that_can_no_longer_be_paid_undoes_the_play():
    # Ilen makes Hush cost 1; P1 destroys Ilen before payment, Hush now costs 2 > 1: back to hand.
    g = position(
        {
            0: {"hand": ["Hush"], "battlefield": ["Grand Magister Ilen"]},
            1: {"hand": ["Unmake"], "battlefield": ["Iron Golem"]},
        },
        fns={1: _answer("before_payment", lambda o: o[0] == "cast")},
        pool=1,
    )
    g.players[1].pool = 9
    hush, ilen, unmake, golem = g.cards
    cast(g, 0, hush.uid, golem.uid)
    assert ilen.zone == OTHER_WORLD
    assert hush.zone == HAND and g.players[0].pool == 1 and not g.stack
    assert ("fizzled", "Hush") in [(r[3], r[4]) for r in g.log.rows]
    assert "card_cast" not in [r[3] for r in g.log.rows if r[4] == "Hush"]


def test_HR_7_1_windows_are_for_opponents_and_skipped_when_nothing_is_legal():
    g = position({0: {"hand": ["Siege Breaker", "Aether Lance"]}, 1: {}}, pool=9)
    cast(g, 0, g.cards[0].uid)
    run_stack(g)
    s0, s1 = g.seats.strategies
    assert s1.asked == []  # no tactic, no ability: never asked
    assert all(d.context is None for d in s0.asked)  # the caster is not asked in its own stage windows
    assert g.cards[0].zone == BATTLEFIELD


def test_HR_7_1_hooked_effect_whose_target_is_lost_before_effect_does_nothing():
    # regression (soak): Overclock's hook needs its construction; it is bounced in the before-effect window
    g = position(
        {0: {"hand": ["Overclock"], "battlefield": ["Siege Blueprint"]}, 1: {"hand": ["Recall Beacon"]}},
        fns={1: _answer("before_effect", lambda o: o[0] == "cast")},
    )
    overclock, blueprint, beacon = g.cards
    cast(g, 0, overclock.uid, blueprint.uid)
    run_stack(g)
    assert blueprint.zone == HAND and overclock.zone == OTHER_WORLD and blueprint.energy == 0
    assert ("fizzled", "Overclock") in [(r[3], r[4]) for r in g.log.rows]


def test_every_event_kind_is_documented_and_described():
    from pathlib import Path

    from cardlab.simulate.hidden_reason import GAME
    from cardlab.simulate.hidden_reason.events import describe_event

    doc = (Path(__file__).parents[2] / "docs" / "hidden_reason.md").read_text()
    for kind in GAME.event_kinds:
        assert f"`{kind}`" in doc, kind
        assert describe_event((1, "main", 0, kind, "X", "Y", 1, "d", None, 2))
