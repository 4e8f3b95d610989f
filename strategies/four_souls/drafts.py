"""Draft picks (FS-20.7 character draft / choice): which character ``sensible`` takes.

A character's worth is mostly its starting item and how well the policy plays it, which a reading of
the card cannot weigh, so the pick follows a measured table: per-character win rates of ``sensible``
in 4-player games (``cardlab simulate four-souls -n 4000 -p 4 -s sensible``, run seed 1, then
``cardlab report``; numbers in docs/four_souls.md, Strategies). A character missing from the table
(a card file of one's own) is scored from its printed stats around the table's average.
Items (``draft_item``, ``eden_item``) are picked by ``reading.item_value``.
"""

from __future__ import annotations

from typing import Any

# Win rate (%) of each Base V2 character with ``sensible`` in every seat, 4 players.
CHARACTER_WIN_RATE = {
    "The Forgotten": 53.0,
    "Samson": 38.0,
    "Judas": 29.4,
    "Isaac": 26.8,
    "Cain": 26.1,
    "Lazarus": 26.0,
    "Maggy": 22.6,
    "Eden": 19.8,
    "Blue Baby": 16.6,
    "Eve": 8.8,
    "Lilith": 8.2,
}
_AVERAGE = 25.0


def character_score(card: Any) -> float:
    """The measured win rate, or for an unknown character the average moved by its stats (each HP
    or attack point above the Base V2 2 HP / 1 attack counts like a strong starting item)."""
    got = CHARACTER_WIN_RATE.get(card.name)
    if got is not None:
        return got
    hp = card.hp if isinstance(card.hp, int) else 2
    atk = card.attack if isinstance(card.attack, int) else 1
    return _AVERAGE + 8.0 * (hp - 2) + 10.0 * (atk - 1)
