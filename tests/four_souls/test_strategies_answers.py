"""``sensible`` uses cards whose value depends on the moment, read from their effects: a card that cancels
the whole stack (``cancel: all``) against lethal combat damage, a modal card's shield mode against it, a
curse removed when it bears one, and self-damage for cents once no fight is left in its turn (FS-8.10:
damage heals at end of turn). Seat 0 is the strategy under test; seat 1 is scripted (it passes)."""

from __future__ import annotations

from cardlab.simulate.four_souls import attack
from cardlab.simulate.four_souls.fixtures import (
    add_room,
    add_slot_monster,
    by_id,
    deck,
    give_item,
    give_loot,
    kinds,
    loot_fillers,
    monster,
    phys,
    real,
    settle,
    take_cents,
)
from tests.four_souls.strategy_table import belongings, own_turn, strategy_table


def _lethal_miss(card: str, roll: int = 1):
    """P0 (1 HP) attacks a monster dealing 1 (evasion 3) and rolls ``roll`` (a miss), holding ``card`` and a
    loot play."""
    g = strategy_table(2, rolls=[roll, 6], hp=1, charged=True)
    g.active = 0
    g.players[0].loot_plays = 1
    give_loot(g, 0, real(card))
    m = add_slot_monster(g, monster("Fly", hp=1, evasion=3, attack=1))
    attack.run_attack(g, 0, m)
    return g


def test_FS_6_9_a_stack_wipe_answers_a_lethal_miss():
    """O. The Fool (end the turn, cancel everything on the stack) is played on the lethal combat damage:
    P0 does not die (no death penalty, FS-13.3) and its turn ends (FS-8.9)."""
    g = _lethal_miss("O. The Fool")
    assert [r[4] for r in kinds(g, "loot_played")] == ["O. The Fool"]
    assert not g.players[0].dead and g.ending_turn


def test_FS_6_16_a_modal_card_shields_with_its_shield_mode():
    """Dagaz (destroy a curse, or shield a player's next damage) is played in its shield mode on P0."""
    g = _lethal_miss("Dagaz")
    assert [r[4] for r in kinds(g, "loot_played")] == ["Dagaz"]
    assert kinds(g, "prevented") and not g.players[0].dead


def test_FS_4_16_dagaz_destroys_the_curse_i_bear_not_a_rivals():
    """P0 and P1 each bear a curse; on its own turn P0 plays Dagaz's curse mode on its own curse."""
    g = strategy_table(2, hp=2)
    mine = g.new_obj(phys(g, real("Curse Of Pain")), "curse", 0)
    theirs = g.new_obj(phys(g, real("Curse Of Pain")), "curse", 1)
    g.players[0].curses.append(mine)
    g.players[1].curses.append(theirs)
    give_loot(g, 0, real("Dagaz"))
    own_turn(g)
    assert [r[4] for r in kinds(g, "loot_played")] == ["Dagaz"]
    assert g.players[0].curses == [] and g.players[1].curses == [theirs]


def test_dagaz_is_kept_without_a_curse():
    g = strategy_table(2, hp=2)
    give_loot(g, 0, real("Dagaz"))
    own_turn(g)
    assert not kinds(g, "loot_played") and len(g.players[0].hand) == 1


def test_FS_8_10_self_damage_for_cents_once_no_fight_is_left():
    """XIV. Temperance (1 damage to me for 4¢, or 2 for 8¢): with no attack left in its turn, P0 (2 HP)
    takes 1 damage for 4¢ (the damage heals at end of turn); 2 damage would kill it, and its death would cost
    it an item, 1¢ and a loot card (FS-13.9)."""
    g = strategy_table(2, hp=2)
    belongings(g, 0)
    give_loot(g, 0, real("XIV. Temperance"))
    before = g.players[0].cents
    own_turn(g, attacks=0)
    assert [r[4] for r in kinds(g, "loot_played")] == ["XIV. Temperance"]
    assert g.players[0].cents == before + 4 and not g.players[0].dead


