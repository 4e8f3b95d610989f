"""[A]'s "each" order (000_…txt, FS-5.9 (b), (c), (e), (f)), one scenario per worked example: one player's
objects in the order that player picks, every item in play player by player in turn order with the
shop's last, each monster in the order the ability's controller picks (the active player for the
game's), monsters before players. Made-up loot of ``cards_testonly/seed_rules.yaml`` and real rooms."""

from __future__ import annotations

from pathlib import Path

from cardlab.simulate.four_souls import cards, checks, interpreter, items, plays, resolution, rooms, statics
from cardlab.simulate.four_souls.fixtures import (
    add_shop_item,
    add_slot_monster,
    card,
    check_invariants,
    deck,
    give_item,
    give_loot,
    kinds,
    monster,
    phys,
    position,
    real,
    rooms_of,
)

SEED = {
    c.name: c for c in cards.load_pool([Path(__file__).parent / "cards_testonly" / "seed_rules.yaml"]).cards
}


def _item(name: str):
    return card(name, "treasure", "passive")


def _play(g, seat: int, name: str) -> None:
    c = give_loot(g, seat, SEED[name])
    g.players[seat].loot_plays = 1
    assert plays.take_action(g, seat, ("loot", c))
    resolution.priority(g, seat, until_empty=True)


def _orders(g, seat: int) -> list[tuple]:
    """The names offered in each ``order_triggers`` decision ``seat`` was asked."""
    return [tuple(o[0] for o in d.options) for d in g.io.strategies[seat].asked if d.kind == "order_triggers"]


def _first(name: str):
    """A plan: in an ordering, ``name`` goes first."""

    def plan(d):
        if d.kind == "order_triggers":
            return next((o for o in d.options if o[0] == name), None)
        return None

    return plan


def test_FS_5_9_b_each_item_you_control_goes_in_the_order_you_pick():
    """FS-5.9(b) ([A]: "reroll each item you control": the player who controls the items picks the order
    they are rerolled in). P0 holds Apple then Bread and plays Mine Again (reroll each item I control),
    putting Bread first: Bread is destroyed first and its treasure is the top one (T1), then Apple (T2).
    Before, nobody was asked and the items went in the order they entered play."""
    g = position(2, plans={0: _first("Bread")})
    for name in ("Apple", "Bread"):
        give_item(g, 0, _item(name))
    deck(g, "treasure", [_item("T1"), _item("T2")])
    _play(g, 0, "Mine Again")
    assert _orders(g, 0) == [("Apple", "Bread")]
    assert [r[4] for r in kinds(g, "item_destroyed")] == ["Bread", "Apple"]
    assert [i.phys.card.name for i in g.players[0].items] == ["T1", "T2"]
    check_invariants(g)


def test_FS_5_9_c_each_item_in_play_player_by_player_in_turn_order_then_the_shop():
    """FS-5.9(c) ([A]: when every item in play is rerolled, the players reroll theirs one after another in
    turn order, the shop's go last). P1, the active player, plays Upheaval in a 3-player game: P1's item takes
    the top treasure (T1), P2's the next (T2), P0's the third (T3), and the shop slot refills with T4.
    Before, the players went in seat order from P0 (P0 got T1, P1 T2, P2 T3)."""
    g = position(3)
    g.active = 1
    for s in range(3):
        give_item(g, s, _item(f"Old{s}"))
    add_shop_item(g, _item("OldShop"))
    deck(g, "treasure", [_item(f"T{i}") for i in range(1, 5)])
    _play(g, 1, "Upheaval")
    assert [r[4] for r in kinds(g, "item_destroyed")] == ["Old1", "Old2", "Old0", "OldShop"]
    assert [[i.phys.card.name for i in p.items] for p in g.players] == [["T3"], ["T1"], ["T2"]]
    assert [o.phys.card.name for o in g.shop_items()] == ["T4"]
    check_invariants(g)


def test_FS_5_9_b_c_each_player_orders_their_own_items_within_each_item_in_play():
    """FS-5.9(b) inside (c): with every item in play rerolled, each player picks the order of their own.
    P0 (active) holds A0 and B0, P1 holds A1 and B1; P0 puts B0 first, P1 puts B1 first: B0, A0, then
    B1, A1. Each was asked about their own items only."""
    g = position(2, plans={0: _first("B0"), 1: _first("B1")})
    for s in range(2):
        for name in (f"A{s}", f"B{s}"):
            give_item(g, s, _item(name))
    deck(g, "treasure", [_item(f"T{i}") for i in range(1, 5)])
    _play(g, 0, "Upheaval")
    assert _orders(g, 0) == [("A0", "B0")] and _orders(g, 1) == [("A1", "B1")]
    assert [r[4] for r in kinds(g, "item_destroyed")] == ["B0", "A0", "B1", "A1"]
    assert [[i.phys.card.name for i in p.items] for p in g.players] == [["T1", "T2"], ["T3", "T4"]]
    check_invariants(g)


