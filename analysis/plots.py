"""Matplotlib PNGs for reports: win rates with interval bars, histograms, forest plots of ratings and card
statistics, matchup heatmaps, score curves and sweep curves. Every plot of a rate shows its interval."""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # headless: reports are written on servers and in CI
import matplotlib.pyplot as plt  # noqa: E402
import polars as pl  # noqa: E402


def png_path(folder: Path, stem: str) -> Path:
    """``folder/<stem>.png`` with every run of other characters made one ``_`` and none at either end
    (written to the report's staging folder meanwhile: analysis.staging)."""
    import re

    from .staging import output

    return output(folder, re.sub(r"[^A-Za-z0-9_.-]+", "_", stem).strip("_") + ".png")


MAX_BARS = 30  # more values than this: the top and bottom halves are drawn, the middle counted
MAX_SERIES = 10  # more curves than this: markers and line styles vary too, the legend goes outside


def ends_of(frame: pl.DataFrame, most: int) -> tuple[pl.DataFrame, int]:
    """The first and last ``most // 2`` rows of a sorted frame when it has more than ``most``, and how
    many rows in between were left out."""
    if frame.height <= most:
        return frame, 0
    half = most // 2
    return pl.concat([frame.head(half), frame.tail(half)]), frame.height - 2 * half


