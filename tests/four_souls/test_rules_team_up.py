"""Team-up attacks (Sibling Rivalry, verb ``team_up``; cardlab's reading under FS-10.7 in
docs/rules/four_souls.md): the partner rolls after each of the attacker's attack rolls and shares the rewards."""

from __future__ import annotations

from cardlab.simulate.four_souls import attack, plays, turn
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    by_id,
    character,
    check_invariants,
    give_item,
    monster,
    position,
    settle,
)


def _table(rolls: list[int]):
    """Seat 0 is active; seat 2 holds Sibling Rivalry and names itself."""
    pick_self = {2: lambda d: next((o for o in d.options if getattr(o, "seat", -1) == 2), None)}
    g = position(
        3, chars=[character("A", hp=3), character("B"), character("C", hp=2)], plans=pick_self, rolls=rolls
    )
    g.active = 0
    rivalry = give_item(g, 2, by_id("r-sibling_rivalry"), eternal=True)
    rivalry.charged = True
    m = add_slot_monster(g, monster("Pair", hp=2, evasion=3, attack=1, rewards={"cents": 3}))
    act = next(o for o in plays.legal_actions(g, 2) if len(o) > 1 and o[1] is rivalry)
    assert plays.take_action(g, 2, act)
    settle(g)
    return g, m


def test_FS_10_7_team_up_partner_rolls_after_the_attacker_and_gains_the_rewards_too():
    """Attacker hits (4), partner hits (5): the 2-HP monster dies on the partner's roll; both gain 3 cents."""
    g, m = _table([4, 5])
    assert g.team_ups == [2]
    assert attack.run_attack(g, 0, m)
    settle(g)
    assert [g.players[s].cents for s in (0, 1, 2)] == [3, 0, 3]
    assert g.team_ups == [] and not m.in_play
    check_invariants(g)


def test_FS_10_7_FS_10_9_a_partner_who_misses_takes_the_combat_damage():
    """Attacker hits (6), partner misses (1) and takes the monster's 1 damage; next pair of rolls kills it."""
    g, m = _table([6, 1, 6])
    assert attack.run_attack(g, 0, m)
    settle(g)
    assert g.players[2].damage == 1 and g.players[0].damage == 0
    assert [g.players[s].cents for s in (0, 1, 2)] == [3, 0, 3]


def test_FS_10_7_an_unused_team_up_lapses_at_the_turns_end():
    g, _ = _table([])
    assert g.team_ups == [2]
    turn.end_of_turn(g)
    assert g.team_ups == []
