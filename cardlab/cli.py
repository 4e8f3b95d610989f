"""The `cardlab` command line: the one place that wires engines, strategies and analysis together.

Every error a person can cause ends with one line on stderr and exit code 2 (DESIGN: Command line).
"""

from __future__ import annotations

import copy
import shutil
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
from click.core import ParameterSource

from cardlab.analysis.runs import RunError, interrupted_query
from cardlab.simulate import games as game_registry
from cardlab.simulate.core import interrupts
from cardlab.simulate.core.errors import UserError
from cardlab.simulate.core.game import GameOption, GameSpec
from cardlab.simulate.core.runner import MAX_GAMES
from cardlab.simulate.core.wording import counted
from cardlab.strategies import registry as strategy_registry

from . import __version__, api
from .help_examples import add_examples, with_example


class _Path(click.Path):
    """A file or folder argument. An empty one ('', an unset shell variable) is refused: as a path it
    means the current folder, which `verify` would then check in its place."""

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> object:
        if value == "":
            self.fail("is empty (an unset shell variable?)", param, ctx)
        return super().convert(value, param, ctx)


PATH = _Path()


class _Text(click.ParamType):
    """A game's text option (--characters, --clans, --cards …). Typed empty ('', an unset shell variable)
    it is refused: it would read as the option left out (random characters, the bundled cards)."""

    name = "text"

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> object:
        blank = isinstance(value, str) and not value.strip()  # ' ' read as '' does
        if not blank or ctx is None or param is None or param.name is None:
            return value
        if ctx.get_parameter_source(param.name) is ParameterSource.COMMANDLINE:  # typed, not the default ''
            what = "is empty" if value == "" else f"is blank ({value!r})"
            self.fail(f"{what} (an unset shell variable?); leave the option out for its default", param, ctx)
        return value


def fail_line(message: object) -> str:
    """One line, whatever a person typed: control characters (newlines, NUL …) are shown escaped."""
    text = str(message)
    return "error: " + "".join(ch if ch.isprintable() or ch == " " else repr(ch)[1:-1] for ch in text)


_NO_ARGS = getattr(click.exceptions, "NoArgsIsHelpError", None)  # click 8.2+; 8.1 prints the help itself


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
            with interrupts.watched():  # a Ctrl-C a finalizer dropped still ends the command (exit 130)
                code = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except KeyboardInterrupt:  # only a dropped one reaches here: click made any other an Abort
            click.echo("\ninterrupted", err=True)
            sys.exit(130)
        except click.UsageError as exc:  # click's own bad-option messages, made one line
            if _NO_ARGS is not None and isinstance(exc, _NO_ARGS):  # `cardlab`, `cardlab simulate`: the help
                click.echo(exc.format_message())  # it was one escaped line ("error: Usage: …\n\n…"), exit 2
                sys.exit(0)
            where = exc.ctx.command_path if exc.ctx else "cardlab"
            click.echo(fail_line(f"{exc.format_message()} (see '{where} --help')"), err=True)
            sys.exit(2)
        except click.ClickException as exc:
            click.echo(fail_line(exc.format_message()), err=True)
            sys.exit(exc.exit_code)
        except click.Abort as exc:
            if isinstance(
                exc.__cause__, KeyboardInterrupt
            ):  # click's Abort of a Ctrl-C (its blank line shown)
                click.echo("interrupted", err=True)  # as a run's Ctrl-C: 130, never 1 (some games failed)
                sys.exit(130)
            click.echo("aborted", err=True)
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            api.check_environment()
            return super().invoke(ctx)
        except (UserError, RunError) as exc:
            for line in getattr(exc, "lines", [exc]):  # several problems (cards check): a line each
                click.echo(fail_line(line), err=True)
            ctx.exit(2)
        except BrokenPipeError:  # `cardlab report RUN | head`: click ends quietly (exit 1), no error line
            raise
        except OSError as exc:  # disk full, a read-only or vanished folder: the system's word, one line
            where = f"{exc.filename}: " if exc.filename else ""
            click.echo(fail_line(f"{where}{exc.strerror or exc}"), err=True)
            ctx.exit(2)
        except Exception as exc:
            if interrupted_query(exc):  # Ctrl-C inside a DuckDB query: as Ctrl-C anywhere else
                raise KeyboardInterrupt from None
            raise


def _show_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    from .compiled import describe

    click.echo(f"cardlab, version {__version__}\n{describe()}")  # which build runs (issue 20)
    ctx.exit()


