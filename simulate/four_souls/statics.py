"""What an ability reads: its context (:class:`Ctx`), player and object references, expressions
(``value``/``cond``), and the static abilities (FS-4.8, FS-5.2) that change what they read — stats,
counts and modifiers computed on demand from the objects in play, so they last exactly while their
source is in play (FS-5.3). One module, because the two call each other: a condition can read a
player's HP, and a conditional static (+1 HP while …) changes it. Replacement effects, which run
effects, are in replacements.py."""

from __future__ import annotations

import copy
import operator
import re
from dataclasses import dataclass, field
from typing import Any, Final

from . import challenge, counters
from . import vocabulary as V
from .abilities import CardRules
from .exprs import compile_expr, evaluate
from .state import EngineError, Game, Obj, Phys, Player


def ctx_of(g: Game, o: Obj):

    you = o.controller if o.controller >= 0 else g.active
    return Ctx(g, you, o, name=o.phys.card.name)


def fast_condition(c: str) -> Any:
    """``f(g, obj)`` reading condition ``c`` straight off the state (one of the few shapes statics and
    bonus souls use all the time), or None: ``c`` then goes through the expression evaluator."""
    fast = _FAST.get(c, _UNSEEN)
    if fast is _UNSEEN:
        fast = _FAST[c] = _fast_condition(c)
    return fast


def _holds(g: Game, o: Obj, body: dict) -> bool:
    c = body.get("if")
    if c is None:
        return True
    fast = fast_condition(c) if isinstance(c, str) else None
    if fast is not None:
        return fast(g, o)

    return cond(ctx_of(g, o), c)


_UNSEEN = object()
_FAST: dict[str, Any] = {}
_OPS = {"==": operator.eq, ">=": operator.ge, "<=": operator.le, ">": operator.gt, "<": operator.lt}
_SIMPLE = re.compile(
    r"(cents|hand_size|hp|level|counters|souls)(?:\((you|self|active)\))? (==|>=|<=|>|<|in) (\d+|\(\d+(?:, \d+)*\))"
)


_EXTREME = re.compile(r"(most|fewest)\((souls|items)\) (==|>=|<=|>|<) (\d+)")


def _in(a: Any, b: Any) -> bool:
    return a in b


def _fast_condition(c: str) -> Any:
    """The few condition shapes statics use all the time, read straight off the state with the
    expression evaluator's meaning (``_name`` / ``_call``: "you" is the object's controller, or
    the active player for a monster; "self" the object), or None for the evaluator."""
    n: Any  # the bound compared with, or the values an "in" test reads
    if c == "your_turn":
        return lambda g, o: o.controller < 0 or o.controller == g.active
    if c == "covered":  # FS-3.8: an object in play is never covered (the evaluator's answer, ``_name``)
        return lambda g, o: False
    if c == "not your_turn":
        return lambda g, o: not (o.controller < 0 or o.controller == g.active)
    m = _EXTREME.fullmatch(c)
    if m is not None:  # "most(souls) >= 3": the most / fewest souls or items any player controls
        pick, what, op, n = (
            max if m.group(1) == "most" else min,
            m.group(2),
            _OPS[m.group(3)],
            int(m.group(4)),
        )
        if what == "souls":
            return lambda g, o: op(pick(p.soul_total() for p in g.players), n)
        return lambda g, o: op(pick(len(p.items) for p in g.players), n)
    m = _SIMPLE.fullmatch(c)
    if m is None or (m.group(3) == "in") != m.group(4).startswith("("):
        return None
    f, arg, word, lit = m.groups()
    op, n = (_in, tuple(int(x) for x in lit[1:-1].split(","))) if word == "in" else (_OPS[word], int(lit))
    if f == "counters" and arg == "self":  # FS-5.14: every counter on the object
        return lambda g, o: op(counters.count(o), n)
    if f == "souls" and arg == "you":
        return lambda g, o: op(g.players[o.controller if o.controller >= 0 else g.active].soul_total(), n)
    if f == "souls" and arg == "active":
        return lambda g, o: op(g.players[g.active].soul_total(), n)
    if f == "cents" and arg == "you":
        return lambda g, o: op(g.players[o.controller if o.controller >= 0 else g.active].cents, n)
    if f == "hand_size" and arg == "you":
        return lambda g, o: op(len(g.players[o.controller if o.controller >= 0 else g.active].hand), n)
    if f == "hp" and arg == "self":
        return lambda g, o: op(hp_of(g, o), n)
    if f == "level" and arg is None:
        return lambda g, o: op(o.levels, n)
    return None


_FAST_AMOUNT: dict[str, Any] = {}
_PER_COUNTER = re.compile(r"counters\(self\)(?: // (\d+))?")


def _num(v: Any) -> Any:
    if isinstance(v, dict):
        return v.get("n", 1)
    if v is True:
        return 1
    return v


def amount(g: Game, o: Obj, v: Any) -> Any:
    """A static's amount: a number, or an expression read on the object that has it (+1 HP per
    counter on it: ``hp: {n: "counters(self)"}``, Requiem's Hypercoagulation and Abyss)."""
    n = _num(v)
    if isinstance(n, str) and n not in ("unlimited", "all"):
        fast = _FAST_AMOUNT.get(n, _UNSEEN)
        if fast is _UNSEEN:
            m = _PER_COUNTER.fullmatch(n)
            fast = _FAST_AMOUNT[n] = int(m.group(1) or 1) if m else None
        if fast is not None:  # +1 per pair of counters on it: read off the object
            return counters.count(o) // fast
        you = o.controller if o.controller >= 0 else g.active
        return int(value(Ctx(g, you, o, name=o.phys.card.name), n))
    return n


def player_statics(g: Game, p: Player, key: str) -> list | tuple:
    """(object, value) for each static ``key`` of the objects ``p`` controls whose condition holds."""
    owned = owned_statics(g, p, key)
    if not owned:  # most players have none for most keys
        return ()
    return [(o, body[key]) for o, body in owned if _holds(g, o, body)]


class Listing:
    """A player's kept statics listing (:func:`owned_statics`): native fields, so the key check at each
    read takes fields, where a kept tuple was unboxed whole (seven fields) at each of them."""

    def __init__(
        self,
        ver: int,
        items: int,
        curses: int,
        rooms: bool,
        by_key: dict[str, list],
        objs: tuple[Obj, ...],
        worn: tuple[Any, ...],
    ) -> None:
        self.ver = ver  # the key: Game.obj_ver, the item and curse counts, rooms counted (the AP's)
        self.items = items
        self.curses = curses
        self.rooms = rooms
        self.by_key = by_key  # static key → [(obj, body)]
        self.objs = objs  # the objects listed, in order
        self.worn = worn  # their rules, compared by identity (``_relisted``)


def owned_statics(g: Game, p: Player, key: str) -> list:
    """(object, body) for each static ability with ``key`` on the objects ``p`` controls (character,
    items, curses, in that order), conditions not checked. Looked at again only when objects entered play,
    changed controller or abilities, or ``p``'s item or curse count changed (the key ``_act_entries``
    trusts): HP, attack, prices and counts read it many times a turn. Every key is listed in one walk of
    the player's objects (as ``_walk`` does for the table): the same lists as one walk per key, since
    the objects and their abilities cannot change under one entry's key."""
    rooms = (
        p.seat == g.active and g.rooms is not None and bool(g.rooms.slots)
    )  # FS-16.2: "you" on a room: the AP
    # the key's parts compared one by one on a native object: compiled, no key tuple is built or unboxed
    # at each of the ~6,000 reads of a 4-player game (most from ``settle_hp`` at every decision)
    hit: Listing | None = g.cache.statics.get(p.seat)
    if (
        hit is None
        or hit.ver != g.obj_ver
        or hit.items != len(p.items)
        or hit.curses != len(p.curses)
        or hit.rooms != rooms
    ):
        hit = _relisted(g, p, rooms, hit)
        g.cache.statics[p.seat] = hit
    return hit.by_key.get(key, _NONE)


def _relisted(g: Game, p: Player, rooms: bool, was: Listing | None) -> Listing:
    """``owned_statics``' entry after its key moved. The lists are made of nothing but ``p``'s objects in
    order and their rules (a rules object's statics never change once it is worn: a gain or copy wears new
    rules, ``gains.wear``), so when those are the same objects they are kept: about 4 in 5 moves of
    ``Game.obj_ver`` are other objects (a monster revealed, another player's item)."""
    ch = p.character
    objs: tuple[Obj, ...] = (ch, *p.items, *p.curses) if ch is not None else (*p.items, *p.curses)
    if rooms:
        objs = (*objs, *(s[-1] for s in g.rooms.slots if s))
    n = len(objs)
    if was is not None:
        kept = was.objs
        worn = was.worn
        if n == len(kept) and all(objs[i] is kept[i] and objs[i].rules is worn[i] for i in range(n)):
            return Listing(g.obj_ver, len(p.items), len(p.curses), rooms, was.by_key, kept, worn)
    by_key: dict[str, list] = {}
    for o in objs:
        for body in o.rules.statics:
            for k in body:
                listed = by_key.get(k)
                if listed is None:
                    by_key[k] = [(o, body)]
                else:
                    listed.append((o, body))
    return Listing(
        g.obj_ver, len(p.items), len(p.curses), rooms, by_key, objs, tuple([o.rules for o in objs])
    )


