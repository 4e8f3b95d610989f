"""How ``sensible`` plays the starting items and ↷ abilities that are neither plain gains nor answers
(Forever Alone, Incubus, Sleight Of Hand, The Bone), its character's ↷ in the turn before its own
(FS-8.5, FS-Q.34), and its draft picks (FS-20.7, FS-20.1/20.2). Seat 0 is the strategy under test; the
other seats are scripted (they pass). Built with simulate/four_souls/fixtures.py."""

from __future__ import annotations

import random

import pytest

from cardlab.simulate.core import Decision, Players, stream
from cardlab.simulate.four_souls import checked_play, make_config, resolution
from cardlab.simulate.four_souls.fixtures import (
    add_shop_item,
    add_slot_monster,
    card,
    deck,
    give_item,
    give_loot,
    kinds,
    monster,
    phys,
    real,
    take_cents,
)
from cardlab.simulate.four_souls.state import GameOver
from cardlab.strategies.four_souls import STRATEGIES
from cardlab.strategies.four_souls.drafts import load_table
from tests.four_souls.strategy_table import own_turn, strategy_table

JUNK = card("Junk", abilities=({"play": {"do": {"end_turn": True}}},))  # a card worth nothing to keep
_table = strategy_table


_own_turn = own_turn


def test_FS_4_7_forever_alone_steals_a_cent_from_the_leader():
    """Blue Baby's Forever Alone (↷, three modes): with a card worth keeping in hand it takes the
    steal mode, aimed at the leader (P1: a soul) rather than the richer P2."""
    g = _table(3)
    fa = give_item(g, 0, real("Forever Alone"), eternal=True, starting=True)
    give_loot(g, 0, real("Dice Shard"))
    take_cents(g, 1, 2)
    take_cents(g, 2, 6)
    g.players[1].souls.append(g.new_obj(phys(g, real("Monstro")), "soul", 1))
    _own_turn(g)
    assert [(r[2], r[8], r[6]) for r in kinds(g, "cents_stolen")] == [(0, 1, 1)]  # from seat 1 (target_seat)
    assert not fa.charged and g.players[0].cents == 1 and g.players[1].cents == 1


def test_FS_5_8_forever_alone_loots_with_an_empty_hand():
    """With an empty hand the third mode (discard a loot, then loot 1) is a free loot card."""
    g = _table(2)
    give_item(g, 0, real("Forever Alone"), eternal=True, starting=True)
    take_cents(g, 1, 5)
    deck(g, "loot", [real("Dice Shard")])
    _own_turn(g)
    assert not kinds(g, "cents_stolen")
    assert [r[4] for r in kinds(g, "loot_drawn")] == ["Forever Alone"]
    assert [c.card.name for c in g.players[0].hand] == ["Dice Shard"]


def test_FS_Q_41_incubus_swaps_my_worst_card_for_their_best():
    """Lilith's Incubus: look at the fuller hand (P1), swap my junk for their Dice Shard; their
    A Penny! stays with them."""
    g = _table(3)
    give_item(g, 0, real("Incubus"), eternal=True, starting=True)
    junk = give_loot(g, 0, JUNK)
    shard = give_loot(g, 1, real("Dice Shard"))
    give_loot(g, 1, real("A Penny!"))
    _own_turn(g)
    assert any(c is shard for c in g.players[0].hand)
    assert any(c is junk for c in g.players[1].hand) and len(g.players[1].hand) == 2


def test_incubus_keeps_my_card_when_theirs_is_no_better():
    """The swap is a "may": after looking, a hand of junk is not worth my Dice Shard."""
    g = _table(2)
    give_item(g, 0, real("Incubus"), eternal=True, starting=True)
    shard = give_loot(g, 0, real("Dice Shard"))
    give_loot(g, 1, JUNK)
    _own_turn(g)
    assert [c for c in g.players[0].hand] == [shard]


def test_FS_14_5_the_bone_becomes_the_winning_soul():
    """The Forgotten's The Bone with 5 counters and 3 souls: the $ ability (remove 5) makes it the
    fourth soul at once (FS-14.1: the game is won)."""
    g = _table(2)
    bone = give_item(g, 0, real("The Bone"), eternal=True, starting=True, charged=False)
    bone.counters = 5
    for _ in range(3):
        g.players[0].souls.append(g.new_obj(phys(g, real("Monstro")), "soul", 0))
    with pytest.raises(GameOver) as won:
        _own_turn(g)
    assert won.value.args[0] == (0,)
    assert [(r[4], r[6]) for r in kinds(g, "soul_gained")] == [("The Bone", 1)]


