"""Branching at a decision (simulate.core.branching), on the Pig fixture game."""

from __future__ import annotations

import dataclasses
import gc
import os
import signal

import pytest

from cardlab.simulate.core import Players, branching
from cardlab.simulate.core.branching import BranchError, fork, replay
from cardlab.simulate.core.decisions import Decision
from cardlab.simulate.core.game import play_seated
from tests.toygame import GAME, PigConfig


class Brancher:
    """At its first real decision, tries every option in a branch (then holds at 10 like ``HoldAt``)."""

    name = "brancher"

    def __init__(self, seat, rng, fail_in_child=False, by="fork"):
        self.searching = True
        self.fail_in_child = fail_in_child
        self.by = by
        self.outcomes = {}

    def _enter_branch(self, at=None, players=None):
        self.searching = False  # in the child: play on without branching again
        if self.fail_in_child:
            raise ValueError("a child that breaks")
        if players is not None:  # a replay seats its players: this seat plays on like Holder
            players.strategies = [Holder(0, None), Holder(1, None)]

    def choose(self, decision):
        if self.searching:
            self.searching = False
            for i, option in enumerate(decision.options):
                if self.by == "replay":
                    self.outcomes[option] = replay(decision, self._enter_branch, i)
                    continue
                outcome = fork(self._enter_branch)
                if outcome is None:  # the child: answer with the candidate
                    return option
                self.outcomes[option] = outcome
        return "hold" if decision.view[1] >= 10 else "roll"


class Holder:
    name = "holder"

    def __init__(self, seat, rng):
        pass

    def choose(self, decision):
        return "hold" if decision.view[1] >= 10 else "roll"


def _play(first, seed=5, spec=GAME):
    players = Players([first, Holder(1, None)])
    return play_seated(spec, PigConfig(), seed, players)


def test_a_branch_plays_the_game_on_and_leaves_the_parent_untouched():
    brancher = Brancher(0, None)
    result = _play(brancher)
    assert set(brancher.outcomes) == {"roll", "hold"}
    for outcome in brancher.outcomes.values():
        assert outcome.end_reason in ("win", "turn_cap") and outcome.turns > 0
    # after branching the brancher plays exactly like Holder: the parent's game is that game
    plain = _play(Holder(0, None))
    assert result.events.rows == plain.events.rows
    assert result.winners == plain.winners
    # the child that took the parent's own answer saw the same game to its end
    same = [o for o in brancher.outcomes.values() if o.winners == plain.winners and o.turns == plain.turns]
    assert same, "one branch must reproduce the game actually played"


@pytest.mark.parametrize("seed", [5, 9, 13])
def test_a_replay_branch_is_the_fork_branch(seed):
    """Replaying the game from its seed with the answers so far forced reaches the same position as a fork
    of it: every candidate's branch ends the same way, and the parent's game is left as it was."""
    forked, replayed = Brancher(0, None), Brancher(0, None, by="replay")
    a, b = _play(forked, seed), _play(replayed, seed)
    assert forked.outcomes == replayed.outcomes and set(replayed.outcomes) == {"roll", "hold"}
    assert a.events.rows == b.events.rows == _play(Holder(0, None), seed).events.rows


def test_a_replay_that_does_not_reach_its_decision_is_an_error():
    """A game that is not a pure function of its seed and answers cannot be replayed: refused, not
    silently branched from another position."""
    calls = []

    def drifting(config, seed, players, log_events=True):
        calls.append(seed)
        if len(calls) > 1:  # played again, this game asks one more (forced) question first
            players.ask(Decision("coin", 0, ("heads",)))
        return GAME.play(config, seed, players, log_events=log_events)

    class Late(Brancher):
        """Branches at its third decision, so the replay has answers to force first."""

        def choose(self, decision):
            self.waited = getattr(self, "waited", 0) + 1
            if self.waited < 3:
                return "roll"
            return super().choose(decision)

    spec = dataclasses.replace(GAME, play=drifting)
    _play(Late(0, None, by="replay"), seed=5)  # the same game, pure: replays fine
    with pytest.raises(BranchError, match="did not reach the decision"):
        _play(Late(0, None, by="replay"), seed=5, spec=spec)


