"""Issue 19: attack rolls that must beat the last one (Summer Hush), faces named before a roll (Summer
Mother!), a turn without attacks (Alt Art Brimstone) and deck attacks at will (Gold Key) — FS-10.9, FS-8.6."""

from __future__ import annotations

from cardlab.simulate.four_souls import attack, damage, plays, turn
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    attack_roll,
    by_id,
    character,
    give_item,
    give_loot,
    kinds,
    loot_fillers,
    monster,
    phys,
    position,
    settle,
)
from cardlab.simulate.four_souls.state import Attack


def _reader(seen: list):
    """A plan that records the active player's action options, then ends the turn."""

    def plan(decision):
        if decision.kind == "action":
            seen.extend(decision.options)
        return None

    return plan


def test_FS_10_9_hush_a_roll_not_above_the_last_one_against_it_misses_and_damage_is_1_less():
    """Seat 0 (2 damage) rolls 3 (a hit: 1 damage after the -1), then 3 again (a miss: seat 0 takes 1),
    then 4 (a hit)."""
    g = position(2, chars=[character("A", hp=5, attack=2), character("B")])
    g.active = 0
    hush = add_slot_monster(g, by_id("soi-hush"))
    attack_roll(g, hush, 3)
    assert hush.damage == 1 and g.players[0].damage == 0
    attack_roll(g, hush, 3)
    assert hush.damage == 1 and g.players[0].damage == 1
    attack_roll(g, hush, 4)
    assert hush.damage == 2


def test_FS_10_9_mother_a_roll_showing_a_face_named_before_it_misses():
    """Two players: seat 1 (left and right of seat 0) names two faces before the roll; the scripted pick is
    the first option, 1, twice. Seat 0 rolls 1 against evasion 1: a miss (2 damage to seat 0); a 2 hits."""
    g = position(2, chars=[character("A", hp=5), character("B")], rolls=[1, 2])
    g.active = 0
    mother = add_slot_monster(g, by_id("soi-mother"))
    g.attack = Attack(seat=0, target=mother)
    attack._attack_roll(g, 0, mother)
    settle(g)
    assert g.players[0].damage == 2 and mother.damage == 0
    attack._attack_roll(g, 0, mother)
    settle(g)
    assert mother.damage == 1


def test_FS_8_6_alt_brimstone_a_hit_on_a_monster_hurts_another_player_and_bars_the_next_turns_attacks():
    seen: list = []
    g = position(2, chars=[character("A", hp=5), character("B", hp=5)], plans={0: _reader(seen)})
    loot_fillers(g, 5)
    g.active = 0
    give_item(g, 0, by_id("aa-brimstone"))
    blob = add_slot_monster(g, monster("Blob", hp=9, evasion=2))
    attack_roll(g, blob, 5)
    assert blob.damage == 3 and g.players[1].damage == 2 and g.players[0].no_attacks_next
    g.attack = None
    g.attacks_left = 1
    turn.action(g)
    assert any(o[0] == "attack" for o in seen)
    seen.clear()
    g.players[0].no_attacks, g.players[0].no_attacks_next = True, False  # its next turn starts (turn.py)
    turn.action(g)
    assert not any(o[0] == "attack" for o in seen)


def test_FS_8_6_gold_key_the_monster_deck_may_be_attacked_again_and_again_this_turn():
    """After Gold Key resolves, an attack on the monster deck is offered with the turn's attacks used up,
    and again after that one."""
    seen: list = []
    g = position(2, plans={0: _reader(seen)})
    loot_fillers(g, 5)
    g.active = 0
    g.monster.extend(phys(g, monster(f"M{i}")) for i in range(3))
    key = give_loot(g, 0, by_id("fsp2-gold_key"))
    g.players[0].loot_plays = 1
    assert plays.take_action(g, 0, ("loot", key))
    settle(g)
    g.attacks_left = 0
    turn.action(g)
    assert ("attack", ("may", "monster_deck")) in seen
    assert turn.act(g, 0, ("attack", ("may", "monster_deck"))) and g.deck_attacks == 1
    seen.clear()
    g.attack = None
    turn.action(g)
    assert ("attack", ("may", "monster_deck")) in seen


def test_FS_10_6_conquest_its_death_owes_an_attack_on_another_player_with_evasion_4():
    """Conquest dies on seat 0's turn: seat 0 owes an attack on seat 1 (the only other player); in it, a 3
    misses (seat 0 takes seat 1's damage) and a 4 hits seat 1; the attack goes on till one of them dies."""
    g = position(2, chars=[character("A", hp=5), character("B", hp=5)], rolls=[3, 4])
    loot_fillers(g, 10)
    g.active = 0
    conquest = add_slot_monster(g, by_id("soi-conquest"))
    g.monster.append(phys(g, monster("Next")))
    damage.kill(g, conquest, 0)
    settle(g)
    target = g.players[1].character
    assert [t for t, _now in g.must_attack] == [target]
    before = len(kinds(g, "damage"))
    assert turn.act(g, 0, ("attack", g.must_attack[0]))
    assert [r[8] for r in kinds(g, "damage")[before : before + 2]] == [0, 1]