def test_the_bone_keeps_its_counters_when_the_soul_would_not_win():
    """With no soul yet the counters stay on The Bone (they answer rolls and kill, ``_soul_wins``)."""
    g = _table(2)
    bone = give_item(g, 0, real("The Bone"), eternal=True, starting=True, charged=False)
    bone.counters = 5
    _own_turn(g)
    assert bone.in_play and bone.counters == 5 and not kinds(g, "soul_gained")


def test_FS_11_sleight_of_hand_puts_the_best_treasure_on_top_then_buys_it():
    """Cain's Sleight Of Hand, just before buying: look at the top 5 treasures, put the best (Breakfast,
    +1 HP) on top, then buy the treasure deck rather than the plain shop item."""
    g = _table(2)
    give_item(g, 0, real("Sleight Of Hand"), eternal=True, starting=True)
    take_cents(g, 0, 10)
    add_shop_item(g, card("Plain", deck="treasure", kind="passive"))
    plain = [card(f"Plain{i}", deck="treasure", kind="passive") for i in range(4)]
    deck(g, "treasure", [*plain[:2], real("Breakfast"), *plain[2:]])
    _own_turn(g)
    assert [r[4] for r in kinds(g, "item_activated")] == ["Sleight Of Hand"]
    assert [(r[4], r[5]) for r in kinds(g, "purchase")] == [("Breakfast", "treasure_deck")]


def test_FS_10_sleight_of_hand_puts_the_easiest_monster_on_top_before_a_deck_attack():
    """No money, only a hopeless slot fight (a 6-evasion Wall): before attacking the monster deck, Cain's Sleight Of Hand puts the
    monster it fights best on top (the 1-HP Fly with a treasure, not the Brute or an event); the attack
    reveals it and the 6 kills it."""
    g = _table(2, rolls=[6])
    give_item(g, 0, real("Sleight Of Hand"), eternal=True, starting=True)
    brute = monster("Brute", hp=6, evasion=5, attack=3)
    fly = monster("Fly", hp=1, evasion=3, attack=1, rewards={"treasure": 1})
    event = card("Ambush", deck="monster", kind="bad_event")
    deck(g, "monster", [brute, event, fly, monster("Gaper", hp=3, evasion=4, attack=1)])
    add_slot_monster(g, monster("Wall", hp=6, evasion=6, attack=3))
    _own_turn(g, attacks=1)
    assert [r[4] for r in kinds(g, "item_activated")] == ["Sleight Of Hand"]
    assert [r[4] for r in kinds(g, "attack_target")] == ["Fly"]
    assert [r[4] for r in kinds(g, "monster_died")] == ["Fly"]


def test_sleight_of_hand_waits_when_nothing_can_be_bought():
    g = _table(2)
    soh = give_item(g, 0, real("Sleight Of Hand"), eternal=True, starting=True)
    deck(g, "treasure", [card(f"Plain{i}", deck="treasure", kind="passive") for i in range(5)])
    _own_turn(g)
    assert soh.charged and not kinds(g, "item_activated")


def test_FS_Q_34_character_loot_play_in_the_turn_before_mine():
    """P1's turn, the stack empty: P0 (next to play) uses its character's ↷ and plays A Penny! with
    the loot play (FS-8.5); it passes in every later window of that turn."""
    g = _table(2)
    g.active = 1
    g.players[0].character.charged = True
    give_loot(g, 0, real("A Penny!"))
    resolution.priority(g, 1)
    assert [r[4] for r in kinds(g, "loot_played")] == ["A Penny!"]
    assert g.players[0].cents == 1 and not g.players[0].character.charged
    asked = len(g.io.strategies[0]._tries)
    resolution.priority(g, 1)
    assert len(g.io.strategies[0]._tries) == asked  # declined unseen: nothing was tried


def test_no_loot_play_in_a_turn_two_seats_before_mine():
    """Three players, P1's turn: P2 plays before P0, so P0 keeps its ↷ (an answer may need it)."""
    g = _table(3)
    g.active = 1
    g.players[0].character.charged = True
    give_loot(g, 0, real("A Penny!"))
    resolution.priority(g, 1)
    assert not kinds(g, "loot_played") and g.players[0].character.charged


