"""``sensible`` attacks items, rooms and players (FS-10.6, FS-13.2, FS-16.6) by the same chance × worth
it uses for monsters: a rival's attackable item when it is the best fight, a better monster instead, and
never its own item when the item is worth more than the reward. Positions from the fixtures; seat 0 is
the strategy under test, seat 1 scripted (it passes)."""

from __future__ import annotations

from pathlib import Path

from cardlab.simulate.four_souls import cards
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    deck,
    give_item,
    give_loot,
    kinds,
    monster,
    real,
    take_cents,
)
from tests.four_souls.strategy_table import own_turn, strategy_table

HERE = Path(__file__).parent / "cards_testonly"
CARD = {c.name: c for c in cards.load_pool([HERE / "attackable.yaml"]).cards}


def _target(g):
    return [r[4] for r in kinds(g, "attack_target")]


def test_FS_10_6_sensible_attacks_a_rivals_attackable_item_when_it_is_the_best_fight():
    """The only slot monster is out of reach (5 HP, evasion 6); P1's Sandbag (2 HP, evasion 3, 5¢)
    is the best chance × worth: P0 attacks it, kills it (two hits) and gains its 5¢ (FS-13.2)."""
    g = strategy_table(2, rolls=[4, 4])
    bag = give_item(g, 1, CARD["Test Sandbag"])
    add_slot_monster(g, monster("Wall", hp=5, evasion=6, attack=2))
    deck(g, "monster", [monster("Deck Blob", hp=1, evasion=2)])
    own_turn(g, attacks=1)
    assert _target(g) == ["Test Sandbag"]
    assert not bag.in_play and g.players[0].cents == 5


def test_FS_10_6_sensible_prefers_a_monster_worth_more_than_the_item():
    """A 1-HP monster worth a soul in a slot beats the Sandbag: P0 attacks the monster."""
    g = strategy_table(2, rolls=[4])
    bag = give_item(g, 1, CARD["Test Sandbag"])
    add_slot_monster(g, monster("Easy Boss", hp=1, evasion=2, attack=1, soul=1))
    own_turn(g, attacks=1)
    assert _target(g) == ["Easy Boss"]
    assert bag.in_play


def test_FS_13_2_sensible_does_not_attack_its_own_item_worth_more_than_its_reward():
    """P0's own Sandbag (+2 HP, worth more than 5¢) is a legal target, but a loss: with nothing good in
    the slots P0 attacks the monster deck instead (``deck_hp``), and the Sandbag stays."""
    g = strategy_table(2, rolls=[4])
    bag = give_item(g, 0, CARD["Test Sandbag"])
    add_slot_monster(g, monster("Wall", hp=5, evasion=6, attack=2))
    deck(g, "monster", [monster("Deck Blob", hp=1, evasion=2)])
    own_turn(g, attacks=1)
    assert _target(g) == ["Deck Blob"]
    assert bag.in_play


def test_FS_10_6_sensible_attacks_a_player_only_when_that_is_the_best_fight():
    """While players can be attacked (Bully Totem: evasion 3), a rival one soul from winning at 2 HP, whose
    death would take an item, a loot card and 1¢ (FS-13.9), is a target worth a fight when the slots hold
    nothing better; a soul-worth monster comes first."""
    g = strategy_table(2, rolls=[4, 4])
    give_item(g, 0, CARD["Test Bully Totem"])
    add_slot_monster(g, monster("Wall", hp=5, evasion=6, attack=2))
    for _ in range(3):
        g.players[1].souls.append(g.new_obj(g.players[1].character.phys, "soul", 1))
    give_item(g, 1, real("Breakfast"))
    give_loot(g, 1, real("Bomb!"))
    take_cents(g, 1, 3)
    own_turn(g, attacks=1)
    assert _target(g) == ["C1"]

    g = strategy_table(2, rolls=[4])
    give_item(g, 0, CARD["Test Bully Totem"])
    add_slot_monster(g, monster("Easy Boss", hp=1, evasion=2, attack=1, soul=1))
    own_turn(g, attacks=1)
    assert _target(g) == ["Easy Boss"]
