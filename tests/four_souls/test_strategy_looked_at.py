"""``sensible`` deciding where a deck's top card it looked at goes (FS-3.4: X-Ray Vision's "you may
discard it", Telekinesis, a card that lets its user bury it): the decision carries the card (a
``CardRef``), and the answer reads the card, never its name — a poor treasure, a fight not worth taking, a
loot card for the wrong drawer leave the top; the die kept for a player rolling two (FS-9.6) is read from
their attack. Seat 0 plays ``sensible``; the other seat is scripted (it passes)."""

from __future__ import annotations

import random

from cardlab.simulate.four_souls import asking, coop
from cardlab.simulate.four_souls.fixtures import (
    add_shop_item,
    add_slot_monster,
    by_id,
    card,
    give_item,
    kinds,
    monster,
    phys,
    position,
    real,
)
from cardlab.simulate.four_souls.state import Attack
from cardlab.strategies.four_souls import STRATEGIES
from tests.four_souls.strategy_table import own_turn, strategy_table

_BOOST = ({"static": {"atk": 1}},)
_POOR = ({"play": {"do": {"discard_loot": 1}}},)


def _away(g, c) -> bool:
    return asking.ask(g, 0, "discard_top", (False, True), phys(g, c).ref)


def test_FS_3_4_a_treasure_poorer_than_the_shop_leaves_the_top_a_better_one_stays():
    g = strategy_table(2)
    for i in range(2):
        add_shop_item(g, card(f"Shop {i}", "treasure", "passive", abilities=_BOOST if i else ()))
    assert _away(g, card("Bare", "treasure", "passive"))
    assert not _away(g, card("Boost", "treasure", "passive", abilities=_BOOST + _BOOST))


def test_FS_3_4_a_fight_not_worth_taking_leaves_the_monster_deck_top():
    g = strategy_table(2)
    assert _away(g, monster("Wall", hp=6, evasion=6, attack=3))
    assert not _away(g, monster("Fly", hp=1, evasion=2, attack=1))


def test_FS_3_4_a_good_loot_card_stays_for_my_loot_step_and_leaves_a_rivals():
    """Two players: in seat 1's turn my loot step is next, so a good card stays and a poor one goes; in my
    own turn the next loot step is seat 1's, the other way round."""
    g = strategy_table(2)
    good, poor = real("A Penny!"), card("Blank", abilities=_POOR)
    g.active = 1
    assert (_away(g, good), _away(g, poor)) == (False, True)
    g.active = 0
    assert (_away(g, good), _away(g, poor)) == (True, False)


def test_FS_3_4_a_look_at_a_chosen_deck_is_worth_a_look_at_a_named_one():
    """X-Ray Vision (↷, recharging at its holder's turn end: a rival's hand, then a chosen deck's top card,
    kept or discarded) is used in its holder's turn: the deck it looks at is chosen, and that look is read
    like a look at a deck the card names (the value model once read a chosen deck as nobody's, 0)."""
    g = strategy_table(2)
    give_item(g, 0, by_id("r-x_ray_vision"))
    own_turn(g)
    assert [r[4] for r in kinds(g, "item_activated")] == ["X-Ray Vision"]


def test_FS_17_in_co_op_a_good_loot_card_stays_for_any_drawer():
    """Co-op (FS-17): the next drawer is a partner whoever it is, so a good card stays and a poor one goes,
    in my turn too."""
    g = position(2, variant="co-op")
    coop.start(g)
    g.io.strategies[0] = STRATEGIES["sensible"](0, random.Random(0))
    g.active = 0
    assert (_away(g, real("A Penny!")), _away(g, card("Blank", abilities=_POOR))) == (False, True)


def test_FS_9_6_the_die_i_keep_for_an_attacking_rival_is_the_low_one_for_a_partner_the_high_one():
    """Two dice rolled by the player on my right (seat 1 of 2), one kept by me (FS-9.6): while seat 1
    attacks, the low die for a rival and, in co-op (FS-17), the high die for a partner."""
    g = strategy_table(2)
    g.attack = Attack(seat=1, target=add_slot_monster(g, monster("Fly", hp=1, evasion=3, attack=1)))
    assert asking.ask(g, 0, "choose_number", (2, 5), "two dice: keep one") == 2
    g = position(2, variant="co-op")
    coop.start(g)
    g.io.strategies[0] = STRATEGIES["sensible"](0, random.Random(0))
    g.attack = Attack(seat=1, target=add_slot_monster(g, monster("Fly", hp=1, evasion=3, attack=1)))
    assert asking.ask(g, 0, "choose_number", (2, 5), "two dice: keep one") == 5
