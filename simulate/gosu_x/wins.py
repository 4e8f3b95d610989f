"""The instant win (GX-11.1c / GX-Q.19: fifteen face-up cards), checked after every step and action,
and the ghost release (GX-15.4) that applies first."""

from __future__ import annotations

from .state import Card, GameOver, State


def ghost_release(st: State) -> None:
    """GX-15.4 / GX-12.11 / GX-13.4: a ghost token that lands on a captured card (the ward moves to a new
    highest vulnerable card) releases it at once; no effect triggers."""
    for seat in (0, 1):
        rows = st.p[seat].rows
        # only a captured card can be released: looked for before the ward's sources, which cost more to read
        # (the check runs after every step)
        if rows[0] and _any_captured(rows) and st.effect_values(seat, "ward_highest"):
            card = st.ward_card(seat)
            if card is not None and not card.face_up:
                card.face_up = True
                st.emit("release", -1, card.d.name, seat, detail="ghost")


def _any_captured(rows: list[list[Card]]) -> bool:
    return any(not c.face_up for row in rows for c in row)


def check_instant(st: State) -> None:
    """GX-11.1c / GX-Q.19: an army of 15 face-up cards wins at once (after any ghost release, GX-15.4).
    Both armies completed by one step (the Tribute's release, GX-10.1): nobody was first — a draw, as
    simultaneous second superiority tokens (GX-9.5, GX-11.2)."""
    ghost_release(st)
    full: tuple[int, ...] = ()
    for seat in (0, 1):
        if len(st.p[seat].rows[2]) == 5 and st.p[seat].army_size() == 15 and st.face_up_count(seat) == 15:
            full += (seat,)
    if full:
        st.emit("game_over", full[0] if len(full) == 1 else -1, detail="fifteen_cards")
        raise GameOver(full, "fifteen_cards")
