"""Slots and zones (FS-3, FS-12, FS-13.7): revealing into monster slots, uncovering, events entering and
leaving play, and where a moved card goes."""

from __future__ import annotations

from typing import Any

from . import challenge, gains, seen
from . import vocabulary as V
from .asking import ask
from .items import AbilityItem, RollItem, event_of
from .state import DECKS, EngineError, Game, Obj, Phys


def event_done(g: Game, ev: Obj) -> None:
    """FS-1.17: once every ability of an event has resolved or been cancelled, it is discarded."""
    for it in g.stack:
        if isinstance(it, AbilityItem) and it.event_obj is ev:
            return
        if type(it) is RollItem and event_of(it) is ev:
            return  # a Roll- ability is its roll and the reading ability (FS-4.18): not done yet
    for t in g.pending:
        if t[2] is ev:
            return
    if ev.in_play:
        remove_from_slot(g, ev)
        g.monster_disc.append(ev.phys)
        g.log.emit("event_resolved", g.active, ev.phys.card.name)


def start_event(g: Game, o: Obj) -> None:
    """FS-1.17: an event's abilities trigger on entering play (a curse's first keyword ability among
    them, FS-4.16(1): it goes on the stack and gives the curse to a player when it resolves)."""
    name = o.phys.card.name
    g.event_counts[name] = g.event_counts.get(name, 0) + 1  # ``resolutions(self)`` (Keeper's Resting Place)
    if not o.rules.events:
        event_done(g, o)
        return
    for ab in o.rules.events:
        g.pending.append((0, ab, o, {"event_obj": o}))


def entered_slot(g: Game, o: Obj) -> None:
    """A card that enters play in a slot — revealed into it, or uncovered as the card above it leaves (FS-3.8,
    FS-13.7: [A] says the card beneath enters play) — is a new object: an event resolves (FS-1.17), a
    monster's or a room's "when this enters play" abilities trigger (FS-4.9; Coil, Lil Hunter, Dice Room!)."""
    if o.kind == "event":
        start_event(g, o)
    elif o.rules.events:
        for ab in o.rules.events:
            g.pending.append((0, ab, o, {}))


def remove_from_slot(g: Game, o: Obj) -> bool:
    """Take a slot's top object out of play and uncover the card beneath (FS-13.7). The final boss and
    a minion cannot leave their slot but by dying (FS-18.2, FS-18.5): False, nothing happens."""
    if g.challenge and challenge.fixed(g, o):
        return False
    o.in_play = False
    for slots in (g.mslots, g.shop, g.rooms.slots) if o.kind == "room" else (g.mslots, g.shop):
        for slot in slots:
            if slot and slot[-1] is o:
                slot.pop()
                if slot and isinstance(slot[-1], Phys):
                    c = slot.pop()
                    kind = (
                        "item"
                        if slots is g.shop
                        else "room"  # a covered room uncovered is a room again (FS-3.8, FS-16)
                        if o.kind == "room" and slots is g.rooms.slots
                        else ("monster" if c.card.hp is not None else "event")
                    )
                    u = g.new_obj(c, kind, -1, slot=o.slot)
                    slot.append(u)
                    if kind == "room":
                        g.rooms.changed = True  # the slot's top card changed (FS-17.7)
                    entered_slot(g, u)
                return True
    return True


def remove_from_slot_only(g: Game, m: Obj) -> None:
    """Take the dying monster off its slot; a covered card beneath enters play (FS-13.7)."""
    for slot in g.mslots:
        if slot and slot[-1] is m:
            slot.pop()
            if slot and isinstance(slot[-1], Phys):
                c = slot.pop()
                u = g.new_obj(c, "monster" if c.card.hp is not None else "event", -1, slot=m.slot)
                slot.append(u)
                entered_slot(g, u)
            return


