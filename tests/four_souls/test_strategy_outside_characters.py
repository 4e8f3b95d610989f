"""The characters left outside the game (FS-2.7) are public (the chosen sets' cards are known, the dealt ones
face up, FS-3.3): the view lists them, read-only, and ``sensible`` values a character by its encoded card —
stats, abilities, starting item (``valuing.character_worth``) — to use The Clicker and to pick with it. Seat 0
plays ``sensible``; the other seat passes."""

from __future__ import annotations

from cardlab.simulate.four_souls.fixtures import by_id, character, give_item, kinds
from cardlab.simulate.four_souls.rules import compile_card
from cardlab.strategies.four_souls import reading
from cardlab.strategies.four_souls import valuing as vl
from tests.four_souls.strategy_table import LOOT_PLAY, own_turn, strategy_table


def _outside(*pairs):
    return [(c, compile_card(c), i, compile_card(i) if i is not None else None) for c, i in pairs]


def test_FS_2_7_the_view_lists_the_characters_outside_the_game():
    """Each outside character with its starting item's card, in the engine's order; not a physical card."""
    g = strategy_table(2)
    cain, hand = by_id("b2-cain"), by_id("b2-sleight_of_hand")
    g.outside_chars = _outside((cain, hand))
    [(c, i)] = g.views[0].outside_characters
    assert (c.card, i.card, c.pid < 0, i.pid < 0) == (cain, hand, True, True)


def test_FS_2_7_the_clicker_trades_up_for_the_strongest_character_outside():
    """Outside: a plain 2 HP / 1 attack character without an item and a 4 HP / 2 attack one with The D6.
    P0 (a plain character) uses The Clicker and picks the strong one; its worth by the encoded card alone."""
    g = strategy_table(2)
    plain = character("Plain", abilities=LOOT_PLAY)
    brute, d6 = character("Brute", hp=4, attack=2, abilities=LOOT_PLAY), by_id("b2-the_d6")
    g.outside_chars = _outside((plain, None), (brute, d6))
    give_item(g, 0, by_id("r-the_clicker"))
    own_turn(g)
    assert g.players[0].character.phys.card.name == "Brute"
    assert [r[4] for r in kinds(g, "item_activated")][0] == "The Clicker"


def test_FS_2_7_the_clicker_is_kept_when_nothing_outside_is_better():
    """Only a character like mine outside: the swap gains nothing, so The Clicker stays unused."""
    g = strategy_table(2)
    g.outside_chars = _outside((character("Plain", abilities=LOOT_PLAY), None))
    give_item(g, 0, by_id("r-the_clicker"))
    own_turn(g)
    assert g.players[0].character.phys.card.name == "C0" and not kinds(g, "item_activated")
    assert vl.character_gain(g.views[0], 0, reading.Reader(vl.item_value)) == 0.0
