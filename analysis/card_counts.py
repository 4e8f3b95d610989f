"""The counts behind every card figure of a report, from one scan of the events per chunk of games.

What the players used (analysis.coverage), the card statistics and their length-matched form
(analysis.card_stats) and the figures by set (analysis.card_sets) all start from the same few event kinds
grouped by game, seat and card. That grouping is the expensive part of a report (issue 20: about 12 s of
CPU per 100,000 games when each figure grouped the events again). Here it is done once per chunk of games
(``sql/card_held.sql``: one row per game, seat, card and event kind with its count and first turn, a
temporary table of the chunk), every figure's counts are read off that table, and the chunks' counts are
added up. Every column is a count or a sum, so the result is the run's whatever the chunking.

The length-matched statistics need each card's median first turn before they can count, which would take
a second scan; instead each chunk gives a histogram over (first turn, game length), from which both the
median and the counts at it follow (:func:`matched_counts`).
"""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl

from cardlab.simulate.core.analysis_spec import AnalysisSpec

from . import card_summaries
from .counting_queries import count_chunk, count_queries, declared_in, sets_in
from .runs import Run

COVERAGE_SUMS = ["held", "used", "uses", "lost", "at_end", "timed", "turns_held", "timed_uses"]
ACTION_SUMS = ["games_with", "players_with", "wins_with"]
FIRST_SUMS = ["players", "seated", "wins"]


def declared(run: Run) -> dict | None:
    """The game's coverage declaration as the runner wrote it, or None (an older run, a game without one)."""
    return declared_in(run.manifest.coverage)


def sets_of(run: Run) -> dict[str, str]:
    """Card name → its set(s), as the game declared them; empty for a run over one set (or an older run)."""
    return sets_in(run.manifest.coverage)


@dataclass(slots=True)
class CardCounts:
    """A run's card counts, added up over its chunks. ``coverage``: ``card, kind, policy`` and
    :data:`COVERAGE_SUMS` per usable card and policy (None without a coverage declaration); ``actions`` and
    ``sets``: ``action, card`` (the card or its set) and :data:`ACTION_SUMS`; ``firsts``: per action, card,
    first turn ``turn`` and game length ``turns``, the seats that first did it then (``players``; ``seated``
    and ``wins`` of those with a players row); ``lengths``: seats and wins per game length."""

    coverage: pl.DataFrame | None
    actions: pl.DataFrame
    sets: pl.DataFrame
    firsts: pl.DataFrame
    lengths: pl.DataFrame


EMPTY = {
    "actions": {"action": pl.String, "card": pl.String, "games_with": pl.Int64, "players_with": pl.Int64}
    | {"wins_with": pl.Float64},
    "firsts": {"action": pl.String, "card": pl.String, "turn": pl.Int32, "turns": pl.Int32}
    | {"players": pl.Int64, "seated": pl.Int64, "wins": pl.Float64},
    "lengths": {"turns": pl.Int32, "players": pl.Int64, "wins": pl.Float64},
}


def _add(total: pl.DataFrame | None, part: pl.DataFrame, keys: list[str], sums: list[str]) -> pl.DataFrame:
    """Running sum of per-chunk counts: memory stays that of the distinct keys, not of the chunks."""
    if total is None:
        return part
    return pl.concat([total, part]).group_by(keys).agg([pl.col(c).sum() for c in sums]).select(part.columns)


def count(run: Run, data: AnalysisSpec | None) -> CardCounts:
    """Every card figure's counts of ``run`` for the game's declaration ``data`` and the coverage
    declaration in its manifest (the module docstring says how): added up from the per-batch summaries the
    runner wrote (analysis.card_summaries) when the run has them for this declaration, else from one scan
    of the events per chunk (runs written before summaries)."""
    held, found = count_queries(run.manifest.coverage, data)
    totals: dict[str, pl.DataFrame | None] = dict.fromkeys(found)
    if held is not None:
        if card_summaries.usable(run, data):
            totals.update(card_summaries.read(run, found))
        else:
            for con in run.chunks():
                for name, part in count_chunk(con, held, found).items():
                    keys = found[name][1]
                    totals[name] = _add(totals[name], part, keys, [c for c in part.columns if c not in keys])
    return _counts(totals)


def _counts(totals: dict[str, pl.DataFrame | None]) -> CardCounts:
    frames = {
        name: pl.DataFrame(schema=EMPTY["actions" if name == "sets" else name])
        if totals.get(name) is None
        else totals[name]
        for name in ("actions", "sets", "firsts", "lengths")
    }
    cover = totals.get("coverage")
    return CardCounts(
        coverage=None if cover is None else cover.sort("kind", "card", "policy"),
        actions=frames["actions"].sort("action", "card"),
        sets=frames["sets"].sort("action", "card"),
        firsts=frames["firsts"],
        lengths=frames["lengths"],
    )


def first_turns(counts: CardCounts) -> pl.DataFrame:
    """``action, card, turn, players``: how many seats first did each action with each card on each turn."""
    return counts.firsts.group_by("action", "card", "turn").agg(pl.col("players").sum())


def matched_counts(counts: CardCounts, cut: dict[tuple[str, str], int]) -> pl.DataFrame:
    """Per action and card with its matched turn t (``cut``): over the games that lasted at least t turns,
    the seats that had done it by turn t (``players_with``, ``wins_with``) and all seats of those games
    (``players_lasting``, ``wins_lasting``); "without" is lasting minus with."""
    schema = {"action": pl.String, "card": pl.String, "matched_turn": pl.Int64}
    cuts = pl.DataFrame([(a, c, t) for (a, c), t in sorted(cut.items())], schema=schema, orient="row")
    did = (
        counts.firsts.join(cuts, on=["action", "card"])
        .filter((pl.col("turn") <= pl.col("matched_turn")) & (pl.col("turns") >= pl.col("matched_turn")))
        .group_by("action", "card", "matched_turn")
        .agg(pl.col("seated").sum().alias("players_with"), pl.col("wins").sum().alias("wins_with"))
    )
    lengths = counts.lengths
    lasting = pl.DataFrame(
        [
            (
                t,
                int(lengths.filter(pl.col("turns") >= t)["players"].sum()),
                float(lengths.filter(pl.col("turns") >= t)["wins"].sum()),
            )
            for t in sorted(set(cut.values()))
        ],
        schema={"matched_turn": pl.Int64, "players_lasting": pl.Int64, "wins_lasting": pl.Float64},
        orient="row",
    )
    return (
        cuts.join(did, on=["action", "card", "matched_turn"], how="left")
        .join(lasting, on="matched_turn", how="left")
        .with_columns(
            pl.col("players_with").fill_null(0).cast(pl.Int64),
            pl.col("wins_with").fill_null(0.0).cast(pl.Float64),
            pl.col("players_lasting").fill_null(0).cast(pl.Int64),
            pl.col("wins_lasting").fill_null(0.0).cast(pl.Float64),
        )
        .sort("action", "card")
    )
