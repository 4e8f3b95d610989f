"""cardlab's Python API: every command of the `cardlab` command line as a function (the CLI only parses
options, calls one of these and prints what it returns).

    import cardlab.api as cl
    run = cl.simulate("gosu-x", games=400, seed=1, out="results", name="gx")
    run.players.group_by("strategy").len().collect()   # Polars LazyFrames over the Parquet
    print(cl.report(run, write=False))                   # the text `cardlab report` prints

Bad input (a game, option, card file or run folder a person got wrong) raises :class:`UserError` whose
message is the one line the CLI prints before exiting with code 2. Functions that run games take
``echo`` for the progress lines the CLI prints (default: silent): any function of one text (``print``);
one with an ``err`` keyword (:func:`say`) gets ``err=True`` for the notes the CLI puts on stderr.
A function's keyword ``**options`` are the game's own options, named as ``cardlab simulate GAME --help``
lists them with ``_`` for ``-`` (``boss_hp_per_player=25``, ``set=["Gurdy.hp=8"]``).
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime as dt
import functools
import inspect
import itertools
import numbers
import os
import sys
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardlab.analysis.render import Report
from cardlab.analysis.runs import (
    Run,
    RunError,
    duckdb_memory,
    interrupted_query,
    open_every,
    within_memory,
)
from cardlab.simulate import games as game_registry
from cardlab.simulate.core.card_problems import every_problem, raise_every
from cardlab.simulate.core.datafiles import write_json
from cardlab.simulate.core.errors import CardDataError, UserError
from cardlab.simulate.core.game import GameSpec
from cardlab.simulate.core.runformat import SET_RECORDS, FolderVerification, Verification, write_atomic
from cardlab.simulate.core.runner import MAX_GAMES, RunOutcome, RunPlan, check_seed, check_workers
from cardlab.simulate.core.wording import counted

from .compiled import pure_problem
from .help_examples import example_option
from .replay import Replay
from .runset import RunSettings, plan_of
from .wiring import check_card_data_unchanged, plan_from_manifest

__all__ = [
    "Replay",
    "Report",
    "Run",
    "RunError",
    "RunInterrupted",
    "RunSet",
    "UserError",
    "bench",
    "cards_check",
    "compare",
    "derive_draft_table",
    "derive_gosu_x_draft",
    "duel",
    "duel_report",
    "game",
    "ladder",
    "meta",
    "open_run",
    "replay",
    "report",
    "robust",
    "say",
    "simulate",
    "soak",
    "sweep",
    "tune",
    "verify",
]

Echo = Callable[..., None]
MAX_NAME_BYTES = 200  # file systems allow 255; sweep points and temporaries add to it


def _silent(text: str = "", err: bool = False) -> None:
    """The default ``echo``: a library call prints nothing."""


def say(text: str = "", err: bool = False) -> None:
    """An ``echo`` that prints, progress lines on stdout and notes on stderr (as the CLI does)."""
    print(text, file=sys.stderr if err else sys.stdout)


class RunInterrupted(KeyboardInterrupt):
    """Ctrl-C during a run: the finished batches are kept in ``folder``; ``resume=True`` completes it."""

    def __init__(self, folder: Path) -> None:
        super().__init__(str(folder))
        self.folder = folder


@contextlib.contextmanager
def _stops_as(folder: Path) -> Iterator[None]:
    """Ctrl-C (or SIGTERM) in a command of several runs (a sweep, a ladder, a robust set, a duel) is that
    command's interruption: the resume line names its folder, not the run it was playing."""
    try:
        yield
    except KeyboardInterrupt:
        raise RunInterrupted(folder) from None
    except Exception as exc:  # Ctrl-C inside a DuckDB query (a duel's figures, a stop rule)
        if interrupted_query(exc):
            raise RunInterrupted(folder) from None
        raise


@dataclass(slots=True)
class RunSet:
    """Several runs in one folder (a sweep, a policy ensemble or a ladder) with the report written there."""

    path: Path
    runs: list[Path]
    report: Report
    files: tuple[Path, Path]  # report.md and report.html
    failed: int  # failed games over all runs

    def open(self, index: int) -> Run:
        """The ``index``-th run of the set (0-based, as ``runs``), opened."""
        _typed(int, index=index)
        if not -len(self.runs) <= index < len(self.runs):
            raise UserError(f"index {index}: the set has runs 0..{len(self.runs) - 1}")
        return Run.open(self.runs[index])


# ---- options -----------------------------------------------------------------------------------------


def game(name: str | GameSpec) -> GameSpec:
    """A registered game by name (``four-souls``, ``gosu-x``, ``hidden-reason``)."""
    return name if isinstance(name, GameSpec) else game_registry.get(name)


def _texts(value: str | Sequence[str] | None, name: str = "value") -> tuple[str, ...]:
    """A repeatable argument: one text or a list of them (a path counts as text); anything else is one
    UserError naming the argument (``strategy=3`` was "'int' object is not iterable")."""
    if value is None:
        return ()
    if isinstance(value, str | os.PathLike):
        return (value,)
    if not isinstance(value, list | tuple | set | frozenset) or not all(
        isinstance(one, str | os.PathLike) for one in value
    ):
        raise UserError(f"{name} must be a text or a list of texts, got {value!r}")
    return tuple(value)


def _not_blank(option: str, value: str | os.PathLike[str] | None, instead: str) -> None:
    """An option typed empty or blank (`--by "$COL"` with COL unset) is that, in one line, rather than a
    column, cluster or name of that name; ``instead`` says what leaving it out gives."""
    if value is not None and not str(value).strip():
        raise UserError(f"{option} {str(value)!r}: empty (an unset shell variable?); leave it out {instead}")


_KINDS: dict[type, tuple[str, type | tuple[type, ...]]] = {
    int: ("a whole number", numbers.Integral),  # numpy's integers too
    float: ("a number", numbers.Real),
    bool: ("True or False", bool),
    str: ("a text", (str, os.PathLike)),  # a game's text option (--combat-values 2,3,5, --cards FILE)
    Path: ("a path (text or pathlib.Path)", (str, os.PathLike)),
}


def _echoes(echo: Any) -> Echo:
    """``echo`` as the runs call it, ``echo(text, err=False)``. Any function of one text will do (a notebook
    passes ``print``, which has no ``err`` keyword and failed at the first note): such a function gets
    every line, notes included. A value that is not callable (``echo=True``) is refused here, before any
    game, not at the first progress line after the games."""
    if not callable(echo):
        raise UserError(f"echo must be a function of one text, such as print or cl.say, got {echo!r}")
    try:
        params = inspect.signature(echo).parameters.values()
    except (TypeError, ValueError):  # a builtin without a signature: give it the text alone
        params = ()
    if any(p.name == "err" or p.kind is p.VAR_KEYWORD for p in params):
        return echo  # type: ignore[no-any-return]
    return lambda text="", err=False: echo(text)


