"""Issue 14 item 1 for Gosu X: a search's re-deal keeps the cards its seat saw go into a hand or onto a deck."""

from __future__ import annotations

import random

from cardlab.simulate.gosu_x import branching, effects, zones
from cardlab.simulate.gosu_x.interpreter import Ctx
from cardlab.simulate.gosu_x.scenario import fill_hand, make_state, to_army


def _branches(st, seat, k=10):
    out = []
    for i in range(k):
        h = branching.copy_state(st)
        branching.determinize(h, seat, random.Random(i))
        out.append(h)
    return out


def test_GX_12_6_a_revealed_card_kept_in_hand_and_an_army_card_put_on_top_stay_in_every_branch():
    """Seat 1 reveals 2 and keeps one in its hand (GX-12.6: turned over, seen by both); a card of its army
    goes on top of its deck (Golem / Un'Go): seat 0's branches keep both where they are and re-deal seat 1's
    other hand cards with its deck. Once seat 1's deck is shuffled, its top is re-dealt again."""
    st = make_state()
    fill_hand(st, 1, 3)
    src = st.p[1].deck[0]
    effects.s_reveal(st, Ctx(1, src), {"n": 2, "take": "one"})
    kept = st.p[1].hand[-1]
    army = to_army(st, 1, st.p[1].deck[3].d.name)
    zones.to_deck_top(st, 0, army)
    hands = set()
    for h in _branches(st, 0):
        assert h.p[1].hand[-1].uid == kept.uid
        assert h.p[1].deck[-1].uid == army.uid
        hands.add(tuple(c.uid for c in h.p[1].hand[:-1]))
    assert len(hands) > 1  # its other hand cards are re-dealt
    zones.shuffle_deck(st, 1)
    assert len({h.p[1].deck[-1].uid for h in _branches(st, 0)}) > 1
