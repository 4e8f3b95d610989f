"""The rules reference (docs/rules/<game>.md) is the one place that says what each rule ID is and what the
engine does with it (issue 18: every cited ID can be looked up; issue 15: every rule accounted for).

A row of a reference table is ``| ID | summary | decision | engine status |``. The status is one of
``tested`` (a test under tests/ cites the ID), ``see <ID>`` (the status of another row), ``not
applicable: reason``, ``not implemented: reason`` or ``untested: where``."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = ROOT / "docs" / "rules"
# the rules digests the IDs come from: beside the checkout, or where CARDLAB_RULES_DIGESTS says
DIGESTS = Path(os.environ.get("CARDLAB_RULES_DIGESTS") or ROOT.parent / "shared" / "rules")
GAMES = {"FS": "four_souls", "GX": "gosu_x", "HR": "hidden_reason"}

# FS-6.20, GX-Q.11, HR-13.6(b), FS-16 (a section) and test names such as test_FS_6_20_… or GX_Q_11
CITE = re.compile(r"(?<![A-Za-z0-9])(FS|GX|HR)[-_](Q[._][0-9]+|[0-9]+(?:[._][0-9]+)?)(?![0-9])")
ROW = re.compile(r"^\| ((?:FS|GX|HR)-(?:Q|[0-9]+)\.[0-9]+) \|(.*)\| *$", re.M)
SECTION = re.compile(r"^## ((?:FS|GX|HR)-(?:[0-9]+|Q|N))\b", re.M)
STATUS = re.compile(
    r"^(tested|see (?:FS|GX|HR)-(?:Q|[0-9]+)\.[0-9]+|not applicable: .+|not implemented: .+|untested: .+)$"
)
SCANNED = {".py", ".md", ".yaml", ".yml", ".sql", ".toml", ".cfg", ".txt"}
SKIPPED_DIRS = {".git", "results", ".venv", "__pycache__", ".pytest_cache", ".ruff_cache", ".hypothesis"}


def normal(game: str, rest: str) -> str:
    """``FS``, ``6_20`` → ``FS-6.20``."""
    return f"{game}-{rest.replace('_', '.', 1)}" if "_" in rest else f"{game}-{rest}"


def cited_ids(folder: Path) -> dict[str, set[str]]:
    """Every rule ID cited in the project's files under ``folder`` → the files citing it."""
    found: dict[str, set[str]] = {}
    for path in folder.rglob("*"):
        if path.suffix not in SCANNED or not path.is_file():
            continue
        if SKIPPED_DIRS.intersection(path.relative_to(ROOT).parts):
            continue
        for m in CITE.finditer(path.read_text(encoding="utf-8", errors="replace")):
            found.setdefault(normal(m[1], m[2]), set()).add(str(path.relative_to(ROOT)))
    return found


def reference_rows(prefix: str) -> dict[str, list[str]]:
    """ID → its cells (summary, decision, status) from the reference page of the game."""
    text = (REFERENCE / f"{GAMES[prefix]}.md").read_text(encoding="utf-8")
    rows: dict[str, list[str]] = {}
    for rule_id, cells in ROW.findall(text):
        assert rule_id.startswith(prefix), f"{rule_id} on the {GAMES[prefix]} page"
        assert rule_id not in rows, f"{rule_id} listed twice in docs/rules/{GAMES[prefix]}.md"
        rows[rule_id] = [c.strip() for c in cells.split(" | ")]
    return rows


def reference_sections(prefix: str) -> set[str]:
    return set(SECTION.findall((REFERENCE / f"{GAMES[prefix]}.md").read_text(encoding="utf-8")))


def status(rows: dict[str, list[str]], rule_id: str, seen: tuple[str, ...] = ()) -> str:
    """The row's own status, following ``see <ID>`` links (never in a circle)."""
    assert rule_id not in seen, f"'see' links go round in a circle: {' → '.join((*seen, rule_id))}"
    assert rule_id in rows, f"{seen[-1]} says 'see {rule_id}', which the reference does not list"
    own = rows[rule_id][-1]
    return status(rows, own[4:], (*seen, rule_id)) if own.startswith("see ") else own


@pytest.mark.parametrize("prefix", GAMES)
def test_reference_rows_are_well_formed(prefix):
    """Four cells per row, a one-line summary, a status in the closed list with a reason where needed."""
    rows = reference_rows(prefix)
    assert rows
    for rule_id, cells in rows.items():
        assert len(cells) == 3, f"{rule_id}: expected | ID | summary | decision | engine |, got {cells}"
        summary, _decision, engine = cells
        assert summary and summary != "—", f"{rule_id}: no summary"
        assert STATUS.match(engine), f"{rule_id}: engine status {engine!r} is not one of the documented forms"
        status(rows, rule_id)


def test_every_cited_rule_id_is_in_the_reference():
    """Issue 18: any FS-/GX-/HR- ID cited in code, tests, docs or card files can be looked up in
    docs/rules/ (a row, or a section such as FS-16). Needs nothing outside the repository."""
    known: set[str] = set()
    for prefix in GAMES:
        known |= set(reference_rows(prefix)) | reference_sections(prefix)
    missing = {
        rule_id: sorted(files)[:3] for rule_id, files in cited_ids(ROOT).items() if rule_id not in known
    }
    assert not missing, f"cited but not in docs/rules/: {missing}"


def test_tested_means_a_test_cites_it():
    """A row marked ``tested`` must be cited by a test under tests/ (other than this file)."""
    cited = {i for i, files in cited_ids(ROOT / "tests").items() if files - {"tests/test_rules_reference.py"}}
    for prefix in GAMES:
        rows = reference_rows(prefix)
        wrong = sorted(i for i, cells in rows.items() if cells[-1] == "tested" and i not in cited)
        assert not wrong, f"docs/rules/{GAMES[prefix]}.md says 'tested' but no test cites: {wrong}"


def digest_ids(prefix: str) -> list[str]:
    """The rule IDs a digest defines: ``**FS-6.20**`` items and the ``| FS-Q.12 |`` question rows."""
    text = (DIGESTS / f"{GAMES[prefix]}.md").read_text(encoding="utf-8")
    return re.findall(rf"^\s*- \*\*({prefix}-[0-9]+\.[0-9]+)\*\*|^\| ({prefix}-Q\.[0-9]+) \|", text, re.M)


@pytest.mark.skipif(
    not DIGESTS.is_dir(), reason=f"the rules digests ({DIGESTS}) are not beside this checkout"
)
@pytest.mark.parametrize("prefix", GAMES)
def test_every_digest_rule_is_accounted_for(prefix):
    """Issue 15: each digest ID is in the reference and is either cited by a test or recorded as not
    applicable / not implemented with its reason. ``untested`` (implemented, no scenario yet) is a gap."""
    ids = [a or b for a, b in digest_ids(prefix)]
    assert len(ids) > 100
    rows = reference_rows(prefix)
    absent = [i for i in ids if i not in rows]
    assert not absent, f"digest IDs missing from docs/rules/{GAMES[prefix]}.md: {absent}"
    extra = sorted(set(rows) - set(ids))
    assert not extra, f"docs/rules/{GAMES[prefix]}.md lists IDs the digest does not define: {extra}"
    open_ = [i for i in ids if status(rows, i).startswith("untested")]
    assert not open_, f"{len(open_)} rules implemented but cited by no test: {open_}"
