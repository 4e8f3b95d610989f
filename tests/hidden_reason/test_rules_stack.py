"""Rule scenarios: playing cards, the stack, tapping, exhaustion, targeting, abilities (HR-4, HR-7–HR-11)."""

from __future__ import annotations

from cardlab.simulate.hidden_reason import stack
from cardlab.simulate.hidden_reason.scenario import add, cast, custom_card, first_option, kinds, position
from cardlab.simulate.hidden_reason.stack import PASS, act, options, resolve_top, run_stack
from cardlab.simulate.hidden_reason.state import BATTLEFIELD, OTHER_WORLD
from cardlab.simulate.hidden_reason.turn import placement


def _cast(g, seat, card, target=None):
    cast(g, seat, card.uid, target)


def test_HR_4_7_HR_Q_5_strategies_only_in_own_placement_with_empty_stack():
    g = position({0: {"hand": ["Insight", "Arc Bolt", "Border Scout"]}, 1: {"battlefield": ["Iron Golem"]}})
    main = {(o[0], g.cards[o[1]].name) for o in options(g, 0, True)}
    assert main == {("cast", "Insight"), ("cast", "Arc Bolt"), ("cast", "Border Scout")}
    quick = {g.cards[o[1]].name for o in options(g, 0, False)}
    assert quick == {"Arc Bolt"}  # HR-4.8: only tactics at tactic speed


def test_HR_4_8_tactic_on_an_opponents_turn():
    fn = first_option("respond", lambda o: o != PASS)
    g = position({0: {"hand": ["Insight"]}, 1: {"hand": ["Arc Bolt"]}}, fns={1: fn})
    golem = add(g, 0, "Iron Golem", BATTLEFIELD)
    _cast(g, 0, g.players[0].hand[0])
    run_stack(g)
    assert golem.dur == 5 - 2
    assert [c.name for c in g.players[1].other_world] == ["Arc Bolt"]


def test_HR_7_3_last_in_first_out():
    g = position({0: {"hand": ["Insight", "Aether Lance"], "deck": ["Border Scout"] * 5}, 1: {}})
    insight, lance = g.players[0].hand
    _cast(g, 0, insight)
    _cast(g, 0, lance)
    resolve_top(g)
    assert g.boss_hp == 48 and len(g.players[0].hand) == 0
    resolve_top(g)
    assert len(g.players[0].hand) == 2
    resolved = [r[4] for r in g.log.rows if r[3] == "card_resolved"]
    assert resolved == ["Aether Lance", "Insight"]


def test_HR_7_2_countered_card_goes_to_the_other_world():
    g = position({0: {"hand": ["Siege Breaker"]}, 1: {"hand": ["Counterspell"]}})
    breaker = g.players[0].hand[0]
    _cast(g, 0, breaker)
    cast(g, 1, g.players[1].hand[0].uid, breaker.uid)
    run_stack(g)
    assert breaker.zone == OTHER_WORLD and breaker in g.players[0].other_world
    assert g.players[0].battlefield == [] and not g.stack
    assert g.players[0].pool == 9 - 4 and g.players[1].pool == 9 - 3  # costs stay paid


def test_HR_7_4_permanents_enter_the_battlefield_exhausted():
    """HR-5.3: a unit is put onto the battlefield when it resolves (and arrives exhausted, HR-9.1)."""
    g = position({0: {"hand": ["Border Scout"]}, 1: {}})
    scout = g.players[0].hand[0]
    _cast(g, 0, scout)
    run_stack(g)
    assert scout.zone == BATTLEFIELD and scout.entered == g.turn
    assert "exhausted" in kinds(g) and "unit_deployed" in kinds(g)


def test_HR_4_3_HR_8_4_tap_ability_costs_a_unit_one_durability():
    g = position({0: {"battlefield": ["Archivist"], "deck": ["Border Scout"] * 2}, 1: {}})
    archivist = g.players[0].battlefield[0]
    opts = [o for o in options(g, 0, False) if o[0] == "act"]
    act(g, 0, opts[0])
    assert archivist.tapped and archivist.dur == 2 and g.players[0].pool == 8
    assert not [o for o in options(g, 0, False) if o[0] == "act"]  # HR-8.2: cannot tap again
    run_stack(g)
    assert len(g.players[0].hand) == 1


def test_HR_4_3_objects_lose_no_durability_when_tapped():
    g = position({0: {"battlefield": ["Oracle Lens"], "deck": ["Border Scout"]}, 1: {}})
    lens = g.players[0].battlefield[0]
    act(g, 0, ("act", lens.uid, 0, None))
    run_stack(g)
    assert lens.tapped and lens.zone == BATTLEFIELD and len(g.players[0].hand) == 1


