"""Plans a run, plays its games in batches with joblib, and writes each batch's Parquet parts.

Game ``i`` of a run always has seed ``game_seed(run_seed, i)`` (with ``--mirror``, the seed of its deal:
``RunPlan.seed_of``) and the same seating, whatever the batch size, the number of workers or the backend, so the Parquet content is identical (DESIGN: A game
is a pure function). A game that raises is recorded in ``errors/`` and the run goes on.
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime as dt
import gc
import itertools
import math
import platform
import shutil
import signal
import threading
import time
import traceback
import warnings
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import interrupts
from .decisions import Players, StrategySpec, ask_cap
from .errors import UserError
from .game import GameResult, GameSpec, config_dict, config_hash, play_seated
from .runfolder import RunLock, remove_temporaries, remove_unlisted_parts, write_parts
from .runformat import (
    SUMMARIES,
    BatchRecord,
    Manifest,
    RunFormatError,
    RunState,
    append_batch,
    damaged_batches,
    held_there,
    read_manifest,
    read_run,
    rewrite_batches,
    write_manifest,
)
from .seeds import game_seed, stream
from .tables import BatchTables


@dataclass(frozen=True)
class RunPlan:
    """What to run: the game, its config, how many games, the run seed and who sits where."""

    spec: GameSpec
    config: Any
    n_games: int
    run_seed: int
    strategies: tuple[StrategySpec, ...]
    batch_size: int = 250
    log_events: bool = True
    options: dict[str, Any] = field(default_factory=dict)  # make_config arguments, kept for replay
    card_hash: str | None = None  # the card data's hash as the driver read it; workers check theirs
    mirror: bool = False  # --mirror: each deal played in every seat rotation (see seed_of)
    # a batch's summary for reports (``summarize(tables)`` → an Arrow table; ``summarize.describe()`` the
    # manifest's ``summaries`` entry), supplied by the wiring layer (analysis.card_summaries); None: none
    summarize: Any = None

    def __post_init__(self) -> None:
        if not 1 <= self.n_games <= MAX_GAMES:
            raise UserError(f"--games must be between 1 and {MAX_GAMES:,}, got {self.n_games}")
        check_seed(self.run_seed)
        if self.batch_size < 1:
            raise UserError(f"--batch-size must be at least 1, got {self.batch_size}")
        if not self.strategies:
            raise UserError("no strategy given")
        n = self.config.n_players
        if self.mirror and self.n_games % n:
            raise UserError(
                f"--mirror plays each deal in all {n} seat rotations: --games must be a multiple of {n}, "
                f"got {self.n_games}"
            )
        labels = [s.label for s in self.strategies]
        if self.mirror and len(set(labels)) < 2:
            raise UserError(
                "--mirror rotates the strategies through a deal's seats: with one strategy in every seat the "
                f"{n} games of a deal would be one game played {n} times (give two or more strategies)"
            )
        if len(labels) > self.config.n_players and len(set(labels)) < len(labels):
            twice = next(label for label in labels if labels.count(label) > 1)
            raise UserError(
                f"--strategy: '{twice}' is given twice (with more strategies than seats, each plays each)"
            )

    @property
    def n_batches(self) -> int:
        return -(-self.n_games // self.batch_size)

    def batches(self) -> Iterator[tuple[int, int, int]]:
        """(batch index, first game index, number of games) for every batch, lazily (runs can be huge)."""
        size = self.batch_size
        for b, first in enumerate(range(0, self.n_games, size)):
            yield b, first, min(size, self.n_games - first)

    def seed_of(self, game_index: int) -> int:
        """The seed of game ``game_index``. With ``mirror`` the games come in groups of ``n_players``, one
        deal each (deal ``index // n_players``): every game of a group has the deal's seed — the same setup,
        dice and shuffles, as every source of chance has its own stream — and its own seat rotation
        (:meth:`seating`), like the paired openings of engine testing. Reports treat the group as one
        cluster (analysis.stats.clustered_rate)."""
        deal = game_index // self.config.n_players if self.mirror else game_index
        return game_seed(self.run_seed, deal)

    def seating(self, game_index: int) -> list[StrategySpec]:
        """Who sits in each seat of game ``game_index``.

        With as many strategies as seats (or fewer) the list is rotated one seat per game, so every strategy
        sits in every seat equally often and seat advantage cannot bias per-strategy figures (issue 2).
        With more strategies than seats, games cycle through every ordered choice of strategies for the
        seats, so every matchup is played from every seat order equally often.
        """
        k, n = len(self.strategies), self.config.n_players
        if self.mirror:  # the deal's seating, rotated by the game's place in its group
            deal, turn = divmod(game_index, n)
            base = dataclasses.replace(self, mirror=False).seating(deal)
            return [base[(seat + turn) % n] for seat in range(n)]
        if k <= n:
            return [self.strategies[(seat + game_index) % k] for seat in range(n)]
        return [self.strategies[i] for i in nth_arrangement(k, n, game_index % math.perm(k, n))]

    @property
    def config_hash(self) -> str:
        return config_hash(self.config)


def nth_arrangement(k: int, n: int, index: int) -> list[int]:
    """The ``index``-th ordered choice of ``n`` of ``range(k)`` (lexicographic), without listing them all."""
    pool = list(range(k))
    chosen = []
    for position in range(n):
        block = math.perm(len(pool) - 1, n - position - 1)
        q, index = divmod(index, block)
        chosen.append(pool.pop(q))
    return chosen


def play_game(plan: RunPlan, game_index: int, log_events: bool | None = None) -> GameResult:
    """Play one game of the plan exactly as the runner does (used by `cardlab replay --seed` too)."""
    return play_seed(plan, plan.seed_of(game_index), plan.seating(game_index), log_events)


def play_seed(
    plan: RunPlan, seed: int, seating: list[StrategySpec], log_events: bool | None = None
) -> GameResult:
    if not _setup_frozen:
        freeze_setup()
    players = seat_players(plan, seed, seating)
    logging = plan.log_events if log_events is None else log_events
    return play_seated(plan.spec, plan.config, seed, players, log_events=logging)


_setup_frozen = False


def freeze_setup() -> None:
    """Once a process, before its first game: what is alive then (the card definitions, the plan, the
    imported modules: hundreds of thousands of objects) lives as long as the process, so it is moved out
    of the cyclic collector's reach (``gc.freeze``). Each full collection during the games otherwise
    walks all of it again: about 5 % of a Four Souls game's CPU, halved (issue 20). Garbage from before
    is collected first, so nothing unreachable is kept; the games are unchanged (the collector never
    decides anything a game reads)."""
    global _setup_frozen
    _setup_frozen = True
    gc.collect()
    gc.freeze()


def seat_players(plan: RunPlan, seed: int, seating: list[StrategySpec]) -> Players:
    """The players of a game as the runner seats them (each with its own seeded stream)."""
    players = Players([spec.build(seat, stream(seed, "strategy", seat)) for seat, spec in enumerate(seating)])
    players.max_asks = ask_cap(getattr(plan.config, "max_turns", None))
    return players


@dataclass(slots=True)
class BatchSummary:
    batch: int
    first: int
    games: int
    failed: int = 0
    turn_caps: int = 0
    events: int = 0
    decisions: int = 0
    seconds: float = 0.0
    parts: dict[str, Any] = field(default_factory=dict)  # table → PartRecord, once written

    def record(self) -> BatchRecord:
        return BatchRecord(**{name: getattr(self, name) for name in BatchSummary.__slots__})


class CardDataChangedError(UserError):
    """A worker read other card data than the driver did (a card file changed during the run)."""


def check_card_data(plan: RunPlan) -> None:
    """The card data this process would play with is the data the driver hashed (DESIGN: no cache
    outlives its card data; a run never mixes two versions of a card)."""
    if plan.card_hash is None:
        return
    now = plan.spec.card_data_hash(plan.config)
    if now != plan.card_hash:
        raise CardDataChangedError(
            f"the card data changed while the run was starting or running (hash {plan.card_hash}, now {now}); "
            "the run stopped — finish it with --resume once the cards are back, or start a new run"
        )


def run_batch(
    plan: RunPlan, batch: int, first: int, count: int, out: Path | None
) -> tuple[BatchSummary, Any]:
    """Play games ``first .. first+count-1``; write their parts to ``out`` (or return the tables)."""
    check_card_data(plan)
    spec = plan.spec
    tables = BatchTables(spec.game_columns, spec.player_columns)
    summary = BatchSummary(batch, first, count)
    chash = plan.config_hash
    played: list[tuple[int, int, list[str], GameResult, float]] = []
    started = time.perf_counter()
    for index in range(first, first + count):
        seed = plan.seed_of(index)
        seating = plan.seating(index)
        labels = [s.label for s in seating]
        t0 = time.perf_counter()
        try:
            result = play_seed(plan, seed, seating)
            _check_result(spec, result, len(seating))
        except UserError:  # a person's mistake (an option, a card file) fails every game alike: stop once
            raise
        except Exception as exc:  # one failed game never stops the run (issue 2)
            tables.add_error(index, seed, labels, exc, traceback.format_exc())
            summary.failed += 1
            continue
        row = (index, seed, labels, result, time.perf_counter() - t0)
        tables.add_game(*row[:4], chash, row[4])
        played.append(row)
        summary.turn_caps += result.end_reason == "turn_cap"
        summary.events += len(result.events.rows)
        summary.decisions += result.decisions
    summary.seconds = time.perf_counter() - started
    try:
        arrow = tables.to_arrow()
    except Exception:  # a value beyond its column's range (pyarrow's ArrowInvalid, OverflowError …)
        arrow = _tables_game_by_game(plan, tables, played, summary)
    _summarize(plan, arrow)
    if out is None:
        return summary, arrow
    summary.parts = write_parts(out, batch, arrow)
    return summary, None


def _summarize(plan: RunPlan, arrow: dict[str, Any]) -> None:
    """Add the batch's summary to its tables, made from them while they are at hand (written with them)."""
    if plan.summarize is not None:
        arrow[SUMMARIES] = plan.summarize(arrow)


def _tables_game_by_game(
    plan: RunPlan, tables: BatchTables, played: list[tuple], summary: BatchSummary
) -> dict[str, Any]:
    """The batch's tables when some game's values do not fit them (a number beyond its column's range):
    each game is converted on its own and a game that cannot be becomes an error row, so one bad game
    never takes its batch down (issue 16). Only runs after a failure, so it costs nothing normally."""
    spec = plan.spec
    rebuilt = BatchTables(spec.game_columns, spec.player_columns)
    for key, column in tables.errors.items():
        rebuilt.errors[key].extend(column)
    chash = plan.config_hash
    for index, seed, labels, result, duration in played:
        try:
            alone = BatchTables(spec.game_columns, spec.player_columns)
            alone.add_game(index, seed, labels, result, chash, duration)
            alone.to_arrow()
        except Exception as exc:
            rebuilt.add_error(index, seed, labels, exc, traceback.format_exc())
            summary.failed += 1
            summary.turn_caps -= result.end_reason == "turn_cap"
            summary.events -= len(result.events.rows)
            summary.decisions -= result.decisions
            continue
        rebuilt.add_game(index, seed, labels, result, chash, duration)
    return rebuilt.to_arrow()


def _check_result(spec: GameSpec, result: GameResult, n_seats: int) -> None:
    """Engine contract checks, so a broken result is an error row and never a corrupt table."""
    if len(result.seats) != n_seats:
        raise ValueError(f"engine returned {len(result.seats)} seat results for {n_seats} seats")
    for seat, seat_result in enumerate(result.seats):
        missing = [c for c in spec.player_columns if c not in seat_result.columns]
        if missing:
            raise ValueError(f"seat {seat} result lacks players columns {missing}")
    kinds = {row[3] for row in result.events.rows}
    unknown = kinds - spec.event_kinds
    if unknown:
        raise ValueError(f"events of kinds outside the game's vocabulary: {sorted(unknown)}")


@dataclass
class RunOutcome:
    out: Path
    manifest: dict[str, Any]  # the manifest with its batches and totals (RunState.as_dict)
    games: int = 0
    failed: int = 0
    turn_caps: int = 0
    events: int = 0
    decisions: int = 0
    seconds: float = 0.0
    repaired: dict[int, str] = field(default_factory=dict)  # batches --resume found damaged and replayed


def _versions() -> dict[str, str]:
    import duckdb
    import joblib
    import numpy
    import polars
    import pyarrow

    return {
        "cardlab": _cardlab_version(),
        "python": platform.python_version(),
        "numpy": numpy.__version__,
        "pyarrow": pyarrow.__version__,
        "polars": polars.__version__,
        "duckdb": duckdb.__version__,
        "joblib": joblib.__version__,
    }


def _cardlab_version() -> str:
    """The installed distribution's version (pyproject.toml is the one source of truth)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("cardlab")
    except PackageNotFoundError:
        return "unknown (not installed)"


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


def new_manifest(plan: RunPlan) -> Manifest:
    spec, config = plan.spec, plan.config
    left_out = dict(spec.left_out_cards(config))
    return Manifest(
        cardlab_version=_versions()["cardlab"],
        game=spec.name,
        title=spec.title,
        n_games=plan.n_games,
        run_seed=plan.run_seed,
        batch_size=plan.batch_size,
        strategies=[s.label for s in plan.strategies],
        dimensions=list(spec.dimensions) or None,
        n_players=config.n_players,
        log_events=plan.log_events,
        options=plan.options,
        config=config_dict(config),
        config_hash=plan.config_hash,
        card_data_hash=plan.card_hash if plan.card_hash is not None else spec.card_data_hash(config),
        left_out_cards={"count": len(left_out), "cards": left_out},
        coverage=spec.coverage.describe(config) if spec.coverage else None,
        analysis=spec.analysis,
        mirror=plan.mirror,
        summaries=plan.summarize.describe() if plan.summarize is not None else None,
        versions=_versions(),
        created=_now(),
    )


# What a resumed run must share with the command resuming it; the card data's hash is compared by
# content, so an edited card file (or Four Souls --cards file) is refused (issue 16).
_RESUME_KEYS = (
    "game",
    "n_games",
    "run_seed",
    "batch_size",
    "strategies",
    "config_hash",
    "log_events",
    "card_data_hash",
    "mirror",
)


def option_differences(have: dict[str, Any], want: dict[str, Any], what: str = "the run") -> str:
    """The options a resuming command changed, in words a person typed (``n_players: the run has 2, this
    command gives 3``) rather than the two config hashes; "" when the recorded configs agree. ``what``
    names the record (a run; a sweep, tune, ladder, duel or ensemble of runs): every "cannot resume" line
    has this one form, naming each option with both values, so a person sees what to type back."""
    keys = [key for key in dict.fromkeys([*have, *want]) if have.get(key) != want.get(key)]
    return "; ".join(
        f"{key}: {what} has {_brief(have.get(key))}, this command gives {_brief(want.get(key))}"
        for key in keys
    )


def _brief(value: Any, width: int = 60) -> str:
    """A recorded value as a person can read it in the one error line: a resolved deck ratio (41
    entries) or a set list would make the line a thousand characters long."""
    text = repr(value)
    if len(text) <= width:
        return text
    count = f" ({len(value)} entries)" if isinstance(value, list | tuple | dict) else ""
    return f"{text[:width]}…{count}"


def prepare_folder(plan: RunPlan, out: Path, resume: bool) -> tuple[RunState, dict[int, str]]:
    """Create a new run folder, or check, repair and reopen an interrupted one for ``--resume``.

    The caller holds the folder's lock. Returns the run as recorded and, on resume, the batches found
    damaged (missing or altered parts, a batch recorded twice differently): they are dropped, so the
    run replays exactly those.
    """
    remove_temporaries(out)
    if not resume:
        if (out / "manifest.json").exists():
            try:  # a complete run has nothing to complete: --resume would only say so
                complete = read_manifest(out).status == "complete"
            except RunFormatError:
                complete = False
            raise UserError(
                f"{out}: a complete run already exists there (give another --name)"
                if complete
                else f"{out}: a run already exists there (use --resume to complete it, or another --name)"
            )
        if any(p.name != ".lock" for p in out.iterdir()):
            raise UserError(f"{out}: folder exists and is not empty (give another --name)")
        manifest = new_manifest(plan)
        write_manifest(out, manifest)
        return RunState(out, manifest, {}), {}
    try:
        state = read_run(out)
    except RunFormatError as exc:
        raise UserError(f"cannot resume: {exc}") from None
    fresh = new_manifest(plan)
    for key in _RESUME_KEYS:
        have, want = getattr(state.manifest, key), getattr(fresh, key)
        if have == want:
            continue
        changed = option_differences(state.manifest.config, fresh.config) if key == "config_hash" else ""
        changed = changed or option_differences({key: have}, {key: want})
        why = (
            " (the card data changed: card files are compared by content)" if key == "card_data_hash" else ""
        )
        raise UserError(f"{out}: cannot resume: {changed}{why}")
    if state.manifest.summaries not in (
        None,
        fresh.summaries,
    ):  # its batches' summaries could not be added up
        raise UserError(
            f"{out}: cannot resume: the run's summaries ({state.manifest.summaries}) are not the ones this "
            f"cardlab writes ({fresh.summaries}); start a new run"
        )
    damaged = damaged_batches(state)
    for batch in damaged:
        state.batches.pop(batch, None)
    state.conflicts.clear()
    if damaged or state.torn_tail:
        rewrite_batches(out, state.batches.values())
        state.torn_tail = 0
    remove_unlisted_parts(out, set(state.batches))
    state.manifest.status = "running"
    write_manifest(out, state.manifest)
    return state, damaged


MAX_GAMES = 10**10
MAX_SEED = 2**128 - 1
MAX_JOBS = 1024
LOCAL_BACKENDS = ("loky", "threading")
CLUSTER_BACKENDS = ("dask", "ray")


def check_seed(seed: int) -> None:
    """A run or game seed, wherever it is typed (simulate, replay, derive …), one message: seeds are
    derived from 128 bits, so a larger seed would be cut and two seeds would play one game."""
    if not 0 <= seed <= MAX_SEED:
        raise UserError(f"--seed must be between 0 and 2**128-1, got {seed}")


def check_workers(jobs: int, backend: str, scheduler: str | None) -> None:
    """Where a run's batches go (``--jobs``, ``--backend``, ``--scheduler``): one line for a bad value or
    combination. Commands of several runs (robust, ladder, duel, sweep, tune) check it before they write
    their folder's record, so a slip leaves no folder behind that blocks the name."""
    if backend not in LOCAL_BACKENDS + CLUSTER_BACKENDS:
        raise UserError(f"--backend '{backend}' is not one of {', '.join(LOCAL_BACKENDS + CLUSTER_BACKENDS)}")
    if jobs == 0 or jobs < -1 or jobs > MAX_JOBS:
        raise UserError(f"--jobs must be -1 (all cores) or 1..{MAX_JOBS}, got {jobs}")
    if scheduler and backend not in CLUSTER_BACKENDS:
        raise UserError(f"--scheduler needs --backend dask or ray, not {backend}")
    if scheduler and backend == "dask" and "://" not in scheduler:
        raise UserError(
            f"--scheduler '{scheduler}': expected a dask scheduler address such as tcp://host:8786"
        )


def execute(
    plan: RunPlan,
    out: Path,
    *,
    jobs: int = -1,
    backend: str = "loky",
    scheduler: str | None = None,
    resume: bool = False,
    progress: bool = True,
    stop_after_batches: int | None = None,
    stop_rule: StopRule | None = None,
) -> RunOutcome:
    """Run the plan into ``out``. ``stop_after_batches`` simulates an interruption (tests).

    ``stop_rule(out, batches)`` is asked each time the finished batches form a longer unbroken prefix
    0..k; when it returns a reason the run keeps exactly that prefix and stops. Judging prefixes, never
    whatever happened to finish first, keeps a stopped run identical for any number of workers.

    With a local backend each worker writes its own parts (the folder is on this machine). With a
    cluster backend (dask, ray) workers return their tables and the driver writes them, so ``out``
    need not be shared with the cluster.

    The folder is claimed (locked) for the whole run, so two commands can never write one run; SIGTERM
    stops the run like Ctrl-C, leaving it ``incomplete`` and resumable.
    """
    check_workers(jobs, backend, scheduler)
    out = Path(out)
    if resume and not (out / "manifest.json").exists():
        raise UserError(f"{out}: nothing to resume (no run of that name){held_there(out)}")
    if plan.card_hash is None:  # workers compare their card data with what the driver read (issue 16)
        plan = dataclasses.replace(plan, card_hash=plan.spec.card_data_hash(plan.config))
    created = not out.exists()
    with _terminate_as_interrupt(), interrupts.watched():
        lock = RunLock(out).acquire()  # a second writer stops here, before touching anything
        try:
            with (
                _cluster(backend, scheduler, jobs)
                if backend in CLUSTER_BACKENDS
                else contextlib.nullcontext()
            ):
                return _execute(plan, out, jobs, backend, resume, progress, stop_after_batches, stop_rule)
        except BaseException:
            if created and not (out / "manifest.json").exists():  # failed before starting: leave no trace
                shutil.rmtree(out, ignore_errors=True)
            raise
        finally:
            lock.release()


class Terminated(KeyboardInterrupt):
    """SIGTERM: stop like Ctrl-C, so the run is recorded as interrupted and can be resumed."""


@contextlib.contextmanager
def _terminate_as_interrupt() -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: Any) -> None:
        raise Terminated()

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _execute(
    plan: RunPlan,
    out: Path,
    jobs: int,
    backend: str,
    resume: bool,
    progress: bool,
    stop_after_batches: int | None,
    stop_rule: StopRule | None,
) -> RunOutcome:
    from tqdm import tqdm

    interrupts.check()  # a Ctrl-C a finalizer dropped in an earlier run of this command (a duel's first)
    state, damaged = prepare_folder(plan, out, resume)  # only once a cluster answered: nothing half-written
    manifest = state.manifest
    if manifest.summaries is None:  # resuming a run made without summaries: its batches go on without
        plan = dataclasses.replace(plan, summarize=None)
    manifest.backend = backend
    if stop_rule is not None and hasattr(stop_rule, "describe"):
        manifest.stop_rule = stop_rule.describe()
    done = set(state.batches)
    pending: Iterable[tuple[int, int, int]] = (b for b in plan.batches() if b[0] not in done)
    if stop_after_batches is not None:
        pending = list(itertools.islice(pending, stop_after_batches))
    outcome = RunOutcome(out, {}, repaired=damaged)
    done_games = sum(entry.games for entry in state.batches.values())
    failed_total = sum(entry.failed for entry in state.batches.values())
    bar = tqdm(
        total=plan.n_games if stop_rule is None or not hasattr(stop_rule, "status") else None,
        initial=done_games,
        unit="game",
        disable=not progress,
        dynamic_ncols=True,
        leave=True,
    )
    finished = False
    stopped: str | None = None
    prefix = _Prefix(
        state.batches
    )  # a stop rule judges every prefix from the first batch, also when resuming
    try:
        # workers get the folder as an absolute path: a reused worker process keeps the directory it
        # started in, which need not be this process's now (a notebook that changed directory)
        batches = _run_batches(plan, pending, out.absolute(), jobs, backend)
        for summary, tables in batches:
            if tables is not None:
                summary.parts = write_parts(out, summary.batch, tables)
            entry = summary.record()
            append_batch(out, entry)  # from here the batch counts
            state.batches[entry.batch] = entry
            for name in ("games", "failed", "turn_caps", "events", "decisions", "seconds"):
                setattr(outcome, name, getattr(outcome, name) + getattr(summary, name))
            bar.update(summary.games)
            interrupts.check()  # a Ctrl-C while joblib ran a finalizer was dropped there: it stops here
            if summary.failed:
                failed_total += summary.failed
                bar.set_postfix(failed=failed_total)
            if stop_rule is not None:
                stopped = prefix.judge(out, stop_rule)
                _show_rule(bar, stop_rule, plan.n_games)
                if stopped:
                    with warnings.catch_warnings():  # joblib warns that it cancelled the batches in flight
                        warnings.simplefilter("ignore")
                        batches.close()  # abandon batches still in flight: they are past the prefix
                    _keep_prefix(state, prefix.judged)
                    break
        finished = stopped is not None or len(state.batches) == plan.n_batches
    finally:
        bar.close()
        manifest.status = "complete" if finished else "incomplete"
        manifest.stop_reason = stopped or ("all games played" if finished else "interrupted")
        if finished and not stopped and hasattr(stop_rule, "unmet"):
            manifest.stop_reason = "all games played; " + stop_rule.unmet()
        manifest.finished = _now()
        write_manifest(out, manifest)
    outcome.manifest = state.as_dict()
    return outcome


