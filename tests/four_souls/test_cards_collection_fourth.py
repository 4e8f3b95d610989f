"""Expansion cards of issue 19's fourth batch, each with the exact outcome of the rule its encoding needed:
starting items that let their characters be dealt, and the words they brought."""

from __future__ import annotations

from cardlab.simulate.four_souls import checks, counters, damage, dice, plays, resolution, statics
from cardlab.simulate.four_souls.cards import load_pool
from cardlab.simulate.four_souls.counters import count as counters_of
from cardlab.simulate.four_souls.decks import build_supply
from cardlab.simulate.four_souls.fixtures import (
    add_shop_item,
    add_slot_monster,
    card,
    check_invariants,
    give_item,
    give_loot,
    loot_fillers,
    monster,
    phys,
    position,
    real,
)
from cardlab.simulate.four_souls.state import Attack


def _settle(g, rounds: int = 20):
    for _ in range(rounds):
        checks.state_checks(g)
        if not g.stack and not g.pending:
            return
        resolution.priority(g, g.active, until_empty=True)
    checks.state_checks(g)


def _by_id(card_id: str):
    return load_pool().by_id[card_id]


def _mode(i: int):
    """A plan answering 'choose one' (decision ``choose_mode``) with mode ``i``, nothing else."""
    return lambda d: i if d.kind == "choose_mode" else None


def test_FS_5_11_ball_of_tar_copies_another_players_loot_once_and_never_its_own():
    """Ball of Tar (Gish): $ discard a loot card, mode 1 copies a loot another player is playing. The copy
    is Gish's (3¢ to seat 1) and exists only on the stack; once copied, the same loot is no legal target any
    more ("not already copied this turn"), so a second activation offers only the other two modes; Gish's
    own loot is never a target."""
    offered = []

    def gish(d):
        if d.kind == "choose_mode":
            offered.append(tuple(d.options))
            return d.options[0]
        return None

    g = position(3, plans={1: gish})
    loot_fillers(g, 10)
    g.active = 0
    tar = give_item(g, 1, _by_id("soi-ball_of_tar"))
    add_slot_monster(g, monster("Blob", hp=2))
    for _ in range(2):
        give_loot(g, 1, card("Fodder"))
    paid = ("paid", tar, 0)
    cents = give_loot(g, 0, real("3 Cents!"))
    g.players[0].loot_plays = 1
    assert plays.take_action(g, 0, ("loot", cents))
    assert plays.take_action(g, 1, paid)
    assert offered == [(0, 1, 2)] and len(g.players[1].hand) == 1  # the cost: a loot card discarded
    resolution.resolve_ability(g, g.stack.pop())  # Ball of Tar's ability: the copy goes on the stack
    assert [type(it).__name__ for it in g.stack] == ["LootItem", "LootItem"]
    assert plays.take_action(g, 1, paid)  # the original is copied already, the copy is Gish's: modes 2, 3
    assert offered[-1] == (1, 2) and g.players[1].hand == []
    _settle(g)
    assert (g.players[0].cents, g.players[1].cents) == (3, 3)
    assert [c.card.name for c in g.loot_disc].count("3 Cents!") == 1  # the copy is no card (FS-5.11)
    own = give_loot(g, 1, real("3 Cents!"))
    give_loot(g, 1, card("Fodder"))
    g.active, g.players[1].loot_plays = 1, 1
    assert plays.take_action(g, 1, ("loot", own))
    assert plays.take_action(g, 1, paid)
    assert offered[-1] == (1, 2)  # its own loot being played is not another player's
    _settle(g)
    check_invariants(g)


