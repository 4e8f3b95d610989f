"""Issue 19: monsters that watch the table — who dealt damage (Giant Poop), loot cards played (Conjoined
Fatty), attacks this turn (Alt Art Little Horn) and many attacks on players (Alt Art Mega Satan!)."""

from __future__ import annotations

from cardlab.simulate.four_souls import attack, damage, plays, triggers, turn
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    by_id,
    card,
    character,
    check_invariants,
    give_loot,
    kinds,
    loot_fillers,
    monster,
    position,
    settle,
)


def test_FS_6_20_giant_poop_a_players_damage_draws_them_a_loot_a_monsters_text_does_not():
    """Seat 1's own effect damages Giant Poop: seat 1 loots 1. Damage from another monster's text (its "you"
    is the active player, FS-0.5) draws nobody a card."""
    g = position(2)
    loot_fillers(g, 5)
    g.active = 0
    poop = add_slot_monster(g, by_id("soi-giant_poop"))
    other = add_slot_monster(g, monster("Spiky"))
    damage.push_damage(g, 1, poop, 1, g.players[1].character, False, None, "test")
    settle(g)
    assert [len(p.hand) for p in g.players] == [0, 1]
    damage.push_damage(g, 1, poop, 0, other, False, None, "test")
    settle(g)
    assert [len(p.hand) for p in g.players] == [0, 1] and poop.damage == 2


def test_FS_10_7_FS_1_15_giant_poop_everyone_teams_up_and_the_killer_alone_is_paid():
    """Seat 0 attacks it (5 HP, 4 damage on it): seats 1 and 2 join (FS-10.7 reading). Seat 0 misses (2),
    seat 1 hits (4) and kills it: seat 1 gains its 5 loot (and 1 for its damage), seat 0 nothing."""
    chars = [character(n, hp=3) for n in "ABC"]
    g = position(3, chars=chars, rolls=[2, 4])
    loot_fillers(g, 12)
    g.active = 0
    poop = add_slot_monster(g, by_id("soi-giant_poop"))
    poop.damage = 4
    assert attack.run_attack(g, 0, poop)
    settle(g)
    assert [len(p.hand) for p in g.players] == [0, 6, 0]
    check_invariants(g)


def test_FS_4_5_conjoined_fatty_loot_plays_give_counters_that_each_stop_one_damage_and_loot():
    """Seat 1 plays a loot card: a counter. Then 2 damage: prevented, the counter comes off and the active
    player (seat 0) loots 1; the next damage lands."""
    g = position(2)
    loot_fillers(g, 5)
    g.active = 1
    fatty = add_slot_monster(g, by_id("soi-conjoined_fatty"))
    nothing = give_loot(g, 1, card("Plain", abilities=({"play": {"do": "nothing"}},)))
    g.players[1].loot_plays = 1
    assert plays.take_action(g, 1, ("loot", nothing))
    settle(g)
    assert fatty.counters == 1
    g.active = 0
    damage.push_damage(g, 2, fatty, 0, None, False, None, "test")
    settle(g)
    assert fatty.damage == 0 and fatty.counters == 0 and len(g.players[0].hand) == 1
    damage.push_damage(g, 2, fatty, 0, None, False, None, "test")
    settle(g)
    assert fatty.damage == 2


def test_FS_10_3_little_horn_a_counter_on_turns_it_was_not_attacked_then_divided_damage():
    """Turn end with no attack on it: a counter; a turn an attack chose it: none. Two counters at a turn
    start: 2 damage split among the players the active player picks (the scripted picks: seat 0 alone)."""
    g = position(2, chars=[character("A", hp=1), character("B", hp=4)], rolls=[1])
    loot_fillers(g, 5)
    g.active = 0
    horn = add_slot_monster(g, by_id("aa-little_horn"))
    triggers.fire(g, "turn_end", seat=0)
    settle(g)
    assert horn.counters == 1
    attack.run_attack(g, 0, horn)  # a miss (1): seat 0 takes 1 and dies, which ends the attack
    settle(g)
    assert horn.uid in g.attacked_uids
    triggers.fire(g, "turn_end", seat=0)
    settle(g)
    assert horn.counters == 1
    g.attacked_uids.clear()  # a new turn (turn.py clears it as each turn starts)
    g.players[0].dead, g.players[0].damage = False, 0
    triggers.fire(g, "turn_end", seat=1)
    settle(g)
    assert horn.counters == 2
    before = len(kinds(g, "damage"))  # the miss's combat damage aside
    triggers.fire(g, "turn_start", seat=1)
    settle(g)
    assert sum(r[6] for r in kinds(g, "damage")[before:] if r[4] == "Little Horn") == 2


def test_FS_8_6_FS_10_6_alt_mega_satan_unlimited_attacks_players_attackable_deaths_hurt_it():
    """While it is in a slot the active player may attack though their attacks are used up, and a player
    is a legal target (evasion 4); a player's death deals it 2 damage."""
    seen: list = []

    def plan(decision):
        if decision.kind == "action":
            seen.extend(decision.options)
        return None

    g = position(2, plans={0: plan})
    loot_fillers(g, 5)
    g.active = 0
    g.attacks_left = 0
    turn.action(g)
    assert not any(o[0] == "attack" for o in seen)
    satan = add_slot_monster(g, by_id("aa-mega_satan_2"))
    seen.clear()
    turn.action(g)
    assert any(o[0] == "attack" for o in seen) and g.attacks_left == 0
    assert g.players[1].character in attack.attack_options(g, 0)
    damage.kill(g, g.players[1], 0)
    settle(g)
    assert satan.damage == 2
