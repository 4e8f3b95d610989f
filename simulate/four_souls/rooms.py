"""Rooms (FS-16, Requiem): the room deck and its slot(s) (the room step of the end phase and the
stale-room rule of solo/co-op, FS-17.7, are in turn.py). Rooms are used only with ``--variant rooms``; a game without
it never reaches this module, so its event log is unchanged.

Their state is :class:`Rooms` (``Game.rooms``, None in a game without them). A room is an object of kind ``room`` on top of a room slot, controlled by the game (-1). Its
abilities work like any card's (FS-16.2): triggers fire as the game's (FS-4.10), and "you" on a room is
the active player — its statics count for the active player (``statics.owned_statics``), its ↷/$
abilities are the active player's only (``plays._act_entries``, FS-4.6), and its turn triggers fire on
every player's turn."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardlab.simulate.core import UserError
from cardlab.simulate.core.shuffling import shuffle
from cardlab.simulate.core.wording import counted

from .state import Game, Obj, Phys
from .zones import remove_from_slot


@dataclass(slots=True)
class Rooms:
    """The rooms' own state (``Game.rooms``; None without ``--variant rooms``)."""

    deck: list[Phys] = field(default_factory=list)  # the room deck (FS-16.1), top last
    disc: list[Phys] = field(default_factory=list)  # its discard (FS-3.6)
    slots: list[list] = field(default_factory=list)  # each room slot: covered cards, its top object last
    changed: bool = False  # FS-17.7: a room slot's top changed during this round


def check_pool(s: Any) -> None:
    """``--variant rooms`` needs a room deck (FS-16.1): one line otherwise."""
    if not s.rooms:
        left = [n for n, why in s.left_out.items() if "room" in why]
        extra = (
            f" ({counted(len(left), 'room card')} left out: {', '.join(sorted(left)[:3])})" if left else ""
        )
        raise UserError(
            "four-souls: --variant rooms (FS-16) needs room cards (deck: room) in the card pool, e.g. "
            f"--cards tests/four_souls/cards_testonly/rooms.yaml{extra}"
        )


def build_deck(g: Game, s: Any, phys: Any, rng: Any) -> None:
    """FS-2.1 / FS-16.1: the room deck, shuffled with its own setup stream of the game seed."""
    g.rooms.deck.extend(phys(card) for card, copies in s.rooms for _ in range(copies))
    shuffle(rng, g.rooms.deck)


def setup(g: Game) -> None:
    """FS-2.5 / FS-3.12: one room slot; the top room card is revealed into it (it enters play)."""
    g.rooms.slots.append([])
    fill(g, 0)
    g.rooms.changed = False  # FS-17.7 counts changes during a round, not the setup reveal


def fill(g: Game, i: int) -> bool:
    """FS-16.5: an empty room slot is filled from the room deck (its discard reshuffled, FS-3.5)."""
    r = g.rooms
    c = g.draw(r.deck, r.disc)
    if c is None:
        return False  # FS-Q.35: nothing to draw
    put(g, c, i)
    return True


def put(g: Game, c: Phys, i: int) -> Obj:
    """A room card enters room slot ``i``, on top of the room there (covering it, FS-3.8)."""
    r = g.rooms
    slot = r.slots[i]
    while slot and isinstance(slot[-1], Obj):  # FS-3.8: the room beneath is covered, out of play (Red Key)
        top = slot[-1]
        if top.phys.card.deck == "room":
            top.in_play = False
            slot[-1] = top.phys
        else:  # an item turned into a room is one only in play: covered, it goes to its own discard (FS-3.6)
            discard(g, top, "covered")  # the card beneath it, uncovered, is covered in the next round
    o = g.new_obj(c, "room", -1, slot=i)
    slot.append(o)
    r.changed = True
    g.log.emit("room_revealed", g.active, c.card.name, None, i)
    for ab in o.rules.events:  # FS-16.1/FS-4.9: "when this enters play" triggers on its reveal
        g.pending.append((0, ab, o, {}))
    return o


def add_slot_with(g: Game, c: Phys) -> Obj:
    """The room slots expand by one (FS-3.12) and ``c`` enters play in the new slot as a room (an item turned
    into a room: Cracked Key)."""
    r = g.rooms
    r.slots.append([])
    o = g.new_obj(c, "room", -1, slot=len(r.slots) - 1)
    r.slots[-1].append(o)
    r.changed = True
    g.log.emit("room_revealed", g.active, c.card.name, None, o.slot, "became_room")
    return o


def room_objs(g: Game) -> list[Obj]:
    """The rooms in play: the top object of each room slot (FS-3.3)."""
    return g.room_objs()


def discard(g: Game, o: Obj, why: str) -> None:
    """A room leaves play to the room discard (FS-3.6); its slot refills at the next check (FS-16.5)."""

    remove_from_slot(g, o)
    # FS-3.6: a card goes to its own deck's discard (an item turned into a room: the treasure discard)
    (g.rooms.disc if o.phys.card.deck == "room" else g.discard_of(o.phys)).append(o.phys)
    g.log.emit("room_discarded", g.active, o.phys.card.name, None, o.slot, why)


def zone_cards(g: Game) -> list[Phys]:
    """Every room card (invariants: each card in exactly one zone)."""
    r = g.rooms
    out = list(r.deck) + list(r.disc)
    for slot in r.slots:
        out.extend(x.phys if isinstance(x, Obj) else x for x in slot)
    return out