@click.group(cls=CardlabGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=_show_version,
    help="Show the version and which build runs (compiled or pure Python), and exit.",
)
def cli() -> None:
    """Monte Carlo simulation and balance analysis for Four Souls, Gosu X and Hidden Reason."""


def main() -> None:
    for stream in (sys.stdout, sys.stderr):  # a latin-1 or ascii terminal gets '?' for '→', never a crash
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")
    cli(prog_name="cardlab")


# ---- games -----------------------------------------------------------------------------------------


@cli.command("games")
@click.argument("names", metavar="[GAME]...", nargs=-1)
def games_cmd(names: tuple[str, ...]) -> None:
    """List games, variants, card sets, options and strategies.

    Every game, or those named (`cardlab games gosu-x`)."""
    found = game_registry.available()
    for name in dict.fromkeys(game_registry.get(n).name for n in names) or game_registry.names():
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
                    _listed(key, text)
        if spec.options:
            click.echo("  options:")
            for opt in spec.options:
                empty = opt.default in (None, "", (), [])  # `(default ())` tells a new user nothing
                shown = "" if "(default" in opt.help or empty else f" (default {opt.default!r})"
                _listed(f"--{opt.name}", f"{opt.help}{shown}")
        strategies = strategy_registry.for_game(name)
        click.echo("  strategies:")
        for key, cls in sorted(strategies.items()):
            text, preset = strategy_registry.describe(cls), strategy_registry.preset_of(cls, strategies)
            tail = f" (a preset of {preset})" if preset and "preset" not in text.lower() else ""
            _listed(key, text.replace("``", "`") + tail)
        if not strategies:
            click.echo("    (none yet)")


def _listed(key: str, text: str) -> None:
    """One entry of `cardlab games`, wrapped to the terminal under its text column (lines of up to 193
    characters ran on past the edge); words are never broken, names with hyphens stay whole."""
    width = max(60, min(shutil.get_terminal_size((80, 24)).columns, 120))
    head = f"    {key:<20} "
    lines = textwrap.wrap(
        text,
        width,
        initial_indent=head if len(head) <= 25 else "",
        subsequent_indent=" " * 25,
        break_on_hyphens=False,
        break_long_words=False,
    )
    if len(head) > 25:  # a key longer than its column gets a line of its own
        lines.insert(0, head.rstrip())
    for line in lines or [head.rstrip()]:
        click.echo(line)


# ---- simulate --------------------------------------------------------------------------------------


CHOICES_WIDTH = 44  # the help column at 80 columns (click puts it at column 34)


def choices_help(help_text: str, choices: tuple[str, ...]) -> str:
    """A long choice list as a paragraph of its own under the help, broken only between choices: click's
    `[a|b|…]` metavar cannot wrap (a 300-character line), and its help wrap breaks at hyphens ("two-" /
    "player"). A paragraph opening with click's no-rewrap mark (\\b) is shown as written."""
    lines = [""]
    for choice in choices:
        joined = f"{lines[-1]}, {choice}" if lines[-1] else choice
        if len(joined) + 1 > CHOICES_WIDTH and lines[-1]:  # +1: the comma ending the line
            lines[-1] += ","
            lines.append(choice)
        else:
            lines[-1] = joined
    return f"{help_text}; one of:\n\n\b\n" + "\n".join(lines)


