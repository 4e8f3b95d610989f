"""Rows of FS-1 (card types), FS-5 (effects) and FS-18 (challenges) read against the official extended
rules ([A], 000_…txt: "Предметы магазина", "Вечный", "События", "Копирование способности", "Слоты
миньонов") and pinned with exact outcomes."""

from __future__ import annotations

from pathlib import Path

from cardlab.simulate.four_souls import (
    cards,
    challenge,
    coop,
    damage,
    decks,
    interpreter,
    plays,
    resolution,
    statics,
    triggers,
    zones,
)
from cardlab.simulate.four_souls import fixtures as fx

CHAL_FILE = Path(__file__).parent / "cards_testonly" / "challenge.yaml"


def _plain_treasure(name: str):
    return fx.card(name, deck="treasure", kind="passive")


def test_FS_1_5_FS_4_12_an_eternal_shop_item_is_destroyed_and_its_slot_refills():
    """Keeper's Sack is printed Eternal. Held by a player, a reroll leaves it; in the shop its abilities
    do not work, Eternal among them ([A]: Eternal is a static ability), so a reroll destroys it and the
    slot takes the treasure deck's top card."""
    g = fx.position(2)
    g.active = 0
    fx.deck(g, "treasure", [_plain_treasure("Next"), _plain_treasure("Spare")])
    held = fx.give_item(g, 1, fx.by_id("r-keepers_sack"))
    assert not damage.reroll_item(g, held, "test") and held in g.players[1].items
    shop = fx.add_shop_item(g, fx.by_id("r-keepers_sack"))
    assert damage.reroll_item(g, shop, "test")
    fx.settle(g)
    assert not shop.in_play and shop.phys in g.treasure_disc
    assert [o.name for o in g.shop_items()] == ["Next"]
    assert [len(p.items) for p in g.players] == [0, 1]  # a shop item's reroll gives nobody a treasure
    fx.check_invariants(g)


def test_FS_1_17_an_event_whose_only_ability_is_cancelled_goes_to_the_monster_discard():
    """An event revealed into a slot puts its ability on the stack; the ability is cancelled: the event is
    done ([A]: resolved or cancelled), so it goes to the monster discard, pays nothing, and the slot refills."""
    g = fx.position(2)
    g.active = 0
    ev = fx.card(
        "Windfall",
        deck="monster",
        kind="good_event",
        abilities=({"on": {"enters_play": "self"}, "do": {"gain_cents": 3}},),
    )
    (refill,) = fx.deck(g, "monster", [fx.monster("Refill")])
    g.mslots.append([])
    c = fx.phys(g, ev)
    o = zones.reveal_into_slot(g, c, 0)
    triggers.flush(g)
    (item,) = g.stack
    damage.cancel(g, item)
    fx.settle(g)
    assert not o.in_play and c in g.monster_disc
    assert g.players[0].cents == 0
    assert g.mslots[0][-1].phys is refill
    fx.check_invariants(g)


def test_FS_5_13_a_loot_copying_a_destroy_this_ability_does_nothing():
    """? Card copies Box!'s ↷ ability ("destroy this, and if so unlimited loot plays"). The copy's "this"
    is the loot card, which cannot be destroyed ([A]: such a copy fizzles): no extra loot plays, Box! stays
    charged and in play, and the ? Card ends in the loot discard."""
    g = fx.position(2)
    g.active = 0
    g.players[0].loot_plays = 1
    box = fx.give_item(g, 1, fx.real("Box!"))
    q = fx.give_loot(g, 0, fx.by_id("fsp2-card"))
    act = next(o for o in plays.legal_actions(g, 0) if o[0] == "loot" and o[1] is q)
    assert plays.take_action(g, 0, act)
    resolution.priority(g, 0, until_empty=True)
    assert g.players[0].loot_plays == 0
    assert box.in_play and box.charged and box in g.players[1].items
    assert q in g.loot_disc
    fx.check_invariants(g)


