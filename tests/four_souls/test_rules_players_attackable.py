"""Expansion cards that make players attackable (FS-10.6), some through counters on players (FS-5.14):
Evis, White Proglottid, The Mark, The Nail and Requiem's Mega Satan!, from the bundled card files.
Exact outcomes, rule IDs in the names."""

from __future__ import annotations

from cardlab.simulate.four_souls import attack, cards, counters, plays, resolution, statics, triggers, turn
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    check_invariants,
    deck,
    give_item,
    kinds,
    position,
    real,
)

POOL = cards.load_pool(None).by_id
EVIS, MARK, NAIL = POOL["box-evis"], POOL["box-the_mark"], POOL["box-the_nail"]
PROGLOTTID, MEGA_SATAN = POOL["tw-white_proglottid"], POOL["r-mega_satan"]


def _fire(g, name):
    triggers.fire(g, name, seat=g.active)
    resolution.priority(g, g.active, until_empty=True)


def test_FS_10_6_FS_5_14_evis_puts_gut_counters_on_the_active_player_who_is_then_attackable_at_3():
    g = position(3, rolls=[4, 2])
    add_slot_monster(g, EVIS)
    g.active = 1
    _fire(g, "turn_start")  # every turn, the active player rolls: 4 does nothing
    assert g.players[1].counters == {}
    assert statics.player_evasion(g, g.players[1]) is None
    _fire(g, "turn_start")  # 2: the active player gets a gut counter
    assert g.players[1].counters == {"gut": 1}
    assert statics.player_evasion(g, g.players[1]) == 3 and statics.player_evasion(g, g.players[2]) is None
    g.active = 0
    chars = [p.character for p in g.players]
    assert chars[1] in attack.attack_options(g, 0) and chars[2] not in attack.attack_options(g, 0)


def test_FS_10_6_FS_5_14_white_proglottids_egg_counter_makes_a_player_attackable_and_its_killer_loots():
    """Seat 0 taps it on seat 1 (egg counter: attackable at 4+), then attacks seat 1 with rolls 4 and 5:
    two hits of 1 kill the 2-HP player — their egg counters go and the killer loots 1."""
    g = position(2, rolls=[4, 5])
    wp = give_item(g, 0, PROGLOTTID)
    g.active = 0
    opts = [a for a in plays.legal_actions(g, 0) if a[0] == "tap" and a[1] is wp]
    assert opts and plays.take_action(g, 0, opts[0])
    resolution.priority(g, 0, until_empty=True)
    p0, p1 = g.players
    assert p1.counters == {"egg": 1} and statics.player_evasion(g, p1) == 4
    assert statics.player_evasion(g, p0) is None  # no egg on the user
    deck(g, "loot", [real("Bomb!")])
    hand = len(p0.hand)
    attack.run_attack(g, 0, p1.character)
    resolution.priority(g, 0, until_empty=True)
    assert p1.dead and p1.counters == {} and len(p0.hand) == hand + 1
    check_invariants(g)


def test_FS_10_6_the_mark_its_holder_is_always_attackable_at_5_and_everyone_in_their_turn():
    g = position(3)
    give_item(g, 1, MARK)
    p0, p1, p2 = g.players
    g.active = 0
    assert statics.player_evasion(g, p1) == 5 and statics.player_evasion(g, p2) is None
    g.active = 1
    assert statics.player_evasion(g, p0) == 5 and statics.player_evasion(g, p2) == 5
    assert statics.player_atk(g, p1) == statics.player_atk(g, p0) + 1  # and +1 damage


def test_FS_10_6_the_nail_players_attackable_at_4_till_end_of_turn_and_a_player_kill_loots_its_holder():
    g = position(3)
    nail = give_item(g, 0, NAIL)
    g.active = 0
    opts = [a for a in plays.legal_actions(g, 0) if a[0] == "tap" and a[1] is nail]
    assert plays.take_action(g, 0, opts[0])
    resolution.priority(g, 0, until_empty=True)
    assert [statics.player_evasion(g, p) for p in g.players] == [4, 4, 4]
    deck(g, "loot", [real("Bomb!"), real("Bomb!")])
    hand = len(g.players[0].hand)
    from cardlab.simulate.four_souls import damage

    damage.kill(g, g.players[2], 1)  # seat 1 kills seat 2: the Nail's holder loots 1
    resolution.priority(g, 0, until_empty=True)
    assert len(g.players[0].hand) == hand + 1
    damage.kill(g, g.players[1], 1)  # a player killing themselves is not "by another player"
    resolution.priority(g, 0, until_empty=True)
    assert len(g.players[0].hand) == hand + 1
    turn.end_of_turn(g)
    assert [statics.player_evasion(g, p) for p in g.players] == [None, None, None]


def test_FS_10_6_FS_14_3_mega_satan_players_attackable_at_4_and_the_last_living_active_player_wins():
    g = position(3)
    add_slot_monster(g, MEGA_SATAN)
    g.active = 0
    assert [statics.player_evasion(g, p) for p in g.players] == [4, 4, 4]
    g.players[1].dead = True
    _fire(g, "turn_end")  # seat 2 still lives: nobody wins
    assert not g.wins_after and not g.over
    g.players[2].dead = True
    import pytest

    from cardlab.simulate.four_souls.state import GameOver

    with pytest.raises(GameOver) as over:
        _fire(g, "turn_end")
    assert over.value.winners == (0,)
    assert not kinds(g, "player_died")
    assert counters.count(g.players[0]) == 0
