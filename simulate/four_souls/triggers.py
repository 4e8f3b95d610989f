"""Triggered abilities (FS-4.9, FS-4.10): matching events against ``on:`` abilities of objects in play,
queueing them, and putting them on the stack at the next priority in FS-4.10 order."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from . import asking, items, zones
from . import vocabulary as V
from .abilities import Ability, CardRules
from .state import Game, Obj, Player
from .statics import Ctx, cond, goals_met, player_of, works_as_soul
from .targets import prepare


def _objects(g: Game, with_temp: bool) -> Iterator[Obj]:
    for p in g.players:
        if p.character is not None:
            yield p.character
        yield from p.items
        yield from p.curses
        if p.souls:
            yield from (s for s in p.souls if works_as_soul(s))  # Alt Art Lost Soul (FS-14.5)
    for slot in g.mslots:
        if slot:
            top = slot[-1]
            if isinstance(top, Obj) and top.kind == "monster":
                yield top
    for slot in g.rooms.slots if g.rooms is not None else ():
        if slot and isinstance(slot[-1], Obj):  # a covered card (FS-3.8) is out of play
            yield slot[-1]  # FS-16.2: a room's triggered abilities work like any card's
    if g.challenge is not None:
        yield from g.challenge.cards  # FS-18.1: the challenge card's rules
    yield from g.bonus_objs.values()  # FS-14.7: an active bonus soul's abilities work out of play
    if with_temp:
        yield from g.temp


def fire(g: Game, name: str, **ev) -> None:
    """An event happened: queue every matching triggered ability (it goes on the stack later)."""
    if g.next_events:
        _fire_next(g, name, ev)
    if name == "dies" and g.monster_disc and g.discard_listeners:
        _from_discard(g, name, ev)
    if name not in g.cache.trig_names:
        return
    key = g.obj_ver
    if g.cache.trig_key != key:  # objects entered play or changed abilities: rebuild name → objects
        cache: dict = {}
        for o in _objects(g, False):
            r: CardRules = o.rules
            names = r.triggers
            if r.goals:  # FS-16.2: the goals a room notes hear events too (Social Goals!)
                names = {**r.goals, **names}
            for t in names:
                cache.setdefault(t, []).append(o)
        g.cache.trig_cache = cache
        g.cache.trig_key = key
    holders: list[Obj] | None = g.cache.trig_cache.get(name)
    temp = g.temp and name in ("dies", "after_rewards")
    # a trigger on this soul being gained (Mom's Heart!): the soul just gained hears it, though souls hold no
    # other working abilities (FS-14.8)
    own = ev.get("soul") if name == "gained_soul" else None
    if own is not None and (own.rules is None or not own.rules.triggers.get(name)):
        own = None
    if not holders and not temp and own is None:
        return  # nothing in play listens for this event (most events)
    objs: list[Obj] = [o for o in holders if o.in_play] if holders else []
    if own is not None:
        objs.append(own)
    if temp:
        objs += g.temp  # a dying monster's own death triggers (FS-13.4 temporary zone)
    matches = MATCHERS.get(name)
    if matches is None:
        return  # held, but not an event this module matches (the engine fires only matched names)
    for o in objs:
        rules: CardRules = o.rules
        for ab in rules.triggers.get(name, ()):
            if ab.topts and ab.topts.get("in_discard"):
                continue  # heard from the discard only (_from_discard)
            if matches(g, o, ab, ev) and _per_turn(o, ab):
                ctrl = o.controller
                order = 0 if ctrl < 0 else 1 + (ctrl - g.active) % g.n
                g.pending.append((order, ab, o, ev))
        if rules.goals:
            _note_goals(g, o, name, ev)


def _note_goals(g: Game, o: Obj, name: str, ev: dict) -> None:
    """FS-16.2: a room that asks the table to note goals (static ``goal``: Social Goals!) counts each matching
    event at once — a note, not an ability: nothing goes on the stack and nothing can answer it. A goal met
    fires ``goal_met`` with how many of the room's goals are met now; its count stops there."""
    matches = MATCHERS[name]
    rules: CardRules = o.rules
    for ab in rules.goals.get(name, ()):
        if not matches(g, o, ab, ev):
            continue
        if ab.topts.get("if") is not None:
            ctx = Ctx(g, _you(g, o), o, name=o.phys.card.name)
            ctx.ev = dict(ev)
            if not cond(ctx, ab.topts["if"]):
                continue
        noted = o.noted
        if noted is None:
            noted = o.noted = {}
        k = noted.get(ab.index, 0)
        if k >= ab.cost:
            continue  # met already
        noted[ab.index] = k + 1
        g.log.emit("goal_noted", g.active, o.phys.card.name, None, k + 1, name)
        if k + 1 == ab.cost:
            fire(g, "goal_met", obj=o, n=goals_met(o))


