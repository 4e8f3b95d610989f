"""The Hidden Reason players: registry contract and the behaviour each docstring promises."""

from __future__ import annotations

import random

from cardlab.simulate.core import Decision
from cardlab.simulate.hidden_reason.scenario import position
from cardlab.simulate.hidden_reason.stack import PASS
from cardlab.simulate.hidden_reason.state import StackItem
from cardlab.simulate.hidden_reason.views import View
from cardlab.strategies.hidden_reason import STRATEGIES
from cardlab.strategies.registry import describe


def test_registry_contract():
    assert set(STRATEGIES) == {"random", "sensible", "racer", "guardian", "evaluator", "search", "restricted"}
    for name, cls in STRATEGIES.items():
        assert cls.name == name and describe(cls)
        cls(0, random.Random(0))


def _attack_decision(g, seat, unit):
    opts = ["attack", "hold"]
    return Decision("attack", seat, opts, View(g, seat), unit.uid)


def test_guardian_holds_when_the_next_player_could_finish_the_boss():
    g = position(
        {0: {"battlefield": ["Siege Breaker"]}, 1: {"battlefield": ["Iron Golem", "Iron Golem"]}}, boss_hp=14
    )
    guardian = STRATEGIES["guardian"](0, random.Random(0))
    # 14 - 5 = 9 ≤ next player's reach (4 + 4 + wound 1 + crystals): hold
    assert guardian.choose(_attack_decision(g, 0, g.cards[0])) == "hold"
    assert STRATEGIES["sensible"](0, random.Random(0)).choose(_attack_decision(g, 0, g.cards[0])) == "attack"


def test_guardian_attacks_when_lethal_or_safe():
    g = position({0: {"battlefield": ["Siege Breaker"]}, 1: {"battlefield": ["Iron Golem"]}}, boss_hp=5)
    assert STRATEGIES["guardian"](0, random.Random(0)).choose(_attack_decision(g, 0, g.cards[0])) == "attack"
    g = position({0: {"battlefield": ["Siege Breaker"]}, 1: {}}, boss_hp=40)
    assert STRATEGIES["guardian"](0, random.Random(0)).choose(_attack_decision(g, 0, g.cards[0])) == "attack"


def test_guardian_turns_attackers_into_retribution_against_the_next_player():
    g = position({0: {"battlefield": ["Siege Breaker"]}, 1: {"battlefield": ["Veteran Spearman"]}}, boss_hp=8)
    d = Decision("attack", 0, ["attack", "hold", ("retribution", g.cards[1].uid)], View(g, 0), g.cards[0].uid)
    assert STRATEGIES["guardian"](0, random.Random(0)).choose(d) == ("retribution", g.cards[1].uid)


def test_racer_always_attacks_and_takes_crystals():
    g = position({0: {"battlefield": ["Border Scout"]}, 1: {"battlefield": ["Iron Golem"] * 3}}, boss_hp=6)
    racer = STRATEGIES["racer"](0, random.Random(0))
    assert racer.choose(_attack_decision(g, 0, g.cards[0])) == "attack"
    assert racer.choose(Decision("wound", 0, ("crystal", "card"), View(g, 0))) == "crystal"


def test_sensible_holds_removal_for_the_opponents_attack():
    g = position({0: {"hand": ["Arc Bolt"]}, 1: {"battlefield": ["Veteran Spearman"]}}, active=0)
    bolt, spear = g.cards
    option = ("cast", bolt.uid)
    sensible = STRATEGIES["sensible"](0, random.Random(0))
    assert sensible.choose(Decision("action", 0, [PASS, option], View(g, 0))) == PASS
    g.active = 1
    g.log.phase = "attack"
    assert sensible.choose(Decision("respond", 0, [PASS, option], View(g, 0))) == option


def test_sensible_curves_out_with_the_costliest_permanent():
    g = position({0: {"hand": ["Border Scout", "Siege Breaker"]}, 1: {}})
    scout, breaker = g.cards
    d = Decision("action", 0, [PASS, ("cast", scout.uid), ("cast", breaker.uid)], View(g, 0))
    assert STRATEGIES["sensible"](0, random.Random(0)).choose(d) == ("cast", breaker.uid)


def test_sensible_counters_costly_spells_only():
    g = position({0: {"hand": ["Counterspell"]}, 1: {"hand": ["Siege Breaker", "Blood Offering"]}}, active=1)
    counter, breaker, offering = g.cards
    sensible = STRATEGIES["sensible"](0, random.Random(0))
    option = [PASS, ("cast", counter.uid)]
    for spell, worth_it in ((breaker, True), (offering, False)):
        g.players[1].hand.remove(spell)
        spell.zone = "stack"
        g.stack[:] = [StackItem("card", 1, spell, spell.d.play, None)]  # cost paid: waiting (HR-7.2)
        assert (sensible.choose(Decision("respond", 0, option, View(g, 0))) != PASS) is worth_it
        # the target is chosen when Counterspell is paid for (HR-10.2): the spell waiting on the stack
        pay = Decision("choose_target", 0, [spell.uid], View(g, 0), ("pay", counter.uid))
        assert sensible.choose(pay) == spell.uid


def test_sensible_pumps_an_attacking_unit_and_buffs_on_its_own_turn():
    """Issue 13 coverage: a pump adds boss damage once its unit attacks (HR-13.7: attackers are tapped
    first), a lasting buff is cast on the player's own turn; neither is wasted on an untapped unit."""
    g = position({0: {"hand": ["Battle Cry", "Chitin Burst"], "battlefield": ["Veteran Spearman"]}, 1: {}})
    cry, burst, spear = g.cards
    pump, buff = ("cast", cry.uid), ("cast", burst.uid)
    sensible = STRATEGIES["sensible"](0, random.Random(0))
    assert sensible.choose(Decision("action", 0, [PASS, buff], View(g, 0))) == buff
    g.log.phase = "attack"
    assert sensible.choose(Decision("respond", 0, [PASS, pump], View(g, 0))) == PASS  # not attacking yet
    spear.tapped = True
    assert sensible.choose(Decision("respond", 0, [PASS, pump], View(g, 0))) == pump


def test_the_evaluator_takes_a_lethal_strategy_and_avoids_setting_up_the_next_player():
    g = position({0: {"hand": ["Arc Bolt"]}, 1: {"battlefield": ["Iron Golem", "Iron Golem"]}}, boss_hp=10)
    evaluator = STRATEGIES["evaluator"](0, random.Random(0))
    assert evaluator.boss_damage_value(View(g, 0), 10) == 1000.0
    assert evaluator.boss_damage_value(View(g, 0), 3) < 0  # 7 HP left, within the opponent's 8 attack


def test_players_sacrifice_the_worn_out_mitsim_to_substitution():
    """HR-Q.22: any mitsim we control may be sacrificed; sensible and evaluator give up the one about to
    break (one durability token left), not a healthy bearer, and never a healthy one for nothing."""
    g = position(
        {
            0: {"battlefield": ["Mitsim Weaver", "Parasite Swarm"], "other_world": ["Mitsim Stalker"]},
            1: {},
        }
    )
    weaver, swarm, stalker = g.cards[:3]
    swarm.dur = 1
    worn = ("substitute", weaver.uid, swarm.uid, stalker.uid)
    healthy = ("substitute", weaver.uid, weaver.uid, stalker.uid)
    for name in ("sensible", "evaluator"):
        player = STRATEGIES[name](0, random.Random(0))
        assert player.choose(Decision("action", 0, [PASS, healthy, worn], View(g, 0))) == worn, name
        assert player.choose(Decision("action", 0, [PASS, healthy], View(g, 0))) == PASS, name
