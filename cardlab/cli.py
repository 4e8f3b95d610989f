"""The `cardlab` command line: the one place that wires engines, strategies and analysis together.

Every error a person can cause ends with one line on stderr and exit code 2 (DESIGN: Command line).
"""

from __future__ import annotations

import datetime as dt
import os
import sys
from pathlib import Path
from typing import Any

import click

from cardlab.analysis.runs import RunError
from cardlab.simulate import games as game_registry
from cardlab.simulate.core.errors import UserError
from cardlab.simulate.core.game import GameOption, GameSpec
from cardlab.strategies import registry as strategy_registry

from . import __version__
from .wiring import check_card_data_unchanged, plan_from_manifest, plan_from_options


def fail_line(message: object) -> str:
    """One line, whatever a person typed: control characters (newlines, NUL …) are shown escaped."""
    text = str(message)
    return "error: " + "".join(ch if ch.isprintable() or ch == " " else repr(ch)[1:-1] for ch in text)


class CardlabGroup(click.Group):
    """Turns the errors a person can cause into one line and exit code 2, never a traceback."""

    def main(
        self,
        args: Any = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click.UsageError as exc:  # click's own bad-option messages, made one line
            where = exc.ctx.command_path if exc.ctx else "cardlab"
            click.echo(fail_line(f"{exc.format_message()} (see '{where} --help')"), err=True)
            sys.exit(2)
        except click.ClickException as exc:
            click.echo(fail_line(exc.format_message()), err=True)
            sys.exit(exc.exit_code)
        except click.Abort:
            click.echo("aborted", err=True)
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except (UserError, RunError) as exc:
            click.echo(fail_line(exc), err=True)
            ctx.exit(2)
        except OSError as exc:  # disk full, a read-only or vanished folder: the system's word, one line
            where = f"{exc.filename}: " if exc.filename else ""
            click.echo(fail_line(f"{where}{exc.strerror or exc}"), err=True)
            ctx.exit(2)


@click.group(cls=CardlabGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="cardlab")
def cli() -> None:
    """Monte Carlo simulation and balance analysis for Four Souls, Gosu X and Hidden Reason."""


def main() -> None:
    for stream in (sys.stdout, sys.stderr):  # a latin-1 or ascii terminal gets '?' for '→', never a crash
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")
    cli(prog_name="cardlab")


# ---- games -----------------------------------------------------------------------------------------


@cli.command("games")
def games_cmd() -> None:
    """List games, their variants, card sets, options and strategies."""
    found = game_registry.available()
    for name in game_registry.names():
        if name not in found:
            click.echo(f"{name}: (engine not available yet)")
            continue
        spec = found[name]
        lo, hi = spec.players_range
        count = f"{lo} players" if lo == hi else f"{lo}–{hi} players, default {spec.default_players}"
        click.echo(f"{name} — {spec.title} ({count})")
        for label, mapping in (("variants", spec.variants), ("card sets", spec.card_sets)):
            if mapping:
                click.echo(f"  {label}:")
                for key, text in mapping.items():
                    click.echo(f"    {key:<20} {text}")
        if spec.options:
            click.echo("  options:")
            for opt in spec.options:
                shown = "" if "(default" in opt.help else f" (default {opt.default!r})"
                click.echo(f"    --{opt.name:<18} {opt.help}{shown}")
        strategies = strategy_registry.for_game(name)
        click.echo("  strategies:")
        for key, cls in sorted(strategies.items()):
            text, preset = strategy_registry.describe(cls), strategy_registry.preset_of(cls, strategies)
            tail = f" (a preset of {preset})" if preset and "preset" not in text.lower() else ""
            click.echo(f"    {key:<20} {text}{tail}")
        if not strategies:
            click.echo("    (none yet)")


# ---- simulate --------------------------------------------------------------------------------------


def _click_option(opt: GameOption) -> click.Option:
    flag = f"--{opt.name}"
    if opt.kind is bool:
        return click.Option([flag + "/--no-" + opt.name], default=opt.default, help=opt.help)
    kind = click.Choice(list(opt.kind)) if isinstance(opt.kind, tuple) else opt.kind
    default = opt.default if not opt.multiple else tuple(opt.default or ())
    own_default = "(default" in opt.help  # the help already says it better ("decklists/gosu_x", not '')
    return click.Option(
        [flag], type=kind, default=default, multiple=opt.multiple, show_default=not own_default, help=opt.help
    )


COMMON_OPTIONS = [
    click.Option(["--games", "-n"], type=int, default=1000, show_default=True, help="games to play"),
    click.Option(
        ["--seed"],
        type=int,
        default=1,
        show_default=True,
        help="run seed (game i gets a seed derived from it)",
    ),
    click.Option(["--players", "-p"], type=int, default=None, help="players per game (default: the game's)"),
    click.Option(
        ["--strategy", "-s"],
        multiple=True,
        help="strategy for every seat, or one per seat (NAME[,NAME…], NAME:key=value); rotated through seats",
    ),
    click.Option(
        ["--jobs", "-j"], type=int, default=-1, show_default=True, help="worker processes (-1 = all cores)"
    ),
    click.Option(["--batch-size"], type=int, default=250, show_default=True, help="games per Parquet part"),
    click.Option(["--name"], default=None, help="run name (default GAME-YYYYmmdd-HHMMSS)"),
    click.Option(
        ["--out"],
        type=click.Path(file_okay=False),
        default="results",
        show_default=True,
        help="results folder",
    ),
    click.Option(["--resume"], is_flag=True, help="complete an interrupted run of the same name and options"),
    click.Option(["--max-turns"], type=int, default=None, help="turn cap; capped games end as 'turn_cap'"),
    click.Option(["--no-events"], is_flag=True, help="do not log events (games, players and errors only)"),
    click.Option(
        ["--until-ci"],
        type=float,
        default=None,
        help="stop once every --ci-by value's win-rate interval half-width is at most this (--games is the cap)",
    ),
    click.Option(
        ["--sprt"],
        default=None,
        help="A,B,DELTA: stop once a sequential test decides whether A beats B by at least DELTA",
    ),
    click.Option(
        ["--ci-by"], default="strategy", show_default=True, help="players column the stop rules judge"
    ),
    click.Option(["--max-games"], type=int, default=None, help="same as --games: the cap for stop rules"),
    click.Option(["--allow-errors"], is_flag=True, help="exit 0 even if some games failed"),
    click.Option(["--quiet", "-q"], is_flag=True, help="no progress bar"),
    click.Option(
        ["--backend"],
        type=click.Choice(["loky", "threading", "dask", "ray"]),
        default="loky",
        show_default=True,
        help="joblib backend; dask and ray hand the same batches to a cluster (same results)",
    ),
    click.Option(
        ["--scheduler"], default=None, help="dask scheduler (tcp://host:8786) or ray address (auto)"
    ),
]


class SimulateGroup(click.Group):
    """`cardlab simulate GAME`: one subcommand per game, so each game's own options show in --help."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return game_registry.names()

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        try:
            spec = game_registry.get(name)
        except UserError as exc:
            click.echo(fail_line(exc), err=True)
            ctx.exit(2)
        params = list(COMMON_OPTIONS) + [_click_option(opt) for opt in spec.options]
        return click.Command(
            name,
            params=params,
            callback=lambda **kwargs: _simulate(spec, kwargs),
            help=f"Play {spec.title} games and write results/<run>/ (Parquet + manifest).",
        )


@cli.group("simulate", cls=SimulateGroup)
def simulate_cmd() -> None:
    """Run games → results/<run-name>/ (see `cardlab simulate GAME --help`)."""


class SweepGroup(SimulateGroup):
    """`cardlab sweep GAME`: the simulate options of that game plus --vary."""

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        command = super().get_command(ctx, name)
        spec = game_registry.get(name)
        vary = click.Option(
            ["--vary"],
            multiple=True,
            required=True,
            help=(
                "OPTION=a..b[:step], OPTION=v1,v2 (v1/v2 when values contain commas), or a value with one "
                "range in braces (ratio-count=curse={0..10:2}); repeat for a grid"
            ),
        )
        return click.Command(
            name,
            params=[*command.params, vary],
            callback=lambda **kwargs: _sweep(spec, kwargs),
            help=f"A grid of {spec.title} configs, one run per point (same seed) in one folder, then its report.",
        )


@cli.group("sweep", cls=SweepGroup)
def sweep_cmd() -> None:
    """A grid of configs → one run per point in results/<sweep>/ and a sweep report."""


def _sweep(spec: GameSpec, kwargs: dict[str, Any]) -> None:
    from cardlab.analysis import report
    from cardlab.simulate.core.runformat import read_manifest

    from .sweep import built_by_point, claim_sweep, grid, parse_vary, point_name, same_builds, sweep_record

    axes = [parse_vary(spec, text) for text in kwargs.pop("vary")]
    common = {opt.name: kwargs.pop(opt.name) for opt in COMMON_OPTIONS}
    points = grid(axes)
    plans = []
    for point in points:  # build every plan first: a bad point fails before anything is written
        options = dict(kwargs)
        point_common = dict(common)
        for key, value in point.items():
            if key in ("players", "max-turns"):
                point_common[key.replace("-", "_")] = value
            else:
                options[key.replace("-", "_")] = value
        plans.append((point, point_common, _plan(spec, point_common, options)))
    root = Path(common["out"])
    folder = root / _run_name(spec, common, prefix="sweep-")
    record = sweep_record(spec, axes, [p for p, _, _ in plans], common, kwargs)
    for entry, (point, _, plan) in zip(record.points, plans, strict=True):
        entry["built"] = built_by_point(spec, plan.config, point)
    for runs in same_builds(record.points):
        click.echo(f"note: {', '.join(runs)} build the same decks: they will play identical games", err=True)
    failed = 0
    with claim_sweep(folder, record, resume=common["resume"]):
        for index, (point, point_common, plan) in enumerate(plans):
            out = folder / point_name(index, point)
            if common["resume"] and (out / "manifest.json").exists():
                if read_manifest(out).status == "complete":
                    continue
            elif common["resume"]:
                point_common = {**point_common, "resume": False}
            what = record.points[index]["built"]
            click.echo(
                f"[{index + 1}/{len(plans)}] "
                + ", ".join(f"{k}={v}" for k, v in point.items())
                + (f" → builds {what}" if what else "")
            )
            failed += _run(spec, plan, point_common, out)
    _link_latest(root, folder.name)
    built = report.build_path(folder)
    click.echo(report.to_text(built), nl=False)
    md, page = report.write(built)
    click.echo(f"\nsweep of {len(plans)} points in {folder}/; wrote {md} and {page}")
    if failed and not common["allow_errors"]:
        sys.exit(1)


def _simulate(spec: GameSpec, kwargs: dict[str, Any]) -> None:
    common = {opt.name: kwargs.pop(opt.name) for opt in COMMON_OPTIONS}
    plan = _plan(spec, common, kwargs)
    root = Path(common["out"])
    name = _run_name(spec, common)
    failed = _run(spec, plan, common, root / name)
    _link_latest(root, name)
    if failed and not common["allow_errors"]:
        sys.exit(1)


def _plan(spec: GameSpec, common: dict[str, Any], game_options: dict[str, Any]) -> Any:
    if common["max_games"] is not None:
        common["games"] = common["max_games"]
    if common["jobs"] == 0 or common["jobs"] < -1 or common["jobs"] > 1024:
        raise UserError(f"--jobs must be -1 (all cores) or 1..1024, got {common['jobs']}")
    return plan_from_options(
        spec,
        n_games=common["games"],
        run_seed=common["seed"],
        n_players=common["players"],
        strategy_texts=common["strategy"],
        batch_size=common["batch_size"],
        max_turns=common["max_turns"],
        log_events=not common["no_events"],
        game_options=game_options,
    )


MAX_NAME_BYTES = 200  # file systems allow 255; sweep points and temporaries add to it


def _run_name(spec: GameSpec, common: dict[str, Any], prefix: str = "") -> str:
    name = common["name"] or f"{prefix}{spec.name}-{dt.datetime.now().strftime('%Y%m%d-%H%M%S')}"
    if "/" in name or "\x00" in name or name in ("", ".", "..", "latest"):
        raise UserError(f"--name '{name}' is not a usable run name")
    if len(name.encode()) > MAX_NAME_BYTES:
        raise UserError(
            f"--name is {len(name.encode())} bytes long; run names are limited to {MAX_NAME_BYTES}"
        )
    return name


def resume_command(out: Path) -> str:
    """The command line that completes an interrupted run: this one, naming the run and adding --resume."""
    import shlex

    args = sys.argv[1:] or ["simulate", "GAME"]
    if "--name" not in args and not any(a.startswith("--name=") for a in args):
        args = [*args, "--name", out.name, "--out", str(out.parent)]
    if "--resume" not in args:
        args = [*args, "--resume"]
    return "cardlab " + " ".join(shlex.quote(a) for a in args)


def _run(spec: GameSpec, plan: Any, common: dict[str, Any], out: Path) -> int:
    """Execute one plan into ``out`` and print its summary line; returns the number of failed games."""
    from cardlab.simulate.core.runner import execute

    stop_rule = _stop_rule(spec, common, [s.label for s in plan.strategies])
    try:
        outcome = execute(
            plan,
            out,
            jobs=common["jobs"],
            backend=common["backend"],
            scheduler=common["scheduler"],
            resume=common["resume"],
            progress=not common["quiet"],
            stop_rule=stop_rule,
        )
    except KeyboardInterrupt:
        click.echo(
            f"\ninterrupted: finished batches are kept in {out}/; resume with\n  {resume_command(out)}",
            err=True,
        )
        sys.exit(130)
    totals = outcome.manifest["totals"]
    if outcome.repaired:
        click.echo(
            f"repaired: replayed {len(outcome.repaired)} damaged batch(es) "
            + "; ".join(f"batch {b}: {why}" for b, why in sorted(outcome.repaired.items())[:5])
        )
    rate = outcome.games / outcome.seconds if outcome.seconds else 0.0
    click.echo(
        f"{totals['games']:,} games ({totals['failed']:,} failed, {totals['turn_caps']:,} hit the turn cap), "
        f"{totals['events']:,} events; this session {outcome.games:,} games at {rate:,.0f} games/s per core → {out}"
    )
    click.echo(f"stopped: {outcome.manifest.get('stop_reason') or 'all games played'}")
    left = outcome.manifest["left_out_cards"]["count"]
    if left:
        click.echo(
            f"note: {left} card(s) left out (behaviour not implemented); listed in {out}/manifest.json"
        )
    if totals["failed"]:
        click.echo(
            f"{totals['failed']} game(s) failed: see {out}/errors/ or `cardlab replay {out} --game N`",
            err=True,
        )
    return totals["failed"]


def _stop_rule(spec: GameSpec, common: dict[str, Any], labels: list[str]) -> Any:
    from cardlab.simulate.core.tables import PLAYERS_SCHEMA

    from .stopping import SprtRule, UntilCI

    if common["until_ci"] is not None and common["sprt"]:
        raise UserError("give either --until-ci or --sprt, not both")
    if common["until_ci"] is None and not common["sprt"]:
        return None
    dim = common["ci_by"]
    columns = [name for name, _ in PLAYERS_SCHEMA] + list(spec.player_columns)
    if dim not in columns or dim in ("game_id", "win", "result", "score"):
        raise UserError(f"--ci-by '{dim}': not a players column to judge by (e.g. {', '.join(columns[3:4])})")
    if common["until_ci"] is not None:
        return UntilCI(common["until_ci"], dim)
    rule = SprtRule(common["sprt"], dim)
    missing = [x for x in (rule.a, rule.b) if dim == "strategy" and x not in labels]
    if missing:
        raise UserError(f"--sprt: {', '.join(missing)} not among this run's strategies ({', '.join(labels)})")
    return rule


def _link_latest(root: Path, name: str) -> None:
    link = root / "latest"
    try:
        if link.is_symlink() or link.exists():
            link.unlink()
        link.symlink_to(name, target_is_directory=True)
    except OSError:
        pass  # a filesystem without links: results/latest is a convenience only


# ---- report ----------------------------------------------------------------------------------------


@cli.command("report")
@click.argument("run", type=click.Path())
@click.option("--by", "by", multiple=True, help="players-table column(s) to break win rates down by")
@click.option("--level", type=float, default=0.95, show_default=True, help="confidence level of intervals")
@click.option("--min-games", type=int, default=30, show_default=True, help="flag values with fewer games")
def report_cmd(run: str, by: tuple[str, ...], level: float, min_games: int) -> None:
    """Tables and plots of a run: prints them, writes report.md, report.html and PNGs into the run."""
    from cardlab.analysis import report

    if not 0.5 <= level < 1:
        raise UserError(f"--level must be in [0.5, 1), got {level}")
    built = report.build_path(run, list(by) or None, level, min_games)
    click.echo(report.to_text(built), nl=False)
    md, page = report.write(built)
    click.echo(f"\nwrote {md}, {page} and {len([s for s in built.sections if s.image])} plots")
    for line in built.warnings:
        click.echo(line, err=True)


# ---- compare ---------------------------------------------------------------------------------------


@cli.command("compare")
@click.argument("run_a", type=click.Path())
@click.argument("run_b", type=click.Path())
@click.option(
    "--by",
    "dim",
    default=None,
    help="players column to compare by (default: the game's main one, e.g. character)",
)
@click.option("--level", type=float, default=0.95, show_default=True, help="confidence level")
def compare_cmd(run_a: str, run_b: str, dim: str, level: float) -> None:
    """Paired difference of two runs made with the same seed (e.g. before and after a card change)."""
    from cardlab.analysis.compare import compare, to_text
    from cardlab.analysis.runs import Run

    if not 0.5 <= level < 1:
        raise UserError(f"--level must be in [0.5, 1), got {level}")
    if all((Path(p) / "ensemble.json").is_file() for p in (run_a, run_b)):  # two `cardlab robust` folders
        from cardlab.analysis.robust import compare_ensembles_text

        click.echo(compare_ensembles_text(Path(run_a), Path(run_b), dim, level), nl=False)
        return
    click.echo(to_text(compare(Run.open(run_a), Run.open(run_b), dim, level), level), nl=False)


# ---- derive ----------------------------------------------------------------------------------------


@cli.group("derive")
def derive_cmd() -> None:
    """Values derived from a run, written as data files with their provenance (no pasted calibration)."""


@derive_cmd.command("draft-table")
@click.argument("run", type=click.Path())
@click.option(
    "--policy", default=None, help="the policy whose win rates to read (default: the run's only one)"
)
@click.option(
    "--out",
    type=click.Path(dir_okay=False),
    default=None,
    help="file to write [default: the Four Souls players' draft table, strategies/four_souls/data]",
)
def derive_draft_table_cmd(run: str, policy: str | None, out: str | None) -> None:
    """Four Souls character draft table (FS-20.7): each character's win rate under one policy."""
    from cardlab.analysis import derive

    table = derive.draft_table(run, policy)
    if out is None:
        from cardlab.strategies.four_souls.drafts import DEFAULT_TABLE

        out = str(DEFAULT_TABLE)
    path = derive.write(table, out)
    click.echo(f"wrote {path}: {len(table['characters'])} characters, policy {table['provenance']['policy']}")


@derive_cmd.command("gosu-x-draft")
@click.argument("run", type=click.Path())
@click.option(
    "--out",
    type=click.Path(dir_okay=False),
    default=None,
    help="file to write [default: the Gosu X draft values, strategies/gosu_x/draft_values.json]",
)
def derive_gosu_x_draft_cmd(run: str, out: str | None) -> None:
    """Gosu X clan draft values: each clan's win rate in a run with random drafts (greedy/counter drafts)."""
    from cardlab.analysis import derive

    table = derive.gosu_x_draft(run)
    if out is None:
        from cardlab.strategies.gosu_x.drafting import VALUES_FILE

        out = str(VALUES_FILE)
    path = derive.write(table, out)
    click.echo(
        f"wrote {path}: {len(table['clans'])} clans, policies {', '.join(table['provenance']['policies'])}"
    )


# ---- replay ----------------------------------------------------------------------------------------


@cli.command("replay")
@click.argument("run", type=click.Path())
@click.option("--game", "game_id", type=int, default=None, help="game index within the run")
@click.option("--seed", type=int, default=None, help="play this game seed live with the run's config")
def replay_cmd(run: str, game_id: int | None, seed: int | None) -> None:
    """One game as readable text: from the event log, or played again live (failed games, --seed)."""
    from cardlab.analysis.runs import Run

    from .replay import replay_live, replay_logged

    if (game_id is None) == (seed is None):
        raise UserError("replay: give exactly one of --game N or --seed S")
    opened = Run.open(run)
    plan = plan_from_manifest(opened.manifest)
    if game_id is not None:
        if not 0 <= game_id < plan.n_games:
            raise UserError(f"--game {game_id}: the run has games 0..{plan.n_games - 1}")
        failed = opened.db.execute("SELECT count(*) FROM errors WHERE game_id = ?", [game_id]).fetchone()[0]
        logged = opened.db.execute("SELECT count(*) FROM games WHERE game_id = ?", [game_id]).fetchone()[0]
        if logged and opened.manifest.get("log_events", True):
            replay_logged(opened, plan, game_id)
            return
        check_card_data_unchanged(opened.manifest, plan)
        if not failed and not logged:
            raise UserError(f"--game {game_id}: not played yet in this run (interrupted run?)")
        sys.exit(replay_live(plan, game_index=game_id))
    check_card_data_unchanged(opened.manifest, plan)
    sys.exit(replay_live(plan, seed=seed, run=opened))


# ---- verify ----------------------------------------------------------------------------------------


@cli.command("verify")
@click.argument("run", type=click.Path())
def verify_cmd(run: str) -> None:
    """Check a run folder: manifest and batch records valid, every part present with its recorded size
    and checksum. Exit 1 when something is damaged (`--resume` replays exactly those batches)."""
    from cardlab.simulate.core.runformat import verify_run

    result = verify_run(Path(run))
    click.echo("\n".join(result.lines()))
    if not result.ok:
        sys.exit(1)


# ---- cards -----------------------------------------------------------------------------------------


@cli.group("cards")
def cards_cmd() -> None:
    """Card and deck files."""


@cards_cmd.command("check")
@click.argument("path", type=click.Path())
@click.option("--game", default=None, help="the game the files belong to (guessed from the path)")
def cards_check_cmd(path: str, game: str | None) -> None:
    """Validate card, deck or ratio files (a file or a folder)."""
    if not os.path.exists(path):
        raise UserError(f"{path}: no such file or folder")
    spec = game_registry.get(game) if game else _guess_game(path)
    if spec.check_cards is None:
        raise UserError(f"game '{spec.name}' cannot check card files yet")
    click.echo(spec.check_cards(path))


def _guess_game(path: str) -> GameSpec:
    parts = Path(path).resolve().parts
    for name in game_registry.names():
        folder = name.replace("-", "_")
        if folder in parts or any(p.startswith(folder) for p in parts):
            return game_registry.get(name)
    raise UserError(
        f"{path}: cannot tell which game these cards are for; add --game (one of {', '.join(game_registry.names())})"
    )


# ---- soak ----------------------------------------------------------------------------------------


@cli.command("soak")
@click.argument("game")
@click.option(
    "--games", "-n", type=int, default=100_000, show_default=True, help="games, split over player counts"
)
@click.option("--seed", type=int, default=1, show_default=True)
@click.option(
    "--jobs", "-j", type=int, default=-1, show_default=True, help="worker processes (-1 = all cores)"
)
@click.option("--strategy", "-s", default="random", show_default=True, help="strategy for every seat")
@click.option(
    "--players", "-p", type=int, multiple=True, help="player count (repeatable; default: every count)"
)
@click.option(
    "--option",
    "-o",
    "options",
    multiple=True,
    help="game option NAME=VALUE as `cardlab simulate GAME --NAME` takes it (repeatable), e.g. variant=two-player",
)
@click.option("--out", type=click.Path(file_okay=False), default="results", show_default=True)
@click.option("--quiet", "-q", is_flag=True, help="no progress bar")
def soak_cmd(
    game: str,
    games: int,
    seed: int,
    jobs: int,
    strategy: str,
    players: tuple[int, ...],
    options: tuple[str, ...],
    out: str,
    quiet: bool,
) -> None:
    """Random games with the engine's invariants checked after every step; exit 1 on any failure."""
    from .soak import parse_options, soak, soak_table

    if games < 1:
        raise UserError(f"--games must be at least 1, got {games}")
    spec = game_registry.get(game)
    game_options = parse_options(spec, options)
    folder = Path(out) / f"soak-{spec.name}-{dt.datetime.now().strftime('%Y%m%d-%H%M%S')}"
    rows = soak(spec, games, seed, jobs, folder, strategy, not quiet, players, game_options)
    click.echo(soak_table(rows))
    click.echo(f"runs (errors with seeds and tracebacks) in {folder}/")
    if any(r["crashes"] or r["invariant violations"] for r in rows):
        sys.exit(1)


# ---- bench -----------------------------------------------------------------------------------------


@cli.command("bench")
@click.argument("games", nargs=-1)
@click.option(
    "--games-per", "n_games", type=int, default=200, show_default=True, help="games per measurement"
)
@click.option("--players", "-p", type=int, default=None, help="players per game (default: the game's)")
@click.option("--strategy", "-s", multiple=True, help="strategy (default: the game's default)")
def bench_cmd(games: tuple[str, ...], n_games: int, players: int | None, strategy: tuple[str, ...]) -> None:
    """Throughput on one core: games/s, events/s, decisions/s, with and without event logging."""
    from .bench import bench_table

    names = list(games) or list(game_registry.available())
    specs = [game_registry.get(name) for name in names]
    if n_games < 1:
        raise UserError(f"--games-per must be at least 1, got {n_games}")
    click.echo(bench_table(specs, n_games, players, strategy))


# ---- robust (policy ensembles) -----------------------------------------------------------------------


class RobustGroup(SimulateGroup):
    """`cardlab robust GAME --ensemble P1,P2,…`: the simulate options of that game, one run per policy."""

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        command = super().get_command(ctx, name)
        spec = game_registry.get(name)
        extra = [
            click.Option(
                ["--ensemble"],
                multiple=True,
                required=True,
                help="policies, each in every seat on the same seeds (NAME[,NAME…], NAME:key=value)",
            ),
            click.Option(
                ["--by", "by"], multiple=True, help="players column(s) to judge (default: the game's)"
            ),
        ]
        return click.Command(
            name,
            params=[p for p in command.params if p.name != "strategy"] + extra,
            callback=lambda **kwargs: _robust(spec, kwargs),
            help=f"Play the same {spec.title} seeds under each policy and report which conclusions hold "
            "under every one of them.",
        )


@cli.group("robust", cls=RobustGroup)
def robust_cmd() -> None:
    """Policy sensitivity: the same seeds under several policies → one report of what survives."""


def _set_settings(spec: GameSpec, kwargs: dict[str, Any], command: str) -> tuple[Any, dict[str, Any]]:
    """The shared simulate options of a run set (robust, ladder) → its RunSettings and the common options."""
    from .runset import RunSettings

    common = {opt.name: kwargs.pop(opt.name, None) for opt in COMMON_OPTIONS}
    if common["max_games"] is not None:
        common["games"] = common["max_games"]
    if common["until_ci"] is not None or common["sprt"]:
        raise UserError(
            f"{command}: --until-ci and --sprt are not available (every run plays the same games)"
        )
    settings = RunSettings(
        n_games=common["games"],
        seed=common["seed"],
        n_players=common["players"],
        game_options=kwargs,
        batch_size=common["batch_size"],
        max_turns=common["max_turns"],
        log_events=not common["no_events"],
        jobs=common["jobs"],
        backend=common["backend"],
        scheduler=common["scheduler"],
        resume=common["resume"],
        progress=not common["quiet"],
    )
    return settings, common


def _finish_set(
    spec: GameSpec, root: Path, folder: Path, built: Any, outcomes: list[Any], common: dict
) -> None:
    from cardlab.analysis import report

    _link_latest(root, folder.name)
    click.echo(report.to_text(built), nl=False)
    md, page = report.write(built)
    click.echo(f"\n{len(outcomes)} runs in {folder}/; wrote {md} and {page}")
    failed = sum(o.manifest["totals"]["failed"] for o in outcomes)
    if failed and not common["allow_errors"]:
        sys.exit(1)


def _robust(spec: GameSpec, kwargs: dict[str, Any]) -> None:
    from cardlab.analysis.robust import build_ensemble

    from .ensemble import run_ensemble

    policies = kwargs.pop("ensemble")
    by = list(kwargs.pop("by"))
    settings, common = _set_settings(spec, kwargs, "robust")
    root = Path(common["out"])
    folder = root / _run_name(spec, common, prefix="robust-")
    outcomes = run_ensemble(
        spec,
        policies,
        folder,
        settings,
        dimensions=by,
        on_start=lambda i, n, what: click.echo(f"[{i + 1}/{n}] {what}"),
    )
    _finish_set(spec, root, folder, build_ensemble(folder, by or None), outcomes, common)


# ---- tune --------------------------------------------------------------------------------------------


class TuneGroup(SimulateGroup):
    """`cardlab tune GAME --knob … --target …`: the smallest card change that meets balance targets."""

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        command = super().get_command(ctx, name)
        spec = game_registry.get(name)
        extra = [
            click.Option(
                ["--knob"],
                multiple=True,
                required=True,
                help="a card fact that may move: CARD.FIELD=A..B[:STEP] or =V1,V2",
            ),
            click.Option(
                ["--target"],
                multiple=True,
                required=True,
                help="'spread(DIM) <= X', 'DIM VALUE >= X', 'DIM VALUE in A..B' or 'first_player in A..B'",
            ),
            click.Option(
                ["--max-changes"], type=int, default=3, show_default=True, help="most cards changed"
            ),
            click.Option(
                ["--confirm-games"],
                type=int,
                default=None,
                help="games of the confirmation run (default: --games)",
            ),
        ]
        skip = (
            "until_ci",
            "sprt",
            "ci_by",
            "no_events",
            "backend",
            "scheduler",
            "jobs",
            "batch_size",
            "max_turns",
        )
        return click.Command(
            name,
            params=[p for p in command.params if p.name not in skip] + extra,
            callback=lambda **kwargs: _tune(spec, kwargs),
            help=f"Search {spec.title} card numbers for the fewest changes that meet the targets, on paired "
            "seeds, and confirm them on fresh seeds.",
        )


@cli.group("tune", cls=TuneGroup)
def tune_cmd() -> None:
    """The smallest set of card changes that balances the game (paired seeds, racing, confirmation)."""


def _tune(spec: GameSpec, kwargs: dict[str, Any]) -> None:
    from .tune import parse_knob, tune

    knobs = [parse_knob(k) for k in kwargs.pop("knob")]
    target_texts = list(kwargs.pop("target"))
    max_changes = kwargs.pop("max_changes")
    confirm_games = kwargs.pop("confirm_games")
    if max_changes < 1:
        raise UserError(f"--max-changes must be at least 1, got {max_changes}")
    common = {opt.name: kwargs.pop(opt.name, None) for opt in COMMON_OPTIONS}
    if common["max_games"] is not None:
        common["games"] = common["max_games"]
    settings = {
        "n_games": common["games"],
        "seed": common["seed"],
        "n_players": common["players"],
        "strategies": list(common["strategy"] or []),
        "game_options": {k: v for k, v in kwargs.items() if v not in (None, (), "")},
    }
    root = Path(common["out"])
    folder = root / _run_name(spec, common, prefix="tune-")
    result = tune(
        spec,
        folder,
        knobs,
        target_texts,
        settings,
        max_changes,
        confirm_games,
        common["resume"],
        say=click.echo,
    )
    click.echo((folder / "tune.md").read_text(encoding="utf-8"), nl=False)
    click.echo(f"\nwrote {folder}/tune.md; every candidate's games are in {folder}/evaluations.jsonl")
    if not result.met:
        click.echo("note: the targets were not met within --max-changes on the search seeds")


# ---- ladder ------------------------------------------------------------------------------------------


class LadderGroup(SimulateGroup):
    """`cardlab ladder GAME -s P1 -s P2 …`: a round robin of policies on shared seeds."""

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        command = super().get_command(ctx, name)
        spec = game_registry.get(name)
        return click.Command(
            name,
            params=[p for p in command.params if p.name not in ("until_ci", "sprt", "ci_by", "no_events")],
            callback=lambda **kwargs: _ladder(spec, kwargs),
            help=f"Rate {spec.title} policies against each other on shared seeds (-n games per pair): "
            "ratings, win-rate matrix, skill and seed shares.",
        )


@cli.group("ladder", cls=LadderGroup)
def ladder_cmd() -> None:
    """The skill ladder: policies rated against each other, and how much skill decides."""


def _ladder(spec: GameSpec, kwargs: dict[str, Any]) -> None:
    from cardlab.analysis.ladder import build_ladder

    from .ladder import run_ladder

    settings, common = _set_settings(spec, kwargs, "ladder")
    root = Path(common["out"])
    folder = root / _run_name(spec, common, prefix="ladder-")
    outcomes = run_ladder(
        spec,
        common["strategy"],
        folder,
        settings,
        on_start=lambda i, n, what: click.echo(f"[{i + 1}/{n}] {what}"),
    )
    _finish_set(spec, root, folder, build_ladder(folder), outcomes, common)


# ---- meta --------------------------------------------------------------------------------------------


@cli.command("meta")
@click.argument("run", type=click.Path())
@click.option("--by", "dim", default=None, help="players column (default: the game's first text dimension)")
@click.option("--field", default=None, help="opponents' shares, NAME=SHARE,… (the rest even; default: even)")
@click.option("--level", type=float, default=0.95, show_default=True, help="confidence level")
def meta_cmd(run: str, dim: str | None, field: str | None, level: float) -> None:
    """2 players: each value's win rate against a field, and the meta equilibrium of an adapting field."""
    from cardlab.analysis.meta import meta_text

    if not 0.5 <= level < 1:
        raise UserError(f"--level must be in [0.5, 1), got {level}")
    click.echo(meta_text(run, dim, field, level), nl=False)


if __name__ == "__main__":
    main()
