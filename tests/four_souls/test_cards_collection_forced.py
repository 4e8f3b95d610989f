"""Issue 19: another player's ability activated on your say (Telekinesis, FS-6.1) and
characters changing hands (Corrupted Data, FS-6.12)."""

from __future__ import annotations

from cardlab.simulate.four_souls import (
    damage,
    dice,
    plays,
    resolution,
    seat_results,
    statics,
    triggers,
    turn,
    zones,
)
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    attack_roll,
    by_id,
    card,
    character,
    check_invariants,
    give_item,
    give_loot,
    phys,
    position,
    settle,
)


def _use(g, seat, obj):
    act = next(o for o in plays.legal_actions(g, seat) if len(o) > 1 and o[1] is obj)
    assert plays.take_action(g, seat, act)
    resolution.priority(g, seat, until_empty=True)


def test_FS_6_1_telekinesis_makes_a_rival_activate_its_tap_ability():
    """Telekinesis (↷) on seat 1's purse (↷: its controller gains 3¢): seat 1 activates it, so seat 1 gains
    3¢ and the purse is spent. A spent purse cannot be activated: a second use does nothing."""
    g = position(2)
    g.active = 0
    tk = give_item(g, 0, by_id("soi-telekinesis"), charged=True)
    purse = give_item(
        g,
        1,
        card("Purse", deck="treasure", kind="active", abilities=({"tap": {"do": {"gain_cents": 3}}},)),
        charged=True,
    )
    _use(g, 0, tk)
    assert (g.players[0].cents, g.players[1].cents, purse.charged) == (0, 3, False)
    tk.charged = True
    _use(g, 0, tk)
    assert g.players[1].cents == 3
    check_invariants(g)


def test_FS_3_4_telekinesis_at_turn_start_discards_some_of_a_decks_top_two():
    """At its holder's turn start: the treasure deck's top two are looked at; the first is discarded and
    the second goes back on top."""
    asked: list = []

    def plan(d):
        if d.kind == "choose_deck":
            return "treasure"
        if d.kind == "discard_top":
            asked.append(d)
            return len(asked) == 1
        return None

    g = position(2, plans={0: plan})
    g.active = 0
    give_item(g, 0, by_id("soi-telekinesis"))
    a, b = (phys(g, card(n, deck="treasure", kind="passive")) for n in ("A", "B"))
    g.treasure.extend([b, a])
    triggers.fire(g, "turn_start", seat=0)
    settle(g)
    assert g.treasure_disc == [a] and g.treasure == [b]


def test_FS_6_12_corrupted_data_passes_hands_left_characters_right_and_recharges():
    """Three players: hands move one seat on (seat 0's card to seat 1); each character and the one eternal
    item of each player move one seat back (seat 1's character and its item to seat 0); every character
    and eternal item ends upright."""
    chars = [character(f"C{i}") for i in range(3)]
    g = position(3, chars=chars)
    g.active = 0
    c0 = give_loot(g, 0, card("L0"))
    before = [p.character for p in g.players]
    etern = [
        give_item(g, i, card(f"E{i}", deck="treasure", kind="active", keywords=["eternal"])) for i in range(3)
    ]
    g.mslots.append([])
    zones.reveal_into_slot(g, phys(g, by_id("p-corrupted_data")), 0)
    settle(g)
    assert g.players[1].hand == [c0]
    assert [p.character for p in g.players] == [before[1], before[2], before[0]]
    assert [p.items for p in g.players] == [[etern[1]], [etern[2]], [etern[0]]]
    assert all(p.character.charged for p in g.players) and all(o.charged for o in etern)
    assert all(p.character.controller == p.seat for p in g.players)
    # each seat is still reported by the character it was dealt (FS-2.7), beside the one it ends with
    rows = [r.columns for r in seat_results(g)]
    assert [(r["character"], r["final_character"]) for r in rows] == [
        ("C0", "C1"),
        ("C1", "C2"),
        ("C2", "C0"),
    ]
    check_invariants(g)


