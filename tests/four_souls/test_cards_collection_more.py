"""Expansion cards encoded in the effect vocabulary (issue 19), each with the exact outcome of the rule
its encoding needed; rule IDs in the names."""

from __future__ import annotations

from cardlab.simulate.four_souls import (
    attack,
    counters,
    damage,
    interpreter,
    items,
    resolution,
    resources,
    statics,
    triggers,
    turn,
)
from cardlab.simulate.four_souls.fixtures import (
    add_shop_item,
    add_slot_monster,
    card,
    character,
    check_invariants,
    give_item,
    loot_fillers,
    monster,
    phys,
    position,
    real,
    take_cents,
)
from cardlab.simulate.four_souls.selectors import candidates
from cardlab.simulate.four_souls.state import Attack
from cardlab.simulate.four_souls.statics import Ctx


def test_FS_5_4_would_loot_replacements_add_one_and_lucky_toe_leaves_the_loot_step_alone():
    """Bag-o-Holes: every loot of yours draws one more, the loot step's too (FS-8.3); Lucky Toe: one more
    except in the loot step. Both on one player: each applies once to the same loot (FS-5.6)."""
    g = position(2)
    loot_fillers(g, 30)
    p0, p1 = g.players
    give_item(g, 0, real("Bag-o-Holes"))
    resources.loot(g, p0, 2, "test")
    assert len(p0.hand) == 3
    resources.loot(g, p0, 1, "loot_step")
    assert len(p0.hand) == 5
    give_item(g, 1, real("Lucky Toe"))
    resources.loot(g, p1, 1, "test")
    assert len(p1.hand) == 2
    resources.loot(g, p1, 1, "loot_step")
    assert len(p1.hand) == 3
    give_item(g, 0, real("Lucky Toe"))
    resources.loot(g, p0, 1, "test")
    assert len(p0.hand) == 5 + 3
    check_invariants(g)


def test_a_player_is_named_by_their_character_for_football():
    """Football's filter on players whose character is named Johnny: the name filter on players reads
    the character card (Blind Johnny is not named Johnny)."""
    g = position(3, chars=[character("Johnny"), character("Blind Johnny"), character("Johnny")])
    ctx = Ctx(g, 0, None, name="test")
    assert [p.seat for p in candidates(ctx, {"player": [{"name": "Johnny"}]})] == [0, 2]


def _run(g, eff, you=0, src=None, **binds):
    ctx = Ctx(g, you, src, name="test")
    ctx.binds.update(binds)
    did = interpreter.run(ctx, eff)
    resolution.priority(g, g.active)
    return did


def test_FS_10_11_FS_10_15_cancel_attack_ends_it_and_its_pending_combat_damage_fizzles():
    """Lord of the Pit / IBS: a player about to take lethal damage from a miss cancels the attack; the
    combat damage on the stack fizzles, the attack is over. ``who: you`` only cancels your own attack,
    ``target: monster`` only an attack on a monster."""
    g = position(2)
    g.active = 0
    m = add_slot_monster(g, monster("Biter", hp=3, attack=2))
    g.attack = Attack(seat=0, target=m)
    damage.push_damage(g, 1, g.players[0], -1, m, True, 1, "Biter")  # a miss: the monster hits back
    assert not _run(g, {"cancel_attack": {"who": "you"}}, you=1)  # seat 1's own attack? there is none
    assert g.players[0].damage == 1  # the stack resolved: the damage landed (nothing was cancelled)
    g.players[0].damage = 0
    g.attack = Attack(seat=0, target=m)
    damage.push_damage(g, 2, g.players[0], -1, m, True, 1, "Biter")
    ctx = Ctx(g, 0, None, name="IBS")
    assert interpreter.run(ctx, {"cancel_attack": {"who": "you", "target": "monster"}})
    assert g.attack.cancelled
    resolution.priority(g, 0)
    assert g.players[0].damage == 0 and not g.stack
    assert not interpreter.run(ctx, "cancel_attack")  # already over
    g.attack = Attack(seat=0, target=g.players[1].character)  # an attack on a player
    assert not interpreter.run(ctx, {"cancel_attack": {"target": "monster"}})
    assert interpreter.run(ctx, "cancel_attack")