def test_FS_3_6_the_shovel_digs_up_a_discarded_monster_before_a_deck_attack():
    """No slot fight is worth it (a 5-HP wall); the monster discard (public) holds an easy boss: P0 uses
    The Shovel to put it on top of the monster deck, then attacks the deck and meets it (FS-10.5)."""
    g = strategy_table(2, rolls=[5], hp=2)
    give_item(g, 0, real("The Shovel"))
    add_slot_monster(g, monster("Wall", hp=5, evasion=6, attack=2))
    deck(g, "monster", [monster("Deck Brute", hp=4, evasion=5, attack=2)])
    g.monster_disc.append(phys(g, monster("Old Boss", hp=1, evasion=2, attack=1, soul=1)))
    own_turn(g, attacks=1)
    assert [r[4] for r in kinds(g, "attack_target")] == ["Old Boss"]


def test_the_shovel_waits_when_the_discard_holds_no_fight_worth_it():
    g = strategy_table(2, rolls=[5], hp=2)
    shovel = give_item(g, 0, real("The Shovel"))
    add_slot_monster(g, monster("Wall", hp=5, evasion=6, attack=2))
    deck(g, "monster", [monster("Deck Blob", hp=1, evasion=2, attack=1)])
    g.monster_disc.append(phys(g, monster("Old Brute", hp=6, evasion=6, attack=3)))
    own_turn(g, attacks=1)
    assert shovel.charged and [r[4] for r in kinds(g, "attack_target")] == ["Deck Blob"]


def test_FS_6_16_the_shovel_reads_a_discarded_monsters_own_prevention():
    """The discard's easy boss prevents combat damage to itself on every roll that hits it (2 to 6): a
    card's fight is read with its abilities (``CardRef.rules``), so it is no fight and The Shovel waits; the
    attack goes to the deck. Read by its printed stats alone, it was dug up and attacked."""
    ward = {"replace": {"event": {"combat_damage_to": "self"}, "if": "attack_roll != 1", "prevent": True}}
    g = strategy_table(2, rolls=[5], hp=2)
    shovel = give_item(g, 0, real("The Shovel"))
    add_slot_monster(g, monster("Wall", hp=5, evasion=6, attack=2))
    deck(g, "monster", [monster("Deck Blob", hp=1, evasion=2, attack=1)])
    g.monster_disc.append(phys(g, monster("Old Boss", hp=1, evasion=2, attack=1, soul=1, abilities=(ward,))))
    own_turn(g, attacks=1)
    assert shovel.charged and [r[4] for r in kinds(g, "attack_target")] == ["Deck Blob"]


def test_FS_1_15_golden_razor_blade_pays_to_kill_a_soul_monster_outright():
    """Golden Razor Blade ($ 5¢: 1 damage to any one monster or player) kills a 1-HP monster worth a soul before
    any fight; against a 1-HP monster worth 1¢ the 5¢ are kept."""
    g = strategy_table(2, rolls=[1], hp=2)
    give_item(g, 0, real("Golden Razor Blade"))
    take_cents(g, 0, 5)
    boss = add_slot_monster(g, monster("Tiny Boss", hp=1, evasion=6, attack=1, soul=1))
    own_turn(g)
    assert not boss.in_play and g.players[0].cents == 0

    g = strategy_table(2, rolls=[1], hp=2)
    give_item(g, 0, real("Golden Razor Blade"))
    take_cents(g, 0, 5)
    fly = add_slot_monster(g, monster("Fly", hp=1, evasion=6, attack=1, rewards={"cents": 1}))
    own_turn(g)
    assert fly.in_play and g.players[0].cents == 5


def test_FS_1_15_a_shot_on_my_turn_weighs_the_card_kept():
    """A player that keeps loot cards (``keep_bar`` 3: the value model's play in step 1 lets Bomb! be) holds
    Bomb! with no attack left: against a 1-HP Fly worth 1¢ the card is worth more kept for my next turn than
    the kill (``_use_cost``, as against a waiting hit), so it stays; against a 1-HP monster worth a soul it
    is played. The old shot on my turn used a plain bar (any worth) and spent it on the Fly too."""
    import random

    from cardlab.strategies.four_souls import STRATEGIES

    for mon, played in (
        (monster("Fly", hp=1, evasion=6, attack=1, rewards={"cents": 1}), []),
        (monster("Tiny Boss", hp=1, evasion=6, attack=1, soul=1), ["Bomb!"]),
    ):
        g = strategy_table(2, hp=2)
        g.io.strategies[0] = STRATEGIES["sensible"](0, random.Random(0), keep_bar=3.0)
        give_loot(g, 0, real("Bomb!"))
        m = add_slot_monster(g, mon)
        own_turn(g)
        assert [r[4] for r in kinds(g, "loot_played")] == played and m.in_play == (not played)


