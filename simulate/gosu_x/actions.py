"""The four actions of a turn (GX-4.3): play a card (GX-5), replace a card (GX-6), spend activation
tokens (GX-7) and pass (GX-8). ``legal_actions`` lists them; ``do_action`` carries one out.

Action options are tuples: ("play", uid, row, use_miracle, from_discard, discards), ("replace", target_uid,
use_miracle, discards) — the new card is then a ``replace_with`` decision —, ("draw1",), ("draw3",),
("activate", uid), ("pass",); ``discards`` is the number of hand cards the action will cost.
"""

from __future__ import annotations

from . import wins, zones
from .interpreter import Ctx, resolve_entry
from .passing import do_pass
from .state import ARMY, DISCARD, Card, State
from .triggers import fire

PASS = ("pass",)
DRAW1 = ("draw1",)
DRAW3 = ("draw3",)


def can_place(st: State, seat: int, card: Card, row: int) -> bool:
    """Prerequisites by row (GX-5.3–5.7, GX-Q.4, GX-Q.8); Phoenix (Immortal) uses its chosen row's rules."""
    rows = st.p[seat].rows
    if len(rows[row]) >= 5:
        return False
    if row == 0:
        return True
    clans = st.clans(card) if "any_row" not in card.d.passive else _clans_in_row(st, card, row)
    if (
        row == 1
    ):  # GX-5.6: heroes <= soldiers (captured soldiers count, GX-Q.8) and a face-up soldier of its clan
        if len(rows[1]) + 1 > len(rows[0]):
            return False
        return any(c.face_up and not set(clans).isdisjoint(st.clans(c)) for c in rows[0])
    col = len(
        rows[2]
    )  # GX-5.7 / GX-Q.4: leftmost empty position of row 3, same column as a soldier and a hero
    if col >= len(rows[1]):
        return False
    s, h = rows[0][col], rows[1][col]
    return (
        s.face_up
        and h.face_up
        and not set(clans).isdisjoint(st.clans(s))
        and not set(clans).isdisjoint(st.clans(h))
    )


def _clans_in_row(st: State, card: Card, row: int) -> tuple[str, ...]:
    if row == 2 and st.effect_total(card.owner, "multi_clan_level3"):
        return st.p[card.owner].clans
    return st.clans(card)


def play_cost(st: State, seat: int, card: Card, row: int) -> int:
    """GX-5.3–5.5 soldiers: free first / free with a face-up same-clan soldier / right of a recruiter
    (GX-12.2) / else discard 2. Heroes and Immortals cost nothing (GX-Q.3)."""
    if row != 0:
        return 0
    soldiers = st.p[seat].rows[0]
    face_up = [c for c in soldiers if c.face_up]
    if not face_up:
        return 0
    clans = _clans_in_row(st, card, 0)
    for c in face_up:
        if not set(clans).isdisjoint(st.clans(c)):
            return 0
    last = soldiers[-1]
    if last.face_up and st.has_kw(last, "recruiter"):
        return 0
    return 2


def replacements(st: State, seat: int, t: Card, cost: int) -> list[int]:
    """New cards that may replace ``t`` paying ``cost`` discards: same level (GX-6.2, GX-6.11), not identical
    (GX-6.6), not banned; from the hand, or from the discard with castling (GX-6.9). Distinct names only."""
    pl = st.p[seat]
    bans = pl.bans
    lv = t.row + 1
    out: list[int] = []
    seen: set = set()
    pools = [(pl.hand, len(pl.hand) - 1)]
    if st.has_kw(t, "castling"):
        pools.append((pl.discard, len(pl.hand)))
    for pool, avail in pools:
        if cost > avail:
            continue
        for c in pool:
            d = c.d
            key = (d.name, c.zone)
            if key in seen or d.name == t.d.name or (bans and d.group in bans):
                continue
            seen.add(key)
            if d.level == lv or "any_row" in d.passive:
                out.append(c.uid)
    return out


def _names_by_level(cards: list[Card], bans: dict) -> dict[int, set[str]]:
    out: dict[int, set[str]] = {1: set(), 2: set(), 3: set()}
    for c in cards:
        d = c.d
        if bans and d.group in bans:
            continue
        if "any_row" in d.passive:
            for lv in (1, 2, 3):
                out[lv].add(d.name)
        else:
            out[d.level].add(d.name)
    return out


