"""Worker processes are reused between runs and keep the directory they started in: a run made after the
caller changed directory must still write its parts into its own folder (found by the docs examples run
after other tests; a notebook that changes directory hits the same)."""

from __future__ import annotations

import cardlab.api as cl


def test_a_relative_run_folder_after_a_change_of_directory(tmp_path, monkeypatch):
    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir()
    second.mkdir()
    monkeypatch.chdir(first)
    assert cl.simulate("pig", games=40, batch_size=10, jobs=2, name="r").totals["games"] == 40
    monkeypatch.chdir(second)  # the workers from the first run are reused, still in `first`
    run = cl.simulate("pig", games=40, batch_size=10, jobs=2, name="r")
    assert run.totals["games"] == 40 and (second / "results" / "r" / "games").is_dir()
    assert cl.verify(second / "results" / "r").ok
