"""A copy of a Four Souls position that plays on exactly as the original would (a search's branch copies
the position it branches at: ``branching.play_copy``).

Compiled (``cardlab/compiled.py``): the copy sets hundreds of fields of compiled objects a branch, by name,
and interpreted that loop was a fifth of a compiled search game (docs/performance.md, sessions 31 and 32).
The fields copied are still read from the classes (``dataclasses.fields``), so a field added later is
copied without anyone listing it.
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any, Final

from cardlab.simulate.core.decisions import Players

from .blank_card import BlankCard
from .challenge import Challenge
from .coop import Coop
from .log import FSLog
from .refs import CardRef, ObjRef, SeatRef
from .rooms import Rooms
from .soul_trading import SoulTrading
from .state import Attack, Caches, Game, Obj, Player, VariantRules
from .trade import Trade
from .two_player import TwoPlayer
from .views import View


def copy_state(g: Game, strategies: list | None = None) -> Game:
    """An independent copy of ``g`` that plays on exactly as ``g`` would: the same seeded streams, the same
    players with the same memory (``g.io``'s strategies are deep-copied, unless ``strategies`` — the
    seats a branch will fill itself — is given). Between two turns ``turn.play_turns`` plays it on.

    Written for this state (issue 14 item 1), where ``copy.deepcopy`` spent most of a branch's copy on
    its generic dispatch: every object (:class:`Obj`), player and zone is rebuilt field by field, the
    fields read from the classes (``dataclasses.fields``), so a field added to ``Game``, ``Player`` or
    ``Obj`` later is copied, never shared by mistake; numbers, names and the public handles are shared
    as they are. What this copy does not know (stack items, an effect's context, delayed triggers) goes
    to ``copy.deepcopy`` with the objects already copied in its memo, so every reference reaches the
    copy's own objects. Shared with ``g``: the card data (every physical card of the game, its card and
    compiled behaviour: nothing writes to a ``Phys``, and an object that enters play is a new
    :class:`Obj` over the same card, FS-3.2), the configuration and the logged rows; the caches start
    empty (``Caches``: derived, but for the trigger-name and forbid indexes, which only grow; a compiled
    build could not copy the bonus-soul tests' closures either)."""
    return Copier(g, strategies).game


def _shared(g: Game) -> dict[int, Any]:
    """The copy's memo to start from: what the copy shares with ``g`` (or starts anew), by ``id``. The card
    data part is made once and kept in ``g``'s caches while its key holds (a search copies the same game
    for every branch): ``all_phys`` only grows and the lists of cards outside the game only shrink, into
    it, so their lengths say when it changed; the kept memo holds every object it names, so no ``id`` in
    it can be reused meanwhile."""
    cache = g.cache  # the derived caches start empty; the two indexes that only grow are kept
    key = (len(g.all_phys), len(g.outside_cards), len(g.outside_chars), len(g.outside_bonus))
    kept = cache.card_memo
    if kept is None or kept[0] != key:
        kept = cache.card_memo = (key, _card_data(g))
    memo: dict[int, Any] = dict(kept[1])
    memo[id(g.cfg)] = g.cfg
    memo[id(cache)] = Caches(trig_names=set(cache.trig_names), forbid_on=cache.forbid_on)
    return memo


def _card_data(g: Game) -> dict[int, Any]:
    """Every physical card of ``g``, its card and compiled behaviour, by ``id``: shared by its copies."""
    memo: dict[int, Any] = {}
    phys = g.all_phys
    cards = [p.card for p in phys]
    rules = [p.rules for p in phys]
    backs = [x for r, c in zip(rules, cards, strict=True) if r.back is not None for x in (r.back, c.back)]
    overlays = [r.items_have for r in rules if r.items_have is not None]
    # a double-faced card's back side (FS-6.10) and what a room makes every item (Re-Isaac): card data too
    for data in (phys, cards, rules, backs, overlays):
        for x in data:
            memo[id(x)] = x
    for entry in (*g.outside_cards, *g.outside_chars, *g.outside_bonus):  # cards outside the game: card data
        for y in entry:
            if y is not None:
                memo[id(y)] = y
    return memo


# values a copy shares as they are: immutable, and holding nothing of the state (the handles are frozen)
_ATOMS: Final = frozenset({int, float, str, bool, type(None), CardRef, ObjRef, SeatRef})


def names(cls: type) -> tuple[str, ...]:
    """The fields a copy sets on an instance of ``cls``: all of them, read from the class."""
    return tuple(f.name for f in dataclasses.fields(cls))


_OBJ: Final = names(Obj)
_PLAYER: Final = names(Player)
# Game's fields that the copier builds itself; every other field is copied by :meth:`Copier.value`
_GAME_OWN: Final = frozenset({"cfg", "streams", "log", "io", "players", "all_phys", "objs", "cache", "views"})
_GAME: Final = tuple([name for name in names(Game) if name not in _GAME_OWN])
# the attack in progress, the variants' states and Blank Card's copies: copied field by field like objects
_RECORDS: Final[dict[type, tuple[str, ...]]] = {
    cls: names(cls)
    for cls in (Attack, VariantRules, Rooms, Challenge, TwoPlayer, SoulTrading, Trade, Coop, BlankCard)
}


class Copier:
    """One copy of a game: ``memo`` maps ``id`` of each part of ``g`` copied so far (or shared) to the
    copy's, so a part reached twice is copied once and every reference lands on the copy's own part."""

    def __init__(self, g: Game, strategies: list | None) -> None:
        memo = self.memo = _shared(g)
        h = _blank(g)
        memo[id(g)] = h
        # the objects and players first, as blanks, so that whatever points at them finds their copy
        objs: dict[int, Obj] = {}
        for uid, o in g.objs.items():
            c = objs[uid] = Obj(o.uid, o.phys, o.kind)  # its ``__init__``: see :func:`_blank`
            memo[id(o)] = c
        players: list[Player] = []
        for p in g.players:
            b = _blank(p)
            players.append(b)
            memo[id(p)] = b
        h.views = [View(h, v.seat) for v in g.views]
        for v, w in zip(g.views, h.views, strict=True):
            memo[id(v)] = w
        h.cfg, h.players, h.objs, h.all_phys = g.cfg, players, objs, list(g.all_phys)
        h.cache = memo[id(g.cache)]
        h.streams = memo[id(g.streams)] = g.streams.copy()
        h.log = memo[id(g.log)] = _log(g.log)
        h.io = self.players(g.io, strategies)
        for uid, o in g.objs.items():
            self.fill(objs[uid], o, _OBJ)
        for p, b in zip(g.players, players, strict=True):
            self.fill(b, p, _PLAYER)
        self.fill(h, g, _GAME)
        self.game: Game = h

    def fill(self, new: Any, old: Any, fields: tuple[str, ...]) -> None:
        """Every field of ``fields`` set on ``new`` from ``old``: a value copied or shared already (its card,
        its rules) taken from the memo, anything else through :meth:`value` (again when it was copied as an
        empty container: the same copy)."""
        memo = self.memo
        for name in fields:
            v = getattr(old, name)
            if type(v) not in _ATOMS:
                v = memo.get(id(v)) or self.value(v)
            setattr(new, name, v)

    def value(self, v: Any) -> Any:
        """The copy of one value of the state: containers rebuilt (each once), objects and players
        mapped to their copies, card data shared, anything else deep-copied through the same memo."""
        t = type(v)
        if t in _ATOMS:
            return v
        memo = self.memo
        key = id(v)
        if key in memo:
            return memo[key]
        if t is list:
            out: list = []
            memo[key] = out
            for x in v:  # a deck, a hand, a zone: mostly cards and objects copied or shared already
                if type(x) not in _ATOMS:
                    y = memo.get(id(x))
                    x = self.value(x) if y is None else y
                out.append(x)
            return out
        if t is tuple:  # shared when it holds nothing to copy
            same = True
            parts = []
            for x in v:
                y = self.value(x)
                same = same and y is x
                parts.append(y)
            return v if same else tuple(parts)
        if t is dict:
            d: dict = {}
            memo[key] = d
            for k, x in v.items():
                x = self.value(x)  # the value before its key, as the interpreted copy did
                d[self.value(k)] = x
            return d
        if t is set:
            s = {self.value(x) for x in v}
            memo[key] = s
            return s
        fields = _RECORDS.get(t)
        if fields is not None:
            r = _blank(v)
            memo[key] = r
            self.fill(r, v, fields)
            return r
        return copy.deepcopy(v, memo)

    def players(self, io: Players, strategies: list | None) -> Players:
        """The table's players: their counters and recorded answers, and the strategies — deep-copied
        (the same players with the same memory) or the ones given; the cached ``declines`` are looked up
        again from the copy's players (a compiled player's bound method would be shared by a deep copy,
        not bound to the copy, issue 20)."""
        out = self.memo[id(io)] = copy.copy(io)
        out.choices = None if io.choices is None else list(io.choices)
        out._decliners = None
        out.strategies = copy.deepcopy(io.strategies, self.memo) if strategies is None else strategies
        return out


def _blank(x: Any) -> Any:
    """An instance of ``x``'s class with no fields set yet (the copier sets every one). An object is
    built by its ``__init__``: written out and compiled, it runs from ``__new__`` too, so a bare
    ``__new__`` would ask for its arguments (issue 20)."""
    cls: Any = type(x)
    if cls is Obj:
        return Obj(x.uid, x.phys, x.kind)
    return cls.__new__(cls)


def _log(log: FSLog) -> FSLog:
    """The log with its counters where they stand; its rows (tuples of numbers and names) are shared."""
    out = FSLog(log.enabled)
    out.rows = list(log.rows)
    out.turn, out.phase, out.n, out.nb, out.ns = log.turn, log.phase, log.n, log.nb, log.ns
    return out
