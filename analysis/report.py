"""`cardlab report`: the tables and plots of a run, printed and written as report.md and report.html.

A report says what was run (game, config and card-data hashes, seeds, versions, cards left out), then
win rates by each chosen players-table column (n, Wilson intervals, small samples flagged by
analysis.small_samples, seat-adjusted rates where seats were unbalanced), seat effects, matchups and
ratings, card-level statistics from the events, and the shape of the games: length, end reasons, time to
first score and score curves. Sections that need game-specific meaning of events come from the
game's declaration in the manifest (``Manifest.analysis``, simulate.core.analysis_spec). Each part is one :class:`Builder` of :data:`SECTIONS` (``applies`` / ``build`` /
``otherwise``), so a new section is one entry. A folder of runs (a sweep) gets analysis.sweep's report instead (:func:`build_path`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import polars as pl

from cardlab.simulate.core.analysis_spec import AnalysisSpec
from cardlab.simulate.core.runformat import SWEEP, read_sweep, status_text

from . import (
    card_counts,
    card_sets,
    coop,
    coverage,
    luck,
    plots,
    progress,
    quality,
    seat_effects,
    shape,
    staging,
    standings,
)
from . import card_stats as cards
from .dimensions import default_dimensions
from .queries import query
from .render import Report, Section, to_html, to_markdown, to_text, write
from .runs import Run, RunError
from .small_samples import FLAG, MAX_HALF_WIDTH
from .stats import wilson
from .winrates import MIN_GAMES, winrate_by

__all__ = ["Report", "Section", "build", "build_path", "to_html", "to_markdown", "to_text", "write"]


def _pct(x: float | None) -> str:
    return "" if x is None or x != x else f"{100 * x:.1f}%"


def _ci(lo: float | None, hi: float | None) -> str:
    if lo is None or hi is None or lo != lo or hi != hi:
        return ""
    return f"[{_pct(lo)}, {_pct(hi)}]"


def _signed_pts(x: float | None) -> str:
    return "" if x is None or x != x else f"{100 * x:+.1f}"


def _num(x: float | None, digits: int = 2) -> str:
    return "" if x is None or x != x else f"{x:.{digits}f}"


def _count(x: float) -> str:
    """A count that may hold half wins (shared draws): whole numbers without a decimal point."""
    return str(int(x)) if x == int(x) else f"{x:.1f}"


def _flag(value: bool | None) -> str:
    return FLAG if value else ""


def _file(run_path: Path, stem: str) -> Path:
    return plots.png_path(run_path, stem)


def _rate_rows(frame: pl.DataFrame, label: str) -> pl.DataFrame:
    """Display form of a win-rate frame: counts, rate and interval as text."""
    return pl.DataFrame(
        {
            label: [str(v) for v in frame[frame.columns[0]].to_list()],
            "games": frame["games"].to_list(),
            "wins": [_count(w) for w in frame["wins"].to_list()],
            **({"draws": frame["draws"].to_list()} if "draws" in frame.columns else {}),
            "win rate": [_pct(v) for v in frame["win_rate"].to_list()],
            "95% CI": [_ci(lo, hi) for lo, hi in zip(frame["lower"], frame["upper"], strict=True)],
            "": frame["flag"].to_list(),
        }
    )


def _level_heads(frame: pl.DataFrame, level: float) -> pl.DataFrame:
    """Name interval columns after the level actually used ("90% CI" …)."""
    tag = f"{level:.0%}"
    return frame.rename({c: c.replace("95%", tag) for c in frame.columns if "95%" in c})


# ---- header and how-to -----------------------------------------------------------------------------


def header(run: Run) -> list[tuple[str, str]]:
    m = run.manifest
    totals = run.totals
    return [
        ("run", run.path.name),
        ("game", f"{m.title} ({m.game})"),
        ("status", status_text(run.path, m)),
        (
            "games",
            f"{totals['games'] - totals['failed']:,} played, {totals['failed']:,} failed, "
            f"{totals['turn_caps']:,} hit the turn cap (of {m.n_games:,} planned)",
        ),
        ("players", str(m.n_players)),
        ("strategies", ", ".join(m.strategies) + " (rotated through the seats)"),
        ("config", ", ".join(f"{k}={v}" for k, v in m.config.items()) or "—"),
        ("run seed", str(m.run_seed)),
        ("config hash", m.config_hash),
        ("card-data hash", m.card_data_hash or "—"),
        ("cards left out", f"{m.left_out_cards.get('count', 0)} (behaviour not implemented)"),
        ("versions", ", ".join(f"{k} {v}" for k, v in m.versions.items())),
    ]


def howto(level: float, min_games: int) -> list[str]:
    tag = f"{level:.0%}"
    return [
        f"Each win rate is wins / games for the players with that value, with a {tag} Wilson interval: the "
        "range of true win rates consistent with these games. A win counts 1, a draw shared by k players "
        "1/k (½ between two), a loss or a game nobody won 0 — the same in every table, plot and "
        "comparison. Two values whose intervals overlap a lot are not shown to differ. In an n-player game "
        "the even share is 1/n (dashed line on the plots).",
        f"Rows marked '{FLAG}' rest on fewer than {min_games} games or have an interval wider than "
        f"±{MAX_HALF_WIDTH:.0%}: they are shown, but too uncertain to read as a finding.",
        "Strategies rotate through the seats, so seat advantage does not bias per-strategy figures; it is "
        "reported on its own, by place in turn order (place 1 = the player who took the first turn). Where "
        "some value sat in some place more often than others did, a seat-adjusted rate is added: the rate it "
        "would have had sitting in each place as often as everyone.",
        "A matchup cell is the row's win rate against the column (draws count half); mirror matches say "
        "nothing about a value and are left grey. Ratings (Bradley–Terry for 2 players, Plackett–Luce for "
        "more) separate a value's strength from the strength of the opponents it happened to meet: "
        "'win prob' is its chance to beat average opponents.",
        "Card statistics compare players who did something with a card (gained, played, drew …) with "
        "players who did not, in points of win rate. " + cards.CAVEAT,
        "Score curves show the median running score by turn (line) and the middle 80 % of games (band), "
        "among games still going at that turn.",
    ]


MIRROR_NOTE = (
    " --mirror: each deal was played in every seat rotation, so the games of a deal are not independent;"
    " intervals are clustered by deal (Wilson at the effective number of games, analysis.stats.clustered_rate)."
)


# ---- sections --------------------------------------------------------------------------------------


def _scalar(run: Run, dim: str) -> bool:
    return standings.scalar_text_column(run, dim)


def winrate_sections(
    run: Run,
    dims: list[str],
    level: float,
    min_games: int,
) -> list[Section]:
    out = []
    tag = f"{level:.0%}"
    for dim in dims:
        frame = winrate_by(run, dim, level, min_games)
        image = plots.winrate_plot(frame, dim, _file(run.path, f"winrate_{dim}"), level)
        table = _rate_rows(frame, dim)
        note = f"{tag} Wilson intervals; '{FLAG}' marks too few games or a too-wide interval."
        if run.manifest.mirror:
            note += MIRROR_NOTE
        if _scalar(run, dim):
            adjusted = seat_effects.adjusted_rates(run, dim, level, min_games)
            if adjusted.imbalance > seat_effects.IMBALANCE:
                table = _with_adjusted(table, dim, adjusted.frame)
                note += (
                    f" Seats were not balanced (a value's share of a place in turn order differs from "
                    f"everyone's by up to {adjusted.imbalance:.1%}), so a seat-adjusted rate is added; "
                    f"'{NOT_EVERY_PLACE}' where the value never sat in some place."
                )
            else:
                note += f" Seats were balanced (largest gap in seat share {adjusted.imbalance:.1%})."
        out.append(Section(f"Win rate by {dim}", _level_heads(table, level), image, note, "Win rates"))
    return out


NOT_EVERY_PLACE = "not in every place"


def _with_adjusted(table: pl.DataFrame, dim: str, adjusted: pl.DataFrame) -> pl.DataFrame:
    """Add 'seat-adjusted' and its interval to a display table (one player count: by label; several:
    'n p: rate' joined)."""
    texts: dict[str, list[str]] = {}
    cis: dict[str, list[str]] = {}
    multi = adjusted["n_players"].n_unique() > 1
    for row in adjusted.iter_rows(named=True):
        prefix = f"{row['n_players']}p: " if multi else ""
        # a value that never sat in some place has no adjusted rate (Four Souls' Cain always goes first,
        # FS-2.10); the terminal shows no section notes, so the cell says why it is empty
        rate = _pct(row["adjusted_rate"]) or NOT_EVERY_PLACE
        texts.setdefault(row["label"], []).append(prefix + rate)
        cis.setdefault(row["label"], []).append(prefix + _ci(row["lower"], row["upper"]))
    labels = table[dim].to_list()
    columns = [c for c in table.columns if c != ""]
    return table.with_columns(
        pl.Series("seat-adjusted", ["; ".join(texts.get(v, [])) for v in labels]),
        pl.Series("adjusted 95% CI", ["; ".join(cis.get(v, [])) for v in labels]),
    ).select(*columns, "seat-adjusted", "adjusted 95% CI", "")


def seat_section(run: Run, level: float, min_games: int) -> Section:
    seats = seat_effects.seat_table(run, level, min_games)
    display = pl.DataFrame(
        {
            "place in turn order": [
                f"{n} players, place {p + 1}" + (" (first)" if p == 0 else "")
                for n, p in zip(seats["n_players"], seats["position"], strict=True)
            ],
            "games": seats["games"].to_list(),
            "wins": [_count(w) for w in seats["wins"].to_list()],
            "win rate": [_pct(v) for v in seats["win_rate"].to_list()],
            "95% CI": [_ci(lo, hi) for lo, hi in zip(seats["lower"], seats["upper"], strict=True)],
            "even share": [_pct(v) for v in seats["expected"].to_list()],
            "": [_flag(v) for v in seats["too_few"].to_list()],
        }
    )
    labels = display["place in turn order"].to_list()
    image = plots.interval_plot(
        labels,
        seats["win_rate"].to_list(),
        seats["lower"].to_list(),
        seats["upper"].to_list(),
        _file(run.path, "seats"),
        "Win rate by place in turn order",
        f"win rate ({level:.0%} Wilson interval; dashed = even share)",
        reference=float(seats["expected"][0]) if seats["n_players"].n_unique() == 1 else None,
    )
    return Section(
        "Win rate by place in turn order",
        _level_heads(display, level),
        image,
        "Place 1 took the first turn; a shared draw counts 1/k to each of the k seats that drew. "
        "A place above its even share has an advantage.",
        "Seat effects",
    )


def standings_dims(run: Run, data: AnalysisSpec | None) -> list[str]:
    """strategy and the game's main column, each when it is a text column with 2..30 values."""
    dims = ["strategy"]
    if data is not None and data.main_column and data.main_column != "strategy":
        dims.append(data.main_column)
    return [
        d for d in dims if _scalar(run, d) and 1 < standings.distinct_labels(run, d) <= standings.MAX_LABELS
    ]