def _typed(kind: type, optional: bool = False, **values: Any) -> None:
    """A Python caller's value of the wrong type is one UserError naming the argument (the command line's
    options arrive typed): ``games="20"`` would fail deep in the runner, and a flag given as the text
    "no" would read as true."""
    what, accepted = _KINDS[kind]
    for name, value in values.items():
        if (value is None and optional) or (
            isinstance(value, accepted) and (kind is bool or not isinstance(value, bool))
        ):
            continue
        raise UserError(f"{name} must be {what}{' or None' if optional else ''}, got {value!r}")


def _folder(value: str | Path | Run, name: str) -> Path:
    """A run folder given as a text, a ``pathlib.Path`` or an open ``Run`` (a notebook holds the ``Run``
    it made: every function that reads a run takes it); anything else is one UserError naming ``name``."""
    if isinstance(value, Run):
        return value.path
    _typed(Path, **{name: value})
    return Path(value)


def _plain(value: Any) -> Any:
    """A NumPy number as the Python number it stands for (in a list or tuple too); anything else as is."""
    if isinstance(value, bool | int | float | str) or value is None:
        return value
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, numbers.Real):
        return float(value)
    if type(value) in (list, tuple):
        return type(value)(map(_plain, value))
    return value


def check_environment() -> None:
    """The ``CARDLAB_*`` variables the code reads, checked before any command or API call does any work: a
    bad value is one line naming the variable and the value (exit 2), never a run whose report then fails
    or that quietly ignored what was asked (``CARDLAB_PURE=yes`` ran the compiled build)."""
    problem = pure_problem()
    if problem:
        raise UserError(problem)
    duckdb_memory()


def _api_call(function: Callable[..., Any]) -> Callable[..., Any]:
    """An API call checks the environment as a command does, and its NumPy numbers (``for seed in
    np.arange(3)``), which the checks accept as whole numbers, reach the function as Python ones:
    ``games=np.int64(2)`` passed every check, then failed writing the manifest ("Object of type int64 is
    not JSON serializable")."""

    @functools.wraps(function)
    def call(*args: Any, **kwargs: Any) -> Any:
        check_environment()
        return function(*map(_plain, args), **{name: _plain(value) for name, value in kwargs.items()})

    return call


def game_options(spec: GameSpec, given: Mapping[str, Any]) -> dict[str, Any]:
    """The game's options as ``make_config`` takes them: defaults, overridden by ``given`` (names with
    ``_`` or ``-``); an unknown name or a value outside a choice is one line."""
    known = {o.name.replace("-", "_"): o for o in spec.options}
    out = {key: o.default if not o.multiple else tuple(o.default or ()) for key, o in known.items()}
    for name, value in given.items():
        key = name.replace("-", "_")
        opt = known.get(key)
        if opt is None:
            names = ", ".join(o.name for o in spec.options) or "none"
            raise UserError(f"{spec.name}: no option '{name}' (options: {names})")
        value = _texts(value, key) if opt.multiple else value
        for one in value if opt.multiple else (value,):
            if isinstance(opt.kind, tuple) and one not in opt.kind:
                raise UserError(f"--{opt.name}: {one!r} is not one of {', '.join(opt.kind)}")
            if opt.kind in _KINDS:
                _typed(opt.kind, **{key: one})
        out[key] = value
    return absolute_cards(out)


def absolute_cards(options: dict[str, Any]) -> dict[str, Any]:
    """``--cards`` as absolute paths in the config a run records. Written as typed (``my.yaml``), `replay`
    and `--resume` from another folder looked for another file (or refused the same one spelled
    absolutely), and a notebook's worker processes, kept in the folder of an earlier run, read the file of
    that folder ("the card data changed while the run was starting")."""

    def absolute(path: Any) -> Any:
        return os.path.abspath(path) if isinstance(path, str | os.PathLike) and str(path) else path

    cards = options.get("cards")
    if cards is None:
        return options
    value = tuple(map(absolute, cards)) if isinstance(cards, tuple | list) else absolute(cards)
    return {**options, "cards": value}


def _settings(
    spec: GameSpec,
    options: Mapping[str, Any],
    *,
    games: int,
    seed: int,
    players: int | None,
    batch_size: int,
    max_turns: int | None,
    events: bool,
    jobs: int,
    backend: str,
    scheduler: str | None,
    resume: bool,
    progress: bool,
) -> RunSettings:
    _typed(int, games=games, seed=seed, batch_size=batch_size, jobs=jobs)
    _typed(int, True, players=players, max_turns=max_turns)
    _typed(bool, events=events, resume=resume, progress=progress)
    _typed(str, True, scheduler=scheduler)
    _not_blank("--scheduler", scheduler, "for a local cluster")
    check_workers(jobs, backend, scheduler)  # before a set writes its record (robust -j 0 left one behind)
    return RunSettings(
        n_games=games,
        seed=seed,
        n_players=players,
        game_options=game_options(spec, options),
        batch_size=batch_size,
        max_turns=max_turns,
        log_events=events,
        jobs=jobs,
        backend=backend,
        scheduler=scheduler,
        resume=resume,
        progress=progress,
    )


def run_name(spec: GameSpec, name: str | None, root: Path, prefix: str = "") -> str:
    """``name``, checked, or ``[prefix]GAME-YYYYmmdd-HHMMSS``, with ``-2``, ``-3`` … when that is taken in
    ``root``: two runs started within one second (a notebook's loop over seeds) took one name, and the
    second was refused as "a run already exists there"."""
    _typed(str, True, name=name)
    name = None if name is None else os.fspath(name)  # name=Path("base"): the folder's name
    if name is None:
        stamp = f"{prefix}{spec.name}-{dt.datetime.now().strftime('%Y%m%d-%H%M%S')}"
        names = itertools.chain([stamp], (f"{stamp}-{n}" for n in itertools.count(2)))
        name = next(n for n in names if not os.path.lexists(root / n))
    if name == "":  # `--name "$RUN"` with RUN unset: a run under a made-up name would be lost
        raise UserError(
            "--name '': an empty run name (an unset shell variable?); leave --name out for GAME-<time>"
        )
    why = (
        "a run name is one folder's name, without '/' (--out names the folder that holds runs)"
        if "/" in name
        else "a run name must be printable (no newline or control character)"
        if not name.isprintable()
        else "'.' and '..' name folders that exist already"
        if name in (".", "..")
        else "'latest' is the link to the newest run"
        if name == "latest"
        else ""
    )
    if why:  # say why the name is unusable, not only that it is
        raise UserError(f"--name {name!r}: {why}")
    if name != name.strip():  # ' x' and 'x' would be two folders that read the same
        raise UserError(f"--name {name!r}: a run name must not begin or end with a space")
    if name.startswith("-"):  # `--name --` (a shell slip), and `cardlab report -x` reads as an option
        raise UserError(f"--name {name!r}: a run name must not begin with '-'")
    if len(name.encode()) > MAX_NAME_BYTES:
        raise UserError(
            f"--name is {len(name.encode())} bytes long; run names are limited to {MAX_NAME_BYTES}"
        )
    return name


