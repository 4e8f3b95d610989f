"""The game loop: setup and draft, rounds of single-action turns (GX-4), passing (GX-8), extra turns
(GX-12.7), the Great Battle and Tribute (GX-9/10), at most 3 rounds (GX-4.1)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardlab.simulate.core import branching as core_branching
from cardlab.simulate.core.decisions import Players
from cardlab.simulate.core.events import EventLog, log_held_at_end
from cardlab.simulate.core.game import GameResult, SeatResult
from cardlab.simulate.core.seeds import Streams

from . import zones
from .actions import do_action, legal_actions
from .battle import great_battle, tribute
from .branching import copy_state, state_of, turn_start
from .cards import cards_with
from .config import GXConfig
from .draft import build_decks, deal, draft, setup_rng
from .invariants import check
from .state import GameOver, Player, State, TurnCap
from .triggers import fire
from .views import View


def end_of_turn(st: State, seat: int) -> None:
    """End-of-turn triggers, then the hand limit (GX-4.5, GX-Q.22, decision G-12); bans expire."""
    fire(st, seat, "end_of_turn")
    pl = st.p[seat]
    excess = len(pl.hand) - st.hand_limit(seat)
    if excess > 0:
        zones.choose_discards(st, seat, excess, "hand_limit")
    pl.turns += 1
    opp = st.p[1 - seat]
    if opp.bans:
        for name in [n for n, until in opp.bans.items() if until < pl.turns]:
            del opp.bans[name]


def take_turn(st: State, seat: int) -> None:
    if st.keep_turns:  # a search seat branches from here: the turn's start, copied (branching.TurnStart)
        st.turn_start = turn_start(st, seat)
    st.turn_no += 1
    if st.turn_no > st.cfg.max_turns:
        raise TurnCap()
    st.active = seat
    log = st.log
    log.turn = st.turn_no
    log.phase = "turn"
    st.emit("turn_start", seat, amount=st.round, detail="extra" if st.in_extra else None)
    act = st.ask("action", seat, legal_actions(st, seat))  # GX-4.3: exactly one action
    do_action(st, seat, act)
    if st.checker is not None:
        st.checker(st)
    end_of_turn(st, seat)
    if st.checker is not None:
        st.checker(st)


def play_round(st: State, starter: int) -> None:
    """Alternate turns until one passes; the other then has at most 3 (2 after Golem) turns (GX-8, GX-Q.7)."""
    for pl in st.p:
        pl.passed = False
    st.first_passer = -1
    st.extra_pending = st.in_extra = st.from_discard_ok = False
    st.emit("round_start", starter, amount=st.round)
    play_turns(st, starter)


def play_turns(st: State, cur: int) -> None:
    """The turns of the round under way from ``cur``'s turn on (a copied turn start plays on from here)."""
    while True:
        take_turn(st, cur)
        other = 1 - cur
        if st.p[cur].passed and st.p[other].passed:
            break
        if st.p[other].passed and not st.p[cur].passed:  # GX-8.3: every turn counts, extra turns too
            st.remaining -= 1
            if st.remaining <= 0:
                break
        if st.extra_pending and not st.p[cur].passed:  # GX-12.7
            st.extra_pending = False
            st.in_extra = True
            st.from_discard_ok = st.pending_from_discard
            continue
        st.extra_pending = st.in_extra = st.from_discard_ok = False
        if not st.p[other].passed:
            cur = other


def new_state(config: GXConfig, seed: int, players: Players, log_events: bool = True) -> State:
    st = State(config, Streams(seed), EventLog(log_events), players, [Player(0), Player(1)])
    st._view_cls = View
    st.seed = seed
    return st


def setup(st: State) -> int:
    defs = cards_with(st.cfg.cards_path, st.cfg.overrides)
    first = setup_rng(st, "first player").randrange(2)
    st.draft_first = first
    draft(st, first, defs)
    build_decks(st, defs)
    deal(st, first)
    return first


