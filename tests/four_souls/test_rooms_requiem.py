"""Requiem's rooms (FS-16) as encoded in ``decklists/four_souls/sets/requiem/room.yaml``: the engine
pieces they needed (a room's "enters play" abilities, the dead player of a death trigger) and a few
cards end to end, with exact outcomes and rule IDs in the names."""

from __future__ import annotations

from cardlab.simulate.four_souls import checks, resolution, rooms, turn
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    card,
    check_invariants,
    give_item,
    give_loot,
    loot_fillers,
    monster,
    phys,
    position,
    real,
    rooms_of,
)
from cardlab.simulate.four_souls.resolution import player_dies


def _room(g, name: str):
    """A real room into a new room slot (FS-2.5)."""
    o = g.new_obj(phys(g, real(name)), "room", -1, slot=len(rooms_of(g).slots))
    g.rooms.slots.append([o])
    return o


def _room_deck(g, names: list[str]) -> list:
    out = [phys(g, real(n)) for n in names]
    rooms_of(g).deck.extend(reversed(out))
    return out


def _hand(g, seat: int, n: int) -> None:
    for i in range(n):
        give_loot(g, seat, card(f"Loot{seat}-{i}"))


def test_FS_16_1_FS_4_9_a_revealed_room_triggers_its_enters_play_ability():
    """Dice Room!! enters play from the room deck: every player discards their whole hand, then loots 3."""
    g = position(2)
    rooms_of(g).slots.append([])
    _room_deck(g, ["Dice Room!!"])
    _hand(g, 0, 2)
    _hand(g, 1, 5)
    loot_fillers(g, 10)
    assert rooms.fill(g, 0)
    checks.state_checks(g)  # the trigger goes on the stack at the next priority (FS-4.9)
    resolution.priority(g, 0, until_empty=True)
    assert [len(p.hand) for p in g.players] == [3, 3]
    assert len(g.loot_disc) == 7
    check_invariants(g)


def test_FS_16_4_a_dice_room_revealed_in_the_room_step_acts_now_and_leaves_at_the_next_turns_end():
    """Dice Room!!!!! (every monster to the discard) revealed in the room step: its "enters play" ability
    resolves in this end phase (FS-4.9); its "at the end of the turn, discard this" fires at the end of the
    next turn, not this one (FS-16.4)."""
    g = position(2, plans={0: lambda d: True if d.kind == "discard_room" else None})
    old = _room(g, "Blessing of Greed")
    dice5, greed = _room_deck(g, ["Dice Room!!!!!", "Blessing of Gluttony"])
    a = add_slot_monster(g, monster("A", hp=2))
    b = add_slot_monster(g, monster("B", hp=3))
    g.monster.extend(phys(g, monster(f"Next{i}", hp=1)) for i in range(4))
    g.monster_deaths = 1
    turn.room_step(g)
    assert old.phys in g.rooms.disc and g.rooms.slots[0][-1].phys is dice5
    assert not a.in_play and not b.in_play
    assert a.phys in g.monster_disc and b.phys in g.monster_disc
    checks.state_checks(g)
    assert [s[-1].phys.card.name for s in g.mslots] == ["Next3", "Next2"]  # refilled (FS-12.1)
    g.active, g.turn = 1, 2
    turn.play_turn(g)
    assert dice5 in g.rooms.disc
    assert g.rooms.slots[0][-1].phys is greed
    check_invariants(g)


def test_FS_13_8_blood_money_pays_4_cents_to_the_others_on_a_death():
    """ "Each other player": the dead player is the death trigger's event (event.victim)."""
    g = position(3)
    _room(g, "Blood Money")
    g.active = 0
    player_dies(g, g.players[1], -1)
    assert [p.cents for p in g.players] == [4, 0, 4]


def test_FS_13_9_shadow_of_war_the_dead_player_destroys_an_item_before_the_penalty():
    """Shadow of War: the dying player chooses one of their non-eternal items to destroy; it resolves
    as a death trigger, before the death penalty (FS-13.8), so the penalty then takes another item."""
    g = position(2)  # the scripted players take the first option: Box0, then Box1 for the penalty
    _room(g, "Shadow of War")
    g.active = 0
    items = [give_item(g, 1, card(f"Box{i}", deck="treasure", kind="passive")) for i in range(3)]
    player_dies(g, g.players[1], -1)
    assert g.players[1].items == [items[2]]
    assert g.treasure_disc == [items[0].phys, items[1].phys]
    check_invariants(g)


def test_FS_16_2_floor_spikes_a_roll_of_1_damages_its_roller_whoever_is_active():
    g = position(2, rolls=[1])
    _room(g, "Floor Spikes")
    g.active = 0
    from cardlab.simulate.four_souls import dice

    dice.push_roll(g, 1, "test")
    resolution.priority(g, 0, until_empty=True)
    assert (g.players[0].damage, g.players[1].damage) == (0, 1)


def test_FS_16_2_blood_donation_pays_hp_for_cents_for_the_active_player_only():
    from cardlab.simulate.four_souls import plays

    g = position(2)
    room = _room(g, "Blood Donation")
    g.active = 0
    act = next(o for o in plays.legal_actions(g, 0) if o[1] is room)
    assert not [o for o in plays.legal_actions(g, 1) if len(o) > 1 and o[1] is room]
    assert plays.take_action(g, 0, act)
    resolution.priority(g, 0, until_empty=True)
    assert g.players[0].cents == 3 and g.players[0].damage == 1
