"""The Gosu X effect vocabulary interpreter: runs a card's steps (decklists/gosu_x/VOCABULARY.md).

Effects are mandatory unless a step says "may" (GX-12.24, GX-15.1); a step with no legal target does
nothing (GX-5.11). The active player chooses targets (GX-15.3); a player who discards, sacrifices or
puts back cards chooses their own.
"""

from __future__ import annotations

from typing import Any

from . import hooks, zones  # noqa: F401 — importing hooks binds the hooks' handlers
from .cards import HOOKS, STEPS
from .interpreter import Ctx, run_steps
from .passing import do_pass
from .state import ARMY, DISCARD, HAND, Card, State
from .targets import amount, army_op, choose_op, seats_of


# -- draws and hands ---------------------------------------------------------------------------------------
def _count(st: State, ctx: Ctx, p: dict) -> int:
    kind = p["count"]
    src = ctx.src
    if kind == "discard_clans":
        return len({cl for c in st.p[ctx.seat].discard for cl in st.clans(c)})
    if src.zone != ARMY or src.owner != ctx.seat:
        return 0
    if kind == "column_clans":
        return len({cl for c in st.column(src) if c.face_up for cl in st.clans(c)})
    if kind == "row_clans":
        return len({cl for c in st.p[src.owner].rows[src.row] if c.face_up for cl in st.clans(c)})
    if kind == "column_clan":
        return sum(1 for c in st.column(src) if p["clan"] in st.clans(c))
    raise ValueError(kind)


def s_draw(st: State, ctx: Ctx, p: Any) -> None:
    if isinstance(p, dict):
        if "count" in p:
            zones.draw(st, ctx.seat, _count(st, ctx, p))
        else:
            for seat in seats_of(st, ctx, p.get("who", "self")):
                zones.draw(st, seat, amount(st, seat, p.get("n", 1)))
    else:
        zones.draw(st, ctx.seat, amount(st, ctx.seat, p))


def s_discard(st: State, ctx: Ctx, p: dict) -> None:
    for seat in seats_of(st, ctx, p.get("who", "self")):
        n = p.get("n", 1)
        n = (len(st.p[seat].hand) + 1) // 2 if n == "half_up" else amount(st, seat, n)
        zones.choose_discards(st, seat, n, ctx.src.d.name)


def s_hand_to(st: State, ctx: Ctx, p: dict) -> None:
    size, mode = p["size"], p.get("mode", "both")
    for seat in seats_of(st, ctx, p.get("who", "self")):
        if size == "opponent_hand":
            target = len(st.p[1 - ctx.seat].hand)
        elif size == "own_hand":
            target = len(st.p[ctx.seat].hand)
        else:
            target = int(size)
        have = len(st.p[seat].hand)
        if have < target and mode in ("draw", "both"):
            zones.draw(st, seat, target - have)
        elif have > target and mode in ("discard", "both"):
            zones.choose_discards(st, seat, have - target, ctx.src.d.name)


# -- army targets ------------------------------------------------------------------------------------------


def s_capture(st: State, ctx: Ctx, p: dict) -> None:
    army_op(st, ctx, p, "capture")


def s_release(st: State, ctx: Ctx, p: dict) -> None:
    army_op(st, ctx, p, "release")


def s_destroy(st: State, ctx: Ctx, p: dict) -> None:
    army_op(st, ctx, p, "destroy")


def s_to_deck_top(st: State, ctx: Ctx, p: dict) -> None:
    army_op(st, ctx, p, "to_deck_top")


def s_choose_op(st: State, ctx: Ctx, p: dict) -> None:
    choose_op(st, ctx, tuple(p["ops"]), p)


def s_sacrifice(st: State, ctx: Ctx, p: dict) -> None:
    for seat in seats_of(st, ctx, p.get("who", "self")):
        for _ in range(amount(st, seat, p.get("n", 1))):
            zones.sacrifice_one(st, seat, ctx.src.d.name)


