"""Issue 19: a cost that turns its holder's character sideways (Magic Mushroom of Summer, FS-4.4) and the
item's own counters spent as a cost (FS-5.14)."""

from __future__ import annotations

from cardlab.simulate.four_souls import plays
from cardlab.simulate.four_souls.fixtures import by_id, give_item, position, settle


def test_FS_4_4_magic_mushroom_starts_with_3_counters_and_spends_one_for_a_mode():
    """The first mode (the scripted pick): +1 damage on seat 0's next attack roll; a counter is gone."""
    g = position(2)
    g.active = 0
    mush = give_item(g, 0, by_id("soi-magic_mushroom"))
    assert mush.counters == 3
    assert plays.take_action(g, 0, ("paid", mush, 0))
    settle(g)
    assert mush.counters == 2 and g.players[0].next_atk == 1


def test_FS_4_4_magic_mushroom_the_character_turns_sideways_to_add_a_counter():
    g = position(2)
    g.active = 0
    mush = give_item(g, 0, by_id("soi-magic_mushroom"))
    me = g.players[0]
    assert not me.character.charged  # the table starts spent: the cost cannot be paid
    assert not plays.take_action(g, 0, ("paid", mush, 1))
    me.character.charged = True
    assert plays.take_action(g, 0, ("paid", mush, 1))
    settle(g)
    assert not me.character.charged and mush.counters == 4
