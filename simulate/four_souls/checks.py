"""State checks between stack events: wins (FS-14.1), bonus souls (FS-Q.23), deaths (FS-13.1), slot
refills (FS-12.1) and pending triggers (FS-4.9)."""

from __future__ import annotations

import ast
from typing import Any

from . import challenge, rooms, statics, triggers, zones
from . import vocabulary as V
from .asking import ask, ordered_by
from .coop import check_goal
from .exprs import compile_expr
from .gains import overlay_items, share_marked
from .items import DeathItem
from .resources import gain_soul
from .state import EngineError, Game, GameOver, Obj, Phys, Player
from .statics import Ctx, cond
from .zones import monster_left, reveal_into_slot


def _slots_full(g: Game) -> bool:
    """Every shop, monster and room slot holds a card (FS-12.1; no room slots in a game without rooms).
    Loops, not ``all``: compiled, a builtin is looked up by name at each call, and this runs at every
    state check."""
    for slot in g.shop:
        if not slot:
            return False
    for slot in g.mslots:
        if not slot:
            return False
    return g.rooms is None or all(g.rooms.slots)


def state_checks(g: Game) -> None:
    """Between stack events: win check (FS-14.1), bonus souls (FS-Q.23), deaths (FS-13.1), slot
    refills (FS-12.1) and pending triggers (FS-4.9), in that order, until nothing changes."""
    if g.log.n == g.cache.checked_n and not g.pending and _slots_full(g):
        return  # nothing happened since the last check and every slot is full
    for _ in range(200):
        n = g.log.n
        fresh = n != g.cache.checked_n  # something happened since the last check (every change emits)
        if fresh:
            if g.log.ns != g.cache.checked_ns:  # only a soul gained can make a winner (FS-14.1)
                _check_win_now(g)
            if g.bonus and g.log.nb != g.cache.checked_nb:
                g.cache.checked_nb = g.log.nb
                check_bonus(g)
                if g.log.ns != g.cache.checked_ns:  # the bonus soul just gained may be the winning one:
                    _check_win_now(g)  # FS-14.1, now, before anyone gets priority
            if g.challenge:
                challenge.timer_out(g)  # FS-17.5: an effect advanced the timer to 0
            shares = statics.marked_sharers(g)
            if shares or g.marked_shares:  # Golden Trinket: the abilities of the items marked now
                share_marked(g, shares)
            over = statics.item_overlay(g) if g.rooms is not None else None  # a room's static only
            if over is not None or g.overlaid:  # Re-Isaac: what every item is while the room is in play
                overlay_items(g, over)
        if g.to_hand:  # FS-5.4: a card put into a hand instead of leaving play elsewhere (Monster Card)
            zones.to_hand_when_leaving(g)
        changed = not _slots_full(g) and refill_slots(g)
        if g.pending:
            triggers.flush(g)
            changed = True
        if fresh:
            g.cache.checked_n = n
            statics.settle_hp(g)  # FS-6.20: a lost +HP item first removes damage, then deaths
            if push_deaths(g):
                changed = True
        if not changed:
            return
    raise EngineError("state checks did not settle (refill loop?)")


def _check_win_now(g: Game) -> None:
    """The win check after a soul was gained; bonus souls are then checked again, as one may read souls
    (Soul of Envy)."""
    g.cache.checked_ns = g.log.ns
    g.cache.checked_nb = -1
    check_win(g)


def check_win(g: Game) -> None:
    """FS-14.1: a player with the souls needed wins (several at once: a draw, FS-14.2)."""
    if g.coop:  # FS-17.5: solo/co-op replace the competitive win with the combined goal
        check_goal(g)
        return
    need = g.cfg.souls_to_win
    if g.souls_rule:  # FS-14.1 "effects may change the required value": a controlled soul's (It Lives!)
        raised = [s.rules.souls_to_win for p in g.players for s in p.souls if s.rules is not None]
        need = max([need, *raised])
    winners: tuple[int, ...] | None = None
    for p in g.players:
        if (p.souls or p.char_soul) and p.soul_total() >= need:
            winners = (*winners, p.seat) if winners else (p.seat,)
    if winners:
        g.over = True
        raise GameOver(winners)  # FS-14.2: several at once = a draw among them


def _bonus_test(b: Phys):
    """A bonus soul's condition as ``first(g, order)``: the first player in ``order`` who meets it, or
    None. The common forms are plain loops (checked at every cents/hand/item change), anything else
    goes through the expression evaluator."""
    when = b.rules.soul_when
    if isinstance(when, dict):  # {if, chosen_by: active}: every player meeting it qualifies (Soul of Envy)
        return _chosen_test(b, when["if"])
    text = str(when)
    measure, n, kw = bonus_shape(when)
    # ``order``: list[Player], so that compiled each player's field is a native read
    if measure == "hand_size":

        def first(g: Game, order: list[Player]) -> Player | None:
            for p in order:
                if len(p.hand) >= n:
                    return p
            return None

    elif measure == "cents":

        def first(g: Game, order: list[Player]) -> Player | None:
            for p in order:
                if p.cents >= n:
                    return p
            return None

    elif measure == "items":
        first = _keyword_count_test(kw, n)
    else:
        gate, each = _split(text)

        def first(g: Game, order: list[Player]) -> Player | None:
            src = g.bonus_objs.get(b.pid)  # FS-14.7: its counters (a trigger on its sixth counter)
            if gate and not _holds(g, order[0], src, gate, b):
                return None
            if not each:  # the same for every player: the first in turn order from the active player
                return order[0]
            for p in order:
                ctx = Ctx(g, p.seat, src, name=b.card.name)
                ctx.binds["player"] = p
                if cond(ctx, each):
                    return p
            return None

    return first