def monster_left(g: Game) -> bool:
    """Can a refill still reach a card with a stat block (FS-1.12)? Not when the monster deck and its
    discard hold none, nor when the deck holds two or more cards, all events that put themselves back
    into it when revealed (Golden Troll Bomb!, Mother's Shadow!): the deck then never empties, so its
    discard is never shuffled back (FS-3.5) and the refill would reveal those events for ever (FS-Q.35
    extended)."""
    if len(g.monster) > 1 and all(
        c.card.hp is None and returns_when_revealed(c.card.abilities) for c in g.monster
    ):  # (one such card alone empties the deck as it is revealed, and the discard becomes the deck)
        return False
    return any(c.card.hp is not None for z in (g.monster, g.monster_disc) for c in z)


def returns_when_revealed(abilities: Any) -> bool:
    """Does one of these abilities, triggered as its card enters play, move the card itself back into the
    monster deck?"""
    return any(
        isinstance(a, dict)
        and a.get("on") == {"enters_play": "self"}
        and _moves_self_to_monster_deck(a.get("do"))
        for a in abilities
    )


def _moves_self_to_monster_deck(effect: Any) -> bool:
    if isinstance(effect, dict):
        move = effect.get("move")
        if isinstance(move, dict) and move.get("cards") == "self_card" and move.get("to") == "monster_deck":
            return True
        return any(_moves_self_to_monster_deck(v) for v in effect.values())
    if isinstance(effect, (list, tuple)):
        return any(_moves_self_to_monster_deck(v) for v in effect)
    return False


def indomitable(x: Any) -> bool:
    """FS-4.17: a monster card (or a slot's top object) with the Indomitable keyword."""
    card = x.phys.card if isinstance(x, Obj) else x.card
    return x.rules is not None and "indomitable" in x.rules.keywords and card.hp is not None


def coverable_slots(g: Game) -> list[int]:
    """Monster slots a card may be put into: every slot whose top cannot refuse being covered
    (FS-4.17(2): an Indomitable monster cannot be covered)."""
    return [
        i
        for i, slot in enumerate(g.mslots)
        if not (slot and isinstance(slot[-1], Obj) and indomitable(slot[-1])) and not challenge.special(g, i)
    ]  # FS-18.2 / FS-18.5: final-boss and minion slots are never covered


def new_monster_slot(g: Game) -> int:
    """FS-4.17(1) / FS-3.12: expand monster slots by 1 (permanently); the new slot's index."""
    g.mslots.append([])
    g.log.emit("slots_expanded", g.active, None, "monster", len(g.mslots))
    return len(g.mslots) - 1


def reveal_into_slot(g: Game, c: Phys, i: int | None) -> Obj:
    """A monster-deck card (or an ambush, FS-4.14) enters slot ``i`` (covering what is there, FS-3.8).
    An Indomitable monster goes into a new slot instead (FS-4.17(1)), but an empty slot it takes as it is
    (a refill: our reading, it covers nothing and leaves no slot behind); so does a card sent to a slot
    whose top is Indomitable (it cannot be covered, FS-4.17(2)) or with no slot to choose (``None``)."""
    top = g.mslots[i][-1] if i is not None and g.mslots[i] else None
    if i is None or (indomitable(c) and g.mslots[i]) or (isinstance(top, Obj) and indomitable(top)):
        i = new_monster_slot(g)
    slot = g.mslots[i]
    if slot and isinstance(slot[-1], Obj):
        top = slot[-1]
        top.in_play = False  # covered: out of play, loses counters and damage (FS-5.14, FS-3.8)
        slot[-1] = top.phys
    is_monster = c.card.hp is not None
    o = g.new_obj(c, "monster" if is_monster else "event", -1, slot=i)
    slot.append(o)
    g.log.emit("monster_revealed", g.active, c.card.name, None, i, "monster" if is_monster else "event")
    entered_slot(g, o)
    return o


def put_in_monster_slot(
    g: Game, c: Phys, chooser: int, choose_not_attacked: bool = False, besides: int = -1
) -> Obj:
    """``besides``: a slot not offered ("another monster slot": not the one of the card that says so)."""
    opts = [i for i in coverable_slots(g) if i != besides]
    if choose_not_attacked and g.attack is not None and g.attack.target is not None:
        opts = [i for i in opts if not (g.mslots[i] and g.mslots[i][-1] is g.attack.target)] or opts
    return reveal_into_slot(g, c, choose_slot(g, chooser, opts, c))


