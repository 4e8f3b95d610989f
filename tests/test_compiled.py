"""The compiled build and its pure-Python fallback (issue 20 item 1): which build runs is reported, and
``CARDLAB_PURE=1`` loads every compiled module from its source. The compiled build itself is made and
checked game by game against the sources by CI (`pip install .`, then ``python -m cardlab.compiled``)."""

from __future__ import annotations

import importlib
import importlib.machinery
import os
import subprocess
import sys
from pathlib import Path

import pytest

import cardlab
from cardlab import compiled
from cardlab.cli import cli

ROOT = Path(__file__).resolve().parents[1]


def test_the_pure_switch_loads_the_source_beside_a_compiled_module(tmp_path):
    (tmp_path / "engine.py").write_text("X = 1\n")
    finder = compiled._SourcesFirst()
    assert finder.find_spec("cardlab.fake.engine", [str(tmp_path)]) is None  # no compiled module: as usual
    (tmp_path / f"engine{importlib.machinery.EXTENSION_SUFFIXES[0]}").write_bytes(b"")
    spec = finder.find_spec("cardlab.fake.engine", [str(tmp_path)])
    assert spec is not None and spec.origin == str(tmp_path / "engine.py")
    assert isinstance(spec.loader, importlib.machinery.SourceFileLoader)
    assert finder.find_spec("other.engine", [str(tmp_path)]) is None  # only cardlab's own modules


def test_every_listed_module_exists_and_the_editable_install_runs_the_sources():
    for name in compiled.module_names():
        module = importlib.import_module(name)
        assert module.__file__.endswith(".py"), module.__file__
    assert compiled.running() == []
    assert compiled.describe() == "pure-Python build (no compiled modules installed)"


def test_describe_says_when_the_pure_build_was_asked_for(monkeypatch):
    monkeypatch.setenv("CARDLAB_PURE", "1")
    assert compiled.describe() == "pure-Python build (CARDLAB_PURE=1)"


@pytest.mark.parametrize("value", ["yes", "true", "2", " 1"])
def test_a_pure_switch_other_than_1_or_0_is_one_line(cli_runner, value):
    """Only ``CARDLAB_PURE=1`` asks for the sources: any other value ran the compiled build without a word.
    Every command refuses it before any work, naming the variable and the value (exit 2)."""
    for value_ok in ("0", "1", ""):
        assert cli_runner.invoke(cli, ["games"], env={"CARDLAB_PURE": value_ok}).exit_code == 0
    result = cli_runner.invoke(cli, ["games"], env={"CARDLAB_PURE": value})
    assert result.exit_code == 2
    assert result.output == (
        f"error: CARDLAB_PURE={value!r}: set it to 1 for the pure-Python build, or to 0\n"
    )


def test_the_api_refuses_an_odd_pure_switch_as_the_command_line_does(monkeypatch, tmp_path):
    """``CARDLAB_PURE=yes`` refused every command but ran a notebook's ``cl.simulate`` on the compiled build
    without a word: every API function checks the environment first (nothing written)."""
    import cardlab.api as cl

    monkeypatch.setenv("CARDLAB_PURE", "yes")
    message = "CARDLAB_PURE='yes': set it to 1 for the pure-Python build, or to 0"
    for call in (
        lambda: cl.simulate("gosu-x", games=2, jobs=1, out=tmp_path),
        lambda: cl.open_run(tmp_path),
        lambda: cl.cards_check(tmp_path),
    ):
        with pytest.raises(cl.UserError) as refused:
            call()
        assert str(refused.value) == message
    assert not any(tmp_path.iterdir())


