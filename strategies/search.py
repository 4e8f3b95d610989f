"""Search: determinized Monte Carlo over a player's own decisions, for any game that can branch.

At a searched decision the player tries its options in branches (``simulate.core.branching``): each branch
re-deals what the player cannot see (the game's ``determinize``), seats the rollout policy in every seat and
plays the game to its end; the option with the best mean result wins (the base heuristic's own answer wins
a tie). Options are sampled by UCB1 (every option once, then the most promising more often), so a clearly
bad option costs few rollouts; the n-th rollout of every option uses the same re-deal and rollout seeds
(common random numbers), so options are compared on the same deals rather than on luck. A branch never
sees hidden information: the re-deal depends only on what the player can see and on the player's own random
stream, which also makes the search deterministic for a given game seed.

Parameters (``search:budget=64,rollout=random,decisions=action+respond``):
``budget`` rollouts per searched decision; ``base`` the heuristic that answers decisions that are not
searched; ``rollout`` the policy that plays every seat inside a branch (``base`` and ``rollout``: a
heuristic's name, or one with its parameters, ``rollout=sensible/risk=0.3/picky=2``); ``decisions`` the
decision kinds searched (``all``, or kinds joined by ``+``); ``explore`` the UCB1 exploration constant; ``branch`` how a
branch is taken (``fork``, ``replay`` or ``copy``; each game defaults to the cheaper one it measured); ``horizon``
the turns a rollout plays before it is cut and scored by the game's state evaluation (0: to the end);
``settle`` the pairs of whole-game rollouts that must confirm a truncated search's overrule (0: none);
``extend`` the pairs in all for a candidate ahead after its ``settle`` pairs (0: no more);
``curtail`` (1, the default) ends those pairs once no outcome of the rest could change the verdict (0: all).
``agree`` the rounds after which a decision whose whole-game rollouts all ended alike stops early (0: never).
``audit`` (a diagnostic for ``cardlab overrules``) fresh pairs that re-measure each overrule played;
``probe`` (a diagnostic too) whole-game rollouts of every option on common seeds, the base's answer played;
``peek`` (a diagnostic of the ceiling, never fair play) branches from the true state: 1 sees every hidden card
(the engine's dice and shuffles still reseeded a branch), 2 the engine's random stream too (no re-deal at all),
3 only the other players' hands (the decks' order and the dice re-dealt as in fair play), 4 only the decks' order
but the loot deck's (the hands, the loot deck and the dice re-dealt as in fair play; the complement of 3).
``couple=1`` (Four Souls) draws a branch's cards by a hash of (branch seed, deck, turn, draw) while no seat knows
the deck's order, so two options' rollouts on one re-deal draw alike whatever either drew before (each draw
still uniform): common random numbers that survive one option drawing more (``four_souls.coupling``).
``watch=2+4+8`` (with ``probe``, a diagnostic) notes the state evaluation that many turns after the decision
along the probe's whole-game rollouts: how much of the game's end a truncated rollout's judge sees
(``cardlab.overrules_watch``). ``split=H`` (with ``watch``) plays each such rollout twice, both re-dealt from
the seat's view H turns on: how alike the two end bounds what any evaluation of that position can see.
``commit=1`` tells a heuristic that remembers its own answer the answer played (``_commit``).
``challenge=1`` (with ``settle``) settles the truncated rollouts' best option other than the base's answer at
every searched decision, ahead of the base's answer or not.
``plans=1`` also tries each option with every answer to its follow-up choice (``Hooks.follow_ups``: which
monster an attack takes on, which item a purchase buys) as a candidate of its own, a plan of two choices
judged as one; the budget grows with the candidates. ``plans=2`` adds effect targets
(``Hooks.target_follow_ups``: the target of the loot card played or the ability used).
``switch=aggro+hoarder`` (policy switching, with ``pairs`` and ``every``) replaces the search of single
decisions: at the first searchable decision of every ``every``-th own turn, the base and each policy named
(``name`` or ``name/key=value``) play this seat for the rest of the game in ``pairs`` whole-game rollouts on
common seeds, and the one the confidence rule prefers to the base plays until the next switch point.

A truncated rollout (``horizon`` > 0, for games whose hooks give an ``evaluate``) stops at the first decision
``horizon`` turns after the searched one and scores each seat by a softmax of the evaluation over the seats
(``scale`` evaluation points = one factor e): a cheap estimate of each seat's win share, where a rollout to
the end costs a whole game.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from cardlab.simulate.core import branching
from cardlab.simulate.core.decisions import _parse_value
from cardlab.simulate.core.errors import UserError


@dataclass(frozen=True, slots=True)
class Hooks:
    """What a game gives the search: the live state behind a view, its strategies, and the re-deal."""

    state_of: Callable[[Any], Any]
    players_of: Callable[[Any], Any]
    determinize: Callable[[Any, int, random.Random], None]
    # Truncated rollouts: the turn a view shows, and a factory of ``(view, seat) -> value`` evaluations
    # (public features only, one per branch) with the points that count as one factor e (its ``scale``).
    turn_of: Callable[[Any], int] | None = None
    evaluator: Callable[[random.Random], Callable[[Any, int], float]] | None = None
    scale: float = 1.0
    # Branching on a copy (``branch=copy``): the decision kinds the engine can resume from a copy of its
    # state, and ``(decision, answer, prepare) -> Outcome``, which copies, lets ``prepare(copy)`` re-deal
    # and seat the players, answers and plays on; other kinds are forked
    copy_kinds: frozenset[str] = frozenset()
    play_copy: Callable[[Any, int, Callable[[Any], None]], branching.Outcome] | None = None
    # after a branch seats its players: forget what the engine cached about the players it replaced
    reseated: Callable[[Any], None] | None = None
    # the view a seat has of a state (a copied branch's decision is answered in the copy: ``commit_answers``)
    view_of: Callable[[Any, int], Any] | None = None
    # switch: the kinds of decision a policy switch is judged at (the first of an own turn); empty: the
    # copy kinds, or action decisions
    switch_kinds: frozenset[str] = frozenset()
    # plans=1: ``decision -> {option: (kind, handles)}``, the options that the same player's next decision
    # of ``kind`` completes, among ``handles`` (Four Souls: an attack's target, a purchase's item)
    follow_ups: Callable[[Any], dict[int, tuple[str, tuple]]] | None = None
    # plans=2: the same for the options whose next choice is an effect's target (Four Souls: a loot card's
    # or an activated ability's target, chosen as it goes on the stack)
    target_follow_ups: Callable[[Any], dict[int, tuple[str, tuple]]] | None = None
    # peek=1 (a diagnostic): reseed the engine's own random stream only (its future dice and shuffles), the
    # hidden cards left where they are
    reseed: Callable[[Any, random.Random], None] | None = None
    # peek=3 (a diagnostic): the re-deal with every other hand seen (decks and dice re-dealt as fair play)
    see_hands: Callable[[Any, int, random.Random], None] | None = None
    # peek=4 (a diagnostic, peek=3's complement): the re-deal with the decks' order kept true but the loot
    # deck's, which holds the hands' pool (the hands, the loot deck and the dice re-dealt as fair play)
    see_decks: Callable[[Any, int, random.Random], None] | None = None
    # couple=1: ``(state, salt)`` makes a branch's deck draws coupled (the same card at the same turn and
    # draw whatever was drawn before, each draw uniform: Four Souls ``coupling``)
    couple: Callable[[Any, int], None] | None = None
    # every kind of decision the game asks (its ``GameSpec.decision_kinds``): ``decisions=`` names only
    # these (empty: not checked)
    kinds: frozenset[str] = frozenset()
    # probe: ``view -> int``, how far the leading seat is from a win (Four Souls: the souls it still needs),
    # the game's phase by its score rather than its clock, which ``cardlab overrules`` groups decisions by
    to_go_of: Callable[[Any], int] | None = None


@dataclass(slots=True)
class Searched:
    """The statistics of one searched decision (kept for tests and diagnostics)."""

    kind: str
    options: tuple
    visits: list[int]
    values: list[float]
    chosen: int
    favourite: int = 0  # the base heuristic's answer
    # settle > 0: the option the truncated rollouts preferred to the base's answer, and the paired
    # whole-game differences (that option's win minus the base answer's, on the same seeds) that judged it
    candidate: int | None = None
    check: tuple[float, ...] = ()
    # audit > 0, an overrule played: fresh pairs (the option played minus the base's answer), not the ones
    # it was chosen on, so their mean is an unbiased estimate of what the overrule gains
    audit: tuple[float, ...] = ()
    # switch: each candidate policy's results on the common seeds, in order (the per-seed pairs a
    # diagnostic can split: choose on some, measure on the others)
    samples: tuple[tuple[float, ...], ...] = ()
    turn: int = -1  # probe: the game's turn at the decision (when the game's hooks tell it), else -1
    to_go: int = -1  # probe: how far the leader was from a win at the decision (``Hooks.to_go_of``), else -1
    # probe with watch: per seed, per option, the turns its rollout played, its result and the searching
    # seat's estimated win share at each watched horizon (``_Watch.row``), the horizons in ``horizons``
    watched: tuple[tuple[tuple[float, ...], ...], ...] = ()
    horizons: tuple[int, ...] = ()
    # probe with watch and split: the second copy of every watched rollout, rows as in ``watched``; both
    # copies were re-dealt from the seat's view ``split`` turns after the decision (``Search._resplit``)
    twins: tuple[tuple[tuple[float, ...], ...], ...] = ()
    split: int = 0


def _kinds(decisions: str, known: frozenset[str]) -> frozenset[str]:
    """``decisions=action+respond``'s kinds; a kind the game never asks would search nothing without a
    word (``decisions=acton``), so it is refused with the game's kinds."""
    kinds = decisions.split("+")
    for kind in kinds:
        if not kind or known and kind not in known:
            raise UserError(
                f"search: decisions={decisions}: {kind!r} is not a decision kind of this game "
                f"(all, or kinds joined by '+': {', '.join(sorted(known)) or 'any'})"
            )
    return frozenset(kinds)


