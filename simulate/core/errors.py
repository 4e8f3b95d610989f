"""Errors a person can cause (exit 2, one line) versus bugs in engines or strategies."""

from __future__ import annotations


class UserError(Exception):
    """Bad input from a person: a path, an option value, a card or deck file.

    The CLI prints ``str(err)`` as one line on stderr and exits with code 2.
    """


class CardDataError(UserError):
    """A card, deck or ratio file is invalid. The message names file:line, card and field."""

    def __init__(self, path: str, line: int | None, message: str, card: str | None = None):
        self.path, self.line, self.card, self.detail = str(path), line, card, message
        where = f"{self.path}:{line}" if line else self.path
        who = f" '{_one_line(str(card))}'" if card else ""
        super().__init__(f"{where}{who}: {message}")


class IllegalChoiceError(Exception):
    """A strategy returned something that is not one of the decision's options: a bug in the strategy."""


class InvariantError(AssertionError):
    """An engine invariant broke (a card in two zones, ¢ not conserved …): raised by checked play."""


class RunawayGameError(RuntimeError):
    """A game asked more decisions than any game that ends can (``decisions.MAX_ASKS_PER_GAME``)."""


def _one_line(text: str) -> str:
    """A name as it can be shown in a one-line message: a line break or other control character in it
    (a card named "\\n" in a hand-edited file) is escaped, never printed."""
    return text if text.isprintable() else text.encode("unicode_escape").decode("ascii")