def test_a_failing_replay_is_an_error_and_branches_do_not_nest():
    with pytest.raises(BranchError, match="a child that breaks"):
        _play(Brancher(0, None, fail_in_child=True, by="replay"))

    class Nested(Brancher):
        def _enter_branch(self, at=None, players=None):
            replay(at, lambda d, p: None, 0)

    with pytest.raises(BranchError, match="cannot branch again"):
        _play(Nested(0, None, by="replay"))

    class Unseated(Brancher):
        def _enter_branch(self, at=None, players=None):
            pass

    with pytest.raises(BranchError, match="without players"):
        _play(Unseated(0, None, by="replay"))
    players = Players([Brancher(0, None, by="replay"), Holder(1, None)])
    with pytest.raises(BranchError, match="play_seated"):
        GAME.play(PigConfig(), 5, players)


def test_a_memo_lives_as_long_as_its_game():
    """Read once per game and shared by its replays; outside a game, computed every time."""
    made = []

    def make():
        made.append(1)
        return len(made)

    assert branching.memo("k", make) == 1 and branching.memo("k", make) == 2

    class Reader(Brancher):
        def choose(self, decision):
            self.seen = getattr(self, "seen", []) + [branching.memo("k", make)]
            return super().choose(decision)

    reader = Reader(0, None, by="replay")
    _play(reader)
    assert set(reader.seen) == {3} and len(made) == 3  # one make for the game and both its replays


def test_branches_are_deterministic():
    a, b = Brancher(0, None), Brancher(0, None)
    _play(a, seed=9)
    _play(b, seed=9)
    assert a.outcomes == b.outcomes


def test_a_failing_branch_is_an_error_in_the_parent():
    with pytest.raises(BranchError, match="a child that breaks"):
        _play(Brancher(0, None, fail_in_child=True))


def test_no_branch_outside_the_kernel_entry():
    """A game played without play_seated could return a child into arbitrary code: refused."""
    players = Players([Brancher(0, None), Holder(1, None)])
    with pytest.raises(BranchError, match="play_seated"):
        GAME.play(PigConfig(), 5, players)


def test_a_game_played_on_another_thread_is_not_this_threads_game():
    """The threading backend plays games side by side in one process: what one thread is playing (its
    table, memo, replay or copy) must not be seen by another, nor outlive its game there."""
    import threading

    started, release = threading.Event(), threading.Event()

    def other() -> None:
        table = branching.enter(lambda *a, **k: None, None, 0, Players([]))
        started.set()
        release.wait(10)
        branching.leave(table)

    thread = threading.Thread(target=other)
    thread.start()
    assert started.wait(10)
    made: list[int] = []
    branching.memo("cards", lambda: made.append(1))
    branching.memo("cards", lambda: made.append(1))
    in_branch = branching.in_branch()
    release.set()
    thread.join()
    assert made == [1, 1]  # outside a game on this thread: made every time
    assert not in_branch


class _Garbage(Brancher):
    """Leaves a garbage cycle holding ``held()`` just before it branches, and makes its children collect."""

    def __init__(self, seat, rng, held):
        super().__init__(seat, rng)
        self.held = held

    def choose(self, decision):
        if self.searching:
            cycle = [self.held()]
            cycle.append(cycle)
            del cycle  # unreachable now: garbage the parent's collector has not reached yet
        return super().choose(decision)

    def _enter_branch(self, at=None, players=None):
        super()._enter_branch(at, players)
        gc.collect()  # what any child playing long enough does on its own


def _duckdb_connection():
    import duckdb

    con = duckdb.connect(config={"threads": 2})
    con.sql("select sum(i) from range(100000) t(i)").fetchall()  # its worker threads are running now
    return con


def test_a_branch_never_collects_the_parents_garbage():
    """A DuckDB connection in a garbage cycle the parent had not yet collected killed forked branches (SIGSEGV,
    wait status 11, in a parallel suite): finalized in the child, its destructor meets worker threads that
    were not forked. The child leaves everything it inherited to the parent."""
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()  # the cycle must still be garbage when the branch forks
    try:
        brancher = _Garbage(0, None, _duckdb_connection)
        _play(brancher)
    finally:
        if enabled:
            gc.enable()
        gc.collect()
    plain = Brancher(0, None)
    _play(plain)
    assert brancher.outcomes == plain.outcomes


class _Dies(Brancher):
    def _enter_branch(self, at=None, players=None):
        os.kill(os.getpid(), signal.SIGKILL)  # as the kernel's out-of-memory killer would


def test_a_branch_that_dies_is_a_clear_error():
    with pytest.raises(
        BranchError, match=r"a branch died without an outcome: killed by signal 9 \(SIGKILL\)"
    ):
        _play(_Dies(0, None))
