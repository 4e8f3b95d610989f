"""Every choice goes through the player's strategy (DESIGN: Decisions), and every option is a public handle
(``refs``): a card as its ``CardRef``, an object as its ``ObjRef``, a player as a ``SeatRef``, a stack item as
a ``StackRef`` — inside tuples too (``("tap", object, i)``). The engine keeps its own objects; the answer
is mapped back to the engine's option by its position, so option order, and with it every game, is what it
was when options were the objects themselves."""

from __future__ import annotations

from typing import Any, Final, cast

from cardlab.simulate.core import Decision, InvariantError

from . import statics
from .carddefs import Card
from .items import AbilityItem, DamageItem, DeathItem, LootItem, RollItem, StackItem, tname
from .refs import CardRef, ObjRef, SeatRef, StackRef
from .state import Game, Obj, Phys, Player

# kinds whose options and context are plain values (numbers, names, booleans, card records, ability
# definitions): nothing to map
_PLAIN: Final = frozenset(
    {
        "may",
        "choose_mode",
        "choose_number",
        "change_number",
        "step_counter",
        "bid",
        "divide_damage",
        "modify_roll",
        "set_roll",
        "choose_deck",
        "bottom",
        "discard_top",
        "order_triggers",
        "order_replacements",
        "choose_slot",
        "choose_ability",
        "draft_character",
        "discard_room",
    }
)


def ask(g: Game, seat: int, kind: str, options: tuple, context: Any = None) -> Any:
    """Put a decision to ``seat`` and return the engine's option it chose (a single option is answered
    without asking, DESIGN: "asking costs time")."""
    if len(options) == 1:
        g.io.single_option += 1  # counted for the share of decisions with a real choice (analysis.quality)
        return options[0]
    statics.settle_hp(g)  # the HP a strategy reads is settled (FS-6.20), whatever it reads
    return offer(g, seat, kind, options, context)


def offer(g: Game, seat: int, kind: str, options: tuple, context: Any = None) -> Any:
    """Ask with every option and the context as public handles; the answer (a handle) is mapped back to
    the engine's own option by its position."""
    if kind in _PLAIN:
        if g.io.declared is not None:  # checked play (soak): a plain kind must offer no engine object
            _check_plain(kind, (*options, context))
        return g.io.ask(Decision(kind, seat, options, g.views[seat], context))
    # the common shapes inline (a name, an object or card): every action decision maps its options
    mapped = tuple(
        [o if type(o) in _KEEP else _handle(o) if type(o) in _HANDLED else _option(g, o) for o in options]
    )
    context = context if type(context) in _KEEP else public(g, context)
    choice = g.io.ask(Decision(kind, seat, mapped, g.views[seat], context))
    return options[mapped.index(choice)]


_KEEP: Final = frozenset({str, int, bool, type(None)})  # plain values: offered as they are
_HANDLED: Final = frozenset({Obj, Phys})  # engine objects that carry their handle (``ref``)


def _handle(x: Any) -> Any:
    """The handle of an object or a card (``_HANDLED``), read as a typed field: a native read, compiled."""
    return cast(Obj, x).ref if type(x) is Obj else cast(Phys, x).ref


def _option(g: Game, o: Any) -> Any:
    """``public`` for an option that is neither plain nor an object or card (``offer`` maps those), a flat
    tuple first: ``("tap", object, i)`` element by element, ``("pass",)`` as it is."""
    if type(o) is tuple:
        for x in o:
            if type(x) not in _KEEP:
                return tuple(
                    [
                        x if type(x) in _KEEP else _handle(x) if type(x) in _HANDLED else public(g, x)
                        for x in o
                    ]
                )
        return o
    return public(g, o)


def _check_plain(kind: str, values: tuple) -> None:
    for v in values:
        if isinstance(v, Obj | Phys | Player | StackItem) or (
            type(v) is tuple and any(isinstance(x, Obj | Phys | Player | StackItem) for x in v)
        ):
            raise InvariantError(
                f"a '{kind}' decision offered the engine object {v!r}: options are public handles"
            )


_SEATS: Final[dict[int, SeatRef]] = {}  # a player's handle, made once per seat (a SeatRef is immutable)


def public(g: Game, o: Any) -> Any:
    """The public handle of an engine value: objects, cards, players and stack items by handle, tuples
    element by element, plain values as they are."""
    t = type(o)
    if t is str or t is int or o is None or t is bool:
        return o
    if t is Obj or t is Phys:
        return _handle(o)
    if t is tuple:
        return tuple([public(g, x) for x in o])
    if t is Player:
        seat = cast(Player, o).seat
        ref = _SEATS.get(seat)
        if ref is None:
            ref = _SEATS[seat] = SeatRef(seat)
        return ref
    if isinstance(o, StackItem):
        return stack_ref(g, o)
    if t is StackRef:  # public already (a roll's handle answering a roll): no attribute lookup that fails
        return o
    to_public = getattr(o, "to_public", None)  # a value holding engine objects (a trade offer)
    return to_public(g) if to_public is not None else o


def engine_value(g: Game, v: Any) -> Any:
    """The engine's own value behind a public handle in ``g``: the inverse of :func:`public` for the
    handles options carry (a search's copy of a position resumes an answer given as a handle)."""
    t = type(v)
    if t is ObjRef:
        return g.objs[v.uid]
    if t is CardRef:
        found = next((p for p in g.all_phys if p.pid == v.pid), None)
        if found is None and g.blank_card is not None:  # a Blank Card copy (FS-5.12): no physical card
            found = next(p for made in g.blank_card.copies.values() for p in made if p.pid == v.pid)
        return found
    if t is SeatRef:
        return g.players[v.seat]
    if t is StackRef:
        return g.stack[v.index]
    if t is tuple:
        return tuple([engine_value(g, x) for x in v])
    return v


def stack_ref(g: Game, it: StackItem) -> StackRef:
    """The public face of a stack item (FS-3.3: everything in play and on the stack is public); ``it`` is
    read by its kind (its class: each class has one kind)."""
    k = it.kind
    name: Any
    value: Any
    if isinstance(it, AbilityItem):
        ctx: statics.Ctx = it.ctx  # typed: its name is a native read (compiled)
        name, value, atk = ctx.name, None, False
    elif isinstance(it, RollItem):
        name, value, atk = it.name or "roll", it.value, it.attack
    elif isinstance(it, DamageItem):
        name, value, atk = it.name, it.amount, it.combat
    elif isinstance(it, LootItem):
        card: Card = it.phys.card
        name, value, atk = card.name, None, False
    else:
        assert isinstance(it, DeathItem)
        name, value, atk = tname(it.victim), None, False
    ref: StackRef = _new_tuple(StackRef, (g.stack.index(it), k, name, it.controller, value, atk))
    return ref  # StackRef(...) without its interpreted __new__: the same record (asked at every window)


_new_tuple: Final[Any] = tuple.__new__  # builds a NamedTuple record from its fields in one C call


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