def bonus_shape(when: Any) -> tuple[str, int, str]:
    """A bonus soul's condition (``soul_when``) in one of its common per-player forms, as (measure,
    threshold, keyword): ``("hand_size", n, "")`` for "hand_size(player) >= n", ``("cents", n, "")`` for
    "cents(player) >= n", ``("items", n, kw)`` for "count(items(player, kw)) >= n"; ``("", 0, "")`` for
    any other (read by the evaluator). The one reader of these forms: the state checks' fast tests and
    the players' view (``View.bonus_goals``) both read them here."""
    if isinstance(when, dict):
        return ("", 0, "")
    head, _sep, tail = str(when).partition(" >= ")
    if not tail.strip().isdigit():
        return ("", 0, "")
    n = int(tail)
    if head == "hand_size(player)":
        return ("hand_size", n, "")
    if head == "cents(player)":
        return ("cents", n, "")
    if head.startswith("count(items(player, ") and head.endswith("))"):
        return ("items", n, head[len("count(items(player, ") : -2].strip())
    return ("", 0, "")


# condition text → its split (``_split``): a function of the text alone, as ``exprs``' parse cache is
_SPLITS: dict[str, tuple[str, str]] = {}


def _split(text: str) -> tuple[str, str]:
    """A condition ``a and b and …`` split into the terms that name no ``player`` (read once per check:
    "counters(self) >= 6", "most(souls) >= 3") and those read for each player; either may be empty.
    Kept for the process by text: the bonus souls' tests are made again in every game (``Caches``), and
    walking and unparsing the syntax tree cost more than the rest of a bonus check."""
    got = _SPLITS.get(text)
    if got is not None:
        return got
    node = compile_expr(text)
    terms = node.values if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.And) else [node]
    free = [t for t in terms if not any(isinstance(n, ast.Name) and n.id == "player" for n in ast.walk(t))]
    rest = [t for t in terms if t not in free]
    got = _SPLITS[text] = (
        " and ".join(ast.unparse(t) for t in free),
        " and ".join(ast.unparse(t) for t in rest),
    )
    return got


def _holds(g: Game, p: Player, src: Obj | None, gate: str, b: Phys) -> bool:
    """A player-free condition, straight off the state when it has one of the statics' fast shapes
    ("counters(self) >= 6" on the bonus soul's own object, "most(souls) >= 3"), else evaluated. A fast
    shape naming "self" or "you" reads the object, so without one ("you" is then the active player,
    FS-14.7) the evaluator reads it."""
    fast = statics.fast_condition(gate)
    if fast is not None and (src is not None or ("self" not in gate and "you" not in gate)):
        return fast(g, src)
    return cond(Ctx(g, p.seat, src, name=b.card.name), gate)


def _chosen_test(b: Phys, when: str):
    """A bonus soul the active player gives to one of the players who meet its condition (the active
    player picks one of those holding the fewest souls, ties included: Soul of Envy, FS-14.8):
    decision ``choose_player`` when more than one does."""
    gate, each = _split(when)

    def first(g: Game, order: list) -> Player | None:
        if gate and not _holds(g, order[0], None, gate, b):
            return None  # most of the game nobody has the 3 souls (4 items) that wake it
        meet = []
        for p in order:
            ctx = Ctx(g, p.seat, None, name=b.card.name)
            ctx.binds["player"] = p
            if not each or cond(ctx, each):
                meet.append(p)
        if len(meet) < 2:
            return meet[0] if meet else None
        return ask(g, g.active, "choose_player", tuple(meet), b.card.name)

    return first


def _keyword_count_test(kw: str, n: int):
    """``count(items(player, kw)) >= n`` (Soul Of Guppy). First the items with ``kw`` on the whole
    table, counted again only when the objects version moves (an item leaving play only lowers the
    count): most of the game there are not ``n`` of them at all, and then no player is looked at."""
    table: list[Any] = [None, 0]  # [obj_ver, items with ``kw`` under any player]

    def first(g: Game, order: list[Player]) -> Player | None:
        if table[0] != g.obj_ver:
            table[0] = g.obj_ver
            table[1] = sum(1 for p in order for o in p.items if kw in o.rules.keywords)
        if table[1] < n:
            return None
        for p in order:
            if sum(1 for o in p.items if kw in o.rules.keywords) >= n:
                return p
        return None

    return first