def test_FS_4_9_a_delayed_would_die_trigger_prevents_the_next_death_this_turn_only():
    """Holy Mantle's delayed trigger (that player's next death this turn is prevented and, on their own turn,
    the whole turn is cancelled and ended): the first death is prevented (and the turn ends, it being theirs),
    the second is not; an unused one lapses at the end of the turn (FS-8.10)."""
    g = position(2)
    g.active = 1
    mantle = give_item(g, 0, real("Holy Mantle"))
    tap = mantle.rules.tap[0].do
    assert _run(g, tap, you=0, src=mantle, P=g.players[1])
    assert len(g.next_events) == 1
    damage.kill(g, g.players[1], 0)
    resolution.priority(g, g.active)
    assert not g.players[1].dead and g.ending_turn and not g.next_events
    g.players[1].death_pending = False
    damage.kill(g, g.players[1], 0)
    resolution.priority(g, g.active)
    assert g.players[1].dead
    _run(g, tap, you=0, src=mantle, P=g.players[0])
    turn.end_of_turn(g)
    assert not g.next_events


def test_FS_4_9_a_delayed_turn_end_trigger_fires_at_its_makers_turn_end():
    """Lemegeton: a treasure at once; at the end of your next turn, one of your items is destroyed."""
    g = position(2)
    g.treasure.extend(phys(g, card(f"T{i}", deck="treasure", kind="passive")) for i in range(3))
    g.active = 0
    leme = give_item(g, 0, real("Lemegeton"), eternal=True)  # a starting item (FS-4.12)
    _run(g, leme.rules.tap[0].do, you=0, src=leme)
    p0 = g.players[0]
    assert len(p0.items) == 2
    triggers.fire(g, "turn_end", seat=1)  # another player's turn end: not yet
    resolution.priority(g, g.active)
    assert len(p0.items) == 2 and g.next_events
    triggers.fire(g, "turn_end", seat=0)
    resolution.priority(g, g.active)
    assert [o.phys.card.name for o in p0.items] == ["Lemegeton"] and not g.next_events  # eternal stays


def test_FS_5_14_hp_and_at_counters_give_their_holder_plus_one_each():
    """HP / AT counters carry the ability their cards print: on an item, +1 HP / +1 damage to its
    controller (Unstable DNA); on a monster, its own (War)."""
    g = position(2)
    p = g.players[0]
    dna = give_item(g, 0, real("Unstable DNA"))
    hp, atk = statics.player_max_hp(g, p), statics.player_atk(g, p)
    counters.add(g, dna, 2, "hp")
    counters.add(g, dna, 1, "atk")
    assert (statics.player_max_hp(g, p), statics.player_atk(g, p)) == (hp + 2, atk + 1)
    m = add_slot_monster(g, monster("Grunt", hp=2, attack=1))
    counters.add(g, m, 1, "atk")
    counters.add(g, m, 1, "hp")
    assert (statics.monster_atk(g, m), statics.monster_max_hp(g, m)) == (2, 3)
    assert statics.player_max_hp(g, g.players[1]) == 2  # nobody else's


def test_FS_13_9_soulbond_keeps_cents_and_loot_through_the_death_penalty():
    g = position(2)
    g.active = 1
    p = g.players[0]
    give_item(g, 0, real("Soulbond"), eternal=True)
    victim_item = give_item(g, 0, card("Trinket", deck="treasure", kind="passive"))
    p.cents = 3
    p.hand.append(phys(g, card("Loot")))
    damage.death_penalty(g, p)
    assert p.cents == 3 and len(p.hand) == 1 and not victim_item.in_play  # the item still goes


def test_FS_4_9_dead_weight_cancels_a_monsters_trigger_but_not_an_eternal_items():
    g = position(2)
    m = add_slot_monster(g, monster("Grunt", hp=2))
    eternal = give_item(g, 1, real("Lemegeton"), eternal=True)
    mons = items.AbilityItem(m, None, -1, Ctx(g, 0, m), trigger="dies")
    ete = items.AbilityItem(eternal, None, 1, Ctx(g, 1, eternal), trigger="turn_end")
    act = items.AbilityItem(eternal, None, 1, Ctx(g, 1, eternal))
    g.stack.extend([mons, ete, act])
    ctx = Ctx(g, 0, None, name="Dead Weight")
    assert candidates(ctx, {"stack_item": ["triggered", "non_eternal"]}) == [mons]