def matchup_sections(
    run: Run, dim: str, players: pl.DataFrame, level: float, min_games: int
) -> list[Section]:
    table = standings.matchups(players, level, min_games)
    long = table.long
    labels = sorted(set(long["row"].to_list()) | set(long["col"].to_list()))
    image = plots.matchup_heatmap(long, labels, _file(run.path, f"matchups_{dim}"), f"Matchups by {dim}")
    cell = {
        (r["row"], r["col"]): (
            f"mirror (n={r['games']})"
            if r["mirror"]
            else f"{_pct(r['win_rate'])} {_ci(r['lower'], r['upper'])} n={r['games']}"
            + (" *" if r["too_few"] else "")
        )
        for r in long.iter_rows(named=True)
    }
    note = (
        f"Row's win rate against the column, {level:.0%} Wilson interval and games; draws count half. "
        f"'*' marks {FLAG}. Mirror matches carry no information about the value."
    )
    if len(labels) <= 8:
        display = pl.DataFrame(
            {dim: labels, **{col: [cell.get((row, col), "") for row in labels] for col in labels}}
        )
    else:  # a wide matrix does not fit a page: one row per pair, the heatmap shows the grid
        pairs = long.filter(pl.col("row") < pl.col("col"))
        display = pl.DataFrame(
            {
                dim: pairs["row"].to_list(),
                "against": pairs["col"].to_list(),
                "games": pairs["games"].to_list(),
                "win rate": [_pct(v) for v in pairs["win_rate"].to_list()],
                "95% CI": [_ci(lo, hi) for lo, hi in zip(pairs["lower"], pairs["upper"], strict=True)],
                "": [_flag(v) for v in pairs["too_few"].to_list()],
            }
        )
        display = _level_heads(display, level)
    return [Section(f"Matchups by {dim}", display, image, note, "Matchups and ratings")]