def _from_discard(g: Game, name: str, ev: dict) -> None:
    """A monster card's ability that works while the card lies in the monster discard (``in_discard: true``,
    Tapeworm promo's Tapeworm, FS-4.9): the card is looked at as an object out of play, the game's (its
    "you" is the active player, FS-0.5); it triggers like any other."""
    for c in list(g.monster_disc):
        abs_ = c.rules.triggers.get(name) if c.rules is not None else None
        if not abs_:
            continue
        for ab in abs_:
            if ab.topts.get("in_discard"):
                holder = g.discard_objs.get(c.pid)
                if holder is None or holder.phys is not c:
                    holder = g.discard_objs[c.pid] = g.new_obj(c, "monster", -1)
                    holder.in_play = False
                if MATCHERS[name](g, holder, ab, ev):
                    g.pending.append((0, ab, holder, ev))


def _fire_next(g: Game, name: str, ev: dict) -> None:
    """Delayed one-shot triggers (at the end of your next turn, …; at that player's next death
    this turn, …; FS-4.9): the first matching event uses it up; its ability goes on the stack now, above
    what it answers (a death it prevents), with the context it was made in."""
    for i, (trig, who, do, src) in enumerate(g.next_events):
        if trig != name:
            continue
        subject = g.players[ev["seat"]] if name == "turn_end" else ev.get("victim")
        if who is not None and who != "any_player" and subject is not who:
            continue
        if name in ("would_die", "dies") and not isinstance(subject, Player):
            continue  # a delayed "would die" is a player's: a monster's death (now heard too) is not one
        del g.next_events[i]
        ctx = Ctx(g, src.you, src.src, dict(src.binds), dict(ev), None, None, src.name)
        ctx.watch = frozenset()  # it has no targets of its own: what its maker targeted is gone by now
        item = items.AbilityItem(None, Ability("on", do), src.you, ctx, trigger="delayed")
        ctx.item = item
        g.stack.append(item)
        return


def left_play(g: Game, o: Obj, name: str) -> None:
    """A leaves-play trigger of the object itself ("when this is destroyed", FS-4.9): it looks back, so it
    triggers although the object is in its discard now; its controller is the one it had in play."""
    abs_ = o.rules.triggers.get(name)
    if abs_:
        order = 0 if o.controller < 0 else 1 + (o.controller - g.active) % g.n
        g.pending.extend((order, ab, o, {"victim": o}) for ab in abs_)


def _per_turn(o: Obj, ab: Ability) -> bool:
    t = ab.topts
    if t.get("first_each_round"):  # FS-8.12: since its controller's round started
        if o.round_counts is None:
            o.round_counts = {}
        k = o.round_counts.get(ab.index, 0) + 1
        o.round_counts[ab.index] = k
        return k == 1
    if not (t.get("first_each_turn") or t.get("every_other_each_turn") or t.get("nth_each_turn")):
        return True
    if o.turn_counts is None:
        o.turn_counts = {}
    k = o.turn_counts.get(ab.index, 0) + 1
    o.turn_counts[ab.index] = k
    if t.get("first_each_turn"):
        return k == 1
    if t.get("nth_each_turn"):  # "the third time … each turn" (Alt Art Satan!)
        return k == t["nth_each_turn"]
    return k % 2 == 0


_GAMES = ("room", "challenge", "bonus")  # the game's cards: "you" is the active player (FS-16.2, FS-14.7)


