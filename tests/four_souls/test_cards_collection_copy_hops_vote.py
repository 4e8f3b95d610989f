"""? Card (Placebo's copy from a loot card, FS-5.13), Mulligoon (a monster that keeps
its damage, FS-8.10, and hops slots when hurt, FS-3.8) and Police Lineup (a vote among the non-active
players, FS-5.17)."""

from __future__ import annotations

from cardlab.simulate.four_souls import attack, damage, plays, resolution, statics, triggers, turn, zones
from cardlab.simulate.four_souls.fixtures import (
    add_shop_item,
    add_slot_monster,
    attack_roll,
    by_id,
    card,
    check_invariants,
    give_item,
    give_loot,
    kinds,
    loot_fillers,
    monster,
    phys,
    position,
    settle,
)
from cardlab.simulate.four_souls.refs import SeatRef


def _cents_item(n: int):
    return card(f"Purse{n}", deck="treasure", kind="active", abilities=({"tap": {"do": {"gain_cents": n}}},))


def test_FS_5_13_question_card_runs_a_copy_of_a_rivals_tap_ability_for_its_player():
    """? Card, played aiming at seat 1's item (↷: gain 3¢): seat 0 gains 3¢; the item stays charged and
    seat 1 gains nothing; the loot card ends in the discard."""
    g = position(2)
    g.active = 0
    g.players[0].loot_plays = 1
    purse = give_item(g, 1, _cents_item(3))
    q = give_loot(g, 0, by_id("fsp2-card"))
    act = next(o for o in plays.legal_actions(g, 0) if o[0] == "loot" and o[1] is q)
    assert plays.take_action(g, 0, act)
    resolution.priority(g, 0, until_empty=True)
    assert (g.players[0].cents, g.players[1].cents, purse.charged) == (3, 0, True)
    assert q in g.loot_disc
    check_invariants(g)


def test_FS_8_10_mulligoon_hit_ends_the_attack_moves_and_keeps_its_damage():
    """An attack roll of 6 hits Mulligoon (3 HP) in slot 0: the attack ends, the active player loots 1, it
    moves onto slot 1 with its 1 damage, and the end phase leaves that damage on it (not on Blob)."""
    g = position(2)
    loot_fillers(g, 3)
    g.active = 0
    mull = add_slot_monster(g, by_id("soi-mulligoon"))
    blob = add_slot_monster(g, monster("Blob", hp=3))
    attack_roll(g, mull, 6)
    assert g.attack.cancelled and len(g.players[0].hand) == 1
    assert mull.in_play and mull.slot == 1 and g.mslots[1][-1] is mull and mull.damage == 1
    assert not blob.in_play
    turn.end_of_turn(g)
    assert mull.damage == 1
    check_invariants(g)


def _lineup(votes: dict, pick: int, rolls=None):
    def plan_of(seat):
        def plan(d):
            if d.kind == "vote":
                return next(o for o in d.options if isinstance(o, SeatRef) and o.seat == votes[seat])
            if d.kind in ("choose_player", "choose_target") and seat == 0:
                return next(o for o in d.options if getattr(o, "seat", None) == pick)
            return None

        return plan

    g = position(3, plans={s: plan_of(s) for s in range(3)}, rolls=rolls)
    g.treasure.extend(phys(g, card(f"T{i}", deck="treasure", kind="passive")) for i in range(3))
    g.active = 0
    g.mslots.append([])
    zones.reveal_into_slot(g, phys(g, by_id("soi-police_lineup")), 0)
    settle(g)
    return g


def test_FS_5_17_police_lineup_a_right_guess_kills_the_guilty_and_pays_the_active_player():
    g = _lineup({1: 2, 2: 2}, pick=2)
    assert [r[2] for r in kinds(g, "player_died")] == [2]
    assert len(g.players[0].items) == 1 and g.players[0].skip_next_turn == 0


def test_FS_5_17_police_lineup_a_wrong_guess_pays_the_guilty_and_skips_the_active_players_turn():
    g = _lineup({1: 1, 2: 1}, pick=2)
    assert kinds(g, "player_died") == []
    assert len(g.players[1].items) == 1 and len(g.players[0].items) == 0 and g.players[0].skip_next_turn == 1


def _use(g, seat, obj):
    act = next(o for o in plays.legal_actions(g, seat) if len(o) > 1 and o[1] is obj)
    assert plays.take_action(g, seat, act)
    resolution.priority(g, seat, until_empty=True)


