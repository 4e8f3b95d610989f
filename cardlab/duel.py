"""Two policies on the same deals (`cardlab duel GAME -s A -s B`): how much better A plays than B, with the
deals' luck taken out.

A game's seed fixes its deal (characters, decks, who starts), and in some games the deal decides much of the
result: over a few dozen games, "A won 47 %" can mean A is weaker, or that the deals were unkind to A's
seats. A duel plays two runs on the same seeds and seatings:

- run ``a``: A in one seat, B in every other (A moving one seat a game, as `cardlab simulate` rotates);
- run ``b``: B in every seat, so in each game B sits where A sat, on the same deal, against the same B.

Game by game, A's result in run ``a`` is paired with B's result in A's seat in run ``b``: the paired
difference θ = p_A − p_B (Newcombe's interval for paired proportions, ``analysis.paired``) is what
A's play gains over B's in that seat, and an even share (1/players) plus θ estimates A's win share against B
with the deals' luck out. The pairing helps as much as the two results agree game by game: ``phi`` is
their correlation, and ``worth`` how many unpaired games each paired game is worth for the difference
(the variance of two independent win shares over that of the paired differences).
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardlab.analysis.paired import newcombe_paired
from cardlab.analysis.runs import Run, open_every, open_in_set
from cardlab.analysis.small_samples import MAX_HALF_WIDTH, MIN_GAMES
from cardlab.analysis.stats import wilson
from cardlab.simulate.core.errors import UserError
from cardlab.simulate.core.game import GameSpec
from cardlab.simulate.core.runner import RunOutcome
from cardlab.simulate.core.wording import counted

from .runset import RunSettings, plans, play_set, policies_of

RECORD = "duel.json"


@dataclass(slots=True)
class Duel:
    """The paired figures of one or more duels of ``a`` against ``b`` (``a_wins``: A's win shares summed in
    run ``a``; ``b_wins``: B's in the same seats in run ``b``; the 2×2 table of the two results, a draw
    entering as its share)."""

    a: str
    b: str
    n_players: int
    games: int = 0
    a_wins: float = 0.0
    b_wins: float = 0.0
    both: float = 0.0
    a_only: float = 0.0
    b_only: float = 0.0
    neither: float = 0.0
    square: float = 0.0  # the paired differences' squares summed
    a_seconds: float = 0.0  # the games' own time in run a (in the worker; branches on copies included)

    def add(self, x: float, y: float) -> None:
        """One game: A's win share ``x``, B's in A's seat on the same deal ``y``."""
        self.games += 1
        self.a_wins += x
        self.b_wins += y
        self.both += min(x, y)
        self.a_only += max(x - y, 0.0)
        self.b_only += max(y - x, 0.0)
        self.neither += 1.0 - max(x, y)
        self.square += (x - y) ** 2

    @property
    def gain(self) -> tuple[float, float, float]:
        """θ = p_A − p_B on the same deals and seats, with Newcombe's 95 % paired interval."""
        return newcombe_paired(self.both, self.b_only, self.a_only, self.neither)

    @property
    def phi(self) -> float:
        """The correlation of A's and B's results game by game (0: the pairing took no luck out)."""
        margins = (self.both + self.a_only) * (self.b_only + self.neither)
        margins *= (self.both + self.b_only) * (self.a_only + self.neither)
        cross = self.both * self.neither - self.a_only * self.b_only
        return cross / math.sqrt(margins) if margins > 0 else math.nan

    @property
    def worth(self) -> float:
        """Unpaired games one paired game is worth for the difference: (var A + var B) / var(A − B)."""
        n = self.games
        if n == 0:
            return math.nan
        p, q = self.a_wins / n, self.b_wins / n
        diff = self.square / n - (p - q) ** 2
        return (p * (1 - p) + q * (1 - q)) / diff if diff > 0 else math.inf

    @property
    def flag(self) -> str:
        """The small-sample flag of every rate table, on the duel's first line (6 games read as a finding)."""
        theta, lo, hi = self.gain
        if self.games >= MIN_GAMES and (hi - lo) / 2 <= MAX_HALF_WIDTH:
            return ""
        return f" — few games (under {MIN_GAMES}, or a gain interval wider than ±{MAX_HALF_WIDTH:.0%})"

    def __str__(self) -> str:
        n = self.games
        if n == 0:
            return f"duel {self.a} against {self.b}: no game played in both runs yet\n"
        even = 1.0 / self.n_players
        theta, lo, hi = self.gain
        differ = self.a_only + self.b_only
        return (
            "\n".join(
                [
                    f"duel {self.a} against {self.b}, {self.n_players} players, {counted(n, 'game')} on the same deals"
                    + self.flag,
                    f"  {self.a}: win share {_rate(self.a_wins, n)}",
                    f"  {self.b} in the same seats and deals: {_rate(self.b_wins, n)}",
                    f"  games whose result differs: {differ:g} ({self.a_only:g} won by {self.a} only, "
                    f"{self.b_only:g} by {self.b} only)",
                    f"  paired gain of {self.a} over {self.b}: {theta:+.1%} [{lo:+.1%}, {hi:+.1%}] (Newcombe 95 %)",
                    f"  {self.a}'s win share against {self.b}, the deals' luck out (even share {even:.0%} + gain): "
                    f"{_clip(even + theta):.1%} [{_clip(even + lo):.1%}, {_clip(even + hi):.1%}]",
                    f"  pairing: phi {_number(self.phi, '+.2f')}, each paired game worth "
                    f"{_number(self.worth, '.1f')} unpaired games",
                    f"  {self.a}'s games: {self.a_seconds / n:.2f} s a game (in the worker, wall)",
                ]
            )
            + "\n"
        )


