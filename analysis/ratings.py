"""Strength ratings: Bradley–Terry for 2-player runs, Plackett–Luce for multiplayer runs.

A raw win rate mixes a label's strength with the strength of the opponents it happened to meet; a rating
separates the two. Both models give each label a log-strength θ and say that, from a set R of players,
player i comes out on top with probability exp(θ_i) / Σ_{j∈R} exp(θ_j). Bradley–Terry is the case |R| = 2.

One engine fits both: the data are *choices* — "from this set of labels, this one came first" — each with
a weight. It is fitted with the MM algorithm of Hunter (2004, Ann. Statist. 32:384–406), which increases
the likelihood at every step and needs no step size; intervals come from the Fisher information.

Why Plackett–Luce rather than pairwise Bradley–Terry on placements for multiplayer games: splitting a
4-player game into its 6 pairs counts one game as six independent comparisons, which makes intervals far
too narrow, and when only the winner is recorded (the players table's ``result``) there are no pairwise
outcomes between the losers to split into. Plackett–Luce uses exactly what the table knows: "the winner
came first out of these n", plus later places when a ``placement`` column exists.

Identifiability: only differences of θ are defined, so ratings are centred to mean 0 over labels, and an
"average opponent" has θ = 0. The maximum likelihood estimate exists only when every label has both won
and lost against the rest (Hunter's Assumption 1: the "beat" graph is strongly connected); otherwise
:func:`fit_choices` raises ``ValueError``, unless ``prior`` > 0 adds ``prior`` virtual games per label, split
evenly, against a fixed average opponent — a mild pull towards 0 that vanishes as games accumulate.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import polars as pl

from cardlab.analysis.matchups import head_to_head, with_win_share
from cardlab.analysis.stats import z_for


@dataclass(slots=True)
class Choices:
    """Weighted choice data: in choice s, label ``chosen[s]`` came first among ``members[s]``.

    ``members`` is (choices × seats) of label indices padded with −1; a label may appear in a row more than
    once (two seats with the same label), each seat counting as one entrant with that label's strength.
    ``weight`` lets ties count fractionally (a draw between two is half a choice each).
    """

    members: np.ndarray
    chosen: np.ndarray
    weight: np.ndarray
    n_labels: int
    game_rows: np.ndarray | None = None  # placement_choices: each choice's game, an index into ``games``
    games: list | None = None  # placement_choices: the game keys in index order


@dataclass(slots=True)
class Fit:
    """Result of :func:`fit_choices`: centred log-strengths, their covariance, and how the fit went."""

    theta: np.ndarray
    cov: np.ndarray
    iterations: int
    converged: bool


def _with_prior(data: Choices, prior: float) -> Choices:
    """Append ``prior`` virtual games per label against a virtual label (index n_labels, θ fixed at 0),
    half won and half lost."""
    k = data.n_labels
    if prior <= 0:
        return data
    width = max(data.members.shape[1], 2)
    pad = np.full((data.members.shape[0], width), -1, dtype=np.int64)
    pad[:, : data.members.shape[1]] = data.members
    labels = np.arange(k)
    virtual = np.full((2 * k, width), -1, dtype=np.int64)
    virtual[:, 0] = np.tile(labels, 2)
    virtual[:, 1] = k
    chosen = np.concatenate([labels, np.full(k, k)])
    return Choices(
        members=np.vstack([pad, virtual]),
        chosen=np.concatenate([data.chosen, chosen]),
        weight=np.concatenate([data.weight, np.full(2 * k, prior / 2)]),
        n_labels=k,
    )


def check_identifiable(data: Choices, labels: Sequence[str] | None = None) -> None:
    """Raise ``ValueError`` naming the problem when the ratings have no finite maximum likelihood estimate
    (the directed graph "i came first while j was present" is not strongly connected)."""
    k = data.n_labels
    beat = np.zeros((k, k), dtype=bool)
    for col in range(data.members.shape[1]):
        other = data.members[:, col]
        ok = (other >= 0) & (other < k) & (other != data.chosen) & (data.chosen < k) & (data.weight > 0)
        beat[data.chosen[ok], other[ok]] = True
    # reach from label 0 along "beat" edges: a label out of reach sits in a group that never lost to the
    # rest; along reversed edges, in a group that never beat the rest (a label with no games is both)
    for verb, graph in (("lost to", beat), ("beat", beat.T)):
        reach = np.zeros(k, dtype=bool)
        reach[0] = True
        frontier = reach.copy()
        while frontier.any():
            new = graph[frontier].any(axis=0) & ~reach
            reach |= new
            frontier = new
        if not reach.all():
            outside = int(np.flatnonzero(~reach)[0])
            name = labels[outside] if labels is not None else f"label index {outside}"
            raise ValueError(
                f"ratings are not identifiable: {name!r} (alone or with a group) never {verb} the other "
                "labels it met, so its strength has no finite estimate; play more games or pass prior > 0"
            )


def _denominators(members: np.ndarray, gamma: np.ndarray) -> np.ndarray:
    strengths = np.where(members >= 0, gamma[np.maximum(members, 0)], 0.0)
    return strengths.sum(axis=1)


def fit_choices(
    data: Choices,
    prior: float = 0.0,
    tol: float = 1e-10,
    max_iter: int = 20_000,
    start: np.ndarray | None = None,
    labels: Sequence[str] | None = None,
) -> Fit:
    """Maximum likelihood log-strengths by Hunter's MM update, centred to mean 0, with covariance.

    MM update (Hunter 2004), with w_i the weighted number of times i came first:
        γ_i ← w_i / Σ_s weight_s · count_i(R_s) / Σ_{j∈R_s} γ_j
    Covariance: the inverse Fisher information of the centred θ. Per choice the information is
        weight_s · (diag(q_s) − q_s q_sᵀ),  q_s = each label's share of Σ_{j∈R_s} γ_j,
    summed over choices; it is singular along (1, …, 1), so the covariance of the centred θ is
    C · pinv(I) · C with C = I − 11ᵀ/k.
    """
    k = data.n_labels
    if prior <= 0:
        check_identifiable(data, labels)
    full = _with_prior(data, prior)
    size = k + 1 if prior > 0 else k
    members, chosen, weight = full.members, full.chosen, full.weight
    wins = np.bincount(chosen, weights=weight, minlength=size)
    gamma = np.ones(size) if start is None else np.append(np.exp(start), [1.0] * (size - k))
    log_old = np.log(gamma[:k])
    converged = False
    iterations = 0
    valid = members >= 0
    flat_members = members[valid]
    while iterations < max_iter:
        iterations += 1
        denom = _denominators(members, gamma)
        per_seat = np.broadcast_to((weight / denom)[:, None], members.shape)[valid]
        expected = np.bincount(flat_members, weights=per_seat, minlength=size)
        new = gamma.copy()
        new[:k] = wins[:k] / expected[:k]
        if prior <= 0:
            new /= math.exp(np.log(new).mean())
        gamma = new
        log_new = np.log(gamma[:k])
        if np.max(np.abs(log_new - log_old)) < tol:
            converged = True
            break
        log_old = log_new
    if not converged:
        warnings.warn(f"rating fit did not converge in {max_iter} iterations", RuntimeWarning, stacklevel=2)
    theta = np.log(gamma[:k])
    info = _information(members, weight, gamma, size)[:k, :k]
    centre = np.eye(k) - 1.0 / k
    cov = centre @ np.linalg.pinv(info) @ centre
    return Fit(theta=theta - theta.mean(), cov=cov, iterations=iterations, converged=converged)


def _information(members: np.ndarray, weight: np.ndarray, gamma: np.ndarray, size: int) -> np.ndarray:
    """Fisher information of θ: Σ_s weight_s (diag(q_s) − q_s q_sᵀ), accumulated seat by seat."""
    valid = members >= 0
    idx = np.maximum(members, 0)
    strengths = np.where(valid, gamma[idx], 0.0)
    share = strengths / strengths.sum(axis=1, keepdims=True)
    info = np.zeros((size, size))
    np.add.at(info, (idx[valid], idx[valid]), (weight[:, None] * share)[valid])
    for a in range(members.shape[1]):
        for b in range(members.shape[1]):
            both = valid[:, a] & valid[:, b]
            np.add.at(info, (idx[both, a], idx[both, b]), -(weight * share[:, a] * share[:, b])[both])
    return info


def _frame(
    labels: Sequence[str],
    fit: Fit,
    games: np.ndarray,
    wins: np.ndarray,
    level: float,
    field_size: int,
) -> pl.DataFrame:
    """The ratings table; ``win_prob`` is the chance of finishing first against ``field_size − 1``
    average opponents (θ = 0): e^θ / (e^θ + field_size − 1)."""
    z = z_for(level)
    se = np.sqrt(np.clip(np.diag(fit.cov), 0, None))
    lower, upper = fit.theta - z * se, fit.theta + z * se

    def prob(t: np.ndarray) -> np.ndarray:
        return np.exp(t) / (np.exp(t) + field_size - 1)

    return pl.DataFrame(
        {
            "label": list(labels),
            "rating": fit.theta,
            "se": se,
            "lower": lower,
            "upper": upper,
            "games": games.astype(np.int64),
            "wins": wins,
            "win_prob": prob(fit.theta),
            "win_prob_lower": prob(lower),
            "win_prob_upper": prob(upper),
        }
    ).sort("rating", descending=True)


def bradley_terry(
    wins: np.ndarray,
    labels: Sequence[str],
    level: float = 0.95,
    prior: float = 0.0,
    bootstrap: int = 0,
    rng: np.random.Generator | None = None,
) -> pl.DataFrame:
    """Bradley–Terry ratings from a square win matrix: ``wins[i, j]`` = games label i won against label j,
    a draw adding ½ to both cells. The diagonal (mirror matches) is ignored.

    Returns ``label, rating, se, lower, upper, games, wins, win_prob, win_prob_lower, win_prob_upper``
    sorted by rating; ``rating`` is the centred log-strength, so P(i beats j) = 1 / (1 + e^(θ_j − θ_i)),
    and ``win_prob`` is P(beating an average opponent) = 1 / (1 + e^(−θ_i)). Intervals are Wald intervals
    from the Fisher information. With ``bootstrap`` = B > 0, adds ``boot_lower`` / ``boot_upper``: percentile
    intervals from B parametric bootstrap replicates (each pair's games redrawn as binomial with the fitted
    probability, seeded by ``rng``) — better than Wald for small, lopsided samples. Replicates without a finite
    estimate (possible when a pair has few games) are dropped; their count is in ``boot_dropped``.
    """
    wins = np.asarray(wins, dtype=float).copy()
    k = wins.shape[0]
    if wins.shape != (k, k) or len(labels) != k:
        raise ValueError("wins must be a square matrix with one label per row")
    if (wins < 0).any():
        raise ValueError("wins must be non-negative")
    np.fill_diagonal(wins, 0.0)
    data = _matrix_choices(wins)
    fit = fit_choices(data, prior, labels=labels)
    games = wins + wins.T
    frame = _frame(labels, fit, games.sum(axis=1), wins.sum(axis=1), level, field_size=2)
    if bootstrap <= 0:
        return frame
    rng = rng if rng is not None else np.random.default_rng()
    n_pairs = np.rint(np.triu(games, 1)).astype(np.int64)
    prob = 1.0 / (1.0 + np.exp(fit.theta[None, :] - fit.theta[:, None]))
    draws, dropped = [], 0
    for _ in range(bootstrap):
        upper_wins = rng.binomial(n_pairs, np.triu(prob, 1))
        sample = upper_wins + (n_pairs - upper_wins).T
        try:
            draws.append(fit_choices(_matrix_choices(sample.astype(float)), prior, start=fit.theta).theta)
        except ValueError:
            dropped += 1
    if len(draws) < bootstrap / 2:
        raise ValueError(f"bootstrap failed: {dropped} of {bootstrap} replicates had no finite estimate")
    tail = (1 - level) / 2 * 100
    low, high = np.percentile(np.array(draws), [tail, 100 - tail], axis=0)
    boot = pl.DataFrame({"label": list(labels), "boot_lower": low, "boot_upper": high})
    return frame.join(boot, on="label", how="left").with_columns(pl.lit(dropped).alias("boot_dropped"))


def _matrix_choices(wins: np.ndarray) -> Choices:
    i, j = np.nonzero(wins)
    return Choices(
        members=np.stack([i, j], axis=1).astype(np.int64),
        chosen=i.astype(np.int64),
        weight=wins[i, j],
        n_labels=wins.shape[0],
    )


def win_matrix(
    players: pl.DataFrame,
    label: str = "label",
    result: str = "result",
    game: str = "game_id",
    seat: str = "seat",
) -> tuple[np.ndarray, list[str]]:
    """The win matrix of a 2-player players table (draws and turn caps as ½ to each side) and its labels."""
    pairs = head_to_head(players, label, result, game, seat)
    labels = sorted(set(pairs["row"].to_list()))
    index = {name: n for n, name in enumerate(labels)}
    wins = np.zeros((len(labels), len(labels)))
    totals = pairs.group_by("row", "col").agg(pl.col("outcome").sum())
    for row, col, value in totals.iter_rows():
        wins[index[row], index[col]] += value
    return wins, labels


def bt_ratings(
    players: pl.DataFrame,
    label: str = "label",
    result: str = "result",
    game: str = "game_id",
    seat: str = "seat",
    level: float = 0.95,
    prior: float = 0.0,
    bootstrap: int = 0,
    seed: int | None = None,
) -> pl.DataFrame:
    """Bradley–Terry ratings of a 2-player players table (see :func:`bradley_terry`); ``seed`` seeds the
    bootstrap's ``numpy.random.Generator``."""
    wins, labels = win_matrix(players, label, result, game, seat)
    return bradley_terry(wins, labels, level, prior, bootstrap, np.random.default_rng(seed))