def rating_section(
    run: Run, dim: str, players: pl.DataFrame, two_player: bool, level: float, min_games: int
) -> Section:
    fit = standings.ratings(players, two_player, level, min_games)
    f = fit.frame
    tag = f"{level:.0%}"
    display = pl.DataFrame(
        {
            dim: f["label"].to_list(),
            "games": f["games"].to_list(),
            "first places" if not two_player else "wins": [_count(w) for w in f["wins"].to_list()],
            "rating": [_num(v) for v in f["rating"].to_list()],
            "95% CI": [f"[{_num(lo)}, {_num(hi)}]" for lo, hi in zip(f["lower"], f["upper"], strict=True)],
            "win prob": [_pct(v) for v in f["win_prob"].to_list()],
            "win prob 95% CI": [
                _ci(lo, hi) for lo, hi in zip(f["win_prob_lower"], f["win_prob_upper"], strict=True)
            ],
            "": [_flag(v) for v in f["too_few"].to_list()],
        }
    )
    against = "one average opponent" if two_player else f"{fit.field_size - 1} average opponents"
    note = (
        f"{fit.model} log-strength, centred on 0 (an average opponent), with {tag} intervals from the "
        f"Fisher information; 'win prob' is the chance to beat {against}."
    )
    if not two_player:
        note += " Fitted from who won each game (the first of n); losers are not ordered."
    if fit.prior:
        note += (
            f" Some value never won or never lost, so {fit.prior:g} virtual game per value (half won) was "
            "added against an average opponent to make the fit exist."
        )
    image = plots.interval_plot(
        f["label"].to_list(),
        f["rating"].to_list(),
        f["lower"].to_list(),
        f["upper"].to_list(),
        _file(run.path, f"ratings_{dim}"),
        f"{fit.model} ratings by {dim}",
        f"rating (log-strength, {tag} interval; 0 = average)",
        reference=0.0,
    )
    return Section(
        f"{fit.model} ratings by {dim}", _level_heads(display, level), image, note, "Matchups and ratings"
    )