def test_FS_3_6_FS_6_16_ball_of_tar_discards_a_monster_not_being_attacked_or_shields_one_damage():
    """Mode 2 puts a monster that is not the attack's target into the monster discard (FS-3.6) and the
    slot refills from the deck; mode 3 prevents the next 1 damage Gish would take this turn (FS-6.16)."""
    g = position(2, plans={1: _mode(1)})
    loot_fillers(g, 10)
    g.active = 0
    tar = give_item(g, 1, _by_id("soi-ball_of_tar"))
    fought = add_slot_monster(g, monster("Fought", hp=4))
    other = add_slot_monster(g, monster("Other", hp=4))
    nxt = monster("Next", hp=2)
    g.monster.append(phys(g, nxt))
    g.attack = Attack(seat=0, target=fought)
    give_loot(g, 1, card("Fodder"))
    assert plays.take_action(g, 1, ("paid", tar, 0))
    _settle(g)
    assert [c.card.name for c in g.monster_disc] == ["Other"] and not other.in_play
    assert fought.in_play and sorted(m.name for m in g.monsters()) == ["Fought", "Next"]
    g.attack = None
    g2 = position(2, plans={1: _mode(2)})
    loot_fillers(g2, 10)
    tar2 = give_item(g2, 1, _by_id("soi-ball_of_tar"))
    give_loot(g2, 1, card("Fodder"))
    assert plays.take_action(g2, 1, ("paid", tar2, 0))
    _settle(g2)
    assert len(g2.players[1].shields) == 1
    check_invariants(g)
    check_invariants(g2)


def test_FS_5_14_dingle_puts_a_poo_counter_that_strips_an_item_until_it_is_removed():
    """Dingle (Alt Art): each time it takes damage, the active player puts a poo counter on a non-eternal
    item (decision on resolution); while the counter is on it the item has no abilities (its static +1 HP is
    gone), and removing the counter gives them back. An eternal item is never chosen."""
    g = position(2, rolls=[6])
    loot_fillers(g, 10)
    g.active = 0
    dingle = add_slot_monster(g, _by_id("aa-dingle"))
    breakfast = give_item(g, 0, real("Breakfast"))
    give_item(g, 0, real("The D6"))  # eternal: never a candidate
    hp = statics.player_max_hp(g, g.players[0])
    damage.push_damage(g, 1, dingle, 0, None, False, None, "test")
    _settle(g)
    assert dingle.damage == 1 and counters_of(breakfast, "poo") == 1
    assert statics.player_max_hp(g, g.players[0]) == hp - 1 and not breakfast.rules.statics
    assert counters.remove(g, breakfast, 1, "poo")
    assert statics.player_max_hp(g, g.players[0]) == hp
    check_invariants(g)


def test_FS_7_4_a_roll_on_the_stack_is_controlled_by_its_roller_for_controlled_by_filters():
    """`{roll: [{controlled_by: you}]}` (Spelunking Pack's first mode, +1 to your roll) keeps the rolls the
    holder put on the stack (FS-7.4) — before, a stack item had no controller for filters and the mode was
    never legal. Another player's roll is not a target."""
    offered = []

    def first_mode(d):
        if d.kind == "choose_mode":
            offered.append(tuple(d.options))
            return d.options[0]
        return None

    g = position(2, rolls=[3, 4], plans={1: first_mode})
    loot_fillers(g, 10)
    g.active = 1
    pack = give_item(g, 1, _by_id("rwz-spelunking_pack"))
    add_shop_item(g, card("Ware", deck="treasure", kind="passive"))
    theirs = dice.push_roll(g, 0, "test")
    assert plays.take_action(g, 1, ("paid", pack, 0))
    assert offered == [(1, 2)]  # seat 0's roll: no mode 1
    g.stack.pop()
    g.stack.remove(theirs)
    mine = dice.push_roll(g, 1, "test")
    assert plays.take_action(g, 1, ("paid", pack, 0))
    assert offered[-1] == (0, 1, 2)
    ab = g.stack.pop()
    resolution.resolve_ability(g, ab)
    assert mine.value == 5
    check_invariants(g)


def test_ball_of_tar_and_dingle_are_dealt():
    """Gish is a dealt character now (its starting item is encoded), and Dingle joins the monster deck."""
    supply = build_supply(load_pool(), 4)
    assert "Gish" in {c.name for c in supply.characters}
    assert "aa-dingle" in supply.rules
