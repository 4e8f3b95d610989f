"""The Four Souls event log: the kernel's log plus the change counters the state checks read."""

from __future__ import annotations

from typing import Any, Final

from mypy_extensions import mypyc_attr

from cardlab.simulate.core.events import EventLog

_BONUS_KINDS = frozenset(
    [
        "cents_gained",
        "cents_lost",
        "cents_paid",
        "cents_stolen",
        "loot_drawn",
        "loot_discarded",
        "loot_stolen",
        "loot_given",
        "loot_played",
        "item_gained",
        "item_lost",
        "item_destroyed",
        "turn_start",
        "counters",  # a counter on an active bonus soul (FS-14.7: Soul of Wrath's sixth)
    ]
)


_SOUL_KINDS = frozenset(["soul_gained", "bonus_soul_gained"])
_COUNTED: Final[dict[str, bool]] = {
    **dict.fromkeys(_BONUS_KINDS, True),
    **dict.fromkeys(_SOUL_KINDS, False),
}  # FSLog.emit


# allow_interpreted_subclasses: mypyc 2.4.1 gives a native subclass of a serializable class an empty
# tp_init, so the class called from Python (setup, the copier, tests) skips its ``__init__``; allowing
# interpreted subclasses gives it one that runs ``__init__``. Compiled callers read its fields directly.
@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class FSLog(EventLog):
    """The kernel's event log plus a change counter that runs even with logging off: every state
    change the engine makes emits an event, so the state checks skip work when nothing happened.

    Compiled, a native subclass of the kernel's native log: the engine's ~1,000 emits a
    game and its reads of the counters (every state check, every view) are native calls and field reads.
    The arguments are typed as loosely as when the log was interpreted (``Any``)."""

    n: int
    nb: int
    ns: int

    def __init__(self, enabled: bool = True) -> None:
        super().__init__(enabled)
        self.n = 0
        self.nb = 0  # changes a bonus-soul condition can read (cents, hands, items)
        self.ns = 0  # souls gained: the only changes that can make a winner (FS-14.1)

    def emit(
        self,
        kind: str,
        seat: Any = -1,
        card: Any = None,
        target: Any = None,
        amount: Any = None,
        detail: Any = None,
        value: Any = None,
    ) -> None:
        self.n += 1
        counted = _COUNTED.get(kind)
        if counted is not None:
            if counted:
                self.nb += 1
            else:
                self.ns += 1
        if self.enabled:  # the kernel's row, written out here: one Python call an event, not two (issue 20)
            row: tuple[Any, ...]
            if type(target) is int:  # a seat (``type``: a C macro compiled, where ``__class__`` is a lookup)
                row = (self.turn, self.phase, seat, kind, card, None, amount, detail, target, value)
            else:
                row = (self.turn, self.phase, seat, kind, card, target, amount, detail, None, value)
            self.rows.append(row)
