"""The effects interpreter: one small function per verb of the vocabulary (VOCABULARY.md).

Each verb function takes (game, stack item, argument, target ref). Targets were checked for legality
just before (HR-10.3), so verbs act without re-checking, except where a verb acts on "self".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardlab.simulate.core import Decision

from . import hooks, resources, zones  # noqa: F401 — importing hooks binds the hooks' handlers
from .cards import HOOKS, SELF_OR_TARGET, VERBS
from .permanents import add_energy, lose_durability, tap
from .state import ABYSS, BATTLEFIELD, HAND, OTHER_WORLD, STACK, Card, Game, StackItem
from .targets import ref_seat, stamp, target_choices, target_name
from .views import View


def _aims_at_ability(item: StackItem) -> bool:
    """Whether the item targets an ability on the stack (HR-7.2) rather than a card or a player."""
    return item.ability is not None and item.ability.target == "ability"


def _name(item: StackItem) -> str | None:
    return item.source.d.name if item.source is not None else None


def _subject(g: Game, item: StackItem, target: Any) -> Card | None:
    """The target permanent if there is one, else the source itself if it is still on the battlefield."""
    if target is not None and target >= 0:
        c = g.cards[target]
        return c if c.zone == BATTLEFIELD else None
    src = item.source
    if src is not None and src.zone == BATTLEFIELD:
        return src
    return None


def _damage_boss(g: Game, item: StackItem, n: int, target: Any) -> None:
    resources.damage_boss(g, item.controller, n, _name(item))


def _damage(g: Game, item: StackItem, n: int, target: Any) -> None:
    lose_durability(g, g.cards[target], n, "damage")


def _damage_all(g: Game, item: StackItem, n: int, target: Any) -> None:
    for s in g.opponents(item.controller):
        for c in list(g.players[s].battlefield):
            lose_durability(g, c, n, "damage")


def _destroy(g: Game, item: StackItem, arg: Any, target: Any) -> None:
    zones.leave_battlefield(g, g.cards[target], OTHER_WORLD, "destroyed")


def _exile(g: Game, item: StackItem, arg: Any, target: Any) -> None:
    zones.leave_battlefield(g, g.cards[target], ABYSS, "exiled")


def _bounce(g: Game, item: StackItem, arg: Any, target: Any) -> None:
    zones.leave_battlefield(g, g.cards[target], HAND, "returned to hand")


def _tap(g: Game, item: StackItem, arg: Any, target: Any) -> None:
    c = g.cards[target]
    if not c.tapped:
        tap(g, c, "effect")


def _untap(g: Game, item: StackItem, arg: Any, target: Any) -> None:
    c = g.cards[target]
    if c.tapped:
        c.tapped = False
        g.log.emit("untap", c.controller, c.d.name, None, None, "effect")


def _buff(g: Game, item: StackItem, arg: tuple[int, int], target: Any) -> None:
    c = _subject(g, item, target)
    if c is None or not c.d.is_unit:
        return
    c.atk_mod += arg[0]
    c.dur = max(0, c.dur + arg[1])
    g.log.emit("buff", c.controller, c.d.name, None, arg[0], value=arg[1])  # value: durability
    if c.dur <= 0:
        zones.sweep(g)


def _pump(g: Game, item: StackItem, n: int, target: Any) -> None:
    c = _subject(g, item, target)
    if c is not None and c.d.is_unit:
        c.temp_atk += n
        g.log.emit("buff", c.controller, c.d.name, None, n, "until end of turn")


def _draw(g: Game, item: StackItem, n: int, target: Any) -> None:
    zones.draw(g, g.players[item.controller], n, "effect")


def _gain(g: Game, item: StackItem, n: int, target: Any) -> None:
    resources.gain_temp(g, g.players[item.controller], n)


def _crystal(g: Game, item: StackItem, n: int, target: Any) -> None:
    resources.gain_crystal(g, g.players[item.controller], n)


def _discard(g: Game, item: StackItem, n: int, target: Any) -> None:
    """Each opponent discards ``n`` cards of their own choice (HR-16.9)."""
    for s in g.opponents(item.controller):
        p = g.players[s]
        for _ in range(n):
            if not p.hand:
                break
            uid = g.seats.ask(Decision("discard", s, [c.uid for c in p.hand], View(g, s)))
            c = g.cards[uid]
            p.hand.remove(c)
            zones.put(g, c, OTHER_WORLD)
            g.log.emit("discard", s, c.d.name)


def _sacrifice(g: Game, item: StackItem, n: int, target: Any) -> None:
    """HR-16.6: the targeted player chooses which of their units go to the other world."""
    s = ref_seat(target)
    p = g.players[s]
    for _ in range(n):
        units = [c.uid for c in p.battlefield if c.d.is_unit]
        if not units:
            break
        c = g.cards[g.seats.ask(Decision("sacrifice", s, units, View(g, s)))]
        g.log.emit("sacrifice", s, c.d.name)
        zones.leave_battlefield(g, c, OTHER_WORLD, "sacrificed")


def _energy(g: Game, item: StackItem, n: int, target: Any) -> None:
    c = _subject(g, item, target)
    if c is not None:
        add_energy(g, c, n)


def _counter(g: Game, item: StackItem, arg: Any, target: Any) -> None:
    """HR-7.2: a cancelled card goes to its owner's other world without effect; a cancelled ability leaves
    the stack without effect, its costs spent (a unit waiting on it, HR-4.5, waits no more)."""
    c = g.cards[target]
    if _aims_at_ability(item):
        it = item.aimed  # the ability chosen as the target (its source may have others on the stack)
        if it is not None and any(x is it for x in g.stack):
            g.stack.remove(it)
            if it.tapped_source and c.pending > 0:
                c.pending -= 1
            g.log.emit("countered", it.controller, c.d.name, _name(item), None, "ability")
        return
    for i, it in enumerate(g.stack):
        if it.source is c and it.kind == "card":
            del g.stack[i]
            break
    zones.put(g, c, OTHER_WORLD)
    g.log.emit("countered", c.owner, c.d.name, _name(item))


def _silence(g: Game, item: StackItem, arg: Any, target: Any) -> None:
    """HR-15.7: the unit loses name, class and abilities, keeps its type and can still attack the boss."""
    c = g.cards[target]
    c.silenced = True
    c.window = -1
    g.log.emit("features_lost", c.controller, c.d.name)


def _recall(g: Game, item: StackItem, n: int, target: Any) -> None:
    """Return up to ``n`` unit cards from your own other world to your hand (you choose which)."""
    p = g.players[item.controller]
    for _ in range(n):
        units = [c.uid for c in p.other_world if c.d.is_unit]
        if not units:
            return
        c = g.cards[g.seats.ask(Decision("choose_card", p.seat, units, View(g, p.seat), "recall"))]
        p.other_world.remove(c)
        g.log.emit("returned", p.seat, c.d.name, "hand")
        zones.to_hand(g, p, c)


def _revive(g: Game, item: StackItem, max_cost: int, target: Any) -> None:
    """Return a unit of cost ≤ N from your own other world to the battlefield, exhausted (HR-9.1)."""
    p = g.players[item.controller]
    units = [c.uid for c in p.other_world if c.d.is_unit and c.d.cost <= max_cost]
    if not units:
        return
    c = g.cards[g.seats.ask(Decision("choose_card", p.seat, units, View(g, p.seat), "revive"))]
    p.other_world.remove(c)
    g.log.emit("returned", p.seat, c.d.name, "battlefield")
    zones.enter_battlefield(g, c, p.seat)


def _summon(g: Game, item: StackItem, arg: tuple, target: Any) -> None:
    """HR-14.2: create ``count`` tokens under the item's controller, one at a time."""
    d, count = arg
    for _ in range(count):
        zones.create_token(g, d, item.controller, _name(item))