def _you(g: Game, o: Obj) -> int:
    """The seat an object's "you" means: its controller; for a room, the active player (FS-16.2)."""
    return g.active if o.kind in _GAMES else o.controller


def _is_you(g: Game, o: Obj, x) -> bool:
    return isinstance(x, Player) and x.seat == _you(g, o)


# One matcher per trigger fired through :func:`fire`: (game, holder, ability, event) → does the event
# trigger the holder's ability.


def _turn(g: Game, o: Obj, ab: Ability, ev: dict) -> bool:
    if ab.tparam == "any_player":  # "at the start / end of each turn" (Evis, Mega Satan!)
        return True
    if o.controller >= 0:
        return o.controller == g.active
    # FS-16.2 rooms; FS-18: a final boss's or minion's turn triggers are the challenge's, every turn
    return o.kind in _GAMES or (
        g.challenge is not None and o.slot in g.challenge.slots and o.kind == "monster"
    )


def _roll(g: Game, o: Obj, ab: Ability, ev: dict) -> bool:
    tp, opts = ab.tparam, ab.topts
    roll = ev["roll"]
    if tp is not None and tp != "any" and ev["value"] != tp:
        return False
    if opts.get("attack") and not roll.attack:
        return False
    if opts.get("attack") is False and roll.attack:
        return False  # "your non-attack rolls" (P.H.D.)
    if opts.get("twice_in_a_row") and not ev.get("again_attack" if opts.get("attack") else "again"):
        return False  # the roller's previous (attack) roll this turn was not the same
    by = opts.get("by")
    if by == "you":
        ok = roll.seat == _you(g, o)
    elif by == "attacker":
        a = g.attack
        ok = a is not None and a.target is o and roll.seat == a.seat and roll.attack
    elif by == "active":
        ok = roll.seat == g.active
    else:
        ok = True
    if ok and opts.get("once_per_roll"):  # it changes the roll once, not again on the changed result
        key = (o.uid, ab.index)
        if roll.heard is None:
            roll.heard = set()
        elif key in roll.heard:
            return False
        roll.heard.add(key)
    return ok


def _damaged(g: Game, o: Obj, ab: Ability, ev: dict) -> bool:
    opts = ab.topts
    t = ev["target"]
    tp = ab.tparam
    if tp == "self":
        if t is not o:
            return False
    elif tp == "any_monster":  # any monster being damaged (Death Trapper); FS-13.2: not an item
        if not (isinstance(t, Obj) and t.kind == "monster"):
            return False
    elif tp == "any_player":
        if not isinstance(t, Player):
            return False
    elif not _is_you(g, o, t):
        return False
    if opts.get("combat") and not ev.get("combat"):
        return False
    if opts.get("by") == "player" and not _players_damage(ev):
        return False  # damage from a player only (Giant Poop): not from a monster's or room's text
    return "attack_roll" not in opts or ev.get("attack_roll") == opts["attack_roll"]


def _players_damage(ev: dict) -> bool:
    """The damage came from a player: their combat damage or their own object's effect (FS-6.20), not the
    text of a monster, room or event, whose "you" is the active player (FS-0.5)."""
    src = ev.get("source")
    return ev.get("src_seat", -1) >= 0 and (src is None or src.controller >= 0)


def _dealt_damage(g: Game, o: Obj, ab: Ability, ev: dict) -> bool:
    opts = ab.topts
    src = ev.get("source")
    if ab.tparam == "self":
        if src is not o:
            return False
    elif ab.tparam == "any_player":  # any player dealing damage (Splash Damage): a player's source
        if ev.get("src_seat", -1) < 0 or (src is not None and src.controller < 0):
            return False
    elif not (ev.get("src_seat") == o.controller and (src is None or src.controller == o.controller)):
        return False
    if opts.get("combat") and not ev.get("combat"):
        return False
    to = opts.get("to")
    t = ev["target"]
    if to == "player" and not isinstance(t, Player):
        return False
    if to == "monster" and not (isinstance(t, Obj) and t.kind == "monster"):
        return False
    return to != "active" or (isinstance(t, Player) and t.seat == g.active)


