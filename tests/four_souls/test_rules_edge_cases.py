"""Edge cases of [A]'s rules (000_…txt), each a whole rule at its limit: a death penalty with nothing to
pay, the last soul gained with more still on the stack, a draw running through an empty deck and its
empty discard. Pins: each passed as it was."""

from __future__ import annotations

import pytest

from cardlab.simulate.four_souls import damage, resolution, resources
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    card,
    character,
    check_invariants,
    give_item,
    kinds,
    monster,
    phys,
    position,
    real,
)
from cardlab.simulate.four_souls.items import DamageItem
from cardlab.simulate.four_souls.state import GameOver


def test_FS_13_9_a_player_with_nothing_to_pay_skips_each_part_and_still_deactivates():
    """[A]: a part of the death penalty that cannot be paid is not paid. P1 holds only an eternal item
    with a ↷ ability, no loot, 0¢: nothing is destroyed, discarded or lost (the bank keeps its 100¢), but
    the eternal item and the character (Isaac, whose ↷ gives a loot play) are deactivated all the same."""
    g = position(2, chars=[character("A"), real("Isaac")])
    g.active = 0
    p = g.players[1]
    p.character.charged = True
    tool = give_item(
        g,
        1,
        card("Tool", "treasure", "active", abilities=({"tap": {"do": {"gain_cents": 1}}},)),
        eternal=True,
    )
    assert damage.kill(g, p, 0)
    resolution.priority(g, 0)
    assert p.dead and p.items == [tool] and p.hand == [] and p.cents == 0 and g.bank == 100
    assert not tool.charged and not p.character.charged
    assert not kinds(g, "item_destroyed") and not kinds(g, "loot_discarded")
    check_invariants(g)


def test_FS_14_1_the_last_soul_wins_at_once_with_more_still_on_the_stack():
    """[A]: the win is checked between stack events. P0 holds 3 souls; a boss's death (its soul goes to the
    active player, FS-13.4) sits on top of 1 damage to P1: once the death resolves P0 wins, and the
    damage below it never resolves."""
    g = position(2, chars=[character("A"), character("B", hp=3)])
    g.active = 0
    for i in range(3):
        g.players[0].souls.append(g.new_obj(phys(g, monster(f"Won{i}", soul=1)), "soul", 0))
    boss = add_slot_monster(g, monster("Boss", hp=2, soul=1))
    assert damage.push_damage(g, 1, g.players[1], 0, None, False, None, "Bomb")
    assert damage.kill(g, boss, 0)
    with pytest.raises(GameOver) as over:
        resolution.priority(g, 0, until_empty=True)
    assert over.value.winners == (0,)
    assert g.players[1].damage == 0 and [type(it) for it in g.stack] == [DamageItem]


def test_FS_3_5_a_draw_runs_through_the_deck_and_its_reshuffled_discard_then_stops():
    """[A]: a deck that runs out is refilled at once from its shuffled discard, in the middle of an
    effect. Loot 3 with one card in the loot deck and one in the discard: the player draws both and no
    more (FS-Q.35: with both empty nothing is drawn); deck and discard are then empty."""
    g = position(2)
    g.loot.append(phys(g, card("Top")))
    g.loot_disc.append(phys(g, card("Used")))
    resources.loot(g, g.players[0], 3, "test")
    assert sorted(c.card.name for c in g.players[0].hand) == ["Top", "Used"]
    assert not g.loot and not g.loot_disc
    check_invariants(g)
