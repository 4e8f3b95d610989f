"""``sensible`` changes a number (FS-5.2: Magic Marker, The Real Left Hand) where the change serves it, read
from the encoded words of the cards in play (``valuing.number_change``), never their names: a gain of mine
grows, a rival's boost shrinks; ``evaluator`` plans it the same way and shares sensible's slot choice.
Seat 0 plays ``sensible``; the other seat is scripted (it passes)."""

from __future__ import annotations

from cardlab.simulate.four_souls import asking
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    by_id,
    card,
    give_item,
    give_loot,
    kinds,
    loot_fillers,
    monster,
)
from tests.four_souls.strategy_table import own_turn, strategy_table

_BAG = ({"tap": {"do": {"loot": 1}}},)


def _changes(g) -> list:
    return [(r[4], r[5], r[6]) for r in kinds(g, "number_changed")]


def test_FS_5_2_the_real_left_hand_raises_the_draw_of_my_charged_item_then_uses_it():
    """My charged item draws 1 loot card: its 1 becomes 2 for the turn (the change first), and the item is
    used for 2 cards."""
    g = strategy_table(2)
    loot_fillers(g, 4)
    give_item(g, 0, by_id("rwz-the_real_left_hand"), eternal=True, starting=True)
    give_item(g, 0, card("Test Bag", "treasure", "active", abilities=_BAG))
    own_turn(g)
    assert _changes(g) == [("The Real Left Hand", "Test Bag", 2)]
    assert len(g.players[0].hand) == 2


def test_FS_5_2_the_real_left_hand_lowers_a_rivals_attack_boost():
    """A rival's item gives its holder +2 damage: one point less for this turn is worth more to me than a
    card more from my spent item (a spent ↷ cannot be used this turn)."""
    g = strategy_table(2)
    give_item(g, 0, by_id("rwz-the_real_left_hand"), eternal=True, starting=True)
    bag = give_item(g, 0, card("Test Bag", "treasure", "active", abilities=_BAG))
    bag.charged = False
    give_item(g, 1, card("Test Sword", "treasure", "passive", abilities=({"static": {"atk": 2}},)))
    own_turn(g)
    assert _changes(g) == [("The Real Left Hand", "Test Sword", 1)]


def test_FS_5_2_magic_marker_is_played_on_my_attack_boost():
    """Magic Marker in hand, my item gives +1 damage: a second point for this turn's fights is worth the
    card (it is played, the 1 becomes 2)."""
    g = strategy_table(2)
    give_item(g, 0, card("Test Sword", "treasure", "passive", abilities=({"static": {"atk": 1}},)))
    give_loot(g, 0, by_id("r-magic_marker"))
    own_turn(g)
    assert _changes(g) == [("Magic Marker", "Test Sword", 2)]


def test_FS_5_2_evaluator_plans_the_same_change():
    """``evaluator`` reads the same value (``valuing.number_target``): the charged item's draw of 1
    becomes 2 before it is used."""
    g = strategy_table(2, name="evaluator")
    loot_fillers(g, 4)
    give_item(g, 0, by_id("rwz-the_real_left_hand"), eternal=True, starting=True)
    give_item(g, 0, card("Test Bag", "treasure", "active", abilities=_BAG))
    own_turn(g)
    assert _changes(g) == [("The Real Left Hand", "Test Bag", 2)]


def test_FS_3_8_evaluator_covers_the_worst_fight():
    """``evaluator`` asked which of three slots a card covers (FS-3.8): the one whose monster is the worst
    fight for it (a 6-evasion wall), not the easy bosses beside it."""
    g = strategy_table(2, name="evaluator")
    add_slot_monster(g, monster("Wall", hp=5, evasion=6, attack=2))
    add_slot_monster(g, monster("Boss A", hp=1, evasion=2, attack=1, soul=1))
    add_slot_monster(g, monster("Boss B", hp=1, evasion=2, attack=1, soul=1))
    assert asking.ask(g, 0, "choose_slot", (1, 2, 0), None) == 0


def test_FS_5_2_a_change_valued_while_my_hand_is_valued_reads_the_verbs_price():
    """A trigger of my item costs me a loot card, so the change's worth reads my hand's worth, which holds
    Magic Marker itself: the card is read at the verb's own price there, and the turn goes on (the card
    is spent at its end: nothing was worth more)."""
    g = strategy_table(2)
    drop = ({"on": {"turn_end": "you"}, "do": {"discard_loot": 2}},)
    give_item(g, 0, card("Test Drain", "treasure", "passive", abilities=drop))
    give_loot(g, 0, by_id("r-magic_marker"))
    own_turn(g)
    assert [c[0] for c in _changes(g)] == ["Magic Marker"]


def test_FS_5_2_my_characters_loot_play_is_not_raised_while_it_waits():
    """My charged character gives an extra loot play, and two more plays would be worth a treasure card more;
    but a loot play is still left this turn, so the character's ↷ would not be used now (it waits): the
    change goes to my charged item's draw instead (a raised ↷ kept for later is wasted)."""
    g = strategy_table(2, charged=True)
    loot_fillers(g, 4)
    give_item(g, 0, by_id("rwz-the_real_left_hand"), eternal=True, starting=True)
    give_item(g, 0, card("Test Bag", "treasure", "active", abilities=_BAG))
    for i in range(3):
        give_loot(g, 0, card(f"Test Gift {i}", abilities=({"play": {"do": {"gain_treasure": 1}}},)))
    own_turn(g)
    assert _changes(g)[0][1] == "Test Bag"
