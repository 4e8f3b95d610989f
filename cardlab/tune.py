"""`cardlab tune`: the smallest set of card changes that meets balance targets (issue 21 item 3).

Knobs are card facts a user lets move (``--knob 'Isaac.hp=1..4'``: the game's ``--set`` fields, so every
value is validated like a card file); targets say what balanced means (``analysis.targets``). The search is
greedy in the number of changes: from the cards as they are, each step tries every knob at every other value
on top of the changes kept so far and keeps the one that brings the games closest to the targets; it stops
when the targets are met, when no candidate helps, or at ``max_changes``. Every candidate plays the same
seeds, so their differences are paired, and they are raced (:func:`race_paired`): all play the first quarter
of the games, then twice as many, and so on, and after each round a candidate whose paired interval shows it
cannot beat the leader is dropped. The changes found are then confirmed on seeds the search never saw, with
intervals, before and after.

A knob may also be a game option (``--knob 'ratio-count=curse={0..6}'``, ``--knob 'combat-values=2,3,5/2,3,6'``:
the values as `cardlab sweep --vary` reads them); its change is that option's value. With an ensemble of
policies (``--ensemble sensible,random``) every candidate plays the same seeds under each policy, that policy
in every seat, and a target counts as met only when it holds under each one. Games are played in this
process, or in parallel with ``--jobs`` / ``--backend`` (dask, ray) — the same rows whatever the backend.

Every evaluated candidate is appended to ``evaluations.jsonl`` in the tune folder, keyed by its changes and
games; a resumed tune (``--resume``) reads them back instead of playing again, so an interrupted search
continues where it stopped and ends with the same answer.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from cardlab.analysis import targets as tg
from cardlab.simulate.core.errors import UserError
from cardlab.simulate.core.game import GameSpec
from cardlab.simulate.core.runformat import held_there, write_atomic
from cardlab.simulate.core.runner import RunPlan, option_differences, play_game

from .help_examples import example_option
from .ranges import range_points
from .wiring import plan_from_options

CONFIRM_SEED_OFFSET = 1_000_003  # confirmation seeds: far from the search's own
MIN_SEATS = 20  # a value seen in fewer seats is left out of a spread (its rate would be mostly noise)


@dataclass(frozen=True, slots=True)
class Knob:
    card_field: str  # "Isaac.hp", or a game option: "--combat-values", "--ratio-count curse"
    values: tuple[str, ...]

    @property
    def option(self) -> str | None:
        """The game option (dashes) the knob moves, or None for a card fact."""
        return option_of(self.card_field)


def option_of(key: str) -> str | None:
    """``--NAME[ CATEGORY]`` (an option knob's key) → NAME; a card fact's key → None."""
    return key[2:].split(" ", 1)[0] if key.startswith("--") else None


@dataclass(slots=True)
class Step:
    changes: tuple[tuple[str, str], ...]  # (card.field, value)
    gap: float
    figures: dict[str, float]


@dataclass(slots=True)
class TuneResult:
    folder: Path
    steps: list[Step]  # the trade-off: 0, 1, 2 … changes, each step's best
    met: bool
    confirm: dict[str, Any] = field(default_factory=dict)
    races: list[tuple[int, int, int, int]] = field(default_factory=list)  # per step tried: candidates,
    # dropped early, games played, games of a full evaluation

    @property
    def best(self) -> Step:
        return min(self.steps, key=lambda s: (s.gap, len(s.changes)))


def parse_knob(text: str, spec: GameSpec | None = None) -> Knob:
    """``CARD.FIELD=a..b[:step]`` or ``CARD.FIELD=v1,v2,…``; with ``spec``, also ``OPTION=VALUES`` for one of
    the game's options (read as `cardlab sweep --vary` reads it: ``ratio-count=curse={0..6}``,
    ``combat-values=2,3,5/2,3,6``, ``boss-hp-per-player=20..30:5``)."""
    key, eq, values = str(text).partition("=")
    name = key.strip().lstrip("-")
    if spec is not None and eq and any(o.name == name for o in spec.options):
        return _option_knob(spec, text, name)
    if not eq or "." not in key or not values.strip():
        raise UserError(
            f"--knob {text!r}: expected CARD.FIELD=A..B[:STEP], CARD.FIELD=V1,V2 or OPTION=VALUES "
            f"(e.g. {example_option('tune', spec.name, '--knob') if spec else repr('Isaac.hp=1..4')})"
        )
    values = values.strip()
    if ".." in values:
        lo_text, _, rest = values.partition("..")
        hi_text, _, step_text = rest.partition(":")
        try:
            lo, hi, step = int(lo_text), int(hi_text), int(step_text or 1)
        except ValueError:
            raise UserError(f"--knob {text!r}: a range A..B[:STEP] needs whole numbers") from None
        choices = tuple(str(v) for v in range_points(f"--knob {text!r}", lo, hi, step, 51, "values"))
    else:
        choices = tuple(v.strip() for v in values.split(",") if v.strip())
    if len(choices) < 2:
        raise UserError(f"--knob {text!r}: give at least two values to choose from")
    return Knob(key.strip(), choices)


def _option_knob(spec: GameSpec, text: str, name: str) -> Knob:
    """A knob over a game option. A repeatable option's values (``ratio-count``'s ``curse=0`` …) must share
    their part before ``=`` — the category they set — which names the knob, so two categories are two
    knobs."""
    from .sweep import parse_vary

    if name == "set":
        raise UserError(f"--knob {text!r}: a card fact is a knob of its own: CARD.FIELD=VALUES")
    option = next(o for o in spec.options if o.name == name)
    values = tuple(str(v) for v in parse_vary(spec, text.strip().lstrip("-"), "--knob").values)
    if len(values) < 2:
        raise UserError(f"--knob {text!r}: give at least two values to choose from")
    key = f"--{name}"
    if option.multiple:
        heads = {v.partition("=")[0].strip() for v in values}
        if len(heads) != 1 or not all("=" in v for v in values):
            raise UserError(
                f"--knob {text!r}: the values of a repeatable option must all set one thing "
                f"(e.g. '{name}=curse={{0..6}}')"
            )
        key += " " + heads.pop()
    return Knob(key, values)


def with_changes(spec: GameSpec, options: Mapping[str, Any], changes: Sequence[tuple[str, str]]) -> dict:
    """The game options of a candidate: the user's, one ``--set`` per card change, and each option change
    in place of the option's value (for a repeatable option, in place of the entries for its category)."""
    from .sweep import _convert

    options = dict(options)
    cards = tuple(f"{k}={v}" for k, v in changes if option_of(k) is None)
    if cards or "set" in options:  # a game without card overrides has no "set" option
        options["set"] = tuple(options.get("set") or ()) + cards
    for key, value in changes:
        name = option_of(key)
        if name is None:
            continue
        field_name = name.replace("-", "_")
        option = next(o for o in spec.options if o.name == name)
        if option.multiple:
            head = key.split(" ", 1)[1] + "="
            given = options.get(field_name) or ()
            given = (given,) if isinstance(given, str) else tuple(given)
            options[field_name] = tuple(g for g in given if not str(g).startswith(head)) + (value,)
        else:
            options[field_name] = _convert(spec, name, value, "--knob")
    return options


