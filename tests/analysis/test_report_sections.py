"""The report's sections on hand-made runs: small-sample flags, seat-adjusted rates, matchups and ratings."""

from __future__ import annotations

import polars as pl
import pytest
from test_report_fixture import event, game, player, write_run

from cardlab.analysis import report
from cardlab.analysis.runs import Run
from cardlab.analysis.winrates import with_wilson


def test_flag_follows_small_samples_rule():
    # 35 games at 50 %: enough games, but the 95 % half-width (0.16) is wider than 0.15 → flagged;
    # 60 games at 50 % (half-width 0.12) is not; 20 games is flagged on count alone.
    frame = with_wilson(pl.DataFrame({"games": [35, 60, 20], "wins": [17, 30, 10]}))
    assert frame["flag"].to_list() == ["few games", "", "few games"]
    assert frame["too_few"].to_list() == [True, False, True]


@pytest.fixture(scope="module")
def unbalanced_run(tmp_path_factory):
    """A sits first in 100 games and second in 25; whoever sits first wins 60 % of the time (seat 0 is
    always first). Crude: A 70/125 = 56 %, B 55/125 = 44 %; seat-adjusted both ½·60 % + ½·40 % = 50 %."""
    games, players, g = [], [], 0
    for first, second, n, first_wins in (("A", "B", 100, 60), ("B", "A", 25, 15)):
        for k in range(n):
            won = k < first_wins
            games.append(game(g, [0 if won else 1], turns=5))
            players += [player(g, 0, won, first), player(g, 1, not won, second)]
            g += 1
    events = [event(0, 0, 1, 0, "hold", amount=5)]
    return write_run(tmp_path_factory.mktemp("unbalanced") / "run", "pig", games, players, events)


@pytest.fixture(scope="module")
def built(unbalanced_run):
    return report.build(Run.open(unbalanced_run))


def _section(built, title):
    return next(s for s in built.sections if s.title == title)


def test_seat_adjusted_column_where_seats_were_unbalanced(built):
    table = _section(built, "Win rate by strategy").frame
    assert table["win rate"].to_list() == ["56.0%", "44.0%"]
    assert table["seat-adjusted"].to_list() == ["50.0%", "50.0%"]
    assert table.columns[-3:] == ["seat-adjusted", "adjusted 95% CI", ""]
    assert "Seats were not balanced" in _section(built, "Win rate by strategy").note
    seats = _section(built, "Win rate by place in turn order").frame
    assert seats["win rate"].to_list() == ["60.0%", "40.0%"]
    assert seats["games"].to_list() == [125, 125]


def test_matchups_and_bradley_terry_for_two_players(built):
    matrix = _section(built, "Matchups by strategy").frame
    assert matrix.columns == ["strategy", "A", "B"]
    # A beat B in 60 + 10 = 70 of 125 games
    assert matrix.filter(pl.col("strategy") == "A")["B"][0].startswith("56.0% [")
    assert matrix.filter(pl.col("strategy") == "A")["B"][0].endswith("n=125")
    ratings = _section(built, "Bradley–Terry ratings by strategy").frame
    assert ratings["strategy"].to_list() == ["A", "B"]
    # two labels, BT: P(A beats B) = 70/125 → θ_A − θ_B = log(70/55), centred: ±log(70/55)/2
    import math

    assert float(ratings["rating"][0]) == pytest.approx(math.log(70 / 55) / 2, abs=0.01)
    assert ratings["win prob"][0] == f"{100 / (1 + math.exp(-math.log(70 / 55) / 2)):.1f}%"


def test_multiplayer_gets_plackett_luce_and_no_matchups(tmp_path):
    # 3-player games; strategies rotate; X wins 2 of 3 games, Y 1, Z none → plain ML has no answer for
    # Z (never won), so the report adds a prior and says so
    games, players = [], []
    for g in range(30):
        labels = ["X", "Y", "Z"][g % 3 :] + ["X", "Y", "Z"][: g % 3]
        winner_label = "X" if g % 3 else "Y"
        seat = labels.index(winner_label)
        games.append(game(g, [seat], turns=6, n=3, first_seat=g % 3))
        players += [player(g, s, s == seat, labels[s], n=3) for s in range(3)]
    path = write_run(tmp_path / "three", "pig", games, players)
    built = report.build(Run.open(path))
    titles = [s.title for s in built.sections]
    assert "Plackett–Luce ratings by strategy" in titles
    assert not any(t.startswith("Matchups") for t in titles)
    pl_section = _section(built, "Plackett–Luce ratings by strategy")
    assert "virtual game" in pl_section.note
    assert pl_section.frame["strategy"].to_list() == ["X", "Y", "Z"]
    assert pl_section.frame["first places"].to_list() == ["20", "10", "0"]


