"""Hand-made run folders for the report tests (no tests here: imported by test_report_*, test_card_stats,
test_shape and test_browser). Tables are written with simulate.core.tables' exact schemas."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from cardlab.simulate.core.tables import ERRORS_SCHEMA, EVENTS_SCHEMA, GAMES_SCHEMA, PLAYERS_SCHEMA, schema
from tests.kernel_helpers import record_fixture_run


def game(game_id: int, winners: list[int], turns: int, first_seat: int = 0, n: int = 2, **extra: Any) -> dict:
    return {
        "game_id": game_id,
        "seed": game_id,
        "n_players": n,
        "first_seat": first_seat,
        "winners": winners,
        "draw": False,
        "turns": turns,
        "end_reason": "win" if winners else "turn_cap",
        "decisions": 0,
        "events": 0,
        "config_hash": "x",
        "duration_s": 0.0,
        **extra,
    }


def player(game_id: int, seat: int, won: bool, strategy: str = "s", n: int = 2, **extra: Any) -> dict:
    return {
        "game_id": game_id,
        "seat": seat,
        "n_players": n,
        "strategy": strategy,
        "result": "win" if won else "loss",
        "win": won,
        "score": float(won),
        **extra,
    }


def event(
    game_id: int,
    seq: int,
    turn: int,
    seat: int,
    kind: str,
    card: str | None = None,
    amount: int | None = None,
    detail: str | None = None,
    value: int | None = None,
    target_seat: int | None = None,
) -> dict:
    return {
        "game_id": game_id,
        "seq": seq,
        "turn": turn,
        "phase": "main",
        "seat": seat,
        "kind": kind,
        "card": card,
        "target": None,
        "target_seat": target_seat,
        "amount": amount,
        "value": value,
        "detail": detail,
    }


def _table(rows: list[dict], table_schema: pa.Schema) -> pa.Table:
    arrays = []
    for f in table_schema:
        values = [r.get(f.name) for r in rows]
        if pa.types.is_dictionary(f.type):
            arrays.append(pa.array(values, type=pa.string()).dictionary_encode())
        else:
            arrays.append(pa.array(values, type=f.type))
    return pa.Table.from_arrays(arrays, schema=table_schema)


def write_run(
    path: Path,
    game_name: str,
    games: list[dict],
    players: list[dict],
    events: list[dict] | None = None,
    game_columns: dict[str, str] | None = None,
    player_columns: dict[str, str] | None = None,
    config: dict | None = None,
    strategies: list[str] | None = None,
) -> Path:
    """A run folder with one batch: games, players, events, errors parts and a manifest."""
    tables = {
        "games": _table(games, schema(GAMES_SCHEMA, game_columns or {})),
        "players": _table(players, schema(PLAYERS_SCHEMA, player_columns or {})),
        "events": _table(events or [], schema(EVENTS_SCHEMA, {})),
        "errors": _table([], schema(ERRORS_SCHEMA, {})),
    }
    for name, table in tables.items():
        (path / name).mkdir(parents=True)
        pq.write_table(table, path / name / "part-000000.parquet")
    n_players = max(g["n_players"] for g in games)
    record_fixture_run(
        path,
        game=game_name,
        title=game_name,
        n_players=n_players,
        run_seed=7,
        strategies=strategies or sorted({p["strategy"] for p in players}),
        config=config or {"n_players": n_players},
        card_data_hash="abc123",
        turn_caps=sum(1 for g in games if g["end_reason"] == "turn_cap"),
    )
    return path
