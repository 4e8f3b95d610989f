"""[A]'s rounds (000_…txt, FS-8.12): a round runs from a player's turn to their next; for a player and what
they control it is measured from their own turn, for the game and what it controls from the first
player's. Exact outcomes, rule IDs in the names."""

from __future__ import annotations

from cardlab.simulate.four_souls import counters, turn
from cardlab.simulate.four_souls.fixtures import add_slot_monster, loot_fillers, monster, position

ONCE_A_ROUND = {
    "on": {"turn_start": "any_player", "first_each_round": True},
    "do": {"add_counters": {"n": 1, "object": "self"}},
}


def test_FS_8_12_a_monsters_round_runs_from_the_first_players_turn():
    """A monster gains a counter the first time a turn starts in each round. P1 goes first in a 3-player
    game: turns P1, P2, P0 make one round (one counter), P1's next turn starts the second (two). Before,
    a monster's round never started again, so it stayed at one."""
    g = position(3)
    g.active = g.first = 1
    tick = add_slot_monster(g, monster("Tick", hp=9, abilities=(ONCE_A_ROUND,)))
    loot_fillers(g, 10)
    seen = []
    for _ in range(5):
        seen.append(g.active)
        turn.play_turns(g, g.turn + 1)
        seen.append(counters.count(tick))
    assert seen == [1, 1, 2, 1, 0, 1, 1, 2, 2, 2]
