"""Cards ``sensible`` held and seldom used (`cardlab report`'s "What the players used"):
two readings of the monster slots. An amount that counts the slots was read at the default 1 (and with it
the whole expression); a ↷ that brings a discarded monster into a slot waited for an attack on the monster
deck, as one that puts it on the deck does. And an item turned sideways is chosen by the ready ↷ it
takes away. Seat 0 plays ``sensible``; the other seat passes."""

from __future__ import annotations

import pytest

from cardlab.simulate.four_souls import resolution
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    by_id,
    card,
    give_item,
    give_loot,
    kinds,
    monster,
    phys,
)
from cardlab.strategies.four_souls import valuing as vl
from cardlab.strategies.four_souls.outlook import Outlook
from tests.four_souls.strategy_table import own_turn, strategy_table


def test_FS_3_12_an_amount_counting_the_monster_slots_reads_them():
    """Ace of Diamonds (gain 1¢ per monster slot and per loot card in hand) beside A Penny! (1¢), one loot
    play: with 2 slots and 2 cards in hand it is worth 4¢ or more, so it is the card played. The old reader
    did not know ``monster_slots``, read the whole amount as 1 (a tie with A Penny!, listed first) and
    played A Penny!."""
    g = strategy_table(2)
    add_slot_monster(g, monster("Wall", hp=5, evasion=6, attack=2))
    add_slot_monster(g, monster("Wall", hp=5, evasion=6, attack=2))
    give_loot(g, 0, by_id("b2-a_penny_6"))
    give_loot(g, 0, by_id("r-ace_of_diamonds"))
    own_turn(g)
    assert [r[4] for r in kinds(g, "loot_played")][0] == "Ace of Diamonds"


def test_FS_3_12_without_a_view_the_slots_are_read_at_the_default():
    """A bare outlook (no view: the value model's own tests, a typical use) cannot count the slots: the
    amount is read at the default 1, as every amount word it cannot read is (``valuing.DEFAULTED``)."""
    assert vl.effect_value({"gain_cents": "monster_slots + 2"}, Outlook(my_turn=True)) == pytest.approx(0.3)


def test_FS_3_8_a_discarded_monster_brought_into_a_slot_when_it_is_the_better_fight():
    """Book of the Dead (↷: a non-event monster of the discard into a slot): the slot holds an easy fight
    worth 1¢, the discard an easy boss worth a soul. Brought in, it is fought (and killed: a 5 hits). The old
    player read the item as a dig for an attack on the monster deck: with a slot fight above its risk bar it
    never used it, and fought the 1¢ monster."""
    g = strategy_table(2, rolls=[5], hp=2)
    give_item(g, 0, by_id("r-book_of_the_dead"))
    add_slot_monster(g, monster("Rat", hp=1, evasion=2, attack=1, rewards={"cents": 1}))
    g.monster_disc.append(phys(g, monster("Old Boss", hp=1, evasion=2, attack=1, soul=1)))
    own_turn(g, attacks=1)
    assert [r[4] for r in kinds(g, "item_activated")] == ["Book of the Dead"]
    assert [r[4] for r in kinds(g, "attack_target")] == ["Old Boss"]


def test_FS_3_8_no_monster_is_brought_into_a_slot_in_a_rival_s_turn():
    """The same ↷ charged in the turn before mine (P1 active, the stack empty): a ↷ left charged there is
    free (FS-8.1), but a monster brought into a slot now is the active rival's fight first: worth nothing,
    so the item stays charged."""
    g = strategy_table(2, hp=2)
    book = give_item(g, 0, by_id("r-book_of_the_dead"))
    add_slot_monster(g, monster("Rat", hp=1, evasion=2, attack=1, rewards={"cents": 1}))
    g.monster_disc.append(phys(g, monster("Old Boss", hp=1, evasion=2, attack=1, soul=1)))
    g.active = 1
    resolution.priority(g, 1)
    assert kinds(g, "item_activated") == [] and book.charged


def test_FS_6_2_a_rival_s_item_turned_sideways_is_the_one_whose_ready_tap_it_takes():
    """A ↷ of mine turning a chosen item sideways (the ``deactivate`` verb): the rival holds a passive item
    worth more and a charged ↷ item (a 3¢ gain). Sideways, the passive one loses nothing; the ↷ item loses its
    use until its holder's next recharge (FS-6.2, FS-8.1), so that one is picked. The old target reader took
    the rival's most valuable item."""
    g = strategy_table(2)
    give_item(
        g,
        0,
        card(
            "Stopper",
            "treasure",
            "active",
            abilities=({"tap": {"targets": {"I": "item"}, "do": {"deactivate": "I"}}},),
        ),
    )
    give_item(g, 1, card("Big Passive", "treasure", "passive", abilities=({"static": {"atk": 1}},)))
    purse = give_item(
        g, 1, card("Purse", "treasure", "active", abilities=({"tap": {"do": {"gain_cents": 3}}},))
    )
    own_turn(g)
    assert [r[4] for r in kinds(g, "item_activated")] == ["Stopper"]
    assert not purse.charged
