"""Seed rules no Base V2 card uses, played with the made-up cards of
``tests/four_souls/cards_testonly/seed_rules.yaml``: keep-one dice (FS-9.6), "each player and each
monster dies" (FS-5.9(f)), "this player wins" (FS-14.3). Exact outcomes, rule IDs in the names."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardlab.simulate.four_souls import cards, interpreter, items, plays, resolution, statics
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    card,
    deck,
    give_item,
    give_loot,
    kinds,
    position,
    take_cents,
)
from cardlab.simulate.four_souls.state import GameOver

SEED = {
    c.name: c for c in cards.load_pool([Path(__file__).parent / "cards_testonly" / "seed_rules.yaml"]).cards
}


def _play(g, seat, name):
    c = give_loot(g, seat, SEED[name])
    g.players[seat].loot_plays = 1
    assert plays.take_action(g, seat, ("loot", c))
    resolution.priority(g, seat)


def test_FS_9_6_keep_one_of_two_dice_the_roller_chooses_and_only_the_kept_die_is_a_roll():
    """Two dice (2 and 5); the roller keeps the 5: the table reads 5 (+5¢); the 2 is logged as not
    kept and never goes on the stack, so it triggers nothing (a "rolled 2" ability stays quiet)."""
    g = position(2, rolls=[2, 5])
    seen = []

    def plan(d):
        if d.kind == "choose_number":
            seen.append(d.options)
            return 5
        return None

    g.io.strategies[0].plan = plan
    rolled_two = card(
        "Two Watcher", "treasure", "passive", abilities=({"on": {"rolled": 2}, "do": {"loot": 1}},)
    )
    give_item(g, 1, rolled_two)
    deck(g, "loot", [card(f"L{i}") for i in range(3)])
    _play(g, 0, "Two Dice Pick")
    assert seen == [(2, 5)]
    assert g.players[0].cents == 5
    rolls = [(r[6], r[7]) for r in kinds(g, "roll")]
    assert rolls == [(2, "not_kept"), (5, "initial"), (5, "final")]
    assert not g.players[1].hand  # the discarded 2 triggered nothing


@pytest.mark.parametrize(("rolls", "hand"), [([3, 6, 1], 2), ([3, 5, 1], 0)])
def test_FS_9_6_keep_the_highest_of_three(rolls, hand):
    g = position(2, rolls=rolls)
    deck(g, "loot", [card(f"L{i}") for i in range(3)])
    _play(g, 0, "Best Of Three")
    assert len(g.players[0].hand) == hand
    assert [r[6] for r in kinds(g, "roll") if r[7] == "initial"] == [max(rolls)]


def test_FS_5_9_f_each_player_and_each_monster_dies_monsters_first_then_players_in_turn_order():
    """P1 (active) plays Doomsday in a 3-player game with two monsters: the monsters' deaths resolve
    first, in the order P1 picks (FS-5.9(e)), then the players' in turn order from P1 (FS-5.9(d))."""
    g = position(
        3,
        plans={
            1: lambda d: next(o for o in d.options if o[0] == "Right") if d.kind == "order_triggers" else None
        },
    )
    g.active = 1
    for name in ("Left", "Right"):
        add_slot_monster(g, card(name, "monster", "basic", hp=3, evasion=3, attack=1))
    c = give_loot(g, 1, SEED["Doomsday"])
    g.players[1].loot_plays = 1
    assert plays.take_action(g, 1, ("loot", c))
    resolution.resolve_top(g)  # Doomsday resolves: every death is now on the stack
    assert [items.tname(it.victim) for it in reversed(g.stack)] == ["Right", "Left", "p1", "p2", "p0"]
    assert all(statics.hp_of(g, it.victim) == 0 for it in g.stack)  # FS-6.3
    resolution.priority(g, 1)
    assert [r[4] for r in kinds(g, "monster_died")] == ["Right", "Left"]
    assert [r[2] for r in kinds(g, "player_died")] == [1, 2, 0]


def test_FS_14_3_this_player_wins_once_the_ability_has_resolved():
    g = position(2)
    take_cents(g, 0, 10)
    with pytest.raises(GameOver) as won:
        _play(g, 0, "Jackpot Win")
    assert won.value.winners == (0,)
    assert g.players[0].soul_total() == 0  # no souls: the card's word is the win


def test_FS_14_3_the_condition_unmet_nobody_wins():
    g = position(2)
    take_cents(g, 0, 9)
    _play(g, 0, "Jackpot Win")
    assert not g.over and not g.wins_after


def test_FS_14_3_FS_14_2_two_players_told_to_win_by_one_ability_draw():
    g = position(3)
    ctx = statics.Ctx(g, 0, None, name="test")
    assert interpreter.run(ctx, {"seq": [{"win": {"who": "you"}}, {"win": {"who": "active"}}]}) is True
    g.active = 2
    g.wins_after = ()
    assert interpreter.run(ctx, {"each": {"P": "other_player"}, "do": {"win": {"who": "P"}}})
    assert g.wins_after == (1, 2)  # both win after it resolves: a draw among them (FS-14.2)
