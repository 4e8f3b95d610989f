"""Dice rolled together (FS-9.2(1), FS-9.1): every die is rolled first, then each goes on the stack as a roll
of its own, open to answers (FS-9.2(3), FS-9.3); one reader reads their final values once the last of them
left the stack. Alt Art The Bloat (a missed attack roll: two dice, the same face on both kills the attacker)
is the card that rolls them (roll ``together: 2``, expression ``same_dice``)."""

from __future__ import annotations

import pytest

from cardlab.simulate.core.errors import CardDataError
from cardlab.simulate.four_souls import damage, dice, resolution, triggers, zones
from cardlab.simulate.four_souls.cards import load_pool
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    by_id,
    card,
    deck,
    give_item,
    kinds,
    phys,
    position,
    settle,
)
from cardlab.simulate.four_souls.items import RollItem
from cardlab.simulate.four_souls.state import Attack


def _missed_at_bloat(rolls: list[int]):
    """Player 0 attacks Alt Art The Bloat and their attack roll missed: its trigger is put on the stack
    and resolves, so the two dice wait on the stack, unanswered yet."""
    g = position(2, rolls=rolls)
    g.active = 0
    bloat = add_slot_monster(g, by_id("aa-the_bloat"))
    g.attack = Attack(seat=0, target=bloat)
    triggers.fire(g, "missed", seat=0, target=bloat, roll=dice.push_roll(g, 0, "test", value=1))
    g.stack.clear()  # the missed attack roll itself is not what these scenarios resolve
    triggers.flush(g)
    resolution.resolve_top(g)  # The Bloat's trigger: the dice go on the stack
    return g


def _group(g) -> list[RollItem]:
    return [it for it in g.stack if isinstance(it, RollItem) and it.group is not None]


def test_FS_9_2_both_dice_are_on_the_stack_before_either_resolves():
    """FS-9.2(1): with several dice, all are rolled, then each roll is put on the stack — the two dice of The
    Bloat wait there together (the old reading rolled the second only after the first resolved)."""
    g = _missed_at_bloat([3, 4])
    rolls = _group(g)
    assert sorted(r.value for r in rolls) == [3, 4]
    assert rolls[0].group is rolls[1].group
    assert [r[6] for r in kinds(g, "roll") if r[7] == "initial"][-2:] == [3, 4]


def test_FS_9_1_the_reader_reads_the_final_values_a_change_to_one_die_makes():
    """FS-9.2(3), FS-9.9: a die of the group changed in answer to the set is read as changed — 3 and 4 with
    the 4 set to 3 kill the attacker; 2 and 2 with one set to 5 spare them."""
    g = _missed_at_bloat([3, 4])
    a, b = _group(g)
    dice.set_value(g, b, a.value, "test")
    settle(g)
    assert g.players[0].dead
    g = _missed_at_bloat([2, 2])
    dice.set_value(g, _group(g)[0], 5, "test")
    settle(g)
    assert not g.players[0].dead


def test_FS_9_3_a_reroll_of_one_die_changes_that_die_only():
    """FS-9.3: a reroll changes that same roll — the other die of the group keeps its face (2 and 5, the 5
    rerolled to a 2: the same face, the attacker dies)."""
    g = _missed_at_bloat([2, 5, 2])
    a, b = _group(g)
    five = a if a.value == 5 else b
    two = b if five is a else a
    dice.reroll(g, five, "test")
    assert (five.value, two.value) == (2, 2)
    settle(g)
    assert g.players[0].dead


def test_FS_9_2_a_cancelled_die_leaves_the_other_read_alone():
    """FS-6.9: a die of the group cancelled has no result; the reader still comes, after the last die left
    the stack, and reads the one die that resolved — one face is never "the same results" (2 and 2, one
    cancelled: the attacker lives). Both cancelled: nothing is read."""
    g = _missed_at_bloat([2, 2])
    damage.cancel(g, _group(g)[0])
    settle(g)
    assert not g.players[0].dead
    assert [r for r in kinds(g, "roll") if r[7] == "final"][-1][6] == 2
    g = _missed_at_bloat([2, 2])
    for r in _group(g):
        damage.cancel(g, r)
    assert not g.stack
    settle(g)
    assert not g.players[0].dead


