"""What the players used (issue 13): for every card a player can use, per policy, how many times it was held,
used when held, lost, and still held at the end of the game, and for how many turns it was held.

A balance figure about a card says something about the game only if the players play the card. A card
that a policy holds often but rarely uses (under :data:`THRESHOLD` of its holdings, with at least
:data:`MIN_HOLDINGS`) is *not evaluated by that policy*: its win rates and card statistics describe the
policy's neglect, not the card, and the report marks it wherever it shows a figure for it.

A *holding* is one card in one seat's possession in one game (two copies held in the same game are one
holding). A holding whose gain the events name is *timed*: it lasted from the turn of its first gain to the
turn of its last event, both counted (a card lost and gained again counts the turns between). How long cards
are held tells a card that is lost soon after it comes (Four Souls' death penalty destroys most items) from
one that a player keeps and neglects. Which event kinds mean gained / used / lost, and which cards can be
used at all, is declared by the game (``GameSpec.coverage``) and written into the manifest by the runner
(its ``coverage`` entry), so this module knows no game. The counting runs in DuckDB (``sql/coverage.sql``), in the one scan of the events
the card figures share (analysis.card_counts).
"""

from __future__ import annotations

from pathlib import Path

import polars as pl

from cardlab.simulate.core.wording import counted

from . import card_counts, staging
from .card_counts import declared
from .render import Section
from .runs import Run
from .stats import wilson

THRESHOLD = 0.10  # a card used in under this share of its holdings …
MIN_HOLDINGS = 30  # … over at least this many holdings is not evaluated by that policy
NOT_EVALUATED = "not evaluated by this policy"

COLUMNS = {
    "card": pl.String,
    "kind": pl.String,
    "policy": pl.String,
    "held": pl.Int64,
    "used": pl.Int64,
    "uses": pl.Int64,
    "lost": pl.Int64,
    "at_end": pl.Int64,
    "used_share": pl.Float64,
    "used_lower": pl.Float64,
    "used_upper": pl.Float64,
    "lost_share": pl.Float64,
    "at_end_share": pl.Float64,
    "uses_per_holding": pl.Float64,
    "timed": pl.Int64,
    "turns_held": pl.Int64,
    "timed_uses": pl.Int64,
    "turns_per_holding": pl.Float64,
    "uses_per_turn_held": pl.Float64,
    "not_evaluated": pl.Boolean,
}


def coverage(
    run: Run, level: float = 0.95, counts: card_counts.CardCounts | None = None
) -> pl.DataFrame | None:
    """One row per usable card and policy (:data:`COLUMNS`); None when the run cannot say (no declaration
    in its manifest, or no events logged). ``used_share`` carries a Wilson interval at ``level``.
    ``counts``: the run's card counts when already made (a report makes them once for every card figure)."""
    spec = declared(run)
    if spec is None or not run.db.execute("SELECT EXISTS (SELECT 1 FROM events)").fetchall()[0][0]:
        return None
    if counts is None:
        counts = card_counts.count(run, run.analysis)
    assert counts.coverage is not None  # counted whenever the manifest declares coverage
    rows = []
    table = counts.coverage.select("card", "kind", "policy", *card_counts.COVERAGE_SUMS)
    for r in table.iter_rows(named=True):
        held = r["held"]
        lo, hi = wilson(r["used"], held, level) if held else (float("nan"), float("nan"))
        share = r["used"] / held if held else float("nan")
        rows.append(
            {
                **r,
                "used_share": share,
                "used_lower": lo,
                "used_upper": hi,
                "lost_share": r["lost"] / held if held else float("nan"),
                "at_end_share": r["at_end"] / held if held else float("nan"),
                "uses_per_holding": r["uses"] / held if held else float("nan"),
                "turns_per_holding": r["turns_held"] / r["timed"] if r["timed"] else float("nan"),
                "uses_per_turn_held": r["timed_uses"] / r["turns_held"] if r["turns_held"] else float("nan"),
                "not_evaluated": bool(held >= MIN_HOLDINGS and share < THRESHOLD),
            }
        )
    return pl.DataFrame(rows, schema=COLUMNS) if rows else pl.DataFrame(schema=COLUMNS)


def write_csv(frame: pl.DataFrame, folder: Path) -> Path:
    path = staging.output(folder, "coverage.csv")
    frame.write_csv(path)
    return path


def not_evaluated(frame: pl.DataFrame | None) -> dict[str, list[str]]:
    """Card → the policies that do not evaluate it (see the module docstring)."""
    out: dict[str, list[str]] = {}
    if frame is None:
        return out
    for r in frame.filter(pl.col("not_evaluated")).iter_rows(named=True):
        out.setdefault(r["card"], []).append(r["policy"])
    return out


def mark(cards: list[str], flagged: dict[str, list[str]]) -> list[str]:
    """The coverage column a table of card figures carries: which policies did not evaluate each card."""
    return [f"not evaluated by {', '.join(flagged[c])}" if c in flagged else "" for c in cards]