def out_root(out: str | Path) -> Path:
    """``--out``, the folder that holds runs. A folder inside a run would put the new run among that
    run's parts (and its ``latest`` link in it), so it is refused in one line."""
    _typed(Path, out=out)
    root = Path(out)
    resolved = root.resolve()
    for folder in (resolved, *resolved.parents):
        if (folder / "manifest.json").is_file():
            raise UserError(
                f"--out {out}: inside the run folder {folder}; give the folder that holds runs, "
                f"e.g. --out {folder.parent}"
            )
    for record in SET_RECORDS:  # a set's report reads its folder's runs: a stray one would join it
        if (resolved / record).is_file():
            raise UserError(
                f"--out {out}: the folder of one {record.removesuffix('.json')} ({record}); a run "
                f"written there would mix into its report; give another folder, e.g. --out {resolved.parent}"
            )
    return root


def _level(level: float) -> None:
    _typed(float, level=level)
    if not 0.5 <= level < 1:
        raise UserError(f"--level must be in [0.5, 1), got {level}")


def _link_latest(root: Path, name: str) -> None:
    """Point ``results/latest`` at the run: a new link renamed over the old one, so two runs finishing
    at once leave a link to one of them (unlink-then-link could fail between); a file or folder of the
    user's named ``latest`` is never removed."""
    link = root / "latest"
    if link.exists() and not link.is_symlink():
        return
    fresh = root / f".latest-{os.getpid()}-{threading.get_ident()}"
    try:
        fresh.unlink(missing_ok=True)
        fresh.symlink_to(name, target_is_directory=True)
        os.replace(fresh, link)
    except OSError:  # a filesystem without links: results/latest is a convenience only
        with contextlib.suppress(OSError):
            fresh.unlink(missing_ok=True)


# ---- running games -------------------------------------------------------------------------------------


def judged_columns(spec: GameSpec) -> list[str]:
    """The players columns a run of ``spec`` will have that a rule or table can judge by (not the game id
    or the result itself): known before any game, so a typo stops the command before it plays."""
    from cardlab.simulate.core.tables import PLAYERS_SCHEMA

    columns = [name for name, _ in PLAYERS_SCHEMA] + list(spec.player_columns)
    return [c for c in columns if c not in ("game_id", "win", "result", "score")]


def stop_rule(
    spec: GameSpec, until_ci: float | None, sprt: str | None, ci_by: str, labels: Sequence[str]
) -> Any:
    """The stop rule of ``until_ci`` / ``sprt`` (cardlab.stopping), checked against the run's columns."""
    from .stopping import SprtRule, UntilCI

    _typed(float, True, until_ci=until_ci)
    _typed(str, True, sprt=sprt)
    _typed(str, ci_by=ci_by)
    if sprt is not None and not sprt.strip():  # an unset shell variable: no stop rule at all
        raise UserError(f"--sprt {sprt!r}: expected A,B,DELTA (e.g. sensible,random,0.1)")
    if until_ci is not None and sprt:
        raise UserError("give either --until-ci or --sprt, not both")
    if until_ci is None and not sprt:
        if ci_by != "strategy":  # typed: it judges nothing without a stop rule, so it was ignored, exit 0
            raise UserError(
                f"--ci-by '{ci_by}': the column a stop rule judges; give --until-ci W or --sprt A,B,DELTA "
                "too, or leave --ci-by out"
            )
        return None
    if ci_by not in judged_columns(spec):
        raise UserError(f"--ci-by '{ci_by}': not a players column to judge by (e.g. strategy)")
    if until_ci is not None:
        return UntilCI(until_ci, ci_by)
    rule = SprtRule(sprt, ci_by)
    missing = [x for x in (rule.a, rule.b) if ci_by == "strategy" and x not in labels]
    if missing:
        raise UserError(f"--sprt: {', '.join(missing)} not among this run's strategies ({', '.join(labels)})")
    return rule


def _execute(
    spec: GameSpec, plan: RunPlan, settings: RunSettings, out: Path, stop: Any, echo: Echo
) -> RunOutcome:
    """Execute one plan into ``out`` and echo its summary lines."""
    from cardlab.simulate.core.runner import execute

    try:
        outcome = execute(
            plan,
            out,
            jobs=settings.jobs,
            backend=settings.backend,
            scheduler=settings.scheduler,
            resume=settings.resume,
            progress=settings.progress,
            stop_rule=stop,
        )
    except KeyboardInterrupt:
        raise RunInterrupted(out) from None
    totals = outcome.manifest["totals"]
    if outcome.repaired:
        echo(
            f"repaired: replayed {counted(len(outcome.repaired), 'damaged batch', 'damaged batches')}: "
            + "; ".join(f"batch {b}: {why}" for b, why in sorted(outcome.repaired.items())[:5])
        )
    rate = outcome.games / outcome.seconds if outcome.seconds else 0.0
    echo(
        f"{counted(totals['games'], 'game')} ({totals['failed']:,} failed, {totals['turn_caps']:,} hit the turn "
        f"cap), {counted(totals['events'], 'event')}; this session {counted(outcome.games, 'game')} at {rate:,.0f} "
        f"games/s per core → {out}"
    )
    echo(f"stopped: {outcome.manifest.get('stop_reason') or 'all games played'}")
    left = outcome.manifest["left_out_cards"]["count"]
    if left:
        echo(
            f"note: {counted(left, 'card')} left out (behaviour not implemented); listed in {out}/manifest.json"
        )
    if totals["failed"]:
        echo(
            f"{counted(totals['failed'], 'game')} failed: see {out}/errors/ or `cardlab replay {out} --game N`",
            err=True,
        )
    return outcome


@_api_call
def simulate(
    game_name: str | GameSpec,
    *,
    games: int = 1000,
    seed: int = 1,
    players: int | None = None,
    strategy: str | Sequence[str] = (),
    jobs: int = -1,
    batch_size: int = 250,
    name: str | None = None,
    out: str | Path = "results",
    resume: bool = False,
    max_turns: int | None = None,
    events: bool = True,
    until_ci: float | None = None,
    sprt: str | None = None,
    ci_by: str = "strategy",
    backend: str = "loky",
    scheduler: str | None = None,
    progress: bool = False,
    mirror: bool = False,
    echo: Echo = _silent,
    **options: Any,
) -> Run:
    """Play ``games`` seeded games into ``out/name/`` (Parquet + manifest) and open the run
    (`cardlab simulate GAME`). ``until_ci``/``sprt`` stop early with ``games`` as the cap; ``mirror``
    plays each deal in every seat rotation (``RunPlan.seed_of``)."""
    _typed(bool, mirror=mirror)
    echo = _echoes(echo)
    spec = game(game_name)
    settings = _settings(
        spec,
        options,
        games=games,
        seed=seed,
        players=players,
        batch_size=batch_size,
        max_turns=max_turns,
        events=events,
        jobs=jobs,
        backend=backend,
        scheduler=scheduler,
        resume=resume,
        progress=progress,
    )
    plan = dataclasses.replace(plan_of(spec, settings, _texts(strategy, "strategy")), mirror=mirror)
    root = out_root(out)
    folder = root / run_name(spec, name, root)
    stop = stop_rule(spec, until_ci, sprt, ci_by, [s.label for s in plan.strategies])
    _execute(spec, plan, settings, folder, stop, echo)
    _link_latest(root, folder.name)
    return Run.open(folder)


