"""Clan-draft policies (GX-2.5), used by every play policy through its ``draft=`` parameter.

* ``random`` — any available clan.
* ``greedy`` — scores each available clan by a base strength per clan (``draft_values.json``, derived from a
  run by `cardlab derive gosu-x-draft RUN`; ``values=PATH`` reads another such file) plus a hand-written
  synergy bonus with the clans already picked; picks the best.
* ``counter`` — greedy's own score plus ``deny`` × the score the clan would have for the opponent
  (its base plus synergy with the opponent's picks): takes what the opponent wants most when that matters.
* ``noise=`` (greedy, counter, table; default 0) adds a uniform random amount in [0, noise] to every score,
  so that deterministic drafts can still vary from game to game (0.5 is about one rank of clan strength).
* ``table`` — reads the win rates a previous run produced (``table=PATH``: a run folder — its players Parquet
  parts — or a CSV or JSON with rows keyed by ``alliance`` (clans sorted, joined by '+') or ``clan``, a
  ``win_rate`` and optionally ``games``) and picks the clan that keeps the best reachable alliance (alliances
  with fewer than 20 games are ignored), else the best clan rate; unknown entries fall back to greedy.
"""

from __future__ import annotations

import csv
import json
import random
from itertools import combinations
from pathlib import Path

from cardlab.simulate.core import branching
from cardlab.simulate.core.cardfiles import files_stamp
from cardlab.simulate.core.datafiles import load_json
from cardlab.simulate.core.errors import UserError

# Base strengths come from a data file produced by `cardlab derive gosu-x-draft RUN` (analysis.derive): each
# clan's win rate in a run with random drafts and where it came from (its ``provenance``), mapped here by
# ``base_from_rate``. Never edit the numbers by hand: derive them again (docs/gosu_x.md, Strategies).
VALUES_FILE = Path(__file__).with_name("draft_values.json")
KIND = "gosu-x draft values"


def base_from_rate(win_rate: float) -> float:
    """The draft score of a clan that wins ``win_rate`` (a share, 0..1) of its games: 0.4 → 2.0, 0.6 → 3.0."""
    return round(2.0 + 5.0 * (win_rate - 0.4), 3)


def load_values(path: str | Path = VALUES_FILE) -> dict[str, float]:
    """Clan → base strength from a derived file; a bad file is one line naming file, field and value.
    Read again as soon as the file changes."""
    return load_json(path, KIND, "draft values", _clans)


def _clans(path: Path, data: dict) -> dict[str, float]:
    clans = data.get("clans")
    if not isinstance(clans, dict) or not clans:
        raise UserError(f"{path}: field 'clans' must map clans to their win rates, got {clans!r:.60}")
    out = {}
    for clan, entry in clans.items():
        rate = entry.get("win_rate") if isinstance(entry, dict) else None
        if isinstance(rate, bool) or not isinstance(rate, (int, float)) or not 0 <= rate <= 100:
            raise UserError(f"{path}: field 'clans.{clan}.win_rate' must be a number 0..100, got {rate!r}")
        out[str(clan)] = base_from_rate(rate / 100.0)
    return out


# Pairs that help each other (symmetric bonus).
SYNERGY = {
    frozenset(("Xian", "Phoenix")): 0.6,  # Phoenix (Immortal) belongs to all clans under Xian
    frozenset(("Xian", "Tomorrow")): 0.4,  # echo on copies
    frozenset(("Golem", "Goan Sul")): 0.4,  # bounty/Avatar + capture draws (Hemro)
    frozenset(("Abhilasha", "Goan Sul")): 0.3,  # capture engines
    frozenset(("Narasimha", "Tomorrow")): 0.3,  # discard recursion
    frozenset(("Phoenix", "Golem")): 0.3,  # extra turns + Boul Go
}


_TABLES: dict[tuple, tuple[dict[str, float], dict[str, float]]] = {}
MIN_GAMES = 20  # alliance rows with fewer games (a ``games`` column) are ignored


def _rates_from_run(run: Path) -> list[dict]:
    """Alliance and clan win rates (a draw counts half) from a run folder's players Parquet parts."""
    parts = sorted((run / "players").glob("*.parquet"))
    if not parts:
        raise UserError(f"table={run}: a folder must be a run folder with players/*.parquet")
    import pyarrow.parquet as pq  # only needed for this form of the table

    totals: dict[str, list[float]] = {}
    for part in parts:
        for row in pq.read_table(part, columns=["result", "alliance", "clans"]).to_pylist():
            score = 1.0 if row["result"] == "win" else 0.5 if row["result"] == "draw" else 0.0
            for key in [row["alliance"], *row["clans"]]:
                acc = totals.setdefault(key, [0.0, 0.0])
                acc[0] += score
                acc[1] += 1
    return [
        {("alliance" if "+" in k else "clan"): k, "win_rate": w / n, "games": n}
        for k, (w, n) in totals.items()
    ]


