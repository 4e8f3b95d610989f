"""`cardlab report`: the tables and plots of a run, printed and written as report.md and report.html.

A report says what was run (game, config and card-data hashes, seeds, versions, cards left out),
then win rates by each chosen players-table column with n and Wilson intervals, seat and first-player
win rates, game length and how games ended.
"""

from __future__ import annotations

import base64
import html
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from .plots import length_histogram, winrate_plot
from .queries import query
from .runs import Run
from .winrates import MIN_GAMES, first_player_winrates, seat_winrates, winrate_by

_HIDDEN = {"game_id", "seat", "n_players", "result", "win", "score"}


@dataclass(slots=True)
class Section:
    title: str
    frame: pl.DataFrame
    image: Path | None = None
    note: str = ""


@dataclass(slots=True)
class Report:
    run: Run
    header: list[tuple[str, str]]
    sections: list[Section] = field(default_factory=list)


def default_dimensions(run: Run, limit: int = 64) -> list[str]:
    """strategy, then every text or list column of the players table with 2..limit distinct values."""
    dims = ["strategy"]
    for name, kind in run.columns("players").items():
        if name in _HIDDEN or name == "strategy" or not (kind == "VARCHAR" or kind == "VARCHAR[]"):
            continue
        expr = f'unnest("{name}")' if kind.endswith("[]") else f'"{name}"'
        distinct = run.db.execute(f"SELECT count(DISTINCT {expr}) FROM players").fetchone()[0]
        if 1 < distinct <= limit:
            dims.append(name)
    return dims


def _pct(x: float | None) -> str:
    return "" if x is None or x != x else f"{100 * x:.1f}%"


def _rate_rows(frame: pl.DataFrame, label: str) -> pl.DataFrame:
    """Display form of a win-rate frame: counts, rate and interval as text."""
    return pl.DataFrame(
        {
            label: [str(v) for v in frame[frame.columns[0]].to_list()],
            "games": frame["games"].to_list(),
            "wins": frame["wins"].to_list(),
            **({"draws": frame["draws"].to_list()} if "draws" in frame.columns else {}),
            "win rate": [_pct(v) for v in frame["win_rate"].to_list()],
            "95% CI": [
                f"[{_pct(lo)}, {_pct(hi)}]" for lo, hi in zip(frame["lower"], frame["upper"], strict=True)
            ],
            "": frame["flag"].to_list(),
        }
    )


def build(run: Run, by: list[str] | None = None, level: float = 0.95, min_games: int = MIN_GAMES) -> Report:
    m = run.manifest
    totals = m["totals"]
    left = m.get("left_out_cards", {})
    header = [
        ("run", run.path.name),
        ("game", f"{m['title']} ({m['game']})"),
        ("status", f"{m['status']} — {m.get('stop_reason') or ''}"),
        (
            "games",
            f"{totals['games'] - totals['failed']:,} played, {totals['failed']:,} failed, "
            f"{totals['turn_caps']:,} hit the turn cap (of {m['n_games']:,} planned)",
        ),
        ("players", str(m["n_players"])),
        ("strategies", ", ".join(m["strategies"]) + " (rotated through the seats)"),
        ("run seed", str(m["run_seed"])),
        ("config hash", m["config_hash"]),
        ("card-data hash", m.get("card_data_hash") or "—"),
        ("cards left out", f"{left.get('count', 0)} (behaviour not implemented)"),
        ("versions", ", ".join(f"{k} {v}" for k, v in m["versions"].items())),
    ]
    report = Report(run, header)
    level_txt = f"{level:.0%}"
    for dim in by or default_dimensions(run):
        frame = winrate_by(run, dim, level, min_games)
        image = winrate_plot(frame, dim, run.path / f"winrate_{dim}.png", level)
        report.sections.append(
            Section(
                f"Win rate by {dim}",
                _rate_rows(frame, dim),
                image,
                f"{level_txt} Wilson intervals; 'few games' marks values with fewer than {min_games} games.",
            )
        )
    seats = seat_winrates(run, level, min_games)
    seats_disp = _rate_rows(
        seats.select(
            pl.format("{} players, seat {}", "n_players", "seat").alias("seat"),
            *[c for c in seats.columns if c not in ("n_players", "seat")],
        ),
        "seat",
    )
    report.sections.append(
        Section(
            "Win rate by seat",
            seats_disp,
            None,
            "Seat 0 is the first seat at the table; strategies rotate through the seats.",
        )
    )
    first = first_player_winrates(run, level, min_games)
    first_disp = _rate_rows(
        first.select(
            pl.format("{} players", "n_players").alias("players"),
            *[c for c in first.columns if c != "n_players"],
        ),
        "players",
    )
    report.sections.append(Section("Win rate of the player who went first", first_disp))
    lengths = query(run, "game_length").with_columns(pl.col(pl.Float64).round(1))
    turns = query(run, "turn_lengths")["turns"].to_list()
    report.sections.append(
        Section("Game length (turns)", lengths, length_histogram(turns, run.path / "game_length.png"))
    )
    report.sections.append(Section("How games ended", query(run, "end_reasons")))
    caps = query(run, "turn_caps")
    if caps.height:
        report.sections.append(
            Section(
                "Games that hit the turn cap (first 20)",
                caps,
                note="Replay one with `cardlab replay RUN --game N`.",
            )
        )
    errors = query(run, "errors_list")
    if errors.height:
        report.sections.append(
            Section(
                "Failed games (first 20)", errors, note="Reproduce one with `cardlab replay RUN --game N`."
            )
        )
    return report