def test_the_install_reads_the_pure_switch_as_the_command_line_does(monkeypatch, capsys):
    """``CARDLAB_PURE=yes pip install .`` compiled: only 1 meant pure at install time, and the build's
    fallback caught any stop. An odd value now stops the build itself, before mypyc is touched, with the
    command line's line (exit 2); 1 builds pure and 0 or unset compiles, as at run time."""
    import runpy

    import setuptools
    from setuptools.dist import Distribution

    monkeypatch.setattr(setuptools, "setup", lambda **kwargs: None)  # load setup.py's names only
    build = runpy.run_path(str(ROOT / "setup.py"))["BuildCompiled"]
    asked = []
    build.run.__globals__["_mypyc_extensions"] = lambda compiled: asked.append(1) or []
    for value in ("yes", "true", "2"):
        monkeypatch.setenv("CARDLAB_PURE", value)
        command = build(Distribution())
        command.ensure_finalized()
        with pytest.raises(SystemExit) as stop:
            command.run()
        assert stop.value.code == 2
        assert capsys.readouterr().err == (
            f"cardlab: error: CARDLAB_PURE={value!r}: set it to 1 for the pure-Python build, or to 0\n"
        )
    assert asked == []
    for value, pure in (("1", True), ("0", False), ("", False)):
        monkeypatch.setenv("CARDLAB_PURE", value)
        assert compiled.install_pure() is pure


def test_version_and_bench_say_which_build_runs(cli_runner):
    out = cli_runner.invoke(cli, ["--version"])
    assert out.exit_code == 0
    assert out.output.splitlines() == [f"cardlab, version {cardlab.__version__}", compiled.describe()]
    bench = cli_runner.invoke(cli, ["bench", "gosu-x", "--games-per", "2"])
    assert bench.exit_code == 0, bench.output
    assert bench.output.rstrip().endswith(f"({compiled.describe()})")


def test_the_identity_hashes_follow_the_games():
    case = (("gosu-x", 2, ("random",), ()),)
    first = compiled.hashes(2, case)
    assert first == compiled.hashes(2, case)
    assert first != compiled.hashes(3, case)


def test_an_install_with_CARDLAB_PURE_builds_nothing_and_says_so(tmp_path):
    pytest.importorskip("setuptools", minversion="77")  # the SPDX license form (PEP 639)
    env = {**os.environ, "CARDLAB_PURE": "1"}
    done = subprocess.run(
        [
            sys.executable,
            "setup.py",
            "-q",
            "build_ext",
            "--build-lib",
            str(tmp_path),
            "--build-temp",
            str(tmp_path),
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert "cardlab: CARDLAB_PURE=1: installing the pure-Python build" in done.stderr.splitlines()
    assert not list(tmp_path.rglob("*.so"))


def test_the_identity_cases_play_every_compiled_engine_and_strategy():
    """A compiled module no identity case runs would go unchecked against its source."""
    from cardlab.strategies import registry

    games = {game for game, *_ in compiled.CASES}
    for folder in compiled.COMPILED:
        kind, package = folder.split("/")
        if folder == "simulate/core":
            continue  # the kernel: every case runs it
        game = package.replace("_", "-")
        assert game in games, folder
        if kind != "strategies":
            continue
        played = {s.split(":")[0] for g, _, strategies, _ in compiled.CASES if g == game for s in strategies}
        played |= {"sensible"}  # the default strategy of every game
        modules = {f"cardlab.{kind}.{package}.{m}" for m in compiled.COMPILED[folder]}
        for name, cls in registry.for_game(game).items():
            if any(klass.__module__ in modules for klass in cls.__mro__):  # its rules, or its base's
                assert name in played, (game, name)


def test_the_staging_lays_the_sources_out_as_installed(tmp_path):
    """What mypy (CI's type check) and mypyc (the build) read: ``simulate/`` as ``cardlab/simulate``."""
    paths = compiled.stage(ROOT, tmp_path)
    assert len(paths) == len(compiled.module_names())
    assert all((tmp_path / p).is_file() for p in paths)
    assert (tmp_path / "cardlab" / "simulate" / "core" / "game.py").is_file()
    assert not list(tmp_path.rglob("__pycache__"))


def test_the_seeded_runs_hash_the_same_twice_and_refuse_an_unknown_name(capsys):
    first = compiled.seeded(["gx"])
    assert first == compiled.seeded(["gx"]) and len(first["gx"]) == 16
    assert compiled.main(["--seeded", "gx", "fs9"]) == 2
    assert "unknown seeded run 'fs9'" in capsys.readouterr().err
