"""Determinization for search (simulate.core.branching): re-deal what one player cannot see.

Hidden from a seat: the other players' hands — except cards it has been shown (``Player.known``, FS
look_hand effects) — and the order of every deck (loot, treasure, monster, room, the starting-item deck of
soul trading). Everything in play, discards, souls and hand sizes are public (FS-3.3, FS-1.8, FS-3.6). The
unseen loot (other hands' unknown cards + the loot deck) is put in a canonical order (by card id) and
re-dealt into the same places (``branching.redeal``), so the determinized position depends only on what the seat can see and on
``rng``. The engine's own random stream is reseeded: its future dice and shuffles are hidden too.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

from cardlab.simulate.core.branching import BranchError, Outcome, on_copy, redeal
from cardlab.simulate.core.decisions import Decision

from . import asking, attack, statics, turn
from .state import Caches, Game


def hidden_decks(g: Game) -> list[list]:
    """The decks whose order is hidden (in this order: it is the order the re-deal draws from ``rng``)."""
    start = g.soul_trading.deck if g.soul_trading is not None else []  # FS-20.5's starting-item deck
    return [g.treasure, g.monster, start, g.rooms.deck if g.rooms is not None else []]


def determinize(g: Game, seat: int, rng: random.Random) -> None:
    known = g.players[seat].known
    shown = statics.revealed_hands(g)  # FS-3.7: a revealed hand is known to every player (Guppy's Eye)
    slots = [
        (p.hand, i)
        for p in g.players
        if p.seat != seat and p.seat not in shown
        for i, card in enumerate(p.hand)
        if card.pid not in known
    ]
    unseen = [[hand[i] for hand, i in slots], g.loot]
    redeal(unseen, rng, key=lambda c: c.pid)
    for (hand, i), card in zip(slots, unseen[0], strict=True):
        hand[i] = card
    for deck in hidden_decks(g):
        if deck:
            redeal([deck], rng, key=lambda c: getattr(c, "pid", 0))
    g.streams.reseed(rng.getrandbits(63))
    g.obj_ver += 1  # nothing cached about what is where may survive the re-deal


def reseated(g: Game) -> None:
    """A search branch has seated new players in ``g.io``: forget the engine's cache of the old ones'
    ``declines`` (``resolution``'s response windows), or a branch would let the players it replaced decline
    for the ones it seated."""
    g.cache.decliners = None


def copy_state(g: Game) -> Game:
    """An independent copy of ``g`` that plays on exactly as ``g`` would: the same seeded streams, the same
    players with the same memory (``g.io`` is copied too: give the copy other players to branch).
    Between two turns ``turn.play_turns`` plays it on.

    ``copy.deepcopy`` of a game copies the card data too: every physical card's card and compiled
    behaviour, reachable from every object. None of that changes during a game (an object that enters
    play is a new :class:`Obj` over the same physical card, FS-3.2; nothing writes to a ``Phys``, its
    card or its rules), so the copy shares it, the configuration and the logged rows, starts from empty
    caches (``Caches``: derived, but for the trigger-name and forbid indexes, which only grow; a compiled
    build could not copy the bonus-soul tests' closures either) and
    deep-copies everything else: a field added to ``Game`` later is copied, never shared by mistake."""
    return copy.deepcopy(g, _shared(g))


def _shared(g: Game) -> dict[int, Any]:
    """``copy.deepcopy``'s memo for :func:`copy_state`: what the copy shares with ``g`` (or starts anew)."""
    cache = g.cache  # the derived caches start empty; the two indexes that only grow are kept
    memo: dict[int, Any] = {
        id(g.cfg): g.cfg,
        id(g.log.rows): list(g.log.rows),  # logged rows are tuples of numbers and names: shared
        id(cache): Caches(trig_names=set(cache.trig_names), forbid_on=cache.forbid_on),
        # the players' ``declines``, looked up again from the copied players: a compiled player's bound
        # method would be shared by a deep copy, not bound to the copy (issue 20)
        id(getattr(g.io, "_decliners", None)): None,
    }
    for phys in g.all_phys:
        memo[id(phys)] = phys
        memo[id(phys.card)] = phys.card
        memo[id(phys.rules)] = phys.rules
        if phys.rules.back is not None:  # a double-faced card's back side (FS-6.10): card data too
            memo[id(phys.card.back)] = phys.card.back
            memo[id(phys.rules.back)] = phys.rules.back
    return memo


# The one decision a copy can resume: the active player's action decision, asked at one point of the
# turn's action loop (``turn.action``, FS-8.6), with an empty stack and nothing else of the turn held in
# the engine's call stack (``turn.play_turns(resume=)`` plays on from there).
COPY_KINDS = frozenset({"action"})


def play_copy(decision: Decision, answer: int, prepare: Callable[[Game], None]) -> Outcome:
    """A search's branch on a copy (``core.branching.on_copy``): copy the position behind ``decision`` (an
    action decision), let ``prepare`` re-deal the copy and seat its players, answer option ``answer`` and
    play the game to its end. The game ``decision`` came from is not touched.

    Cheaper than a fork (measured, docs/search.md): a fork's fixed cost and its copy-on-write faults
    against :func:`copy_state`'s copy of the state alone. The outcome is the one a forked branch gives
    (tests/test_search_copy.py)."""
    g = state_of(decision.view)
    if decision.kind not in COPY_KINDS or decision.seat != g.active or g.stack:
        raise BranchError(f"a copy resumes only the active player's action decision, not '{decision.kind}'")

    def play() -> Outcome:
        memo = _shared(g)
        io = g.io
        memo[id(io.strategies)] = [None] * len(io.strategies)  # seated by ``prepare``, never copied
        memo[id(io._decliners)] = None
        handle = decision.options[answer]  # options are public handles (asking): resume the engine's own
        option = asking.engine_value(g, handle)
        assert asking.public(g, option) == handle, handle
        h, option = copy.deepcopy((g, option), memo)
        prepare(h)
        h.io.decisions += 1  # the decision is answered, as ``Players.ask`` would count it
        if h.io.choices is not None:
            h.io.choices.append(answer)
        winners, reason, _ = turn.play_out(h, h.cfg.max_turns, resume=option)
        return Outcome(winners=tuple(winners), end_reason=reason, turns=h.turn)

    return on_copy(play)


def follow_ups(decision: Decision) -> dict[int, tuple[str, tuple]]:
    """For a search's plans (``search:plans=1``): the options of an action decision that the same player's
    next choice completes, with that choice's kind and its answers as they stand now (public handles, as
    they will be offered): an attack's target (FS-10.2, "attack_target") and a purchase's item (FS-11,
    "buy_target"). A priority window comes between the two (FS-10.2, FS-11), so the answers offered then
    may differ; a plan whose answer is gone is answered by the player's own heuristic."""
    if decision.kind not in COPY_KINDS:
        return {}
    g = state_of(decision.view)
    seat = decision.seat
    out: dict[int, tuple[str, tuple]] = {}
    for i, option in enumerate(decision.options):
        if option == ("attack", None):
            out[i] = ("attack_target", tuple([asking.public(g, o) for o in attack.attack_options(g, seat)]))
        elif option == ("buy",):
            out[i] = ("buy_target", tuple([asking.public(g, o) for o in turn._buy_options(g, seat)]))
    return out


def state_of(view) -> Game:
    """The live game behind a decision's view (used only by the search, inside a branch)."""
    return view._g
