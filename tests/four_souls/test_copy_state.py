"""``statecopy.copy_state`` (issue 20 item 3): a copy of a position plays on event for event as the
original did, shares only the card data, and nothing the original does afterwards reaches it."""

from __future__ import annotations

import contextlib
import dataclasses
import re
from types import BuiltinFunctionType, FunctionType, MethodType

import pytest

from cardlab.simulate.core import Players, stream
from cardlab.simulate.core.seeds import Streams
from cardlab.simulate.four_souls import asking, make_config, run_game, turn
from cardlab.simulate.four_souls.log import FSLog
from cardlab.simulate.four_souls.refs import CardRef, ObjRef, SeatRef
from cardlab.simulate.four_souls.state import Caches, GameOver, Obj, Phys, Player, RunawayTurn
from cardlab.simulate.four_souls.statecopy import copy_state
from cardlab.simulate.four_souls.views import View
from cardlab.strategies.four_souls import STRATEGIES


@pytest.mark.parametrize(
    ("n", "strategies", "options", "at"),
    [
        (4, ("sensible",), {}, 3),
        (2, ("random",), {}, 6),
        (3, ("sensible", "random"), {"variant": "rooms", "sets": "all"}, 4),
    ],
)
def test_a_copied_position_plays_on_as_the_original(n, strategies, options, at):
    cfg = make_config(n, 60, **options)
    seed = 5
    players = Players(
        [STRATEGIES[strategies[i % len(strategies)]](i, stream(seed, "strategy", i)) for i in range(n)]
    )
    copies = []

    def at_turn(g):
        if g.turn == at:
            copies.append((copy_state(g), len(g.log.rows)))

    whole = run_game(cfg, seed, players, on_turn=at_turn).events.rows
    ((copied, made_at),) = copies
    assert copied.turn == at and len(copied.log.rows) == made_at  # the original played on without it
    with contextlib.suppress(GameOver, RunawayTurn):  # how the game ends
        turn.play_turns(copied, cfg.max_turns)
    played = copied.log.rows
    assert len(played) > made_at + 20  # it did play on
    assert played == whole[: len(played)]  # and exactly as the original (rows after the loop: the end)
    assert whole[len(played)][3] in ("held_at_end", "game_over")


def test_the_copy_shares_only_the_card_data():
    cfg = make_config(3, 60)
    seed = 2
    players = Players([STRATEGIES["sensible"](i, stream(seed, "strategy", i)) for i in range(3)])
    copies = []
    run_game(cfg, seed, players, on_turn=lambda g: copies.append((g, copy_state(g))) if g.turn == 2 else None)
    ((g, c),) = copies
    assert c.cfg is g.cfg and c.all_phys[0] is g.all_phys[0] and c.all_phys[0].rules is g.all_phys[0].rules
    assert c.players[0] is not g.players[0] and c.players[0].hand is not g.players[0].hand
    assert c.views[0]._g is c and c.io is not g.io and c.streams is not g.streams
    ch, gch = c.players[0].character, g.players[0].character
    assert ch is not gch and ch.phys is gch.phys


# --- issue 14 item 1: the copy written for this state (``statecopy.Copier``) -----------------------------


class _Resume:
    """Seat 0's player: at its first decision of ``kind`` from turn ``at`` on (where a search copies: an action
    decision, FS-8.6, or an attack's target, FS-10.2) keeps a copy of the position — the players' memory
    included — and the answer it gives there."""

    def __init__(self, play, at, kind="action"):
        self.play, self.at, self.kind, self.kept = play, at, kind, None
        self.declines = getattr(play, "declines", None)

    def choose(self, decision):
        g = decision.view._g
        if self.kept is None and decision.kind == self.kind and g.turn >= self.at and not g.stack:
            self.kept = ()  # set before the copy: the copy's own keeper keeps nothing
            answer = self.play.choose(decision)  # the engine has not acted on it yet: the copy is the
            copied = copy_state(g)  # position at the decision, the players' memory as they answered it
            self.kept = (copied, answer, len(g.log.rows))  # the answer: a public handle (asking)
            return answer
        return self.play.choose(decision)


POSITIONS = [  # (players, strategies, config options, turn, seed): Base V2 and the whole collection
    (2, ("sensible",), {}, 7, 5),  # seed 3 ended too soon once deaths were priced from the position
    (4, ("sensible", "random"), {}, 5, 4),
    (3, ("sensible",), {"sets": "all"}, 9, 10),  # seeds 6 and 7 ended too soon as more cards were encoded
    (3, ("random", "sensible"), {"variant": "rooms", "sets": "all"}, 4, 8),
]


