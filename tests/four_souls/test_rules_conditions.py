"""FS-6.8 [C]: an ability whose condition no longer holds when it resolves fizzles. The condition is the
ability's "if" and, for a "when you would roll N" trigger, the number: an answer can change the roll
while the trigger waits above it on the stack."""

from __future__ import annotations

from cardlab.simulate.four_souls import damage, dice, resolution, statics, triggers
from cardlab.simulate.four_souls.fixtures import give_item, kinds, position, real


def finals(g):
    return [r[6] for r in g.log.rows if r[3] == "roll" and r[7] == "final"]


def _d6_on(name, table):
    """Seat 1 answers with The D6 (reroll a roll) when ``name``'s trigger is the top of the stack."""

    def p1(d):
        stack = table[0].stack
        top = stack[-1] if stack else None
        if d.kind == "respond" and getattr(top, "ctx", None) is not None and top.ctx.name == name:
            return next((o for o in d.options if o != "pass" and o[1].name == "The D6"), None)
        if d.kind == "choose_target":
            return next(o for o in d.options if o.kind == "roll")
        return None

    return p1


def _rerolled_before(name, rolls):
    table = []
    g = position(
        2, plans={0: lambda d: True if d.kind == "may" else None, 1: _d6_on(name, table)}, rolls=rolls
    )
    table.append(g)
    give_item(g, 0, real(name))
    give_item(g, 1, real("The D6"), eternal=True, starting=True)
    g.active = 0
    dice.push_roll(g, 0, "effect", name="test")
    resolution.priority(g, 0)
    return g


def test_FS_6_8_sacred_heart_fizzles_when_the_roll_is_no_longer_a_1():
    """Seat 0 is about to roll a 1: Sacred Heart triggers (may make it a 6). Seat 1 answers with The D6:
    the reroll comes up 3, so when Sacred Heart resolves its roll is no longer a 1 and it fizzles ([C]'s own
    example). The roll resolves as the 3."""
    g = _rerolled_before("Sacred Heart", [1, 3])
    assert finals(g) == [3] and not g.stack
    assert [r[4] for r in kinds(g, "fizzled")] == ["Sacred Heart"]


def test_FS_6_8_sacred_heart_unanswered_makes_the_1_a_6():
    """The control: nobody answers, the roll is still a 1 when Sacred Heart resolves."""
    g = position(2, plans={0: lambda d: True if d.kind == "may" else None}, rolls=[1])
    give_item(g, 0, real("Sacred Heart"))
    g.active = 0
    dice.push_roll(g, 0, "effect", name="test")
    resolution.priority(g, 0)
    assert finals(g) == [6] and not kinds(g, "fizzled")


def test_FS_6_8_FS_9_2_a_reroll_that_comes_up_1_again_triggers_afresh():
    """The D6's reroll comes up 1 again: the waiting Sacred Heart still sees a 1 and resolves (no fizzle);
    the new result also triggers it again (FS-9.2 step 4), and the roll ends a 6."""
    g = _rerolled_before("Sacred Heart", [1, 1])
    assert finals(g) == [6] and not kinds(g, "fizzled")


def _two_savers(rolls):
    """Seat 0, at 0 HP from a kill, holds two "when you would die" savers: Guppy's Collar (a 1-3 prevents
    the death) and Broken Ankh (a 6 prevents it). Both trigger on the one death."""
    g = position(2, rolls=rolls)
    give_item(g, 0, real("Guppy’s Collar"))
    give_item(g, 0, real("Broken Ankh"))
    g.active = 1  # on another's turn: the Collar's save does not also end the turn (and cancel the stack)
    damage.kill(g, g.players[0], 1)
    triggers.flush(g)
    first = g.stack[-1].ctx.name  # the one on top resolves first
    resolution.priority(g, 1)
    return g, first


def test_FS_6_8_a_would_die_trigger_fizzles_once_the_death_is_prevented():
    """The saver on top prevents the death; the other one's condition ("when you would die") no longer holds
    when it resolves, so it fizzles instead of rolling. One roll in all, the player alive at 1 HP."""
    g, first = _two_savers([2, 6])
    if first == "Broken Ankh":  # its 6 is needed first: roll for it first
        g, first = _two_savers([6, 2])
    assert len(finals(g)) == 1
    assert [r[4] for r in kinds(g, "fizzled")] == [
        "Broken Ankh" if first == "Guppy’s Collar" else "Guppy’s Collar"
    ]
    assert not g.players[0].dead and statics.player_hp(g, g.players[0]) == 1


def test_FS_6_8_a_damage_pending_trigger_fizzles_once_the_damage_is_prevented():
    """Two Guppy's Hairballs (a 6 prevents 1 damage) see 1 damage aimed at their holder. The first rolls the
    6 and prevents it: the damage leaves the stack, so the second's condition (damage aimed at you) no
    longer holds and it fizzles instead of rolling."""
    g = position(2, rolls=[6, 6])
    give_item(g, 0, real("Guppy’s Hairball"))
    give_item(g, 0, real("Guppy’s Hairball"))
    g.active = 1
    damage.push_damage(g, 1, g.players[0], 1, None, False, None, "test")
    resolution.priority(g, 1)
    assert finals(g) == [6]
    assert [r[4] for r in kinds(g, "fizzled")] == ["Guppy’s Hairball"]
    assert g.players[0].damage == 0 and not g.stack


def test_FS_6_8_eden_s_blessing_fizzles_when_cents_arrived_before_it_resolves():
    """Eden's Blessing (6¢ at my turn's end when I hold none): its "if" is checked again when it resolves.
    A player with 0¢ as the turn ends but 2¢ by the time it resolves gains nothing: it fizzles."""
    g = position(2)
    give_item(g, 0, real("Eden’s Blessing"))
    g.active = 0
    g.players[0].cents = 0
    triggers.fire(g, "turn_end", seat=0)
    triggers.flush(g)
    assert g.stack and g.stack[-1].ctx.name == "Eden’s Blessing"
    g.players[0].cents = 2  # an answer's gain while it waits
    resolution.priority(g, 0)
    assert g.players[0].cents == 2
    assert [r[4] for r in kinds(g, "fizzled")] == ["Eden’s Blessing"]
