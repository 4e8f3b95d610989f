"""Matplotlib PNGs for reports: win rates with interval bars, game-length histograms."""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # headless: reports are written on servers and in CI
import matplotlib.pyplot as plt  # noqa: E402
import polars as pl  # noqa: E402


def winrate_plot(frame: pl.DataFrame, dim: str, path: Path, level: float = 0.95) -> Path:
    """Horizontal bars: each value's win rate with its interval, the 1/n-players baseline dashed."""
    frame = frame.sort("win_rate")
    labels = [str(v) for v in frame["value"].to_list()]
    rates = frame["win_rate"].to_numpy()
    err = [rates - frame["lower"].to_numpy(), frame["upper"].to_numpy() - rates]
    height = max(2.5, 0.35 * len(labels) + 1.2)
    fig, ax = plt.subplots(figsize=(7, height))
    ax.barh(labels, rates, xerr=err, color="#4c78a8", ecolor="#222222", capsize=3)
    for baseline in sorted(set(round(b, 4) for b in frame["baseline"].to_list())):
        ax.axvline(baseline, color="#b0413e", linestyle="--", linewidth=1)
    ax.set_xlabel(f"win rate ({level:.0%} Wilson interval; dashed = 1 / players)")
    ax.set_title(f"Win rate by {dim}")
    ax.set_xlim(0, min(1.0, max(0.1, float(frame["upper"].max() or 0) * 1.15)))
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def length_histogram(turns: list[int], path: Path, unit: str = "turns") -> Path:
    fig, ax = plt.subplots(figsize=(7, 3.2))
    if turns:
        lo, hi = min(turns), max(turns)
        bins = range(lo, hi + 2) if hi - lo <= 80 else 60
        ax.hist(turns, bins=bins, color="#72b7b2", edgecolor="white")
    ax.set_xlabel(unit)
    ax.set_ylabel("games")
    ax.set_title("Game length")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
