"""Items ``sensible`` held and never used (`cardlab report`'s "What the players used",
``coverage.csv``): two readings that kept an item charged when using it was worth something. Seat 0 is the
strategy under test; the other seats pass."""

from __future__ import annotations

import pytest

from cardlab.simulate.four_souls import resolution
from cardlab.simulate.four_souls.fixtures import add_slot_monster, by_id, give_item, kinds
from cardlab.simulate.four_souls.views import View
from cardlab.strategies.four_souls import reading as rd
from cardlab.strategies.four_souls import sensible_policy as policy
from cardlab.strategies.four_souls import valuing as vl
from cardlab.strategies.four_souls.outlook import Outlook
from tests.four_souls.strategy_table import strategy_table


def test_FS_8_1_a_charged_item_worth_anything_is_used_in_the_turn_before_mine():
    """P1's turn, the stack empty: P0 (next to play) holds Razor Blade charged (↷ 1 damage to a player). It
    recharges at P0's turn start (FS-8.1), so using it now costs nothing: a dent in the active rival (worth
    0.3, under ``tap_bar`` 0.4) is worth it. The old player used only gain items there and kept it charged."""
    g = strategy_table(2, hp=2)
    blade = give_item(g, 0, by_id("b2-razor_blade"))
    g.active = 1
    resolution.priority(g, 1)
    assert [r[4] for r in kinds(g, "item_activated")] == ["Razor Blade"]
    assert not blade.charged


def test_FS_8_10_a_dent_in_a_monster_is_worth_something_only_before_my_fight():
    """Damage heals at end of turn (FS-8.10): 1 damage that does not kill a 3-HP monster helps only a fight
    of mine still to come. Off my turn (it would help the active rival's fight) or after my fight it is worth
    nothing; a kill is worth the monster's rewards at any time (FS-1.15). The old reader gave the dent 0.2
    always."""
    dent = {"deal_damage": {"n": 1, "to": "M"}}
    kill = {"deal_damage": {"n": 3, "to": "M"}}
    seen = {"monsters": ((3, 5.0),), "plan": {"M": "monster"}}
    assert vl.effect_value(dent, Outlook(my_turn=True, **seen)) == pytest.approx(0.2)
    for out in (Outlook(my_turn=False, **seen), Outlook(fight_done=True, **seen)):
        assert vl.effect_value(dent, out) == pytest.approx(0.0)
        assert vl.effect_value(kill, out) == pytest.approx(5.0)


def test_FS_8_9_FS_13_9_the_outlook_s_fight_charges_the_death_alone():
    """Mom's Hand in a slot: its 6 ends my turn (FS-8.9), which loses the attack, not my life (FS-13.9).
    The value model's fight (``Outlook.fight``, what an extra attack or a monster brought into a slot is
    weighed against) reads it as a slot's fight does: chance × worth less 2 for the death alone. The old
    reading charged the whole loss (1 − win) as a death."""
    g = strategy_table(2, hp=2)
    add_slot_monster(g, by_id("b2-moms_hand"))
    view = View(g, 0)
    sp = g.io.strategies[0]
    sp._asked += 1
    sp._view = view
    hand = view.monsters[0]
    win, ended = rd.fight_odds(view, hand)
    assert ended > 0
    out = policy._outlook(sp, view)
    assert out.fight == pytest.approx(policy._slot_fight(sp, view, hand))
