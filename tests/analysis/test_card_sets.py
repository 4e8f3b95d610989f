"""Card figures by published set (analysis.card_sets, issue 19) on a hand-made run, counted by hand."""

from __future__ import annotations

import json

import pytest
from test_report_fixture import event, game, player, write_run

from cardlab.analysis import card_sets
from cardlab.analysis.runs import Run
from cardlab.analysis.stats import wilson
from cardlab.simulate.core.analysis_spec import AnalysisSpec, CardAction

SPEC = AnalysisSpec(card_actions=(CardAction("gained (items)", ("item_gained",), "gained"),))
SETS = {"The D6": "Base Game V2", "Berserk": "Requiem", "Gaper": "Base Game V2 / Alt Art"}


def _run(tmp_path, sets=SETS):
    """Three 2-player games. Game 0: seat 0 gains The D6 and Berserk, wins. Game 1: seat 1 gains Berserk
    twice (one holding), seat 0 wins. Game 2: seat 0 gains Gaper (two sets) and The D6, seat 1 wins."""
    games = [game(0, [0], turns=5), game(1, [0], turns=5), game(2, [1], turns=5)]
    players = [player(g, s, s == w) for g, w in ((0, 0), (1, 0), (2, 1)) for s in (0, 1)]
    events = [
        event(0, 0, 1, 0, "item_gained", "The D6"),
        event(0, 1, 2, 0, "item_gained", "Berserk"),
        event(1, 0, 1, 1, "item_gained", "Berserk"),
        event(1, 1, 2, 1, "item_gained", "Berserk"),
        event(2, 0, 1, 0, "item_gained", "Gaper"),
        event(2, 1, 2, 0, "item_gained", "The D6"),
        event(2, 2, 2, -1, "item_gained", "Berserk"),  # the game's, not a player's: ignored
    ]
    path = write_run(tmp_path / "fs", "four-souls", games, players, events)
    manifest = json.loads((path / "manifest.json").read_text())
    manifest["coverage"] = {"sets": sets} if sets else None
    (path / "manifest.json").write_text(json.dumps(manifest))
    return Run.open(path)


def _row(frame, name):
    return frame.filter(frame["set"] == name).row(0, named=True)


def test_players_who_did_something_with_a_card_of_the_set_against_the_others(tmp_path):
    frame = card_sets.set_figures(_run(tmp_path), SPEC)
    assert sorted(frame["set"].to_list()) == ["Base Game V2", "Base Game V2 / Alt Art", "Requiem"]
    base = _row(frame, "Base Game V2")  # seat 0 of games 0 (won) and 2 (lost): 1 win in 2; others 1 in 4
    assert (base["cards"], base["games_with"], base["players_with"], base["wins_with"]) == (1, 2, 2, 1.0)
    assert base["players_without"] == 4 and base["wr_without"] == pytest.approx(2 / 4)
    assert (base["with_lower"], base["with_upper"]) == pytest.approx(wilson(1, 2))
    req = _row(frame, "Requiem")  # seat 0 of game 0 (won), seat 1 of game 1 (lost, counted once)
    assert (req["cards"], req["games_with"], req["players_with"], req["wins_with"]) == (1, 2, 2, 1.0)
    both = _row(frame, "Base Game V2 / Alt Art")
    assert (both["players_with"], both["wins_with"]) == (1, 0.0)
    assert both["diff"] == pytest.approx(0 - 3 / 5)


def test_a_run_over_one_set_has_no_section(tmp_path):
    run = _run(tmp_path, sets=None)
    assert card_sets.sets_of(run) == {}
    assert card_sets.sections(run, SPEC) == []
