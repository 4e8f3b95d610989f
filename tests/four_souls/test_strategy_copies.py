"""``sensible`` values a copy of another item's ↷ ability (FS-5.13: ``? Card``, Placebo) by the best ability
it may copy — any item in play its target filter allows, used by me with fresh targets and no cost — and
copies that item (the value model once read a copy as worth a recharge of a spent item of mine: 0 with none
spent). Seat 0 plays ``sensible``; the other seat is scripted (it passes)."""

from __future__ import annotations

from cardlab.simulate.four_souls.fixtures import card, give_item, give_loot, kinds, loot_fillers, real
from tests.four_souls.strategy_table import own_turn, strategy_table

_LOOTER = {"tap": {"do": {"loot": 2}}}  # ↷: loot 2
_PENNY = {"tap": {"do": {"gain_cents": 1}}}  # ↷: 1¢


def test_FS_5_13_a_copy_loot_card_copies_the_best_tap_ability_in_play():
    """P0 holds ? Card and A Penny! with one loot play; P1's item loots 2 on ↷, P0's gives 1¢. The copy
    of P1's ability (2 loot cards) is worth more than A Penny!'s 1¢: ? Card is the play, aimed at P1's
    item, and P0 draws 2."""
    g = strategy_table(2)
    loot_fillers(g, 6)
    give_loot(g, 0, real("? Card"))
    give_loot(g, 0, real("A Penny!"))
    give_item(g, 0, card("Coin Purse", deck="treasure", kind="active", abilities=(_PENNY,)))
    give_item(g, 1, card("Deep Pockets", deck="treasure", kind="active", abilities=(_LOOTER,)))
    own_turn(g)
    assert [r[4] for r in kinds(g, "loot_played")][0] == "? Card"
    assert len(g.players[0].hand) == 3  # A Penny! kept, 2 drawn by the copy