class Evaluator:
    """Plays a candidate's games (no event log) and remembers every result on disk.

    ``settings`` may name ``jobs`` and ``backend``/``scheduler`` (as `cardlab simulate`): one job on a
    local backend plays in this process; otherwise the games go to joblib workers or, for dask and ray,
    to the cluster opened by :meth:`workers` — each game a pure function of the plan and its index, so the
    rows are the same whatever runs them. Until :meth:`keep` is called (the folder claimed) nothing is
    written, so a target checked against the first games can still fail with nothing on disk."""

    def __init__(self, spec: GameSpec, settings: Mapping[str, Any], folder: Path, dims: list[str]) -> None:
        self.spec, self.settings, self.folder, self.dims = spec, dict(settings), folder, dims
        self.log = folder / "evaluations.jsonl"
        self.cache: dict[str, list[dict]] = {}
        self.lengths: dict[str, list[int]] = {}  # a candidate's evaluations: how many games each holds
        self.entries: dict[str, dict] = {}  # key → its evaluations.jsonl entry
        self.unsaved: list[str] = []
        self.played = 0  # games played by this evaluator (not read back)
        self.saving = self.log.exists()
        if self.log.exists():
            for line in self.log.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    entry = json.loads(line)
                    self._remember(entry)

    def _remember(self, entry: dict) -> None:
        """Hold an evaluation: its own games, after those of the shorter evaluation it extends, if any."""
        key = entry["key"]
        self.entries[key] = entry
        self.cache[key] = (self.cache[entry["after"]] if "after" in entry else []) + entry["seats"]
        base, games = _base_key(key)
        self.lengths.setdefault(base, []).append(games)

    def keep(self) -> None:
        """From now on append every evaluation to ``evaluations.jsonl`` (those made before first)."""
        self.saving = True
        for key in self.unsaved:
            self._append(key)
        self.unsaved = []

    def _append(self, key: str) -> None:
        with self.log.open("a", encoding="utf-8") as out:
            out.write(json.dumps(self.entries[key]) + "\n")

    def plan(
        self, changes: Sequence[tuple[str, str]], n_games: int, seed: int, policy: str | None = None
    ) -> RunPlan:
        settings = self.settings if policy is None else {**self.settings, "strategies": [policy]}
        return self.plan_for(self.spec, settings, changes, n_games, seed)

    @staticmethod
    def plan_for(
        spec: GameSpec,
        settings: Mapping[str, Any],
        changes: Sequence[tuple[str, str]],
        n_games: int,
        seed: int,
    ) -> RunPlan:
        """The run plan of a candidate: the user's options with the changes (:func:`with_changes`)."""
        return plan_from_options(
            spec,
            n_games=n_games,
            run_seed=seed,
            n_players=settings.get("n_players"),
            strategy_texts=list(settings.get("strategies") or []),
            batch_size=max(1, n_games),
            max_turns=None,
            log_events=False,
            game_options=with_changes(spec, settings.get("game_options") or {}, changes),
        )

    def seats(
        self, changes: Sequence[tuple[str, str]], n_games: int, seed: int, policy: str | None = None
    ) -> pl.DataFrame:
        """One row per seat and dimension value of the candidate's first ``n_games`` games (under ``policy``
        in every seat when given). Game ``i`` is the same game however many are asked for, so a longer
        evaluation plays only the games after the longest one already held (a race's rounds never replay a
        game) and ``evaluations.jsonl`` stores only those, with the key of the one it extends."""
        key = json.dumps([sorted(changes), n_games, seed] + ([policy] if policy is not None else []))
        if key not in self.cache:
            held = [g for g in self.lengths.get(_base_key(key)[0], []) if g < n_games]
            first = max(held, default=0)
            plan = self.plan(changes, n_games, seed, policy)
            entry: dict[str, Any] = {"key": key, "seats": self._play(plan, first, n_games - first)}
            if first:
                entry["after"] = json.dumps(
                    [sorted(changes), first, seed] + ([policy] if policy is not None else [])
                )
            self.played += n_games - first
            self._remember(entry)
            if self.saving:
                self._append(key)
            else:
                self.unsaved.append(key)
        return pl.DataFrame(self.cache[key], schema=SEATS_SCHEMA)

    def _play(self, plan: RunPlan, first: int, count: int) -> list[dict]:
        """The seat rows of games ``first`` … ``first + count − 1`` of ``plan``."""
        jobs = int(self.settings.get("jobs") or 1)
        backend = self.settings.get("backend") or "loky"
        if backend not in CLUSTER_BACKENDS and (jobs == 1 or count < 2):
            return _seat_chunk(plan, first, count, self.dims)
        workers = (os.cpu_count() or 1) if jobs == -1 else jobs
        size = max(1, math.ceil(count / (2 * max(1, workers))))
        chunks = [(start, min(size, first + count - start)) for start in range(first, first + count, size)]
        if backend == "ray":
            import ray

            remote = ray.remote(num_cpus=1)(_seat_chunk)
            parts = ray.get([remote.remote(plan, start, n, self.dims) for start, n in chunks])
        else:
            from joblib import Parallel, delayed

            tasks = (delayed(_seat_chunk)(plan, start, n, self.dims) for start, n in chunks)
            n_jobs = -1 if backend == "dask" else jobs
            parts = Parallel(n_jobs=n_jobs, backend=None if backend == "dask" else backend)(tasks)
        return [row for part in parts for row in part]

    @contextlib.contextmanager
    def workers(self) -> Iterator[None]:
        """The dask or ray cluster the evaluations use, open for the whole tune (none for local backends)."""
        backend = self.settings.get("backend") or "loky"
        if backend not in CLUSTER_BACKENDS:
            yield
            return
        from cardlab.simulate.core.runner import _cluster

        with _cluster(backend, self.settings.get("scheduler"), int(self.settings.get("jobs") or -1)):
            yield