def test_FS_11_4_purchased_and_gained_triggers_fire_for_a_purchase_and_a_gain():
    """Keeper's Box: gained, 2 more shop slots (FS-6.7); another player's shop purchase pays its holder 2c
    and a loot; Aubrey: your own shop purchase loots 3; a purchase from the deck top is not a shop item."""

    def buy_the_ware(d):
        return next((o for o in d.options if o != "treasure_deck"), None) if d.kind == "buy_target" else None

    g = position(2, plans={0: buy_the_ware})
    loot_fillers(g, 20)
    g.active = 0
    g.treasure.extend(phys(g, card(f"T{i}", deck="treasure", kind="passive")) for i in range(5))
    g.treasure.append(phys(g, real("Keeper's Box")))
    shops = len(g.shop)
    resources.gain_treasure(g, g.players[1], "test")
    resolution.priority(g, g.active)
    assert len(g.shop) == shops + 2
    give_item(g, 0, real("Aubrey"))
    add_shop_item(g, card("Ware", deck="treasure", kind="passive"))
    take_cents(g, 0, 20)
    g.purchases_left = 1
    turn.purchase(g, 0)
    resolution.priority(g, g.active)
    assert len(g.players[0].hand) == 3 and g.players[1].cents == 2 and len(g.players[1].hand) == 1


def test_FS_4_12_a_printed_eternal_item_is_eternal_and_eternal_selects_it():
    """Keeper's Sack is printed Eternal (not a starting item): it cannot be destroyed; Captain Viridian's
    "recharge an eternal item" chooses among eternal items only."""
    g = position(2)
    sack = give_item(g, 0, real("Keeper's Sack"))
    other = give_item(g, 0, card("Plain", deck="treasure", kind="passive"))
    assert sack.eternal and not other.eternal
    assert not damage.destroy(g, sack, "test") and sack.in_play
    ctx = Ctx(g, 0, None, name="Captain Viridian")
    assert candidates(ctx, {"item": ["eternal"]}) == [sack]


def test_FS_6_3_spindown_dice_the_destroyed_items_controller_may_steal_from_the_shop():
    g = position(2)
    g.active = 0
    dice_ = give_item(g, 0, real("Spindown Dice"), eternal=True)
    victim = give_item(g, 1, card("Victim", deck="treasure", kind="passive"))
    ware = add_shop_item(g, card("Ware", deck="treasure", kind="passive"))
    g.treasure.append(phys(g, card("Refill", deck="treasure", kind="passive")))
    assert _run(g, dice_.rules.tap[0].do, you=0, src=dice_, I=victim)
    assert not victim.in_play and ware.controller == 1  # seat 1 said yes (the scripted first option)


def test_FS_10_9_missed_triggers_for_the_misser_and_for_a_miss_against_the_monster():
    """Tape Worm (a miss of yours: 1 damage to another player) and Henry (a miss against it: the attack is
    cancelled, FS-10.11, and it goes to the monster deck's bottom)."""
    g = position(2, rolls=[1])
    g.active = 0
    give_item(g, 0, real("Tape Worm"))
    henry = add_slot_monster(g, real("Henry"))
    g.monster.append(phys(g, monster("Next", hp=2)))
    attack.run_attack(g, 0, henry)
    assert g.players[1].damage == 1  # Tape Worm
    assert not henry.in_play and g.monster[0] is henry.phys  # on the bottom
    assert [r for r in g.log.rows if r[3] == "cancelled" and r[7] == "attack"]


def test_FS_5_15_ball_of_tumors_starts_at_level_6_and_levels_down_instead_of_the_penalty():
    g = position(2)
    g.active = 1
    p = g.players[0]
    ball = give_item(g, 0, real("Ball of Tumors"), eternal=True)
    other = give_item(g, 0, card("Plain", deck="treasure", kind="passive"))
    p.cents = 2
    assert ball.levels == 6 and statics.count(g, p, "loot_plays") == 1
    damage.death_penalty(g, p)
    assert ball.levels == 5 and other.in_play and p.cents == 2
    ball.levels = 0
    damage.death_penalty(g, p)
    assert not other.in_play and p.cents == 1 and statics.count(g, p, "loot_plays") == 0


def test_FS_6_8_a_targeted_discard_card_that_left_the_discard_is_not_moved_twice():
    """Book of the Dead targets a monster card in the discard; The Shovel moves it to the deck's top in
    response: Book of the Dead then does nothing (the card is in one zone, the deck)."""
    g = position(2)
    g.active = 0
    corpse = phys(g, monster("Corpse", hp=2))
    g.monster_disc.append(corpse)
    book = give_item(g, 0, real("Book of the Dead"))
    ctx = Ctx(g, 0, book, name="Book of the Dead")
    ctx.binds["C"] = corpse
    g.monster_disc.remove(corpse)
    g.monster.append(corpse)  # moved by a response before the Book resolves
    interpreter.run(ctx, book.rules.tap[0].do)
    assert g.monster.count(corpse) == 1 and not any(s and s[-1].phys is corpse for s in g.mslots)
    check_invariants(g)
