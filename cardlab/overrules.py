"""Where a search seat overrules its base heuristic, and whether the overrules win (`cardlab overrules`).

A search that plays its base heuristic's answer is the heuristic; all of its strength, or weakness, is in the
decisions where it plays something else. This plays the plan's games in this process (the search players'
statistics stay with them) and counts, over every search seat: the searched decisions, the overrule
candidates (where the search preferred another option), the overrules played, and — with ``settle`` — the
whole-game check of each candidate: the paired difference in wins (candidate minus the base's answer, on the
same fresh re-deals), pooled over the candidates with a 95 % interval, which says whether the candidates
the truncated rollouts pick would win more than the heuristic's answers; and with ``audit`` the same
measured again on fresh pairs for the overrules played, which — unlike their check, the very pairs they
were chosen on — is an unbiased estimate of what the overrules gain.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from cardlab.analysis.stats import wilson
from cardlab.simulate.core.errors import UserError
from cardlab.simulate.core.game import play_seated
from cardlab.simulate.core.runner import RunPlan, seat_players
from cardlab.strategies.search import Search, Searched

from .overrules_watch import Watch


@dataclass(slots=True)
class Overrules:
    """The counts over every search seat of the games played."""

    games: int = 0
    seats: int = 0  # search seats
    wins: float = 0.0  # their win shares summed (a shared draw 1/k)
    searched: int = 0
    candidates: int = 0
    overruled: int = 0
    checks: list[float] = field(default_factory=list)  # per candidate: its mean whole-game difference
    kept_checks: list[float] = field(default_factory=list)  # the same, of the candidates played
    audits: list[float] = field(default_factory=list)  # per overrule played: its fresh pairs' mean (audit=)
    pairs: int = 0  # whole-game pairs the checks played (fewer than settle's with curtail)
    # per decision kind searched: [searched, candidates, overrules played] and every candidate's check, so a
    # search over several kinds says which kinds its candidates win at (where searching pays)
    kinds: dict[str, list[int]] = field(default_factory=dict)
    kind_checks: dict[str, list[float]] = field(default_factory=dict)
    # switch: per candidate policy, its mean paired difference against the base at each switch point; and
    # per switch point the gain of choosing on the first half of its seeds, measured on the other half
    policies: dict[str, list[float]] = field(default_factory=dict)
    halves: list[float] = field(default_factory=list)
    # probe: per decision kind, what the choice there moves (``Probe``)
    probes: dict[str, Probe] = field(default_factory=dict)
    phases: dict[int, Probe] = field(default_factory=dict)  # the same, every kind, by the phase's first turn
    # the same by how far the leader was from a win, 1, 2 or FAR and more (Four Souls: souls): the game's
    # phase by its score: unlike the turn number, it selects decisions of one kind of position
    leads: dict[int, Probe] = field(default_factory=dict)
    watch: Watch = field(default_factory=Watch)  # probe with watch: the evaluation against whole games

    def add(self, records: list[Searched], share: float) -> None:
        self.seats += 1
        self.wins += share
        for r in records:
            counts = self.kinds.setdefault(r.kind, [0, 0, 0])
            overruled = r.chosen != r.favourite
            candidate = r.candidate is not None or overruled
            for i, n in enumerate((1, candidate, overruled)):
                counts[i] += n
            self.searched += 1
            self.overruled += overruled
            self.candidates += candidate
            if r.audit:
                self.audits.append(sum(r.audit) / len(r.audit))
            if r.samples and r.kind == "switch":
                self._switch(r)
            elif r.samples:
                self.probes.setdefault(r.kind, Probe()).add(r.samples, r.favourite)
                if r.turn >= 0:
                    self.phases.setdefault(_phase(r.turn), Probe()).add(r.samples, r.favourite)
                if r.to_go >= 0:
                    self.leads.setdefault(min(r.to_go, FAR), Probe()).add(r.samples, r.favourite)
                if r.watched:
                    self.watch.add(r.horizons, r.watched, r.favourite, r.twins, r.split)
            if r.candidate is None:
                continue
            self.pairs += len(r.check)
            gain = sum(r.check) / len(r.check)
            self.checks.append(gain)
            self.kind_checks.setdefault(r.kind, []).append(gain)
            if overruled:
                self.kept_checks.append(gain)

    def _switch(self, r: Searched) -> None:
        """A switch point's candidates, each against the base on the same seeds; and an unbiased estimate of
        what choosing among them gains: choose on the first half of the seeds (the confidence rule at one
        standard error), measure the choice on the second half — a choice measured on its own seeds is
        selected upward."""
        base, n = r.samples[0], len(r.samples[0])
        for name, own in zip(r.options[1:], r.samples[1:], strict=True):
            self.policies.setdefault(name, []).append((sum(own) - sum(base)) / n)
        self.halves.append(split_half(r.samples, 0, threshold=1.0))

    def __str__(self) -> str:
        lo, hi = wilson(self.wins, self.seats)
        lines = [
            f"games {self.games}, search seats {self.seats}: win share {self.wins / self.seats:.1%} "
            f"[{lo:.1%}, {hi:.1%}]",
            f"searched decisions {self.searched}: overrule candidates {self.candidates} "
            f"({_share(self.candidates, self.searched)}), overrules played {self.overruled} "
            f"({_share(self.overruled, self.searched)})",
        ]
        for label, gains in (("every candidate", self.checks), ("candidates played", self.kept_checks)):
            if self.checks:
                lines.append(f"whole-game check, {label}: {_gain(gains)}")
        if self.checks:
            each = self.pairs / len(self.checks)
            lines.append(f"whole-game pairs played by the checks: {self.pairs} ({each:.1f} a candidate)")
        else:
            lines.append("whole-game check: none (give the search settle=N to check its candidates)")
        if self.audits:
            lines.append(
                f"audit of the overrules played (fresh pairs, unbiased): {_gain(self.audits, 'overrules')}"
            )
        for name, gains in self.policies.items():
            lines.append(
                f"switch policy {name} against the base, whole games: {_gain(gains, 'switch points')}"
            )
        if self.halves:
            lines.append(
                f"switching, chosen on half the seeds, measured on the rest: {_gain(self.halves, 'points')}"
            )
        for kind, probe in sorted(self.probes.items(), key=lambda item: -item[1].decisions):
            lines.append(f"probe {kind}: {probe}")
        for start, probe in sorted(self.phases.items()):
            lines.append(f"probe, every kind, {_phase_label(start)}: {probe}")
        for to_go, probe in sorted(self.leads.items(), reverse=True):
            lines.append(f"probe, every kind, {_lead_label(to_go)}: {probe}")
        if self.watch.decisions:
            lines += self.watch.lines()
        if len(self.kinds) > 1 and not self.probes:
            for kind, (searched, candidates, overruled) in sorted(self.kinds.items()):
                line = f"  {kind}: searched {searched}, candidates {candidates}, played {overruled}"
                if kind in self.kind_checks:
                    line += f"; check {_gain(self.kind_checks[kind])}"
                lines.append(line)
        return "\n".join(lines) + "\n"


def split_half(samples: tuple[tuple[float, ...], ...], base: int, threshold: float) -> float:
    """What choosing among the options on the first half of their common seeds gains on the other half:
    the option whose paired mean against ``base`` beats ``threshold`` standard errors (with one
    pseudo-difference of variance 1/4) and is largest, else ``base``; its mean difference against ``base``
    on the second half. Unbiased, where a choice measured on the seeds it was chosen on is selected
    upward."""
    return half_choice(samples, base, threshold)[1]


def half_choice(samples: tuple[tuple[float, ...], ...], base: int, threshold: float) -> tuple[float, float]:
    """``split_half``'s choice as (its evidence on the first half: its paired mean over its standard error,
    0 for ``base``; its mean difference against ``base`` on the second half). Why the evidence: a search
    that spreads its rollouts over a game's decisions by how strong a first look is gains only if the
    strongest first looks hold up on fresh seeds (``Probe.ranked``)."""
    own_base, n = samples[base], len(samples[base])
    h = n // 2
    best, gain, evidence = base, 0.0, 0.0
    for j, own in enumerate(samples):
        if j == base:
            continue
        d = [a - b for a, b in zip(own[:h], own_base[:h], strict=True)]
        mean = sum(d) / h
        se = math.sqrt((sum((x - mean) ** 2 for x in d) + 0.25) / h / h)
        if mean > threshold * se and mean > gain:
            best, gain, evidence = j, mean, mean / se
    rest = [a - b for a, b in zip(samples[best][h:], own_base[h:], strict=True)]
    return evidence, sum(rest) / len(rest)


TOP = 0.25  # Probe.strongest: the share of decisions, by their first half's evidence


@dataclass(slots=True)
class Probe:
    """``probe=P``, one decision kind: every option of each probed decision played out on P common seeds.
    Why: a search gains only where the choice moves whole games; this says where, and by how much."""

    decisions: int = 0
    options: int = 0
    live: int = 0  # decisions whose rollouts did not all end alike (a position still open)
    pairs: int = 0  # (option other than the base's answer, seed) pairs
    differ: int = 0  # of them, the ones that ended otherwise than the base's answer on the same seed
    excess: float = 0.0  # summed over options: squared mean gain less its noise (the real gains' variance)
    halves: list[float] = field(default_factory=list)  # per decision: best on half, measured on the rest
    halves_se: list[float] = field(default_factory=list)  # the same, chosen only at one standard error
    # per decision: (evidence on half the seeds, gain on the rest) of the best on half, for TOP's line
    ranked: list[tuple[float, float]] = field(default_factory=list)

    def add(self, samples: tuple[tuple[float, ...], ...], base: int) -> None:
        self.decisions += 1
        self.options += len(samples)
        self.live += len({v for own in samples for v in own}) > 1
        n = len(samples[base])
        for j, own in enumerate(samples):
            if j == base:
                continue
            d = [a - b for a, b in zip(own, samples[base], strict=True)]
            self.pairs += n
            self.differ += sum(x != 0 for x in d)
            mean = sum(d) / n
            self.excess += mean * mean - sum((x - mean) ** 2 for x in d) / (n - 1) / n
        self.ranked.append(half_choice(samples, base, threshold=0.0))
        self.halves.append(self.ranked[-1][1])
        self.halves_se.append(split_half(samples, base, threshold=1.0))

    def strongest(self) -> list[float]:
        """The gains on the rest of the seeds of the ``TOP`` share of decisions whose best option on half the
        seeds has the strongest evidence (ties by order of play): what spending more rollouts only where a
        first look is strongest could find."""
        k = math.ceil(len(self.ranked) * TOP)
        return [gain for _, gain in sorted(self.ranked, key=lambda r: -r[0])[:k]]

    def __str__(self) -> str:
        others = self.options - self.decisions
        spread = math.sqrt(max(self.excess / others, 0.0)) if others else 0.0
        return (
            f"{self.decisions} decisions ({self.options / self.decisions:.1f} options), "
            f"{_share(self.live, self.decisions)} open, pairs ending otherwise than the base's answer "
            f"{_share(self.differ, self.pairs)}, real spread of an option's gain sd {spread:.3f}; "
            f"best on half the seeds, measured on the rest: {_gain(self.halves, 'decisions')}; "
            f"at one standard error: {_gain(self.halves_se, 'decisions')}; "
            f"the quarter with the strongest evidence on half, measured on the rest: "
            f"{_gain(self.strongest(), 'decisions')}"
        )


PHASES = (4, 8, 12)  # the first turn of each later phase: turns 1-3, 4-7, 8-11, 12 on


def _phase(turn: int) -> int:
    """The phase of the game a probed decision was in (its first turn), by the game's turn (every seat's
    turns counted): whether games are decided early or late."""
    return max([1, *(t for t in PHASES if t <= turn)])


def _phase_label(start: int) -> str:
    later = [t for t in PHASES if t > start]
    return f"turns {start}-{later[0] - 1}" if later else f"turns {start} on"


FAR = 3  # leads: decisions where the leader was this far from a win or farther are one phase


def _lead_label(to_go: int) -> str:
    return f"the leader {to_go}{' or more' if to_go >= FAR else ''} from a win"


def _share(k: int, n: int) -> str:
    return f"{k / n:.1%}" if n else "—"


def _gain(gains: list[float], unit: str = "candidates") -> str:
    """Mean paired win difference per candidate with a normal 95 % interval over candidates (each candidate's
    pairs share its position, so the candidate is the unit)."""
    n = len(gains)
    if n < 2:
        return f"n = {n}, too few for an interval"
    mean = sum(gains) / n
    se = math.sqrt(sum((g - mean) ** 2 for g in gains) / (n - 1) / n)
    return f"mean gain {mean:+.3f} wins [{mean - 1.96 * se:+.3f}, {mean + 1.96 * se:+.3f}], n = {n} {unit}"


def overrules(plan: RunPlan) -> Overrules:
    """Play ``plan``'s games here, one after another, and count its search seats' overrules."""
    if not any(issubclass(s.cls, Search) for s in plan.strategies):
        labels = ", ".join(s.label for s in plan.strategies)
        raise UserError(f"--strategy: overrules counts search seats, and none of {labels} is a search")
    out = Overrules()
    for index in range(plan.n_games):
        seed = plan.seed_of(index)
        players = seat_players(plan, seed, plan.seating(index))
        result = play_seated(plan.spec, plan.config, seed, players, log_events=False)
        out.games += 1
        winners = set(result.winners)
        for seat, player in enumerate(players.strategies):
            if isinstance(player, Search):
                share = (
                    0.0 if seat not in winners else 1.0 / len(winners) if result.end_reason == "draw" else 1.0
                )
                out.add(player.searched, share)
    return out