def test_FS_9_2_each_die_of_the_group_is_a_roll_that_triggers():
    """FS-9.2(5): each die is a roll of its own — "each time you roll" (Isaac's Tears) counts two."""
    g = _missed_at_bloat([3, 4])
    tears = give_item(g, 0, by_id("gf-isaacs_tears"))
    settle(g)
    assert tears.counters == 2 and not g.players[0].dead


def test_FS_9_2_together_needs_one_any_row_and_a_number_of_dice(tmp_path):
    """A group is read once, by one row (FS-9.2(1)); a bad count or a face-keyed table stops with one line."""
    head = (
        'set: base_v2\ndeck: treasure\ncards:\n  - id: b2-x\n    name: "X"\n    kind: active\n    copies: 1\n'
    )
    path = tmp_path / "cards.yaml"
    for tail, msg in (
        ("{roll: {1-3: {loot: 1}, 4-6: nothing}, together: 2}", "needs a table with one row 'any'"),
        ("{roll: {any: {loot: 1}}, together: 9}", "roll 'together' must be a number of dice 1..6, got 9"),
    ):
        path.write_text(head + f"    abilities:\n      - tap: {{do: {tail}}}\n", encoding="utf-8")
        with pytest.raises(CardDataError, match=msg):
            load_pool([path])


def test_FS_9_2_a_roll_off_puts_every_players_dice_on_the_stack_and_reads_their_final_totals():
    """QWOP! (each player rolls three, the lowest total dies): all nine dice wait on the stack together, so
    answers change the totals — seat 1's 1+1+1 made 6+6+1 beats seat 2's 3+3+3, and seat 2 dies instead."""
    g = position(3, rolls=[6, 6, 6, 1, 1, 1, 3, 3, 3])
    g.active = 0
    deck(g, "treasure", [card(f"T{i}", "treasure", "passive") for i in range(2)])
    zones.reveal_into_slot(g, phys(g, by_id("rwz-qwop")), None)
    triggers.flush(g)
    resolution.resolve_top(g)  # its ability: every die rolled, then each on the stack
    group = _group(g)
    assert len(group) == 9 and [r.seat for r in group] == [0, 0, 0, 1, 1, 1, 2, 2, 2]
    ones = [r for r in group if r.seat == 1]
    dice.set_value(g, ones[0], 6, "test")
    dice.set_value(g, ones[1], 6, "test")
    settle(g)
    assert [p.dead for p in g.players] == [False, False, True]
    assert [len(p.items) for p in g.players] == [1, 0, 0]


def test_FS_9_2_a_copied_position_keeps_the_dice_of_a_group_together():
    """A search's copy of a position with The Bloat's dice waiting (statecopy): the copied dice share one
    group of their own, so the copy resolves as the original does and leaves the original untouched."""
    from cardlab.simulate.four_souls.statecopy import copy_state

    g = _missed_at_bloat([4, 4])
    h = copy_state(g)
    a, b = _group(h)
    assert a.group is b.group and a.group is not _group(g)[0].group
    settle(h)
    assert h.players[0].dead and not g.players[0].dead and len(_group(g)) == 2


def test_FS_9_4_FS_9_1_the_reader_reads_each_die_after_its_modifier_and_clamp():
    """FS-9.4: a +1 to the roller's rolls applies to each die as it resolves, and FS-9.1 keeps a 6 a 6 — so
    a 5 and a 6 are read as 6 and 6 and kill the attacker; without the +1 they spare them."""
    for bonus, dead in ((1, True), (0, False)):
        g = _missed_at_bloat([5, 6])
        g.players[0].b_roll = bonus
        settle(g)
        assert g.players[0].dead is dead