def _can_replace(st: State, pl, t: Card, cost: int, pools: list) -> bool:
    """Fast check that ``replacements`` would offer something (same rules, names only)."""
    lv, nh = t.row + 1, len(pl.hand)
    if cost <= nh - 1:
        if pools[0] is None:
            pools[0] = _names_by_level(pl.hand, pl.bans)
        names = pools[0][lv]
        if names and (len(names) > 1 or t.d.name not in names):
            return True
    if cost <= nh and pl.discard and st.has_kw(t, "castling"):
        if pools[1] is None:
            pools[1] = _names_by_level(pl.discard, pl.bans)
        names = pools[1][lv]
        if names and (len(names) > 1 or t.d.name not in names):
            return True
    return False


def legal_actions(st: State, seat: int) -> list[tuple]:
    pl = st.p[seat]
    acts: list[tuple] = []
    if not pl.t_hand:
        acts.append(PASS)  # GX-8.1
    nh = len(pl.hand)
    miracle = st.miracle == seat
    bans = pl.bans
    seen: set = set()
    if st.from_discard_ok:  # Nityananda (GX-Q.13)
        sources = [(c, False) for c in pl.hand] + [(c, True) for c in pl.discard]
    else:
        sources = [(c, False) for c in pl.hand]
    # what the army allows, computed once (the same rules as can_place / play_cost)
    r0, r1, r2 = pl.rows
    soldier_clans: set[str] = set()
    any_face_up = False
    for c in r0:
        if c.face_up:
            any_face_up = True
            soldier_clans.update(st.clans(c))
    free_soldier = not any_face_up or (r0[-1].face_up and st.has_kw(r0[-1], "recruiter"))
    room0 = len(r0) < 5
    hero_ok = len(r1) < 5 and len(r1) < len(r0)
    col = len(r2)
    imm_s: tuple[str, ...] = ()
    imm_h: tuple[str, ...] = ()
    if col < 5 and col < len(r1) and r0[col].face_up and r1[col].face_up:
        imm_s, imm_h = st.clans(r0[col]), st.clans(r1[col])
    for c, fd in sources:
        key = (c.d.name, fd)
        if key in seen or (bans and c.d.group in bans):
            continue
        seen.add(key)
        avail = nh if fd else nh - 1
        if "any_row" in c.d.passive:  # Phoenix (Immortal): each row's own rules
            for r in (0, 1, 2):
                if can_place(st, seat, c, r):
                    cost = play_cost(st, seat, c, r)
                    if cost <= avail:
                        acts.append(("play", c.uid, r, False, fd, cost))
                    if miracle and cost and cost - 1 <= avail:
                        acts.append(("play", c.uid, r, True, fd, cost - 1))
            continue
        level = c.d.level
        if level == 1:
            if not room0:
                continue
            cost = 0 if free_soldier or not soldier_clans.isdisjoint(st.clans(c)) else 2
            if cost <= avail:
                acts.append(("play", c.uid, 0, False, fd, cost))
            if miracle and cost and cost - 1 <= avail:  # GX-12.23: the discount is always optional
                acts.append(("play", c.uid, 0, True, fd, cost - 1))
        elif level == 2:
            if hero_ok and not soldier_clans.isdisjoint(st.clans(c)):
                acts.append(("play", c.uid, 1, False, fd, 0))
        elif imm_s:
            cl = st.clans(c)
            if not set(cl).isdisjoint(imm_s) and not set(cl).isdisjoint(imm_h):
                acts.append(("play", c.uid, 2, False, fd, 0))
    pools: list = [None, None]  # names by level in hand / discard, built on first need
    for t in (c for row in pl.rows for c in row):
        if not t.face_up or t.d.replace_cost is None:  # GX-6.1, GX-6.7
            continue
        base = max(0, t.d.replace_cost - t.tokens)  # GX-6.3
        if base > nh + 1:
            continue
        if _can_replace(st, pl, t, base, pools):
            acts.append(("replace", t.uid, False, base))
        if miracle and base and _can_replace(st, pl, t, base - 1, pools):  # GX-6.10, optional
            acts.append(("replace", t.uid, True, base - 1))
    if pl.t_hand:
        acts.append(DRAW1)
        if pl.t_hand >= 2:
            acts.append(DRAW3)
        for row in pl.rows:
            for t in row:
                if not t.face_up:
                    continue
                d = t.d
                if "mirror" in d.passive:
                    d = st.source_def(t)
                if t.tokens < d.slots and d.on_play:  # GX-7.2c, GX-7.3, GX-7.5
                    acts.append(("activate", t.uid))
    return acts


