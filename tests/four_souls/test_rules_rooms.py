"""Rooms (FS-16, FS-2.5, FS-8.10(3), FS-17.7) with the made-up room cards of
``tests/four_souls/cards_testonly/rooms.yaml``: exact outcomes, rule IDs in the names."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardlab.simulate.core import Players, UserError
from cardlab.simulate.four_souls import (
    cards,
    checks,
    coop,
    decks,
    interpreter,
    plays,
    resolution,
    rooms,
    setup,
    statics,
    triggers,
    turn,
)
from cardlab.simulate.four_souls.config import make_config
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    card,
    check_invariants,
    kinds,
    monster,
    phys,
    position,
    rooms_of,
    scripted,
)

ROOMS_FILE = Path(__file__).parent / "cards_testonly" / "rooms.yaml"
ROOM = {c.name: c for c in cards.load_pool([ROOMS_FILE]).cards}


def _room(g, name: str):
    """Put a room into a (new) room slot, as FS-2.5 does."""
    o = g.new_obj(phys(g, ROOM[name]), "room", -1, slot=len(rooms_of(g).slots))
    g.rooms.slots.append([o])
    return o


def _room_deck(g, names: list[str]) -> list:
    """Room deck, the first listed on top."""
    out = [phys(g, ROOM[n]) for n in names]
    rooms_of(g).deck.extend(reversed(out))
    return out


def test_FS_2_5_FS_16_1_setup_reveals_the_starting_room_from_the_shuffled_room_deck():
    cfg = make_config(3, 50, variant=("rooms",), cards=(str(ROOMS_FILE),))
    s = decks.supply(cfg)
    g = setup.new_game(cfg, 4, Players([scripted(i) for i in range(3)]), supply=s)
    assert len(g.rooms.slots) == 1 and len(g.rooms.slots[0]) == 1
    top = g.rooms.slots[0][-1]
    assert top.kind == "room" and top.in_play and top.controller == -1
    assert len(g.rooms.deck) == 5 and top.phys not in g.rooms.deck and not g.rooms.disc
    assert [r[4] for r in kinds(g, "room_revealed")] == [top.name]
    check_invariants(g)


def test_FS_16_2_a_room_static_counts_for_the_active_player_only():
    g = position(2)
    _room(g, "Test Library")  # +1 loot play
    assert statics.count(g, g.players[0], "loot_plays") == 1
    assert statics.count(g, g.players[1], "loot_plays") == 0
    g.active = 1
    assert statics.count(g, g.players[0], "loot_plays") == 0
    assert statics.count(g, g.players[1], "loot_plays") == 1


def test_FS_4_6_FS_16_2_only_the_active_player_may_activate_a_room():
    g = position(2)
    vault = _room(g, "Test Vault")  # ↷: gain 1¢
    assert ("tap", vault, 0) in plays.legal_actions(g, 0)
    assert not [o for o in plays.legal_actions(g, 1) if o[0] == "tap" and o[1] is vault]
    assert plays.take_action(g, 0, ("tap", vault, 0))
    resolution.priority(g, 0, until_empty=True)
    assert g.players[0].cents == 1 and not vault.charged
    assert ("tap", vault, 0) not in plays.legal_actions(g, 0)  # deactivated (FS-4.7)
    assert [(r[2], r[4], r[7]) for r in kinds(g, "room_activated")] == [(0, "Test Vault", "tap")]  # by name
    check_invariants(g)


def test_FS_16_2_a_room_turn_trigger_is_the_active_players_on_every_turn():
    g = position(2)
    _room(g, "Test Trap Room")  # each turn start deals the active player 1 damage
    triggers.fire(g, "turn_start", seat=0)
    resolution.priority(g, 0)
    g.active = 1
    triggers.fire(g, "turn_start", seat=1)
    resolution.priority(g, 1)
    assert (g.players[0].damage, g.players[1].damage) == (1, 1)


@pytest.mark.parametrize("discard", [True, False])
def test_FS_16_3_after_a_monster_died_the_active_player_may_discard_the_room(discard):
    g = position(2, plans={0: lambda d: discard if d.kind == "discard_room" else None})
    lib = _room(g, "Test Library")
    (vault,) = _room_deck(g, ["Test Vault"])
    g.monster_deaths = 1
    turn.room_step(g)
    asked = [d for d in g.io.strategies[0].asked if d.kind == "discard_room"]
    assert [(d.options, d.context) for d in asked] == [((True, False), "Test Library")]
    if discard:
        assert g.rooms.disc == [lib.phys] and not lib.in_play
        assert (
            g.rooms.slots[0][-1].phys is vault and g.rooms.slots[0][-1].in_play
        )  # refilled at once (FS-16.5)
    else:
        assert g.rooms.slots[0] == [lib] and lib.in_play and g.rooms.deck == [vault]
    check_invariants(g)


def test_FS_16_3_no_monster_died_no_room_choice():
    g = position(2, plans={0: lambda d: True if d.kind == "discard_room" else None})
    lib = _room(g, "Test Library")
    _room_deck(g, ["Test Vault"])
    turn.room_step(g)
    assert not [d for d in g.io.strategies[0].asked if d.kind == "discard_room"]
    assert g.rooms.slots[0] == [lib]


def _attack_then_end(d):
    if d.kind == "action":
        for o in d.options:
            if o == ("attack", None):
                return o
        return ("end",) if ("end",) in d.options else None
    if d.kind == "discard_room":
        return True
    return None


def test_FS_16_4_a_room_revealed_in_the_room_step_misses_this_turns_end_triggers():
    g = position(2, plans={0: _attack_then_end}, rolls=[6])
    g.io.strategies[0].plan = lambda d: (
        next((o for o in d.options if not isinstance(o, str)), None)
        if d.kind == "attack_target"
        else _attack_then_end(d)
    )
    add_slot_monster(g, monster("Weak", hp=1))
    _room(g, "Test Library")
    collapse, vault = _room_deck(g, ["Test Collapsing Room", "Test Vault"])
    turn.play_turn(g)  # P0 kills Weak, discards the Library: the Collapsing Room comes in now
    assert [r[4] for r in kinds(g, "monster_died")] == ["Weak"]
    assert g.rooms.slots[0][-1].phys is collapse and g.rooms.slots[0][-1].in_play
    g.active, g.turn = 1, 2
    turn.play_turn(g)  # its "at end of turn, discard this" fires at the end of the next turn
    assert collapse in g.rooms.disc and g.rooms.slots[0][-1].phys is vault
    check_invariants(g)


def test_FS_16_5_an_empty_room_slot_refills_at_the_next_check():
    g = position(2)
    lib = _room(g, "Test Library")
    (vault,) = _room_deck(g, ["Test Vault"])
    rooms.discard(g, lib, "test")
    assert g.rooms.slots[0] == []
    checks.state_checks(g)
    assert g.rooms.slots[0][-1].phys is vault and lib.phys in g.rooms.disc


def test_FS_3_5_an_empty_room_deck_reshuffles_its_discard():
    g = position(2)
    lib = _room(g, "Test Library")
    rooms.discard(g, lib, "test")
    checks.state_checks(g)
    assert g.rooms.slots[0][-1].phys is lib.phys and g.rooms.slots[0][-1] is not lib and not g.rooms.disc


def test_FS_17_7_a_room_unchanged_for_a_round_is_discarded_in_co_op():
    g = position(2)
    g.coop = coop.Coop()
    lib = _room(g, "Test Library")
    (vault,) = _room_deck(g, ["Test Vault"])
    g.coop.round_seen = {1}  # P1 had its turn; P0's turn ends the round
    turn.room_step(g)
    assert lib.phys in g.rooms.disc and g.rooms.slots[0][-1].phys is vault
    assert [r[7] for r in kinds(g, "room_discarded")] == ["stale"]
    g.coop.round_seen = set()
    turn.room_step(g)  # mid-round: nothing
    assert g.rooms.slots[0][-1].phys is vault


def test_FS_16_variant_needs_room_cards_and_contradicts_no_rooms():
    with pytest.raises(UserError, match="needs room cards"):
        make_config(2, variant=("rooms",))
    with pytest.raises(UserError, match="contradict"):
        make_config(2, variant=("rooms", "no-rooms"), cards=(str(ROOMS_FILE),))


def test_FS_16_6_a_room_with_a_stat_block_and_no_attackable_static_is_left_out_naming_the_rule():
    pool = cards.load_pool()
    odd = card("Boss Room", deck="room", kind="room", hp=3, evasion=3, attack=1)
    fake = type(pool)(pool.cards + (odd,), pool.by_id, pool.by_name, pool.files, pool.hash)
    s = decks.build_supply(fake, 2)
    assert "`attackable` static (FS-10.6)" in s.left_out["Boss Room"]
    assert "Boss Room" not in [c.name for c, _n in s.rooms]


def test_FS_16_5_FS_3_12_room_slots_expand_and_the_new_slot_fills():

    g = position(2)
    lib = _room(g, "Test Library")
    (vault,) = _room_deck(g, ["Test Vault"])
    assert interpreter.run(statics.Ctx(g, 0, None, name="test"), {"expand_slots": {"kind": "room", "n": 1}})
    checks.state_checks(g)
    assert [s[-1].phys for s in g.rooms.slots] == [lib.phys, vault]
    assert statics.count(g, g.players[0], "loot_plays") == 1  # both rooms are in play (FS-3.3)
    h = position(2)  # without rooms there is no room slot to expand
    assert not interpreter.run(
        statics.Ctx(h, 0, None, name="test"), {"expand_slots": {"kind": "room", "n": 1}}
    )
    assert h.rooms is None


def test_FS_3_2_FS_16_2_a_room_that_discards_itself_twice_is_in_one_zone():
    """Two "put this into discard" abilities of one room (a paid ability activated twice, or its end
    of turn trigger after a discard): the first discards it, the second finds the card already in the
    room discard and leaves it there — once (it was appended a second time: a card in two zones)."""
    g = position(2)
    room = _room(g, "Test Collapsing Room")
    (vault,) = _room_deck(g, ["Test Vault"])
    eff = {"move": {"cards": "self_card", "to": "its_discard"}}
    for _ in range(2):
        interpreter.run(statics.Ctx(g, 0, room, name=room.name), eff)
    checks.state_checks(g)
    assert g.rooms.disc == [room.phys] and g.rooms.slots[0][-1].phys is vault
    check_invariants(g)
    # the same for an item whose card went to the treasure discard before the second move
    bag = g.new_obj(phys(g, card("Test Box", deck="treasure", kind="passive")), "item", 0)
    g.players[0].items.append(bag)
    for _ in range(2):
        interpreter.run(
            statics.Ctx(g, 0, bag, name="Test Box"), {"move": {"cards": "self", "to": "its_discard"}}
        )
    assert g.treasure_disc == [bag.phys] and bag not in g.players[0].items
    check_invariants(g)


def test_FS_16_2_FS_3_2_slot_machine_activated_twice_pays_twice_and_is_discarded_once():
    """Requiem's Slot Machine ($ pay 3¢: roll, 6 pays 15¢ and the room goes to the discard), activated
    twice before either resolves: both 6s pay, the second finds the room already discarded."""
    from cardlab.simulate.four_souls.fixtures import real, take_cents

    g = position(2, rolls=[6, 6])
    room = g.new_obj(phys(g, real("Slot Machine")), "room", -1, slot=0)
    rooms_of(g).slots.append([room])
    (vault,) = _room_deck(g, ["Test Vault"])
    take_cents(g, 0, 6)
    g.active = 0
    act = next(o for o in plays.legal_actions(g, 0) if o[1] is room)
    assert plays.take_action(g, 0, act) and plays.take_action(g, 0, act)
    assert g.players[0].cents == 0
    resolution.priority(g, 0, until_empty=True)
    assert g.players[0].cents == 30
    assert g.rooms.disc == [room.phys] and g.rooms.slots[0][-1].phys is vault
    check_invariants(g)
