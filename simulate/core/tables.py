"""The Parquet schema of a run (DESIGN: Event log and results) and how a batch of games becomes tables.

Four tables, one part file each per batch: ``games`` (one row per game), ``players`` (game × seat),
``events`` (one row per event) and ``errors`` (one row per failed game). Wall-clock columns carry
``duration`` in their name so determinism checks can leave them out.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import pyarrow as pa

from .events import EVENT_FIELDS
from .game import GameResult

TABLES = ("games", "players", "events", "errors")

_ARROW = {
    "int": pa.int64(),
    "float": pa.float64(),
    "bool": pa.bool_(),
    "str": pa.string(),
    "list<str>": pa.list_(pa.string()),
    "list<int>": pa.list_(pa.int64()),
}

GAMES_SCHEMA = [
    ("game_id", pa.int64()),
    ("seed", pa.int64()),
    ("n_players", pa.int8()),
    ("first_seat", pa.int8()),
    ("winners", pa.list_(pa.int8())),
    ("draw", pa.bool_()),
    ("turns", pa.int32()),
    ("end_reason", pa.string()),
    ("decisions", pa.int32()),
    ("single_option", pa.int32()),
    ("declined", pa.int32()),
    ("events", pa.int32()),
    ("config_hash", pa.string()),
    ("duration_s", pa.float64()),
]
PLAYERS_SCHEMA = [
    ("game_id", pa.int64()),
    ("seat", pa.int8()),
    ("n_players", pa.int8()),
    ("strategy", pa.string()),
    ("result", pa.string()),
    ("win", pa.bool_()),
    ("score", pa.float64()),
]
EVENTS_SCHEMA = [
    ("game_id", pa.int64()),
    ("seq", pa.int32()),
    ("turn", pa.int32()),
    ("phase", pa.dictionary(pa.int32(), pa.string())),
    ("seat", pa.int8()),
    ("kind", pa.dictionary(pa.int32(), pa.string())),
    ("card", pa.dictionary(pa.int32(), pa.string())),
    ("target", pa.dictionary(pa.int32(), pa.string())),
    ("target_seat", pa.int8()),
    ("amount", pa.int32()),
    ("value", pa.int32()),
    ("detail", pa.string()),
]
ERRORS_SCHEMA = [
    ("game_id", pa.int64()),
    ("seed", pa.int64()),
    ("strategies", pa.list_(pa.string())),
    ("error_type", pa.string()),
    ("exception", pa.string()),
    ("traceback", pa.string()),
]


def schema(base: list[tuple[str, pa.DataType]], extra: Mapping[str, str]) -> pa.Schema:
    return pa.schema(base + [(name, _ARROW[kind]) for name, kind in extra.items()])


@dataclass(slots=True)
class BatchTables:
    """Column buffers for one batch; ``to_arrow`` turns them into the four tables."""

    game_columns: Mapping[str, str]
    player_columns: Mapping[str, str]
    games: dict[str, list] = field(default_factory=dict)
    players: dict[str, list] = field(default_factory=dict)
    events: dict[str, list] = field(default_factory=dict)
    errors: dict[str, list] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.games = {name: [] for name, _ in GAMES_SCHEMA} | {name: [] for name in self.game_columns}
        self.players = {name: [] for name, _ in PLAYERS_SCHEMA} | {name: [] for name in self.player_columns}
        self.events = {name: [] for name, _ in EVENTS_SCHEMA}
        self.errors = {name: [] for name, _ in ERRORS_SCHEMA}

    def add_game(  # the runner has checked the result against the game's contract (runner._check_result)
        self,
        game_id: int,
        seed: int,
        labels: list[str],
        result: GameResult,
        config_hash: str,
        duration: float,
    ) -> None:
        n = len(labels)
        g = self.games
        for key, value in (
            ("game_id", game_id),
            ("seed", seed),
            ("n_players", n),
            ("first_seat", result.first_seat),
            ("winners", list(result.winners)),
            ("draw", result.draw),
            ("turns", result.turns),
            ("end_reason", result.end_reason),
            ("decisions", result.decisions),
            ("single_option", result.single_option),
            ("declined", result.declined),
            ("events", len(result.events.rows)),
            ("config_hash", config_hash),
            ("duration_s", duration),
        ):
            g[key].append(value)
        for name in self.game_columns:
            g[name].append(result.columns.get(name))
        p = self.players
        for seat, (label, seat_result) in enumerate(zip(labels, result.seats, strict=True)):
            outcome = result.seat_outcome(seat)
            p["game_id"].append(game_id)
            p["seat"].append(seat)
            p["n_players"].append(n)
            p["strategy"].append(label)
            p["result"].append(outcome)
            p["win"].append(outcome == "win")
            p["score"].append(float(seat_result.score))
            for name in self.player_columns:
                p[name].append(seat_result.columns[name])
        rows = result.events.rows
        if rows:
            e = self.events
            e["game_id"].extend([game_id] * len(rows))
            e["seq"].extend(range(len(rows)))
            for name, column in zip(EVENT_FIELDS, zip(*rows, strict=True), strict=True):
                e[name].extend(column)

    def add_error(self, game_id: int, seed: int, labels: list[str], exc: BaseException, tb: str) -> None:
        for key, value in (
            ("game_id", game_id),
            ("seed", seed),
            ("strategies", labels),
            ("error_type", type(exc).__name__),
            ("exception", str(exc)),
            ("traceback", tb),
        ):
            self.errors[key].append(value)

    def to_arrow(self) -> dict[str, pa.Table]:
        return {
            "games": _table(self.games, schema(GAMES_SCHEMA, self.game_columns)),
            "players": _table(self.players, schema(PLAYERS_SCHEMA, self.player_columns)),
            "events": _table(self.events, schema(EVENTS_SCHEMA, {})),
            "errors": _table(self.errors, schema(ERRORS_SCHEMA, {})),
        }


def _table(columns: dict[str, list], table_schema: pa.Schema) -> pa.Table:
    arrays = []
    for f in table_schema:
        values: Any = columns[f.name]
        if pa.types.is_dictionary(f.type):
            arrays.append(pa.array(values, type=pa.string()).dictionary_encode())
        else:
            arrays.append(pa.array(values, type=f.type))
    return pa.Table.from_arrays(arrays, schema=table_schema)
