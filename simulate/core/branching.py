"""Branching at a decision: play a game on from the current decision under a chosen answer.

Two mechanisms (and a third below), chosen per engine by measurement (docs/search.md, "What a branch costs"):

* :func:`fork` — a forked copy of the process continues the game (below). Its cost is fixed (≈ 3 ms of
  fork, copy-on-write faults and exit, more than a whole Gosu X game), so it suits slow engines (Four Souls).
* :func:`replay` — the game is played again in this process from its seed with every answer given so far
  forced (games are a pure function of seed and answers), and goes on from the decision under the
  candidate answer. No fork, no pipe: a branch costs the engine's time for the prefix plus the rollout, so
  it suits fast engines (Gosu X, Hidden Reason). It needs every answer of the game recorded
  (``Players.choices``, which ``play_seated`` turns on) and no decision declined unseen.

The fork mechanism in detail:

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

A third way, :func:`on_copy`, is for engines that can resume a decision from a copy of their state (the
decision is asked at one known point of the engine's loop): the branch copies the state and plays on in
this process.
"""

from __future__ import annotations

import gc
import itertools
import os
import pickle
import signal
import sys
import threading
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NoReturn

from .decisions import Players
from .shuffling import shuffle

_child_fd: int | None = None  # set in a child: where its outcome goes
_entries: set[Any] = set()  # code objects of the functions games are played through (play_seated)


class _Here(threading.local):
    """What this thread is playing: per thread, because the threading backend plays several games at once
    in one process, and one game's tables, replay or copy must not leak into another's."""

    def __init__(self) -> None:
        self.tables: list[Table] = []  # the games being played through play_seated, innermost last
        self.replaying: Table | None = None  # the game a replayed branch (played in this process) replays
        self.copying = False  # a branch played on a copy of the state, in this process (:func:`on_copy`)


_here = _Here()


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


@dataclass(slots=True)
class Table:
    """A game being played through ``play_seated``: what a replay needs to play it again from its start."""

    play: Callable[..., Any]
    config: Any
    seed: int
    players: Any  # simulate.core.decisions.Players, with ``choices`` recorded
    memo: dict[Any, Any] = field(default_factory=dict)  # see :func:`memo`


class _Stop(BaseException):
    """Ends a replayed branch early with the outcome its player computed (a truncated rollout)."""

    def __init__(self, outcome: Outcome) -> None:
        self.outcome = outcome


def in_child() -> bool:
    return _child_fd is not None


def in_branch() -> bool:
    """True inside any branch (a forked child or a replay)."""
    return _child_fd is not None or _here.replaying is not None or _here.copying


def memo(key: Any, make: Callable[[], Any]) -> Any:
    """``make()`` once per game played through ``play_seated``, shared by the replays of that game.

    For what a game reads at its start and must not change under it, such as its card data: a replay then
    plays with exactly the cards its game started with, without reading the files again (which cost more
    than a Gosu X rollout). The memo lives as long as its game, so it never outlives the data either;
    outside a game ``make()`` is simply called."""
    here = _here
    table = here.replaying if here.replaying is not None else (here.tables[-1] if here.tables else None)
    if table is None:
        return make()
    if key not in table.memo:
        table.memo[key] = make()
    return table.memo[key]


def enter(play: Callable[..., Any], config: Any, seed: int, players: Any) -> Table:
    """Called by ``play_seated`` before a game: remember it and record its answers (for :func:`replay`)."""
    if players.choices is None:
        players.choices = []
    table = Table(play, config, seed, players)
    _here.tables.append(table)
    return table


