"""[A]'s turns and rounds (000_…txt): a round runs from a player's turn to their next; for a player and what
they control it is measured from their own turn, for the game and what it controls from the first
player's (FS-8.12); "each turn" counts start again with every turn for every object, the game's rooms
too (FS-8.10). Exact outcomes, rule IDs in the names."""

from __future__ import annotations

from cardlab.simulate.four_souls import checks, counters, resolution, triggers, turn
from cardlab.simulate.four_souls.fixtures import (
    add_room,
    add_slot_monster,
    by_id,
    loot_fillers,
    monster,
    position,
)

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


def test_FS_8_10_FS_16_2_a_rooms_first_attack_each_turn_counts_again_next_turn():
    """Blood Lust (Requiem room): the active player's first attack declared each turn makes them owe one
    more. P0 declares an attack on their turn, P1 on theirs: each is owed one more. Before, a room's
    "each turn" count never started again, so only P0 was."""
    g = position(2)
    add_room(g, by_id("r-blood_lust"))
    add_slot_monster(g, monster("Blob", hp=9, evasion=6, attack=0))
    owed = []
    for seat in (0, 1):
        g.active = seat
        triggers.fire(g, "attack_declared", seat=seat)
        checks.state_checks(g)
        resolution.priority(g, seat, until_empty=True)
        owed.append(list(g.must_attack))
        turn.end_of_turn(g)
    assert owed == [[("any", False)], [("any", False)]]