def choose_slot(g: Game, chooser: int, opts: list[int], c: Phys) -> int | None:
    """The chooser picks one of ``opts``; with none (every top Indomitable, FS-4.17(2)) or for an
    Indomitable card (FS-4.17(1)) there is no choice (``None``): the card takes a new slot, or the first
    empty slot offered (our reading of FS-4.17: an empty slot is taken, not added to)."""
    if indomitable(c):
        return next((i for i in opts if not g.mslots[i]), None)
    if not opts:
        return None
    return ask(g, chooser, "choose_slot", tuple(opts), c.card.name)


def move_to_slot(g: Game, o: Obj, chooser: int, name: str) -> bool:
    """A monster in a slot moves to another monster slot the chooser picks (Twitchy): it leaves its slot,
    uncovering the card beneath (FS-13.7), and covers the top of the other (FS-3.8). It never leaves play,
    so it stays the same object with its damage and counters (our reading). An Indomitable monster takes a
    new slot (FS-4.17); a final boss or minion stays (FS-18.2, FS-18.5); no other slot: nothing happens."""
    if not o.in_play or o.kind != "monster" or o.slot < 0 or (g.challenge and challenge.fixed(g, o)):
        return False
    old = o.slot
    if indomitable(o):
        i = new_monster_slot(g)
    else:
        opts = [j for j in coverable_slots(g) if j != old]
        if not opts:
            return False
        i = ask(g, chooser, "choose_slot", tuple(opts), name)
    remove_from_slot(g, o)
    slot = g.mslots[i]
    if slot and isinstance(slot[-1], Obj):
        top = slot[-1]
        top.in_play = False  # covered: out of play, loses counters and damage (FS-5.14, FS-3.8)
        slot[-1] = top.phys
    o.in_play, o.slot = True, i
    slot.append(o)
    g.obj_ver += 1
    g.log.emit("monster_moved", g.active, o.phys.card.name, None, i, str(old))
    return True


def clear_slot(g: Game, chooser: int, besides: int, name: str) -> bool:
    """Every card in a monster slot the chooser picks, other than ``besides``, goes to its discard (FS-3.6):
    the object on top leaves play (not a death) and the covered cards go with it; the empty slot refills
    at the next state check (FS-12.1). Final-boss and minion slots are never picked (FS-18.2, FS-18.5)."""
    opts = [i for i, s in enumerate(g.mslots) if s and i != besides and not challenge.special(g, i)]
    if not opts:
        return False
    i = ask(g, chooser, "choose_slot", tuple(opts), name)
    slot = g.mslots[i]
    for x in slot:
        c = x.phys if isinstance(x, Obj) else x
        if isinstance(x, Obj):
            x.in_play = False
        g.discard_of(c).append(c)
    slot.clear()
    g.obj_ver += 1
    return True


def went_on(g: Game, c: Phys) -> bool:
    """Has this loot card, put in its discard as its Roll- ability resolved (FS-4.18), left that discard
    for a deck, a hand, play or out of play before its result was read (Hallowed Ground took it, the
    discard was shuffled into the deck)? Then it is a new object (FS-3.2) and the result cannot move it."""
    if c in g.loot or c in g.removed or any(c in q.hand for q in g.players):
        return True
    return any(o.phys is c for q in g.players for o in (*q.items, *q.souls, *q.curses))


def leave_play(g: Game, o: Obj) -> bool:
    """An object leaves play; False when it cannot (a final boss or minion, FS-18.2 / FS-18.5). Cards put
    under it (Isaac's Last Will) go to their discards."""
    if g.under and o.uid in g.under:
        for c in g.under.pop(o.uid):
            g.discard_of(c).append(c)
    if o.controller >= 0:
        q = g.players[o.controller]
        for lst in (q.items, q.souls, q.curses):
            if o in lst:
                lst.remove(o)
                break
        o.in_play = False
        return True
    return remove_from_slot(g, o)


