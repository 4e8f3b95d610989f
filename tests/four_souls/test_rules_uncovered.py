"""A covered card uncovered enters play ([A], 000_…txt, "covered in slot": when the object covering a card
in a slot leaves play, the card beneath enters play; FS-3.8, FS-13.7). A new object entering play: its
"when this enters play" abilities trigger (FS-4.9), as an uncovered event's already resolved (FS-1.17).
Scenarios with a real monster (Coil) and a real room (Dice Room!). The same for a monster dealt into a slot
at setup (FS-2.4): the top card of a slot is in play (FS-3.3)."""

from __future__ import annotations

from cardlab.simulate.four_souls import damage, rooms, setup, zones
from cardlab.simulate.four_souls.fixtures import (
    by_id,
    card,
    check_invariants,
    deck,
    give_item,
    give_loot,
    monster,
    phys,
    position,
    rooms_of,
    settle,
)


def _hands(g) -> list[list[str]]:
    return [[c.card.name for c in p.hand] for p in g.players]


def test_FS_3_8_FS_4_9_an_uncovered_monster_enters_play_and_its_enters_play_ability_triggers():
    """Coil (Summer: as it enters play every hand passes one seat right) is revealed into a slot: the hands
    pass. A monster is then put on top of it (Coil is covered, out of play) and killed: Coil is uncovered,
    enters play again as a new object, and the hands pass once more. Before, only a card revealed into a
    slot was heard entering play: an uncovered monster's ability stayed silent."""
    g = position(3)
    g.active = 0
    g.mslots.append([])
    for s in range(3):
        give_loot(g, s, card(f"L{s}"))
    zones.reveal_into_slot(g, phys(g, by_id("soi-coil")), 0)
    settle(g)
    assert _hands(g) == [["L1"], ["L2"], ["L0"]]
    top = zones.reveal_into_slot(g, phys(g, monster("Top", hp=1)), 0)
    settle(g)
    assert damage.kill(g, top, 0)
    settle(g)
    coil = g.mslots[0][-1]
    assert coil.phys.card.name == "Coil" and coil.in_play
    assert _hands(g) == [["L2"], ["L0"], ["L1"]]
    check_invariants(g)


def test_FS_3_8_FS_16_1_an_uncovered_room_enters_play_and_its_enters_play_ability_triggers():
    """Dice Room! (as it enters play the active player's items are rerolled) is revealed: P0's item becomes
    T1. Another room is put on top of it (Dice Room! covered), then discarded: Dice Room! is uncovered and
    enters play again, so P0's item is rerolled again (T2). Before, the uncovered room did nothing."""
    g = position(2)
    g.active = 0
    rooms_of(g).slots.append([])
    give_item(g, 0, card("Old", "treasure", "passive"))
    deck(g, "treasure", [card(f"T{i}", "treasure", "passive") for i in (1, 2)])
    rooms.put(g, phys(g, by_id("r-dice_room")), 0)
    settle(g)
    assert [o.phys.card.name for o in g.players[0].items] == ["T1"]
    plain = rooms.put(g, phys(g, card("Plain Room", "room", "room")), 0)
    settle(g)
    rooms.discard(g, plain, "test")
    settle(g)
    assert g.room_objs()[0].phys.card.name == "Dice Room!"
    assert [o.phys.card.name for o in g.players[0].items] == ["T2"]
    check_invariants(g)


def test_FS_2_4_FS_4_9_a_monster_dealt_into_a_slot_at_setup_triggers_as_it_enters_play():
    """The monster deck's top cards are an event, Coil and a plain monster. Setup puts the event under the
    deck unresolved and deals Coil and the monster into the two slots. Coil's ability waits, nobody having
    priority in setup (FS-7.8), then resolves at the first priority (FS-Q.30): the hands pass, as the
    starting room's ability does (FS-2.5). Before, a monster dealt at setup never triggered."""
    g = position(3)
    g.active = 0
    for s in range(3):
        give_loot(g, s, card(f"L{s}"))
    deck(g, "monster", [card("Ev", "monster", "event"), by_id("soi-coil"), monster("Plain")])
    setup.deal_monster_slots(g)
    assert [[o.phys.card.name for o in slot] for slot in g.mslots] == [["Coil"], ["Plain"]]
    assert [c.card.name for c in g.monster] == ["Ev"]  # under the deck, unresolved (FS-2.4)
    assert _hands(g) == [["L0"], ["L1"], ["L2"]] and len(g.pending) == 1
    settle(g)
    assert _hands(g) == [["L1"], ["L2"], ["L0"]]
    check_invariants(g)