def test_FS_6_18_the_d4_rerolls_the_leaders_strong_items_not_my_own():
    """The D4 (destroy it: reroll every item of one player) is valued item by item: P1 (a soul ahead)
    holds three items worth far more than a fresh treasure, P0 holds weak ones — P0 aims it at P1."""
    g = strategy_table(2, hp=2)
    d4 = give_item(g, 0, real("The D4"))
    give_item(g, 0, real("Trinity Shield"))
    for name in ("Polyphemus", "Abaddon", "Bum-Bo!"):
        give_item(g, 1, real(name))
    g.players[1].souls.append(g.new_obj(phys(g, monster("Old Boss", soul=1)), "soul", 1))
    deck(g, "treasure", [real("Breakfast"), real("Breakfast"), real("Breakfast")])
    own_turn(g)
    assert not d4.in_play
    assert [r[4] for r in kinds(g, "item_gained") if r[2] == 1] == ["Breakfast"] * 3


def test_the_d4_is_kept_when_no_player_has_items_worth_rerolling():
    g = strategy_table(2, hp=2)
    d4 = give_item(g, 0, real("The D4"))
    give_item(g, 1, real("Trinity Shield"))
    own_turn(g)
    assert d4.in_play


def _chaos_table(n: int, hands: dict[int, int]):
    g = strategy_table(n, hp=2)
    chaos = give_item(g, 0, real("Chaos"))
    for seat, count in hands.items():
        for _ in range(count):
            give_loot(g, seat, real("Bomb!"))
    return g, chaos


def test_chaos_takes_the_bigger_hand_from_the_right():
    """Chaos (every hand moves one seat left, the ``hands`` aim): P0 receives the hand of the seat on its
    right. With an empty hand against 4 cards it is used (it was valued at 0 with an empty hand); with
    4 cards against none it is kept."""
    g, chaos = _chaos_table(2, {1: 4})
    own_turn(g)
    assert not chaos.charged and len(g.players[1].hand) == 0
    g, chaos = _chaos_table(2, {0: 4})
    own_turn(g)
    assert chaos.charged


def test_chaos_reads_the_right_neighbour_not_the_table_mean():
    """Four players: P0 (1 card) receives seat 3's hand. Seat 3 holding 3 cards is worth it even though
    seats 1 and 2 hold none (the table's mean, 1, is no gain); seat 1 holding 3 cards, seat 3 none, is not."""
    g, chaos = _chaos_table(4, {0: 1, 3: 3})
    own_turn(g)
    assert not chaos.charged
    g, chaos = _chaos_table(4, {0: 1, 1: 3})
    own_turn(g)
    assert chaos.charged


def test_razor_blade_finishes_a_player_and_is_kept_otherwise():
    """Razor Blade (↷: 1 damage to a player) kills a rival with 1 HP left (their death penalty, FS-13.3: an
    item, cents and a loot card to lose); against full HP the damage would heal at end of turn (FS-8.10), so
    the ↷ is kept."""
    g = strategy_table(2, hp=2)
    blade = give_item(g, 0, real("Razor Blade"))
    belongings(g, 1)
    g.players[1].damage = 1
    own_turn(g)
    assert g.players[1].dead and not blade.charged
    g = strategy_table(2, hp=2)
    blade = give_item(g, 0, real("Razor Blade"))
    own_turn(g)
    assert not g.players[1].dead and blade.charged


def test_FS_13_3_the_death_penalty_keeps_self_damage_for_cents_for_the_next_turn():
    """P0 (2 HP) dies holding XIV. Temperance (1 damage to me for 4¢) and A Penny! (1¢): the card kept is
    read as in P0's next turn — full HP, at its best moment (after the fights, when the damage heals
    unused, FS-8.10) — so Temperance is kept and the Penny goes (it was read at 0 HP, mid-fight)."""
    g = strategy_table(2, rolls=[1, 6], hp=2)
    g.active = 0
    g.players[0].loot_plays = 0
    give_loot(g, 0, real("XIV. Temperance"))
    give_loot(g, 0, real("A Penny!"))
    m = add_slot_monster(g, monster("Fly", hp=1, evasion=3, attack=2))
    attack.run_attack(g, 0, m)
    assert g.players[0].dead
    assert [r[4] for r in kinds(g, "loot_discarded")] == ["A Penny!"]
    assert [c.name for c in g.players[0].hand] == ["XIV. Temperance"]