def clan_score(clan: str, picked: tuple[str, ...], base: dict[str, float]) -> float:
    return base.get(clan, 2.0) + sum(SYNERGY.get(frozenset((clan, p)), 0.0) for p in picked)


def draft_values(path: str | Path = VALUES_FILE) -> dict[str, float]:
    """``load_values`` read once per process, again as soon as the file changes (no cache outlives it);
    within one game (and its search's replays) its stamp is taken once (``branching.memo``)."""
    return branching.memo(("gosu-x draft values", str(path)), lambda: load_values(path))


class DraftPolicy:
    def __init__(
        self,
        kind: str,
        rng: random.Random,
        table: str | None = None,
        deny: float = 0.5,
        noise: float = 0.0,
        values: str | None = None,
    ) -> None:
        if kind not in ("random", "greedy", "counter", "table"):
            raise UserError(f"draft='{kind}': choose random, greedy, counter or table")
        self.kind, self.rng, self.deny, self.noise = kind, rng, float(deny), float(noise)
        # values=PATH: another derived file. A random draft never reads them: the file's stamp, taken for each
        # player of each game, cost about a twentieth of a compiled Gosu X game (issue 20); a given PATH is
        # still read, so a bad one fails at once
        self.base = draft_values(values or VALUES_FILE) if kind != "random" or values else {}
        self.alliances: dict[str, float] = {}
        self.clans: dict[str, float] = {}
        if kind == "table":
            if not table:
                raise UserError("draft=table needs table=PATH (a CSV/JSON of alliance or clan win rates)")
            path = Path(table)
            read = sorted((path / "players").glob("*.parquet")) if path.is_dir() else [path]
            key = files_stamp(p for p in read if p.exists())
            if key not in _TABLES:  # read each table once per process, again as soon as a file changes
                self._load(path)
                _TABLES[key] = (self.alliances, self.clans)
            self.alliances, self.clans = _TABLES[key]

    def _load(self, path: Path) -> None:
        if not path.exists():
            raise UserError(f"table={path}: no such file or run folder")
        if path.is_dir():
            rows = _rates_from_run(path)
        else:
            try:
                if path.suffix == ".json":
                    data = json.loads(path.read_text())
                    rows = (
                        [{"name": k, "win_rate": v} for k, v in data.items()]
                        if isinstance(data, dict)
                        else data
                    )
                else:
                    rows = list(csv.DictReader(path.open()))
            except (OSError, ValueError) as exc:
                raise UserError(f"table={path}: cannot read ({exc})") from None
        for row in rows:
            name = row.get("alliance") or row.get("clan") or row.get("name")
            try:
                rate = float(row["win_rate"])
                games = int(float(row.get("games") or MIN_GAMES))
            except (KeyError, TypeError, ValueError):
                raise UserError(f"table={path}: each row needs a name and a numeric win_rate") from None
            if "+" in str(name):
                if games >= MIN_GAMES:  # thin alliance rows are noise; the clan rates stand in for them
                    self.alliances["+".join(sorted(str(name).split("+")))] = rate
            else:
                self.clans[str(name)] = rate
        if not self.alliances and not self.clans:
            raise UserError(f"table={path}: no rows")

    def pick(
        self, options: list[str], own: tuple[str, ...], opp: tuple[str, ...], available: tuple[str, ...]
    ) -> str:
        if self.kind == "random":
            return self.rng.choice(options)
        jitter = {c: self.rng.uniform(0.0, self.noise) if self.noise else 0.0 for c in options}
        if self.kind == "table":
            return max(
                options,
                key=lambda c: (
                    self._table_score(c, own, available) + jitter[c] / 10,
                    clan_score(c, own, self.base),
                ),
            )
        if self.kind == "counter":
            return max(
                options,
                key=lambda c: (
                    clan_score(c, own, self.base) + self.deny * clan_score(c, opp, self.base) + jitter[c]
                ),
            )
        return max(options, key=lambda c: clan_score(c, own, self.base) + jitter[c])

    def _table_score(self, clan: str, own: tuple[str, ...], available: tuple[str, ...]) -> float:
        mine = (*own, clan)
        if self.alliances:
            rest = [c for c in available if c != clan]
            need = 3 - len(mine)
            best = -1.0
            for extra in combinations(rest, need):
                key = "+".join(sorted((*mine, *extra)))
                best = max(best, self.alliances.get(key, -1.0))
            if best >= 0:
                return best
        return self.clans.get(clan, -1.0)