def test_FS_18_5_an_event_put_into_a_minion_slot_resolves_and_the_slot_stays_empty():
    """A challenge puts the monster deck's top card into a minion slot; it is an event: its ability
    resolves (the active player gains 3¢), it goes to the monster discard as from a monster slot, and the
    minion slot is not refilled ([A] "Слоты миньонов")."""
    g = fx.position(2, variant=("challenge", "solo"), cards=(str(CHAL_FILE),))
    coop.start(g)
    g.active = 0
    fx.add_slot_monster(g, fx.monster("A"))
    g.challenge = challenge.Challenge({})
    ev = fx.card(
        "Windfall",
        deck="monster",
        kind="good_event",
        abilities=({"on": {"enters_play": "self"}, "do": {"gain_cents": 3}},),
    )
    (c, _rest) = fx.deck(g, "monster", [ev, fx.monster("Spare")])
    to_minion = {"move": {"cards": "top(monster_deck)", "to": "minion_slot"}}
    interpreter.run(statics.Ctx(g, 0, None, name="test"), to_minion)
    fx.settle(g)
    slot = next(i for i, kind in g.challenge.slots.items() if kind == challenge.MINION)
    assert g.players[0].cents == 3 and c in g.monster_disc
    assert g.mslots[slot] == [] and challenge.minions(g) == 0
    assert [o.name for o in g.monsters()] == ["A"]
    fx.check_invariants(g)


def test_FS_21_keepers_sack_given_away_pays_its_receiver_nothing():
    """[A]'s FAQ: Keeper's Sack pays 14¢ only when it is first gained; being given it is no gain. Seat 0
    pays 4¢ to give it to seat 1: seat 1 holds it with 0¢, seat 0 has 0¢ left."""
    g = fx.position(2)
    g.active = 0
    sack = fx.give_item(g, 0, fx.by_id("r-keepers_sack"))
    fx.take_cents(g, 0, 4)
    assert plays.take_action(g, 0, ("paid", sack, 0))
    resolution.priority(g, 0, until_empty=True)
    assert sack in g.players[1].items and sack not in g.players[0].items
    assert [p.cents for p in g.players] == [0, 0]
    fx.check_invariants(g)


def test_FS_5_13_a_loot_copying_a_become_a_copy_ability_makes_nothing_a_copy():
    """? Card copies Modeling Clay's ↷ ability (verb become_copy on itself). [A]: with "this" a loot card
    that does not say it turns into an item, nothing happens; the loot card goes to its discard. Neither
    item in play changes."""
    g = fx.position(2)
    g.active = 0
    g.players[0].loot_plays = 1
    clay = fx.give_item(g, 1, fx.real("Modeling Clay"))
    purse = fx.give_item(g, 0, _plain_treasure("Purse"))
    own = (clay.rules, purse.rules)
    q = fx.give_loot(g, 0, fx.by_id("fsp2-card"))
    act = next(o for o in plays.legal_actions(g, 0) if o[0] == "loot" and o[1] is q)
    assert plays.take_action(g, 0, act)
    resolution.priority(g, 0, until_empty=True)
    assert (clay.rules, purse.rules) == own and clay.charged
    assert q in g.loot_disc and not any(o.phys is q for p in g.players for o in p.items)
    fx.check_invariants(g)


def test_FS_1_13_FS_1_16_a_boss_held_as_a_soul_has_no_working_abilities():
    """A boss whose static gives monsters +1 evasion dies on seat 0's turn: seat 0 gains it as a soul
    (FS-1.16), and the static stops working with it ([A]: monster abilities do not work on a card gained
    as a soul unless it says so)."""
    g = fx.position(2)
    g.active = 0
    blob = fx.add_slot_monster(g, fx.monster("Blob", evasion=3))
    haze = {"static": {"evasion": {"who": "monsters", "n": 1}}}
    fog = fx.add_slot_monster(g, fx.monster("Fog", hp=1, soul=1, kind="normal_boss", abilities=(haze,)))
    fx.deck(g, "monster", [fx.monster("Next"), fx.monster("Spare")])
    assert statics.evasion(g, blob) == 4
    assert damage.kill(g, fog, 0)
    fx.settle(g)
    assert [s.phys is fog.phys for s in g.players[0].souls] == [True]
    assert statics.evasion(g, blob) == 3
    fx.check_invariants(g)


def test_FS_1_33_three_plus_characters_are_removed_from_two_player_games_not_left_out():
    """With every set, a 2-player supply removes the "3+ players" characters (their starting items carry the
    symbol too) without listing them as cards left out; a 3-player supply deals them."""
    pool = cards.load_pool(None)
    three_plus = {c.name for c in pool.cards if c.deck == "character" and c.players_3plus}
    assert three_plus
    two = decks.build_supply(pool, 2)
    assert not three_plus & {c.name for c in two.characters}
    assert not [name for name in two.left_out if name.split(" [")[0] in three_plus]
    three = decks.build_supply(pool, 3)
    assert three_plus <= {c.name for c in three.characters}