@_api_call
def sweep(
    game_name: str | GameSpec,
    vary: str | Sequence[str],
    *,
    games: int = 1000,
    seed: int = 1,
    players: int | None = None,
    strategy: str | Sequence[str] = (),
    jobs: int = -1,
    batch_size: int = 250,
    name: str | None = None,
    out: str | Path = "results",
    resume: bool = False,
    max_turns: int | None = None,
    events: bool = True,
    until_ci: float | None = None,
    sprt: str | None = None,
    ci_by: str = "strategy",
    backend: str = "loky",
    scheduler: str | None = None,
    progress: bool = False,
    mirror: bool = False,
    echo: Echo = _silent,
    **options: Any,
) -> RunSet:
    """A grid of configs, one run per point on the same seed, in one folder, and its report
    (`cardlab sweep GAME --vary OPTION=a..b[:step]`; ``vary`` is one such text or several for a grid;
    ``mirror`` plays each point's deals in every seat rotation, as `simulate --mirror`)."""
    from cardlab.analysis import progress as steps
    from cardlab.analysis import report as reports
    from cardlab.simulate.core.runformat import read_manifest

    from .sweep import (
        built_by_point,
        check_not_fixed,
        claim_sweep,
        grid,
        parse_vary,
        point_name,
        same_builds,
        sweep_record,
    )

    _typed(bool, mirror=mirror)
    echo = _echoes(echo)
    spec = game(game_name)
    axes = [parse_vary(spec, text) for text in _texts(vary, "vary")]
    if not axes:  # the command line requires --vary; a grid of no axis is one run, not a sweep
        raise UserError(
            f"sweep: give at least one vary (e.g. {example_option('sweep', spec.name, '--vary')})"
        )
    check_not_fixed(spec, axes, {"players": players, "max_turns": max_turns, **options})
    shared = {"games": games, "max_games": None, "seed": seed, "players": players, "max_turns": max_turns}
    shared |= {"strategy": _texts(strategy, "strategy"), "batch_size": batch_size, "no_events": not events}
    shared |= {"until_ci": until_ci, "sprt": sprt, "ci_by": ci_by, "mirror": mirror}
    points = grid(axes)
    common = _settings(
        spec,
        options,
        games=games,
        seed=seed,
        players=players,
        batch_size=batch_size,
        max_turns=max_turns,
        events=events,
        jobs=jobs,
        backend=backend,
        scheduler=scheduler,
        resume=resume,
        progress=progress,
    )
    plans = []
    for point in points:  # build every plan first: a bad point fails before anything is written
        varied = absolute_cards(
            {k.replace("-", "_"): v for k, v in point.items() if k not in ("players", "max-turns")}
        )
        settings = dataclasses.replace(
            common,
            n_players=point.get("players", players),
            max_turns=point.get("max-turns", max_turns),
            game_options={**common.game_options, **varied},
        )
        plan = dataclasses.replace(plan_of(spec, settings, shared["strategy"]), mirror=mirror)
        # the stop rule too: a bad --ci-by or --sprt left sweep.json behind, which blocked the name
        stop = stop_rule(spec, until_ci, sprt, ci_by, [s.label for s in plan.strategies])
        plans.append((point, settings, plan, stop))
    root = out_root(out)
    folder = root / run_name(spec, name, root, prefix="sweep-")
    record = sweep_record(spec, axes, [p for p, *_ in plans], shared, common.game_options)
    for entry, (point, _, plan, _) in zip(record.points, plans, strict=True):
        entry["built"] = built_by_point(spec, plan.config, point)
    for runs in same_builds(record.points):
        echo(f"note: {', '.join(runs)} build the same decks: they will play identical games", err=True)
    failed = 0
    folders = []
    with _stops_as(folder), claim_sweep(folder, record, resume=resume):
        for index, (point, settings, plan, stop) in enumerate(plans):
            point_out = folder / point_name(index, point)
            folders.append(point_out)
            if resume and (point_out / "manifest.json").exists():
                if read_manifest(point_out).status == "complete":
                    continue
            elif resume:
                settings.resume = False
            what = record.points[index]["built"]
            echo(
                f"[{index + 1}/{len(plans)}] "
                + ", ".join(f"{k}={v}" for k, v in point.items())
                + (f" → builds {what}" if what else "")
            )
            failed += _execute(spec, plan, settings, point_out, stop, echo).manifest["totals"]["failed"]
    _link_latest(root, folder.name)
    with steps.shown(progress):  # the report's bar, as `cardlab report FOLDER` shows it
        built = reports.build_path(folder)
    return RunSet(folder, folders, built, reports.write(built), failed)


def _run_set(
    command: str,
    spec: GameSpec,
    options: Mapping[str, Any],
    common: Mapping[str, Any],
    play: Callable[[Path, RunSettings], list[RunOutcome]],
    build: Callable[[Path], Report],
) -> RunSet:
    """A robust or ladder set: the shared settings checked, the runs played, the report built and written."""
    from cardlab.analysis import progress as steps
    from cardlab.analysis import report as reports

    if common.get("until_ci") is not None or common.get("sprt"):
        raise UserError(
            f"{command}: --until-ci and --sprt are not available (every run plays the same games)"
        )
    settings = _settings(spec, options, **{k: common[k] for k in _SET_KEYS})
    settings.mirror = bool(common.get("mirror"))
    root = out_root(common["out"])
    folder = root / run_name(spec, common["name"], root, prefix=f"{command}-")
    with _stops_as(folder):
        outcomes = play(folder, settings)
    _link_latest(root, folder.name)
    with steps.shown(settings.progress):  # the report's bar, as `cardlab report FOLDER` shows it
        built = build(folder)
    failed = sum(o.manifest["totals"]["failed"] for o in outcomes)
    return RunSet(folder, [o.out for o in outcomes], built, reports.write(built), failed)


