"""Game-quality figures a designer reads: is the game decided early, does the lead change hands, do players
come back from behind?

Read from each seat's running score (the game's score rules: souls, battle tokens, boss damage) at the end
of every turn, over a fixed sample of games with exactly one winner:

- **winner leads for good from** — the point of the game (share of its turns) from which the eventual
  winner is alone in the lead until the end: early means the game is decided early, 100 % means on the last
  turn. Games whose winner never leads alone (a win by another route, or tied at the top) are counted apart.
- **lead changes** — how often the player alone in the lead changes (turns with a tie at the top are
  skipped: a tie is not a new leader).
- **comeback share** — games whose winner was strictly behind the leader at half time.
- **decided on the last turn** — games whose winner was not alone in the lead before the final turn.
- **kingmaking** (3+ players) — games in which a seat that could not win any more (further behind the
  winner's final score than any seat of the sample ever gained in the turns left) aimed an event at a seat
  still in the race while two or more were: a player out of the race acting on who wins.
- **decisions with a real choice** — of the decisions the engine listed, the share with more than one option
  (from the games table's ``decisions`` and ``single_option``; windows declined unseen counted apart).

Every share comes with its Wilson interval and n, means with a normal interval; figures are per player count.
"""

from __future__ import annotations

import math

import numpy as np
import polars as pl

from cardlab.simulate.core.analysis_spec import AnalysisSpec

from .queries import query
from .render import Section
from .runs import Run
from .shape import score_query
from .stats import clustered_rate, wilson, z_for

QUALITY_GAMES = 5000  # at most about this many games are read (a fixed, seed-free sample)


def per_game(
    run: Run, data: AnalysisSpec, max_games: int = QUALITY_GAMES, scores: pl.DataFrame | None = None
) -> pl.DataFrame | None:
    """``game_id, n_players, turns, lead_changes, leads_from, comeback, last_turn``; None without score rules.
    ``scores``: the sample's running scores (``sql/score_by_turn.sql``) when already read."""
    if scores is None:
        scores = score_query(run, data, "score_by_turn", max_games)
    if scores is None:
        return None
    rows = []
    for (game_id,), frame in scores.partition_by("game_id", as_dict=True, maintain_order=True).items():
        turns, winner = int(frame["turns"][0]), int(frame["winner"][0])
        n = int(frame["seat"].max()) + 1
        grid = frame["score"].to_numpy().astype(float).reshape(turns, n)
        rows.append({"game_id": game_id, "n_players": n, "turns": turns} | figures(grid, winner))
    schema = {
        "game_id": pl.Int64,
        "n_players": pl.Int64,
        "turns": pl.Int64,
        "lead_changes": pl.Int64,
        "leads_from": pl.Float64,
        "comeback": pl.Boolean,
        "last_turn": pl.Boolean,
    }
    return pl.DataFrame(rows, schema=schema)


def leaders(grid: np.ndarray) -> np.ndarray:
    """Per turn: the seat alone at the top of the score, or −1 when the top is shared."""
    top = grid.max(axis=1)
    alone = (grid == top[:, None]).sum(axis=1) == 1
    return np.where(alone, grid.argmax(axis=1), -1)


def figures(grid: np.ndarray, winner: int) -> dict[str, object]:
    """The quality figures of one game from its turns × seats running scores."""
    lead = leaders(grid)
    turns = len(lead)
    named = lead[lead >= 0]
    changes = int((named[1:] != named[:-1]).sum()) if len(named) > 1 else 0
    not_winner = np.nonzero(lead != winner)[0]
    start = int(not_winner[-1]) + 1 if len(not_winner) else 0  # first turn (0-based) of the final stretch
    leads_from = None if start >= turns else (start + 1) / turns
    half = grid[max(0, math.ceil(turns / 2) - 1)]
    return {
        "lead_changes": changes,
        "leads_from": leads_from,
        "comeback": bool(half[winner] < half.max()),
        "last_turn": start == turns - 1,
    }


