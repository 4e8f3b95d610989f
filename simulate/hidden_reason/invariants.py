"""The engine's invariants, checked at every decision by ``checked_play`` (`cardlab soak hidden-reason`) and
by the tests: cards conserved across zones (abyss included; a token counts only while on the battlefield
and is otherwise GONE, never in another zone — HR-14.2; a copy of a strategy or tactic is a token that
lives on the stack), resources within 0..9 (HR-6), durability never
negative on the battlefield, hand within 9 (HR-5), the boss's HP never going up (HR-3), and every option and
context a plain value (cards by uid: issue 17 item 5)."""

from __future__ import annotations

from typing import Any

from cardlab.simulate.core import GameResult, Players
from cardlab.simulate.core.decisions import check_plain
from cardlab.simulate.core.errors import InvariantError

from .state import ABYSS, BATTLEFIELD, DECK, GONE, HAND, OTHER_WORLD, STACK, Game


def _fail(g: Game, what: str) -> None:
    raise InvariantError(f"{what} (boss {g.boss_hp} HP)")


def check(g: Game) -> None:
    """Messages are built only on failure: this runs at every decision of a soak."""
    seen = 0
    for p in g.players:
        for zone, cards in ((DECK, p.deck), (HAND, p.hand), (OTHER_WORLD, p.other_world), (ABYSS, p.abyss)):
            for c in cards:
                if c.zone != zone or c.owner != p.seat:
                    _fail(g, f"P{p.seat}: {c.d.name} listed in {zone} but is in {c.zone}")
                if c.token:
                    _fail(g, f"P{p.seat}: token {c.d.name} in {zone}")
            seen += len(cards)
        for c in p.battlefield:
            if c.zone != BATTLEFIELD or c.controller != p.seat:
                _fail(g, f"P{p.seat}: {c.d.name} not on its battlefield")
            if c.d.is_unit and c.dur < 0:
                _fail(g, f"P{p.seat}: {c.d.name} has negative durability")
        seen += len(p.battlefield)
        if not (0 <= p.crystals <= 9 and 0 <= p.temp <= p.pool <= 9):
            _fail(g, f"P{p.seat}: resources out of 0..9")
        if len(p.hand) > 9:
            _fail(g, f"P{p.seat}: more than 9 cards in hand")
    on_stack = [it.source for it in g.stack if it.kind == "card"]
    if any(c.zone != STACK or (c.token and c.d.is_permanent) for c in on_stack):
        _fail(g, "a card on the stack is not in the stack zone (or is a permanent token)")
    seen += len(on_stack)
    gone = 0
    for c in g.cards:
        if c.zone == GONE:
            if not c.token:
                _fail(g, f"card {c.d.name} ceased to exist (only tokens may)")
            gone += 1
    if seen + gone != len(g.cards):
        _fail(g, f"{seen} cards in zones + {gone} tokens gone, {len(g.cards)} in the game")


class Checked:
    """Wraps a strategy: checks the invariants and that the boss's HP never goes up, then delegates."""

    name = "checked"

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.last_hp: int | None = None
        self.calls = 0

    def choose(self, decision: Any) -> Any:
        g = decision.view._g
        check(g)
        check_plain(decision)  # options and context are uids and plain values, never engine objects
        if self.last_hp is not None and g.boss_hp > self.last_hp:
            _fail(g, f"the boss's HP went up from {self.last_hp}")
        self.last_hp = g.boss_hp
        self.calls += 1
        return self.inner.choose(decision)


def checked_play(config: Any, seed: int, players: Players, log_events: bool = True) -> GameResult:
    """``play`` with the invariants checked at every decision (same result as ``play`` for the same seed)."""
    from .turn import play

    wrapped = Players([Checked(s) for s in players.strategies], declared=players.declared)
    result = play(config, seed, wrapped, log_events)
    players.decisions = wrapped.decisions
    return result
