"""Gosu X's turn-start copy (branching.copy_state / turn_start), which search branches play on from: a copy
plays on exactly as the game it was taken from, owns every mutable part, and branches taken from it give
the same search as branches replayed from the game's start."""

from __future__ import annotations

import dataclasses
import random

from cardlab.simulate.core import Players
from cardlab.simulate.core.events import EventLog
from cardlab.simulate.core.game import play_seated
from cardlab.simulate.core.seeds import Streams, stream
from cardlab.simulate.gosu_x import GAME, make_config
from cardlab.simulate.gosu_x.branching import TurnStart, copy_state
from cardlab.simulate.gosu_x.engine import play_on
from cardlab.simulate.gosu_x.state import Card, Player, State
from cardlab.strategies.gosu_x import Evaluator, GXSearch, Sensible

CONFIG = make_config(n_players=2, max_turns=500)


class Keeper:
    """Plays like ``policy`` and, at its first decision of turn ``turn``, keeps that turn's start."""

    def __init__(self, policy, turn):
        self.policy, self.turn = policy, turn
        self.kept: TurnStart | None = None

    def choose(self, decision):
        st = decision.view._st
        st.keep_turns = True  # from the next turn on
        if self.kept is None and st.turn_start is not None and st.turn_no >= self.turn:
            self.kept = st.turn_start
        return self.policy.choose(decision)


class Forced:
    def __init__(self, answers):
        self.answers = iter(answers)

    def choose(self, decision):
        return decision.options[next(self.answers)]


def _game(seed, turn, cls=Sensible):
    keeper = Keeper(cls(0, stream(seed, "strategy", 0)), turn)
    players = Players([keeper, cls(1, stream(seed, "strategy", 1))])
    result = play_seated(GAME, CONFIG, seed, players)
    assert keeper.kept is not None
    return result, players, keeper.kept


def _play_on(start, players):
    copy = copy_state(start.state)
    forced = Forced(players.choices[start.answers :])
    copy.players_obj = Players([forced, forced], asked=start.asked)
    return play_on(copy, start.seat), copy


def test_a_copied_turn_start_plays_on_exactly_as_its_game():
    """The rest of the game from the copy, its answers forced, logs the same events and ends the same."""
    for seed, turn, cls in ((3, 5, Sensible), (4, 17, Evaluator), (10, 40, Sensible)):
        result, players, start = _game(seed, turn, cls)
        for _ in range(2):  # the kept start is never played itself: twice from it, the same game
            tail, _ = _play_on(start, players)
            rows = tail.events.rows
            assert rows and result.events.rows[-len(rows) :] == rows
            assert (tail.winners, tail.end_reason, tail.turns) == (
                result.winners,
                result.end_reason,
                result.turns,
            )
            assert [s.score for s in tail.seats] == [s.score for s in result.seats]


def test_keeping_turn_starts_changes_no_game():
    seed = 5
    kept, _, _ = _game(seed, 1)
    plain = play_seated(
        GAME, CONFIG, seed, Players([Sensible(s, stream(seed, "strategy", s)) for s in (0, 1)])
    )
    assert kept.events.rows == plain.events.rows


SHARED = {
    "cfg",
    "tiles",
    "_tile_index",
    "_tiles_of",
    "_view_cls",
    "players_obj",
    "undrafted",
    "available",
    "d",
    "clans",
    "checker",
}


def _owns(a, b, name, path=""):
    """``b`` equals ``a`` field by field and shares no mutable part with it (but the SHARED data)."""
    if name in SHARED:
        return
    if isinstance(a, (Card, Player, State)):
        assert a is not b, path
        for f in dataclasses.fields(a):
            _owns(getattr(a, f.name), getattr(b, f.name), f.name, f"{path}.{f.name}")
    elif isinstance(a, (list, tuple)):
        assert isinstance(a, tuple) or a is not b, path
        assert len(a) == len(b), path
        for x, y in zip(a, b, strict=True):
            _owns(x, y, name, path + "[]")
    elif isinstance(a, set):
        assert a is not b and a == b, path
    elif isinstance(a, dict):
        assert a is not b and a.keys() == b.keys(), path
        for k in a:
            _owns(a[k], b[k], name, f"{path}[{k!r}]")
    elif isinstance(a, Streams):
        assert a is not b and a.getstate() == b.getstate(), path
    elif isinstance(a, EventLog):
        assert a is not b and (a.enabled, a.turn, a.phase) == (b.enabled, b.turn, b.phase), path
    elif isinstance(a, TurnStart):
        assert b is None, path  # a copy keeps no turn starts of its own
    elif name == "keep_turns":
        assert b is False, path
    else:
        assert a == b, path


def test_a_copy_owns_every_card_zone_and_stream_and_shares_only_card_data():
    """Every field of the state, its players and its cards (read from the classes, so a field added later
    is checked too) is equal in the copy and, where mutable, the copy's own."""
    _, _, start = _game(7, 20)
    st = start.state
    st.bounty = next(iter(st.cards.values()))  # a field that is None in most positions
    _owns(st, copy_state(st), "state")


def _searched(branch, seed=6):
    search = GXSearch(0, random.Random(2), budget=2, branch=branch, decisions="discard+choose_target")
    players = Players([search, Sensible(1, stream(seed, "strategy", 1))])
    result = play_seated(GAME, CONFIG, seed, players, log_events=False)
    return [(r.kind, r.visits, r.values, r.chosen) for r in search.searched], result.winners


def test_branches_from_a_copy_are_the_branches_replayed_from_the_start():
    """A branch by copy plays the same game as a replay of the whole game: the same search, move for move."""
    by_copy = _searched("copy")
    assert by_copy[0]
    assert by_copy == _searched("replay")
