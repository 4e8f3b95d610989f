"""A death's price read from the position (``valuing.death_price``, FS-13.9 as the engine applies it): what
the death penalty would take from that seat — the cheapest non-eternal item (the dying player picks it), a
loot card, 1¢, a use of each charged ↷ object — whoever's turn it is."""

from __future__ import annotations

from cardlab.simulate.four_souls.fixtures import give_item, give_loot, kinds, real, take_cents
from cardlab.strategies.four_souls import reading as rd
from cardlab.strategies.four_souls import valuing as vl
from tests.four_souls.strategy_table import own_turn, strategy_table


def test_FS_13_9_a_death_costs_what_the_penalty_would_take_from_that_seat():
    g = strategy_table(2)
    reader = rd.Reader(vl.item_value)
    view = g.views[0]
    g.active = 0
    assert vl.death_price(view, reader, 1) == vl.death_price(view, reader, 0) == 0.0  # nothing to take
    give_item(g, 1, real("The D6"), eternal=True)  # eternal: never destroyed, but charged: turned sideways
    assert vl.death_price(view, reader, 1) == vl._SIDEWAYS
    breakfast = give_item(g, 1, real("Breakfast"))
    pennies = give_item(g, 1, real("Sack Of Pennies"), charged=False)
    cheapest = min(reader.item_value(o.phys.ref) for o in (breakfast, pennies))
    assert vl.death_price(view, reader, 1) == vl._SIDEWAYS + cheapest
    give_loot(g, 1, real("Bomb!"))
    take_cents(g, 1, 4)
    assert vl.death_price(view, reader, 1) == vl._SIDEWAYS + cheapest + vl.PRICES["loot"] + vl.PRICES["cents"]


def test_FS_13_9_with_nothing_to_lose_a_death_for_cents_is_a_gain():
    """XIV. Temperance (1 damage to me for 4¢, or 2 for 8¢) at the end of P0's turn (no attack left), P0 at 2
    HP holding nothing else: its death would take 1¢ of the 8 and nothing more, so it takes the 8¢ and dies
    (7¢ left); with something to lose it takes the 4¢ (test_strategies_answers). The fixed price of a death
    (4) said 4¢."""
    g = strategy_table(2, hp=2)
    give_loot(g, 0, real("XIV. Temperance"))
    own_turn(g, attacks=0)
    assert [r[4] for r in kinds(g, "loot_played")] == ["XIV. Temperance"]
    assert g.players[0].dead and g.players[0].cents == 7