CLUSTER_BACKENDS = ("dask", "ray")


def _base_key(key: str) -> tuple[str, int]:
    """An evaluation's key without its number of games (which candidate, seed and policy), and that number."""
    changes, games, seed, *policy = json.loads(key)
    return json.dumps([changes, seed, *policy]), int(games)


def _seat_chunk(plan: RunPlan, first: int, count: int, dims: list[str]) -> list[dict]:
    """The seat rows of games ``first`` … ``first + count − 1`` (a worker's share)."""
    rows = []
    for index in range(first, first + count):
        rows += _seat_rows(plan, index, dims)
    return rows


SEATS_SCHEMA = {
    "game": pl.Int64,
    "seat": pl.Int64,
    "place": pl.Int64,
    "dim": pl.String,
    "value": pl.String,
    "win_share": pl.Float64,
}


def _seat_rows(plan: RunPlan, index: int, dims: list[str]) -> list[dict]:
    result = play_game(plan, index, log_events=False)
    labels = [s.label for s in plan.seating(index)]
    n = len(result.seats)
    draws = [s for s in range(n) if result.seat_outcome(s) == "draw"]
    rows = []
    for seat, seat_result in enumerate(result.seats):
        outcome = result.seat_outcome(seat)
        share = 1.0 if outcome == "win" else (1.0 / len(draws) if outcome == "draw" else 0.0)
        place = (seat - result.first_seat) % n
        for dim in dims:
            raw = labels[seat] if dim == "strategy" else seat_result.columns.get(dim)
            for value in raw if isinstance(raw, list) else [raw]:
                rows.append(
                    {
                        "game": index,
                        "seat": seat,
                        "place": place,
                        "dim": dim,
                        "value": str(value),
                        "win_share": share,
                    }
                )
    return rows