def card_sections(
    run: Run,
    data: AnalysisSpec,
    level: float,
    min_games: int,
    flagged: dict[str, list[str]] | None = None,
    counts: card_counts.CardCounts | None = None,
) -> list[Section]:
    frame = cards.card_stats(run, data, level, min_games, counts=counts)
    if frame.height:
        frame.write_csv(staging.output(run.path, "card_stats.csv"))
    out = []
    tag = f"{level:.0%}"
    for action in data.card_actions:
        rows, left = cards.shown_rows(frame, action.name)
        if not rows.height:
            continue
        display = pl.DataFrame(
            {
                "card": rows["card"].to_list(),
                "games": rows["games_with"].to_list(),
                "share of games": [_pct(v) for v in rows["game_share"].to_list()],
                "players who did": rows["players_with"].to_list(),
                "win rate": [_pct(v) for v in rows["wr_with"].to_list()],
                "95% CI": [
                    _ci(lo, hi) for lo, hi in zip(rows["with_lower"], rows["with_upper"], strict=True)
                ],
                "players who did not": rows["players_without"].to_list(),
                "win rate without": [_pct(v) for v in rows["wr_without"].to_list()],
                "without 95% CI": [
                    _ci(lo, hi) for lo, hi in zip(rows["without_lower"], rows["without_upper"], strict=True)
                ],
                "improvement (pts)": [_signed_pts(v) for v in rows["iwd"].to_list()],
                "improvement 95% CI": [
                    f"[{_signed_pts(lo)}, {_signed_pts(hi)}]"
                    for lo, hi in zip(rows["iwd_lower"], rows["iwd_upper"], strict=True)
                ],
                "length-matched (pts)": [
                    ""
                    if v is None or v != v
                    else f"{_signed_pts(v)} [{_signed_pts(lo)}, {_signed_pts(hi)}] by turn {t}"
                    for v, lo, hi, t in zip(
                        rows["matched_iwd"],
                        rows["matched_lower"],
                        rows["matched_upper"],
                        rows["matched_turn"],
                        strict=True,
                    )
                ],
                "shrunk (pts)": [
                    _signed_pts(v) if v is not None else "" for v in rows["iwd_shrunk"].to_list()
                ],
                "BH q": [_q(v) for v in rows["bh_q"].to_list()],
                "": [_flag(v) for v in rows["too_few"].to_list()],
                "coverage": coverage.mark(rows["card"].to_list(), flagged or {}),
            }
        )
        image = plots.interval_plot(
            rows["card"].to_list(),
            [100 * v for v in rows["iwd"].to_list()],
            [100 * v for v in rows["iwd_lower"].to_list()],
            [100 * v for v in rows["iwd_upper"].to_list()],
            _file(run.path, f"cards_{action.name}"),
            f"Cards {action.name}: improvement in win rate",
            f"win rate of players who did − who did not (points, {tag} Newcombe interval)",
            reference=0.0,
            marked=frozenset(c for c in rows["card"].to_list() if c in (flagged or {})),
            footnote=_card_plot_footnote(left, flagged or {}, rows["card"].to_list()),
        )
        note = (
            f"Cards a player {action.verb} at least once in a game ({', '.join(action.kinds)} events). "
            "'improvement' "
            "is the win rate of players who did minus that of players who did not (17lands' IWD), with "
            f"Newcombe's hybrid score interval. 'length-matched' compares the seats that had done it by the "
            "card's median first turn with the other seats of games that lasted that long (a card met only in "
            "long games is not compared with short games); 'shrunk' pulls each card toward its kind's mean by "
            "how noisy it is (empirical Bayes: few games, more shrinkage); 'BH q' is the Benjamini–Hochberg "
            "false-discovery value over all cards of this kind — read a card as standing out only when q ≤ 0.05 "
            f"(about 1 in 20 cards that do nothing has a 95% interval that misses 0). {cards.CAVEAT}"
        )
        if left:
            note += f" {left} more cards (the middle of the ranking and '{FLAG}' rows) are in card_stats.csv."
        out.append(
            Section(f"Cards {action.name}", _level_heads(display, level), image, note, "Card statistics")
        )
    return out


