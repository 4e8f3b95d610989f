"""Two rows read against the official extended rules ([A], 000_…txt) and pinned as they stand:
FS-6.14 ("Лечение": an object cannot be healed while its death is on the stack) and FS-3.3 / FS-3.8
("В игре", "Жетоны": a covered card has left play; counters on it are gone, and uncovered it is a new
object)."""

from __future__ import annotations

from cardlab.simulate.four_souls import checks, counters, damage, interpreter, statics, zones
from cardlab.simulate.four_souls import fixtures as fx


def _heal(g, who, n: int) -> bool:
    ctx = statics.Ctx(g, 0, None, name="test")
    ctx.binds["X"] = who
    return interpreter.run(ctx, {"heal": {"n": n, "who": "X"}})


def test_FS_6_14_a_player_or_monster_whose_death_is_on_the_stack_is_not_healed():
    """P1 is killed (death on the stack, 0 HP): healing 1 does nothing. A slot monster dealt lethal damage
    has its death put on the stack at the next check: healing 2 does nothing either; both keep their damage."""
    g = fx.position(2, chars=[fx.character("A", hp=2), fx.character("B", hp=2)])
    g.active = 0
    assert damage.kill(g, g.players[1], 0)
    assert not _heal(g, g.players[1], 1) and g.players[1].damage == 2
    g.stack.clear()
    g.players[1].death_pending = False
    m = fx.add_slot_monster(g, fx.monster("M", hp=3))
    m.damage = 3
    assert checks.push_deaths(g) and m.dying
    assert not _heal(g, m, 2) and m.damage == 3


def test_FS_3_8_FS_5_14_a_covered_monster_loses_its_counters_and_comes_back_a_new_object():
    """A slot monster with 2 counters and 1 damage is covered: it is out of play. The card on top dies: the
    monster comes back as a new object, with no counters and no damage."""
    g = fx.position(2)
    g.active = 0
    g.mslots.append([])
    low = zones.reveal_into_slot(g, fx.phys(g, fx.monster("Low", hp=3)), 0)
    fx.settle(g)
    assert counters.add(g, low, 2)
    low.damage = 1
    top = zones.reveal_into_slot(g, fx.phys(g, fx.monster("Top", hp=1)), 0)
    fx.settle(g)
    assert not low.in_play
    assert damage.kill(g, top, 0)
    fx.settle(g)
    back = g.mslots[0][-1]
    assert back.phys is low.phys and back is not low and back.in_play
    assert counters.count(back) == 0 and back.damage == 0
    fx.check_invariants(g)
