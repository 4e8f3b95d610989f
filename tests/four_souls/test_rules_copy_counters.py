"""A copy of an object that starts with counters starts with them (FS-5.14, FS-5.10), as the official
extended rules put it ([A], 000_…txt, "Жетоны"): the counters on the original are not copied, but the
ability giving the starting counters is, so the copy starts with as many. Pinned against a copy that
took the abilities and no counters: a copied The Dead Cat then had nothing to prevent damage with."""

from __future__ import annotations

from cardlab.simulate.four_souls import interpreter, plays, resolution, statics
from cardlab.simulate.four_souls.fixtures import check_invariants, give_item, position, real


def test_FS_5_14_FS_5_10_modeling_clay_copying_the_dead_cat_starts_with_its_nine_counters():
    """P0's Modeling Clay becomes a lasting copy of P1's The Dead Cat, which has spent 7 of its 9 counters:
    the copy holds 9 (its own start, not the original's 2) and prevents 3 damage to P0, keeping 6."""

    def the_cat(d):
        if d.kind == "choose_target":
            return next(o for o in d.options if "Dead Cat" in str(o))
        return None

    g = position(2, plans={0: the_cat})
    g.active = 0
    clay = give_item(g, 0, real("Modeling Clay"))
    cat = give_item(g, 1, real("The Dead Cat"))
    assert cat.counters == 9
    cat.counters = 2
    assert ("tap", clay, 0) in plays.legal_actions(g, 0)
    assert plays.take_action(g, 0, ("tap", clay, 0))
    resolution.priority(g, 0, until_empty=True)
    assert clay.rules is cat.rules and clay.counters == 9 and cat.counters == 2
    ctx = statics.Ctx(g, 0, None, name="test")
    interpreter.run(ctx, {"deal_damage": {"n": 3, "to": "you"}})
    resolution.priority(g, 0, until_empty=True)
    assert g.players[0].damage == 0 and clay.counters == 6 and cat.counters == 2
    check_invariants(g)


def test_FS_5_14_FS_5_15_a_copy_of_an_item_starting_at_a_level_starts_at_it():
    """A copy of Ball of Tumors (starts at level 6) made by the copy verb starts at level 6 itself."""
    g = position(2)
    clay = give_item(g, 0, real("Modeling Clay"))
    ball = give_item(g, 1, real("Ball of Tumors"))
    assert ball.levels == 6
    ball.levels = 1
    ctx = statics.Ctx(g, 0, clay, name="Modeling Clay")
    ctx.binds["I"] = ball
    assert interpreter.run(ctx, {"become_copy": {"object": "self", "source": "I", "until": "forever"}})
    assert clay.rules is ball.rules and clay.levels == 6 and ball.levels == 1
    check_invariants(g)
