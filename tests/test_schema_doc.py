"""docs/schema.md documents every Parquet column the code writes, with its type, and nothing else (issue 18
item 12): a column added to or removed from the schema fails here until the page says what it is."""

from __future__ import annotations

import re
from pathlib import Path

import pyarrow as pa
import pytest

from cardlab.simulate import games
from cardlab.simulate.core import tables

PAGE = Path(__file__).resolve().parents[1] / "docs" / "schema.md"
_ROW = re.compile(r"^\| (?:(games|players) \| )?`(\w+)` \| ([^|]+) \|", re.M)


def _type(t: pa.DataType) -> str:
    if pa.types.is_dictionary(t):
        return f"{_type(t.value_type)} (dictionary)"
    if pa.types.is_list(t):
        return f"list<{_type(t.value_type)}>"
    return {"bool": "bool", "double": "float64"}.get(str(t), str(t))


def _documented(section: str) -> dict[tuple[str, str], str]:
    """{(table, column): type} from the tables under the ``## section`` heading (its subsections too)."""
    text = PAGE.read_text(encoding="utf-8")
    start = text.index(f"\n## {section}\n")
    end = text.find("\n## ", start + 1)
    body = text[start : end if end >= 0 else len(text)]
    return {(m.group(1) or section, m.group(2)): m.group(3).strip() for m in _ROW.finditer(body)}


@pytest.mark.parametrize(
    ("table", "columns"),
    [
        ("games", tables.GAMES_SCHEMA),
        ("players", tables.PLAYERS_SCHEMA),
        ("events", tables.EVENTS_SCHEMA),
        ("errors", tables.ERRORS_SCHEMA),
    ],
)
def test_every_base_column_is_documented_with_its_type(table, columns):
    code = {(table, name): _type(t) for name, t in columns}
    assert _documented(table) == code


@pytest.mark.parametrize("game", sorted(games.BUILTIN))
def test_every_column_a_game_adds_is_documented(game):
    spec = games.get(game)
    code = {("games", k): v for k, v in spec.game_columns.items()} | {
        ("players", k): v for k, v in spec.player_columns.items()
    }
    text = PAGE.read_text(encoding="utf-8")
    start = text.index(f"\n### {game}\n")
    end = text.find("\n### ", start + 1)
    body = text[start : end if end >= 0 else len(text)]
    doc = {(m.group(1), m.group(2)): m.group(3).strip() for m in _ROW.finditer(body)}
    assert doc == code