# ---- rendering -------------------------------------------------------------------------------------


def _cells(frame: pl.DataFrame) -> tuple[list[str], list[list[str]]]:
    heads = list(frame.columns)
    rows = [["" if v is None else str(v) for v in row] for row in frame.rows()]
    return heads, rows


def to_text(report: Report) -> str:
    out = [f"{k:>15}: {v}" for k, v in report.header]
    for section in report.sections:
        heads, rows = _cells(section.frame)
        widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(heads)]
        out += ["", section.title]
        out.append("  ".join(h.ljust(w) for h, w in zip(heads, widths, strict=True)).rstrip())
        out += ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]
    return "\n".join(out) + "\n"


def to_markdown(report: Report) -> str:
    out = [f"# cardlab report — {report.run.path.name}", ""]
    out += ["| | |", "|---|---|"] + [f"| {k} | {v} |" for k, v in report.header]
    for section in report.sections:
        heads, rows = _cells(section.frame)
        out += ["", f"## {section.title}", ""]
        if section.note:
            out += [section.note, ""]
        out.append("| " + " | ".join(h or " " for h in heads) + " |")
        out.append("|" + "---|" * len(heads))
        out += ["| " + " | ".join(r) + " |" for r in rows]
        if section.image:
            out += ["", f"![{section.title}]({section.image.name})"]
    return "\n".join(out) + "\n"


_CSS = """body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
table{border-collapse:collapse;margin:.5rem 0 1rem}td,th{border:1px solid #ccc;padding:.2rem .6rem;text-align:right}
th{background:#f3f3f3}td:first-child,th:first-child{text-align:left}.note{color:#555;font-size:.9rem}
.howto{background:#f6f8fa;border-left:4px solid #4c78a8;padding:.5rem 1rem}img{max-width:100%}"""

_HOWTO = (
    "Each win rate is wins / games for the players with that value, with a 95% Wilson interval: the "
    "range of true win rates consistent with these games. Two values whose intervals overlap a lot are "
    "not shown to differ. In an n-player game the even share is 1/n (dashed line on the plots). Rows "
    "marked 'few games' have too few games to mean much. Strategies rotate through the seats, so seat "
    "advantage does not bias per-strategy figures; it is reported on its own."
)


def to_html(report: Report) -> str:
    esc = html.escape
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'>",
        f"<title>cardlab report — {esc(report.run.path.name)}</title><style>{_CSS}</style></head><body>",
        f"<h1>cardlab report — {esc(report.run.path.name)}</h1>",
        "<table>"
        + "".join(f"<tr><th>{esc(k)}</th><td>{esc(v)}</td></tr>" for k, v in report.header)
        + "</table>",
        f"<div class='howto'><b>How to read this.</b> {esc(_HOWTO)}</div>",
    ]
    for section in report.sections:
        heads, rows = _cells(section.frame)
        parts.append(f"<h2>{esc(section.title)}</h2>")
        if section.note:
            parts.append(f"<p class='note'>{esc(section.note)}</p>")
        parts.append("<table><tr>" + "".join(f"<th>{esc(h)}</th>" for h in heads) + "</tr>")
        parts += ["<tr>" + "".join(f"<td>{esc(c)}</td>" for c in r) + "</tr>" for r in rows]
        parts.append("</table>")
        if section.image:
            data = base64.b64encode(section.image.read_bytes()).decode()
            parts.append(f"<img alt='{esc(section.title)}' src='data:image/png;base64,{data}'>")
    parts.append("</body></html>")
    return "\n".join(parts)


def write(report: Report) -> tuple[Path, Path]:
    md = report.run.path / "report.md"
    page = report.run.path / "report.html"
    md.write_text(to_markdown(report))
    page.write_text(to_html(report))
    return md, page