def summary(games: pl.DataFrame, level: float = 0.95) -> pl.DataFrame:
    """One row per player count and figure: value, interval, n."""
    rows = []
    z = z_for(level)
    for (n_players,), sub in sorted(games.partition_by("n_players", as_dict=True).items()):
        n = sub.height
        led = sub.filter(pl.col("leads_from").is_not_null())
        if led.height:
            q = led["leads_from"].quantile
            rows.append(
                (
                    n_players,
                    "winner leads for good from (median share of the game)",
                    f"{q(0.5):.0%}",
                    f"middle half {q(0.25):.0%}–{q(0.75):.0%}",
                    led.height,
                )
            )
        never = n - led.height
        lo, hi = wilson(never, n, level)
        rows.append(
            (
                n_players,
                "winner never alone in the lead at the end",
                f"{never / n:.1%}",
                f"[{lo:.1%}, {hi:.1%}]",
                n,
            )
        )
        changes = sub["lead_changes"].to_numpy().astype(float)
        mean = changes.mean()
        half = z * changes.std(ddof=1) / math.sqrt(n) if n > 1 else float("nan")
        rows.append(
            (
                n_players,
                "lead changes per game (mean)",
                f"{mean:.2f}",
                f"[{mean - half:.2f}, {mean + half:.2f}]",
                n,
            )
        )
        for column, label in (
            ("comeback", "comeback share (winner behind at half time)"),
            ("last_turn", "decided on the last turn"),
        ):
            k = int(sub[column].sum())
            lo, hi = wilson(k, n, level)
            rows.append((n_players, label, f"{k / n:.1%}", f"[{lo:.1%}, {hi:.1%}]", n))
    return pl.DataFrame(rows, schema=["players", "figure", "value", "interval", "games"], orient="row")


def section(run: Run, data: AnalysisSpec | None, level: float = 0.95) -> Section | None:
    """The report's "Game quality" section; None when the game has no score or no won game was sampled. The
    sample's running scores are read once for both figures (issue 20: each read scans the events)."""
    scores = score_query(run, data, "score_by_turn", QUALITY_GAMES) if data is not None else None
    games = per_game(run, data, scores=scores) if scores is not None else None
    if games is None or not games.height:
        return None
    note = (
        f"From each seat's running {data.score_label} at the end of every turn, over {games.height:,} won games"
        " (a fixed sample of at most about 5,000). See docs/report.md, 'Game quality'."
    )
    frame = summary(games, level)
    kings = kingmaking_summary(run, data, level, scores=scores)
    if kings is not None:
        frame = pl.concat([frame, kings.cast(frame.schema)])
    return Section(
        "Game quality: how early and how firmly games are decided",
        frame,
        note=note,
        group="Game shape",
    )


def choice_summary(games: pl.DataFrame, level: float = 0.95) -> pl.DataFrame:
    """One row per player count and figure: the share of listed decisions that offered a real choice (more
    than one option) — Σdecisions / Σ(decisions + single_option), its interval clustered by game (the
    decisions of one game are not independent: analysis.stats.clustered_rate) — and the means per game of
    real choices and of windows declined unseen (options not listed, so counted apart)."""
    rows = []
    z = z_for(level)
    for (n_players,), sub in sorted(games.partition_by("n_players", as_dict=True).items()):
        n = sub.height
        real = sub["decisions"].to_numpy().astype(float)
        listed = real + sub["single_option"].to_numpy().astype(float)
        share, lo, hi, _ = clustered_rate(real.tolist(), listed.tolist(), level)
        if share == share:
            rows.append(
                (
                    n_players,
                    "decisions with a real choice (share of listed)",
                    f"{share:.1%}",
                    f"[{lo:.1%}, {hi:.1%}]",
                    n,
                )
            )
        for values, label in (
            (real, "real choices per game (mean)"),
            (sub["declined"].to_numpy().astype(float), "windows declined unseen per game (mean)"),
        ):
            mean = values.mean()
            half = z * values.std(ddof=1) / math.sqrt(n) if n > 1 else float("nan")
            rows.append((n_players, label, f"{mean:.1f}", f"[{mean - half:.1f}, {mean + half:.1f}]", n))
    return pl.DataFrame(rows, schema=["players", "figure", "value", "interval", "games"], orient="row")


