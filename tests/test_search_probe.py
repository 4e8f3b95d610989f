"""``probe=P``: a diagnostic of where a game is decided. Every option of a searched decision is played to the
end of the game on P common seeds while the base's answer is played, and `cardlab overrules` says per
decision kind how much the choice there moves whole games."""

from __future__ import annotations

import random

import pytest

from cardlab.overrules import Overrules, Probe
from cardlab.simulate import games
from cardlab.simulate.core import Players, branching
from cardlab.simulate.core.decisions import Decision
from cardlab.simulate.core.errors import UserError
from cardlab.simulate.core.game import play_seated
from cardlab.strategies.four_souls.search import FSSearch
from cardlab.strategies.four_souls.sensible import SensiblePlayer
from cardlab.strategies.search import Hooks, Search, Searched
from tests.test_search_settle import First


class Scripted(Search):
    """Option "b" wins on odd seeds, every other option loses; each rollout is remembered."""

    hooks = Hooks(
        state_of=lambda view: view,
        players_of=lambda state: state,
        determinize=lambda s, seat, r: None,
        turn_of=lambda view: 7,
        to_go_of=lambda view: 2,
    )
    heuristics = {"first": First}

    def __init__(self, **params):
        super().__init__(0, random.Random(5), base="first", rollout="first", **params)
        self.rolled: list[tuple[int, int]] = []  # (option, seed)

    def _branch(self, decision, c, seed, horizon):
        assert horizon == 0  # a probe plays whole games, whatever the search's horizon
        self.rolled.append((c, seed))
        wins = decision.options[c] == "b" and seed % 2
        return branching.Outcome(winners=(0,) if wins else (1,), end_reason="souls")


def test_probe_plays_every_option_on_common_seeds_and_answers_as_the_base():
    search = Scripted(probe=4)
    assert search.choose(Decision("action", 0, ("a", "b", "c"))) == "a"  # the base's answer, whatever wins
    (record,) = search.searched
    assert record.kind == "action" and record.favourite == record.chosen == 0 and record.turn == 7
    assert record.to_go == 2  # how far the leader is from a win, as the game's hooks tell it
    assert record.visits == [4, 4, 4]
    seeds = [seed for option, seed in search.rolled if option == 0]
    assert len(seeds) == 4 and all([s for o, s in search.rolled if o == j] == seeds for j in (1, 2))
    assert record.samples[1] == tuple(float(s % 2) for s in seeds) and record.samples[2] == (0.0,) * 4
    assert search.choose(Decision("action", 0, ("a",))) == "a" and len(search.searched) == 1  # one option


def test_probe_searches_only_the_kinds_it_is_given():
    search = Scripted(probe=2, decisions="respond")
    assert search.choose(Decision("action", 0, ("a", "b"))) == "a" and not search.rolled


@pytest.mark.parametrize(
    ("params", "match"),
    [({"probe": 1}, "probe must be 0 or"), ({"probe": "x"}, "probe must be 0 or"), ({"probe": -2}, "probe")],
)
def test_a_bad_probe_is_one_line(params, match):
    with pytest.raises(UserError, match=match):
        Scripted(**params)


def test_a_probe_with_switch_is_one_line():
    with pytest.raises(UserError, match="cannot be given with switch"):
        Scripted(probe=2, switch="first")


def test_overrules_reads_probes_per_kind():
    probe = Probe()
    # option 1 wins both seeds of the first half where the base loses, and loses the second half: chosen
    # on half, it gains -0.5 on the rest; option 2 ends alike on every seed
    probe.add(((0, 0, 1, 0), (1, 1, 0, 0), (0, 0, 1, 0)), base=0)
    assert (probe.decisions, probe.options, probe.live, probe.pairs, probe.differ) == (1, 3, 1, 8, 3)
    assert probe.halves == probe.halves_se == [-0.5]  # two wins of two pass one standard error too
    # option 1's mean gain 0.25 less its noise (sample variance 0.917 of 4): 0.0625 - 0.229 < 0: no spread
    assert "real spread of an option's gain sd 0.000" in str(probe)
    out = Overrules()
    out.add([Searched("respond", ("a", "b"), [2, 2], [0.0, 0.0], 0, 0, samples=((0, 0), (0, 0)))], 1.0)
    assert "probe respond: 1 decisions (2.0 options), 0.0% open, pairs ending otherwise" in str(out)