StopRule = Callable[[Path, list[int]], "str | None"]


def _show_rule(bar: Any, rule: StopRule, cap: int) -> None:
    """A stop rule's own progress on the bar (issue 18 item 7): its status beside the count, and the total
    set to the rule's estimate of the games it needs (``scale`` × the games so far), so the time shown is
    to the likely stop, not to the cap; no estimate, no total and no misleading time."""
    status = getattr(rule, "status", None)
    if status is None:
        return
    text, scale = status()
    bar.set_postfix_str(text, refresh=False)
    bar.total = None if scale is None else max(bar.n, min(cap, round(bar.n * scale)))
    bar.refresh()


class _Prefix:
    """The unbroken prefix 0..k-1 of finished batches, extended as batches finish (O(1) per batch)."""

    def __init__(self, batches: dict[int, BatchRecord]) -> None:
        self.batches = batches
        self.judged = 0

    def judge(self, out: Path, rule: StopRule) -> str | None:
        """Ask the rule about each newly completed prefix, shortest first; the reason to stop, if any."""
        while self.judged in self.batches:
            self.judged += 1
            reason = rule(out, list(range(self.judged)))
            if reason:
                return reason
        return None


def _keep_prefix(state: RunState, prefix: int) -> None:
    state.batches = {b: e for b, e in state.batches.items() if b < prefix}
    rewrite_batches(state.path, state.batches.values())
    remove_unlisted_parts(state.path, set(state.batches))