def test_HR_4_5_one_durability_unit_leaves_right_after_its_action_resolves():
    one = custom_card(
        "{name: Last Light, type: unit, cost: 1, attack: 1, durability: 1,"
        " activated: [{cost: 0, tap: true, do: [{damage_boss: 1}]}]}"
    )
    g = position({0: {"battlefield": [one], "hand": ["Aether Lance"]}, 1: {}})
    unit = g.players[0].battlefield[0]
    act(g, 0, ("act", unit.uid, 0, None))
    assert unit.dur == 0 and unit.zone == BATTLEFIELD
    _cast(g, 0, g.players[0].hand[0])  # a response resolves first: the unit must stay
    resolve_top(g)
    assert unit.zone == BATTLEFIELD
    resolve_top(g)
    assert unit.zone == OTHER_WORLD and g.boss_hp == 50 - 2 - 1


def test_HR_9_1_exhausted_permanents_cannot_use_abilities():
    g = position({0: {"battlefield": ["Archivist"]}, 1: {}})
    g.players[0].battlefield[0].entered = g.turn
    assert options(g, 0, False) == []


def test_HR_Q_6_exhaustion_ends_at_the_next_turn_of_any_player():
    g = position({0: {"battlefield": ["Archivist"]}, 1: {}})
    archivist = g.players[0].battlefield[0]
    archivist.entered = g.turn
    g.turn += 1
    g.active = 1  # the opponent's turn: usable at tactic speed
    assert [o[0] for o in options(g, 0, False)] == ["act"]


def test_HR_10_2_no_legal_target_no_cast():
    g = position({0: {"hand": ["Arc Bolt"]}, 1: {"battlefield": ["Warded Sentinel"]}})
    assert options(g, 0, True) == []  # the only enemy unit has shroud (HR-1.1 forbid wins)


def test_HR_10_3_HR_Q_11_target_gone_fizzles_to_the_other_world():
    g = position({0: {"hand": ["Ambush"]}, 1: {"battlefield": ["Border Scout"], "hand": ["Second Wind"]}})
    scout = g.players[1].battlefield[0]
    ambush = g.players[0].hand[0]
    _cast(g, 0, ambush, scout.uid)
    scout.dur = 0
    stack.zones.sweep(g)
    resolve_top(g)
    assert ambush.zone == OTHER_WORLD and "fizzled" in kinds(g)


def test_HR_11_2_trigger_resolves_after_its_source_left():
    g = position({0: {"battlefield": ["Junk Golem"], "deck": ["Border Scout"]}, 1: {"hand": ["Unmake"]}})
    golem = g.players[0].battlefield[0]
    cast(g, 1, g.players[1].hand[0].uid, golem.uid)
    run_stack(g)
    assert golem.zone == OTHER_WORLD and len(g.players[0].hand) == 1  # dies: draw 1


def test_HR_11_2_trigger_without_legal_target_does_nothing():
    g = position({0: {"hand": ["Headhunter"]}, 1: {}})
    _cast(g, 0, g.players[0].hand[0])
    run_stack(g)
    assert [r[7] for r in g.log.rows if r[3] == "trigger"] == ["enter: no target"]


def test_HR_11_3_HR_Q_12_unit_ability_does_not_resolve_if_the_unit_is_gone():
    g = position({0: {"battlefield": ["Archivist"], "deck": ["Border Scout"]}, 1: {"hand": ["Unmake"]}})
    archivist = g.players[0].battlefield[0]
    act(g, 0, ("act", archivist.uid, 0, None))
    cast(g, 1, g.players[1].hand[0].uid, archivist.uid)
    run_stack(g)
    assert g.players[0].hand == [] and "source unit gone" in [r[7] for r in g.log.rows]


def test_HR_Q_12_non_unit_source_still_resolves():
    g = position({0: {"battlefield": ["Oracle Lens"], "deck": ["Border Scout"]}, 1: {"hand": ["Unmake"]}})
    lens = g.players[0].battlefield[0]
    act(g, 0, ("act", lens.uid, 0, None))
    cast(g, 1, g.players[1].hand[0].uid, lens.uid)
    run_stack(g)
    assert lens.zone == OTHER_WORLD and len(g.players[0].hand) == 1


