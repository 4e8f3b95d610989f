"""One registry for a game's effect vocabulary (issue 17): every verb (and every hook) is registered once,
with its parameter schema, its documentation row, its rule IDs, what it is worth to a player (the value
model strategies read) and the roles strategies sort it by, and — when the engine module that carries
it out is imported — its handler.

The declaration sits with the card data's vocabulary (the card loader checks files against it without
importing the engine); the handler is bound by the module that implements it, into the same entry, and
the registry refuses a handler for an undeclared word or a second handler for one word. Engines dispatch
on :attr:`Vocabulary.handlers`, a plain dict (no lookup cost over a hand-made table); the handler's
signature stays each engine's own. Tests check both directions against the card docs
(``decklists/<game>/VOCABULARY.md``) and that every word strategies read has its roles."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

# The role a word has when it is none of a game's strategy roles: declared on purpose, never by default.
NEUTRAL = "neutral"


@dataclass(frozen=True, slots=True)
class Word:
    """One registered verb or hook.

    ``params`` are the keys of its mapping form in positional order and ``required`` those a card must
    give; ``value`` names what a bare value means (``{verb: 3}``, ``{hook: name}``): a parameter name,
    or a kind such as ``int``/``flag``/``hook``; ``""`` when it takes none. ``summary`` and ``rules`` are its
    documentation row; ``aim`` is the game's value model of it (what using it is worth, to whom) and
    ``roles`` the strategy roles it plays (``harm``, ``roll`` …; :data:`NEUTRAL` when none); ``used``
    False keeps a word with no card using it (documented as such)."""

    name: str
    summary: str
    params: tuple[str, ...] = ()
    required: tuple[str, ...] = ()
    value: str = ""
    rules: str = ""
    group: str = ""
    aim: Any = None
    roles: frozenset[str] = frozenset()
    used: bool = True


class Vocabulary(dict[str, Word]):
    """A game's words of one kind (``verb``, ``step``, ``hook``): name → :class:`Word` (a dict, so card
    checks and strategies look words up at dict speed), and the handlers bound to them (:meth:`implement`)."""

    def __init__(self, game: str, kind: str, words: Iterable[Word]) -> None:
        super().__init__()
        self.game, self.kind = game, kind
        self.handlers: dict[str, Callable[..., Any]] = {}  # name → handler: what the engine dispatches on
        for word in words:
            if word.name in self:
                raise ValueError(f"{game}: {kind} '{word.name}' registered twice")
            self[word.name] = word

    @classmethod
    def hooks(cls, game: str, rows: Iterable[tuple[Any, ...]]) -> Vocabulary:
        """A game's hooks, one ``(name, summary)`` or ``(name, summary, aim)`` row each: a hook is named by a
        card (a bare value ``{hook: NAME}``) and plays no strategy role of its own."""
        return cls(game, "hook", [Word(r[0], r[1], value="hook", aim=r[2] if len(r) > 2 else None,
                                       roles=frozenset({NEUTRAL})) for r in rows])  # fmt: skip

    def __repr__(self) -> str:
        return f"Vocabulary({self.game!r}, {self.kind!r}, {len(self)} words, {len(self.handlers)} handlers)"

    def implement(self, handlers: Mapping[str, Callable[..., Any]]) -> None:
        """Bind the handlers of declared words (the engine module that carries them out calls this once)."""
        for name, handler in handlers.items():
            if name not in self:
                raise ValueError(f"{self.game}: a handler for '{name}', which is no declared {self.kind}")
            if name in self.handlers and self.handlers[name] is not handler:
                raise ValueError(f"{self.game}: {self.kind} '{name}' has two handlers")
            self.handlers[name] = handler

    def unimplemented(self) -> list[str]:
        """Declared words no handler carries out (a card using one is left out, never silently skipped)."""
        return [name for name in self if name not in self.handlers]

    def with_role(self, role: str) -> frozenset[str]:
        """The words playing ``role`` (what a strategy's classification reads)."""
        return frozenset(name for name, word in self.items() if role in word.roles)

    def roles(self) -> frozenset[str]:
        return frozenset(r for word in self.values() for r in word.roles)


def documented_names(markdown: str, heading: str) -> list[str]:
    """The names a card-docs table documents: the word opening each backticked span in the first cell of
    each row of the table under the first line holding ``heading`` (``| `capture` / `release` |`` gives
    both; ``| `damage: N` |`` gives ``damage``)."""
    names: list[str] = []
    in_table = False
    for line in markdown[markdown.index(heading) :].splitlines()[1:]:
        if not line.startswith("|"):
            if in_table:
                break
            continue
        in_table = True
        names += re.findall(r"`([A-Za-z_]\w*)", line.split("|")[1])
    return names
