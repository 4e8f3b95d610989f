"""Run format 3 (issue 17 item 3, issue 18 item 12): a seat an event is aimed at is an integer column with
``seat``'s encoding (``target_seat``), a number an event reports is a column (``value``), and each game's
meaning for analysis travels in the manifest (``GameSpec.analysis`` → ``Manifest.analysis``)."""

from __future__ import annotations

import random
import re

import pytest

from cardlab.analysis.runs import Run
from cardlab.simulate import games
from cardlab.simulate.core import AnalysisSpec, CardAction, EventLog, FirstScore, GameSpec, Players, ScoreRule
from cardlab.simulate.core.events import EVENT_FIELDS
from cardlab.simulate.core.game import play_seated
from cardlab.simulate.core.runformat import Manifest, RunFormatError
from cardlab.strategies import registry
from tests.kernel_helpers import simulate

SEAT_AS_TEXT = re.compile(r"(^|\+ )(p|seat ?)[0-9]+($| \+)")
TARGET, TARGET_SEAT, VALUE = (EVENT_FIELDS.index(n) for n in ("target", "target_seat", "value"))


def test_emit_stores_a_seat_target_as_an_int_and_a_name_as_text():
    log = EventLog()
    log.emit("damage", 0, "Bomb", 2, 1)
    log.emit("damage", 0, "Bomb", "Gurdy", 1)
    log.emit("boss_damage", 1, "Bolt", "boss", 4, value=36)
    assert [(r[TARGET], r[TARGET_SEAT], r[VALUE]) for r in log.rows] == [
        (None, 2, None),
        ("Gurdy", None, None),
        ("boss", None, 36),
    ]
    assert all(len(r) == len(EVENT_FIELDS) for r in log.rows)


def _rows(game: str, seeds: range, n_players: int = 2) -> list[tuple]:
    spec = games.get(game)
    sensible = registry.for_game(game)["sensible"]
    config = spec.make_config(n_players=n_players, max_turns=spec.default_max_turns)
    rows = []
    for seed in seeds:
        players = Players([sensible(s, random.Random(seed * 7 + s)) for s in range(n_players)])
        rows += play_seated(spec, config, seed, players).events.rows
    return rows


@pytest.mark.parametrize(
    ("game", "n_players", "n_games"),
    [("four-souls", 3, 3), ("gosu-x", 2, 5), ("hidden-reason", 2, 60)],  # a seat target is rare in HR
)
def test_no_engine_logs_a_seat_as_text_and_every_target_seat_is_a_seat(game, n_players, n_games):
    rows = _rows(game, range(n_games), n_players)
    as_text = {r[TARGET] for r in rows if isinstance(r[TARGET], str) and SEAT_AS_TEXT.search(r[TARGET])}
    assert as_text == set()
    seats = {r[TARGET_SEAT] for r in rows if r[TARGET_SEAT] is not None}
    assert seats and seats <= set(range(n_players))  # every engine aims events at players, all by seat


def test_HR_3_2_boss_damage_carries_the_hp_left_as_its_value():
    """HR-3.1 / HR-3.2: the boss starts at 25 HP a player; each boss_damage row's value is the HP left
    after it (no number is parsed from detail), so the game ends at the first value ≤ 0."""
    for seed in range(3):
        rows = _rows("hidden-reason", range(seed, seed + 1))
        hp = 50
        hits = [r for r in rows if r[3] == "boss_damage"]
        for r in hits:
            hp -= r[6]
            assert r[VALUE] == hp and r[7] is None
        assert hits and (hits[-1][VALUE] <= 0) == any(r[3] == "lethal_blow" for r in rows)


def _spec(**analysis) -> GameSpec:
    pig = games.get("pig")
    return GameSpec(
        name="probe",
        title="probe",
        make_config=pig.make_config,
        play=pig.play,
        event_kinds=pig.event_kinds,
        player_columns=pig.player_columns,
        players_range=(2, 2),
        default_players=2,
        analysis=AnalysisSpec(**analysis),
    )


@pytest.mark.parametrize(
    ("analysis", "message"),
    [
        ({"card_actions": (CardAction("used", ("hlod",), "used"),)}, "unknown event kinds ['hlod']"),
        ({"score_rules": (ScoreRule("nope"),)}, "unknown event kinds ['nope']"),
        ({"first_score": FirstScore("x", ("hold",), below_half_of="hp")}, "unknown column 'hp'"),
        ({"main_column": "character"}, "unknown column 'character'"),
        ({"rounds_column": "rounds"}, "unknown column 'rounds'"),
    ],
)
def test_a_declaration_naming_an_unknown_kind_or_column_is_refused(analysis, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        _spec(**analysis)


@pytest.mark.parametrize("game", sorted(games.BUILTIN))
def test_every_builtin_game_declares_what_analysis_needs_and_it_survives_json(game):
    spec = games.get(game)
    assert spec.analysis is not None and spec.analysis.main_column in spec.player_columns
    assert AnalysisSpec.from_dict(spec.analysis.to_dict()) == spec.analysis


def test_the_runner_writes_the_declaration_and_analysis_reads_it_from_the_manifest(tmp_path):
    assert simulate(tmp_path, "p", "-n", "6", "--seed", "2", "-s", "hold,random").exit_code == 0
    run = Run.open(tmp_path / "p")
    assert run.analysis == games.get("pig").analysis
    again = Manifest.from_dict("m", run.manifest.to_dict())
    assert again.analysis == run.analysis


def test_a_manifest_entry_of_the_wrong_shape_is_one_run_format_line(tmp_path):
    data = Manifest.from_dict("m", _manifest(tmp_path)).to_dict()
    data["analysis"]["card_actions"] = [{"name": "x", "kinds": "hold", "verb": "x"}]
    with pytest.raises(RunFormatError, match=r"^m: analysis: 'kinds' must be a list$"):
        Manifest.from_dict("m", data)


def _manifest(tmp_path) -> dict:
    import json

    assert simulate(tmp_path, "q", "-n", "2", "--seed", "1", "-s", "hold,random").exit_code == 0
    return json.loads((tmp_path / "q" / "manifest.json").read_text())