def _run_batches(
    plan: RunPlan,
    pending: Iterable[tuple[int, int, int]],
    out: Path,
    jobs: int,
    backend: str,
) -> Iterator[tuple[BatchSummary, Any]]:
    """Yield (summary, tables or None) per batch as batches finish, in any order."""
    from joblib import Parallel, delayed, parallel_config

    if backend == "ray":  # ray's joblib backend cannot stream results, so use ray's own futures
        import ray

        remote = ray.remote(num_cpus=1)(run_batch)
        refs = [remote.remote(plan, b, first, count, None) for b, first, count in pending]
        while refs:
            ready, refs = ray.wait(refs, num_returns=1)
            yield ray.get(ready[0])
        return
    if backend == "dask":  # _cluster has set joblib's backend; the driver writes the parts
        tasks = (delayed(run_batch)(plan, b, first, count, None) for b, first, count in pending)
        yield from Parallel(n_jobs=-1, return_as="generator_unordered")(tasks)
        return
    pending = iter(pending)
    first_two = list(itertools.islice(pending, 2))
    n_jobs = 1 if len(first_two) <= 1 else jobs  # one batch: no worker pool to start
    remaining: dict[int, tuple[int, int, int]] = {}

    def tasks() -> Iterator[Any]:
        for entry in itertools.chain(first_two, pending):
            remaining[entry[0]] = entry  # dispatched, not yet finished
            yield delayed(run_batch)(plan, *entry, out)

    try:
        with parallel_config(backend=backend):
            for summary, tables in Parallel(n_jobs=n_jobs, return_as="generator_unordered")(tasks()):
                del remaining[summary.batch]
                yield summary, tables
        return
    except WORKER_DIED:
        pass
    # A worker process died (killed, out of memory, a crash in native code). Each unfinished batch gets
    # one more try alone in a fresh process; a batch that kills its worker again is recorded as failed,
    # so the run never hangs and never loses the other batches (issue 8). Batches never dispatched run
    # after them in the same way.
    remaining.update({entry[0]: entry for entry in pending})
    from joblib.externals.loky import ProcessPoolExecutor

    executor = ProcessPoolExecutor(max_workers=1)
    try:
        for b, first, count in sorted(remaining.values()):
            try:
                yield executor.submit(run_batch, plan, b, first, count, out).result()
            except WORKER_DIED as exc:
                executor.shutdown(wait=False)
                executor = ProcessPoolExecutor(max_workers=1)
                yield _dead_batch(plan, b, first, count, out, exc)
    finally:
        executor.shutdown(wait=False)