def player_max_hp(g: Game, p: Player) -> int:
    """Read at every decision and fresh state check for every player (``settle_hp``): the printed HP and
    the unconditional fixed +HP statics come summed from :func:`_hp_plan`; only the rest is read."""
    plan = _hp_plan(g, p)
    extra: int = plan.fixed
    for o, body in plan.read:  # conditional, or an amount read on the object (+1 per counter)
        if _holds(g, o, body):
            extra += amount(g, o, body["hp"])
    if g.stat_counters:  # HP counters on the character and items (``counters.stat_bonus``)
        c = p.character
        if c is not None and c.named:
            extra += c.named.get("hp", 0)
        for o in p.items:
            if o.named:
                extra += o.named.get("hp", 0)
    if g.cache.wide_objs or g.cache.wide_key != g.obj_ver:
        extra += wide_bonus(g, p, "hp")
    return extra + p.b_hp


class HpPlan:
    """A player's kept max-HP split (:func:`_hp_plan`), kept by seat: native fields, so the key check at
    each of the ~5,000 reads a 4-player game makes takes fields, where a kept tuple was unboxed whole."""

    def __init__(
        self,
        ver: int,
        items: int,
        curses: int,
        rooms: bool,
        character: Any,
        face: Any,
        fixed: int,
        read: list,
    ) -> None:
        self.ver = ver  # the key: ``owned_statics``' and the character and the side it shows (FS-6.10)
        self.items = items
        self.curses = curses
        self.rooms = rooms
        self.character = character
        self.face = face
        self.fixed = fixed  # the printed HP plus the +N HP statics without a condition
        self.read = read  # [(obj, body)] of the other own ``hp`` statics, read at each call


def _hp_plan(g: Game, p: Player) -> HpPlan:
    """A player's max HP split once per change of what it is made of (the key of ``owned_statics``, and
    the character and the side it shows, FS-6.10): the printed HP plus the +N HP statics without a
    condition, summed; and the others (a condition, or an amount read on the object) to read at each
    call: the character's, items' and curses' own statics (FS-5.2), with or without items."""
    rooms = p.seat == g.active and g.rooms is not None and bool(g.rooms.slots)
    c = p.character
    face = c.face if c is not None else None
    plans = g.cache.hp_plans
    seat = p.seat
    got: HpPlan | None = plans[seat] if seat < len(plans) else None  # by seat, in a list: no hashing
    if (
        got is not None
        and got.ver == g.obj_ver
        and got.items == len(p.items)
        and got.curses == len(p.curses)
        and got.rooms == rooms
        and got.character is c
        and got.face is face
    ):
        return got
    base = (face or c.phys.card).hp if c is not None else 2  # FS-6.10: the side that shows
    fixed: int = base or 0
    read: list = []
    for o, body in owned_statics(g, p, "hp"):
        v = body["hp"]
        if _wide(v) is not None:
            continue  # table-wide: ``wide_bonus``
        n = _fixed_part(body, "hp")
        if n is None:
            read.append((o, body))
        else:
            fixed += n
    plan = HpPlan(g.obj_ver, len(p.items), len(p.curses), rooms, c, face, fixed, read)
    if seat >= len(plans):
        plans.extend([None] * (seat + 1 - len(plans)))
    plans[seat] = plan
    return plan


def living(p: Player) -> bool:
    """A living player: not dead this turn (FS-13.12) and not dying — a player whose death is on the stack
    (FS-13.1) is at 0 HP and counts as no living player, so "till 1 or fewer living players" (Don't
    Starve!), votes and choices of a living player leave them out (docs/rules/four_souls.md, FS-13.1)."""
    return not (p.dead or p.death_pending)


def player_hp(g: Game, p: Player) -> int:
    return max(0, _settled_max(p, player_max_hp(g, p)) - p.damage)


def _settled_max(o: Obj | Player, top: int) -> int:
    """FS-6.20: lowering max HP removes that much marked damage (empty heart containers are lost
    first); it is not healing. Every HP read settles a drop since the last read; the engine reads HP
    at every decision (``asking.ask``) and state check, so strategies' reads change nothing."""
    drop = o.max_seen - top
    if drop > 0 and o.damage:
        o.damage = max(0, o.damage - drop)
    o.max_seen = top
    return top


def settle_hp(g: Game) -> None:
    """Settle every player's and slot monster's max-HP drops (FS-6.20) before anyone decides. Run at
    every decision and fresh state check, so an unchanged max HP (nearly always) is skipped: settling
    it would change nothing."""
    for p in g.players:
        top = player_max_hp(g, p)
        if top != p.max_seen:
            _settled_max(p, top)
    for slot in g.mslots:
        if slot:
            m = slot[-1]
            if isinstance(m, Obj):
                top = monster_max_hp(g, m)
                if top != m.max_seen:
                    _settled_max(m, top)


def player_atk(g: Game, p: Player, first_attack_roll: bool = False) -> int:
    c = p.character
    base = (c.face or c.phys.card).attack if c is not None else 1  # FS-6.10: the side that shows
    total = (base or 0) + p.b_atk
    for o, v in player_statics(g, p, "atk"):
        if isinstance(v, dict) and (v.get("first_attack_roll") and not first_attack_roll or _wide(v)):
            continue
        total += amount(g, o, v)
    if g.stat_counters:
        total += counters.stat_bonus(g, (p.character, *p.items), "atk")
    if g.cache.wide_objs or g.cache.wide_key != g.obj_ver:
        total += wide_bonus(g, p, "atk")
    return max(0, total)


def monster_max_hp(g: Game, m: Obj) -> int:
    """Read at every decision and fresh state check for every slot monster (``settle_hp``): the printed HP
    and the monster's own unconditional fixed +HP statics come summed from :func:`_monster_plan`."""
    plan = _monster_plan(g, m)  # no side effect: made before the bonus's reads, as read after them
    extra = _monster_bonus(g, m, True) if plan.monster else 0  # FS-10.6: an attackable item gets none
    for (
        body
    ) in plan.hp_read:  # its own conditional or counted "+/-N HP" (Weltling: -1 HP per counter it carries)
        if _holds(g, m, body):
            extra += amount(g, m, body["hp"])
    marks: int = m.named.get("hp", 0) if m.named else 0  # HP counters (FS-5.14)
    return plan.hp + m.b_hp + marks + extra


def _fixed_part(body: dict, key: str) -> int | None:
    """What ``amount`` gives for a static's ``key`` when it is a plain number with no condition to hold
    (summed once into a plan); None when it must be read at each call."""
    n = _num(body[key])
    return n if body.get("if") is None and isinstance(n, int) else None


def _split_own(statics: list, key: str) -> tuple[int, list]:
    """An object's own (not table-wide) ``key`` statics: the fixed ones summed, the rest in order."""
    fixed = 0
    read: list = []
    for body in statics:
        if key not in body or _wide(body[key]) is not None:
            continue
        n = _fixed_part(body, key)
        if n is None:
            read.append(body)
        else:
            fixed += n
    return fixed, read


class MonsterPlan:
    """An object's kept monster plan (:func:`_monster_plan`): native fields, so a read at every state check
    takes one field, where a kept tuple was unpacked whole (ten boxed fields) at each of them."""

    def __init__(
        self,
        rules: Any,
        face: Any,
        monster: bool,
        hp: int,
        hp_read: list,
        has_statics: bool,
        atk: int,
        own_atk: int,
        atk_read: list,
        ev: int,
    ) -> None:
        self.rules = rules  # the abilities and the side it was made for (replaced, never changed in place)
        self.face = face
        self.monster = monster  # made for a monster (its own ``hp`` statics counted) or another kind
        self.hp = hp  # printed HP plus its own fixed +HP statics
        self.hp_read = hp_read  # [body] of its other own ``hp`` statics, read at each call
        self.has_statics = has_statics
        self.atk = atk  # printed AT
        self.own_atk = own_atk  # its own fixed +AT statics
        self.atk_read = atk_read  # [body] of its other own +AT statics
        self.ev = ev  # printed evasion


def _monster_plan(g: Game, m: Obj) -> MonsterPlan:
    """An object's max HP as a monster split once per rules, side and kind (rules and sides are replaced,
    never changed in place, when abilities or the side that shows change: FS-6.10): the printed HP plus
    its own +N HP statics without a condition, summed; and its other own ``hp`` statics, read at each call.
    Only a monster reads its own: an attackable item's ``hp`` static is its controller's (Punching Bag).
    Its AT the same way (printed, own fixed +AT, the rest read at each call, any kind), its printed
    evasion, and whether it has statics at all (``push_deaths``). Kept in a list by uid (no hashing)."""
    monster = m.kind == "monster"
    plans = g.cache.monster_plans
    uid = m.uid
    if uid < len(plans):
        got: MonsterPlan | None = plans[uid]
        if got is not None and got.rules is m.rules and got.face is m.face and got.monster == monster:
            return got
    fixed: int = (m.phys.card.hp if m.face is None else m.face.hp) or 0  # FS-6.10: the side that shows
    read: list = []
    if monster:
        own_hp, read = _split_own(m.rules.statics, "hp")
        fixed += own_hp
    card = m.phys.card if m.face is None else m.face
    # any object's own AT: an attackable item's too (``target_atk``)
    own_atk, atk_read = _split_own(m.rules.statics, "atk")
    plan = MonsterPlan(
        m.rules,
        m.face,
        monster,
        fixed,
        read,
        bool(m.rules.statics),
        card.attack or 0,
        own_atk,
        atk_read,
        card.evasion or 0,
    )
    if uid >= len(plans):
        plans.extend([None] * (uid + 1 - len(plans)))
    plans[uid] = plan
    return plan


