"""Selectors (vocabulary §1.11): the legal choices for a target, in a deterministic order."""

from __future__ import annotations

from typing import Any

from . import counters, items
from .state import EngineError, Game, Obj, Phys, Player
from .statics import Ctx, obj_of, the_player

_sel_cache: dict[int, tuple] = {}


def parse_sel(sel: Any) -> tuple[str, list, dict]:
    if isinstance(sel, str):
        return sel, [], {}
    hit = _sel_cache.get(id(sel))
    if hit is not None and hit[0] is sel:
        return hit[1]
    out = _parse_sel(sel)
    _sel_cache[id(sel)] = (sel, out)
    return out


def _parse_sel(sel: Any) -> tuple[str, list, dict]:
    if isinstance(sel, dict):
        head = next(k for k in sel if k != "count")
        filt = sel[head]
        flist: list = []
        fkeys: dict = {}
        for f in filt if isinstance(filt, list) else ([filt] if filt is not None else []):
            if isinstance(f, dict):
                fkeys.update(f)
            else:
                flist.append(f)
        if "count" in sel:
            fkeys["count"] = sel["count"]
        return head, flist, fkeys
    raise EngineError(f"bad selector {sel!r}")


def candidates(ctx: Ctx, sel: Any) -> list:
    """Legal choices for a selector, in a deterministic order."""
    head, flt, keys = parse_sel(sel)
    out, flt = base_objects(ctx, head, flt, keys)
    if head == "hand_card" and "controlled_by" in keys:  # the base already took that player's hand
        keys = {k: v for k, v in keys.items() if k != "controlled_by"}
    if flt or keys:
        out = [o for o in out if passes(ctx, o, flt, keys)]
    return out


def base_objects(ctx: Ctx, head: str, flt: list, keys: dict) -> tuple[list, list]:
    """Every object of a selector's kind (before filters)."""
    g = ctx.g
    you = ctx.you
    if head in ("you", "active", "roller", "attacker", "killer", "activator", "self", "your_character"):
        r = obj_of(ctx, head)
        out = [r] if r is not None else []
    elif head in ("player", "living_player", "other_player", "non_active_player", "other_players"):
        out = list(g.players)
        if head in ("other_player", "other_players"):
            out = [p for p in out if p.seat != you]
        elif head == "non_active_player":
            out = [p for p in out if p.seat != g.active]
        elif head == "living_player":
            out = [p for p in out if not p.dead]
    elif head == "item":
        out = [o for p in g.players for o in p.items] + g.shop_items()
    elif head == "shop_item":
        out = g.shop_items()
    elif head in ("monster", "monsters", "other_monsters"):
        out = g.monsters()
    elif head == "player_or_monster":
        out = [p for p in g.players if not p.dead] + g.monsters()  # FS-Q.21: dead players not chosen
    elif head == "soul":
        out = [s for p in g.players for s in p.souls]
    elif head == "curse":
        out = [c for p in g.players for c in p.curses]
    elif head == "item_or_soul":
        out = [o for p in g.players for o in p.items + p.souls] + g.shop_items()
    elif head == "deck":
        out = ["treasure", "loot", "monster"]  # each deck (rooms are not used)
    elif head == "roll":
        out = [it for it in g.stack if isinstance(it, items.RollItem)]
    elif head == "stack_item":
        out = [it for it in g.stack if not isinstance(it, (items.DamageItem, items.DeathItem))]
    elif head == "hand_card":
        out = list(the_player(ctx, keys.get("controlled_by", "you")).hand)
    elif head == "card_in":
        zone = keys.get("zone") or (flt[0] if flt else "monster_discard")
        out = list(reversed(_zone(g, zone)))
        flt = [f for f in flt if f != zone]
    else:
        raise EngineError(f"{ctx.name}: selector '{head}' not implemented")
    return out, flt


def _zone(g: Game, name: str) -> list:
    return {
        "monster_discard": g.monster_disc,
        "treasure_discard": g.treasure_disc,
        "loot_discard": g.loot_disc,
    }[name]


