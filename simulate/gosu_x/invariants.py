"""Engine invariants, checked after every step by ``checked_play`` (``cardlab soak``) and by the tests:
every card in exactly one zone, 4 activation tokens per player (8 in all, GX-1.1), armies of at most
3 × 5 cards placed left to right with no more heroes than soldiers and no more Immortals than heroes
(GX-3.1, GX-3.2, GX-5.6, GX-5.7), the passive index in step with the army, at most 3 rounds (GX-4.1)."""

from __future__ import annotations

from cardlab.simulate.core.errors import InvariantError

from .state import ARMY, DECK, DISCARD, HAND, REMOVED, TOKENS_TOTAL, State


def check(st: State) -> None:
    """Raise InvariantError naming the first broken invariant."""
    seen: set[int] = set()
    for pl in st.p:
        where = f"seat {pl.seat}"
        tokens = pl.t_hand + pl.t_spent + pl.t_locked + pl.tokens_on_cards()
        if tokens != TOKENS_TOTAL // 2 or min(pl.t_hand, pl.t_spent, pl.t_locked) < 0:
            raise InvariantError(
                f"{where}: activation tokens {pl.t_hand}/{pl.t_spent}/{pl.t_locked}+cards ≠ 4"
            )
        for zone, cards in ((HAND, pl.hand), (DECK, pl.deck), (DISCARD, pl.discard), (REMOVED, pl.removed)):
            for c in cards:
                if c.zone != zone or c.uid in seen or c.owner != pl.seat:
                    raise InvariantError(f"{where}: {c} listed in {zone} but marked {c.zone} (or twice)")
                seen.add(c.uid)
        rows = pl.rows
        for r, row in enumerate(rows):
            if len(row) > 5:
                raise InvariantError(f"{where}: row {r + 1} holds {len(row)} cards")
            for c in row:
                if c.zone != ARMY or c.row != r or c.uid in seen or c.owner != pl.seat:
                    raise InvariantError(
                        f"{where}: {c} in row {r + 1} but marked {c.zone}/{c.row} (or twice)"
                    )
                if c.tokens > st.slots(c) and "mirror" not in c.d.passive:
                    raise InvariantError(f"{where}: {c} carries {c.tokens} tokens for {st.slots(c)} symbols")
                seen.add(c.uid)
        if not len(rows[2]) <= len(rows[1]) <= len(rows[0]):
            raise InvariantError(
                f"{where}: rows of {len(rows[0])}/{len(rows[1])}/{len(rows[2])} cards leave a gap"
            )
        index = sorted(c.uid for c in pl.pcards)
        if index != sorted(c.uid for row in rows for c in row if c.d.passive):
            raise InvariantError(f"{where}: permanent-effect index out of step with the army")
    if seen != set(st.cards):
        lost = sorted(set(st.cards) - seen)
        raise InvariantError(f"cards in no zone: {[st.cards[u] for u in lost][:5]}")
    if st.round > 3:
        raise InvariantError(f"round {st.round} > 3 (GX-4.1)")