def test_FS_5_10_lil_delirium_copies_a_shown_treasure_till_the_turn_ends():
    """Lil Delirium at the start of its holder's turn: of the treasure deck's top 3, the holder shows the
    purse (↷: gain 2¢) and the item is that purse till the end phase: used, it gives 2¢. The 3 cards go
    under the deck; after the end phase it is Lil Delirium again."""
    g = position(
        2,
        plans={
            0: lambda d: (
                next(
                    (
                        o
                        for o in d.options
                        if getattr(o, "card", None) is not None and o.card.name == "Purse2"
                    ),
                    None,
                )
                if d.kind == "take"
                else None
            )
        },
    )
    g.active = 0
    lil = give_item(g, 0, by_id("box-lil_delirium"))
    own = lil.rules
    top = [
        phys(g, c)
        for c in (
            card("A", deck="treasure", kind="passive"),
            _cents_item(2),
            card("B", deck="treasure", kind="passive"),
        )
    ]
    g.treasure.extend(reversed(top))
    g.treasure.insert(0, phys(g, card("Bottom", deck="treasure", kind="passive")))
    triggers.fire(g, "turn_start", seat=0)
    settle(g)
    assert lil.rules is top[1].rules and g.treasure[-1].card.name == "Bottom" and len(g.treasure) == 4
    _use(g, 0, lil)
    assert g.players[0].cents == 2
    turn.end_of_turn(g)
    assert lil.rules is own
    check_invariants(g)


def test_FS_8_4_booster_pack_shows_five_loot_to_play_free_the_rest_discarded_at_turns_end():
    """Booster Pack (↷): destroyed, it shows the loot deck's top 5; with no loot play left, each is still
    offered; one played (2¢) goes to the discard, and once the turn is over the other four follow."""
    g = position(2)
    g.active = 0
    bp = give_item(g, 0, by_id("ani-booster_pack"))
    shown = [phys(g, card(f"Coins{i}", abilities=({"play": {"do": {"gain_cents": 2}}},))) for i in range(5)]
    g.loot.extend(shown)
    g.players[0].loot_plays = 0
    _use(g, 0, bp)
    assert not bp.in_play and g.loot == []
    offered = [o[1] for o in plays.legal_actions(g, 0) if o[0] == "loot"]
    assert len(offered) == 5
    assert plays.take_action(g, 0, ("loot", offered[0]))
    resolution.priority(g, 0, until_empty=True)
    assert g.players[0].cents == 2 and g.loot_disc == [offered[0]]
    turn.end_of_turn(g)
    assert len(g.loot_disc) == 5 and g.removed == []
    check_invariants(g)


def test_FS_8_4_distant_admiration_plays_the_given_card_at_once_without_a_loot_play():
    """Distant Admiration (↷, seat 1 chosen): seat 1 gives its only card (3¢); seat 0 plays it at once with
    no loot play used: 3¢, and the card goes to the discard, not to seat 0's hand."""
    g = position(2)
    g.active = 0
    g.players[0].loot_plays = 1
    da = give_item(g, 0, by_id("fsp2-distant_admiration"))
    c = give_loot(g, 1, card("Coins3", abilities=({"play": {"do": {"gain_cents": 3}}},)))
    _use(g, 0, da)
    assert g.players[0].cents == 3 and g.players[0].loot_plays == 1 and g.players[0].hand == []
    assert g.loot_disc == [c] and c.pid in g.players[0].known
    check_invariants(g)


def test_FS_4_2_the_monster_charged_keeps_its_holder_out_of_other_players_targets():
    """Seat 1 holds The Monster, charged: seat 0's ↷ "1 damage to a player" can aim only at seat 0 itself.
    Spent, The Monster guards nothing: both seats are offered."""
    seen: list = []

    def plan(d):
        if d.kind == "choose_target":
            seen.append(tuple(getattr(o, "seat", None) for o in d.options))
        return None

    g = position(2, plans={0: plan})
    g.active = 0
    monster_item = give_item(g, 1, by_id("soi-the_monster"), charged=True)
    zap = {"tap": {"targets": {"P": "player"}, "do": {"deal_damage": {"n": 1, "to": "P"}}}}
    bomb = give_item(g, 0, card("Zap", deck="treasure", kind="active", abilities=(zap,)), charged=True)
    _use(g, 0, bomb)
    assert (g.players[0].damage, g.players[1].damage) == (1, 0) and all(o == (0,) for o in seen)
    monster_item.charged = False
    bomb.charged = True
    seen.clear()
    _use(g, 0, bomb)
    assert seen and seen[0] == (0, 1)


def _soul(g, seat, c):
    s = g.new_obj(phys(g, c), "soul", seat)
    g.players[seat].souls.append(s)
    return s


