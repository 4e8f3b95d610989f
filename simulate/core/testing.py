"""The one test kit every game shares: a scripted player, the uniform random player, and the interface of
the scenario builder each engine implements (issue 17 item 7).

Engines ask through :class:`~simulate.core.decisions.Players` only (DESIGN: Decisions), so one scripted
player answers every game's decisions: tests of any engine read alike, and a script that goes out of step
with the game fails with one message naming the seat, the step and the decision it met, instead of a
later, unrelated assertion. The random player is the baseline strategy ``random`` of every game (and of
the conformance test's random play); the games' own random players were copies of it.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from .decisions import Decision, Players
from .errors import IllegalChoiceError
from .events import EventLog
from .seeds import stream
from .wording import counted

Plan = Callable[[Decision], Any]  # an answer to a decision, or None: "not mine, ask the next plan"


class ScriptMismatch(IllegalChoiceError, AssertionError):
    """A scripted answer that does not fit the decision the game asked: the test's script is out of step."""


@dataclass(frozen=True, slots=True)
class On:
    """A script step that must meet a decision of ``kind``; ``answer`` is an option or a plan."""

    kind: str
    answer: Any


def first_option(decision: Decision) -> Any:
    """The default answer of a scripted player: the decision's first option."""
    return decision.options[0]


def random_option(rng: random.Random, decision: Decision) -> Any:
    """One of the decision's options, each equally likely (one draw of ``rng``)."""
    return rng.choice(decision.options)


