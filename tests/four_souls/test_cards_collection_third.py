"""Expansion cards of issue 19's third batch, each with the exact outcome of the rule its encoding needed.
First the refill loop: an event that puts itself back into a monster deck it emptied (Mother's Shadow!,
Golden Troll Bomb!) goes into the deck the discard became at once (FS-3.5)."""

from __future__ import annotations

from cardlab.simulate.four_souls import checks, resolution, statics, triggers, zones
from cardlab.simulate.four_souls.cards import load_pool
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    card,
    check_invariants,
    give_item,
    kinds,
    loot_fillers,
    monster,
    phys,
    position,
    real,
    rooms_of,
)


def _settle(g, rounds: int = 20):
    for _ in range(rounds):
        checks.state_checks(g)
        if not g.stack and not g.pending:
            return
        resolution.priority(g, g.active, until_empty=True)
    checks.state_checks(g)


def test_FS_3_5_FS_12_3_mothers_shadow_revealed_as_the_last_card_goes_into_the_reshuffled_discard():
    """The monster deck holds only Mother's Shadow!, its discard two monsters. The refill reveals it (FS-12.3):
    the player with the most items dies; the deck ran out as it was revealed, so its discard was the new deck
    at once (FS-3.5) and the event goes under those two cards (6th from the top of a 2-card deck); the
    refill's next card is a monster. Before, it went back alone into the empty deck and was revealed again
    without end."""
    g = position(3)
    loot_fillers(g, 30)
    g.active = 0
    g.mslots = [[]]
    shadow = phys(g, real("Mother's Shadow!"))
    g.monster.append(shadow)
    pair = [phys(g, monster(f"Blob{i}", hp=2)) for i in range(2)]
    g.monster_disc.extend(pair)
    for i in range(2):
        give_item(g, 1, card(f"Trinket{i}", deck="treasure", kind="passive"))
    give_item(g, 2, card("Lone", deck="treasure", kind="passive"))
    _settle(g)
    assert [r[2] for r in kinds(g, "player_died")] == [1]
    top = g.mslots[0][-1]
    assert top.phys in pair and top.kind == "monster"
    assert g.monster[0] is shadow and len(g.monster) == 2 and g.monster_disc == []
    assert [r[4] for r in kinds(g, "monster_revealed")] == ["Mother's Shadow!", top.phys.card.name]
    check_invariants(g)


def test_FS_3_5_golden_troll_bomb_put_into_an_empty_monster_deck_joins_the_reshuffled_discard():
    """Golden Troll Bomb! as the deck's last card: 2 damage to the player the active player chooses, then it
    goes 4th from the top of the deck its discard became (FS-3.5), under the one monster there."""
    g = position(2)
    loot_fillers(g, 30)
    g.active = 0
    g.mslots = [[]]
    bomb = phys(g, real("Golden Troll Bomb!"))
    g.monster.append(bomb)
    blob = phys(g, monster("Blob", hp=2))
    g.monster_disc.append(blob)
    _settle(g)
    assert [r[4] for r in kinds(g, "monster_revealed")] == ["Golden Troll Bomb!", "Blob"]
    assert g.monster == [bomb] and g.monster_disc == [] and g.mslots[0][-1].phys is blob
    assert [(r[2], r[4], r[6]) for r in kinds(g, "damage")] == [(0, "Golden Troll Bomb!", 2)]
    check_invariants(g)


def _room(g, name: str):
    o = g.new_obj(phys(g, real(name)), "room", -1, slot=len(rooms_of(g).slots))
    g.rooms.slots.append([o])
    return o


def test_FS_1_24_FS_6_20_FS_16_2_table_wide_hp_and_damage_statics_of_rooms_reach_every_monster_or_player():
    """Black Champions (+1 damage) and Red Champions (+1 HP) change every monster, not a player; Samson's and
    Maggy's Blessing every player, not a monster — each only while the room is in play."""
    g = position(2)
    blob = add_slot_monster(g, monster("Blob", hp=2, attack=1))
    base = (statics.monster_max_hp(g, blob), statics.monster_atk(g, blob))
    players = [(statics.player_max_hp(g, p), statics.player_atk(g, p)) for p in g.players]
    rooms = [_room(g, n) for n in ("Black Champions", "Red Champions")]
    assert (statics.monster_max_hp(g, blob), statics.monster_atk(g, blob)) == (base[0] + 1, base[1] + 1)
    assert [(statics.player_max_hp(g, p), statics.player_atk(g, p)) for p in g.players] == players
    for r in rooms:
        zones.remove_from_slot(g, r)
        g.rooms.disc.append(r.phys)
    g.rooms.slots = [s for s in g.rooms.slots if s]
    _room(g, "Samson's Blessing")
    _room(g, "Maggy's Blessing")
    assert (statics.monster_max_hp(g, blob), statics.monster_atk(g, blob)) == base
    assert [(statics.player_max_hp(g, p), statics.player_atk(g, p)) for p in g.players] == [
        (hp + 1, atk + 1) for hp, atk in players
    ]
    check_invariants(g)


def test_FS_1_24_FS_4_16_curse_of_the_hunted_gives_monsters_one_damage_on_its_bearers_turn_only():
    """"On your turn" is the curse's bearer's turn (FS-4.16: a curse's "you" is the player who has it)."""
    g = position(2)
    blob = add_slot_monster(g, monster("Blob", hp=2, attack=1))
    curse = g.new_obj(phys(g, real("Curse of the Hunted")), "curse", 1)
    g.players[1].curses.append(curse)
    g.active = 0
    assert statics.monster_atk(g, blob) == 1
    g.active = 1
    assert statics.monster_atk(g, blob) == 2
    check_invariants(g)


def test_FS_1_24_FS_13_4_deaths_head_gives_every_monster_one_damage_and_dies_with_another_monster():
    """Death's Head: every monster, itself included, has +1 damage; it cannot be attacked (FS-10.5); when
    another monster dies, it dies too (a triggered ability, FS-4.9)."""
    g = position(2)
    loot_fillers(g, 10)
    g.active = 0
    head = add_slot_monster(g, real("Death's Head"))
    blob = add_slot_monster(g, monster("Blob", hp=1, attack=1))
    assert (statics.monster_atk(g, blob), statics.monster_atk(g, head)) == (2, 1)
    assert statics.cant_be_attacked(g, head)
    triggers.fire(g, "dies", victim=blob, killer=0)
    _settle(g)
    assert not head.in_play
    check_invariants(g)


def test_FS_6_20_FS_10_3_alt_art_mom_gives_other_monsters_one_hp_and_expands_the_slots_when_attacked():
    """Alt Art Mom!: +1 HP to every other monster (not itself); chosen as an attack target (FS-10.3), the
    monster slots expand by 1 (FS-6.7)."""
    g = position(2)
    loot_fillers(g, 10)
    g.active = 0
    mom = add_slot_monster(g, load_pool().by_id["aa-mom"])
    blob = add_slot_monster(g, monster("Blob", hp=2, attack=1))
    assert (statics.monster_max_hp(g, blob), statics.monster_max_hp(g, mom)) == (3, 6)
    triggers.fire(g, "attacked", target=mom, attacker=0)
    _settle(g)
    assert len(g.mslots) == 3
