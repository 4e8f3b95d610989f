"""`cardlab tune-policy`: a policy's numeric parameters set by paired-seed hill climbing (issue 13 item 6).

A parameter is a grid the user gives (``--param risk=0.1..0.4:0.05``); the objective is the win share of the
policy at a point of the grid against a fixed opponent (``--against``, by default the same policy at its own
defaults), every point playing the same seeds with seats rotated, so two points' difference is paired. From
the start point (each parameter's default, snapped to its grid), each step moves one parameter one grid
step either way: the neighbours are raced by ``cardlab tune``'s successive halving, the best is played on
every game and taken only if it beats the current point on those seeds; the climb stops at a local best or
at ``max_steps``. The point found is then confirmed on seeds the climb never saw, against the opponent, with
an interval over games. Every point's games go to ``evaluations.jsonl`` (``cardlab tune``'s evaluator, keyed
by the point), so ``--resume`` continues an interrupted climb and ends with the same answer; the same
command always climbs the same way (deterministic).
"""

from __future__ import annotations

import inspect
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardlab.simulate.core.decisions import declared_parameters, parse_strategies
from cardlab.simulate.core.errors import UserError
from cardlab.simulate.core.game import GameSpec
from cardlab.simulate.core.runformat import write_atomic
from cardlab.simulate.core.runner import RunPlan
from cardlab.strategies import registry as strategy_registry

from .help_examples import example_option
from .ranges import range_points, show
from .tune import CONFIRM_SEED_OFFSET, Evaluator, claim, race
from .wiring import plan_from_options

MAX_VALUES = 51


@dataclass(frozen=True, slots=True)
class Param:
    name: str
    values: tuple[str, ...]  # the grid, in order


@dataclass(slots=True)
class Climb:
    point: tuple[tuple[str, str], ...]  # (parameter, value) in the order the parameters were given
    share: float  # win share against the opponent on the climb's seeds


@dataclass(slots=True)
class PolicyTuneResult:
    folder: Path
    policy: str
    steps: list[Climb]
    confirm: dict[str, Any] = field(default_factory=dict)

    @property
    def best(self) -> Climb:
        return self.steps[-1]

    @property
    def text(self) -> str:
        return strategy_text(self.policy, self.best.point)


