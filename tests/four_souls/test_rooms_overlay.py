"""A room that rewrites every item and renames every character while it is in play (FS-5.2, FS-4.12, FS-16.2):
The Isaac of Isaac: Re-Isaac of Warp Zone — static ``items_have`` (an overlay read between stack events) and
``characters_named``."""

from __future__ import annotations

from cardlab.simulate.four_souls import checks, damage, gains, rooms, sides, statics
from cardlab.simulate.four_souls.fixtures import (
    add_shop_item,
    card,
    character,
    check_invariants,
    give_item,
    phys,
    position,
    real,
    rooms_of,
)
from cardlab.simulate.four_souls.selectors import candidates
from cardlab.simulate.four_souls.statics import Ctx

_SHELF = ({"static": {"loot_plays": 1}},)
_GIFT = ({"static": {"atk": 1}},)


def _reisaac(g):
    # a room to refill its slot once it is gone (else the refill reshuffles the discard and draws it again)
    rooms_of(g).deck.append(phys(g, card("Plain room", deck="room", kind="room")))
    o = g.new_obj(phys(g, real("The Isaac of Isaac: Re-Isaac")), "room", -1, slot=len(rooms_of(g).slots))
    g.rooms.slots.append([o])
    g.log.emit("room_revealed", g.active, o.phys.card.name)
    return o


def _check(g) -> None:
    g.log.n += 1  # something happened: the state checks read the table again
    checks.state_checks(g)


def test_FS_5_2_FS_4_12_re_isaac_every_item_has_only_an_eternal_reroll_till_the_room_leaves():
    """With the room in play a player's item and a shop item lose their own abilities, have one ↷ reroll of
    a roll and are eternal (not destroyed); the room discarded, each reads its own text again."""
    g = position(2)
    mine = give_item(g, 0, card("Shelf", deck="treasure", kind="passive", abilities=_SHELF))
    shop = add_shop_item(g, card("Stall", deck="treasure", kind="passive", abilities=_SHELF))
    own = mine.rules
    room = _reisaac(g)
    _check(g)
    for x in (mine, shop):
        assert x.eternal and not x.rules.statics and len(x.rules.tap) == 1 and not x.rules.paid
        assert x.rules.tap[0].do == {"reroll": "R"} and x.rules.tap[0].targets == {"R": "roll"}
    assert not damage.destroy(g, mine, "test") and mine.in_play  # FS-4.12
    rooms.discard(g, room, "test")
    _check(g)
    assert (
        mine.rules is own
        and not mine.eternal
        and not shop.eternal
        and shop.rules.statics == [{"loot_plays": 1}]
    )
    assert not g.overlaid or all(not x.rules.overlay for x in (mine, shop))
    check_invariants(g)


def test_FS_5_2_re_isaac_an_item_entering_play_is_rewritten_and_a_gain_made_meanwhile_ends_on_its_own_text():
    """An item gained while the room is in play has the overlay from the next check; abilities gained till
    the end of the turn count for nothing under it, and when the gain ends after the room left, the item
    reads its own text (not the overlay)."""
    g = position(2)
    room = _reisaac(g)
    _check(g)
    late = give_item(g, 1, card("Late", deck="treasure", kind="passive", abilities=_SHELF))
    own = late.rules
    _check(g)
    assert late.rules is room.rules.items_have and late.eternal
    gains.gain(
        g, late, give_item(g, 0, card("Gift", deck="treasure", kind="passive", abilities=_GIFT)).rules, "eot"
    )
    _check(g)
    assert late.rules is room.rules.items_have  # the overlay lies over the gain
    rooms.discard(g, room, "test")
    _check(g)
    assert late.rules is own
    gains.expire(g, "eot")  # the gain's end puts back what it was built on: the overlay, read off again
    _check(g)
    assert late.rules is own and not late.eternal


def test_FS_5_2_re_isaac_every_character_is_named_isaac_while_the_room_is_in_play():
    """A name filter on players (Football's "Johnny") reads the name the room gives: every character is
    Isaac, none is Johnny; the room gone, the printed names count again."""
    g = position(3, chars=[character("Johnny"), character("Cain"), character("Isaac")])
    ctx = Ctx(g, 0, None, name="test")
    room = _reisaac(g)
    assert [p.seat for p in candidates(ctx, {"player": [{"name": "Isaac"}]})] == [0, 1, 2]
    assert candidates(ctx, {"player": [{"name": "Johnny"}]}) == []
    assert statics.character_name(g, g.players[1].character) == "Isaac"
    rooms.discard(g, room, "test")
    assert [p.seat for p in candidates(ctx, {"player": [{"name": "Johnny"}]})] == [0]


def test_FS_6_10_FS_5_2_an_item_flipped_under_the_overlay_reads_its_new_side_once_the_room_leaves():
    """[A] (FS-6.10): a flipped object has the abilities of the side that shows. Anima Sola (an eternal
    starting item with a back, The Revenant) is flipped while Re-Isaac rewrites every item (by another
    card's flip: Warp Zone's character flips an item); the overlay still covers it, and once the room is
    discarded it reads The Revenant's abilities, the side that shows — not its front's abilities under The
    Revenant's face, as when the flip turned only the rules it showed (the overlay's)."""
    g = position(2)
    sola = give_item(g, 0, real("Anima Sola"), eternal=True, starting=True)
    back = sola.phys.rules.back
    room = _reisaac(g)
    _check(g)
    assert sola.rules is room.rules.items_have
    assert sides.flip(g, sola)
    assert sola.rules is room.rules.items_have and sola.face is not None
    rooms.discard(g, room, "test")
    _check(g)
    assert sola.face is not None and sola.rules is back
    check_invariants(g)
