"""``switch=``: policy switching. At the first action decision of an own turn each candidate policy (the base
and the ones named) plays this seat for the rest of the game in whole-game rollouts on common seeds; the
one the confidence rule prefers to the base plays the real game until the next switch point."""

from __future__ import annotations

import random

import pytest

from cardlab.simulate import games
from cardlab.simulate.core import Players, branching
from cardlab.simulate.core.decisions import Decision
from cardlab.simulate.core.errors import UserError
from cardlab.simulate.core.game import play_seated
from cardlab.strategies import registry
from cardlab.strategies.four_souls.search import FSSearch
from cardlab.strategies.search import Hooks, Search


class Answers:
    """A heuristic answering the option it is named for (its ``pick`` parameter), declining what it says."""

    name = "first"

    def __init__(self, seat, rng, pick=0, declines_all=False):
        self.pick, self.declines_all = pick, declines_all
        self.asked = 0

    def choose(self, decision):
        self.asked += 1
        return decision.options[min(self.pick, len(decision.options) - 1)]

    def declines(self, kind, view, context):
        return self.declines_all


class Other(Answers):
    name = "other"

    def __init__(self, seat, rng, pick=1, declines_all=True):
        super().__init__(seat, rng, pick, declines_all)


class Scripted(Search):
    """The view is the turn number; the rollouts of the policy with ``pick=1`` win, the others lose."""

    hooks = Hooks(
        state_of=lambda view: view,
        players_of=lambda state: state,
        determinize=lambda state, seat, rng: None,
        turn_of=lambda view: view,
    )
    heuristics = {"first": Answers, "other": Other}

    def __init__(self, **params):
        super().__init__(0, random.Random(5), base="first", rollout="first", **params)
        self.rolled: list[tuple[int, int]] = []  # (policy, answer) of each rollout

    def _policy_branch(self, decision, answer, j, seed):
        self.rolled.append((j, answer))
        wins = self.factories[j](0, random.Random(0)).pick == 1
        return branching.Outcome(winners=(0,) if wins else (1,), end_reason="souls")


def act(turn):
    return Decision("action", 0, ("a", "b", "c"), view=turn)


def test_the_policy_whole_games_prefer_plays_until_the_next_switch_point():
    search = Scripted(switch="other", pairs=3)
    assert search.choose(act(1)) == "b"  # "other" won its three pairs: it answers, from this decision on
    (record,) = search.searched
    assert record.kind == "switch" and record.options == ("first", "other")
    assert record.visits == [3, 3] and record.check == (1.0, 1.0, 1.0)
    assert sorted(set(search.rolled)) == [(0, 0), (1, 1)]  # each policy rolled out with its own answer
    assert search.declines("respond", 1, None)  # the policy playing declines as it does
    assert search.choose(Decision("target", 0, ("x", "y"))) == "y"  # other kinds: the policy playing
    assert search.choose(act(1)) == "b" and len(search.searched) == 1  # the same turn: no new switch
    search.choose(act(3))
    assert len(search.searched) == 2  # the next own turn is a switch point


def test_a_policy_not_shown_better_leaves_the_base_playing():
    search = Scripted(switch="first/pick=2", pairs=3)  # both lose every rollout: no gain
    assert search.choose(act(1)) == "a"
    assert search.searched[0].chosen == 0 and search.searched[0].candidate is None
    assert not search.declines("respond", 1, None)
    assert sorted(set(search.rolled)) == [(0, 0), (1, 2)]  # a parameter gives the policy its own answer


def test_every_spaces_the_switch_points_and_one_option_is_never_a_switch_point():
    search = Scripted(switch="other", pairs=2, every=2)
    search.choose(Decision("action", 0, ("a",), view=1))  # one option: no switch point
    for turn in (1, 3, 5, 7):
        search.choose(act(turn))
    assert len(search.searched) == 2  # own turns 1 and 3 of 4


def test_audit_measures_the_policy_played_on_fresh_pairs_without_moving_the_game():
    plain, audited = Scripted(switch="other", pairs=2), Scripted(switch="other", pairs=2, audit=4)
    assert plain.choose(act(1)) == audited.choose(act(1))
    assert audited.searched[0].audit == (1.0,) * 4 and not plain.searched[0].audit
    assert plain.rng.getstate() == audited.rng.getstate()


@pytest.mark.parametrize(
    ("params", "match"),
    [
        ({"switch": "nobody"}, "switch policy 'nobody' is not a heuristic"),
        ({"switch": "other/pick"}, "'pick' is not key=value"),
        ({"switch": "other/speed=3"}, "switch policy 'other/speed=3'"),
        ({"switch": "other", "pairs": 1}, "pairs must be"),
        ({"switch": "other", "every": 0}, "every must be"),
    ],
)
def test_a_bad_switch_is_one_line(params, match):
    with pytest.raises(UserError, match=match):
        Scripted(**params)


def test_four_souls_switching_plays_a_seeded_game_and_is_a_function_of_its_seed():
    """A Four Souls search with switch judges aggro against sensible at each own turn on copies (whole
    games, cut by the turn cap here), and replays alike from the same seed."""
    spec = games.get("four-souls")
    sensible = registry.for_game("four-souls")["sensible"]
    config = spec.make_config(n_players=2, max_turns=3)

    def once():
        search = FSSearch(0, random.Random(3), switch="aggro", pairs=2, confidence=0)
        result = play_seated(spec, config, 9, Players([search, sensible(1, random.Random(4))]))
        return search, result

    search, result = once()
    again, second = once()
    assert result.events.rows == second.events.rows
    assert [r.values for r in search.searched] == [r.values for r in again.searched]
    assert len(search.searched) == 2 and all(r.options == ("sensible", "aggro") for r in search.searched)


def test_overrules_reads_switch_points_per_policy_and_chosen_on_half_measured_on_the_rest():
    from cardlab.overrules import Overrules
    from cardlab.strategies.search import Searched

    out = Overrules()
    # the first half of the seeds favours "b", the second half not: chosen on half, it gains 0 on the rest
    points = [
        Searched("switch", ("sensible", "b", "c"), [4] * 3, [1.0, 2.0, 0.0], 1, samples=samples)
        for samples in [
            ((0, 0, 1, 0), (1, 1, 0, 0), (0, 0, 0, 0)),
            ((0, 0, 0, 1), (1, 1, 0, 1), (0, 0, 0, 0)),
        ]
    ]
    out.add(points, 1.0)
    assert out.policies == {"b": [0.25, 0.5], "c": [-0.25, -0.25]}
    assert out.halves == [-0.5, 0.0]
    text = str(out)
    assert "switch policy b against the base" in text and "measured on the rest: mean gain -0.250" in text
