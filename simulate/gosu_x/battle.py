"""The Great Battle (GX-9) and the Tribute to the Fallen (GX-10)."""

from __future__ import annotations

from . import wins, zones
from .state import GameOver, State
from .triggers import fire

MARGIN = 10  # GX-10.6 / GX-11.1d: the battle_margin effect's threshold


def card_value(st: State, card) -> int:
    """GX-9.2: base value by level (per-card override), 0 when captured, ×2 veteran token (GX-7.9),
    ×2 Golem (Avatar) facing a bounty card (GX-14)."""
    if not card.face_up:
        return 0
    d = card.d
    if d.combat is not None and "any_row" not in d.passive:
        v = d.combat
    else:
        v = st.cfg.combat_values[st.levels(card)[0] - 1]
    if card.vet and st.printed_kw(card, "veteran"):
        v *= 2
    if _avatar_doubled(st, card):
        v *= 2
    return v


def _avatar_doubled(st: State, card) -> bool:
    """GX-14: Golem (Avatar)'s value is doubled while the opponent's army shows a bounty card."""
    return "double_if_opponent_bounty" in st.passive_of(card) and any(
        c.face_up and st.has_kw(c, "bounty") for c in st.army(1 - card.owner)
    )


def army_value(st: State, seat: int) -> int:
    total = 0
    base = st.cfg.combat_values
    for r, row in enumerate(st.p[seat].rows):
        for c in row:
            if not c.face_up:
                continue
            d = c.d
            if c.vet or d.passive or d.combat is not None:
                total += card_value(st, c)
            else:
                total += base[r] if d.level == r + 1 else base[d.level - 1]
    return total


def hand_bonus(st: State, seat: int) -> int:
    """GX-13.2 / GX-15.5: the battle_bonus_per_hand values of the cards and tiles in force (they stack)."""
    per = st.effect_total(seat, "battle_bonus_per_hand")
    return per * len(st.p[seat].hand)


def battle_total(st: State, seat: int) -> int:
    return army_value(st, seat) + hand_bonus(st, seat)


def _log_card_bonuses(st: State, seat: int) -> None:
    """battle_bonus events for the per-card doublings: veteran token (GX-7.9), Golem (Avatar) (GX-14)."""
    for c in st.army(seat):
        if not c.face_up:
            continue
        if c.vet and st.printed_kw(c, "veteran"):
            st.emit("battle_bonus", seat, c.d.name, amount=card_value(st, c) // 2, detail="veteran")
        if _avatar_doubled(st, c):  # GX-14's condition, not its value: a 4-combat avatar is not doubled
            st.emit("battle_bonus", seat, c.d.name, amount=card_value(st, c) // 2, detail="avatar")


def great_battle(st: State) -> tuple[int, int, int]:
    """Returns (winner or -1 for a shared tie, margin, the winner's extra Tribute sacrifices). The extra sacrifices
    (GX-10.6, GX-13.3) are fixed here, by the battle_margin effects in force at the battle — not after the
    Tribute releases captured cards. Raises GameOver on a game win or draw."""
    st.log.phase = "battle"
    totals = []
    for seat in (0, 1):
        base, bonus = army_value(st, seat), hand_bonus(st, seat)
        if st.log.enabled:
            _log_card_bonuses(st, seat)
        if bonus:
            st.emit("battle_bonus", seat, amount=bonus, detail="hand")
        totals.append(base + bonus)
        st.emit("battle", seat, amount=base + bonus)
    a, b = totals
    margin = abs(a - b)
    if a != b:
        winner = 0 if a > b else 1
    elif st.miracle >= 0:  # GX-9.4
        winner = st.miracle
        st.emit("battle_bonus", winner, "miracle", detail="tie")
    else:
        winner = -1
    for seat in (0, 1) if winner < 0 else (winner,):
        st.p[seat].superiority += 1
        st.emit("superiority", seat, amount=st.p[seat].superiority)
    two = [s for s in (0, 1) if st.p[s].superiority >= 2]
    if len(two) == 2:  # GX-9.5 / GX-11.2
        st.emit("game_over", -1, detail="draw")
        raise GameOver((0, 1), "battle_tokens")
    if two:
        st.emit("game_over", two[0], detail="battle_tokens")
        raise GameOver((two[0],), "battle_tokens")
    extra = 0
    if winner >= 0:
        margin_effect = st.effect_total(winner, "battle_margin")
        if margin >= MARGIN and st.effect_values(winner, "battle_margin"):  # GX-11.1d
            st.emit("game_over", winner, detail="goan_sul")
            raise GameOver((winner,), "goan_sul")
        if margin < MARGIN:  # GX-10.6, GX-15.5
            extra = margin_effect
        fire(st, winner, "battle_won")
        fire(st, 1 - winner, "battle_lost")
    return winner, margin, extra


def tribute(st: State, winner: int, extra: int) -> int:
    """GX-10: release, sacrifice half (rounded up; winner first, plus ``extra`` fixed at the battle, GX-10.6),
    draw up to 7, tokens back; returns the seat that starts the next round (GX-10.10)."""
    st.log.phase = "tribute"
    for seat in (0, 1):  # GX-10.1
        for c in st.army(seat):
            if not c.face_up:
                c.face_up = True
                st.emit("release", -1, c.d.name, seat, detail="tribute")
    wins.check_instant(st)  # GX-Q.19: a release step can complete 15 face-up cards (GX-11.1c)
    if winner >= 0:
        order = (winner, 1 - winner)
    else:  # GX-10.5
        first = st.streams("tie").randrange(2)
        order = (first, 1 - first)
    for seat in order:
        n = (st.p[seat].army_size() + 1) // 2  # GX-10.2/10.3
        if seat == winner:  # GX-10.6, GX-15.5
            n += extra
        st.emit("tribute", seat, amount=n)
        for _ in range(n):
            if zones.sacrifice_one(st, seat, "tribute") is None:
                break
    for seat in order:  # GX-10.7
        pl = st.p[seat]
        if len(pl.hand) < 7:
            zones.draw(st, seat, 7 - len(pl.hand))
    for pl in st.p:  # GX-10.8
        for c in (c for row in pl.rows for c in row):
            c.tokens = c.vet = 0
        pl.t_hand = 4 - pl.t_locked
        pl.t_spent = 0
    if st.miracle >= 0:  # GX-10.9 / GX-Q.10
        st.emit("miracle", st.miracle, detail="board")
        st.miracle = -1
    wins.check_instant(st)
    return 1 - winner if winner >= 0 else order[1]
