"""[A]'s fizzle examples (000_…txt, FS-6.8 with FS-4.2): a loot or ability fizzles when its target is gone
and also when the target, still there, no longer meets what the ability asked of it — [A]'s own example
is "choose a deactivated item", the item recharged before the ability resolves. Exact outcomes, rule IDs
in the names."""

from __future__ import annotations

from cardlab.simulate.four_souls import plays, resolution
from cardlab.simulate.four_souls.fixtures import (
    by_id,
    card,
    check_invariants,
    give_item,
    give_loot,
    kinds,
    position,
)


def _named(d, name: str):
    return next(o for o in d.options if getattr(o, "name", None) == name)


def _spent(g, seat: int, name: str = "Spent"):
    """An item with a ↷ ability, deactivated."""
    return give_item(
        g,
        seat,
        card(name, "treasure", "active", abilities=({"tap": {"do": {"gain_cents": 1}}},)),
        charged=False,
    )


def test_FS_6_8_FS_4_2_a_target_that_no_longer_meets_the_abilitys_demand_fizzles_it():
    """P0 plays a loot that destroys a deactivated item, aimed at P1's spent item; the item is recharged in
    answer. On resolution the item is no longer a deactivated item: the loot fizzles and the item stays.
    Before, only a target gone from play fizzled an item, so the recharged item was destroyed."""
    g = position(2)
    g.active = 0
    spent = _spent(g, 1)
    loot = card(
        "Shatter",
        abilities=({"play": {"targets": {"I": {"item": ["deactivated"]}}, "do": {"destroy": "I"}}},),
    )
    c = give_loot(g, 0, loot)
    g.players[0].loot_plays = 1
    assert plays.take_action(g, 0, ("loot", c))
    spent.charged = True  # recharged in answer
    resolution.resolve_top(g)
    assert spent.in_play and [r[4] for r in kinds(g, "fizzled")] == ["Shatter"]
    check_invariants(g)


def test_FS_6_8_FS_4_2_the_same_target_still_meeting_it_is_hit():
    """The control: left deactivated, the item is destroyed."""
    g = position(2)
    g.active = 0
    spent = _spent(g, 1)
    loot = card(
        "Shatter",
        abilities=({"play": {"targets": {"I": {"item": ["deactivated"]}}, "do": {"destroy": "I"}}},),
    )
    c = give_loot(g, 0, loot)
    g.players[0].loot_plays = 1
    assert plays.take_action(g, 0, ("loot", c))
    resolution.resolve_top(g)
    assert not spent.in_play and not kinds(g, "fizzled")


def test_FS_6_8_lil_gish_aimed_at_a_spent_item_recharged_in_answer_fizzles():
    """Lil' Gish (tap: a spent item a player controls skips its controller's next recharge step) aimed at
    P1's spent item, which P1 recharges in answer: Lil' Gish fizzles, so nothing holds that item back."""
    g = position(2, plans={0: lambda d: _named(d, "Spent") if d.kind == "choose_target" else None})
    g.active = 0
    gish = give_item(g, 0, by_id("gish-lil_gish"))
    spent = _spent(g, 1)
    assert plays.take_action(g, 0, ("tap", gish, 0))
    spent.charged = True
    resolution.resolve_top(g)
    assert [r[4] for r in kinds(g, "fizzled")] == ["Lil' Gish"]
    assert not spent.no_recharge