def test_HR_Q_4_priority_goes_to_the_active_player_then_clockwise():
    order = []

    def fn(d):
        if d.kind == "respond":
            order.append(d.seat)
        return None

    g = position({s: {"hand": ["Arc Bolt"]} for s in range(3)}, n=3, active=1, fns={0: fn, 1: fn, 2: fn})
    add(g, 1, "Iron Golem", BATTLEFIELD)  # only seat 1's own Arc Bolt has no target
    placement(g, "placement")
    assert order == [2, 0]  # after the active player passes its action, the others clockwise


def test_HR_12_3_start_triggers_alternate_active_player_first():
    from cardlab.simulate.hidden_reason.turn import _start_phase

    g = position(
        {
            0: {"battlefield": ["Hive Mind", "Hive Mind"], "deck": ["Border Scout"] * 6},
            1: {"battlefield": ["Watchtower"]},
        }
    )
    g.players[1].pool = 2
    _start_phase(g)
    triggers = [(r[2], r[4]) for r in g.log.rows if r[3] == "trigger"]
    assert triggers == [(0, "Hive Mind"), (1, "Watchtower"), (0, "Hive Mind")]
    assert g.players[1].temp == 1 and g.players[1].pool == 3  # Watchtower: a resource on the opponent's turn


def test_HR_1_1_forbidding_beats_allowing_shroud_and_ward():
    g = position(
        {
            0: {"battlefield": ["Siege Breaker"]},
            1: {"battlefield": ["Warded Sentinel", "Spellward Golem", "Border Scout"]},
        }
    )
    from cardlab.simulate.hidden_reason.combat import retribution_targets

    assert retribution_targets(g, g.players[0].battlefield[0]) == []  # ward forbids all, shroud too


def test_HR_12_3_a_player_orders_their_own_simultaneous_triggers():
    from cardlab.simulate.hidden_reason.turn import _start_phase

    last = {0: lambda d: d.options[-1] if d.kind == "order_trigger" else None}
    g = position(
        {0: {"battlefield": ["Hive Mind", "Hive Queen"], "deck": ["Border Scout"] * 6}, 1: {}}, fns=last
    )
    _start_phase(g)
    assert [r[4] for r in g.log.rows if r[3] == "trigger"] == ["Hive Queen", "Hive Mind"]
    assert [d.kind for d in g.seats.strategies[0].asked].count("order_trigger") == 1


def test_HR_12_9_end_of_turn_triggers():
    from cardlab.simulate.hidden_reason.turn import _end_phase

    g = position({0: {"battlefield": ["Camp Cook", "Iron Golem"]}, 1: {}})
    _end_phase(g)
    assert g.cards[0].dur == 4 and g.cards[1].dur == 5  # the script picks the first target: Camp Cook


def test_HR_10_3_a_target_that_left_and_came_back_is_a_new_object():
    from cardlab.simulate.hidden_reason import zones

    g = position({0: {"hand": ["Ambush"]}, 1: {"battlefield": ["Iron Golem"]}})
    golem = g.cards[1]
    cast(g, 0, g.cards[0].uid, golem.uid)
    zones.leave_battlefield(g, golem, OTHER_WORLD, "destroyed")
    g.players[1].other_world.remove(golem)
    zones.enter_battlefield(g, golem, 1)
    run_stack(g)
    assert golem.dur == 5 and "fizzled" in kinds(g)


def test_HR_10_1_several_different_targets():
    g = position(
        {0: {"hand": ["Twin Bolt"]}, 1: {"battlefield": ["Iron Golem", "Siege Breaker", "Border Scout"]}}
    )
    casts = [o for o in options(g, 0, True) if o[0] == "cast"]
    assert casts == [("cast", g.cards[0].uid)]
    act(g, 0, casts[0])  # the targets are chosen when it is paid for (HR-10.2): every pair of different units
    (pay,) = [d for d in g.seats.strategies[0].asked if d.kind == "choose_target"]
    assert len(pay.options) == 3 and all(len(o) == 2 and o[0] != o[1] for o in pay.options)
    run_stack(g)
    assert (g.cards[1].dur, g.cards[2].dur) == (3, 2)


def test_HR_10_1_fewer_targets_when_fewer_exist():
    g = position({0: {"hand": ["Twin Bolt"]}, 1: {"battlefield": ["Iron Golem"]}})
    cast(g, 0, g.cards[0])
    assert g.stack[-1].target == g.cards[1].uid  # one target, the only one (a lone option is not asked)


