"""Matchup matrices and strength ratings of a run, for the report.

The statistics live in analysis.matchups and analysis.ratings; this module picks what a run gets:
2-player runs a matchup matrix and Bradley–Terry ratings, multiplayer runs Plackett–Luce ratings from the
winners. Only four narrow players columns leave DuckDB (``sql/players_labels.sql``): two million rows
for a million 2-player games, a few tens of megabytes.
"""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl

from .matchups import Matchups, matchup_table
from .queries import query
from .ratings import bt_ratings, plackett_luce
from .runs import Run
from .small_samples import MAX_HALF_WIDTH, MIN_GAMES, too_few_expr

MAX_LABELS = 30  # a matchup matrix wider than this is unreadable; ratings still cover every label


def scalar_text_column(run: Run, column: str) -> bool:
    return run.columns("players").get(column) == "VARCHAR"


def labelled_players(run: Run, label: str) -> pl.DataFrame:
    """``game_id, seat, result, label`` of every player-seat (``label`` is a checked text column)."""
    if not scalar_text_column(run, label):
        raise ValueError(f"players column {label!r} is not a text column")
    quoted = '"' + label.replace('"', '""') + '"'
    return query(run, "players_labels", label=quoted)


def distinct_labels(run: Run, label: str) -> int:
    quoted = '"' + label.replace('"', '""') + '"'
    return int(run.db.execute(f"SELECT count(DISTINCT {quoted}) FROM players").fetchall()[0][0])


def matchups(
    players: pl.DataFrame,
    level: float = 0.95,
    min_games: int = MIN_GAMES,
    max_half_width: float = MAX_HALF_WIDTH,
) -> Matchups:
    return matchup_table(players, "label", level=level, min_games=min_games, max_half_width=max_half_width)


@dataclass(slots=True)
class Ratings:
    frame: pl.DataFrame  # label, rating, se, lower, upper, games, wins, win_prob, …, too_few
    model: str  # "Bradley–Terry" or "Plackett–Luce"
    prior: float  # virtual games per label added to make the fit exist (0 = plain maximum likelihood)
    field_size: int


def ratings(
    players: pl.DataFrame,
    two_player: bool,
    level: float = 0.95,
    min_games: int = MIN_GAMES,
    max_half_width: float = MAX_HALF_WIDTH,
) -> Ratings:
    """Bradley–Terry (2 players) or Plackett–Luce (more) ratings. When some label never won or never lost,
    plain maximum likelihood has no finite answer; then one virtual game per label (half won) is added,
    and the report says so. Raises ValueError when no game ranks anyone (every game hit the turn cap)."""
    model = "Bradley–Terry" if two_player else "Plackett–Luce"
    field_size = int(players.group_by("game_id").len()["len"].mode().sort()[0])
    frame = None
    used_prior = 0.0
    for prior in (0.0, 1.0):
        try:
            if two_player:
                frame = bt_ratings(players, "label", level=level, prior=prior)
            else:
                frame = plackett_luce(players, "label", level=level, prior=prior)
            used_prior = prior
            break
        except ValueError:
            continue
    if frame is None:  # e.g. no game has a winner (all turn caps): nothing to rate
        raise ValueError("no game ranks anyone")
    # win_prob's interval from the rating's Wald interval; flag with the same rule as every rate
    frame = frame.with_columns(
        too_few_expr("games", "win_prob_lower", "win_prob_upper", min_games, max_half_width)
    )
    return Ratings(frame, model, used_prior, field_size)
