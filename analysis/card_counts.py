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
from typing import Any

import duckdb
import polars as pl

from cardlab.simulate.core.analysis_spec import AnalysisSpec

from .queries import sql, sql_strings
from .runs import Run

ROLES = ("gained", "used", "lost")
COVERAGE_SUMS = ["held", "used", "uses", "lost", "at_end"]
ACTION_SUMS = ["games_with", "players_with", "wins_with"]
FIRST_SUMS = ["players", "seated", "wins"]


def declared(run: Run) -> dict | None:
    """The game's coverage declaration as the runner wrote it, or None (an older run, a game without one)."""
    return _declared(run.manifest.coverage)


def _declared(entry: Any) -> dict | None:
    return entry if isinstance(entry, dict) and entry.get("cards") else None


def sets_of(run: Run) -> dict[str, str]:
    """Card name → its set(s), as the game declared them; empty for a run over one set (or an older run)."""
    return _sets(run.manifest.coverage)


def _sets(entry: Any) -> dict[str, str]:
    sets = entry.get("sets") if isinstance(entry, dict) else None
    return dict(sets) if isinstance(sets, dict) else {}


def action_lists(data: AnalysisSpec) -> tuple[str, str]:
    """The game's card actions as SQL: a VALUES list of (event kind, action name), and the kinds."""
    kinds = [(kind, action.name) for action in data.card_actions for kind in action.kinds]
    return ", ".join(f"({sql_strings(pair)})" for pair in kinds), sql_strings(k for k, _ in kinds)


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


def _among(kinds: list[str]) -> str:
    """A condition on the event kind: one of ``kinds`` (false for none)."""
    return f"kind IN ({sql_strings(kinds)})" if kinds else "false"


Queries = dict[str, tuple[list[str], list[str]]]


def count_queries(coverage: Any, data: AnalysisSpec | None) -> tuple[str | None, Queries]:
    """The held table's query (None when the run declares nothing to count) and, by the name of a
    :class:`CardCounts` frame, the queries giving its counts per chunk (one per action) and its keys;
    ``coverage`` is the manifest's coverage declaration and ``data`` the game's analysis declaration."""
    spec = _declared(coverage)
    actions = data.card_actions if data is not None else ()
    aggregates = []
    found: Queries = {}
    kinds = {k for a in actions for k in a.kinds}
    if spec is not None:
        roles = {role: list(spec.get(role, [])) for role in ROLES} | {"at_end": [spec["at_end"]]}
        every = sorted({k for ks in roles.values() for k in ks})
        kinds |= set(every)
        aggregates += [
            f"bool_or(NOT ignored AND {_among(every)}) AS holding",
            f"count(*) FILTER (WHERE NOT ignored AND {_among(roles['used'])}) AS uses",
            f"bool_or(NOT ignored AND {_among(roles['lost'])}) AS lost",
            f"bool_or(NOT ignored AND {_among(roles['at_end'])}) AS at_end",
        ]
        cards = ", ".join(f"({sql_strings([c])}, {sql_strings([k])})" for c, k in spec["cards"].items())
        found["coverage"] = ([sql("coverage").format(cards=cards)], ["kind", "card", "policy"])
    if not kinds:
        return None, {}
    sets = _sets(coverage)
    labels = ", ".join(f"({sql_strings((card, label))})" for card, label in sets.items())
    for name in ("actions", "sets", "firsts"):
        found[name] = ([], ["action", "card", "turn", "turns"] if name == "firsts" else ["action", "card"])
    for i, action in enumerate(actions):
        first, label = f"first_{i}", sql_strings([action.name])
        aggregates.append(f"min(turn) FILTER (WHERE {_among(list(action.kinds))}) AS {first}")
        found["actions"][0].append(
            sql("card_stats").format(action=label, first=first, key="h.card", join="", distinct="")
        )
        if sets:
            join = f"JOIN (VALUES {labels}) s(card, card_set) ON h.card = s.card"
            found["sets"][0].append(
                sql("card_stats").format(
                    action=label, first=first, key="s.card_set", join=join, distinct="DISTINCT"
                )
            )
        found["firsts"][0].append(sql("card_first_turns").format(action=label, first=first))
    if actions:
        found["lengths"] = ([sql("length_seats")], ["turns"])
    ignore = (spec or {}).get("ignore_detail") or []
    held = sql("card_held").format(
        kinds=sql_strings(sorted(kinds)),
        aggregates=", ".join(aggregates),
        ignored=f"coalesce(CAST(detail AS VARCHAR), '') IN ({sql_strings(ignore)})" if ignore else "false",
    )
    return held, {name: entry for name, entry in found.items() if entry[0]}


def count_chunk(con: duckdb.DuckDBPyConnection, held: str, found: Queries) -> dict[str, pl.DataFrame]:
    """One chunk's counts (its views ``events``, ``players`` with ``win_share``, ``games``): by frame name,
    the rows of its queries. A report adds chunks up; the runner stores a batch's as its summary."""
    con.execute("SET enable_progress_bar = false")
    con.execute(f"CREATE OR REPLACE TEMP TABLE held AS {held}")
    return {name: pl.concat([con.sql(text).pl() for text in texts]) for name, (texts, _) in found.items()}


def count(run: Run, data: AnalysisSpec | None) -> CardCounts:
    """Every card figure's counts of ``run`` for the game's declaration ``data`` and the coverage
    declaration in its manifest (the module docstring says how): added up from the per-batch summaries the
    runner wrote (analysis.card_summaries) when the run has them for this declaration, else from one scan
    of the events per chunk (runs written before summaries)."""
    held, found = count_queries(run.manifest.coverage, data)
    totals: dict[str, pl.DataFrame | None] = dict.fromkeys(found)
    if held is not None:
        from .card_summaries import usable

        if usable(run, data):
            from .card_summaries import read

            totals.update(read(run, found))
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
