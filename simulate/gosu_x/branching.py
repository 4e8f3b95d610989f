"""Branching for search (simulate.core.branching): re-deal what one player cannot see, and copy a turn's start.

Hidden from a seat (GX-12.18): the opponent's hand and every deck's order (its own included), but for the
cards it saw go there (``State.known``: revealed, GX-12.6; from an army or a discard; its own search's card),
which stay in place. Public: armies (captured cards too), discards, removed cards, tokens, clans. The re-deal (``branching.redeal``)
depends only on what the seat can see and on ``rng``: two positions that differ only in hidden cards give
the same determinized position. The engine's own random stream is reseeded too: its future draws are
hidden information.

A branch by copy (``branch="copy"``, the Gosu X default): while a search seat plays, the engine copies each
turn's start (:func:`turn_start`, written for this state: the cards and the zones that hold them are new
objects, the card data, tiles and config are shared), and a branch plays on from that copy with the turn's
answers so far forced (``engine.branch``), instead of replaying the whole game from its seed. Decisions before
the first turn (the draft) branch by replay.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from cardlab.simulate.core import branching as core
from cardlab.simulate.core.events import EventLog

from .state import DECK, HAND, Card, Player, State


def determinize(st: State, seat: int, rng: random.Random) -> None:
    known = st.known[seat]
    own = st.p[seat].deck
    core.redeal_at([(own, _free(own, known))], rng, key=lambda c: c.uid)
    other = st.p[1 - seat]
    slots = [i for i, c in enumerate(other.hand) if c.uid not in known]
    core.redeal_at([(other.hand, slots), (other.deck, _free(other.deck, known))], rng, key=lambda c: c.uid)
    for card in other.hand:
        card.zone = HAND
    for card in other.deck:
        card.zone = DECK
    st.streams.reseed(rng.getrandbits(63))


def _free(deck: list[Card], known: set[int]) -> list[int]:
    """The positions of ``deck`` a seat does not know: all but the runs of cards it saw go onto its top and
    bottom (``State.known``: draws take from the top, a public count; a shuffle forgets them)."""
    top = len(deck)
    while top > 0 and deck[top - 1].uid in known:
        top -= 1
    bottom = 0
    while bottom < top and deck[bottom].uid in known:
        bottom += 1
    return list(range(bottom, top))


def state_of(view) -> State:
    """The live state behind a decision's view (used only by the search, inside a branch)."""
    return view._st


@dataclass(frozen=True, slots=True)
class TurnStart:
    """A turn's start: the state copied before the turn (never played itself: each branch copies it
    again), whose turn it is, and where the game's answers and asks stood."""

    state: State
    seat: int
    turn: int  # the number the turn will have (``State.turn_no`` during it)
    answers: int  # len(Players.choices) at the turn's start
    asked: int  # Players.asked at the turn's start


def turn_start(st: State, seat: int) -> TurnStart:
    players = st.players_obj
    answers = len(players.choices) if players.choices is not None else 0
    return TurnStart(copy_state(st), seat, st.turn_no + 1, answers, players.asked)


def copy_state(st: State) -> State:
    """A copy of a Gosu X position that plays on independently of ``st``: every card and every zone, token
    count, flag and random stream is its own; card data, tiles, config and the view class are shared (never
    changed in play). The copy does not keep turn starts and logs into a fresh log like ``st``'s; it still
    points at ``st``'s players until a branch seats its own."""
    cards = {
        uid: Card(c.uid, c.d, c.owner, c.zone, c.face_up, c.row, c.tokens, c.vet)
        for uid, c in st.cards.items()
    }

    def same(zone: list[Card]) -> list[Card]:
        return [cards[c.uid] for c in zone]

    players = [
        Player(
            seat=p.seat,
            clans=p.clans,
            hand=same(p.hand),
            deck=same(p.deck),
            discard=same(p.discard),
            removed=same(p.removed),
            rows=[same(row) for row in p.rows],
            t_hand=p.t_hand,
            t_spent=p.t_spent,
            t_locked=p.t_locked,
            superiority=p.superiority,
            flipped=set(p.flipped),
            passed=p.passed,
            bans=dict(p.bans),
            turns=p.turns,
            unlocks=p.unlocks,
            pcards=same(p.pcards),
        )
        for p in st.p
    ]
    streams = st.streams.copy()
    log = EventLog(st.log.enabled)
    log.turn, log.phase = st.log.turn, st.log.phase
    return State(
        cfg=st.cfg,
        streams=streams,
        log=log,
        players_obj=st.players_obj,  # a branch seats its own (branch)
        p=players,
        undrafted=st.undrafted,
        tiles=st.tiles,
        _tile_index=st._tile_index,  # built from the tiles, shared with them
        _tiles_of=st._tiles_of,
        miracle=st.miracle,
        bounty=cards[st.bounty.uid] if st.bounty is not None else None,
        round=st.round,
        turn_no=st.turn_no,
        active=st.active,
        first_passer=st.first_passer,
        extra_pending=st.extra_pending,
        in_extra=st.in_extra,
        from_discard_ok=st.from_discard_ok,
        pending_from_discard=st.pending_from_discard,
        remaining=st.remaining,
        draft_first=st.draft_first,
        cards=cards,
        _view_cls=st._view_cls,
        available=st.available,
        checker=None,
        seed=st.seed,
        known=[set(k) for k in st.known],
    )