def leave(table: Table) -> None:
    tables = _here.tables
    if tables and tables[-1] is table:
        tables.pop()


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
    if in_branch():
        raise BranchError("a branch cannot branch again (rollout players must not search)")
    if not _kernel_on_stack():
        raise BranchError("branching needs the game to be played through simulate.core.game.play_seated")
    sys.stdout.flush()
    sys.stderr.flush()
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child
        # Inherited objects are out of the child's collector's reach: a garbage cycle the parent had not
        # collected yet can hold what cannot be finalized in a fork — a DuckDB connection's destructor
        # segfaults here (its worker threads were not forked), which killed branches in the parallel suite.
        gc.freeze()
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
    if status:  # a child exits 0 once its whole outcome is written: anything else is never a result
        raise BranchError(f"a branch died without an outcome: {_death(status)}")
    data = b"".join(chunks)
    if not data:
        raise BranchError("a branch ended without an outcome")
    kind, payload = pickle.loads(data)
    if kind == "error":
        raise BranchError(f"a branch failed:\n{payload}")
    return payload


def _death(status: int) -> str:
    code = os.waitstatus_to_exitcode(status)
    if code < 0:
        return f"killed by signal {-code} ({signal.Signals(-code).name})"
    return f"exit status {code}"


class _Cursor:
    """Answers a replayed game: the recorded answers first, then at the branch point the candidate."""

    def __init__(self, table: Table, at: Any, prepare: Callable[[Any, Players], Any], answer: int) -> None:
        self.prefix = list(table.players.choices)
        self.asked = table.players.asked
        self.at = at
        self.prepare = prepare
        self.answer = answer
        self.next = 0
        self.players: Any = None

    def choose(self, decision: Any) -> Any:
        if self.next < len(self.prefix):
            self.next += 1
            return decision.options[self.prefix[self.next - 1]]
        if self.next > len(self.prefix):
            raise BranchError(
                "a replayed branch went on without players: prepare must seat every seat's player"
            )
        self.next += 1
        at = self.at
        if (
            self.players.asked != self.asked
            or decision.seat != at.seat
            or decision.kind != at.kind
            or decision.options != at.options
        ):
            raise BranchError(
                f"a replay did not reach the decision it branches at (a '{at.kind}' decision to seat {at.seat}, "
                f"ask {self.asked}; reached a '{decision.kind}' decision to seat {decision.seat}, ask "
                f"{self.players.asked}): the game is not a pure function of its seed and answers"
            )
        self.prepare(decision, self.players)
        return decision.options[self.answer]


class _Forced:
    name = "replay"

    def __init__(self, cursor: _Cursor) -> None:
        self.choose = cursor.choose


def replay(decision: Any, prepare: Callable[[Any, Players], Any], answer: int) -> Outcome:
    """Branch at ``decision`` by playing its game again in this process: every answer given so far is
    forced, then ``prepare(decision, players)`` runs on the replayed decision and the replay's ``Players``
    (re-deal, seat the players who play on in ``players.strategies``) and the option at index ``answer`` is
    played; the game goes on to its end (or to a :func:`stop`). Returns the
    branch's :class:`Outcome`. Raises ``BranchError`` outside ``play_seated``, inside a branch, when the
    game declined decisions unseen (a replay could not reproduce them), or when the branch failed."""
    table = _table()
    return resume(
        decision,
        prepare,
        answer,
        lambda players: table.play(table.config, table.seed, players, log_events=False),
    )


def resume(
    decision: Any,
    prepare: Callable[[Any, Players], Any],
    answer: int,
    play: Callable[[Players], Any],
    answers: int = 0,
    asked: int = 0,
) -> Outcome:
    """:func:`replay` from a point of the game other than its start: ``play(players)`` plays the game on
    from a copy of an earlier position (an engine's own state copy), where the game had given ``answers``
    answers and made ``asked`` asks; the answers after it are forced, then as in :func:`replay`."""
    table = _table()
    if table.players.declined:
        raise BranchError("a replay cannot reproduce decisions declined unseen: branch by fork in this game")
    cursor = _Cursor(table, decision, prepare, answer)
    cursor.prefix = cursor.prefix[answers:]
    players = Players([_Forced(cursor)] * len(table.players), max_asks=table.players.max_asks, asked=asked)
    cursor.players = players
    _here.replaying = table
    try:
        result = play(players)
    except _Stop as stop:
        return stop.outcome
    except BranchError:
        raise
    except Exception as error:
        raise BranchError(f"a branch failed:\n{traceback.format_exc()}") from error
    finally:
        _here.replaying = None
    return outcome_of(result)


