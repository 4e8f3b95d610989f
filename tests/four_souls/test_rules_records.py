"""[A]'s "record" examples (000_…txt, FS-5.16): a recorded value belongs to the object that recorded it —
another object's check does not read it — and it is gone with that object (a card back in play is a new
object, FS-3.2). Keke Is You (Warp Zone) records the player picked at the turn's start; a killing hit on
it kills that player instead. Exact outcomes, rule IDs in the names."""

from __future__ import annotations

from cardlab.simulate.four_souls import triggers, zones
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    attack_roll,
    by_id,
    character,
    check_invariants,
    deck,
    loot_fillers,
    monster,
    position,
    settle,
)


def _table():
    g = position(3, chars=[character("A", attack=3), character("B"), character("C")])
    g.active = 0
    loot_fillers(g, 5)
    deck(g, "monster", [monster("Filler1"), monster("Filler2")])
    return g


def test_FS_5_16_a_record_belongs_to_the_object_that_made_it():
    """Keke A records seat 1 at seat 0's turn start; Keke B enters play later that turn and records nobody.
    A killing hit on B: B dies as usual and nobody else does — B's check does not read A's record. A
    killing hit on A: seat 1 dies in its place."""
    g = _table()
    a = add_slot_monster(g, by_id("rwz-keke_is_you"))
    triggers.fire(g, "turn_start", seat=0)
    settle(g)
    b = add_slot_monster(g, by_id("rwz-keke_is_you"))
    attack_roll(g, b, 6)
    assert b.phys in g.monster_disc and not any(p.dead for p in g.players)
    attack_roll(g, a, 6)
    assert a.in_play and a.damage == 0 and [p.dead for p in g.players] == [False, True, False]
    check_invariants(g)


def test_FS_5_16_FS_3_2_a_record_is_gone_with_its_object():
    """Keke records seat 1, then is covered by a monster from the deck and uncovered again the same turn: a
    new object (FS-3.2) with no record, so a killing hit on it kills Keke, not seat 1."""
    g = _table()
    keke = add_slot_monster(g, by_id("rwz-keke_is_you"))
    triggers.fire(g, "turn_start", seat=0)
    settle(g)
    cover = g.monster.pop()
    zones.reveal_into_slot(g, cover, 0)
    assert not keke.in_play
    zones.remove_from_slot(g, g.mslots[0][-1])
    again = g.mslots[0][-1]
    assert again.phys is keke.phys and again is not keke and again.in_play
    attack_roll(g, again, 6)
    assert again.phys in g.monster_disc and not any(p.dead for p in g.players)
