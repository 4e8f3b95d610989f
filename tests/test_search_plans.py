"""``plans=1``: an option whose own follow-up choice comes next (Four Souls: an attack's target, a
purchase's item) is tried once for each answer to that choice, as a candidate of its own; the branch's
player answers the follow-up so (``_Forced``), and the real game answers it as planned."""

from __future__ import annotations

import random

import pytest

from cardlab.simulate import games
from cardlab.simulate.core import Players, branching
from cardlab.simulate.core.decisions import Decision
from cardlab.simulate.core.errors import UserError
from cardlab.simulate.core.game import play_seated
from cardlab.simulate.four_souls.branching import target_follow_ups
from cardlab.strategies import registry
from cardlab.strategies.four_souls.search import FSSearch
from cardlab.strategies.search import Hooks, Search, _Forced


class First:
    """A heuristic that always answers the first option."""

    def __init__(self, seat, rng):
        self.asked = []

    def choose(self, decision):
        self.asked.append(decision.kind)
        return decision.options[0]


class Scripted(Search):
    """Option "b" is completed by a "target" choice among "x", "y" and "z"; only "b" then "y" is ahead."""

    hooks = Hooks(
        state_of=lambda view: view,
        players_of=lambda state: state,
        determinize=lambda state, seat, rng: None,
        turn_of=lambda view: 0,
        evaluator=lambda rng: lambda view, seat: 0.0,
        follow_ups=lambda d: {1: ("target", ("x", "y", "z"))} if d.kind == "action" else {},
    )
    heuristics = {"sensible": First}
    default_horizon = 2
    default_confidence = 1.0

    def __init__(self, **params):
        super().__init__(0, random.Random(5), budget=4, **params)
        self.taken = []

    def _branch(self, decision, c, seed, horizon):
        option, force = self._cands[c]
        self.taken.append((option, force, horizon))
        ahead = option == 1 and force == ("target", "y")
        if horizon:
            return branching.Outcome(end_reason="horizon", values=(0.6, 0.4) if ahead else (0.4, 0.6))
        return branching.Outcome(winners=(0,) if ahead else (1,), end_reason="souls")


def test_a_plan_is_a_candidate_and_its_follow_up_is_answered_as_planned():
    search = Scripted(plans=1, settle=2)
    assert search.choose(Decision("action", 0, ("a", "b"))) == "b"
    (record,) = search.searched
    assert record.options == ("a", "b", ("b", "x"), ("b", "y"), ("b", "z"))
    assert record.options[record.chosen] == ("b", "y") and record.check == (1.0, 1.0)
    assert len([t for t in search.taken if t[2]]) == 10  # budget 4 for 2 options: 10 for 5 candidates
    # the follow-up: the plan's answer, not the base's ("x"); after it, the base answers again
    assert search.choose(Decision("target", 0, ("x", "y", "z"))) == "y"
    assert search.choose(Decision("target", 0, ("x", "y", "z"))) == "x"


def test_a_plan_whose_answer_is_gone_or_whose_turn_passed_is_dropped():
    search = Scripted(plans=1, settle=2)
    search.choose(Decision("action", 0, ("a", "b")))
    assert search.choose(Decision("target", 0, ("x", "z"))) == "x"  # "y" is gone: the base answers
    search.choose(Decision("action", 0, ("a", "b")))
    search.choose(Decision("action", 0, ("a",)))  # the next action came first: the plan lapses
    assert search.choose(Decision("target", 0, ("x", "y"))) == "x"


def test_without_plans_the_follow_ups_are_not_candidates():
    search = Scripted(settle=2)
    assert search.choose(Decision("action", 0, ("a", "b"))) == "a"
    (record,) = search.searched
    assert record.options == ("a", "b") and all(force is None for _, force, _ in search.taken)


def test_a_forced_player_answers_only_its_first_follow_up_and_only_with_an_offered_answer():
    forced = _Forced(First(0, None), "target", "y")
    assert forced.choose(Decision("other", 0, ("p", "q"))) == "p"
    assert forced.choose(Decision("target", 0, ("x", "y"))) == "y"
    assert forced.choose(Decision("target", 0, ("x", "y"))) == "x"
    gone = _Forced(First(0, None), "target", "y")
    assert gone.choose(Decision("target", 0, ("x", "z"))) == "x"
    assert gone.choose(Decision("target", 0, ("x", "y"))) == "x"


@pytest.mark.parametrize("bad", [3, -1, True, 0.5])
def test_a_bad_plans_is_one_line(bad):
    with pytest.raises(UserError, match="plans must be 0, 1 or 2"):
        FSSearch(0, random.Random(1), plans=bad)


def test_plans_need_a_game_with_follow_up_choices():
    from cardlab.strategies.hidden_reason import STRATEGIES

    with pytest.raises(UserError, match="plans needs"):
        STRATEGIES["search"](0, random.Random(1), plans=1)
    with pytest.raises(UserError, match="plans needs"):
        Scripted(plans=2)  # follow-ups, but no effect targets


