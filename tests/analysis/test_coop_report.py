"""The solo/co-op report section (analysis.coop) on a hand-made run: n, wins and Wilson intervals per
number of seats equal hand-counted values; competitive runs get no such section."""

from __future__ import annotations

import pytest
from test_report_fixture import game, player, write_run

from cardlab.analysis import coop, report
from cardlab.analysis.runs import Run
from cardlab.analysis.stats import wilson


def _team_games():
    """2 seats: 10 games — 3 won together, 6 lost to the timer, 1 turn cap; 3 seats: 4 games, 1 won."""
    games, players, g = [], [], 0
    for n, results in ((2, ["win"] * 3 + ["no_winner"] * 6 + ["turn_cap"]), (3, ["win"] + ["no_winner"] * 3)):
        for k, reason in enumerate(results):
            won = reason == "win"
            games.append(game(g, list(range(n)) if won else [], turns=8 + k, n=n, end_reason=reason))
            players += [player(g, s, won, "sensible", n=n) for s in range(n)]
            g += 1
    return games, players


@pytest.fixture(scope="module")
def team_run(tmp_path_factory):
    games, players = _team_games()
    config = {"n_players": 3, "variant": ["co-op"], "difficulty": "hard", "soul_cap": 0}
    return Run.open(
        write_run(tmp_path_factory.mktemp("coop") / "run", "four-souls", games, players, config=config)
    )


def test_outcome_table_counts_and_wilson(team_run):
    table = coop.outcome_table(team_run)
    assert table["n_players"].to_list() == [2, 3]
    assert table["games"].to_list() == [10, 4]
    assert table["wins"].to_list() == [3, 1]
    assert table["lost"].to_list() == [6, 3]
    assert table["turn_caps"].to_list() == [1, 0]
    assert table["win_probability"].to_list() == [0.3, 0.25]
    for row, (w, n) in zip(table.iter_rows(named=True), ((3, 10), (1, 4)), strict=True):
        assert (row["lower"], row["upper"]) == pytest.approx(wilson(w, n))


def test_report_opens_with_the_timer_section_and_skips_matchups(team_run):
    built = report.build(team_run)
    first = built.sections[0]
    assert first.title == "Win probability against the timer (co-op; difficulty hard)"
    assert first.frame["win probability"].to_list() == ["30.0%", "25.0%"]
    assert first.frame["games (n)"].to_list() == [10, 4]
    assert not any("Matchups" in s.title or "ratings" in s.title for s in built.sections)
    assert any("solo/co-op" in note for note in built.notes)


def test_competitive_run_has_no_timer_section(tmp_path):
    games = [game(i, [i % 2], turns=10) for i in range(6)]
    players = [player(i, s, s == i % 2) for i in range(6) for s in (0, 1)]
    run = Run.open(write_run(tmp_path / "run", "pig", games, players))
    assert coop.team_mode(run) == "" and coop.section(run) is None


def test_team_win_rates_count_each_game_once(team_run):
    """Every seat of a co-op game shares its result: two sensible seats are one observation, so the
    strategy's n is the 14 games (4 won), not the 32 seats, and there is no 1/n baseline."""
    from cardlab.analysis.winrates import winrate_by

    frame = winrate_by(team_run, "strategy")
    assert frame.select("value", "games", "wins").rows() == [("sensible", 14, 4)]
    assert frame["baseline"].to_list() == [None]
    assert (frame["lower"][0], frame["upper"][0]) == pytest.approx(wilson(4, 14))
    report.build(team_run)  # the plot copes with no baseline
