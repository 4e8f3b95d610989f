"""Expansion cards of issue 19's third batch, each with the exact outcome of the rule its encoding needed.
First the refill loop: an event that puts itself back into a monster deck it emptied (Mother's Shadow!,
Golden Troll Bomb!) goes into the deck the discard became at once (FS-3.5)."""

from __future__ import annotations

from cardlab.simulate.four_souls import (
    damage,
    dice,
    plays,
    resolution,
    resources,
    statics,
    triggers,
    zones,
)
from cardlab.simulate.four_souls.cards import load_pool
from cardlab.simulate.four_souls.counters import count as counters_of
from cardlab.simulate.four_souls.fixtures import (
    add_shop_item,
    add_slot_monster,
    card,
    check_invariants,
    give_item,
    give_loot,
    kinds,
    loot_fillers,
    monster,
    phys,
    position,
    real,
    rooms_of,
    settle,
)
from cardlab.simulate.four_souls.state import Attack, GameOver


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
    settle(g)
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
    settle(g)
    assert [r[4] for r in kinds(g, "monster_revealed")] == ["Golden Troll Bomb!", "Blob"]
    assert g.monster == [bomb] and g.monster_disc == [] and g.mslots[0][-1].phys is blob
    assert [(r[2], r[4], r[6]) for r in kinds(g, "damage")] == [(0, "Golden Troll Bomb!", 2)]
    check_invariants(g)


def _room(g, name: str):
    c = real(name) if real(name).deck == "room" else load_pool().by_id["r-" + name.lower().replace(" ", "_")]
    o = g.new_obj(phys(g, c), "room", -1, slot=len(rooms_of(g).slots))
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
    """ "On your turn" is the curse's bearer's turn (FS-4.16: a curse's "you" is the player who has it)."""
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
    settle(g)
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
    settle(g)
    assert len(g.mslots) == 3


def _reveal(g, c):
    """Reveal a real card into a new monster slot (FS-12.3) and resolve what it does."""
    g.mslots.append([])
    zones.reveal_into_slot(g, phys(g, c), len(g.mslots) - 1)
    settle(g)


def _fillers(g, n: int = 4) -> None:
    g.monster.extend(phys(g, monster(f"Filler{i}", hp=3)) for i in range(n))


def test_FS_3_2_FS_6_11_brea_in_distress_on_5_becomes_the_active_players_item_with_only_its_item_ability():
    """5-6: the event leaves its slot and becomes a new object, an item of the active player whose only ability
    is its item side's +1 HP (its roll ability is gone); the slot refills (FS-12.1). 1-4: the next turn of the
    active player is skipped instead."""
    g = position(2, rolls=[5])
    loot_fillers(g, 10)
    _fillers(g)
    g.active = 1
    base = statics.player_max_hp(g, g.players[1])
    _reveal(g, real("Brea in Distress"))
    (item,) = g.players[1].items
    assert item.phys.card.name == "Brea in Distress" and item.kind == "item" and item.in_play
    assert statics.player_max_hp(g, g.players[1]) == base + 1
    assert not item.rules.events and not item.rules.triggers
    assert g.mslots[0][-1].phys.card.name.startswith("Filler") and g.monster_disc == []
    g2 = position(2, rolls=[3])
    loot_fillers(g2, 10)
    _fillers(g2)
    g2.active = 1
    _reveal(g2, real("Brea in Distress"))
    assert g2.players[1].skip_next_turn and not g2.players[1].items
    assert [c.card.name for c in g2.monster_disc] == ["Brea in Distress"]
    check_invariants(g)
    check_invariants(g2)


def test_FS_4_13_FS_3_2_unboxing_pills_on_5_becomes_its_players_item_not_a_discard():
    """The loot resolves into an item of its player (like a trinket, FS-4.13) with +1 damage; on a 1-4 it is
    discarded as usual."""
    g = position(2, rolls=[6, 2])
    loot_fillers(g, 10)
    g.active = 0
    pills = load_pool().by_id["box-pills_2"]
    atk = statics.player_atk(g, g.players[0])
    for _ in range(2):
        c = give_loot(g, 0, pills)
        g.players[0].loot_plays = 1
        assert plays.take_action(g, 0, ("loot", c))
        settle(g)
    assert [o.phys.card.name for o in g.players[0].items] == ["Pills!"]
    assert statics.player_atk(g, g.players[0]) == atk + 1
    assert [c.card.name for c in g.loot_disc] == ["Pills!"]
    check_invariants(g)


