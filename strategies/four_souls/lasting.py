"""A slot monster's lasting harm: what its turn triggers will do to me while it stays (FS-8.2 turn start,
FS-8.10 turn end, both fired in every player's turn), read from its effect's vocabulary shape. A monster
that repeats a harm each turn, or hands out counters its trigger then repeats a harm for (FS-5.14: Summer
Widow's spiders), is worth killing or removing sooner than its printed stats and rewards say, and a counter
of that kind on me is worth its share of that harm (issue 19; read lower, it lost games it decided).

Only the shapes named here are read (damage or a kill aimed at the active player, a random player, the
active player's neighbours, every other player or every player; a roll's faces; counters given to a
player and a harm repeated per counter the active player carries); the rest of a turn trigger (forced
attacks, counters on the monster itself, buffs) is recorded as not read in docs/four_souls.md and adds
nothing. A trigger with a condition is read when its condition is in ``READ_CONDITIONS`` (the chance it
holds as the trigger fires) or in ``COUNTED_CONDITIONS`` (a count of the monster's own counters, which the
view shows: read as they stand now); the others harming players are listed with why in
``UNREAD_CONDITIONS``. A trigger that kills only its own monster harms no player: nothing to read.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardlab.simulate.four_souls.rowkeys import row_faces

from .outlook import DEATH  # a death of mine: memoised by shape, so a typical table's, not the position's

ROUNDS = 3  # how many of my rounds a monster left alone is read to stay (a rival may kill it first)
POINT = 0.6  # a point of damage to me in my turn: the margin a fight needs (valuing._damage_worth)
KILL = 99  # a kill's "damage": more than any HP
_TURN_EVENTS = ("turn_start", "turn_end")
_AIMS = {
    "active": "active",
    "you": "active",  # a monster's trigger has no controller: its "you" is the player whose turn it is
    "left_of(active)": "next",
    "right_of(active)": "next",
    "non_active_player": "others",
    "other_players": "others",
}


# Conditions of a turn trigger read, with the chance each holds as the trigger fires (a condition judged
# from the rules alone: what the view shows changes nothing in it).
READ_CONDITIONS: dict[str, float] = {
    # every turn's loot step hands the active player a loot card (FS-8.3) and the turn a loot play (FS-8.4):
    # read as holding every turn (The Purple-Shirted Eye Stabber)
    "loots_played(active) >= 1": 1.0,
}
# Conditions on the monster's own counters (the least count for which each holds): the view shows the
# count, so the trigger is read with the counters the monster carries now, and so is an amount written
# ``counters(self)`` (Little Horn's damage). A count that grows each turn nobody attacks it is read at its
# present value: a floor on the harm to come.
COUNTED_CONDITIONS: dict[str, int] = {
    "counters(self) > 0": 1,
}
# Conditions of a turn trigger that harms players (damage or a kill) not read, each with why: such a harm
# adds nothing (tests/four_souls/test_strategy_lasting_harm.py fails on a harm under a condition of the
# collection neither read nor listed here).
UNREAD_CONDITIONS: dict[str, str] = {
    "counters(self) >= 6": "the trigger kills its own monster as it fires (Dick Knot!): its count is cheap to"
    " read, but the harm is done once, to the next active player, and the monster goes with it: not a harm"
    " repeated while it stays, which is what this module prices",
}


@dataclass(slots=True, frozen=True)
class Hit:
    """One chance of harm to one player in one firing of a turn trigger."""

    chance: float  # of landing (a roll's faces, a condition's chance)
    amount: int  # damage, or KILL
    aim: str  # active | random | next | picked | others | all
    per: str  # "": once; else once per counter of this kind the active player carries
    end: bool = False  # fired at the turn's end: the heal follows (FS-8.10), only a death counts


@dataclass(slots=True, frozen=True)
class Shape:
    """A monster's turn-trigger harm: its hits and the counters it gives players (kind, chance, aim)."""

    hits: tuple[Hit, ...]
    grows: tuple[tuple[str, float, str], ...]


