"""Gosu X: a triggered permanent effect's condition is read when its turn comes (GX-15.3, GX-12.17).

Gosu X has no stack: the effects set off by one moment run one after another, in the order the active
player chooses (GX-15.3). The Four Souls reading of [C] (an unmet condition fizzles when the ability
resolves, FS-6.8) has its Gosu X counterpart here: an earlier effect of the same moment can make or unmake a
later one's condition, and the later one reads the position it meets, not the one at the moment itself.
"""

from __future__ import annotations

from cardlab.simulate.gosu_x.engine import end_of_turn
from cardlab.simulate.gosu_x.scenario import events, make_state, script, to_army
from cardlab.simulate.gosu_x.state import HAND


def _position():
    """Seat 1 (Themis, Xian, Tomorrow) ends its turn with Nezha (empty hand: draw 2) and Xian's Byeon Hyeon
    Ja (may discard 5 cards of one clan: unlock a token) face up, and five Themis cards in hand."""
    st = make_state()
    nezha = to_army(st, 1, "Nezha", row=0)
    bhj = to_army(st, 1, "Byeon Hyeon Ja (Xian)", row=1)
    themis = [c for c in st.p[1].deck if c.d.clan == "Themis" and c is not nezha][:5]
    for c in themis:
        st.p[1].deck.remove(c)
        c.zone = HAND
        st.p[1].hand.append(c)
    return st, nezha, bhj


def test_GX_15_3_a_condition_an_earlier_effect_of_the_same_moment_met_is_read_when_its_turn_comes():
    """Byeon Hyeon Ja first: the five discards empty the hand, so Nezha, whose turn comes next, draws 2
    (its condition did not hold at the turn's end, it holds when it runs)."""
    st, nezha, bhj = _position()
    script(st, 1, (bhj.uid, nezha.uid), "Themis")
    end_of_turn(st, 1)
    assert [e[4] for e in events(st, "trigger")] == ["Byeon Hyeon Ja (Xian)", "Nezha"]
    assert len(st.p[1].hand) == 2 and st.p[1].unlocks == 1


def test_GX_15_3_a_condition_an_earlier_effect_of_the_same_moment_broke_is_read_when_its_turn_comes():
    """Nezha first: five cards in hand, its condition fails and it does nothing; the discards that follow
    do not bring it back (its turn has passed)."""
    st, nezha, bhj = _position()
    script(st, 1, (nezha.uid, bhj.uid), "Themis")
    end_of_turn(st, 1)
    assert [e[4] for e in events(st, "trigger")] == ["Byeon Hyeon Ja (Xian)"]
    assert st.p[1].hand == [] and st.p[1].unlocks == 1
