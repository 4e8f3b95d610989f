"""0 HP with a death on the stack ([A], 000_…txt, damage and death): an object with 0 HP can still be dealt
damage, which is not marked (FS-6.20); its death, already on the stack (FS-13.1), keeps the killer it was
put there with. Scenarios on a dying monster and a dying player."""

from __future__ import annotations

from cardlab.simulate.four_souls import checks, damage, resolution
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    by_id,
    character,
    check_invariants,
    kinds,
    monster,
    position,
    settle,
)
from cardlab.simulate.four_souls.items import DeathItem


def test_FS_6_20_a_dying_monster_is_dealt_damage_unmarked_and_its_damage_triggers_fire():
    """A monster that puts a counter on itself each time it takes damage (Teratoma's shape) is killed: its
    death waits on the stack at 0 HP. 1 damage put on top resolves first: it is dealt (logged, and the
    counter goes on) but not marked, so the damage on it stays its maximum HP. Before, a monster whose death
    was on the stack took nothing: no damage, no counter."""
    g = position(2)
    g.active = 0
    m = add_slot_monster(
        g,
        monster(
            "Counter",
            hp=3,
            abilities=({"on": {"damaged": "self"}, "do": {"add_counters": {"n": 1, "object": "self"}}},),
        ),
    )
    assert damage.kill(g, m, 0)
    assert damage.push_damage(g, 1, m, 1, None, False, None, "Bomb")
    resolution.resolve_top(g)  # the damage, put on top of the death, resolves first
    checks.state_checks(g)  # its trigger goes on the stack
    resolution.resolve_top(g)
    assert [(r[4], r[5], r[6]) for r in kinds(g, "damage")] == [("Bomb", "Counter", 1)]
    assert m.counters == 1 and m.damage == 3 and m.dying
    assert [type(it) for it in g.stack] == [DeathItem] and g.stack[0].killer == 0  # as it was put there
    settle(g)
    assert not m.in_play and len(kinds(g, "monster_died")) == 1
    check_invariants(g)


def test_FS_6_20_damage_to_a_dying_player_does_not_take_the_kill_from_the_monster_that_dealt_the_lethal_damage():
    """The Butcher grows for each player it kills (the last damage the player took came from it). Its 2
    damage brings P1 to 0 HP; P1's death goes on the stack; P0's loot then deals P1 1 damage, unmarked, which
    resolves before the death. The death still counts as The Butcher's kill: it gets its counter. Before,
    the unmarked damage became "the last damage taken" and The Butcher got nothing."""
    g = position(2, chars=[character("A"), character("B", hp=2)])
    g.active = 0
    butcher = add_slot_monster(g, by_id("rwz-the_butcher"))
    assert damage.push_damage(g, 2, g.players[1], -1, butcher, False, None, "The Butcher")
    resolution.resolve_top(g)
    checks.state_checks(g)  # the death goes on the stack at the next priority (FS-13.1)
    assert g.players[1].death_pending and [type(it) for it in g.stack] == [DeathItem]
    assert damage.push_damage(g, 1, g.players[1], 0, None, False, None, "Bomb")
    settle(g)
    assert [r[6] for r in kinds(g, "damage")] == [2, 1] and g.players[1].dead
    assert butcher.counters == 1
    check_invariants(g)
