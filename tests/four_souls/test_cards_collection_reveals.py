"""Issue 19: revealing cards from a deck's top and choosing among them (verb `reveal_cards`, FS-3.4): Ouija Board
(Gold Box), Black Candle and Boss Rush! (Four Souls+), The Rainmaker (Summer)."""

from __future__ import annotations

from cardlab.simulate.four_souls import plays, statics, triggers, zones
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    by_id,
    card,
    check_invariants,
    give_item,
    loot_fillers,
    monster,
    phys,
    position,
    settle,
)


def _curse(name: str):
    return card(name, "monster", "curse", keywords=("curse",))


def _event(name: str):
    return card(
        name, "monster", "good_event", abilities=({"on": {"enters_play": "self"}, "do": {"gain_cents": 1}},)
    )


def test_FS_3_4_ouija_board_puts_a_revealed_event_into_a_slot_and_the_rest_under_the_deck():
    """Top 4: two monsters, an event, a monster (the 5th card stays on top). The holder takes the event (the
    scripted pick: the first option): it resolves (1c); the three others go under the deck."""
    g = position(2)
    loot_fillers(g, 5)
    g.active = 0
    add_slot_monster(g, monster("Blob"))
    g.monster.extend(
        phys(g, c) for c in [monster("Deep"), monster("M3"), _event("Gift"), monster("M2"), monster("M1")]
    )
    ouija = give_item(g, 0, by_id("g2-ouija_board"))
    assert plays.take_action(g, 0, ("tap", ouija, 0))
    settle(g)
    assert g.players[0].cents == 1 and g.monster_disc[-1].card.name == "Gift"
    assert g.monster[-1].card.name == "Deep" and {c.card.name for c in g.monster[:3]} == {"M1", "M2", "M3"}
    check_invariants(g)


def test_FS_4_16_black_candle_gives_each_revealed_curse_to_a_chosen_player():
    """Top 6 hold two curses: each goes to a player (the scripted pick: seat 0); the 4 others go under."""
    g = position(2)
    g.active = 0
    cards = [monster("A"), _curse("Curse X"), monster("B"), monster("C"), _curse("Curse Y"), monster("D")]
    g.monster.extend(phys(g, c) for c in [monster("Deep"), *cards])
    candle = give_item(g, 0, by_id("fsp2-black_candle"))
    assert plays.take_action(g, 0, ("tap", candle, 0))
    settle(g)
    assert sorted(c.phys.card.name for c in g.players[0].curses) == ["Curse X", "Curse Y"]
    assert g.monster[-1].card.name == "Deep" and len(g.monster) == 5


def test_FS_3_4_boss_rush_reveals_until_two_bosses_slots_them_and_owes_an_attack_on_one():
    """Revealed from the top: Boss1, Minion, Boss2 (Deep stays): both bosses go into slots (one or more: the
    scripted pick puts both in the first slot, the second covering the first), Minion to the discard."""
    g = position(2)
    g.active = 0
    add_slot_monster(g, monster("Blob"))
    boss = {"kind": "normal_boss", "soul": 1}
    order = [monster("Deep"), monster("Boss2", **boss), monster("Minion"), monster("Boss1", **boss)]
    g.monster.extend(phys(g, c) for c in order)
    zones.reveal_into_slot(g, phys(g, by_id("fsp2-boss_rush")), None)
    settle(g)
    in_slots = {(x.phys if hasattr(x, "phys") else x).card.name for s in g.mslots for x in s}
    assert {"Boss1", "Boss2"} <= in_slots and "Minion" in {c.card.name for c in g.monster_disc}
    ((owed, _now),) = (
        g.must_attack
    )  # one more attack, on the boss still on top (the scripted slot picks: one slot)
    assert owed.in_play and owed.phys.card.name in ("Boss1", "Boss2")


def test_FS_4_16_the_rainmaker_gains_the_active_player_the_first_curse_revealed_and_hits_per_curse():
    """Attacked, it reveals A then a curse: the active player gains the curse, A goes under the deck; with
    one curse on the active player its damage is 0 + 1."""
    g = position(2)
    g.active = 0
    rain = add_slot_monster(g, by_id("soi-the_rainmaker"))
    g.monster.extend(phys(g, c) for c in [monster("Deep"), _curse("Curse Z"), monster("A")])
    triggers.fire(g, "attacked", target=rain)
    settle(g)
    assert [c.phys.card.name for c in g.players[0].curses] == ["Curse Z"]
    assert [c.card.name for c in g.monster] == ["A", "Deep"]
    assert statics.monster_atk(g, rain) == 1
