"""A long report's progress on stderr (`cardlab report`, as `cardlab simulate` shows its games): a bar over
the report's steps, named as it goes, shown only inside :func:`shown` (the command line without --quiet;
a library call is silent) and only to a terminal (a log or a captured stderr gets no bar: the report's
output is what a script reads), gone when the report is done. A run's report, a sweep's, a ladder's and an
ensemble's all show theirs the same way."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from contextvars import ContextVar
from typing import TypeVar

T = TypeVar("T")

_SHOWN: ContextVar[bool] = ContextVar("report_progress", default=False)


@contextlib.contextmanager
def shown(enabled: bool = True) -> Iterator[None]:
    """Reports built meanwhile show their steps (when ``enabled``)."""
    token = _SHOWN.set(enabled)
    try:
        yield
    finally:
        _SHOWN.reset(token)


def unseen(name: str) -> None:
    """The ``step`` of no bar: a builder called outside :func:`stepping` names its steps to nobody."""


@contextlib.contextmanager
def stepping(what: str, total: int) -> Iterator[Callable[[str], None]]:
    """A bar of ``total`` steps named ``what``; each call of the ``step(name)`` it gives names the step now
    begun, the one before it done (for a builder whose steps are stages of code, not items of a list)."""
    if not _SHOWN.get():
        yield unseen
        return
    from tqdm import tqdm

    # disable=None: shown on a terminal only
    with tqdm(total=total, desc=what, unit="step", leave=False, dynamic_ncols=True, disable=None) as bar:
        begun = False

        def step(name: str) -> None:
            nonlocal begun
            if begun:
                bar.update()
            begun = True
            bar.set_postfix_str(name)

        yield step


def steps(items: Sequence[T], what: str, name: Callable[[T], str]) -> Iterator[T]:
    """``items`` one by one, each named on the bar (``what: name``) while it is worked on."""
    with stepping(what, len(items)) as step:
        for item in items:
            step(name(item))
            yield item