def has_statics(g: Game, m: Obj) -> bool:
    """Whether a monster's abilities include a static (read off its kept plan: ``push_deaths`` asks it of
    every slot monster at every fresh state check)."""
    return _monster_plan(g, m).has_statics


def monster_hp(g: Game, m: Obj) -> int:
    return max(0, _settled_max(m, monster_max_hp(g, m)) - m.damage)


def hp_of(g: Game, o: Any) -> int:
    if isinstance(o, Player):
        return player_hp(g, o)
    if isinstance(o, Obj):
        return monster_hp(g, o)
    return 0


def monster_atk(g: Game, m: Obj) -> int:
    """The printed AT of the side that shows and the object's own unconditional fixed +AT statics come from
    its kept plan (:func:`_monster_plan`); only the rest is read (in the order of its statics)."""
    plan = _monster_plan(g, m)
    base: int = plan.atk if m.set_atk is None else m.set_atk  # "its AT becomes N" (Hemoptysis)
    total: int = base + plan.own_atk + m.b_atk + (m.named.get("atk", 0) if m.named else 0)
    for body in plan.atk_read:  # conditional, or read on it ("+1 for each counter", Ultra Pride)
        if _holds(g, m, body):
            total += amount(g, m, body["atk"])
    if plan.monster:  # FS-10.6: an attackable item or room gets no table-wide bonus
        total += _monster_bonus(g, m, False)
    return max(0, total)


def _monster_bonus(g: Game, m: Obj, hp: bool) -> int:
    """``wide_bonus`` of a monster (its HP, else its AT), read where it can be more than 0 and at every HP
    check of every monster in a slot: the table-wide statics' (when some object has one) and the covered
    cards' (when the game has such a card: ``covered_bonus``). An attackable item or room gets none (its
    callers read no bonus for it, FS-10.6)."""
    c = g.cache
    total = _wide_sum(g, m, "hp" if hp else "atk") if c.wide_objs or c.wide_key != g.obj_ver else 0
    n_phys = len(g.all_phys)
    if c.covered_key != n_phys or c.covered_cards:
        if (
            c.covered_key == n_phys
            and c.covered_sum_ver == g.obj_ver
            and c.covered_sum_slots == len(g.mslots)
        ):
            total += c.covered_hp if hp else c.covered_atk  # summed already (covered cards: one at least)
        else:
            total += covered_bonus(g, m, "hp" if hp else "atk")
    return total


_WIDE = frozenset(("monsters", "other_monsters", "players"))


def _wide(v: Any) -> str | None:
    """The table-wide ``who`` of an hp/atk static ("Monsters have +1 ATK": monsters, other_monsters,
    players), None for one that is its holder's own."""
    who = v.get("who") if isinstance(v, dict) else None
    return who if who in _WIDE else None


def wide_objs(g: Game) -> list[Obj]:
    """The objects with a table-wide hp or atk static (rooms, monsters, items, curses), listed again only
    when objects entered play or changed (``Game.obj_ver``, by :func:`_walk`); none in Base V2."""
    if g.cache.wide_key != g.obj_ver:
        _walk(g)
    return g.cache.wide_objs


def _covered_cards(g: Game) -> list:
    """The game's cards with a static that works while covered (``if: covered``), found again only when
    cards were made (nearly never after setup)."""
    c = g.cache
    if c.covered_key != len(g.all_phys):
        c.covered_cards = [
            ph
            for ph in g.all_phys
            if ph.rules.statics and any(b.get("if") == "covered" for b in ph.rules.statics)
        ]
        c.covered_key = len(g.all_phys)
    return c.covered_cards


def covered_bonus(g: Game, target: Obj, key: str) -> int:
    """+n HP or damage monsters get from a card lying covered in a monster slot whose static says it works
    while covered (``if: covered``, Alt Art Gurdy): such a card is no object in play (FS-3.8), so only this
    static of it is read, straight from the card. Summed once per change of the objects in play
    (``Game.obj_ver``: covering, uncovering and moving a monster all make or change one), not per read."""
    cards = _covered_cards(g)
    if not cards:
        return 0
    c = g.cache
    if c.covered_sum_ver != g.obj_ver or c.covered_sum_slots != len(
        g.mslots
    ):  # two ints: no key tuple a read
        sums = {"hp": 0, "atk": 0}
        for s in g.mslots:
            for ph in s[:-1]:
                if isinstance(ph, Phys) and any(ph is x for x in cards):
                    for body in ph.rules.statics:
                        for k in ("hp", "atk"):
                            v = body.get(k)
                            if body.get("if") == "covered" and _wide(v) == "monsters" and isinstance(v, dict):
                                sums[k] += int(v.get("n", 1))
        c.covered_hp, c.covered_atk = sums["hp"], sums["atk"]
        c.covered_sum_ver, c.covered_sum_slots = g.obj_ver, len(g.mslots)
    return c.covered_hp if key == "hp" else c.covered_atk if key == "atk" else 0


def wide_bonus(g: Game, target: Player | Obj, key: str) -> int:
    """+n HP or damage (FS-6.20, FS-1.24) a player or monster gets from table-wide statics of any object in
    play: "Monsters have +1 ATK" (Black Champions, Death's Head), "Other monsters have +1 HP" (Mom!),
    "Players have +1 HP" (Maggy's Blessing); ``per_counter: NAME``: that much for each such counter on
    the player or monster (Red Proglottid's eggs). The condition is the holder's ("on your turn": its
    controller's turn; a room's "you" is the active player, FS-16.2)."""
    total = _wide_sum(g, target, key)
    if isinstance(target, Obj) and target.kind == "monster":
        total += covered_bonus(g, target, key)
    return total


def _wide_sum(g: Game, target: Player | Obj, key: str) -> int:
    """``wide_bonus`` without the covered cards'."""
    total = 0
    player = isinstance(target, Player)
    if g.cache.wide_key != g.obj_ver:
        _walk(g)
    entries: list[StaticEntry] = g.cache.wide_hp if key == "hp" else g.cache.wide_atk
    for e in entries:
        o = e.o
        if not _live(o) or player != e.players:
            continue
        if not isinstance(target, Player) and (target.kind != "monster" or (e.others and o is target)):
            continue  # FS-10.6: an attackable item or room is not a monster
        per = e.per
        if per is not None:  # FS-5.14: +n for each such counter on the player or monster (Red Proglottid)
            eggs = counters.count(target, per)
            if eggs and _entry_holds(g, e):
                total += eggs * (e.n if e.fixed else amount(g, o, e.v))
            continue
        if _entry_holds(g, e):
            total += e.n if e.fixed else amount(g, o, e.v)
    return total


class StaticEntry:
    """An evasion or table-wide hp/atk static found by the walk (``_walk``), read at every evasion, HP and
    AT read of every monster: its holder, body, who and value, and what each read asks of them worked out
    once (native fields: no tuple unpacked, no string compared, no condition looked up at each read)."""

    def __init__(self, o: Obj, body: dict, who: str, v: Any, need: Any) -> None:
        self.o = o
        self.body = body
        self.v = v
        self.need = need  # evasion: the counter a monster needs (Bow and Arrow's bounty), or None
        self.self_only = who == "self"
        self.others = who == "other_monsters"
        self.players = who == "players"
        self.per = v.get("per_counter") if isinstance(v, dict) else None  # table-wide: +n per counter
        c = body.get("if")
        # its condition, read as ``_holds`` reads it: 0 none; 1 "your_turn" and 2 "not your_turn", read
        # here as their fast forms read them; 3 any other, through ``_holds``
        self.gate = 0 if c is None else 1 if c == "your_turn" else 2 if c == "not your_turn" else 3
        n = _num(v)
        self.fixed = isinstance(n, int)  # ``amount`` gives n itself (else it is read at each call)
        self.n = int(n) if isinstance(n, int) else 0


def _entry_holds(g: Game, e: StaticEntry) -> bool:
    """``_holds(g, e.o, e.body)``, with "your_turn" (the holder's controller's turn; a monster's or a room's:
    always) read inline."""
    gate = e.gate
    if gate == 0:
        return True
    if gate == 3:
        return _holds(g, e.o, e.body)
    o = e.o
    mine = o.controller < 0 or o.controller == g.active
    return mine if gate == 1 else not mine


def _all_static_objs(g: Game) -> list[Obj]:
    """The objects whose statics work, in the walk's order: each player's character, items, curses and
    the souls whose abilities work as souls; the slot monsters; the rooms (a list: a generator's steps
    cost more than the walk's reads)."""
    out: list[Obj] = []
    for p in g.players:
        if p.character is not None:
            out.append(p.character)
        out.extend(p.items)
        out.extend(p.curses)
        if p.souls:
            out.extend([s for s in p.souls if works_as_soul(s)])
    out.extend(g.monsters())
    for s in g.rooms.slots if g.rooms is not None else ():
        if s and isinstance(s[-1], Obj):  # a covered card (FS-3.8) is out of play
            out.append(s[-1])  # FS-16.2: rooms' statics work like any card's
    return out


