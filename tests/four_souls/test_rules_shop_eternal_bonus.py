"""The shop and the treasure deck (FS-11, FS-12), eternal items (FS-4.12, FS-6.18) and bonus souls
(FS-14.7–14.9): sections of [A] (file 000) that had few scenarios. Each sets up a
position, acts and asserts the exact outcome."""

from __future__ import annotations

import pytest

from cardlab.simulate.four_souls import checks, damage, resolution, turn
from cardlab.simulate.four_souls import fixtures as fx
from cardlab.simulate.four_souls.state import GameOver


def _shop(g, cents: int, purchases: int = 1):
    """P0 active with ``cents`` and ``purchases``; the shop holds Breakfast (returned)."""
    g.active = 0
    shop = fx.add_shop_item(g, fx.real("Breakfast"))
    fx.take_cents(g, 0, cents)
    g.purchases_left = purchases
    return shop


def _buy(choice):
    return lambda d: (choice(d) if callable(choice) else choice) if d.kind == "buy_target" else None


def test_FS_11_4_FS_Q_9_the_price_is_checked_when_the_target_is_chosen_after_the_window():
    """[A] (purchase): priority passes after the declaration; the price is fixed and paid when the buyer
    chooses, and a buyer who cannot pay then fails the purchase. P0 declares with 10¢; in the window P1's
    item takes 8¢ from P0; P0 gets nothing, keeps 2¢, and the purchase is not used up (FS-Q.9)."""
    drain = fx.card(
        "Tax",
        "treasure",
        "active",
        abilities=({"tap": {"do": {"lose_cents": {"n": 8, "who": 0}}}},),
    )
    used = []

    def p1(d):
        if d.kind == "respond" and not used:
            opt = next((o for o in d.options if o != "pass" and o[0] == "tap"), None)
            if opt is not None:
                used.append(opt)
            return opt
        return None

    g = fx.position(2, plans={0: _buy(lambda d: d.options[0]), 1: p1})
    fx.give_item(g, 1, drain, charged=True)
    shop = _shop(g, 10)
    turn.purchase(g, 0)
    p = g.players[0]
    assert used and p.cents == 2 and not p.items and g.shop[0] == [shop]
    assert [(r[5], r[7]) for r in fx.kinds(g, "purchase")] == [(None, "failed")]
    assert g.purchases_left == 1
    fx.check_invariants(g)


def test_FS_11_5_FS_Q_35_the_last_shop_item_bought_with_no_treasure_left_leaves_the_slot_empty():
    """[A] (slot refill): a slot empties and is refilled from its deck; with the treasure deck and its
    discard both empty nothing can fill it (FS-Q.35): the slot stays empty, there is nothing more to buy
    (no shop item, no deck top)."""
    g = fx.position(2, plans={0: _buy(lambda d: d.options[0])})
    shop = _shop(g, 30, purchases=2)
    turn.purchase(g, 0)
    p = g.players[0]
    assert p.items == [shop] and p.cents == 20 and g.shop == [[]]
    assert turn._buy_options(g, 0) == []
    assert not g.treasure and not g.treasure_disc
    fx.check_invariants(g)


def test_FS_11_6_FS_3_5_buying_the_deck_top_of_an_empty_treasure_deck_reshuffles_its_discard():
    """[A] (purchase, decks): the deck top may be bought; an empty deck is made again at once from its
    discard (FS-3.5). Treasure deck empty, its discard holds Dinner: P0 buys the deck top and gets Dinner."""
    g = fx.position(2, plans={0: _buy("treasure_deck")})
    shop = _shop(g, 10)
    dinner = fx.phys(g, fx.real("Dinner"))
    g.treasure_disc.append(dinner)
    turn.purchase(g, 0)
    p = g.players[0]
    assert [o.phys for o in p.items] == [dinner] and p.cents == 0
    assert not g.treasure and not g.treasure_disc and g.shop[0] == [shop]
    fx.check_invariants(g)


def test_FS_6_18_FS_4_12_rerolling_an_eternal_item_does_nothing():
    """[A] (reroll): to reroll an item you destroy it, and only if you do does its controller gain a
    treasure; an eternal item cannot be destroyed (FS-4.12), so it stays and nobody gains anything."""
    g = fx.position(2)
    d6 = fx.give_item(g, 0, fx.real("The D6"), eternal=True, starting=True)
    (top,) = fx.deck(g, "treasure", [fx.real("Dinner")])
    assert not damage.reroll_item(g, d6, "test")
    assert g.players[0].items == [d6] and g.treasure == [top] and not fx.kinds(g, "item_gained")
    fx.check_invariants(g)


def test_FS_6_18_FS_12_1_a_rerolled_shop_item_gives_no_treasure_and_the_deck_top_takes_its_slot():
    """[A] (reroll): a shop item rerolled gives no player a treasure; the treasure deck's top card goes
    into the slot the destroyed item was in."""
    g = fx.position(2)
    g.active = 0
    left = fx.add_shop_item(g, fx.real("Breakfast"))
    right = fx.add_shop_item(g, fx.real("Meat!"))
    (top,) = fx.deck(g, "treasure", [fx.real("Dinner")])
    assert damage.reroll_item(g, left, "test")
    checks.state_checks(g)
    assert g.shop[0][-1].phys is top and g.shop[1] == [right]
    assert left.phys in g.treasure_disc and not any(p.items for p in g.players)
    fx.check_invariants(g)


def test_FS_13_9_FS_4_12_a_player_holding_only_eternal_items_destroys_none_and_pays_the_rest():
    """[A] (death penalty): the dying player destroys a non-eternal item; one who cannot skips that part
    and pays the others (a loot, 1¢, every ↷ object deactivated)."""
    g = fx.position(2, chars=[fx.real("Isaac"), fx.character("B")])
    p = g.players[0]
    p.character.charged = True
    d6 = fx.give_item(g, 0, fx.real("The D6"), eternal=True, starting=True, charged=True)
    fx.give_loot(g, 0, fx.real("2 Cents!"))
    fx.take_cents(g, 0, 3)
    assert damage.kill(g, p, 1)
    resolution.priority(g, 0)
    assert p.dead and p.items == [d6] and not fx.kinds(g, "item_destroyed")
    assert p.hand == [] and p.cents == 2 and not d6.charged and not p.character.charged
    fx.check_invariants(g)


def test_FS_14_8_FS_14_1_a_bonus_soul_is_a_plain_soul_once_gained_and_counts_toward_the_win():
    """[A] (bonus souls): meeting its condition gains it as a soul that works as any other; [A] (winning):
    four souls win at once. P0 holds 3 souls and reaches 25¢: it gains Soul of Greed and wins."""
    g = fx.position(2)
    g.active = 0
    greed = fx.phys(g, fx.real("Soul Of Greed"))
    g.bonus = [greed]
    p = g.players[0]
    for i in range(3):
        s = g.new_obj(fx.phys(g, fx.card(f"Boss{i}", "monster", "boss", soul=1)), "soul", 0)
        s.soul_value = 1
        p.souls.append(s)
    fx.take_cents(g, 0, 25)
    with pytest.raises(GameOver) as over:
        checks.state_checks(g)
    assert over.value.winners == (0,)
    assert [s.phys for s in p.souls][-1] is greed and not g.bonus
