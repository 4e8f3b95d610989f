"""Triggered permanent effects (the ``triggers:`` of a card): they work while the card is face up in its
owner's army (GX-12.17); Night Guardians and Ne'ye are handled where their moment happens (zones.py)."""

from __future__ import annotations

from itertools import permutations

from .interpreter import Ctx, run_steps
from .state import ARMY, State


def _cond_ok(st: State, seat: int, cond: dict) -> bool:
    pl = st.p[seat]
    for key, value in cond.items():
        if key == "hand_size_eq":
            if len(pl.hand) != value:
                return False
        elif key == "opp_captured_gte":
            if sum(1 for c in st.army(1 - seat) if not c.face_up) < value:
                return False
        elif key == "named_face_up_gte":
            n = sum(1 for c in st.army(seat) if c.face_up and value["name"] in st.names(c))
            if n < value["n"]:
                return False
        elif key == "removed_named":
            if not any(c.d.group == value or c.d.name == value for c in pl.removed):
                return False
        elif key == "first_to_pass":  # a flag: false asks for the other case
            if (st.first_passer == seat) != bool(value):
                return False
        elif key == "opponent_not_won":  # a win ends the game before triggers (GameOver): always true here
            if not value:
                return False
        else:  # a condition the loader knows but no branch reads would hold silently
            raise ValueError(f"trigger condition {key!r} has no rule")
    return True


def fire(st: State, seat: int, event: str) -> None:
    """Run every face-up card's trigger for ``event`` in ``seat``'s army; with several, the player picks the
    order (an ``order`` decision over uids, GX-15.3); each condition is checked when its turn comes."""

    found = [
        card
        for row in st.p[seat].rows
        for card in row
        if (card.d.on or "mirror" in card.d.passive)
        and card.face_up
        and any(ev == event for ev, _c, _s in st.triggers(card))
    ]
    if len(found) > 1:  # GX-15.3: the player orders their simultaneous triggers
        orders = list(permutations(c.uid for c in found[:4]))
        chosen = st.ask("order", seat, orders, event)
        found = [st.cards[u] for u in chosen] + found[4:]
    for card in found:
        for ev, cond, steps in st.triggers(card):
            if ev == event and card.zone == ARMY and card.face_up and _cond_ok(st, seat, cond):
                st.emit("trigger", seat, card.d.name, detail=event)
                run_steps(st, Ctx(seat, card), steps)