def _death(g: Game, o: Obj, ab: Ability, ev: dict) -> bool:
    tp = ab.tparam
    v = ev["victim"]
    if tp in ("you", None):
        return _is_you(g, o, v)
    if tp == "self":
        return v is o
    if tp == "any_player":
        return isinstance(v, Player)
    if tp == "other_player":  # the death of any other player (The Left Hand, Dark Arts)
        return isinstance(v, Player) and not _is_you(g, o, v)
    if tp == "any_monster":  # FS-13.2: an item or room dying is not a monster dying
        return isinstance(v, Obj) and v.kind == "monster"
    if tp == "another_monster":
        return isinstance(v, Obj) and v.kind == "monster" and v is not o
    if tp == "minion":  # FS-18.5: a monster in a minion slot
        return (
            isinstance(v, Obj)
            and v.kind == "monster"
            and g.challenge is not None
            and g.challenge.slots.get(v.slot) == "minion"
        )
    return False


def _killed(g: Game, o: Obj, ab: Ability, ev: dict) -> bool:
    """Your kill of a monster / a player (FS-13.4 step 2, FS-13.8)."""
    v, killer = ev["victim"], ev["killer"]
    want = ab.topts.get("victim", "monster")
    if want != "any" and (want == "player") != isinstance(v, Player):
        return False
    return ab.tparam == "any_player" or killer == _you(g, o)


def _missed(g: Game, o: Obj, ab: Ability, ev: dict) -> bool:
    """FS-10.9: an attack roll below the target's evasion."""
    if ab.tparam == "attacker":  # a miss by the attacker (an attack on this)
        return ev["target"] is o
    return ab.tparam == "any_player" or ev["seat"] == _you(g, o)


def _gained(g: Game, o: Obj, ab: Ability, ev: dict) -> bool:
    """On gaining or buying this; on any player gaining a treasure (Soul of Pride)."""
    if ab.tparam == "any_player":
        return True
    if ab.tparam == "you":
        return ev["item"].controller == _you(g, o)
    return ev["item"] is o


def _purchased(g: Game, o: Obj, ab: Ability, ev: dict) -> bool:
    """Each time you / another player purchase(s) an item."""
    if ab.tparam == "other_player":
        return ev["seat"] != _you(g, o)
    return ab.tparam == "any_player" or ev["seat"] == _you(g, o)


def _gained_soul(g: Game, o: Obj, ab: Ability, ev: dict) -> bool:
    if ab.tparam == "self":
        return ev["soul"] is o  # this soul was gained
    return ab.tparam == "any_player" or _is_you(g, o, ev["target"])


def _to_player(g: Game, o: Obj, ab: Ability, ev: dict) -> bool:
    """Something came to a player (``event.target``): a soul under their control, however (FS-6.11 gain,
    FS-6.12 give/steal/swap: ``soul_entered``), a dead monster's rewards (``gained_rewards``) or cents from
    the bank (``gained_cents``, FS-6.11: not given or stolen); a loot card left their hand for the discard
    (``discarded_loot``, FS-6.4)."""
    if ab.tparam == "other_player":
        return ev["target"].seat != _you(g, o)
    return ab.tparam == "any_player" or _is_you(g, o, ev["target"])


def _looted(g: Game, o: Obj, ab: Ability, ev: dict) -> bool:
    return ab.tparam == "any_player" or _is_you(g, o, ev["target"])


def _played_loot(g: Game, o: Obj, ab: Ability, ev: dict) -> bool:
    """A player played a loot card (FS-4.5, FS-8.4; a copy an effect puts on the stack is not played):
    ``any_player``, ``you``, ``other_player``; ``aims_you``: its targets, chosen as it was played (FS-4.2),
    include this card's controller or an object they control (Gnawed Leaf)."""
    tp = ab.tparam
    if tp == "other_player":
        if ev["seat"] == _you(g, o):
            return False
    elif tp != "any_player" and ev["seat"] != _you(g, o):
        return False
    return not ab.topts.get("aims_you") or _aims_at(ev.get("loot"), _you(g, o))