def _live(o: Obj) -> bool:
    """Still one of ``_all_static_objs``: in play under a player (as a soul only when its abilities work so),
    a monster or a room."""
    return o.in_play and (
        o.kind in ("monster", "room")
        or (o.controller >= 0 and (o.kind in _PLAYER_KINDS or (o.kind == "soul" and works_as_soul(o))))
    )


def works_as_soul(o: Obj) -> bool:
    """A soul whose card says its abilities work while it is a soul (static ``works_as_soul``: Alt Art Lost
    Soul, FS-14.5); every other soul holds no working abilities."""
    return o.rules is not None and any("works_as_soul" in b for b in o.rules.statics)


_PLAYER_KINDS = frozenset(("character", "item", "curse"))


def evasion_objs(g: Game) -> list[Obj]:
    """The objects with an evasion static, listed again only when objects entered play, changed
    controller or copied abilities (the same key as the trigger cache); only a few cards have one."""
    if g.cache.ev_key != g.obj_ver:
        _walk(g)
    return g.cache.ev_objs


def evasion(g: Game, m: Obj) -> int:
    """Monster evasion: printed + buffs + static modifiers, clamped to 1..6 (FS-10.8, FS-Q.39)."""
    ev: int = _monster_plan(g, m).ev + m.b_ev  # FS-6.10: the printed evasion of the side that shows
    if g.cache.ev_key != g.obj_ver:
        _walk(g)
    entries: list[StaticEntry] = g.cache.ev_entries  # each evasion static, in the holders' walk order
    for e in entries:
        o = e.o
        if e.self_only and o is not m:
            continue
        if e.others and o is m:
            continue
        if not e.self_only and m.kind != "monster":
            continue  # FS-10.6: an attackable item or room is not a monster
        need = e.need
        if need is not None and not (m.named and m.named.get(need)):
            continue  # FS-5.14: only monsters with such counters (Bow and Arrow's bounty)
        if not _live(o):
            continue
        if _entry_holds(g, e):  # the condition last: it is the costly part
            ev += e.n if e.fixed else amount(g, o, e.v)  # a number, or read on its holder (per counter)
    return 1 if ev < 1 else 6 if ev > 6 else ev


def cant_be_attacked(g: Game, m: Obj) -> bool:
    return any("cant_be_attacked" in body and _holds(g, m, body) for body in m.rules.statics)


def untargetable_seats(g: Game) -> tuple[int, ...]:
    """Seats whose player and objects other players cannot target now (FS-4.2: The Monster of Summer, while
    charged): the controllers of the ``untargetable`` statics in play whose condition holds."""
    found = table_statics(g, "untargetable")
    if not found:
        return ()
    return tuple(o.controller for o, b in found if _live(o) and o.controller >= 0 and _holds(g, o, b))


def keeps_damage(g: Game, m: Obj) -> bool:
    """A monster the end phase's heal passes by (FS-8.10(4): Mulligoon of Summer keeps its damage)."""
    return any("keeps_damage" in body and _holds(g, m, body) for body in m.rules.statics)


def attack_ends_on_roll(g: Game, t: Obj) -> int:
    """The attack roll of the turn (the attacker's n-th, FS-9.4) after whose combat damage an attack on this
    monster is cancelled (``attack_ends_on_roll: n``, Turdlings of Requiem, FS-10.11); 0 for none."""
    for body in t.rules.statics:
        if "attack_ends_on_roll" in body and _holds(g, t, body):
            return int(body["attack_ends_on_roll"])
    return 0


def two_dice_rolls(g: Game) -> bool:
    """FS-9.6: a ``two_dice_left_picks`` static in play (Cursed Lil Haunt of Requiem): each die a player
    would roll is two dice, and the player to the roller's left keeps one of them as that die."""
    return bool(_on(g, "two_dice_left_picks"))


def attackable_objs(g: Game, now: bool = True) -> list[Obj]:
    """FS-10.6 / FS-16.6: the items under players and the rooms in play that can be attacked now.
    The holders of an ``attackable`` static are listed again only when objects entered play or changed
    controller (the trigger cache's key); Base V2 has none, so this is almost always empty.
    ``now=False``: every holder in play, attackable at this moment or not."""
    key = g.obj_ver
    c = g.cache
    if c.att_key != key and not table_statics(g, "attackable"):
        # no object in play has one (the walk lists every static of the objects in play, the holders among
        # them): nearly always, and then no item's abilities are read at each change of the objects
        c.att_objs = []
        c.att_key = key
    if c.att_key != key:
        holders = [o for p in g.players for o in p.items]
        holders += [s for p in g.players for s in p.souls if works_as_soul(s)]  # Cursed Haunt (FS-14.5)
        if g.rooms is not None:
            holders += [s[-1] for s in g.rooms.slots if s and isinstance(s[-1], Obj)]
        # each holder with its attackable statics (its abilities cannot change under one ``obj_ver``)
        c.att_objs = [
            (o, found) for o in holders if (found := [b for b in o.rules.statics if "attackable" in b])
        ]
        c.att_key = key
    if not c.att_objs:
        return _NONE  # nearly always in Base V2 (read at every state check)
    out: list[Obj] = []
    for o, bodies in c.att_objs:
        if (
            o.in_play
            and (o.kind == "room" or (o.kind in ("item", "soul") and o.controller >= 0))
            and (not now or any(_holds(g, o, b) for b in bodies))
        ):
            out.append(o)
    return out


def other_attack_targets(g: Game, seat: int) -> list[Obj]:
    """Attack targets besides slot monsters and the monster deck: attackable items and rooms (FS-10.6,
    FS-16.6), and other living players while an ability lets players be attacked (FS-10.6: their
    character stands for them)."""
    opts = [o for o in attackable_objs(g) if not cant_be_attacked(g, o)]
    opts += [
        q.character
        for q in g.players
        if q.seat != seat and q.character is not None and living(q) and player_evasion(g, q) is not None
    ]
    return opts


def player_evasion(g: Game, p: Player) -> int | None:
    """FS-10.6: the evasion ``p`` has as an attack target, or None when no ability lets players be
    attacked now. Of several such abilities the most recently created applies: a static by its object's
    age, a "till end of turn" grant (``players_attackable`` verb) by when it resolved."""
    if g.cache.pa_key != g.obj_ver:
        _walk(g)
    if not g.cache.pa_objs and not g.pa_grants:
        return None
    best: tuple | None = None
    for o in g.cache.pa_objs:
        if not _live(o):
            continue
        for body in o.rules.statics:
            v = body.get("players_attackable")
            if v is None:
                continue
            v = v if isinstance(v, dict) else {"evasion": v}
            if v.get("who", "players") == "you" and p.seat != (
                g.active if o.kind == "room" else o.controller
            ):
                continue
            if "counter" in v and not p.counters.get(v["counter"]):
                continue  # FS-5.14: only players with that counter on them (Evis, White Proglottid)
            if v.get("who") == "more_souls" and (
                o.controller < 0 or p.soul_total() <= g.players[o.controller].soul_total()
            ):
                continue  # only players holding more souls than this card's controller (Backstabber)
            if (best is None or o.uid > best[0]) and _holds(g, o, body):
                best = (o.uid, _num(v["evasion"]))
    for created, ev, seat in g.pa_grants:
        if (seat is None or seat == p.seat) and (best is None or created > best[0]):
            best = (created, ev)
    if best is None:
        return None
    return 1 if best[1] < 1 else 6 if best[1] > 6 else best[1]


def defender(g: Game, t: Obj) -> Any:
    """What an attack on ``t`` hits: the player for a character (FS-10.6), else the object itself."""
    return g.players[t.controller] if t.kind == "character" else t


def target_hp(g: Game, t: Obj) -> int:
    return player_hp(g, g.players[t.controller]) if t.kind == "character" else monster_hp(g, t)


def target_evasion(g: Game, t: Obj) -> int:
    if t.kind == "character":
        owed = g.owed_evasion.get(t.uid) if g.owed_evasion else None
        if owed is not None and g.attack is not None and g.attack.target is t:
            return owed  # an attack owed on this player, with the evasion its card gives them (Conquest)
        ev = player_evasion(g, g.players[t.controller])
        return 6 if ev is None else ev
    return evasion(g, t)


def target_atk(g: Game, t: Obj) -> int:
    """The damage an attack target deals on a miss (FS-10.9): a defending player's is their attack."""
    return player_atk(g, g.players[t.controller]) if t.kind == "character" else monster_atk(g, t)


def target_gone(g: Game, t: Obj) -> bool:
    """The attack target is dead, dying or out of play (FS-10.11)."""
    if t.kind == "character":
        p = g.players[t.controller]
        return not living(p) or not t.in_play
    return not t.in_play or t.dying


def roll_bonus(g: Game, p: Player, attack: bool) -> int:
    """Static roll modifiers applied when a roll resolves (FS-9.4, FS-Q.14) plus roll buffs."""
    bonus = p.b_roll
    if attack:
        for _o, v in player_statics(g, p, "attack_roll"):
            if isinstance(v, dict) and v.get("first_each_turn") and p.attack_rolls_this_turn != 1:
                continue
            bonus += _num(v)
    return bonus


def next_attack_roll_bonus(g: Game, p: Player) -> int:
    """:func:`roll_bonus` of ``p``'s next attack roll as it will resolve (FS-9.4, FS-Q.14): the bonus is read
    after the roll is counted in ``attack_rolls_this_turn`` (``resolve_roll``), so a roll on the stack or one
    still to make is read with itself counted — a first-roll bonus only on the first (Bum-Bo!, Mom's Lipstick:
    ``first_each_turn``), Seraphim's ``attack_rolls(you) in (1, 3, 5)`` on the odd ones."""
    p.attack_rolls_this_turn += 1
    try:
        return roll_bonus(g, p, True)
    finally:
        p.attack_rolls_this_turn -= 1


