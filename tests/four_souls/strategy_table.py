"""A table for strategy scenario tests: seat 0 is the strategy under test, the other seats are scripted
(they pass), every character has the Base V2 character's ↷ (an extra loot play)."""

from __future__ import annotations

import random

from cardlab.simulate.four_souls import turn
from cardlab.simulate.four_souls.fixtures import character, position
from cardlab.simulate.four_souls.state import Game
from cardlab.strategies.four_souls import STRATEGIES

LOOT_PLAY = ({"tap": {"do": {"extra_loot_play": 1}}},)  # every Base V2 character's ↷


def strategy_table(n: int = 2, name: str = "sensible", rolls=(), hp: int = 2, charged: bool = False) -> Game:
    """``n`` players with ``hp`` HP; seat 0 plays ``name``; its character's ↷ charged or not."""
    chars = [character(f"C{i}", hp=hp, abilities=LOOT_PLAY) for i in range(n)]
    g = position(n, chars=chars, rolls=list(rolls))
    g.io.strategies[0] = STRATEGIES[name](0, random.Random(0))
    g.players[0].character.charged = charged
    return g


def own_turn(g: Game, attacks: int = 0) -> None:
    """P0's action phase (FS-8.6), decision by decision, until it ends the turn (``attacks`` attacks
    allowed, one purchase, one loot play)."""
    g.active = 0
    g.attacks_left = attacks
    g.purchases_left = 1
    g.players[0].loot_plays = 1
    for _ in range(50):
        if not turn.action(g):
            return
    raise AssertionError("the action phase did not end")


def belongings(g: Game, seat: int, loot: bool = True) -> None:
    """What a death penalty takes (FS-13.9), so that a death there is priced as at a typical table
    (``valuing.death_price``): a spent Sack Of Pennies (worth 2.5), 3¢ and, with ``loot``, a Bomb! in hand."""
    from cardlab.simulate.four_souls.fixtures import give_item, give_loot, real, take_cents

    give_item(g, seat, real("Sack Of Pennies"), charged=False)
    take_cents(g, seat, 3)
    if loot:
        give_loot(g, seat, real("Bomb!"))
