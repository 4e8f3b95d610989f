"""Army targets (GX-15.3): the candidates of a selector, the operations on one (capture, destroy,
release, to the deck top), and which seats a step applies to."""

from __future__ import annotations

from typing import Any

from . import zones
from .interpreter import Ctx
from .state import ARMY, Card, State


def amount(st: State, seat: int, n: Any) -> int:
    return st.x_value(seat) if n == "X" else int(n)


def each_player(st: State, ctx: Ctx) -> tuple[int, int]:
    """GX-15.3: when both players act at once, the active player (who played the card) picks the order."""
    me, opp = ctx.seat, 1 - ctx.seat
    return st.ask("order", me, ((me, opp), (opp, me)), ("players", ctx.src.d.name))


def seats_of(st: State, ctx: Ctx, who: str) -> tuple[int, ...]:
    me, opp = ctx.seat, 1 - ctx.seat
    if who == "self":
        return (me,)
    if who == "opponent":
        return (opp,)
    if who == "each":
        return each_player(st, ctx)
    if who == "remover":
        return (ctx.remover,)
    if who == "chosen":
        return (st.ask("choose_player", me, (opp, me), "player"),)
    if who in ("more_hand", "more_army"):  # GX-14 Volantis/Quae: ties mean nobody (decision)
        size = (lambda s: len(st.p[s].hand)) if who == "more_hand" else (lambda s: st.p[s].army_size())
        a, b = size(me), size(opp)
        return (me,) if a > b else (opp,) if b > a else ()
    raise ValueError(who)


def candidates(st: State, ctx: Ctx, sel: dict, op: str) -> list[Card]:
    if sel.get("target") == "self":
        cards = [ctx.src] if ctx.src.zone == ARMY else []
    else:
        army = sel.get("army", "any")
        seats = (ctx.seat,) if army == "own" else (1 - ctx.seat,) if army == "opponent" else (0, 1)
        cards = [c for s in seats for row in st.p[s].rows for c in row]
        rel = sel.get("rel")
        if rel:
            src = ctx.src
            if src.zone != ARMY or src.owner != ctx.seat:
                return []
            if rel == "adjacent":
                near = st.adjacent(src)
            else:
                near = [c for c in st.p[src.owner].rows[src.row] if c is not src] + [
                    c for c in st.column(src) if c is not src
                ]
            cards = [c for c in cards if c in near]
        levels = sel.get("level")
        if "level_if_superiority" in sel and st.p[ctx.seat].superiority:
            levels = sel["level_if_superiority"]
        if levels:  # Phoenix (Immortal) is hit by effects aimed at any level (GX-14)
            cards = [c for c in cards if not set(st.levels(c)).isdisjoint(levels)]
        if sel.get("has") == "bounty":
            cards = [c for c in cards if st.has_kw(c, "bounty")]
        state = sel.get("state")
        if state == "captured":
            cards = [c for c in cards if not c.face_up]
        elif state == "face_up":
            cards = [c for c in cards if c.face_up]
    if op == "capture":
        return [c for c in cards if zones.can_capture(st, c)]
    if op == "destroy":
        return [c for c in cards if zones.can_destroy(st, c)]
    if op == "release":
        return [c for c in cards if not c.face_up]
    if op == "to_deck_top":
        return [c for c in cards if st.vulnerable(c)]
    return cards


OPS = {
    "capture": zones.capture,
    "destroy": zones.destroy,
    "release": zones.release,
    "to_deck_top": zones.to_deck_top,
}


def army_op(st: State, ctx: Ctx, sel: dict, op: str) -> Card | None:
    if (
        sel.get("clan") == "chosen"
    ):  # Goan Sul: name a clan, then every vulnerable card of it (snapshot, G-16)
        cands = candidates(st, ctx, sel, op)
        clans = sorted({cl for c in cands for cl in st.clans(c)})
        if not clans:
            return None
        clan = st.ask("choose_clan", ctx.seat, clans, ("clan_op", op, ctx.src.d.name))
        st.emit("choose", ctx.seat, ctx.src.d.name, clan)
        for c in [c for c in cands if clan in st.clans(c)]:
            if c.zone == ARMY and (op != "destroy" or zones.can_destroy(st, c)):
                OPS[op](st, ctx.seat, c)
        return None
    cands = candidates(st, ctx, sel, op)
    if sel.get("all"):
        for c in cands:
            if c.zone == ARMY:
                OPS[op](st, ctx.seat, c)
        return None
    if not cands:
        return None
    opts: list = [c.uid for c in cands]
    if sel.get("optional"):
        opts.append(0)
    uid = st.ask("choose_target", ctx.seat, opts, (op, ctx.src.d.name))
    if not uid:
        return None
    card = st.cards[uid]
    OPS[op](st, ctx.seat, card)
    return card


def choose_op(st: State, ctx: Ctx, ops: tuple, sel: dict) -> None:
    opts = [(op, c.uid) for op in ops for c in candidates(st, ctx, sel, op)]
    if not opts:
        return
    op, uid = st.ask("choose_target", ctx.seat, opts, ("choose_op", ctx.src.d.name))
    OPS[op](st, ctx.seat, st.cards[uid])
