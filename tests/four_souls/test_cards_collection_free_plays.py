"""Issue 19: loot cards played from outside the hand without using a loot play (FS-5.12, FS-8.4) — Baba's
copy of a card seen in a rival's hand, a card put under Rusty Spoons."""

from __future__ import annotations

from cardlab.simulate.four_souls import blank_card, plays, resolution, triggers, turn
from cardlab.simulate.four_souls.fixtures import (
    by_id,
    card,
    character,
    check_invariants,
    give_item,
    give_loot,
    loot_fillers,
    position,
)


def _cents(n: int):
    return card(f"Coins{n}", abilities=({"play": {"do": {"gain_cents": n}}},))


def _aim_at_seat_1(d):
    if d.kind == "choose_target":
        return next(o for o in d.options if getattr(o, "seat", None) == 1)
    return None


def _use(g, seat, obj):
    act = next(o for o in plays.legal_actions(g, seat) if len(o) > 1 and o[1] is obj)
    assert plays.take_action(g, seat, act)
    resolution.priority(g, seat, until_empty=True)


def _loot_options(g, seat):
    return [o[1] for o in plays.legal_actions(g, seat) if o[0] == "loot"]


def _baba():
    g = position(2, chars=[by_id("rwz-baba"), character("Other")])
    loot_fillers(g, 10)
    g.active = 0
    g.players[0].character.charged = True
    return g


def test_FS_8_4_baba_plays_a_copy_of_a_rivals_loot_card_without_a_loot_play():
    """Baba (↷): seat 1 shows its hand (a trinket and a 3¢ card); the trinket cannot be picked, so the copy
    is of the 3¢ card. With no loot play left, the copy is still offered; played, it gives 3¢, uses no loot
    play, and the original stays in seat 1's hand. Once played it is gone."""
    g = _baba()
    me, rival = g.players
    charm = give_loot(g, 1, card("Charm", kind="trinket", keywords=["trinket"]))
    three = give_loot(g, 1, _cents(3))
    me.loot_plays = 0
    _use(g, 0, me.character)
    assert three.pid in me.known and charm.pid in me.known  # the hand was shown (FS-3.7)
    (copy,) = _loot_options(g, 0)
    assert copy.virtual and copy.card is three.card and blank_card.is_free(g, copy)
    cents = me.cents
    assert plays.take_action(g, 0, ("loot", copy))
    resolution.priority(g, 0, until_empty=True)
    assert me.cents == cents + 3 and me.loot_plays == 0 and rival.hand == [charm, three]
    assert _loot_options(g, 0) == []
    check_invariants(g)


def test_FS_5_12_baba_s_unplayed_copy_ends_with_the_turn():
    g = _baba()
    give_loot(g, 1, _cents(3))
    _use(g, 0, g.players[0].character)
    assert len(blank_card.copies(g, 0)) == 1
    turn._end_phase(g)
    assert blank_card.copies(g, 0) == ()


def test_FS_8_4_rusty_spoons_puts_a_rivals_card_under_it_to_play_without_a_loot_play():
    """Rusty Spoons (↷, seat 1 chosen): seat 1's only card goes under it; seat 0, with no loot play left,
    plays it (3¢) and the card goes to the loot discard. A second card put under it and left unplayed is
    out of the game after the turn; each card is in exactly one zone all along."""
    g = position(2, plans={0: _aim_at_seat_1})
    loot_fillers(g, 10)
    g.active = 0
    me, rival = g.players
    spoons = give_item(g, 0, by_id("rwz-rusty_spoons"))
    three = give_loot(g, 1, _cents(3))
    me.loot_plays = 0
    _use(g, 0, spoons)
    assert rival.hand == [] and blank_card.held(g) == [three]
    check_invariants(g)
    assert _loot_options(g, 0) == [three]
    cents = me.cents
    assert plays.take_action(g, 0, ("loot", three))
    resolution.priority(g, 0, until_empty=True)
    assert me.cents == cents + 3 and me.loot_plays == 0 and three in g.loot_disc
    spoons.charged = True
    two = give_loot(g, 1, _cents(2))
    _use(g, 0, spoons)
    turn._end_phase(g)
    assert two in g.removed and blank_card.held(g) == [] and spoons.charged  # it readied itself
    check_invariants(g)


def test_FS_4_6_possession_uses_a_rivals_items_this_turn_and_the_rival_loots_2_at_its_end():
    """Possession (seat 0's turn starts, seat 1 picked): seat 1's spent ↷ item is recharged and offered to
    seat 0, whose use gains seat 0 the 2¢ ("you" is the user) while seat 1 keeps the item. As the turn ends
    seat 1 draws 2 and seat 0's use of its items ends."""

    def plan(d):
        if d.kind == "may":
            return True
        return _aim_at_seat_1(d)

    g = position(2, plans={0: plan})
    loot_fillers(g, 10)
    g.active = 0
    me, rival = g.players
    give_item(g, 0, by_id("rwz-possession"))
    zapper = give_item(
        g,
        1,
        card("Zapper", deck="treasure", kind="active", abilities=({"tap": {"do": {"gain_cents": 2}}},)),
        charged=False,
    )
    assert not [o for o in plays.legal_actions(g, 0) if len(o) > 1 and o[1] is zapper]
    triggers.fire(g, "turn_start", seat=0)
    resolution.priority(g, 0, until_empty=True)
    assert zapper.charged
    cents, theirs = me.cents, rival.cents
    _use(g, 0, zapper)
    assert (me.cents, rival.cents, zapper.charged, zapper.controller) == (cents + 2, theirs, False, 1)
    hand = len(rival.hand)
    turn._end_phase(g)
    assert len(rival.hand) == hand + 2 and g.possessed == {}
    zapper.charged = True
    assert not [o for o in plays.legal_actions(g, 0) if len(o) > 1 and o[1] is zapper]
    check_invariants(g)