def count(g: Game, p: Player, key: str) -> Any:
    """Per-turn counts (FS-8.4, FS-8.6, FS-8.3): +N from statics, or 'unlimited'."""
    total = 0
    for _o, v in player_statics(g, p, key):
        v = _num(v)
        if v == "unlimited":
            return "unlimited"
        total += v
    return total


def monster_loot_step(g: Game) -> int:
    """FS-8.3: the extra cards the active player draws in their loot step from ``loot_step`` statics on
    monsters in slots (The Radiance, Warp Zone); a player's own objects are counted by :func:`count`."""
    found = table_statics(g, "loot_step")
    return sum(
        int(_num(b["loot_step"])) for o, b in found if o.kind == "monster" and _live(o) and _holds(g, o, b)
    )


def monster_attacks(g: Game) -> bool:
    """FS-8.6: a monster in a slot lifts the limit on the active player's attacks while it is there
    (``attacks: unlimited`` on a monster, Alt Art Mega Satan!): read at each action, as it may come and go."""
    found = table_statics(g, "attacks")
    return any(
        o.kind == "monster" and _live(o) and _num(b["attacks"]) == "unlimited" and _holds(g, o, b)
        for o, b in found
    )


def recharge_limit(g: Game, p: Player) -> int | None:
    """How many items ``p`` may recharge in their recharge step (FS-8.1): None = all; a cap
    of N items recharged (Curse of Fatigue; Heavy is the Head, a room read for the active player)."""
    limits = [_num(v) for _o, v in player_statics(g, p, "recharge_items")]
    return min(limits) if limits else None


def character_stays(g: Game, p: Player) -> bool:
    """FS-8.1: the character stays spent in its owner's recharge step (Mama Haunt)."""
    return bool(player_statics(g, p, "no_character_recharge"))


def hand_limit(g: Game, p: Player) -> int:
    """FS-8.10(2): the hand size ``p`` discards down to at the end of their turn: the game's (FS-3.7), or a
    smaller one a static sets (a hand limit of 2: Curse of Tiny Hands)."""
    return min([g.cfg.hand_limit, *(_num(v) for _o, v in player_statics(g, p, "hand_limit"))])


def self_recharge_only(o: Obj) -> bool:
    """FS-6.2: ``o`` is recharged by its own abilities only (``self_recharge_only``: Car Battery)."""
    return bool(o.rules.statics) and any("self_recharge_only" in b for b in o.rules.statics)


def counts_as_hit(t: Obj, face: int) -> bool:
    """FS-10.9: an attack roll showing ``face`` against ``t`` hits whatever its evasion, when ``t`` itself
    says so (``hit_on: 1``: The Gorm, Warp Zone); a player's ``miss_on`` still makes it a miss."""
    return (
        any(_num(b["hit_on"]) == face for b in t.rules.statics if "hit_on" in b) if t.rules.statics else False
    )


def counts_as_miss(g: Game, p: Player, face: int) -> bool:
    """FS-10.9: an attack roll of ``p`` showing ``face`` misses whatever the evasion, when an object ``p``
    controls says so (``miss_on: 1`` and ``miss_on: 6``: Number One)."""
    return any(_num(v) == face for _o, v in player_statics(g, p, "miss_on"))


def beats_last(g: Game, t: Obj) -> bool:
    """FS-10.9: an attack roll against ``t`` must be higher than the last one against it this turn, else it
    misses (``must_beat_last: true``: Summer Hush)."""
    return any(b.get("must_beat_last") and _holds(g, t, b) for b in t.rules.statics if "must_beat_last" in b)


def named_faces(g: Game, t: Obj) -> bool:
    """FS-10.9: before each attack roll against ``t`` the players left and right of the active player each
    name a face that makes it miss (``misses_named: true``: Alt Art Mother!)."""
    return any(b.get("misses_named") and _holds(g, t, b) for b in t.rules.statics if "misses_named" in b)


def attack_roll_hits(g: Game, p: Player, t: Obj, value: int, named: tuple = ()) -> bool:
    """FS-10.9: does an attack roll of ``p`` whose final value is ``value`` hit ``t``? At least its evasion or
    a face ``t`` says hits (The Gorm), and none of: a face named before the roll (``named``, Alt Art Mother!),
    a value not above the last roll against ``t`` this turn when it must beat it (Summer Hush), a face
    ``p``'s own objects make a miss (Number One). The one answer: the engine resolves a roll by it
    (``roll_resolved``) and the players read it through their view."""
    if value < target_evasion(g, t) and not counts_as_hit(t, value):
        return False
    if named and value in named:
        return False
    if t.rules.statics and g.last_attack_roll.get(t.uid, 0) >= value and beats_last(g, t):
        return False
    return not counts_as_miss(g, p, value)


def also_hit_on(g: Game, t: Obj, face: int) -> bool:
    """FS-10.9: a missed attack roll showing ``face`` against ``t`` still deals the attacker's combat damage
    to it, on top of the miss's damage to the attacker, when ``t`` says so (``also_hit_on: 1``: Gold Box
    Knight)."""
    return any(
        _num(b["also_hit_on"]) == face for b in t.rules.statics if "also_hit_on" in b and _holds(g, t, b)
    )


def extra_votes(g: Game, p: Player) -> int:
    """FS-5.17: how many more votes ``p`` may cast in each vote (Crewmate: one more, if they like)."""
    return sum(_num(v) for _o, v in player_statics(g, p, "extra_votes"))


def price(g: Game, p: Player, shop: bool) -> int:
    """FS-11.3: 10¢, minus static discounts (Steamy Sale! only for shop items); ``to: N`` sets the price
    at most N whatever else changes it ("for 0¢": Pity for the Poor)."""
    base, top = 10, None
    for _o, v in player_statics(g, p, "price"):
        what = v.get("what", "shop_item") if isinstance(v, dict) else "shop_item"
        if what == "shop_item" and not shop:
            continue
        if isinstance(v, dict) and "to" in v:
            top = v["to"] if top is None else min(top, v["to"])
            continue
        base += amount(g, _o, v)  # an expression is read on the card (Everything Must Go: per counter)
    if (
        shop and p.seat == g.active
    ):  # a monster lowering the price of shop buys for the active player (Holy Greed)
        for o, b in table_statics(g, "price"):
            if o.controller < 0 and o.kind == "monster" and _live(o) and _holds(g, o, b):
                base += _num(b["price"])
    return max(0, base) if top is None else min(top, max(0, base))


def forbidden(g: Game, seat: int) -> tuple | set[str]:
    """FS-7.3 restrictions from other players' statics (Trinity Shield)."""
    out: set[str] | None = None
    key = g.obj_ver
    if g.cache.forbid_key != key:  # objects entered play or changed: list the forbidding ones again
        g.cache.forbid_objs = [o for p in g.players for o in p.items if o.rules.forbid]
        g.cache.forbid_key = key
    for o in g.cache.forbid_objs:
        if not o.in_play or o.controller in (seat, -1):
            continue
        for body in o.rules.statics:
            v = body.get("forbid")
            if v is not None and _holds(g, o, body):
                acts = v.get("actions", ()) if isinstance(v, dict) else ()
                out = out or set()
                out.update([acts] if isinstance(acts, str) else acts)
    for seats, acts in g.eot_forbids:  # till end of turn, from the `forbid_eot` verb
        if seat in seats:
            out = out or set()
            out.update(acts)
    return out or ()


# ----------------------------------------------------------------------------- replacements (FS-5.4)


@dataclass(slots=True, eq=False)
class Ctx:
    g: Game
    you: int  # the controller ("you", FS-0.5)
    src: Any = None  # the object whose ability this is (Obj), or the loot card (Phys)
    binds: dict = field(default_factory=dict)
    ev: dict | None = None  # the triggering event (amount, target, roll, damage, death, roller, ...)
    result: int | None = None  # the roll a table is reading
    item: Any = None  # the stack item being resolved
    name: str = ""
    mode: Any = None
    by: int | None = None  # who makes choices, when not the controller
    moved: bool = False  # the effect moved its own card (XIX The Sun, Lost Soul)
    watch: frozenset | None = None  # the binds whose loss fizzles this item (None: all of them)
    line: frozenset = frozenset()  # the cards whose copying made this copy (lineage.py, FS-5.13)
    reads: Any = None  # a roll table's reader: the roll it reads (`roll_again` rolls its table anew)
    sels: dict | None = None  # each target's filters as chosen, re-read on resolution (FS-4.2, FS-6.8)

    def __init__(
        self,
        g: Game,
        you: int,
        src: Any = None,
        binds: dict | None = None,
        ev: dict | None = None,
        result: int | None = None,
        item: Any = None,
        name: str = "",
        mode: Any = None,
        by: int | None = None,
        moved: bool = False,
        watch: frozenset | None = None,
        line: frozenset = frozenset(),
        reads: Any = None,
    ) -> None:
        """The dataclass's ``__init__`` written out: the generated one runs interpreted even in the compiled
        build (issue 20: about 220 contexts a Four Souls game, 5,400 instructions each). ``binds`` None: a
        new empty dict, as the field's default factory made."""
        self.g = g
        self.you = you
        self.src = src
        self.binds = {} if binds is None else binds
        self.ev = ev
        self.result = result
        self.item = item
        self.name = name
        self.mode = mode
        self.by = by
        self.moved = moved
        self.watch = watch
        self.line = line
        self.reads = reads
        self.sels = None

    def __deepcopy__(self, memo: dict) -> Ctx:
        """A search's copy (``statecopy.copy_state``): built from its game and seat, then every field
        copied through the memo, as the generic deep copy did — compiled, ``__new__`` runs ``__init__``,
        so the generic copy's bare ``__new__`` would ask for its arguments (issue 20)."""
        out = Ctx(self.g, self.you)
        memo[id(self)] = out
        for name in CTX_FIELDS:
            setattr(out, name, copy.deepcopy(getattr(self, name), memo))
        return out