def _q(v: float | None) -> str:
    if v is None or v != v:
        return ""
    return "< 0.001" if v < 0.001 else f"{v:.3f}"


def _card_plot_footnote(left: int, flagged: dict[str, list[str]], shown: list[str]) -> str:
    """What a card plot does not show: the cards left out and the marked ones (the plot is read alone)."""
    parts = []
    if left:
        parts.append(
            f"{left} more cards (the middle of the ranking, and rows with too few games) are in card_stats.csv"
        )
    if any(card in flagged for card in shown):
        parts.append("† not evaluated by a policy: used in under 10% of its holdings")
    return "; ".join(parts) + ("." if parts else "")


def length_sections(run: Run, data: AnalysisSpec | None) -> list[Section]:
    out = []
    columns = ["turns"]
    if data is not None and data.rounds_column and data.rounds_column in run.columns("games"):
        columns.append(data.rounds_column)
    for column in columns:
        table = shape.length_table(run, column)
        counts = shape.length_counts(run, column)
        image = plots.count_histogram(
            counts["length"].to_list(),
            counts["games"].to_list(),
            _file(run.path, "game_length" if column == "turns" else f"game_length_{column}"),
            column,
            f"Game length ({column})",
        )
        out.append(
            Section(
                f"Game length ({column})",
                table,
                image,
                "Quantiles per end reason and over all games; 'games' is n.",
                "Game shape",
            )
        )
    return out


def end_reason_section(run: Run, level: float) -> Section:
    return share_section(run, query(run, "end_reasons"), "end_reason", "How games ended", level)


# the games table's own columns (DESIGN: Event log and results); any other column is the game's
BASE_GAMES_COLUMNS = frozenset(
    {
        "game_id",
        "seed",
        "n_players",
        "first_seat",
        "winners",
        "draw",
        "turns",
        "end_reason",
        "decisions",
        "events",
        "config_hash",
        "duration_s",
    }
)


def game_column_sections(run: Run, level: float, limit: int = 30) -> list[Section]:
    """How games were decided, for each text column the game adds to the games table (e.g. Gosu X's
    win_condition: battle tokens, 5th token, 15 cards, Goan Sul, Themis)."""
    out = []
    for name, kind in run.columns("games").items():
        if name in BASE_GAMES_COLUMNS or kind != "VARCHAR":
            continue
        counts = query(run, "games_by", value='"' + name.replace('"', '""') + '"')
        if 1 < counts.height <= limit:
            out.append(share_section(run, counts.rename({"value": name}), name, f"Games by {name}", level))
    return out