def test_FS_5_9_c_a_rooms_every_item_goes_in_turn_order_from_the_active_player():
    """FS-5.9(c) with the game's ability (FS-5.9(a): the active player first): Dice Room!!!! enters play on
    P2's turn and rerolls every player's item: P2's takes the top treasure (T1), then P0's (T2), P1's
    (T3). Before, P0's went first whoever's turn it was."""
    g = position(3)
    g.active = 2
    rooms_of(g).slots.append([])
    rooms_of(g).deck.append(phys(g, real("Dice Room!!!!")))
    for s in range(3):
        give_item(g, s, _item(f"Old{s}"))
    deck(g, "treasure", [_item(f"T{i}") for i in range(1, 4)])
    assert rooms.fill(g, 0)
    checks.state_checks(g)  # the trigger goes on the stack at the next priority (FS-4.9)
    resolution.priority(g, 2, until_empty=True)
    assert [r[4] for r in kinds(g, "item_destroyed")] == ["Old2", "Old0", "Old1"]
    assert [[i.phys.card.name for i in p.items] for p in g.players] == [["T2"], ["T3"], ["T1"]]
    check_invariants(g)


def test_FS_5_9_e_the_active_player_orders_the_monsters_for_a_monsters_ability():
    """FS-5.9(e) ([A]: when every monster is hurt at once, the ability's controller picks the order; the
    active player when the game controls it). A monster's ability hurting every other monster by 1 resolves
    on P1's turn: P1, not P0, is asked, and the monster P1 puts first takes its damage first."""
    g = position(2, plans={1: _first("Right")})
    g.active = 1
    src = add_slot_monster(g, monster("Source", hp=5))
    for name in ("Left", "Right"):
        add_slot_monster(g, monster(name, hp=3))
    ctx = statics.Ctx(g, g.active, src, name="Source")
    assert interpreter.run(ctx, {"each": {"M": "other_monsters"}, "do": {"deal_damage": {"n": 1, "to": "M"}}})
    assert not _orders(g, 0) and _orders(g, 1) == [("Left", "Right")]
    assert [items.tname(it.target) for it in reversed(g.stack)] == ["Right", "Left"]  # the top resolves first


def test_FS_5_9_f_each_player_and_each_monster_in_one_each_monsters_first():
    """FS-5.9(f) ([A]: "each player and each monster", monsters first, then players, each group in its own
    order): Tremor hurts every player and every monster by 1 with one "each". P1 (active) plays it
    in a 3-player game with two monsters: the monsters' damage resolves first (in P1's order), then the
    players' in turn order from P1. Before, the players' resolved first (the whole list was reversed as
    if all were players)."""
    g = position(3, plans={1: _first("Right")})
    g.active = 1
    for name in ("Left", "Right"):
        add_slot_monster(g, monster(name, hp=3))
    c = give_loot(g, 1, SEED["Tremor"])
    g.players[1].loot_plays = 1
    assert plays.take_action(g, 1, ("loot", c))
    resolution.resolve_top(g)  # Tremor resolves: every damage is now on the stack
    assert [items.tname(it.target) for it in reversed(g.stack)] == ["Right", "Left", "p1", "p2", "p0"]


def test_FS_5_9_f_mama_mega_hurts_the_monsters_first_then_the_players_in_turn_order():
    """FS-5.9(f) in a card: Mama Mega (3 damage to every monster, then to every player) on P1's turn. The
    monsters' damage resolves first, then the players' in turn order from P1. Its encoding put the
    monsters' damage on the stack first, under the players', so the players' resolved first; the same
    mistake was in Mini Nuke and The Bloat."""
    from cardlab.simulate.four_souls.fixtures import by_id

    g = position(3)
    g.active = 1
    mega = give_item(g, 1, by_id("r-mama_mega"))
    add_slot_monster(g, monster("Gaper", hp=5))
    assert plays.take_action(g, 1, ("tap", mega, 0))
    resolution.resolve_top(g)
    assert [items.tname(it.target) for it in reversed(g.stack)] == ["Gaper", "p1", "p2", "p0"]
