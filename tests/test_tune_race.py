"""Racing in `cardlab tune` (issue 21 item 3): candidates play the same seeds in rounds, and one whose paired
interval shows it cannot beat the leader is dropped early. Checked on synthetic candidates whose true
distances are known, and on a real (Pig) tune against a full evaluation of every candidate."""

from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np
import polars as pl
import pytest

from cardlab.analysis import targets as tg
from cardlab.tune import parse_knob, race_looks, race_paired, tune
from tests.toygame import GAME as PIG

SPREAD = tg.parse("spread(character) <= 0", ["strategy", "character"])  # the distance is the spread


def _candidate(rates: tuple[float, ...], games: int, luck: np.ndarray) -> pl.DataFrame:
    """Three seats a game, one of each value; a seat wins when its luck (shared by every candidate: the same
    seeds) is below its value's rate, so candidates differ only where their rates do."""
    seat = np.tile(np.arange(3), games)
    return pl.DataFrame(
        {
            "game": np.repeat(np.arange(games), 3),
            "seat": seat,
            "place": seat,
            "dim": "character",
            "value": np.array(list("ABC"))[seat],
            "win_share": (luck[:games] < np.asarray(rates)).astype(float).ravel(),
        }
    )


def _synthetic_race(candidates: dict[str, tuple[float, ...]], n_games: int, seed: int, shared: bool = True):
    rng = np.random.default_rng(seed)
    common = rng.random((n_games, 3))
    frames = {
        name: _candidate(rates, n_games, common if shared else rng.random((n_games, 3)))
        for name, rates in candidates.items()
    }
    asked: dict[str, int] = {}

    def gaps(name: str, games: int, weights: np.ndarray):
        asked[name] = max(asked.get(name, 0), games)
        seats = frames[name].filter(pl.col("game") < games)
        return SPREAD.gap(SPREAD.measure(seats)), tg.replicate_gaps(SPREAD, seats, weights)

    return race_paired(list(candidates), n_games, gaps, seed), asked


def test_the_best_survives_a_clearly_worse_one_is_dropped_at_the_first_look_and_games_are_saved():
    candidates = {
        "best": (0.50, 0.50, 0.52),  # spread 0.02
        "close": (0.50, 0.50, 0.55),  # 0.05: not told apart from the best on these games
        "worse": (0.30, 0.50, 0.70),  # 0.40
        "worst": (0.20, 0.50, 0.80),  # 0.60
    }
    raced, asked = _synthetic_race(candidates, 800, seed=1)
    assert race_looks(800) == [200, 400, 800]
    assert "best" in raced.survivors and "close" in raced.survivors
    assert raced.reached["worse"] == raced.reached["worst"] == 200  # dropped at the first look
    assert (
        asked["worse"] == 200 and asked["best"] == 400
    )  # the dropped asked for no more (all: by the caller)
    assert raced.spent == 2 * 800 + 2 * 200 < raced.full == 4 * 800


def test_candidates_that_cannot_be_told_apart_all_play_every_game():
    """Racing only saves games; it never decides on fewer: identical candidates (the same seeds, a change
    that does nothing) are never dropped."""
    same = (0.4, 0.5, 0.6)
    raced, _ = _synthetic_race({"a": same, "b": same, "c": same}, 400, seed=3)
    assert raced.survivors == ["a", "b", "c"] and raced.spent == raced.full


def test_a_candidate_as_good_as_the_leader_is_seldom_dropped():
    """Two candidates with the same true spread (0.2) but their own luck: whichever trails by chance must be
    dropped in at most about RACE_LEVEL of races (Bonferroni over the looks keeps it below)."""
    dropped = 0
    for seed in range(40):
        raced, _ = _synthetic_race({"a": (0.4, 0.5, 0.6), "b": (0.6, 0.5, 0.4)}, 120, seed, shared=False)
        dropped += len(raced.survivors) < 2
    assert dropped <= 4  # 10 %: the nominal 5 % with room for 40 races' noise


def test_the_race_keeps_the_answer_of_a_full_evaluation_with_fewer_games_and_resumes(tmp_path):
    """A Pig tune over five values of the points to win: the race picks what playing every candidate on every
    game picks, plays fewer games, never replays one, and a resume plays none."""
    knob = parse_knob("target=5,10,20,60,100", PIG)
    settings = {"n_games": 80, "seed": 2, "strategies": ["hold", "random"]}
    lines: list[str] = []
    found = tune(PIG, tmp_path / "t", [knob], ["strategy random <= 0.24"], settings, 1, say=lines.append)
    target = tg.parse("strategy random <= 0.24", ["strategy"])
    full = {}
    for value in knob.values:  # every candidate on every game, for comparison
        seats = tune_seats(tmp_path / "full", value, settings)
        full[value] = target.gap(target.measure(seats, 20))
    assert found.steps[-1].changes == (("--target", min(full, key=lambda v: (full[v], v))),)
    ((candidates, dropped, spent, whole),) = found.races
    assert candidates == 5 and dropped >= 1 and spent < whole == 5 * 80
    assert f"{spent} games of {whole}" in "\n".join(lines)
    report = (tmp_path / "t" / "tune.md").read_text()
    assert f"Racing: {spent:,} games played of the {whole:,}" in report
    log = (tmp_path / "t" / "evaluations.jsonl").read_text().splitlines()
    stored = sum(json.loads(line)["seats"].__len__() for line in log)
    assert any("after" in json.loads(line) for line in log)  # a longer look stores only its new games
    again = tune(
        PIG, tmp_path / "t", [knob], ["strategy random <= 0.24"], settings, 1, resume=True, say=print
    )
    assert (tmp_path / "t" / "evaluations.jsonl").read_text().splitlines() == log
    assert (tmp_path / "t" / "tune.md").read_text() == report and again.races == found.races
    assert stored > 0


def tune_seats(folder, value: str, settings) -> pl.DataFrame:
    from cardlab.tune import Evaluator

    evaluator = Evaluator(PIG, settings, folder, ["strategy"])
    return evaluator.seats((("--target", value),), settings["n_games"], settings["seed"])


@pytest.mark.parametrize("n_games", [12, 40, 300])
def test_looks_double_up_to_every_game(n_games):
    looks = race_looks(n_games)
    assert looks[-1] == n_games and looks == sorted(set(looks)) and looks[0] >= min(8, n_games)


@pytest.mark.slow  # a local cluster starts in 3 s (dask) to 12 s (ray); kept in CI, which installs both
@pytest.mark.parametrize("backend", ["dask", "ray"])
def test_a_tune_on_a_cluster_backend_gives_the_rows_and_answer_of_one_process(tmp_path, monkeypatch, backend):
    """A local dask or ray cluster (one worker process, started and stopped by the tune) plays the same
    games as this process: the same evaluations, line for line, and the same tune.md."""
    pytest.importorskip("distributed" if backend == "dask" else "ray")
    root = str(Path(__file__).resolve().parent.parent)  # the workers import the Pig game from tests/
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH")) if p))
    knob = parse_knob("target=5,20,100", PIG)
    settings = {"n_games": 24, "seed": 5, "strategies": ["hold", "random"]}
    out = {}
    for name, extra in (("one", {"jobs": 1}), (backend, {"jobs": 1, "backend": backend})):
        tune(
            PIG, tmp_path / name, [knob], ["strategy random <= 0.3"], settings | extra, 1, say=lambda _: None
        )
        out[name] = [(tmp_path / name / f).read_text() for f in ("evaluations.jsonl", "tune.md")]
    assert out[backend] == out["one"]
