"""Hunger (HR-15.5, HR-Q.21): its +1 attack is once per game for each unit, found by a rule-by-rule pass of the
code over the original."""

from __future__ import annotations

from cardlab.simulate.hidden_reason import zones
from cardlab.simulate.hidden_reason.scenario import cast, position
from cardlab.simulate.hidden_reason.stack import run_stack
from cardlab.simulate.hidden_reason.state import BATTLEFIELD, OTHER_WORLD
from cardlab.simulate.hidden_reason.turn import _start_phase


def test_HR_15_5_HR_Q_21_the_hunger_bonus_is_once_per_game_even_for_a_unit_that_left_and_came_back():
    """HR-15.5 ("+1 attack, once per game for each unit"): a unit fed once, destroyed and revived, loses
    a token to hunger again but gets no second +1 attack: leaving the battlefield must not forget the unit
    was fed."""
    g = position(
        {
            0: {
                "battlefield": ["Famine Totem", "Shield Recruit"],
                "hand": ["Reclamation"],
                "deck": ["Border Scout"] * 4,
            },
            1: {},
        }
    )
    _totem, recruit, reclamation = g.cards[:3]
    _start_phase(g)  # 1 hunger card: 1 token from the only unit, which is fed
    assert recruit.dur == 1 and recruit.atk_mod == 1
    zones.leave_battlefield(g, recruit, OTHER_WORLD, "destroyed")
    g.players[0].pool = 9
    cast(g, 0, reclamation)  # revive a unit of cost ≤ 2: the recruit, back with 2 tokens and no counters
    run_stack(g)
    assert recruit.zone == BATTLEFIELD and recruit.dur == 2 and recruit.atk_mod == 0
    g.turn += 2
    _start_phase(g)
    assert recruit.dur == 1 and recruit.atk_mod == 0  # hungry again, never fed twice
    assert [r[7] for r in g.log.rows if r[3] == "hunger"] == ["attack+1", ""]