def tune(
    spec: GameSpec,
    folder: Path,
    knobs: Sequence[Knob],
    target_texts: Sequence[str],
    settings: Mapping[str, Any],
    max_changes: int = 3,
    confirm_games: int | None = None,
    resume: bool = False,
    say=print,
) -> TuneResult:
    """Search, then confirm; writes ``tune.json``, ``evaluations.jsonl`` and ``tune.md`` into ``folder``.

    ``settings``: ``n_games``, ``seed``, ``n_players``, ``strategies``, ``game_options``; optionally
    ``ensemble`` (policy labels: every candidate is judged under each, that policy in every seat, and a
    target holds only if it holds under all) and ``jobs`` / ``backend`` / ``scheduler``."""
    if not knobs:
        raise UserError(
            f"cardlab tune: give at least one --knob (e.g. {example_option('tune', spec.name, '--knob')})"
        )
    if not target_texts:
        raise UserError(
            f"cardlab tune: give at least one --target (e.g. {example_option('tune', spec.name, '--target')})"
        )
    if not spec.set_fields and any(k.option is None for k in knobs):
        raise UserError(f"cardlab tune: {spec.name} has no --set card overrides to tune")
    keys = [k.card_field for k in knobs]
    if len(set(keys)) != len(keys):
        raise UserError(f"--knob: {sorted({k for k in keys if keys.count(k) > 1})[0]} is given twice")
    dims = ["strategy", *[d for d in spec.dimensions if d != "strategy"]]
    try:
        targets = [tg.parse(t, dims) for t in target_texts]
    except tg.TargetError as exc:
        raise UserError(str(exc)) from None
    n_games = int(settings["n_games"])
    seed = int(settings["seed"])
    policies: list[str | None] = list(settings.get("ensemble") or []) or [None]
    record = {
        "game": spec.name,
        "knobs": {k.card_field: list(k.values) for k in knobs},
        "targets": [t.text for t in targets],
        "games": n_games,
        "seed": seed,
        "max_changes": max_changes,
        "strategies": list(settings.get("strategies") or []),
        "n_players": settings.get("n_players"),
        "game_options": {
            k: list(v) if isinstance(v, tuple) else v for k, v in (settings.get("game_options") or {}).items()
        },
        "set_fields": list(spec.set_fields),
    }
    if policies != [None]:  # recorded only when given, so tunes made before --ensemble still resume
        record["ensemble"] = list(policies)
    for knob in knobs:  # every knob value must be a valid --set or option now, before anything is written
        for value in knob.values:
            Evaluator.plan_for(spec, settings, [(knob.card_field, value)], 1, seed)
    claim(folder, record, resume, write=False)  # a clash fails before any game is played
    evaluator = Evaluator(spec, settings, folder, dims)

    def score(changes: tuple[tuple[str, str], ...], games: int) -> tuple[float, dict[str, float]]:
        figures: dict[str, float] = {}
        gap = 0.0
        for policy in policies:
            seats = evaluator.seats(changes, games, seed, policy)
            for t in targets:
                figure = t.measure(seats, min(MIN_SEATS, games))
                figures[_label(t, policy)] = figure
                gap += t.gap(figure)
        return gap, figures

    def paired_gaps(changes, games: int, weights: np.ndarray) -> tuple[float, np.ndarray]:
        """The candidate's distance on its first ``games`` games and under each bootstrap replicate."""
        draws = np.zeros(len(weights))
        for policy in policies:
            seats = evaluator.seats(changes, games, seed, policy)
            for t in targets:
                draws += tg.replicate_gaps(t, seats, weights, min(MIN_SEATS, games))
        return score(changes, games)[0], draws

    with evaluator.workers():
        if not (folder / "tune.json").exists():  # a new tune: its targets must name values the games have
            notes = [_check_values(targets, evaluator.seats((), n_games, seed, p), n_games) for p in policies]
            for same in _same_games(evaluator, policies, n_games, seed):
                say(f"note: {' and '.join(same)} played identical games: one policy under two names?")
            for note in dict.fromkeys(line for lines in notes for line in lines):
                say(note)
        claim(folder, record, resume)
        evaluator.keep()
        current: tuple[tuple[str, str], ...] = ()
        gap, figures = score(current, n_games)
        steps = [Step(current, gap, figures)]
        say(f"cards as they are: gap {gap:.4f} ({_figures(figures)})")
        races: list[tuple[int, int, int, int]] = []
        while gap > 0 and len(current) < max_changes:
            taken = {k for k, _ in current}
            candidates = [
                (*current, (knob.card_field, value))
                for knob in knobs
                if knob.card_field not in taken
                for value in knob.values
            ]
            if not candidates:
                break
            raced = race_paired(candidates, n_games, paired_gaps, seed)
            best = min(raced.survivors, key=lambda c: (score(c, n_games)[0], c))
            best_gap, best_figures = score(best, n_games)
            spent, full = raced.spent * len(policies), raced.full * len(policies)
            races.append((len(candidates), len(candidates) - len(raced.survivors), spent, full))
            say(
                f"step {len(current) + 1}: {len(candidates)} candidates raced, "
                f"{len(candidates) - len(raced.survivors)} dropped early: {spent} games of {full}"
            )
            if best_gap >= gap - 1e-9:
                say(f"step {len(current) + 1}: no change brings the games closer to the targets; stopping")
                break
            current, gap, figures = best, best_gap, best_figures
            steps.append(Step(current, gap, figures))
            say(f"step {len(current)}: {_changes(current)} → gap {gap:.4f} ({_figures(figures)})")
        result = TuneResult(folder, steps, met=gap == 0, races=races)
        result.confirm = _confirm(
            evaluator, targets, result.best.changes, confirm_games or n_games, seed, policies
        )
    write_atomic(folder / "tune.md", to_markdown(result, record).encode("utf-8"))  # never half-written
    return result