def test_FS_9_2_an_optional_reroll_of_my_own_hitting_attack_roll_is_declined():
    """P0 holds Marked (its first attack roll of the turn may be set to 5) and The Missing Page (a 5 may be
    rerolled). It rolls a 2 against evasion 3: Marked makes it a 5 (a miss made a hit), and P0 declines
    to reroll its own hit. Saying yes each time looped (FS-9.2(4): a changed roll triggers again) until
    the runaway guard ended the game."""
    g = strategy_table(2, rolls=[2, 1, 1, 1], hp=2)
    g.active = 0
    give_item(g, 0, real("Marked"))
    give_item(g, 0, real("The Missing Page"))
    m = add_slot_monster(g, monster("Fly", hp=1, evasion=3, attack=1))
    attack.run_attack(g, 0, m)
    assert [(r[6], r[7]) for r in kinds(g, "roll")] == [(2, "initial"), (5, "modified"), (5, "final")]
    assert [r[4] for r in kinds(g, "monster_died")] == ["Fly"]


def test_FS_9_2_FS_10_6_an_optional_reroll_of_my_own_hit_on_a_player_is_declined():
    """The same against a player made attackable (Requiem's The Siren: players at evasion 4, FS-10.6): a
    player has no printed evasion, so the hit went unseen and P0 took The Missing Page's reroll each time
    Marked set a 5 (soak 1724, 3 sensible players, rooms, seed 7807403970711419423: a guard stop)."""
    g = strategy_table(2, rolls=[2, 5, 1, 1], hp=2)
    g.active = 0
    give_item(g, 0, real("Marked"))
    give_item(g, 0, real("The Missing Page"))
    add_slot_monster(g, by_id("r-the_siren"))
    attack.run_attack(g, 0, g.players[1].character)
    assert [(r[6], r[7]) for r in kinds(g, "roll")][:3] == [(2, "initial"), (5, "modified"), (5, "final")]
    assert g.players[1].dead


def test_FS_9_2_a_room_offering_a_reroll_of_my_own_hitting_attack_roll_is_declined():
    """Isaac's Blessing (a room: a 1 or a 6 about to resolve may be rerolled by its roller) asks P0 about
    its own attack roll of 6, a hit: P0 keeps it. The card asking was looked for among items and the
    stack only, not rooms, so P0 said yes to every reroll; with Alt Art Satan! turning 5s into 6s no roll
    could hit and the attack never ended (soak 1714, 3 sensible players, seed 305063308487872394)."""
    g = strategy_table(2, rolls=[6, 1, 1, 1], hp=2)
    g.active = 0
    add_room(g, by_id("r-isaacs_blessing"))
    m = add_slot_monster(g, monster("Fly", hp=1, evasion=3, attack=1))
    attack.run_attack(g, 0, m)
    assert [(r[6], r[7]) for r in kinds(g, "roll")] == [(6, "initial"), (6, "final")]
    assert [r[4] for r in kinds(g, "monster_died")] == ["Fly"]


def test_FS_6_16_my_little_unicorn_answers_a_lethal_miss_with_its_lent_prevention():
    """My Little Unicorn (tap: my character prevents all damage to me till the turn's end) reads as a
    shield: on the lethal combat damage P0 taps it and lives (the roll of 1 came before the tap, so it
    does not end the turn)."""
    g = strategy_table(2, rolls=[1, 6], hp=1, charged=True)
    g.active = 0
    unicorn = give_item(g, 0, by_id("box-my_little_unicorn"))
    m = add_slot_monster(g, monster("Fly", hp=1, evasion=3, attack=1))
    attack.run_attack(g, 0, m)
    assert not unicorn.charged
    assert kinds(g, "prevented") and not g.players[0].dead


