"""The search player in every game: the re-deal is canonical (hidden cards cannot leak into a branch) and a
game with a search seat is a pure function of its seed."""

from __future__ import annotations

import copy
import random

import pytest

from cardlab.simulate import games
from cardlab.simulate.core import Players
from cardlab.simulate.core.game import play_seated
from cardlab.strategies import registry

GAMES = {
    "four-souls": (
        "cardlab.simulate.four_souls.branching",
        lambda g: [(p.hand, p.seat) for p in g.players],
        "loot",
    ),
    "gosu-x": ("cardlab.simulate.gosu_x.branching", lambda st: [(p.hand, p.seat) for p in st.p], None),
    "hidden-reason": (
        "cardlab.simulate.hidden_reason.branching",
        lambda g: [(p.hand, p.seat) for p in g.players],
        None,
    ),
}


def _deck_of(state, game, seat):
    if game == "four-souls":
        return state.loot
    return (state.p if game == "gosu-x" else state.players)[seat].deck


def _hidden(state, game, seat):
    """What ``seat`` cannot see, as names in place: the other hands and the decks those cards come from."""
    hands = GAMES[game][1](state)
    out = [
        tuple(c.name if game == "four-souls" else c.d.name for c in hand) for hand, s in hands if s != seat
    ]
    for s in range(len(hands)):
        if s != seat:
            deck = _deck_of(state, game, s)
            out.append(tuple(c.name if game == "four-souls" else c.d.name for c in deck))
    return out


def _copy(module, state):
    """A copy of a position as the engine's search copies it (``statecopy.copy_state``), where the engine has
    one: a plain deep copy would also copy compiled card behaviour, which a compiled build cannot."""
    copy_state = getattr(module, "copy_state", None)
    return copy_state(state) if copy_state is not None else copy.deepcopy(state)


class Snapshot:
    """Seat 0: at the first decision where another hand is not empty, keeps a copy of the game."""

    name = "snapshot"

    def __init__(self, play):
        self.play = play
        self.state = None

    def choose(self, decision):
        view = decision.view
        state = getattr(view, "_g", None) or getattr(view, "_st", None)
        hands = [hand for hand, seat in GAMES[self.game][1](state) if seat != 0]
        if self.state is None and any(hands) and hands[0]:
            self.state = _copy(__import__(GAMES[self.game][0], fromlist=["determinize"]), state)
        return self.play.choose(decision)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_redeal_depends_only_on_what_the_player_sees(game):
    module = __import__(GAMES[game][0], fromlist=["determinize"])
    spec = games.get(game)
    sensible = registry.for_game(game)["sensible"]
    snap = Snapshot(sensible(0, random.Random(0)))
    snap.game = game
    config = spec.make_config(n_players=2, max_turns=spec.default_max_turns)
    play_seated(spec, config, 11, Players([snap, sensible(1, random.Random(1))]))
    assert snap.state is not None
    a, b = _copy(module, snap.state), _copy(module, snap.state)
    other_hand = [hand for hand, seat in GAMES[game][1](b) if seat == 1][0]
    deck = _deck_of(b, game, 1)
    other_hand[0], deck[0] = deck[0], other_hand[0]  # swap a card seat 0 cannot see
    if game != "four-souls":
        other_hand[0].zone, deck[0].zone = deck[0].zone, other_hand[0].zone
    assert _hidden(a, game, 0) != _hidden(b, game, 0)  # the positions do differ in hidden cards
    module.determinize(a, 0, random.Random(5))
    module.determinize(b, 0, random.Random(5))
    assert _hidden(a, game, 0) == _hidden(b, game, 0)


@pytest.mark.parametrize(
    ("game", "params"),
    [("four-souls", {"budget": 6, "settle": 2, "extend": 4}), ("hidden-reason", {"budget": 2})],
)
def test_a_game_with_a_search_seat_is_a_function_of_its_seed(game, params):
    """Four Souls with candidates checked on whole games, one of them ahead and extended (``extend``):
    those pairs draw from the search's own stream too."""
    spec = games.get(game)
    strategies = registry.for_game(game)
    config = spec.make_config(n_players=2, max_turns=spec.default_max_turns)

    def once():
        search = strategies["search"](0, random.Random(3), **params)
        result = play_seated(spec, config, 23, Players([search, strategies["sensible"](1, random.Random(4))]))
        return result, [r.check for r in search.searched]

    (first, checks), (second, again) = once(), once()
    assert first.events.rows == second.events.rows and checks == again
    if "extend" in params:
        assert {2, 4} <= {len(c) for c in checks}  # checks stopped at settle's pairs and extended ones
