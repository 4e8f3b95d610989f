"""Costs of $ abilities (FS-4.4, FS-6.6): whether one can be paid, and paying it."""

from __future__ import annotations

from typing import Any

from . import challenge, counters, statics
from . import vocabulary as V
from .asking import ask
from .damage import destroy
from .resources import discard_loot, move_item, pay
from .state import Game, Obj, Player


def _cents_part(g: Game, p: Player, o: Obj, val: Any) -> int:
    """The ¢ a ``pay`` cost asks of ``p``: the printed amount, less ``paid_discount`` statics of ``p``'s
    objects when the ability is on an item ``p`` controls (Trick Penny, FS-4.4), never below 0."""
    cents = int((val.get("cents", 0) if isinstance(val, dict) else val) or 0)
    if cents and o.kind == "item" and o.controller == p.seat:
        off = statics.count(g, p, "paid_discount")
        if off:
            cents = max(0, cents - int(off))
    return cents


def can_pay_cost(g: Game, p: Player, o: Obj, cost: Any) -> bool:
    for c in cost or ():
        name, val = _cost_parts(c)
        if name == "pay":
            cents = _cents_part(g, p, o, val)
            hp = val.get("hp", 0) if isinstance(val, dict) else 0
            if p.cents < cents or (hp and statics.player_hp(g, p) < hp):
                return False
        elif name == "discard_loot":
            if len(p.hand) < (val.get("n", 1) if isinstance(val, dict) else (val or 1)):
                return False
        elif name == "remove_counters":  # any kind, named ones too (FS-5.14)
            if counters.count(o) < _counters_asked(val):
                return False
        elif name == "deactivate":  # "your character has ↷: …" (Magic Mushroom): the character turns sideways
            if p.character is None or not p.character.charged:
                return False
        elif name == "destroy":
            if val == "self":  # "destroy this": this object, nothing else (FS-4.4)
                if not _destroyable_self(o):
                    return False
            elif len([x for x in p.items if not x.eternal and not x.dying]) < _destroy_count(val):
                return False
        elif name == "give" and not [x for x in p.items if not x.eternal and x is not o]:
            return False
        elif name == "advance_timer" and not g.coop:
            return False  # FS-18.6: only a challenge has a timer
    return True


def _cost_parts(c: Any) -> tuple[str, Any]:
    if isinstance(c, dict):
        name = next(iter(c))
        return name, c[name]
    return str(c), None


def _counters_asked(val: Any) -> int:
    """How many counters a ``remove_counters`` cost takes ([A]: with no kind named, any kind may pay)."""
    return int(val.get("n", 1) if isinstance(val, dict) else val)


def _destroyable_self(o: Obj) -> bool:
    """Can a "destroy this" cost be paid with ``o``? Only by ``o`` itself, so never by an eternal object
    (FS-4.12; the FS-21 Eden ruling: an eternal item's "destroy this" cost cannot be paid), a character
    (FS-6.3) or an object that gained the ability but is not destroyable (Glitch, eternal, with a shop
    item's abilities). Paying with some other item instead kept the card and let its ability repeat for
    ever: A Dollar! on Glitch stole the whole shop each time, the shop refilling (soak 1601, seed
    5495745712423385764)."""
    return o.in_play and o.kind in ("item", "soul") and not o.eternal


def _destroy_count(val: Any) -> int:
    if isinstance(val, dict):
        t = val.get("target", val)
        if isinstance(t, dict) and "count" in t:
            return int(t["count"])
        return int(val.get("n", 1)) if "n" in val else 1
    return 1


def pay_cost(g: Game, p: Player, o: Obj, cost: Any, ctx: Any) -> bool:
    if not can_pay_cost(g, p, o, cost):
        return False
    for c in cost or ():
        name, val = _cost_parts(c)
        if name == "pay":
            part = dict(val) if isinstance(val, dict) else {"cents": val}
            if "cents" in part:
                part["cents"] = _cents_part(g, p, o, val)
            pay(g, p, part, ctx.name)
        elif name == "discard_loot":
            before = list(p.hand)
            discard_loot(g, p, val.get("n", 1) if isinstance(val, dict) else (val or 1), False, ctx.name)
            # the cards it took, for cost_named() (Bomb Bum: "if the discarded card was a bomb")
            ctx.ev = {**(ctx.ev or {}), "discarded": [c for c in before if c not in p.hand]}
        elif name == "remove_counters":
            counters.remove(g, o, _counters_asked(val))  # generic first, then level, then named (FS-5.14)
        elif name == "deactivate" and p.character is not None:
            p.character.charged = False
        elif name == "destroy":
            if val == "self":
                destroy(g, o, ctx.name)  # FS-4.4: the cost is this object (checked by can_pay_cost)
                continue
            for _ in range(_destroy_count(val)):
                # an attackable item destroyed first is dying (FS-6.3), not gone: it cannot pay twice
                opts = tuple(x for x in p.items if not x.eternal and not x.dying)
                destroy(g, ask(g, p.seat, "destroy_cost", opts, ctx.name), ctx.name)
        elif name == "give":
            opts = tuple(x for x in p.items if not x.eternal and x is not o)
            it = ask(g, p.seat, "give_item", opts, ctx.name)
            to = ask(g, p.seat, "choose_player", tuple(q for q in g.players if q is not p), ctx.name)
            move_item(g, it, to.seat, "give", ctx.name)
        elif name == "advance_timer":  # a challenge's "add 1 to the timer:" cost (FS-18.6)
            challenge.advance_timer(g, val.get("n", 1) if isinstance(val, dict) else (val or 1), ctx.name)
        elif name == "add_counters":  # "put a <kind> counter on yourself:" (FS-5.14; Doodler's sketch)
            counters.add(g, p, int(val.get("n", 1)), str(val.get("kind", counters.GENERIC)))
    return True


def doomed_by_cost(p: Player, o: Obj, cost: Any) -> list:
    """The items a cost must destroy whatever the player picks (FS-4.4); "destroy this": ``o``."""
    for c in cost or ():
        name, val = _cost_parts(c)
        if name == "destroy":
            if val == "self":
                return [o]
            mine = [x for x in p.items if not x.eternal]
            if len(mine) == _destroy_count(val):
                return mine
    return []


V.STATICS.implement({"paid_discount": _cents_part})  # read where a cost's ¢ are counted (FS-4.4)
