"""Branching at a decision: play a game on from the current decision in a forked copy of the process.

Engines call strategies synchronously, from deep inside their own call stacks, so a copy of the game state
alone could not continue the game; a forked child has the whole stack. A search strategy calls
:func:`fork` inside its ``choose``: in the child, ``prepare`` runs (re-deal the hidden information, seat
rollout players) and ``fork`` returns ``None`` there, so the strategy answers with the candidate option and
the game plays on to its end; the kernel's :func:`~simulate.core.game.play_seated` then hands the child's
outcome back through a pipe with :func:`finish` and the child exits without returning into the runner.
In the parent, ``fork`` waits for the child and returns its :class:`Outcome`.

Safety: a child must never return into code that writes files, so :func:`fork` refuses (``BranchError``)
unless ``play_seated`` — the one function every game of the runner, soak, bench and replay is played
through — is on the stack, and ``play_seated`` finishes every child, whether the game ended or raised.
Measured (docs/search.md): fork + exit + wait ≈ 4 ms in a worker with the engines and Arrow loaded.
"""

from __future__ import annotations

import os
import pickle
import sys
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NoReturn

_child_fd: int | None = None  # set in a child: where its outcome goes
_entries: set[Any] = set()  # code objects of the functions games are played through (play_seated)


class BranchError(RuntimeError):
    """A branch that cannot be taken safely, or a child that failed."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a branch ended: the winners (seats), the end reason, each seat's score, turns played — or, for a
    branch cut short by its player, a value per seat it computed (``values``)."""

    winners: tuple[int, ...] = ()
    end_reason: str = ""
    scores: tuple[float, ...] = ()
    turns: int = 0
    values: tuple[float, ...] | None = None


def in_child() -> bool:
    return _child_fd is not None


def entry(function: Callable[..., Any]) -> Callable[..., Any]:
    """Mark the function every game is played through (it finishes children: see ``play_seated``)."""
    _entries.add(function.__code__)
    return function


def _kernel_on_stack() -> bool:
    frame = sys._getframe(1)
    while frame is not None:
        if frame.f_code in _entries:
            return True
        frame = frame.f_back
    return False


def fork(prepare: Callable[[], Any]) -> Outcome | None:
    """Branch here. Returns None in the child (after ``prepare()`` ran); the child's :class:`Outcome` in
    the parent. Raises ``BranchError`` when the game is not played through ``play_seated``, inside a child
    (no nested branches), or when the child failed."""
    global _child_fd
    if _child_fd is not None:
        raise BranchError("a branch cannot branch again (rollout players must not search)")
    if not _kernel_on_stack():
        raise BranchError("branching needs the game to be played through simulate.core.game.play_seated")
    sys.stdout.flush()
    sys.stderr.flush()
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child
        os.close(read_fd)
        _child_fd = write_fd
        try:
            prepare()
        except BaseException:
            fail(traceback.format_exc())
        return None
    os.close(write_fd)
    chunks = []
    with os.fdopen(read_fd, "rb") as pipe:
        while chunk := pipe.read(65536):
            chunks.append(chunk)
    _, status = os.waitpid(pid, 0)
    data = b"".join(chunks)
    if not data:
        raise BranchError(f"a branch died without an outcome (wait status {status})")
    kind, payload = pickle.loads(data)
    if kind == "error":
        raise BranchError(f"a branch failed:\n{payload}")
    return payload


def _send(kind: str, payload: Any) -> NoReturn:
    fd = _child_fd
    assert fd is not None
    data = pickle.dumps((kind, payload))
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]
    os.close(fd)
    os._exit(0)


def finish(outcome: Outcome) -> NoReturn:
    """In a child: hand the outcome to the parent and exit (never returns)."""
    _send("outcome", outcome)


def fail(text: str) -> NoReturn:
    """In a child: report a failure to the parent and exit."""
    _send("error", text)


def finish_game(result: Any) -> NoReturn:
    """In a child whose game ended: its outcome from the engine's ``GameResult``."""
    finish(
        Outcome(
            winners=tuple(result.winners),
            end_reason=result.end_reason,
            scores=tuple(float(s.score) for s in result.seats),
            turns=int(result.turns),
        )
    )


def redeal(places: list[list[Any]], rng: Any, key: Callable[[Any], Any]) -> list[Any]:
    """Re-deal the cards of ``places`` (hands, decks …: lists changed in place, each keeping its size) at
    random: the pool is put in a canonical order by ``key`` first, so the result depends only on which
    cards are in the pool and on ``rng`` — never on where they were (hidden information stays hidden).
    Returns the cards dealt to each place in order, flattened (callers mark their zones)."""
    pool = sorted((card for place in places for card in place), key=key)
    rng.shuffle(pool)
    start = 0
    for place in places:
        size = len(place)
        place[:] = pool[start : start + size]
        start += size
    return pool
