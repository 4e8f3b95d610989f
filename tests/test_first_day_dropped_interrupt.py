"""A Ctrl-C that lands in a finalizer (joblib's pools hold weakref callbacks) raised KeyboardInterrupt
inside it, where Python prints "Exception ignored in …" and drops it: the run went on and the command
exited 0. The command watches Ctrl-C (``simulate.core.interrupts``) and the run checks at every batch."""

from __future__ import annotations

import gc
import json
import signal

import pytest
from click.testing import CliRunner

from cardlab.cli import cli
from cardlab.simulate.core import interrupts, runner

# the dropped KeyboardInterrupt is reported as an unraisable exception: that is the case tested
pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")


class _PressedInAFinalizer:
    def __del__(self) -> None:
        signal.raise_signal(signal.SIGINT)  # the handler runs here, and its KeyboardInterrupt is dropped


def _drop_one_ctrl_c(monkeypatch) -> list[int]:
    appended: list[int] = []
    original = runner.append_batch

    def append_then_press(out, entry):
        original(out, entry)
        appended.append(entry.batch)
        if len(appended) == 1:
            _PressedInAFinalizer()  # collected at once: its __del__ runs, as a pool's finalizer would
            gc.collect()

    monkeypatch.setattr(runner, "append_batch", append_then_press)
    return appended


def test_a_ctrl_c_a_finalizer_dropped_stops_the_run_resumably(tmp_path, monkeypatch):
    appended = _drop_one_ctrl_c(monkeypatch)
    args = ["simulate", "pig", "-n", "4", "--batch-size", "1", "-j", "1", "-q", "--out", str(tmp_path)]
    result = CliRunner().invoke(cli, [*args, "--name", "r"])
    assert result.exit_code == 130, result.output  # old code: 0, all four batches played
    assert appended == [0], appended
    assert "interrupted: finished batches are kept in" in result.output and "--resume" in result.output
    manifest = json.loads((tmp_path / "r" / "manifest.json").read_text())
    assert (manifest["status"], manifest["stop_reason"]) == ("incomplete", "interrupted")


def test_the_watch_raises_a_dropped_ctrl_c_at_its_end_and_leaves_the_handler_as_it_was():
    before = signal.getsignal(signal.SIGINT)
    try:
        with interrupts.watched():
            _PressedInAFinalizer()
            gc.collect()
    except KeyboardInterrupt:
        pass
    else:
        raise AssertionError("the dropped Ctrl-C was lost")
    assert signal.getsignal(signal.SIGINT) is before
    with interrupts.watched():  # a new watch starts clean
        pass


def test_a_command_whose_ctrl_c_was_dropped_ends_interrupted_not_ok(monkeypatch):
    from cardlab import api

    checked = api.cards_check

    def check_then_press(*args, **kwargs):
        _PressedInAFinalizer()
        gc.collect()
        return checked(*args, **kwargs)

    monkeypatch.setattr(api, "cards_check", check_then_press)
    result = CliRunner().invoke(cli, ["cards", "check", "decklists/gosu_x"])
    assert result.exit_code == 130, result.output  # old code: 0
    assert result.output.rstrip().endswith("interrupted"), result.output
