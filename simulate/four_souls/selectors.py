"""Selectors (vocabulary §1.11): the legal choices for a target, in a deterministic order."""

from __future__ import annotations

import re
from typing import Any

from . import challenge, counters, items, lineage
from . import vocabulary as V
from .state import EngineError, Game, Obj, Phys, Player
from .statics import Ctx, character_name, living, obj_of, the_player

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
    """Every object of a selector's kind (before filters): the handler bound to its head word
    (``vocabulary.SELECTORS``; a card whose selector has none is left out when compiled, rules.py)."""
    handler = V.SELECTORS.handlers.get(head)
    if handler is None:
        raise EngineError(f"{ctx.name}: selector '{head}' not implemented")
    return handler(ctx, flt, keys)


def _named(ctx: Ctx, head: str) -> list:
    r = obj_of(ctx, head)
    return [r] if r is not None else []


def _players(ctx: Ctx, keep: Any = None) -> list:
    return [p for p in ctx.g.players if keep is None or keep(ctx, p)]


def _card_in(ctx: Ctx, flt: list, keys: dict) -> tuple[list, list]:
    """A card in a named zone (``{card_in: [monster_discard]}`` or ``{zone: …}``), the top first."""
    zone = keys.get("zone") or (flt[0] if flt else "monster_discard")
    return list(reversed(_zone(ctx.g, zone))), [f for f in flt if f != zone]


def _base(objects: Any) -> Any:
    """A selector handler from ``objects(ctx)``, for heads whose filters it leaves alone."""
    return lambda ctx, flt, keys: (objects(ctx), flt)


# The handlers below are named functions, not lambdas nested in lambdas: mypyc 2.4.1 stops with an internal
# error on those, and this module is compiled (issue 20).


def _person(head: str) -> Any:
    """The handler of a selector naming one player or object (``you``, ``active``, ``self`` …)."""
    return lambda ctx, flt, keys: (_named(ctx, head), flt)


def _not_you(ctx: Ctx, p: Player) -> bool:
    return p.seat != ctx.you


def _not_active(ctx: Ctx, p: Player) -> bool:
    return p.seat != ctx.g.active


def _alive(ctx: Ctx, p: Player) -> bool:
    return living(p)  # FS-13.1: not dying


def _other_players(ctx: Ctx) -> list:
    return _players(ctx, _not_you)


def _non_active_players(ctx: Ctx) -> list:
    return _players(ctx, _not_active)


def _living_players(ctx: Ctx) -> list:
    return _players(ctx, _alive)


def _cents(p: Player) -> int:
    return p.cents


def _souls(p: Player) -> int:
    return p.soul_total()


def _zone(g: Game, name: str) -> list:
    return {
        "monster_discard": g.monster_disc,
        "treasure_discard": g.treasure_disc,
        "loot_discard": g.loot_disc,
    }[name]


ZONES = frozenset({"monster_discard", "treasure_discard", "loot_discard"})  # the zones ``card_in`` names


def passes(ctx: Ctx, o: Any, flt: list, keys: dict) -> bool:
    """Does ``o`` pass every filter word (``vocabulary.FILTERS``) and keyed filter (``FILTER_KEYS``)? Each
    is the handler bound to its word below; a word without one never reaches here (rules.py leaves the
    card out)."""
    words = V.FILTERS.handlers
    for f in flt:
        test = words.get(f)
        if test is not None and not test(ctx, o):
            return False
    if keys:
        keyed = V.FILTER_KEYS.handlers
        for k, v in keys.items():
            test = keyed.get(k)  # ``count`` is the selector's option, not a filter
            if test is not None and not test(ctx, o, v):
                return False
    return True


def _item_ability(o: Any) -> bool:
    return isinstance(o, items.AbilityItem) and not o.trigger and o.src is not None and o.src.kind == "item"


def _most(ctx: Ctx, o: Any, read: Any) -> bool:
    return read(o) == max(read(p) for p in ctx.g.players)


def name_has(card: Any, word: Any) -> bool:
    """The card's name holds ``word`` as a word, or its plural, in any case ("Bomb" in "Mega Bomb!")."""
    return re.search(rf"\b{re.escape(str(word))}s?\b", card.name, re.IGNORECASE) is not None


def _named_card(ctx: Ctx, o: Any, v: Any) -> bool:
    if isinstance(o, Player):  # "a player whose character is named X"
        o = o.character
        if o is None:
            return False
    card = o.card if isinstance(o, Phys) else o.phys.card
    name = card.name if isinstance(o, Phys) else character_name(ctx.g, o)  # FS-5.2: renamed (Re-Isaac)
    if isinstance(v, list):  # any of these names
        return name in v or card.id in v
    return name == v or card.id == v