class Search:
    """Determinized Monte Carlo search (flat UCB1 over its own options, rollouts to the end of the game)."""

    name = "search"
    hooks: ClassVar[Hooks]
    heuristics: ClassVar[dict[str, type]]
    default_decisions: ClassVar[str] = "all"  # a game searching only some kinds by default says which
    default_branch: ClassVar[str] = "fork"  # the cheaper mechanism for this engine (docs/search.md)
    default_budget: ClassVar[int] = 24  # rollouts per decision; a game sets its own by measurement
    default_rollout: ClassVar[str] = "sensible"  # the heuristic playing every seat in a branch
    default_horizon: ClassVar[int] = 0  # turns before a rollout is scored (0: played to the end)
    default_confidence: ClassVar[float] = 0.0  # standard errors an option must beat the base's answer by
    default_agree: ClassVar[int] = 0  # rounds of unanimous whole-game rollouts that end a search early
    default_settle: ClassVar[int] = 0  # with horizon > 0: whole-game pairs that must confirm an overrule
    default_extend: ClassVar[int] = 0  # with settle: pairs in all for a candidate ahead after settle's
    # 1: options with a follow-up choice are tried with each of its answers; 2: effect targets too
    default_plans: ClassVar[int] = 0
    default_challenge: ClassVar[int] = 0  # 1 (with settle): every searched decision's runner-up is settled
    branches: ClassVar[tuple[str, ...]] = ("fork", "replay")  # the mechanisms this engine supports
    # commit=1: a heuristic that remembers its own answer (a plan its next choices follow) is told the
    # answer played: the base when the search overrules it, the seat's rollout player in every branch
    default_commit: ClassVar[int] = 0

    def __init__(
        self,
        seat: int,
        rng: random.Random,
        budget: int | None = None,
        base: str = "sensible",
        rollout: str | None = None,
        decisions: str | None = None,
        explore: float = 1.0,
        branch: str | None = None,
        horizon: int | None = None,
        confidence: float | None = None,
        settle: int | None = None,
        agree: int | None = None,
        audit: int = 0,
        commit: int | None = None,
        extend: int | None = None,
        plans: int | None = None,
        windows: str = "all",
        challenge: int | None = None,
        curtail: int = 1,
        switch: str = "",
        pairs: int | None = None,
        every: int | None = None,
        probe: int = 0,
        peek: int = 0,
        couple: int = 0,
        watch: str = "",
        split: int = 0,
    ) -> None:
        budget = self.default_budget if budget is None else budget
        if isinstance(budget, bool) or not isinstance(budget, int) or budget < 1:
            raise UserError(f"search: budget must be a positive whole number of rollouts, got {budget!r}")
        if isinstance(explore, bool) or not isinstance(explore, int | float) or not explore >= 0:
            raise UserError(f"search: explore must be a number ≥ 0, got {explore!r}")
        rollout = self.default_rollout if rollout is None else rollout
        for what, name in (("base", str(base).split("/")[0]), ("rollout", str(rollout).split("/")[0])):
            if name not in self.heuristics:
                known = ", ".join(sorted(self.heuristics))
                raise UserError(f"search: {what} '{name}' is not a heuristic of this game ({known})")
        horizon = self.default_horizon if horizon is None else horizon
        if isinstance(horizon, bool) or not isinstance(horizon, int) or horizon < 0:
            raise UserError(f"search: horizon must be a whole number of turns ≥ 0, got {horizon!r}")
        if horizon and (self.hooks.evaluator is None or self.hooks.turn_of is None):
            raise UserError("search: horizon needs a state evaluation, which this game does not give")
        self.horizon = horizon
        confidence = self.default_confidence if confidence is None else confidence
        if isinstance(confidence, bool) or not isinstance(confidence, int | float) or not confidence >= 0:
            raise UserError(f"search: confidence must be a number ≥ 0, got {confidence!r}")
        self.confidence = float(confidence)
        if settle is None:  # a game's default settles truncated rollouts only
            settle = self.default_settle if horizon else 0
        if isinstance(settle, bool) or not isinstance(settle, int) or settle < 0 or settle == 1:
            raise UserError(
                f"search: settle must be 0 or a whole number of rollout pairs ≥ 2, got {settle!r}"
            )
        if settle and not horizon:
            raise UserError("search: settle confirms truncated rollouts' overrules: it needs horizon > 0")
        self.settle = settle
        if extend is None:
            extend = self.default_extend if settle else 0
        if isinstance(extend, bool) or not isinstance(extend, int) or extend < 0:
            raise UserError(f"search: extend must be a whole number of rollout pairs ≥ 0, got {extend!r}")
        if extend and not settle:
            raise UserError("search: extend lengthens settle's whole-game check: it needs settle > 0")
        if extend and extend <= settle:
            raise UserError(
                f"search: extend is the pairs in all for a candidate ahead after settle's {settle}: "
                f"give more than {settle} (or 0), got {extend}"
            )
        self.extend = extend
        agree = self.default_agree if agree is None else agree
        if isinstance(agree, bool) or not isinstance(agree, int) or agree < 0:
            raise UserError(f"search: agree must be a whole number of rounds ≥ 0, got {agree!r}")
        if agree and horizon:
            raise UserError("search: agree judges whole-game rollouts (won or lost): it needs horizon=0")
        self.agree = agree
        if isinstance(audit, bool) or not isinstance(audit, int) or audit < 0:
            raise UserError(f"search: audit must be a whole number of rollout pairs ≥ 0, got {audit!r}")
        self.audit = audit
        commit = self.default_commit if commit is None else commit
        if isinstance(commit, bool) or commit not in (0, 1):
            raise UserError(f"search: commit must be 0 or 1, got {commit!r}")
        self.commit_answers = bool(commit)
        plans = self.default_plans if plans is None else plans
        if isinstance(plans, bool) or plans not in (0, 1, 2):
            raise UserError(f"search: plans must be 0, 1 or 2, got {plans!r}")
        if plans and self.hooks.follow_ups is None or plans == 2 and self.hooks.target_follow_ups is None:
            raise UserError("search: plans needs a game whose decisions have follow-up choices (Four Souls)")
        self.plans = plans
        if windows not in ("all", "base"):
            raise UserError(f"search: windows must be 'all' or 'base', got {windows!r}")
        self.base_windows = windows == "base"
        challenge = self.default_challenge if challenge is None else challenge
        if isinstance(challenge, bool) or challenge not in (0, 1):
            raise UserError(f"search: challenge must be 0 or 1, got {challenge!r}")
        if challenge and not self.settle:
            raise UserError("search: challenge settles the runner-up on whole games: it needs settle > 0")
        self.challenge = bool(challenge)
        if isinstance(curtail, bool) or curtail not in (0, 1):
            raise UserError(f"search: curtail must be 0 or 1, got {curtail!r}")
        self.curtail = bool(curtail)
        # (the kind that made it, the follow-up's kind, answer)
        self._plan: tuple[str, str, Any] | None = None
        self._cands: list[tuple[int, tuple[str, Any] | None]] = []
        branch = self.default_branch if branch is None else branch
        if branch not in self.branches:
            raise UserError(f"search: branch must be {' or '.join(map(repr, self.branches))}, got {branch!r}")
        self.branch = branch
        self.seat = seat
        self.rng = rng if rng is not None else random.Random(0)
        self.budget = budget
        self.explore = float(explore)
        decisions = self.default_decisions if decisions is None else str(decisions)
        self.kinds = None if decisions == "all" else _kinds(decisions, self.hooks.kinds)
        self.rollout = self._policy(str(rollout), "rollout")
        self.base_factory = self._policy(str(base), "base")
        self.base = self.base_factory(seat, random.Random(self.rng.getrandbits(64)))
        self.searched: list[Searched] = []
        self._init_switch(str(switch), pairs, every)
        if isinstance(probe, bool) or not isinstance(probe, int) or probe < 0 or probe == 1:
            raise UserError(f"search: probe must be 0 or a whole number of rollouts ≥ 2, got {probe!r}")
        if probe and self.policies:
            raise UserError("search: probe measures single decisions; it cannot be given with switch")
        self.probe = probe
        if isinstance(peek, bool) or peek not in (0, 1, 2, 3, 4):
            raise UserError(f"search: peek must be 0, 1, 2, 3 or 4, got {peek!r}")
        keeps = {1: self.hooks.reseed, 3: self.hooks.see_hands, 4: self.hooks.see_decks}
        if peek in keeps and keeps[peek] is None:
            raise UserError(
                f"search: peek={peek} needs a game whose search can split its re-deal (Four Souls)"
            )
        self.peek = peek
        if isinstance(couple, bool) or couple not in (0, 1):
            raise UserError(f"search: couple must be 0 or 1, got {couple!r}")
        if couple and self.hooks.couple is None:
            raise UserError("search: couple needs a game whose branches can couple their draws (Four Souls)")
        if couple and peek in (1, 2, 4):
            raise UserError(f"search: couple draws from re-dealt decks; peek={peek} keeps the true order")
        self.couple = couple
        self.watch = _horizons(str(watch))
        if self.watch and not probe:
            raise UserError("search: watch reads the evaluation along probe's whole games: it needs probe")
        if self.watch and (self.hooks.evaluator is None or self.hooks.turn_of is None):
            raise UserError("search: watch needs a state evaluation, which this game does not give")
        if isinstance(split, bool) or not isinstance(split, int) or split < 0:
            raise UserError(f"search: split must be a whole number of turns ≥ 0, got {split!r}")
        if split and not self.watch:
            raise UserError(
                "search: split plays each of watch's rollouts twice from a re-deal: it needs watch"
            )
        self.split = split
        self._watching: _Watch | None = None

    def declines(self, kind: str, view: Any, context: Any) -> bool:
        """Unsearched kinds follow the base heuristic's own declining (Four Souls response windows); so do
        searched ones with ``windows=base``, which searches only the windows the base would answer (where
        it sees something at stake) instead of every window — most of which its base passes unseen."""
        if self.policies:  # switch: the policy playing now declines as it would
            own = getattr(self.policies[self.current], "declines", None)
            return bool(own(kind, view, context)) if own is not None else False
        if (self.kinds is None or kind in self.kinds) and not self.base_windows:
            return False
        base = getattr(self.base, "declines", None)
        return bool(base(kind, view, context)) if base is not None else False

    def choose(self, decision: Any) -> Any:
        options = decision.options
        if self.policies:
            return self._switched(decision)
        if self._plan is not None:  # plans: the follow-up of the option played is answered as planned
            made_at, kind, answer = self._plan
            if decision.kind == kind or decision.kind == made_at:
                self._plan = None
                if decision.kind == kind and answer in options:
                    return answer
        if len(options) < 2 or (self.kinds is not None and decision.kind not in self.kinds):
            return self.base.choose(decision)
        if self.probe:
            return self._probe(decision)
        # the candidates: every option, and with plans every option with a follow-up choice once for each
        # of that choice's answers (the branch's player answers it so: ``_Forced``)
        cands: list[tuple[int, tuple[str, Any] | None]] = [(i, None) for i in range(len(options))]
        if self.plans:
            assert self.hooks.follow_ups is not None
            follow = self.hooks.follow_ups(decision)
            if self.plans == 2:
                assert self.hooks.target_follow_ups is not None
                follow.update(self.hooks.target_follow_ups(decision))
            for i, (kind, handles) in sorted(follow.items()):
                if len(handles) > 1:
                    cands.extend((i, (kind, h)) for h in handles)
        budget = math.ceil(self.budget * len(cands) / len(options))  # as many rollouts a candidate
        self._cands = cands
        k = len(cands)
        visits, values = [0] * k, [0.0] * k
        samples: list[list[float]] = [[] for _ in range(k)]  # the n-th entry: the n-th common seed
        favourite = options.index(self.base.choose(decision))  # the base's answer wins ties
        seeds: list[int] = []  # the n-th rollout of every option re-deals alike (common random numbers)
        stop = self.agree * k  # with agree: the rollouts after which unanimous results end the search
        for t in range(budget):
            if t == stop and len({v for own in samples for v in own}) == 1:
                break  # every option's rollouts ended alike: no option is better, the base's answer stands
            i = self._pick(visits, values, t)
            if self.confidence and visits[favourite] <= visits[i]:
                i = favourite  # the base's answer goes first: every rollout has a partner on its seed
            while len(seeds) <= visits[i]:
                seeds.append(self.rng.getrandbits(64))
            outcome = self._branch(decision, i, seeds[visits[i]], self.horizon)
            if outcome is None:  # inside the forked branch: answer with the candidate and play on
                return options[cands[i][0]]
            value = self._value(outcome)
            visits[i] += 1
            values[i] += value
            samples[i].append(value)
        if self.confidence:
            best = self._confident(samples, favourite)
        else:
            best = max(
                range(k),
                key=lambda j: (values[j] / visits[j] if visits[j] else -1.0, j == favourite, visits[j], -j),
            )
        if self.challenge and best == favourite:
            # the truncated judge's preferences win no more whole games than the base's answer (docs/search.md),
            # so the whole-game check is the only judge that finds anything: give it a candidate
            # at every searched decision, the option the truncated rollouts rate best after the base's answer
            best = max(
                (j for j in range(k) if j != favourite and visits[j]),
                key=lambda j: (values[j] / visits[j], visits[j], -j),
                default=favourite,
            )
        shown = tuple(options[i] if f is None else (options[i], f[1]) for i, f in cands)
        record = Searched(decision.kind, shown, visits, values, best, favourite)
        if self.settle and best != favourite:
            # fresh common seeds: the check is independent of the search's own samples. With curtail the
            # pairs stop once the rest cannot change the verdict (with extend, the first pairs once the
            # candidate cannot end them ahead): the same verdict on fewer whole games
            if not self.curtail:
                first = None
            elif self.extend:
                first = _cannot_lead
            else:
                first = self._decided
            diffs, child = self._pairs(decision, best, favourite, self.rng, self.settle, first)
            planned = self.settle
            if child is None and self.extend and sum(diffs) > 0:
                # ahead after settle's pairs: more pairs, so a real gain is confirmed more often; a
                # candidate not ahead (the most, whose pairs mostly end alike) costs no more
                done = diffs[:]
                more, child = self._pairs(
                    decision,
                    best,
                    favourite,
                    self.rng,
                    self.extend - len(diffs),
                    (lambda d, left: self._decided(done + d, left)) if self.curtail else None,
                )
                diffs += more
                planned = self.extend
            if child is not None:
                return options[cands[child][0]]
            record.candidate, record.check = best, tuple(diffs)
            record.chosen = best = best if self._verdict(diffs, planned - len(diffs)) else favourite
        if self.commit_answers and cands[best][0] != favourite:
            _commit(self.base, decision, cands[best][0], decision.view)
        if self.audit and best != favourite:
            # a diagnostic (``cardlab overrules``): fresh pairs from a stream of their own, so the game
            # plays exactly as without the audit, and the estimate is not selected on the check above
            audit_rng = random.Random(hash(self.rng.getstate()))
            diffs, child = self._pairs(decision, best, favourite, audit_rng, self.audit)
            if child is not None:
                return options[cands[child][0]]
            record.audit = tuple(diffs)
        self.searched.append(record)
        answer, force = cands[best]
        if force is not None:
            self._plan = (decision.kind, *force)
        return options[answer]

    def _probe(self, decision: Any) -> Any:
        """``probe=P`` (a diagnostic for ``cardlab overrules``): every option of this decision is played to
        the end of the game in ``P`` rollouts on common seeds (the n-th rollout of every option on the same
        re-deal), and the base's answer is played, so the game is the base's. The record's ``samples`` say
        how much the choice at this kind of decision moves whole games — where a game is decided, and so
        where a search could gain (docs/search.md)."""
        options = decision.options
        favourite = options.index(self.base.choose(decision))
        self._cands = [(i, None) for i in range(len(options))]
        samples: list[list[float]] = [[] for _ in options]
        # watch: only branches played in this process (copies) can hand their notes back
        watch = self.watch if self.branch == "copy" and decision.kind in self.hooks.copy_kinds else ()
        watched: list[list[tuple[float, ...]]] = []
        twins: list[list[tuple[float, ...]]] = []
        for seed in [self.rng.getrandbits(64) for _ in range(self.probe)]:
            rows, second = [], []
            # split: two re-deal seeds of their own (the game's stream is not drawn), common to the options
            twin = random.Random(seed)
            copies = [twin.getrandbits(64), twin.getrandbits(64)] if watch and self.split else [None]
            for i in range(len(options)):
                for k, resplit in enumerate(copies):
                    if watch:
                        assert self.hooks.turn_of is not None
                        start = self.hooks.turn_of(decision.view)
                        self._watching = _Watch(start, watch, self.seat, self.hooks)
                        if resplit is not None:
                            self._watching.resplit = self._resplit(resplit)
                            self._watching.split = self.split
                    outcome = self._branch(decision, i, seed, 0)
                    if outcome is None:  # inside a forked branch: the option it plays
                        return options[i]
                    value = self._value(outcome)
                    if k == 0:
                        samples[i].append(value)
                    if self._watching is not None:
                        (rows if k == 0 else second).append(self._watching.row(value, outcome.turns))
                        self._watching = None
            if rows:
                watched.append(rows)
            if second:
                twins.append(second)
        record = Searched(
            decision.kind, options, [len(s) for s in samples], [sum(s) for s in samples], favourite, favourite
        )
        record.samples = tuple(map(tuple, samples))
        record.watched, record.horizons = tuple(map(tuple, watched)), watch
        record.twins, record.split = tuple(map(tuple, twins)), self.split if twins else 0
        if self.hooks.turn_of is not None:
            record.turn = self.hooks.turn_of(decision.view)
        if self.hooks.to_go_of is not None:
            record.to_go = self.hooks.to_go_of(decision.view)
        self.searched.append(record)
        return options[favourite]

    def _init_switch(self, switch: str, pairs: int | None, every: int | None) -> None:
        """``switch=aggro+hoarder``: policy switching (below, ``_switched``). The candidates are the base and
        each policy named: a heuristic of this game, or one with parameters (``sensible/risk=0.5``)."""
        self.policies: list[Any] = []  # the real game's players, one a candidate policy (base first)
        self.current = 0
        if not switch:
            given = [
                f"{name}={value}" for name, value in (("pairs", pairs), ("every", every)) if value is not None
            ]
            if given:  # taken and never read: `search:pairs=4` searched exactly as without it
                raise UserError(
                    f"search: {', '.join(given)}: read only with switch= (policy switching); add switch= or "
                    "leave it out"
                )
            return
        pairs = 8 if pairs is None else pairs
        every = 1 if every is None else every
        if isinstance(pairs, bool) or not isinstance(pairs, int) or pairs < 2:
            raise UserError(f"search: pairs must be a whole number of rollout pairs ≥ 2, got {pairs!r}")
        if isinstance(every, bool) or not isinstance(every, int) or every < 1:
            raise UserError(f"search: every must be a whole number of own turns ≥ 1, got {every!r}")
        if self.hooks.turn_of is None:
            raise UserError("search: switch chooses at each own turn, which this game's search cannot see")
        self.pairs, self.every = pairs, every
        self.switch_names = [self.base.name if hasattr(self.base, "name") else "base"]
        self.switch_names += switch.split("+")
        self.factories: list[Callable[[int, random.Random], Any]] = [self.base_factory]
        self.factories += [self._policy(text, "switch policy") for text in self.switch_names[1:]]
        self.policies = [self.base] + [
            f(self.seat, random.Random(self.rng.getrandbits(64))) for f in self.factories[1:]
        ]
        self._turn_seen: Any = None  # the turn of the last switch point's decision
        self._own_turns = 0

    def _policy(self, text: str, what: str) -> Callable[[int, random.Random], Any]:
        """A policy's factory from its text (a switch candidate or the rollout policy): ``name`` or
        ``name/key=value/key=value``; a bad name or parameter is one line before any game."""
        name, *items = text.split("/")
        if name not in self.heuristics:
            known = ", ".join(sorted(self.heuristics))
            raise UserError(f"search: {what} '{name}' is not a heuristic of this game ({known})")
        cls, params = self.heuristics[name], {}
        if not items:
            return cls
        for item in items:
            key, eq, value = item.partition("=")
            if not eq or not key:
                raise UserError(f"search: {what} '{text}': '{item}' is not key=value")
            params[key] = _parse_value(value)
        try:
            cls(self.seat, random.Random(0), **params)
        except (TypeError, ValueError) as exc:
            raise UserError(f"search: {what} '{text}': {exc}") from None
        return functools.partial(cls, **params)

    def _switched(self, decision: Any) -> Any:
        """Policy switching (Chung, Buro & Schaeffer 2005): at this seat's first searchable decision of every
        ``every``-th own turn, each candidate policy (the base and ``switch``'s) plays this seat for the rest
        of the game in ``pairs`` whole-game rollouts on common seeds, every other seat the rollout policy;
        the policy the confidence rule prefers to the base on those pairs plays the real game until the next
        switch point. Why: a single decision's deviation from sensible gains about nothing (docs/search.md), so
        the candidates that a few pairs can tell apart must differ by a lot of play, not one choice."""
        options = decision.options
        kinds = self.hooks.switch_kinds or self.hooks.copy_kinds or frozenset({"action"})
        if len(options) > 1 and decision.kind in kinds:
            assert self.hooks.turn_of is not None
            turn = self.hooks.turn_of(decision.view)
            if turn != self._turn_seen:
                self._turn_seen = turn
                self._own_turns += 1
                if (self._own_turns - 1) % self.every == 0:
                    answer = self._switch(decision)
                    if answer is not None:  # inside a forked branch: the candidate's answer, played on
                        return answer
        return self.policies[self.current].choose(decision)

    def _switch(self, decision: Any) -> Any:
        """Judge the candidate policies here and set ``current``; inside a forked branch, the answer."""
        options = decision.options
        k = len(self.factories)
        deciders = [f(self.seat, random.Random(self.rng.getrandbits(64))) for f in self.factories]
        answers = [options.index(p.choose(decision)) for p in deciders]
        samples: list[list[float]] = [[] for _ in range(k)]
        for seed in [self.rng.getrandbits(64) for _ in range(self.pairs)]:
            for j in range(k):
                outcome = self._policy_branch(decision, answers[j], j, seed)
                if outcome is None:
                    return options[answers[j]]
                samples[j].append(self._value(outcome))
        best = self._confident(samples, 0, pseudo=0.25)
        record = Searched(
            "switch", tuple(self.switch_names), [len(s) for s in samples], [sum(s) for s in samples], best
        )
        record.samples = tuple(map(tuple, samples))
        if best:
            record.candidate = best
            record.check = tuple(a - b for a, b in zip(samples[best], samples[0], strict=True))
            if self.audit:  # fresh pairs from a stream of their own: the game plays as without them
                audit_rng = random.Random(hash(self.rng.getstate()))
                diffs = []
                for seed in [audit_rng.getrandbits(64) for _ in range(self.audit)]:
                    pair = []
                    for j in (best, 0):
                        outcome = self._policy_branch(decision, answers[j], j, seed)
                        if outcome is None:
                            return options[answers[j]]
                        pair.append(self._value(outcome))
                    diffs.append(pair[0] - pair[1])
                record.audit = tuple(diffs)
        self.searched.append(record)
        self.current = best
        return None

    def _policy_branch(self, decision: Any, answer: int, j: int, seed: int) -> branching.Outcome | None:
        """One whole-game rollout with candidate policy ``j`` in this seat from here (its answer ``answer``
        to this decision, which the seated policy is told), on ``seed``; None inside a forked child."""
        own = self.factories[j]
        if self.branch == "copy" and decision.kind in self.hooks.copy_kinds:
            assert self.hooks.play_copy is not None
            return self.hooks.play_copy(
                decision, answer, lambda state: self._enter(decision, answer, seed, 0, state, own=own)
            )
        if self.branch == "replay":
            return branching.replay(decision, lambda at, _: self._enter(at, answer, seed, 0, own=own), answer)
        return branching.fork(lambda: self._enter(decision, answer, seed, 0, own=own))

    def _pairs(
        self,
        decision: Any,
        a: int,
        b: int,
        rng: random.Random,
        n: int,
        stop: Callable[[list[float], int], bool] | None = None,
    ) -> tuple[list[float], int | None]:
        """``n`` pairs of whole-game rollouts, option ``a`` and option ``b`` on one fresh seed from ``rng``
        each: the differences (``a``'s result minus ``b``'s). Inside a forked branch: the option to answer.
        With ``stop`` (the differences so far, the pairs left) the pairs end as soon as it says so; the n
        seeds are drawn first either way, so ``rng`` moves alike and the game plays on as it would."""
        diffs: list[float] = []
        for k, seed in enumerate([rng.getrandbits(64) for _ in range(n)]):
            if stop is not None and stop(diffs, n - k):
                break
            pair = []
            for j in (a, b):
                outcome = self._branch(decision, j, seed, 0)
                if outcome is None:
                    return diffs, j
                pair.append(self._value(outcome))
            diffs.append(pair[0] - pair[1])
        return diffs, None

    def _branch(self, decision: Any, c: int, seed: int, horizon: int) -> branching.Outcome | None:
        """One rollout of candidate ``c`` on ``seed`` (None inside a forked child, which plays it on)."""
        i, force = self._cands[c]
        if self.branch == "replay":
            return branching.replay(decision, lambda at, _: self._enter(at, i, seed, horizon, force=force), i)
        if self.branch == "copy" and decision.kind in self.hooks.copy_kinds:
            assert self.hooks.play_copy is not None
            return self.hooks.play_copy(
                decision, i, lambda state: self._enter(decision, i, seed, horizon, state, force)
            )
        return branching.fork(lambda: self._enter(decision, i, seed, horizon, force=force))

    def _decided(self, diffs: list[float], left: int) -> bool:
        return self._verdict(diffs, left) is not None

    def _verdict(self, diffs: list[float], left: int) -> bool | None:
        """Whether the whole-game check confirms its candidate (the confidence rule on the pairs'
        differences, with the pseudo-difference of 1/4) once ``left`` more pairs are played: True or False
        when no outcome of them (each a difference in [-1, 1]) can change it, None while some could. Why:
        most pairs end alike, and a candidate that cannot pass any more (or cannot fail) needs no more
        whole games — the same verdict for fewer (docs/search.md).

        The rule, squared (S the sum and Q the sum of squares of the n differences, c the confidence):
        S > 0 and S² (1 + c²/n) > c² (Q + 1/4). The rest's sum x and squares y satisfy x²/left ≤ y ≤ left,
        |x| ≤ left: it can still pass if the best x with the fewest squares passes (the margin is quadratic
        in x: its ends or its vertex), and cannot fail if the worst (x = -left, y = left) passes. A small
        tolerance leaves a tie at the boundary undecided, so rounding never settles it early."""
        if left <= 0:
            gain = [[0.0] * len(diffs), diffs]  # the candidate's differences against a base of zeros
            return self._confident(gain, 0, pseudo=0.25) == 1
        n = len(diffs) + left
        s, q, c2 = sum(diffs), sum(d * d for d in diffs), self.confidence**2
        k = 1.0 + c2 / n

        def margin(x: float, y: float) -> float:
            return (s + x) ** 2 * k - c2 * (q + y + 0.25) if s + x > 0 else -1.0

        tolerance = 1e-9
        if margin(-left, left) > tolerance:
            return True
        best = [float(left), float(-left)]
        a = k - c2 / left  # the margin's curvature in x with y = x²/left
        if a < 0:
            best.append(min(max(-s * k / a, -left), left))
        if max(margin(x, x * x / left) for x in best) < -tolerance:
            return False
        return None

    def _confident(self, samples: list[list[float]], favourite: int, pseudo: float | None = None) -> int:
        """The base's answer, unless another option beats it on the same seeds (paired, common random
        numbers) by more than ``confidence`` standard errors of the mean difference (for whole-game rollouts
        the variance is taken with one pseudo-difference of variance 1/4, so agreeing rollouts are not
        mistaken for certainty); of those, the one with the best mean difference. Noise alone then rarely
        overrules the heuristic, which a plain best mean over a few whole-game rollouts does at almost every
        decision."""
        base = samples[favourite]
        best, best_gain = favourite, 0.0
        # whole games score 0 or 1, so two rollouts can agree by chance with zero sample variance: one
        # pseudo-difference of the largest variance a win share can have (``pseudo`` 1/4) joins them. A
        # truncated rollout (horizon > 0) scores a continuous estimated share whose differences are a few
        # hundredths: a pseudo-difference of 1/4 would drown them (the search could never overrule the
        # base), while agreeing exactly by chance is no risk there (``pseudo`` 0)
        if pseudo is None:
            pseudo = 0.0 if self.horizon else 0.25
        for j, own in enumerate(samples):
            m = min(len(own), len(base))
            if j == favourite or m < 2:
                continue
            diffs = [own[n] - base[n] for n in range(m)]
            mean = sum(diffs) / m
            var = (sum((d - mean) ** 2 for d in diffs) + pseudo) / (m if pseudo else m - 1)
            if mean > self.confidence * math.sqrt(var / m) and mean > best_gain:
                best, best_gain = j, mean
        return best

    def _pick(self, visits: list[int], values: list[float], t: int) -> int:
        for i, n in enumerate(visits):
            if n == 0:
                return i
        log_t = math.log(t)
        return max(
            range(len(visits)),
            key=lambda j: values[j] / visits[j] + self.explore * math.sqrt(log_t / visits[j]),
        )

    def _enter(
        self,
        decision: Any,
        answer: int,
        seed: int,
        horizon: int,
        state: Any = None,
        force: tuple[str, Any] | None = None,
        own: Callable[[int, random.Random], Any] | None = None,
    ) -> None:
        """In the branch: re-deal the hidden information and seat the rollout policy everywhere (in the
        game behind ``decision``, or in ``state``, its copy); with ``commit_answers`` the seat's rollout
        player is told it answers option ``answer``; with ``force`` (a plan's follow-up: its kind and
        answer) the seat's next decision of that kind is answered so."""
        rng = random.Random(seed)
        copied = state is not None
        state = state if copied else self.hooks.state_of(decision.view)
        if not self.peek:
            self.hooks.determinize(state, self.seat, rng)
        elif self.peek == 1:  # a ceiling, never fair play: the true hidden cards, fresh dice
            assert self.hooks.reseed is not None
            self.hooks.reseed(state, rng)
        elif self.peek == 3:  # the other hands seen, the decks' order and the dice re-dealt
            assert self.hooks.see_hands is not None
            self.hooks.see_hands(state, self.seat, rng)
        elif self.peek == 4:  # the decks' order seen (the loot deck's aside), the hands and the dice re-dealt
            assert self.hooks.see_decks is not None
            self.hooks.see_decks(state, self.seat, rng)
        players = self.hooks.players_of(state)
        seated = [
            (own if own is not None and s == self.seat else self.rollout)(
                s, random.Random(rng.getrandbits(64))
            )
            for s in range(len(players))
        ]
        if self.commit_answers or own is not None:  # a switch's policy is told its answer: its plan follows
            view = self.hooks.view_of(state, self.seat) if copied else decision.view
            _commit(seated[self.seat], decision, answer, view)
        if force is not None:
            seated[self.seat] = _Forced(seated[self.seat], *force)
        if horizon:
            hooks = self.hooks
            at = hooks.turn_of(decision.view) + horizon
            cut = _Cut(at, len(seated), hooks, random.Random(rng.getrandbits(64)))
            seated = [_Truncated(p, cut) for p in seated]
        elif self._watching is not None:
            self._watching.n = len(seated)
            seated = [_Truncated(p, self._watching) for p in seated]
        self._seat(state, seated)
        if self.couple:  # drawn last: the re-deal and the players' seeds are those of couple=0
            assert self.hooks.couple is not None
            self.hooks.couple(state, rng.getrandbits(64))

    def _resplit(self, seed: int) -> Callable[[Any, _Watch], None]:
        """``split`` (a diagnostic): at the searching seat's first decision ``split`` turns on, a watched
        rollout is re-dealt from the seat's view and played on by fresh rollout players, as a branch taken
        there would be; two copies split so share the whole position there and what the seat knows, and
        nothing after. How alike their results are bounds what any evaluation of that position can see."""

        def resplit(view: Any, watching: _Watch) -> None:
            state = self.hooks.state_of(view)
            rng = random.Random(seed)
            self.hooks.determinize(state, self.seat, rng)
            n = len(self.hooks.players_of(state))
            self._seat(
                state,
                [_Truncated(self.rollout(s, random.Random(rng.getrandbits(64))), watching) for s in range(n)],
            )

        return resplit

    def _seat(self, state: Any, seated: list) -> None:
        """Seat ``seated`` in a branch's game: its players answer from now on (a decliner's memo of the
        players it replaces is dropped; a game told of new players, ``reseated``)."""
        players = self.hooks.players_of(state)
        players.strategies = seated
        players._decliners = None
        if self.hooks.reseated is not None:
            self.hooks.reseated(state)

    def _value(self, outcome: branching.Outcome) -> float:
        """A win 1, a shared draw 1/k, anything else 0 — the same win share as every report; a truncated
        rollout's estimated win share."""
        if outcome.values is not None:
            return outcome.values[self.seat]
        if self.seat not in outcome.winners:
            return 0.0
        return 1.0 / len(outcome.winners) if outcome.end_reason == "draw" else 1.0


