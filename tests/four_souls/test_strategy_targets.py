"""``sensible`` choosing any number (or up to N) of targets one at a time (FS-4.3: the engine asks again
with "done" offered): harm goes to rivals only and stops when no target is left that harm helps; divided
damage is split to kill (FS-6.20, the death penalty FS-13.9), never onto myself; help goes to me and my
items, never a rival's. Seat 0 plays ``sensible``; the other seats are scripted (they pass)."""

from __future__ import annotations

import pytest

from cardlab.simulate.four_souls import asking, triggers
from cardlab.simulate.four_souls import fixtures as fx
from tests.four_souls.strategy_table import own_turn, strategy_table

# a monster whose turn-start trigger deals as many damage as its counters, split as the active player
# likes among any number of players the active player picks (our test card; the shape of such monsters)
_SPLITTER = (
    {
        "on": {"turn_start": "any_player", "if": "counters(self) > 0"},
        "targets": {"T": {"player": [], "count": "any_number"}},
        "by": "active",
        "do": {"deal_damage": {"n": "counters(self)", "to": "T", "divided": True}},
    },
)


def _split_at_turn_start(
    counters: int, damage: tuple[int, int, int], souls_of_2: int = 0, name: str = "sensible"
) -> dict:
    g = strategy_table(3, name=name, hp=3)
    for p, d in zip(g.players, damage, strict=True):
        p.damage = d
    for _ in range(souls_of_2):
        g.players[2].souls.append(g.new_obj(fx.phys(g, fx.monster("Won Boss", soul=1)), "soul", 2))
    m = fx.add_slot_monster(g, fx.monster("Splitter", hp=9, evasion=6, attack=1, abilities=_SPLITTER))
    m.counters = counters
    g.active = 0
    triggers.fire(g, "turn_start", seat=0)
    fx.settle(g)
    hurt: dict = {}
    for r in fx.kinds(g, "damage"):
        hurt[r[8]] = hurt.get(r[8], 0) + r[6]
    return hurt


@pytest.mark.parametrize("name", ["sensible", "evaluator"])
def test_FS_4_3_harm_to_any_number_of_players_spares_myself_and_kills_the_leader_first(name):
    """3 damage divided among players I pick, everyone at 3 HP, seat 2 one soul ahead: I pick only my two
    rivals and all 3 points go to the leader (a kill), none to myself."""
    assert _split_at_turn_start(3, (0, 0, 0), souls_of_2=1, name=name) == {2: 3}


def test_FS_6_20_divided_damage_kills_the_weakest_rival_first_then_the_next():
    """4 damage, rivals at 1 and 3 HP left: 1 point kills seat 1, the other 3 kill seat 2; I take none."""
    assert _split_at_turn_start(4, (0, 2, 0)) == {1: 1, 2: 3}


def test_FS_4_3_help_to_up_to_n_items_goes_to_my_items_only():
    """Car Battery (recharge up to three other items): my spent item is recharged, the rival's two spent
    items stay spent (the second pick is "done", not a rival's item)."""
    g = strategy_table(2)
    fx.give_item(g, 0, fx.by_id("r-car_battery"))
    mine = fx.give_item(
        g, 0, fx.card("My Spent", "treasure", "active", abilities=({"tap": {"do": {"gain_cents": 1}}},))
    )
    theirs = [
        fx.give_item(
            g, 1, fx.card(f"Their Spent {i}", "treasure", "active", abilities=({"tap": {"do": {"loot": 1}}},))
        )
        for i in range(2)
    ]
    mine.charged = False
    for t in theirs:
        t.charged = False
    own_turn(g)
    assert "Car Battery" in [r[4] for r in fx.kinds(g, "item_activated")]
    assert not any(t.charged for t in theirs)


def test_FS_3_8_up_to_three_discarded_monsters_cover_the_walls_not_each_other():
    """Dad's Note (up to three non-event monsters of the discard into slots, each slot picked by its
    player): two slots of 5-HP walls, three 1-HP bosses in the discard. Two bosses come in, one over each
    wall (the worst fight is covered, FS-3.8); a third would cover a boss, so the picks stop ("done")."""
    g = strategy_table(2, rolls=[5], hp=2)
    fx.give_loot(g, 0, fx.by_id("r-dads_note"))
    for i in range(2):
        fx.add_slot_monster(g, fx.monster(f"Wall {i}", hp=5, evasion=6, attack=2))
    fx.deck(g, "monster", [fx.monster("Deck Brute", hp=4, evasion=5, attack=2)])
    for i in range(3):
        g.monster_disc.append(fx.phys(g, fx.monster(f"Old Boss {i}", hp=1, evasion=2, attack=1, soul=1)))
    own_turn(g)
    assert [r[4] for r in fx.kinds(g, "loot_played")] == ["Dad's Note"]
    assert sorted(r[6] for r in fx.kinds(g, "monster_revealed")) == [0, 1]  # one into each slot
    assert all(m.phys.card.name.startswith("Old Boss") for m in g.monsters())


def _discarded_with(threat: bool) -> str:
    g = strategy_table(2)
    fx.give_item(g, 0, fx.card("My Pet", "treasure", "passive"))
    if threat:  # a rival's item that destroys a chosen item (public, FS-3.3)
        hammer = ({"tap": {"targets": {"I": {"item": ["non_eternal"]}}, "do": {"destroy": "I"}}},)
        fx.give_item(g, 1, fx.card("Their Hammer", "treasure", "active", abilities=hammer))
    hand = [fx.give_loot(g, 0, fx.by_id("r-algiz")), fx.give_loot(g, 0, fx.real("A Penny!"))]
    pick = asking.ask(g, 0, "discard", tuple(c.ref for c in hand), "hand limit")
    return pick.card.name


def test_FS_4_12_a_card_making_my_items_eternal_is_kept_while_a_rival_can_destroy_one():
    """Algiz (a chosen player's items eternal this turn) and a plain 1¢ card, one to discard: with no
    threat in sight the 1¢ card is worth more and Algiz goes; while a rival holds an item that destroys a
    chosen item, Algiz is kept as the answer (FS-4.12) and the 1¢ card goes."""
    assert _discarded_with(threat=False) == "Algiz"
    assert _discarded_with(threat=True) == "A Penny!"