def test_FS_13_4_FS_3_2_peeper_at_its_death_becomes_the_active_players_item_not_a_discard():
    """Its death's card becomes a new object (FS-3.2), an item of the active player with +1 HP only; it pays
    its loot reward first (step 3) and never reaches the discard (step 5 finds it gone)."""
    g = position(2)
    loot_fillers(g, 10)
    _fillers(g)
    g.active = 0
    peeper = add_slot_monster(g, real("Peeper"))
    hp = statics.player_max_hp(g, g.players[0])
    assert damage.kill(g, peeper, 0)
    settle(g)
    (item,) = g.players[0].items
    assert item.phys is peeper.phys and item.rules is peeper.phys.rules.as_item
    assert statics.player_max_hp(g, g.players[0]) == hp + 1 and len(g.players[0].hand) == 1
    assert peeper.phys not in g.monster_disc
    check_invariants(g)


def test_FS_10_6_FS_3_2_golden_idol_becomes_an_eternal_item_that_makes_its_controller_attackable():
    """Entering play it becomes the active player's item and keeps its own abilities: it is eternal (FS-4.12),
    its controller can be attacked with evasion 4 (FS-10.6), 10c at the end of its controller's turn."""
    g = position(3)
    loot_fillers(g, 10)
    _fillers(g)
    g.active = 2
    _reveal(g, real("Golden Idol"))
    (idol,) = g.players[2].items
    assert idol.eternal and statics.player_evasion(g, g.players[2]) == 4
    assert statics.player_evasion(g, g.players[1]) is None
    cents = g.players[2].cents
    triggers.fire(g, "turn_end", seat=2)
    settle(g)
    assert g.players[2].cents == cents + 10
    check_invariants(g)


def test_FS_9_2_nightmare_tick_as_an_item_may_turn_its_controllers_1_into_a_2_or_3():
    """5-6: its item side only: a 1 its controller would roll may become a 2 or a 3 (FS-9.2(4)); 1-4: the
    active player dies."""
    g = position(2, rolls=[6], plans={0: lambda d: d.options[-1] if d.kind == "set_roll" else None})
    loot_fillers(g, 10)
    _fillers(g)
    g.active = 0
    _reveal(g, real("Nightmare Tick"))
    (tick,) = g.players[0].items
    assert list(tick.rules.triggers) == ["would_roll"]
    g2 = position(2, rolls=[2])
    loot_fillers(g2, 10)
    _fillers(g2)
    g2.active = 1
    _reveal(g2, real("Nightmare Tick"))
    assert [r[2] for r in kinds(g2, "player_died")] == [1] and not g2.players[1].items
    check_invariants(g)


def test_FS_6_20_death_trapper_hears_any_monster_take_damage_and_fistula_reads_its_counters_as_evasion():
    """`damaged: any_monster`: every damage marked on any monster gives every monster +1 evasion till the end
    of the turn (Death Trapper); Fistula: a counter per damage it takes, +1 evasion to the other monsters per
    counter (an evasion amount read on its holder)."""
    g = position(2)
    loot_fillers(g, 10)
    g.active = 0
    trapper = add_slot_monster(g, real("Death Trapper"))
    blob = add_slot_monster(g, monster("Blob", hp=4, evasion=2))
    triggers.fire(g, "damaged", target=blob, amount=1)
    settle(g)
    assert (statics.evasion(g, blob), statics.evasion(g, trapper)) == (3, 5)
    g2 = position(2)
    loot_fillers(g2, 10)
    fistula = add_slot_monster(g2, load_pool().by_id["aa-fistula"])
    blob2 = add_slot_monster(g2, monster("Blob", hp=4, evasion=2))
    for _ in range(2):
        triggers.fire(g2, "damaged", target=fistula, amount=1)
        settle(g2)
    assert fistula.counters == 2 and (statics.evasion(g2, blob2), statics.evasion(g2, fistula)) == (4, 4)
    check_invariants(g2)


