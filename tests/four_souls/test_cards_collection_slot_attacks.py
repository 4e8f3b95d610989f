"""Issue 19: attacks owed on a monster slot (FS-10.16, FS-12.1): Alt Art Gaper."""

from __future__ import annotations

import pytest

from cardlab.simulate.four_souls import attack, damage, effects, resolution, turn
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    by_id,
    check_invariants,
    deck,
    loot_fillers,
    monster,
    position,
    settle,
)
from cardlab.simulate.four_souls.state import EngineError
from cardlab.simulate.four_souls.statics import Ctx


def _kill_gaper(rolls: list[int], refill: bool = True):
    g = position(2, rolls=rolls)
    loot_fillers(g, 5)
    g.active = 0
    if refill:
        deck(g, "monster", [monster("Next", hp=3)])
    gaper = add_slot_monster(g, by_id("aa-gaper"))
    attack.run_attack(g, 0, gaper)
    resolution.priority(g, 0, until_empty=True)
    assert not gaper.in_play
    return g


def test_FS_10_16_alt_art_gaper_killed_by_a_four_owes_an_attack_on_its_refilled_slot():
    """Two hits (5, then the killing 4): the slot refills with Next, and the owed attack names Next."""
    g = _kill_gaper([5, 4])
    owed = turn._owed(g)
    assert [(t.phys.card.name, now) for t, now in owed] == [("Next", False)]
    check_invariants(g)


def test_FS_10_16_alt_art_gaper_killed_by_another_roll_owes_nothing_and_an_empty_slot_lapses():
    """Killed by a 5: nothing owed. Killed by a 4 with an empty monster deck, the discard is the new deck
    (FS-3.5) and Gaper itself refills the slot: the attack is owed on it. A slot left empty: it lapses."""
    assert turn._owed(_kill_gaper([4, 5])) == []
    g = _kill_gaper([5, 4], refill=False)
    assert [t.phys.card.name for t, _now in turn._owed(g)] == ["Gaper"]
    g.must_attack[:] = [(("slot", 0), False)]
    g.mslots[0].clear()
    assert turn._owed(g) == []


def test_FS_10_16_alt_art_brownie_brings_a_dingle_from_the_deck_and_owes_an_attack_on_it():
    """Brownie dies: the Dingle in the monster deck goes into a slot, and the attack owed names it."""
    g = position(2)
    loot_fillers(g, 5)
    g.active = 0
    deck(g, "monster", [monster("Top", hp=3), by_id("aa-dingle"), monster("Low", hp=3)])
    brownie = add_slot_monster(g, by_id("aa-brownie"))
    assert damage.kill(g, brownie, 0)
    settle(g)
    owed = turn._owed(g)
    assert [t.phys.card.name for t, _now in owed] == ["Dingle"] and owed[0][0].in_play
    assert "Dingle" not in [c.card.name for c in g.monster]
    check_invariants(g)


def test_FS_10_16_an_attack_on_its_slot_is_owed_only_never_a_may_attack():
    """A granted (may) attack on a slot has no way to name the slot's top when taken: an engine error, not
    a slot handed to the attack code."""
    g = position(2)
    g.active = 0
    gaper = add_slot_monster(g, by_id("aa-gaper"))
    ctx = Ctx(g, 0, gaper, name="Test")
    with pytest.raises(EngineError, match="its_slot"):
        effects.VERB_FUNCS["extra_attack"](ctx, {"mode": "may", "who": "active", "target": "its_slot"})
    assert g.may_attack == []