def _aimed_bomb(answer: str, at_seat: int, plays_left: int = 1, charged: bool = True, item: bool = False):
    """P1 plays Bomb! at seat ``at_seat`` (P1 scripted: aims there); P0 (sensible) holds ``answer`` with
    ``plays_left`` loot plays (and its character's ↷ charged, an extra loot play), and with ``item`` a
    charged ↷ item (loot 1), so that P0 is asked to respond."""
    from cardlab.simulate.four_souls import plays
    from cardlab.simulate.four_souls.fixtures import card
    from cardlab.simulate.four_souls.refs import SeatRef

    g = strategy_table(2, hp=4, charged=charged)
    if item:
        give_item(g, 0, card("Test Battery", "treasure", "active", abilities=({"tap": {"do": {"loot": 1}}},)))
    g.io.strategies[1].plans = [
        lambda d: next((o for o in d.options if isinstance(o, SeatRef) and o.seat == at_seat), None)
    ]
    g.active = 1
    g.players[0].loot_plays, g.players[1].loot_plays = plays_left, 1
    give_loot(g, 0, by_id(answer))
    bomb = give_loot(g, 1, real("Bomb!"))
    assert plays.take_action(g, 1, ("loot", bomb))
    settle(g)
    return g


def test_FS_6_9_sensible_cancels_a_bomb_aimed_at_it_with_mega_bean():
    """An opponent's Bomb! aimed at P0, no soul at stake: P0 answers with Mega Bean! (it answers only what
    is aimed at it), takes no damage, and the bomber takes 2."""
    g = _aimed_bomb("soi-mega_bean", 0)
    assert [r[4] for r in kinds(g, "loot_played")] == ["Bomb!", "Mega Bean!"]
    assert [p.damage for p in g.players] == [0, 2]


def test_FS_8_5_sensible_taps_its_character_off_turn_for_mega_bean():
    """The same Bomb! aimed at P0, who has no loot play left in P1's turn: P0 reads the Bomb!'s target on
    the stack (FS-4.2), uses its character's ↷ for a loot play (FS-8.5) and cancels with Mega Bean!."""
    g = _aimed_bomb("soi-mega_bean", 0, plays_left=0)
    assert not g.players[0].character.charged
    assert [r[4] for r in kinds(g, "loot_played")] == ["Bomb!", "Mega Bean!"]
    assert [p.damage for p in g.players] == [0, 2]


def test_FS_8_5_sensible_passes_when_neither_a_loot_play_nor_its_character_is_left():
    """The Bomb! aimed at P0, who has no loot play and a spent character but a charged item (so it is
    asked): Mega Bean! cannot be played, so P0 passes (an answer, never nothing) and takes the damage."""
    g = _aimed_bomb("soi-mega_bean", 0, plays_left=0, charged=False, item=True)
    assert [r[4] for r in kinds(g, "loot_played")] == ["Bomb!"]
    assert g.players[0].damage == 1


def test_FS_4_2_sensible_keeps_its_loot_play_when_the_card_is_aimed_elsewhere():
    """Bomb! aimed at P1 itself, P0 without a loot play: nothing of P0's is targeted, so its ↷ stays."""
    g = _aimed_bomb("soi-mega_bean", 1, plays_left=0)
    assert g.players[0].character.charged
    assert [r[4] for r in kinds(g, "loot_played")] == ["Bomb!"]


def test_FS_6_9_sensible_keeps_a_plain_butter_bean_for_what_makes_a_soul():
    """The same Bomb! aimed at P0: a plain Butter Bean! stays in hand (it is kept for a soul at stake)."""
    g = _aimed_bomb("b2-butter_bean", 0)
    assert [r[4] for r in kinds(g, "loot_played")] == ["Bomb!"]


def test_FS_8_1_sensible_keeps_a_rivals_spent_item_spent_with_lil_gish():
    """On its turn P0 holds a charged Lil' Gish and P1 has a spent ↷ item: P0 taps Lil' Gish on it, so
    it skips P1's next recharge step."""
    from cardlab.simulate.four_souls.fixtures import card

    g = strategy_table(2, hp=2)
    gish = give_item(g, 0, by_id("gish-lil_gish"))
    theirs = give_item(
        g, 1, card("Test Battery", "treasure", "active", abilities=({"tap": {"do": {"loot": 1}}},))
    )
    theirs.charged = False
    own_turn(g)
    assert not gish.charged and theirs.no_recharge


def test_FS_6_16_a_shield_with_a_delayed_hit_answers_a_lethal_miss():
    """Black Heart (a chosen player's next 1 damage prevented; others hit later only if that player dies
    this turn, FS-4.9) is a shield: played on P0 against the lethal combat damage, and P0 lives."""
    g = _lethal_miss("Black Heart")
    assert [r[4] for r in kinds(g, "loot_played")] == ["Black Heart"]
    assert kinds(g, "prevented") and not g.players[0].dead


