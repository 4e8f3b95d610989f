"""The report of a sweep: a folder of runs (each with its manifest.json), one curve per figure across runs.

A designer sweeps a deck ratio or a card's numbers and asks how win rates, seat advantage and game length
move with it. The x axis is the one config value that differs between the runs when there is exactly one
and it is a number; otherwise the runs, in name order. Each point carries its interval as a band.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from cardlab.simulate.core.analysis_spec import AnalysisSpec
from cardlab.simulate.core.runformat import SweepRecord, read_sweep, status_text

from . import plots, progress, seat_effects, shape, staging
from .coop import team_mode
from .render import Report, Section, shown
from .runs import NoFinishedBatch, Run, RunError, refuse_unreadable
from .small_samples import MAX_HALF_WIDTH, MIN_GAMES
from .winrates import winrate_by

MAX_SERIES = 12  # more curves than this on one plot cannot be told apart


def sweep_runs(folder: Path) -> list[Path]:
    """The run folders directly inside ``folder`` (those with a manifest.json), by name; links such as
    ``latest`` are skipped so no run is counted twice."""
    return sorted(
        p for p in folder.iterdir() if p.is_dir() and not p.is_symlink() and (p / "manifest.json").is_file()
    )


def _unnamed(runs: int) -> str:
    """The header's "varies" when no one numeric setting does (a folder of one run varies nothing)."""
    return "more than one setting (runs in name order)" if runs > 1 else "nothing (one run)"


@dataclass(slots=True)
class Axis:
    label: str
    x: list[float]
    ticks: list[str] | None  # run names when the x axis is just the run order


def sweep_axis(runs: list[Run], record: SweepRecord | None = None) -> Axis:
    """The option a `cardlab sweep` varied (from its ``sweep.json`` record) when it is one numeric option;
    else the config key that varies across runs, when there is exactly one and all its values are numbers."""
    recorded = _recorded_axis(runs, record) if record is not None else None
    if recorded is not None:
        return recorded
    configs = [r.manifest.config for r in runs]
    keys = sorted({k for c in configs for k in c})
    varying = [k for k in keys if len({repr(c.get(k)) for c in configs}) > 1]
    if len(varying) == 1:
        values = [c.get(varying[0]) for c in configs]
        if all(isinstance(v, int | float) and not isinstance(v, bool) for v in values):
            return Axis(varying[0], [float(v) for v in values], None)
    names = [r.path.name for r in runs]
    return Axis("run", [float(i) for i in range(len(runs))], names)


def _recorded_axis(runs: list[Run], record: SweepRecord) -> Axis | None:
    if len(record.axes) != 1:
        return None
    name = record.axes[0]["name"]
    by_run = {point["run"]: point["values"] for point in record.points}
    values = [by_run.get(r.path.name, {}).get(name) for r in runs]
    if all(isinstance(v, int | float) and not isinstance(v, bool) for v in values):
        return Axis(name, [float(v) for v in values], None)
    return Axis(name, [float(i) for i in range(len(runs))], [str(v) for v in values])


def names_of(runs: list[Run]) -> list[str]:
    return [r.path.name for r in runs]


def _built(record: SweepRecord | None) -> dict[str, str]:
    """What each point really built, as `cardlab sweep` recorded it in sweep.json (e.g. the deck-ratio
    counts after the pool's limits): run name → text."""
    points = record.points if record is not None else []
    return {p["run"]: str(p["built"]) for p in points if p.get("built")}


def missing_points(record: SweepRecord | None, have: set[str]) -> list[str]:
    """The points a sweep lists with no run folder yet (a sweep stopped before them, or a folder removed):
    the report says so rather than reading as the whole grid."""
    return [p["run"] for p in (record.points if record is not None else []) if p["run"] not in have]


def no_point_yet(folder: Path, record: SweepRecord | None) -> RunError:
    """The one line for a sweep stopped (or still running) before any point finished a batch."""
    of = f" of {len(record.points)}" if record is not None else ""
    return RunError(
        f"{folder}: the sweep has no finished point yet (0{of} points have a finished batch); "
        "`cardlab sweep … --resume` with the sweep's options continues it"
    )


