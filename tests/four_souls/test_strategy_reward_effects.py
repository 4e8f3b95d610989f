"""A monster's reward effects in its worth (``valuing.reward_worth``, ``sensible_policy._reward_effects``;
FS-13.4 step 3, FS-1.15): a reward block that is an effect is priced as its verbs say, for the active player
who gains it. The old worth read the printed cents, loot, treasure and souls only."""

from __future__ import annotations

import pytest

from cardlab.simulate.four_souls.fixtures import add_slot_monster, by_id, monster
from cardlab.simulate.four_souls.views import View
from cardlab.strategies.four_souls import sensible_policy as policy
from cardlab.strategies.four_souls import valuing
from tests.four_souls.strategy_table import strategy_table

_KILL_GAINER = ({"reward": {"do": {"kill": "you"}}},)
_EXTRA_TURN = ({"reward": {"do": {"extra_turn": {"who": "you"}}}},)
_TREASURE_PER_COUNTER = ({"reward": {"do": {"gain_treasure": "counters(self)"}}},)


def _rules(card_id: str):
    return add_slot_monster(strategy_table(2), by_id(card_id)).rules


def test_FS_13_4_reward_effects_are_read_by_their_verbs():
    """Zombie Jesus's reward kills the player gaining it: a death, -4. Time Eater's gives its gainer another
    turn: the verb's worth, 8. Gus (a room whose reward gives every player a treasure) helps everyone alike:
    nothing over the rivals. A reward counted in the monster's counters grows with them (The Collector:
    a treasure, 3, per counter). Charmed Vis turns into an item of its gainer: what its item side is worth to
    them (``valuing.rules_worth``), not the verb's generic treasure (3)."""
    assert valuing.reward_worth(_rules("rwz-zombie_jesus"), 4, 0) == pytest.approx(-4.0)
    assert valuing.reward_worth(_rules("rwz-time_eater"), 2, 0) == pytest.approx(8.0)
    assert valuing.reward_worth(_rules("r-gus"), 4, 0) == pytest.approx(0.0)
    collector = _rules("rwz-the_collector")
    assert valuing.reward_worth(collector, 2, 0) == pytest.approx(0.0)
    assert valuing.reward_worth(collector, 2, 2) == pytest.approx(6.0)
    vis = _rules("soi-charmed_vis")
    assert valuing.reward_worth(vis, 4, 0) == pytest.approx(valuing.rules_worth(vis.as_item)) != 3.0


def test_FS_13_4_a_reward_that_kills_me_turns_me_to_the_harder_fight():
    """Two slot monsters: Trap (2 HP, evasion 2, 3 loot) is the easier fight with the better printed reward,
    but its reward kills the player gaining it (FS-13.4 step 3); Plain (3 HP, evasion 4, 1 loot) has no such
    reward. The fight I pick is Plain (the old worth, printed rewards only, picked Trap)."""
    g = strategy_table(2)
    add_slot_monster(g, monster("Trap", hp=2, evasion=2, rewards={"loot": 3}, abilities=_KILL_GAINER))
    add_slot_monster(g, monster("Plain", hp=3, evasion=4, rewards={"loot": 1}))
    g.active = 0
    assert g.io.strategies[0]._best_fight(View(g, 0))[0].name == "Plain"


def test_FS_13_4_an_extra_turn_or_a_reward_grown_by_counters_outweighs_more_loot():
    """Beside a twin with the same stats and 3 loot more: a monster whose reward is another turn is the fight
    I pick (8 against 3); so is one whose reward is a treasure per counter on it once it carries 2 (6 against
    3), not while it carries none (the old worth picked the twin every time)."""
    for abilities, counters, picked in (
        (_EXTRA_TURN, 0, "Odd"),
        (_TREASURE_PER_COUNTER, 2, "Odd"),
        (_TREASURE_PER_COUNTER, 0, "Twin"),
    ):
        g = strategy_table(2)
        odd = add_slot_monster(g, monster("Odd", hp=3, evasion=4, rewards={"loot": 1}, abilities=abilities))
        add_slot_monster(g, monster("Twin", hp=3, evasion=4, rewards={"loot": 4}))
        odd.counters = counters
        g.active = 0
        assert g.io.strategies[0]._best_fight(View(g, 0))[0].name == picked


def test_FS_1_15_in_a_rivals_turn_the_reward_is_theirs():
    """FS-1.15: the active player gains the rewards whoever kills the monster. Trap (its reward kills its
    gainer) is worth 4 less than its printed rewards in my turn. In my one rival's turn all it pays is theirs,
    its 3 loot and the death together (``_gains``): -1 to them, +1 to me beside the kill's own 1 (at 4
    players a third of it, one rival of three)."""
    for n, share in ((2, 1.0), (4, 1 / 3)):
        g = strategy_table(n)
        trap = add_slot_monster(
            g, monster("Trap", hp=2, evasion=2, rewards={"loot": 3}, abilities=_KILL_GAINER)
        )
        me = g.io.strategies[0]
        printed = 1.0 + 3.0
        g.active = 0
        view = View(g, 0)
        assert policy._worth(me, view, view.info(trap.ref)) == pytest.approx(printed - 4.0)
        g.active = 1
        view = View(g, 0)
        assert policy._worth(me, view, view.info(trap.ref)) == pytest.approx(1.0 - (3.0 - 4.0) * share)