def share_section(run: Run, counts: pl.DataFrame, column: str, title: str, level: float) -> Section:
    """Each value's share of all games with its interval, as a table and a bar chart."""
    total = int(counts["games"].sum()) if counts.height else 0
    bounds = [wilson(n, total, level) for n in counts["games"].to_list()]
    display = counts.with_columns(
        pl.Series("share", [_pct(n / total) for n in counts["games"].to_list()]),
        pl.Series("95% CI", [_ci(lo, hi) for lo, hi in bounds]),
    )
    image = plots.share_bars(
        [str(v) for v in counts[column].to_list()],
        counts["games"].to_list(),
        _file(run.path, "end_reasons" if column == "end_reason" else f"games_by_{column}"),
        title,
    )
    return Section(title, _level_heads(display, level), image, "", "Game shape")


def first_score_section(run: Run, data: AnalysisSpec, level: float, min_games: int) -> Section | None:
    counts = shape.first_score_counts(run, data)
    if counts is None or data.first_score is None:
        return None
    summary = shape.first_score_summary(counts, level)
    s = summary.row(0, named=True)
    label = data.first_score.label
    display = pl.DataFrame(
        {
            "games": [s["games"]],
            f"games with {label}": [f"{s['games_scored']:,} ({_pct(s['share_scored'])})"],
            "turn p10": [_num(s["p10"], 0)],
            "turn median": [_num(s["median"], 0)],
            "turn p90": [_num(s["p90"], 0)],
            f"win rate of the seat with {label}": [_pct(s["scorer_win_rate"])],
            "95% CI": [_ci(s["lower"], s["upper"])],
            "": [_flag(s["games_scored"] < min_games)],
        }
    )
    scored = counts.filter(pl.col("turn").is_not_null())
    image = plots.count_histogram(
        scored["turn"].to_list(),
        scored["games"].to_list(),
        _file(run.path, "first_score"),
        "turn",
        f"Turn of the {label}",
    )
    note = (
        f"The turn of each game's {label} ({', '.join(data.first_score.kinds)} events), and how often the "
        "seat that got it went on to win."
    )
    return Section(f"Time to {label}", _level_heads(display, level), image, note, "Game shape")


def score_curve_section(run: Run, data: AnalysisSpec) -> Section | None:
    curves = shape.score_curves(run, data)
    if curves is None or not curves.height:
        return None
    lengths = query(run, "game_length", column="turns")
    p90 = lengths.filter(pl.col("end_reason") == "all")["p90"]
    max_turn = float(p90[0]) if p90.len() and p90[0] is not None else None
    image = plots.score_curve_plot(curves, _file(run.path, "score_curves"), data.score_label, max_turn)
    top = int(max_turn) if max_turn else int(curves["turn"].max())
    marks = sorted({max(1, round(top * q)) for q in (0.25, 0.5, 0.75, 1.0)})
    rows = curves.filter(pl.col("turn").is_in(marks)).sort("n_players", "position", "turn")
    display = pl.DataFrame(
        {
            "players": rows["n_players"].to_list(),
            "place": [p + 1 for p in rows["position"].to_list()],
            "turn": rows["turn"].to_list(),
            "games": rows["games"].to_list(),
            f"median {data.score_label}": [_num(v, 1) for v in rows["median"].to_list()],
            "10–90 % band": [
                f"{_num(lo, 1)} – {_num(hi, 1)}" for lo, hi in zip(rows["p10"], rows["p90"], strict=True)
            ],
        }
    )
    start = curves.filter((pl.col("turn") == 0) & (pl.col("position") == 0))
    sampled = int(start["games"].sum()) if start.height else None
    note = (
        f"Running {data.score_label} by turn per place in turn order (place 1 = first player), over games still "
        "going at that turn; the plot runs to the 90th percentile of game length."
    )
    if sampled is not None:
        note += f" Based on {sampled:,} games (every k-th game, at most about {shape.SCORE_CURVE_GAMES:,})."
    return Section(f"{data.score_label.capitalize()} by turn", display, image, note, "Game shape")


# ---- the report: a list of section builders ------------------------------------------------------


