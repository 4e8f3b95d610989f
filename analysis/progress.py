"""A long report's progress on stderr (`cardlab report`, as `cardlab simulate` shows its games): a bar over
the report's steps, named as it goes, shown only inside :func:`shown` (the command line without --quiet;
a library call is silent) and only to a terminal (a log or a captured stderr gets no bar: the report's
output is what a script reads), gone when the report is done."""

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


def steps(items: Sequence[T], what: str, name: Callable[[T], str]) -> Iterator[T]:
    """``items`` one by one, each named on the bar (``what: name``) while it is worked on."""
    if not _SHOWN.get():
        yield from items
        return
    from tqdm import tqdm

    # disable=None: shown on a terminal only
    with tqdm(total=len(items), desc=what, unit="step", leave=False, dynamic_ncols=True, disable=None) as bar:
        for item in items:
            bar.set_postfix_str(name(item))
            yield item
            bar.update()