def shape(triggers: Mapping[str, Any], counters: Any = None) -> Shape | None:
    """The harm a monster's turn triggers of any player (its ``CardRules.triggers``) do to players, with the
    ``counters`` the monster carries (an int, or None when unknown: a condition or amount counting them is
    not read); None when they do none (most monsters). Memoised by ``Reader.shape`` per counters."""
    hits: list[Hit] = []
    grows: list[tuple[str, float, str]] = []
    own = counters if isinstance(counters, int) else None
    for event in _TURN_EVENTS:
        for ab in triggers.get(event, ()):
            chance = _chance(ab.topts.get("if"), own)
            if ab.tparam == "any_player" and chance > 0.0:
                found: list[Hit] = []
                _walk(ab.do, chance, _picked(ab.targets), "", found, grows, own)
                hits += found if event == "turn_start" else [_at_end(h) for h in found]
    return Shape(tuple(hits), tuple(grows)) if hits else None


def _chance(cond: Any, own: int | None) -> float:
    """The chance a turn trigger's condition holds as it fires: 1 without one; a read condition's; one
    counting the monster's counters by the count it carries (``own``, None: unknown, not read); else 0."""
    if not cond:
        return 1.0
    if not isinstance(cond, str):
        return 0.0
    least = COUNTED_CONDITIONS.get(cond)
    if least is not None:
        return 1.0 if own is not None and own >= least else 0.0
    return READ_CONDITIONS.get(cond, 0.0)


def _picked(targets: Any) -> dict:
    """A monster's trigger has no controller: the players it targets are picked by the active player
    (Little Horn's), so a rival's pick lands on me one time in n - 1 and mine never on me (``picked``)."""
    if not isinstance(targets, dict):
        return {}
    return {var: "picked" for var, sel in targets.items() if isinstance(sel, dict) and "player" in sel}


def _at_end(h: Hit) -> Hit:
    return Hit(h.chance, h.amount, h.aim, h.per, True)


def per_counter_kinds(eff: Any) -> frozenset[str]:
    """The counter kinds whose count on the active player repeats a harm of ``eff`` on them (``times:
    counters(active, 'K')`` around damage or a kill, FS-5.14: Summer Widow's rolls)."""
    hits: list[Hit] = []
    _walk(eff, 1.0, {}, "", hits, [])
    return frozenset(h.per for h in hits if h.per)


def _walk(
    eff: Any, chance: float, aims: dict, per: str, hits: list, grows: list, own: int | None = None
) -> None:
    if isinstance(eff, list):
        for e in eff:
            _walk(e, chance, aims, per, hits, grows, own)
        return
    if not isinstance(eff, dict):
        return
    for key in ("seq", "and"):
        if key in eff:
            _walk(eff[key], chance, aims, per, hits, grows, own)
    let = eff.get("let")
    if isinstance(let, dict):
        for var, sel in let.items():
            if isinstance(sel, dict) and sel.get("random") in ("player", "living_player"):
                aims[var] = "random"
    table = eff.get("roll")
    if isinstance(table, dict):
        for key, row in table.items():
            _walk(row, chance * len(row_faces(key)) / 6.0, aims, per, hits, grows, own)
    times = eff.get("times")
    if isinstance(times, str) and times.replace(" ", "").startswith(("counters(active,'", "counters(you,'")):
        _walk(eff.get("do"), chance, aims, times.split("'")[1], hits, grows, own)
    each = eff.get("each")
    if isinstance(each, dict) and len(each) == 1:
        var, sel = next(iter(each.items()))
        if sel in ("player", "living_player"):
            _walk(eff.get("do"), chance, {**aims, var: "all"}, per, hits, grows, own)
    dmg = eff.get("deal_damage")
    amount = dmg.get("n") if isinstance(dmg, dict) else None
    if own is not None and isinstance(amount, str) and amount.replace(" ", "") == "counters(self)":
        amount = own  # the monster's own counters as the view shows them (Little Horn's)
    if isinstance(dmg, dict) and isinstance(amount, int) and amount > 0:
        aim = _aim(dmg.get("to"), aims)
        if aim:  # divided damage (FS-6.20) read as all on one picked player: a kill is what it buys
            hits.append(Hit(chance, amount, aim, per))
    killed = eff.get("kill")
    aim = _aim(killed, aims) if isinstance(killed, str) else ""
    if aim:
        hits.append(Hit(chance, KILL, aim, per))
    add = eff.get("add_counters")
    if isinstance(add, dict) and add.get("kind") and add.get("who"):
        aim = _aim(add["who"], aims)
        if aim:
            grows.append((add["kind"], chance * (add["n"] if isinstance(add.get("n"), int) else 1), aim))