class Context:
    """What the section builders of one report share: the run, the options, and figures computed once
    (the game's data, who sat first, a co-op result …), each when first asked for."""

    def __init__(self, run: Run, by: list[str] | None, level: float, min_games: int) -> None:
        self.run, self.by, self.level, self.min_games = run, by, level, min_games
        self.notes: list[str] = []
        self.warnings: list[str] = []

    @cached_property
    def data(self) -> AnalysisSpec | None:
        return self.run.analysis

    @cached_property
    def dims(self) -> list[str]:
        """The players columns win rates are broken down by: the chosen ones, or the game's."""
        return self.by or default_dimensions(self.run)

    @cached_property
    def team(self) -> Section | None:
        """The solo/co-op section (the chance of beating the timer); None for a competitive run."""
        return coop.section(self.run, self.level)

    @cached_property
    def two_player(self) -> bool:
        return self.run.db.execute("SELECT max(n_players) FROM games").fetchall()[0][0] == 2

    @cached_property
    def has_events(self) -> bool:
        return bool(self.run.db.execute("SELECT EXISTS (SELECT 1 FROM events)").fetchall()[0][0])

    @property
    def competitive(self) -> bool:
        return self.team is None

    @property
    def event_figures(self) -> bool:
        """The game says what its events mean and the run logged them."""
        return self.data is not None and self.has_events


@dataclass(frozen=True, slots=True)
class Builder:
    """One part of a report: ``build`` gives its sections when ``applies``; otherwise ``otherwise`` gives
    the note saying what is not shown and why (or nothing). A new section is one entry in SECTIONS."""

    name: str
    build: Callable[[Context], list[Section]]
    applies: Callable[[Context], bool] = lambda ctx: True
    otherwise: Callable[[Context], str | None] = lambda ctx: None


def _standings(ctx: Context) -> list[Section]:
    out: list[Section] = []
    for dim in standings_dims(ctx.run, ctx.data):
        players = standings.labelled_players(ctx.run, dim)  # one label's players at a time (issue 20)
        if ctx.two_player:
            out += matchup_sections(ctx.run, dim, players, ctx.level, ctx.min_games)
        try:
            out.append(rating_section(ctx.run, dim, players, ctx.two_player, ctx.level, ctx.min_games))
        except ValueError as exc:
            ctx.notes.append(f"ratings by {dim}: {exc}")
    return out


def _cards(ctx: Context) -> list[Section]:
    """What the players used (issue 13), then the card figures, then what the game cannot count: all from
    one scan of the events per chunk of games (analysis.card_counts, issue 20)."""
    out: list[Section] = []
    counts = card_counts.count(ctx.run, ctx.data)
    used = coverage.coverage(ctx.run, ctx.level, counts)
    if used is not None:
        coverage.write_csv(used, ctx.run.path)
        out += coverage.sections(ctx.run, used, ctx.level)
        ctx.warnings += [w for w in (coverage.warning(used),) if w]
    if ctx.data.card_actions:
        flagged = coverage.not_evaluated(used)
        out += card_sections(ctx.run, ctx.data, ctx.level, ctx.min_games, flagged, counts)
        out += card_sets.sections(ctx.run, ctx.data, ctx.level, counts)  # a run over several sets (issue 19)
    ctx.notes += [f"card statistics: {missing}" for missing in ctx.data.missing]
    return out


def _no_event_figures(ctx: Context) -> str:
    what = "card statistics, time to first score and score curves"
    if ctx.data is None:
        return f"{what}: the game '{ctx.run.game}' declares no analysis data (GameSpec.analysis)"
    return f"{what}: the run logged no events (--no-events)"


def _listed(name: str, title: str, note: str) -> Callable[[Context], list[Section]]:
    """The first rows of one of the run's lists (turn caps, failures), when it has any."""

    def build(ctx: Context) -> list[Section]:
        rows = query(ctx.run, name)
        return [Section(title, rows, note=note, group="Game shape")] if rows.height else []

    return build


def _one(section: Section | None) -> list[Section]:
    return [] if section is None else [section]


_SHARED = "not shown for a solo/co-op run (seats share one result)"