def s_sacrifice_until_equal(st: State, ctx: Ctx, p: dict) -> None:
    """Quae: the bigger army sacrifices one at a time, vulnerability recomputed each time (GX-15.6)."""
    a, b = st.p[0].army_size(), st.p[1].army_size()
    if a == b:
        return
    seat = 0 if a > b else 1
    for _ in range(abs(a - b)):
        if zones.sacrifice_one(st, seat, ctx.src.d.name) is None:
            break


def s_swap(st: State, ctx: Ctx, p: dict) -> None:
    """GX-12.29: swap any two cards of one row of one army (optional)."""
    seats = (ctx.seat,) if p.get("army") == "own" else (ctx.seat, 1 - ctx.seat)
    opts: list = [0]
    for s in seats:
        for r, row in enumerate(st.p[s].rows):
            n = len(row)
            opts.extend((s, r, i, j) for i in range(n) for j in range(i + 1, n))
    choice = st.ask("swap", ctx.seat, opts, ctx.src.d.name)
    if choice:
        s, r, i, j = choice
        row = st.p[s].rows[r]
        row[i], row[j] = row[j], row[i]
        st.emit("swap", ctx.seat, row[i].d.name, row[j].d.name, amount=s)


# -- deck and discard ----------------------------------------------------------------------------------------
def s_reveal(st: State, ctx: Ctx, p: dict) -> None:
    """GX-12.6: reveal the top n (fewer if the deck is short, no reshuffle); keep some, discard the rest."""
    pl = st.p[ctx.seat]
    take = p["take"]
    level = clan = None
    if take == "level":  # the level or clan is named before the cards are revealed
        level = st.ask("choose_level", ctx.seat, (1, 2, 3), ctx.src.d.name)
    elif take == "clan":
        clan = st.ask("choose_clan", ctx.seat, list(pl.clans), ctx.src.d.name)
    shown = [pl.deck.pop() for _ in range(min(p["n"], len(pl.deck)))]
    st.emit("reveal", ctx.seat, ctx.src.d.name, amount=len(shown), detail=",".join(c.d.name for c in shown))
    if take == "one":
        uids = tuple([c.uid for c in shown])  # GX-12.6: the revealed cards are seen by their revealer
        keep = [st.cards[st.ask("choose_card", ctx.seat, list(uids), "keep", uids)]] if shown else []
    elif take == "level":
        keep = [c for c in shown if level in st.levels(c)]
    else:
        keep = [c for c in shown if clan in st.clans(c)]
    zones.show(st, keep, (0, 1))  # GX-12.6: turned over, the kept ones are seen going into the hand
    for c in shown:
        if c in keep:
            c.zone = HAND
            pl.hand.append(c)
        else:
            zones.to_discard(st, c)
    if keep:
        st.emit("take", ctx.seat, ctx.src.d.name, amount=len(keep))


def s_mill(st: State, ctx: Ctx, p: dict) -> None:
    for seat in seats_of(st, ctx, p.get("who", "self")):
        zones.mill(st, seat, amount(st, ctx.seat, p["n"]))


def s_search_deck(st: State, ctx: Ctx, p: dict) -> None:
    pl = st.p[ctx.seat]
    name = p.get("name")
    found = [c for c in pl.deck if name is None or name in st.names(c)]
    if not found:
        zones.shuffle_deck(st, ctx.seat)
        return
    uniq = list({c.d.name: c.uid for c in found}.values())
    card = st.cards[st.ask("choose_card", ctx.seat, uniq, "search", tuple(uniq))]  # the searcher sees them
    pl.deck.remove(card)
    zones.shuffle_deck(st, ctx.seat)
    zones.show(st, (card,), (ctx.seat,))  # the searcher knows where it puts it
    if p.get("to") == "deck_top":
        pl.deck.append(card)
    else:
        card.zone = HAND
        pl.hand.append(card)
    st.emit("search", ctx.seat, ctx.src.d.name, amount=1)


