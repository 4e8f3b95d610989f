"""``peek``: a diagnostic of the ceiling (docs/search.md), never fair play. A branch of
``peek=1`` starts from the true hidden cards (only the engine's future dice and shuffles drawn afresh), of
``peek=2`` from the true state itself, of ``peek=3`` from the true hands (decks and dice re-dealt), of
``peek=4`` from the true order of every deck but the loot deck (the hands, the loot deck and the dice
re-dealt: the complement of 3); ``peek=0`` (the default) re-deals what the seat cannot see."""

from __future__ import annotations

import random

import pytest

from cardlab.simulate.core import Players, stream
from cardlab.simulate.core.errors import UserError
from cardlab.simulate.four_souls import make_config, run_game
from cardlab.simulate.four_souls.branching import hidden_decks
from cardlab.simulate.four_souls.statecopy import copy_state
from cardlab.strategies.four_souls import STRATEGIES
from cardlab.strategies.hidden_reason.search import HRSearch


def _position():
    """A real two-player position at the start of turn 3 (hands and decks hidden from seat 0)."""
    seed = 11
    players = Players([STRATEGIES["sensible"](i, stream(seed, "strategy", i)) for i in range(2)])
    kept = []
    run_game(
        make_config(2, 60),
        seed,
        players,
        on_turn=lambda g: kept.append(copy_state(g)) if g.turn == 3 else None,
    )
    return kept[0]


def _hidden(g):
    """What seat 0 cannot see, by card id: the other hand, the loot deck, every hidden deck's order."""
    decks = [[getattr(c, "pid", 0) for c in d] for d in hidden_decks(g)]
    return [c.pid for c in g.players[1].hand], [c.pid for c in g.loot], decks


def _entered(g, peek):
    branch = copy_state(g)
    search = STRATEGIES["search"](0, random.Random(3), peek=peek)
    search._enter(None, 0, 99, 0, state=branch)
    return branch


def _next_dice(g):
    return [g.streams("dice", s).random() for s in range(2)]


def test_peek_branches_from_the_true_hidden_cards_and_peek_2_from_the_true_dice_too():
    g = _position()
    assert g.players[1].hand and len(g.loot) > 1  # something hidden to re-deal
    fair, cards, clairvoyant = (_entered(g, peek) for peek in (0, 1, 2))
    assert _hidden(fair) != _hidden(g)  # the default re-deals (a seed where the deal moves)
    assert _hidden(cards) == _hidden(g) == _hidden(clairvoyant)
    truth = _next_dice(copy_state(g))
    assert _next_dice(cards) != truth  # peek=1: the dice still drawn afresh
    assert _next_dice(clairvoyant) == truth


def test_peek_3_sees_the_other_hands_and_re_deals_the_decks():
    g = _position()
    hands, loot, decks = _hidden(_entered(g, 3))
    true_hands, true_loot, true_decks = _hidden(g)
    assert hands == true_hands and (loot, decks) != (true_loot, true_decks)
    assert sorted(loot) == sorted(true_loot)  # the same cards, re-dealt among the loot deck only


def test_peek_4_keeps_the_decks_order_and_re_deals_the_hands_the_loot_deck_and_the_dice():
    g = _position()
    branch = _entered(g, 4)
    hand, loot, decks = _hidden(branch)
    true_hand, true_loot, true_decks = _hidden(g)
    assert decks == true_decks and any(len(d) > 1 for d in decks)  # treasure, monster, … as they truly lie
    assert hand != true_hand and loot != true_loot  # the other hand and the loot deck re-dealt, as fair play
    assert sorted(hand + loot) == sorted(true_hand + true_loot)  # from their one pool
    assert _next_dice(branch) != _next_dice(copy_state(g))  # the dice drawn afresh
    fair = _hidden(_entered(g, 0))
    assert (hand, loot) == fair[:2]  # the hands' re-deal is fair play's, draw for draw


@pytest.mark.parametrize("peek", [5, -1, "yes", True])
def test_a_bad_peek_is_one_line(peek):
    with pytest.raises(UserError, match=r"^search: peek must be 0, 1, 2, 3 or 4, got "):
        STRATEGIES["search"](0, random.Random(3), peek=peek)


@pytest.mark.parametrize("peek", [1, 3, 4])
def test_peek_1_and_3_need_a_game_that_splits_its_re_deal(peek):
    with pytest.raises(UserError, match=f"peek={peek} needs"):
        HRSearch(0, random.Random(3), peek=peek)
    assert HRSearch(0, random.Random(3), peek=2).peek == 2