# Ctx's fields, for its deep copy (a test checks them against the dataclass's)
CTX_FIELDS = (
    "g",
    "you",
    "src",
    "binds",
    "ev",
    "result",
    "item",
    "name",
    "mode",
    "by",
    "moved",
    "watch",
    "line",
    "reads",
    "sels",
)


def names_used(eff: Any, names: Any) -> frozenset:
    """Which of ``names`` (bind names such as ``I``) an effect mentions, in any field or expression."""
    found: set = set()
    todo = [eff]
    while todo:
        x = todo.pop()
        if isinstance(x, dict):
            todo.extend(x.keys())
            todo.extend(x.values())
        elif isinstance(x, (list, tuple)):
            todo.extend(x)
        elif isinstance(x, str):
            found.update(w for w in _WORD.findall(x) if w in names)
    return frozenset(found)


_WORD = re.compile(r"[A-Za-z_]\w*")


def player_of(ctx: Ctx, x: Any) -> Player | None:
    g = ctx.g
    if x is None or x == "you":
        return g.players[ctx.you]
    if isinstance(x, Player):
        return x
    if isinstance(x, Obj):
        return g.players[x.controller] if x.controller >= 0 else None
    if isinstance(x, int):
        return g.players[x]
    if isinstance(x, str):
        if x == "active":
            return g.players[g.active]
        if x == "possessed":  # the player whose items you may use this turn (Possession), if any
            seat = g.possessed.get(ctx.you, -1) if g.possessed else -1
            return g.players[seat] if seat >= 0 else None
        if x == "marked":  # the player this object chose at this turn's start (`mark`: Keke Is You), if any
            src = ctx.src
            seat = g.marks.get(src.uid, -1) if isinstance(src, Obj) and g.marks else -1
            return g.players[seat] if seat >= 0 else None
        if x in ("roller", "attacker", "killer", "activator", "target"):
            v = (ctx.ev or {}).get(x)
            if v is None and x == "attacker" and g.attack is not None:
                v = g.attack.seat
            return player_of(ctx, v) if v is not None else None
        if x.startswith("event."):  # event.target; event.victim: the player whose death triggered
            return player_of(ctx, (ctx.ev or {}).get(x[6:]))
        if x in ctx.binds:
            return player_of(ctx, ctx.binds[x])
        if x.startswith("controller_of("):  # the player who put a loot or ability on the stack (FS-7.4)
            it = ctx.binds.get(x[14:-1])
            owner_seat = it.controller if it is not None and hasattr(it, "controller") else -1
            return g.players[owner_seat] if owner_seat >= 0 else None
        if x.startswith(("left_of(", "right_of(")):
            inner = player_of(ctx, x[x.index("(") + 1 : -1])
            if inner is None:
                return None
            step = 1 if x.startswith("left") else -1
            return g.players[(inner.seat + step) % g.n]
    raise EngineError(f"{ctx.name}: cannot resolve player reference {x!r}")


def the_player(ctx: Ctx, x: Any) -> Player:
    """:func:`player_of` where the effect needs a player: a reference naming none (an object in the
    shop) is an EngineError naming the card, not a crash further on."""
    p = player_of(ctx, x)
    if p is None:
        raise EngineError(f"{ctx.name}: {x!r} names no player")
    return p


def obj_of(ctx: Ctx, x: Any) -> Any:
    if x == "self" or x == "self_card":
        return ctx.src
    if isinstance(x, str):
        if x in ctx.binds:
            return ctx.binds[x]
        if x == "your_character":
            return ctx.g.players[ctx.you].character
        if x == "active_character":  # "a player purchases this turn" (Credit Card): the one whose turn it is
            return ctx.g.players[ctx.g.active].character
        if x.startswith("event."):
            return (ctx.ev or {}).get(x[6:])
        if x in ("you", "active", "roller", "attacker", "killer", "activator") or x.startswith(
            ("left_of", "right_of", "controller_of")
        ):
            return player_of(ctx, x)
    return x


def value(ctx: Ctx, x: Any) -> Any:
    if x is None:
        return 1
    if isinstance(x, (bool, int)):
        return int(x)
    if isinstance(x, str):
        if x in ctx.binds and isinstance(ctx.binds[x], int):
            return ctx.binds[x]
        if x in ("all", "any_number", "unlimited", "full"):
            return x
        return evaluate(
            compile_expr(x),
            lambda n: _name(ctx, n),
            lambda f, a: _call(ctx, f, a),
            lambda b, a: _attr(ctx, b, a),
        )
    return x


def cond(ctx: Ctx, x: Any) -> bool:
    if isinstance(x, bool):
        return x
    return bool(value(ctx, x))


def _name(ctx: Ctx, n: str) -> Any:
    g = ctx.g
    if n == "result":
        return ctx.result
    if n in ctx.binds:
        return ctx.binds[n]
    if n == "your_turn":
        return g.active == owner(ctx)
    if n == "charged":  # this object is upright (FS-6.2: The Monster of Summer, while charged)
        return isinstance(ctx.src, Obj) and ctx.src.charged
    if n == "is_soul":  # this card is a soul a player holds (FS-14.5: Cursed Haunt of Summer, "while a soul")
        return isinstance(ctx.src, Obj) and ctx.src.kind == "soul"
    if n == "same_dice":  # FS-9.2(1): the dice a group's reader reads all show one face (Alt Art The Bloat)
        group = ctx.reads.group if ctx.reads is not None else None
        return group is not None and len(group.finals) >= 2 and len(set(group.finals)) == 1
    if n == "discarded_count":  # the loot cards this card's or ability's cost discarded (Fiend Fire)
        return len((ctx.ev or {}).get("discarded", ()))
    if n == "covered":  # an object in play is never covered (FS-3.8): read only from a covered card's statics
        return False
    if n == "marked":  # in a condition: this object chose a player this turn (`mark`: Keke Is You)
        return player_of(ctx, "marked") is not None
    if n == "level":
        return ctx.src.levels if isinstance(ctx.src, Obj) else 0
    if n == "minions":  # FS-18.5: the monsters in minion slots
        return challenge.minions(g)
    if n == "living_players":  # FS-13.1, FS-13.12: players neither dead this turn nor dying
        return sum(1 for p in g.players if living(p))
    if n == "dead_players":  # FS-13.12: players who died this turn (Bible Thump!)
        return sum(1 for p in g.players if p.dead)
    if n == "attacking":  # FS-10.2: an attack is in progress (Red Key: not while one is)
        return g.attack is not None and not g.attack.cancelled
    if n == "could_purchase":  # FS-11.1: the active player's purchase is open now (Shopkeeper! of Warp Zone):
        # a purchase left this turn, no attack in progress and the stack empty — the moments a purchase
        # may be declared; whether the shop holds anything they can pay for is not asked
        return g.purchases_left > 0 and not g.stack and (g.attack is None or g.attack.cancelled)
    if n == "attacks_declared":  # FS-10.2: attacks declared this turn, the one in progress included
        return g.attacks_used
    if n == "monster_slots":  # FS-3.12: the monster slots, expanded ones too (Ace of Diamonds)
        return len(g.mslots)
    if n == "killed_by_another_player":  # a dies event's killer is a player other than its victim
        ev = ctx.ev or {}
        k, v = ev.get("killer"), ev.get("victim")
        if isinstance(
            v, Obj
        ):  # an item a player holds: killed by a player other than its holder (Charmed Vis)
            return isinstance(k, int) and k >= 0 and v.controller >= 0 and k != v.controller
        return isinstance(k, int) and k >= 0 and isinstance(v, Player) and k != v.seat
    if n == "killed_by_this":  # a player's death no player caused, the last damage they took from this object
        ev = ctx.ev or {}
        v = ev.get("victim")
        return (
            isinstance(v, Player)
            and ev.get("killer", -1) < 0
            and isinstance(ctx.src, Obj)
            and g.last_damager.get(("o", v.seat)) == ctx.src.uid
        )
    if n == "attack_roll":
        return (ctx.ev or {}).get("attack_roll")
    if n == "killing_attack_roll":
        return (ctx.ev or {}).get("killing_attack_roll")
    if n in ("true", "false"):
        return n == "true"
    return n  # a word: a reference resolved by the calling function


def _attr(ctx: Ctx, base: str | None, a: str) -> Any:
    if base == "event":
        return (ctx.ev or {}).get(a)
    raise EngineError(f"{ctx.name}: unknown attribute {base}.{a}")


def owner(ctx: Ctx) -> int:
    return ctx.src.controller if isinstance(ctx.src, Obj) and ctx.src.controller >= 0 else ctx.you


