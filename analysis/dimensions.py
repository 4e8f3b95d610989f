"""Which players-table columns a report compares win rates by: the game's declared design choices
(character, alliance, deck …), not outcomes. One place decides it for the report, `cardlab robust` and
the meta figures."""

from __future__ import annotations

from .runs import Run

_HIDDEN = {"game_id", "seat", "n_players", "result", "win", "win_share", "score"}


def default_dimensions(run: Run, limit: int = 64) -> list[str]:
    """The dimensions the game declares in the manifest (character, alliance, deck …: design choices, not
    outcomes); for a run without them, strategy and every text or list column with 2..limit values."""
    columns = run.columns("players")
    declared = run.manifest.dimensions
    if declared:  # a dimension with one value (e.g. one strategy in every seat) has nothing to compare
        return [d for d in declared if d in columns and _distinct(run, d, columns[d]) > 1]
    dims = ["strategy"]
    for name, kind in columns.items():
        if name in _HIDDEN or name == "strategy" or not (kind == "VARCHAR" or kind == "VARCHAR[]"):
            continue
        if 1 < _distinct(run, name, kind) <= limit:
            dims.append(name)
    return dims


def _distinct(run: Run, name: str, kind: str) -> int:
    """How many values a players column takes (list columns: their members)."""
    quoted = '"' + name.replace('"', '""') + '"'
    values = (
        f"(SELECT unnest({quoted}) AS v FROM players)"
        if kind.endswith("[]")
        else f"(SELECT {quoted} AS v FROM players)"
    )
    return run.db.execute(f"SELECT count(DISTINCT v) FROM {values}").fetchall()[0][0]


# ---- display helpers -------------------------------------------------------------------------------
