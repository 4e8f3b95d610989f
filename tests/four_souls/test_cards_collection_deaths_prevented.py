"""Issue 19: monsters whose "would die" trigger prevents the death and pays out (FS-13.1, FS-6.16, FS-13.4):
Summer of Isaac Headless Horseman, Greedling Rush!, The Duke of Flies but Really It's The Bloat."""

from __future__ import annotations

from cardlab.simulate.four_souls import damage, statics
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    by_id,
    card,
    character,
    check_invariants,
    loot_fillers,
    monster,
    phys,
    position,
    settle,
)
from cardlab.simulate.four_souls.state import Attack


def _hit(g, m, n, roll=None):
    """Damage from seat 0's attack: combat damage from a rolled attack (or an effect's, roll None)."""
    damage.push_damage(g, n, m, 0, None, roll is not None, roll, "test")
    if roll is not None:
        g.killing_roll[m.uid] = roll
    settle(g)


def test_FS_13_1_summer_headless_horseman_dies_only_on_an_attack_roll_of_six():
    """Killed on a 4: the death is prevented, it heals to full with +1 evasion and +1 damage, and seat 0
    gains its reward (1 treasure). Killed on a 6 it dies."""
    g = position(2)
    loot_fillers(g, 5)
    g.treasure.extend(phys(g, card(f"T{i}", deck="treasure", kind="passive")) for i in range(3))
    g.active = 0
    h = add_slot_monster(g, by_id("soi-headless_horseman"))
    g.monster.append(phys(g, monster("Next")))
    g.attack = Attack(seat=0, target=h)
    _hit(g, h, 2, roll=4)
    assert h.in_play and statics.monster_hp(g, h) == 2 and len(g.players[0].items) == 1
    assert (statics.monster_atk(g, h), h.b_ev) == (2, 1)
    _hit(g, h, 2, roll=6)
    assert not h.in_play and len(g.players[0].souls) == 1
    check_invariants(g)


def test_FS_13_4_greedling_rush_pays_six_cents_a_death_and_leaves_after_the_sixth():
    g = position(2)
    g.active = 0
    gr = add_slot_monster(g, by_id("box-greedling_rush"))
    g.monster.append(phys(g, monster("Next")))
    for _ in range(5):
        assert damage.kill(g, gr, 0)
        settle(g)
    assert gr.in_play and g.players[0].cents == 30
    damage.kill(g, gr, 0)
    settle(g)
    assert not gr.in_play and gr.phys in g.monster_disc and g.players[0].cents == 36
    assert g.monster_deaths == 0


def test_FS_10_11_duke_bloat_cancels_the_attack_twice_and_dies_the_third_time():
    """Two deaths prevented: each pays a treasure, cancels the attack and deals 2 to a random player (each
    player has 6 HP here); the third kill is a real death."""
    g = position(2, chars=[character("A", hp=6), character("B", hp=6)])
    g.treasure.extend(phys(g, card(f"T{i}", deck="treasure", kind="passive")) for i in range(3))
    g.active = 0
    b = add_slot_monster(g, by_id("p-the_duke_of_flies_but_really_its_the_bloat"))
    g.monster.append(phys(g, monster("Next")))
    for k in (1, 2):
        g.attack = Attack(seat=0, target=b)
        damage.kill(g, b, 0)
        settle(g)
        assert b.in_play and g.attack.cancelled and len(g.players[0].items) == k
    assert sum(p.damage for p in g.players) == 4
    damage.kill(g, b, 0)
    settle(g)
    assert not b.in_play and len(g.players[0].souls) == 1
