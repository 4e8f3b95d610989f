"""HR-10.2 / HR-7.1 / HR-11.3 / HR-7.2: when targets are chosen, and activated abilities played through the
same stages and response windows as tactics (issue 15, Hidden Reason items 3 and 5)."""

from __future__ import annotations

from cardlab.simulate.hidden_reason.scenario import aim, cast, custom_card, kinds, position
from cardlab.simulate.hidden_reason.stack import PASS, act, options, run_stack
from cardlab.simulate.hidden_reason.state import BATTLEFIELD, DECLARED, HAND, OTHER_WORLD, WAITING, StackItem

from .invariants import check


def _once(context, name, target=None):
    """Opponent script: in the window ``context``, play the card named ``name`` once (its target scripted)."""
    used = []

    def fn(d):
        if d.kind == "respond" and d.context == context and not used:
            for o in d.options:
                if o != PASS and o[0] == "cast" and d.view.card(o[1]).name == name:
                    used.append(o)
                    if target is not None:
                        aim(d.view._g, o[1], target())
                    return o
        return None

    return fn


def _rows(g, *wanted):
    return [(r[3], r[4], r[5]) for r in g.log.rows if r[3] in wanted]


# -- HR-10.2: a card's targets are chosen when it is paid for ------------------------------------------
def test_HR_10_2_a_target_bounced_before_payment_is_not_chosen_the_tactic_hits_another():
    """Arc Bolt is declared with two enemy units about; in the before-payment window their controller
    returns Border Scout to hand. Arc Bolt's target is chosen now, when it is paid for: Iron Golem takes
    the 2 damage, nothing fizzles and Arc Bolt costs its 1."""
    g = position(
        {
            0: {"hand": ["Arc Bolt"]},
            1: {"hand": ["Recall Beacon"], "battlefield": ["Border Scout", "Iron Golem"]},
        },
        fns={1: _once("before_payment", "Recall Beacon", lambda: 2)},
    )
    bolt, beacon, scout, golem = g.cards
    act(g, 0, ("cast", bolt.uid))
    assert _rows(g, "card_declared")[0] == ("card_declared", "Arc Bolt", None)  # no target at declaration
    pay = [d for d in g.seats.strategies[0].asked if d.kind == "choose_target"]
    assert pay == []  # the golem was the only legal target left: nothing to ask
    assert g.stack[-1].target == golem.uid and g.players[0].pool == 8
    run_stack(g)
    assert scout in g.players[1].hand and golem.dur == 3
    assert bolt.zone == OTHER_WORLD and "fizzled" not in kinds(g)
    assert _rows(g, "card_cast")[-1] == ("card_cast", "Arc Bolt", "Iron Golem")
    check(g)


def test_HR_10_2_no_legal_target_left_at_payment_means_the_tactic_cannot_be_played():
    """The only enemy unit leaves before payment: Arc Bolt cannot be played — back to hand, nothing paid."""
    g = position(
        {0: {"hand": ["Arc Bolt"]}, 1: {"hand": ["Recall Beacon"], "battlefield": ["Border Scout"]}},
        fns={1: _once("before_payment", "Recall Beacon", lambda: 2)},
    )
    bolt, beacon, scout = g.cards
    cast(g, 0, bolt)
    assert bolt.zone == HAND and bolt in g.players[0].hand and not g.stack
    assert g.players[0].pool == 9 and g.players[0].cards_cast == 0
    assert ("fizzled", "Arc Bolt", None) in _rows(g, "fizzled")
    assert [r[7] for r in g.log.rows if r[3] == "fizzled"] == ["no legal target"]
    assert "card_cast" not in [r[3] for r in g.log.rows if r[4] == "Arc Bolt"]
    check(g)


