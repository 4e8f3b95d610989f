"""The console script loads the command line with the cyclic collector held off and then moves what it
loaded out of the collector's reach (``gc.freeze``): those modules live as long as the process, and walking
them cost every command about 0.1 s of CPU (docs/performance.md)."""

from __future__ import annotations

import gc

from cardlab import console


def test_the_command_line_loads_without_the_collector_and_is_frozen_before_it_runs(monkeypatch):
    seen: dict[str, bool] = {}

    class CommandLine:
        def main(self) -> None:
            seen["runs collecting"] = gc.isenabled()

    def load(name: str) -> CommandLine:
        assert name == "cardlab.cli"
        seen["loads collecting"] = gc.isenabled()
        return CommandLine()

    monkeypatch.setattr(console, "import_module", load)
    monkeypatch.setattr(gc, "freeze", lambda: seen.setdefault("frozen collecting", gc.isenabled()))
    console.main()
    assert seen == {"loads collecting": False, "frozen collecting": False, "runs collecting": True}


def test_a_collector_turned_off_before_the_script_stays_off(monkeypatch):
    monkeypatch.setattr(
        console, "import_module", lambda name: type("Line", (), {"main": lambda self: None})()
    )
    monkeypatch.setattr(gc, "freeze", lambda: None)
    gc.disable()
    try:
        console.main()
        assert not gc.isenabled()
    finally:
        gc.enable()