def _label(target: tg.Target, policy: str | None) -> str:
    """A figure's name: the target, and under an ensemble the policy it was measured under."""
    return target.text if policy is None else f"{target.text} [{policy}]"


def _same_games(
    evaluator: Evaluator, policies: Sequence[str | None], n_games: int, seed: int
) -> list[list[str]]:
    """Groups of ensemble policies whose games were identical (``sensible`` and ``sensible:draft=random``
    when random is the default draft): they judge a target twice, not under two kinds of player."""
    groups: dict[str, list[str]] = {}
    for policy in policies:
        if policy is None:
            continue
        seats = evaluator.seats((), n_games, seed, policy).filter(pl.col("dim") != "strategy")
        groups.setdefault(str(seats.rows()), []).append(policy)
    return [names for names in groups.values() if len(names) > 1]


def _check_values(targets: Sequence[tg.Target], seats: pl.DataFrame, n_games: int) -> list[str]:
    """A ``DIM VALUE`` target whose value no seat had in the games of the cards as they are cannot be
    measured (a typo, or too few games for it to come up): one line, before anything is written. The notes
    of targets read from fewer seats than a rate needs: with ``-n 30`` every Four Souls character spread
    was "nan", the search moved nothing and said only that the targets were not met (a change of card
    may still deal the values more often, so this is said, not refused)."""
    games = seats["game"].n_unique()
    least = min(MIN_SEATS, n_games)
    notes = []
    for t in targets:
        if t.kind == "first_player" or not math.isnan(t.measure(seats, least)):
            continue
        counts = seats.filter(pl.col("dim") == t.dim).group_by("value").len()
        counts = counts.sort(["len", "value"], descending=[True, False])
        seen = counts["value"].to_list()
        if t.kind == "value" and t.value not in seen:
            shown = ", ".join(sorted(seen)[:12]) + (" …" if len(seen) > 12 else "")
            raise UserError(
                f"--target {t.text!r}: no seat had {t.dim} '{t.value}' in the {games} games of the cards as "
                f"they are (seen: {shown}) — a typo, or too few games"
            )
        if t.kind == "value":
            had = f"{t.dim} '{t.value}' had {counts.filter(pl.col('value') == t.value)['len'][0]} seats"
        else:
            most = f"most: {seen[0]}, {counts['len'][0]}" if seen else "none seen"
            had = f"fewer than two {t.dim} values had {least} seats each ({most})"
        notes.append(
            f"note: --target {t.text!r}: {had} in the {games} games of the cards as they are, and a rate is "
            f"read from {least} seats or more: unmeasured, it counts as unmet (give more games, -n)"
        )
    return notes


