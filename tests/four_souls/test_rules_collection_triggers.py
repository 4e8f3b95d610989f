"""Triggers the expansions need (issue 19): "each time you kill" (``killed``), "a player gains a
soul" (``gained_soul``) and "when this is destroyed" (``destroyed``), with real expansion cards and exact
outcomes; rule IDs in the names."""

from __future__ import annotations

from cardlab.simulate.four_souls import damage, resolution, resources, statics
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    card,
    check_invariants,
    give_item,
    loot_fillers,
    monster,
    phys,
    position,
    real,
    rooms_of,
)


def _treasure_deck(g, n: int) -> None:
    g.treasure.extend(phys(g, card(f"T{i}", deck="treasure", kind="passive")) for i in range(n))


def test_FS_13_4_a_killed_trigger_is_the_killers_only_and_not_a_kill_by_the_game():
    """Ceremonial Blade (loot 1 on each monster you kill) on both players: only the killer loots;
    a monster the game kills (no killer) triggers no one. The trigger goes on the stack with the death
    triggers (FS-13.4 step 2), before the rewards."""
    g = position(2)
    loot_fillers(g, 5)
    blades = [give_item(g, s, real("Ceremonial Blade")) for s in (0, 1)]
    g.active = 0
    m = add_slot_monster(g, monster("Weak", hp=1))
    m.dying = True
    resolution.monster_dies(g, m, 1, None)  # seat 1 killed it on seat 0's turn
    assert [len(p.hand) for p in g.players] == [0, 1]
    m2 = add_slot_monster(g, monster("Weak2", hp=1))
    m2.dying = True
    resolution.monster_dies(g, m2, -1, None)
    assert [len(p.hand) for p in g.players] == [0, 1]
    assert all(b.in_play for b in blades)
    check_invariants(g)


def test_FS_13_8_a_kill_of_a_player_triggers_victim_player_and_any_but_not_your_own_death():
    """Head of the Keeper (2¢ on each kill, monster or player; victim: any)."""
    g = position(3)
    give_item(g, 0, real("Head of the Keeper"))
    g.active = 0
    resolution.player_dies(g, g.players[1], 0)
    assert g.players[0].cents == 2
    g.players[0].dead = g.players[0].death_pending = False
    resolution.player_dies(g, g.players[0], 0)  # your own death is not a kill of yours
    assert g.players[0].cents == 2 - 1  # only the death penalty's 1¢


def test_FS_13_4_berserk_one_more_attack_and_plus_1_hp_for_the_turn_per_kill():
    g = position(2)
    give_item(g, 0, real("Berserk"))
    g.active = 0
    p = g.players[0]
    assert statics.count(g, p, "attacks") == 1
    before = statics.player_max_hp(g, p)
    for i in range(2):
        m = add_slot_monster(g, monster(f"M{i}", hp=1))
        m.dying = True
        resolution.monster_dies(g, m, 0, None)
    assert statics.player_max_hp(g, p) == before + 2


def test_FS_14_5_haunted_a_player_who_gains_a_soul_skips_their_next_turn():
    g = position(2)
    room = g.new_obj(phys(g, real("Haunted!")), "room", -1, slot=0)
    rooms_of(g).slots.append([room])
    g.active = 0
    soul = g.new_obj(phys(g, monster("Boss", hp=3, soul=1)), "soul", 1)
    resources.gain_soul(g, g.players[1], soul, "test")
    resolution.priority(g, 0, until_empty=True)
    assert (g.players[0].skip_next_turn, g.players[1].skip_next_turn) == (0, 1)


def test_FS_6_3_FS_4_9_wishbone_destroyed_gains_its_controller_a_treasure():
    """A "when this is destroyed" ability looks back: it triggers from the discard, for the player who
    controlled it."""
    g = position(2)
    _treasure_deck(g, 3)
    bone = give_item(g, 1, real("Wishbone"))
    g.active = 0
    assert damage.destroy(g, bone, "test")
    resolution.priority(g, 0, until_empty=True)
    assert [o.phys.card.name for o in g.players[1].items] == ["T2"]
    assert bone.phys in g.loot_disc  # a trinket goes back to the loot discard (FS-3.6)
    check_invariants(g)


def test_FS_13_8_FS_6_3_judas_shadow_counts_deaths_and_pays_them_out_when_destroyed():
    g = position(2)
    loot_fillers(g, 10)
    shadow = give_item(g, 0, real("Judas' Shadow"))
    g.active = 1
    resolution.player_dies(g, g.players[0], -1)  # 2 counters; the penalty destroys the only item: it
    assert shadow.counters == 2 and not shadow.in_play
    assert g.players[0].cents == 2 and len(g.players[0].hand) == 2


def test_FS_5_14_FS_6_20_hypercoagulation_hp_follows_its_counters():
    """A static amount read from the card (+1 HP per counter on it): a counter each turn start,
    and at 3+ counters at the turn's end all are removed for 3 loot, so the HP drop removes damage first
    (FS-6.20)."""
    from cardlab.simulate.four_souls import triggers

    g = position(2)
    loot_fillers(g, 5)
    item = give_item(g, 0, real("Hypercoagulation"))
    p = g.players[0]
    base = statics.player_max_hp(g, p)
    g.active = 0
    for turn in range(1, 4):
        triggers.fire(g, "turn_start", seat=0)
        resolution.priority(g, 0, until_empty=True)
        assert item.counters == turn and statics.player_max_hp(g, p) == base + turn
    triggers.fire(g, "turn_end", seat=0)
    resolution.priority(g, 0, until_empty=True)
    assert item.counters == 0 and statics.player_max_hp(g, p) == base and len(p.hand) == 3


def test_FS_1_24_abyss_adds_one_damage_for_every_two_counters():
    g = position(2)
    abyss = give_item(g, 0, real("Abyss"))
    p = g.players[0]
    base = statics.player_atk(g, p)
    for n, extra in ((1, 0), (2, 1), (3, 1), (4, 2)):
        abyss.counters = n
        assert statics.player_atk(g, p) == base + extra


def test_FS_4_8_chocolate_milk_plus_1_damage_only_at_two_counters_then_a_shot_at_three():
    """A static with a condition on its own counters, and a turn-start counter that pays out at 3."""
    from cardlab.simulate.four_souls import triggers

    g = position(2)
    milk = give_item(g, 0, real("Chocolate Milk"))
    p, q = g.players
    base = statics.player_atk(g, p)
    g.active = 0
    seen = []
    for _ in range(3):
        triggers.fire(g, "turn_start", seat=0)
        resolution.priority(g, 0, until_empty=True)
        seen.append((milk.counters, statics.player_atk(g, p) - base))
    assert seen == [(1, 0), (2, 1), (0, 0)]
    assert p.damage + q.damage == 1  # the scripted player's first choice takes the 1 damage
