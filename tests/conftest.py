"""Shared fixtures: the Pig fixture game registered under the name 'pig' for kernel and CLI tests; in a
parallel run, the check that every Four Souls verb and hook ran in a rule scenario, over every worker."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

from cardlab.simulate import games
from cardlab.strategies import registry
from tests import toygame
from tests.four_souls.scenario_coverage import never_ran

games.register(toygame.GAME)
registry.register("pig", toygame.STRATEGIES)

# Property tests check results, never timings (speed is measured by benchmarks): on a loaded machine a first
# example can take far longer than Hypothesis's 200 ms deadline, which failed a landing's suite with a
# passing test (test_median_turn_from_the_histogram_is_duckdbs_lower_median: 326 ms, then 11.5 ms).
settings.register_profile("cardlab", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("cardlab")


@pytest.fixture
def cli_runner():
    from click.testing import CliRunner

    return CliRunner()


_SCENARIOS: list[dict] = []  # each finished worker's record of what its Four Souls rule scenarios ran


@pytest.hookimpl(optionalhook=True)  # pytest-xdist's hook, on the controller
def pytest_testnodedown(node, error) -> None:
    record = getattr(node, "workeroutput", {}).get("four_souls_scenarios")
    if record is not None:
        _SCENARIOS.append(record)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """The parallel form of ``test_every_verb_and_hook_has_a_scenario_test``: fails the run, naming them,
    when a verb or hook ran in no worker's rule scenarios (only when the session held every scenario)."""
    if not _SCENARIOS or not all(r["whole"] for r in _SCENARIOS):
        return
    missing = never_ran(_SCENARIOS)
    if missing:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.ensure_newline()
            reporter.write_line(
                "FAILED test_every_verb_and_hook_has_a_scenario_test (over every worker): no rule scenario ran "
                + ", ".join(missing),
                red=True,
            )
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
