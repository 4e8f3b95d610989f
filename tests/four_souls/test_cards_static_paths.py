"""Static conditions and amounts read straight off the state (``statics._fast_condition`` and the
counter amounts) mean exactly what the expression evaluator says, on every state tried (issue 19's
collection reads them at every HP and attack look-up)."""

from __future__ import annotations

from cardlab.simulate.four_souls import counters, resources, statics
from cardlab.simulate.four_souls.fixtures import card, give_item, monster, phys, position

CONDITIONS = [
    "your_turn",
    "not your_turn",
    "counters(self) == 2",
    "counters(self) >= 3",
    "souls(you) >= 3",
    "souls(you) in (1, 2)",
    "souls(active) == 2",
    "souls(active) >= 3",
    "level >= 2",
    "cents(you) >= 5",
    "hand_size(you) < 2",
    "most(souls) >= 3",
    "fewest(souls) == 0",
    "most(items) >= 1",
    "fewest(items) < 1",
]


def test_fast_static_conditions_and_counter_amounts_agree_with_the_evaluator():
    g = position(2)
    item = give_item(g, 0, card("Probe", deck="treasure", kind="passive"))
    for c in CONDITIONS:
        assert statics._fast_condition(c) is not None, c
    for step in range(6):
        g.active = step % 2
        if step:
            counters.add(g, item, 1)
            boss = g.new_obj(phys(g, monster(f"Boss{step}", hp=1, soul=1)), "soul", step % 2)
            resources.gain_soul(g, g.players[step % 2], boss, "test")
            item.levels += 1
            g.players[0].cents += 2
        for c in CONDITIONS:
            fast = statics._fast_condition(c)(g, item)
            slow = statics.cond(statics.ctx_of(g, item), c)
            assert fast == slow, (c, step)
        for text in ("counters(self)", "counters(self) // 2"):
            slow = int(statics.value(statics.ctx_of(g, item), text))
            assert statics.amount(g, item, {"n": text}) == slow, (text, step)