def _copy(g: Game, item: StackItem, arg: Any, target: Any) -> None:
    """Put a copy of the target strategy or tactic on the stack under this item's controller, who chooses
    new targets for it (none legal: no copy). The copy is not a card: no cost, not cast, and it ceases to
    exist when it leaves the stack (like a token, HR-14.2); it can be cancelled like any waiting card."""
    orig = g.cards[target]
    d = orig.d
    if d.type not in ("strategy", "tactic"):
        return  # copying a permanent is not in the vocabulary: nothing happens (docs/hidden_reason.md)
    seat = item.controller
    c = Card(len(g.cards), d, seat, seat, zone=STACK, token=True)
    ab = d.play
    chosen = None
    if ab.target is not None:
        choices = target_choices(g, seat, ab, c)
        if not choices:
            g.log.emit("card_copied", seat, d.name, None, None, "no legal target: no copy")
            return
        chosen = g.seats.ask(Decision("choose_target", seat, choices, View(g, seat), "copy"))
    g.cards.append(c)
    copy = StackItem("card", seat, c, ab, chosen)
    g.stack.append(copy)
    stamp(g, copy)
    g.log.emit("card_copied", seat, d.name, target_name(g, chosen), None, _name(item))


def _hook(g: Game, item: StackItem, name: str, target: Any) -> None:
    HOOKS.handlers[name](g, item, target)


VERBS.implement(
    {
        "damage_boss": _damage_boss,
        "damage": _damage,
        "damage_all": _damage_all,
        "destroy": _destroy,
        "exile": _exile,
        "bounce": _bounce,
        "tap": _tap,
        "untap": _untap,
        "buff": _buff,
        "pump": _pump,
        "draw": _draw,
        "gain": _gain,
        "crystal": _crystal,
        "discard": _discard,
        "sacrifice": _sacrifice,
        "energy": _energy,
        "counter": _counter,
        "silence": _silence,
        "recall": _recall,
        "revive": _revive,
        "summon": _summon,
        "copy": _copy,
        "hook": _hook,
    }
)
# verb name → handler(game, stack item, argument, target): the registry's dispatch table
VERB_FUNCS: dict[str, Callable[[Game, StackItem, Any, Any], None]] = VERBS.handlers


def apply(g: Game, item: StackItem, effects: tuple, target: Any) -> None:
    """Carry out a block's effects in order (HR-7.1 stage 4). With several targets, each targeted verb
    acts on each of them in turn. A target that became illegal part-way (e.g. destroyed by the block's
    own first effect) simply stops affecting later verbs."""
    for verb, arg in effects:
        if isinstance(target, tuple):
            if verb in _TARGETED or verb in SELF_OR_TARGET or verb == "sacrifice":
                for t in target:
                    _one(g, item, verb, arg, t)
            else:
                VERB_FUNCS[verb](g, item, arg, None)
        else:
            _one(g, item, verb, arg, target)


def _one(g: Game, item: StackItem, verb: str, arg: Any, target: Any) -> None:
    if target is not None and target >= 0 and verb in _TARGETED and not _aims_at_ability(item):
        zone = g.cards[target].zone
        if zone != ("stack" if verb in _ON_STACK else BATTLEFIELD):
            return
    VERB_FUNCS[verb](g, item, arg, target)


_TARGETED = frozenset({"damage", "destroy", "exile", "bounce", "tap", "untap", "counter", "silence", "copy"})
_ON_STACK = frozenset({"counter", "copy"})