class _Cut:
    """Where a truncated rollout ends (the first decision at or after turn ``at``) and how it is scored:
    a softmax of the game's evaluation over the seats, an estimate of each seat's win share."""

    __slots__ = ("at", "n", "turn_of", "evaluate", "scale")

    def __init__(self, at: int, n: int, hooks: Hooks, rng: random.Random) -> None:
        assert hooks.turn_of is not None and hooks.evaluator is not None
        self.at, self.n, self.turn_of, self.scale = at, n, hooks.turn_of, hooks.scale
        self.evaluate = hooks.evaluator(rng)

    def check(self, view: Any, kind: str = "") -> None:
        if self.turn_of(view) < self.at:
            return
        branching.stop(branching.Outcome(end_reason="horizon", values=self.shares(view)))

    def shares(self, view: Any) -> tuple[float, ...]:
        raw = [self.evaluate(view, s) / self.scale for s in range(self.n)]
        top = max(raw)
        weights = [math.exp(v - top) for v in raw]
        total = sum(weights)
        return tuple(w / total for w in weights)


class _Watch(_Cut):
    """``watch`` (with ``probe``): a whole-game rollout that never stops, but notes the searching seat's
    estimated win share at the first decision at or after each turn ``start + h`` (``got``, by h)."""

    __slots__ = ("start", "horizons", "seat", "got", "split", "resplit")

    def __init__(self, start: int, horizons: tuple[int, ...], seat: int, hooks: Hooks) -> None:
        # the seats are counted when the branch seats its players (``n``); the evaluation draws nothing
        super().__init__(start, 0, hooks, random.Random(0))
        self.start, self.horizons, self.seat = start, horizons, seat
        self.got: dict[int, float] = {}
        # split: the turns after the decision, and what re-deals the rollout there (once; ``Search._resplit``)
        self.split = 0
        self.resplit: Callable[[Any, _Watch], None] | None = None

    def check(self, view: Any, kind: str = "") -> None:
        turn = self.turn_of(view)
        for h in self.horizons:
            if h not in self.got and turn >= self.start + h:
                self.got[h] = self.shares(view)[self.seat]
        if (
            self.resplit is not None
            and kind == "action"
            and view.seat == self.seat
            and turn >= self.start + self.split
        ):
            # its own action decision, where a search branches: no option names a re-dealt card, and no
            # effect is half-resolved (a look at a deck's top must not be re-dealt under it)
            resplit, self.resplit = self.resplit, None
            resplit(view, self)

    def row(self, value: float, turns: int) -> tuple[float, ...]:
        """The turns the rollout played from the decision, its result, and its share at each horizon (a game
        over before it: its result)."""
        return (float(turns - self.start), value, *(self.got.get(h, value) for h in self.horizons))