def test_FS_10_8_handicapped_placard_lowers_evasion_by_the_soul_gap_on_its_controllers_turn():
    g = position(2)
    blob = add_slot_monster(g, monster("Blob", hp=4, evasion=5))
    give_item(g, 0, real("Handicapped Placard"))
    for _ in range(2):
        g.players[1].souls.append(g.new_obj(phys(g, monster("Soul", soul=1)), "soul", 1))
    for o in g.players[1].souls:
        o.soul_value = 1
    g.active = 0
    assert statics.evasion(g, blob) == 3
    g.active = 1
    assert statics.evasion(g, blob) == 5


def test_FS_14_5_holy_chest_on_6_becomes_the_active_players_soul():
    """A monster-deck event in its slot becomes a soul (FS-14.5): it leaves its slot, the slot refills."""
    g = position(2, rolls=[6])
    loot_fillers(g, 10)
    _fillers(g)
    g.active = 1
    _reveal(g, real("Holy Chest"))
    assert [s.phys.card.name for s in g.players[1].souls] == ["Holy Chest"]
    assert g.mslots[0][-1].kind == "monster" and g.monster_disc == []
    check_invariants(g)


def test_FS_1_31_FS_Q_26_blessing_of_the_sack_and_a_lucky_penny_double_every_reward_block():
    """ "Rewards are doubled": the reward block is carried out twice (FS-Q.26) — for every monster while the
    room is in play, and till the end of the turn after A Lucky Penny! (both: four times, FS-5.6 each once)."""
    g = position(2)
    loot_fillers(g, 10)
    _fillers(g)
    g.active = 0
    _room(g, "Blessing of the Sack")
    blob = add_slot_monster(g, monster("Blob", hp=1, rewards={"cents": 3}))
    assert damage.kill(g, blob, 0)
    settle(g)
    assert g.players[0].cents == 6
    penny = give_loot(g, 0, real("A Lucky Penny!"))
    g.players[0].loot_plays = 1
    assert plays.take_action(g, 0, ("loot", penny))
    settle(g)
    assert g.players[0].cents == 7
    blob = add_slot_monster(g, monster("Blob", hp=1, rewards={"cents": 3}))
    assert damage.kill(g, blob, 0)
    settle(g)
    assert g.players[0].cents == 7 + 12
    check_invariants(g)


def test_FS_13_12_alt_art_mega_satan_dies_at_the_end_of_a_turn_the_active_player_alone_survived():
    g = position(3)
    loot_fillers(g, 10)
    _fillers(g)
    g.active = 0
    satan = add_slot_monster(g, load_pool().by_id["aa-mega_satan"])
    assert statics.player_evasion(g, g.players[1]) == 4
    triggers.fire(g, "turn_end", seat=0)
    settle(g)
    assert satan.in_play
    for seat in (1, 2):
        g.players[seat].dead = True
    triggers.fire(g, "turn_end", seat=0)
    settle(g)
    assert not satan.in_play and [r[4] for r in kinds(g, "monster_died")] == ["Mega Satan!"]


def test_FS_6_7_tv_static_discards_every_monster_and_adds_a_slot():
    g = position(2)
    loot_fillers(g, 10)
    _fillers(g, 6)
    g.active = 0
    old = [add_slot_monster(g, monster(f"Old{i}", hp=2)) for i in range(2)]
    _reveal(g, load_pool().by_id["box-tv_static"])
    assert len(g.mslots) == 4 and all(not o.in_play for o in old)
    assert {c.card.name for c in g.monster_disc} >= {"Old0", "Old1", "TV Static"}
    assert all(s and s[-1].kind == "monster" for s in g.mslots)
    check_invariants(g)


def test_FS_10_3_FS_10_11_gello_heals_the_attacked_monster_moves_the_damage_and_cancels_anothers_attack():
    """Gello (The Harlot's starting item): only a monster being attacked is a legal target (FS-10.3); it heals to
    full, the damage it had goes to another monster; on another player's turn the attack is cancelled
    (FS-10.11) and one more attack is open to the active player."""
    g = position(2)
    loot_fillers(g, 10)
    g.active = 0
    gello = give_item(g, 1, real("Gello"))
    fought = add_slot_monster(g, monster("Fought", hp=4))
    other = add_slot_monster(g, monster("Other", hp=4))
    tap = ("tap", gello, 0)
    assert tap not in plays.legal_actions(g, 1)  # no attack in progress: no legal target
    g.attack = Attack(seat=0, target=fought)
    fought.damage = 3
    assert tap in plays.legal_actions(g, 1)
    assert plays.take_action(g, 1, tap)
    resolution.priority(g, 0)
    assert (fought.damage, other.damage) == (0, 3)
    assert g.attack.cancelled and g.may_attack == ["any"]
    check_invariants(g)


