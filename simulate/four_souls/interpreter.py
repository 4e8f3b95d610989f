"""The effect interpreter: runs an effect (a verb, a list, or a combinator such as seq/and/may/modes/
roll/each/tgt/if/let) against an ability's context. Combinators are bound here into ``vocabulary.COMBINATORS``;
verbs and hooks are looked up in the handlers of their registries (``vocabulary.VERBS`` /
``vocabulary.HOOKS``), which effects.py and hooks.py bind when
they are imported: the verbs sit above this module (they use the actions), so the interpreter finds them
by name, not by import."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from . import asking, dice, statics
from . import vocabulary as V
from .selectors import candidates
from .state import EngineError, Obj, Player
from .statics import Ctx, cond, owner, player_of, the_player, value
from .targets import bind_targets, can_prepare

# verb name → handler(ctx, params); hook name → handler(ctx): the registries' dispatch tables, bound by
# effects.py / hooks.py (``Vocabulary.implement``).
VERB_FUNCS: Final[dict[str, Callable[[Ctx, dict], bool]]] = V.VERBS.handlers
HOOKS: dict[str, Callable[[Ctx], bool]] = V.HOOKS.handlers


def run(ctx: Ctx, eff: Any) -> bool:
    if eff is None:
        return False
    if isinstance(eff, list):
        did = False
        for e in eff:
            did = run(ctx, e) or did
        return did
    if isinstance(eff, str):
        if eff == "nothing":
            return False
        f = VERB_FUNCS.get(eff)
        if f is None:
            raise EngineError(f"{ctx.name}: verb '{eff}' not implemented")
        return f(ctx, {})
    op = None
    for k in eff:
        if k in COMBINATOR_FUNCS or k in VERB_FUNCS:
            op = k
            break
    if op is None:
        raise EngineError(f"{ctx.name}: unknown effect {sorted(eff)}")
    if op in COMBINATOR_FUNCS:
        return COMBINATOR_FUNCS[op](ctx, eff)
    return VERB_FUNCS[op](ctx, _params(op, eff[op]))


def _params(verb: str, val: Any) -> dict:
    if isinstance(val, dict):
        return val
    spec = V.VERBS.get(verb)
    if val is None or spec is None or not spec.params:
        return {}
    if isinstance(val, list) and verb not in ("cancel",):
        return dict(zip(spec.params, val, strict=False))
    return {spec.params[0]: val}


def _c_seq(ctx: Ctx, eff: dict) -> bool:
    did = False
    for e in eff["seq"]:
        did = run(ctx, e) or did
        if ctx.g.stop_effect:
            break
    return did


def _c_and(ctx: Ctx, eff: dict) -> bool:
    """FS-5.8: each part only if the previous took effect. A damage part takes effect when it
    resolves and is not prevented, so the rest waits on the damage item (XIV Temperance)."""
    parts = eff["and"]
    g = ctx.g
    for i, e in enumerate(parts):
        g.last_damage = None
        if not run(ctx, e):
            return False
        d = g.last_damage
        if d is not None and isinstance(e, dict) and "deal_damage" in e and i + 1 < len(parts):
            d.then = (ctx, parts[i + 1 :])
            return True
    return True


def _c_may(ctx: Ctx, eff: dict) -> bool:
    """An optional part: its chooser says yes or no. Inside an ``each`` the context names the member it is
    asked for too, as its public handle, ``(card name, member)``: "any number of your items" (Jester) is a
    choice item by item, which a player can make only knowing which item is asked (FS-5.9)."""
    by = eff.get("by")
    who = the_player(ctx, by).seat if by else (ctx.by if ctx.by is not None else ctx.you)
    member = ctx.binds.get("__each__")
    context = ctx.name if member is None else (ctx.name, asking.public(ctx.g, member))
    if asking.ask(ctx.g, who, "may", (True, False), context):
        ctx.g.acted = (
            ctx.g.resolved
        )  # a player's choice: the runaway guard's player loop (FS-4.7), not a card's
        return run(ctx, eff["may"])
    return False


def _c_modes(ctx: Ctx, eff: dict) -> bool:
    i = ctx.binds.get("__mode__")
    if i is None:  # a mode after "if you do" is picked on resolution (Chaos Card)
        by = eff.get("by")
        who = the_player(ctx, by).seat if by else (ctx.by if ctx.by is not None else ctx.you)
        legal = [k for k, o in enumerate(eff["modes"]) if can_prepare(ctx, o)]
        used = ctx.g.modes_used.get(ctx.src.uid, ()) if eff.get("once") and isinstance(ctx.src, Obj) else ()
        legal = [k for k in legal if k not in used]  # a mode it picked before is gone (Stacy's Extra Head)
        if not legal:
            return False
        i = asking.ask(ctx.g, who, "choose_mode", tuple(legal), ctx.name)
        if eff.get("once") and isinstance(ctx.src, Obj):
            ctx.g.modes_used.setdefault(ctx.src.uid, set()).add(i)
    return run(ctx, eff["modes"][i])


def _c_roll(ctx: Ctx, eff: dict) -> bool:
    """Roll- (FS-4.18, FS-Q.28): the roll goes on the stack; a reading item applies the final row.
    ``together: N``: N dice rolled at once, each its own roll, read together (FS-9.2(1))."""
    by = eff.get("by")
    seat = the_player(ctx, by).seat if by else ctx.you
    if eff.get("together", 1) > 1:
        dice.push_group(ctx.g, [seat] * eff["together"], eff["roll"], ctx)
        return True
    kept = None
    if eff.get("dice", 1) > 1:  # FS-9.6: several dice, keep one
        kept = dice.keep_one(ctx.g, seat, eff["dice"], eff.get("keep", "choose"), ctx.name)
    dice.push_roll(ctx.g, seat, purpose="table", table=eff["roll"], ctx=ctx, value=kept)
    return True


def _each_members(ctx: Ctx, binding: Any) -> tuple[str | None, list]:
    if isinstance(binding, dict) and len(binding) == 1 and next(iter(binding)) not in V.SELECTORS:
        var, sel = next(iter(binding.items()))
    else:
        var, sel = None, binding
    if (
        isinstance(sel, str) and sel in ctx.binds
    ):  # the members a target chose (Mystery Gift: "each chosen player")
        bound = ctx.binds[sel]
        return var, list(bound) if isinstance(bound, (list, tuple)) else [bound]
    return var, candidates(ctx, sel)


def _first_in_turn_order(ctx: Ctx) -> int:
    """FS-5.9(a): "each player" goes in turn order from the ability's controller — the active player only
    for the game's abilities (a monster's, a room's), whoever's turn it is."""
    return ctx.you if ctx.src is not None and owner(ctx) >= 0 else ctx.g.active


def _c_each(ctx: Ctx, eff: dict) -> bool:
    var, members = _each_members(ctx, eff["each"])
    return _for_each(ctx, var, members, eff.get("do"))


def _for_each(ctx: Ctx, var: str | None, members: list, body: Any) -> bool:
    """Run ``body`` once for each member, bound to ``var``, in the order FS-5.9 gives simultaneous ones."""
    did = False
    if len(members) > 1:
        members = _in_order(ctx, members, _is_damage(body), not _order_free(body))
    for m in members:
        sub = Ctx(
            ctx.g, ctx.you, ctx.src, dict(ctx.binds), ctx.ev, ctx.result, ctx.item, ctx.name, ctx.mode, ctx.by
        )
        sub.line = ctx.line  # a copy's line goes on into its parts (lineage.py)
        sub.binds[var or "them"] = m
        sub.binds["__each__"] = m
        did = run(sub, body) or did
    return did


def _in_order(ctx: Ctx, members: list, stacked: bool, chosen: bool) -> list:
    """The order FS-5.9 gives an "each" (a vote's tied winners too): the objects players control, player by
    player in turn order from the ability's controller, each player ordering their own (b, c); then the
    shop's and the rooms' (c); then the monsters, the controller ordering them (e); then the players in
    turn order (a) — monsters before players (f). ``stacked``: the body puts each on the stack (damage,
    a death), so they go on in reverse and resolve in that order (d). ``chosen``: a player picks the order of
    their own objects (an order that changes nothing is not asked)."""
    g = ctx.g
    start = _first_in_turn_order(ctx)
    players = sorted((m for m in members if isinstance(m, Player)), key=lambda p: (p.seat - start) % g.n)
    objs = [m for m in members if isinstance(m, Obj)]
    if len(players) + len(objs) < len(members):  # stack items, decks, words: as listed
        return members
    monsters = [m for m in objs if m.kind == "monster"]
    if stacked and len(monsters) > 1:  # (e); ordered_by gives the stack's order
        monsters = asking.ordered_by(
            g, ctx.you, monsters, [m.phys.card.name for m in monsters], "resolve first"
        )
        monsters.reverse()
    first: list = []
    for k in range(g.n):  # (b, c): each player's own, in the order that player picks
        seat = (start + k) % g.n
        own = [m for m in objs if m.kind != "monster" and m.controller == seat]
        if chosen and len(own) > 1:
            own = asking.ordered_by(g, seat, own, [m.phys.card.name for m in own], "each first")[::-1]
        first += own
    first += [m for m in objs if m.kind != "monster" and not 0 <= m.controller < g.n]  # (c): the shop last
    first += monsters + players  # (f)
    return first[::-1] if stacked else first


def stack_order(ctx: Ctx, targets: list) -> list:
    """The order several targets' damage goes on the stack when one effect deals it to all of them at once
    (divided damage: Pestilence; "up to two": Hemoptysis). [A] gives "each"'s order to any effect on all the
    players or monsters (FS-5.9): each part is its own damage (FS-6.20), the monsters' resolve first in the
    order the controller picks (e, f), then the players' in turn order from the controller (d)."""
    return _in_order(ctx, targets, True, False) if len(targets) > 1 else targets


def _c_times(ctx: Ctx, eff: dict) -> bool:
    """The effect carried out n times, n read once as this resolves (Widow: a roll for each spider counter
    on the active player, FS-5.14); each roll goes on the stack as its own (FS-4.18). n below 1: nothing."""
    n = int(value(ctx, eff["times"]))
    did = False
    for _ in range(max(0, n)):
        did = run(ctx, eff["do"]) or did
    return did


def _c_roll_off(ctx: Ctx, eff: dict) -> bool:
    """Each member (players in turn order from the ability's controller, FS-5.9(a)) rolls ``rolls`` dice;
    the members with the highest total, ties included, get ``highest`` with the variable bound to each,
    then those with the lowest get ``lowest`` (a member may be both when all tie). FS-9.2(1): every
    member's dice are rolled, then each goes on the stack as a roll of its own (one group, answered die by
    die); once the last left it, this same effect is the group's reader (``ctx.reads``) and compares the
    totals of the dice that resolved (a member none of whose dice resolved has no total)."""
    g = ctx.g
    var, sel = next(iter(eff["roll_off"].items()))
    start = _first_in_turn_order(ctx)
    r = ctx.reads
    if (
        r is not None
        and r.group is not None
        and isinstance(r.table.get("any"), dict)
        and "roll_off" in r.table["any"]
    ):
        totals: dict[int, int] = {}
        for seat, face in zip(r.group.by, r.group.finals, strict=True):
            totals[seat] = totals.get(seat, 0) + face
        members = sorted((g.players[s] for s in totals), key=lambda p: (p.seat - start) % g.n)
        return _roll_off_read(ctx, eff, var, members, [totals[m.seat] for m in members])
    members = candidates(ctx, sel)
    members.sort(key=lambda p: (p.seat - start) % g.n)
    n = int(value(ctx, eff.get("rolls", 1)))
    if not members or n < 1:
        return False
    dice.push_group(g, [m.seat for m in members for _ in range(n)], {"any": eff}, ctx)
    return True


def _roll_off_read(ctx: Ctx, eff: dict, var: str, members: list, totals: list[int]) -> bool:
    g = ctx.g
    if not members:
        return False
    did = False
    for key, mark in (("highest", max(totals)), ("lowest", min(totals))):
        body = eff.get(key)
        if body is None:
            continue
        for m, t in zip(members, totals, strict=True):
            if t == mark:
                sub = Ctx(
                    g, ctx.you, ctx.src, dict(ctx.binds), ctx.ev, ctx.result, ctx.item, ctx.name, ctx.mode
                )
                sub.binds[var] = m
                did = run(sub, body) or did
    return did


def _c_vote(ctx: Ctx, eff: dict) -> bool:
    """FS-5.17: each voter (``voters``, default every player) votes in turn order — from the ability's
    controller, or from the active player when no player controls it — for one of the options the binding
    gives, read with the voter as "you" ("another player" is another than the voter). ``count: n``: n votes
    for n different options; an ``extra_votes`` static gives more votes, each of them optional (decision
    ``vote`` with ``"done"``). The option(s) with the most votes get the effect: ``ties: all`` (default)
    every one tied for the most, ``none`` nothing on a tie, ``active`` the one the active player picks
    among the tied (decision ``choose_target``), ``random`` one of them at random. A vote nobody could cast does nothing."""
    g = ctx.g
    words = eff["vote"] if isinstance(eff["vote"], list) else None
    var, sel = (None, None) if words is not None else next(iter(eff["vote"].items()))
    voters = candidates(ctx, eff.get("voters", "player"))
    start = ctx.you if ctx.src is not None and owner(ctx) >= 0 else g.active
    voters.sort(key=lambda p: (p.seat - start) % g.n)
    per = int(value(ctx, eff.get("count", 1)))
    options: list = []
    tally: dict[int, int] = {}
    for voter in voters:
        sub = Ctx(g, voter.seat, ctx.src, dict(ctx.binds), ctx.ev, ctx.result, ctx.item, ctx.name, ctx.mode)
        opts = list(words) if words is not None else candidates(sub, sel)
        cast: list = []
        for k in range(per + statics.extra_votes(g, voter)):
            left = [o for o in opts if o not in cast] if k < per else [*opts, "done"]
            if not left or left == ["done"]:
                break
            o = asking.ask(g, voter.seat, "vote", tuple(left), ctx.name)
            if o == "done":
                break
            cast.append(o)
            if id(o) not in tally:
                options.append(o)
            tally[id(o)] = tally.get(id(o), 0) + 1
    if not options:
        return False
    best = max(tally.values())
    top = [o for o in options if tally[id(o)] == best]
    ties = eff.get("ties", "all")
    if len(top) > 1 and ties in top:  # a vote between words: the named word wins a tie it is part of
        top = [ties]
    if len(top) > 1 and ties == "none":
        return False
    if len(top) > 1 and ties == "random":  # one of the tied options at random (Police Lineup's guilty player)
        top = [top[g.streams("random pick", g.active).randrange(len(top))]]
    if len(top) > 1 and ties == "active":
        top = [asking.ask(g, g.active, "choose_target", tuple(top), ctx.name)]
    if words is not None:  # each winning word's own effect, in the order the card lists the words
        did = False
        for word in words:
            if word in top:
                did = run(ctx, eff["do"][word]) or did
        return did
    return _for_each(ctx, var, top, eff.get("do"))


def _is_damage(body: Any) -> bool:
    return isinstance(body, dict) and ("deal_damage" in body or "kill" in body)


_ORDER_FREE = frozenset({"recharge", "deactivate"})  # a change to the object alone: no trigger, nothing read


def _order_free(body: Any) -> bool:
    """Does handling the members in any order come to the same (FS-5.9(b): nothing to ask)?"""
    return isinstance(body, dict) and len(body) == 1 and next(iter(body)) in _ORDER_FREE


def _c_tgt(ctx: Ctx, eff: dict) -> bool:
    for var, sel in eff["tgt"].items():
        if var not in ctx.binds:  # a target inside a roll row: chosen as the reader goes on the stack
            by = eff.get("by")
            who = the_player(ctx, by).seat if by else (ctx.by if ctx.by is not None else ctx.you)
            if not bind_targets(ctx, {var: sel}, who):
                return False
        else:
            ref = ctx.binds[var]
            if isinstance(ref, Obj) and not ref.in_play:
                return False  # FS-6.8 fizzle
    return run(ctx, eff.get("do"))


def _c_choose(ctx: Ctx, eff: dict) -> bool:
    by = eff.get("by")
    who = the_player(ctx, by).seat if by else (ctx.by if ctx.by is not None else ctx.you)
    for var, sel in eff["choose"].items():
        ctx.binds.pop(var, None)
        if not bind_targets(ctx, {var: sel}, who):
            return False
    return run(ctx, eff.get("do"))


def _c_if(ctx: Ctx, eff: dict) -> bool:
    if cond(ctx, eff["if"]):
        return run(ctx, eff.get("then"))
    return run(ctx, eff.get("else"))


def _c_let(ctx: Ctx, eff: dict) -> bool:
    for var, val in eff["let"].items():
        if isinstance(val, dict) and any(k in VERB_FUNCS for k in val):
            ctx.g.last_count = 0
            run(ctx, val)
            ctx.binds[var] = ctx.g.last_count
        elif isinstance(val, dict) and "random" in val:
            opts = candidates(ctx, val["random"])
            ctx.binds[var] = ctx.g.streams("random pick", ctx.you).choice(opts) if opts else None
        elif isinstance(val, str) and val.startswith("random("):
            opts = candidates(ctx, val[7:-1])
            ctx.binds[var] = ctx.g.streams("random pick", ctx.you).choice(opts) if opts else None
        elif isinstance(val, str) and val.startswith("choose_number"):
            lo, hi = (int(x) for x in val[val.index("(") + 1 : val.rindex(")")].split(","))
            ctx.binds[var] = asking.ask(ctx.g, ctx.you, "choose_number", tuple(range(lo, hi + 1)), ctx.name)
        else:
            ctx.binds[var] = value(ctx, val)
    return True


def _c_nothing(ctx: Ctx, eff: dict) -> bool:
    return False


def _c_hook(ctx: Ctx, eff: dict) -> bool:
    name = eff["hook"]
    fn = HOOKS.get(name)
    if fn is None:
        raise EngineError(f"hook '{name}' not implemented")
    return fn(ctx)


def _c_until(ctx: Ctx, eff: dict) -> bool:
    rep = eff["replace"]
    ev = rep.get("event")
    name, who = next(iter(ev.items())) if isinstance(ev, dict) else (ev, "you")
    seat = the_player(ctx, who).seat
    ctx.g.eot_replacements[(name, seat)] = rep  # Two of Clubs: FS-21, repeat activations do not stack
    return True


def _c_next(ctx: Ctx, eff: dict) -> bool:
    """A delayed one-shot trigger or replacement (FS-4.9, FS-5.4): Crystal Ball, Compost."""
    trig = eff["next"] if isinstance(eff["next"], dict) else {eff["next"]: None}
    name = next(iter(trig))
    if name in (
        "turn_end",
        "would_die",
        "dies",
    ):  # delayed: at your next turn's end / that player's next death
        who = trig[name]
        if who not in (None, "any_player"):
            who = player_of(ctx, who)  # fixed now: "that player" is the one chosen
        ctx.g.next_events.append((name, who, eff.get("do"), ctx))  # would_die ones lapse at the turn's end
        return True
    who = trig[name]
    if name == "would_roll":  # attack rolls only?, and does it lapse at the turn's end (Polycephalus)?
        mine = ctx.you if trig.get("by") == "you" else None  # `by: you`: only its controller's rolls
        who = (bool(trig.get("attack")), trig.get("until") == "eot", mine)
    ctx.g.delayed.append((name, who, eff.get("do"), eff.get("replace"), ctx))
    return True


# The combinators' handlers, bound into their registry; ``run`` dispatches on the registry's table.
V.COMBINATORS.implement(
    {
        "next": _c_next,
        "seq": _c_seq,
        "and": _c_and,
        "may": _c_may,
        "modes": _c_modes,
        "roll": _c_roll,
        "each": _c_each,
        "tgt": _c_tgt,
        "choose": _c_choose,
        "if": _c_if,
        "let": _c_let,
        "nothing": _c_nothing,
        "hook": _c_hook,
        "until": _c_until,
        "vote": _c_vote,
        "roll_off": _c_roll_off,
        "times": _c_times,
    }
)
COMBINATOR_FUNCS: Final[dict[str, Callable[[Ctx, dict], bool]]] = V.COMBINATORS.handlers
