"""Issue 19: the ``forbid_eot`` verb, "can't play loot / activate … till end of turn" (FS-7.3): Get Out of Jail
Card, Alt Art Rag Mega."""

from __future__ import annotations

from cardlab.simulate.four_souls import plays, triggers, turn
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    by_id,
    card,
    character,
    give_item,
    give_loot,
    position,
    real,
    settle,
)
from cardlab.simulate.four_souls.state import Attack

_TAP = {"tap": {"do": {"gain_cents": 1}}}


def _kinds(g, seat):
    return sorted(
        {
            o[0] + ("_char" if o[0] == "tap" and o[1].kind == "character" else "")
            for o in plays.legal_actions(g, seat)
        }
    )


def _table():
    g = position(3, chars=[character(f"C{i}", abilities=(_TAP,)) for i in range(3)])
    for p in g.players:
        p.character.charged = True
        p.loot_plays = 1
        give_loot(g, p.seat, real("3 Cents!"))
        give_item(g, p.seat, card(f"Tool{p.seat}", deck="treasure", kind="active", abilities=(_TAP,)))
    return g


def test_FS_7_3_get_out_of_jail_card_bars_the_others_loot_and_items_till_end_of_turn():
    g = _table()
    g.active = 0
    jail = give_loot(g, 0, by_id("fsp2-get_out_of_jail_card"))
    g.players[0].loot_plays = 2
    assert plays.take_action(g, 0, ("loot", jail))
    settle(g)
    assert _kinds(g, 1) == _kinds(g, 2) == ["tap_char"]
    assert _kinds(g, 0) == ["loot", "tap", "tap_char"]
    turn.end_of_turn(g)
    g.players[1].loot_plays = 1  # the end of the turn took the loot play away too
    assert _kinds(g, 1) == ["loot", "tap", "tap_char"]


def test_FS_7_3_alt_art_rag_mega_attacked_bars_every_non_active_players_loot_and_abilities():
    g = _table()
    g.active = 1
    mega = add_slot_monster(g, by_id("aa-rag_mega"))
    g.attack = Attack(seat=1, target=mega)
    triggers.fire(g, "attacked", target=mega)
    settle(g)
    assert _kinds(g, 0) == _kinds(g, 2) == [] and _kinds(g, 1) == ["loot", "tap", "tap_char"]
