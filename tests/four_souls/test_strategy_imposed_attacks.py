"""``sensible`` reads an attack imposed on a player (FS-10.6) as what it is: a fight that goes on until the
attacker or that player dies (FS-10.7). Cheep Cheep Cheep! marks a player: the one whose turn it is owes an
attack on them now, and every other player whose turn starts before theirs owes one too (FS-10.16); between
two rivals one of them dies, whoever wins. The value model read each attack as 1 damage (0.3 a point unless
it kills) and the attacker's own risk not at all. Seat 0 plays ``sensible``; the other seats are scripted
(they pass)."""

from __future__ import annotations

from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    by_id,
    give_item,
    give_loot,
    kinds,
    monster,
    phys,
    real,
)
from cardlab.strategies.four_souls import reading as rd
from cardlab.strategies.four_souls import valuing as vl
from tests.four_souls.strategy_table import own_turn, strategy_table


def _cheep_table(leader: int):
    """4 players with 2 HP and 1 damage, each with the same spent item for a death to take (FS-13.9); P0 holds
    Cheep Cheep Cheep!; seat ``leader`` has a soul."""
    g = strategy_table(4, hp=2)
    for seat in range(4):
        give_item(g, seat, real("Sack Of Pennies"), charged=False)
    give_loot(g, 0, by_id("rwz-cheep_cheep_cheep"))
    g.players[leader].souls.append(g.new_obj(phys(g, monster("Old Boss", soul=1)), "soul", leader))
    return g


def test_FS_10_6_FS_10_7_cheep_marks_the_leader_whose_turn_comes_after_two_rivals():
    """The leader (P3) plays last before P0: P1 and P2 will each owe it a fight to a death (a rival's death
    either way). P0 plays the card on P3 and makes its own owed attack on P3 (evasion 3) at once."""
    g = _cheep_table(3)
    own_turn(g)
    assert [r[4] for r in kinds(g, "loot_played")] == ["Cheep Cheep Cheep!"]
    assert [(r[4], r[6]) for r in kinds(g, "attack_target")] == [("C3", 2)]


def test_FS_10_7_cheep_is_kept_when_only_my_own_even_fight_would_follow():
    """The leader (P1) plays right after P0: no other turn comes before theirs, so the card is only P0's own
    fight to a death with an equal player (2 HP, 1 damage, evasion 3: won about 3 times in 4, but a death of
    mine costs more than a rival's is worth to me). P0 keeps it."""
    g = _cheep_table(1)
    own_turn(g)
    assert not kinds(g, "loot_played") and len(g.players[0].hand) == 1


def test_FS_10_7_a_fight_between_two_rivals_is_a_rivals_death():
    """The value model's fight to a death (``_player_fight``): mine against an equal rival nets about
    nothing; two rivals' is one rival's death, whoever wins (``Outlook.rival`` × 4)."""
    out = vl.Outlook(rival=1 / 3, hp=2, rival_hp=2, atk=1, rival_atk=1)
    assert abs(vl._player_fight("me", "rival", 3, out)) < 0.1
    assert vl._player_fight("rival", "rival", 3, out) == 4 / 3


def test_FS_9_4_FS_10_7_the_leaders_attack_on_me_is_read_with_their_roll_bonus():
    """The leader's fight to a death with me (an attack imposed on me) at their own roll bonus: with +1
    (Meat!) they hit evasion 3 on four faces, not three, so my death is likelier and the fight worth less to
    me. The value model read the leader's rolls at +0 (mine were read with my bonus)."""
    g = strategy_table(2, hp=2)
    give_item(g, 1, real("Meat!"))
    out = vl.outlook(g.views[0], 0, rd.Reader(vl.item_value), lambda s: s, 1.0)
    assert out.leader == 1 and out.rival_roll_bonus == 1
    plain = vl.Outlook(rival=out.rival, hp=2, rival_hp=2, atk=1, rival_atk=1)
    meat = vl.Outlook(rival=out.rival, hp=2, rival_hp=2, atk=1, rival_atk=1, rival_roll_bonus=1)
    assert vl._player_fight("rival", "me", 3, meat) < vl._player_fight("rival", "me", 3, plain) - 0.5


def test_FS_5_2_FS_10_7_the_leaders_attack_on_me_is_read_with_their_items_and_buffs():
    """The leader's fight to a death with me reads their attack now: a printed 1, +1 from Brimstone (a static)
    and +1 this turn (a buff), so 3, and each miss of theirs on me costs 3 HP, not 1: the fight is worth less
    to me. The value model read the leader's printed attack."""
    g = strategy_table(2, hp=2)
    give_item(g, 1, real("Brimstone"))
    g.players[1].b_atk = 1
    out = vl.outlook(g.views[0], 0, rd.Reader(vl.item_value), lambda s: s, 1.0)
    assert out.leader == 1 and out.rival_atk == 3
    printed = vl.Outlook(
        rival=out.rival,
        hp=2,
        rival_hp=2,
        atk=1,
        rival_atk=1,
        my_death=out.my_death,
        rival_death=out.rival_death,
    )
    assert vl._player_fight("rival", "me", 3, out) < vl._player_fight("rival", "me", 3, printed) - 0.5


