"""The engine's caches (``state.Caches``) only go faster: dropping them before every decision and fresh
state check (where ``settle_hp`` reads every max HP) plays the same seeded games, event for event. This
holds the one walk of the objects in play (``statics._walk``: lists read after objects left play) and
the split max HP (``statics._hp_plan``, ``_monster_plan``) to the state they were made from."""

from __future__ import annotations

import pytest

from cardlab.compiled import hashes
from cardlab.simulate.four_souls import statics
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