def test_FS_5_11_pop_pop_copies_a_loot_being_played_for_its_controller_and_never_a_trinket():
    """The copy goes on the stack above the original under Pop Pop!'s controller, resolves like it (new
    targets, no cost) and exists only on the stack: the original alone reaches the discard. A trinket being
    played is no legal target (FS-4.13: it becomes an item, nothing to copy)."""
    g = position(2)
    loot_fillers(g, 10)
    g.active = 0
    pop = give_item(g, 1, real("Pop Pop!"))
    tap = ("tap", pop, 0)
    cents = give_loot(g, 0, real("3 Cents!"))
    g.players[0].loot_plays = 2
    assert plays.take_action(g, 0, ("loot", cents))
    assert tap in plays.legal_actions(g, 1)
    assert plays.take_action(g, 1, tap)
    resolution.priority(g, 0)
    assert (g.players[0].cents, g.players[1].cents) == (3, 3)
    assert [c.card.name for c in g.loot_disc] == ["3 Cents!"] and not g.stack
    pop.charged = True
    trinket = give_loot(g, 0, real("Bloody Penny"))
    assert plays.take_action(g, 0, ("loot", trinket))
    assert tap not in plays.legal_actions(g, 1)
    resolution.priority(g, 0)
    check_invariants(g)


def test_FS_9_6_classic_roller_rerolls_with_two_dice_and_another_player_named_by_the_roller_keeps_one():
    """Flash Isaac's Classic Roller: the roll's controller (seat 0) rerolls it with 2 dice (3 and 5) and names
    another player (seat 2, decision ``choose_player``), who keeps one (the lower, ``choose_number``); the
    other die is logged ``not_kept``. The item recharges at the end of its controller's turn."""
    asked = []

    def name_seat_2(d):
        if d.kind == "choose_player":
            asked.append(tuple(o.seat for o in d.options))
            return next(o for o in d.options if o.seat == 2)
        return None

    def keep_low(d):
        return min(d.options) if d.kind == "choose_number" else None

    g = position(3, rolls=[6, 3, 5], plans={0: name_seat_2, 2: keep_low})
    loot_fillers(g, 10)
    g.active = 0
    roller = give_item(g, 1, real("Classic Roller"))
    r = dice.push_roll(g, 0, "test")
    assert plays.take_action(g, 1, ("tap", roller, 0))
    ab = g.stack.pop()
    resolution.resolve_ability(g, ab)
    assert asked == [(1, 2)] and r.value == 3
    assert [r_[6] for r_ in kinds(g, "roll") if r_[7] == "not_kept"] == [5]
    resolution.priority(g, 0)  # the roll resolves
    g.active = 1
    triggers.fire(g, "turn_end", seat=1)
    settle(g)
    assert roller.charged
    check_invariants(g)


def _roll(g, seat: int, attack: bool = False):
    r = dice.push_roll(g, seat, "test")
    r.attack = attack
    settle(g)


def test_FS_4_11_twice_in_a_row_girlfriend_counts_repeated_results_of_its_controller_on_their_turn():
    """`twice_in_a_row`: the roller's previous roll this turn came up the same. Girlfriend (Boyfriend's
    starting item): 4, 4, 4 on its controller's turn is two repeats; another player's 4, a new turn's first
    4 and another player's turn count nothing; +1 HP per 2 counters; a death removes half (FS-5.14)."""
    g = position(2, rolls=[4, 4, 4, 4, 4, 4, 4])
    loot_fillers(g, 10)
    g.active = 0
    gf = give_item(g, 0, real("Girlfriend"))
    hp = statics.player_max_hp(g, g.players[0])
    _roll(g, 0)
    _roll(g, 0)
    _roll(g, 1)  # another player's roll: not a roll of "you"
    _roll(g, 0)
    assert gf.counters == 2 and statics.player_max_hp(g, g.players[0]) == hp + 1
    g.turn += 1
    _roll(g, 0)  # the first roll of a new turn
    g.active = 1
    _roll(g, 0)
    _roll(g, 0)  # not its controller's turn
    assert gf.counters == 2
    triggers.fire(g, "dies", victim=g.players[0], killer=-1)
    settle(g)
    assert gf.counters == 1
    check_invariants(g)