def _call(ctx: Ctx, f: str, args: list) -> Any:
    vals = [
        evaluate(
            a, lambda n: _name(ctx, n), lambda ff, aa: _call(ctx, ff, aa), lambda b, at: _attr(ctx, b, at)
        )
        for a in args
    ]
    if f in ("max", "min"):
        return max(vals) if f == "max" else min(vals)
    if f == "hand_size":
        return len(the_player(ctx, vals[0]).hand)
    if f == "cents":
        return the_player(ctx, vals[0]).cents
    if f == "counters":  # FS-5.14: all counters of an object or player, or those of one name
        return counters.count(obj_of(ctx, vals[0]), vals[1] if len(vals) > 1 else None)
    if f == "attacks_or_holds":  # FS-10.2: P attacks this object now, or controls it (Charmed Vis, Summer)
        me, pl = ctx.src, player_of(ctx, vals[0])
        if not (isinstance(me, Obj) and isinstance(pl, Player)):
            return False
        a = ctx.g.attack
        return me.controller == pl.seat or (
            a is not None and not a.cancelled and a.target is me and a.seat == pl.seat
        )
    if f == "controller":  # the player controlling an object, None for the shop (Spindown Dice, Berkano)
        o = obj_of(ctx, vals[0])
        return ctx.g.players[o.controller] if isinstance(o, Obj) and o.controller >= 0 else None
    if f == "turn_of":  # it is that player's turn (Holy Mantle: "if it's their turn")
        p = player_of(ctx, vals[0])
        return p is not None and p.seat == ctx.g.active
    if f == "alive":  # FS-13.1, FS-13.12: neither dead this turn nor dying
        p = player_of(ctx, vals[0])
        return p is not None and living(p)
    if f == "souls":  # FS-1.22: a player's soul value, or every player's (souls(all))
        ps = ctx.g.players if vals[0] == "all" else [player_of(ctx, vals[0])]
        return sum(p.soul_total() for p in ps if p is not None)
    if f == "hp":
        o = obj_of(ctx, vals[0])
        return hp_of(ctx.g, o)
    if f == "max_hp":  # a monster's HP stat, damage aside — read on a dead one too (Greed Mode, a room)
        o = obj_of(ctx, vals[0])
        return monster_max_hp(ctx.g, o) if isinstance(o, Obj) else 0
    if f == "kills":  # the monsters and players a player killed this turn (FS-13.4, FS-13.8)
        return the_player(ctx, vals[0]).turn_kills
    if f == "attack_rolls":  # the attack rolls a player made this turn, this one included once it resolves
        return the_player(ctx, vals[0]).attack_rolls_this_turn  # (Seraphim, Lump of Coal, Marked)
    if f == "rolls_at":  # the attack rolls aimed at an object this turn, anyone's, this one included (Null)
        o = obj_of(ctx, vals[0])
        return ctx.g.rolls_on.get(o.uid, 0) if isinstance(o, Obj) else 0
    if f == "named":  # items and souls your controller has, this one aside, of these names (Cube of Meat)
        names = set(vals)
        p = ctx.g.players[ctx.you]
        return sum(1 for o in (*p.items, *p.souls) if o is not ctx.src and o.phys.card.name in names)
    if f == "damage":  # the damage marked on a player or monster (FS-6.20): "the HP healed" (Gello)
        o = player_of(ctx, vals[0]) if vals[0] in ("you", "active") else obj_of(ctx, vals[0])
        return o.damage if isinstance(o, (Obj, Player)) else 0
    if f == "items":
        pl = the_player(ctx, vals[0])
        kws = vals[1:]
        return [o for o in pl.items if all(k in o.rules.keywords for k in kws)]
    if f in ("most", "fewest"):  # the most / fewest souls (soul value) or items any player controls
        per = [p.soul_total() if vals[0] == "souls" else len(p.items) for p in ctx.g.players]
        return max(per) if f == "most" else min(per)
    if f == "count":
        return len(vals[0]) if isinstance(vals[0], (list, tuple)) else int(vals[0])
    if f == "shop_buys":  # the shop items a player purchased this turn (FS-11.2: not the deck's top)
        return the_player(ctx, vals[0]).shop_buys
    if f == "loots_played":  # the loot cards a player played this turn (FS-8.4; a played copy counts)
        return the_player(ctx, vals[0]).loots_played
    if f == "cost_named":  # a loot card this ability's cost discarded has the word in its name
        word = re.compile(rf"\b{re.escape(str(vals[0]))}s?\b", re.IGNORECASE)
        return any(word.search(c.card.name) for c in (ctx.ev or {}).get("discarded", ()))
    if (
        f == "attacked"
    ):  # the object was chosen as an attack's target this turn (FS-10.3: Alt Art Little Horn)
        o = obj_of(ctx, vals[0])
        return isinstance(o, Obj) and o.uid in ctx.g.attacked_uids
    if f == "hit_player":  # the monster's combat damage was marked on a player this turn (Hubert Cumberdale)
        o = obj_of(ctx, vals[0])
        return isinstance(o, Obj) and o.uid in ctx.g.hit_player_uids
    if f == "resolutions":  # how often an event of this one's name entered play this game, this time too
        o = obj_of(ctx, vals[0])
        return ctx.g.event_counts.get(o.phys.card.name, 0) if isinstance(o, Obj) else 0
    if f == "goals_met":  # how many of an object's noted goals are met (Social Goals!, FS-16.2)
        o = obj_of(ctx, vals[0])
        return goals_met(o) if isinstance(o, Obj) else 0
    if f == "under":  # the cards put under an object (Isaac's Last Will)
        o = obj_of(ctx, vals[0])
        return len(ctx.g.under.get(o.uid, ())) if isinstance(o, Obj) else 0
    if f == "curses":  # the curses a player has (FS-4.16: The Rainmaker of Summer)
        return len(the_player(ctx, vals[0]).curses)
    if f == "atk":  # a player's damage stat now, everything counted (Dataminer: "your damage becomes 9")
        return player_atk(ctx.g, the_player(ctx, vals[0]))
    if f == "is_this":  # the object is this card's own (Dingle: damage it deals itself rolls nothing)
        return vals[0] is not None and vals[0] is ctx.src
    raise EngineError(f"{ctx.name}: unknown function {f}()")


# The static modifiers read here (vocabulary.STATICS: each word's handler is the function that reads it).
V.STATICS.implement(
    {
        "recharge_items": recharge_limit,
        "no_character_recharge": character_stays,
        "hand_limit": hand_limit,
        "extra_votes": extra_votes,
        "miss_on": counts_as_miss,
        "also_hit_on": also_hit_on,
        "must_beat_last": beats_last,
        "misses_named": named_faces,
        "hit_on": counts_as_hit,
        "hp": player_max_hp,
        "atk": player_atk,
        "attack_roll": roll_bonus,
        "evasion": evasion,
        "price": price,
        "self_recharge_only": self_recharge_only,
        "cant_be_attacked": cant_be_attacked,
        "keeps_damage": keeps_damage,
        "attack_ends_on_roll": attack_ends_on_roll,
        "two_dice_left_picks": two_dice_rolls,
        "works_as_soul": works_as_soul,
        "untargetable": untargetable_seats,
        "attackable": attackable_objs,
        "players_attackable": player_evasion,
        "forbid": forbidden,
    }
)


def table_statics(g: Game, key: str) -> list:
    """(object, body) of each static ``key`` on any object in play — players' objects, monsters, rooms —
    for a table-wide rule whoever controls it ("players can't …", a room's); listed again only when
    objects entered play or changed (``Game.obj_ver``, by :func:`_walk`); whether each is still in play
    and its condition holds is read by the caller (:func:`_on`)."""
    c = g.cache
    if c.table_key != g.obj_ver:
        _walk(g)
    return c.table.get(key, _NONE)


_NONE: Final[list] = []  # no static of that key in play (never added to: callers only read it)


def _walk(g: Game) -> None:
    """One walk of the objects in play after they changed (``Game.obj_ver``) lists every static key's
    (object, body) pairs (``table_statics``) and the holders of table-wide hp/atk, evasion and
    players-attackable statics, in the walk's order. Reading them all at the walk, not each at its first
    read, gives the same lists: an object joins the walk only with a new ``obj_ver`` (made, or given a
    controller or abilities), and one that leaves play between the walk and a read is skipped by every
    reader (``_live``, ``in_play``), as a key listed before it left always was."""
    table: dict[str, list] = {}
    wide: list[Obj] = []
    wide_hp: list[StaticEntry] = []  # each table-wide hp static
    wide_atk: list[StaticEntry] = []
    ev: list[Obj] = []
    ev_entries: list[StaticEntry] = []  # each evasion static
    pa: list[Obj] = []
    for o in _all_static_objs(g):
        rules: CardRules = o.rules  # typed: compiled, its statics and each body's keys are read natively
        bodies: list[dict[str, Any]] = rules.statics
        if not bodies:
            continue
        # a table-wide hp/atk static, an evasion one, a players-attackable one: one pass over the bodies
        has_wide = has_ev = has_pa = False
        for b in bodies:
            for k in b:
                got = table.get(k)
                if got is None:
                    table[k] = [(o, b)]
                else:
                    got.append((o, b))
                if k == "evasion":
                    has_ev = True
                elif k == "players_attackable":
                    has_pa = True
                elif (k == "hp" or k == "atk") and _wide(b[k]) is not None:
                    has_wide = True
        if has_wide:
            wide.append(o)
            for b in bodies:
                if b.get("if") == "covered":
                    continue  # FS-3.8: works only while covered (``covered_bonus``), never for an object in play
                for key, entries in (("hp", wide_hp), ("atk", wide_atk)):
                    who = _wide(b.get(key))
                    if who is not None:
                        entries.append(StaticEntry(o, b, who, b[key], None))
        if has_ev:
            ev.append(o)
            for b in bodies:
                v = b.get("evasion")
                if v is not None:
                    d = isinstance(v, dict)
                    who = str(v.get("who", "monsters")) if d else "monsters"
                    ev_entries.append(StaticEntry(o, b, who, v, v.get("counter") if d else None))
        if has_pa:
            pa.append(o)
    c, ver = g.cache, g.obj_ver
    c.table, c.wide_objs, c.ev_objs, c.pa_objs = table, wide, ev, pa
    c.wide_hp, c.wide_atk, c.ev_entries = wide_hp, wide_atk, ev_entries
    c.table_key = c.wide_key = c.ev_key = c.pa_key = ver


