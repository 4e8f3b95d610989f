"""Solo and co-op runs (Four Souls FS-17): every seat wins together or all lose to the timer, so the
figure that matters is the probability of beating the timer — with its n and Wilson interval — not
per-seat win rates, matchups or ratings (which would only read 50 % everywhere)."""

from __future__ import annotations

import polars as pl

from .queries import query
from .render import Section
from .runs import Run
from .stats import wilson

# --variant values that make a run a team game (every seat shares the result)
TEAM_VARIANTS = frozenset({"solo", "co-op"})
GOAL_OPTIONS = ("difficulty", "soul_cap")  # config fields shown in the section title


def team_mode(run: Run) -> str:
    """'solo', 'co-op' or '' from the run's recorded config."""
    variants = run.manifest.config.get("variant") or []
    if isinstance(variants, str):
        variants = [variants]
    return next((v for v in variants if v in TEAM_VARIANTS), "")


def outcome_table(run: Run, level: float = 0.95) -> pl.DataFrame:
    """Per number of seats: games, wins, the win probability and its Wilson interval, losses to the
    timer (end reason ``no_winner``: the only way a solo/co-op game is lost) and turn caps (not won)."""
    counts = query(run, "coop_outcome")
    bounds = [wilson(w, n, level) for w, n in zip(counts["wins"], counts["games"], strict=True)]
    return counts.with_columns(
        (pl.col("wins") / pl.col("games")).alias("win_probability"),
        pl.Series("lower", [lo for lo, _ in bounds]),
        pl.Series("upper", [hi for _, hi in bounds]),
    )


def section(run: Run, level: float = 0.95) -> Section | None:
    """The report's co-op section, or None for a competitive run."""
    mode = team_mode(run)
    if not mode:
        return None
    table = outcome_table(run, level)
    config = run.manifest.config
    setting = ", ".join(f"{k.replace('_', '-')} {config[k]}" for k in GOAL_OPTIONS if config.get(k))
    pct = "{:.1%}".format
    display = pl.DataFrame(
        {
            "seats": table["n_players"].to_list(),
            "games (n)": table["games"].to_list(),
            "won": table["wins"].to_list(),
            "win probability": [pct(p) for p in table["win_probability"].to_list()],
            f"{level:.0%} CI": [
                f"[{pct(lo)}, {pct(hi)}]" for lo, hi in zip(table["lower"], table["upper"], strict=True)
            ],
            "lost to the timer": table["lost"].to_list(),
            "turn cap": table["turn_caps"].to_list(),
            "median turns": table["median_turns"].to_list(),
        }
    )
    note = (
        f"{mode}: every seat wins together (combined soul goal) or all lose when the timer reaches 0; the win "
        "probability is over all games (a turn cap counts as not won), with its Wilson interval."
    )
    title = f"Win probability against the timer ({mode}" + (f"; {setting})" if setting else ")")
    return Section(title, display, None, note, "Solo and co-op")