@_api_call
def robust(
    game_name: str | GameSpec,
    ensemble: str | Sequence[str],
    *,
    by: str | Sequence[str] = (),
    games: int = 1000,
    seed: int = 1,
    players: int | None = None,
    jobs: int = -1,
    batch_size: int = 250,
    name: str | None = None,
    out: str | Path = "results",
    resume: bool = False,
    max_turns: int | None = None,
    events: bool = True,
    backend: str = "loky",
    scheduler: str | None = None,
    progress: bool = False,
    echo: Echo = _silent,
    until_ci: float | None = None,
    sprt: str | None = None,
    mirror: bool = False,
    **options: Any,
) -> RunSet:
    """The same seeds under each policy of ``ensemble``, and which conclusions hold under every one
    (`cardlab robust GAME --ensemble P1,P2`). ``mirror`` is refused: each run seats one policy in every
    seat, so a deal's seat rotations would be one game played K times."""
    from cardlab.analysis.robust import build_ensemble

    from .ensemble import run_ensemble

    _typed(bool, mirror=mirror)
    if mirror:
        raise UserError(
            "robust --mirror: each run seats one policy in every seat, so a deal's seat rotations would "
            "replay the same game; the runs are already paired deal for deal across policies"
        )
    spec = game(game_name)
    dims = list(_texts(by, "by"))
    for dim in dims:  # known before any game: --by nope played every run, then failed at the report
        _not_blank("--by", dim, "for the game's columns")
        if dim not in judged_columns(spec):
            raise UserError(
                f"--by '{dim}': no players column of {spec.name} (columns: {', '.join(judged_columns(spec))})"
            )
    return _run_set(
        "robust",
        spec,
        options,
        _common(locals()),
        lambda folder, settings: run_ensemble(
            spec, _texts(ensemble, "ensemble"), folder, settings, dimensions=dims, on_start=_starts(echo)
        ),
        lambda folder: build_ensemble(folder, dims or None),
    )


@_api_call
def ladder(
    game_name: str | GameSpec,
    strategy: str | Sequence[str],
    *,
    games: int = 1000,
    seed: int = 1,
    players: int | None = None,
    jobs: int = -1,
    batch_size: int = 250,
    name: str | None = None,
    out: str | Path = "results",
    resume: bool = False,
    max_turns: int | None = None,
    backend: str = "loky",
    scheduler: str | None = None,
    progress: bool = False,
    mirror: bool = False,
    echo: Echo = _silent,
    **options: Any,
) -> RunSet:
    """A round robin of policies on shared seeds: ratings, win-rate matrix, skill and seed shares
    (`cardlab ladder GAME -s P1 -s P2 …`); ``mirror`` plays each deal in every seat rotation and clusters
    the intervals by deal."""
    from cardlab.analysis.ladder import build_ladder

    from .ladder import run_ladder

    spec = game(game_name)
    common = _common(locals()) | {"events": True}
    return _run_set(
        "ladder",
        spec,
        options,
        common,
        lambda folder, settings: run_ladder(
            spec, _texts(strategy, "strategy"), folder, settings, on_start=_starts(echo)
        ),
        build_ladder,
    )


@_api_call
def duel(
    game_name: str | GameSpec,
    strategy: str | Sequence[str],
    *,
    games: int = 100,
    seed: int = 1,
    players: int | None = None,
    jobs: int = -1,
    batch_size: int = 250,
    name: str | None = None,
    out: str | Path = "results",
    resume: bool = False,
    max_turns: int | None = None,
    backend: str = "loky",
    scheduler: str | None = None,
    progress: bool = False,
    echo: Echo = _silent,
    **options: Any,
) -> tuple[Path, Any]:
    """Policy A (``strategy[0]``) against B (``strategy[1]``), and B in A's seats against the same B, on the
    same seeds (`cardlab duel GAME -s A -s B`): the paired gain of A over B with the deals' luck out
    (:mod:`cardlab.duel`). Writes ``duel.md`` into the folder; returns the folder and the figures."""
    from .duel import read_duels, run_duel

    spec = game(game_name)
    common = _common(locals()) | {"events": False}  # the figures need results only
    settings = _settings(spec, options, **{k: common[k] for k in _SET_KEYS})
    root = out_root(out)
    folder = root / run_name(spec, name, root, prefix="duel-")
    with _stops_as(folder):  # the figures too: stopped there, --resume reads the runs and writes them
        run_duel(spec, _texts(strategy, "strategy"), folder, settings, on_start=_starts(echo))
        _link_latest(root, folder.name)
        figures = read_duels([folder])
        write_atomic(folder / "duel.md", str(figures).encode("utf-8"))  # never half-written
    return folder, figures


@_api_call
def duel_report(folders: str | Path | Sequence[str | Path]) -> Any:
    """The pooled figures of duel folders of the same policies (`cardlab duel-report DIR…`)."""
    from .duel import read_duels

    return read_duels([Path(folder) for folder in _texts(folders, "folders")])


@_api_call
def overrules(
    game_name: str | GameSpec,
    strategy: str | Sequence[str],
    *,
    games: int = 20,
    seed: int = 1,
    players: int | None = None,
    max_turns: int | None = None,
    **options: Any,
) -> Any:
    """Where the search seats of these games overrule their base heuristic, and whether the overrules win
    (`cardlab overrules GAME -s search:… -s …`): the games are played here, one after another, so the
    search players' statistics can be read (:mod:`cardlab.overrules`)."""
    from .overrules import overrules as count

    _typed(int, games=games, seed=seed)
    _typed(int, True, players=players, max_turns=max_turns)
    spec = game(game_name)
    settings = RunSettings(
        n_games=games,
        seed=seed,
        n_players=players,
        game_options=game_options(spec, options),
        max_turns=max_turns,
        log_events=False,
    )
    return count(plan_of(spec, settings, _texts(strategy, "strategy")))


# the simulate settings every run of a set shares (RunSettings), and how robust/ladder pass them on
_SET_KEYS = ("games", "seed", "players", "batch_size", "max_turns", "events", "jobs", "backend", "scheduler")
_SET_KEYS += ("resume", "progress")


def _common(args: Mapping[str, Any]) -> dict[str, Any]:
    """The settings among a run-set function's arguments (with its name, folder and stop rules); its
    ``mirror`` and ``echo`` checked (``mirror="no"`` was read as true)."""
    mirror = args.get("mirror", False)
    _typed(bool, mirror=mirror)
    _echoes(args.get("echo", _silent))
    return {k: args.get(k) for k in (*_SET_KEYS, "name", "out", "until_ci", "sprt")} | {"mirror": mirror}


def _starts(echo: Echo) -> Callable[[int, int, str], None]:
    return lambda i, n, what: echo(f"[{i + 1}/{n}] {what}")