def new_item(g: Game, phys: Phys, seat: int, starting: bool = False) -> Obj:
    """A new item object of ``phys`` under ``seat`` (FS-3.2), not yet in a list: with the card's ``as_item``
    abilities when the card has them (a monster-deck or loot card that became an item: ``become_item`` is
    the only way such a card is an item), else its own."""
    o = g.new_obj(phys, "item", seat, eternal=starting, starting=starting)
    side = phys.rules.as_item if phys.rules is not None else None
    if side is not None:
        o.rules = side
        o.eternal = "eternal" in side.keywords  # FS-4.12
        g.cache.trig_names.update(side.triggers)
        if side.forbid:
            g.cache.forbid_on = True
    return o


def returns_as_new(g: Game, o: Obj) -> Obj:
    """FS-13.5: a killed item that cannot go to the discard (Eternal, FS-4.12) goes back where it was, under
    its controller, in its place among their items — as a new object (FS-3.2: it left for the temporary zone
    in step 1): its damage, counters, flip and effects laid on it are gone, cards under it go to their
    discards (``leave_play``), and it enters upright. An eternity that was only laid on the old object (an
    eternal counter, Algiz's till end of turn) does not come back with it, nor do abilities it gained (FS-5.10,
    ``gains``) or a copy it wore: a card that became an item comes back with its item side (``new_item``),
    whatever lay over that side (gained abilities are not the card's, so they must not hide the side)."""
    q = g.players[o.controller]
    at = q.items.index(o)
    leave_play(g, o)
    new = new_item(g, o.phys, q.seat, o.starting)
    q.items.insert(at, new)
    return new


def copy_monster_top(g: Game, o: Obj) -> bool:
    """FS-5.10 / FS-3.4: ``o`` (a monster in its slot) becomes a copy of the monster deck's top card, which is
    revealed and stays on top: its name, stats and reward (shown as a flipped card shows its back, FS-6.10)
    and its abilities; damage and counters stay. A top card with no stat block (an event, a curse) or no
    card at all: ``o`` stays as it is (our reading). The copy lasts while ``o`` stays in play."""
    if not (o.in_play and o.slot >= 0) or not g.reshuffle(g.monster, g.monster_disc):
        return False
    top = g.monster[-1]
    seen.shown_top(g, "monster", g.monster, range(g.n))  # revealed, it stays on top (FS-3.4)
    g.log.emit("monster_revealed", g.active, top.card.name, o.phys.card.name, o.slot, "copy")
    if top.card.hp is None:
        return False
    o.face = top.card
    gains.wear(g, o, top.rules, False)
    if top.rules is not None:
        gains.start_counters(o, top.rules)
    return True


def to_hand_when_leaving(g: Game) -> None:
    """``leaves_to_hand`` (Monster Card of Anniversary, FS-5.4): an object marked so that has left play —
    died, moved, covered — puts its card into the active player's hand instead of where it went. Carried
    out here, between stack events, once the card has come to rest (not while it is between the death steps
    or on the stack); it went back into play as a new object (FS-3.2): nothing to do."""
    keep: list = []
    for o in g.to_hand:
        c = o.phys
        if o.in_play or any(m.phys is c for m in g.temp):
            keep.append(o)
            continue
        if not _take_out(g, c):
            continue
        p = g.players[g.active]
        p.hand.append(c)
        p.known.add(c.pid)
        g.log.emit("loot_drawn", p.seat, c.card.name, None, 1, "instead")
    g.to_hand[:] = keep


