"""``sensible`` answers a rival's hit that kills a boss by killing the attacker first: the attack ends, the
hit fizzles and no soul is gained (FS-10.11, FS-13.8). Seat 0 is the strategy under test, its character's ↷
(a loot play, FS-Q.34) charged; seat 1 is scripted (it passes) and attacks. The old player answered such a
hit only with roll changes, shields, attack-ending cards and wipes, and let it land."""

from __future__ import annotations

import contextlib

from cardlab.simulate.four_souls import attack
from cardlab.simulate.four_souls import fixtures as fx
from cardlab.simulate.four_souls.state import GameOver
from tests.four_souls.strategy_table import strategy_table


def _rival_hits_a_boss(souls: int, hurt: int, hand: str = "Bomb!", holds: bool = True):
    """P1 (2 HP, ``hurt`` damage taken, ``souls`` souls; with ``holds`` an item, two loot cards and 3¢ that its
    death would cost it, FS-13.9) attacks a 1-HP boss worth a soul (evasion 3) and rolls a 6: the hit that
    kills it waits. P0 holds ``hand`` (a shot of 1 at any player or monster)."""
    g = strategy_table(2, rolls=[6, 6], hp=2, charged=True)
    fx.loot_fillers(g, 10)
    if holds:
        fx.give_item(g, 1, fx.real("Sack Of Pennies"), charged=False)
        fx.give_loot(g, 1, fx.real("Bomb!"))
        fx.give_loot(g, 1, fx.real("Bomb!"))
        fx.take_cents(g, 1, 3)
    for _ in range(souls):
        g.players[1].souls.append(g.new_obj(fx.phys(g, fx.monster("Old Boss", soul=1)), "soul", 1))
    g.players[1].damage = hurt
    fx.give_loot(g, 0, fx.real(hand))
    boss = fx.add_slot_monster(g, fx.monster("Boss", hp=1, evasion=3, attack=1, soul=1))
    g.active = 1
    with contextlib.suppress(GameOver):  # the boss was P1's winning soul (FS-14.1)
        attack.run_attack(g, 1, boss)
    return g, boss


def test_FS_10_11_the_rivals_winning_hit_is_answered_by_killing_the_attacker():
    """P1 has 3 souls: the boss is its 4th (FS-14.1). P0 uses its ↷ for a loot play and plays Bomb! on P1 (1
    HP left): P1 dies, the attack ends, the boss stays and P1 keeps 3 souls."""
    g, boss = _rival_hits_a_boss(souls=3, hurt=1)
    assert [r[4] for r in fx.kinds(g, "loot_played")] == ["Bomb!"]
    assert fx.kinds(g, "player_died") and boss.in_play
    assert len(g.players[1].souls) == 3


def test_FS_10_11_a_boss_soul_denied_is_worth_a_card_in_two_player_games():
    """P1 has no soul: the boss's soul and P1's death are worth more to P0 than Bomb! kept, so P0 plays it on
    P1 the same way."""
    g, boss = _rival_hits_a_boss(souls=0, hurt=1)
    assert [r[4] for r in fx.kinds(g, "loot_played")] == ["Bomb!"]
    assert boss.in_play and not g.players[1].souls


def test_FS_13_9_no_shot_at_an_attacker_whose_death_costs_it_nothing():
    """The same hit, but P1 holds nothing its death penalty could take (no item, loot card or cent, nothing
    charged): its death is worth only the rest of its turn, and the boss's soul alone is not worth the card to
    P0, which keeps Bomb! (a death priced from the position, not a fixed 4)."""
    g, boss = _rival_hits_a_boss(souls=0, hurt=1, holds=False)
    assert not fx.kinds(g, "loot_played")
    assert not boss.in_play and len(g.players[1].souls) == 1


def test_FS_10_11_no_shot_when_it_cannot_kill_the_attacker():
    """P1 is unhurt (2 HP): Bomb! would not kill it, so P0 keeps the card and P1 takes the boss."""
    g, boss = _rival_hits_a_boss(souls=3, hurt=0)
    assert not fx.kinds(g, "loot_played")
    assert not boss.in_play and len(g.players[1].souls) == 4
