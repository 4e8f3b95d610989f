"""Coupled deck draws in a search's branches (``search:couple=1``, ``four_souls.coupling``).
Two branches with one salt draw the same card at the same turn and draw whatever they drew before; every
draw is still uniform over the deck (the law of a shuffled deck's top); a deck a seat knows anything of
(FS-3.4) is drawn from its top; the real game never couples; bad values are one line."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardlab.simulate import games
from cardlab.simulate.core import Players
from cardlab.simulate.core.errors import UserError
from cardlab.simulate.core.game import play_seated
from cardlab.simulate.four_souls import coupling, effects
from cardlab.simulate.four_souls.fixtures import card, deck, position
from cardlab.simulate.four_souls.statecopy import copy_state
from cardlab.simulate.four_souls.statics import Ctx
from cardlab.strategies import registry


def _table(n=20):
    g = position(2)
    deck(g, "loot", [card(f"D{i}") for i in range(n)])
    return g


def _draw(g):
    return g.draw(g.loot, g.loot_disc).card.name


def test_two_coupled_branches_draw_the_same_card_whatever_one_drew_before():
    """Branch A draws one loot card more at turn 5; at turn 6 both draw: coupled, they draw the same card
    unless A's extra card was that one (at most 1 in 20 here); drawing the top, never (A's top moved)."""
    g = _table()
    same = {True: 0, False: 0}
    for salt in range(60):
        for coupled in (True, False):
            a, b = copy_state(g), copy_state(g)
            if coupled:
                coupling.couple(a, salt)
                coupling.couple(b, salt)
            a.turn = b.turn = 5
            _draw(a)
            a.turn = b.turn = 6
            same[coupled] += _draw(a) == _draw(b)
    assert same[False] == 0
    assert same[True] >= 54


def test_a_coupled_draw_is_uniform_over_the_deck():
    """Over the salt, the first and the second draw of a turn each take every card about equally often."""
    g = _table(8)
    firsts, seconds = Counter(), Counter()
    for salt in range(4000):
        h = copy_state(g)
        coupling.couple(h, salt)
        firsts[_draw(h)] += 1
        seconds[_draw(h)] += 1
    for counts in (firsts, seconds):
        assert len(counts) == 8
        assert all(400 < k < 600 for k in counts.values())  # 500 expected, sd about 21


def test_FS_3_4_a_deck_a_seat_looked_at_is_drawn_from_its_top():
    """Seat 1 looked at the loot deck's top 3 and put them back: the coupled draw takes the top card, as the
    engine would (what a seat knows of the order stays true in a branch)."""
    g = _table()
    effects._v_peek(Ctx(g, 1, name="look"), {"deck": "loot", "n": 3, "then": "back"})
    tops = []
    for salt in range(10):
        h = copy_state(g)
        coupling.couple(h, salt)
        tops.append(h.loot[-1].card.name)
        assert _draw(h) == tops[-1]


def test_a_search_with_couple_is_a_function_of_its_seed_and_the_real_game_never_couples(monkeypatch):
    """Its branches draw coupled (the copies run in this process, so their draws are counted here)."""
    drawn = []
    pick = coupling.Coupling.__call__
    monkeypatch.setattr(coupling.Coupling, "__call__", lambda self, g, d: drawn.append(1) or pick(self, g, d))
    spec = games.get("four-souls")
    strategies = registry.for_game("four-souls")
    config = spec.make_config(n_players=2, max_turns=12)
    seen = []

    class Watch:
        def __init__(self, policy):
            self.policy = policy
            self.declines = getattr(policy, "declines", None)

        def choose(self, decision):
            seen.append(decision.view._g.coupling)
            return self.policy.choose(decision)

    def once():
        search = strategies["search"](0, random.Random(3), budget=3, couple=1)
        other = Watch(strategies["sensible"](1, random.Random(4)))
        result = play_seated(spec, config, 29, Players([search, other]))
        return result.events.rows, [(r.visits, r.values, r.chosen) for r in search.searched]

    first, second = once(), once()
    assert first == second and first[1]
    assert seen and all(c is None for c in seen)
    assert drawn


@pytest.mark.parametrize(
    ("game", "params", "message"),
    [
        ("four-souls", {"couple": 2}, "couple must be 0 or 1"),
        ("four-souls", {"couple": True}, "couple must be 0 or 1"),
        ("four-souls", {"couple": 1, "peek": 1}, "peek=1 keeps the true order"),
        ("four-souls", {"couple": 1, "peek": 4}, "peek=4 keeps the true order"),
        ("gosu-x", {"couple": 1}, "couple needs a game"),
    ],
)
def test_bad_couple_values_are_one_line(game, params, message):
    with pytest.raises(UserError, match=message):
        registry.for_game(game)["search"](0, random.Random(0), **params)