def _aims(ctx: Ctx, o: Any, players: bool, objs: tuple) -> bool:
    """A loot or an ability on the stack whose chosen targets (FS-4.2: bound as it was put on the stack)
    include you (``players``), or an object of a kind in ``objs`` you control ("item", "character",
    "roll", ... ; empty: anything). The Butter Beans of Summer and Gold Box cancel only such ones."""
    if not isinstance(o, (items.LootItem, items.AbilityItem)) or o.ctx is None:
        return False
    for v in o.ctx.binds.values():
        for x in v if isinstance(v, list) else (v,):
            if isinstance(x, Player):
                if players and x.seat == ctx.you:
                    return True
            elif isinstance(x, items.RollItem):
                if x.controller == ctx.you and (not objs or "roll" in objs):
                    return True
            elif isinstance(x, Obj) and x.controller == ctx.you and (not objs or x.kind in objs):
                return True
    return False


def _item_effect(o: Any) -> bool:
    """An item's ↷, $ or triggered ability on the stack (FS-4.9), not a monster's or a character's."""
    return isinstance(o, items.AbilityItem) and o.src is not None and o.src.kind == "item"


def _non_event(ctx: Ctx, o: Any) -> bool:
    card = o.card if isinstance(o, Phys) else o.phys.card
    return card.hp is not None


def _minion(ctx: Ctx, o: Any) -> bool:
    """FS-18.5: a monster in a minion slot (the top of that slot)."""
    ch = ctx.g.challenge
    return (
        isinstance(o, Obj)
        and ch is not None
        and ch.slots.get(o.slot) == challenge.MINION
        and challenge.fixed(ctx.g, o)
    )


def _ctrl(o: Any) -> int:
    if isinstance(o, Obj):
        return o.controller
    if isinstance(o, Player):
        return o.seat
    if isinstance(o, items.StackItem):  # a loot, ability or roll: the player who put it on the stack (FS-7.4)
        return o.controller
    return -1


def _kw(o: Any) -> frozenset:
    if isinstance(o, Obj):
        return o.rules.keywords
    if isinstance(o, Phys):
        return o.rules.keywords
    return frozenset()


_PEOPLE = (
    "you",
    "active",
    "roller",
    "attacker",
    "killer",
    "activator",
    "self",
    "your_character",
    "active_character",
)

V.SELECTORS.implement(
    {
        **{head: _person(head) for head in _PEOPLE},
        "player": _base(_players),
        "other_player": _base(_other_players),
        "other_players": _base(_other_players),
        "non_active_player": _base(_non_active_players),
        "living_player": _base(_living_players),  # FS-13.1: not dying
        "item": _base(lambda ctx: [o for p in ctx.g.players for o in p.items] + ctx.g.shop_items()),
        "shop_item": _base(lambda ctx: ctx.g.shop_items()),
        "room": _base(lambda ctx: ctx.g.room_objs()),  # FS-16.1: the top of each room slot
        "monster": _base(lambda ctx: ctx.g.monsters()),
        "monsters": _base(lambda ctx: ctx.g.monsters()),
        "other_monsters": _base(lambda ctx: [m for m in ctx.g.monsters() if m is not ctx.src]),  # not it
        "more_souls": _base(  # the players holding more souls than you (Backstabber)
            lambda ctx: [p for p in ctx.g.players if p.soul_total() > ctx.g.players[ctx.you].soul_total()]
        ),
        "monster_or_room": _base(lambda ctx: ctx.g.monsters() + ctx.g.room_objs()),  # FS-16.1 (Hagalaz)
        "card_in_play": _base(  # every card in play (Marbles): characters, items, monsters, rooms
            lambda ctx: (
                [p.character for p in ctx.g.players if p.character is not None]
                + [o for p in ctx.g.players for o in p.items]
                + ctx.g.shop_items()
                + ctx.g.monsters()
                + ctx.g.room_objs()
            )
        ),
        # FS-Q.21 / FS-6.20: a dead player (0 HP) can still be dealt damage, so is a target like any other
        "player_or_monster": _base(lambda ctx: list(ctx.g.players) + ctx.g.monsters()),
        "soul": _base(lambda ctx: [s for p in ctx.g.players for s in p.souls]),
        "curse": _base(lambda ctx: [c for p in ctx.g.players for c in p.curses]),
        "item_or_soul": _base(
            lambda ctx: [o for p in ctx.g.players for o in p.items + p.souls] + ctx.g.shop_items()
        ),
        "deck": _base(lambda ctx: ["treasure", "loot", "monster"]),  # each deck (rooms are not used)
        "roll": _base(lambda ctx: [it for it in ctx.g.stack if isinstance(it, items.RollItem)]),
        "stack_item": _base(
            lambda ctx: [it for it in ctx.g.stack if not isinstance(it, (items.DamageItem, items.DeathItem))]
        ),
        "hand_card": lambda ctx, flt, keys: (
            list(the_player(ctx, keys.get("controlled_by", "you")).hand),
            flt,
        ),
        "card_in": _card_in,
    }
)