def _resumed(n, strategies, options, at, seed, kind="action"):
    cfg = make_config(n, 60, **options)
    seats = [STRATEGIES[strategies[i % len(strategies)]](i, stream(seed, "strategy", i)) for i in range(n)]
    keeper = seats[0] = _Resume(seats[0], at, kind)
    result = run_game(cfg, seed, Players(seats))
    assert keeper.kept, "the game reached no action decision to copy"
    return cfg, result, keeper.kept


@pytest.mark.parametrize(
    ("kind", "n", "strategies", "options", "at", "seed"),
    [("action", *p) for p in POSITIONS] + [("attack_target", *p) for p in POSITIONS[::2]],
)
def test_a_copy_taken_at_an_action_decision_plays_on_as_the_original(kind, n, strategies, options, at, seed):
    """FS-8.6, FS-10.2: a copy taken where a search copies (the active player's action decision, or the
    target of the attack it has just declared, mid-turn), its players copied with their memory and answered
    as the original was, logs the same events to the end."""
    cfg, result, (h, answer, made_at) = _resumed(n, strategies, options, at, seed, kind)
    assert len(h.log.rows) == made_at  # the original played on without touching the copy
    option = asking.engine_value(h, answer)  # the copy's own object behind the handle
    h.io.decisions += 1  # answered, as ``Players.ask`` counts it
    winners, reason, _ = turn.play_out(h, cfg.max_turns, resume=option, at=kind)
    assert h.log.rows == result.events.rows[: len(h.log.rows)]
    assert (tuple(winners), reason, h.turn) == (tuple(result.winners), result.end_reason, result.turns)


class _Checking:
    """A player that, at every ``every``-th decision it is asked (any kind: mid-stack, mid-attack too), copies
    the position and checks the copy against it (``_owns``) before answering as ``play``."""

    def __init__(self, play, every):
        self.play, self.every, self.asked, self.checked = play, every, 0, 0
        self.declines = getattr(play, "declines", None)

    def choose(self, decision):
        self.asked += 1
        if self.asked % self.every == 0:
            g = decision.view._g
            h = copy_state(g)
            _owns(g, h, h, _card_data(g), {}, "game")
            self.checked += 1
        return self.play.choose(decision)


def _card_data(g):
    """What a copy may share: the configuration, every physical card of the game, its card record and
    compiled behaviour (a room's ``items_have`` rules too), and the card records and behaviour of the cards waiting outside the game."""
    out = {id(g.cfg)}
    for phys in g.all_phys:
        out.update((id(phys), id(phys.card), id(phys.rules)))
        if phys.rules.back is not None:
            out.update((id(phys.card.back), id(phys.rules.back)))
        if phys.rules.items_have is not None:  # what a room makes every item (Re-Isaac): its card's data
            out.add(id(phys.rules.items_have))
    for entry in (*g.outside_cards, *g.outside_chars, *g.outside_bonus):  # the cards outside the game too
        out.update(id(x) for x in entry if x is not None)
    return out


_IMMUTABLE = (int, float, str, bool, type(None), frozenset, CardRef, ObjRef, SeatRef, type, FunctionType)


