"""A monster's printed rewards (soul, cents, loot, treasure) in its worth for the player who gains them
(``sensible_policy._gains``; FS-1.15): the active player gains every reward of a dying monster whoever kills
it. The old worth counted the printed ones as mine in any turn (its reward effects already followed the
active player), so in a rival's turn a kill of mine that hands the rival the rewards looked like a gain."""

from __future__ import annotations

import pytest

from cardlab.simulate.four_souls import attack
from cardlab.simulate.four_souls.fixtures import add_slot_monster, give_loot, kinds, monster, real
from cardlab.simulate.four_souls.views import View
from cardlab.strategies.four_souls import sensible_policy as policy
from tests.four_souls.strategy_table import belongings, strategy_table


def test_FS_1_15_printed_rewards_count_for_the_active_player():
    """A slot monster with a soul and 2 loot: 1 + 10 + 2 = 13 to me in my turn; in a rival's turn its soul
    and loot are theirs, worth to me minus one rival's share (all of it at 2 players, a third at 4) beside
    the kill's own 1. The old worth said 13 in every turn."""
    for n, share in ((2, 1.0), (4, 1 / 3)):
        g = strategy_table(n)
        m = add_slot_monster(g, monster("Boss", hp=3, evasion=4, soul=1, rewards={"loot": 2}))
        me = g.io.strategies[0]
        g.active = 0
        view = View(g, 0)
        assert policy._worth(me, view, view.info(m.ref)) == pytest.approx(13.0)
        g.active = 1
        view = View(g, 0)
        assert policy._worth(me, view, view.info(m.ref)) == pytest.approx(1.0 - 12.0 * share)


def _imposed_fight(active: int):
    """P0 (2 HP, damage 1, a loot play, Bomb! in hand, a spent Sack Of Pennies and 3¢) attacks a 2-HP monster
    (evasion 3, damage 1, 2¢) in ``active``'s turn, rolling 6 (the monster at 1 HP), 1 (its 1 damage waits),
    6."""
    g = strategy_table(2, rolls=[6, 1, 6], hp=2)
    g.active = active
    g.players[0].loot_plays = 1
    belongings(g, 0, loot=False)
    give_loot(g, 0, real("Bomb!"))
    m = add_slot_monster(g, monster("Blob", hp=2, evasion=3, attack=1, rewards={"cents": 2}))
    attack.run_attack(g, 0, m)
    return g, m


def test_FS_1_15_no_kill_shot_that_hands_a_rival_the_rewards():
    """An attack of mine in my rival's turn (one they imposed): the monster's 2¢ go to them whoever kills it.
    With its hit on me waiting (not lethal: 2 HP), a kill now gains (1/3) × (1 - 0.6 + 3.8) = 1.4 over the
    fight going on (lost 1 time in 3 from 1 HP; my death priced from my position, ``valuing.death_price``:
    the Sack Of Pennies 2.5, 1¢ 0.3, a loot card 1), less than Bomb! kept for my next turn (1.6, where a
    kill's rewards are mine): P0 takes the 1 and kills the monster with its next roll, the 2¢ going to the
    rival. In my own turn the same position is a shot ((1/3) × (1.6 + 3.8) = 1.8). The old player threw the
    Bomb! in both."""
    g, m = _imposed_fight(active=0)
    assert [r[4] for r in kinds(g, "loot_played")] == ["Bomb!"] and not m.in_play
    g, m = _imposed_fight(active=1)
    assert not kinds(g, "loot_played") and not m.in_play and g.players[0].damage == 1
    assert [r[2] for r in kinds(g, "reward")] == [1]
