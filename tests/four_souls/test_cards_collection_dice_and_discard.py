"""Issue 19: a d8 for the next roll (Summer Conjoined D6, FS-9.2) and a monster heard from the monster discard
(Tapeworm promo's Tapeworm, FS-4.9, FS-5.14)."""

from __future__ import annotations

from cardlab.simulate.four_souls import damage, dice, plays
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    by_id,
    check_invariants,
    give_item,
    loot_fillers,
    monster,
    phys,
    position,
    settle,
)


def test_FS_9_2_conjoined_d6_the_chosen_players_next_roll_is_a_d8_whose_7_and_8_are_6():
    """The ↷ ability marks the chosen player (the scripted pick: seat 0); their next die is a d8 read
    1-6; 400 such dice show a 6 far more often than a d6 would (3 in 8)."""
    g = position(2)
    loot_fillers(g, 5)
    g.active = 0
    d6 = give_item(g, 0, by_id("soi-conjoined_d6"))
    d6.charged = True
    assert plays.take_action(g, 0, ("tap", d6, 0))
    settle(g)
    assert g.players[0].next_d8 == 1
    faces = []
    for _ in range(400):
        g.players[0].next_d8 = 1
        faces.append(dice.die(g, 0))
    assert g.players[0].next_d8 == 0 and set(faces) <= {1, 2, 3, 4, 5, 6}
    assert faces.count(6) > 110  # about 150 expected; a d6 gives about 67


def test_FS_9_2_conjoined_d6_recharges_on_any_players_6():
    g = position(2)
    g.active = 0
    d6 = give_item(g, 0, by_id("soi-conjoined_d6"))
    d6.charged = False
    dice.push_roll(g, 1, "test", value=6)
    settle(g)
    assert d6.charged


def test_FS_5_14_tapeworm_lays_an_egg_on_death_and_returns_from_the_discard_when_an_egg_bearer_dies():
    """Seat 0 kills Tapeworm: seat 0 gets an egg, the card goes to the monster discard. Seat 0 dies: its egg
    comes off and Tapeworm is put back into a monster slot (the only one, covering Blob)."""
    g = position(2)
    loot_fillers(g, 10)
    g.active = 0
    worm = add_slot_monster(g, by_id("tw-tapeworm_2"))
    g.monster.append(phys(g, monster("Next")))
    damage.kill(g, worm, 0)
    settle(g)
    assert g.players[0].counters.get("egg") == 1 and worm.phys in g.monster_disc
    damage.kill(g, g.players[0], 1)
    settle(g)
    assert not g.players[0].counters.get("egg")
    assert worm.phys not in g.monster_disc
    assert any(s and s[-1].phys is worm.phys and s[-1].in_play for s in g.mslots)
    check_invariants(g)


def test_FS_4_9_tapeworm_in_the_discard_ignores_a_death_without_eggs():
    g = position(2)
    loot_fillers(g, 10)
    g.active = 0
    worm = add_slot_monster(g, by_id("tw-tapeworm_2"))
    g.monster.append(phys(g, monster("Next")))
    damage.kill(g, worm, 0)
    settle(g)
    g.players[0].counters.clear()
    damage.kill(g, g.players[1], 0)
    settle(g)
    assert worm.phys in g.monster_disc
