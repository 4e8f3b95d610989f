"""Rooms that ask the table to note goals (FS-16.2, FS-16.3): Social Goals! of Requiem — the goals are counted
at once from the game's events (static ``goal``, no stack), the room stays in play till four are met
(``stays_in_play``), and the fourth met pays every player."""

from __future__ import annotations

from cardlab.simulate.four_souls import resolution, resources, rooms, statics, triggers, turn
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    card,
    check_invariants,
    monster,
    phys,
    position,
    real,
    rooms_of,
    take_cents,
)


def _goals_room(g):
    o = g.new_obj(phys(g, real("Social Goals!")), "room", -1, slot=len(rooms_of(g).slots))
    g.rooms.slots.append([o])
    return o


def _treasures(g, n: int) -> None:
    g.treasure.extend(phys(g, card(f"T{i}", deck="treasure", kind="passive")) for i in range(n))


def test_FS_16_2_FS_6_12_social_goals_a_gift_counts_only_when_6_cents_or_more_go_at_once():
    """Two gifts of 5¢ meet nothing; one of 6¢ meets the gift goal, whoever gives to whom."""
    g = position(3)
    room = _goals_room(g)
    take_cents(g, 1, 20)
    p0, p1, p2 = g.players
    resources.give_cents(g, p1, p2, 5, "test")
    resources.give_cents(g, p1, p0, 5, "test")
    assert statics.goals_met(room) == 0
    resources.give_cents(g, p1, p0, 6, "test")
    assert statics.goals_met(room) == 1 and [p.cents for p in g.players] == [11, 4, 5]


def test_FS_16_3_FS_16_2_social_goals_stays_till_four_goals_then_every_player_gains_2_treasures():
    """Three purchases, three monsters killed and a 6¢ gift (any players') meet three goals: the room step
    passes the room by though the active player would discard it. Five loot plays meet the fourth: its
    ability gives each player 2 treasures, and the room may go at the next room step."""
    g = position(2, plans={0: lambda d: True if d.kind == "discard_room" else None})
    room = _goals_room(g)
    rooms_of(g).deck.append(phys(g, card("Next room", deck="room", kind="room")))
    _treasures(g, 6)
    g.active = 0
    for seat in (0, 1, 1, 0):  # a fourth purchase counts no more
        triggers.fire(g, "purchased", seat=seat, item=None, shop=True, amount=3)
    for _ in range(3):
        m = add_slot_monster(g, monster("M", hp=1))
        triggers.fire(g, "killed", victim=m, killer=1, killing_attack_roll=None)
    take_cents(g, 0, 6)
    resources.give_cents(g, g.players[0], g.players[1], 6, "test")
    assert statics.goals_met(room) == 3 and room.noted is not None
    g.monster_deaths = 1
    turn.room_step(g)
    assert g.rooms.slots[0][-1] is room and room.in_play  # FS-16.3: it cannot be discarded yet
    for seat in (0, 1, 0, 1):
        triggers.fire(g, "play_loot", seat=seat, loot=None)
    assert statics.goals_met(room) == 3 and not g.pending
    triggers.fire(g, "play_loot", seat=1, loot=None)
    assert statics.goals_met(room) == 4 and len(g.pending) == 1  # the fourth goal's ability triggers
    triggers.flush(g)
    resolution.priority(g, 0, until_empty=True)
    assert [len(p.items) for p in g.players] == [2, 2]
    turn.room_step(g)
    assert room.phys in g.rooms.disc and not room.in_play
    check_invariants(g)


def test_FS_16_2_social_goals_three_rolls_of_6_by_anyone_meet_a_goal_and_a_new_room_starts_anew():
    """Rolls of 6 are counted whoever rolls them; the tally belongs to the room in play: discarded and
    revealed again it is a new object with no goals met (FS-3.2)."""
    g = position(2)
    room = _goals_room(g)

    class Roll:
        attack, seat, heard = False, 0, None

    for v in (6, 5, 6, 6):
        triggers.fire(g, "rolled", roll=Roll(), value=v, again=False, again_attack=False)
    assert statics.goals_met(room) == 1
    rooms.discard(g, room, "test")
    g.rooms.disc.remove(room.phys)
    again = rooms.put(g, room.phys, room.slot)
    assert again is not room and statics.goals_met(again) == 0 and again.noted is None
    check_invariants(g)
