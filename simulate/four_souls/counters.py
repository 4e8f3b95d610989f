"""Counters (FS-5.14, FS-5.15): generic, level and named counters on objects and on players.

An object holds generic counters (``Obj.counters``), level counters (``Obj.levels``, FS-5.15) and any
other named counters (``Obj.named``: name → count, e.g. the Day of the Doodler's eraser counters). A
player holds counters of their own (``Player.counters``, by name; "generic" for plain ones), which stay
when the character changes (FS-5.14). Named counters still count as counters (FS-5.14: 5 generic + 1
named = 6), and "remove a counter" with no name may take any kind. A counter that strips abilities
(no abilities while an X counter sits on it) hides the object's rules until
the last such counter leaves (:func:`strip`)."""

from __future__ import annotations

from typing import Any

from .abilities import CardRules
from .state import Game, Obj, Player

GENERIC = "generic"
LEVEL = "level"
# HP and AT counters: their cards give them an ability (+1 HP for you, +1 ATK for the card) — on an item
# or character, its controller's; on a monster, its own (statics.player_max_hp … monster_atk read them).
STAT_COUNTERS = ("hp", "atk")
# an eternal counter gives its object eternal while it has one (Stacy's Extra Head, Dogma)
ETERNAL = "eternal"


def stat_bonus(g: Game, objs: Any, kind: str) -> int:
    """The HP or AT counters on these objects (0 at once in a game where none was ever put)."""
    if not g.stat_counters:
        return 0
    return sum(o.named.get(kind, 0) for o in objs if o is not None and o.named)


def count(x: Any, kind: str | None = None) -> int:
    """The counters on an object or a player: all of them (FS-5.14), or those of one name."""
    if isinstance(x, Player):
        return sum(x.counters.values()) if kind is None else x.counters.get(kind, 0)
    if not isinstance(x, Obj):
        return 0
    if kind is None:
        return x.counters + x.levels + (sum(x.named.values()) if x.named else 0)
    if kind == GENERIC:
        return x.counters
    if kind == LEVEL:
        return x.levels
    return x.named.get(kind, 0) if x.named else 0


def add(g: Game, x: Any, n: int, kind: str = GENERIC, strip: bool = False) -> bool:
    """Put ``n`` counters of ``kind`` on an object in play or a player; ``strip``: while it has any of
    them, the object has no abilities but eternal (its keyword stays: ``Obj.eternal``)."""
    if n <= 0:
        return False
    if isinstance(x, Player):
        x.counters[kind] = x.counters.get(kind, 0) + n
    elif isinstance(x, Obj) and x.in_play:
        if kind == GENERIC:
            x.counters += n
        elif kind == LEVEL:
            x.levels += n
        else:
            if x.named is None:
                x.named = {}
            x.named[kind] = x.named.get(kind, 0) + n
            if kind in STAT_COUNTERS:
                g.stat_counters = True
            if kind == ETERNAL:
                x.eternal = True  # FS-5.14: an eternal counter gives it eternal (FS-4.12)
            if strip and x.erased is None:
                _hide(g, x, kind)
    else:
        return False
    _log(g, x, kind, "added")
    return True


def remove(g: Game, x: Any, n: int, kind: str | None = None) -> bool:
    """Remove ``n`` counters (of ``kind``, or any kind: generic first, then level, then named —
    FS-5.14); False, removing none, when there are fewer."""
    if n <= 0 or count(x, kind) < n:
        return False
    if isinstance(x, Player):
        left = n
        for k in [kind] if kind is not None else sorted(x.counters):
            take = min(left, x.counters.get(k, 0))
            x.counters[k] -= take
            if not x.counters[k]:
                del x.counters[k]
            left -= take
    else:
        left = n
        if kind in (None, GENERIC):
            take = min(left, x.counters)
            x.counters -= take
            left -= take
        if kind in (None, LEVEL):
            take = min(left, x.levels)
            x.levels -= take
            left -= take
        for k in sorted(x.named or ()) if kind is None else [kind] if kind not in (GENERIC, LEVEL) else []:
            take = min(left, x.named.get(k, 0))
            x.named[k] -= take
            if not x.named[k]:
                del x.named[k]
            left -= take
        if x.eternal and not count(x, ETERNAL) and "eternal" not in x.phys.rules.keywords:
            x.eternal = False  # its last eternal counter gone, a card not printed eternal is not
        if x.erased is not None and x.erased[0] not in _TIMED and not count(x, x.erased[0]):
            _restore(g, x)
    _log(g, x, kind, "removed")
    return True


