"""Changing a number in a card's text till the end of the turn (Magic Marker of Requiem and Edmund's The
Real Left Hand of Warp Zone): the card's encoded abilities are copied with one number changed and compiled
again; the object wears the changed rules as an overlay that ends with the turn (FS-5.2), as a copy does
(FS-5.10). Our reading of the number such a card changes: a whole number of the card's encoded abilities —
an amount, a face a trigger or a roll change names, an evasion, a count — that ends up from 1 to 6; the
ranges of a roll table and the numbers inside expressions are not among them."""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

from . import asking, gains
from . import vocabulary as V
from .items import LootItem
from .state import Game, Obj
from .statics import Ctx

# rules.compile_card, bound from above (rules.py imports this module): a changed text is compiled again
RECOMPILE: list = []

LOW, HIGH = 1, 6  # the card's bounds for the changed number


def leaves(node: Any, path: tuple = ()) -> list[tuple[tuple, int]]:
    """Every whole number of an encoded text with its path, in reading order (booleans are not numbers)."""
    out: list[tuple[tuple, int]] = []
    if isinstance(node, dict):
        for k, v in node.items():
            out.extend(leaves(v, (*path, k)))
    elif isinstance(node, (list, tuple)):
        for i, v in enumerate(node):
            out.extend(leaves(v, (*path, i)))
    elif type(node) is int and LOW - 1 <= node <= HIGH + 1:
        out.append((path, node))
    return out


def _changes(text: Any) -> list[tuple[int, int, int]]:
    """The options: (which number, its value, its new value), one step up or down, kept within 1..6."""
    opts = []
    for i, (_path, v) in enumerate(leaves(text)):
        for new in (v - 1, v + 1):
            if LOW <= new <= HIGH:
                opts.append((i, v, new))
    return opts


def _set(node: Any, path: tuple, v: int) -> None:
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = v


def _text(x: Any) -> Any:
    if isinstance(x, LootItem):
        return x.play_text if x.play_text is not None else x.phys.card.abilities
    rules = x.rules
    return rules.text if rules is not None else None


def _in_play(g: Game) -> list[Any]:
    objs: list[Any] = []
    for p in g.players:
        if p.character is not None:
            objs.append(p.character)
        objs.extend(p.items)
    objs.extend(s[-1] for s in g.shop if s and isinstance(s[-1], Obj))
    objs.extend(g.monsters())
    objs.extend(g.room_objs() if g.rooms is not None else ())
    objs.extend(it for it in g.stack if isinstance(it, LootItem))
    return [o for o in objs if _text(o) and _changes(_text(o))]


def change_number(ctx: Ctx, p: dict) -> bool:
    """The controller picks a card in play or a loot on the stack (decision ``choose_target``), then a number
    of its text and whether it goes up or down by 1 (decision ``change_number``); until the turn is over the
    object reads the new value."""
    g = ctx.g
    cands = _in_play(g)
    if not cands:
        return False
    who = ctx.by if ctx.by is not None else ctx.you
    x = asking.ask(g, who, "choose_target", tuple(cands), ctx.name)
    text = _text(x)
    i, _old, new = asking.ask(g, who, "change_number", tuple(_changes(text)), ctx.name)
    changed = copy.deepcopy(list(text))
    _set(changed, leaves(text)[i][0], new)
    name = x.phys.card.name
    g.log.emit("number_changed", ctx.you, ctx.name, name, new, str(i))
    if isinstance(x, LootItem):  # the loot resolves with the changed text (its targets stay as chosen)
        x.play_text = tuple(changed)
        x.play_rules = RECOMPILE[0](replace(x.phys.card, abilities=tuple(changed)))
        return True
    card = x.phys.card
    rules = RECOMPILE[0](replace(card, abilities=tuple(changed)))
    gains.wear(g, x, rules, True)  # the printed (or copied) rules come back at the end of the turn (FS-5.2)
    return True


V.VERBS.implement({"change_number": change_number})