def _click_option(opt: GameOption) -> click.Option:
    flag = f"--{opt.name}"
    if opt.kind is bool:
        return click.Option([flag + "/--no-" + opt.name], default=opt.default, help=opt.help)
    default = opt.default if not opt.multiple else tuple(opt.default or ())
    own_default = "(default" in opt.help  # the help already says it better ("decklists/gosu_x", not '')
    shown = not own_default and default not in ("", ())  # `[default: ""]` tells a new user nothing
    help_text, metavar = opt.help, None
    kind = _Text() if opt.kind is str else opt.kind
    if isinstance(opt.kind, tuple):
        kind = click.Choice(list(opt.kind))
        if len("|".join(opt.kind)) > CHOICES_WIDTH:
            help_text, metavar = choices_help(opt.help, opt.kind), "NAME"
    return click.Option(
        [flag],
        type=kind,
        default=default,
        multiple=opt.multiple,
        show_default=shown,
        help=help_text,
        metavar=metavar,
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
        type=_Path(file_okay=False),
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


MIRROR_OPTION = click.Option(
    ["--mirror"],
    is_flag=True,
    help="play each deal in every seat rotation (players games per deal, same seed); reports use "
    "intervals clustered by deal",
)


class SimulateGroup(click.Group):
    """`cardlab simulate GAME`: one subcommand per game, so each game's own options show in --help."""

    mirror_option = True  # offer --mirror (sweep, robust and ladder too; not tune)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return game_registry.names()

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        name, command, rest = super().resolve_command(ctx, args)
        if command is not None:  # made on demand, so its --help example is added here
            with_example(command, self.name or "", name)
        return name, command, rest

    def _named(self, param: click.Parameter) -> click.Parameter:
        """--name as this command names its folder: a set's is ``COMMAND-GAME-<time>`` (`ladder-gosu-x-…`),
        where the help said ``GAME-<time>``, a run's."""
        if param.name != "name" or self.name in (None, "simulate"):
            return param
        named = copy.copy(param)  # the shared option keeps a run's help
        named.help = f"{self.name}-GAME-YYYYmmdd-HHMMSS by default: the name of the folder it writes"  # type: ignore[attr-defined]
        return named

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        try:
            spec = game_registry.get(name)
        except UserError as exc:
            click.echo(fail_line(exc), err=True)
            ctx.exit(2)
        params = [self._named(p) for p in COMMON_OPTIONS] + [_click_option(opt) for opt in spec.options]
        return click.Command(
            name,
            params=[*params, MIRROR_OPTION] if self.mirror_option else params,
            callback=lambda **kwargs: _simulate(spec, kwargs),
            help=f"Play {spec.title} games and write results/<run>/ (Parquet + manifest).",
            short_help=spec.title,  # the group's listing: the summary would be cut at 80 columns
        )


@cli.group("simulate", cls=SimulateGroup)
def simulate_cmd() -> None:
    """Play games and write results/<run-name>/.

    One subcommand per game: `cardlab simulate GAME --help` lists that game's options."""


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
                "range in braces; repeat for a grid. E.g. ratio-count=curse={0..10:2}"
            ),
        )
        return click.Command(
            name,
            params=[*command.params, vary],
            callback=lambda **kwargs: _sweep(spec, kwargs),
            help=f"A grid of {spec.title} configs, one run per point (same seed) in one folder, then its report.",
            short_help=spec.title,
        )


@cli.group("sweep", cls=SweepGroup)
def sweep_cmd() -> None:
    """A grid of configs: one run per point, then a sweep report.

    All runs go into results/<sweep>/."""


def _sweep(spec: GameSpec, kwargs: dict[str, Any]) -> None:
    vary = kwargs.pop("vary")
    settings, allow_errors = _settings(kwargs)
    made = _interruptible(lambda: api.sweep(spec, vary, **settings, echo=click.echo, **kwargs))
    click.echo(str(made.report), nl=False)
    md, page = made.files
    click.echo(f"\nsweep of {counted(len(made.runs), 'point')} in {made.path}/; wrote {md} and {page}")
    if made.failed and not allow_errors:
        sys.exit(1)


def _simulate(spec: GameSpec, kwargs: dict[str, Any]) -> None:
    settings, allow_errors = _settings(kwargs)
    settings["mirror"] = kwargs.pop("mirror", False)
    run = _interruptible(lambda: api.simulate(spec, **settings, echo=click.echo, **kwargs))
    if run.totals["failed"] and not allow_errors:
        sys.exit(1)


def _settings(kwargs: dict[str, Any]) -> tuple[dict[str, Any], bool]:
    """The common simulate options (popped from ``kwargs``, leaving the game's own) as the API's keyword
    arguments, and --allow-errors."""
    common = {opt.name: kwargs.pop(opt.name) for opt in COMMON_OPTIONS if opt.name in kwargs}
    if common.get("max_games") is not None:  # checked under its own name: it stands in for --games
        if not 1 <= common["max_games"] <= MAX_GAMES:
            raise UserError(f"--max-games must be between 1 and {MAX_GAMES:,}, got {common['max_games']:,}")
        source = click.get_current_context().get_parameter_source("games")
        typed = source not in (None, ParameterSource.DEFAULT)
        if typed and common.get("games") != common["max_games"]:  # one of the two was dropped without a word
            raise UserError(
                f"--games {common['games']:,} and --max-games {common['max_games']:,}: one cap under two "
                "names; give one"
            )
        common["games"] = common["max_games"]
    renamed = {"no_events": "events", "quiet": "progress"}
    settings = {
        renamed.get(k, k): (not v if k in renamed else v)
        for k, v in common.items()
        if k not in ("max_games", "allow_errors")
    }
    return settings, bool(common.get("allow_errors"))


