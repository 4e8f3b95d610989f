"""What the players used (analysis.coverage, issue 13) on hand-made runs, counted by hand."""

from __future__ import annotations

import json
import math

import polars as pl
import pytest
from click.testing import CliRunner
from test_report_fixture import event, game, player, write_run

from cardlab.analysis import coverage
from cardlab.analysis.report import build, write
from cardlab.analysis.runs import Run
from cardlab.analysis.stats import wilson
from cardlab.cli import cli
from cardlab.simulate.core.game import Coverage, GameSpec

DECLARED = {
    "gained": ["item_gained"],
    "used": ["loot_played", "item_activated"],
    "lost": ["loot_discarded", "item_destroyed"],
    "at_end": "held_at_end",
    "cards": {"A Penny!": "loot", "The D6": "item ↷", "Bomb!": "loot"},
    "ignore_detail": ["copy"],
    "notes": [],
}


def _with_coverage(path, declared=DECLARED):
    manifest = json.loads((path / "manifest.json").read_text())
    manifest["coverage"] = declared
    (path / "manifest.json").write_text(json.dumps(manifest))
    return path


@pytest.fixture
def small_run(tmp_path):
    """Two games, two policies (seat 0 'a', seat 1 'b'). Game 0: a gains The D6 and activates it twice,
    then it is destroyed; a plays A Penny! and still holds another; b discards A Penny!. Game 1: b gains
    The D6 and keeps it unused; b plays a copy of A Penny! (ignored: detail 'copy'); a game event (seat −1)
    and an unusable card (Breakfast) are ignored."""
    games = [game(0, [0], turns=5), game(1, [1], turns=5)]
    players = [player(g, s, s == g, strategy="ab"[s]) for g in (0, 1) for s in (0, 1)]
    events = [
        event(0, 0, 1, 0, "item_gained", "The D6"),
        event(0, 1, 1, 0, "item_activated", "The D6"),
        event(0, 2, 2, 0, "item_activated", "The D6"),
        event(0, 3, 2, 0, "item_destroyed", "The D6"),
        event(0, 4, 2, 0, "loot_played", "A Penny!"),
        event(0, 5, 3, 1, "loot_discarded", "A Penny!"),
        event(0, 6, 3, -1, "item_destroyed", "The D6"),
        event(0, 7, 3, 0, "item_gained", "Breakfast"),
        event(0, 8, 4, 0, "held_at_end", "A Penny!"),
        event(1, 0, 1, 1, "item_gained", "The D6"),
        event(1, 1, 1, 1, "loot_played", "A Penny!", detail="copy"),
        event(1, 2, 5, 1, "held_at_end", "The D6"),
    ]
    return _with_coverage(write_run(tmp_path / "fs", "four-souls", games, players, events))


def _row(frame, card, policy):
    return frame.filter((frame["card"] == card) & (frame["policy"] == policy)).row(0, named=True)


def test_holdings_uses_losses_and_ends_are_counted_per_card_and_policy(small_run):
    frame = coverage.coverage(Run.open(small_run))
    assert frame.height == 6  # 3 usable cards x 2 policies, held or not
    d6a = _row(frame, "The D6", "a")
    assert (d6a["held"], d6a["used"], d6a["uses"], d6a["lost"], d6a["at_end"]) == (1, 1, 2, 1, 0)
    d6b = _row(frame, "The D6", "b")
    assert (d6b["held"], d6b["used"], d6b["lost"], d6b["at_end"]) == (1, 0, 0, 1)
    assert (d6b["used_share"], d6b["at_end_share"]) == (0.0, 1.0)
    penny_a = _row(frame, "A Penny!", "a")  # played one copy, kept another: one holding, used and kept
    assert (penny_a["held"], penny_a["used"], penny_a["at_end"], penny_a["used_share"]) == (1, 1, 1, 1.0)
    penny_b = _row(frame, "A Penny!", "b")  # the copy play in game 1 is ignored
    assert (penny_b["held"], penny_b["used"], penny_b["lost"], penny_b["lost_share"]) == (1, 0, 1, 1.0)
    assert _row(frame, "Bomb!", "a")["held"] == 0
    assert (d6b["used_lower"], d6b["used_upper"]) == pytest.approx(wilson(0, 1))
    assert not frame["not_evaluated"].any()  # under 30 holdings nothing is judged


def test_a_card_used_in_under_a_tenth_of_30_holdings_is_not_evaluated(tmp_path):
    n = coverage.MIN_HOLDINGS
    games = [game(g, [0], turns=3) for g in range(n)]
    players = [player(g, s, s == 0, strategy="ab"[s]) for g in range(n) for s in (0, 1)]
    events = [event(g, 0, 1, 0, "item_gained", "The D6") for g in range(n)]
    events += [event(g, 1, 1, 1, "item_gained", "The D6") for g in range(n)]
    events += [event(g, 2, 2, 0, "item_activated", "The D6") for g in range(3)]  # a: 3/30 = 10 %
    events += [event(g, 2, 2, 1, "item_activated", "The D6") for g in range(2)]  # b: 2/30 < 10 %
    path = _with_coverage(write_run(tmp_path / "r", "four-souls", games, players, events))
    frame = coverage.coverage(Run.open(path))
    assert coverage.not_evaluated(frame) == {"The D6": ["b"]}
    assert coverage.mark(["The D6", "A Penny!"], coverage.not_evaluated(frame)) == ["not evaluated by b", ""]
    assert "1 card" in coverage.warning(frame)
    report = build(Run.open(path))
    titles = [s.title for s in report.sections]
    assert "What the players used" in titles and "Cards not evaluated by this policy" in titles
    assert report.warnings == [coverage.warning(frame)]
    write(report)  # a report's files appear in the run folder when it is written (analysis.staging)
    assert (
        (path / "coverage.csv")
        .read_text()
        .splitlines()[0]
        .startswith("card,kind,policy,held,used,uses,lost,at_end,used_share")
    )
    result = CliRunner().invoke(cli, ["report", str(path)])
    assert result.exit_code == 0 and "warning: 1 card used in under 10%" in result.output