class RandomPlayer:
    description: ClassVar[str] = (
        "Picks uniformly among the legal options of every decision: the floor every policy must beat, and a "
        "fuzzer driving an engine through rare paths. It takes no parameters."
    )

    name = "random"

    def __init__(self, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng

    def choose(self, decision: Decision) -> Any:
        return random_option(self.rng, decision)


def play_docs_example(
    doc: str | Path, name: str, play: Callable[..., Any], config: Any, games: int = 3
) -> list:
    """Play ``games`` seeded two-player games of the strategy class ``name`` that a docs page's "**Writing a
    strategy.**" example defines (the page's own code) against the random player; their results."""
    text = Path(doc).read_text()
    code = text.split("**Writing a strategy.**")[1].split("```python\n")[1].split("```")[0]
    namespace: dict[str, Any] = {}
    exec(compile(code, str(doc), "exec"), namespace)  # noqa: S102 — the docs' own example
    cls = namespace[name]
    results = []
    for seed in range(games):
        players = Players([cls(0, stream(seed, "strategy", 0)), RandomPlayer(1, stream(seed, "strategy", 1))])
        results.append((play(config, seed, players), players.decisions))
    return results


class ScriptedPlayer:
    """A test player answering from a script, then from plans, then with ``fallback``.

    ``script`` is a sequence of steps used one per decision, in order: an option, a plan (a callable
    ``decision -> option``) or :class:`On` (the step also demands the decision's kind). Once the script is
    used up, each of ``plans`` is asked in turn (a plan returns an option, or None to leave the decision
    to the next); the first answer wins; with none, ``fallback`` answers (by default the first option; an
    engine's scenario builder may give its own, e.g. Four Souls passes). Every answer from the script or a
    plan must be one of the options (:class:`ScriptMismatch` otherwise). Every decision asked is kept in
    ``asked``, so a test can assert what it was asked.
    """

    name = "scripted"

    def __init__(
        self,
        seat: int = 0,
        rng: random.Random | None = None,
        script: Iterable[Any] = (),
        plan: Plan | None = None,
        fallback: Plan = first_option,
    ) -> None:
        self.seat = seat
        self.script: list[Any] = list(script)
        self.plans: list[Plan] = [plan] if plan is not None else []
        self.fallback = fallback
        self.asked: list[Decision] = []
        self.step = 0  # script steps used so far

    def choose(self, decision: Decision) -> Any:
        self.asked.append(decision)
        if self.script:
            self.step += 1
            entry = self.script.pop(0)
            where = f"script step {self.step}"
            if isinstance(entry, On):
                if entry.kind != decision.kind:
                    raise ScriptMismatch(
                        f"seat {self.seat} {where} expects a '{entry.kind}' decision, the game asked a "
                        f"'{decision.kind}' decision (options: {list(decision.options)!r})"
                    )
                entry = entry.answer
            answer = entry(decision) if callable(entry) else entry
            return self._checked(decision, answer, where)
        for plan in self.plans:
            answer = plan(decision)
            if answer is not None:
                return self._checked(decision, answer, "plan")
        return self.fallback(decision)

    def _checked(self, decision: Decision, answer: Any, where: str) -> Any:
        if answer not in decision.options:
            raise ScriptMismatch(
                f"seat {self.seat} {where}: {answer!r} is not an option of the '{decision.kind}' decision "
                f"(options: {list(decision.options)!r})"
            )
        return answer

    @property
    def plan(self) -> Plan | None:
        """The first plan (a test that scripts one plan replaces it by assigning ``plan``)."""
        return self.plans[0] if self.plans else None

    @plan.setter
    def plan(self, plan: Plan | None) -> None:
        self.plans = [plan] if plan is not None else []

    def extend(self, *steps: Any) -> None:
        """Add steps at the end of the script."""
        self.script.extend(steps)

    def expect_done(self) -> None:
        """Fail unless every script step was used (a script longer than the game's questions is a mistake)."""
        if self.script:
            raise ScriptMismatch(
                f"seat {self.seat}: {counted(len(self.script), 'script step')} never used, from step {self.step + 1}: "
                f"{self.script!r}"
            )

    def kinds(self) -> list[str]:
        """The kinds of the decisions asked, in order."""
        return [d.kind for d in self.asked]


class Scenario(ABC):
    """A position built by hand for a rule test, then played on: what every engine's builder offers.

    ``state`` is the engine's own game state (a test may reach into it for what the interface does not
    name); ``players`` its scripted players; ``log`` its event log. Cards are named as in the bundled card
    files, or given as the engine's own card records (made in a test). ``zones`` are the zone names
    ``put`` accepts.
    """

    zones: tuple[str, ...] = ()

    def __init__(self, state: Any, players: Players, log: EventLog) -> None:
        self.state, self.players, self.log = state, players, log

    def player(self, seat: int) -> ScriptedPlayer:
        """The scripted player at ``seat`` (script it with ``extend`` or its ``plan``)."""
        return self.players.strategies[seat]

    def events(self, kind: str | None = None) -> list[tuple]:
        """The events logged so far (of one kind), as event-log rows."""
        return [row for row in self.log.rows if kind is None or row[3] == kind]

    def _zone(self, zone: str) -> str:
        if zone not in self.zones:
            raise ValueError(f"unknown zone {zone!r} (zones: {', '.join(self.zones)})")
        return zone

    @abstractmethod
    def put(self, seat: int, card: Any, zone: str) -> Any:
        """Put a new copy of ``card`` into ``seat``'s ``zone``; the engine's handle of it."""

    @abstractmethod
    def options(self, seat: int) -> Sequence[Any]:
        """The actions ``seat`` may take now, as the engine would offer them in its main phase."""

    @abstractmethod
    def act(self, seat: int, option: Any) -> None:
        """``seat`` takes the action ``option`` (one of ``options(seat)``), and what it started resolves."""

    @abstractmethod
    def check(self) -> None:
        """The engine's invariants hold (raises InvariantError otherwise)."""


class Replayer:
    """Plays a game again from its recorded answers (``Players.choices``: the index of every answer, in the
    order asked). Games are a pure function of seed and answers (DESIGN), so the replay must log the same
    events whatever players gave the answers; one that asks something else fails with the ask it met."""

    def __init__(self, choices: Sequence[int]) -> None:
        self.choices = list(choices)
        self.used = 0

    def players(self, n_seats: int) -> Players:
        """A table of ``n_seats`` seats all answering from this replay."""
        return Players([_Replaying(self, seat) for seat in range(n_seats)])

    def answer(self, decision: Decision) -> Any:
        if self.used >= len(self.choices):
            raise ScriptMismatch(
                f"replay: the game asked a '{decision.kind}' decision to seat {decision.seat} after all "
                f"{len(self.choices)} recorded answers were used"
            )
        index = self.choices[self.used]
        self.used += 1
        if index >= len(decision.options):
            raise ScriptMismatch(
                f"replay answer {self.used}: option {index} of a '{decision.kind}' decision to seat "
                f"{decision.seat} with only {len(decision.options)} options"
            )
        return decision.options[index]

    def expect_done(self) -> None:
        """Fail unless the replayed game asked for every recorded answer."""
        if self.used != len(self.choices):
            raise ScriptMismatch(
                f"replay: the game ended after {self.used} of {len(self.choices)} recorded answers"
            )


class _Replaying:
    name = "replay"

    def __init__(self, replayer: Replayer, seat: int) -> None:
        self.seat = seat
        self.choose = replayer.answer
