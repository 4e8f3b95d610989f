"""Records what the Four Souls rule scenarios execute (tests/four_souls/scenario_coverage.py says why)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from cardlab.simulate.four_souls import interpreter
from tests.four_souls.scenario_coverage import DESELECTED, RAN, RULE_TEST, report

_in_scenario = [False]


def _counted(kind: str, name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    def run(*args: Any) -> Any:
        if _in_scenario[0]:
            RAN[kind].add(name)
        return fn(*args)

    return run


@pytest.fixture(scope="session", autouse=True)
def _count_verbs_and_hooks() -> Iterator[None]:
    tables = {"verb": interpreter.VERB_FUNCS, "hook": interpreter.HOOKS}
    saved = {kind: dict(table) for kind, table in tables.items()}
    for kind, table in tables.items():
        for name, fn in saved[kind].items():
            table[name] = _counted(kind, name, fn)
    yield
    for kind, table in tables.items():
        table.clear()
        table.update(saved[kind])


@pytest.fixture(autouse=True)
def _rule_scenario(request: pytest.FixtureRequest) -> Iterator[None]:
    _in_scenario[0] = RULE_TEST.match(request.node.name) is not None
    yield
    _in_scenario[0] = False


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list) -> None:
    """The check of what ran goes last, after every rule scenario."""
    last = [i for i in items if i.name == "test_every_verb_and_hook_has_a_scenario_test"]
    items[:] = [i for i in items if i not in last] + last


def pytest_deselected(items: list) -> None:
    DESELECTED.extend(i.nodeid for i in items if RULE_TEST.match(i.name) and "four_souls" in i.nodeid)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """A worker of a parallel run sends what its scenarios executed to the controller."""
    out = getattr(session.config, "workeroutput", None)
    if out is not None:
        out["four_souls_scenarios"] = report(session.items)
