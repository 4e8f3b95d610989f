"""The players' view of the active bonus souls (``View.bonus_goals``, FS-14.7, FS-3.3): each condition shape
as the state checks read it (``checks.bonus_shape``), and nothing beyond the bonus souls face up beside the
play area."""

from __future__ import annotations

from cardlab.simulate.four_souls import checks
from cardlab.simulate.four_souls.fixtures import phys, position, real, take_cents
from cardlab.simulate.four_souls.refs import BonusGoal, CardRef


def test_FS_14_7_the_view_shows_each_bonus_condition_shape():
    """Hand size, cents and a keyword's item count come with their measure and threshold; a condition of
    another form (a soul's own counters, the fewest souls) shows with an empty measure."""
    g = position(2)
    names = ("Soul Of Gluttony", "Soul Of Greed", "Soul Of Guppy", "Soul of Lust", "Soul of Envy")
    g.bonus = [phys(g, real(n)) for n in names]
    goals = g.views[1].bonus_goals
    assert [(b.measure, b.n, b.keyword) for b in goals] == [
        ("hand_size", 10, ""),
        ("cents", 25, ""),
        ("items", 2, "guppy"),
        ("", 0, ""),
        ("", 0, ""),
    ]
    assert all(type(b) is BonusGoal and type(b.card) is CardRef for b in goals)  # public handles only
    assert [b.card.name for b in goals] == list(names)


def test_FS_14_8_the_view_shows_only_the_bonus_souls_still_to_gain():
    """A bonus soul left out at setup (FS-2.6) or already gained (FS-14.8) is not a goal."""
    g = position(2)
    greed, gluttony = phys(g, real("Soul Of Greed")), phys(g, real("Soul Of Gluttony"))
    g.bonus = [greed, gluttony]
    g.outside_bonus = [(real("Soul Of Guppy"), None)]
    take_cents(g, 0, 25)
    checks.state_checks(g)
    assert [b.card.name for b in g.views[1].bonus_goals] == ["Soul Of Gluttony"]
    assert [b.card.name for b in g.views[0].bonus_goals] == ["Soul Of Gluttony"]