def test_HR_10_2_targets_chosen_at_payment_cannot_change_and_a_lost_target_fizzles_after_payment():
    """Once paid, the target is fixed (HR-10.2): bounced in the ordinary window after payment, Arc Bolt
    is cancelled on resolution (HR-10.3) with its cost spent — though another enemy unit is there."""
    g = position(
        {
            0: {"hand": ["Arc Bolt"]},
            1: {"hand": ["Recall Beacon"], "battlefield": ["Border Scout", "Iron Golem"]},
        },
        fns={1: _once(None, "Recall Beacon", lambda: 2)},
    )
    bolt, beacon, scout, golem = g.cards
    cast(g, 0, bolt, scout.uid)
    run_stack(g)
    assert scout in g.players[1].hand and golem.dur == 5 and g.players[0].pool == 8
    assert bolt.zone == OTHER_WORLD and [r[7] for r in g.log.rows if r[3] == "fizzled"] == ["illegal target"]


def test_HR_10_2_the_same_for_an_implant_its_unit_is_chosen_at_payment():
    """Not only tactics: an implant's unit is chosen when it is paid for (HR-7.1 is the same for every
    card). Border Scout is killed before Plating is paid for: Plating goes on Iron Golem (5 + 3)."""
    g = position(
        {0: {"hand": ["Plating"], "battlefield": ["Border Scout", "Iron Golem"]}, 1: {"hand": ["Ambush"]}},
        fns={1: _once("before_payment", "Ambush", lambda: 1)},
    )
    plating, scout, golem, ambush = g.cards
    cast(g, 0, plating)
    run_stack(g)
    assert scout.zone == OTHER_WORLD and plating.host is golem and golem.dur == 8
    check(g)


def test_HR_10_2_the_caster_chooses_among_the_targets_legal_at_payment():
    g = position({0: {"hand": ["Arc Bolt"]}, 1: {"battlefield": ["Border Scout", "Iron Golem"]}})
    bolt, scout, golem = g.cards
    cast(g, 0, bolt, golem.uid)
    (pay,) = [d for d in g.seats.strategies[0].asked if d.kind == "choose_target"]
    assert pay.context == ("pay", bolt.uid) and pay.options == [scout.uid, golem.uid]
    run_stack(g)
    assert golem.dur == 3 and scout.dur == 1


# -- HR-11.3 / HR-7.1: an activated ability is played as a tactic is ------------------------------------
def test_HR_7_1_an_opponent_responds_before_an_ability_is_paid_for():
    """Archivist (2/3: pay 1, tap: draw). Ambush (2 damage) before its costs are paid leaves it at 1; the
    tap then removes its last token, and a unit whose own tap did that stays until its ability resolves
    (HR-4.5): the card is drawn, then Archivist goes to the other world."""
    g = position(
        {0: {"battlefield": ["Archivist"], "deck": ["Iron Golem"]}, 1: {"hand": ["Ambush"]}},
        fns={1: _once("before_payment", "Ambush", lambda: 0)},
    )
    archivist, golem, ambush = g.cards
    act(g, 0, ("act", archivist.uid, 0, None))
    order = [r[3] for r in g.log.rows if r[3] in ("ability_declared", "card_cast", "ability_activated")]
    assert order == ["ability_declared", "card_cast", "ability_activated"]
    assert archivist.tapped and archivist.dur == 0 and archivist.zone == BATTLEFIELD
    run_stack(g)
    assert golem in g.players[0].hand and archivist.zone == OTHER_WORLD and g.players[0].pool == 8
    check(g)


def test_HR_7_1_a_tap_cost_made_unpayable_before_payment_undoes_the_activation():
    """Frost Bind taps Archivist before its costs are paid: the tap cannot be paid, so the ability is not
    activated — nothing paid (its 1 resource stays), no card drawn."""
    g = position(
        {0: {"battlefield": ["Archivist"], "deck": ["Iron Golem"]}, 1: {"hand": ["Frost Bind"]}},
        fns={1: _once("before_payment", "Frost Bind", lambda: 0)},
    )
    archivist, golem, bind = g.cards
    act(g, 0, ("act", archivist.uid, 0, None))
    run_stack(g)
    assert not g.stack and g.players[0].pool == 9 and golem in g.players[0].deck
    assert archivist.tapped and archivist.dur == 2  # tapped by Frost Bind (1 durability), not by its cost
    assert [r[7] for r in g.log.rows if r[3] == "fizzled"] == ["cost cannot be paid"]
    assert "ability_activated" not in kinds(g)
    check(g)