def fingerprint(run: Run) -> str:
    """A digest of what a run played: every game's seed, outcome, length and event and decision counts
    (not its timing). Two runs with equal fingerprints played the same games."""
    row = run.db.execute(
        "SELECT count(*), md5(string_agg(concat_ws('|', game_id, seed, winners, turns, end_reason, events, "
        "decisions), ';' ORDER BY game_id)) FROM games"
    ).fetchone()
    return f"{row[0]}:{row[1]}"


def coinciding(runs: list[Run]) -> list[list[str]]:
    """Groups of runs (two or more) that played identical games: sweep points whose settings resolve to
    the same setup (a ratio count above what the pool holds with --fill smaller, an unused option …)."""
    groups: dict[str, list[str]] = {}
    for run in runs:
        groups.setdefault(fingerprint(run), []).append(run.path.name)
    return [names for names in groups.values() if len(names) > 1]


def _cell(rate: float | None, lo: float | None, hi: float | None, n: int, few: bool) -> str:
    if rate is None or rate != rate:
        return ""
    text = f"{100 * rate:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}] n={n}"
    return text + " *" if few else text


def _file(folder: Path, stem: str) -> Path:
    return plots.png_path(folder, stem)


def build_sweep(
    folder: Path,
    paths: list[Path],
    by: list[str] | None = None,
    level: float = 0.95,
    min_games: int = MIN_GAMES,
    prefix: str = "",
) -> Report:
    """The report of a sweep, or of any folder of runs of one game; ``prefix`` starts the names of its
    plots (one part of a folder of several games' runs: analysis.mixed_games)."""
    record = read_sweep(folder)  # a damaged sweep.json is one line (RunFormatError), as a damaged manifest
    strays: list[str] = []  # runs in the folder that the sweep did not make: not points of its grid
    if record is not None:
        listed = {p["run"] for p in record.points}
        strays = [p.name for p in paths if p.name not in listed]
        paths = [p for p in paths if p.name in listed]
    runs: list[Run] = []
    waiting: list[str] = []  # points started but killed or still running before their first batch
    unreadable: list[RunError] = []  # damaged, or of a newer format: left out and named, each
    for path in paths:
        try:
            runs.append(Run.open(path))
        except NoFinishedBatch:
            waiting.append(path.name)
        except RunError as exc:
            unreadable.append(exc)
    if not runs:
        if prefix and unreadable:  # one game's part of a folder of several: the other games still report
            raise NoRunReadable(unreadable)
        refuse_unreadable(unreadable, len(paths))  # nothing to report: every run's problem, one line each
        raise no_point_yet(folder, record)
    axis = sweep_axis(runs, record)
    games = {r.manifest.game for r in runs}
    tag = f"{level:.0%}"
    header = [
        ("sweep" if record is not None else "folder of runs", folder.name),
        ("game", ", ".join(sorted(games))),
        ("runs", f"{len(runs)}: " + ", ".join(shown(r.path.name) for r in runs)),
        ("varies", axis.label if axis.label != "run" else _unnamed(len(runs))),
        ("games", ", ".join(f"{shown(r.path.name)} {r.totals['games']:,}" for r in runs)),
        (
            "card-data hashes",
            ", ".join(f"{shown(r.path.name)} {r.manifest.card_data_hash or '—'}" for r in runs),
        ),
        ("run seeds", ", ".join(str(r.manifest.run_seed) for r in runs)),
    ]
    missing = missing_points(record, {r.path.name for r in runs} | set(waiting))
    if missing:
        header.append(
            (
                "missing",
                f"{len(missing)} of {len(record.points) if record else 0} points have no run: "
                f"{', '.join(map(shown, missing))} (`cardlab sweep … --resume` completes the sweep)",
            )
        )
    unfinished = [
        f"{shown(r.path.name)} ({status_text(r.path, r.manifest)})"
        for r in runs
        if r.manifest.status != "complete"
    ] + [f"{shown(name)} (no finished batch yet; not in the tables)" for name in waiting]
    if unfinished:
        header.append(("incomplete", "; ".join(unfinished)))
    if strays:
        header.append(
            ("not in the sweep", f"{', '.join(map(shown, strays))} (runs the sweep did not make; left out)")
        )
    built = _built(record)
    if built:
        header.append(
            ("built", "; ".join(f"{shown(name)} {built[name]}" for name in names_of(runs) if name in built))
        )
    same = coinciding(runs)
    for group in same:
        header.append(("coincide", f"{', '.join(map(shown, group))} played identical games: the same setup"))
    howto = [
        *(
            [
                "Runs marked 'coincide' in the header played identical games: their settings built the same "
                "setup, so their rows are one measurement shown several times, not independent evidence."
            ]
            if same
            else []
        ),
        f"One point per run, with its {tag} interval as a band; the x axis is "
        + (f"the swept setting '{axis.label}'." if axis.ticks is None else "the runs in name order."),
        f"Table cells read 'rate [{tag} interval] n=games'; '*' marks too few games (under {min_games}) or "
        f"an interval wider than ±{MAX_HALF_WIDTH:.0%}. Each run has its own report: `cardlab report RUN`.",
    ]
    report = Report(folder, folder.name, header, howto=howto)
    leave_out(report, unreadable, len(paths))
    data = runs[0].analysis if len(games) == 1 else None
    dims = _dimensions(runs, by, data)
    steps = len(dims) + 2 + (data is not None and data.first_score is not None)
    what = f"report {folder.name}" + (f" ({prefix.rstrip('_')})" if prefix else "")
    with (
        staging.building(folder, report) as report.staging,  # its files move in when it is written
        progress.stepping(what, steps) as step,
    ):
        _figures(report, runs, axis, dims, level, min_games, prefix, step)
    return report


