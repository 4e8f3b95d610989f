"""Every game's replay story tells the truth and reads the same way (issue 18 item 6): its totals at the end
equal the players and games tables over seeded games; seats are named "seat N" everywhere; the CLI tells
the story by default, lists events with --events and writes the same story as a page with --html."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from cardlab.cli import cli
from cardlab.simulate import games
from cardlab.simulate.core import Players, stream
from cardlab.simulate.core.narrative import Event, target_seat, tell
from cardlab.strategies import registry

CASES = [("gosu-x", 2), ("hidden-reason", 2), ("hidden-reason", 3), ("four-souls", 3)]


def _play(game: str, n: int, seed: int, strategy: str):
    spec = games.get(game)
    build = registry.for_game(game)[strategy]
    players = Players([build(i, stream(seed, "strategy", i)) for i in range(n)])
    return spec, spec.play(spec.make_config(n, 200), seed, players, True)


@pytest.mark.parametrize(("game", "n"), CASES)
@pytest.mark.parametrize("strategy", ["sensible", "random"])
def test_the_story_ends_where_the_tables_end(game, n, strategy):
    for seed in range(6):
        spec, result = _play(game, n, seed, strategy)
        story = spec.story(n)
        for row in result.events.rows:
            story.see(Event.of(row))
        for seat, played in enumerate(result.seats):
            told = story.tracked(seat)
            assert told == {k: played.columns[k] for k in told}, (seed, seat)
        if game == "hidden-reason":
            assert story.boss_hp == result.columns["boss_hp_end"], seed
            assert story.unmatched == 0, seed


def test_a_target_seat_is_an_int_and_a_name_never_reads_as_one():
    """Run format 3: engines log a seat target as an int (target_seat); no text is parsed for a seat."""
    assert [target_seat(t) for t in (2, 0, "p2", "seat2", "boss", None, True)] == [2, 0] + [None] * 5
    row = (1, "main", 0, "cents_stolen", "Trade", None, 3, None, 1, None)
    assert (
        Event.of(row).target == 1 and Event.of(row[:5] + ("boss",) + row[6:8] + (None, None)).target == "boss"
    )


@pytest.mark.parametrize(("game", "n"), CASES)
def test_one_seat_naming_in_every_replay(game, n):
    spec, result = _play(game, n, 3, "sensible")
    lines = tell(spec.story(n), result.events.rows)
    lines += [spec.describe_event(row) for row in result.events.rows]
    offenders = [line for line in lines if re.search(r"\b[Pp]\d\b|\bseat\d", line)]
    assert not offenders, offenders[:5]
    assert any(line.startswith("Turn 1 — seat ") for line in lines)


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    out = tmp_path_factory.mktemp("runs")
    result = CliRunner().invoke(
        cli, ["simulate", "hidden-reason", "-n", "3", "--out", str(out), "--name", "r", "-q"]
    )
    assert result.exit_code == 0, result.output
    return out / "r"


def test_replay_tells_the_story_lists_events_and_writes_a_page(run, tmp_path):
    story = CliRunner().invoke(cli, ["replay", str(run), "--game", "1"])
    assert story.exit_code == 0, story.output
    assert "\nTurn 1 — seat " in story.output and "  · the boss: " in story.output
    assert "\nAt the end\n" in story.output
    listed = CliRunner().invoke(cli, ["replay", str(run), "--game", "1", "--events"])
    assert listed.exit_code == 0 and re.search(r"^\s+0  T0 ", listed.output, re.M), listed.output[:300]
    page = tmp_path / "game1.html"
    shown = CliRunner().invoke(cli, ["replay", str(run), "--game", "1", "--html", str(page)])
    assert shown.exit_code == 0 and shown.output == story.output
    html = page.read_text()
    titles = [line for line in story.output.splitlines() if line.startswith("Turn ")]
    assert html.count("<h2>") == len(titles) + 1  # every turn and the end
    assert f"<h2>{titles[-1]}</h2>".replace("—", "—") in html
    live = CliRunner().invoke(cli, ["replay", str(run), "--seed", "7"])
    assert live.exit_code == 0 and "\nTurn 1 — seat " in live.output
