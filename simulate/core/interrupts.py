"""Ctrl-C that is never lost. Python runs a signal handler in whatever code runs when the signal comes; in
a finalizer (``__del__`` or a weakref callback, which joblib's worker pools hold) the KeyboardInterrupt it
raises is printed as "Exception ignored in …" and dropped, and the command goes on as if no key was
pressed (a duel played its next run and exited 0). While :func:`watched` holds, a Ctrl-C is also recorded:
a run checks the record at every batch (:func:`check`), and the watch raises it at its end."""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from typing import Any

_seen = False


def _record(signum: int, frame: Any) -> None:
    global _seen
    _seen = True
    raise KeyboardInterrupt


def check() -> None:
    """Raise KeyboardInterrupt if a watched Ctrl-C came (raised already, or dropped by a finalizer)."""
    if _seen:
        raise KeyboardInterrupt


@contextlib.contextmanager
def watched() -> Iterator[None]:
    """Record every Ctrl-C while the block runs and raise a dropped one when it ends. The outermost watch
    holds (a command's watch spans all its runs: one dropped in the first run stops the second); off the
    main thread, where no signal handler can be set, it does nothing."""
    global _seen
    if (
        threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGINT) is _record
    ):
        yield
        return
    previous = signal.signal(signal.SIGINT, _record)
    _seen = False
    try:
        yield
        check()
    finally:
        signal.signal(signal.SIGINT, previous)