def end_eternal_eot(g: Game) -> None:
    """Items made eternal till end of turn (Algiz, FS-4.12) stop being so, unless printed eternal or holding
    an eternal counter now."""
    for x in g.eternal_eot:
        if x.eternal and not count(x, ETERNAL) and "eternal" not in x.rules.keywords:
            x.eternal = False
    g.eternal_eot.clear()


# Not a counter: an effect's stripping of every non-eternal ability until its user's next turn is over (Club)
UNTIL_TURN_END = "until its turn ends"
# … and until a player's next turn starts (Cow on a Trash Farm of Warp Zone: their character and items)
UNTIL_TURN_START = "until their next turn starts"
_TIMED = (UNTIL_TURN_END, UNTIL_TURN_START)


def strip_until_turn_end(g: Game, o: Obj, seat: int) -> bool:
    """Hide an object's abilities (its eternal keyword stays) until ``seat``'s turn ends (``restore_stripped``
    at the end of every turn). An object already without abilities (a stripping counter) stays as that
    counter says."""
    if not o.in_play or o.erased is not None:
        return False
    _hide(g, o, UNTIL_TURN_END)
    g.stripped.append((o, seat))
    return True


def strip_until_turn_start(g: Game, o: Obj, seat: int) -> bool:
    """Hide an object's abilities (its eternal keyword stays) until ``seat``'s next turn starts
    (``restore_stripped_at_start``); an object already without abilities stays as that says."""
    if not o.in_play or o.erased is not None:
        return False
    _hide(g, o, UNTIL_TURN_START)
    g.stripped_start.append((o, seat))
    return True


def restore_stripped_at_start(g: Game, seat: int) -> None:
    """``seat``'s turn starts: what was stripped until then gets its abilities back (FS-8.2, before the
    start-of-turn triggers)."""
    keep = []
    for o, s in g.stripped_start:
        if s != seat:
            keep.append((o, s))
        elif o.erased is not None and o.erased[0] == UNTIL_TURN_START:
            _restore(g, o)
    g.stripped_start[:] = keep


def restore_stripped(g: Game) -> None:
    """The end of the active player's turn: what they stripped until their next turn is over gets its
    abilities back (FS-8.10)."""
    keep = []
    for o, seat in g.stripped:
        if seat != g.active:
            keep.append((o, seat))
        elif o.erased is not None and o.erased[0] == UNTIL_TURN_END:
            _restore(g, o)
    g.stripped[:] = keep


def _hide(g: Game, o: Obj, kind: str) -> None:
    o.erased = (kind, o.rules)
    o.rules = CardRules(keywords=frozenset(k for k in o.rules.keywords if k == "eternal"))
    g.obj_ver += 1  # every cache of abilities in play is rebuilt


def _restore(g: Game, o: Obj) -> None:
    assert o.erased is not None  # only what a counter stripped is restored
    o.rules = o.erased[1]
    o.erased = None
    g.cache.trig_names.update(o.rules.triggers)
    g.obj_ver += 1


def _log(g: Game, x: Any, kind: str | None, what: str) -> None:
    """Counters on players and named counters are logged (event ``counters``); generic and level
    counters on objects never were, and stay unlogged so games without named counters are unchanged. Those
    on an active bonus soul are logged: its condition reads them (FS-14.7, the state checks watch the log)."""
    if isinstance(x, Player) or kind not in (None, GENERIC, LEVEL) or x.kind == "bonus":
        g.log.emit("counters", _seat(x), _name(x), kind, count(x, kind), what)


def _seat(x: Any) -> int:
    return x.seat if isinstance(x, Player) else x.controller


def _name(x: Any) -> str | None:
    return None if isinstance(x, Player) else x.phys.card.name
