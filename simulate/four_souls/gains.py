"""Abilities an object gains from another for a while (Glitch, Is You): unlike a copy (FS-5.10, ``become_copy``) it keeps its own name, stats and abilities and
adds the other's. Each gain lasts till the end of the turn or till the start of its controller's next
turn; the object's rules are its own plus every gain still running (``Game.gains``)."""

from __future__ import annotations

from dataclasses import replace

from .abilities import CardRules
from .state import Game, Obj

# Inline abilities an effect grants for a while (``gain_abilities: {abilities: [...]}``), compiled with their
# card (``rules.compile_card``) and keyed by the identity of their list, which the entry keeps alive.
INLINE: dict[int, tuple[list, CardRules]] = {}

_SHIFT = 1000  # gained abilities count their "first each turn" apart from the object's own (Ability.index)


def wear(g: Game, o: Obj, rules: CardRules, until_eot: bool) -> None:
    """``o``'s abilities become ``rules``: a copy (FS-5.10) or its own text with a number changed (FS-5.2).
    With ``until_eot`` the rules it had come back at the turn's end (``turn`` restores ``copy_until_eot``)."""
    if until_eot and o.copy_until_eot is None:
        o.copy_until_eot = o.rules
        g.copies.append(o)
    o.rules = rules
    g.cache.trig_names.update(rules.triggers)
    g.obj_ver += 1
    if rules.forbid:
        g.cache.forbid_on = True


def start_counters(o: Obj, rules: CardRules) -> None:
    """FS-5.14: a copy of an object that starts with counters starts with them (the ability giving them is
    copied, [A] "Жетоны"); the original's counters are not copied, and the copier's own stay on it."""
    o.counters += rules.starts_with_counters
    o.levels += rules.starts_with_levels


def wear_till_next_turn(g: Game, o: Obj, rules: CardRules) -> None:
    """``o`` is a copy (FS-5.10) till the start of its controller's next turn (Undefined of Requiem): its own
    rules come back then (:func:`end_copies`); a copy already running keeps the rules it had before it."""
    own = next((b for x, _s, b in g.copies_next_turn if x is o), o.copy_until_eot or o.rules)
    g.copies_next_turn[:] = [e for e in g.copies_next_turn if e[0] is not o]
    g.copies_next_turn.append((o, o.controller, own))
    if o.copy_until_eot is not None:  # a copy till end of turn gives way to this longer one
        o.copy_until_eot = None
    wear(g, o, rules, False)


def end_copies(g: Game, seat: int) -> None:
    """As ``seat``'s turn starts, the copies made till then end: each object still in play reads its own
    rules again (FS-5.10)."""
    if not g.copies_next_turn:
        return
    for o, _s, own in [e for e in g.copies_next_turn if e[1] == seat or not e[0].in_play]:
        if o.in_play:
            o.rules = own
            g.cache.trig_names.update(own.triggers)
            g.obj_ver += 1
    g.copies_next_turn[:] = [e for e in g.copies_next_turn if e[1] != seat and e[0].in_play]


def share_marked(g: Game, found: list) -> None:
    """``abilities_of_marked: NAME`` (Golden Trinket of Requiem, FS-5.10 / FS-5.14): the holder also has the
    abilities of every other item in play with a NAME counter on it, for as long as that holds. ``found``:
    (holder, static body) pairs in play; read between stack events (``checks.state_checks``), each holder's
    rules are rebuilt only when the set of marked items changed."""
    live = {o.uid for o, _b in found if o.in_play}
    for uid in [u for u in g.marked_shares if u not in live]:
        del g.marked_shares[uid]  # the holder left play: a new object if it comes back (FS-3.2)
    for o, body in found:
        if not o.in_play:
            g.marked_shares.pop(o.uid, None)
            continue
        kind = str(body["abilities_of_marked"])
        srcs = [
            x
            for q in g.players
            for x in q.items
            if x is not o and x.in_play and x.named and x.named.get(kind, 0) > 0
        ]
        key = tuple(x.uid for x in srcs)
        own, was = g.marked_shares.get(o.uid, (o.rules, ()))
        if key == was:
            continue
        g.marked_shares[o.uid] = (own, key)
        extra = [g.marked_shares[x.uid][0] if x.uid in g.marked_shares else x.rules for x in srcs]
        o.rules = merged(own, extra) if extra else own
        for r in extra:
            g.cache.trig_names.update(r.triggers)
            if r.forbid:
                g.cache.forbid_on = True
        g.obj_ver += 1


