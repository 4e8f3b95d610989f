"""Double-faced cards (FS-6.10): a character or eternal item with a back side (card field ``back``) turns
to its other side when flipped and stays the same object — its counters, damage, charge and controller
stay (FS-5.14, FS-6.20); it has only the characteristics of the side that shows: that side's name, stats
(a character's HP and damage, ``statics``) and abilities. A card with no back side cannot be flipped."""

from __future__ import annotations

from . import gains
from .state import Game, Obj


def flip(g: Game, o: Obj) -> bool:
    """Turn ``o`` to its other side (either way: the back's other side is the front). Its own abilities
    become that side's; an effect laid over them (a copy till end of turn, abilities stripped, abilities
    gained, a room's overlay, marked items' abilities shared) stays laid over the new side. False when it
    has no back side."""
    back = o.phys.rules.back
    if back is None:
        return False
    was, now = (back, o.phys.rules) if o.face is not None else (o.phys.rules, back)
    o.face = None if o.face is not None else o.phys.card.back
    if o.rules is was:
        o.rules = now
    if o.copy_until_eot is was:
        o.copy_until_eot = now
    if o.erased is not None and o.erased[1] is was:
        o.erased = (o.erased[0], now)
    # an item under a room's overlay or sharing marked items' abilities keeps its own rules aside: they
    # turn too, or it would read the old side once the overlay or the share ends
    shown = g.overlaid.get(o.uid)
    if shown is not None and shown[0] is was:
        g.overlaid[o.uid] = (now, shown[1])
    shared = g.marked_shares.get(o.uid)
    if shared is not None and shared[0] is was:
        g.marked_shares[o.uid] = (now, None)  # its share is rebuilt over the new side at the next check
    gains.rebase(g, o, was, now)
    g.cache.trig_names.update(now.triggers)
    g.obj_ver += 1  # every cache of abilities in play is rebuilt
    return True


def name(o: Obj) -> str:
    """The name on the side that shows."""
    return (o.face or o.phys.card).name
