"""Every problem in a card file at once (`cardlab cards check`), not only the first.

A run stops at the first bad card (one line, exit 2: DESIGN: Bad input). A designer fixing a file wants
the whole list, so ``cards check`` loads inside :func:`every_problem`: there the engines' loaders wrap
each card (and each file) in :func:`guarded`, which records a :class:`CardDataError` and skips that card
instead of stopping. When a loader has read every card it calls :func:`settle`, which ends the collection
if anything was found — before cross-card checks that skipped cards would make misleading, and before
anything is cached — and everything found is reported together. Outside :func:`every_problem` both are
plain calls, so runs and their error messages are unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TypeVar

from .errors import CardDataError, UserError

T = TypeVar("T")
LIMIT = 50  # a file with more problems than this is probably not a card file of this game

_found: ContextVar[list[CardDataError] | None] = ContextVar("card_problems", default=None)


class CardDataErrors(UserError):
    """Several card-file problems, one per line after a count (the CLI prints it after ``error:``)."""

    def __init__(self, problems: list[CardDataError], more: bool = False):
        self.problems = problems
        more_text = f", stopped after {LIMIT}" if more else ""
        #: what the CLI prints, one ``error:`` line each: every problem, then the count
        self.lines = [str(p) for p in problems]
        self.lines.append(
            f"{len(problems)} cards or files with a problem (the first of each shown){more_text}"
        )
        super().__init__("\n".join(self.lines))


class _Stop(BaseException):
    """Ends a collection: enough was found, or a loader settled with problems (a BaseException, so no
    loader's ``except Exception`` mistakes it for its own error)."""


@contextmanager
def every_problem() -> Iterator[None]:
    """Collect the problems of every card and file loaded inside; raise them together on the way out
    (one problem raises as itself, so its message is the same as a run's)."""
    found: list[CardDataError] = []
    token = _found.set(found)
    more = False
    try:
        yield
    except CardDataError as err:  # one the loader could not step past
        found.append(err)
    except _Stop:
        more = len(found) > LIMIT
    finally:
        _found.reset(token)
    raise_every(found, more)


def raise_every(found: list[CardDataError], more: bool = False) -> None:
    """Raise the problems found, if any: one as itself (its message the same as a run's), several as
    :class:`CardDataErrors` (a line each, then the count)."""
    if len(found) == 1 and not more:
        raise found[0]
    if found:
        raise CardDataErrors(found[:LIMIT], more)


def guarded(load: Callable[..., T], *args, **kwargs) -> T | None:
    """``load(*args, **kwargs)``; inside :func:`every_problem` a ``CardDataError`` is recorded and None
    returned (the caller skips that card or file), elsewhere it propagates as usual."""
    found = _found.get()
    if found is None:
        return load(*args, **kwargs)
    try:
        return load(*args, **kwargs)
    except CardDataError as err:
        found.append(err)
        if len(found) > LIMIT:
            raise _Stop from None
        return None


def settle() -> None:
    """Called by a loader once every card is read: inside :func:`every_problem`, end there if anything
    was found (nothing partial is cached or cross-checked); elsewhere nothing happens."""
    if _found.get():
        raise _Stop