def cluster_robust_cov(data: Choices, fit: Fit, groups: np.ndarray, level: float = 0.95) -> np.ndarray:
    """The sandwich covariance of the centred θ when choices come in clusters that are not independent
    (``groups[s]``: choice s's cluster — the deal of a ``--mirror`` ladder): cov · B · cov, with B =
    G/(G−1) Σ_g U_g U_gᵀ and U_g the sum of the score vectors w_s(e_chosen − Σ_seats q_seat e_seat) of the
    cluster's choices (each sums to 0 over labels, so the centring passes through). Capped like
    ``stats.clustered_rate``: with fewer than ``stats.FEW_CLUSTERS`` clusters no variance below the Fisher
    one, and every variance times the t correction (``stats.small_sample_factor``)."""
    from cardlab.analysis.stats import FEW_CLUSTERS, small_sample_factor

    k = data.n_labels
    gamma = np.exp(fit.theta)
    valid = data.members >= 0
    idx = np.maximum(data.members, 0)
    strengths = np.where(valid, gamma[idx], 0.0)
    share = strengths / strengths.sum(axis=1, keepdims=True)
    scores = np.zeros((len(data.chosen), k))
    rows = np.arange(len(data.chosen))
    np.add.at(scores, (rows, data.chosen), data.weight)
    for col in range(data.members.shape[1]):
        ok = valid[:, col]
        np.add.at(scores, (rows[ok], idx[ok, col]), -(data.weight * share[:, col])[ok])
    labels, inverse = np.unique(groups, return_inverse=True)
    n_groups = len(labels)
    if n_groups < 2:
        return np.full_like(fit.cov, np.nan)
    per_group = np.zeros((n_groups, k))
    np.add.at(per_group, inverse, scores)
    meat = n_groups / (n_groups - 1) * per_group.T @ per_group
    robust = fit.cov @ meat @ fit.cov
    var = np.clip(np.diag(robust), 0, None)
    if n_groups < FEW_CLUSTERS:
        var = np.maximum(var, np.diag(fit.cov))
    var = var * small_sample_factor(n_groups, level)
    scale = np.sqrt(np.divide(var, np.diag(robust), out=np.ones(k), where=np.diag(robust) > 0))
    return robust * np.outer(scale, scale) + np.diag(np.where(np.diag(robust) > 0, 0.0, var))


