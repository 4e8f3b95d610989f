"""One reader of amount expressions (vocabulary §1.6) for the players: ``reading.read_amount`` over a table
of what a player knows — the position's (``reading.amount_now``: the +damage or roll change an ability sets)
and the outlook's (``valuing.expr_amount``: what a verb's amount is worth). The two readers it replaced
differed; each difference is decided here: ``max``/``min`` and a division by zero read the same on both,
``activator`` is ``you`` on both, a die's mean (a fraction) only on the outlook (the position's amounts
are whole numbers set now), and each table reads all the player knows (my hand size on the position, my
damage and HP on the outlook)."""

from __future__ import annotations

import pytest

from cardlab.simulate.four_souls.views import View
from cardlab.strategies.four_souls import reading as rd
from cardlab.strategies.four_souls import valuing as vl
from cardlab.strategies.four_souls.outlook import Outlook
from tests.four_souls.strategy_table import strategy_table


def _view() -> View:
    g = strategy_table(2)
    g.players[0].cents = 4
    return View(g, 0)


def test_max_and_min_are_read_on_the_position():
    """Dataminer's "9 - atk(you)" written with a floor: the old position reader knew no ``max`` and gave
    no +damage (None); now it reads the same number the outlook does."""
    view = _view()
    assert rd.amount_now(view, 2, "max(0, 9 - atk(you))") == 9 - view.atk
    assert rd.amount_now(view, 2, "min(1, counters(self))") == 1


def test_a_division_by_zero_reads_nothing_on_the_position():
    """``6 // counters(self)`` with no counters: the old position reader raised ZeroDivisionError out of the
    player's decision; now it is unread (None), as on the outlook."""
    assert rd.amount_now(_view(), 0, "6 // counters(self)") is None
    assert vl.expr_amount("6 // counters(self)", Outlook(self_counters=0)) is None
    assert rd.amount_now(_view(), 3, "6 // counters(self)") == 2


def test_activator_is_me_on_both():
    """An amount of an ability I use: its activator is me (FS-7.4), on the position as on the outlook."""
    view = _view()
    assert rd.amount_now(view, 0, "cents(activator) + 1") == 5
    assert vl.expr_amount("cents(activator) + 1", Outlook(cents=4)) == pytest.approx(5.0)


def test_each_table_reads_what_the_player_knows():
    """My hand size is on the position (the old reader gave None), my damage and HP on the outlook (the
    old valuer gave None); a die's mean only on the outlook: a roll change set now is a whole number."""
    view = _view()
    assert rd.amount_now(view, 0, "hand_size(you)") == view.hand_size(0)
    assert vl.expr_amount("atk(you) + hp(you)", Outlook(atk=2, hp=3)) == pytest.approx(5.0)
    assert vl.expr_amount("2 * result", Outlook()) == pytest.approx(7.0)
    assert rd.amount_now(view, 0, "result") is None


def test_an_unknown_word_reads_nothing():
    """A rival's hand, an event, a bound count: None on both (the caller's default stands)."""
    for text in ("hand_size(P)", "event.amount", "X + 1", "rooms(you)"):
        assert rd.amount_now(_view(), 1, text) is None
        assert vl.expr_amount(text, Outlook()) is None


def test_dataminers_damage_is_read_on_my_damage():
    """Dataminer's 6 (a roll, FS-9.1): my damage becomes 9 this turn, a buff of ``9 - atk(you)``. The old
    valuer did not read my damage and priced the buff at the default +1; with 1 damage it is +8."""
    buff = {"buff": {"target": "you", "atk": "9 - atk(you)"}}
    assert vl.effect_value(buff, Outlook(my_turn=True, atk=1)) == pytest.approx(8 * 1.5)
    assert vl.effect_value(buff, Outlook(my_turn=True, atk=3)) == pytest.approx(6 * 1.5)
