"""Installed, cardlab is one import name (issue 17 item 2): the repository's folders are mapped under
``cardlab`` by setup.py, so nothing named ``simulate`` or ``analysis`` lands in site-packages."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_the_distribution_has_one_top_level_name(tmp_path):
    pytest.importorskip("setuptools", minversion="77")  # the SPDX license form (PEP 639)
    done = subprocess.run(
        [sys.executable, "setup.py", "-q", "egg_info", "--egg-base", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    info = next(tmp_path.glob("*.egg-info"))
    assert (info / "top_level.txt").read_text().split() == ["cardlab"]
    sources = (info / "SOURCES.txt").read_text().split()
    # every engine, strategy and analysis module, and the bundled card data, ship under the one name
    for path in ("simulate/core/runner.py", "strategies/registry.py", "analysis/report.py", "setup.py"):
        assert path in sources
    data = {
        str(path.relative_to(ROOT))
        for folder in ("simulate", "strategies", "analysis", "decklists")
        for suffix in ("sql", "json", "yaml")
        for path in (ROOT / folder).rglob(f"*.{suffix}")
    }
    assert data and data <= set(sources), sorted(data - set(sources))


def test_the_mapped_packages_import_through_cardlab():
    import cardlab.analysis.report
    import cardlab.decklists
    import cardlab.simulate.games
    import cardlab.strategies.registry

    for module in (cardlab.simulate.games, cardlab.strategies.registry, cardlab.analysis.report):
        assert module.__name__.startswith("cardlab.")
    assert (Path(cardlab.decklists.__file__).parent / "four_souls").is_dir()
