"""Invariant checks over a live game, run at every decision by a wrapping strategy (tests only)."""

from __future__ import annotations

from simulate.hidden_reason.state import ABYSS, BATTLEFIELD, DECK, HAND, OTHER_WORLD, STACK, Game


def check(g: Game) -> None:
    """Cards conserved across zones (abyss included), resources within 0..9, no negative durability."""
    seen = 0
    for p in g.players:
        for zone, cards in ((DECK, p.deck), (HAND, p.hand), (OTHER_WORLD, p.other_world), (ABYSS, p.abyss)):
            for c in cards:
                assert c.zone == zone and c.owner == p.seat, (c, zone)
            seen += len(cards)
        for c in p.battlefield:
            assert c.zone == BATTLEFIELD and c.controller == p.seat
            if c.d.is_unit:
                assert c.dur >= 0, c
        seen += len(p.battlefield)
        assert 0 <= p.crystals <= 9 and 0 <= p.temp <= p.pool <= 9, p
        assert len(p.hand) <= 9
    on_stack = [it.source for it in g.stack if it.kind == "card"]
    assert all(c.zone == STACK for c in on_stack)
    seen += len(on_stack)
    assert seen == len(g.cards), (seen, len(g.cards))


class Checked:
    """Wraps a strategy: checks invariants and that the boss's HP never goes up, then delegates."""

    name = "checked"

    def __init__(self, inner) -> None:
        self.inner = inner
        self.last_hp: int | None = None
        self.calls = 0

    def choose(self, decision):
        g = decision.view._g
        check(g)
        if self.last_hp is not None:
            assert g.boss_hp <= self.last_hp
        self.last_hp = g.boss_hp
        self.calls += 1
        return self.inner.choose(decision)
