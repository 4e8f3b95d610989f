"""Options are public handles, never live engine objects (DESIGN: Decisions; issue 17 item 5): every option
and context a Gosu X strategy is offered is a plain value (cards by uid), the view hands out ``CardView``
snapshots and never the engine's ``Card``, and both ways a live object could reach a strategy are refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardlab.simulate.core import IllegalChoiceError, InvariantError, Players, stream
from cardlab.simulate.core.decisions import plain
from cardlab.simulate.core.testing import RandomPlayer, play_docs_example
from cardlab.simulate.gosu_x import make_config, play
from cardlab.simulate.gosu_x.invariants import check
from cardlab.simulate.gosu_x.refs import CardView
from cardlab.simulate.gosu_x.scenario import make_state, to_army, to_hand
from cardlab.simulate.gosu_x.views import View
from cardlab.strategies.gosu_x import STRATEGIES

# the kinds whose options name cards by uid, and where the uid is in a tuple option
_CARD_KINDS = frozenset(
    {"replace_with", "discard", "sacrifice", "choose_card", "choose_target", "return_token"}
)

# cards revealed from a deck (GX-12.6) or searched in it, offered while the engine still counts them there
_FROM_DECK = frozenset({"keep", "search", "hand", "deck_top"})


def _uids(decision) -> list[int]:
    out = []
    for o in decision.options:
        if decision.kind == "action" and o[0] in ("play", "replace", "activate"):
            out.append(o[1])
        elif decision.kind in _CARD_KINDS and o:
            out.append(o[1] if isinstance(o, tuple) else o)
    return out


class _Inspecting:
    """Plays like ``inner``, records every option or context that is not a plain value, and reads the view:
    every card it hands out is a ``CardView``, and every card offered by uid is one the view shows."""

    def __init__(self, inner, seen):
        self.inner, self.seen = inner, seen

    def choose(self, decision):
        v, me = decision.view, decision.seat
        self.seen["asked"] += 1
        self.seen["live"] += [
            (decision.kind, o) for o in (*decision.options, decision.context) if not plain(o)
        ]
        cards = [*v.hand(), *v.discard(me), *v.discard(1 - me), *v.tops(1 - me)]
        cards += [c for seat in (me, 1 - me) for row in v.army(seat) for c in row]
        for uid in _uids(decision):
            card = v.card(uid)
            assert card is not None, f"offered but not shown: {decision.kind} {decision.context} {uid}"
            if card.zone == "deck":  # revealed (GX-12.6) or searched: shown to this decision only
                assert decision.context in _FROM_DECK
                self.seen["from_deck"] += 1
            assert card.uid == uid and v.defn(uid) is card.defn
            cards.append(card)
        assert all(type(c) is CardView for c in cards)
        self.seen["cards"] += len(cards)
        return self.inner.choose(decision)


@pytest.mark.parametrize(
    "names, kw",
    [
        (("sensible", "evaluator"), {}),
        (("random", "battle"), {}),
        (("restricted", "sensible"), {"clans": "Xian+Tomorrow+Narasimha/Golem+Goan Sul+Themis"}),
    ],
)
def test_every_option_is_a_plain_value_and_the_view_hands_out_card_views(names, kw):
    seen = {"asked": 0, "live": [], "cards": 0, "from_deck": 0}
    for seed in range(3):
        strategies = [STRATEGIES[n](s, stream(seed, "strategy", s)) for s, n in enumerate(names)]
        play(make_config(2, **kw), seed, Players([_Inspecting(s, seen) for s in strategies]))
    assert seen["asked"] > 100 and seen["cards"] > 1000 and seen["from_deck"] > 0  # reveals were seen
    assert not seen["live"], f"engine objects offered: {seen['live'][:3]}"


def test_GX_12_6_revealed_cards_are_shown_to_their_revealer_and_valued():
    """Shard reveals 4 and keeps one (GX-12.6). The revealed cards are still counted in the deck, yet the
    revealer's view shows them for that decision, so `sensible` keeps the one it values most rather than the
    first offered; a view built for another decision shows no deck card."""
    st = make_state(("Golem", "Goan Sul", "Phoenix"))
    shard = to_army(st, 0, "Shard")
    sensible = STRATEGIES["sensible"](0, stream(1, "strategy", 0))
    pl = st.p[0]
    probe = View(st, 0, tuple(c.uid for c in pl.deck))
    worth = {c.uid: sensible.valuer.choice_worth(probe, c.uid) for c in pl.deck}
    by_worth = sorted({worth[c.uid]: c for c in pl.deck}.items())
    assert len(by_worth) >= 4
    top4 = [by_worth[0][1], by_worth[1][1], by_worth[-2][1], by_worth[-1][1]]  # the least valued on top
    for c in top4:
        pl.deck.remove(c)
    pl.deck += [top4[3], top4[2], top4[1], top4[0]]
    assert View(st, 0).card(top4[3].uid) is None  # a deck card, not shown outside its decision
    asked = []

    class Spy:
        def choose(self, d):
            asked.append((d.context, d.options, [d.view.card(u) for u in d.options]))
            return sensible.choose(d)

    st.players_obj.strategies[0] = Spy()
    from cardlab.simulate.gosu_x.actions import enter_army

    enter_army(st, 0, shard)
    context, options, shown = asked[0]
    assert context == "keep" and options[0] == top4[0].uid and all(c is not None for c in shown)
    assert pl.hand == [top4[3]]


def test_a_card_view_is_a_snapshot_not_the_card():
    """The view's record reads like the card but is not it: it cannot be changed, and it keeps what the
    card was at its decision (the next decision's view sees the change)."""
    st = make_state()
    mine = to_hand(st, 0, "Lava Goddesses")
    elle = to_army(st, 1, "Elle", row=0)
    v = View(st, 0)
    seen = v.card(elle.uid)
    assert type(seen) is CardView and seen is v.card(elle.uid) and v.army(1) == ((seen,), (), ())
    assert (seen.name, seen.owner, seen.zone, seen.row, seen.face_up) == ("Elle", 1, "army", 0, True)
    assert v.hand() == (v.card(mine.uid),) and v.defn(mine.uid) is mine.d
    with pytest.raises(AttributeError):
        seen.face_up = False
    elle.face_up = False  # captured (GX-12.12) after this decision
    assert seen.face_up and View(st, 0).card(elle.uid).face_up is False
    assert v.card_value(seen) == v.card_value(elle.uid)  # a method takes the record or the uid


def test_a_live_card_as_an_answer_is_refused():
    """A strategy that answers with the engine's own card (reached through the view's internals) is a bug."""

    class _Cheat(RandomPlayer):
        def choose(self, decision):
            if decision.kind in ("discard", "sacrifice", "replace_with"):
                return decision.view._st.cards[decision.options[0]]  # the live card behind the uid
            return super().choose(decision)

    with pytest.raises(IllegalChoiceError, match="legal options were"):
        for seed in range(10):
            play(make_config(2), seed, Players([_Cheat(s, stream(seed, "strategy", s)) for s in range(2)]))


def test_checked_play_refuses_an_engine_object_offered():
    """In checked play (``cardlab soak``) a decision offering a live card, as an option or as its context,
    stops the game with one line naming the kind, before any strategy sees it."""
    st = make_state()
    a, b = to_hand(st, 0, "Lava Goddesses"), to_hand(st, 0, "Lava Goddesses")
    assert st.ask("discard", 0, [a, b.uid]) is a  # unchecked play: the engine's own business
    st.checker = check
    with pytest.raises(InvariantError, match="'discard' decision to seat 0 offered Lava Goddesses#"):
        st.ask("discard", 0, [a, b.uid], "why")
    with pytest.raises(InvariantError, match="'feat' decision to seat 0 offered .*Lava Goddesses#"):
        st.ask("feat", 0, (True, False), ("cancel_capture_destroy", b))


def test_the_strategy_guides_example_plays():
    """docs/gosu_x.md's "Writing a strategy" example is real code: it plays whole games."""
    doc = Path(__file__).resolve().parents[2] / "docs/gosu_x.md"
    for result, decisions in play_docs_example(doc, "Climber", play, make_config(2)):
        assert result.end_reason in ("win", "draw", "turn_cap") and decisions > 0