def _take_out(g: Game, c: Phys) -> bool:
    """Take card ``c`` out of a zone outside play (a deck, a discard, out of the game, a hand, under an
    item, covered in a slot); False when it lies in none of them."""
    for z in (g.loot_disc, g.monster_disc, g.treasure_disc, g.loot, g.monster, g.treasure, g.removed):
        if c in z:
            if z is g.loot or z is g.monster or z is g.treasure:
                seen.disturb(g, c.card.deck, z)  # taken from inside a deck: the cards above it move down
            z.remove(c)
            return True
    for p in g.players:
        if c in p.hand:
            p.hand.remove(c)
            return True
    for cards in (*g.under.values(), *g.mslots):
        if c in cards:
            cards.remove(c)
            return True
    return False


def place(g: Game, c: Phys, to: Any, pos: Any, ctx: Any, hand_of: int = -1) -> Obj | None:
    """Put a card that left its zone into ``to``; the new object when it enters play in a slot, else None."""
    deck_kind = c.card.deck
    if deck_kind == "challenge" and challenge.left_play(g, c):
        return None  # FS-18.5: a minion card moved anywhere (a dead one's own ability) goes back, set aside
    if isinstance(to, dict) and "monster_slot" in to:
        to = "monster_slot"
    to = str(to)
    if to in ("its_discard", "discard") or to.endswith("_discard"):
        g.discard_of(c).append(c)
    elif (
        to in ("its_deck_top", "deck_top")
        or to.endswith(("_deck_top", "_deck", "_deck_bottom"))
        or to == "bottom"
    ):
        if deck_kind not in DECKS:
            # a card of no deck (The Harbingers, fetched from outside the game; a character, a starting
            # item) has no deck to join: out of play, as its discard would be (FS-3.10, state.discard_of;
            # soak 1931 and a 5,000-game run stopped on "unknown deck 'outside'")
            g.removed.append(c)
            return None
        deck, disc = g.deck_pair(deck_kind)
        bottom = to.endswith("_deck_bottom") or to == "bottom"
        if bottom or (isinstance(pos, int) and pos > 1):
            # FS-3.5: a deck that ran out was its shuffled discard at once; the engine shuffles when the deck
            # is next used, so a card put under or "n from the top" of an empty deck goes into that new deck
            # (else Mother's Shadow!, revealed as the last card and put back "6 from the top", would be the
            # whole deck for ever). On top it is the next card either way: the shuffle waits for the draw.
            g.reshuffle(deck, disc)
        if bottom:
            deck.insert(0, c)
            seen.put_under(g, deck_kind, deck, 1)  # where it came from is not followed: a count only
        elif isinstance(pos, int):
            seen.disturb(g, deck_kind, deck, (c,))
            deck.insert(max(0, len(deck) - pos + 1), c)
        else:
            seen.disturb(g, deck_kind, deck, (c,), bottom=False)  # on top: the bottom stays where it was
            deck.append(c)
    elif to == "removed":  # removed from the game (FS-3.10: out of play for good)
        g.removed.append(c)
    elif (
        to == "hand"
    ):  # "into your hand": the effect controller's (or ``hand_of``'s) hand (a loot card, FS-3.7)
        p = g.players[hand_of if hand_of >= 0 else ctx.you]
        p.hand.append(c)
        p.known.add(c.pid)
        g.log.emit("loot_drawn", p.seat, ctx.name, None, 1, "move")
    elif to == "minion_slot":  # FS-18.5: a new minion slot; an event resolves and is discarded there
        return reveal_into_slot(g, c, challenge.new_minion_slot(g))
    elif to == "other_monster_slot":  # a slot other than the one of the card that says so
        own = ctx.src.slot if isinstance(ctx.src, Obj) else -1
        return put_in_monster_slot(g, c, ctx.you, choose_not_attacked=True, besides=own)
    elif to.startswith("monster_slot"):  # `move … who`: that player picks the slot (Alt Art Gurdy)
        return put_in_monster_slot(g, c, hand_of if hand_of >= 0 else ctx.you, choose_not_attacked=True)
    else:
        g.discard_of(c).append(c)
        raise EngineError(f"move to '{to}' not implemented")
    return None


V.TRIGGERS.implement({"enters_play": start_event})  # FS-1.17: an event's abilities on entering play
