"""A game is a pure function (DESIGN) for Gosu X and Hidden Reason: the same config and seed give the same
tables in a fresh process, after a run of another card overlay in the same process, and as a sweep point."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from polars.testing import assert_frame_equal

from cardlab.cli import cli
from cardlab.simulate.gosu_x.cards import DEFAULT_CARDS as GX_CARDS
from cardlab.simulate.hidden_reason.decks import BUNDLED as HR_CARDS
from tests.kernel_helpers import read_sorted

ROOT = Path(__file__).resolve().parents[1]
RUN = ("-n", "16", "--seed", "3", "-j", "1", "--batch-size", "100", "-q", "-s", "sensible,random")
TABLES = ("games", "players", "events")


def _gx_overlay(tmp: Path, name: str, hand_limit: int, lava_combat: int) -> str:
    folder = tmp / name
    shutil.copytree(GX_CARDS, folder)
    nara = folder / "narasimha.yaml"
    nara.write_text(nara.read_text().replace("tile: {hand_limit: 5}", f"tile: {{hand_limit: {hand_limit}}}"))
    goan = folder / "goan_sul.yaml"
    text = goan.read_text()
    goan.write_text(re.sub(r"(name: Lava Goddesses, id: 30, level: 1,)", rf"\1 combat: {lava_combat},", text))
    return name  # relative: the runs start in ``tmp`` (sweep --vary splits values on "/")


def _hr_overlay(tmp: Path, name: str, attack: int) -> str:
    """A copy of the Legion class file with every unit's attack set to ``attack``."""
    path = tmp / f"{name}.yaml"
    text = (HR_CARDS / "cards" / "legion.yaml").read_text()
    path.write_text(re.sub(r"attack: \d+", f"attack: {attack}", text))
    return path.name


OVERLAYS = {
    "gosu-x": lambda tmp: (_gx_overlay(tmp, "a", 4, 1), _gx_overlay(tmp, "b", 6, 4)),
    "hidden-reason": lambda tmp: (_hr_overlay(tmp, "a", 1), _hr_overlay(tmp, "b", 4)),
}


def _tables(run: Path) -> dict:
    return {t: read_sorted(run, t) for t in TABLES}


def _same(a: dict, b: dict) -> None:
    for t in TABLES:
        assert_frame_equal(a[t], b[t].select(a[t].columns))


@pytest.mark.parametrize("game", ["gosu-x", "hidden-reason"])
def test_same_config_same_tables_fresh_after_another_config_and_as_a_sweep_point(tmp_path, monkeypatch, game):
    a, b = OVERLAYS[game](tmp_path)
    monkeypatch.chdir(tmp_path)
    # 1. a fresh process runs b alone
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    cmd = [sys.executable, "-c", "from cardlab.cli import main; main()", "simulate", game, "--cards", b]
    done = subprocess.run(
        [*cmd, *RUN, "--out", str(tmp_path / "fresh"), "--name", "b"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
    )
    assert done.returncode == 0, done.stderr.decode()
    fresh = _tables(tmp_path / "fresh" / "b")
    # 2. this process runs a, then b
    runner = CliRunner()
    for name, cards in (("a", a), ("b", b)):
        result = runner.invoke(
            cli, ["simulate", game, "--cards", cards, *RUN, "--out", str(tmp_path / "proc"), "--name", name]
        )
        assert result.exit_code == 0, result.output
    _same(fresh, _tables(tmp_path / "proc" / "b"))
    other = _tables(tmp_path / "proc" / "a")["events"]
    assert not other.equals(fresh["events"])  # the two configs really differ (the test can fail)
    # 3. a sweep over a, b: its point b is the standalone run
    result = runner.invoke(
        cli,
        ["sweep", game, "--vary", f"cards={a},{b}", *RUN, "--out", str(tmp_path / "sweep"), "--name", "s"],
    )
    assert result.exit_code == 0, result.output
    point = next(p for p in (tmp_path / "sweep" / "s").iterdir() if p.name.startswith("p001"))
    _same(fresh, _tables(point))


def test_an_edited_overlay_is_read_again_in_the_same_process(tmp_path):
    """No cache outlives the card data it came from: the Hidden Reason pool is reloaded after an edit."""
    from cardlab.simulate.hidden_reason.decks import load_pool

    path = tmp_path / _hr_overlay(tmp_path, "edit", 2)
    unit = next(d for d in load_pool(str(path)).cards.values() if d.file == str(path) and d.is_unit)
    assert unit.attack == 2
    path.write_text(path.read_text().replace("attack: 2", "attack: 3") + "\n")
    again = load_pool(str(path)).cards[unit.name]
    assert again.attack == 3