class Recording(FSSearch):
    def __init__(self, *args, **params):
        super().__init__(*args, **params)
        self.answers = []

    def choose(self, decision):
        plan = self._plan
        answer = super().choose(decision)
        self.answers.append((decision.kind, decision.options, answer, plan))
        return answer


def _played_twice(plans: int, budget: int, max_turns: int, seed: int) -> Recording:
    """A two-player Four Souls game of a recording search (seat 0) against sensible, played twice: the
    same events and answers both times (the game is a function of its seed). Returns the first search."""
    spec = games.get("four-souls")
    sensible = registry.for_game("four-souls")["sensible"]
    config = spec.make_config(n_players=2, max_turns=max_turns)

    def once():
        search = Recording(0, random.Random(3), plans=plans, budget=budget, settle=0, confidence=0)
        result = play_seated(spec, config, seed, Players([search, sensible(1, random.Random(4))]))
        return search, result

    search, result = once()
    again, second = once()
    assert result.events.rows == second.events.rows and search.answers == again.answers
    return search


def _kinds_tried(search: Recording) -> set:
    """The kinds of plans the search tried (an action with a follow-up answer)."""
    return {o[0][0] for r in search.searched for o in r.options if isinstance(o[0], tuple) and len(o) == 2}


def test_four_souls_plans_attacks_and_purchases_and_plays_them_as_planned():
    """FS-10.2 (an attack's target is chosen after the declaration) and FS-11 (a purchase's item after
    the declaration): a Four Souls search with plans tries attack targets and shop items as candidates on
    copies, and answers the follow-up of a plan played with the planned target; the game is a function of
    its seed."""
    search = _played_twice(plans=1, budget=2, max_turns=5, seed=9)
    kinds = _kinds_tried(search)
    assert {"attack", "buy"} <= kinds  # attacks and purchases were tried with each follow-up answer
    followed = [(kind, options, answer, plan) for kind, options, answer, plan in search.answers if plan]
    planned = [
        (answer, plan) for kind, options, answer, plan in followed if kind == plan[1] and plan[2] in options
    ]
    assert planned and all(answer == plan[2] for answer, plan in planned)


class Decliner(First):
    """A heuristic that declines every response window whose context is None (nothing at stake)."""

    def declines(self, kind, view, context):
        return kind == "respond" and context is None


def test_windows_base_searches_only_the_response_windows_its_base_would_answer():
    class S(Scripted):
        heuristics = {"sensible": Decliner}

    every = S(decisions="action+respond")
    assert not every.declines("respond", None, None)  # windows=all: every window is asked and searched
    base = S(decisions="action+respond", windows="base")
    assert base.declines("respond", None, None) and not base.declines("respond", None, "top")
    assert S(decisions="action").declines("respond", None, None)  # unsearched: the base's, as before
    with pytest.raises(UserError, match="windows must be 'all' or 'base'"):
        S(windows="some")


class Watching:
    """Sensible, checking at each action it plays that ``target_follow_ups`` named the targets its next
    choice then offers."""

    def __init__(self, seat, rng):
        self.player = registry.for_game("four-souls")["sensible"](seat, rng)
        self.declines = self.player.declines
        self.expected = None
        self.checked = 0

    def choose(self, decision):
        answer = self.player.choose(decision)
        if decision.kind == "action":
            ups = target_follow_ups(decision)
            self.expected = ups.get(decision.options.index(answer))
        elif self.expected is not None:
            assert (decision.kind, decision.options) == self.expected
            self.expected, self.checked = None, self.checked + 1
        return answer


def test_effect_target_follow_ups_are_the_targets_the_play_then_offers():
    """FS-4.2: a loot card's or an activated ability's target is chosen as it goes on the stack, the
    player's next choice after the action; ``plans=2`` tries each answer the action decision names for it,
    so those must be the answers then offered, in the same order."""
    spec = games.get("four-souls")
    sensible = registry.for_game("four-souls")["sensible"]
    checked = 0
    for seed in range(8):
        watching = Watching(0, random.Random(seed))
        play_seated(
            spec, spec.make_config(n_players=2), seed, Players([watching, sensible(1, random.Random(1))])
        )
        checked += watching.checked
    assert checked > 20


def test_four_souls_plans_2_tries_effect_targets_and_plays_them_as_planned():
    """FS-4.2: with ``plans=2`` a loot play or an ability with a target is tried once for each target, on
    copies, and a plan played answers its target as planned; the game is a function of its seed."""
    kinds: set = set()
    targets: list = []
    for seed in (7, 9, 10):  # a targeted plan played is rare (about one game in four): three games' worth
        search = _played_twice(plans=2, budget=8, max_turns=12, seed=seed)
        kinds |= _kinds_tried(search)
        targets += [
            (answer, plan) for kind, _, answer, plan in search.answers if plan and kind == "choose_target"
        ]
    assert {"attack", "buy", "loot"} <= kinds
    assert targets and all(answer == plan[2] for answer, plan in targets)