def overlay_items(g: Game, over: CardRules | None) -> None:
    """``items_have`` (The Isaac of Isaac: Re-Isaac of Warp Zone, a room; FS-5.2, FS-4.12): while it is in
    play every item in play — players' and the shop's (FS-1.1) — has only ``over``'s abilities and keywords,
    over its own text and over whatever else changed its abilities meanwhile (a gain, a copy, a stripping:
    our reading). Read between stack events (``checks.state_checks``): each item shows ``over`` and its own
    rules and eternal wait in ``Game.overlaid``; with ``over`` gone each item still in play that shows an
    overlay (or a gain built on one) reads its own again, now or when a change made meanwhile ends."""
    items = [x for p in g.players for x in p.items] + g.shop_items()
    if over is not None:
        for x in items:
            if x.rules is over:
                continue
            if not x.rules.overlay or x.uid not in g.overlaid:
                g.overlaid[x.uid] = (x.rules, x.eternal)  # what it is when the overlay reaches it
            x.rules = over
            x.eternal = True  # FS-4.12
            g.obj_ver += 1  # every cache of abilities in play is rebuilt
        g.cache.trig_names.update(over.triggers)
    live = {x.uid: x for x in items}
    for uid in list(g.overlaid):
        x = live.get(uid)
        if x is None:
            del g.overlaid[uid]  # it left play: a new object if it comes back (FS-3.2)
        elif over is None and x.rules.overlay:
            own, eternal = g.overlaid[uid]
            x.rules = own
            x.eternal = eternal or "eternal" in own.keywords or bool(x.named and x.named.get("eternal"))
            g.cache.trig_names.update(own.triggers)
            g.obj_ver += 1


def gain(g: Game, o: Obj, rules: CardRules, until: str) -> None:
    """``o`` gains ``rules``' abilities: ``until`` ``eot`` (this turn's end, FS-8.10) or ``next_turn`` (the
    start of the next turn of the player controlling ``o`` now)."""
    base = next((b for x, b, _r, _u in g.gains if x is o), o.rules)
    g.gains.append((o, base, rules, ("turn_start", o.controller) if until == "next_turn" else "eot"))
    _apply(g, o)


def expire(g: Game, when: str, seat: int = -1) -> None:
    """The gains that end now: at a turn's end (``eot``) or as ``seat``'s turn starts (``turn_start``)."""
    if not g.gains:
        return
    end = "eot" if when == "eot" else ("turn_start", seat)
    gone = [e for e in g.gains if e[3] == end or not e[0].in_play]
    if not gone:
        return
    g.gains[:] = [e for e in g.gains if e not in gone]
    for o in {id(e[0]): e[0] for e in gone}.values():
        if o.in_play:
            _apply(g, o, next((b for x, b, _r, _u in gone if x is o), o.rules))


def _apply(g: Game, o: Obj, base: CardRules | None = None) -> None:
    extra = [r for x, _b, r, _u in g.gains if x is o]
    if base is None:
        base = next((b for x, b, _r, _u in g.gains if x is o), o.rules)
    o.rules = merged(base, extra) if extra else base
    for r in extra:
        g.cache.trig_names.update(r.triggers)
        if r.forbid:
            g.cache.forbid_on = True
    g.obj_ver += 1  # caches keyed by it list the object's abilities again


def rebase(g: Game, o: Obj, was: CardRules, now: CardRules) -> None:
    """A flipped object (FS-6.10, ``sides.flip``): the abilities it gained lie over its new side."""
    if any(x is o and b is was for x, b, _r, _u in g.gains):
        g.gains[:] = [(x, now if x is o and b is was else b, r, u) for x, b, r, u in g.gains]
        _apply(g, o)


def merged(base: CardRules, extra: list[CardRules]) -> CardRules:
    """``base`` with the activated, triggered, static and replacement abilities of each of ``extra``."""
    r = replace(
        base,
        tap=list(base.tap),
        paid=list(base.paid),
        triggers={k: list(v) for k, v in base.triggers.items()},
        statics=list(base.statics),
        replaces=list(base.replaces),
    )
    for k, x in enumerate(extra, 1):
        r.tap += [replace(a, index=a.index + k * _SHIFT) for a in x.tap]
        r.paid += [replace(a, index=a.index + k * _SHIFT) for a in x.paid]
        for name, abs_ in x.triggers.items():
            r.triggers.setdefault(name, []).extend(replace(a, index=a.index + k * _SHIFT) for a in abs_)
        r.statics += x.statics
        r.replaces += x.replaces
        r.forbid = r.forbid or x.forbid
    r.has_act = bool(r.tap or r.paid)
    r.acts = tuple(("tap", i, a) for i, a in enumerate(r.tap)) + tuple(
        ("paid", i, a) for i, a in enumerate(r.paid)
    )
    return r
