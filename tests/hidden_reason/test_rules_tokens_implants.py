"""HR-4.11 (implants that say otherwise) and HR-14.2 (summoned-creature tokens)."""

from __future__ import annotations

import pytest

from cardlab.simulate.core.errors import CardDataError
from cardlab.simulate.hidden_reason.invariants import check
from cardlab.simulate.hidden_reason.scenario import add, cast, custom_card, kinds, position
from cardlab.simulate.hidden_reason.stack import run_stack
from cardlab.simulate.hidden_reason.state import ABYSS, BATTLEFIELD, GONE, HAND, OTHER_WORLD
from cardlab.simulate.hidden_reason.views import View
from cardlab.simulate.hidden_reason.zones import leave_battlefield


def _attach(g, implant, host):
    cast(g, implant.owner, implant.uid, host.uid)
    run_stack(g)
    assert implant.host is host


def test_HR_4_11_implant_that_says_otherwise_returns_to_hand():
    """HR-1.2: the card's own text (Symbiote Shell returns to hand) beats the rule's default (HR-4.11)."""
    g = position({0: {"hand": ["Symbiote Shell", "Neural Link"], "battlefield": ["Iron Golem"]}, 1: {}})
    shell, link, golem = g.cards
    _attach(g, shell, golem)
    _attach(g, link, golem)
    assert golem.dur == golem.d.durability + 2
    leave_battlefield(g, golem, OTHER_WORLD, "destroyed")
    assert shell.zone == HAND and shell in g.players[0].hand and shell.host is None
    assert link.zone == OTHER_WORLD  # HR-4.11 default (HR-Q.26)
    check(g)


def test_HR_4_11_returning_implant_overflows_a_full_hand():
    g = position({0: {"hand": ["Symbiote Shell"], "battlefield": ["Iron Golem"]}, 1: {}})
    shell, golem = g.cards
    _attach(g, shell, golem)
    for _ in range(9):
        add(g, 0, "Border Scout", HAND)
    leave_battlefield(g, golem, ABYSS, "exiled")
    assert shell.zone == OTHER_WORLD and "overflow" in kinds(g)  # HR-5.2 / HR-Q.14
    check(g)


def test_HR_4_11_host_leaves_is_validated():
    with pytest.raises(CardDataError, match="host_leaves"):
        custom_card("{name: X, type: implant, cost: 1, grant: {attack: 1}, host_leaves: deck}")
    with pytest.raises(CardDataError, match="only for implants"):
        custom_card("{name: X, type: object, cost: 1, host_leaves: hand, when: {enter: [{draw: 1}]}}")


def test_HR_14_2_summon_creates_exhausted_tokens():
    g = position({0: {"hand": ["Spawn Clutch"]}, 1: {}})
    clutch = g.cards[0]
    cast(g, 0, clutch.uid)
    run_stack(g)
    tokens = [c for c in g.players[0].battlefield if c.token]
    assert [(c.d.name, c.d.attack, c.dur, c.owner) for c in tokens] == [("Hatchling", 1, 1, 0)] * 2
    assert all(c.entered == g.turn for c in tokens)  # HR-9.1: exhausted
    assert kinds(g).count("token_created") == 2 and clutch.zone == OTHER_WORLD
    snap = View(g, 1).card(tokens[0].uid)
    assert snap.token and snap.zone == BATTLEFIELD
    check(g)


@pytest.mark.parametrize("dest", [OTHER_WORLD, HAND, ABYSS])
def test_HR_14_2_token_leaving_play_ceases_to_exist(dest):
    g = position({0: {"hand": ["Spawn Clutch"]}, 1: {}})
    cast(g, 0, g.cards[0].uid)
    run_stack(g)
    token = g.players[0].battlefield[0]
    leave_battlefield(g, token, dest, "test")
    p = g.players[0]
    assert token.zone == GONE and token not in p.hand + p.other_world + p.abyss + p.battlefield
    assert kinds(g)[-1] == "token_ceased"
    check(g)  # conservation: cards in zones + tokens gone == all objects


def test_HR_14_2_tokens_cannot_be_revived():
    g = position({0: {"hand": ["Spawn Clutch", "Reclamation"]}, 1: {}})
    clutch, recl = g.cards[:2]
    cast(g, 0, clutch.uid)
    run_stack(g)
    for t in list(g.players[0].battlefield):
        leave_battlefield(g, t, OTHER_WORLD, "destroyed")
    cast(g, 0, recl.uid)
    run_stack(g)
    assert not g.players[0].battlefield


