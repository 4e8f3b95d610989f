"""Issue 19, Requiem: Dogma brings in The Harbingers, set aside at setup (verb ``put_from_outside``, FS-4.17);
The Harbingers' deaths are prevented until its fourth counter flips it to The Beast! (FS-6.10, FS-6.16)."""

from __future__ import annotations

from cardlab.simulate.four_souls import damage, interpreter, sides
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    by_id,
    card,
    character,
    deck,
    give_item,
    kinds,
    monster,
    position,
    settle,
)
from cardlab.simulate.four_souls.invariants import check_invariants
from cardlab.simulate.four_souls.rules import compile_card
from cardlab.simulate.four_souls.state import Attack, Phys
from cardlab.simulate.four_souls.statics import Ctx


def test_FS_4_17_dogma_dies_and_the_harbingers_comes_from_outside_the_game_into_its_empty_slot():
    """Dogma (Requiem) dies: The Harbingers, Indomitable, takes the slot Dogma left empty (our reading of
    FS-4.17: an empty slot is taken, not added to); the deck's top stays; none is left outside."""
    g = position(2, rolls=[])
    g.active = 0
    harb = by_id("r-the_harbingers")
    g.outside_cards = [(harb, compile_card(harb))]
    dogma = add_slot_monster(g, by_id("r-dogma"))
    deck(g, "monster", [monster("Next")])
    damage.push_damage(g, 4, dogma, 0, None, False, None, "test")
    settle(g)
    names = [s[-1].phys.card.name for s in g.mslots if s]
    assert names == ["The Harbingers"] and len(g.mslots) == 1 and not g.outside_cards
    assert [c.card.name for c in g.monster] == ["Next"]
    check_invariants(g)


def test_FS_6_16_the_harbingers_death_is_prevented_and_its_fourth_counter_flips_it_to_the_beast():
    """With 3 counters on it, The Harbingers takes 4 damage in seat 0's attack: the death is prevented, it gets
    its 4th counter, seat 0 gains a treasure, the attack is cancelled, its damage heals, and it flips to The
    Beast! (HP 6), whose roll-off (seat 0 rolls 2, seat 1 rolls 5) kills seat 0."""
    g = position(2, chars=[character("A", hp=3), character("B", hp=3)], rolls=[2, 5])
    g.active = 0
    h = add_slot_monster(g, by_id("r-the_harbingers"))
    h.counters = 3
    deck(g, "treasure", [card("Prize", "treasure", "passive")])
    g.attack = Attack(seat=0, target=h)
    damage.push_damage(g, 4, h, 0, None, True, 6, "attack")
    settle(g)
    assert h.in_play and h.counters == 4 and h.damage == 0
    assert [(r[2], r[4]) for r in kinds(g, "item_gained")] == [
        (0, "Prize")
    ]  # lost again to its death penalty
    assert sides.name(h) == "The Beast!"
    assert g.players[0].dead and not g.players[1].dead
    check_invariants(g)


def test_FS_3_10_a_card_of_no_deck_taken_from_under_an_item_to_its_deck_leaves_play():
    """The Harbingers (no deck of its own) lying under an item that puts a card from under it on top of its
    deck joins no deck: it goes out of play, as its discard would be (FS-3.10, FS-3.6)."""
    g = position(2, rolls=[])
    g.active = 0
    will = give_item(g, 0, by_id("soi-isaacs_last_will"), charged=True)
    harb = by_id("r-the_harbingers")
    ph = Phys(max(x.pid for x in g.all_phys) + 1, harb, compile_card(harb))
    g.all_phys.append(ph)
    g.under[will.uid] = [ph]
    interpreter.run(Ctx(g, 0, will, name="test"), {"from_under": {}})
    assert g.under[will.uid] == [] and ph in g.removed
    assert all(c is not ph for c in g.monster)
    check_invariants(g)
