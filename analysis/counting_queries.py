"""The counting queries a batch's summary (analysis.card_summaries, made by the runner) and a report's
scan of the events (analysis.card_counts, analysis.shape) share: what to count per game, seat and card, and
when scoring starts. Both sides build them here, so a summary and a scan count the same thing.
"""

from __future__ import annotations

from typing import Any

import duckdb
import polars as pl

from cardlab.simulate.core.analysis_spec import AnalysisSpec

from .queries import sql, sql_strings

ROLES = ("gained", "used", "lost")


def declared_in(entry: Any) -> dict | None:
    """The coverage declaration in a manifest entry, or None (an older run, a game without one)."""
    return entry if isinstance(entry, dict) and entry.get("cards") else None


def sets_in(entry: Any) -> dict[str, str]:
    """Card name → its set(s) in a manifest coverage entry (empty: one set, or an older run)."""
    sets = entry.get("sets") if isinstance(entry, dict) else None
    return dict(sets) if isinstance(sets, dict) else {}


def _among(kinds: list[str]) -> str:
    """A condition on the event kind: one of ``kinds`` (false for none)."""
    return f"kind IN ({sql_strings(kinds)})" if kinds else "false"


Queries = dict[str, tuple[list[str], list[str]]]


def count_queries(coverage: Any, data: AnalysisSpec | None) -> tuple[str | None, Queries]:
    """The held table's query (None when the run declares nothing to count) and, by the name of a
    :class:`CardCounts` frame, the queries giving its counts per chunk (one per action) and its keys;
    ``coverage`` is the manifest's coverage declaration and ``data`` the game's analysis declaration."""
    spec = declared_in(coverage)
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
            # how long it was held: from its first gain to its last event (lost, used or held at the end)
            f"min(turn) FILTER (WHERE NOT ignored AND {_among(roles['gained'])}) AS gained_turn",
            f"max(turn) FILTER (WHERE NOT ignored AND {_among(every)}) AS last_turn",
        ]
        cards = ", ".join(f"({sql_strings([c])}, {sql_strings([k])})" for c, k in spec["cards"].items())
        found["coverage"] = ([sql("coverage").format(cards=cards)], ["kind", "card", "policy"])
    if not kinds:
        return None, {}
    sets = sets_in(coverage)
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


FIRST_SCORE = "first_score"  # its frame in a batch summary


def first_score_query(data: AnalysisSpec | None, games_columns: list[str]) -> str | None:
    """The first-score counts' query over the views ``events``, ``games`` and ``players`` (``sql/first_score.sql``),
    or None when the game declares no first score (or its threshold column is not in the games table). A
    moment that needs a threshold (an event whose ``value`` falls below half a games column) narrows it."""
    first = data.first_score if data is not None else None
    if first is None:
        return None
    condition = ""
    if first.below_half_of is not None:
        if first.below_half_of not in games_columns:
            return None
        condition = 'AND 2 * e.value < g."' + first.below_half_of.replace('"', '""') + '"'
    return sql("first_score").format(kinds=sql_strings(first.kinds), condition=condition)
