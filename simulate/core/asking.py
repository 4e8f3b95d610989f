"""The one door through which an engine asks a player: :class:`Decision` and :class:`Players` (re-exported by
``decisions``, where the strategies' side of the kernel lives).

Compiled with mypyc by ``pip install .`` (issue 20): every engine builds a ``Decision`` at each real choice
and asks through ``Players.ask``, so both run at every step of every game. ``Decision`` is a plain class, not
a dataclass: a dataclass's generated ``__init__`` runs interpreted even in the compiled build (about 5,300
instructions a decision, a tenth of a compiled Gosu X game). A search copies and pickles both: a compiled
``__init__`` needs its arguments, so each says how it is rebuilt (``__reduce__``; mypyc's ``serializable``
leaves a compiled ``__init__`` uncalled when the class is made from Python, mypy 2.4.1).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from .errors import IllegalChoiceError, InvariantError, RunawayGameError


class Decision:
    """One choice put to one player.

    ``kind`` names the question (``action``, ``respond``, ``choose_target``, ``discard``, ``draft_clan``,
    ``mulligan`` …, each game documents its own). ``options`` are the legal answers: small hashable
    values (strings, ints, tuples) that the engine understands. ``view`` is a game-specific read-only
    object with only what this player may know (never another hand or a deck's order). ``context``
    carries what prompted the decision (the roll being answered, the attack under way …). Equal and
    shown by its fields, as the dataclass it was.
    """

    __slots__ = ("kind", "seat", "options", "view", "context")

    def __init__(
        self, kind: str, seat: int, options: Sequence[Any], view: Any = None, context: Any = None
    ) -> None:
        self.kind = kind
        self.seat = seat
        self.options = options
        self.view = view
        self.context = context

    def but(self, options: Sequence[Any], view: Any) -> Decision:
        """The same question with other options and view (a restricted player's, a search's rollout)."""
        return Decision(self.kind, self.seat, options, view, self.context)

    def _fields(self) -> tuple[Any, ...]:
        return (self.kind, self.seat, self.options, self.view, self.context)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Decision, self._fields())

    def __eq__(self, other: object) -> bool:  # and so unhashable, as the dataclass was
        if not isinstance(other, Decision):
            return NotImplemented
        return self._fields() == other._fields()

    def __repr__(self) -> str:
        return (
            f"Decision(kind={self.kind!r}, seat={self.seat!r}, options={self.options!r}, "
            f"view={self.view!r}, context={self.context!r})"
        )


_PLAIN: Final = frozenset({str, int, bool, float, type(None)})


def plain(value: Any) -> bool:
    """Is ``value`` made only of plain values (strings, numbers, booleans, None, tuples of them)? The
    options and contexts of engines whose handles are uids (Gosu X, Hidden Reason) are, so that a strategy
    never holds a live engine object (issue 17 item 5)."""
    t = type(value)
    if t in _PLAIN:
        return True
    return t is tuple and all(plain(v) for v in value)


def check_plain(decision: Decision) -> None:
    """Checked play of such an engine: stop at a decision offering anything else, naming its kind."""
    for value in (*decision.options, decision.context):
        if not plain(value):
            raise InvariantError(
                f"a '{decision.kind}' decision to seat {decision.seat} offered {value!r}, not a plain value: "
                "options are public handles (uids), never engine objects"
            )


# The per-game step cap (issue 16: every game ends). Engines cap turns; a game that loops inside one turn
# (a strategy attacking a monster that cannot die, an ability that re-triggers itself) is stopped here, in
# the one door every engine asks through, and recorded as a failed game with its seed. Seeded games of
# every engine ask far fewer (a 4-player Four Souls game of random players: about 80 per turn).
MAX_ASKS_PER_GAME: Final = 200_000


class Players:
    """The strategies at the table, seat by seat, and the counters of what was asked. A plain class for
    the same reason as ``Decision``."""

    __slots__ = (
        "strategies",
        "decisions",
        "choices",
        "declined",
        "single_option",
        "honour_declines",
        "asked",
        "max_asks",
        "declared",
        "_decliners",
    )

    def __init__(
        self,
        strategies: list[Any],
        decisions: int = 0,
        choices: list[int] | None = None,
        declined: int = 0,
        single_option: int = 0,
        honour_declines: bool = True,
        asked: int = 0,
        max_asks: int = 0,
        declared: frozenset[str] | None = None,
    ) -> None:
        self.strategies = strategies
        self.decisions = decisions  # decisions put to a strategy
        self.choices = choices  # the index of every answer, when recorded (replays, branching)
        self.declined = declined  # decisions the engine skipped because the player declined them unseen
        self.single_option = single_option  # one option, answered without asking (here or by the engine)
        self.honour_declines = honour_declines  # False: ask anyway (tests: declining changes nothing)
        self.asked = asked  # every ask, single-option ones included: the step count the runaway guard caps
        self.max_asks = max_asks  # 0: the default cap, MAX_ASKS_PER_GAME
        self.declared = declared  # checked play: the game's declared decision kinds (else unchecked)
        self._decliners: list[Any] | None = None  # each seat's ``declines`` (or None), looked up once

    def __reduce__(self) -> tuple[Any, ...]:
        """A copy looks its players' ``declines`` up again (a copied bound method would be the original's)."""
        return (
            Players,
            (
                self.strategies,
                self.decisions,
                self.choices,
                self.declined,
                self.single_option,
                self.honour_declines,
                self.asked,
                self.max_asks,
                self.declared,
            ),
        )

    def __len__(self) -> int:
        return len(self.strategies)

    def decliners(self) -> list[Any]:
        """Each seat's ``declines`` as a function ``(kind, view, context) -> bool`` (None when its
        strategy has none), for engines that check it in a hot loop: a True answer is a declined
        decision, which the engine counts in ``declined``. When ``honour_declines`` is off the
        functions are still called (same strategy state) but answer False."""
        fns = self._decliners
        if fns is None:  # looked up once, at the first window: a game's strategies are fixed by then
            fns = self._decliners = [getattr(s, "declines", None) for s in self.strategies]
        if self.honour_declines:
            return list(fns)
        return [None if fn is None else _ignored(fn) for fn in fns]

    def ask(self, decision: Decision) -> Any:
        """Put ``decision`` to its player and return the chosen option.

        A decision with a single option is answered without asking (DESIGN: "asking costs time").
        An answer that is not one of the options is a bug in the strategy and stops the game.
        """
        options = decision.options
        self.asked += 1
        if self.declared is not None and decision.kind not in self.declared:
            raise InvariantError(
                f"the engine asked seat {decision.seat} a '{decision.kind}' decision, a kind its game does not "
                "declare (GameSpec.decision_kinds)"
            )
        if self.asked > (self.max_asks or MAX_ASKS_PER_GAME):
            raise RunawayGameError(
                f"runaway game: more than {self.max_asks or MAX_ASKS_PER_GAME:,} decisions asked without the "
                f"game ending (last: a '{decision.kind}' decision to seat {decision.seat}); stopped by the "
                "per-game step cap"
            )
        if len(options) == 1:
            self.single_option += 1
            return options[0]
        if not options:
            raise IllegalChoiceError(
                f"engine asked seat {decision.seat} a '{decision.kind}' decision with no options"
            )
        strategy = self.strategies[decision.seat]
        choice = strategy.choose(decision)
        self.decisions += 1
        try:
            index = options.index(choice)
        except ValueError:
            raise IllegalChoiceError(
                f"strategy '{getattr(strategy, 'name', type(strategy).__name__)}' (seat {decision.seat}) returned "
                f"{choice!r} to a '{decision.kind}' decision; legal options were {list(options)!r}"
            ) from None
        if self.choices is not None:
            self.choices.append(index)
        return choice


def _ignored(fn: Any) -> Any:
    def call(kind: str, view: Any, context: Any) -> bool:
        fn(kind, view, context)
        return False

    return call
