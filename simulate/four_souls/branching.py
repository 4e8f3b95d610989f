"""Determinization for search (simulate.core.branching): re-deal what one player cannot see.

Hidden from a seat: the other players' hands — except cards it has been shown (``Player.known``, FS
look_hand effects) — and the order of every deck (loot, treasure, monster, room, the starting-item deck of
soul trading). Everything in play, discards, souls and hand sizes are public (FS-3.3, FS-1.8, FS-3.6). The
unseen loot (other hands' unknown cards + the loot deck) is put in a canonical order (by card id) and
re-dealt into the same places (``branching.redeal``), so the determinized position depends only on what the seat can see and on
``rng``. What the seat knows of a deck's order stays in place and only the rest is re-dealt (``seen``:
the top cards it looked at and left there, cards it knows under a deck, a top shown to it; FS-3.4), and a
card it saw leave a top it knew stays in the hand it went to. The engine's own random stream is reseeded:
its future dice and shuffles are hidden too.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable
from typing import Any

from cardlab.simulate.core.branching import BranchError, Outcome, on_copy, redeal_at
from cardlab.simulate.core.decisions import Decision

from . import asking, attack, seen, selectors, statics, turn
from .state import Game
from .statecopy import Copier


def hidden_decks(g: Game) -> list[list]:
    """The decks whose order is hidden (in this order: it is the order the re-deal draws from ``rng``)."""
    return [deck for _name, deck in _named_decks(g)]


def _named_decks(g: Game) -> list[tuple[str, list]]:
    start = g.soul_trading.deck if g.soul_trading is not None else []  # FS-20.5's starting-item deck
    rooms = g.rooms.deck if g.rooms is not None else []
    return [("treasure", g.treasure), ("monster", g.monster), ("start", start), ("room", rooms)]


def determinize(
    g: Game, seat: int, rng: random.Random, see_hands: bool = False, see_decks: bool = False
) -> None:
    known = g.players[seat].known
    if g.seen_drawn or g.seen_top or g.seen_bottom:  # cards it saw leave a deck it knew into a hand
        known = known | seen.followed(g, seat)
    shown = statics.revealed_hands(g)  # FS-3.7: a revealed hand is known to every player (Guppy's Eye)
    if see_hands:  # search's peek=3, a diagnostic of the ceiling: every hand as if revealed
        shown = {p.seat for p in g.players}
    hands = [
        (p.hand, [i for i, card in enumerate(p.hand) if card.pid not in known])
        for p in g.players
        if p.seat != seat and p.seat not in shown
    ]
    redeal_at([*hands, (g.loot, unknown(g, seat, "loot", g.loot))], rng, key=_PID)
    for name, deck in _named_decks(g):
        if deck and not see_decks:  # search's peek=4, a diagnostic of the ceiling: these orders kept true
            redeal_at([(deck, unknown(g, seat, name, deck))], rng, key=_PID)
    g.streams.reseed(rng.getrandbits(63))
    g.obj_ver += 1  # nothing cached about what is where may survive the re-deal


_PID = operator.attrgetter("pid")  # a card's key in the re-deal's canonical order (in C: no call a card)


def _top_shown(g: Game, seat: int, name: str) -> bool:
    if name == "loot":
        return g.blank_card is not None and bool(g.blank_card.loot_top)
    return name == "treasure" and any(True for _ in statics.player_statics(g, g.players[seat], "may_peek"))


def unknown(g: Game, seat: int, name: str, deck: list) -> list[int] | None:
    """The positions of ``deck`` whose card ``seat`` does not know (None: every one): it keeps the top
    cards it looked at and the cards it knows under the deck (``seen``, FS-3.4), and a top shown to it for
    as long as it stays shown (Glitter Bombs' loot top to every player, FS-8.4; There's Options' treasure
    top to its controller, FS-3.4)."""
    top, bottom = seen.kept(g, seat, name, deck)
    if deck and not top and _top_shown(g, seat, name):
        top = [deck[-1]]
    if not top and all(c is None for c in bottom):
        return None
    n = len(deck)
    fixed = {n - 1 - j for j in range(len(top))}
    fixed.update(i for i, c in enumerate(bottom) if c is not None)
    return [i for i in range(n) if i not in fixed]


def see_hands(g: Game, seat: int, rng: random.Random) -> None:
    """Search's ``peek=3`` (a diagnostic of the ceiling): the fair re-deal, but every other hand seen."""
    determinize(g, seat, rng, see_hands=True)


def see_decks(g: Game, seat: int, rng: random.Random) -> None:
    """Search's ``peek=4`` (a diagnostic of the ceiling, the complement of ``peek=3``): the treasure,
    monster, room and starting-item decks keep their true order; the other hands and the loot deck are
    re-dealt as in fair play, and the dice. The loot deck is re-dealt with the hands because it holds the
    same pool: its true order would name the other hand's cards (in two players, every one of them)."""
    determinize(g, seat, rng, see_decks=True)


def reseed(g: Game, rng: random.Random) -> None:
    """Search's ``peek=1`` (a diagnostic of the ceiling): only the engine's future dice and shuffles are
    drawn afresh; every hidden card stays where it truly is."""
    g.streams.reseed(rng.getrandbits(63))


