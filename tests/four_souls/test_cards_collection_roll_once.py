"""Issue 19: would-roll triggers that change a roll once (``once_per_roll``, FS-9.2(4)): P.H.D., Tainted
Spitty; a monster's "when this is put into a slot" (FS-4.9): The Bloat promo, Coil; Patch Notes' counters
(FS-5.14); a player's combat damage replacement (FS-6.21): Cursed Eye."""

from __future__ import annotations

from cardlab.simulate.four_souls import damage, dice, statics, zones
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    by_id,
    card,
    character,
    check_invariants,
    give_item,
    give_loot,
    monster,
    phys,
    position,
    settle,
)
from cardlab.simulate.four_souls.state import Attack


def test_FS_9_2_phd_changes_a_non_attack_roll_once_and_leaves_attack_rolls_alone():
    """P.H.D.: a 3 may become 4 (its holder picks +1) — once, not again on the 4; an attack roll: no offer."""
    asked = []

    def plan(d):
        if d.kind in ("may", "modify_roll"):
            asked.append(d.kind)
            return True if d.kind == "may" else 1
        return None

    g = position(2, plans={0: plan}, rolls=[3, 3])
    g.active = 0
    give_item(g, 0, by_id("fsp2-phd"))
    r = dice.push_roll(g, 0, "test")
    settle(g)
    assert r.value == 4 and asked == ["may", "modify_roll"]
    r = dice.push_roll(g, 0, "test")
    r.attack = True
    settle(g)
    assert r.value == 3 and len(asked) == 2


def test_FS_9_6_tainted_spitty_rolls_souls_plus_one_dice_and_keeps_the_lowest():
    """The attacker has 2 souls: their attack roll against Tainted Spitty (a 6) is rolled again as 3 dice
    (5, 2, 4): the 2 is kept, once. With no souls nothing changes."""
    g = position(2, rolls=[6, 5, 2, 4, 6])
    g.active = 0
    spitty = add_slot_monster(g, by_id("ani-tainted_spitty"))
    g.attack = Attack(seat=0, target=spitty)
    for k in range(2):
        g.players[0].souls.append(g.new_obj(phys(g, monster(f"Soul{k}", soul=1)), "soul", 0))
    r = dice.push_roll(g, 0, "test")
    r.attack = True
    settle(g)
    assert r.value == 2
    g.players[0].souls.clear()
    r = dice.push_roll(g, 0, "test")
    r.attack = True
    settle(g)
    assert r.value == 6


def test_FS_4_9_the_bloat_promo_deals_two_to_another_player_when_put_in_a_slot():
    """Revealed into a slot on seat 0's turn: 2 damage to a player other than seat 0 (seat 1, the only one)."""
    g = position(2, chars=[character("A", hp=4), character("B", hp=4)])
    g.active = 0
    add_slot_monster(g, monster("Blob"))
    zones.reveal_into_slot(g, phys(g, by_id("p-the_bloat_2")), 0)
    settle(g)
    assert [p.damage for p in g.players] == [0, 2]


def test_FS_0_4_coil_put_in_a_slot_passes_every_hand_right():
    g = position(3)
    g.active = 0
    cards = [give_loot(g, s, card(f"Card{s}")) for s in range(3)]
    add_slot_monster(g, monster("Blob"))
    zones.reveal_into_slot(g, phys(g, by_id("soi-coil")), 0)
    settle(g)
    assert [p.hand for p in g.players] == [[cards[1]], [cards[2]], [cards[0]]]


def test_FS_5_14_patch_notes_gives_three_different_players_one_counter_each():
    g = position(3)
    g.active = 0
    gear = [give_item(g, s, card(f"Gear{s}", deck="treasure", kind="passive")) for s in range(3)]
    ev = add_slot_monster(g, by_id("ani-patch_notes"))
    zones.start_event(g, ev)
    settle(g)
    kinds = sorted(k for o in gear for k in (o.named or {}))
    assert kinds == ["atk", "eternal", "hp"]
    check_invariants(g)


def test_FS_6_21_cursed_eye_adds_three_to_its_holders_combat_damage_on_a_six():
    """Cursed Eye: seat 0 (1 damage) hits a 9-HP monster on a 6: 4 damage; on a 5: 1."""
    g = position(2)
    g.active = 0
    give_item(g, 0, by_id("fsp2-cursed_eye"))
    m = add_slot_monster(g, monster("Wall", hp=9))
    g.attack = Attack(seat=0, target=m)
    damage.push_damage(g, 1, m, 0, None, True, 6, "attack")
    settle(g)
    assert m.damage == 4
    damage.push_damage(g, 1, m, 0, None, True, 5, "attack")
    settle(g)
    assert m.damage == 5 and statics.monster_hp(g, m) == 4


def test_FS_10_3_dads_ring_rolls_when_its_holder_attacks_a_monster():
    """Seat 0 with Dad's Ring attacks a monster: a 5 gives it -1 evasion; seat 1's attack rolls nothing."""
    from cardlab.simulate.four_souls import triggers

    g = position(2, rolls=[5, 6])
    g.active = 0
    give_item(g, 0, by_id("p-dads_ring"))
    m = add_slot_monster(g, monster("Blob", evasion=4))
    g.attack = Attack(seat=0, target=m)
    triggers.fire(g, "attacked", target=m)
    settle(g)
    assert statics.evasion(g, m) == 3
    g.attack = Attack(seat=1, target=m)
    triggers.fire(g, "attacked", target=m)
    settle(g)
    assert statics.evasion(g, m) == 3
