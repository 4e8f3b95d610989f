"""Characters, eternal and one-use items, and trinkets read against their printed cards: the characters'
printed HP, damage and starting item and their ↷ (one more loot play), and single scenarios for the others.
These cards had no scenario of their own."""

from __future__ import annotations

import pytest

from cardlab.simulate.four_souls import damage, plays, statics, triggers
from cardlab.simulate.four_souls import fixtures as fx
from cardlab.simulate.four_souls.cards import load_pool
from tests.four_souls.printed_cards import pick, table, use

# id -> (HP, damage, starting item's name) as printed
_CHARACTERS = {
    "fsp2-whore_of_babylon": (2, 1, "Gimpy"),
    "g2-azazel": (2, 1, "Lord of the Pit"),
    "r-bethany": (2, 1, "Book of Virtues"),
    "r-jacob_and_esau": (2, 1, "Sibling Rivalry"),
    "r-the_broken": (2, 1, "Spindown Dice"),
    "r-the_curdled": (2, 1, "Sumptorium"),
    "r-the_dauntless": (1, 1, "Hypercoagulation"),
    "r-the_deceiver": (2, 1, "Ceremonial Blade"),
    "r-the_fettered": (2, 1, "Dead Weight"),
    "r-the_miser": (2, 1, "Keeper's Bargain"),
    "r-the_savage": (2, 1, "Berserk"),
    "r-the_soiled": (2, 1, "IBS"),
    "r-the_zealot": (2, 1, "Lemegeton"),
    "rwz-guy_spelunky": (2, 1, "Spelunking Pack"),
    "rwz-psycho_goreman": (2, 2, "Hunky Boys"),
    "rwz-salad_fingers": (2, 1, "Rusty Spoons"),
    "rwz-the_silent": (2, 1, "Ring of the Snake"),
    "ani-bum_bo_the_stout": (2, 1, "Bag-o-Holes"),
}


@pytest.mark.parametrize("char_id", sorted(_CHARACTERS))
def test_FS_1_24_characters_printed_stats_starting_item_and_one_more_loot_play(char_id):
    hp, atk, item = _CHARACTERS[char_id]
    c = fx.by_id(char_id)
    assert (c.hp, c.attack) == (hp, atk)
    assert load_pool().by_id[c.starting_item].name == item
    g = table(chars=[c, fx.by_id("r-bethany")])
    me = g.players[0]
    me.character.charged = True
    assert (statics.player_max_hp(g, me), statics.player_atk(g, me)) == (hp, atk)
    before = me.loot_plays
    use(g, 0, "tap", me.character)
    assert me.loot_plays == before + 1


def test_FS_2_8_level_one_isaac_has_no_starting_item_and_loots_two_more_at_setup():
    c = fx.by_id("p-level_one_isaac")
    assert (c.hp, c.attack) == (3, 1) and not c.starting_item
    g = table(chars=[c, fx.by_id("r-bethany")])
    for ab in g.players[0].character.rules.triggers.get("game_start", ()):
        g.pending.append((0, ab, g.players[0].character, {}))
    fx.settle(g)
    assert [len(p.hand) for p in g.players] == [2, 0]


# ---- eternal items


def test_FS_4_12_johnnys_knives_deals_one_and_recharges_when_another_player_dies():
    g = table(n=3)
    knives = fx.give_item(g, 0, fx.by_id("rwz-johnnys_knives"), eternal=True)
    blob = fx.add_slot_monster(g, fx.monster("Blob", hp=3))
    pick(g, blob)
    use(g, 0, "tap", knives)
    assert blob.damage == 1 and not knives.charged
    damage.kill(g, g.players[2], 1)
    fx.settle(g)
    assert knives.charged


def test_FS_10_2_ring_of_the_snake_recharges_your_character_and_loots_one_per_attack_declared():
    g = table()
    fx.give_item(g, 0, fx.by_id("rwz-ring_of_the_snake"), eternal=True)
    me = g.players[0]
    me.character.charged = False
    triggers.fire(g, "attack_declared", seat=0)
    fx.settle(g)
    assert me.character.charged and len(me.hand) == 1
    g.active = 1
    triggers.fire(g, "attack_declared", seat=1)  # another player's attack: nothing
    fx.settle(g)
    assert len(me.hand) == 1
    fx.check_invariants(g)


