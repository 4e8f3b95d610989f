"""Options are public handles, never live engine objects (DESIGN: Decisions; issue 17 item 5): every option
and context a Hidden Reason strategy is offered is a plain value (cards by uid, a player as ``-(seat + 1)``),
the view hands out ``CardView`` / ``SeatInfo`` records, and both ways a live object could reach a strategy are
refused."""

from __future__ import annotations

import pytest

from cardlab.simulate.core import Decision, IllegalChoiceError, InvariantError, Players, stream
from cardlab.simulate.core.decisions import plain
from cardlab.simulate.core.testing import RandomPlayer
from cardlab.simulate.hidden_reason import make_config, play
from cardlab.simulate.hidden_reason.invariants import Checked
from cardlab.simulate.hidden_reason.scenario import add, position
from cardlab.simulate.hidden_reason.views import CardView, SeatInfo, View
from cardlab.strategies.hidden_reason import STRATEGIES


class _Inspecting:
    """Plays like ``inner``; records options or contexts that are not plain values and reads the view."""

    def __init__(self, inner, seen):
        self.inner, self.seen = inner, seen

    def choose(self, decision):
        v = decision.view
        self.seen["asked"] += 1
        self.seen["live"] += [
            (decision.kind, o) for o in (*decision.options, decision.context) if not plain(o)
        ]
        infos = [v.seat_info(s) for s in range(v.n_players)]
        cards = [*v.hand, *(c for info in infos for c in info.battlefield)]
        assert all(type(i) is SeatInfo for i in infos) and all(type(c) is CardView for c in cards)
        assert all(plain(item) for item in v.stack)
        self.seen["cards"] += len(cards)
        return self.inner.choose(decision)


@pytest.mark.parametrize("names", [("sensible", "racer"), ("guardian", "evaluator", "random")])
def test_every_option_is_a_plain_value_and_the_view_hands_out_records(names):
    seen = {"asked": 0, "live": [], "cards": 0}
    for seed in range(3):
        strategies = [STRATEGIES[n](s, stream(seed, "strategy", s)) for s, n in enumerate(names)]
        play(make_config(len(names)), seed, Players([_Inspecting(s, seen) for s in strategies]))
    assert seen["asked"] > 100 and seen["cards"] > 1000
    assert not seen["live"], f"engine objects offered: {seen['live'][:3]}"


def test_a_live_card_as_an_answer_is_refused():
    """A strategy that answers with the engine's own card (reached through the view's internals) is a bug."""

    class _Cheat(RandomPlayer):
        def choose(self, decision):
            if decision.kind == "action" and decision.view.hand:
                return decision.view._g.cards[decision.view.hand[0].uid]  # the live card behind the uid
            return super().choose(decision)

    with pytest.raises(IllegalChoiceError, match="legal options were"):
        for seed in range(5):
            play(make_config(2), seed, Players([_Cheat(s, stream(seed, "strategy", s)) for s in range(2)]))


def test_checked_play_refuses_an_engine_object_offered():
    """Checked play (``cardlab soak``) stops at a decision offering a live card, naming its kind, before the
    strategy sees it."""
    g = position()
    scout, golem = add(g, 0, "Border Scout"), add(g, 0, "Iron Golem")
    checked = Checked(RandomPlayer(0, stream(0, "strategy", 0)))
    assert checked.choose(Decision("discard", 0, [scout.uid, golem.uid], View(g, 0))) in (
        scout.uid,
        golem.uid,
    )
    with pytest.raises(InvariantError, match="'discard' decision to seat 0 offered .*Border Scout"):
        checked.choose(Decision("discard", 0, [scout, golem.uid], View(g, 0)))
    with pytest.raises(InvariantError, match="'choose_target' decision to seat 0 offered"):
        checked.choose(Decision("choose_target", 0, [golem.uid, -2], View(g, 0), ("pay", golem)))
