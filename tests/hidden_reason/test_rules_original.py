"""Hidden Reason scenarios written from the original rule document, for outcomes the earlier rule tests did
not pin down: zero damage to the boss gives no resource, retribution by a unit on its last token and its
cost limit, uniqueness per player, and an ability whose targeting requirement cannot be met."""

from __future__ import annotations

from cardlab.simulate.hidden_reason.combat import attack_phase
from cardlab.simulate.hidden_reason.scenario import custom_card, position
from cardlab.simulate.hidden_reason.state import OTHER_WORLD

ZERO = custom_card("{name: Hollow Drone, type: unit, cost: 1, attack: 0, durability: 2}")
LAST = custom_card("{name: Last Blade, type: unit, cost: 3, attack: 6, durability: 1}")


def test_HR_3_4_HR_6_4_a_unit_dealing_no_damage_to_the_boss_gives_no_resource():
    """The original (§3.2, §6.1): a resource per source dealing *non-zero* damage to the boss."""
    g = position({0: {"battlefield": [ZERO, "Veteran Spearman"]}, 1: {}}, pool=0)

    def fn(d):
        if d.kind == "attack":
            return "attack" if "attack" in d.options else None
        return None

    g.seats.strategies[0].plans.insert(0, fn)
    attack_phase(g)
    drone, spear = g.cards
    assert drone.tapped and spear.tapped
    assert g.boss_hp == 50 - 3
    assert g.players[0].temp == 1 and g.players[0].pool == 1


def _roles(g, seat, pick):
    g.seats.strategies[seat].plans.insert(0, lambda d: pick(d) if d.kind == "attack" else None)


def test_HR_13_5_HR_4_5_retribution_by_a_unit_on_its_last_token_still_destroys_its_target():
    """The original (§4.2.1, §11.2): a unit with one durability token may be tapped for retribution; the
    tap takes its last token, and it leaves only as the retribution resolves, sacrificed with its target."""
    g = position({0: {"battlefield": [LAST]}, 1: {"battlefield": ["Veteran Spearman"]}}, pool=0)
    blade, spear = g.cards
    _roles(g, 0, lambda d: next(o for o in d.options if isinstance(o, tuple)))
    attack_phase(g)
    assert blade.zone == OTHER_WORLD and spear.zone == OTHER_WORLD
    assert g.players[0].retributions == 1 and g.boss_hp == 50


def test_HR_13_6_retribution_needs_the_target_to_cost_at_most_half_the_attack():
    """Attack 6 reaches a cost-3 unit, not a cost-4 one (the original: cost at least twice below the attack)."""
    from cardlab.simulate.hidden_reason.combat import retribution_targets

    g = position({0: {"battlefield": [LAST]}, 1: {"battlefield": ["Forge Master", "Siege Breaker"]}})
    blade, forge, breaker = g.cards
    assert retribution_targets(g, blade) == [forge.uid]


def test_HR_15_6_uniqueness_is_per_player_an_opponents_copy_does_not_stop_yours():
    from cardlab.simulate.hidden_reason.stack import options

    g = position({0: {"hand": ["Grand Magister Ilen"]}, 1: {"battlefield": ["Grand Magister Ilen"]}}, pool=9)
    mine = g.cards[0]
    assert ("cast", mine.uid) in options(g, 0, True)
    g2 = position(
        {0: {"hand": ["Grand Magister Ilen"], "battlefield": ["Grand Magister Ilen"]}, 1: {}}, pool=9
    )
    assert ("cast", g2.cards[0].uid) not in options(g2, 0, True)


def test_HR_10_2_an_ability_whose_target_requirement_cannot_be_met_cannot_be_activated():
    """The original (§8.2): a player who cannot meet an ability's targeting requirements cannot activate it."""
    from cardlab.simulate.hidden_reason.stack import options

    g = position({0: {"battlefield": ["Forge Master"]}, 1: {}}, pool=9)  # no construction anywhere
    forge = g.cards[0]
    assert not [o for o in options(g, 0, True) if o[0] == "act" and o[1] == forge.uid]
    g2 = position({0: {"battlefield": ["Forge Master", "Dynamo Core"]}, 1: {}}, pool=9)
    assert [o for o in options(g2, 0, True) if o[0] == "act" and o[1] == g2.cards[0].uid]
