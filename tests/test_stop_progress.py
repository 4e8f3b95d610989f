"""A stop rule shows its own progress on the bar (issue 18 item 7): the rule's status beside the count and a
total that is the rule's estimate, not the game cap, so the time left is not counted to the cap."""

from __future__ import annotations

import io

import polars as pl
from tqdm import tqdm

from cardlab.simulate.core.runner import _show_rule
from cardlab.stopping import SprtRule, UntilCI


def _bar(n: int) -> tuple[tqdm, io.StringIO]:
    out = io.StringIO()
    bar = tqdm(total=None, initial=n, file=out, disable=False)
    return bar, out


def test_until_ci_sets_the_total_to_its_estimate_and_shows_the_widest_interval():
    rule = UntilCI(0.02, dim="clans")
    rule.counts = pl.DataFrame({"value": ["a", "b"], "wins": [250.0, 260.0], "games": [500, 500]})
    rule.width = 0.04  # twice the target: about four times the games
    bar, out = _bar(500)
    _show_rule(bar, rule, cap=100_000)
    assert bar.total == 2000
    assert "until-ci: widest ±0.040 → ±0.02" in out.getvalue()
    _show_rule(bar, rule, cap=1_000)  # never beyond the cap
    assert bar.total == 1000


def test_until_ci_before_its_first_judgement_gives_no_total():
    bar, _ = _bar(0)
    _show_rule(bar, UntilCI(0.02), cap=5_000)
    assert bar.total is None


def test_sprt_shows_its_log_likelihood_between_the_bounds_without_a_total():
    rule = SprtRule("a,b,0.1")
    bar, out = _bar(250)
    _show_rule(bar, rule, cap=10_000)
    assert bar.total is None
    lo, hi = rule.test.bounds
    assert f"sprt: LLR +0.00 in ({lo:.2f}, {hi:.2f})" in out.getvalue()