def test_FS_4_11_twice_in_a_row_on_attack_rolls_euthanasia_kills_the_monster_being_attacked():
    """Two attack rolls of its controller in a row with the same result (a roll for something else between
    them does not break the pair) kill the monster being attacked (FS-10.3)."""
    g = position(2, rolls=[3, 5, 3])
    loot_fillers(g, 10)
    g.active = 0
    give_item(g, 0, load_pool().by_id["fsp2-euthanasia"])
    m = add_slot_monster(g, monster("Target", hp=6, evasion=6))
    g.attack = Attack(seat=0, target=m)
    _roll(g, 0, attack=True)
    _roll(g, 0)
    assert m.in_play
    _roll(g, 0, attack=True)
    assert not m.in_play and [r[4] for r in kinds(g, "monster_died")] == ["Target"]


def _finals(g) -> list:
    return [r[6] for r in kinds(g, "roll") if r[7] == "final"]


def test_FS_9_4_attack_rolls_seraphim_lump_of_coal_and_marked_read_the_attack_rolls_made_this_turn():
    """`attack_rolls(you)`: Seraphim adds 1 to the odd-numbered attack rolls up to the 5th (a roll for something else
    is not counted); Lump of Coal gives +1 damage after the third; Marked may make the first attack roll
    of its controller's turn a 5 (decision ``may``, scripted: yes), not the second."""
    g = position(2, rolls=[2, 2, 2, 2, 2])
    loot_fillers(g, 10)
    g.active = 0
    give_item(g, 0, real("Seraphim"))
    give_item(g, 0, real("Lump of Coal"))
    atk = statics.player_atk(g, g.players[0])
    _roll(g, 0, attack=True)
    _roll(g, 0)
    _roll(g, 0, attack=True)
    assert statics.player_atk(g, g.players[0]) == atk
    _roll(g, 0, attack=True)
    _roll(g, 0, attack=True)
    assert _finals(g) == [3, 2, 2, 3, 2]
    assert statics.player_atk(g, g.players[0]) == atk + 1
    g2 = position(2, rolls=[1, 1], plans={0: lambda d: True if d.kind == "may" else None})
    loot_fillers(g2, 10)
    g2.active = 0
    give_item(g2, 0, load_pool().by_id["tgt-marked"])
    _roll(g2, 0, attack=True)
    _roll(g2, 0, attack=True)
    assert _finals(g2) == [5, 1]
    check_invariants(g)


def test_FS_5_4_cube_of_meat_prevents_combat_damage_on_its_roll_and_counts_the_others_named_so():
    """Each Cube of Meat prevents the damage to its controller on attack rolls of its number; with other
    Cube of Meat items or souls (itself aside) the first gives +1 damage, the second +1 HP and the third
    also prevents on 4s (`named(...)`)."""
    g = position(2)
    loot_fillers(g, 10)
    g.active = 0
    me = g.players[0]
    atk, hp = statics.player_atk(g, me), statics.player_max_hp(g, me)
    one = give_item(g, 0, load_pool().by_id["box-cube_of_meat"])
    assert statics.player_atk(g, me) == atk  # no other Cube of Meat yet
    three = give_item(g, 0, load_pool().by_id["box-cube_of_meat_3"])
    assert statics.player_atk(g, me) == atk + 1 and statics.player_max_hp(g, me) == hp
    blob = add_slot_monster(g, monster("Biter", hp=5, attack=1))
    g.attack = Attack(seat=0, target=blob)
    for roll in (1, 2, 3, 4):
        damage.push_damage(g, 1, me, -1, blob, True, roll, "Biter")
        resolution.priority(g, 0)
    assert me.damage == 1  # the 2 hit; 1, 3 and 4 were prevented
    assert one.in_play and three.in_play
    check_invariants(g)


