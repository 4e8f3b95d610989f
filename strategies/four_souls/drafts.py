"""Draft picks (FS-20.7 character draft / choice): which character ``sensible`` takes.

A character's worth is mostly its starting item and how well the policy plays it, which a reading of
the card cannot weigh, so the pick follows a measured table: per-character win rates of a policy in a
run, derived by ``cardlab derive draft-table RUN`` (``analysis.derive``) into a data file that records
its provenance (run, policy, seed, players, games, date, card data). The default file is
``data/draft_table.json`` beside this module. A character missing from the table (a card file of
one's own) is scored from its printed stats around the table's average.
Items (``draft_item``, ``eden_item``) are picked by their value (``reading``, ``valuing``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardlab.simulate.core.datafiles import load_json
from cardlab.simulate.core.errors import UserError

DEFAULT_TABLE = Path(__file__).parent / "data" / "draft_table.json"
KIND = "four-souls draft table"


def load_table(path: str | Path = DEFAULT_TABLE) -> dict[str, float]:
    """Character name → win rate (%) from a draft-table file; a bad file is one line naming the file,
    the field and the value (UserError: exit code 2). Read again as soon as the file changes."""
    return load_json(path, KIND, "draft table", _characters)


def _characters(p: Path, data: dict) -> dict[str, float]:
    chars = data.get("characters")
    if not isinstance(chars, dict) or not chars:
        raise UserError(f"{p}: field 'characters' must map character names to their win rates")
    table = {}
    for name, entry in chars.items():
        rate = entry.get("win_rate") if isinstance(entry, dict) else None
        if isinstance(rate, bool) or not isinstance(rate, int | float) or not 0 <= rate <= 100:
            raise UserError(f"{p}: field 'characters.{name}.win_rate' must be a number 0..100, got {rate!r}")
        table[str(name)] = float(rate)
    return table


def character_score(card: Any, table: dict[str, float] | None = None) -> float:
    """The measured win rate, or for an unknown character the table's average moved by its stats
    (each HP or attack point above the Base V2 2 HP / 1 attack counts like a strong starting item)."""
    if table is None:
        table = load_table()
    got = table.get(card.name)
    if got is not None:
        return got
    average = sum(table.values()) / len(table)
    hp = card.hp if isinstance(card.hp, int) else 2
    atk = card.attack if isinstance(card.attack, int) else 1
    return average + 8.0 * (hp - 2) + 10.0 * (atk - 1)