def s_from_discard(st: State, ctx: Ctx, p: dict) -> None:
    pl = st.p[ctx.seat]
    pool = list(pl.discard) + (list(pl.removed) if p.get("include_removed") else [])
    levels = p.get("level")
    if "level_if_superiority" in p and pl.superiority:
        levels = p["level_if_superiority"]
    if levels:
        pool = [c for c in pool if set(st.levels(c)) & set(levels)]
    if "keyword" in p:
        pool = [c for c in pool if p["keyword"] in c.d.keywords]
    if "keyword_any" in p:
        pool = [c for c in pool if set(p["keyword_any"]) & c.d.keywords]
    if "name" in p:
        pool = [c for c in pool if p["name"] in st.names(c)]
    choose = p.get("choose")
    if choose == "clan_level":  # Ashes: name a clan and a level
        pairs = sorted({(cl, lv) for c in pool for cl in st.clans(c) for lv in st.levels(c)})
        if not pairs:
            return
        clan, level = st.ask("choose_clan", ctx.seat, pairs, ctx.src.d.name)
        pool = [c for c in pool if clan in st.clans(c) and level in st.levels(c)]
    elif choose == "name":  # Spoils Seekers: a name present in the discard
        groups = sorted({c.d.group for c in pool})
        if not groups:
            return
        group = st.ask("choose_name", ctx.seat, groups, ctx.src.d.name)
        pool = [c for c in pool if c.d.group == group]
    n = p.get("n", 1)
    picked: list[Card] = []
    if n == "all":
        picked = pool
    else:
        n = amount(st, ctx.seat, n)
        up_to = n != 1
        used_levels: set[int] = set()
        while len(picked) < n:
            opts: list = [
                c.uid
                for c in pool
                if c not in picked and not (p.get("per_level") and st.levels(c)[0] in used_levels)
            ]
            if not opts:
                break
            if up_to:
                opts.append(0)
            uid = st.ask("choose_card", ctx.seat, opts, ctx.src.d.name)
            if not uid:
                break
            card = st.cards[uid]
            picked.append(card)
            used_levels.add(st.levels(card)[0])
    zones.show(st, picked, (0, 1))  # from the open discard or removed pile (GX-12.18): seen where it goes
    for c in picked:
        (pl.discard if c.zone == DISCARD else pl.removed).remove(c)
        if p.get("to") == "deck_top":
            c.zone = "deck"
            pl.deck.append(c)
        else:
            c.zone = HAND
            pl.hand.append(c)
    if picked:
        st.emit("take", ctx.seat, ctx.src.d.name, amount=len(picked), detail=p.get("to", "hand"))


def s_remove_from_discard(st: State, ctx: Ctx, p: dict) -> None:
    """EZ: you may remove a card of your discard from the game; if you do, the follow-up steps run."""
    opts: list = [0] + list({c.d.name: c.uid for c in st.p[ctx.seat].discard}.values())
    uid = st.ask("choose_card", ctx.seat, opts, ctx.src.d.name)
    if uid:
        zones.remove_from_discard(st, ctx.seat, st.cards[uid])
        run_steps(st, ctx, p.get("then", ()))


# -- tokens, turns ------------------------------------------------------------------------------------------
def s_return_tokens(st: State, ctx: Ctx, p: dict) -> None:
    for seat in seats_of(st, ctx, p.get("who", "self")):
        zones.return_spent(st, seat, int(p.get("n", 1)))


def s_unlock_token(st: State, ctx: Ctx, p: Any) -> None:
    zones.unlock(st, ctx.seat, ctx.src.d.name)


def s_extra_turn(st: State, ctx: Ctx, p: dict) -> None:
    """GX-12.7: one extra turn after this one; none while taking an extra turn."""
    if st.in_extra or st.extra_pending or st.active != ctx.seat:
        return
    st.extra_pending = True
    st.pending_from_discard = bool(p.get("from_discard"))
    st.emit("extra_turn", ctx.seat, ctx.src.d.name)


def s_pass_now(st: State, ctx: Ctx, p: dict) -> None:
    """Golem: you may pass at once, if you hold no tokens (GX-8.1, GX-8.6)."""
    pl = st.p[ctx.seat]
    if pl.t_hand or pl.passed or st.active != ctx.seat:
        return
    if st.ask("pass_now", ctx.seat, (True, False), ctx.src.d.name):
        do_pass(st, ctx.seat, ctx.src.d.name)