def test_rendering_has_every_section_and_image(unbalanced_run):
    built = report.build(Run.open(unbalanced_run), level=0.9)
    md = report.to_markdown(built)
    page = report.to_html(built)
    assert "> **How to read this.**" in md and "associations, not causes" in md
    assert "## Matchups and ratings" in md and "### Matchups by strategy" in md
    assert "90% CI" in md and "95% CI" not in md
    images = [s for s in built.sections if s.image]
    assert page.count("data:image/png;base64,") == len(images) >= 6
    for section in images:
        assert f"![{section.title}]({section.image.name})" in md
        assert section.image.stat().st_size > 1000
    assert "<h2>Game shape</h2>" in page and "card-data hash" in page and "abc123" in page


def test_a_run_where_nobody_won_still_reports(tmp_path):
    games = [game(g, [], turns=50, n=3, first_seat=g % 3) for g in range(6)]
    players = [player(g, s, False, "XYZ"[(s + g) % 3], n=3) for g in range(6) for s in range(3)]
    built = report.build(Run.open(write_run(tmp_path / "capped", "pig", games, players)))
    assert any(n.startswith("ratings by strategy:") for n in built.notes)
    ends = _section(built, "How games ended").frame
    assert ends["end_reason"].to_list() == ["turn_cap"] and ends["games"].to_list() == [6]
    assert "note: ratings by strategy" in report.to_text(built)


def test_a_new_section_is_one_builder(unbalanced_run, monkeypatch):
    """Issue 17 item 9: the report is the list report.SECTIONS; a builder that applies adds its sections
    where it stands, one that does not adds the note saying why (or nothing)."""
    names = [b.name for b in report.SECTIONS]
    assert len(names) == len(set(names)) and names[:2] == ["co-op", "win rates"]
    extra = report.Section("Extra", pl.DataFrame({"x": [1]}))
    added = [
        report.Builder("extra", lambda ctx: [extra], applies=lambda ctx: ctx.run.game == "pig"),
        report.Builder(
            "never", lambda ctx: [extra], applies=lambda ctx: False, otherwise=lambda ctx: "never: n/a"
        ),
    ]
    monkeypatch.setattr(report, "SECTIONS", [*report.SECTIONS[:2], *added, *report.SECTIONS[2:]])
    built = report.build(Run.open(unbalanced_run))
    titles = [s.title for s in built.sections]
    assert titles.count("Extra") == 1 and titles.index("Extra") == 1 + titles.index("Win rate by strategy")
    assert "never: n/a" in built.notes


def test_a_value_that_never_sat_in_some_place_says_so(tmp_path):
    """Four Souls' Cain always goes first (FS-2.10), so his seat-adjusted cell is empty; the terminal shows
    no section notes, so the cell itself says why."""
    games, players, g = [], [], 0
    for first, second, n in (("C", "A", 40), ("A", "B", 40), ("B", "A", 40)):
        for k in range(n):
            won = k % 2 == 0
            games.append(game(g, [0 if won else 1], turns=5))
            players += [player(g, 0, won, first), player(g, 1, not won, second)]
            g += 1
    run = write_run(tmp_path / "run", "pig", games, players, [event(0, 0, 1, 0, "hold", amount=5)])
    table = _section(report.build(Run.open(run)), "Win rate by strategy").frame
    cells = dict(zip(table["strategy"].to_list(), table["seat-adjusted"].to_list(), strict=True))
    assert cells["C"] == "not in every place" and cells["A"].endswith("%") and cells["B"].endswith("%")


def test_an_empty_table_says_its_note_in_the_terminal():
    """An empty table (`cardlab robust` of 6 games: "Which conclusions … survive") prints its note ("no
    claim holds …"), not a bare header row: the terminal shows no section notes."""
    from cardlab.analysis.render import Report, Section, to_text

    empty = pl.DataFrame(schema={"claim": pl.String, "verdict": pl.String})
    report = Report(
        None, "r", [], sections=[Section("Claims", empty, note="no claim holds under any policy")]
    )
    assert to_text(report).splitlines()[-2:] == ["claim  verdict", "(no claim holds under any policy)"]