def _interruptible(call: Any) -> Any:
    """Ctrl-C during a run: say where the finished batches are and how to resume, exit 130."""
    try:
        return call()
    except api.RunInterrupted as stop:
        if not stop.folder.exists():  # stopped before its first record: there is nothing to resume
            click.echo("\ninterrupted before anything was written; run the command again", err=True)
            sys.exit(130)
        click.echo(
            f"\ninterrupted: finished batches are kept in {stop.folder}/; resume with\n"
            f"  {resume_command(stop.folder)}",
            err=True,
        )
        sys.exit(130)


def resume_command(out: Path) -> str:
    """The command line that completes an interrupted run: this one, naming the run and adding --resume."""
    import shlex

    args = sys.argv[1:] or ["simulate", "GAME"]

    def given(option: str) -> bool:
        return option in args or any(a.startswith(option + "=") for a in args)

    if not given("--name"):
        args = [*args, "--name", out.name] + ([] if given("--out") else ["--out", str(out.parent)])
    if "--resume" not in args:
        args = [*args, "--resume"]
    return "cardlab " + " ".join(shlex.quote(a) for a in args)


# ---- report ----------------------------------------------------------------------------------------


@cli.command("report")
@click.argument("run", type=PATH)
@click.option("--by", "by", multiple=True, help="players-table column(s) to break win rates down by")
@click.option("--level", type=float, default=0.95, show_default=True, help="confidence level of intervals")
@click.option(
    "--min-games",
    type=click.IntRange(min=0),
    default=30,
    show_default=True,
    help="flag values with fewer games",
)
@click.option("--quiet", "-q", is_flag=True, help="no progress bar")
@click.option(
    "--no-write",
    is_flag=True,
    help="only print the tables: the folder is left as it was (a read-only run, a shared archive)",
)
def report_cmd(
    run: str, by: tuple[str, ...], level: float, min_games: int, quiet: bool, no_write: bool
) -> None:
    """Tables and plots of a run: report.md, report.html and PNGs.

    Prints the tables and writes the files into the run folder, all at once when the report is complete
    (--no-write: prints them only); meanwhile a bar on stderr (a terminal) names the step it is on
    (--quiet: none). RUN may be a folder of runs (a sweep, a ladder, a robust set, or a results folder:
    each game apart)."""
    built = api.report(run, by, level=level, min_games=min_games, write=not no_write, progress=not quiet)
    click.echo(str(built), nl=False)
    if built.files is not None:
        md, page = built.files
        plots = counted(len([s for s in built.sections if s.image]), "plot")
        click.echo(f"\nwrote {md}, {page} and {plots}")
    for line in built.warnings:
        click.echo(line, err=True)


# ---- compare ---------------------------------------------------------------------------------------


@cli.command("compare")
@click.argument("run_a", type=PATH)
@click.argument("run_b", type=PATH)
@click.option(
    "--by",
    "dim",
    default=None,
    help="players column to compare by (default: the game's main one, e.g. character)",
)
@click.option("--level", type=float, default=0.95, show_default=True, help="confidence level")
def compare_cmd(run_a: str, run_b: str, dim: str, level: float) -> None:
    """Paired difference of two runs made with the same seed.

    For instance before and after a card change: the same seeds deal the same games, so the difference
    carries less luck."""
    click.echo(api.compare(run_a, run_b, dim, level=level), nl=False)


# ---- derive ----------------------------------------------------------------------------------------


@cli.group("derive")
def derive_cmd() -> None:
    """Values derived from a run, written with their provenance.

    Data files the players read, made from a run or from seeded games (no pasted calibration)."""


@derive_cmd.command("draft-table")
@click.argument("run", type=PATH)
@click.option(
    "--policy", default=None, help="the policy whose win rates to read (default: the run's only one)"
)
@click.option(
    "--out",
    type=_Path(dir_okay=False),
    default=None,
    help="file to write [default: the Four Souls players' draft table, strategies/four_souls/data]",
)
def derive_draft_table_cmd(run: str, policy: str | None, out: str | None) -> None:
    """Four Souls character draft table (FS-20.7).

    Each character's win rate under one policy."""
    path, table = api.derive_draft_table(run, policy, out)
    click.echo(f"wrote {path}: {len(table['characters'])} characters, policy {table['provenance']['policy']}")


