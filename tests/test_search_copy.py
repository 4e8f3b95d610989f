"""Four Souls search branches on a copy of the position (``branch=copy``, the default): a copied branch is
the forked branch — same re-deals, same rollouts, same outcomes — so everything shown for forked branches
(no hidden information, tests/test_search_games.py) holds for copied ones."""

from __future__ import annotations

import random

import pytest

from cardlab.simulate import games
from cardlab.simulate.core import Players
from cardlab.simulate.core.branching import BranchError
from cardlab.simulate.core.decisions import Decision
from cardlab.simulate.core.game import play_seated
from cardlab.simulate.four_souls.branching import play_copy
from cardlab.strategies import registry


def _game(branch, seed, **params):
    spec = games.get("four-souls")
    strategies = registry.for_game("four-souls")
    config = spec.make_config(n_players=2, max_turns=4)
    search = strategies["search"](0, random.Random(3), branch=branch, budget=2, **params)
    result = play_seated(spec, config, seed, Players([search, strategies["sensible"](1, random.Random(4))]))
    stats = [(s.kind, s.visits, s.values, s.chosen, s.candidate, s.check) for s in search.searched]
    return result, stats


def test_a_search_on_copies_plays_the_game_a_search_by_fork_plays():
    """Event-for-event the same game and the same statistics at every searched decision: truncated
    rollouts (cut by ``stop`` inside a copy) and whole-game ones (here to the turn cap) alike."""
    params = {"settle": 2, "horizon": 1, "confidence": 0}
    forked, fork_stats = _game("fork", 7, **params)
    copied, copy_stats = _game("copy", 7, **params)
    assert fork_stats and fork_stats == copy_stats
    assert forked.events.rows == copied.events.rows
    assert any(s[4] is not None for s in copy_stats)  # whole-game pairs were played on copies
    assert any(s[4] is None for s in copy_stats)  # and decisions that only the truncated rollouts judged


def test_a_copy_resumes_only_an_action_decision():
    """Only the action decision is asked at one known point of the turn (FS-8.6): other kinds are refused
    (the search forks them)."""

    class View:
        _g = None

    with pytest.raises(BranchError, match="action decision"):
        play_copy(Decision("respond", 0, (1, 2), View()), 0, lambda state: None)


def test_a_blank_card_copy_offered_as_an_action_is_found_behind_its_handle():
    """FS-5.12: a Blank Card copy is a virtual card, not among the game's physical cards; a copied branch
    that plays it must still find the engine's card behind the handle the search answered."""
    from types import SimpleNamespace

    from cardlab.simulate.four_souls.asking import engine_value
    from cardlab.simulate.four_souls.blank_card import BlankCard
    from cardlab.simulate.four_souls.state import Phys

    real = Phys(3, None, None)
    copy = Phys(-3, None, None, True)
    g = SimpleNamespace(all_phys=[real], blank_card=BlankCard(copies={0: [copy]}))
    assert engine_value(g, ("loot", copy.ref)) == ("loot", copy)
    assert engine_value(g, ("loot", real.ref)) == ("loot", real)