def _aims_at(item, seat: int) -> bool:
    """A loot on the stack whose chosen targets include the player ``seat`` or an object (a roll too) that
    player controls (FS-4.2)."""
    if item is None or item.ctx is None:
        return False
    for v in item.ctx.binds.values():
        for x in v if isinstance(v, list) else (v,):
            if isinstance(x, Player):
                if x.seat == seat:
                    return True
            elif isinstance(x, (Obj, items.RollItem)) and getattr(x, "controller", -1) == seat:
                return True
    return False


def _attack_declared(g: Game, o: Obj, ab: Ability, ev: dict) -> bool:
    """``you``: this card's controller declared it; a monster's "you" is the active player, who declares
    every attack (FS-10.2: Whipper, Dick Knot! — they heard no attack before)."""
    return ev["seat"] == (g.active if o.kind == "monster" else _you(g, o))


def _attacked(g: Game, o: Obj, ab: Ability, ev: dict) -> bool:
    if ab.tparam == "monster_deck":  # FS-10.5: a monster from the deck's top, now in its slot, is attacked
        return ev.get("deck", False)
    if ab.tparam == "any_monster":  # a monster chosen as an attack's target; `by: you`: in your attack
        t = ev["target"]
        if ev.get("deck", False) or not (isinstance(t, Obj) and t.kind == "monster"):
            return False  # FS-10.3: an attack on the monster deck chose no monster (its top was hidden)
        return ab.topts.get("by") != "you" or (g.attack is not None and g.attack.seat == _you(g, o))
    return ev["target"] is o


def _controlled(g: Game, o: Obj, ab: Ability, ev: dict) -> bool:
    """``self``: this item came under a player's control by becoming an item or changing hands (FS-6.12:
    given, stolen, swapped, bought from the shop); a treasure gained from the deck is ``gained``."""
    return ev["item"] is o


def _purchase_declared(g: Game, o: Obj, ab: Ability, ev: dict) -> bool:
    """FS-11.2: ``you`` (this card's controller) or ``any_player`` declared a purchase, before choosing."""
    return ab.tparam == "any_player" or ev["seat"] == _you(g, o)


def _activated_character(g: Game, o: Obj, ab: Ability, ev: dict) -> bool:
    """A player activated their character's ability (you: this card's controller)."""
    return ab.tparam == "any_player" or ev["activator"] == _you(g, o)


def _activated_item(g: Game, o: Obj, ab: Ability, ev: dict) -> bool:
    by = ab.topts.get("by", ab.tparam)
    act = ev["activator"]
    if by == "you":
        return act == _you(g, o)
    if by == "attacker":
        a = g.attack
        return a is not None and a.target is o and act == a.seat
    return True


def _gave_cents(g: Game, o: Obj, ab: Ability, ev: dict) -> bool:
    """A player gave cents to another in one go (FS-6.12; ``event.target`` the receiver)."""
    if ab.tparam == "other_player":
        return ev["seat"] != _you(g, o)
    return ab.tparam == "any_player" or ev["seat"] == _you(g, o)


def _goal_met(g: Game, o: Obj, ab: Ability, ev: dict) -> bool:
    """``self``: one more of this object's goals was met; ``nth: N``: only as the N-th is (Social Goals!)."""
    nth = ab.topts.get("nth")
    return ev["obj"] is o and (nth is None or ev["n"] == int(nth))


def _flipped(g: Game, o: Obj, ab: Ability, ev: dict) -> bool:
    """FS-6.10: ``self`` — this object was flipped; the side now showing holds the ability, so it turned
    to that side (Anima Sola)."""
    return ev["obj"] is o


