"""Anniversary's rooms (FS-16) as encoded in ``decklists/four_souls/sets/anniversary/room.yaml``, with exact
outcomes and rule IDs in the names."""

from __future__ import annotations

from cardlab.simulate.four_souls import attack, damage, plays
from cardlab.simulate.four_souls import fixtures as fx


def _room(g, card_id: str):
    """A real room into a new room slot (FS-2.5)."""
    return fx.add_room(g, fx.by_id(card_id))


def _update_table(rolls: list[int]):
    g = fx.position(
        3, chars=[fx.character("A", hp=3), fx.character("B", hp=3), fx.character("C", hp=3)], rolls=rolls
    )
    g.active = 0
    _room(g, "ani-multiplayer_update")
    m = fx.add_slot_monster(g, fx.monster("Pair", hp=2, evasion=3, attack=1, rewards={"cents": 3}))
    return g, m


def test_FS_10_7_FS_16_2_multiplayer_update_every_non_active_player_teams_up_for_a_declared_attack():
    """Seat 0 declares: seats 1 and 2 team up. Seat 0 hits (4), seat 1 misses (1) and takes 1 damage,
    seat 2 hits (5): the 2-HP monster dies and all three gain its 3 cents (FS-13.4)."""
    g, m = _update_table([4, 1, 5])
    attack.declare_attack(g, 0)
    fx.settle(g)
    assert not m.in_play
    assert [p.cents for p in g.players] == [3, 3, 3]
    assert [p.damage for p in g.players] == [0, 1, 0]
    fx.check_invariants(g)


def test_FS_1_15_multiplayer_update_a_non_active_killer_gains_the_rewards_too():
    """Outside an attack, seat 2's 2 damage kills the monster on seat 0's turn: seat 0 gains the reward
    (FS-1.15) and, with the room in play, so does seat 2; seat 1 gains nothing."""
    g, m = _update_table([])
    assert damage.push_damage(g, 2, m, 2, None, False, None, "Test")
    fx.settle(g)
    assert not m.in_play
    assert [p.cents for p in g.players] == [3, 0, 3]


def test_FS_1_15_without_the_room_only_the_active_player_gains_the_rewards():
    g = fx.position(3)
    g.active = 0
    m = fx.add_slot_monster(g, fx.monster("Pair", hp=2, evasion=3, attack=1, rewards={"cents": 3}))
    assert damage.push_damage(g, 2, m, 2, None, False, None, "Test")
    fx.settle(g)
    assert [p.cents for p in g.players] == [3, 0, 0]


def test_FS_13_4_greed_mode_a_monster_death_pays_the_active_player_its_hp_in_cents():
    g = fx.position(2)
    g.active = 1
    _room(g, "ani-greed_mode")
    m = fx.add_slot_monster(g, fx.monster("Big", hp=4, evasion=3, attack=1, rewards={"cents": 1}))
    assert damage.push_damage(g, 4, m, 0, None, False, None, "Test")
    fx.settle(g)
    assert [p.cents for p in g.players] == [0, 1 + 4]


def test_FS_4_4_greed_mode_a_tap_ability_costs_3_cents_and_needs_no_charge():
    """Under Greed Mode a deactivated item's tap ability (gain 1c) is offered for 3c and leaves the item
    as it was; with 2c it is not offered; without the room the deactivated item offers nothing."""
    g = fx.position(2)
    g.active = 0
    coin = fx.give_item(
        g, 0, fx.card("Coin Press", "treasure", "active", abilities=({"tap": {"do": {"gain_cents": 1}}},))
    )
    coin.charged = False
    assert not [o for o in plays.legal_actions(g, 0) if len(o) > 1 and o[1] is coin]
    _room(g, "ani-greed_mode")
    fx.take_cents(g, 0, 0)
    g.players[0].cents = 2
    assert not [o for o in plays.legal_actions(g, 0) if len(o) > 1 and o[1] is coin]
    g.players[0].cents = 6
    for _ in range(2):
        act = next(o for o in plays.legal_actions(g, 0) if len(o) > 1 and o[1] is coin)
        assert plays.take_action(g, 0, act)
        fx.settle(g)
    assert g.players[0].cents == 6 - 3 + 1 - 3 + 1 and not coin.charged


def _guppy_table():
    from cardlab.simulate.four_souls import checks, resolution, rooms
    from cardlab.simulate.four_souls.rules import compile_card

    g = fx.position(2)
    g.active = 0
    soul = fx.by_id("b2-soul_of_guppy")
    g.outside_bonus = [(soul, compile_card(soul))]
    fx.rooms_of(g).slots.append([])
    fx.rooms_of(g).deck.append(fx.phys(g, fx.by_id("ani-guppys_pieces")))
    assert rooms.fill(g, 0)
    checks.state_checks(g)
    resolution.priority(g, 0, until_empty=True)
    return g


def test_FS_14_7_guppys_pieces_revealed_makes_soul_of_guppy_from_outside_an_active_bonus_soul():
    g = _guppy_table()
    assert [b.card.name for b in g.bonus] == ["Soul Of Guppy"] and g.outside_bonus == []
    fx.check_invariants(g)


def test_FS_14_7_guppys_pieces_nothing_when_soul_of_guppy_is_not_outside_the_game():
    from cardlab.simulate.four_souls import checks, resolution, rooms

    g = fx.position(2)
    fx.rooms_of(g).slots.append([])
    fx.rooms_of(g).deck.append(fx.phys(g, fx.by_id("ani-guppys_pieces")))
    assert rooms.fill(g, 0)
    checks.state_checks(g)
    resolution.priority(g, 0, until_empty=True)
    assert g.bonus == []


def test_FS_3_4_guppys_pieces_tap_takes_the_one_guppy_item_of_the_top_five_the_rest_go_under():
    """Top five: four plain treasures and Guppy's Paw; the active player takes the Paw (the only Guppy
    card offered) and the four others go under the deck, under a sixth card left on top."""
    g = _guppy_table()
    top = [fx.card(f"T{i}", "treasure", "passive") for i in range(4)]
    cards = fx.deck(g, "treasure", [*top, fx.by_id("b2-guppys_paw"), fx.card("Sixth", "treasure", "passive")])
    room = g.rooms.slots[0][-1]
    room.charged = True
    act = next(o for o in plays.legal_actions(g, 0) if len(o) > 1 and o[1] is room)
    assert plays.take_action(g, 0, act)
    fx.settle(g)
    assert [o.phys for o in g.players[0].items] == [cards[4]]
    assert g.treasure[-1] is cards[5] and len(g.treasure) == 5