def test_FS_14_5_alt_art_lost_soul_makes_its_holder_attackable_and_goes_to_their_killer():
    """Alt Art Lost Soul played by seat 0 becomes seat 1's soul (worth 1); while seat 1 holds it, seat 1 can
    be attacked with evasion 4; seat 2 kills seat 1 and is handed the soul."""
    g = position(3)
    g.active = 0
    g.players[0].loot_plays = 1
    ls = give_loot(g, 0, by_id("aa-lost_soul"))
    act = next(o for o in plays.legal_actions(g, 0) if o[0] == "loot" and o[1] is ls)
    assert plays.take_action(g, 0, act)
    resolution.priority(g, 0, until_empty=True)
    (soul,) = g.players[1].souls
    assert soul.soul_value == 1 and statics.player_evasion(g, g.players[1]) == 4
    assert statics.player_evasion(g, g.players[2]) is None
    damage.kill(g, g.players[1], killer=2)
    settle(g)
    assert g.players[1].souls == [] and g.players[2].souls == [soul] and soul.controller == 2
    assert statics.player_evasion(g, g.players[2]) == 4
    check_invariants(g)


def test_FS_14_5_cursed_haunt_as_a_soul_is_attacked_and_taken_by_the_active_player():
    """Seat 1 holds Cursed Haunt as a soul: seat 0 may attack it (evasion 3 + 1 = 4); killed, its death is
    prevented, seat 0 gains its reward (1 treasure) and takes the soul. In a slot it is a plain monster."""
    g = position(2)
    g.treasure.append(phys(g, card("T", deck="treasure", kind="passive")))
    g.active = 0
    haunt = g.new_obj(phys(g, by_id("soi-cursed_haunt")), "soul", 1)
    g.players[1].souls.append(haunt)
    assert haunt in statics.other_attack_targets(g, 0) and statics.evasion(g, haunt) == 4
    attack_roll(g, haunt, 6)
    attack_roll(g, haunt, 6)
    attack_roll(g, haunt, 6)
    assert g.players[0].souls == [haunt] and g.players[1].souls == [] and len(g.players[0].items) == 1
    assert haunt.in_play and haunt.controller == 0
    turn.end_of_turn(g)
    assert haunt.damage == 0
    check_invariants(g)


def test_FS_13_9_isaacs_last_will_keeps_the_penalty_items_under_it():
    """Seat 0 holds Isaac's Last Will; seat 1 dies and its penalty destroys item A: seat 0 gains 2¢ and A
    lies under the Will (not in the discard). The tap's second mode pays 1¢ a card; the first puts A back
    on top of the treasure deck. When the Will leaves play, what lies under it goes to the discard."""
    modes: list = []
    g = position(2, plans={0: lambda d: modes.pop(0) if d.kind == "choose_mode" and modes else None})
    g.active = 0
    will = give_item(g, 0, by_id("soi-isaacs_last_will"), charged=True)
    a = give_item(g, 1, card("A", deck="treasure", kind="passive"))
    damage.kill(g, g.players[1], killer=0)
    settle(g)
    assert g.players[0].cents == 2 and g.under[will.uid] == [a.phys] and g.treasure_disc == []
    check_invariants(g)
    modes.append(1)
    _use(g, 0, will)
    assert g.players[0].cents == 3
    will.charged = True
    modes.append(0)
    _use(g, 0, will)
    assert g.treasure[-1] is a.phys and g.under[will.uid] == []
    g.under[will.uid].append(g.treasure.pop())
    damage.destroy(g, will, "test")
    assert a.phys in g.treasure_disc and will.uid not in g.under
    check_invariants(g)


def test_FS_6_20_the_adversary_hurts_each_player_when_their_named_face_is_rolled():
    """Summer's The Adversary at a turn's start: seat 0 names 3, seat 1 (offered the faces but 3) names 5;
    a roll of 5 deals seat 1 one damage, a roll of 3 seat 0; after the end phase a 5 hurts nobody."""
    seen: list = []

    def name(face):
        def plan(d):
            if d.kind == "choose_number":
                seen.append(tuple(d.options))
                return face
            return None

        return plan

    g = position(2, plans={0: name(3), 1: name(5)})
    g.active = 0
    add_slot_monster(g, by_id("soi-the_adversary"))
    triggers.fire(g, "turn_start", seat=0)
    settle(g)
    assert seen == [(1, 2, 3, 4, 5, 6), (1, 2, 4, 5, 6)]
    dice.push_roll(g, 0, "reward", reward="cents", value=5)
    settle(g)
    assert (g.players[0].damage, g.players[1].damage) == (0, 1)
    dice.push_roll(g, 1, "reward", reward="cents", value=3)
    settle(g)
    assert (g.players[0].damage, g.players[1].damage) == (1, 1)
    turn.end_of_turn(g)
    dice.push_roll(g, 0, "reward", reward="cents", value=5)
    settle(g)
    assert g.players[1].damage == 0