def race(candidates: list, n_games: int, score) -> list:
    """Successive halving on paired seeds: the better half goes on with twice the games (``score(c, games)``
    returns (lower is better, figures)). `cardlab tune-policy` climbs with it; `cardlab tune` races with
    intervals (:func:`race_paired`)."""
    games = max(8, n_games // 4)
    pool = list(candidates)
    while len(pool) > 2 and games < n_games:
        ranked = sorted(pool, key=lambda c: (score(c, games)[0], c))
        pool = ranked[: max(2, math.ceil(len(ranked) / 2))]
        games *= 2
    return pool


RACE_LEVEL = 0.05  # the chance, per candidate, that a race drops one that would have won on every game
RACE_REPS = 2000  # bootstrap replicates per look
RACE_FIRST = 8  # the fewest games of a first look


def race_looks(n_games: int) -> list[int]:
    """When a race looks at its candidates: a quarter of the games, then twice as many each time, then all."""
    looks, games = [], max(RACE_FIRST, n_games // 4)
    while games < n_games:
        looks.append(games)
        games *= 2
    return [*looks, n_games]


@dataclass(slots=True)
class Race:
    survivors: list  # the candidates that played every game
    reached: dict  # candidate → the games it played before it was dropped (all, for a survivor)
    n_games: int

    @property
    def spent(self) -> int:
        """Games played by all candidates (per policy): what racing costs."""
        return sum(self.reached.values())

    @property
    def full(self) -> int:
        """Games a full evaluation of every candidate would have played (per policy)."""
        return len(self.reached) * self.n_games


def race_paired(candidates: Sequence, n_games: int, gaps, seed: int = 0, level: float = RACE_LEVEL) -> Race:
    """Race candidates on paired seeds, dropping each as soon as its interval shows it cannot win.

    At each look (:func:`race_looks`) every candidate left has played the same first games; ``gaps(c,
    games, weights)`` returns its distance to the targets on them and that distance under each row of
    ``weights`` (one paired bootstrap replicate a row: whole games redrawn, the same games for every
    candidate). The candidate with the smallest distance leads; another is dropped when the lower bound of its
    distance minus the leader's, at level ``level / looks`` (one-sided, Bonferroni over the looks that may
    drop), is above 0 — it is worse than the leader on these seeds beyond what redrawing the games explains.
    The interval is the paired bootstrap of the distance for every kind of target (a spread's max − min and a
    range's distance are not sums over games, and for one value's rate the bootstrap of the paired
    difference is that difference's interval). A race of one candidate, or one whose candidates cannot be
    told apart, plays every game: racing only saves games, it never decides on fewer."""
    looks = race_looks(n_games)
    alpha = level / max(1, len(looks) - 1)
    pool = list(candidates)
    reached = {c: 0 for c in pool}
    for look in looks[:-1]:
        if len(pool) < 2:
            break
        rng = np.random.default_rng([abs(int(seed)), look])
        weights = rng.multinomial(look, [1 / look] * look, size=RACE_REPS)
        scored = {c: gaps(c, look, weights) for c in pool}
        for c in pool:
            reached[c] = look
        leader = min(pool, key=lambda c: (scored[c][0], c))
        lead = scored[leader][1]
        pool = [c for c in pool if c == leader or np.quantile(scored[c][1] - lead, alpha) <= 0]
    for c in pool:
        reached[c] = n_games
    return Race(pool, reached, n_games)


def _confirm(
    evaluator: Evaluator,
    targets: list,
    changes,
    n_games: int,
    seed: int,
    policies: Sequence[str | None] = (None,),
) -> dict[str, Any]:
    """Before and after on seeds the search never saw (under each policy of an ensemble), each figure with
    a bootstrap interval."""
    fresh = seed + CONFIRM_SEED_OFFSET
    out: dict[str, Any] = {"seed": fresh, "games": n_games, "targets": {}}
    for policy in policies:
        before = evaluator.seats((), n_games, fresh, policy)
        after = evaluator.seats(tuple(changes), n_games, fresh, policy)
        for t in targets:
            b = tg.bootstrap(t, before, min_seats=MIN_SEATS)
            a = tg.bootstrap(t, after, min_seats=MIN_SEATS)
            out["targets"][_label(t, policy)] = {"before": b, "after": a, "met": t.gap(a[0]) == 0}
    return out


def claim(folder: Path, record: dict, resume: bool, write: bool = True) -> None:
    """Check that ``folder`` may hold this tune (new, or ``resume`` of the same record); with ``write``,
    write the record for a new one."""
    path = folder / "tune.json"
    if path.exists():
        if not resume:
            raise UserError(
                f"{folder}: a tune already exists there (use --resume to complete it, or another --name)"
            )
        old = json.loads(path.read_text(encoding="utf-8"))
        if old != record:
            differ = sorted(k for k in record if old.get(k) != record[k])
            changed = option_differences(*({k: r.get(k) for k in differ} for r in (old, record)), "the tune")
            raise UserError(f"{folder}: cannot resume: {changed}")
        return
    if resume:
        raise UserError(f"{folder}: nothing to resume (no tune of that name){held_there(folder)}")
    if held_there(folder):  # a run's or a set's folder: the tune's files went in among its own
        raise UserError(f"{folder}: folder exists and is not empty (give another --name)")  # as a set says
    if not write:
        return
    folder.mkdir(parents=True, exist_ok=True)
    write_atomic(path, json.dumps(record, indent=2, sort_keys=True).encode("utf-8"))


def _changes(changes) -> str:
    return ", ".join(_change_text(k, v) for k, v in changes) or "no change"


def _change_text(key: str, value: str) -> str:
    """``Isaac.hp=3`` for a card fact, ``--combat-values 2,3,6`` for an option."""
    name = option_of(key)
    return f"{key}={value}" if name is None else f"--{name} {value}"


def _command_line(changes) -> str:
    """The changes as command-line options for `cardlab simulate`."""
    return " ".join(
        f"--set '{k}={v}'" if option_of(k) is None else f"--{option_of(k)} '{v}'" for k, v in changes
    )


def _figures(figures: Mapping[str, float]) -> str:
    return "; ".join(f"{k}: {v:.3f}" for k, v in figures.items())


def _interval(triple) -> str:
    figure, lo, hi = triple
    return f"{figure:.3f} [{lo:.3f}, {hi:.3f}]" if lo == lo else f"{figure:.3f}"


def _yaml(changes, fields: Sequence[str]) -> list[str]:
    """The changes as card-file YAML: each card's name, then its fields nested by their dotted path
    (``Narasimha.tile.hand_limit=3`` → ``tile: {hand_limit: 3}`` under ``name: Narasimha``)."""
    cards: dict[str, list[tuple[str, str]]] = {}
    for key, value in changes:
        if option_of(key) is not None:  # a game option is not a card fact
            continue
        field_name = next((f for f in sorted(fields, key=len, reverse=True) if key.endswith("." + f)), None)
        card, f = (key[: -len(field_name) - 1], field_name) if field_name else key.rsplit(".", 1)
        cards.setdefault(card, []).append((f, value))
    lines = []
    for card, pairs in cards.items():
        lines.append(f"- name: {card}")
        for f, value in pairs:
            *outer, last = f.split(".")
            for depth, part in enumerate(outer):
                lines.append("  " * (depth + 1) + f"{part}:")
            lines.append("  " * (len(outer) + 1) + f"{last}: {value}")
    return lines


def to_markdown(result: TuneResult, record: Mapping[str, Any]) -> str:
    lines = [
        f"# cardlab tune — {record['game']}",
        "",
        f"Targets: {'; '.join(record['targets'])}. Knobs: "
        + ", ".join(f"{k} ∈ {{{', '.join(v)}}}" for k, v in record["knobs"].items())
        + f". {record['games']} games per candidate on seed {record['seed']} (paired), at most "
        f"{record['max_changes']} changes."
        + (
            f" Judged under each policy of the ensemble {', '.join(record['ensemble'])} (that policy in "
            "every seat): a target is met only when it holds under every one."
            if record.get("ensemble")
            else ""
        ),
        "",
        "## Trade-off: changes against distance to the targets",
        "",
        "| changes | cards changed | gap | figures |",
        "|---|---|---|---|",
    ]
    for step in result.steps:
        lines.append(
            f"| {len(step.changes)} | {_changes(step.changes)} | {step.gap:.4f} | {_figures(step.figures)} |"
        )
    if result.races:
        spent, full = sum(r[2] for r in result.races), sum(r[3] for r in result.races)
        lines += [
            "",
            f"Racing: {spent:,} games played of the {full:,} a full evaluation of every candidate takes "
            f"({spent / full:.0%}); per step tried, candidates dropped early: "
            + ", ".join(f"{r[1]} of {r[0]}" for r in result.races)
            + ".",
        ]
    best = result.best
    lines += [
        "",
        "## The change, as card overrides",
        "",
        "```yaml",
        *(_yaml(best.changes, record.get("set_fields") or ()) or ["# no change"]),
        "```",
        "",
        "As command-line overrides: " + (_command_line(best.changes) or "none"),
        "",
        f"## Confirmation on seeds the search never saw (seed {result.confirm['seed']}, "
        f"{result.confirm['games']} games, 95% bootstrap intervals over games)",
        "",
        "| target | before | after | met after |",
        "|---|---|---|---|",
    ]
    for text, row in result.confirm["targets"].items():
        lines.append(
            f"| {text} | {_interval(row['before'])} | {_interval(row['after'])} | {'yes' if row['met'] else 'no'} |"
        )
    lines.append("")
    return "\n".join(lines)