@_api_call
def tune(
    game_name: str | GameSpec,
    knob: str | Sequence[str],
    target: str | Sequence[str],
    *,
    max_changes: int = 3,
    confirm_games: int | None = None,
    games: int = 1000,
    seed: int = 1,
    players: int | None = None,
    strategy: str | Sequence[str] = (),
    name: str | None = None,
    out: str | Path = "results",
    resume: bool = False,
    ensemble: str | Sequence[str] = (),
    jobs: int = 1,
    backend: str = "loky",
    scheduler: str | None = None,
    echo: Echo = _silent,
    **options: Any,
) -> tuple[Path, Any]:
    """The fewest card changes (``knob``: ``CARD.FIELD=A..B``, or a game option ``OPTION=VALUES``) that meet
    balance targets, searched on paired seeds and confirmed on fresh ones (`cardlab tune GAME`): the folder
    (tune.md …) and the TuneResult. ``ensemble``: policies each target must hold under (each in every
    seat); ``jobs``/``backend``/``scheduler`` as for `simulate`."""
    from .runset import policies_of
    from .tune import parse_knob
    from .tune import tune as search

    _typed(int, max_changes=max_changes, games=games, seed=seed)
    echo = _echoes(echo)
    _typed(int, True, confirm_games=confirm_games, players=players)
    _check_confirm_games(confirm_games)
    if max_changes < 1:
        raise UserError(f"--max-changes must be at least 1, got {max_changes}")
    _check_workers(jobs, backend, scheduler)
    spec = game(game_name)
    knobs = [parse_knob(k, spec) for k in _texts(knob, "knob")]
    policies = policies_of(spec, _texts(ensemble, "ensemble"), "--ensemble") if ensemble else []
    if policies and strategy:
        raise UserError("--ensemble replaces --strategy: give one or the other")
    given = {k: v for k, v in game_options(spec, options).items() if v not in (None, (), "")}
    settings = {
        "n_games": games,
        "seed": seed,
        "n_players": players,
        "strategies": list(_texts(strategy, "strategy")),
        "game_options": given,
        "ensemble": policies,
        "jobs": jobs,
        "backend": backend,
        "scheduler": scheduler,
    }
    root = out_root(out)
    folder = root / run_name(spec, name, root, prefix="tune-")
    with _stops_as(folder):  # the evaluations played are kept: `--resume` reads them back
        found = search(
            spec,
            folder,
            knobs,
            list(_texts(target, "target")),
            settings,
            max_changes,
            confirm_games,
            resume,
            echo,
        )
    return folder, found


def _check_confirm_games(confirm_games: int | None) -> None:
    """A tune's confirmation run: 0 read as left out (--games), and a negative count was blamed on --games."""
    if confirm_games is not None and not 1 <= confirm_games <= MAX_GAMES:
        raise UserError(
            f"--confirm-games must be between 1 and {MAX_GAMES:,}, got {confirm_games} (leave it out for --games)"
        )


def _check_workers(jobs: int, backend: str, scheduler: str | None) -> None:
    """Where a tune's evaluations run (`tune`, `tune-policy`): one line for a bad combination."""
    _typed(int, jobs=jobs)
    check_workers(jobs, backend, scheduler)


@_api_call
def tune_policy(
    game_name: str | GameSpec,
    policy: str,
    param: str | Sequence[str],
    *,
    against: str | None = None,
    max_steps: int = 10,
    confirm_games: int | None = None,
    games: int = 400,
    seed: int = 1,
    players: int | None = None,
    name: str | None = None,
    out: str | Path = "results",
    resume: bool = False,
    jobs: int = 1,
    backend: str = "loky",
    scheduler: str | None = None,
    echo: Echo = _silent,
    **options: Any,
) -> tuple[Path, Any]:
    """A policy's numeric parameters (``param``: ``NAME=A..B[:STEP]``) set by paired-seed hill climbing
    against ``against`` (default: the policy at its defaults), confirmed on fresh seeds
    (`cardlab tune-policy GAME POLICY`): the folder (tune-policy.md …) and the PolicyTuneResult.
    ``jobs``/``backend``/``scheduler`` as for `tune`: the points' games are the same wherever they run."""
    from .policy_tune import parse_param
    from .policy_tune import tune_policy as climb

    _typed(int, max_steps=max_steps, games=games, seed=seed)
    _typed(str, policy=policy)
    _typed(str, True, against=against)
    echo = _echoes(echo)
    _typed(int, True, confirm_games=confirm_games, players=players)
    _check_confirm_games(confirm_games)
    _check_workers(jobs, backend, scheduler)
    spec = game(game_name)
    params = [parse_param(p, spec.name) for p in _texts(param, "param")]
    given = {k: v for k, v in game_options(spec, options).items() if v not in (None, (), "")}
    settings = {
        "n_games": games,
        "seed": seed,
        "n_players": players,
        "game_options": given,
        "jobs": jobs,
        "backend": backend,
        "scheduler": scheduler,
    }
    root = out_root(out)
    folder = root / run_name(spec, name, root, prefix="tune-policy-")
    with _stops_as(folder):
        found = climb(spec, folder, policy, params, settings, against, max_steps, confirm_games, resume, echo)
    return folder, found


@_api_call
def soak(
    game_name: str | GameSpec,
    *,
    games: int = 100_000,
    seed: int = 1,
    jobs: int = -1,
    strategy: str = "random",
    players: int | Sequence[int] = (),
    out: str | Path = "results",
    progress: bool = False,
    **options: Any,
) -> tuple[Path, list[dict[str, Any]]]:
    """Random games with the engine's invariants checked after every step (`cardlab soak GAME`): the
    folder of its runs and one row per player count (crashes, invariant violations, turn caps, speed)."""
    from .soak import soak as play_soak

    _typed(int, games=games, seed=seed, jobs=jobs)
    _typed(str, strategy=strategy)
    _typed(bool, progress=progress)
    if games < 1:
        raise UserError(f"--games must be at least 1, got {games}")
    spec = game(game_name)
    given = {k: v for k, v in game_options(spec, options).items() if k in options}
    if isinstance(players, str) or not isinstance(players, int | Sequence):  # players="2": not a count
        raise UserError(f"players must be a whole number or a list of them, got {players!r}")
    counts = (players,) if isinstance(players, int) else tuple(players)
    _typed(int, **{f"players[{i}]": n for i, n in enumerate(counts)})
    root = out_root(out)
    folder = root / run_name(spec, None, root, prefix="soak-")
    return folder, play_soak(spec, games, seed, jobs, folder, strategy, progress, counts, given)


# ---- reading runs -------------------------------------------------------------------------------------


@_api_call
def open_run(path: str | Path) -> Run:
    """Open a run folder (validated; one line on anything wrong): frames, SQL, manifest, report."""
    _typed(Path, path=path)  # open_run(None): one line, not pathlib's TypeError
    return Run.open(path)


@_api_call
def report(
    path: str | Path | Run,
    by: str | Sequence[str] = (),
    *,
    level: float = 0.95,
    min_games: int = 30,
    write: bool = True,
    progress: bool = False,
) -> Report:
    """The report of a run, a sweep, an ensemble or a ladder (`cardlab report RUN`); ``str(report)`` is
    the printed text; with ``write`` report.md, report.html and the plots go into the folder
    (``report.files``); with ``progress`` a bar on stderr names the step it is on."""
    from cardlab.analysis import progress as steps
    from cardlab.analysis import report as reports
    from cardlab.analysis import staging

    _level(level)
    _typed(int, min_games=min_games)
    if min_games < 0:  # the command line's --min-games refuses it too; a flag threshold below 0 means nothing
        raise UserError(f"--min-games must be 0 or more, got {min_games}")
    _typed(bool, write=write, progress=progress)
    if not isinstance(path, Run):
        _folder(path, "path")
    dims = list(dict.fromkeys(_texts(by, "by"))) or None  # --by X --by X: one table, not two
    for dim in dims or ():
        _not_blank("--by", dim, "for the default breakdowns")
    # write=False leaves the folder as it was (a read-only run can be reported)
    with (
        within_memory(),
        contextlib.nullcontext() if write else staging.unwritten(),
        steps.shown(progress),
    ):
        built = (
            reports.build(path, dims, level, min_games)
            if isinstance(path, Run)
            else reports.build_path(path, dims, level, min_games)
        )
    if write:
        reports.write(built)
    return built