def summary(frame: pl.DataFrame) -> pl.DataFrame:
    """Per kind of card and policy: cards, holdings, the pooled used / lost / kept shares, how many cards
    were never held, held but never used, and not evaluated."""
    return (
        frame.group_by("kind", "policy")
        .agg(
            pl.len().alias("cards"),
            (pl.col("held") == 0).sum().alias("never held"),
            ((pl.col("held") > 0) & (pl.col("used") == 0)).sum().alias("held, never used"),
            pl.col("not_evaluated").sum().alias("not evaluated"),
            pl.col("held").sum().alias("holdings"),
            pl.col("used").sum().alias("_used"),
            pl.col("lost").sum().alias("_lost"),
            pl.col("at_end").sum().alias("_at_end"),
            pl.col("timed").sum().alias("_timed"),
            pl.col("turns_held").sum().alias("_turns_held"),
            pl.col("timed_uses").sum().alias("_timed_uses"),
            pl.col("used_share").median().alias("_median"),
        )
        .with_columns(
            (pl.col("_used") / pl.col("holdings")).alias("used share"),
            (pl.col("_lost") / pl.col("holdings")).alias("lost share"),
            (pl.col("_at_end") / pl.col("holdings")).alias("kept to the end"),
            (pl.col("_turns_held") / pl.col("_timed")).alias("turns held"),
            (pl.col("_timed_uses") / pl.col("_turns_held")).alias("uses per turn held"),
        )
        .sort("kind", "policy")
    )


def warning(frame: pl.DataFrame | None) -> str | None:
    """The one line `cardlab report` prints when some policy leaves cards unevaluated."""
    flagged = not_evaluated(frame)
    if not flagged:
        return None
    pairs = sum(len(v) for v in flagged.values())
    return (
        f"warning: {counted(len(flagged), 'card')} used in under {THRESHOLD:.0%} of their holdings (n ≥ {MIN_HOLDINGS}) "
        f"by some policy ({pairs} card–policy pairs): {NOT_EVALUATED} — see coverage.csv"
    )


def _pct(x: float | None) -> str:
    return "" if x is None or x != x else f"{100 * x:.1f}%"


def _num(x: float | None, digits: int = 1) -> str:
    return "" if x is None or x != x else f"{x:.{digits}f}"


def sections(run: Run, frame: pl.DataFrame, level: float = 0.95) -> list[Section]:
    """The report's "What the players used": a summary per kind of card and policy, and every card a policy
    did not evaluate, with its interval."""
    notes = " ".join(declared(run).get("notes") or [])  # type: ignore[union-attr]
    s = summary(frame)
    table = pl.DataFrame(
        {
            "kind": s["kind"],
            "policy": s["policy"],
            "cards": s["cards"],
            "holdings": s["holdings"],
            "used share": [_pct(v) for v in s["used share"]],
            "lost share": [_pct(v) for v in s["lost share"]],
            "kept to the end": [_pct(v) for v in s["kept to the end"]],
            "turns held": [_num(v) for v in s["turns held"]],
            "uses per turn held": [_num(v, 3) for v in s["uses per turn held"]],
            "never held": s["never held"],
            "held, never used": s["held, never used"],
            NOT_EVALUATED: s["not evaluated"],
        }
    )
    out = [
        Section(
            "What the players used",
            table,
            note=(
                "A holding is one card in one player's possession in one game; 'used share' is the share of "
                "holdings in which the player used the card at least once (played, activated, cast), 'lost' "
                "the share in which it was lost (discarded, destroyed, stolen), 'kept' still held at the "
                "end. 'Turns held' is the mean number of game turns from a holding's first gain to its last "
                "event (lost, used or kept to the end; both turns counted), over the holdings whose gain the "
                "events name (blank when none do), and 'uses per turn held' their uses over those turns: a "
                "card lost soon after it came is told apart from one a player kept and did not use. "
                f"A card used in under {THRESHOLD:.0%} of at least {MIN_HOLDINGS} holdings is "
                f"'{NOT_EVALUATED}': its figures describe the player, not the card. Every card and policy "
                "is in coverage.csv. " + notes
            ).strip(),
            group="What the players used",
        )
    ]
    flagged = frame.filter(pl.col("not_evaluated")).sort("used_share", "card")
    if flagged.height:
        tag = f"{level:.0%}"
        out.append(
            Section(
                f"Cards {NOT_EVALUATED}",
                pl.DataFrame(
                    {
                        "card": flagged["card"],
                        "kind": flagged["kind"],
                        "policy": flagged["policy"],
                        "holdings": flagged["held"],
                        "used share": [_pct(v) for v in flagged["used_share"]],
                        f"{tag} CI": [
                            f"[{_pct(lo)}, {_pct(hi)}]"
                            for lo, hi in zip(flagged["used_lower"], flagged["used_upper"], strict=True)
                        ],
                        "lost share": [_pct(v) for v in flagged["lost_share"]],
                        "kept to the end": [_pct(v) for v in flagged["at_end_share"]],
                        "turns held": [_num(v) for v in flagged["turns_per_holding"]],
                    }
                ),
                note=f"Used in under {THRESHOLD:.0%} of their holdings with n ≥ {MIN_HOLDINGS} ({tag} Wilson "
                "interval of the used share).",
                group="What the players used",
            )
        )
    return out
