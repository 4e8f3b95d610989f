"""How counts and choices read in a line a person sees: "1 game", "2 games", "1 batch", "3 batches" (never
"1 games" or "game(s)"); a list of choices cut to a few and how many more; the close choice to a typo.
Every layer words its messages with these, the analysis too."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` (thousands separated) and ``noun``, in the plural (``plural`` or noun + "s") unless n is 1."""
    return f"{n:,} {noun if n == 1 else plural or noun + 's'}"


class Count(int):
    """A count a phrase template names its noun for: ``"spends {amount:token}".format(amount=Count(2))``
    reads "spends 2 tokens" (a table of phrases cannot call ``counted`` itself); no spec, the bare number."""

    __slots__ = ()

    def __format__(self, noun: str) -> str:
        return counted(int(self), noun) if noun else str(int(self))


def listed(values: Iterable[object], shown: int = 8) -> str:
    """The first ``shown`` values joined by commas and how many more there are: a message naming the
    choices stays one readable line when a run holds hundreds of them (a meta field's decks, a
    collection's characters)."""
    items = [str(v) for v in values]
    more = len(items) - shown
    return ", ".join(items[:shown]) + (f", … ({more:,} more)" if more > 0 else "") if items else "none"


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """`` — did you mean 'damage'?`` when a close choice exists, else an empty string."""
    close = difflib.get_close_matches(str(word), list(choices), n=1, cutoff=0.6)
    return f" — did you mean '{close[0]}'?" if close else ""