def test_FS_9_2_the_missing_page_may_make_any_player_reroll_a_5():
    g = position(2, rolls=[5, 5, 2], plans={1: lambda d: True if d.kind == "may" else None})
    loot_fillers(g, 10)
    g.active = 0
    give_item(g, 1, real("The Missing Page"))
    _roll(g, 0)
    assert _finals(g) == [2]
    check_invariants(g)


def test_FS_10_11_emergency_contact_cancels_the_attack_on_a_monster_and_puts_it_under_the_monster_deck():
    g = position(2)
    loot_fillers(g, 10)
    _fillers(g, 3)
    g.active = 0
    m = add_slot_monster(g, monster("Fought", hp=4))
    g.attack = Attack(seat=0, target=m)
    contact = give_loot(g, 1, real("Emergency Contact"))
    g.players[1].loot_plays = 1
    assert plays.take_action(g, 1, ("loot", contact))
    settle(g)
    assert g.attack.cancelled and g.monster[0] is m.phys and not m.in_play
    assert g.mslots[0][-1].phys.card.name.startswith("Filler")
    check_invariants(g)


def test_FS_10_16_curse_of_blood_lust_and_the_blood_lust_room_owe_attacks():
    """Curse of Blood Lust: its bearer owes an attack on their turn (if able). Blood Lust: the active player
    owes one each turn, and their first attack declared makes them owe one more."""
    g = position(2)
    loot_fillers(g, 10)
    g.active = 1
    curse = g.new_obj(phys(g, load_pool().by_id["fsp2-curse_of_blood_lust"]), "curse", 1)
    g.players[1].curses.append(curse)
    triggers.fire(g, "turn_start", seat=1)
    settle(g)
    assert g.must_attack == [("any", None)]  # owed if able: one of the turn's own attacks (FS-10.16(c))
    g2 = position(2)
    loot_fillers(g2, 10)
    g2.active = 0
    _room(g2, "Blood Lust")
    triggers.fire(g2, "turn_start", seat=0)
    settle(g2)
    assert len(g2.must_attack) == 1
    for _ in range(2):
        triggers.fire(g2, "attack_declared", seat=0)
        settle(g2)
    # the first declaration only (first_each_turn): one more, an additional one (FS-10.16(a))
    assert [how for _t, how in g2.must_attack] == [None, False]


def test_FS_5_14_teratoma_counts_spider_counters_and_deals_them_divided_at_its_death():
    g = position(3, plans={0: lambda d: d.options[-1] if d.kind in ("targets", "divide") else None})
    loot_fillers(g, 10)
    _fillers(g)
    g.active = 0
    tera = add_slot_monster(g, load_pool().by_id["box-teratoma"])
    for _ in range(3):
        triggers.fire(g, "damaged", target=tera, amount=1)
        settle(g)
    assert counters_of(tera, "spider") == 3
    assert damage.kill(g, tera, 0)
    settle(g)
    assert sum(r[6] for r in kinds(g, "damage") if r[4] == "Teratoma") == 3


def test_FS_5_4_moms_heels_prevents_only_the_first_combat_damage_each_turn():
    """`first_each_turn` on a replacement: the first combat damage to its controller each turn is prevented,
    the second is not; non-combat damage does not use it up; a new turn starts afresh."""
    g = position(2)
    loot_fillers(g, 10)
    g.active = 0
    me = g.players[0]
    give_item(g, 0, real("Mom's Heels"))
    blob = add_slot_monster(g, monster("Biter", hp=5, attack=1))
    g.attack = Attack(seat=0, target=blob)
    damage.push_damage(g, 1, me, -1, None, False, None, "Bomb")  # not combat damage
    resolution.priority(g, 0)
    for _ in range(2):
        damage.push_damage(g, 1, me, -1, blob, True, 1, "Biter")
        resolution.priority(g, 0)
    assert me.damage == 2
    for o in g.player_objects(me):
        o.turn_counts = None  # what a turn's end does (turn.py)
    damage.push_damage(g, 1, me, -1, blob, True, 2, "Biter")
    resolution.priority(g, 0)
    assert me.damage == 2


