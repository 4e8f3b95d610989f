"""Every choice goes through the player's strategy (DESIGN: Decisions): players are offered as
:class:`SeatRef` and stack items as :class:`StackRef`, so an option never exposes hidden state."""

from __future__ import annotations

from typing import Any

from cardlab.simulate.core import Decision

from . import statics
from .items import StackItem, tname
from .refs import SeatRef, StackRef
from .state import Game, Player

_NO_PLAYERS = frozenset({"respond", "action", "discard", "attack_target", "buy_target", "may"})


def ask(g: Game, seat: int, kind: str, options: tuple, context: Any = None) -> Any:
    """Every choice goes through the player's strategy (DESIGN: Decisions). Players are offered as
    :class:`SeatRef` and stack items as :class:`StackRef`, so an option never exposes hidden state."""
    if len(options) == 1:
        g.io.single_option += 1  # counted for the share of decisions with a real choice (analysis.quality)
        return options[0]
    statics.settle_hp(g)  # the HP a strategy reads is settled (FS-6.20), whatever it reads
    if kind not in _NO_PLAYERS and any(type(o) is Player or isinstance(o, StackItem) for o in options):
        mapped = tuple(_public(g, o) for o in options)
        choice = g.io.ask(Decision(kind, seat, mapped, g.views[seat], context))
        return options[mapped.index(choice)]
    return g.io.ask(Decision(kind, seat, options, g.views[seat], context))


def _public(g: Game, o: Any) -> Any:
    if type(o) is Player:
        return SeatRef(o.seat)
    if isinstance(o, StackItem):
        return stack_ref(g, o)
    return o


def stack_ref(g: Game, it: Any) -> StackRef:
    """The public face of a stack item (FS-3.3: everything in play and on the stack is public); ``it`` is
    read by its kind."""
    k = it.kind
    if k == "roll":
        name, value, atk = it.name or "roll", it.value, it.attack
    elif k == "damage":
        name, value, atk = it.name, it.amount, it.combat
    elif k == "loot":
        name, value, atk = it.phys.card.name, None, False
    elif k == "death":
        name, value, atk = tname(it.victim), None, False
    else:
        name, value, atk = it.ctx.name, None, False
    return StackRef(g.stack.index(it), k, name, it.controller, value, atk)


def ordered_by(g: Game, chooser: int, objs: list, names: list, context: str) -> list:
    """``chooser`` orders simultaneous stack items (decision ``order_triggers``: options
    ``(name, index)``, the pick resolves first); returned in the order they go on the stack."""
    rest = list(zip(objs, names, strict=True))
    first_to_last: list = []
    while len(rest) > 1:
        opts = tuple((name, k) for k, (_o, name) in enumerate(rest))
        pick = ask(g, chooser, "order_triggers", opts, context)
        first_to_last.append(rest.pop(pick[1])[0])
    first_to_last.append(rest[0][0])
    return list(reversed(first_to_last))
