"""Card figures grouped by published set (issue 19): for a run over several sets (Four Souls' ``--sets``),
how the players who did something with a card of a set fared against those who did not.

Which set each card belongs to is the game's declaration in the manifest (its ``coverage`` entry's ``sets``:
card name → set, written only when the run deals cards of more than one set), so this module knows no
game. A name printed in several sets (an Alt Art reprint, a promo) belongs to all of them: its label joins
them. Like the card statistics, these are associations (:data:`card_stats.CAVEAT`), per action the game
declares ("gained (items)", "played (loot)" …). The counting is the card statistics' (``sql/card_stats.sql``,
grouped by set), in the one scan of the events the card figures share (analysis.card_counts).
"""

from __future__ import annotations

import polars as pl

from cardlab.simulate.core.analysis_spec import AnalysisSpec

from . import card_counts, staging
from .card_counts import CardCounts, sets_of
from .card_stats import CAVEAT, against_the_rest
from .queries import query
from .render import Section
from .runs import Run

__all__ = ["sections", "set_figures", "sets_of"]


def set_figures(
    run: Run, data: AnalysisSpec, level: float = 0.95, counts: CardCounts | None = None
) -> pl.DataFrame:
    """One row per action and set: ``action, set, cards, games_with, players_with, wins_with, wr_with,
    with_lower, with_upper, players_without, wr_without, without_lower, without_upper, diff, diff_lower,
    diff_upper``. A player "did" when they did the action with at least one card of the set in a game.
    ``counts``: the run's card counts when already made (analysis.card_counts)."""
    sets = sets_of(run)
    if not sets or not data.card_actions:
        return pl.DataFrame()
    if counts is None:
        counts = card_counts.count(run, data)
    cards: dict[tuple[str, str], int] = {}  # how many distinct cards of the set each action was done with
    for action, card in counts.actions.select("action", "card").iter_rows():
        if card in sets:
            cards[(action, sets[card])] = cards.get((action, sets[card]), 0) + 1
    totals = query(run, "player_totals").row(0, named=True)
    rows = []
    for r in counts.sets.iter_rows(named=True):
        n1, x1 = r["players_with"], r["wins_with"]
        n0, x0, (lo1, hi1), (lo0, hi0), (d, dlo, dhi) = against_the_rest(n1, x1, totals, level)
        rows.append(
            {
                "action": r["action"],
                "set": r["card"],
                "cards": cards.get((r["action"], r["card"]), 0),
                "games_with": r["games_with"],
                "players_with": n1,
                "wins_with": x1,
                "wr_with": x1 / n1,
                "with_lower": lo1,
                "with_upper": hi1,
                "players_without": n0,
                "wr_without": x0 / n0 if n0 else float("nan"),
                "without_lower": lo0,
                "without_upper": hi0,
                "diff": d,
                "diff_lower": dlo,
                "diff_upper": dhi,
            }
        )
    return pl.DataFrame(rows) if rows else pl.DataFrame()


def _pct(v: float) -> str:
    return "" if v != v else f"{100 * v:.1f}%"


def _pts(v: float) -> str:
    return "" if v != v else f"{100 * v:+.1f}"


def sections(
    run: Run, data: AnalysisSpec, level: float = 0.95, counts: CardCounts | None = None
) -> list[Section]:
    """The report's "Cards by set" table (none for a run over one set)."""
    frame = set_figures(run, data, level, counts)
    if not frame.height:
        return []
    frame.write_csv(staging.output(run.path, "card_sets.csv"))
    tag = f"{level:.0%}"
    display = pl.DataFrame(
        {
            "action": frame["action"].to_list(),
            "set": frame["set"].to_list(),
            "cards": frame["cards"].to_list(),
            "games": frame["games_with"].to_list(),
            "players who did": frame["players_with"].to_list(),
            "win rate": [_pct(v) for v in frame["wr_with"].to_list()],
            f"{tag} CI": [
                f"[{_pct(lo)}, {_pct(hi)}]"
                for lo, hi in zip(frame["with_lower"], frame["with_upper"], strict=True)
            ],
            "players who did not": frame["players_without"].to_list(),
            "win rate without": [_pct(v) for v in frame["wr_without"].to_list()],
            f"without {tag} CI": [
                f"[{_pct(lo)}, {_pct(hi)}]"
                for lo, hi in zip(frame["without_lower"], frame["without_upper"], strict=True)
            ],
            "difference (pts)": [_pts(v) for v in frame["diff"].to_list()],
            f"difference {tag} CI": [
                f"[{_pts(lo)}, {_pts(hi)}]"
                for lo, hi in zip(frame["diff_lower"], frame["diff_upper"], strict=True)
            ],
        }
    )
    note = (
        "Card figures by published set: per action, a player 'did' when they did it with at least one card "
        "of the set in a game ('cards': how many of the set's cards it was done with); win rates with Wilson "
        f"intervals, the difference with Newcombe's interval. A name printed in several sets counts for each "
        f"(its label joins them). Every card is in card_stats.csv. {CAVEAT}"
    )
    return [Section("Cards by set", display, None, note, "Card statistics")]