def run_rounds(st: State, starter: int, resumed: bool = False) -> None:
    """Rounds 1..3; GX-Q.11: the third battle always decides, so falling out of the loop is a bug.
    ``resumed``: ``st`` is a copied turn start (``branching.TurnStart``) whose round goes on from the turn
    of ``starter``, then the later rounds as usual."""
    for r in range(st.round if resumed else 1, 4):
        if resumed and r == st.round:
            play_turns(st, starter)
        else:
            st.round = r
            play_round(st, starter)
        winner, _margin, extra = great_battle(st)
        st.emit("round_end", winner, amount=r, detail="tie" if winner < 0 else None)
        starter = tribute(st, winner, extra)
        if st.checker is not None:
            st.checker(st)
    raise AssertionError("GX-Q.11: three battles ended without a winner or a draw")


def play(config: GXConfig, seed: int, players: Players, log_events: bool = True) -> GameResult:
    """One game of Gosu X: a pure function of (config, seed, strategies)."""
    return _play(new_state(config, seed, players, log_events))


def checked_play(config: GXConfig, seed: int, players: Players, log_events: bool = True) -> GameResult:
    """``play`` that checks every engine invariant after each step (raises InvariantError)."""

    st = new_state(config, seed, players, log_events)
    st.checker = check
    return _play(st)


def _play(st: State) -> GameResult:
    first = setup(st)
    if st.checker is not None:
        st.checker(st)
    return _rounds_to_end(st, first, False)  # GX-Q.2: the first drafter takes the first turn


def play_on(st: State, seat: int) -> GameResult:
    """Play a copied turn start (``branching.TurnStart``) on to the end of its game, from ``seat``'s turn."""
    return _rounds_to_end(st, seat, True)


def _rounds_to_end(st: State, seat: int, resumed: bool) -> GameResult:
    first = st.draft_first
    winners: tuple[int, ...] = ()
    condition = "none"
    try:
        run_rounds(st, seat, resumed)
    except GameOver as over:
        winners, condition = over.winners, over.condition
        end_reason = "draw" if len(winners) == 2 else "win"
        if end_reason == "draw":
            condition = "none"
    except TurnCap:
        _held_at_end(st)
        st.emit("game_over", -1, detail="turn_cap")
        return result(st, first, winners, condition, "turn_cap")
    _held_at_end(st)  # a win's game_over is logged where it is decided, just before
    return result(st, first, winners, condition, end_reason)


def _held_at_end(st: State) -> None:
    for pl in st.p:
        log_held_at_end(st.log, pl.seat, (c.d.name for c in pl.hand))


def result(st: State, first: int, winners: tuple[int, ...], condition: str, end_reason: str) -> GameResult:
    seats = []
    for pl in st.p:
        cols = {
            "alliance": "+".join(sorted(pl.clans)),
            "clans": list(pl.clans),
            "draft_position": 1 if pl.seat == first else 2,
            "win_condition": condition if pl.seat in winners else "none",
            "battle_tokens": pl.superiority,
            "rounds": st.round,
            "unlocked_tokens": pl.unlocks,
            "army_size": pl.army_size(),
        }
        seats.append(SeatResult(score=float(pl.superiority), columns=cols))
    columns = {"rounds": st.round, "win_condition": condition, "undrafted": list(st.undrafted)}
    return GameResult(winners, end_reason, st.turn_no, first, seats, st.log, columns)


def branch(decision: Any, answer: int, prepare: Callable[[State], None]) -> core_branching.Outcome:
    """A search's branch at ``decision`` (``branch="copy"``, the search's ``Hooks.play_copy``) from a copy
    of its turn's start (``branching.TurnStart``): the turn's answers so far are forced, then ``prepare``
    re-deals the copy and seats its players and the option at ``answer`` is played on to the end
    (``core_branching.resume``). The first branch of a game turns the turn starts on and, like every
    decision before a kept turn start (the draft), branches by replay."""
    st = state_of(decision.view)
    start = st.turn_start

    def at(replayed: Any, _players: Any) -> None:
        prepare(state_of(replayed.view))

    if start is None or start.turn != st.turn_no:
        st.keep_turns = True
        return core_branching.replay(decision, at, answer)

    def play(players: Any) -> Any:
        copy = copy_state(start.state)
        copy.players_obj = players
        return play_on(copy, start.seat)

    return core_branching.resume(decision, at, answer, play, answers=start.answers, asked=start.asked)
