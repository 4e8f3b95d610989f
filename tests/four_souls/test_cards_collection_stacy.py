"""Issue 19: Stacy's Extra Head (Stacy 704891 is dealt now) — kills this turn (``kills(P)``), a choice of
modes never made before (``once``), removal from the game, eternal counters (FS-5.14, FS-4.12) — and
Summer of Isaac's Dogma."""

from __future__ import annotations

from cardlab.simulate.four_souls import counters, damage, plays, turn
from cardlab.simulate.four_souls.cards import load_pool
from cardlab.simulate.four_souls.decks import build_supply
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    by_id,
    card,
    check_invariants,
    give_item,
    loot_fillers,
    monster,
    phys,
    position,
    settle,
)


def test_FS_13_4_stacys_extra_head_works_after_a_kill_and_offers_each_choice_once():
    """Stacy's Extra Head (tap): with no kill this turn it does nothing. After seat 0 kills a monster it
    offers all four choices; 7¢ taken, the next activation (recharged) offers the other three only; mode 3
    removes it from the game, brings a treasure with an eternal counter (so eternal, FS-4.12) and an extra
    turn for seat 0."""
    offered = []
    picks = iter([1, 3])

    def plan(d):
        if d.kind == "choose_mode":
            offered.append(tuple(d.options))
            return next(picks)
        return None

    g = position(2, plans={0: plan})
    loot_fillers(g, 10)
    g.active = 0
    g.treasure.append(phys(g, card("Prize", deck="treasure", kind="passive")))
    g.monster.extend(phys(g, monster(f"Next{i}", hp=2)) for i in range(3))
    head = give_item(g, 0, by_id("mew-stacys_extra_head"))
    me = g.players[0]
    assert plays.take_action(g, 0, ("tap", head, 0))
    settle(g)
    assert offered == [] and me.cents == 0  # no kill yet: nothing
    assert damage.kill(g, add_slot_monster(g, monster("Blob", hp=2)), 0)
    settle(g)
    head.charged = True
    assert plays.take_action(g, 0, ("tap", head, 0))
    settle(g)
    assert offered == [(0, 1, 2, 3)] and me.cents == 7
    head.charged = True
    assert plays.take_action(g, 0, ("tap", head, 0))
    settle(g)
    assert offered[1] == (0, 2, 3)
    assert not head.in_play and head.phys in g.removed
    prize = next(o for o in me.items if o.phys.card.name == "Prize")
    assert prize.eternal and counters.count(prize, "eternal") == 1
    assert g.extra_turns == [0]
    turn.end_of_turn(g)
    assert me.turn_kills == 0  # kills count for one turn
    check_invariants(g)


def test_FS_5_14_dogmas_rolls_of_one_clear_the_other_monsters_and_its_death_makes_an_item_eternal():
    """Dogma (Summer of Isaac): a roll of 1 sends every other monster to the discard (not Dogma); when it
    dies the active player marks an item (Junk) with an eternal counter, so it cannot be destroyed (FS-4.12)."""
    g = position(2, rolls=[1])
    loot_fillers(g, 10)
    g.active = 0
    g.monster.extend(phys(g, monster(f"Next{i}", hp=2)) for i in range(6))
    dogma = add_slot_monster(g, by_id("soi-dogma"))
    other = add_slot_monster(g, monster("Blob", hp=2))
    junk = give_item(g, 0, card("Junk", deck="treasure", kind="passive"))
    die = give_item(
        g,
        0,
        card(
            "Die", deck="treasure", kind="active", abilities=({"tap": {"do": {"roll": {"any": "nothing"}}}},)
        ),
    )
    assert plays.take_action(g, 0, ("tap", die, 0))
    settle(g)
    assert not other.in_play and other.phys in g.monster_disc and dogma.in_play
    assert damage.kill(g, dogma, 0)
    settle(g)
    assert junk.eternal and not damage.destroy(g, junk, "test") and junk.in_play
    check_invariants(g)


def test_stacy_704891_is_dealt_now_that_her_starting_item_runs():
    supply = build_supply(load_pool(), 4)
    assert "Stacy 704891" in {c.name for c in supply.characters}
    assert "soi-dogma" in supply.rules
