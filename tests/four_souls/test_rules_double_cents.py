"""Double ¢ ([A], 000_…txt, FS-6.13): the player gains X¢, X being the ¢ they have now — a gain from the game
bank (FS-6.11, FS-15.1), so a finite bank gives what it holds (FS-Q.4) and a player with 0¢ gains
nothing. The cards of the whole collection that double ¢: Two of Diamonds (loot) and Crooked Penny (a ↷
item's roll), both Gold Box V2."""

from __future__ import annotations

from cardlab.simulate.four_souls import plays, resolution
from cardlab.simulate.four_souls.fixtures import (
    by_id,
    check_invariants,
    give_item,
    give_loot,
    kinds,
    position,
    take_cents,
)
from cardlab.simulate.four_souls.refs import SeatRef


def _aim_at(seat: int):
    """A plan: a player target is ``seat``."""
    return lambda d: SeatRef(seat) if d.kind == "choose_target" and SeatRef(seat) in d.options else None


def _two_of_diamonds(g, target: int) -> None:
    c = give_loot(g, 0, by_id("g2-two_of_diamonds"))
    g.players[0].loot_plays = 1
    assert plays.take_action(g, 0, ("loot", c))
    resolution.priority(g, 0, until_empty=True)


def test_FS_6_13_two_of_diamonds_the_player_gains_as_many_cents_as_they_have_from_the_bank():
    """P0 aims Two of Diamonds at P1, who has 5¢: P1 gains 5¢ from the bank (10¢; the bank 100 → 90 with
    P1's first 5), one gain of 5."""
    g = position(2, plans={0: _aim_at(1)})
    g.active = 0
    take_cents(g, 1, 5)
    _two_of_diamonds(g, 1)
    assert g.players[1].cents == 10 and g.bank == 90
    assert [(r[2], r[6]) for r in kinds(g, "cents_gained")] == [(1, 5)]
    check_invariants(g)


def test_FS_6_13_doubling_0_cents_gains_nothing_and_a_short_bank_gives_what_it_holds():
    """P1 with 0¢ gains nothing (no gain at all); P1 with 8¢ and a bank of 3¢ gains the 3¢ (FS-Q.4)."""
    g = position(2, plans={0: _aim_at(1)})
    g.active = 0
    _two_of_diamonds(g, 1)
    assert g.players[1].cents == 0 and not kinds(g, "cents_gained")
    g2 = position(2, plans={0: _aim_at(1)}, bank=11)
    g2.active = 0
    take_cents(g2, 1, 8)
    _two_of_diamonds(g2, 1)
    assert g2.players[1].cents == 11 and g2.bank == 0
    check_invariants(g2)


def test_FS_6_13_crooked_penny_a_low_roll_doubles_a_players_cents_a_high_one_takes_them_all():
    """Crooked Penny (↷: choose a player, roll: 1-3 double their ¢, 4-6 they lose all): on a 2 P1's 4¢
    become 8¢; on a 5 P1 loses all 8¢ to the bank."""
    g = position(2, plans={0: _aim_at(1)}, rolls=[2, 5])
    g.active = 0
    penny = give_item(g, 0, by_id("g2-crooked_penny"))
    take_cents(g, 1, 4)
    for cents in (8, 0):
        penny.charged = True
        assert plays.take_action(g, 0, ("tap", penny, 0))
        resolution.priority(g, 0, until_empty=True)
        assert g.players[1].cents == cents
    assert g.bank == 100
    check_invariants(g)