def _number(text: str, what: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise UserError(f"--param {what!r}: {text!r} is not a number") from None
    if not math.isfinite(value):
        raise UserError(f"--param {what!r}: {text!r} is not a finite number")
    return value


def parse_param(text: str, game: str | None = None) -> Param:
    """``NAME=A..B[:STEP]`` (numbers, step 1 by default) or ``NAME=V1,V2,…``; ``game`` names the example."""
    name, eq, values = str(text).partition("=")
    name, values = name.strip(), values.strip()
    if not eq or not name or not values or not name.isidentifier():
        raise UserError(
            f"--param {text!r}: expected NAME=A..B[:STEP] or NAME=V1,V2 "
            f"(e.g. {example_option('tune-policy', game, '--param')})"
        )
    if ".." in values:
        lo_text, _, rest = values.partition("..")
        hi_text, _, step_text = rest.partition(":")
        lo, hi = _number(lo_text, text), _number(hi_text, text)
        step = _number(step_text, text) if step_text else 1.0
        points = range_points(f"--param {text!r}", lo, hi, step, MAX_VALUES, "values")
        grid = tuple(show(round(point, 10)) for point in points)
    else:
        grid = tuple(show(_number(v.strip(), text)) for v in values.split(",") if v.strip())
    if len(set(grid)) < 2:
        raise UserError(f"--param {text!r}: give at least two values to choose from")
    if len(set(grid)) != len(grid):
        raise UserError(f"--param {text!r}: a value is given twice")
    return Param(name, grid)


def strategy_text(policy: str, point: Sequence[tuple[str, str]]) -> str:
    return policy + (":" + ",".join(f"{k}={v}" for k, v in point) if point else "")


def default_of(cls: type, name: str) -> float | None:
    """A parameter's default: its keyword default along the class's ``__init__``s, else a class attribute."""
    for klass in cls.__mro__:
        init = klass.__dict__.get("__init__")
        if init is not None and klass is not object:
            param = inspect.signature(init).parameters.get(name)
            if (
                param is not None
                and isinstance(param.default, (int, float))
                and not isinstance(param.default, bool)
            ):
                return float(param.default)
    value = getattr(cls, name, None)
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def start_point(cls: type, params: Sequence[Param]) -> tuple[tuple[str, str], ...]:
    """Each parameter's default snapped to the nearest grid value (the grid's middle when none is known)."""
    point = []
    for p in params:
        default = default_of(cls, p.name)
        if default is None:
            value = p.values[len(p.values) // 2]
        else:
            value = min(p.values, key=lambda v: (abs(float(v) - default), float(v)))
        point.append((p.name, value))
    return tuple(point)


def neighbours(
    point: tuple[tuple[str, str], ...], params: Sequence[Param]
) -> list[tuple[tuple[str, str], ...]]:
    out = []
    for i, p in enumerate(params):
        at = p.values.index(point[i][1])
        for j in (at - 1, at + 1):
            if 0 <= j < len(p.values):
                out.append((*point[:i], (p.name, p.values[j]), *point[i + 1 :]))
    return out


class PolicyEvaluator(Evaluator):
    """``cardlab tune``'s evaluator with the policy's parameters, not card numbers, as the change: a point
    plays against the opponent, seats rotated (every point the same seeds)."""

    def __init__(
        self, spec: GameSpec, settings: Mapping[str, Any], folder: Path, policy: str, against: str
    ) -> None:
        super().__init__(spec, settings, folder, ["strategy"])
        self.policy, self.against = policy, against
        self.labels: dict[tuple, str] = {}

    def plan(
        self, changes: Sequence[tuple[str, str]], n_games: int, seed: int, policy: str | None = None
    ) -> RunPlan:
        """The point's games: ``changes`` are the policy's parameters (``policy`` is the card tune's
        ensemble member and has no meaning here)."""
        return plan_from_options(
            self.spec,
            n_games=n_games,
            run_seed=seed,
            n_players=self.settings.get("n_players"),
            strategy_texts=[strategy_text(self.policy, changes), self.against],
            batch_size=max(1, n_games),
            max_turns=None,
            log_events=False,
            game_options=dict(self.settings.get("game_options") or {}),
        )

    def label(self, point: tuple[tuple[str, str], ...]) -> str:
        if point not in self.labels:
            self.labels[point] = self.plan(point, 1, 0).strategies[0].label
        return self.labels[point]

    def shares(self, point: tuple[tuple[str, str], ...], n_games: int, seed: int) -> list[float]:
        """Per game: the point's mean win share over the seats it holds (a k-way draw counts 1/k)."""
        seats = self.seats(point, n_games, seed).to_dicts()
        label = self.label(point)
        per_game: dict[int, list[float]] = {}
        for row in seats:
            if row["value"] == label:
                per_game.setdefault(row["game"], []).append(row["win_share"])
        return [sum(v) / len(v) for _, v in sorted(per_game.items())]


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _interval(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean with a 95 % normal interval over games (each game's share is one observation: seats of one game
    are not independent)."""
    n = len(values)
    mean = _mean(values)
    if n < 2:
        return mean, float("nan"), float("nan")
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    return mean, max(0.0, mean - half), min(1.0, mean + half)


def tune_policy(
    spec: GameSpec,
    folder: Path,
    policy: str,
    params: Sequence[Param],
    settings: Mapping[str, Any],
    against: str | None = None,
    max_steps: int = 10,
    confirm_games: int | None = None,
    resume: bool = False,
    say=print,
) -> PolicyTuneResult:
    """Climb, then confirm; writes ``tune.json``, ``evaluations.jsonl`` and ``tune-policy.md`` into ``folder``."""
    if not params:
        raise UserError("cardlab tune-policy: give at least one --param (e.g. --param 'risk=0.1..0.4:0.05')")
    if max_steps < 1:
        raise UserError(f"--max-steps must be at least 1, got {max_steps}")
    names = [p.name for p in params]
    if len(set(names)) != len(names):
        raise UserError(f"--param: a parameter is given twice ({', '.join(sorted(names))})")
    available = strategy_registry.for_game(spec.name)
    name = policy.split(":", 1)[0]
    if ":" in policy and name in available:  # parameters typed into POLICY, as `-s` takes them
        raise UserError(
            f"cardlab tune-policy: POLICY {policy!r}: give the policy's name alone ({name}); --param gives the "
            "parameters to tune"
        )
    if policy not in available:
        known = ", ".join(sorted(available)) or "none"
        raise UserError(f"cardlab tune-policy: unknown policy '{policy}' for {spec.name} (policies: {known})")
    cls = available[policy]
    against = against or policy
    n_games, seed = int(settings["n_games"]), int(settings["seed"])
    if n_games < 2:
        raise UserError(f"--games must be at least 2, got {n_games}")
    evaluator = PolicyEvaluator(spec, settings, folder, policy, against)
    parse_strategies([against], available, "--against")  # a bad opponent: one line naming the option typed
    for p in params:  # every value must be one the policy accepts, before anything is written
        for value in p.values:
            try:
                evaluator.plan(((p.name, value),), 1, seed)
            except UserError as exc:  # named by the strategy text built here, which nobody typed
                why = re.sub(r"^strategy '[^']*': ", "", str(exc))
                # an unknown name is the parameter's problem, not one of its values' (nobody typed 'nope=1')
                where = f"{p.name}={value}" if p.name in declared_parameters(cls) else p.name
                raise UserError(f"--param {where}: {why}") from None
    record = {
        "command": "tune-policy",
        "game": spec.name,
        "policy": policy,
        "params": {p.name: list(p.values) for p in params},
        "against": against,
        "games": n_games,
        "seed": seed,
        "max_steps": max_steps,
        "n_players": settings.get("n_players"),
        "game_options": {
            k: list(v) if isinstance(v, tuple) else v for k, v in (settings.get("game_options") or {}).items()
        },
    }
    claim(folder, record, resume)
    evaluator = PolicyEvaluator(spec, settings, folder, policy, against)  # reads back what a resume kept
    evaluator.keep()  # every evaluation from now on goes to evaluations.jsonl (a stopped tune resumes)

    def score(point: tuple[tuple[str, str], ...], games: int) -> tuple[float, dict]:
        return -_mean(evaluator.shares(point, games, seed)), {}  # the race keeps the lowest

    with evaluator.workers():  # the dask or ray cluster, when given, open for the whole climb
        current = start_point(cls, params)
        share = -score(current, n_games)[0]
        steps = [Climb(current, share)]
        say(f"start {strategy_text(policy, current)}: {share:.3f} against {against}")
        while len(steps) <= max_steps:
            candidates = neighbours(current, params)
            survivors = race(candidates, n_games, score)
            best = min(survivors, key=lambda c: (score(c, n_games)[0], c))
            best_share = -score(best, n_games)[0]
            if best_share <= share + 1e-12:
                say(f"step {len(steps)}: no neighbour beats {share:.3f}; stopping")
                break
            current, share = best, best_share
            steps.append(Climb(current, share))
            say(f"step {len(steps) - 1}: {strategy_text(policy, current)} → {share:.3f}")
        result = PolicyTuneResult(folder, policy, steps)
        fresh = seed + CONFIRM_SEED_OFFSET
        games = confirm_games or n_games
        result.confirm = {
            "seed": fresh,
            "games": games,
            "start": _interval(evaluator.shares(steps[0].point, games, fresh)),
            "best": _interval(evaluator.shares(result.best.point, games, fresh)),
        }
    write_atomic(folder / "tune-policy.md", to_markdown(result, record).encode("utf-8"))  # never half-written
    return result


def _pct(triple: Sequence[float]) -> str:
    mean, lo, hi = triple
    return f"{100 * mean:.1f} %" + (f" [{100 * lo:.1f}, {100 * hi:.1f}]" if lo == lo else "")


def to_markdown(result: PolicyTuneResult, record: Mapping[str, Any]) -> str:
    lines = [
        f"# cardlab tune-policy — {record['game']} {record['policy']}",
        "",
        "Parameters: "
        + ", ".join(f"{k} ∈ {{{', '.join(v)}}}" for k, v in record["params"].items())
        + f". Against {record['against']}; {record['games']} games per point on seed {record['seed']} "
        f"(paired, seats rotated), at most {record['max_steps']} steps.",
        "",
        "## The climb (win share against the opponent, search seeds)",
        "",
        "| step | policy | win share |",
        "|---|---|---|",
    ]
    for i, step in enumerate(result.steps):
        lines.append(f"| {i} | {strategy_text(result.policy, step.point)} | {100 * step.share:.1f} % |")
    c = result.confirm
    lines += [
        "",
        f"## Confirmation on seeds the climb never saw (seed {c['seed']}, {c['games']} games; 95 % interval "
        "over games)",
        "",
        "| policy | win share against the opponent |",
        "|---|---|",
        f"| start: {strategy_text(result.policy, result.steps[0].point)} | {_pct(c['start'])} |",
        f"| found: {result.text} | {_pct(c['best'])} |",
        "",
        f"Use it as `-s '{result.text}'`.",
        "",
    ]
    return "\n".join(lines)
