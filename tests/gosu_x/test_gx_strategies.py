"""Gosu X players, position → decision (issue 13): activations and card choices are valued by what the
card's encoded effects give (strategies/gosu_x/valuing.py), never by a flat constant or a card's name."""

from __future__ import annotations

import random

from cardlab.simulate.core.decisions import Decision
from cardlab.simulate.gosu_x.actions import legal_actions
from cardlab.simulate.gosu_x.scenario import make_state, to_army, to_discard, to_hand
from cardlab.simulate.gosu_x.views import View
from cardlab.strategies.gosu_x import Evaluator, Sensible
from cardlab.strategies.gosu_x.valuing import Valuer

NT = ("Narasimha", "Tomorrow", "Goan Sul")
OTHER = ("Themis", "Xian", "Golem")


def _action(st, seat=0):
    return Decision("action", seat, legal_actions(st, seat), View(st, seat))


def _two_cards_in_hand(st):
    to_hand(st, 0, "Narasimha")
    to_hand(st, 0, "Byeon Hyeon Ja (Tomorrow)")


def test_GX_7_7_no_token_on_an_effect_worth_nothing():
    """Wiindz re-applied by a token (GX-7.7) releases a captured card of its row or column: with nothing
    captured the token is better spent on draws (the old flat score activated it)."""
    st = make_state(clans0=NT, clans1=OTHER)
    wiindz = to_army(st, 0, "Wiindz")
    _two_cards_in_hand(st)
    d = _action(st)
    assert ("activate", wiindz.uid) in d.options
    assert Sensible(0, random.Random(0)).choose(d) != ("activate", wiindz.uid)


def test_GX_7_7_token_on_an_effect_worth_it():
    """The same Wiindz with a captured card beside it and a hand too full for draws to gain much: the
    release (a card back in the battle) is worth the token; with nothing captured it is worth nothing."""
    st = make_state(clans0=NT, clans1=OTHER)
    wiindz = to_army(st, 0, "Wiindz")
    captured = to_army(st, 0, "Obeezs", face_up=False)  # captured (GX-12.9), in Wiindz's row
    _two_cards_in_hand(st)
    for name in ("Tomorrow", "Byeon Hyeon Ja (Narasimha)", "Goan Sul"):  # Immortals it cannot play
        to_hand(st, 0, name)
    view = View(st, 0)
    assert Valuer(0).effect_value(view, view.defn(wiindz.uid), 5) > 0
    assert Sensible(0, random.Random(0)).choose(_action(st)) == ("activate", wiindz.uid)
    captured.face_up = True  # nothing captured any more: the next decision's view sees it
    view = View(st, 0)
    assert Valuer(0).effect_value(view, view.defn(wiindz.uid), 5) == 0


def test_no_token_on_a_symmetric_discard_that_costs_us_more():
    """Nachiketa (every player discards 2) re-applied when our hand is bigger than theirs is a loss."""
    st = make_state(clans0=NT, clans1=OTHER)
    to_army(st, 0, "Navaj")  # a soldier under the hero (GX-3)
    nachiketa = to_army(st, 0, "Nachiketa")
    _two_cards_in_hand(st)
    view = View(st, 0)
    assert Valuer(0).effect_value(view, view.defn(nachiketa.uid), 2) < 0
    assert Sensible(0, random.Random(0)).choose(_action(st)) != ("activate", nachiketa.uid)


def test_discard_keeps_the_card_worth_more():
    """A discard gives up the card of least level value plus effect value: of two soldiers, the one whose
    entry effect does nothing now (release with nothing captured) goes before a draw engine."""
    st = make_state(clans0=NT, clans1=OTHER)
    keep = to_hand(st, 0, "Nikhilesh")  # draws one per clan in our discard
    to_discard(st, 0, "Obeezs")
    to_discard(st, 0, "Navaj")
    to_discard(st, 0, "Nalin")
    drop = to_hand(st, 0, "Wiindz")
    d = Decision("discard", 0, [keep.uid, drop.uid], View(st, 0))
    assert Sensible(0, random.Random(0)).choose(d) == drop.uid
    assert Evaluator(0, random.Random(0)).choose(d) == drop.uid  # one value model, both families