def test_HR_Q_11_only_the_legal_targets_are_affected():
    g = position(
        {
            0: {"hand": ["Twin Bolt"]},
            1: {"battlefield": ["Iron Golem", "Siege Breaker"], "hand": ["Recall Beacon"]},
        }
    )
    golem, breaker = g.cards[1], g.cards[2]
    cast(g, 0, g.cards[0].uid, (golem.uid, breaker.uid))
    cast(g, 1, g.cards[3].uid, breaker.uid)  # one target leaves in response
    run_stack(g)
    assert golem.dur == 3 and breaker in g.players[1].hand
    assert g.cards[0].zone == OTHER_WORLD and "fizzled" not in kinds(g)


def test_HR_Q_11_all_targets_illegal_cancels():
    g = position({0: {"hand": ["Twin Bolt"]}, 1: {"battlefield": ["Border Scout", "Border Scout"]}})
    a, b = g.cards[1], g.cards[2]
    cast(g, 0, g.cards[0].uid, (a.uid, b.uid))
    a.dur = b.dur = 0
    stack.zones.sweep(g)
    run_stack(g)
    assert g.cards[0].zone == OTHER_WORLD and "fizzled" in kinds(g)


def _rows(g, *which):
    return [(r[3], r[2], r[4]) for r in g.log.rows if r[3] in which]


def test_HR_12_3_an_answer_lands_between_two_start_of_turn_triggers():
    """HR-12.3: "before or after any of these" any player may answer; the Arc Bolt played after the first
    Hive Mind trigger resolves before the second trigger goes on (the old engine pushed all three first)."""
    from cardlab.simulate.hidden_reason.turn import _start_phase

    once = []

    def bolt(d):
        if d.kind == "respond" and not once:
            once.append(d.context)
            return next(o for o in d.options if o != PASS)
        return None

    g = position(
        {
            0: {"battlefield": ["Hive Mind", "Hive Mind", "Iron Golem"], "deck": ["Border Scout"] * 6},
            1: {"battlefield": ["Watchtower"], "hand": ["Arc Bolt"]},
        },
        fns={1: bolt},
    )
    golem = g.cards[2]
    _start_phase(g)
    rows = _rows(g, "trigger", "card_cast", "card_resolved")
    assert rows[:4] == [
        ("trigger", 0, "Hive Mind"),
        ("card_cast", 1, "Arc Bolt"),
        ("card_resolved", 1, "Arc Bolt"),  # resolves above the first trigger, before the next goes on
        ("trigger", 1, "Watchtower"),
    ]
    assert [r for r in rows if r[0] == "trigger"] == [
        ("trigger", 0, "Hive Mind"),
        ("trigger", 1, "Watchtower"),
        ("trigger", 0, "Hive Mind"),
    ]  # alternation from the active player is kept
    assert golem.dur == 5 - 2 and len(g.players[0].hand) == 2 + 1  # both Hive Minds draw, then the draw step


def test_HR_12_9_an_answer_lands_between_two_end_of_turn_triggers():
    """HR-12.9 handles end-of-turn triggers like HR-12.3: the opponent's Arc Bolt kills the Camp Cook after the
    first Cook's trigger went on the stack and before the second goes on; the old engine pushed both, then
    opened priority."""
    from cardlab.simulate.hidden_reason.turn import _end_phase

    fn = first_option("respond", lambda o: o != PASS)
    g = position({0: {"battlefield": ["Camp Cook", "Camp Cook"]}, 1: {"hand": ["Arc Bolt"]}}, fns={1: fn})
    _end_phase(g)
    rows = _rows(g, "trigger", "card_cast")
    assert rows == [("trigger", 0, "Camp Cook"), ("card_cast", 1, "Arc Bolt"), ("trigger", 0, "Camp Cook")]


def test_HR_12_3_the_sensible_and_evaluator_players_answer_between_two_triggers():
    """The new windows are ordinary ``respond`` decisions: both players bolt the Iron Golem there."""
    import random

    from cardlab.simulate.hidden_reason.turn import _start_phase
    from cardlab.strategies.hidden_reason import STRATEGIES

    for name in ("sensible", "evaluator"):
        g = position(
            {
                0: {"battlefield": ["Hive Mind", "Hive Mind", "Iron Golem"], "deck": ["Border Scout"] * 6},
                1: {"battlefield": ["Watchtower"], "hand": ["Arc Bolt"]},
            }
        )
        g.seats.strategies[1] = STRATEGIES[name](1, random.Random(1))
        _start_phase(g)
        assert _rows(g, "trigger", "card_cast")[:2] == [
            ("trigger", 0, "Hive Mind"),
            ("card_cast", 1, "Arc Bolt"),
        ]
