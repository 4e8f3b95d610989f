"""Docs never send a reader to a file the repository does not have (issue 18): every file a Markdown page
names exists, and no code, card file or doc points outside the checkout for its rules or design."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SKIPPED_DIRS = {"results", "__pycache__", "build", "dist", "site-packages", "node_modules"}
# a file name as a Markdown page writes it: `docs/report.md`, [x](rules/gosu_x.md), stack.py (a name
# followed by "(" is a call, as the API's run.sql(query), not a file)
NAMED = re.compile(r"(?<![\w./-])((?:[\w.-]+/)*[\w-]+\.(?:md|py|yaml|yml|sql|toml))(?![\w/(-])")
# names that pages use for what a command writes or a user makes, not for a file of the repository
OUTPUTS = {"report.md", "report.html", "mine.yaml", "my_cards.yaml", "a.yaml", "b.yaml", "overlay.yaml"}
OUTSIDE = re.compile(r"shared/rules|/work/|/tmp/hbase|four_souls_vocabulary\.md|\.\./shared")


def _skipped(path: Path) -> bool:
    """Folders that are not the project's own pages: hidden ones (.git, .venv-ci, caches), virtual
    environments and installed packages, build output, results."""
    folders = path.relative_to(ROOT).parts[:-1]
    return any(
        part.startswith(".") or part in SKIPPED_DIRS or part.endswith(".egg-info") or part.startswith("venv")
        for part in folders
    )


def project_files(*suffixes: str) -> list[Path]:
    return [p for p in ROOT.rglob("*") if p.suffix in suffixes and p.is_file() and not _skipped(p)]


def test_markdown_pages_name_only_files_that_exist():
    basenames = {p.name for p in project_files(".md", ".py", ".yaml", ".yml", ".sql", ".toml")}
    missing = []
    for page in project_files(".md"):
        for name in NAMED.findall(page.read_text(encoding="utf-8")):
            if Path(name).name in OUTPUTS or name.startswith(("http", "www.")):
                continue
            if "/" in name:
                found = any((base / name).exists() for base in (page.parent, ROOT, ROOT / "docs"))
            else:
                found = name in basenames
            if not found:
                missing.append(f"{page.relative_to(ROOT)}: {name}")
    assert not missing, f"pages name files the repository does not have: {missing}"


def test_nothing_points_outside_the_checkout_for_rules_or_design():
    """Rule IDs are looked up in docs/rules/, the design in docs/design.md — both in the repository; no page
    names a file of one machine (a checkout's parent folders, a scratch file in /tmp)."""
    found = []
    for path in project_files(".md", ".py", ".yaml", ".yml", ".sql"):
        if path.name in {"test_docs_files.py", "test_rules_reference.py"}:
            continue  # these two name the outside folder to check it, or to read the digests when present
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if OUTSIDE.search(line):
                found.append(f"{path.relative_to(ROOT)}:{n}")
    assert not found, f"points outside the repository: {found}"
    assert (ROOT / "docs" / "design.md").is_file()  # what "DESIGN: …" in code comments refers to