class NoRunReadable(RunError):
    """No run of one game's part of a folder of several games' runs can be read: that part is left out,
    its runs named, and the other games' parts are reported (analysis.mixed_games)."""

    def __init__(self, problems: list[RunError]):
        self.problems = problems
        super().__init__("\n".join(map(str, problems)))


def leave_out(report: Report, unreadable: list[RunError], runs: int) -> None:
    """Name each run the folder's report leaves out because it cannot be read: a header line each (why, as
    the run's own line) and one warning."""
    if not unreadable:
        return
    report.header += [("left out", str(exc)) for exc in unreadable]
    report.warnings.append(
        f"warning: {len(unreadable)} of {runs} runs left out, as they cannot be read (each named in the "
        f"header); `cardlab verify {report.path}` checks every run"
    )


def _dimensions(runs: list[Run], by: list[str] | None, data: AnalysisSpec | None) -> list[str]:
    """The players columns a sweep's win rates are shown by: ``by``, else the strategy (when the runs play
    more than one: one would read 1/players everywhere) and the game's main column."""
    if by:
        return by
    several = len({s for r in runs for s in r.manifest.strategies}) > 1
    dims = ["strategy"] if several else []
    if data is not None and data.main_column and data.main_column in runs[0].columns("players"):
        dims.append(data.main_column)
    return dims or ["strategy"]