def placement_choices(
    players: pl.DataFrame,
    label: str = "label",
    placement: str | None = None,
    result: str = "result",
    game: str = "game_id",
) -> tuple[Choices, list[str], np.ndarray]:
    """Turn per-game results into Plackett–Luce choices; also returns labels and each label's game count.

    With ``placement`` (1 = best; ties allowed; null = unplaced, behind everyone placed), each placement
    group G, in order, is a choice from the seats not yet placed. Without it, the winners of ``result``
    (win, or a shared draw) form the only group: "the winner came first out of all n" — the exact
    likelihood of what the players table records. A group of k tied seats counts as k choices of weight
    1/k, so in 2-player games a draw is half a win for each side, exactly as in Bradley–Terry.
    Games with no group (turn caps) and choices among a single remaining seat carry no information.
    """
    if placement is None:
        scored = with_win_share(players, result, game)
        ranks = pl.when(pl.col("win_share") > 0).then(1).otherwise(None)
    else:
        ranks = pl.col(placement).rank("dense").over(game)
        scored = players
    frame = (
        scored.select(pl.col(game).alias("_g"), pl.col(label).cast(pl.String).alias("_l"), ranks.alias("_r"))
        .with_columns(pl.col("_g").rank("dense").cast(pl.Int64).alias("_gi") - 1)
        .sort("_gi")
        .with_columns(pl.int_range(pl.len()).over("_gi").alias("_pos"))
    )
    labels = sorted(frame["_l"].unique().to_list())
    index = {name: n for n, name in enumerate(labels)}
    n_games = int(frame["_gi"].max()) + 1 if frame.height else 0
    width = int(frame["_pos"].max()) + 1 if frame.height else 0
    gi, pos = frame["_gi"].to_numpy(), frame["_pos"].to_numpy()
    lab = np.full((n_games, width), -1, dtype=np.int64)
    rank = np.full((n_games, width), np.nan)
    lab[gi, pos] = [index[name] for name in frame["_l"].to_list()]
    rank[gi, pos] = frame["_r"].cast(pl.Float64).fill_null(np.inf).to_numpy()
    games = np.bincount(
        frame.unique(["_gi", "_l"])["_l"].replace_strict(index).to_numpy(), minlength=len(labels)
    )
    members, chosen, weight, rows = [], [], [], []
    finite = rank[np.isfinite(rank)]
    for value in np.unique(finite):
        remaining = rank >= value  # NaN padding compares False
        group = rank == value
        size = group.sum(axis=1)
        useful = (remaining.sum(axis=1) > 1) & (size > 0)
        for p in range(width):
            pick = useful & group[:, p]
            if not pick.any():
                continue
            members.append(np.where(remaining[pick], lab[pick], -1))
            chosen.append(lab[pick, p])
            weight.append(1.0 / size[pick])
            rows.append(np.flatnonzero(pick))
    if not members:
        raise ValueError("no game in the table ranks anyone: nothing to rate")
    data = Choices(np.vstack(members), np.concatenate(chosen), np.concatenate(weight), len(labels))
    data.game_rows = np.concatenate(rows)
    data.games = frame.unique("_gi").sort("_gi")["_g"].to_list()
    return data, labels, games


