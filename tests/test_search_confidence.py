"""The search's ``confidence`` rule: the base heuristic's answer stands unless another option beats it on
the same seeds (common random numbers) by more than ``confidence`` standard errors."""

from __future__ import annotations

import random

from cardlab.simulate.core import Players
from cardlab.simulate.core.game import play_seated
from cardlab.simulate.core.seeds import stream
from cardlab.simulate.gosu_x import GAME, make_config
from cardlab.strategies.gosu_x import GXSearch, Sensible


def _rule(confidence):
    return GXSearch(0, random.Random(1), budget=2, confidence=confidence)


def test_noise_does_not_overrule_the_base():
    """Option 1 is ahead on average but its paired differences swing both ways: at 1 standard error
    the base's answer (option 0) stands; at 0.1 it does not."""
    samples = [[0.0, 1.0, 0.0, 1.0], [1.0, 0.0, 1.0, 1.0]]  # differences +1, -1, +1, 0
    assert _rule(1.0)._confident(samples, 0) == 0
    assert _rule(0.1)._confident(samples, 0) == 1


def test_a_clear_gain_on_the_same_seeds_wins_and_the_larger_gain_first():
    base = [0.1, 0.2, 0.0, 0.1]
    small = [v + 0.5 for v in base]
    large = [v + 0.8 + 0.01 * n for n, v in enumerate(base)]
    assert _rule(2.0)._confident([base, small, large], 0) == 2
    assert _rule(2.0)._confident([small, base, [v - 0.3 for v in base]], 1) == 0


def test_rollouts_that_merely_agree_are_no_certainty():
    """Two rollouts each way that happen to agree (zero sample variance) do not overrule the base at a high
    confidence: the variance is taken with one pseudo-difference of variance 1/4; at a low one they do."""
    samples = [[1.0, 1.0], [0.0, 0.0]]
    assert _rule(1e9)._confident(samples, 1) == 1
    assert _rule(1.0)._confident(samples, 1) == 0


def test_an_option_with_one_paired_rollout_never_overrules():
    assert _rule(0.5)._confident([[0.0], [1.0]], 0) == 0


def _searched(confidence):
    search = GXSearch(0, random.Random(1), budget=6, confidence=confidence)
    config = make_config(n_players=2, max_turns=500)
    play_seated(GAME, config, 4, Players([search, Sensible(1, stream(4, "strategy", 1))]))
    return search.searched


def test_the_base_is_paired_with_every_option_and_a_huge_confidence_plays_the_base():
    """Every option's rollouts have a partner of the base's answer (it is visited at least as often), and
    at an unreachable confidence every searched decision plays the base's answer; without the rule the
    search does overrule the base (so the check can fail)."""
    strict = _searched(1e9)
    assert strict and all(s.chosen == s.favourite for s in strict)
    assert all(s.visits[s.favourite] >= max(s.visits) for s in strict)
    assert any(s.chosen != s.favourite for s in _searched(0.0))


def test_truncated_rollouts_are_judged_on_their_own_spread():
    """Estimated win shares from truncated rollouts (horizon > 0) differ by hundredths: a gain that holds
    on every pair overrules the base at one standard error of their own spread (no pseudo-difference of
    variance 1/4, which would drown it), and the same gain swinging both ways does not."""
    from cardlab.strategies.four_souls import FSSearch

    rule = FSSearch(0, random.Random(1), budget=2, horizon=2, confidence=1.0)
    base = [0.40, 0.55, 0.47, 0.52]
    steady = [v + 0.03 + 0.005 * (n % 2) for n, v in enumerate(base)]
    swinging = [v + (0.09 if n % 2 else -0.05) for n, v in enumerate(base)]
    assert rule._confident([base, steady], 0) == 1
    assert rule._confident([base, swinging], 0) == 0
    assert _rule(1.0)._confident([base, steady], 0) == 0  # whole-game rollouts keep the pseudo-difference