def _aim(ref: Any, aims: dict) -> str:
    if not isinstance(ref, str):
        return ""
    return aims.get(ref) or _AIMS.get(ref, "")


def _on_me(aim: str, mine: bool, n: int) -> float:
    """The chance that a firing aimed so lands on me: in my turn (``mine``) or in one rival's."""
    if aim == "all":
        return 1.0
    if aim == "random":
        return 1.0 / n
    if mine:
        return 1.0 if aim == "active" else 0.0
    return {"next": 1.0 / max(1, n - 1), "picked": 1.0 / max(1, n - 1), "others": 1.0}.get(aim, 0.0)


def harm(s: Shape, n: int, hp: int, carried: Mapping[str, int]) -> float:
    """What the harm of ``s`` costs me over ``ROUNDS`` of my rounds (≥ 0), with ``n`` players, my full HP
    ``hp`` (damage heals at each turn's end, FS-8.10: a turn's damage kills only when it reaches it) and the
    counters I carry by kind: in my turn a death at ``DEATH`` and each point short of it at ``POINT``; in
    a rival's turn only a death. Counters given out each round add to mine, so a harm repeated per counter
    grows round by round. Memoised: read for every slot monster at every action decision."""
    kinds = {h.per for h in s.hits if h.per}
    return _harm(s, max(2, n), max(1, hp), tuple(sorted((k, carried.get(k, 0)) for k in kinds)))


@functools.lru_cache(maxsize=4096)
def _harm(s: Shape, n: int, hp: int, carried: tuple[tuple[str, int], ...]) -> float:
    growth: dict[str, float] = {}
    for kind, chance, aim in s.grows:
        per_round = _on_me(aim, True, n) + (n - 1) * _on_me(aim, False, n)
        growth[kind] = growth.get(kind, 0.0) + chance * per_round
    now = dict(carried)
    theirs = [(h.chance * _on_me(h.aim, False, n), h.amount) for h in s.hits if not h.per]
    rival_turn = DEATH * _dist(theirs, hp)[-1]
    total = 0.0
    for r in range(1, ROUNDS + 1):
        mine: list[tuple[float, int]] = []
        ends: list[tuple[float, int]] = []  # my turn's end: the heal follows, so only a death (FS-8.10)
        for h in s.hits:
            if h.per:  # once per counter I carry then
                n_times = round(now.get(h.per, 0) + growth.get(h.per, 0.0) * r)
                (ends if h.end else mine).extend([(h.chance, h.amount)] * n_times)
            else:
                (ends if h.end else mine).append((h.chance * _on_me(h.aim, True, n), h.amount))
        dist = _dist(mine, hp)
        points = POINT * sum(d * p for d, p in enumerate(dist[:-1]))
        total += DEATH * _dist(mine + ends, hp)[-1] + points + (n - 1) * rival_turn
    return total


def counter_harm(s: Shape, n: int, hp: int, carried: Mapping[str, int], kind: str) -> float:
    """What one more counter of ``kind`` on me costs over the rounds the monster stays (≥ 0)."""
    more = dict(carried)
    more[kind] = more.get(kind, 0) + 1
    return harm(s, n, hp, more) - harm(s, n, hp, carried)


def _dist(hits: list[tuple[float, int]], hp: int) -> list[float]:
    """The chances of each total damage 0 … hp − 1 and, last, of hp or more, from independent hits."""
    top = max(1, hp)
    dist = [1.0] + [0.0] * top
    for chance, amount in hits:
        if chance <= 0.0:
            continue
        new = [p * (1.0 - chance) for p in dist]
        for d, p in enumerate(dist):
            new[min(top, d + amount)] += p * chance
        dist = new
    return dist