@derive_cmd.command("gosu-x-draft")
@click.argument("run", type=PATH)
@click.option(
    "--out",
    type=_Path(dir_okay=False),
    default=None,
    help="file to write [default: the Gosu X draft values, strategies/gosu_x/draft_values.json]",
)
def derive_gosu_x_draft_cmd(run: str, out: str | None) -> None:
    """Gosu X clan draft values (greedy and counter drafts).

    Each clan's win rate in a run with random drafts."""
    path, table = api.derive_gosu_x_draft(run, out)
    click.echo(
        f"wrote {path}: {len(table['clans'])} clans, policies {', '.join(table['provenance']['policies'])}"
    )


@derive_cmd.command("four-souls-horizon")
@click.option("--games", type=int, default=3000, show_default=True, help="seeded sensible games to fit on")
@click.option("--seed", type=int, default=1, show_default=True, help="seed of the games")
@click.option("--players", default="2,3,4", show_default=True, help="player counts, taken in turn")
@click.option(
    "--features",
    default="fitted",
    show_default=True,
    help="feature set: fitted (search:evaluation=fitted) or board (with the board a seat faces: evaluation=board)",
)
@click.option(
    "--out",
    type=_Path(dir_okay=False),
    default=None,
    help="file to write [default: the feature set's file, strategies/four_souls/data/horizon*.json]",
)
def derive_four_souls_horizon_cmd(
    games: int, seed: int, players: str, features: str, out: str | None
) -> None:
    """Four Souls search's evaluation at the horizon.

    A win-share model fitted on seeded sensible games."""
    path, table = api.derive_four_souls_horizon(games, seed, players, out, features)
    held = table["held_out"]
    click.echo(
        f"wrote {path}: {table['provenance']['positions']} positions; held-out mean log-likelihood "
        f"{held['fitted_mean_log_likelihood']} (evaluator's weights {held['evaluator_mean_log_likelihood']}, "
        f"even shares {held['uniform_mean_log_likelihood']})"
    )


# ---- replay ----------------------------------------------------------------------------------------


@cli.command("replay")
@click.argument("run", type=PATH)
@click.option("--game", "game_id", type=int, default=None, help="game index within the run")
@click.option("--seed", type=int, default=None, help="play this game seed live with the run's config")
@click.option("--events", is_flag=True, help="the numbered event list instead of the story")
@click.option(
    "--html",
    "html_path",
    type=_Path(dir_okay=False),
    default=None,
    help="also write the replay as an HTML page",
)
def replay_cmd(run: str, game_id: int | None, seed: int | None, events: bool, html_path: str | None) -> None:
    """One game told turn by turn, with each seat's state.

    Each turn starts with every seat's state. Told from the event log, or played again live (failed
    games, --seed)."""
    shown = api.replay(run, game_id, seed=seed, events=events)
    if html_path:
        shown.write_html(html_path)
    click.echo(shown.text, nl=False)
    click.echo(shown.error, err=True, nl=False)
    if shown.exit_code:
        sys.exit(shown.exit_code)


# ---- verify ----------------------------------------------------------------------------------------


@cli.command("verify")
@click.argument("run", type=PATH)
def verify_cmd(run: str) -> None:
    """Check a run folder: its records, parts and checksums.

    The manifest and batch records must be valid and every part present with its recorded size and
    checksum. Exit 1 when something is damaged (`--resume` replays exactly those batches). A folder of
    runs (a sweep, ladder, robust set or duel, or a results folder): each run, and the runs its record
    plans that were never played."""
    result = api.verify(run)
    click.echo("\n".join(result.lines()))
    if not result.ok:
        sys.exit(1)


# ---- cards -----------------------------------------------------------------------------------------


@cli.group("cards")
def cards_cmd() -> None:
    """Card, deck and ratio files: `cardlab cards check PATH`."""


