"""Hidden Reason on an opponent's turn, from the original rules: a tap there that takes a unit's last token,
and boss damage there that gives a resource until that turn ends."""

from __future__ import annotations

from cardlab.simulate.hidden_reason import resources
from cardlab.simulate.hidden_reason.scenario import cast, position
from cardlab.simulate.hidden_reason.stack import run_stack
from cardlab.simulate.hidden_reason.state import OTHER_WORLD


def test_HR_4_3_HR_4_4_an_opponents_tap_takes_the_last_token_and_the_unit_goes():
    """Every tap costs a unit 1 durability whoever taps it: Frost Bind on a 1-durability Border Scout leaves it
    at 0, and it goes to the other world."""
    g = position({0: {"battlefield": ["Border Scout"]}, 1: {"hand": ["Frost Bind"]}}, active=1)
    scout = g.cards[0]
    cast(g, 1, g.cards[1], scout.uid)
    run_stack(g)
    assert scout.zone == OTHER_WORLD
    assert [r[7] for r in g.log.rows if r[3] == "durability_lost"] == ["tap"]


def test_HR_3_4_HR_12_9_boss_damage_on_an_opponents_turn_gives_a_resource_until_that_turn_ends():
    """A source of seat 1 hits the boss on seat 0's turn: seat 1 gains 1 resource "until end of turn", the turn
    under way, so it is gone when that turn ends; its crystals stay."""
    g = position({0: {}, 1: {"hand": ["Aether Lance"]}}, active=0, pool=2, crystals=5)
    cast(g, 1, g.cards[0])
    run_stack(g)
    p1 = g.players[1]
    assert g.boss_hp == 48 and p1.temp == 1 and p1.pool == 1  # paid 2 of 2, then +1 temporary
    resources.end_turn_resources(g)
    assert p1.temp == 0 and p1.pool == 0 and p1.crystals == 5