def _worker_died_errors() -> tuple[type[BaseException], ...]:
    from concurrent.futures.process import BrokenProcessPool

    from joblib.externals.loky.process_executor import TerminatedWorkerError

    return (TerminatedWorkerError, BrokenProcessPool)


WORKER_DIED = _worker_died_errors()


def _dead_batch(
    plan: RunPlan, batch: int, first: int, count: int, out: Path, exc: BaseException
) -> tuple[BatchSummary, Any]:
    """Record every game of a batch whose worker died twice as failed, with seeds for replay."""
    tables = BatchTables(plan.spec.game_columns, plan.spec.player_columns)
    died = WorkerDiedError(
        f"the worker process died twice while playing batch {batch} ({type(exc).__name__})"
    )
    for index in range(first, first + count):
        labels = [s.label for s in plan.seating(index)]
        tables.add_error(index, plan.seed_of(index), labels, died, "")
    arrow = tables.to_arrow()
    _summarize(plan, arrow)
    parts = write_parts(out, batch, arrow)
    return BatchSummary(batch, first, count, failed=count, parts=parts), None


class WorkerDiedError(RuntimeError):
    """A batch's worker process died on both tries."""


class _cluster:
    """Connect joblib to a dask or ray cluster (a local one when no scheduler address is given)."""

    def __init__(self, backend: str, scheduler: str | None, jobs: int) -> None:
        self.backend, self.scheduler, self.jobs = backend, scheduler, jobs
        self.closers: list[Any] = []

    def __enter__(self) -> _cluster:
        from joblib import parallel_config

        workers = self.jobs if self.jobs > 0 else None
        if self.backend == "dask":
            try:
                from dask.distributed import Client, LocalCluster
            except ImportError:
                raise UserError("--backend dask needs the dask extra: pip install 'cardlab[dask]'") from None
            if self.scheduler:
                try:
                    client = Client(self.scheduler, timeout="8s")
                except OSError as exc:
                    raise UserError(f"--scheduler {self.scheduler}: cannot connect ({exc})") from None
                self.closers.append(client)
            else:
                cluster = LocalCluster(
                    n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
                )
                client = Client(cluster)
                self.closers += [client, cluster]
        else:
            try:
                import ray
            except ImportError:
                raise UserError("--backend ray needs the ray extra: pip install 'cardlab[ray]'") from None
            _ray_start(ray, self.scheduler, workers)
            self.closers.append(_RayShutdown())
        self.config = parallel_config(backend=self.backend if self.backend == "dask" else "loky")
        self.config.__enter__()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.config.__exit__(*exc)
        for closer in self.closers:
            closer.close()