def test_HR_7_1_HR_Q_12_a_response_before_an_abilitys_effect_can_still_stop_it():
    """The window before (4): Archivist's draw has begun resolving when Ambush takes its last 2 tokens;
    the unit is gone when the effect would happen, so no card is drawn (HR-Q.12)."""
    g = position(
        {0: {"battlefield": ["Archivist"], "deck": ["Iron Golem"]}, 1: {"hand": ["Ambush"]}},
        fns={1: _once("before_effect", "Ambush", lambda: 0)},
    )
    archivist, golem, ambush = g.cards
    act(g, 0, ("act", archivist.uid, 0, None))
    run_stack(g)
    assert archivist.zone == OTHER_WORLD and golem in g.players[0].deck
    assert [r[7] for r in g.log.rows if r[3] == "fizzled"] == ["source unit gone"]
    contexts = [d.context for d in g.seats.strategies[1].asked if d.kind == "respond"]
    assert contexts[:3] == ["before_payment", None, "before_effect"]


def test_HR_10_2_an_abilitys_target_is_chosen_with_its_activation():
    """Unlike a tactic's, an ability's target is fixed when it is activated (HR-10.2): Forge Master aims
    at Siege Blueprint, which is returned to hand before the costs are paid; the ability is paid for and
    then does nothing (HR-10.3)."""
    g = position(
        {
            0: {"battlefield": ["Forge Master", "Siege Blueprint"]},
            1: {"hand": ["Recall Beacon"]},
        },
        fns={1: _once("before_payment", "Recall Beacon", lambda: 1)},
    )
    forge, blueprint, beacon = g.cards
    act(g, 0, ("act", forge.uid, 0, blueprint.uid))
    run_stack(g)
    assert blueprint in g.players[0].hand and blueprint.energy == 0
    assert forge.tapped and forge.dur == 3 and g.players[0].pool == 8
    assert [r[7] for r in g.log.rows if r[3] == "fizzled"] == ["illegal target"]


def test_HR_15_3_a_scrap_cost_lost_before_payment_undoes_the_ability():
    """Scrap is a cost (HR-15.3), paid at stage 2: the permanent to scrap is destroyed in the window
    before, so Scrapper Bot's ability is not activated — the bot stays untapped, the enemy unit unhurt."""
    g = position(
        {
            0: {"battlefield": ["Scrapper Bot", "Salvage Crane"]},
            1: {"hand": ["Unmake"], "battlefield": ["Iron Golem"]},
        },
        fns={1: _once("before_payment", "Unmake", lambda: 1)},
    )
    bot, crane, unmake, golem = g.cards
    act(g, 0, ("scrap", bot.uid, crane.uid, golem.uid))
    run_stack(g)
    assert crane.zone == OTHER_WORLD and not bot.tapped and bot.dur == 2 and golem.dur == 5
    assert "scrap" not in kinds(g) and [r[7] for r in g.log.rows if r[3] == "fizzled"] == [
        "cost cannot be paid"
    ]
    check(g)


def test_HR_7_1_a_permanent_declaring_an_ability_cannot_activate_again_before_paying():
    """Spawning Pool's ability (pay 2: revive) has no tap: while one activation is declared and not yet
    paid for, the Pool offers no second one (its costs would be promised twice); once paid, it may."""
    g = position({0: {"battlefield": ["Spawning Pool"]}, 1: {}})
    pool = g.cards[0]
    again = ("act", pool.uid, 0, None)
    assert again in options(g, 0, False)
    g.stack.append(StackItem("ability", 0, pool, pool.d.activated[0], None, stage=DECLARED))
    assert again not in options(g, 0, False)
    g.stack[-1].stage = WAITING
    assert again in options(g, 0, False)


