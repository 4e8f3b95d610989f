"""What the Four Souls rule scenarios actually execute: every effect verb and hook dispatched by the
interpreter while a rule-scenario test (a test named after its rule, ``test_FS_…``) runs is recorded, so
``test_every_verb_and_hook_has_a_scenario_test`` checks that each verb and hook ran in a scenario — not that
its name appears somewhere in a test file.

The record lives in the process that ran the scenarios. A parallel run (``pytest -n``, pytest-xdist) spreads
them over workers: each worker sends its record to the controller when it finishes (``report``), and the
controller checks their union at the end of the session (``tests/conftest.py``)."""

from __future__ import annotations

import re
from pathlib import Path

RULE_TEST = re.compile(r"test_FS_")
RAN: dict[str, set[str]] = {"verb": set(), "hook": set()}  # what rule scenarios executed in this process
DESELECTED: list[str] = []  # rule scenarios left out of this session (-k, a single file …)
HERE = Path(__file__).parent


def whole(items: list) -> bool:
    """Whether this session holds every rule scenario (so what did not run is worth reporting)."""
    files = {p.name for p in HERE.glob("test_*.py") if "def test_FS_" in p.read_text(encoding="utf-8")}
    ran = {Path(str(item.path)).name for item in items if Path(str(item.path)).parent == HERE}
    return not DESELECTED and files <= ran


def report(items: list) -> dict:
    """This process's record, as a worker sends it to the controller."""
    return {"whole": whole(items), "verb": sorted(RAN["verb"]), "hook": sorted(RAN["hook"])}


def never_ran(records: list[dict]) -> list[str]:
    """The verbs and hooks no scenario of these records executed (``verb: x`` / ``hook: y``)."""
    from cardlab.simulate.four_souls import vocabulary as V

    out = []
    for kind, known in (("verb", V.VERBS), ("hook", V.HOOKS)):
        ran = set().union(*(r[kind] for r in records))
        out += [f"{kind}: {name}" for name in sorted(set(known) - ran)]
    return out
