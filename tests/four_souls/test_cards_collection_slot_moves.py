"""Issue 19: monsters moved between slots (Twitchy) and slots emptied or filled from a monster's text
(Unboxing's The Adversary) — FS-3.8, FS-3.12, FS-12.1."""

from __future__ import annotations

from cardlab.simulate.four_souls import statics, triggers, turn, zones
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    by_id,
    check_invariants,
    monster,
    phys,
    position,
    settle,
)


def test_FS_3_8_twitchy_moves_to_another_slot_covering_its_top_and_uncovering_its_own():
    """Twitchy lies on a covered card in slot 0; at the turn's end it moves to slot 1 (the only other),
    covering Blob there; the covered card in slot 0 enters play. Its damage stays with it."""
    g = position(2)
    g.active = 0
    twitchy = add_slot_monster(g, by_id("aa-twitchy"))
    under = phys(g, monster("Under"))
    g.mslots[0].insert(0, under)
    blob = add_slot_monster(g, monster("Blob"))
    twitchy.damage = 1
    triggers.fire(g, "turn_end", seat=0)
    settle(g)
    assert twitchy.in_play and twitchy.slot == 1 and g.mslots[1][-1] is twitchy and twitchy.damage == 1
    assert not blob.in_play and g.mslots[1][0] is blob.phys
    assert g.mslots[0][-1].phys is under and g.mslots[0][-1].in_play
    check_invariants(g)


def test_FS_12_1_the_adversary_1_2_empties_another_slot_into_the_discard():
    g = position(2, rolls=[1])
    g.active = 0
    adv = add_slot_monster(g, by_id("box-the_adversary"))
    under = phys(g, monster("Under"))
    blob = add_slot_monster(g, monster("Blob"))
    g.mslots[1].insert(0, under)
    g.monster.append(phys(g, monster("Next")))
    triggers.fire(g, "turn_start", seat=0)
    settle(g)
    assert adv.in_play and not blob.in_play
    assert {c.card.name for c in g.monster_disc} == {"Blob", "Under"}
    assert g.mslots[1][-1].phys.card.name == "Next"  # refilled (FS-12.1)
    check_invariants(g)


def test_FS_3_8_the_adversary_3_4_puts_the_deck_top_into_another_slot_and_5_6_adds_evasion():
    g = position(2, rolls=[3, 6])
    g.active = 0
    adv = add_slot_monster(g, by_id("box-the_adversary"))
    blob = add_slot_monster(g, monster("Blob", evasion=2))
    g.monster.append(phys(g, monster("Top")))
    triggers.fire(g, "turn_start", seat=0)
    settle(g)
    assert adv.in_play and g.mslots[1][-1].phys.card.name == "Top" and not blob.in_play
    top = g.mslots[1][-1]
    before = statics.target_evasion(g, top)
    triggers.fire(g, "turn_start", seat=0)
    settle(g)
    assert statics.target_evasion(g, top) == before + 1


def test_FS_10_16_alt_ambush_two_new_slots_and_an_attack_owed_on_one_of_their_monsters():
    """Ambush! in a new slot: two more slots, filled from the deck (A, B; the event's own slot takes C); the
    active player owes one attack on A or B (the scripted pick: the first)."""
    g = position(2)
    g.active = 0
    add_slot_monster(g, monster("Blob"))
    g.monster.extend(phys(g, monster(n)) for n in ("C", "B", "A"))
    zones.reveal_into_slot(g, phys(g, by_id("aa-ambush")), None)
    settle(g)
    assert len(g.mslots) == 4
    ((owed, _now),) = turn._owed(g)
    assert owed.phys.card.name in ("A", "B") and owed.slot in (2, 3)