# -- HR-7.2: cancelling an ability (a test-only card: no bundled card cancels abilities) -----------------
NULL_FIELD = custom_card("{name: Null Field, type: tactic, cost: 2, target: ability, effects: [counter]}")


def _null_field(context):
    return _once(context, "Null Field")


def test_HR_7_2_a_paid_ability_can_be_cancelled_its_costs_stay_spent():
    """Archivist's draw is cancelled in the ordinary window after its costs are paid: no card is drawn,
    the resource and the tap (1 durability) stay spent."""
    g = position(
        {0: {"battlefield": ["Archivist"], "deck": ["Iron Golem"]}, 1: {"hand": [NULL_FIELD]}},
        fns={1: _null_field(None)},
    )
    archivist, golem, field = g.cards
    act(g, 0, ("act", archivist.uid, 0, None))
    run_stack(g)
    assert golem in g.players[0].deck and g.players[0].pool == 8
    assert (
        archivist.tapped and archivist.dur == 2 and archivist.pending == 0 and archivist.zone == BATTLEFIELD
    )
    assert ("countered", "Archivist", "Null Field") in _rows(g, "countered")
    assert field.zone == OTHER_WORLD and "card_resolved" not in [
        r[3] for r in g.log.rows if r[4] == "Archivist"
    ]
    check(g)


def test_HR_7_2_an_ability_cannot_be_cancelled_before_payment_or_while_resolving():
    """Null Field is never offered in the window before the ability's costs are paid, nor in the window
    before its effect (it has begun resolving): only in between."""
    g = position(
        {0: {"battlefield": ["Archivist"], "deck": ["Iron Golem"]}, 1: {"hand": [NULL_FIELD]}},
    )
    archivist, golem, field = g.cards
    act(g, 0, ("act", archivist.uid, 0, None))
    run_stack(g)
    asked = [d.context for d in g.seats.strategies[1].asked if d.kind == "respond"]
    assert asked == [None]  # the only window where it had a legal target
    assert golem in g.players[0].hand


def test_HR_7_2_HR_4_5_a_unit_waiting_on_its_cancelled_ability_leaves():
    """Archivist at 1 durability taps its last token for its ability (HR-4.5: it waits for the ability);
    once the ability is cancelled nothing is pending, and the unit goes to the other world."""
    g = position(
        {0: {"battlefield": ["Archivist"], "deck": ["Iron Golem"]}, 1: {"hand": [NULL_FIELD]}},
        fns={1: _null_field(None)},
    )
    archivist, golem, field = g.cards
    archivist.dur = 1
    act(g, 0, ("act", archivist.uid, 0, None))
    assert archivist.zone == BATTLEFIELD and archivist.dur == 0
    run_stack(g)
    assert archivist.zone == OTHER_WORLD and golem in g.players[0].deck
    check(g)


def test_HR_7_2_a_triggered_ability_can_be_cancelled():
    """Arc Bolt kills Junk Golem; its 'dies: draw 1' trigger waits on the stack, and Null Field cancels
    it: its controller draws nothing."""
    g = position(
        {
            0: {"hand": ["Arc Bolt", NULL_FIELD]},
            1: {"battlefield": ["Junk Golem"], "deck": ["Border Scout"]},
        },
        fns={0: _null_field(None)},
    )
    bolt, field, junk, scout = g.cards
    junk.dur = 2
    cast(g, 0, bolt, junk.uid)
    run_stack(g)
    assert junk.zone == OTHER_WORLD and scout in g.players[1].deck and field.zone == OTHER_WORLD
    assert ("countered", "Junk Golem", "Null Field") in _rows(g, "countered")
    check(g)
