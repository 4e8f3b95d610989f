"""Rendering a built report as text (the terminal), Markdown (report.md) and self-contained HTML
(report.html, every image embedded as a data: URL so the one file can be mailed or published)."""

from __future__ import annotations

import base64
import html
import re
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from . import staging

_PLAIN = re.compile(r"[\w.=+-]+")


def shown(name: str) -> str:
    """A run's or a policy's name as a header's lists show it: quoted when it holds anything but letters,
    digits and ``. _ = + -``, so a name holding ', ' (a sweep point 'p000-combat-values=2,3,5', a run named
    'a, b', a policy 'search:budget=4,rollout=random') never reads as two."""
    return name if _PLAIN.fullmatch(name) else repr(name)


@dataclass(slots=True)
class Section:
    title: str
    frame: pl.DataFrame
    image: Path | None = None
    note: str = ""
    group: str = ""  # the part of the report it belongs to ("Win rates", "Matchups and ratings" …)


@dataclass(slots=True, weakref_slot=True)
class Report:
    path: Path  # the run (or sweep) folder: report.md, report.html and the PNGs go here
    name: str
    header: list[tuple[str, str]]
    sections: list[Section] = field(default_factory=list)
    howto: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what the report could not show, and why
    warnings: list[str] = field(default_factory=list)  # one line each, printed by `cardlab report`
    files: tuple[Path, Path] | None = None  # report.md and report.html, once written
    staging: staging.Staging | None = None  # where its plots and tables wait until it is written

    def __str__(self) -> str:
        return to_text(self)


FLAG_HEAD = "note"  # the heading of the small-sample flag column ("few games")


def _cells(frame: pl.DataFrame) -> tuple[list[str], list[list[str]]]:
    """Headings and text cells. The flag column (built with an empty name) is headed "note", and left out
    when no row is flagged, so no table ends in an empty, unheaded column."""
    heads = list(frame.columns)
    rows = [["" if v is None else str(v) for v in row] for row in frame.rows()]
    if "" in heads:
        i = heads.index("")
        if any(row[i] for row in rows):
            heads[i] = FLAG_HEAD
        else:
            heads.pop(i)
            for row in rows:
                row.pop(i)
    return heads, rows


HEADER_WIDTH = 15  # the header's keys are right-aligned to this width, or to the longest key if longer


def to_text(report: Report) -> str:
    width = max([HEADER_WIDTH, *(len(k) for k, _ in report.header)])  # a longer key moves every colon
    out = [f"{k:>{width}}: {v}" for k, v in report.header]
    for section in report.sections:
        heads, rows = _cells(section.frame)
        widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(heads)]
        out += ["", section.title]
        out.append("  ".join(h.ljust(w) for h, w in zip(heads, widths, strict=True)).rstrip())
        out += ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]
        if not rows and section.note:  # the terminal shows no notes: an empty table would say nothing
            out.append(f"({section.note})")
    for note in report.notes:
        out += ["", f"note: {note}"]
    return "\n".join(out) + "\n"


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def to_markdown(report: Report) -> str:
    out = [f"# cardlab report — {report.name}", ""]
    out += ["| | |", "|---|---|"] + [f"| {k} | {_md_cell(v)} |" for k, v in report.header]
    if report.howto:
        out += ["", "> **How to read this.**"]
        for paragraph in report.howto:
            out += [">", f"> {paragraph}"]
    group = None
    for section in report.sections:
        if section.group and section.group != group:
            group = section.group
            out += ["", f"## {group}"]
        heads, rows = _cells(section.frame)
        out += ["", f"### {section.title}", ""]
        if section.note:
            out += [section.note, ""]
        out.append("| " + " | ".join(_md_cell(h) or " " for h in heads) + " |")
        out.append("|" + "---|" * len(heads))
        out += ["| " + " | ".join(_md_cell(c) for c in r) + " |" for r in rows]
        if section.image:
            out += ["", f"![{section.title}]({section.image.name})"]
    if report.notes:
        out += ["", "## Not shown", ""] + [f"- {note}" for note in report.notes]
    return "\n".join(out) + "\n"


_CSS = """body{font-family:system-ui,sans-serif;max-width:64rem;margin:2rem auto;padding:0 1rem;color:#222}
table{border-collapse:collapse;margin:.5rem 0 1rem;font-size:.9rem}td,th{border:1px solid #ccc;padding:.2rem .6rem;
text-align:right}th{background:#f3f3f3}td:first-child,th:first-child{text-align:left}.note{color:#555;font-size:.9rem}
.howto{background:#f6f8fa;border-left:4px solid #4c78a8;padding:.5rem 1rem}.howto p{margin:.4rem 0}
img{max-width:100%;display:block;margin:.5rem 0 1.5rem}table.meta td{text-align:left}h2{border-bottom:1px solid #ddd;margin-top:2.5rem}"""


def to_html(report: Report) -> str:
    esc = html.escape
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>cardlab report — {esc(report.name)}</title><style>{_CSS}</style></head><body>",
        f"<h1>cardlab report — {esc(report.name)}</h1>",
        "<table class='meta'>"
        + "".join(f"<tr><th>{esc(k)}</th><td>{esc(v)}</td></tr>" for k, v in report.header)
        + "</table>",
    ]
    if report.howto:
        paragraphs = "".join(f"<p>{esc(p)}</p>" for p in report.howto)
        parts.append(f"<div class='howto'><b>How to read this.</b>{paragraphs}</div>")
    group = None
    for section in report.sections:
        if section.group and section.group != group:
            group = section.group
            parts.append(f"<h2>{esc(group)}</h2>")
        heads, rows = _cells(section.frame)
        parts.append(f"<h3>{esc(section.title)}</h3>")
        if section.note:
            parts.append(f"<p class='note'>{esc(section.note)}</p>")
        parts.append("<table><tr>" + "".join(f"<th>{esc(h)}</th>" for h in heads) + "</tr>")
        parts += ["<tr>" + "".join(f"<td>{esc(c)}</td>" for c in r) + "</tr>" for r in rows]
        parts.append("</table>")
        if section.image:
            data = base64.b64encode(section.image.read_bytes()).decode()
            parts.append(f"<img alt='{esc(section.title)}' src='data:image/png;base64,{data}'>")
    if report.notes:
        parts.append("<h2>Not shown</h2><ul>" + "".join(f"<li>{esc(n)}</li>" for n in report.notes) + "</ul>")
    parts.append("</body></html>")
    return "\n".join(parts)


def write(report: Report) -> tuple[Path, Path]:
    """report.md and report.html beside the plots and tables, all moved into the folder together
    (analysis.staging): a report stopped part-way never leaves new files beside an older report.md."""
    stage = report.staging or staging.start(report.path, report)
    (stage.path / "report.md").write_text(to_markdown(report))
    (stage.path / "report.html").write_text(to_html(report))
    staging.publish(stage)
    report.staging = None
    for section in report.sections:
        if section.image is not None:
            section.image = report.path / section.image.name
    report.files = (report.path / "report.md", report.path / "report.html")
    return report.files