def test_FS_9_2_a_modal_card_fixes_a_lethal_miss_with_its_roll_mode():
    """Witch (1 damage; or +1 / -1 to a roll; or a cancel) on P0's lethal miss by one (a 2 against
    evasion 3, 1 HP): played in its roll mode for +1, the attack hits, the Fly dies and P0 lives."""
    g = _lethal_miss("Witch", roll=2)
    assert [r[4] for r in kinds(g, "loot_played")] == ["Witch"]
    assert [r[4] for r in kinds(g, "monster_died")] == ["Fly"] and not g.players[0].dead


def test_FS_9_2_FS_4_4_a_roll_change_written_as_an_expression_fixes_a_lethal_miss():
    """Booster v2.0 (Polar Star's back: ↷, a counter removed as its cost: add counters(self) + 1 to a roll)
    with 2 counters, on P0's lethal miss by two (a 2 against evasion 4, 1 HP): the change is read on the
    position, its cost paid first (FS-4.4): 1 + 1 = 2, the roll becomes a 4 and the Fly dies. The old
    player read only a change written as a number, saw none here, and died."""
    from cardlab.simulate.four_souls import sides

    g = strategy_table(2, rolls=[2, 6], hp=1)
    g.active = 0
    booster = give_item(g, 0, by_id("rwz-polar_star"), eternal=True)
    assert sides.flip(g, booster) and sides.name(booster) == "Booster v2.0"
    booster.counters = 2
    fly = add_slot_monster(g, monster("Fly", hp=1, evasion=4, attack=1))
    attack.run_attack(g, 0, fly)
    assert not fly.in_play and not g.players[0].dead and booster.counters == 0
    assert [r for r in kinds(g, "roll") if r[7] == "final"][0][6] == 4


def test_FS_6_9_a_modal_card_cancels_an_opponents_lost_soul_with_its_cancel_mode():
    """P1 plays Lost Soul (it would become their soul, FS-14.5); P0 holds Witch (1 damage; or +1 / -1 to a
    roll; or a cancel of a loot or an item's ability) and no loot play: it uses its character's ↷ (FS-8.5)
    and plays Witch in its cancel mode on the Lost Soul, which never becomes P1's soul."""
    from cardlab.simulate.four_souls import plays, resolution

    g = strategy_table(2, hp=2, charged=True)
    g.active = 1
    witch = give_loot(g, 0, real("Witch"))
    lost = give_loot(g, 1, real("Lost Soul"))
    g.players[1].loot_plays = 1
    assert plays.take_action(g, 1, ("loot", lost))
    resolution.priority(g, 1, until_empty=True)
    assert [r[4] for r in kinds(g, "cancelled")] == ["Lost Soul"]
    assert witch in g.loot_disc and g.players[1].soul_total() == 0 and not g.players[0].character.charged


def test_FS_4_2_a_modal_cards_damage_mode_goes_where_its_value_was_read():
    """On its turn P0 holds Witch and a 1-HP Fly (evasion 5) is in a slot: the value model reads the damage
    mode as the Fly's kill (FS-1.15) and plays it; its target is then read from that mode alone (the mode is
    picked with the targets, FS-4.2), so the 1 damage kills the Fly. The whole card read as one (no plain
    monster shot, harm to a player) sent it to P1."""
    g = strategy_table(2, hp=2)
    give_loot(g, 0, real("Witch"))
    add_slot_monster(g, monster("Fly", hp=1, evasion=5, attack=1))
    own_turn(g)
    assert [r[4] for r in kinds(g, "loot_played")] == ["Witch"]
    assert [r[4] for r in kinds(g, "monster_died")] == ["Fly"] and g.players[1].damage == 0