def _on(g: Game, key: str) -> list:
    """The values of the table-wide statics ``key`` in play whose condition holds."""
    found = table_statics(g, key)
    return [b[key] for o, b in found if _live(o) and _holds(g, o, b)] if found else []


def marked_sharers(g: Game) -> list:
    """(holder, body) of each ``abilities_of_marked`` static in play (Golden Trinket): the holder also has
    the abilities of the other items marked with that counter (``gains.share_marked``)."""
    return table_statics(g, "abilities_of_marked")


def revealed_hands(g: Game) -> frozenset[int]:
    """Seats whose hands every player sees (FS-3.7: a hand is hidden unless an effect reveals it): every
    player but the controller of an object in play with a ``hands_revealed`` static (Guppy's Eye)."""
    found = table_statics(g, "hands_revealed")
    if not found:
        return frozenset()
    seats: set[int] = set()
    for o, b in found:
        if _live(o) and o.controller >= 0 and _holds(g, o, b):
            seats.update(p.seat for p in g.players if p.seat != o.controller)
    return frozenset(seats)


def souls_barred(g: Game, p: Player | None = None) -> bool:
    """FS-14.5: no player can gain a soul while an object in play has a ``cant_gain_souls`` static whose
    condition holds (All Hallow's Eve, a room: every player, not only the active one); ``cant_gain_souls:
    you`` bars only the player holding it (Curse of the Soulless, Requiem: its bearer), when ``p``, the
    player who would gain, is that one. Given, stolen and swapped souls still move (FS-6.11). Read only when
    a soul would be gained."""
    found = table_statics(g, "cant_gain_souls")
    if not found:
        return False
    for o, b in found:
        if _live(o) and _holds(g, o, b):
            if b["cant_gain_souls"] != "you":
                return True
            if p is not None and o.controller == p.seat:
                return True
    return False


def penalty_taker(g: Game, p: Player) -> int | None:
    """FS-13.9: the seat that is given the item ``p``'s death penalty would destroy, or None (destroy it).
    A ``penalty_gives_item`` static (Battle Royale, a room: "you" is the active player) hands it to the
    active player when ``p`` was attacked this turn (FS-10.6). A ``penalty_to_active`` static of ``p``'s own
    (their character holds it till the turn's end: Lust for Blood! of Requiem) does so attacked or not."""
    if p.seat == g.active:
        return None
    if player_statics(g, p, "penalty_to_active"):
        return g.active
    if not p.attacked:
        return None
    return g.active if player_statics(g, g.players[g.active], "penalty_gives_item") else None


def cents_shared(g: Game) -> bool:
    """FS-5.4: a ``shared_cents`` static in play (Equality, a room): a player who would gain ¢ does not;
    instead each player, from that player on in turn order, gains that much (the new gains are not
    replaced again, FS-5.6). Read at every gain, from each player's cached statics."""
    return bool(_on(g, "shared_cents"))


def turn_limits(g: Game) -> tuple:
    """FS-6.1 / FS-8.4: (abilities, loot) — the most ↷/$ abilities and loot cards each player may use this
    turn under ``turn_limits`` statics in play (Shadow of Famine, a room: every player), None for no limit."""
    found = _on(g, "turn_limits")
    if not found:
        return None, None
    acts = [v["abilities"] for v in found if isinstance(v, dict) and "abilities" in v]
    loot = [v["loot"] for v in found if isinstance(v, dict) and "loot" in v]
    return (min(acts) if acts else None), (min(loot) if loot else None)


def attack_tax(g: Game, p: Player) -> int:
    """FS-10.2: the ¢ ``p`` must give each other player to declare an attack (``attack_tax`` statics:
    Tax for the Mighty, a room: the active player, when holding the most souls), 0 for none."""
    found = player_statics(g, p, "attack_tax")
    return sum(_num(v.get("cents", 0) if isinstance(v, dict) else v) for _o, v in found) if found else 0


def rewards_to_killer(m: Obj) -> bool:
    """FS-1.15 set aside by the monster itself (``rewards_to_killer``: Ultra Greed!, Requiem): the player
    who killed it gains its whole reward, its soul included, in place of the active player; nobody else."""
    return any("rewards_to_killer" in b for b in m.rules.statics) if m.rules.statics else False


def soul_to_other(m: Obj) -> bool:
    """FS-14.5 set aside by the monster itself (``soul_to_other``: Charmed Monstro, Requiem): the soul the
    active player would gain from its death goes to another player they choose."""
    return any("soul_to_other" in b for b in m.rules.statics) if m.rules.statics else False


def killer_rewards(g: Game) -> bool:
    """FS-1.15 / FS-13.4: a ``killer_rewards`` static in play (Multiplayer Update, a room): a non-active
    player who kills a monster gains its reward block too, after the active player. Read at a death only."""
    return bool(_on(g, "killer_rewards"))


def shop_frozen(g: Game) -> bool:
    """FS-12.1 suspended: with a ``no_shop_refill`` static in play whose condition holds (Everything Must Go
    while it has a counter) an empty shop slot stays empty."""
    return bool(_on(g, "no_shop_refill"))


def must_purchase(g: Game, p: Player) -> bool:
    """``p`` must purchase a shop item this turn if able (Everything Must Go: a room's, for the active
    player, FS-16.2): once they bought one, or cannot, the duty is over."""
    return any(True for _o, _v in player_statics(g, p, "must_purchase"))


def stays_till_shop_empty(g: Game, o: Obj) -> bool:
    """A room that cannot go to the discard while a shop slot holds an item (Everything Must Go)."""
    return any("stays_till_shop_empty" in b and _holds(g, o, b) for b in o.rules.statics) and any(g.shop)


def room_stays(g: Game, o: Obj) -> bool:
    """FS-16.3: a room that cannot go to the discard now — the room step passes it by, and co-op does not drop
    it as stale: while the shop holds an item (Everything Must Go), or while a ``stays_in_play`` static's
    condition holds (Social Goals!: till four of its goals are met)."""
    return stays_till_shop_empty(g, o) or any(
        "stays_in_play" in b and _holds(g, o, b) for b in o.rules.statics
    )


def item_overlay(g: Game) -> Any:
    """The rules every item in play has now (``items_have`` on an object in play whose condition holds:
    The Isaac of Isaac: Re-Isaac, a room), or None; the first such object's, in the order of the table."""
    found = table_statics(g, "items_have")
    for o, b in found:
        if _live(o) and _holds(g, o, b):
            return o.rules.items_have
    return None


def character_name(g: Game, o: Obj) -> str:
    """A character's name as effects read it: its card's, unless a ``characters_named`` static in play names
    every character (Re-Isaac: each one is Isaac, FS-5.2)."""
    names = _on(g, "characters_named") if o.kind == "character" else ()
    return str(names[0]) if names else o.phys.card.name


def goals_met(o: Obj) -> int:
    """How many of an object's goals (static ``goal``) are met (FS-16.2: Social Goals!)."""
    noted = o.noted
    if not noted or o.rules is None:
        return 0
    return sum(1 for abs_ in o.rules.goals.values() for a in abs_ if noted.get(a.index, 0) >= a.cost)


def tap_price(g: Game) -> int:
    """FS-4.4 / FS-4.7: with a ``taps_cost`` static in play (Greed Mode, a room) each ↷ ability on items
    and characters is a $ ability whose cost is this many ¢ instead of deactivating; -1 when none is."""
    found = _on(g, "taps_cost")
    if not found:
        return -1
    v = found[0]
    return int(_num(v.get("cents", 0) if isinstance(v, dict) else v))


V.STATICS.implement(
    {
        "cant_gain_souls": souls_barred,
        "abilities_of_marked": marked_sharers,
        "taps_cost": tap_price,
        "no_shop_refill": shop_frozen,
        "must_purchase": must_purchase,
        "stays_till_shop_empty": stays_till_shop_empty,
        "stays_in_play": room_stays,
        "items_have": item_overlay,
        "characters_named": character_name,
        "goal": goals_met,
        "killer_rewards": killer_rewards,
        "rewards_to_killer": rewards_to_killer,
        "soul_to_other": soul_to_other,
        "penalty_gives_item": penalty_taker,
        "penalty_to_active": penalty_taker,
        "shared_cents": cents_shared,
        "turn_limits": turn_limits,
        "attack_tax": attack_tax,
    }
)