def test_FS_6_20_splash_damage_makes_a_player_damaging_a_monster_hit_the_player_on_their_left():
    g = position(3)
    loot_fillers(g, 10)
    g.active = 0
    _room(g, "Splash Damage")
    blob = add_slot_monster(g, monster("Blob", hp=5))
    damage.push_damage(g, 1, blob, 1, None, False, None, "Bomb!")  # seat 1 deals it
    settle(g)
    assert [p.damage for p in g.players] == [0, 0, 1] and blob.damage == 1
    damage.push_damage(g, 1, g.players[0], 1, None, False, None, "Bomb!")  # to a player: nothing more
    settle(g)
    assert [p.damage for p in g.players] == [1, 0, 1]


def test_FS_13_1_FS_6_16_headless_horseman_survives_its_first_death_each_turn():
    """A monster's death now triggers "would die" (FS-13.1): the first each turn is prevented, it heals 2 and
    has +1 evasion, -1 damage for the rest of the turn; the second death that turn stands."""
    g = position(2)
    loot_fillers(g, 10)
    _fillers(g)
    g.active = 0
    hh = add_slot_monster(g, load_pool().by_id["fsp2-headless_horseman"])
    assert damage.kill(g, hh, 0)
    settle(g)
    assert hh.in_play and statics.monster_hp(g, hh) == 3
    assert (statics.evasion(g, hh), statics.monster_atk(g, hh)) == (4, 1)
    assert damage.kill(g, hh, 0)
    settle(g)
    assert not hh.in_play and [r[4] for r in kinds(g, "monster_died")] == ["Headless Horseman"]


def test_FS_6_19_laser_eye_damages_every_player_who_loots_and_not_the_setups_deal():
    """`looted: any_player`: a draw of loot (an effect's, the loot step's) triggers; each looter takes 1."""
    g = position(2)
    loot_fillers(g, 10)
    g.active = 0
    _room(g, "Laser Eye!")
    resources.loot(g, g.players[1], 2, "test")
    resources.loot(g, g.players[0], 1, "loot_step")
    settle(g)
    assert [p.damage for p in g.players] == [1, 1]
    check_invariants(g)


def test_FS_9_2_light_switch_rolls_only_for_damage_the_active_player_deals_it():
    """Damage the active player deals (seat 0) makes them roll (a 4: loot 1); another player's does not."""
    g = position(2, rolls=[4, 4])
    loot_fillers(g, 10)
    g.active = 0
    switch = add_slot_monster(g, load_pool().by_id["soi-light_switch"])
    damage.push_damage(g, 1, switch, 1, None, False, None, "Bomb!")
    settle(g)
    assert [len(p.hand) for p in g.players] == [0, 0]
    damage.push_damage(g, 1, switch, 0, None, False, None, "Bomb!")
    settle(g)
    assert [len(p.hand) for p in g.players] == [1, 0]
    check_invariants(g)


def test_FS_5_14_alt_art_ultra_greed_marks_an_item_gold_when_attacked_and_its_killer_may_steal_it():
    g = position(2, plans={0: lambda d: True if d.kind == "may" else None})
    loot_fillers(g, 10)
    _fillers(g)
    g.active = 0
    prize = give_item(g, 1, card("Prize", deck="treasure", kind="passive"))
    greed = add_slot_monster(g, load_pool().by_id["aa-ultra_greed"])
    triggers.fire(g, "attacked", target=greed, attacker=0)
    settle(g)
    assert counters_of(prize, "gold") == 1
    assert damage.kill(g, greed, 0)
    settle(g)
    assert prize in g.players[0].items and prize not in g.players[1].items
    check_invariants(g)


def test_FS_10_16_FS_Q_38_alt_art_moms_hand_forces_an_attack_on_1_2_and_its_hit_ends_the_turn():
    g = position(2, rolls=[2])
    loot_fillers(g, 10)
    g.active = 0
    hand = add_slot_monster(g, load_pool().by_id["aa-moms_hand"])
    triggers.fire(g, "turn_start", seat=0)
    settle(g)
    assert g.must_attack == [(hand, False)]
    g.attack = Attack(seat=0, target=hand)
    damage.push_damage(g, 1, g.players[0], -1, hand, True, 1, "Mom's Hand")
    settle(g)
    assert g.ending_turn and g.players[0].damage == 1