@_api_call
def compare(
    run_a: str | Path | Run, run_b: str | Path | Run, by: str | None = None, *, level: float = 0.95
) -> str:
    """The paired difference of two runs made with the same seed, or of two `cardlab robust` folders, as
    the text `cardlab compare` prints (``analysis.compare.compare`` gives the figures)."""
    from cardlab.analysis.compare import compare as paired
    from cardlab.analysis.compare import to_text

    _level(level)
    paths = [_folder(run_a, "run_a"), _folder(run_b, "run_b")]
    _typed(str, True, by=by)
    _not_blank("--by", by, "for the game's main column")  # it compared by the main column, exit 0
    ensembles = all((p / "ensemble.json").is_file() for p in paths)  # two `cardlab robust` folders
    same = paths[0].resolve() == paths[1].resolve()
    # opened first, so a folder that is no run says so (and which runs it holds) before the check below;
    # both before either is refused, so two damaged runs are named together
    given = (run_a,) if same else (run_a, run_b)
    runs = () if ensembles else open_every(functools.partial(_opened, r) for r in given)
    if same:  # a slip (`compare results/base results/base`): all 0
        raise UserError(
            f"{paths[0]} and {paths[1]} are the same run: compare it with a run made with the change "
            "(same --seed)"
        )
    if ensembles:
        from cardlab.analysis.robust import compare_ensembles_text

        return compare_ensembles_text(paths[0], paths[1], by, level)
    a, b = runs
    with within_memory():
        return to_text(paired(a, b, by, level), level)


def _opened(run: str | Path | Run) -> Run:
    return run if isinstance(run, Run) else Run.open(run)


@_api_call
def replay(
    run: str | Path | Run, game: int | None = None, *, seed: int | None = None, events: bool = False
) -> Replay:
    """One game of a run (`cardlab replay RUN --game N | --seed S`): from the event log, or played again
    live (a failed game, a run without events, any seed) with its exception if it raises. Told as a story
    (``.text``, ``.html``), or with ``events`` as the numbered event list."""
    from .replay import replay_live, replay_logged

    _typed(int, True, game=game, seed=seed)
    _typed(bool, events=events)
    if (game is None) == (seed is None):
        raise UserError("replay: give exactly one of --game N or --seed S")
    if seed is not None:
        check_seed(seed)
    opened = run if isinstance(run, Run) else Run.open(_folder(run, "run"))
    plan = plan_from_manifest(opened.manifest)
    if game is not None:
        if not 0 <= game < plan.n_games:
            raise UserError(f"--game {game}: the run has games 0..{plan.n_games - 1}")
        failed = opened.db.execute("SELECT count(*) FROM errors WHERE game_id = ?", [game]).fetchone()[0]
        logged = opened.db.execute("SELECT count(*) FROM games WHERE game_id = ?", [game]).fetchone()[0]
        if logged and opened.manifest.log_events:
            return replay_logged(opened, plan, game, events)
        check_card_data_unchanged(opened.manifest, plan)
        if not failed and not logged:
            raise UserError(f"--game {game}: not played yet in this run (interrupted run?)")
        return replay_live(_checked(plan), game_index=game, events=events)
    check_card_data_unchanged(opened.manifest, plan)
    return replay_live(_checked(plan), seed=seed, run=opened, events=events)


def _checked(plan: RunPlan) -> RunPlan:
    """A game played again live checks the engine's invariants as `cardlab soak` does (the game's
    ``checked_play``, the same game), so a soak's invariant violation shows again in its replay."""
    spec = plan.spec
    if spec.checked_play is None:
        return plan
    return dataclasses.replace(plan, spec=dataclasses.replace(spec, play=spec.checked_play))


@_api_call
def verify(path: str | Path) -> Verification | FolderVerification:
    """Check a run folder (`cardlab verify`): manifest and batch records valid, every part present with
    its recorded size and checksum; ``.ok`` and ``.lines()``. A folder of runs (a sweep, ensemble, ladder
    or duel, as `cardlab report` reads them) checks each of its runs; a results folder, each run in it and
    in the sweeps, ensembles, ladders and duels it holds."""
    from cardlab.analysis.sweep import sweep_runs
    from cardlab.simulate.core.runformat import verify_folder, verify_run

    folder = _folder(path, "path")
    if folder.is_dir() and not (folder / "manifest.json").exists():
        runs = sweep_runs(folder)
        sets = [p for p in folder.iterdir() if p.is_dir() and not p.is_symlink() and p not in runs]
        runs = sorted(runs + [run for p in sets for run in sweep_runs(p)])
        planned, command = _planned_runs(folder)
        if runs or command:  # a set killed before its first run is a folder of none
            return verify_folder(folder, runs, planned, command)
    return verify_run(folder)


def _planned_runs(folder: Path) -> tuple[list[str], str]:
    """The runs a set folder's record plans (a ladder with a pairing never played verified as "0
    damaged" while its report refused it), and the command that made it; ([], "") for no set."""
    from cardlab.analysis import ladder, robust
    from cardlab.simulate.core.runformat import RESUMED_BY, read_sweep

    record = next((name for name in SET_RECORDS if (folder / name).is_file()), None)
    if record is None:
        return [], ""
    command = RESUMED_BY[record]
    if command == "sweep":
        sweep = read_sweep(folder)
        return ([point["run"] for point in sweep.points] if sweep else []), command
    if command == "ladder":
        return [name for name, _ in ladder.read_record(folder)["runs"]], command
    if command == "robust":
        return [run for _, run in robust.read_record(folder)["policies"]], command
    return ["a", "b"], command  # a duel: A against B, and B in A's seats


@_api_call
def meta(
    path: str | Path | Run, by: str | None = None, *, field: str | None = None, level: float = 0.95
) -> str:
    """2 players: each value's win rate against a field and the meta equilibrium (`cardlab meta`), as text."""
    from cardlab.analysis.meta import meta_text

    _level(level)
    folder = _folder(path, "path")
    _typed(str, True, by=by, field=field)
    _not_blank("--by", by, "for the game's main column")
    return meta_text(str(folder), by, field, level)