def enter_army(st: State, seat: int, card: Card) -> None:
    """GX-5.2 / GX-Q.5: a card entering the army (play or replacement): miracle, effect, echo."""
    if st.printed_kw(card, "miracle"):  # GX-12.23
        st.miracle = seat
        st.emit("miracle", seat, card.d.name, detail="take")
    wins.check_instant(st)
    if not st.on_play(card):
        return
    ctx = Ctx(seat, card)
    echo = st.has_kw(card, "echo")  # GX-12.25: granted as the card is placed, kept if its granter then leaves
    resolve_entry(st, ctx, card)
    if echo and card.zone == ARMY and card.face_up and st.ask("echo", seat, (True, False), card.d.name):
        st.emit("echo", seat, card.d.name)
        resolve_entry(st, ctx, card)


def _use_miracle(st: State, seat: int) -> None:
    st.miracle = -1
    st.emit("miracle", seat, detail="return")


def do_play(st: State, seat: int, uid: int, row: int, miracle: bool, from_discard: bool) -> None:
    pl = st.p[seat]
    card = st.cards[uid]
    cost = play_cost(st, seat, card, row)
    if miracle:
        _use_miracle(st, seat)
        cost -= 1
    (pl.discard if from_discard else pl.hand).remove(card)
    card.zone = "limbo"
    zones.choose_discards(st, seat, cost, "cost")  # GX-5.4
    zones.place_in_army(st, seat, card, row)
    st.emit("card_played", seat, card.d.name, amount=row + 1, detail="from_discard" if from_discard else None)
    enter_army(st, seat, card)


def do_replace(st: State, seat: int, tuid: int, miracle: bool) -> None:
    """GX-6.3 / GX-6.9: choose the new card first, then discard the cost, then the replaced card."""
    pl = st.p[seat]
    t = st.cards[tuid]
    rc = t.d.replace_cost
    assert rc is not None  # only a replaceable card is offered (GX-6.3)
    cost = max(0, rc - t.tokens)
    card = st.cards[
        st.ask("replace_with", seat, replacements(st, seat, t, cost - 1 if miracle else cost), tuid)
    ]
    if miracle:
        _use_miracle(st, seat)
        cost = max(0, cost - 1)
    (pl.discard if card.zone == DISCARD else pl.hand).remove(card)
    card.zone = "limbo"
    zones.choose_discards(st, seat, cost, "replace_cost")
    r = t.row
    row = pl.rows[r]
    i = row.index(t)
    zones.return_tokens_of(st, t)  # GX-6.8
    if st.bounty is t:
        st.bounty = None
    t.row = -1
    zones.to_discard(st, t)
    card.zone, card.face_up, card.row = ARMY, True, r
    row[i] = card
    if t.d.passive:
        pl.pcards.remove(t)
    if card.d.passive:
        pl.pcards.append(card)
    st.emit("card_replaced", seat, card.d.name, t.d.name, amount=card.row + 1)
    enter_army(st, seat, card)


def do_activate(st: State, seat: int, uid: int) -> None:
    """GX-7.2c: put a token on an activation symbol and apply the effect again (no echo, GX-7.10)."""
    pl = st.p[seat]
    card = st.cards[uid]
    pl.t_hand -= 1
    card.tokens += 1
    if st.printed_kw(card, "veteran"):
        card.vet += 1  # GX-7.9
    st.emit("token_placed", seat, card.d.name, amount=card.tokens)
    opp = 1 - seat
    for c in st.p[opp].hand:  # Great-Shield Atalanta (feat, GX-12.16)
        if c.d.feat == "cancel_activation" and not st.banned(opp, c):
            if st.ask("feat", opp, (True, False), ("cancel_activation", uid)):
                zones.discard_from_hand(st, opp, c, "feat")
                st.emit("feat", opp, c.d.name, card.d.name, detail="cancel_activation")
                return
            break
    resolve_entry(st, Ctx(seat, card), card)


def do_action(st: State, seat: int, act: tuple) -> None:
    kind = act[0]
    pl = st.p[seat]
    if kind == "play":
        do_play(st, seat, act[1], act[2], act[3], act[4])
    elif kind == "replace":
        do_replace(st, seat, act[1], act[2])
    elif kind == "draw1":  # GX-7.2a
        pl.t_hand -= 1
        pl.t_spent += 1
        st.emit("token_spent", seat, amount=1)
        zones.draw(st, seat, 1)
    elif kind == "draw3":  # GX-7.2b
        pl.t_hand -= 2
        pl.t_spent += 2
        st.emit("token_spent", seat, amount=2)
        zones.draw(st, seat, 3)
        fire(st, seat, "draw3")
    elif kind == "activate":
        do_activate(st, seat, act[1])
    else:
        do_pass(st, seat)
    wins.check_instant(st)


__all__ = ["legal_actions", "do_action", "can_place", "play_cost", "enter_army", "replacements"]