def passes(ctx: Ctx, o: Any, flt: list, keys: dict) -> bool:
    g = ctx.g
    for f in flt:
        if f == "other" and o is ctx.src:
            return False
        if f == "not_self" and o is ctx.src:
            return False
        if f == "non_eternal" and getattr(o, "eternal", False):
            return False
        if f == "attack" and not (isinstance(o, items.RollItem) and o.attack):
            return False  # an attack roll on the stack (20/20)
        if f == "eternal" and not getattr(o, "eternal", False):
            return False  # FS-4.12: an eternal item (Captain Viridian)
        if f == "copiable_loot" and not (
            isinstance(o, items.LootItem) and not {"trinket", "ambush"} & o.phys.rules.keywords
        ):
            return False  # FS-5.11: a loot being played, neither a trinket nor an ambush (Pop Pop!)
        if f == "loot" and not isinstance(o, items.LootItem):
            return False  # a loot being played (FS-1.9), not an ability
        if f == "non_eternal" and isinstance(o, items.AbilityItem) and o.src is not None and o.src.eternal:
            return False  # an ability on the stack: its source's (Dead Weight: "a non-eternal item")
        if f == "triggered" and not (
            isinstance(o, items.AbilityItem)
            and o.trigger
            and o.src is not None
            and o.src.kind in ("monster", "item")
        ):
            return False  # a triggered ability of a monster or an item (FS-4.9) on the stack
        if f == "passive" and isinstance(o, Obj) and o.rules.activated:
            return False
        if f == "has_tap" and not (isinstance(o, Obj) and o.rules.tap):
            return False
        if f == "you_control" and _ctrl(o) != ctx.you:
            return False
        if f == "other_controls" and _ctrl(o) in (ctx.you, -1):
            return False
        if f == "player_controls" and _ctrl(o) < 0:
            return False
        if f == "not_active" and _ctrl(o) == g.active:
            return False
        if f == "not_attacked" and g.attack is not None and g.attack.target is o:
            return False
        if f == "being_attacked" and (g.attack is None or g.attack.target is not o):
            return False  # the target of the attack in progress (FS-10.3): Gello
        if f == "non_attack" and getattr(o, "attack", False):
            return False
        if f == "non_event":
            card = o.card if isinstance(o, Phys) else o.phys.card
            if card.hp is None:
                return False
        if f == "guppy" and "guppy" not in _kw(o):
            return False
        if f == "curse" and "curse" not in _kw(o):  # FS-4.16: a card with the Curse keyword
            return False
        if f in ("item_ability", "item_ability_or_loot"):
            is_item_ab = (
                isinstance(o, items.AbilityItem)
                and not o.trigger
                and o.src is not None
                and o.src.kind == "item"
            )
            if not (is_item_ab or (f == "item_ability_or_loot" and isinstance(o, items.LootItem))):
                return False
        if f in ("most_cents", "most_souls"):
            vals = [p.cents if f == "most_cents" else p.soul_total() for p in g.players]
            if (o.cents if f == "most_cents" else o.soul_total()) != max(vals):
                return False
        # (every other filter word is rejected when the card is compiled: rules.IMPLEMENTED_FILTERS)
    for k, v in keys.items():
        if k == "controlled_by" and _ctrl(o) != the_player(ctx, v).seat:
            return False
        if k == "not_controlled_by" and _ctrl(o) == the_player(ctx, v).seat:
            return False
        if k == "except" and o is obj_of(ctx, v):  # a player, or an object: "each other monster"
            return False
        if k in ("zone", "count"):
            continue
        if k in ("with_counter", "without_counter"):  # FS-5.14: named counters on it, or none
            if (counters.count(o, v) > 0) != (k == "with_counter"):
                return False
            continue
        if k == "name":
            if isinstance(o, Player):  # "a player whose character is named X"
                o = o.character
                if o is None:
                    return False
            card = o.card if isinstance(o, Phys) else o.phys.card
            if card.name != v and card.id != v:
                return False
    return True


def _ctrl(o: Any) -> int:
    if isinstance(o, Obj):
        return o.controller
    if isinstance(o, Player):
        return o.seat
    return -1


def _kw(o: Any) -> frozenset:
    if isinstance(o, Obj):
        return o.rules.keywords
    if isinstance(o, Phys):
        return o.rules.keywords
    return frozenset()