def _clip(share: float) -> float:
    return min(1.0, max(0.0, share))


def _number(x: float, spec: str) -> str:
    return "—" if math.isnan(x) or math.isinf(x) else format(x, spec)


def _rate(wins: float, n: int) -> str:
    lo, hi = wilson(wins, n)
    return f"{wins / n:.1%} [{lo:.1%}, {hi:.1%}] ({wins:g} of {n})"


def run_duel(
    spec: GameSpec,
    policies: Sequence[str],
    folder: Path,
    settings: RunSettings,
    on_start: Callable[[int, int, str], None] | None = None,
) -> list[RunOutcome]:
    """Play the duel's two runs into ``folder/a`` and ``folder/b`` on the same seeds."""
    labels = policies_of(spec, policies, "--strategy")
    if len(labels) != 2:
        raise UserError(f"--strategy: a duel is two policies, A then B; got {len(labels)}")
    a, b = labels
    lo, hi = spec.players_range
    n = (
        settings.n_players
        if settings.n_players is not None
        else (2 if lo <= 2 <= hi else spec.default_players)
    )
    settings.n_players = n
    record = {"game": spec.name, "a": a, "b": b, "n_players": n, "n_games": settings.n_games}
    record["run_seed"] = settings.seed
    made = plans(spec, [[a] + [b] * (n - 1), [b] * n], settings)
    return play_set(folder, RECORD, record, list(zip(("a", "b"), made, strict=True)), settings, on_start)


def pair_runs(duel: Duel, folder: Path, run_a: Run, run_b: Run) -> Duel:
    """Add to ``duel`` every game played in both runs of the duel ``folder``: ``run_a``'s seats labelled
    ``duel.a`` against the same seats of ``run_b`` (the same seeds, B there)."""
    with_a, with_b = folder / "a", folder / "b"
    for what in ("game", "run_seed", "n_players"):
        mine, theirs = getattr(run_a.manifest, what), getattr(run_b.manifest, what)
        if mine != theirs:
            raise UserError(f"{with_b}: {what} {theirs}, not {with_a}'s {mine}: not the same deals")
    if (
        run_a.manifest.n_players != duel.n_players
    ):  # a damaged duel.json: the report would say the wrong count
        raise UserError(
            f"{with_a.parent / RECORD}: 'n_players' is {duel.n_players}, but run {with_a.name} has "
            f"{run_a.manifest.n_players} players (a damaged record)"
        )
    query = "SELECT game_id, seat, strategy, win_share FROM players"
    seats = {(g, s): x for g, s, label, x in run_a.sql(query).iter_rows() if label == duel.a}
    if not seats:
        raise UserError(f"{with_a}: no seat played by {duel.a}")
    others = {(g, s): (label, x) for g, s, label, x in run_b.sql(query).iter_rows()}
    games = set()
    for key, x in sorted(seats.items()):
        if key not in others:
            continue  # a game the other run has not played (yet)
        label, y = others[key]
        if label != duel.b:
            raise UserError(f"{with_b}: game {key[0]} seat {key[1]} is {label}, not {duel.b}")
        duel.add(x, y)
        games.add(key[0])
    times = run_a.sql("SELECT game_id, duration_s FROM games").iter_rows()
    duel.a_seconds += sum(t for g, t in times if g in games)
    return duel


RECORD_FIELDS = {"a": str, "b": str, "n_players": int, "run_seed": int}


def read_record(folder: Path) -> dict[str, Any]:
    """A duel folder's ``duel.json``, its fields checked: a damaged one is one line, never a traceback."""
    try:
        record = json.loads((folder / RECORD).read_text())
    except (OSError, ValueError):
        raise UserError(f"{folder}: not a duel folder (no readable {RECORD})") from None
    for name, kind in RECORD_FIELDS.items():
        value = record.get(name) if isinstance(record, dict) else None
        if not isinstance(value, kind) or isinstance(value, bool):
            raise UserError(
                f"{folder / RECORD}: '{name}' is missing or not a {kind.__name__} (a damaged record)"
            )
    return record


def read_duels(folders: Sequence[str | Path]) -> Duel:
    """The pooled figures of duel folders (`cardlab duel` runs, e.g. chunks on other seeds) of the same
    two policies, game and players."""
    if not folders:
        raise UserError("give at least one duel folder")
    duel: Duel | None = None
    seeds: dict[int, Path] = {}
    for folder in map(Path, folders):
        record = read_record(folder)
        # the policies first: a duel of others on the same seed was blamed on the seed
        if duel is None:
            duel = Duel(record["a"], record["b"], record["n_players"])
        elif (duel.a, duel.b, duel.n_players) != (record["a"], record["b"], record["n_players"]):
            raise UserError(
                f"{folder}: a duel of {record['a']} against {record['b']} ({record['n_players']} players), but "
                f"{folders[0]}'s is {duel.a} against {duel.b} ({duel.n_players} players); pool duels of one pair"
            )
        seed = record["run_seed"]
        if seed in seeds:  # the same seed is the same games: they would count twice
            twice = " (the same folder given twice)" if seeds[seed].resolve() == folder.resolve() else ""
            raise UserError(f"{folder}: run seed {seed} is already among the folders given{twice}")
        seeds[seed] = folder
    assert duel is not None
    # every run that cannot be read (or was not played yet: the duel's one line) is named, not the first
    paths = [Path(folder) for folder in folders]
    runs = open_every(
        functools.partial(open_in_set, folder, name, "duel") for folder in paths for name in "ab"
    )
    for folder, run_a, run_b in zip(paths, runs[::2], runs[1::2], strict=True):
        pair_runs(duel, folder, run_a, run_b)
    return duel