def _fit_to_ship(run: str | Path, table: dict[str, Any], values: str) -> None:
    """The default ``out`` is the data file the players ship with, which every later run reads: a table of
    a few games (`derive gosu-x-draft` of a 2-game run) would change them on noise without a word, so it
    needs the report's small-sample threshold of games for every value; ``out`` elsewhere takes any."""
    from cardlab.analysis.small_samples import MIN_GAMES

    few = sorted((row["games"], name) for name, row in table[values].items() if row["games"] < MIN_GAMES)
    if few:
        games, name = few[0]
        raise UserError(
            f"{run}: {len(few)} of {len(table[values])} {values} have fewer than {MIN_GAMES} games (fewest: "
            f"{name}, {games}); the shipped file every later run reads needs {MIN_GAMES} of each: play more "
            "games, or give --out FILE"
        )


@_api_call
def derive_draft_table(
    run: str | Path | Run, policy: str | None = None, out: str | Path | None = None
) -> tuple[Path, dict[str, Any]]:
    """The Four Souls character draft table (FS-20.7) from a run, written to ``out`` (default: the
    players' table in strategies/four_souls/data); returns the file and the table."""
    from cardlab.analysis import derive

    run = _folder(run, "run")
    _typed(str, True, policy=policy)
    _typed(Path, True, out=out)
    table = derive.draft_table(run, policy)
    if out is None:
        from cardlab.strategies.four_souls.drafts import DEFAULT_TABLE

        _fit_to_ship(run, table, "characters")
        out = DEFAULT_TABLE
    return write_json(table, out), table


@_api_call
def derive_gosu_x_draft(run: str | Path | Run, out: str | Path | None = None) -> tuple[Path, dict[str, Any]]:
    """Gosu X clan draft values from a run with random drafts, written to ``out`` (default: the Gosu X
    draft values file); returns the file and the table."""
    from cardlab.analysis import derive

    run = _folder(run, "run")
    _typed(Path, True, out=out)
    table = derive.gosu_x_draft(run)
    if out is None:
        from cardlab.strategies.gosu_x.drafting import VALUES_FILE

        _fit_to_ship(run, table, "clans")
        out = VALUES_FILE
    return write_json(table, out), table


@_api_call
def derive_four_souls_horizon(
    games: int, seed: int, players: str = "2,3,4", out: str | Path | None = None, features: str = "fitted"
) -> tuple[Path, dict[str, Any]]:
    """The Four Souls search's horizon evaluation fitted on ``games`` seeded sensible games (player counts
    ``players``, e.g. "2,4", taken in turn) over the feature set ``features`` (``horizon.MODELS``), written
    to ``out`` (default: that feature set's data file)."""
    from cardlab.strategies.four_souls import horizon

    _typed(int, games=games, seed=seed)
    check_seed(seed)  # -1 played games of some seed without a word
    _typed(str, players=players, features=features)  # players=3: the counts are a text such as "2,4"
    _typed(Path, optional=True, out=out)
    try:
        counts = tuple(int(n) for n in players.split(","))
    except ValueError:
        raise UserError(
            f"--players must be player counts joined by commas (e.g. 2,3,4), got {players!r}"
        ) from None
    table = horizon.derive(games, seed, counts, features)
    return write_json(table, horizon.MODELS[features].file if out is None else out), table


# ---- cards and speed ---------------------------------------------------------------------------------


@_api_call
def cards_check(path: str | Path, game_name: str | None = None) -> str:
    """Validate card, deck or ratio files (a file or a folder; `cardlab cards check`): the summary text."""
    from cardlab.simulate.core.cardfiles import EMPTY, load_yaml, other_game

    _typed(Path, path=path)
    _typed(str, optional=True, game_name=game_name)
    _not_blank("--game", game_name, "to tell the game by the files")  # it guessed, exit 0, as if not given
    path = str(path)
    if not Path(path).exists():
        raise UserError(f"{path}: no such file or folder")
    if Path(path).is_file() and load_yaml(path) is None:  # e.g. a file cut short within its heading comments
        raise UserError(f"{path}: {EMPTY}")
    spec = game(game_name) if game_name else _guess_game(path)
    if spec.check_cards is None:
        raise UserError(f"game '{spec.name}' cannot check card files yet")
    other = other_game(spec.name, path) if game_name else None
    if other:  # each file's first problem alone ("unknown field 'set'") would not say why
        raise UserError(
            f"{path}: {other} cards, not {spec.name}'s (leave out --game, or give --game {other})"
        )
    with every_problem():  # every bad card of the files, not only the first (CardDataErrors)
        return spec.check_cards(path)


def _guess_game(path: str) -> GameSpec:
    """The game of a card file or folder: from its folder's name, else from its files' top-level keys. A
    file that is not valid YAML is that problem, in one line, before any guess."""
    parts = Path(path).resolve().parts
    for name in game_registry.names():
        folder = name.replace("-", "_")
        if folder in parts or any(p.startswith(folder) for p in parts):
            return game_registry.get(name)
    from cardlab.simulate.core.cardfiles import games_of_files

    if Path(path).is_dir() and next(Path(path).rglob("*.yaml"), None) is None:
        # a folder without YAML is that problem: asking for --game would send the user on a detour
        raise UserError(f"{path}: no .yaml card files in this folder or its subfolders")
    unreadable: list[CardDataError] = []
    found = games_of_files(path, unreadable)
    if len(found) == 1:  # the check then lists the unreadable files with every other problem
        return game_registry.get(found.pop())
    if unreadable and not found:  # the files that would have told the game: each one, not only the first
        raise_every(unreadable)
    raise UserError(
        f"{path}: cannot tell which game these cards are for; add --game (one of {', '.join(game_registry.names())})"
    )


@_api_call
def bench(
    games: str | Sequence[str] = (),
    *,
    games_per: int = 200,
    players: int | None = None,
    strategy: str | Sequence[str] = (),
    options: str | Sequence[str] = (),
    compare: str | Sequence[str] = (),
) -> str:
    """Throughput on one core (`cardlab bench`): games/s, events/s, decisions/s with and without event
    logging, as a table (every available game by default); ``options`` are game options ``NAME=VALUE``
    as `cardlab soak -o` takes them (Four Souls ``sets=all``); ``compare`` (the same form) adds rows with
    those options too, played game by game in turn with the others, and their ratios."""
    from .bench import bench_table

    names = list(_texts(games, "games")) or list(game_registry.available())
    specs = [game_registry.get(name) for name in names]
    given = [spec.name for spec in specs]
    twice = next((name for i, name in enumerate(given) if name in given[:i]), None)
    if twice:  # its rows again, as if another game: `--compare` sets two setups of one game side by side
        raise UserError(
            f"bench: game {twice} is given twice (`--compare NAME=VALUE` measures two setups of it)"
        )
    _typed(int, games_per=games_per)
    _typed(int, True, players=players)
    if games_per < 1:
        raise UserError(f"--games-per must be at least 1, got {games_per}")
    return bench_table(
        specs,
        games_per,
        players,
        _texts(strategy, "strategy"),
        _texts(options, "options"),
        _texts(compare, "compare"),
    )
