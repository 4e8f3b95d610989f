"""`cardlab overrules` with ``search:probe=P,watch=2+4+8``: how closely the state evaluation h turns after a
decision follows the whole-game result of an option against the base's answer (docs/search.md).

Why: a truncated rollout judges an option by the evaluation h turns on; it can only find what the
evaluation there sees of how the game ends. Over every (option, seed) pair of the probe, d is the
whole-game difference against the base's answer on the same seed and C_h the evaluation's difference on
the same two rollouts h turns after the decision. The figures per h:

- ρ(d, C_h), with a 95 % bootstrap interval over decisions (a decision's pairs share its position);
- β = cov / Var C_h (1: the evaluation's differences are calibrated win shares);
- E(h), the cost in rollout turns a two-level check (E[d] = β·E[C_h] + E[d − β·C_h]: many truncated
  pairs for the first term, a few whole-game pairs for the second) needs for a plain whole-game check's
  precision, with the best split between the two: (|β|·√(Var C_h / Var d · c_h) + √(1 − ρ²))², c_h the
  turns a truncated rollout plays over a whole one's (a copy's cost left out, which flatters it). Below 1
  the two-level check pays.

With ``split=H`` each watched rollout is played twice, both copies re-dealt from the seat's view at its
first decision H turns on and played on by fresh players. The correlation r of the two copies' differences
estimates Var(E[d | what the seat knows there]) / Var(d): how much of d is settled by then. √r is the most
ρ any evaluation of that position can reach (Cov(d, C) = Cov(E[d | position], C)).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

# per decision and horizon: pairs, Σd, ΣC, Σd², ΣC², ΣdC, Σ turns of a whole rollout, Σ min(h, those turns)
Sums = tuple[float, float, float, float, float, float, float, float]
# per decision with split: pairs, Σd and Σd² of the first copies, of the second, Σ of their products
Twins = tuple[float, float, float, float, float, float]

BOOTSTRAP = 400  # resamples of the decisions for ρ's interval (a fixed stream: the same text every run)


@dataclass(slots=True)
class Watch:
    """Every watched probe decision's sums, by horizon."""

    horizons: tuple[int, ...] = ()
    decisions: list[list[Sums]] = field(default_factory=list)
    split: int = 0
    twins: list[Twins] = field(default_factory=list)

    def add(
        self, horizons: tuple[int, ...], watched: tuple, base: int, twins: tuple = (), split: int = 0
    ) -> None:
        """One decision: ``watched[seed][option]`` = (turns its rollout played, its whole-game result, the
        searching seat's estimated share at each horizon) (``search._Watch.row``); ``base`` the base's
        answer; ``twins`` the second copies of those rollouts with ``split``."""
        self.horizons = horizons
        self.decisions.append([_sums(watched, base, k, h) for k, h in enumerate(horizons)])
        if twins:
            self.split = split
            self.twins.append(_twin_sums(watched, twins, base))

    def settled(self, twins: list[Twins] | None = None) -> float:
        """r: the correlation of the two copies' differences against the base's answer (``split``)."""
        rows = self.twins if twins is None else twins
        n, sa, saa, sb, sbb, sab = (sum(t[i] for t in rows) for i in range(6))
        if n < 2:
            return 0.0
        var_a, var_b = saa - sa * sa / n, sbb - sb * sb / n
        if var_a <= 0 or var_b <= 0:
            return 0.0
        return (sab - sa * sb / n) / math.sqrt(var_a * var_b)

    def figures(self, k: int, decisions: list[list[Sums]] | None = None) -> tuple[float, float, float, int]:
        """ρ, β, E and the pairs at the k-th horizon, over ``decisions`` (all when None)."""
        rows = self.decisions if decisions is None else decisions
        n, sd, sc, sdd, scc, sdc, turns, short = (sum(r[k][i] for r in rows) for i in range(8))
        if n < 2:
            return 0.0, 0.0, math.inf, int(n)
        var_d = (sdd - sd * sd / n) / (n - 1)
        var_c = (scc - sc * sc / n) / (n - 1)
        cov = (sdc - sd * sc / n) / (n - 1)
        if var_d <= 0 or var_c <= 0:
            return 0.0, 0.0, math.inf, int(n)
        rho, beta = cov / math.sqrt(var_d * var_c), cov / var_c
        cost = short / turns if turns else 1.0
        e = (abs(beta) * math.sqrt(var_c / var_d * cost) + math.sqrt(max(1.0 - rho * rho, 0.0))) ** 2
        return rho, beta, e, int(n)

    def lines(self) -> list[str]:
        rng = random.Random(0)
        m = len(self.decisions)
        resamples = [[self.decisions[rng.randrange(m)] for _ in range(m)] for _ in range(BOOTSTRAP)]
        out = []
        for k, h in enumerate(self.horizons):
            rho, beta, e, n = self.figures(k)
            boot = sorted(self.figures(k, r)[0] for r in resamples)
            lo, hi = boot[int(0.025 * BOOTSTRAP)], boot[int(0.975 * BOOTSTRAP) - 1]
            out.append(
                f"watch, the evaluation {h} turns on against the whole game: rho {rho:+.3f} [{lo:+.3f}, "
                f"{hi:+.3f}], beta {beta:.2f}, a two-level check's cost against a plain one's at equal "
                f"precision {e:.2f} (rollout turns); n = {n} pairs over {m} decisions"
            )
        if self.twins:
            r = self.settled()
            t = len(self.twins)
            boot = sorted(
                self.settled([self.twins[rng.randrange(t)] for _ in range(t)]) for _ in range(BOOTSTRAP)
            )
            lo, hi = boot[int(0.025 * BOOTSTRAP)], boot[int(0.975 * BOOTSTRAP) - 1]
            out.append(
                f"split {self.split} turns on, two copies re-dealt from the seat's view: their differences "
                f"correlate r {r:+.3f} [{lo:+.3f}, {hi:+.3f}]; the most rho any evaluation there can reach, "
                f"sqrt(r) {_root(r):+.3f} [{_root(lo):+.3f}, {_root(hi):+.3f}]; "
                f"n = {int(sum(row[0] for row in self.twins))} pairs over {t} decisions"
            )
        return out


def _root(r: float) -> float:
    return math.sqrt(max(r, 0.0))


def _twin_sums(watched: tuple, twins: tuple, base: int) -> Twins:
    n = sa = saa = sb = sbb = sab = 0.0
    for rows, second in zip(watched, twins, strict=True):
        for j in range(len(rows)):
            if j == base:
                continue
            a, b = rows[j][1] - rows[base][1], second[j][1] - second[base][1]
            n += 1
            sa, saa, sb, sbb, sab = sa + a, saa + a * a, sb + b, sbb + b * b, sab + a * b
    return n, sa, saa, sb, sbb, sab


def _sums(watched: tuple, base: int, k: int, h: int) -> Sums:
    n = sd = sc = sdd = scc = sdc = turns = short = 0.0
    for rows in watched:
        for j, (played, result, *shares) in enumerate(rows):
            turns += played
            short += min(h, played)
            if j == base:
                continue
            d = result - rows[base][1]
            c = shares[k] - rows[base][2 + k]
            n += 1
            sd += d
            sc += c
            sdd += d * d
            scc += c * c
            sdc += d * c
    return n, sd, sc, sdd, scc, sdc, turns, short
