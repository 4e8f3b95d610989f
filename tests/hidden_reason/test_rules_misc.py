"""Rule scenarios: zones and information (HR-5), statics (HR-11.1), healing (HR-13.10), pooled stack."""

from __future__ import annotations

from cardlab.simulate.hidden_reason.scenario import cast, position
from cardlab.simulate.hidden_reason.stack import options, run_stack
from cardlab.simulate.hidden_reason.state import BATTLEFIELD
from cardlab.simulate.hidden_reason.targets import attack_of, cost_of
from cardlab.simulate.hidden_reason.turn import _end_phase, _start_phase
from cardlab.simulate.hidden_reason.views import View


def test_HR_5_4_deck_sizes_public_order_hidden():
    g = position({0: {"deck": ["Border Scout", "Iron Golem"]}, 1: {"hand": ["Ambush"]}})
    view = View(g, 1)
    assert view.seat_info(0).deck_size == 2 and view.seat_info(1).hand_size == 1
    assert all(view.card(c.uid) is None for c in g.players[0].deck)


def test_HR_5_6_other_world_is_public():
    g = position({0: {"other_world": ["Iron Golem"]}, 1: {}})
    assert View(g, 1).card(g.cards[0].uid).name == "Iron Golem"
    assert View(g, 1).seat_info(0).other_world == ("Iron Golem",)


def test_HR_5_5_one_shared_stack():
    g = position({0: {"hand": ["Aether Lance"]}, 1: {"hand": ["Aether Lance"]}})
    cast(g, 0, g.cards[0].uid)
    cast(g, 1, g.cards[1].uid)
    assert [it.controller for it in g.stack] == [0, 1]
    assert View(g, 0).stack == [("card", 0, "Aether Lance"), ("card", 1, "Aether Lance")]
    run_stack(g)
    assert g.players[0].boss_damage == 2 and g.players[1].boss_damage == 2


def test_HR_11_1_static_allies_attack_and_tactic_discount():
    g = position(
        {
            0: {
                "battlefield": ["War Banner", "Standard-Bearer", "Border Scout", "Grand Magister Ilen"],
                "hand": ["Counterspell", "Insight"],
            },
            1: {},
        }
    )
    banner, bearer, scout, ilen = g.cards[:4]
    assert attack_of(g, scout) == 2 + 1 + 1 and attack_of(g, bearer) == 1 + 1
    counter, insight = g.players[0].hand
    assert cost_of(g.players[0], counter) == 2 and cost_of(g.players[0], insight) == 2  # tactics only
    assert banner.zone == ilen.zone == BATTLEFIELD


def test_HR_13_10_HR_Q_13_damage_is_not_healed_at_end_of_turn():
    g = position({0: {"hand": ["Ambush"]}, 1: {"battlefield": ["Iron Golem"], "deck": ["Border Scout"] * 3}})
    golem = g.cards[1]
    cast(g, 0, g.cards[0].uid, golem.uid)
    run_stack(g)
    _end_phase(g)
    g.turn += 1
    g.active = 1
    _start_phase(g)
    assert golem.dur == 3


def test_HR_12_9_until_end_of_turn_attack_ends():
    g = position({0: {"hand": ["Battle Cry"], "battlefield": ["Border Scout"]}, 1: {}})
    scout = g.cards[1]
    cast(g, 0, g.cards[0].uid, scout.uid)
    run_stack(g)
    assert attack_of(g, scout) == 4
    _end_phase(g)
    assert attack_of(g, scout) == 2


def test_HR_4_9_HR_Q_25_events_and_objects_need_the_placement_phase():
    g = position(
        {0: {"hand": ["War Banner", "Oracle Lens", "Spiked Collar"], "battlefield": ["Border Scout"]}, 1: {}}
    )
    assert options(g, 0, False) == []
    assert len(options(g, 0, True)) == 3
    g.active = 1
    assert options(g, 0, False) == []


def test_HR_16_2_kill_the_boss_any_means():
    g = position({0: {"hand": ["Blood Offering"]}, 1: {}}, boss_hp=2)
    import pytest

    from cardlab.simulate.hidden_reason.state import GameOver

    cast(g, 0, g.cards[0].uid)
    with pytest.raises(GameOver):
        run_stack(g)
    assert g.players[0].lethal and g.boss_hp <= 0