def _ray_start(ray: Any, scheduler: str | None, workers: int | None, tries: int = 2) -> None:
    """Start (or join) Ray. A local instance whose processes die while starting (seen on a loaded machine:
    the raylet gone before the driver connects) is started once more; a second failure, or any failure to
    reach a given cluster, is one line naming what failed — never a traceback, never a half-run."""
    for attempt in range(1, tries + 1):
        try:
            ray.init(
                address=scheduler,
                num_cpus=None if scheduler else workers,
                ignore_reinit_error=True,
                include_dashboard=False,
                log_to_driver=False,
            )
            return
        except (
            Exception
        ) as exc:  # Ray raises its own start-up errors (LocalRayletDiedError, ConnectionError …)
            with contextlib.suppress(Exception):
                ray.shutdown()
            if scheduler is not None or attempt == tries:
                where = (
                    f"--scheduler {scheduler}"
                    if scheduler is not None
                    else "--backend ray (a local instance)"
                )
                tried = "" if scheduler is not None else f" after {tries} tries"
                said = (str(exc).strip().splitlines() or [""])[0]
                raise UserError(f"{where}: Ray did not start{tried} ({type(exc).__name__}: {said})") from None


class _RayShutdown:
    def close(self) -> None:
        import ray

        ray.shutdown()