def test_a_run_without_a_declaration_has_no_coverage(tmp_path):
    path = write_run(
        tmp_path / "old", "four-souls", [game(0, [0], 3)], [player(0, 0, True), player(0, 1, False)]
    )
    assert coverage.coverage(Run.open(path)) is None
    assert "What the players used" not in [s.title for s in build(Run.open(path)).sections]


def test_a_game_may_not_declare_coverage_of_unknown_event_kinds():
    with pytest.raises(ValueError, match="coverage names unknown event kinds"):
        GameSpec(
            name="x",
            title="x",
            make_config=lambda **_: None,
            play=lambda *a, **k: None,
            event_kinds=frozenset({"played", "held_at_end"}),
            player_columns={},
            players_range=(2, 2),
            default_players=2,
            coverage=Coverage(gained=(), used=("played", "typo"), lost=(), cards=lambda c: {}),
        )


def test_turns_held_run_from_the_first_gain_to_the_last_event_both_counted(small_run):
    """The D6: a gains it on turn 1 and loses it on turn 2 (2 turns, 2 uses); b gains it on turn 1 and keeps
    it to the end of turn 5 (5 turns, no use). A Penny!'s gain is not in the events: not timed."""
    frame = coverage.coverage(Run.open(small_run))
    d6a, d6b = _row(frame, "The D6", "a"), _row(frame, "The D6", "b")
    assert (d6a["timed"], d6a["turns_held"], d6a["timed_uses"]) == (1, 2, 2)
    assert (d6a["turns_per_holding"], d6a["uses_per_turn_held"]) == (2.0, 1.0)
    assert (d6b["timed"], d6b["turns_held"], d6b["timed_uses"], d6b["uses_per_turn_held"]) == (1, 5, 0, 0.0)
    penny = _row(frame, "A Penny!", "a")
    assert (penny["timed"], penny["turns_held"]) == (0, 0) and math.isnan(penny["turns_per_holding"])
    summary = coverage.summary(frame).filter(pl.col("kind") == "item ↷").sort("policy")
    assert summary["turns held"].to_list() == [2.0, 5.0]
    assert summary["uses per turn held"].to_list() == [1.0, 0.0]
    table = coverage.sections(Run.open(small_run), frame)[0].frame
    assert table.filter(pl.col("kind") == "loot")["turns held"].to_list() == ["", ""]  # loot is drawn unnamed
    assert table.filter(pl.col("kind") == "item ↷")["turns held"].to_list() == ["2.0", "5.0"]


def test_four_souls_holdings_last_as_their_events_say(tmp_path):
    """Four real games: every timed holding (an item gained, a room on its holder's turn) lasts the turns from
    its first gain to its last event (lost, destroyed, activated, held at the end), counted from the raw
    events here."""
    out = CliRunner().invoke(
        cli,
        ["simulate", "four-souls", "--out", str(tmp_path), "--name", "one", "-q", "--seed", "7", "-n", "4"]
        + ["--players", "3", "--jobs", "1"],
    )
    assert out.exit_code == 0, out.output
    run = Run.open(tmp_path / "one")
    declared = run.manifest.coverage
    every = set(declared["gained"] + declared["used"] + declared["lost"] + [declared["at_end"]])
    events = pl.read_parquet(tmp_path / "one" / "events" / "*.parquet").filter(
        pl.col("kind").cast(pl.String).is_in(list(every))
        & (pl.col("seat") >= 0)
        & (pl.col("detail").fill_null("") != "copy")
    )
    want: dict[tuple[str, str], tuple[int, int]] = {}
    for (_game, _seat, card), rows in events.group_by(["game_id", "seat", pl.col("card").cast(pl.String)]):
        kind = declared["cards"].get(card)
        gained = rows.filter(pl.col("kind").cast(pl.String).is_in(declared["gained"]))["turn"]
        if kind is None or gained.is_empty():
            continue
        total = want.get((card, kind), (0, 0))
        want[(card, kind)] = (total[0] + 1, total[1] + rows["turn"].max() - gained.min() + 1)
    assert sum(n for n, _ in want.values()) >= 3  # the game dealt cards to hold
    frame = coverage.coverage(run).filter(pl.col("timed") > 0)
    got = {(r["card"], r["kind"]): (r["timed"], r["turns_held"]) for r in frame.iter_rows(named=True)}
    assert got == want
    assert frame["turns_held"].max() > 1  # some item was held over several turns
