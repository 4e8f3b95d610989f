"""Counters as a cost (FS-5.14, FS-4.4), as the official extended rules put it ([A], 000_…txt, "Жетоны"):
counters may be the activation cost of a $ ability, and named counters still count as counters for any
ability that names counters: "remove a counter" with no kind may take a generic or a named one. Pinned
against a cost that counts and takes only generic and level counters, so that an item's named counters
(a gold counter, an eternal counter) could never pay it."""

from __future__ import annotations

from cardlab.simulate.four_souls import counters, plays, resolution
from cardlab.simulate.four_souls.fixtures import card, check_invariants, give_item, loot_fillers, position

ABACUS = card(
    "Abacus",
    "treasure",
    "active",
    abilities=({"paid": {"cost": [{"remove_counters": 2}], "do": {"loot": 1}}},),
)


def test_FS_5_14_FS_4_4_named_counters_pay_a_cost_of_counters_with_no_kind():
    """Abacus ($: remove 2 counters, loot 1) holds 1 generic and 1 gold counter: the ability is offered,
    activating it takes both (none left) and P0 loots 1. With a single gold counter it cannot be paid."""
    g = position(2)
    g.active = 0
    loot_fillers(g, 3)
    abacus = give_item(g, 0, ABACUS)
    assert counters.add(g, abacus, 1) and counters.add(g, abacus, 1, "gold")
    assert ("paid", abacus, 0) in plays.legal_actions(g, 0)
    assert plays.take_action(g, 0, ("paid", abacus, 0))
    resolution.priority(g, 0, until_empty=True)
    assert counters.count(abacus) == 0 and len(g.players[0].hand) == 1
    assert counters.add(g, abacus, 1, "gold")
    assert ("paid", abacus, 0) not in plays.legal_actions(g, 0)
    assert not plays.take_action(g, 0, ("paid", abacus, 0))
    assert counters.count(abacus, "gold") == 1
    check_invariants(g)
