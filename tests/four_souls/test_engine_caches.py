"""The engine's caches (``state.Caches``) only go faster: dropping them before every decision and fresh
state check (where ``settle_hp`` reads every max HP) plays the same seeded games, event for event. This
holds the one walk of the objects in play (``statics._walk``: lists read after objects left play) and
the split max HP (``statics._hp_plan``, ``_monster_plan``) to the state they were made from."""

from __future__ import annotations

import pytest

from cardlab.compiled import hashes
from cardlab.simulate.four_souls import gains, statics
from cardlab.simulate.four_souls.abilities import CardRules
from cardlab.simulate.four_souls.fixtures import add_slot_monster, give_item, monster, position, real
from cardlab.simulate.four_souls.state import Caches


def _dropping(settle):
    def settle_hp(g) -> None:
        c = g.cache  # the state checks' own memory and the indexes that only grow are kept
        g.cache = Caches(
            trig_names=c.trig_names,
            forbid_on=c.forbid_on,
            checked_n=c.checked_n,
            checked_nb=c.checked_nb,
            checked_ns=c.checked_ns,
            decliners=c.decliners,
            bonus_tests=c.bonus_tests,
        )
        settle(g)

    return settle_hp


@pytest.mark.parametrize(
    "options", [("sets=all",), ("sets=all", "variant=rooms")], ids=["collection", "rooms"]
)
def test_dropping_the_caches_at_every_decision_plays_the_same_games(monkeypatch, options):
    if not hasattr(statics.settle_hp, "__code__"):
        pytest.skip("compiled statics: its module functions cannot be replaced")
    case = ("four-souls", 3, (), options)
    kept = hashes(3, (case,))
    monkeypatch.setattr(statics, "settle_hp", _dropping(statics.settle_hp))
    assert hashes(3, (case,)) == kept


def test_a_players_statics_listing_is_kept_while_only_other_objects_change():
    """``statics.owned_statics`` keeps a player's listing when ``Game.obj_ver`` moves for other objects (a
    monster entering a slot), and lists again when one of the player's own objects wears other rules (a
    gain or copy, ``gains.wear``): Breakfast's +1 HP static goes with its rules."""
    g = position(2)
    breakfast = give_item(g, 0, real("Breakfast"))
    me = g.players[0]
    listed = statics.owned_statics(g, me, "hp")
    assert [o for o, _body in listed] == [breakfast]
    ver = g.obj_ver
    add_slot_monster(g, monster("Other", hp=2))
    assert g.obj_ver != ver and statics.owned_statics(g, me, "hp") is listed
    gains.wear(g, breakfast, CardRules(), False)
    assert breakfast not in [o for o, _body in statics.owned_statics(g, me, "hp")]
