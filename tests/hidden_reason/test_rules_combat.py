"""Rule scenarios: the attack phase and retribution (HR-6.4, HR-12.7, HR-13)."""

from __future__ import annotations

import pytest

from cardlab.simulate.hidden_reason.combat import attack_phase
from cardlab.simulate.hidden_reason.scenario import aim, kinds, position
from cardlab.simulate.hidden_reason.stack import PASS
from cardlab.simulate.hidden_reason.state import BATTLEFIELD, OTHER_WORLD, GameOver


def _assign(choices):
    """Script the attack step: unit name → 'attack' | 'hold' | ('retribution', target name)."""

    def fn(d):
        if d.kind != "attack":
            return None
        g_card = d.view.card(d.context)
        want = choices.get(g_card.name, "hold")
        if isinstance(want, tuple):
            for opt in d.options:
                if isinstance(opt, tuple) and d.view.card(opt[1]).name == want[1]:
                    return opt
            raise AssertionError(f"retribution on {want[1]} not offered: {d.options}")
        return want

    return fn


def test_HR_12_7_HR_6_4_simultaneous_damage_and_one_resource_per_damaging_unit():
    g = position(
        {0: {"battlefield": ["Border Scout", "Veteran Spearman", "Shield Recruit"]}, 1: {}},
        pool=0,
        fns={0: _assign({"Border Scout": "attack", "Veteran Spearman": "attack"})},
    )
    attack_phase(g)
    scout, spear, recruit = g.cards
    assert g.boss_hp == 50 - 2 - 3
    assert g.players[0].temp == 2 and g.players[0].pool == 2
    assert scout.zone == OTHER_WORLD  # HR-4.5: 1 durability, gone after the damage step
    assert spear.tapped and spear.dur == 1 and not recruit.tapped


def test_HR_13_1_attack_counts_at_the_damage_step():
    def fn(d):
        if d.kind == "attack":
            return "attack"
        if d.kind == "respond":
            return next((o for o in d.options if o != PASS), PASS)
        return None

    g = position({0: {"battlefield": ["Veteran Spearman"], "hand": ["Battle Cry"]}, 1: {}}, fns={0: fn})
    attack_phase(g)
    assert g.boss_hp == 50 - 5


def test_HR_13_5_exhausted_or_tapped_units_cannot_attack():
    g = position(
        {0: {"battlefield": ["Iron Golem", "Siege Breaker"]}, 1: {}},
        fns={0: lambda d: "attack" if d.kind == "attack" else None},
    )
    g.cards[0].entered = g.turn
    g.cards[1].tapped = True
    attack_phase(g)
    assert g.boss_hp == 50 and "attack" not in kinds(g)


def test_HR_13_6_retribution_destroys_a_cheap_enough_enemy_unit():
    g = position(
        {0: {"battlefield": ["Siege Breaker"]}, 1: {"battlefield": ["Veteran Spearman", "Iron Golem"]}},
        fns={0: _assign({"Siege Breaker": ("retribution", "Veteran Spearman")})},
    )
    breaker, spear, golem = g.cards
    attack_phase(g)
    assert breaker.zone == OTHER_WORLD and spear.zone == OTHER_WORLD and golem.zone == BATTLEFIELD
    assert g.boss_hp == 50 and g.players[0].retributions == 1


def test_HR_Q_9_retribution_limit_is_twice_the_cost():
    from cardlab.simulate.hidden_reason.combat import retribution_targets

    g = position(
        {
            0: {"battlefield": ["Siege Breaker"]},
            1: {"battlefield": ["Veteran Spearman", "Iron Golem", "Border Scout"]},
        }
    )
    names = sorted(g.cards[t].name for t in retribution_targets(g, g.cards[0]))
    assert names == ["Border Scout", "Veteran Spearman"]  # 2×2 ≤ 5, 2×1 ≤ 5; Iron Golem 2×4 > 5


def test_HR_Q_9_retribution_cancelled_when_illegal_at_damage_step():
    def fn(d):
        if d.kind == "attack":
            return next(o for o in d.options if isinstance(o, tuple))
        return None

    def rescue(d):  # after retribution is declared, return the targeted unit to hand
        if d.kind == "respond" and g.log.of_kind("retribution"):
            return next((o for o in d.options if o == ("cast", 2)), PASS)
        return None

    g = position(
        {
            0: {"battlefield": ["Veteran Spearman"]},
            1: {"battlefield": ["Border Scout"], "hand": ["Recall Beacon"]},
        },
        fns={0: fn, 1: rescue},
    )
    spear, scout = g.cards[0], g.cards[1]
    aim(g, 2, scout.uid)  # Recall Beacon returns the scout (chosen when it is paid for, HR-10.2)
    attack_phase(g)
    assert scout in g.players[1].hand
    assert spear.zone == BATTLEFIELD and spear.tapped and spear.dur == 1  # stays tapped, not sacrificed
    assert "retribution cancelled" in [r[7] for r in g.log.rows]


def test_HR_12_7a_opponents_may_stop_the_attack_at_start_of_combat():
    def respond(d):
        if d.kind == "respond":
            return next((o for o in d.options if o != PASS), PASS)
        return None

    g = position(
        {0: {"battlefield": ["Veteran Spearman"]}, 1: {"hand": ["Frost Bind"]}},
        fns={0: lambda d: "attack" if d.kind == "attack" else None, 1: respond},
    )
    attack_phase(g)
    spear = g.cards[0]
    assert spear.tapped and spear.dur == 1 and g.boss_hp == 50  # tapped by Frost Bind: cannot attack


def test_HR_13_2_lethal_in_combat_wins_for_the_active_player():
    g = position(
        {0: {"battlefield": ["Siege Breaker"]}, 1: {}},
        boss_hp=4,
        fns={0: lambda d: "attack" if d.kind == "attack" else None},
    )
    with pytest.raises(GameOver) as over:
        attack_phase(g)
    assert over.value.winners == (0,) and g.players[0].lethal


def test_HR_13_8_units_at_zero_leave_by_the_end_of_the_attack_phase():
    """HR-Q.7: whatever is left at 0 durability is swept to the other world by the end of the attack."""
    g = position(
        {0: {"battlefield": ["Veteran Spearman"]}, 1: {}},
        fns={0: lambda d: "attack" if d.kind == "attack" else None},
    )
    g.cards[0].dur = 1
    attack_phase(g)
    assert g.cards[0].zone == OTHER_WORLD and g.boss_hp == 47
