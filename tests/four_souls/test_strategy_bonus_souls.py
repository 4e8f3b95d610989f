"""``sensible`` plans for the active bonus souls (FS-14.8, read through ``View.bonus_goals``): it keeps the
cents or loot cards that a cents or hand-size bonus soul will soon need, and prefers the item that brings a
keyword's item count towards its bonus soul. Seat 0 is the strategy under test; the other seats pass."""

from __future__ import annotations

from cardlab.simulate.four_souls.fixtures import (
    add_shop_item,
    card,
    give_item,
    give_loot,
    kinds,
    phys,
    real,
    take_cents,
)
from tests.four_souls.strategy_table import own_turn, strategy_table

PENNY = card("Penny", abilities=({"play": {"do": {"gain_cents": 1}}},))  # worth playing at once
PLAIN = card("Plain", deck="treasure", kind="passive", abilities=({"static": {"hp": 1}},))


def _bonus(g, name: str) -> None:
    g.bonus = [phys(g, real(name))]


def test_FS_14_8_sensible_keeps_its_cents_five_short_of_a_cents_bonus_soul():
    """20¢ of Soul Of Greed's 25: buying a plain item (10¢) would put the soul four turns off; without
    the bonus soul the same purchase is made."""
    for bonus, bought in ((True, 0), (False, 1)):
        g = strategy_table(2)
        if bonus:
            _bonus(g, "Soul Of Greed")
        take_cents(g, 0, 20)
        add_shop_item(g, PLAIN)
        own_turn(g)
        assert len(kinds(g, "purchase")) == bought


def test_FS_14_8_sensible_keeps_its_cards_one_short_of_a_hand_size_bonus_soul():
    """Nine cards of Soul Of Gluttony's ten: a penny card is kept (playing it puts the soul off); without
    the bonus soul it is played."""
    for bonus, played in ((True, 0), (False, 1)):
        g = strategy_table(2)
        if bonus:
            _bonus(g, "Soul Of Gluttony")
        for _ in range(9):
            give_loot(g, 0, PENNY)
        own_turn(g)
        assert len(kinds(g, "loot_played")) == played


def test_FS_14_8_sensible_buys_the_item_that_completes_a_keyword_bonus_soul():
    """Holding one guppy item, with Soul Of Guppy active, it buys a plain guppy item over a better plain
    one and gains the soul (FS-14.8: the second guppy item meets the condition)."""
    g = strategy_table(2)
    _bonus(g, "Soul Of Guppy")
    give_item(g, 0, card("Fin", deck="treasure", kind="passive", keywords=("guppy",)))
    take_cents(g, 0, 10)
    add_shop_item(g, card("Tail", deck="treasure", kind="passive", keywords=("guppy",)))
    add_shop_item(g, real("Breakfast"))
    own_turn(g)
    assert [r[4] for r in kinds(g, "bonus_soul_gained")] == ["Soul Of Guppy"]