def winrate_plot(frame: pl.DataFrame, dim: str, path: Path, level: float = 0.95) -> Path:
    """Horizontal bars: each value's win rate with its interval, the 1/n-players baseline dashed. With more
    than ``MAX_BARS`` values (e.g. 56 Gosu X alliances) the best and worst ``MAX_BARS / 2`` are drawn and the
    title says how many in the middle are left to the table."""
    frame, hidden = ends_of(frame.sort("win_rate"), MAX_BARS)
    labels = [str(v) for v in frame["value"].to_list()]
    rates = frame["win_rate"].to_numpy()
    err = [rates - frame["lower"].to_numpy(), frame["upper"].to_numpy() - rates]
    height = max(2.5, 0.35 * len(labels) + 1.2)
    fig, ax = plt.subplots(figsize=(7, height))
    ax.barh(labels, rates, xerr=err, color="#4c78a8", ecolor="#222222", capsize=3)
    for baseline in sorted(set(round(b, 4) for b in frame["baseline"].to_list() if b is not None)):
        ax.axvline(baseline, color="#b0413e", linestyle="--", linewidth=1)
    ax.set_xlabel(f"win rate ({level:.0%} Wilson interval; dashed = 1 / players)")
    ax.set_title(f"Win rate by {dim}")
    if hidden:
        ax.set_title(
            f"Win rate by {dim}\nbest and worst {MAX_BARS // 2} ({hidden} in between: see the table)"
        )
        ax.axhline(MAX_BARS // 2 - 0.5, color="#888888", linewidth=0.8, linestyle=":")
    ax.set_xlim(0, min(1.0, max(0.1, float(frame["upper"].max() or 0) * 1.15)))
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def _save(fig, path: Path) -> Path:
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def count_histogram(lengths: list[int], games: list[int], path: Path, unit: str, title: str) -> Path:
    """A histogram from (value, count) pairs, so the values never have to be loaded one per game."""
    fig, ax = plt.subplots(figsize=(7, 3.2))
    if lengths:
        lo, hi = min(lengths), max(lengths)
        if hi - lo <= 80:
            ax.bar(lengths, games, width=0.9, color="#72b7b2")
        else:
            ax.hist(lengths, bins=60, weights=games, color="#72b7b2", edgecolor="white")
    ax.set_xlabel(unit)
    ax.set_ylabel("games")
    ax.set_title(title)
    return _save(fig, path)


def share_bars(labels: list[str], counts: list[int], path: Path, title: str) -> Path:
    """Horizontal bars of counts with each bar's share of the total written beside it."""
    total = sum(counts) or 1
    fig, ax = plt.subplots(figsize=(7, max(2.2, 0.4 * len(labels) + 1.2)))
    ax.barh(labels, counts, color="#4c78a8")
    for y, c in enumerate(counts):
        ax.text(c, y, f"  {c:,} ({c / total:.1%})", va="center", fontsize=8)
    ax.set_xlim(0, max(counts or [1]) * 1.35)
    ax.set_xlabel("games")
    ax.set_title(title)
    ax.invert_yaxis()
    return _save(fig, path)


def interval_plot(
    labels: list[str],
    values: list[float],
    lower: list[float],
    upper: list[float],
    path: Path,
    title: str,
    xlabel: str,
    reference: float | None = None,
    marked: frozenset[str] = frozenset(),
    footnote: str = "",
) -> Path:
    """A forest plot: one point per label with its interval, a dashed reference line (0, ½, 1/n …).
    Labels in ``marked`` are drawn grey with a dagger (e.g. cards the players did not evaluate);
    ``footnote`` goes under the axis (what the marks mean, how many labels are not shown)."""
    fig, ax = plt.subplots(figsize=(7, max(2.4, 0.3 * len(labels) + 1.2 + (0.3 if footnote else 0))))
    ys = list(range(len(labels)))
    vals = [float("nan") if v is None else v for v in values]
    lo = [v - (lv if lv is not None else v) for v, lv in zip(vals, lower, strict=True)]
    hi = [(uv if uv is not None else v) - v for v, uv in zip(vals, upper, strict=True)]
    ax.errorbar(vals, ys, xerr=[lo, hi], fmt="o", color="#4c78a8", ecolor="#222222", capsize=3, markersize=4)
    if reference is not None:
        ax.axvline(reference, color="#b0413e", linestyle="--", linewidth=1)
    shown = [f"{label} †" if label in marked else label for label in labels]
    ax.set_yticks(ys, shown, fontsize=8 if len(labels) > 15 else 10)
    for tick, label in zip(ax.get_yticklabels(), labels, strict=True):
        if label in marked:
            tick.set_color("#888888")
    ax.invert_yaxis()
    ax.set_xlabel(xlabel)
    ax.set_title(title)
    if footnote:
        fig.text(0.01, 0.005, footnote, fontsize=7, color="#555555", ha="left", va="bottom", wrap=True)
        fig.tight_layout(rect=(0, 0.03, 1, 1))
        fig.savefig(path, dpi=110)
        plt.close(fig)
        return path
    return _save(fig, path)


def matchup_heatmap(long: pl.DataFrame, labels: list[str], path: Path, title: str) -> Path:
    """Row label's win rate against column label; each cell shows the rate and its games, mirror cells
    (a label against itself) are grey and say "mirror"."""
    import numpy as np

    k = len(labels)
    index = {name: i for i, name in enumerate(labels)}
    grid = np.full((k, k), np.nan)
    text = [["" for _ in labels] for _ in labels]
    for row in long.iter_rows(named=True):
        i, j = index[row["row"]], index[row["col"]]
        if row["mirror"]:
            text[i][j] = f"mirror\nn={row['games']}"
            continue
        grid[i, j] = row["win_rate"]
        text[i][j] = f"{row['win_rate']:.0%}\nn={row['games']}"
    size = max(3.5, 0.55 * k + 2)
    fig, ax = plt.subplots(figsize=(size + 1, size))
    cmap = matplotlib.colormaps["RdBu"].with_extremes(bad="#dddddd")
    image = ax.imshow(np.ma.masked_invalid(grid), cmap=cmap, vmin=0, vmax=1)
    font = 8 if k <= 10 else 6
    for i in range(k):
        for j in range(k):
            if text[i][j]:
                ax.text(j, i, text[i][j], ha="center", va="center", fontsize=font)
    ax.set_xticks(range(k), labels, rotation=45, ha="right")
    ax.set_yticks(range(k), labels)
    ax.set_xlabel("opponent")
    ax.set_ylabel("player")
    ax.set_title(title)
    fig.colorbar(image, ax=ax, label="win rate of the row against the column", shrink=0.8)
    return _save(fig, path)


def place_name(position: int) -> str:
    """The report's one way of naming a seat by turn order (place 1 took the first turn)."""
    return "place 1 (first)" if position == 0 else f"place {position + 1}"


def score_curve_plot(
    curves: pl.DataFrame, path: Path, score_label: str, max_turn: float | None = None
) -> Path:
    """Median running score by turn with its 10–90 % band: small multiples, one panel per place in turn
    order (a row per player count), so bands never pile into one colour; each panel draws the other places'
    medians thin and grey for comparison. Panels share their axes."""
    counts = sorted(set(curves["n_players"].to_list()))
    width = max(counts)
    fig, axes = plt.subplots(
        len(counts),
        width,
        figsize=(2.6 * width + 1, 2.3 * len(counts) + 0.6),
        squeeze=False,
        sharex=True,
        sharey=True,
    )
    for row, n in zip(axes, counts, strict=True):
        part = curves.filter(pl.col("n_players") == n)
        if max_turn is not None:
            part = part.filter(pl.col("turn") <= max_turn)
        positions = sorted(set(part["position"].to_list()))
        lines = {p: part.filter(pl.col("position") == p).sort("turn") for p in positions}
        for column, ax in enumerate(row):
            if column not in lines:
                ax.set_visible(False)
                continue
            for other, line in lines.items():
                if other != column:
                    ax.plot(
                        line["turn"].to_numpy(), line["median"].to_numpy(), color="#bbbbbb", linewidth=0.8
                    )
            line = lines[column]
            turns = line["turn"].to_numpy()
            (drawn,) = ax.plot(turns, line["median"].to_numpy(), color=f"C{column}", linewidth=1.8)
            ax.fill_between(
                turns, line["p10"].to_numpy(), line["p90"].to_numpy(), color=drawn.get_color(), alpha=0.2
            )
            ax.set_title(f"{n} players, {place_name(column)}", fontsize=9)
            ax.tick_params(labelsize=8)
        row[0].set_ylabel(score_label)
    for ax in axes[-1]:
        ax.set_xlabel("turn")
    fig.suptitle(f"Median {score_label} by turn, 10–90 % band (grey: the other places' medians)", fontsize=10)
    return _save(fig, path)


def sweep_plot(
    series: dict[str, tuple[list[float], list[float], list[float], list[float]]],
    path: Path,
    title: str,
    xlabel: str,
    ylabel: str,
    xticks: list[str] | None = None,
    reference: float | None = None,
) -> Path:
    """One curve per series across the runs of a sweep: ``name -> (x, value, lower, upper)``, the interval
    as a band."""
    many = len(series) > MAX_SERIES
    fig, ax = plt.subplots(
        figsize=(9.5 if many else 7, 3.8 if not many else max(3.8, 0.22 * len(series) + 1))
    )
    markers, styles = "osD^vP*X<>", ("-", "--", ":", "-.")
    for i, (name, (x, y, lo, hi)) in enumerate(series.items()):
        colour = matplotlib.colormaps["tab20"](i % 20) if many else None
        style = styles[(i // 10) % len(styles)] if many else "-"
        (drawn,) = ax.plot(x, y, marker=markers[i % len(markers)], linestyle=style, color=colour, label=name)
        if not many:  # twenty overlapping bands read as one smear: the table has every interval
            ax.fill_between(x, lo, hi, color=drawn.get_color(), alpha=0.15)
    if reference is not None:
        ax.axhline(reference, color="#b0413e", linestyle="--", linewidth=1)
    if xticks is not None:
        ax.set_xticks(range(len(xticks)), xticks, rotation=30, ha="right")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    if many:
        ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0)
        ax.set_title(f"{title} (intervals in the table)")
    elif len(series) > 1:
        ax.legend(fontsize=8, ncols=2 if len(series) > 6 else 1)
    return _save(fig, path)