def test_HR_14_2_invariants_catch_a_token_in_a_zone():
    from cardlab.simulate.core.errors import InvariantError

    g = position({0: {"hand": ["Spawn Clutch"]}, 1: {}})
    cast(g, 0, g.cards[0].uid)
    run_stack(g)
    token = g.players[0].battlefield.pop()
    token.zone = OTHER_WORLD
    g.players[0].other_world.append(token)
    with pytest.raises(InvariantError, match="token"):
        check(g)


def test_HR_14_2_summon_is_validated():
    with pytest.raises(CardDataError, match="durability"):
        custom_card("{name: X, type: strategy, cost: 1, effects: [{summon: {name: T, attack: 1}}]}")
    d = custom_card(
        "{name: X, type: strategy, cost: 1, effects: [{summon: {name: T, attack: 2, durability: 3}}]}"
    )
    ((verb, (token, count)),) = d.play.effects
    assert verb == "summon" and count == 1 and token.is_unit and token.cost == 0


def _oracle_answer(d):
    if d.kind == "respond":
        for opt in d.options:
            if opt[0] == "cast" and d.view.card(opt[1]).name == "Mirror Oracle":
                return opt
    return None


def test_HR_7_2_mirror_oracle_cancels_and_copies_a_strategy_for_its_caster():
    g = position({0: {"hand": ["Blood Offering"]}, 1: {"hand": ["Mirror Oracle"]}}, fns={1: _oracle_answer})
    offering, oracle = g.cards
    cast(g, 0, offering.uid)
    run_stack(g)
    assert offering.zone == OTHER_WORLD and oracle.zone == OTHER_WORLD
    assert g.players[0].boss_damage == 0 and g.players[1].boss_damage == 2 and g.boss_hp == 48
    copy = g.cards[-1]
    assert copy.token and copy.d is offering.d and copy.zone == GONE  # ceased when it left the stack
    assert g.players[1].cards_cast == 1  # the copy was not cast
    assert kinds(g).index("card_copied") < kinds(g).index("countered")
    check(g)


def test_HR_7_2_mirror_oracle_copy_gets_new_targets():
    g = position(
        {
            0: {"hand": ["Arc Bolt"], "battlefield": ["Border Scout", "Iron Golem"]},
            1: {"hand": ["Mirror Oracle"], "battlefield": ["Border Scout"]},
        },
        fns={1: _oracle_answer},
    )
    bolt, scout0, golem, oracle, scout1 = g.cards
    cast(g, 0, bolt.uid, scout1.uid)
    run_stack(g)
    asked = [d for d in g.seats.strategies[1].asked if d.kind == "choose_target"]
    assert asked and asked[0].context == "copy" and asked[0].options == [scout0.uid, golem.uid]
    assert scout0.zone == OTHER_WORLD and scout1.zone == BATTLEFIELD
    check(g)


def test_HR_7_2_mirror_oracle_does_not_copy_a_permanent():
    g = position({0: {"hand": ["Iron Golem"]}, 1: {"hand": ["Mirror Oracle"]}}, fns={1: _oracle_answer})
    golem = g.cards[0]
    cast(g, 0, golem.uid)
    run_stack(g)
    assert golem.zone == OTHER_WORLD and "card_copied" not in kinds(g) and len(g.cards) == 2
    check(g)


def test_HR_7_2_a_copy_can_itself_be_cancelled():
    def p0(d):  # Counterspell on the copy, once there is one (its target is chosen at payment, HR-10.2)
        if d.kind == "respond" and any(c.token for c in g.cards):
            return next((o for o in d.options if o[0] == "cast"), None)
        if d.kind == "choose_target" and d.context == ("pay", 1):
            return next(t for t in d.options if g.cards[t].token)
        return None

    g = position(
        {0: {"hand": ["Blood Offering", "Counterspell"]}, 1: {"hand": ["Mirror Oracle"]}},
        fns={0: p0, 1: _oracle_answer},
    )
    cast(g, 0, g.cards[0].uid)
    run_stack(g)
    copy = g.cards[-1]
    assert copy.token and copy.zone == GONE and g.boss_hp == 50
    assert ("countered", "Blood Offering") in [(r[3], r[4]) for r in g.log.rows if r[2] == 1]
    check(g)