def _owns(a, b, h, shared, seen, path):
    """``b`` is ``a`` copied into ``h``: the same shape and values, every object and player the copy's own,
    a part reached twice copied once, and nothing mutable shared but the card data (``shared``)."""
    assert type(a) is type(b), path
    if isinstance(a, _IMMUTABLE):
        assert a == b, path
        return
    if isinstance(a, tuple):  # immutable: shared or rebuilt, its parts checked
        assert len(a) == len(b), path
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            _owns(x, y, h, shared, seen, f"{path}[{i}]")
        return
    if id(a) in seen:  # reached again: the same copy (aliasing kept)
        assert seen[id(a)] is b, path
        return
    seen[id(a)] = b
    if b is a:
        assert id(a) in shared or isinstance(a, (MethodType, BuiltinFunctionType)), f"{path} is shared"
        return
    if isinstance(a, Phys):  # a virtual card (Blank Card's copy, FS-5.12) is copied with the same face
        assert (a.pid, a.card, a.rules, a.virtual) == (b.pid, b.card, b.rules, b.virtual), path
        return
    if isinstance(a, Obj):
        assert b is h.objs[a.uid], path
    elif isinstance(a, Player):
        assert b is h.players[a.seat], path
    elif isinstance(a, View):
        assert b._g is h and b.seat == a.seat, path
        return
    elif isinstance(a, Streams):
        assert a.getstate() == b.getstate(), path
        return
    elif isinstance(a, FSLog):
        assert (a.rows, a.enabled, a.turn, a.phase, a.n, a.nb, a.ns) == (
            b.rows,
            b.enabled,
            b.turn,
            b.phase,
            b.n,
            b.nb,
            b.ns,
        )
        return
    elif isinstance(a, Caches):  # derived: starts empty, the two indexes that only grow kept
        assert (a.trig_names, a.forbid_on) == (b.trig_names, b.forbid_on) and b.trig_names is not a.trig_names
        return
    if isinstance(a, list):
        assert len(a) == len(b), path
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            _owns(x, y, h, shared, seen, f"{path}[{i}]")
    elif isinstance(a, set):
        assert a == b, path
    elif isinstance(a, dict):
        assert list(a) == list(b), path
        for k in a:
            _owns(a[k], b[k], h, shared, seen, f"{path}[{k!r}]")
    elif isinstance(a, Players):  # the table: its strategies are checked by the game playing on alike
        assert (a.decisions, a.choices, a.asked) == (b.decisions, b.choices, b.asked), path
    else:  # every field of a dataclass (read from the class: a field added later is checked too), or slots
        names = [f.name for f in dataclasses.fields(a)] if dataclasses.is_dataclass(a) else _slots(a)
        for name in names:
            _owns(getattr(a, name), getattr(b, name), h, shared, seen, f"{path}.{name}")


def _slots(x):
    names = [s for cls in type(x).__mro__ for s in getattr(cls, "__slots__", ())]
    names += list(getattr(x, "__dict__", {}))
    return [n for n in names if hasattr(x, n)]


@pytest.mark.parametrize(("n", "strategies", "options", "at", "seed"), POSITIONS)
def test_a_copy_owns_every_mutable_part_and_shares_only_the_card_data(n, strategies, options, at, seed):
    """Positions at every kind of decision (stack items, attacks, delayed effects, the variants' states):
    every field of the game, its players and objects is equal in the copy and, where mutable, its own."""
    cfg = make_config(n, 30, **options)
    seats = [STRATEGIES[strategies[i % len(strategies)]](i, stream(seed, "strategy", i)) for i in range(n)]
    checker = seats[0] = _Checking(seats[0], 9)
    with contextlib.suppress(GameOver):
        run_game(cfg, seed, Players(seats), log_events=False)
    assert checker.checked >= 5


def test_a_contexts_deep_copy_copies_every_field_of_the_dataclass():
    import copy

    from cardlab.simulate.four_souls import statics

    assert tuple(f.name for f in dataclasses.fields(statics.Ctx)) == statics.CTX_FIELDS
    cfg = make_config(2, 60)
    players = Players([STRATEGIES["sensible"](i, stream(2, "strategy", i)) for i in range(2)])
    games = []
    run_game(cfg, 2, players, on_turn=lambda g: games.append(g) if g.turn == 2 else None)
    ctx = statics.Ctx(games[0], 1, binds={"x": [1]}, name="n", line=frozenset({"a"}))
    out = copy.deepcopy(ctx, {id(games[0]): games[0]})  # the game mapped as the state copy maps it
    assert [getattr(out, f) for f in statics.CTX_FIELDS] == [getattr(ctx, f) for f in statics.CTX_FIELDS]
    assert out.g is ctx.g and out.binds is not ctx.binds and out.binds["x"] is not ctx.binds["x"]


# --- the compiled copy (``statecopy``) names the fields it copies; this test reads them from the classes, so
# a field added and not named there fails here

# Game's fields the copier reads or builds itself (the card data's lists, the players' table, the caches):
# the other tests check them; every other field of every record is marked below
_BUILT = frozenset({"cfg", "streams", "log", "io", "players", "all_phys", "objs", "cache", "views"})
_READ = frozenset({"outside_cards", "outside_chars", "outside_bonus"})


def _marks(v, i, annotation):
    """Values of ``v``'s kind that no position holds (``i``: the field's own), to try in turn: none for an
    object (objects are checked by ``_owns`` above on real positions); for an empty field (None), a dict or
    a number as its annotation allows, so that a field the copy leaves at its default fails too (session
    33: an object's fields are named in ``statecopy``)."""
    if v is None:
        kinds = re.findall(r"\b(dict|int|Any)\b", annotation)
        return [{7000 + i: i} if kind != "int" else 7000 + i for kind in kinds]
    marked = _marked(v, i)
    return [] if marked is None else [marked]