def on_copy(play: Callable[[], Outcome]) -> Outcome:
    """A branch an engine plays on a copy of its state in this process (``play`` copies, re-deals, plays on
    and returns the outcome): for decisions an engine can resume from a copy (Four Souls' action
    decisions, ``four_souls.branching.play_copy``), where a copy costs less than a fork. Inside it
    :func:`in_branch` is true (no nested branches) and :func:`stop` ends it with its outcome.

    The branch's copy and rollout are garbage as a whole when it ends, held in cycles (the game and its
    views, the players' views, a stack item and its context) that only the cyclic collector frees. Left to
    its thresholds, the collector walked them again and again as they aged into its older generations
    (docs/performance.md, session 35); so it is held off while the branch plays and collects the branch's
    objects, all in its youngest generation then, once as it ends. A collector the caller turned off stays
    off."""
    if in_branch():
        raise BranchError("a branch cannot branch again (rollout players must not search)")
    _here.copying = True
    collecting = gc.isenabled()
    gc.disable()
    try:
        return play()
    except _Stop as stop:
        return stop.outcome
    finally:
        _here.copying = False
        if collecting:
            gc.enable()
            gc.collect(0)


def _table() -> Table:
    """The game being played, for a branch taken in this process (refused inside a branch or outside
    ``play_seated``)."""
    if in_branch():
        raise BranchError("a branch cannot branch again (rollout players must not search)")
    if not _here.tables or not _kernel_on_stack():
        raise BranchError("branching needs the game to be played through simulate.core.game.play_seated")
    return _here.tables[-1]


def stop(outcome: Outcome) -> NoReturn:
    """In a branch (any mechanism): end it now with ``outcome`` (a truncated rollout's values)."""
    if _child_fd is not None:
        finish(outcome)
    if _here.replaying or _here.copying:
        raise _Stop(outcome)
    raise BranchError("stop() outside a branch")


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


def outcome_of(result: Any) -> Outcome:
    """A branch's outcome from the engine's ``GameResult``."""
    return Outcome(
        winners=tuple(result.winners),
        end_reason=result.end_reason,
        scores=tuple(float(s.score) for s in result.seats),
        turns=int(result.turns),
    )


def finish_game(result: Any) -> NoReturn:
    """In a child whose game ended: hand its outcome to the parent and exit."""
    finish(outcome_of(result))


def redeal(places: list[list[Any]], rng: Any, key: Callable[[Any], Any]) -> list[Any]:
    """Re-deal the cards of ``places`` (hands, decks …: lists changed in place, each keeping its size) at
    random: the pool is put in a canonical order by ``key`` first, so the result depends only on which
    cards are in the pool and on ``rng`` — never on where they were (hidden information stays hidden).
    Returns the cards dealt to each place in order, flattened (callers mark their zones)."""
    pool = sorted(itertools.chain.from_iterable(places), key=key)  # flattened in C
    shuffle(rng, pool)
    start = 0
    for place in places:
        size = len(place)
        place[:] = pool[start : start + size]
        start += size
    return pool


def redeal_at(places: list[tuple[list[Any], list[int] | None]], rng: Any, key: Callable[[Any], Any]) -> None:
    """:func:`redeal` of only some positions of each list (``None``: all of them): the cards a seat knows
    stay where they are (search's re-deal, issue 14 item 1); the others are re-dealt among those positions."""
    parts = [lst if at is None else [lst[i] for i in at] for lst, at in places]
    redeal(parts, rng, key)
    for (lst, at), part in zip(places, parts, strict=True):
        if at is not None:
            for i, card in zip(at, part, strict=True):
                lst[i] = card