# A filter word's handler: ``(ctx, o) -> bool``, True when ``o`` passes.
V.FILTERS.implement(
    {
        "other": lambda ctx, o: o is not ctx.src,
        "not_self": lambda ctx, o: o is not ctx.src,
        "has_counters": lambda ctx, o: isinstance(o, Obj) and counters.count(o) > 0,  # FS-5.14 (Marbles)
        # not eternal; an ability on the stack by its source (Dead Weight: "a non-eternal item")
        "non_eternal": lambda ctx, o: (
            not getattr(o, "eternal", False)
            and not (isinstance(o, items.AbilityItem) and o.src is not None and o.src.eternal)
        ),
        "eternal": lambda ctx, o: getattr(o, "eternal", False),  # FS-4.12 (Captain Viridian)
        "attack": lambda ctx, o: isinstance(o, items.RollItem) and o.attack,  # an attack roll (20/20)
        "loot": lambda ctx, o: isinstance(o, items.LootItem),  # a loot being played (FS-1.9)
        # FS-5.11: a loot being played, neither a trinket nor an ambush (Pop Pop!)
        "copiable_loot": lambda ctx, o: (
            isinstance(o, items.LootItem)
            and not {"trinket", "ambush"} & o.phys.rules.keywords
            and lineage.may_copy(ctx, o.phys)  # not a card of the copier's own line (FS-5.13)
        ),
        # FS-5.11: a loot not yet copied in this turn (Ball of Tar): a loot is on the stack
        # only during the turn it is played, so its item remembers whether a copy was made of it
        "not_copied": lambda ctx, o: (
            isinstance(o, items.LootItem) and not o.copied and lineage.may_copy(ctx, o.phys)
        ),
        # a monster's or an item's triggered ability (FS-4.9) on the stack
        "triggered": lambda ctx, o: (
            isinstance(o, items.AbilityItem)
            and bool(o.trigger)
            and o.src is not None
            and o.src.kind in ("monster", "item")
        ),
        "passive": lambda ctx, o: not (isinstance(o, Obj) and o.rules.activated),
        "has_tap": lambda ctx, o: isinstance(o, Obj) and bool(o.rules.tap),
        "deactivated": lambda ctx, o: isinstance(o, Obj) and not o.charged,  # FS-6.2 (Lil' Gish)
        "you_control": lambda ctx, o: _ctrl(o) == ctx.you,
        "other_controls": lambda ctx, o: _ctrl(o) not in (ctx.you, -1),
        "player_controls": lambda ctx, o: _ctrl(o) >= 0,
        "not_active": lambda ctx, o: _ctrl(o) != ctx.g.active,
        "not_attacked": lambda ctx, o: ctx.g.attack is None or ctx.g.attack.target is not o,
        # the target of the attack in progress (FS-10.3): Gello; a player whose character it is (FS-10.6)
        "being_attacked": lambda ctx, o: ctx.g.attack is not None and _attacked(ctx.g.attack.target, o),
        "non_attack": lambda ctx, o: not getattr(o, "attack", False),
        "non_event": _non_event,
        "minion": _minion,
        "guppy": lambda ctx, o: "guppy" in _kw(o),
        "curse": lambda ctx, o: "curse" in _kw(o),  # FS-4.16: a card with the Curse keyword
        "item_ability": lambda ctx, o: _item_ability(o),
        "item_ability_or_loot": lambda ctx, o: _item_ability(o) or isinstance(o, items.LootItem),
        "item_effect_or_loot": lambda ctx, o: _item_effect(o) or isinstance(o, items.LootItem),
        "aims_at_yours": lambda ctx, o: _aims(ctx, o, True, ()),
        "aims_at_your_item_or_roll": lambda ctx, o: _aims(ctx, o, False, ("item", "roll")),
        "most_cents": lambda ctx, o: _most(ctx, o, _cents),
        "most_souls": lambda ctx, o: _most(ctx, o, _souls),
    }
)

# A keyed filter's handler: ``(ctx, o, value) -> bool``.
V.FILTER_KEYS.implement(
    {
        "controlled_by": lambda ctx, o, v: _ctrl(o) == the_player(ctx, v).seat,
        "not_controlled_by": lambda ctx, o, v: _ctrl(o) != the_player(ctx, v).seat,
        "except": lambda ctx, o, v: o is not obj_of(ctx, v),  # a player, or an object: "each other monster"
        "zone": lambda ctx, o, v: True,  # chosen from that zone already (``card_in``)
        # FS-5.14: named counters on it, or none
        "with_counter": lambda ctx, o, v: counters.count(o, v) > 0,
        "without_counter": lambda ctx, o, v: counters.count(o, v) == 0,
        # FS-10.7: a player whose attack roll this turn aimed at it (a team-up partner's rolls too)
        "rolled_at": lambda ctx, o, v: isinstance(o, Player) and _rolled_at(ctx, o, v),
        "name": _named_card,
        "name_has": lambda ctx, o, v: name_has(o.card if isinstance(o, Phys) else o.phys.card, v),
    }
)


def _rolled_at(ctx: Ctx, p: Player, v: Any) -> bool:
    t = obj_of(ctx, v)
    return isinstance(t, Obj) and (t.uid, p.seat) in ctx.g.rolled_at


def _attacked(target: Any, o: Any) -> bool:
    """Is ``o`` the attack's target: the object itself, or the player whose character is attacked (FS-10.6)?"""
    return target is o or (isinstance(o, Player) and o.character is not None and o.character is target)
