"""Requiem and Warp Zone bonus souls (issue 19): their abilities work out of play until gained (FS-14.7),
their counters live on them, and the player their condition names gains them (FS-14.8)."""

from __future__ import annotations

from cardlab.simulate.four_souls import checks, dice, resolution, resources, triggers
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    card,
    check_invariants,
    kinds,
    loot_fillers,
    monster,
    phys,
    position,
    real,
)
from cardlab.simulate.four_souls.setup import place_bonus


def _bonus(g, name):
    soul = phys(g, real(name))
    place_bonus(g, [soul])
    return soul


def _settle(g):
    resolution.priority(g, g.active)
    checks.state_checks(g)


def test_FS_14_7_FS_14_8_soul_of_wrath_counts_player_deaths_out_of_play_and_the_sixth_goes_to_the_active_player():
    """Each player death puts a counter on the bonus soul (its triggered ability resolves as the game's);
    the active player (seat 1) gains it at the sixth, whoever died; then its abilities stop (FS-14.8)."""
    g = position(3)
    loot_fillers(g, 40)
    g.active = 1
    wrath = _bonus(g, "Soul of Wrath")
    obj = g.bonus_objs[wrath.pid]
    for i in range(5):
        triggers.fire(g, "dies", victim=g.players[i % 3], killer=-1)
        _settle(g)
    assert obj.counters == 5 and g.bonus == [wrath]
    triggers.fire(g, "dies", victim=g.players[0], killer=-1)
    _settle(g)
    assert g.bonus == [] and not g.bonus_objs and not obj.in_play
    assert [s.phys for s in g.players[1].souls] == [wrath]
    assert [r[2] for r in kinds(g, "bonus_soul_gained")] == [1]
    triggers.fire(g, "dies", victim=g.players[2], killer=-1)  # gained: no more counters
    _settle(g)
    assert obj.counters == 6 and not g.pending
    check_invariants(g)


def test_FS_14_7_soul_of_lust_counts_monster_kills_by_players_and_soul_of_pride_counts_treasure_gains():
    """Lust: only a monster a player killed counts (FS-13.4); Pride: a +1 treasure of any player counts
    (FS-6.11), one counter per treasure."""
    g = position(2)
    loot_fillers(g, 40)
    g.active = 0
    souls = [phys(g, real("Soul of Lust")), phys(g, real("Soul of Pride"))]
    place_bonus(g, souls)
    lust, pride = (g.bonus_objs[s.pid] for s in souls)
    victim = add_slot_monster(g, monster("Gaper", hp=1))
    triggers.fire(g, "killed", victim=victim, killer=1)
    triggers.fire(g, "dies", victim=victim, killer=-1)  # a death no player caused: no "killed"
    _settle(g)
    assert lust.counters == 1
    g.treasure.extend(phys(g, card(f"T{i}", deck="treasure", kind="passive")) for i in range(3))
    for seat in (0, 1, 1):
        resources.gain_treasure(g, g.players[seat], "test")
    _settle(g)
    assert pride.counters == 3 and lust.counters == 1
    check_invariants(g)


def test_FS_14_8_strawberry_goes_to_the_first_active_player_with_three_ones_in_one_turn():
    """Strawberry's counters come from the active player's 1s (not another player's) and are all
    removed as each turn ends: two 1s on one turn and one on the next gain nothing; three on one turn
    give it to the active player."""
    g = position(2, rolls=[1, 1, 1, 1, 1, 1])
    loot_fillers(g, 20)
    g.active = 0
    berry = _bonus(g, "Strawberry")
    obj = g.bonus_objs[berry.pid]

    def roll(seat):
        dice.push_roll(g, seat, "test")
        _settle(g)

    roll(0)
    roll(1)  # not the active player's roll
    roll(0)
    assert obj.counters == 2
    triggers.fire(g, "turn_end", seat=0)
    _settle(g)
    assert obj.counters == 0 and g.bonus == [berry]
    g.active = 1
    for _ in range(3):
        roll(1)
    assert g.bonus == [] and [s.phys for s in g.players[1].souls] == [berry]
    check_invariants(g)