def _figures(
    report: Report,
    runs: list[Run],
    axis: Axis,
    dims: list[str],
    level: float,
    min_games: int,
    prefix: str,
    step: Callable[[str], None],
) -> None:
    """The sweep report's tables and plots, one curve across the runs each; ``step`` names each section
    as it begins (the report's progress bar)."""
    folder, tag, games = report.path, f"{level:.0%}", {r.manifest.game for r in runs}
    names = [r.path.name for r in runs]
    x_label = axis.label
    data = runs[0].analysis if len(games) == 1 else None

    # win rates per dimension
    for dim in dims:
        step(f"win rates by {dim}")
        frames = [winrate_by(r, dim, level, min_games) for r in runs]
        values = sorted({str(v) for f in frames for v in f["value"].to_list()})
        table: dict[str, list[str]] = {dim: values}
        series = {}
        for name, frame in zip(names, frames, strict=True):
            rows = {str(r["value"]): r for r in frame.iter_rows(named=True)}
            table[name] = [
                _cell(
                    rows[v]["win_rate"],
                    rows[v]["lower"],
                    rows[v]["upper"],
                    rows[v]["games"],
                    rows[v]["too_few"],
                )
                if v in rows
                else ""
                for v in values
            ]
        for v in values[:MAX_SERIES]:
            xs, ys, lo, hi = [], [], [], []
            for x, frame in zip(axis.x, frames, strict=True):
                hit = frame.filter(pl.col("value").cast(pl.String) == v)
                if hit.height:
                    xs.append(x)
                    ys.append(hit["win_rate"][0])
                    lo.append(hit["lower"][0])
                    hi.append(hit["upper"][0])
            series[v] = (xs, ys, lo, hi)
        baseline = frames[0]["baseline"][0] if frames[0].height else None
        image = plots.sweep_plot(
            series, _file(folder, f"{prefix}sweep_winrate_{dim}"), f"Win rate by {dim}", x_label,
            f"win rate ({tag} Wilson band)", axis.ticks, baseline,
        )  # fmt: skip
        note = (
            ""
            if len(values) <= MAX_SERIES
            else f"The plot shows the first {MAX_SERIES} values; the table all."
        )
        report.sections.append(Section(f"Win rate by {dim}", pl.DataFrame(table), image, note, "Win rates"))

    # seat advantage: the first player's win rate per run (none in solo/co-op: seats share one result)
    step("first player")
    seat_rows, first = [], {}
    for name, x, run in zip(names, axis.x, runs, strict=True):
        if team_mode(run):
            continue
        seats = seat_effects.seat_table(run, level, min_games).filter(pl.col("position") == 0)
        for r in seats.iter_rows(named=True):
            seat_rows.append(
                {
                    "run": name,
                    "players": r["n_players"],
                    "first player": _cell(r["win_rate"], r["lower"], r["upper"], r["games"], r["too_few"]),
                    "even share": f"{100 * r['expected']:.1f}%",
                }
            )
            xs, ys, lo, hi = first.setdefault(f"{r['n_players']} players", ([], [], [], []))
            xs.append(x)
            ys.append(r["win_rate"])
            lo.append(r["lower"])
            hi.append(r["upper"])
    if seat_rows:
        image = plots.sweep_plot(
            first, _file(folder, f"{prefix}sweep_first_player"), "Win rate of the first player", x_label,
            f"win rate ({tag} Wilson band)", axis.ticks,
        )  # fmt: skip
        report.sections.append(
            Section("Win rate of the first player", pl.DataFrame(seat_rows), image, "", "Seat effects")
        )
    else:
        report.notes.append("first player's win rate: not shown for solo/co-op runs (seats share one result)")

    # game length
    step("game length")
    length_rows = []
    xs, med, p10, p90 = [], [], [], []
    for name, x, run in zip(names, axis.x, runs, strict=True):
        row = shape.length_table(run, "turns").filter(pl.col("end_reason") == "all").row(0, named=True)
        length_rows.append(
            {
                "run": name,
                "games": row["games"],
                "p10": row["p10"],
                "median": row["median"],
                "p90": row["p90"],
            }
        )
        xs.append(x)
        med.append(row["median"])
        p10.append(row["p10"])
        p90.append(row["p90"])
    image = plots.sweep_plot(
        {"median turns": (xs, med, p10, p90)}, _file(folder, f"{prefix}sweep_length"), "Game length", x_label,
        "turns (median, 10–90 % band)", axis.ticks,
    )  # fmt: skip
    report.sections.append(Section("Game length (turns)", pl.DataFrame(length_rows), image, "", "Game shape"))

    # time to first score, when the game's data defines it
    if data is not None and data.first_score is not None:
        step(f"time to {data.first_score.label}")
        rows, xs, med, p10, p90 = [], [], [], [], []
        for name, x, run in zip(names, axis.x, runs, strict=True):
            counts = shape.first_score_counts(run, data)
            s = shape.first_score_summary(counts, level).row(0, named=True)
            rows.append(
                {
                    "run": name,
                    "games": s["games"],
                    f"games with a {data.first_score.label}": s["games_scored"],
                    "turn p10": s["p10"],
                    "turn median": s["median"],
                    "turn p90": s["p90"],
                }
            )
            if s["median"] is not None:
                xs.append(x)
                med.append(s["median"])
                p10.append(s["p10"])
                p90.append(s["p90"])
        image = plots.sweep_plot(
            {data.first_score.label: (xs, med, p10, p90)}, _file(folder, f"{prefix}sweep_first_score"),
            f"Turn of the {data.first_score.label}", x_label, "turn (median, 10–90 % band)", axis.ticks,
        )  # fmt: skip
        report.sections.append(
            Section(f"Time to {data.first_score.label}", pl.DataFrame(rows), image, "", "Game shape")
        )