def test_FS_5_11_strange_marble_lets_each_player_play_a_copy_of_the_revealed_loot_top():
    """Bum-bo the Weird's Strange Marble: at its controller's turn start (a "may", scripted yes) the loot
    deck's top card is revealed and every player may copy it (no loot play, FS-5.11): 3 Cents!
    gives each 3c and stays on top; a death lets its controller recharge an item."""
    yes = lambda d: True if d.kind == "may" else None  # noqa: E731
    g = position(2, plans={0: yes, 1: yes})
    loot_fillers(g, 5)
    g.active = 0
    marble = give_item(g, 0, real("Strange Marble"))
    top = phys(g, real("3 Cents!"))
    g.loot.append(top)
    triggers.fire(g, "turn_start", seat=0)
    settle(g)
    assert (g.players[0].cents, g.players[1].cents) == (3, 3) and g.loot[-1] is top
    marble.charged = False
    triggers.fire(g, "dies", victim=add_slot_monster(g, monster("Blob")), killer=0)
    settle(g)
    assert marble.charged
    check_invariants(g)


def test_FS_13_4_a_printed_reward_that_is_an_effect_is_carried_out_by_the_player_gaining_it():
    """`reward:`: the reward block of Ultra Pride (loot 1 per counter) and The Collector (a treasure per
    counter) is carried out by the active player at step 3, and doubled like any reward block (FS-Q.26:
    Blessing of the Sack); Zombie Jesus's kills the player gaining it. Their counters come from player
    deaths; The Collector's are HP counters (+1 HP each, FS-5.14), Ultra Pride's +1 damage each."""
    g = position(3)
    loot_fillers(g, 30)
    _fillers(g)
    g.treasure.extend(phys(g, card(f"T{i}", deck="treasure", kind="passive")) for i in range(6))
    g.active = 0
    pride = add_slot_monster(g, load_pool().by_id["p-ultra_pride"])
    collector = add_slot_monster(g, real("The Collector"))
    for seat in (1, 2):
        triggers.fire(g, "dies", victim=g.players[seat], killer=-1)
        settle(g)
    assert (pride.counters, statics.monster_atk(g, pride)) == (4, 5)
    assert statics.monster_max_hp(g, collector) == 4 + 2
    hand = len(g.players[0].hand)
    assert damage.kill(g, pride, 0)
    settle(g)
    assert len(g.players[0].hand) == hand + 4
    _room(g, "Blessing of the Sack")
    assert damage.kill(g, collector, 0)
    settle(g)
    assert len(g.players[0].items) == 4  # 2 counters, the block twice
    jesus = add_slot_monster(g, real("Zombie Jesus"))
    assert damage.kill(g, jesus, 0)
    settle(g)
    assert [r[2] for r in kinds(g, "player_died")] == [0]
    check_invariants(g)


def test_FS_14_3_time_eater_at_its_twelfth_counter_makes_the_soul_leader_win():
    g = position(2)
    loot_fillers(g, 10)
    g.active = 0
    eater = add_slot_monster(g, real("Time Eater"))
    soul = g.new_obj(phys(g, monster("Soul", soul=1)), "soul", 1)
    soul.soul_value = 1
    g.players[1].souls.append(soul)
    eater.counters = 11
    triggers.fire(g, "turn_end", seat=0)
    try:
        settle(g)
    except GameOver as over:
        assert over.args == ((1,),)  # seat 1, the only player with a soul
    else:
        raise AssertionError("nobody won")


def test_FS_6_18_javon_rerolls_a_shop_item_each_turn_and_its_reward_steals_one():
    g = position(2)
    loot_fillers(g, 10)
    _fillers(g)
    g.treasure.extend(phys(g, card(f"T{i}", deck="treasure", kind="passive")) for i in range(4))
    g.active = 0
    shop = add_shop_item(g, card("Ware", deck="treasure", kind="passive"))
    javon = add_slot_monster(g, real("Javon!"))
    triggers.fire(g, "turn_start", seat=0)
    settle(g)
    assert not shop.in_play and g.shop[0][-1].phys.card.name.startswith("T")
    assert sum(p.damage for p in g.players) == 1
    new = g.shop[0][-1]
    assert damage.kill(g, javon, 0)
    settle(g)
    assert new in g.players[0].items
    check_invariants(g)