def test_FS_6_16_blanks_prevents_the_next_damage_and_sends_as_much_to_a_monster():
    """Blanks (seat 0 on itself): the next 3 damage to seat 0 is prevented whole; the rider, a trigger
    held by seat 0's character (the card is gone), deals the 3 prevented to the monster seat 0 picks."""
    from cardlab.simulate.four_souls import damage
    from cardlab.simulate.four_souls.fixtures import add_slot_monster, monster, settle

    def plan(d):
        if d.kind == "choose_target":
            return next((o for o in d.options if getattr(o, "seat", None) == 0), None) or next(
                o for o in d.options if getattr(o, "seat", None) is None
            )
        return None

    g = position(2, chars=[character("Tough", hp=5), character("Other")], plans={0: plan})
    loot_fillers(g, 5)
    g.active = 0
    m = add_slot_monster(g, monster("Big", hp=5))
    blanks = give_loot(g, 0, by_id("rwz-blanks"))
    g.players[0].loot_plays = 1
    assert plays.take_action(g, 0, ("loot", blanks))
    resolution.priority(g, 0, until_empty=True)
    damage.push_damage(g, 3, g.players[0], -1, m, False, None, "Big")
    settle(g)
    assert g.players[0].damage == 0 and m.damage == 3
    check_invariants(g)


def test_FS_5_4_hitops_prevents_combat_damage_on_4_and_5_and_can_be_shared_for_a_turn():
    """Hitops (seat 0): combat damage to seat 0 when the roll shows 4 is prevented, a 3 is not. As
    seat 1's turn starts seat 0 offers, seat 1 takes it: seat 1's combat damage on a 5 is prevented that
    turn, and no longer once the turn is over."""
    from cardlab.simulate.four_souls import damage
    from cardlab.simulate.four_souls.fixtures import add_slot_monster, monster, settle
    from cardlab.simulate.four_souls.state import Attack

    yes = {0: lambda d: True if d.kind == "may" else None, 1: lambda d: True if d.kind == "may" else None}
    g = position(2, chars=[character("A", hp=5), character("B", hp=5)], plans=yes)
    g.active = 0
    give_item(g, 0, by_id("rwz-hitops"))
    m = add_slot_monster(g, monster("Hitter", attack=1))
    me, rival = g.players

    def hit(p, roll):  # the monster's combat damage on a missed attack roll (an attack is under way)
        g.attack = Attack(seat=p.seat, target=m)
        damage.push_damage(g, 1, p, -1, m, True, roll, "Hitter")
        settle(g)
        g.attack = None

    hit(me, 4)
    assert me.damage == 0
    hit(me, 3)
    assert me.damage == 1
    g.active = 1
    triggers.fire(g, "turn_start", seat=1)
    settle(g)
    hit(rival, 5)
    assert rival.damage == 0
    turn.end_of_turn(g)
    hit(rival, 5)
    assert rival.damage == 1
    check_invariants(g)


def test_FS_4_2_an_ability_aiming_only_at_an_untargetable_rival_is_not_offered():
    """Baba's ↷ and a loot card each name another player as their target (a player always exists, so the
    engine's fast legality check skips them); with the only rival holding a charged The Monster (no other
    player may target them, FS-4.2) neither can go on the stack, so neither is offered — an offered option
    whose stacking fails leaves the player asked again in the same position without end. With The Monster
    deactivated both are offered again."""
    g = _baba()
    me = g.players[0]
    give_loot(g, 1, _cents(3))
    monster = give_item(g, 1, by_id("soi-the_monster"))
    monster.charged = True
    hit = give_loot(
        g,
        0,
        card(
            "Poke",
            abilities=(
                {"play": {"targets": {"P": "other_player"}, "do": {"deal_damage": {"to": "P", "n": 1}}}},
            ),
        ),
    )
    me.loot_plays = 1
    acts = plays.legal_actions(g, 0)
    assert not any(len(o) > 1 and o[1] is me.character for o in acts)
    assert hit not in _loot_options(g, 0)
    assert plays.activatable(g, 0, me.character) == []
    monster.charged = False
    g.obj_ver += 1
    acts = plays.legal_actions(g, 0)
    assert any(len(o) > 1 and o[1] is me.character for o in acts)
    assert hit in _loot_options(g, 0)
    check_invariants(g)
