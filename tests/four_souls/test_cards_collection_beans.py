"""Issue 19: cancelling what is aimed at you or yours (FS-4.2, FS-6.9): Summer's Mega Bean! and Gold Box's
I Can't Believe It's Not Butter Bean."""

from __future__ import annotations

from cardlab.simulate.four_souls import plays
from cardlab.simulate.four_souls.fixtures import (
    by_id,
    card,
    character,
    check_invariants,
    give_item,
    give_loot,
    position,
    real,
    settle,
)
from cardlab.simulate.four_souls.state import Player

SMASH = card("Test Smash", abilities=({"play": {"targets": {"I": "item"}, "do": {"destroy": "I"}}},))


def _aim_at(seat: int, what: type):
    return lambda d: next(
        (o for o in d.options if isinstance(o, what) and getattr(o, "seat", -1) == seat), None
    )


def _answer(d):
    return next((o for o in d.options if o != "pass"), None)


def test_FS_6_9_mega_bean_cancels_a_bomb_aimed_at_its_player_and_hurts_the_bomber():
    """Seat 1's Bomb! aims at seat 0; seat 0 answers with Mega Bean!: no damage to seat 0, 2 to seat 1."""
    plans = {1: _aim_at(0, Player), 0: _answer}
    g = position(2, chars=[character("A", hp=4), character("B", hp=4)], plans=plans)
    g.active = 1
    bomb = give_loot(g, 1, real("Bomb!"))
    give_loot(g, 0, by_id("soi-mega_bean"))
    g.players[0].loot_plays = g.players[1].loot_plays = 1
    assert plays.take_action(g, 1, ("loot", bomb))
    settle(g)
    assert [p.damage for p in g.players] == [0, 2]
    check_invariants(g)


def test_FS_4_2_mega_bean_has_nothing_to_cancel_when_nothing_aims_at_its_player():
    """Seat 1's 3 Cents! targets nobody: seat 0 cannot answer it with Mega Bean! and seat 1 gains 3c."""
    g = position(2, plans={0: _answer})
    g.active = 1
    cents = give_loot(g, 1, real("3 Cents!"))
    bean = give_loot(g, 0, by_id("soi-mega_bean"))
    g.players[0].loot_plays = g.players[1].loot_plays = 1
    assert plays.take_action(g, 1, ("loot", cents))
    settle(g)
    assert g.players[1].cents == 3 and bean in g.players[0].hand


def _smash_with_the_bean_held(owner: int) -> bool:
    """Seat 1 plays a test loot destroying an item and aims at seat ``owner``'s; seat 0 holds the Bean and
    uses it when it can. Whether the aimed item is still in play."""
    name = f"Gear{owner}"
    aim = lambda d: next((o for o in d.options if getattr(o, "name", "") == name), None)  # noqa: E731
    g = position(2, plans={1: aim, 0: _answer})
    g.active = 1
    gear = give_item(g, owner, card(name, deck="treasure", kind="passive"))
    give_item(g, 0, by_id("g2-i_cant_believe_its_not_butter_bean"))
    smash = give_loot(g, 1, SMASH)
    g.players[1].loot_plays = 1
    assert plays.take_action(g, 1, ("loot", smash))
    settle(g)
    return gear.in_play


def test_FS_6_9_not_butter_bean_saves_its_holders_item_from_a_loot_aimed_at_it():
    """Aimed at seat 0's item, seat 0 taps the Bean and the item stays. Aimed at seat 1's own item, the Bean
    has no target and the item is destroyed."""
    assert _smash_with_the_bean_held(0)
    assert not _smash_with_the_bean_held(1)
