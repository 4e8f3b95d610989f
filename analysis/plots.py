"""Matplotlib PNGs for reports: win rates with interval bars, histograms, forest plots of ratings and card
statistics, matchup heatmaps, score curves and sweep curves. Every plot of a rate shows its interval."""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # headless: reports are written on servers and in CI
import matplotlib.pyplot as plt  # noqa: E402
import polars as pl  # noqa: E402


def png_path(folder: Path, stem: str) -> Path:
    """``folder/<stem>.png`` with every run of other characters made one ``_`` and none at either end."""
    import re

    return folder / (re.sub(r"[^A-Za-z0-9_.-]+", "_", stem).strip("_") + ".png")


def winrate_plot(frame: pl.DataFrame, dim: str, path: Path, level: float = 0.95) -> Path:
    """Horizontal bars: each value's win rate with its interval, the 1/n-players baseline dashed."""
    frame = frame.sort("win_rate")
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
) -> Path:
    """A forest plot: one point per label with its interval, a dashed reference line (0, ½, 1/n …)."""
    fig, ax = plt.subplots(figsize=(7, max(2.4, 0.3 * len(labels) + 1.2)))
    ys = list(range(len(labels)))
    vals = [float("nan") if v is None else v for v in values]
    lo = [v - (lv if lv is not None else v) for v, lv in zip(vals, lower, strict=True)]
    hi = [(uv if uv is not None else v) - v for v, uv in zip(vals, upper, strict=True)]
    ax.errorbar(vals, ys, xerr=[lo, hi], fmt="o", color="#4c78a8", ecolor="#222222", capsize=3, markersize=4)
    if reference is not None:
        ax.axvline(reference, color="#b0413e", linestyle="--", linewidth=1)
    ax.set_yticks(ys, labels, fontsize=8 if len(labels) > 15 else 10)
    ax.invert_yaxis()
    ax.set_xlabel(xlabel)
    ax.set_title(title)
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


def score_curve_plot(
    curves: pl.DataFrame, path: Path, score_label: str, max_turn: float | None = None
) -> Path:
    """Median running score by turn per place in turn order, with the 10–90 % band, one panel per player
    count."""
    counts = sorted(set(curves["n_players"].to_list()))
    fig, axes = plt.subplots(1, len(counts), figsize=(7 * len(counts) ** 0.5, 3.6), squeeze=False)
    for ax, n in zip(axes[0], counts, strict=True):
        part = curves.filter(pl.col("n_players") == n)
        if max_turn is not None:
            part = part.filter(pl.col("turn") <= max_turn)
        for position in sorted(set(part["position"].to_list())):
            line = part.filter(pl.col("position") == position).sort("turn")
            turns = line["turn"].to_numpy()
            name = "first player" if position == 0 else f"place {position + 1}"
            (drawn,) = ax.plot(turns, line["median"].to_numpy(), label=name)
            ax.fill_between(
                turns, line["p10"].to_numpy(), line["p90"].to_numpy(), color=drawn.get_color(), alpha=0.15
            )
        ax.set_xlabel("turn")
        ax.set_ylabel(score_label)
        ax.set_title(f"{n} players: median and 10–90 % band")
        ax.legend(fontsize=8)
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
    fig, ax = plt.subplots(figsize=(7, 3.8))
    for name, (x, y, lo, hi) in series.items():
        (drawn,) = ax.plot(x, y, marker="o", label=name)
        ax.fill_between(x, lo, hi, color=drawn.get_color(), alpha=0.15)
    if reference is not None:
        ax.axhline(reference, color="#b0413e", linestyle="--", linewidth=1)
    if xticks is not None:
        ax.set_xticks(range(len(xticks)), xticks, rotation=30, ha="right")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    if len(series) > 1:
        ax.legend(fontsize=8, ncols=2 if len(series) > 6 else 1)
    return _save(fig, path)
