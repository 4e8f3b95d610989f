"""The search player on Gosu X: determinism, no hidden information in a branch, parameter errors."""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner

from cardlab.cli import cli
from cardlab.simulate.core import Players
from cardlab.simulate.core.branching import Outcome, in_child
from cardlab.simulate.core.game import play_seated
from cardlab.simulate.core.seeds import stream
from cardlab.simulate.gosu_x import GAME, make_config
from cardlab.simulate.gosu_x.branching import _free
from cardlab.simulate.gosu_x.state import DECK, HAND
from cardlab.strategies.gosu_x import GXSearch, Sensible
from cardlab.strategies.search import Hooks


def _play(seat0, seed=4):
    config = make_config(n_players=2, max_turns=500)
    return play_seated(GAME, config, seed, Players([seat0, Sensible(1, stream(seed, "strategy", 1))]))


def test_search_is_deterministic_for_a_seed():
    a = _play(GXSearch(0, random.Random(1), budget=3))
    b = _play(GXSearch(0, random.Random(1), budget=3))
    assert a.events.rows == b.events.rows and a.winners == b.winners


class Sighted(GXSearch):
    """A search that does not re-deal (it sees the opponent's hand): the control the test must catch."""

    hooks = Hooks(
        state_of=GXSearch.hooks.state_of,
        players_of=GXSearch.hooks.players_of,
        determinize=lambda st, seat, rng: st.streams.reseed(rng.getrandbits(63)),
    )


class Probe:
    """Seat 0: at each real decision, runs a search on the position and on the same position with one
    card swapped between the opponent's hand and deck (what seat 0 cannot see), then plays on."""

    name = "probe"

    def __init__(self, cls, decisions=4):
        self.cls = cls
        self.left = decisions
        self.same: list[bool] = []
        self.play = Sensible(0, random.Random(0))

    def choose(self, decision):
        st = decision.view._st
        other = st.p[1]
        if self.left and len(decision.options) > 1 and other.hand and other.deck:
            self.left -= 1
            answer, first = self._search(decision)
            if in_child():  # a branch of the search plays on from here with the candidate answer
                return answer
            # swap two cards seat 0 cannot see: not one it saw go into the hand or onto the deck (State.known)
            i = next((i for i, c in enumerate(other.hand) if c.uid not in st.known[0]), None)
            j = next(iter(_free(other.deck, st.known[0])), None)
            if i is None or j is None:
                return self.play.choose(decision)
            h, d = other.hand[i], other.deck[j]
            other.hand[i], other.deck[j] = d, h
            d.zone, h.zone = HAND, DECK
            rng_state = st.streams.getstate()
            answer, second = self._search(decision)
            if in_child():
                return answer
            other.hand[i], other.deck[j] = h, d  # put the position back exactly
            h.zone, d.zone = HAND, DECK
            st.streams.setstate(rng_state)
            self.same.append(first == second)
        return self.play.choose(decision)

    def _search(self, decision):
        search = self.cls(
            0, random.Random(7), budget=6, branch="fork"
        )  # a replay is a fork: test_search_replay
        answer = search.choose(decision)
        if in_child() or not search.searched:
            return answer, None
        last = search.searched[-1]
        return answer, (last.visits, last.values)


def test_a_branch_never_reveals_hidden_cards():
    """Two positions that differ only in what the searcher cannot see give the same search statistics;
    a search that skips the re-deal does not (so the test can fail)."""
    fair, sighted = Probe(GXSearch), Probe(Sighted)
    for seed in (3, 5, 8):
        fair.left = sighted.left = 4
        _play(fair, seed)
        _play(sighted, seed)
    assert fair.same and all(fair.same)
    assert not all(sighted.same)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("search:budget=0", "budget must be a positive whole number"),
        ("search:budget=2.5", "budget must be a positive whole number"),
        ("search:rollout=nobody", "rollout 'nobody' is not a heuristic"),
        ("search:explore=-1", "explore must be a number"),
        ("search:branch=teleport", "branch must be 'fork' or 'replay'"),
        ("search:horizon=2", "horizon needs a state evaluation"),
        ("search:horizon=-1", "horizon must be a whole number of turns"),
        ("search:confidence=-1", "confidence must be a number"),
        ("search:agree=-1", "agree must be a whole number of rounds"),
        ("search:agree=1.5", "agree must be a whole number of rounds"),
    ],
)
def test_bad_search_parameters_are_one_line_before_any_game(tmp_path, text, message):
    result = CliRunner().invoke(cli, ["simulate", "gosu-x", "-s", text, "-n", "2", "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert message in result.output
    assert not any(tmp_path.iterdir())


def test_the_default_rollout_is_the_evaluator_in_gosu_x_and_sensible_elsewhere():
    """Gosu X searches with evaluator rollouts by default (the configuration measured above 60 %,
    docs/search.md); the other games keep sensible; rollout= still chooses."""
    from cardlab.strategies.gosu_x import Evaluator
    from cardlab.strategies.hidden_reason import HRSearch, SensiblePlayer

    assert GXSearch(0, random.Random(0)).rollout is Evaluator
    assert GXSearch(0, random.Random(0), rollout="sensible").rollout is Sensible
    assert HRSearch(0, random.Random(0)).rollout is SensiblePlayer


class _Scripted(GXSearch):
    """A search whose rollouts are scripted: option i wins on the n-th seed when ``wins(i, n)``."""

    def __init__(self, wins, **params):
        super().__init__(0, random.Random(3), **params)
        self.wins, self.base = wins, _First()
        self.rolled: list[int] = []

    def _branch(self, decision, i, seed, horizon):
        self.rolled.append(i)
        n = self.rolled.count(i) - 1
        return Outcome(winners=(0,) if self.wins(i, n) else (1,), end_reason="win")


class _First:
    def choose(self, decision):
        return decision.options[0]


class _Decision:
    kind, view, seat, context = "action", None, 0, None

    def __init__(self, k):
        self.options = list(range(k))


@pytest.mark.parametrize("result", [True, False])
def test_agree_ends_a_search_whose_rollouts_all_ended_alike(result):
    """agree=1: every option once, all won (or all lost) — the options are judged equal, the search stops
    and plays the base's answer, as the full budget would on such ties."""
    search = _Scripted(lambda i, n: result, budget=16, agree=1)
    assert search.choose(_Decision(4)) == 0
    assert search.rolled == [0, 1, 2, 3]
    assert search.searched[-1].visits == [1, 1, 1, 1]


def test_agree_spends_the_whole_budget_once_the_rollouts_differ():
    """One option won where the others lost: the search goes on to its budget and plays the winner; agree=2
    waits for two rounds before judging; agree=0 (the default elsewhere) never stops early."""
    for agree in (1, 2, 0):
        search = _Scripted(lambda i, n: i == 2, budget=16, agree=agree)
        assert search.choose(_Decision(4)) == 2
        assert len(search.rolled) == 16
    late = _Scripted(lambda i, n: n == 1, budget=16, agree=2)  # the first round is unanimous, the second not
    late.choose(_Decision(3))
    assert len(late.rolled) == 16
    unanimous = _Scripted(lambda i, n: False, budget=16, agree=2)
    unanimous.choose(_Decision(3))
    assert len(unanimous.rolled) == 6
