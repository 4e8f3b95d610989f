"""Four Souls search branches on a copy of the position (``branch=copy``, the default): a copied branch is
the forked branch — same re-deals, same rollouts, same outcomes — so everything shown for forked branches
(no hidden information, tests/test_search_games.py) holds for copied ones."""

from __future__ import annotations

import gc
import random
import weakref

import pytest

from cardlab.simulate import games
from cardlab.simulate.core import Players
from cardlab.simulate.core.branching import BranchError, Outcome, on_copy
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


def test_a_search_of_attack_targets_on_copies_plays_the_game_a_search_by_fork_plays():
    """FS-10.2: an attack's target is resumed from a copy too (``turn.play_turn(at="attack_target")``): the
    same game and the same statistics at every searched target as forking."""
    params = {"decisions": "attack_target", "horizon": 1, "settle": 2, "confidence": 0}
    forked, fork_stats = _game("fork", 5, **params)
    copied, copy_stats = _game("copy", 5, **params)
    assert fork_stats and fork_stats == copy_stats
    assert {s[0] for s in copy_stats} == {"attack_target"}
    assert forked.events.rows == copied.events.rows


def test_a_copy_resumes_only_an_action_decision_or_an_attack_target():
    """Only the action decision (FS-8.6) and the target of the attack it declared (FS-10.2) are asked at one
    known point of the turn: other kinds are refused (the search forks them)."""

    class View:
        _g = None

    with pytest.raises(BranchError, match="action decision"):
        play_copy(Decision("respond", 0, (1, 2), View()), 0, lambda state: None)


def test_a_blank_card_copy_offered_as_an_action_is_found_behind_its_handle():
    """FS-5.12: a Blank Card copy is a virtual card, not among the game's physical cards; a copied branch
    that plays it must still find the engine's card behind the handle the search answered. A real game's
    position, the copy made by the engine's own Blank Card code, then copied as a search copies it (so
    the test holds on the compiled build, whose ``engine_value`` takes only a ``Game``)."""
    from cardlab.simulate.core import stream
    from cardlab.simulate.four_souls import blank_card, make_config, run_game
    from cardlab.simulate.four_souls.asking import engine_value
    from cardlab.simulate.four_souls.statecopy import copy_state
    from cardlab.strategies.four_souls import STRATEGIES

    seed = 5
    players = Players([STRATEGIES["sensible"](i, stream(seed, "strategy", i)) for i in range(2)])
    positions = []
    run_game(
        make_config(2, 60), seed, players, on_turn=lambda g: positions.append(g) if g.turn == 2 else None
    )
    ((g,),) = [positions]
    real = next(c for c in g.loot if "trinket" not in c.rules.keywords)
    blank_card.copy_next_loot(g, 0)
    blank_card.loot_played(g, 0, real)  # the engine makes the virtual copy (FS-5.12)
    ((made,),) = g.blank_card.copies.values()
    assert made.virtual and made not in g.all_phys
    branch = copy_state(g)
    ((copied,),) = branch.blank_card.copies.values()
    assert engine_value(branch, ("loot", made.ref)) == ("loot", copied)
    assert engine_value(branch, ("loot", made.ref))[1] is copied and copied.pid == -real.pid
    assert engine_value(branch, ("loot", real.ref))[1] is real  # physical cards are shared by the copy


class _Node:
    """A cycle's member that can be watched (weakref) without being kept alive."""

    def __init__(self) -> None:
        self.other: _Node | None = None


@pytest.fixture
def collector_held_off():
    """The collector's automatic collections out of reach (thresholds raised, not disabled), so whatever
    frees a cycle here is the code under test, not the collector's own timing."""
    thresholds = gc.get_threshold()
    gc.collect()
    gc.set_threshold(10**9, 10**9, 10**9)
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)


def test_a_copied_branchs_cycles_are_freed_as_it_ends(collector_held_off):
    """A copied branch's state is garbage held in cycles (the game and its views, the players' views): the
    branch collects it as it ends, so it is gone when the branch returns, whatever the collector's
    thresholds — and the collector is on again as it was."""
    seen = []

    def play():
        a, b = _Node(), _Node()
        a.other, b.other = b, a
        seen.append((weakref.ref(a), gc.isenabled()))
        return Outcome(winners=(0,), end_reason="souls")

    assert on_copy(play).winners == (0,)
    node, collecting = seen[0]
    assert node() is None
    assert not collecting  # held off while the branch played
    assert gc.isenabled()


def test_a_copied_branch_leaves_a_collector_turned_off_alone(collector_held_off):
    """A caller that turned the collector off keeps it off, and the branch collects nothing for it."""
    seen = []

    def play():
        a, b = _Node(), _Node()
        a.other, b.other = b, a
        seen.append(weakref.ref(a))
        return Outcome(winners=(1,), end_reason="souls")

    gc.disable()
    try:
        on_copy(play)
        assert not gc.isenabled()
        assert seen[0]() is not None
    finally:
        gc.enable()


def test_a_search_games_copies_do_not_pile_up(collector_held_off, monkeypatch):
    """A real search game on copies: the games alive as each branch is seated are the searched game, the
    branch's own copy and what was alive before; the copies of the branches before are gone (each was a
    cycle the old code left to the collector, which here never came)."""
    from cardlab.simulate.four_souls.state import Game
    from cardlab.strategies.search import Search

    counts = []
    enter = Search._enter

    def counted(self, *args, **kwargs):
        if len(counts) < 6:
            counts.append(sum(1 for o in gc.get_objects() if type(o) is Game))
        return enter(self, *args, **kwargs)

    monkeypatch.setattr(Search, "_enter", counted)
    _game("copy", 7, horizon=1)
    assert len(counts) == 6
    assert max(counts) == counts[0], counts