def condition_lost(g: Game, ab: Ability, ev: dict | None) -> bool:
    """FS-6.8 [C]: a trigger whose condition no longer holds when it resolves fizzles. For a "when … would"
    trigger the condition is the pending event itself: the roll is still an N (Sacred Heart, after a reroll
    to 3), the death or the damage is still on the stack (Broken Ankh after Guppy's Collar prevented the
    death). The ability's own "if" is checked beside this, by the caller."""
    name = ab.trigger
    if ev is None:
        return False
    if name == "would_roll":
        roll = ev.get("roll")
        return roll is not None and (
            roll not in g.stack or (isinstance(ab.tparam, int) and roll.value != ab.tparam)
        )
    if name == "would_die":
        death = ev.get("death")
        return death is not None and death not in g.stack
    if name == "damage_pending":
        dmg = ev.get("damage")
        return dmg is not None and dmg not in g.stack
    return False


# The matchers of the events :func:`fire` hears, by trigger name.
MATCHERS: Final = {
    "turn_start": _turn,
    "turn_end": _turn,
    "rolled": _roll,
    "would_roll": _roll,
    "damaged": _damaged,
    "damage_pending": _damaged,
    "dealt_damage": _dealt_damage,
    "dies": _death,
    "would_die": _death,
    "after_penalty": _death,
    "after_rewards": _death,
    "killed": _killed,
    "missed": _missed,
    "gained": _gained,
    "purchased": _purchased,
    "gained_soul": _gained_soul,
    "soul_entered": _to_player,
    "gained_rewards": _to_player,
    "gained_cents": _to_player,
    "looted": _looted,
    "discarded_loot": _to_player,
    "play_loot": _played_loot,
    "attack_declared": _attack_declared,
    "purchase_declared": _purchase_declared,
    "controlled": _controlled,
    "attacked": _attacked,
    "activated_item": _activated_item,
    "activated_character": _activated_character,
    "flipped": _flipped,
    "gave_cents": _gave_cents,
    "goal_met": _goal_met,
}
# The triggers this module carries out: those matchers, and ``destroyed`` (a leaves-play trigger the object
# hears from its discard, :func:`left_play`).
V.TRIGGERS.implement({**MATCHERS, "destroyed": left_play})


def _ordered(g: Game, pend: list) -> list:
    """FS-4.10: the active player orders the game's simultaneous triggers; each player orders their
    own. Decision ``order_triggers``: pick the one to resolve first (it goes on the stack last)."""

    out: list = []
    i = 0
    while i < len(pend):
        j = i
        while j < len(pend) and pend[j][0] == pend[i][0]:
            j += 1
        group = pend[i:j]
        if len(group) > 1:
            key = group[0][0]
            chooser = g.active if key == 0 else (g.active + key - 1) % g.n
            # pushed in this order: the first pick ends on top
            group = asking.ordered_by(
                g, chooser, group, [t[2].phys.card.name for t in group], "resolve first"
            )
        out.extend(group)
        i = j
    return out


def flush(g: Game) -> None:
    """Put queued triggers on the stack: the game's first (they resolve last), then players in turn
    order from the active player (FS-4.10). Targets are chosen now (FS-4.2); none legal = removed."""

    pend = g.pending
    g.pending = []
    pend.sort(key=lambda t: t[0])
    if len(pend) > 1:
        pend = _ordered(g, pend)
    events = []
    ab: Ability
    o: Obj
    for _order, ab, o, ev in pend:
        you = o.controller if o.controller >= 0 else g.active  # FS-0.5
        ctx = Ctx(g, you, o, name=o.phys.card.name)
        ctx.ev = dict(ev)
        if "roller" not in ctx.ev and "roll" in ev:
            ctx.ev["roller"] = ev["roll"].seat
        if "attacker" not in ctx.ev and g.attack is not None:
            ctx.ev["attacker"] = g.attack.seat
        if ab.by is not None:
            by = player_of(ctx, ab.by)
            if by is None:
                continue
            ctx.by = by.seat
        if ab.topts.get("if") is not None and not cond(ctx, ab.topts["if"]):
            continue  # intervening if: checked when it triggers too
        if ev.get("event_obj") is not None:
            events.append(ev["event_obj"])
        if not prepare(ctx, ab):
            continue
        item = items.AbilityItem(o, ab, you, ctx, trigger=ab.trigger)
        item.event_obj = ev.get("event_obj")
        ctx.item = item
        g.stack.append(item)
    for e in events:
        zones.event_done(g, e)
