"""Issue 14 item 1 for Hidden Reason: a search's re-deal keeps a card every player saw go into a hand."""

from __future__ import annotations

import copy
import random

from cardlab.simulate.core import Streams
from cardlab.simulate.hidden_reason import branching
from cardlab.simulate.hidden_reason.scenario import cast, position
from cardlab.simulate.hidden_reason.stack import run_stack
from cardlab.simulate.hidden_reason.state import HAND


def _names(cards):
    return [c.d.name for c in cards]


def test_HR_5_6_a_unit_recalled_from_the_open_other_world_stays_in_its_hand_in_every_branch():
    """Seat 1 recalls Iron Golem from its other world (open, HR-5.6) into a hand of two drawn cards (secret,
    HR-5.2): seat 0's branches keep the Golem in seat 1's hand and re-deal only the two drawn cards with seat
    1's deck."""
    g = position(
        {
            0: {},
            1: {
                "hand": ["Salvage Run", "Border Scout", "Shield Recruit"],
                "other_world": ["Iron Golem"],
                "deck": ["War Banner", "Siege Blueprint", "Mitsim Stalker", "Reclamation"],
            },
        },
        active=1,
    )
    g.streams = Streams(0)  # the scenario's plain Random: a branch reseeds a game's streams
    cast(g, 1, g.cards[0].uid)
    run_stack(g)
    hand = g.players[1].hand
    assert "Iron Golem" in _names(hand) and g.cards[3].zone == HAND
    at = _names(hand).index("Iron Golem")
    dealt = set()
    for i in range(12):
        h = copy.deepcopy(g)
        branching.determinize(h, 0, random.Random(i))
        assert _names(h.players[1].hand)[at] == "Iron Golem"
        dealt.add(tuple(_names(h.players[1].hand)))
    assert len(dealt) > 1  # the secret cards are re-dealt
