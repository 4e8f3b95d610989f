"""Rule scenarios for HR rules no other test cited (issue 15: every rule accounted for)."""

from __future__ import annotations

from cardlab.simulate.hidden_reason.scenario import cast, position
from cardlab.simulate.hidden_reason.stack import options, run_stack
from cardlab.simulate.hidden_reason.state import BATTLEFIELD, HAND
from cardlab.simulate.hidden_reason.targets import targets_for


def test_HR_1_3_a_static_ability_beats_a_tactic():
    """Shroud is a static ability: an opponent's tactic cannot target the shrouded unit, while the same
    tactic can target its unshrouded neighbour and its controller's own cards."""
    g = position({0: {"hand": ["Unmake"]}, 1: {"battlefield": ["Warded Sentinel", "Iron Golem"]}})
    _unmake, sentinel, golem = g.cards
    assert targets_for(g, 0, "enemy_permanent") == [golem.uid]
    assert sentinel.uid in targets_for(g, 1, "own_unit")  # the static forbids only opponents


def test_HR_6_2_playing_a_card_costs_its_resources():
    """Casting a 4-cost unit with 9 available leaves 5; a card costing more than is left is not offered."""
    g = position({0: {"hand": ["Siege Breaker", "Siege Breaker", "Siege Breaker"]}, 1: {}}, pool=9)
    first, second, third = g.players[0].hand
    cast(g, 0, first.uid)
    run_stack(g)
    assert first.zone == BATTLEFIELD and g.players[0].pool == 9 - 4
    cast(g, 0, second.uid)
    run_stack(g)
    assert g.players[0].pool == 1
    assert not [o for o in options(g, 0, True) if o[0] == "cast" and o[1] == third.uid]
    assert third.zone == HAND
