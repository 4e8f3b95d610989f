"""The players value rooms (FS-16.3 room step) from the rooms' encoded abilities (``valuing.room_value``),
not by a coin: seat 0 is the strategy under test, seat 1 scripted (``strategy_table``)."""

from __future__ import annotations

import pytest

from cardlab.simulate.four_souls import turn
from cardlab.simulate.four_souls.fixtures import monster, phys, real, rooms_of
from tests.four_souls.strategy_table import strategy_table


def _room_step(name: str, souls: tuple[int, int], strategy: str = "sensible") -> bool:
    """P0 ends a turn in which a monster died with ``name`` in the room slot: did it discard the room?"""
    g = strategy_table(2, name=strategy)
    for seat, n in enumerate(souls):
        for _ in range(n):
            g.players[seat].souls.append(g.new_obj(phys(g, monster("Boss", soul=1)), "soul", seat))
    o = g.new_obj(phys(g, real(name)), "room", -1, slot=0)
    rooms_of(g).slots.append([o])
    rooms_of(g).deck.append(phys(g, real("Planetarium")))
    g.active, g.monster_deaths = 0, 1
    turn.room_step(g)
    return not o.in_play


@pytest.mark.parametrize("strategy", ["sensible", "evaluator"])
def test_FS_16_2_FS_16_3_a_room_helping_every_active_player_goes_when_a_rival_is_a_soul_from_winning(
    strategy,
):
    """P1 holds 3 of 4 souls. Blessing of Greed (3c to each active player) would pay P1 first: P0
    discards it. Red Vise (1 damage to each active player) would hurt P1 first: P0 keeps it."""
    assert _room_step("Blessing of Greed", (0, 3), strategy)
    assert not _room_step("Red Vise", (0, 3), strategy)


def test_FS_16_3_might_for_the_meek_is_kept_by_the_trailing_player_and_discarded_by_the_leader():
    """Might for the Meek covers the fewest souls only: P0 with 0 souls against 1 keeps it; P0 with 1
    against 0 discards it (it would arm P1)."""
    assert not _room_step("Might for the Meek", (0, 1))
    assert _room_step("Might for the Meek", (1, 0))


def _devil_beggar_turn(hp: int, attacks: int) -> list:
    """P0 (``hp`` HP, ``attacks`` attacks left, an unattractive slot) in its action phase with Devil
    Beggar ($ pay 1 HP: roll for loot, a 6 deals 1 damage to the payer) in the room slot: the HP
    payments it made, each named by the room."""
    from cardlab.simulate.four_souls.fixtures import add_slot_monster, deck, kinds
    from tests.four_souls.strategy_table import own_turn

    g = strategy_table(2, rolls=[3], hp=hp)
    o = g.new_obj(phys(g, real("Devil Beggar")), "room", -1, slot=0)
    rooms_of(g).slots.append([o])
    add_slot_monster(g, monster("Wall", hp=9, evasion=6, attack=3))
    deck(g, "monster", [monster("Wall 2", hp=9, evasion=6, attack=3)])
    own_turn(g, attacks=attacks)
    return [r[4] for r in kinds(g, "damage") if r[7] == "paid"]  # the HP paid, by the room's name


def test_FS_8_10_hp_paid_with_no_fight_left_costs_little():
    """With no attack left, HP paid heals at the end of the turn (FS-8.10): P0 at 3 HP pays 1 for Devil
    Beggar's loot roll (twice: down to 1 HP, which it keeps); with an attack still to make it keeps its
    HP; at 1 HP paying would kill it."""
    assert _devil_beggar_turn(hp=3, attacks=0) == ["Devil Beggar", "Devil Beggar"]
    assert not _devil_beggar_turn(hp=3, attacks=1)
    assert not _devil_beggar_turn(hp=1, attacks=0)