def check_bonus(g: Game) -> None:
    """FS-14.8 / FS-Q.23: checked like the win check; ties go to the first in turn order from the AP."""
    order = g.players[g.active :] + g.players[: g.active]
    for b in list(g.bonus):
        first = g.cache.bonus_tests.get(b.pid)
        if first is None:
            first = g.cache.bonus_tests[b.pid] = _bonus_test(b)
        p = first(g, order)
        if p is not None and not statics.souls_barred(g, p):  # FS-14.5: barred, it stays a bonus soul
            g.bonus.remove(b)
            watcher = g.bonus_objs.pop(b.pid, None)
            if watcher is not None:  # FS-14.8: gained, its abilities stop working
                watcher.in_play = False
                g.obj_ver += 1
            o = g.new_obj(b, "soul", p.seat)
            g.log.emit("bonus_soul_gained", p.seat, b.card.name, None, o.soul_value)
            gain_soul(g, p, o, "bonus")


def push_deaths(g: Game) -> bool:
    """FS-13.1: an object at 0 HP whose death is not on the stack dies at the next priority.
    FS-10.13 / FS-5.9(f): monster deaths go on top of player deaths (resolve first)."""
    pushed = False
    n, a = g.n, g.active
    # FS-5.9(d): simultaneous player deaths go on the stack in reverse turn order from the active
    # player, so they resolve in turn order (the active player's first)
    for k in range(n - 1, -1, -1):
        p = g.players[(a + k) % n]
        if p.damage and not p.dead and not p.death_pending and statics.player_hp(g, p) <= 0:
            p.death_pending = True
            g.stack.append(DeathItem(p, g.last_damager.get(("p", p.seat), -1)))
            triggers.fire(g, "would_die", victim=p, death=g.stack[-1])
            pushed = True
    dying: list[Obj] = []
    for slot in g.mslots:
        m = slot[-1] if slot else None
        if (
            isinstance(m, Obj)  # typed: its fields are read natively (a slot's top is always an object)
            and m.kind == "monster"
            and not m.dying
            and (m.damage or statics.has_statics(g, m))  # 0 HP without damage: its own -HP (Weltling)
            and statics.monster_hp(g, m) <= 0
        ):
            dying.append(m)
    if len(dying) > 1:  # FS-4.10(1) / FS-5.9(e): the active player orders the game's deaths
        dying = ordered_by(g, a, dying, [m.phys.card.name for m in dying], "resolve first")
    # FS-13.2: an attackable item or room at 0 HP dies the same way (Base V2 has none)
    dying += [
        o for o in statics.attackable_objs(g) if o.damage and not o.dying and statics.monster_hp(g, o) <= 0
    ]
    for m in dying:
        m.dying = True
        d = DeathItem(m, g.last_damager.get(("m", m.uid), g.active), g.killing_roll.get(m.uid))
        g.stack.append(d)
        triggers.fire(
            g, "would_die", victim=m, death=d, killing_attack_roll=d.roll, killer=d.killer
        )  # FS-13.1: "if this would die" (Headless Horseman; Summer of Isaac's, unless the roll was a 6)
        pushed = True
    return pushed


def refill_slots(g: Game) -> bool:
    """FS-12.1: every slot must hold a card; refilled from the deck top at the next priority. Our reading:
    refilling monster slots shuffles the monster discard back (FS-3.5) once; a slot still empty when the
    deck runs out again before any player has acted since (``Game.acted``) stays empty until a player acts
    or a new turn begins. More slots than monster cards (TV Static adds one each time, Indomitable
    monsters revealed by deck attacks too, FS-4.17) with Game Crash! (every monster to the discard) would
    otherwise reshuffle and reveal it again for ever, with nobody choosing anything."""
    changed = False
    frozen = statics.shop_frozen(g)  # Everything Must Go: the shop stays as it is (FS-12.1 suspended)
    for i, slot in enumerate(g.shop):
        if not slot and not frozen:
            c = g.draw(g.treasure, g.treasure_disc)
            if c is None:
                continue  # FS-Q.35
            o = g.new_obj(c, "item", -1, slot=i)
            slot.append(o)
            changed = True
    for i, slot in enumerate(g.mslots):
        while not slot and i not in g.hold_slots and not challenge.special(g, i):  # FS-12.6
            if not monster_left(g):
                break  # only events left: revealing them would cycle for ever (FS-Q.35 extended)
            if not g.monster:  # FS-3.5 at a refill: once till a player acts (our reading of FS-12.1)
                if g.refill_shuffled == (g.turn, g.acted):
                    break  # run out twice with nobody acting: the slot waits (Game Crash!)
                g.refill_shuffled = (g.turn, g.acted)
            c = g.draw(g.monster, g.monster_disc)
            if c is None:
                break
            reveal_into_slot(g, c, i)  # an Indomitable monster takes this empty slot (our reading of FS-4.17)
            changed = True
            break
    for i, slot in enumerate(g.rooms.slots if g.rooms is not None else ()):
        if not slot:
            changed = rooms.fill(g, i) or changed  # FS-16.5
    return changed


V.STATICS.implement({"souls_to_win": check_win})  # read on the souls players control (It Lives!)
