"""The Four Souls event log: the kernel's log plus the change counters the state checks read."""

from __future__ import annotations

from cardlab.simulate.core import EventLog

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
_COUNTED = {**dict.fromkeys(_BONUS_KINDS, True), **dict.fromkeys(_SOUL_KINDS, False)}  # FSLog.emit


class FSLog(EventLog):
    """The kernel's event log plus a change counter that runs even with logging off: every state
    change the engine makes emits an event, so the state checks skip work when nothing happened.

    In a module of its own, never compiled: a Python subclass of the kernel's log, which is compiled as a
    native class that admits interpreted subclasses (simulate/core/events.py; README "Compiled build")."""

    __slots__ = ("n", "nb", "ns")

    def __init__(self, enabled: bool = True) -> None:
        super().__init__(enabled)
        self.n = 0
        self.nb = 0  # changes a bonus-soul condition can read (cents, hands, items)
        self.ns = 0  # souls gained: the only changes that can make a winner (FS-14.1)

    def emit(self, kind, seat=-1, card=None, target=None, amount=None, detail=None, value=None) -> None:
        self.n += 1
        counted = _COUNTED.get(kind)
        if counted is not None:
            if counted:
                self.nb += 1
            else:
                self.ns += 1
        if self.enabled:  # the kernel's row, written out here: one Python call an event, not two (issue 20)
            if target.__class__ is int:  # a seat
                row = (self.turn, self.phase, seat, kind, card, None, amount, detail, target, value)
            else:
                row = (self.turn, self.phase, seat, kind, card, target, amount, detail, None, value)
            self.rows.append(row)