def test_FS_9_2_an_optional_reroll_of_a_rivals_missing_attack_roll_is_declined():
    """P0 holds Dad's Lost Coin (P0 may have any 1 rolled by anyone rolled again). P1 attacks a
    monster at evasion 3 and rolls a 1, a miss (FS-10.9): a reroll could only help P1 hit, so P0 keeps it and
    P1 takes the monster's damage. P0 rerolled it (the 6 next in the dice would have killed the monster)."""
    g = strategy_table(2, rolls=[1, 6], hp=2)
    loot_fillers(g, 10)
    give_item(g, 0, real("Dad’s Lost Coin"))
    m = add_slot_monster(g, monster("Fly", hp=1, evasion=3, attack=1))
    g.active = 1
    attack.run_attack(g, 1, m)
    assert [(r[6], r[7]) for r in kinds(g, "roll")][:2] == [(1, "initial"), (1, "final")]
    assert g.players[1].damage == 1


def test_FS_9_2_FS_10_7_a_rivals_attack_my_roll_changes_only_keep_going_is_let_go():
    """P0 holds Dad's Lost Coin (P0 may have any 1 rolled by anyone rolled again). P1, with +1
    to attack rolls (Meat!), attacks Turdlings (hurt by a hit rolled as a 2, by no other) after its
    2nd attack roll of the turn (the one that cancels the attack): every roll hits, only a 1 (made 2) damages
    it, and the attack goes on till someone dies (FS-10.7). P0 rerolled every 1, so the attack never ended
    (a guard stop). Now P0 rerolls a 1, again when the reroll is a 1 (the same roll, FS-9.2(4)), but not the
    next roll's 1 while the attack stands where its last reroll left it: that one damages Turdlings; then
    the same again, and P1 kills it."""
    g = strategy_table(2, rolls=[1, 1, 3, 1, 1, 5, 1], hp=2)
    loot_fillers(g, 10)
    give_item(g, 0, real("Dad’s Lost Coin"))
    give_item(g, 1, real("Meat!"))
    turdlings = add_slot_monster(g, by_id("r-turdlings"))
    g.active = 1
    g.players[1].attack_rolls_this_turn = 2
    assert attack.run_attack(g, 1, turdlings)
    assert [(r[6], r[7]) for r in kinds(g, "roll")] == [
        *((1, "initial"), (1, "reroll"), (3, "reroll"), (4, "final")),  # rerolled, and its 1 rerolled again
        *((1, "initial"), (2, "final")),  # where the last reroll left the attack: let go, 1 damage
        *((1, "initial"), (5, "reroll"), (6, "final")),  # Turdlings at 1 HP: a new position, rerolled
        *((1, "initial"), (2, "final")),  # let go again: the kill
    ]
    assert [r[4] for r in kinds(g, "monster_died")] == ["Turdlings"]


def _rival_plays_a_dime(souls: int = 0):
    """P1 plays A Dime!! (10¢) in its turn; P0 holds Mugger Bean! (cancel a loot card on the stack, take it
    into my hand) and its character's ↷ (a loot play, FS-Q.34), charged; P1 has ``souls`` souls."""
    from cardlab.simulate.four_souls import plays

    g = strategy_table(2, charged=True)
    g.active = 1
    g.players[1].loot_plays = 1
    for _ in range(souls):
        g.players[1].souls.append(g.new_obj(phys(g, monster("Old Boss", soul=1)), "soul", 1))
    give_loot(g, 0, by_id("soi-mugger_bean"))
    dime = give_loot(g, 1, real("A Dime!!"))
    cents = g.players[1].cents
    assert plays.take_action(g, 1, next(o for o in plays.legal_actions(g, 1) if o[0] == "loot"))
    settle(g)
    return g, dime, cents


def test_FS_6_9_a_rivals_loot_card_worth_having_is_cancelled_and_taken():
    """P0 uses its ↷ for a loot play and plays Mugger Bean! on the Dime: P1 gains nothing and the Dime is in
    P0's hand. P0 read Mugger Bean! as a cancel for scoring cards only and let P1 take 10¢."""
    g, dime, cents = _rival_plays_a_dime()
    assert g.players[1].cents == cents and dime in g.players[0].hand
    assert [r[4] for r in kinds(g, "loot_played")] == ["A Dime!!", "Mugger Bean!"]


def test_FS_6_9_FS_14_4_the_taking_cancel_is_kept_while_a_rival_is_a_soul_from_winning():
    """The same with P1 one soul from winning: the Dime is no soul, and Mugger Bean! is kept for a card
    that would score (FS-14.4); P1 takes its 10¢."""
    g, dime, cents = _rival_plays_a_dime(souls=3)
    assert g.players[1].cents == cents + 10 and len(g.players[0].hand) == 1