@cards_cmd.command("check")
@click.argument("path", type=PATH)
@click.option("--game", default=None, help="the game the files belong to (guessed from the path)")
def cards_check_cmd(path: str, game: str | None) -> None:
    """Validate card, deck or ratio files (a file or a folder).

    Every bad card is shown, each on its own line."""
    click.echo(api.cards_check(path, game))


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
    help="game option NAME=VALUE (repeatable), e.g. variant=two-player, as `cardlab simulate GAME --NAME` takes it",
)
@click.option("--out", type=_Path(file_okay=False), default="results", show_default=True)
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
    """Random games, the engine's invariants checked at every step.

    Exit 1 on any failure."""
    from .soak import parse_options, soak_table

    if games < 1:
        raise UserError(f"--games must be at least 1, got {games}")
    game_options = parse_options(api.game(game), options)
    folder, rows = api.soak(
        game,
        games=games,
        seed=seed,
        jobs=jobs,
        strategy=strategy,
        players=players,
        out=out,
        progress=not quiet,
        **game_options,
    )
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
@click.option(
    "--option",
    "-o",
    "options",
    multiple=True,
    help="game option NAME=VALUE as `cardlab simulate GAME --NAME` takes it (repeatable), e.g. sets=all",
)
@click.option(
    "--compare",
    "compare",
    multiple=True,
    help="NAME=VALUE (repeatable): also measure with these options, games in turn, and print the ratios",
)
def bench_cmd(
    games: tuple[str, ...],
    n_games: int,
    players: int | None,
    strategy: tuple[str, ...],
    options: tuple[str, ...],
    compare: tuple[str, ...],
) -> None:
    """Games, events and decisions per second on one core.

    With and without event logging. `--compare sets=all` on four-souls: the whole collection beside Base
    V2 and their ratio."""
    click.echo(
        api.bench(
            games, games_per=n_games, players=players, strategy=strategy, options=options, compare=compare
        )
    )


# ---- robust (policy ensembles) -----------------------------------------------------------------------


class GameCommandGroup(SimulateGroup):
    """A command per game made from that game's simulate options: ``drop`` leaves some out, ``extra()`` adds
    the command's own, ``summary`` (with ``{title}``) is its help, and each subclass's ``run(spec, kwargs)``
    does the work (robust, tune, ladder). ``strategy_help``: what ``-s`` means to the command, where it is
    not simulate's seating (a ladder's policies, a duel's A and B)."""

    drop: tuple[str, ...] = ()
    hide: tuple[str, ...] = ()  # taken, to be refused with the command's reason, but not shown in --help
    summary = ""
    mirror_option = False
    strategy_help: str | None = None

    def extra(self) -> list[click.Option]:
        return []

    def _own(self, param: click.Parameter) -> click.Parameter:
        if param.name in self.hide:
            hidden = copy.copy(param)  # the shared option stays shown elsewhere
            hidden.hidden = True  # type: ignore[attr-defined]
            return hidden
        if param.name != "strategy" or self.strategy_help is None:
            return param
        own = copy.copy(param)  # the shared option keeps simulate's help
        own.help = self.strategy_help  # type: ignore[attr-defined]
        return own

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        command = super().get_command(ctx, name)
        spec = game_registry.get(name)
        return click.Command(
            name,
            params=[self._own(p) for p in command.params if p.name not in self.drop] + self.extra(),
            callback=lambda **kwargs: self.run(spec, kwargs),  # type: ignore[attr-defined]
            help=self.summary.format(title=spec.title),
            short_help=spec.title,
        )