def choice_section(run: Run, level: float = 0.95) -> Section | None:
    """The report's "Decisions: how many are real choices" section; None for runs made before the games
    table counted single-option decisions."""
    if "single_option" not in run.columns("games"):
        return None
    games = query(run, "choices")
    if not games.height:
        return None
    note = (
        "A decision offers a real choice when it lists more than one option; single-option decisions are "
        "answered without asking the player. Windows a player declined unseen (it promised to pass whatever "
        "the options, so they were never listed) are counted apart. Share interval clustered by game. See "
        "docs/report.md, 'Game quality'."
    )
    return Section(
        "Decisions: how many are real choices", choice_summary(games, level), note=note, group="Game shape"
    )


def best_gains(grids: list[np.ndarray]) -> np.ndarray:
    """``best[k]``: the largest score any seat gained within k consecutive turns, over ``grids`` (turns ×
    seats running scores, starting from 0 before turn 1); non-decreasing in k."""
    longest = max((len(g) for g in grids), default=0)
    best = np.zeros(longest + 1)
    for grid in grids:
        padded = np.vstack([np.zeros((1, grid.shape[1])), grid])
        for k in range(1, len(padded)):
            best[k] = max(best[k], float((padded[k:] - padded[:-k]).max()))
    return np.maximum.accumulate(best)


def out_of_race(grid: np.ndarray, winner: int, best: np.ndarray) -> np.ndarray:
    """turns × seats: True where a seat, at the end of that turn, was further behind the winner's final
    score than any seat of the sample ever gained in the turns the game had left — it could not win any
    more, by the run's own record. The winner is never out."""
    turns = len(grid)
    left = best[np.clip(turns - 1 - np.arange(turns), 0, len(best) - 1)]
    out = (grid[-1, winner] - grid) > left[:, None]
    out[:, winner] = False
    return out


def kingmaking(grid: np.ndarray, winner: int, acts: list[tuple[int, int, int]], best: np.ndarray) -> bool:
    """Whether a seat out of the race (:func:`out_of_race` at the end of the turn before) aimed an event
    (``acts``: (turn, actor, target)) at a seat still in the race, while at least two seats were still in
    it — a player who could not win acting on who would."""
    out = out_of_race(grid, winner, best)
    for turn, actor, target in acts:
        row = turn - 2  # the end of the turn before the event's
        if row < 0 or row >= len(out):
            continue
        if out[row, actor] and not out[row, target] and (~out[row]).sum() >= 2:
            return True
    return False


def kingmaking_summary(
    run: Run,
    data: AnalysisSpec,
    level: float = 0.95,
    max_games: int = QUALITY_GAMES,
    scores: pl.DataFrame | None = None,
) -> pl.DataFrame | None:
    """Per player count (3 or more): the share of won games with a kingmaking act (:func:`kingmaking`),
    Wilson interval and n; None without score rules or such games. ``scores``: the sample's running
    scores when already read; the acts are read only when the sample has a game of 3 or more players."""
    if scores is None:
        scores = score_query(run, data, "score_by_turn", max_games)
    if scores is None:
        return None
    games = []
    for (game_id,), frame in scores.partition_by("game_id", as_dict=True, maintain_order=True).items():
        turns, winner = int(frame["turns"][0]), int(frame["winner"][0])
        n = int(frame["seat"].max()) + 1
        if n >= 3:
            games.append((game_id, n, frame["score"].to_numpy().astype(float).reshape(turns, n), winner))
    acts = score_query(run, data, "acts_on_others", max_games) if games else None
    if acts is None:
        return None
    best = best_gains([g[2] for g in games])
    by_game: dict[int, list[tuple[int, int, int]]] = {}
    for game_id, turn, seat, target in acts.iter_rows():
        by_game.setdefault(game_id, []).append((int(turn), int(seat), int(target)))
    rows = []
    for n_players in sorted({g[1] for g in games}):
        these = [g for g in games if g[1] == n_players]
        k = sum(kingmaking(grid, winner, by_game.get(gid, []), best) for gid, _, grid, winner in these)
        lo, hi = wilson(k, len(these), level)
        rows.append(
            (
                n_players,
                "games with a kingmaking act",
                f"{k / len(these):.1%}",
                f"[{lo:.1%}, {hi:.1%}]",
                len(these),
            )
        )
    return pl.DataFrame(
        rows, schema=["players", "figure", "value", "interval", "games"], orient="row", strict=False
    )