def plackett_luce(
    players: pl.DataFrame,
    label: str = "label",
    placement: str | None = None,
    result: str = "result",
    game: str = "game_id",
    level: float = 0.95,
    prior: float = 0.0,
    field_size: int | None = None,
    cluster: str | None = None,
) -> pl.DataFrame:
    """Plackett–Luce ratings from per-game placements (or winners only) of a players table of any size.

    Same columns as :func:`bradley_terry` (without bootstrap); ``wins`` is the weighted number of first
    places. ``win_prob`` is the chance of winning a ``field_size``-player game against average opponents,
    e^θ / (e^θ + field_size − 1); by default ``field_size`` is the most common number of seats per game.
    On a 2-player table this gives the same ratings as :func:`bt_ratings`. ``cluster``: a column grouping
    games that are not independent (the deal of a ``--mirror`` ladder); the intervals are then the
    cluster-robust ones (:func:`cluster_robust_cov`).
    """
    data, labels, games = placement_choices(players, label, placement, result, game)
    fit = fit_choices(data, prior, labels=labels)
    if cluster is not None:
        of_game = dict(players.select(game, cluster).unique(game).iter_rows())
        groups = np.array([of_game[g] for g in data.games])[data.game_rows]
        fit.cov = cluster_robust_cov(data, fit, groups, level)
    if field_size is None:
        sizes = players.group_by(game).len()["len"]
        field_size = int(sizes.mode().sort()[0])
    firsts = _first_places(players, label, placement, result, game, labels)
    return _frame(labels, fit, games, firsts, level, field_size)


def _first_places(
    players: pl.DataFrame, label: str, placement: str | None, result: str, game: str, labels: list[str]
) -> np.ndarray:
    """Each label's first places, a first place shared by k seats counting 1/k."""
    if placement is None:
        share = with_win_share(players, result, game).rename({"win_share": "_w"})
    else:
        top = players.filter(pl.col(placement) == pl.col(placement).min().over(game))
        share = top.with_columns((1.0 / pl.len().over(game)).alias("_w"))
    sums = share.group_by(pl.col(label).cast(pl.String)).agg(pl.col("_w").sum())
    out = dict(sums.iter_rows())
    return np.array([out.get(name, 0.0) for name in labels])
