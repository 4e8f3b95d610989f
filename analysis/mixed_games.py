"""The report of a folder holding runs of several games (`cardlab report results/`): one part per game,
each the folder-of-runs report of that game's runs with its own tables, plots and axis. A table that put a
Four Souls run beside a Gosu X run read as if their strategies' win rates were comparable; they share no
cards, seats or rules."""

from __future__ import annotations

from pathlib import Path

from cardlab.simulate.core.runformat import RunFormatError, read_manifest

from . import staging
from .render import Report, Section
from .runs import RunError, refuse_unreadable
from .sweep import NoRunReadable, build_sweep, leave_out
from .winrates import MIN_GAMES


def games_of(paths: list[Path]) -> dict[str, list[Path]]:
    """The run folders by the game their manifest names, games in name order. A run whose manifest
    cannot be read stays with the first game, whose report then refuses it in its own one line."""
    groups: dict[str, list[Path]] = {}
    for path in paths:
        try:
            game = read_manifest(path).game
        except RunFormatError:
            game = ""
        groups.setdefault(game, []).append(path)
    unread = groups.pop("", [])
    ordered = dict(sorted(groups.items()))
    if unread:
        first = next(iter(ordered), "")
        ordered[first] = sorted(ordered.get(first, []) + unread)
    return ordered


def build_games(
    folder: Path,
    groups: dict[str, list[Path]],
    by: list[str] | None = None,
    level: float = 0.95,
    min_games: int = MIN_GAMES,
) -> Report:
    """One folder-of-runs report per game, in one report: header lines, sections (titles and groups) and
    notes say their game, and each game's plots are named after it."""
    counts = ", ".join(f"{game} ({len(paths)} run{'s' * (len(paths) > 1)})" for game, paths in groups.items())
    report = Report(folder, folder.name, [("folder of runs", folder.name), ("games", counts)])
    report.howto = [
        f"The folder holds runs of {len(groups)} games; each game has its own part, tables and plots: "
        "runs of different games are never set side by side in one table."
    ]
    left_out: list[RunError] = []  # the runs of a game none of whose runs can be read
    parts = 0
    with staging.building(folder, report) as report.staging:  # the parts' plots move in together
        for game, paths in groups.items():
            try:
                part = build_sweep(folder, paths, by, level, min_games, prefix=f"{game}_")
            except NoRunReadable as exc:
                left_out += exc.problems
                continue
            parts += 1
            report.header += [(f"{game}: {key}", value) for key, value in part.header[2:]]
            report.sections += [
                Section(
                    f"{game}: {s.title}", s.frame, s.image, s.note, f"{game}: {s.group}" if s.group else game
                )
                for s in part.sections
            ]
            report.notes += [f"{game}: {note}" for note in part.notes]
            report.warnings += [f"{game}: {warning}" for warning in part.warnings]
            report.howto += [line for line in part.howto if line not in report.howto]
        if not parts:  # no game's part could be built: nothing to report, every unreadable run named
            refuse_unreadable(left_out, sum(map(len, groups.values())))
    leave_out(report, left_out, sum(map(len, groups.values())))
    return report