def _marked(v, i):
    mark = 7000 + i
    if type(v) is bool:
        return not v
    if type(v) is int:
        return v + mark
    if type(v) is str:
        return f"{v}~{i}"
    if type(v) is list:
        return [*v, mark]
    if type(v) is tuple:
        return (*v, mark)
    if type(v) is set:
        return {*v, mark}
    if type(v) is dict:
        return {**v, mark: i}
    return None


_UNSET = object()  # a field the copy never set (``statecopy`` names the fields it copies)


def _carries(copied, marked, i):
    """``copied`` is the copy of ``marked`` (the mark ``i`` made): a list, set or dict its own, not shared."""
    mark = 7000 + i
    if type(marked) in (list, set, dict) and copied is marked:
        return False
    if type(marked) in (list, tuple):
        return type(copied) is type(marked) and len(copied) == len(marked) and copied[-1] == mark
    if type(marked) is set:
        return type(copied) is set and len(copied) == len(marked) and mark in copied
    if type(marked) is dict:
        return type(copied) is dict and list(copied) == list(marked) and copied[mark] == i
    return type(copied) is type(marked) and copied == marked


def test_every_field_of_every_record_is_copied():
    """A position whose every field (the game's, each object's and player's, each record's the game
    holds: the attack, the variants' states) is given a value no game holds is copied with each of those
    values: a field the copy left out, or one it set from a list of its own that missed a field added
    later, fails here, in the compiled build too."""
    cfg = make_config(3, 60, variant="rooms", sets="all")
    seed = 8
    players = Players([STRATEGIES["sensible"](i, stream(seed, "strategy", i)) for i in range(3)])
    games = []
    run_game(cfg, seed, players, on_turn=lambda g: games.append(g) if g.turn == 4 else None, log_events=False)
    (g,) = games
    records = [getattr(g, f.name) for f in dataclasses.fields(g) if f.name not in _BUILT | _READ]
    records = [r for r in records if dataclasses.is_dataclass(r)]
    assert {type(r).__name__ for r in records} >= {"VariantRules", "Rooms"}
    marks = []  # (record, field, marked value, i)
    for record in [g, *g.objs.values(), *g.players, *records]:
        for f in dataclasses.fields(record):
            if record is g and f.name in _BUILT | _READ:
                continue
            i = len(marks)
            for marked in _marks(getattr(record, f.name), i, str(f.type)):
                try:
                    setattr(record, f.name, marked)
                except TypeError:  # compiled, a field's type is checked (``Obj.erased``'s parts too)
                    continue
                marks.append((record, f.name, marked, i))
                break
    assert len(marks) > 400
    h = copy_state(g)
    twin = {id(g): h, **{id(o): h.objs[uid] for uid, o in g.objs.items()}}
    twin.update({id(p): c for p, c in zip(g.players, h.players, strict=True)})
    held = {id(r) for r in records}
    twin.update(
        {
            id(getattr(g, f.name)): getattr(h, f.name)
            for f in dataclasses.fields(g)
            if id(getattr(g, f.name)) in held
        }
    )
    missed = [
        f"{type(record).__name__}.{name}"
        for record, name, marked, i in marks
        if not _carries(getattr(twin[id(record)], name, _UNSET), marked, i)  # unset: a field not named
    ]
    assert not missed, f"not copied: {missed}"


def test_a_copy_keeps_the_covered_cards_its_shared_cards_give():
    """The cards working while covered (``statics._covered_cards``) are read from the card data alone and
    keyed by its count, which the copy shares: a copy keeps them rather than every branch listing the game's
    cards again; every other derived cache starts empty."""
    cfg = make_config(3, 60, sets="all")
    seed = 4
    players = Players([STRATEGIES["sensible"](i, stream(seed, "strategy", i)) for i in range(3)])
    copies = []
    run_game(cfg, seed, players, on_turn=lambda g: copies.append((g, copy_state(g))) if g.turn == 3 else None)
    ((g, c),) = copies
    assert g.cache.covered_key == len(g.all_phys)  # the game has read them by then
    assert c.cache.covered_key == len(c.all_phys) and c.cache.covered_cards is g.cache.covered_cards
    assert c.cache.trig_cache == {} and c.cache.statics == {} and c.cache.card_memo is None
