"""The players value rooms (FS-16.3 room step) from the rooms' encoded abilities (``valuing.room_value``),
not by a coin: seat 0 is the strategy under test, seat 1 scripted (``strategy_table``)."""

from __future__ import annotations

import pytest

from cardlab.simulate.four_souls import turn
from cardlab.simulate.four_souls.fixtures import card, give_item, monster, phys, real, rooms_of
from tests.four_souls.strategy_table import strategy_table


def _room_step(name: str, souls: tuple[int, int], strategy: str = "sensible", setup=None) -> bool:
    """P0 ends a turn in which a monster died with ``name`` in the room slot: did it discard the room?
    ``setup(g, room)`` changes the table first."""
    g = strategy_table(2, name=strategy)
    for seat, n in enumerate(souls):
        for _ in range(n):
            g.players[seat].souls.append(g.new_obj(phys(g, monster("Boss", soul=1)), "soul", seat))
    o = g.new_obj(phys(g, real(name)), "room", -1, slot=0)
    if setup is not None:
        setup(g, o)
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


def _strong_item(seat: int):
    """``setup`` for ``_room_step``: ``seat`` holds an item whose own abilities (+2 damage) are worth more
    than one tap reroll of a roll."""

    def give(g, _room) -> None:
        give_item(
            g, seat, card("Sharp Stick", deck="treasure", kind="item", abilities=({"static": {"atk": 2}},))
        )

    return give


@pytest.mark.parametrize("strategy", ["sensible", "evaluator"])
def test_FS_5_2_FS_16_3_a_room_overwriting_every_items_abilities_goes_when_it_takes_more_from_me(strategy):
    """Re-Isaac (static items_have) leaves every item in play only a tap reroll: P0 holding a +2 damage item
    discards it (its item would lose more than it gains); with the item P1's, P0 keeps it."""
    name = "The Isaac of Isaac: Re-Isaac"
    assert _room_step(name, (0, 0), strategy, _strong_item(0))
    assert not _room_step(name, (0, 0), strategy, _strong_item(1))


def _goals(n: int):
    """``setup`` for ``_room_step``: the room's first ``n`` goals are met (FS-16.2)."""

    def meet(_g, room) -> None:
        goals = sorted((a for abs_ in room.rules.goals.values() for a in abs_), key=lambda a: a.index)
        room.noted = {a.index: a.cost for a in goals[:n]}

    return meet


@pytest.mark.parametrize("met", [3, 4])
def test_FS_16_2_a_goal_payout_is_worth_nothing_once_paid(met):
    """Social Goals! pays 2 treasures to every player as its fourth goal is met: with P1 a soul from winning
    that payout still moves worth (3 goals met); with 4 met it has paid and the room is worth 0 (the room
    step offers its discard only then, FS-16.3)."""
    from cardlab.simulate.four_souls.views import View
    from cardlab.strategies.four_souls import valuing

    g = strategy_table(2)
    g.players[1].souls.extend(g.new_obj(phys(g, monster("Boss", soul=1)), "soul", 1) for _ in range(3))
    o = g.new_obj(phys(g, real("Social Goals!")), "room", -1, slot=0)
    rooms_of(g).slots.append([o])
    _goals(met)(g, o)
    view = View(g, 0)
    out = g.io.strategies[0]._outlook(view)
    worth = valuing.room_value(o.rules, out, (0, 3), 0, met=view.goals_met(o.ref))
    assert (worth == 0.0) == (met == 4)


def _devil_beggar_turn(hp: int, attacks: int) -> list:
    """P0 (``hp`` HP, ``attacks`` attacks left, an unattractive slot, an item and cents its death would cost
    it, FS-13.9) in its action phase with Devil Beggar ($ pay 1 HP: roll for loot, a 6 deals 1 damage to the
    payer) in the room slot: the HP payments it made, each named by the room."""
    from cardlab.simulate.four_souls.fixtures import add_slot_monster, deck, kinds
    from tests.four_souls.strategy_table import belongings, own_turn

    g = strategy_table(2, rolls=[3], hp=hp)
    belongings(g, 0, loot=False)
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


@pytest.mark.parametrize("n", [2, 3])
def test_FS_16_2_a_payout_to_every_player_that_helps_the_leader_is_a_loss(n):
    """Social Goals! pays 2 treasures to every player as its fourth goal is met (3 met). With P1 a soul from
    winning, each treasure of theirs counts double against mine (``Outlook.rival``): the payout is worth less
    than nothing to P0 (-3). The old reading counted the rivals' shares twice — once inside the "each
    player" effect, once more as a payout to the active player in a rival's turn — and its sign turned: +3."""
    from cardlab.simulate.four_souls.views import View
    from cardlab.strategies.four_souls import valuing

    g = strategy_table(n)
    g.players[1].souls.extend(g.new_obj(phys(g, monster("Boss", soul=1)), "soul", 1) for _ in range(3))
    o = g.new_obj(phys(g, real("Social Goals!")), "room", -1, slot=0)
    rooms_of(g).slots.append([o])
    _goals(3)(g, o)
    view = View(g, 0)
    out = g.io.strategies[0]._outlook(view)
    souls = tuple(view.souls(s) for s in range(n))
    assert valuing.room_value(o.rules, out, souls, 0, met=view.goals_met(o.ref)) == pytest.approx(-3.0)