class RobustGroup(GameCommandGroup):
    """`cardlab robust GAME --ensemble P1,P2,…`: the simulate options of that game, one run per policy."""

    drop = ("strategy", "ci_by")  # --ci-by judges a stop rule, which robust refuses: it was taken and ignored
    hide = ("until_ci", "sprt")  # refused with the reason (every run plays the same games), never offered
    mirror_option = True

    def extra(self) -> list[click.Option]:
        return [
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

    def run(self, spec: GameSpec, kwargs: dict[str, Any]) -> None:
        _robust(spec, kwargs)

    summary = (
        "Play the same {title} seeds under each policy and report which conclusions hold "
        "under every one of them."
    )


@cli.group("robust", cls=RobustGroup)
def robust_cmd() -> None:
    """Several policies on the same seeds: which findings hold."""


def _finish_set(made: api.RunSet, allow_errors: bool) -> None:
    click.echo(str(made.report), nl=False)
    md, page = made.files
    click.echo(f"\n{counted(len(made.runs), 'run')} in {made.path}/; wrote {md} and {page}")
    if made.failed and not allow_errors:
        sys.exit(1)


def _robust(spec: GameSpec, kwargs: dict[str, Any]) -> None:
    ensemble, by = kwargs.pop("ensemble"), kwargs.pop("by")
    settings, allow_errors = _settings(kwargs)
    settings.pop("strategy", None)
    _finish_set(
        _interruptible(lambda: api.robust(spec, ensemble, by=by, **settings, echo=click.echo, **kwargs)),
        allow_errors,
    )


# ---- tune --------------------------------------------------------------------------------------------


class TuneGroup(GameCommandGroup):
    """`cardlab tune GAME --knob … --target …`: the smallest card change that meets balance targets."""

    drop = (
        "until_ci",
        "sprt",
        "ci_by",
        "no_events",
        "batch_size",
        "max_turns",
    )

    def extra(self) -> list[click.Option]:
        return [
            click.Option(
                ["--knob"],
                multiple=True,
                required=True,
                help="a card fact that may move, CARD.FIELD=A..B[:STEP] or CARD.FIELD=V1,V2, or a game "
                "option written as --vary reads it, e.g. OPTION=V1,V2 (docs/tune.md has more)",
            ),
            click.Option(
                ["--ensemble"],
                multiple=True,
                help="policies every target must hold under, each in every seat (NAME[,NAME…])",
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

    def run(self, spec: GameSpec, kwargs: dict[str, Any]) -> None:
        _tune(spec, kwargs)

    summary = (
        "Search {title} card numbers for the fewest changes that meet the targets, on paired "
        "seeds, and confirm them on fresh seeds."
    )


@cli.group("tune", cls=TuneGroup)
def tune_cmd() -> None:
    """The fewest card changes that balance the game.

    Paired seeds, racing, and a confirmation on fresh seeds."""


def _tune(spec: GameSpec, kwargs: dict[str, Any]) -> None:
    knob, target, ensemble = kwargs.pop("knob"), kwargs.pop("target"), kwargs.pop("ensemble")
    max_changes = kwargs.pop("max_changes")
    result = _search(
        api.tune,
        "tune.md",
        "candidate",
        spec,
        knob,
        target,
        kwargs,
        max_changes=max_changes,
        ensemble=ensemble,
    )
    if not result.met:
        click.echo("note: the targets were not met within --max-changes on the search seeds")


def _search(call: Callable[..., Any], report: str, what: str, *args: Any, **named: Any) -> Any:
    """`tune` and `tune-policy`: run the search with the shared run settings, print its report file."""
    *positional, kwargs = args
    confirm_games = kwargs.pop("confirm_games")
    settings, _ = _settings(kwargs)
    settings.pop("progress")
    folder, result = _interruptible(
        lambda: call(*positional, **named, confirm_games=confirm_games, **settings, echo=click.echo, **kwargs)
    )
    click.echo((folder / report).read_text(encoding="utf-8"), nl=False)
    click.echo(f"\nwrote {folder}/{report}; every {what}'s games are in {folder}/evaluations.jsonl")
    return result


class TunePolicyGroup(TuneGroup):
    """`cardlab tune-policy GAME POLICY --param …`: a policy's numeric parameters by paired hill climbing."""

    drop = (*TuneGroup.drop, "strategy")

    def extra(self) -> list[click.Parameter]:
        return [
            click.Argument(["policy"]),
            click.Option(
                ["--param"],
                multiple=True,
                required=True,
                help="a numeric parameter of the policy and its grid: NAME=A..B[:STEP] or NAME=V1,V2",
            ),
            click.Option(
                ["--against"], default=None, help="the fixed opponent (default: POLICY at its defaults)"
            ),
            click.Option(["--max-steps"], type=int, default=10, show_default=True, help="most moves"),
            click.Option(
                ["--confirm-games"],
                type=int,
                default=None,
                help="games of the confirmation (default: --games)",
            ),
        ]

    def run(self, spec: GameSpec, kwargs: dict[str, Any]) -> None:
        policy, param, against = kwargs.pop("policy"), kwargs.pop("param"), kwargs.pop("against")
        max_steps = kwargs.pop("max_steps")
        _search(
            api.tune_policy,
            "tune-policy.md",
            "point",
            spec,
            policy,
            param,
            kwargs,
            against=against,
            max_steps=max_steps,
        )

    summary = (
        "Set a {title} policy's numeric parameters by hill climbing on paired seeds against a fixed "
        "opponent, and confirm the point found on fresh seeds."
    )


@cli.group("tune-policy", cls=TunePolicyGroup)
def tune_policy_cmd() -> None:
    """A policy's numeric parameters by paired-seed hill climbing.

    Racing, resumable, and a confirmation on fresh seeds."""


# ---- ladder ------------------------------------------------------------------------------------------


class LadderGroup(GameCommandGroup):
    """`cardlab ladder GAME -s P1 -s P2 …`: a round robin of policies on shared seeds."""

    drop = ("until_ci", "sprt", "ci_by", "no_events")
    mirror_option = True
    strategy_help = (
        "a policy of the ladder, repeated for each (or NAME,NAME…; NAME:key=value); every pair plays -n "
        "games on shared seeds, seats rotated"
    )

    def run(self, spec: GameSpec, kwargs: dict[str, Any]) -> None:
        _ladder(spec, kwargs)

    summary = (
        "Rate {title} policies against each other on shared seeds (-n games per pair): "
        "ratings, win-rate matrix, skill and seed shares."
    )


@cli.group("ladder", cls=LadderGroup)
def ladder_cmd() -> None:
    """Policies rated against each other; how much skill decides."""


def _ladder(spec: GameSpec, kwargs: dict[str, Any]) -> None:
    settings, allow_errors = _settings(kwargs)
    strategy = settings.pop("strategy")
    _finish_set(
        _interruptible(lambda: api.ladder(spec, strategy, **settings, echo=click.echo, **kwargs)),
        allow_errors,
    )


# ---- duel --------------------------------------------------------------------------------------------


class DuelGroup(GameCommandGroup):
    """`cardlab duel GAME -s A -s B`: A against B, and B in A's seats, on the same seeds."""

    drop = ("until_ci", "sprt", "ci_by", "no_events", "max_games")
    mirror_option = False
    strategy_help = "policy A (the first -s), then B (NAME:key=value passes parameters)"

    def run(self, spec: GameSpec, kwargs: dict[str, Any]) -> None:
        settings, allow_errors = _settings(kwargs)
        strategy = settings.pop("strategy")
        settings.pop("events", None)
        folder, figures = _interruptible(
            lambda: api.duel(spec, strategy, **settings, echo=click.echo, **kwargs)
        )
        click.echo(str(figures), nl=False)
        click.echo(f"runs a (A against B) and b (B in every seat) in {folder}/; wrote {folder}/duel.md")

    summary = (
        "Play {title} with policy A (the first -s) against B and with B in A's seats on the same seeds: "
        "A's paired gain over B with the deals' luck out."
    )


@cli.group("duel", cls=DuelGroup)
def duel_cmd() -> None:
    """How much better policy A plays than B, on the same deals.

    Paired game by game, so the deals' luck cancels out."""


@cli.command("duel-report")
@click.argument("folders", nargs=-1, required=True, type=PATH)
def duel_report_cmd(folders: tuple[str, ...]) -> None:
    """Pooled figures of duel folders of the same two policies.

    For instance duels run in chunks on other seeds or machines."""
    click.echo(str(api.duel_report(folders)), nl=False)


# ---- overrules ---------------------------------------------------------------------------------------


class OverrulesGroup(GameCommandGroup):
    """`cardlab overrules GAME -s search:… -s …`: where search overrules its heuristic, and whether it wins."""

    keep = ("games", "seed", "players", "strategy", "max_turns")

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        command = super().get_command(ctx, name)
        assert command is not None
        common = {opt.name for opt in COMMON_OPTIONS} - set(self.keep)
        games = click.Option(["-n", "--games"], type=int, default=20, show_default=True, help="games to play")
        kept = [p for p in command.params if p.name not in common and p.name not in ("mirror", "games")]
        command.params = [games, *kept]
        return command

    def run(self, spec: GameSpec, kwargs: dict[str, Any]) -> None:
        strategy = kwargs.pop("strategy")
        click.echo(str(api.overrules(spec, strategy, **kwargs)), nl=False)

    summary = (
        "Play {title} games in this process and count where each search seat overrules its base "
        "heuristic, and (with search:settle=N) whether whole games confirm the overrules."
    )


@cli.group("overrules", cls=OverrulesGroup)
def overrules_cmd() -> None:
    """Where search overrules its heuristic, and whether it wins."""


# ---- meta --------------------------------------------------------------------------------------------


@cli.command("meta")
@click.argument("run", type=PATH)
@click.option("--by", "dim", default=None, help="players column (default: the game's first text dimension)")
@click.option("--field", default=None, help="opponents' shares, NAME=SHARE,… (the rest even; default: even)")
@click.option("--level", type=float, default=0.95, show_default=True, help="confidence level")
def meta_cmd(run: str, dim: str | None, field: str | None, level: float) -> None:
    """2 players: win rates against a field; the meta equilibrium.

    Each value's win rate against a field of opponents, and the equilibrium an adapting field settles
    to."""
    click.echo(api.meta(run, dim, field=field, level=level), nl=False)


add_examples(cli)  # every command's --help ends with an example


if __name__ == "__main__":
    main()
