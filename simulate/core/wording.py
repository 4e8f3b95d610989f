"""How a count reads in a line a person sees: "1 game", "2 games", "1 batch", "3 batches" (a sweep of one
point said "sweep of 1 points", a one-game run "1 games")."""

from __future__ import annotations


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` (thousands separated) and ``noun``, in the plural (``plural`` or noun + "s") unless n is 1."""
    return f"{n:,} {noun if n == 1 else plural or noun + 's'}"
