"""A monster's reward effects in its worth (``valuing.reward_worth``, ``sensible_policy._reward_effects``;
FS-13.4 step 3, FS-1.15): a reward block that is an effect is priced as its verbs say, for the active player
who gains it. The old worth read the printed cents, loot, treasure and souls only."""

from __future__ import annotations

import pytest

from cardlab.simulate.four_souls import attack
from cardlab.simulate.four_souls.fixtures import (
    add_room,
    add_shop_item,
    add_slot_monster,
    by_id,
    give_item,
    kinds,
    monster,
    real,
)
from cardlab.simulate.four_souls.views import View
from cardlab.strategies.four_souls import sensible_policy as policy
from cardlab.strategies.four_souls import valuing
from tests.four_souls.strategy_table import own_turn, strategy_table

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


_TO_KILLER = ({"static": {"rewards_to_killer": True}},)


def test_FS_1_15_a_monster_that_pays_its_killer_is_mine_to_kill_in_a_rivals_turn():
    """A monster whose own static gives its whole reward, soul included, to whoever kills it
    (``rewards_to_killer``): killed by me in a rival's turn (a shot, a damage effect), its soul and loot are
    mine, 1 + 10 + 1 = 12, not the rival's (1 - 11). The old worth gave it to the active player."""
    g = strategy_table(2)
    m = add_slot_monster(g, monster("Greedy", hp=2, soul=1, rewards={"loot": 1}, abilities=_TO_KILLER))
    g.active = 1
    view = View(g, 0)
    assert policy._worth(g.io.strategies[0], view, view.info(m.ref)) == pytest.approx(12.0)


def test_FS_1_15_with_killer_rewards_in_play_my_kill_pays_me_its_block_too():
    """Multiplayer Update (a room with a ``killer_rewards`` static) in play, 4 players: a monster (soul 1,
    3 loot) killed by me in a rival's turn gives the active rival its soul and loot (a third of 13 lost to
    me) and me its 3 loot besides: 1 - 13/3 + 3. Without the room, 1 - 13/3. The old worth ignored it."""
    g = strategy_table(4)
    m = add_slot_monster(g, monster("Plain", hp=2, soul=1, rewards={"loot": 3}))
    g.active = 1
    me = g.io.strategies[0]
    view = View(g, 0)
    assert policy._worth(me, view, view.info(m.ref)) == pytest.approx(1.0 - 13.0 / 3)
    add_room(g, by_id("ani-multiplayer_update"))
    view = View(g, 0)
    assert policy._worth(me, view, view.info(m.ref)) == pytest.approx(1.0 - 13.0 / 3 + 3.0)


def test_FS_1_15_FS_10_7_a_partners_hit_that_takes_my_soul_is_spoiled():
    """My attack (P0, The D6 charged) on a 2-HP soul monster that pays its killer alone, P1 teamed up
    (FS-10.7). P0 hits (6: 1 HP left), then P1's roll hits (6) and would kill it: the soul would be P1's. P0
    rerolls P1's roll with The D6 (1: a miss), then kills the monster itself (6) and gains the soul. The old
    player let a partner's hit in its own attack be (the active player's reward, FS-1.15), and P1 took it."""
    g = strategy_table(2, rolls=[6, 6, 1, 6], hp=2)
    d6 = give_item(g, 0, real("The D6"))
    m = add_slot_monster(g, monster("Greedy", hp=2, evasion=3, soul=1, abilities=_TO_KILLER))
    g.active = 0
    g.team_ups.append(1)
    attack.run_attack(g, 0, m)
    assert not d6.charged and not m.in_play
    assert len(g.players[0].souls) == 1 and not g.players[1].souls


_SHOP_STEAL = {"choose": {"I": "shop_item"}, "do": {"steal": {"what": "I"}}}


def test_FS_11_a_shop_item_taken_is_worth_the_item():
    """A steal whose target is a shop item (Shopkeeper!'s reward; FS-1.1, FS-6.12: nobody's until bought) is worth the
    item taken: at a typical table (no view) a fresh treasure, 3; in play, the best item on offer by its worth
    (``valuing.item_value``), and every one of them for an ``each``. The old reading took it for a rival's
    best item, none at a bare table: 0 (and a rival's loss besides in play)."""
    assert valuing.reward_worth(_rules("rwz-shopkeeper"), 4, 0) == pytest.approx(3.0)
    g = strategy_table(2)
    cheap, dear = add_shop_item(g, by_id("b2-the_d6")), add_shop_item(g, by_id("b2-sack_of_pennies"))
    view = View(g, 0)
    out = g.io.strategies[0]._outlook(view)
    worths = [valuing.item_value(o.phys) for o in (cheap, dear)]
    assert valuing.effect_value(_SHOP_STEAL, out) == pytest.approx(max(worths))
    each = {"each": {"S": "shop_item"}, "do": {"steal": {"what": "S"}}}
    assert valuing.effect_value(each, out) == pytest.approx(sum(worths))


def test_FS_13_4_the_evaluator_reads_reward_effects_too():
    """``evaluator`` prices a monster's reward effects through the same reading (``valuing.reward_effects``,
    in its loot-card units): beside Plain, Trap (the same fight, 2 loot more, but its reward kills its
    gainer: 3 - 4) is no longer the fight it picks. The old evaluator read the printed rewards only and
    attacked Trap."""
    g = strategy_table(2, name="evaluator", rolls=[6, 6, 6, 6])
    add_slot_monster(g, monster("Trap", hp=2, evasion=2, rewards={"loot": 3}, abilities=_KILL_GAINER))
    add_slot_monster(g, monster("Plain", hp=2, evasion=2, rewards={"loot": 1}))
    own_turn(g, attacks=1)
    assert [r[4] for r in kinds(g, "attack_target")][:1] == ["Plain"]