def _horn_turn_start(impostor: bool):
    """3 players at 2 HP; P0 (sensible) is active; Alt Art Little Horn holds 4 counters (its turn-start
    damage, split among the players P0 picks, "any number", FS-4.3), and with ``impostor`` The Impostor! is in
    a slot (the turn's first player death: the living vote, the most voted die, ties included, FS-5.17)."""
    from cardlab.simulate.four_souls import triggers
    from cardlab.simulate.four_souls.fixtures import loot_fillers, settle

    g = strategy_table(3, hp=2)
    loot_fillers(g, 10)
    g.active = 0
    horn = add_slot_monster(g, by_id("aa-little_horn"))
    horn.counters = 4
    if impostor:
        add_slot_monster(g, by_id("rwz-the_impostor"))
    triggers.fire(g, "turn_start", seat=0)
    settle(g)
    return g


def test_FS_5_17_no_kill_that_sets_off_a_vote_which_kills_me():
    """With The Impostor! in play a death P0 causes sets off a vote among the two left, a tie that kills both,
    P0 among them (soak 1902's 500-turn games: every seat died every turn and nobody attacked Little Horn):
    P0 picks nobody, and nobody dies. Without it P0 splits the 4 damage to kill both rivals."""
    g = _horn_turn_start(impostor=True)
    assert not any(p.dead for p in g.players)
    g = _horn_turn_start(impostor=False)
    assert [p.dead for p in g.players] == [False, True, True]


def _sting_turn_start(impostor: bool):
    """3 players; P0 (sensible) is active; a slot monster's turn-start trigger deals 1 damage to another
    player P0 chooses (one target); P1 leads (a soul) at 1 HP, P2 has 2 HP; with ``impostor`` The Impostor! is
    in a slot (the turn's first player death: the living vote, the most voted die, ties included, FS-5.17)."""
    from cardlab.simulate.four_souls import triggers
    from cardlab.simulate.four_souls.fixtures import loot_fillers, settle

    g = strategy_table(3, hp=2)
    loot_fillers(g, 10)
    g.active = 0
    sting = {
        "on": {"turn_start": "any_player"},
        "targets": {"T": "other_player"},
        "by": "active",
        "do": {"deal_damage": {"n": 1, "to": "T"}},
    }
    add_slot_monster(g, monster("Sting", hp=5, evasion=6, abilities=(sting,)))
    g.players[1].souls.append(g.new_obj(phys(g, monster("Old Boss", soul=1)), "soul", 1))
    g.players[1].damage = 1
    if impostor:
        add_slot_monster(g, by_id("rwz-the_impostor"))
    triggers.fire(g, "turn_start", seat=0)
    settle(g)
    return g


def test_FS_5_17_a_single_target_harm_spares_a_player_it_would_kill_before_a_vote():
    """One target (not "any number"): with The Impostor! in play, P0's 1 damage goes to P2, who survives it,
    not to the leader P1 at 1 HP, whose death would set off the vote that kills P0 and P2 (a tie). Without
    it the damage kills the leader."""
    g = _sting_turn_start(impostor=True)
    assert not any(p.dead for p in g.players) and g.players[2].damage == 1
    g = _sting_turn_start(impostor=False)
    assert [p.dead for p in g.players] == [False, True, False]


def test_FS_10_9_my_own_miss_faces_count_in_a_fight_with_a_player_or_an_attackable_side():
    """P0 holds Number One (its attack rolls of 1 and 6 miss, FS-10.9): a fight to a death with an equal
    player at evasion 3 is hit on three faces, not four, and so is Anima Sola's back (2 HP, evasion 3,
    attackable, FS-10.6): both are worth less to P0. The value model read them at evasion alone."""
    from cardlab.strategies.four_souls.sensible_policy import _sides

    g = strategy_table(2, hp=2)
    give_item(g, 0, by_id("box-number_one"))
    anima = give_item(g, 0, by_id("r-anima_sola"), eternal=True, starting=True)
    out = vl.outlook(g.views[0], 0, rd.Reader(vl.item_value), lambda s: s, 1.0)
    assert out.own_faces[0] == {1, 6}
    stats = dict(rival=out.rival, hp=2, rival_hp=2, atk=1, rival_atk=1, my_turn=True)
    plain, mine = vl.Outlook(**stats), vl.Outlook(**stats, own_faces=out.own_faces)
    assert vl._player_fight("me", "rival", 3, mine) < vl._player_fight("me", "rival", 3, plain) - 0.5
    info = next(i for i in g.views[0].items_of(0) if i.ref.uid == anima.uid)
    back, rules = _sides(info)[1]
    assert back.hp == 2 and back.evasion == 3
    assert vl._as_target(back, rules, mine) < vl._as_target(back, rules, plain) - 0.2