class _Truncated:
    """A rollout player whose game is cut at the horizon (``_Cut``), or watched (``_Watch``); until then, and
    apart from that, it is its policy."""

    __slots__ = ("policy", "cut", "declines")

    def __init__(self, policy: Any, cut: _Cut) -> None:
        self.policy, self.cut = policy, cut
        self.declines = getattr(policy, "declines", None) or _never

    def choose(self, decision: Any) -> Any:
        self.cut.check(decision.view, decision.kind)
        return self.policy.choose(decision)


class _Forced:
    """A plan's rollout player (``plans``): its next decision of ``kind`` is answered ``answer`` when that is
    still an option (the follow-up of the option the branch played); every other one is its policy's."""

    __slots__ = ("policy", "kind", "answer", "declines")

    def __init__(self, policy: Any, kind: str, answer: Any) -> None:
        self.policy, self.kind, self.answer = policy, kind, answer
        self.declines = getattr(policy, "declines", None) or _never

    def choose(self, decision: Any) -> Any:
        if decision.kind == self.kind:
            self.kind = ""  # only the first one
            if self.answer in decision.options:
                return self.answer
        return self.policy.choose(decision)


def _horizons(text: str) -> tuple[int, ...]:
    """``watch=2+4+8``: whole numbers of turns ≥ 1, joined by ``+`` (empty: off); anything else one line."""
    if not text:
        return ()
    out = []
    for part in text.split("+"):
        if not part.isdigit() or int(part) < 1:
            raise UserError(f"search: watch must be whole numbers of turns ≥ 1 joined by '+', got {text!r}")
        out.append(int(part))
    return tuple(sorted(set(out)))


def _cannot_lead(diffs: list[float], left: int) -> bool:
    """With extend: settle's pairs can stop once the candidate cannot end them ahead (their sum above 0),
    for then no more pairs follow and its sum, at most 0, fails the confidence rule."""
    return sum(diffs) + left <= 0


def _never(_kind: str, _view: Any, _context: Any) -> bool:
    return False


def _commit(player: Any, decision: Any, answer: int, view: Any) -> None:
    """Tell ``player`` that option ``answer`` of ``decision`` is played: it is asked the same decision with
    that option alone, so what it remembers of its own answer is about the option played (Four Souls
    sensible: the ability it uses, the target its next choice aims at). Without it, an overruled base
    answers the overrule's follow-up choices with the plan of the option it proposed, and a rollout player
    answers them with no plan at all — a model of play the real player does not follow."""
    player.choose(decision.but((decision.options[answer],), view))