def test_overrules_reads_probes_by_the_phase_of_the_game():
    out = Overrules()
    samples = ((0, 1), (1, 1))
    out.add(
        [
            Searched("action", ("a", "b"), [2, 2], [1.0, 2.0], 0, 0, samples=samples, turn=t)
            for t in (2, 9, 15)
        ],
        0.0,
    )
    assert sorted(out.phases) == [1, 8, 12]
    text = str(out)
    assert text.index("turns 1-3: 1 decisions") < text.index("turns 8-11: 1") < text.index("turns 12 on: 1")


def test_the_strongest_quarter_is_ranked_by_first_half_evidence():
    """The probe's line for adaptive allocation across decisions. The decision whose best option
    on half the seeds has the strongest evidence (t = mean / se) is the quarter kept, and its gain is read on
    the other half of its seeds, not the half it was ranked on."""
    probe = Probe()
    # option 1 wins both first-half seeds: mean 1, se sqrt(0.25 / 4) = 0.25, t = 4; on the rest it gains 0.5
    probe.add(((0, 0, 0, 0), (1, 1, 1, 0)), base=0)
    # one win of two: mean 0.5, se sqrt(0.75 / 4), t = 1.15; on the rest it loses both: -1
    probe.add(((0, 0, 1, 1), (1, 0, 0, 0)), base=0)
    probe.add(((1, 1, 1, 1), (1, 1, 1, 1)), base=0)  # alike: the base's answer, evidence 0, gain 0
    probe.add(((1, 1, 0, 0), (0, 0, 1, 1)), base=0)  # behind on half: the base's answer, gain 0
    assert [round(t, 3) for t, _ in probe.ranked] == [4.0, 1.155, 0.0, 0.0]
    assert probe.strongest() == [0.5]  # ceil(4 / 4) = 1 decision
    assert probe.halves == [0.5, -1.0, 0.0, 0.0]
    assert "the quarter with the strongest evidence on half, measured on the rest: n = 1" in str(probe)


def test_overrules_reads_probes_by_how_far_the_leader_is_from_a_win():
    """The game's phase by its score. The leader 4 and 3 from a win are one phase (3 or more),
    printed first, then 2, then 1; decisions a game's hooks give no distance for are in none."""
    out = Overrules()
    samples = ((0, 1), (1, 1))
    records = [
        Searched("action", ("a", "b"), [2, 2], [1.0, 2.0], 0, 0, samples=samples, to_go=g)
        for g in (4, 1, 3, 2, -1)
    ]
    out.add(records, 0.0)
    assert {g: p.decisions for g, p in out.leads.items()} == {3: 2, 2: 1, 1: 1}
    text = str(out)
    first = text.index("the leader 3 or more from a win: 2 decisions")
    assert (
        first < text.index("the leader 2 from a win: 1 decisions") < text.index("the leader 1 from a win: 1")
    )


class _Souls:
    """A view with two seats holding 1 and 3 souls of 4."""

    souls_to_win, n_players = 4, 2

    def souls(self, seat: int) -> int:
        return (1, 3)[seat]


def test_four_souls_search_reads_the_leaders_souls_still_needed():
    assert FSSearch.hooks.to_go_of is not None and FSSearch.hooks.to_go_of(_Souls()) == 1
    spec = games.get("four-souls")
    search = FSSearch(0, random.Random(3), probe=2)
    play_seated(
        spec,
        spec.make_config(n_players=2, max_turns=6),
        29,
        Players([search, SensiblePlayer(1, random.Random(4))]),
    )
    assert search.searched and search.searched[0].to_go == 4  # nobody has a soul at the first decision
    assert all(1 <= r.to_go <= 4 for r in search.searched)
