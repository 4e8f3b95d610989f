"""Issue 19, Requiem treasures: Marbles (verb ``step_counters``, FS-5.14), Red Key (peek ``may_slot_one`` and a ↷
ability offered only outside attacks, ``tap: {if: ...}``, FS-6.1) and Friendly Ball (a monster put under an
item and brought back into a slot with an attack owed on it, FS-10.16)."""

from __future__ import annotations

from cardlab.simulate.four_souls import plays, resolution
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    by_id,
    card,
    deck,
    give_item,
    give_loot,
    monster,
    position,
    settle,
)
from cardlab.simulate.four_souls.invariants import check_invariants
from cardlab.simulate.four_souls.state import Attack


def _pick(kind, test):
    return lambda d: next((o for o in d.options if test(o)), None) if d.kind == kind else None


def test_FS_5_14_marbles_adds_a_counter_of_a_kind_on_the_card_or_removes_one():
    """Seat 0's Marbles on an item with 2 generic counters: "add generic" makes 3; recharged, "remove
    generic" makes 2. An item with no counters is never a target."""
    answers = iter(["add generic", "remove generic"])
    g = position(2, rolls=[], plans={0: lambda d: next(answers) if d.kind == "step_counter" else None})
    g.active = 0
    marbles = give_item(g, 0, by_id("r-marbles"))
    box = give_item(g, 1, card("Box", "treasure", "passive"))
    bare = give_item(g, 1, card("Bare", "treasure", "passive"))
    box.counters = 2
    assert plays.take_action(g, 0, ("tap", marbles, 0))
    resolution.priority(g, 0)
    assert box.counters == 3 and bare.counters == 0
    marbles.charged = True
    assert plays.take_action(g, 0, ("tap", marbles, 0))
    resolution.priority(g, 0)
    assert box.counters == 2
    check_invariants(g)


def test_FS_6_1_red_key_slots_one_of_the_three_top_monsters_returns_the_others_and_waits_out_attacks():
    """Monster deck A (top), B, C: seat 0 takes B into the slot (covering Blob); A and C go back, A on top.
    During an attack Red Key is not offered."""
    g = position(2, rolls=[], plans={0: _pick("take", lambda o: getattr(o, "name", "") == "B")})
    g.active = 0
    key = give_item(g, 0, by_id("r-red_key"))
    blob = add_slot_monster(g, monster("Blob"))
    deck(g, "monster", [monster("A"), monster("B"), monster("C")])
    g.attack = Attack(seat=0, target=blob)
    assert ("tap", key, 0) not in plays.legal_actions(g, 0)
    g.attack = None
    assert plays.take_action(g, 0, ("tap", key, 0))
    resolution.priority(g, 0)
    assert g.mslots[0][-1].phys.card.name == "B"
    assert [c.card.name for c in g.monster[-2:]] == ["C", "A"]
    check_invariants(g)


def test_FS_10_16_friendly_ball_keeps_a_monster_under_it_and_brings_it_back_with_an_attack_owed():
    """Seat 0 puts Blob under Friendly Ball (its slot refills with Next); then, recharged, puts Blob back into
    the slot (covering Next), and the active player owes an attack on that Blob."""
    g = position(2, rolls=[])
    g.active = 0
    ball = give_item(g, 0, by_id("r-friendly_ball"))
    blob = add_slot_monster(g, monster("Blob"))
    deck(g, "monster", [monster("Next")])
    assert ("tap", ball, 1) not in plays.legal_actions(g, 0)  # nothing under it yet
    assert plays.take_action(g, 0, ("tap", ball, 0))
    settle(g)
    assert not blob.in_play and [c.card.name for c in g.under[ball.uid]] == ["Blob"]
    assert g.mslots[0][-1].phys.card.name == "Next"
    ball.charged = True
    assert ("tap", ball, 0) not in plays.legal_actions(g, 0)  # one lies under it
    assert plays.take_action(g, 0, ("tap", ball, 1))
    settle(g)
    back = g.mslots[0][-1]
    assert back.phys.card.name == "Blob" and back.in_play and not g.under.get(ball.uid)
    assert any(t is back for t, _now in g.must_attack)
    check_invariants(g)


def test_FS_5_14_golden_trinket_marks_an_item_of_yours_gold_and_has_the_abilities_of_gold_marked_items():
    """Seat 0 plays Golden Trinket with Giver (↷: 3¢) in play: Giver gets a gold counter, and the trinket, now
    an item, offers Giver's ↷ too; with the counter gone it offers nothing."""
    g = position(2, rolls=[])
    g.active = 0
    g.players[0].loot_plays = 1
    giver = give_item(
        g, 0, card("Giver", "treasure", "active", abilities=({"tap": {"do": {"gain_cents": 3}}},))
    )
    trinket = give_loot(g, 0, by_id("r-golden_trinket"))
    assert plays.take_action(g, 0, ("loot", trinket))
    settle(g)
    gold = next(o for o in g.players[0].items if o.phys is trinket)
    assert giver.named == {"gold": 1}
    assert ("tap", gold, 0) in plays.legal_actions(g, 0)
    assert plays.take_action(g, 0, ("tap", gold, 0))
    settle(g)
    assert g.players[0].cents == 3
    giver.named.clear()
    g.log.n += 1
    settle(g)
    assert not gold.rules.tap
    check_invariants(g)