def test_FS_5_14_lil_steven_counts_every_death_and_spends_ten_for_an_extra_turn():
    g = table(n=3)
    steven = fx.give_item(g, 0, fx.by_id("rwz-lil_steven"), eternal=True)
    g.monster.extend(fx.phys(g, fx.monster(f"M{i}")) for i in range(12))
    for i in range(9):
        m = fx.add_slot_monster(g, fx.monster(f"Blob{i}"))
        damage.kill(g, m, 0)
        fx.settle(g)
    assert steven.counters == 9
    assert ("paid", steven, 0) not in plays.legal_actions(g, 0)
    damage.kill(g, g.players[2], 0)  # a player's death counts too
    fx.settle(g)
    assert steven.counters == 10
    use(g, 0, "paid", steven)
    assert steven.counters == 0 and g.extra_turns == [0]


# ---- one-use items, trinkets, a soul


def test_FS_5_8_gun_that_can_kill_the_past_destroys_itself_for_an_extra_turn():
    g = table()
    gun = fx.give_item(g, 0, fx.by_id("rwz-gun_that_can_kill_the_past"))
    use(g, 0, "tap", gun)
    assert gun not in g.players[0].items and g.extra_turns == [0]
    fx.check_invariants(g)


def test_FS_5_4_callus_prevents_non_combat_damage_but_not_combat_damage():
    g = table(chars=[fx.by_id("p-level_one_isaac"), fx.by_id("r-bethany")])
    fx.give_item(g, 0, fx.by_id("r-callus"))
    me = g.players[0]
    assert damage.push_damage(g, 2, me, 1, None, False, None, "test")
    fx.settle(g)
    assert me.damage == 0
    hitter = fx.add_slot_monster(g, fx.monster("Hitter", evasion=3, attack=1))
    fx.attack_roll(g, hitter, 1)  # a miss: the monster's combat damage hits the attacker (FS-10.9)
    assert me.damage == 1


def test_FS_4_9_short_fuse_destroyed_deals_two_to_a_monster_or_player():
    g = table()
    fuse = fx.give_item(g, 0, fx.by_id("p-short_fuse"))
    blob = fx.add_slot_monster(g, fx.monster("Blob", hp=5))
    pick(g, blob)
    damage.destroy(g, fuse, "test")
    fx.settle(g)
    assert blob.damage == 2
    fx.check_invariants(g)


def test_FS_14_5_ultra_flesh_kid_counts_deaths_and_becomes_a_soul_at_twelve_as_your_turn_ends():
    g = table()
    kid = fx.give_item(g, 0, fx.by_id("r-ultra_flesh_kid"))
    kid.counters = 11
    triggers.fire(g, "turn_end", seat=0)
    fx.settle(g)
    assert kid in g.players[0].items  # 11: not yet
    blob = fx.add_slot_monster(g, fx.monster("Blob"))
    g.monster.append(fx.phys(g, fx.monster("Next")))
    damage.kill(g, blob, 0)
    fx.settle(g)
    assert kid.counters == 12
    triggers.fire(g, "turn_end", seat=0)
    fx.settle(g)
    assert len(g.players[0].souls) == 1 and kid not in g.players[0].items


@pytest.mark.parametrize("card_id", ["tgt-epic_fetus", "aa-epic_fetus"])
def test_FS_6_20_epic_fetus_printings_hit_yourself_and_their_targets(card_id):
    """Target promo: a monster, a player and yourself take 1 each; Alt Art: each monster and yourself."""
    g = table()
    fetus = fx.give_item(g, 0, fx.by_id(card_id))
    a = fx.add_slot_monster(g, fx.monster("A", hp=3))
    b = fx.add_slot_monster(g, fx.monster("B", hp=3))
    pick(g, a, g.players[1])
    use(g, 0, "tap", fetus)
    if card_id == "tgt-epic_fetus":
        assert ([p.damage for p in g.players], a.damage, b.damage) == ([1, 1], 1, 0)
    else:
        assert ([p.damage for p in g.players], a.damage, b.damage) == ([1, 0], 1, 1)
    fx.check_invariants(g)


def test_FS_6_20_satanic_bible_pays_one_hp_to_prevent_the_next_damage_to_a_monster():
    g = table(chars=[fx.by_id("p-level_one_isaac"), fx.by_id("r-bethany")])
    bible = fx.give_item(g, 0, fx.by_id("box-satanic_bible"))
    blob = fx.add_slot_monster(g, fx.monster("Blob", hp=5))
    pick(g, blob)
    use(g, 0, "paid", bible)
    assert g.players[0].damage == 1
    assert damage.push_damage(g, 3, blob, 1, None, False, None, "test")
    fx.settle(g)
    assert blob.damage == 0
    assert damage.push_damage(g, 1, blob, 1, None, False, None, "test")
    fx.settle(g)
    assert blob.damage == 1