def s_copy_effect(st: State, ctx: Ctx, p: dict) -> None:
    """Copy another card's entry effect; it resolves for the copier, "this card" stays the copier (G-8)."""
    src, kind = ctx.src, p["source"]
    banned = set(ctx.chain) | {src.uid}
    if kind == "discard":
        pool = st.p[0].discard + st.p[1].discard
    elif kind == "captured":
        pool = [c for s in (0, 1) for c in st.army(s) if not c.face_up]
    elif kind == "army":
        pool = [c for s in (0, 1) for c in st.army(s) if c.face_up]
    else:
        if src.zone != ARMY or src.owner != ctx.seat:
            return
        if kind == "adjacent":
            pool = [c for c in st.adjacent(src) if c.face_up]
        else:
            pool = [c for c in st.p[src.owner].rows[src.row] if c.face_up] + [
                c for c in st.column(src) if c.face_up
            ]
    levels = p.get("level")
    pool = [
        c
        for c in pool
        if c.uid not in banned
        and (kind == "captured" or st.on_play(c))
        and (not levels or not set(st.levels(c)).isdisjoint(levels))
    ]
    if not pool:
        return
    uniq = list({c.uid: c for c in pool})
    card = st.cards[st.ask("choose_target", ctx.seat, uniq, ("copy", src.d.name))]
    if p.get("release_source"):
        zones.release(st, ctx.seat, card)
    steps = st.on_play(card)
    st.emit("copy", ctx.seat, src.d.name, card.d.name)
    run_steps(st, Ctx(ctx.seat, src, ctx.chain + (src.uid, card.uid), ctx.remover), steps)
    if p.get("remove_source") and card.zone == DISCARD:
        zones.remove_from_discard(st, ctx.seat, card)
    if p.get("capture_source") and card.zone == ARMY:
        zones.capture(st, ctx.seat, card)


def s_bounty_token(st: State, ctx: Ctx, p: dict) -> None:
    """GX-12.9: place or move the bounty token on any army card."""
    opts = [c.uid for s in (0, 1) for c in st.army(s) if c is not st.bounty]
    if not opts:
        return
    card = st.cards[st.ask("choose_target", ctx.seat, opts, ("bounty", ctx.src.d.name))]
    st.bounty = card
    st.emit("bounty_token", ctx.seat, ctx.src.d.name, card.d.name, amount=card.owner)


def s_if(st: State, ctx: Ctx, p: dict) -> None:
    if "named_in_army" in p:
        name = p["named_in_army"]
        ok = any(c.face_up and name in st.names(c) for c in st.army(ctx.seat))
    elif "x_eq" in p:
        ok = st.x_value(ctx.seat) == p["x_eq"]
    else:  # the loader asks for one condition (cards._check_steps): none would never run its steps
        raise ValueError(f"'if' step without a condition: {p!r}")
    if ok:
        run_steps(st, ctx, p.get("then", ()))


def s_hook(st: State, ctx: Ctx, name: str) -> None:

    HOOKS.handlers[name](st, ctx)


STEP: dict[str, Any] = {
    "draw": s_draw,
    "discard": s_discard,
    "hand_to": s_hand_to,
    "capture": s_capture,
    "release": s_release,
    "destroy": s_destroy,
    "choose_op": s_choose_op,
    "sacrifice": s_sacrifice,
    "sacrifice_until_equal": s_sacrifice_until_equal,
    "swap": s_swap,
    "to_deck_top": s_to_deck_top,
    "reveal": s_reveal,
    "mill": s_mill,
    "search_deck": s_search_deck,
    "from_discard": s_from_discard,
    "remove_from_discard": s_remove_from_discard,
    "return_tokens": s_return_tokens,
    "unlock_token": s_unlock_token,
    "extra_turn": s_extra_turn,
    "pass_now": s_pass_now,
    "copy_effect": s_copy_effect,
    "bounty_token": s_bounty_token,
    "if": s_if,
    "hook": s_hook,
}

STEPS.implement(STEP)