def reseated(g: Game) -> None:
    """A search branch has seated new players in ``g.io``: forget the engine's cache of the old ones'
    ``declines`` (``resolution``'s response windows), or a branch would let the players it replaced decline
    for the ones it seated."""
    g.cache.decliners = None


# The decisions a copy can resume, each asked at one point of the turn's action loop with an empty stack
# and nothing else of the turn held in the engine's call stack (``turn.play_turns(resume=, at=)`` plays on
# from there): the active player's action decision (``turn.action``, FS-8.6) and the target of the attack
# it has just declared (``attack.declare_attack``, FS-10.2: ``turn.act`` is its one caller, after the
# declaration's priority window)
COPY_KINDS = frozenset({"action", "attack_target"})


def play_copy(decision: Decision, answer: int, prepare: Callable[[Game], None]) -> Outcome:
    """A search's branch on a copy (``core.branching.on_copy``): copy the position behind ``decision`` (an
    action decision or an attack's target, ``COPY_KINDS``), let ``prepare`` re-deal the copy and seat its
    players, answer option ``answer`` and play the game to its end. The game ``decision`` came from is not
    touched.

    Cheaper than a fork (measured, docs/search.md): a fork's fixed cost and its copy-on-write faults
    against ``statecopy.copy_state``'s copy of the state alone. The outcome is the one a forked branch gives
    (tests/test_search_copy.py)."""
    g = state_of(decision.view)
    if decision.kind not in COPY_KINDS or decision.seat != g.active or g.stack:
        raise BranchError(
            f"a copy resumes only the active player's action decision or attack target, not '{decision.kind}'"
        )

    def play() -> Outcome:
        handle = decision.options[answer]  # options are public handles (asking): resume the engine's own
        option = asking.engine_value(g, handle)
        assert asking.public(g, option) == handle, handle
        copier = Copier(g, [None] * len(g.io.strategies))  # seated by ``prepare``, never copied
        h, option = copier.game, copier.value(option)
        prepare(h)
        h.io.decisions += 1  # the decision is answered, as ``Players.ask`` would count it
        if h.io.choices is not None:
            h.io.choices.append(answer)
        winners, reason, _ = turn.play_out(h, h.cfg.max_turns, resume=option, at=decision.kind)
        return Outcome(winners=tuple(winners), end_reason=reason, turns=h.turn)

    return on_copy(play)


def follow_ups(decision: Decision) -> dict[int, tuple[str, tuple]]:
    """For a search's plans (``search:plans=1``): the options of an action decision that the same player's
    next choice completes, with that choice's kind and its answers as they stand now (public handles, as
    they will be offered): an attack's target (FS-10.2, "attack_target") and a purchase's item (FS-11,
    "buy_target"). A priority window comes between the two (FS-10.2, FS-11), so the answers offered then
    may differ; a plan whose answer is gone is answered by the player's own heuristic."""
    if decision.kind != "action":
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


def target_follow_ups(decision: Decision) -> dict[int, tuple[str, tuple]]:
    """For ``search:plans=2``: the options of an action decision that play a loot card or use an activated
    ability whose first choice is one target of the player's own, chosen as it goes on the stack (FS-4.2,
    ``targets.prepare``, called by ``plays.take_action`` before anything else happens), with its answers as
    they stand now (public handles). Left out: a choice of several targets ("any number", "up to N"), a
    mode chosen first, a target another player chooses. The answers are the selector's candidates now: before
    The Monster's untargetable filter (FS-4.2), and before a ↷ ability's own item is deactivated (FS-4.7),
    which may make it a target then; a planned answer not offered then is answered by the heuristic."""
    if decision.kind != "action":
        return {}
    g = state_of(decision.view)
    seat = decision.seat
    out: dict[int, tuple[str, tuple]] = {}
    for i, handle in enumerate(decision.options):
        if handle[0] not in ("loot", "tap", "paid"):
            continue
        option = asking.engine_value(g, handle)
        if option[0] == "loot":
            src, ab, name = option[1], option[1].rules.play, option[1].card.name
        else:
            kind, src, k = option
            ab, name = (src.rules.tap if kind == "tap" else src.rules.paid)[k], src.phys.card.name
        sel = _first_target(ab)
        if sel is None:
            continue
        answers = selectors.candidates(statics.Ctx(g, seat, src, name=name), sel)
        if len(answers) > 1:
            out[i] = ("choose_target", tuple([asking.public(g, o) for o in answers]))
    return out


def _first_target(ab: Any) -> Any:
    """The selector of the first target ``targets.prepare`` asks its chooser for, when that is one target
    chosen by the ability's controller before any mode; else None."""
    if ab is None:
        return None
    if ab.targets:
        sel = next(iter(ab.targets.values()))
    else:
        eff = ab.do
        while isinstance(eff, dict) and "tgt" not in eff:
            if "modes" in eff:
                return None
            eff = next((eff[k][0] for k in ("seq", "and") if eff.get(k)), None)
        if not isinstance(eff, dict) or eff.get("by"):
            return None
        sel = next(iter(eff["tgt"].values()))
    count = selectors.parse_sel(sel)[2].get("count")
    return None if count == "any_number" or isinstance(count, dict) else sel


def state_of(view) -> Game:
    """The live game behind a decision's view (used only by the search, inside a branch)."""
    return view._g