def test_FS_20_7_draft_character_takes_the_strongest():
    p = STRATEGIES["sensible"](0, random.Random(0))
    opts = tuple(real(n) for n in ("Eve", "Samson", "Cain"))
    best = max(opts, key=lambda c: load_table()[c.name])
    assert p.choose(Decision("draft_character", 0, opts, None, "character draft")) is best


def test_FS_20_2_draft_item_takes_the_most_valuable():
    g = _table(2)
    opts = tuple(phys(g, c).ref for c in (card("Plain", deck="treasure", kind="passive"), real("Breakfast")))
    p = g.io.strategies[0]
    assert p.choose(Decision("draft_item", 0, opts, g.views[0], "mini-draft")) is opts[1]


def test_FS_20_7_an_all_sensible_character_draft_takes_the_four_strongest():
    """Four sensible players drafting (FS-20.7) end up with the four best characters of the table."""
    cfg = make_config(4, 300, variant="character-draft")
    players = Players([STRATEGIES["sensible"](i, stream(5, "strategy", i)) for i in range(4)])
    r = checked_play(cfg, 5, players)
    table = load_table()
    top4 = sorted(table, key=table.get)[-4:]
    assert sorted(s.columns["character"] for s in r.seats) == sorted(top4)


def test_draft_variants_play_to_the_end_with_sensible_and_random():
    """Character draft / choice and the mini-draft (FS-20.1, FS-20.2, FS-20.7), 2..4 players, sensible and
    random seats mixed, every game under checked_play (invariants after every turn)."""
    names = ("sensible", "random", "aggro", "hoarder")
    for k in range(18):
        n = 2 + k % 3
        variant = (["character-draft", "mini-draft"], ["character-choice"], ["mini-draft"])[k % 3]
        cfg = make_config(n, 300, variant=variant)
        players = Players([STRATEGIES[names[(k + i) % 4]](i, stream(k, "strategy", i)) for i in range(n)])
        assert checked_play(cfg, k, players).end_reason in ("win", "draw", "turn_cap")


def _eve(g):
    return give_item(g, 0, real("The Curse"), eternal=True, starting=True)


def test_FS_3_6_the_curse_brings_back_a_treasure_worth_buying():
    """Eve's The Curse (↷: a discard pile's top card back on its deck). The treasure discard (public,
    FS-3.6) shows Champion Belt; the shop holds a plain item: before buying, The Curse puts the belt
    back on the treasure deck, and the purchase takes the deck's top (FS-11)."""
    g = _table(2)
    curse = _eve(g)
    add_shop_item(g, card("Plain", "treasure", "passive"))
    deck(g, "treasure", [card("Under", "treasure", "passive")])
    belt = phys(g, real("Champion Belt"))
    g.treasure_disc.append(belt)
    take_cents(g, 0, 10)
    _own_turn(g)
    assert not curse.charged
    assert [r[4] for r in kinds(g, "purchase")] == ["Champion Belt"]
    assert any(o.phys is belt for o in g.players[0].items)


def test_the_curse_leaves_a_treasure_not_worth_more_than_the_shop():
    g = _table(2)
    curse = _eve(g)
    add_shop_item(g, real("Champion Belt"))
    g.treasure_disc.append(phys(g, card("Plain", "treasure", "passive")))
    take_cents(g, 0, 10)
    _own_turn(g)
    assert curse.charged and [r[4] for r in kinds(g, "purchase")] == ["Champion Belt"]


def test_the_curse_mills_the_treasure_deck_without_a_plan():
    """Its turn-start mill asks ``choose_deck``: with no plan, the treasure deck (what The Curse can
    bring back to buy)."""
    player = STRATEGIES["sensible"](0, random.Random(0))
    decision = Decision("choose_deck", 0, ("loot", "treasure", "monster"), None, "The Curse")
    assert player.choose(decision) == "treasure"


def test_the_curse_puts_a_good_loot_card_back_in_the_turn_before_mine():
    """In the turn before its own (FS-8.12), an empty-stack window: a loot card worth drawing (a gain)
    on top of the loot discard goes back on the loot deck for its loot step."""
    g = _table(3)
    curse = _eve(g)
    nickel = phys(g, real("A Nickel!"))
    g.loot_disc.append(nickel)
    deck(g, "loot", [card("L0")])
    g.active = 2  # the turn before seat 0's
    resolution.priority(g, 2)
    assert not curse.charged and g.loot[-1] is nickel and not g.loot_disc
