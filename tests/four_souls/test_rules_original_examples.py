"""Four Souls scenarios from the original texts' worked examples and FAQ answers that no other test
pins: [C]'s FAQ (003_…txt: a kill on another player's turn, a bonus soul discarded) and [A]'s
"each player" order (000_…txt, FS-5.9(a)). Each sets up a position, acts and asserts the exact outcome."""

from __future__ import annotations

from cardlab.simulate.four_souls import damage
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    check_invariants,
    deck,
    kinds,
    monster,
    phys,
    position,
    settle,
)


def test_FS_13_4_a_boss_killed_by_another_player_on_my_turn_gives_me_its_rewards_and_soul():
    """[C]'s FAQ (monster cards): when another player kills the active monster on someone else's turn, the
    active player gains all of its rewards, and its soul if it was a boss (FS-13.4 step 3, FS-14.5). P1
    deals the last damage to a 1-HP boss (3¢, 1 soul) on P0's turn: P0 gains the 3¢ and the soul; P1,
    the killer, nothing."""
    g = position(2)
    g.active = 0
    boss = add_slot_monster(g, monster("Boss", hp=1, rewards={"cents": 3}, soul=1, kind="boss"))
    deck(g, "monster", [monster("Next")])
    before = (g.players[0].cents, g.players[1].cents)
    damage.push_damage(g, 1, boss, 1, None, False, None, "test")
    settle(g)
    assert not boss.in_play
    assert [s.phys for s in g.players[0].souls] == [boss.phys] and not g.players[1].souls
    assert (g.players[0].cents, g.players[1].cents) == (before[0] + 3, before[1])
    assert [r[2] for r in kinds(g, "cents_gained")] == [0]
    check_invariants(g)


def test_FS_14_9_a_bonus_soul_gained_then_destroyed_is_never_gained_again():
    """[C]'s FAQ (souls): a bonus soul that was gained and then discarded is set aside face down and can
    never be gained again (FS-14.9). P1 gains Soul of Greed at 25¢; it is destroyed; P2 then reaches
    25¢ and gains nothing — the card is out of the game, not back beside the play area."""
    from cardlab.simulate.four_souls import checks
    from cardlab.simulate.four_souls.fixtures import phys, real, take_cents

    g = position(3)
    greed = phys(g, real("Soul Of Greed"))
    g.bonus = [greed]
    take_cents(g, 1, 25)
    g.active = 1
    checks.state_checks(g)
    (soul,) = g.players[1].souls
    assert soul.phys is greed and not g.bonus
    assert damage.destroy(g, soul, "test")
    settle(g)
    assert not g.players[1].souls and greed in g.removed
    take_cents(g, 2, 25)
    checks.state_checks(g)
    assert not g.players[2].souls and not g.bonus
    assert len(kinds(g, "bonus_soul_gained")) == 1
    check_invariants(g)


def test_FS_5_9_a_each_chosen_player_acts_in_turn_order_from_the_abilitys_controller():
    """FS-5.9(a) ([A]: "each player does X" goes in turn order starting with the player who controls the
    ability; the active player only for the game's). P1 uses Mystery Gift on P0's turn and picks P0 and P2:
    P1 gains the top treasure (T5), then each picked player one in turn order from P1 — P2 the next (T4),
    P0 the last (T3). Before, the picked players were ordered from the active player (P0 got T4)."""
    from cardlab.simulate.four_souls import plays
    from cardlab.simulate.four_souls.fixtures import by_id, card, give_item
    from cardlab.simulate.four_souls.refs import SeatRef

    picks = [SeatRef(0), SeatRef(2), "done"]

    def p1(d):
        if d.kind == "choose_target":
            return picks.pop(0)
        return False if d.kind == "bottom" else None

    g = position(3, plans={1: p1})
    g.active = 0
    g.treasure.extend(phys(g, card(f"T{i}", "treasure", "passive")) for i in range(6))
    gift = give_item(g, 1, by_id("p-mystery_gift"))
    assert plays.take_action(g, 1, ("paid", gift, 0))
    settle(g)
    assert [[i.phys.card.name for i in p.items] for p in g.players] == [["T3"], ["T5"], ["T4"]]
    check_invariants(g)