SECTIONS: list[Builder] = [
    Builder("co-op", lambda ctx: [ctx.team], applies=lambda ctx: not ctx.competitive),
    Builder(
        "win rates",
        lambda ctx: winrate_sections(ctx.run, ctx.dims, ctx.level, ctx.min_games),
    ),
    Builder(
        "luck and skill",
        lambda ctx: [
            section
            for dim in [d for d in ctx.dims if d != "strategy"][:1]
            for section in _one(luck.section(ctx.run, dim, ctx.level, ctx.min_games))
        ],
        applies=lambda ctx: ctx.competitive,
    ),
    Builder(
        "seat effects",
        lambda ctx: [seat_section(ctx.run, ctx.level, ctx.min_games)],
        applies=lambda ctx: ctx.competitive,
        otherwise=lambda ctx: f"win rate by place in turn order: {_SHARED}",
    ),
    Builder(
        "matchups and ratings",
        _standings,
        applies=lambda ctx: ctx.competitive,
        otherwise=lambda ctx: f"matchups and ratings: {_SHARED}",
    ),
    Builder("cards", _cards, applies=lambda ctx: ctx.event_figures, otherwise=_no_event_figures),
    Builder("game length", lambda ctx: length_sections(ctx.run, ctx.data)),
    Builder("end reasons", lambda ctx: [end_reason_section(ctx.run, ctx.level)]),
    Builder("game columns", lambda ctx: game_column_sections(ctx.run, ctx.level)),
    Builder(
        "first score",
        lambda ctx: _one(first_score_section(ctx.run, ctx.data, ctx.level, ctx.min_games)),
        applies=lambda ctx: ctx.event_figures,
    ),
    Builder(
        "score curves",
        lambda ctx: _one(score_curve_section(ctx.run, ctx.data)),
        applies=lambda ctx: ctx.event_figures,
    ),
    Builder(
        "quality",
        lambda ctx: _one(quality.section(ctx.run, ctx.data, ctx.level)),
        applies=lambda ctx: ctx.event_figures,
    ),
    Builder("choices", lambda ctx: _one(quality.choice_section(ctx.run, ctx.level))),
    Builder(
        "turn caps",
        _listed(
            "turn_caps",
            "Games that hit the turn cap (first 20)",
            "Replay one with `cardlab replay RUN --game N`.",
        ),
    ),
    Builder(
        "failed games",
        _listed(
            "errors_list", "Failed games (first 20)", "Reproduce one with `cardlab replay RUN --game N`."
        ),
    ),
]


def build(run: Run, by: list[str] | None = None, level: float = 0.95, min_games: int = MIN_GAMES) -> Report:
    """The report of one run: each builder of SECTIONS in order, its sections or its note."""
    ctx = Context(run, by, level, min_games)
    report = Report(run.path, run.path.name, header(run), howto=howto(level, min_games))
    with staging.building(run.path, report) as report.staging:  # its files move in when it is written
        for builder in progress.steps(SECTIONS, f"report {run.path.name}", lambda b: b.name):
            if builder.applies(ctx):
                report.sections += builder.build(ctx)
            else:
                note = builder.otherwise(ctx)
                if note:
                    ctx.notes.append(note)
    report.notes, report.warnings = ctx.notes, ctx.warnings
    return report


def build_path(
    path: str | Path, by: list[str] | None = None, level: float = 0.95, min_games: int = MIN_GAMES
) -> Report:
    """The report of a run folder, or of a sweep: a folder whose sub-folders are runs (each with its
    manifest.json). Anything else raises RunError with one line, as Run.open does."""
    from .ladder import RECORD as LADDER
    from .ladder import build_ladder
    from .mixed_games import build_games, games_of
    from .robust import RECORD, build_ensemble
    from .sweep import build_sweep, no_point_yet, sweep_runs

    folder = Path(path)
    if (folder / RECORD).is_file():  # a policy ensemble (`cardlab robust`)
        return build_ensemble(folder, by, level, min_games)
    if (folder / LADDER).is_file():  # a skill ladder (`cardlab ladder`)
        if by or min_games != MIN_GAMES:  # both were ignored, silently
            given = f"--by {by[0]}" if by else f"--min-games {min_games}"
            raise RunError(
                f"{given}: a ladder's report rates its policies (cells flagged under {MIN_GAMES} games), with "
                f"no players-column tables; report one of its runs for those: cardlab report {folder}/RUN {given}"
            )
        return build_ladder(folder, level)
    if folder.is_dir() and not (folder / "manifest.json").exists():
        runs = sweep_runs(folder)
        groups = games_of(runs) if runs and not (folder / SWEEP).is_file() else {}
        if len(groups) > 1:  # runs of several games: one part each, never one table (analysis.mixed_games)
            return build_games(folder, groups, by, level, min_games)
        if runs:
            return build_sweep(folder, runs, by, level, min_games)
        if (folder / SWEEP).is_file():  # a sweep stopped before its first point had a manifest
            raise no_point_yet(folder, read_sweep(folder))
    return build(Run.open(folder), by, level, min_games)
