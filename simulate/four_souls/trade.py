"""FS-20.4 extended trade (``--variant extended-trade``), with FS-15.3's ¢ trading: a trade exchanges ¢,
loot cards and items between two players by agreement; souls cannot be traded; every transfer is a
give, not a gain (FS-6.11); a player cannot hand over items while dead or during an attack. In solo and
co-op no ¢ are exchanged between characters (FS-17.2), so a trade there moves only loot and items.

The engine models a trade as a bot-friendly protocol (FS-15.3 trading is open table talk, which no
strategy can do): once per turn, in the action phase with an empty stack, the active player may
propose one exchange of one thing for one thing to one other player (decision ``trade_offer``,
options: :class:`Offer` records and ``"none"``); that player accepts or refuses (``accept_trade``,
options True/False). Accepted, both sides give at once, without the stack (FS-15.3)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import asking, checks, resources
from .state import Game

AMOUNTS = (2, 5, 10)  # the ¢ amounts a trade may name (a few, to keep the offers enumerable)


@dataclass(frozen=True, slots=True)
class Offer:
    """A proposed exchange: the proposer gives ``give``, the partner (seat) gives ``get``. A part is
    ``("cents", n)``, ``("loot", card)`` (a card of the proposer's hand, shown to the partner),
    ``("loot", None)`` (a loot card of the partner's choice) or ``("item", obj)`` (an item in play)."""

    proposer: int
    partner: int
    give: tuple
    get: tuple

    def to_public(self, g: Game) -> Offer:
        """The offer as the players see it: its card and item as handles (``refs``, ``asking.public``)."""
        return Offer(self.proposer, self.partner, asking.public(g, self.give), asking.public(g, self.get))


@dataclass(slots=True)
class Trade:
    """The variant's own state (``Game.trade``; None when the variant is off)."""

    proposed: int = -1  # the turn number of the last proposal (once per turn)


def can_trade(g: Game, seat: int) -> bool:
    """Once per turn; there must be another player and something to exchange (checked cheaply)."""
    return g.trade.proposed != g.turn and g.attack is None


def _parts(g: Game, seat: int, mine: bool) -> list[tuple]:
    p = g.players[seat]
    # FS-17.2: in solo and co-op no ¢ change hands between characters ([A]), so a trade names none there
    out: list[tuple] = [] if g.coop is not None else [("cents", k) for k in AMOUNTS if k <= p.cents]
    if mine:
        seen = set()
        for c in p.hand:
            if c.card.id not in seen:  # one offer per distinct card (copies trade the same)
                seen.add(c.card.id)
                out.append(("loot", c))
    elif p.hand:
        out.append(("loot", None))
    if not p.dead:  # FS-20.4: no items handed over while dead
        out.extend(("item", o) for o in p.items)
    return out


def offers(g: Game, seat: int) -> list[Offer]:
    """Every one-for-one exchange ``seat`` may propose now (¢ for ¢ is no trade)."""
    gives = _parts(g, seat, True)
    out: list[Offer] = []
    for k in range(1, g.n):
        q = (seat + k) % g.n
        for b in _parts(g, q, False):
            out.extend(Offer(seat, q, a, b) for a in gives if not (a[0] == "cents" and b[0] == "cents"))
    return out


def trade(g: Game, seat: int) -> None:
    """The action: propose (or decline to), ask the partner, carry the exchange out if accepted."""
    g.trade.proposed = g.turn
    opts = offers(g, seat)
    if not opts:
        return
    pick = asking.ask(g, seat, "trade_offer", (*opts, "none"), "extended trade")
    if pick == "none":
        return
    if not asking.ask(g, pick.partner, "accept_trade", (True, False), pick):
        return
    _give(g, seat, pick.partner, pick.give)
    _give(g, pick.partner, seat, pick.get)
    checks.state_checks(g)


def _give(g: Game, frm: int, to: int, part: tuple) -> None:
    """FS-6.12 give (FS-20.4: not a gain)."""
    kind, what = part
    p, q = g.players[frm], g.players[to]
    if kind == "cents":
        n = min(what, p.cents)
        if n > 0:
            resources.give_cents(g, p, q, n, "trade")
    elif kind == "loot" and what is None:
        resources.transfer_loot(g, p, q, 1, chooser=p, random=False, why="trade")
    elif kind == "loot":
        if what in p.hand:
            p.hand.remove(what)
            q.hand.append(what)
            g.log.emit("loot_given", to, "trade", frm, 1)
    elif kind == "item":
        resources.move_item(g, what, to, "give", "trade")
    else:  # pragma: no cover - offers() builds only the kinds above
        raise ValueError(f"unknown trade part {part!r}")


def describe(offer: Any) -> str:
    """A one-line text of an offer (tests, logs)."""

    def part(x: tuple) -> str:
        k, w = x
        if k == "cents":
            return f"{w}¢"
        if k == "loot":
            return "a loot card" if w is None else w.card.name
        return w.name  # an object or its handle

    return f"p{offer.proposer} gives {part(offer.give)} to p{offer.partner} for {part(offer.get)}"