def _zap():
    zap = {"tap": {"targets": {"P": "other_player"}, "do": {"deal_damage": {"n": 1, "to": "P"}}}}
    return card("Zap", deck="treasure", kind="active", abilities=(zap,))


def test_FS_14_5_delirium_soul_a_one_prevents_the_damage_its_holder_deals():
    """Seat 0 holds Unboxing's first Delirium as a soul: its ↷ 1 damage to seat 1 is rolled for as it
    applies — a 1 prevents it, a 2 lets it through."""
    g = position(2, rolls=[1, 2])
    g.active = 0
    _soul(g, 0, by_id("box-delirium"))
    zap = give_item(g, 0, _zap(), charged=True)
    _use(g, 0, zap)
    assert g.players[1].damage == 0
    zap.charged = True
    _use(g, 0, zap)
    assert g.players[1].damage == 1


def test_FS_13_9_delirium_soul_makes_its_holders_penalty_item_a_random_one():
    """Seat 0 holds Unboxing's second Delirium as a soul and two items: dying, seat 0 is never asked
    which item goes (one of the two is destroyed at random)."""
    asked: list = []
    g = position(2, plans={0: lambda d: asked.append(d.kind) if d.kind == "penalty_item" else None})
    g.active = 1
    _soul(g, 0, by_id("box-delirium_2"))
    give_item(g, 0, card("A", deck="treasure", kind="passive"))
    give_item(g, 0, card("B", deck="treasure", kind="passive"))
    damage.death_penalty(g, g.players[0])
    assert asked == [] and len(g.players[0].items) == 1 and len(g.treasure_disc) == 1


def test_FS_8_4_glitter_bombs_lets_its_holder_play_the_loot_decks_top_with_a_loot_play():
    """Glitter Bombs (↷): the loot deck's top (3¢) is offered to seat 0 while it has a loot play, not to
    seat 1; played, it leaves the deck (the next card is offered then) and uses the loot play."""
    g = position(2)
    g.active = 0
    gb = give_item(g, 0, by_id("box-glitter_bombs"), charged=True)
    nxt, top = (phys(g, card(f"Coins{n}", abilities=({"play": {"do": {"gain_cents": n}}},))) for n in (1, 3))
    g.loot.extend([nxt, top])
    g.players[0].loot_plays = 1
    _use(g, 0, gb)
    assert [o[1] for o in plays.legal_actions(g, 0) if o[0] == "loot"] == [top]
    assert [o for o in plays.legal_actions(g, 1) if o[0] == "loot"] == []
    assert plays.take_action(g, 0, ("loot", top))
    resolution.priority(g, 0, until_empty=True)
    assert g.players[0].cents == 3 and g.loot == [nxt] and g.players[0].loot_plays == 0
    assert [o for o in plays.legal_actions(g, 0) if o[0] == "loot"] == []
    check_invariants(g)


def test_FS_13_9_shopkeeper_sends_the_penalty_item_into_a_shop_slot_over_the_item_there():
    """Summer's Shopkeeper in a slot: seat 0's death penalty would destroy item A; A goes on top of the
    shop slot holding S instead (S covered), nothing reaches the treasure discard; Shopkeeper is no
    attack target (FS-10.5)."""
    g = position(2)
    g.active = 1
    keeper = add_slot_monster(g, by_id("soi-shopkeeper"))
    s = add_shop_item(g, card("S", deck="treasure", kind="passive"))
    a = give_item(g, 0, card("A", deck="treasure", kind="passive"))
    damage.death_penalty(g, g.players[0])
    assert g.shop[0] == [s.phys, a] and a.controller == -1 and not s.in_play
    assert g.players[0].items == [] and g.treasure_disc == []
    assert statics.cant_be_attacked(g, keeper)
    check_invariants(g)


def test_FS_10_3_moms_eye_shadow_lets_its_holder_pick_the_monster_another_player_attacks():
    """Seat 0 declares an attack on A; seat 2, holding Mom's Eye Shadow, picks B instead: the attack is
    on B. Seat 2's own attack is its own pick."""

    def pick(name):
        def plan(d):
            if d.kind in ("attack_target", "choose_target"):
                return next((o for o in d.options if getattr(o, "name", None) == name), None)
            return None

        return plan

    g = position(3, plans={0: pick("A"), 2: pick("B")}, rolls=[6, 6, 6])
    g.active = 0
    give_item(g, 2, by_id("fsp2-moms_eye_shadow"))
    add_slot_monster(g, monster("A", hp=1))
    add_slot_monster(g, monster("B", hp=1))
    attack.declare_attack(g, 0)
    assert [r[4] for r in kinds(g, "attack_target")] == ["B"]
