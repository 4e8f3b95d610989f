"""Team-up attacks (Sibling Rivalry, verb ``team_up``; cardlab's reading under FS-10.7 in
docs/rules/four_souls.md): the partner rolls after each of the attacker's attack rolls and shares the rewards."""

from __future__ import annotations

from cardlab.simulate.four_souls import attack, plays, turn
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    by_id,
    card,
    character,
    check_invariants,
    deck,
    give_item,
    monster,
    phys,
    position,
    rooms_of,
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


def _gus(rolls: list[int], damage: int):
    """Seat 0 attacks Gus (9 HP, evasion 3) already carrying ``damage``; three treasures to gain."""
    g = position(3, chars=[character("A", hp=3), character("B", hp=3), character("C", hp=3)], rolls=rolls)
    g.active = 0
    deck(g, "treasure", [card(f"T{i}", "treasure", "passive") for i in range(3)])
    r = rooms_of(g)
    gus = g.new_obj(phys(g, by_id("r-gus")), "room", -1, slot=0)
    r.slots.append([gus])
    gus.damage = damage
    return g, gus


def test_FS_10_7_FS_16_6_gus_a_non_active_player_rolling_4_to_6_joins_the_attack_on_it():
    """Seat 1 rolls 5 and joins, seat 2 rolls 2 and does not; the attacker hits (4), then seat 1 hits (6)
    for the last HP. The active player gains Gus as a soul (FS-14.5); every player gains a treasure."""
    g, gus = _gus([5, 2, 4, 6], damage=7)
    assert attack.run_attack(g, 0, gus)
    settle(g)
    assert [s.phys.card.name for s in g.players[0].souls] == ["Gus"]
    assert [len(p.items) for p in g.players] == [1, 1, 1]
    assert not gus.in_play and gus.phys not in g.rooms.disc
    check_invariants(g)


def test_FS_10_7_gus_no_partner_when_every_non_active_player_rolls_low():
    """Both roll 3: nobody joins; the attacker misses (1) and takes Gus's 1 damage, hits (3) for the kill."""
    g, gus = _gus([3, 3, 1, 3], damage=8)
    assert attack.run_attack(g, 0, gus)
    settle(g)
    assert g.players[0].damage == 1 and g.players[1].damage == 0 and g.players[2].damage == 0
    assert [s.phys.card.name for s in g.players[0].souls] == ["Gus"]


def test_FS_10_7_co_op_baby_names_a_partner_for_each_attack_its_holder_declares():
    """Seat 0 holds Co-op Baby and attacks a 2-HP monster: the named partner (scripted: seat 1) rolls after
    the attacker; attacker hits (4), partner hits (5), both gain the 3 cents."""
    g = position(2, rolls=[4, 5])
    g.active = 0
    give_item(g, 0, by_id("ani-co_op_baby"))
    m = add_slot_monster(g, monster("Pair", hp=2, evasion=3, attack=1, rewards={"cents": 3}))
    attack.declare_attack(g, 0, restrict=m)
    settle(g)
    assert [p.cents for p in g.players] == [3, 3] and not m.in_play
    check_invariants(g)
