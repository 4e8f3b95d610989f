"""Dice rolls (FS-9): a d6 put on the stack, open to rerolls and modifiers while it waits (resolving
a roll — "would roll" triggers, static modifiers, clamping, reading the result — is in resolution.py)."""

from __future__ import annotations

import random
from typing import Any

from . import asking, challenge, items, statics
from .rowkeys import row_faces
from .state import Game


def die(g: Game, seat: int) -> int:
    """One die rolled by ``seat``. With a ``two_dice_left_picks`` static in play (Cursed Lil Haunt, FS-9.6)
    the roller rolls two dice instead and the player to their left (FS-0.4) keeps one (decision
    ``choose_number``); the other is logged ``not_kept`` and triggers nothing."""
    if seat >= 0 and statics.two_dice_rolls(g):
        a, b = _one_die(g, seat), _one_die(g, seat)
        if a == b:
            kept = a
        else:
            left = (seat + 1) % g.n
            kept = asking.ask(g, left, "choose_number", (min(a, b), max(a, b)), "two dice: keep one")
        g.log.emit("roll", seat, "two dice", None, b if kept == a else a, "not_kept")
        return kept
    return _one_die(g, seat)


def _one_die(g: Game, seat: int) -> int:
    """A d6, or the challenge's coin flip for a doodled player (every roll, reroll and kept die is
    "rolling a die", so each is a coin for them)."""
    if g.challenge is not None and g.challenge.coin_rule is not None:
        v = challenge.coin_roll(g, seat)
        if v is not None:
            return v
    p = g.players[seat] if seat >= 0 else None
    if p is not None and p.next_d8:  # "roll a D8 instead; a 7 or 8 counts as a 6" (Conjoined D6)
        p.next_d8 -= 1
        return min(6, _face(g.streams("dice", seat), 8))
    return _face(g.streams("dice", seat), 6)


def _face(rng: random.Random, n: int) -> int:
    """``rng.randint(1, n)``, the same draw: ``random.Random``'s own algorithm (``_randbelow``: draws of
    ``n.bit_length()`` bits until one is below ``n``) written out, since the library's three interpreted
    calls were a tenth of a roll (issue 20). A subclass (a scripted test die) is asked as it was."""
    if type(rng) is not random.Random:
        return rng.randint(1, n)
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return 1 + r


def clamp(v: int) -> int:
    return 1 if v < 1 else 6 if v > 6 else v  # FS-9.1


def push_roll(
    g: Game,
    seat: int,
    purpose: str,
    table: Any = None,
    ctx: Any = None,
    reward: str | None = None,
    name: str | None = None,
    target: Any = None,
    value: int | None = None,
) -> items.RollItem:
    """FS-9.2(1): the roller rolls, then puts the roll on the stack (``value``: a die already rolled,
    the one kept of several, FS-9.6)."""
    r = items.RollItem(seat, die(g, seat) if value is None else value, purpose)
    r.table, r.ctx, r.reward, r.target = table, ctx, reward, target
    r.name = name if name is not None else (ctx.name if ctx is not None else None)
    g.stack.append(r)
    g.log.emit("roll", seat, r.name, None, r.value, "initial")
    return r


def push_group(g: Game, seats: list[int], table: Any, ctx: Any) -> None:
    """FS-9.2(1): dice rolled together, one for each entry of ``seats`` (its roller): every die is rolled
    first, then each goes on the stack as a roll of its own (rerolled, changed or cancelled apart from the
    others, FS-9.3); their table is read once, by one reader, after the last of them left the stack
    (``roll_reader.group_die``), on their final values."""
    values = [die(g, seat) for seat in seats]
    group = items.RollGroup(len(seats))
    for seat, v in zip(seats, values, strict=True):
        push_roll(g, seat, purpose="group", table=table, ctx=ctx, value=v).group = group


def reroll(g: Game, r: items.RollItem, why: str, value: int | None = None) -> None:
    """FS-6.17 / FS-9.3: the same roll gets a new result (not a new roll); ``value``: the die kept of several
    rolled for it (FS-9.6)."""
    r.value = die(g, r.seat) if value is None else value
    r.changes += 1  # a new result, even the same number: "would roll" triggers look again (FS-9.2(4))
    g.log.emit("roll", r.seat, why, r.name, r.value, "reroll")


def set_value(g: Game, r: items.RollItem, v: int, why: str) -> None:
    v = clamp(v)
    if v != r.value:
        r.changes += 1
    r.value = v
    g.log.emit("roll", r.seat, why, r.name, r.value, "modified")


def keep_one(g: Game, seat: int, n: int, keep: str, name: str, chooser: int | None = None) -> int:
    """FS-9.6: roll ``n`` dice and keep one (``highest``, ``lowest`` or ``choose``: the roller's pick, or
    ``chooser``'s when another player picks, decision ``choose_number``); only the kept result becomes the
    roll, the others trigger nothing (logged as ``roll`` with detail ``not_kept``, never on the stack)."""
    vals = [die(g, seat) for _ in range(n)]
    if keep == "highest":
        kept = max(vals)
    elif keep == "lowest":
        kept = min(vals)
    else:
        who = seat if chooser is None else chooser
        kept = asking.ask(g, who, "choose_number", tuple(sorted(set(vals))), f"{name}: keep one die")
    rest = list(vals)
    rest.remove(kept)
    for v in rest:
        g.log.emit("roll", seat, name, None, v, "not_kept")
    return kept


def row_for(table: dict, result: int) -> Any:
    """The row of a roll table (FS-4.18) for the face rolled: the first whose key names it."""
    for key, row in table.items():
        if result in row_faces(key):
            return row
    return None
