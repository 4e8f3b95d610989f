"""The rules of Hidden Reason's ``sensible`` player (``sensible.SensiblePlayer`` is the player: its
parameters and documentation; ``racer`` and ``guardian`` refine it), compiled with mypyc by
``pip install .`` (issue 20).

``SensiblePolicy`` is a native class that interpreted subclasses may extend; it has no ``__init__`` (the
kernel reads a strategy's parameters from the signature of its ``__init__``, which a compiled one does not
keep) and declares the attributes the player keeps, so a copy of a player (``strategies.copying.Copyable``)
carries them all. ``crystal_target`` is a class constant a preset overrides (``racer``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from cardlab.simulate.core import Decision
from cardlab.simulate.hidden_reason.cards import VERBS, CardDef
from cardlab.simulate.hidden_reason.stack import PASS
from cardlab.simulate.hidden_reason.views import CardView, View

REMOVAL = VERBS.with_role("removal")  # as the verbs register it


def _refs(target: Any) -> tuple:
    """A target option as a tuple of refs (cards ≥ 0, players < 0); empty for no target."""
    if target is None:
        return ()
    return target if isinstance(target, tuple) else (target,)


def boss_damage_of(effects: tuple) -> int:
    """Direct boss damage written in a block (hooks count as 2, a fair guess)."""
    return sum(
        arg if verb == "damage_boss" else 2 if verb == "hook" and arg == "rally_cry" else 0
        for verb, arg in effects
    )


def play_effects(d: CardDef) -> tuple:
    """What resolving a strategy or tactic does (its play; a card without one does nothing on resolving)."""
    return d.play.effects if d.play is not None else ()


def _seen(view: View, uid: int) -> CardView:
    """The card an option or its context names: always one this seat sees (options are handles of the
    cards it may act on). Typed, so the compiled build reads the view and the card natively (issue 20)."""
    card = view.card(uid)
    if card is None:
        raise ValueError(f"seat {view.seat} was offered card {uid}, which it cannot see")
    return card


def _summary(d: CardDef) -> tuple[int, frozenset[str]]:
    """(boss damage, verbs) of a strategy or tactic, read from this run's card definition every time."""
    effects = play_effects(d)
    return boss_damage_of(effects), frozenset(v for v, _ in effects)


def mulligan(d: Decision) -> str:
    """The free redeal (HR setup) of a hand with fewer than two cards of cost ≤ 2, once; ``sensible`` and
    ``evaluator`` both play it."""
    cheap = sum(1 for c in d.view.hand if c.cost <= 2)
    return "redeal" if cheap < 2 and d.context == 0 else "keep"


def wound(d: Decision, crystal_target: int) -> str:
    """From the wound: crystals until ``crystal_target``, then cards."""
    if "crystal" in d.options and d.view.crystals < crystal_target:
        return "crystal"
    return "card"


def synergy_token(d: Decision, seat: int) -> Any:
    """Where a synergy's next energy token goes (HR-15.2): onto a construction of mine, or from an opponent's
    construction (delaying it); else stop. The card named as the synergy was activated is offered first, so
    it is preferred. ``sensible`` and ``evaluator`` both play it."""
    give = d.context[1] == "give"
    for opt in d.options:
        if opt == "done":
            break
        card = _seen(d.view, opt)
        if card.defn.construction is not None and (card.controller == seat) == give:
            return opt
    return "done"


def best_option(options: Any, value: Callable[[Any], float]) -> Any:
    """The option worth most above 0 by ``value``, else PASS (the first of equals): how ``sensible`` and
    ``evaluator`` pick a main action or a response."""
    best: Any = PASS  # an option (typed: compiled, PASS alone would fix its shape)
    best_value = 0.0
    for opt in options:
        if opt == PASS:
            continue
        v = value(opt)
        if v > best_value:
            best, best_value = opt, v
    return best


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class SensiblePolicy:
    """What ``SensiblePlayer`` does at each decision (see its module's documentation)."""

    crystal_target: ClassVar[int] = 6  # crystals taken from the wound before cards

    # set by ``SensiblePlayer.__init__``
    seat: int
    rng: Any

    # -- entry point ---------------------------------------------------------------------------------
    def choose(self, decision: Decision) -> Any:
        handler = getattr(self, "on_" + decision.kind, None)
        if handler is None:
            return decision.options[0]
        return handler(decision)

    # -- setup and start of turn -----------------------------------------------------------------------
    def on_mulligan(self, d: Decision) -> str:
        return mulligan(d)

    def on_wound(self, d: Decision) -> str:
        return wound(d, self.crystal_target)

    def on_synergy_token(self, d: Decision) -> Any:
        return synergy_token(d, self.seat)

    # -- main actions ----------------------------------------------------------------------------------
    def on_action(self, d: Decision) -> Any:
        return self.best(d, main=True)

    def on_respond(self, d: Decision) -> Any:
        return self.best(d, main=False)

    def best(self, d: Decision, main: bool) -> Any:
        """The option that scores highest above 0 (a main action or a response), else pass."""
        view: View = d.view
        return best_option(d.options, lambda opt: self.score(view, opt, main=main))

    def score(self, view: View, opt: tuple, main: bool) -> float:
        """How much this option is worth now (≤ 0: not worth doing)."""
        kind = opt[0]
        if kind == "cast":  # its targets are chosen at payment (HR-10.2): judged by the best one now
            d = _seen(view, opt[1]).defn
            return max(
                (self.score_card(view, d, d.cost, t, main) for t in view.play_targets(opt[1])), default=0.0
            )
        if kind == "build":
            return 30.0 + self.target_value(view, opt[2], "enemy")
        if kind == "act":
            src = _seen(view, opt[1])
            ab = src.defn.activated[opt[2]]
            if src.defn.is_unit and ab.tap and src.durability <= 1:
                return 0.0  # would kill the unit
            return 2.0 + self.effects_value(view, ab.effects, opt[3])
        if kind == "synergy":  # energy onto my own construction (HR-15.2 may reach any card's: not theirs)
            other = _seen(view, opt[3])
            if opt[2] == "give" and other.defn.construction is not None and other.controller == self.seat:
                return 8.0
            return 0.0
        if kind == "scrap":
            victim = _seen(view, opt[2])
            if (
                victim.defn.is_unit
                and victim.durability <= 1
                or victim.defn.type == "object"
                and victim.defn.construction is None
                and not victim.defn.activated
            ):
                scrap = _seen(view, opt[1]).defn.scrap
                assert scrap is not None  # a scrap option is offered only for a card that has one (HR-15.3)
                return 3.0 + self.effects_value(view, scrap.effects, opt[3])
            return 0.0
        if kind == "substitute":  # sacrifice a worn-out mitsim of ours, any one (HR-Q.22)
            gone = _seen(view, opt[2])
            back = _seen(view, opt[3])
            if gone.durability <= 1 and (back.cost >= gone.cost or back.defn.triggers):
                return 5.0 + back.cost
            return 0.0
        return 0.0

    def score_card(self, view: View, d: CardDef, cost: int, target: Any, main: bool) -> float:
        if d.type == "tactic":
            return self.score_tactic(view, d, target, main)
        if d.play is not None and d.type == "strategy":
            value = self.effects_value(view, play_effects(d), target)
            dmg = boss_damage_of(play_effects(d))
            if dmg and dmg >= view.boss_hp:
                return 100.0
            return value + cost if value > 0 else 0.0
        if d.type == "implant":
            return 4.0 + cost + self.target_value(view, target, "own" if d.grant_attack >= 0 else "enemy")
        return 10.0 + cost * 2  # permanents: curve out

    def score_tactic(self, view: View, d: CardDef, target: Any, main: bool) -> float:
        effects = play_effects(d)
        dmg, verbs = _summary(d)
        if dmg and dmg >= view.boss_hp:
            return 100.0  # lethal at any time
        my_turn = view.active == self.seat
        if "counter" in verbs:
            card = view.card(target)
            if card is not None and card.owner != self.seat and card.cost >= 3:
                return 20.0 + card.cost
            return 0.0
        if verbs & REMOVAL:
            # Hold removal for the opponent's start of combat (or a big threat any time).
            aimed = [view.card(t) for t in _refs(target) if t >= 0]
            cards = [c for c in aimed if c is not None]
            if not cards or len(cards) < len(aimed) or any(c.controller == self.seat for c in cards):
                return 0.0
            if not my_turn and view.phase == "attack" or max(c.attack for c in cards) >= 4:
                return 5.0 + self.target_value(view, target, "enemy")
            return 0.0
        if "pump" in verbs or "buff" in verbs:
            return self.score_boost(view, effects, target, my_turn, main)
        if "untap" in verbs:
            return 0.0  # kept for when it gives lethal (racer overrides)
        if dmg and my_turn and not main:
            return 0.0
        if dmg and my_turn and main and view.pool >= d.cost + 3:
            return 2.0 + dmg
        return self.effects_value(view, effects, target) if my_turn and main else 0.0

    def score_boost(self, view: View, effects: tuple, target: Any, my_turn: bool, main: bool) -> float:
        """A pump (+attack this turn) on one of our units once it is attacking (our attack phase, after the
        attackers are tapped: HR-13.7), so it adds boss damage; a lasting buff on our own turn on a unit that
        can still fight, worth its attack twice and its durability once."""
        card = view.card(target) if isinstance(target, int) and target >= 0 else None
        if card is None or card.controller != self.seat or not my_turn:
            return 0.0
        pump = sum(arg for verb, arg in effects if verb == "pump")
        if pump:
            return 3.0 + pump if view.phase == "attack" and not main and card.tapped else 0.0
        buffs = [arg for verb, arg in effects if verb == "buff"]  # compiled as (attack, durability)
        attack, durability = sum(a for a, _ in buffs), sum(d for _, d in buffs)
        if main and card.durability >= 1 and (attack or card.durability <= 2):
            return 2.0 + 2 * attack + durability
        return 0.0

    def effects_value(self, view: View, effects: tuple, target: Any) -> float:
        """A rough value of a block's effects for this player."""
        value = 0.0
        for verb, arg in effects:
            if verb == "damage_boss":
                value += 1.5 * arg
            elif verb in ("draw", "recall"):
                value += 2.0 * arg
            elif verb == "crystal":
                value += 3.0 * arg
            elif verb == "gain":
                value += 0.5 * arg
            elif verb in REMOVAL or verb == "sacrifice":
                value += self.target_value(view, target, "enemy") if verb != "sacrifice" else 4.0
            elif verb in ("damage_all", "discard"):
                value += 3.0 * arg
            elif verb in ("energy", "revive"):
                value += 2.0 + arg
            elif verb == "hook":
                value += 4.0
            elif verb in ("buff", "pump"):
                value += 1.0
            elif verb == "summon":  # tokens (HR-14.2): worth their stats, like a unit on the board
                token, count = arg
                value += count * (token.attack + token.durability)
        return value

    def target_value(self, view: View, target: Any, side: str) -> float:
        """Enemy targets are worth their attack and cost; own targets their attack (several: the sum)."""
        if isinstance(target, tuple):
            return sum(self.target_value(view, t, side) for t in target)
        if target is None or target < 0:
            return 1.0 if target is not None else 0.0
        card = view.card(target)
        if card is None:
            return 0.0
        mine = card.controller == self.seat
        if side == "enemy":
            return -5.0 if mine else 1.0 + card.attack + card.cost
        return 1.0 + card.attack if mine else -5.0

    # -- combat ----------------------------------------------------------------------------------------
    def on_attack(self, d: Decision) -> Any:
        view: View = d.view
        me = _seen(view, d.context)
        my_attack = sum(
            u.attack for u in view.units(self.seat) if not u.tapped and not u.exhausted and u.durability >= 1
        )
        if my_attack >= view.boss_hp and "attack" in d.options:
            return "attack"
        retribution = self.best_retribution(view, d.options, me)
        if retribution is not None:
            return retribution
        if me.durability >= 2 or me.attack >= 2:
            return "attack"
        return "hold"

    def best_retribution(self, view: View, options: Any, me: CardView) -> Any:
        """Retribution on the biggest threat when this unit is nearly spent anyway."""
        best: Any = None  # a retribution option
        best_attack = 3
        for opt in options:
            if isinstance(opt, tuple) and opt[0] == "retribution":
                target = _seen(view, opt[1])
                if (
                    target.attack > best_attack
                    or target.attack == best_attack
                    and best is None
                    and me.durability <= 1
                ):
                    best, best_attack = opt, target.attack
        if best is not None and (me.durability <= 2 or best_attack >= me.attack + 2):
            return best
        return None

    # -- small choices ---------------------------------------------------------------------------------
    def on_choose_target(self, d: Decision) -> Any:
        if isinstance(d.context, tuple) and d.context[0] == "pay":  # paying for our card (HR-10.2)
            view = d.view
            card = view.defn(d.context[1])
            scores = [self.score_card(view, card, card.cost, t, view.main) for t in d.options]
            if max(scores) > 0:
                return d.options[scores.index(max(scores))]
        best, best_score = d.options[0], -1e9
        for option in d.options:
            score = 0.0
            for ref in _refs(option):
                card = d.view.card(ref) if ref >= 0 else None
                if card is None:
                    score += 1.0 if ref != -self.seat - 1 else -1.0
                elif card.controller == self.seat:
                    score += card.attack + card.durability
                else:
                    score += card.attack + card.cost
            if score > best_score:
                best, best_score = option, score
        return best

    def on_discard(self, d: Decision) -> Any:
        return min(d.options, key=lambda uid: (d.view.card(uid).cost, uid))

    def on_sacrifice(self, d: Decision) -> Any:
        return min(d.options, key=lambda uid: (d.view.card(uid).attack + d.view.card(uid).durability, uid))

    def on_hunger(self, d: Decision) -> Any:
        def key(uid: int) -> tuple:
            c = d.view.card(uid)
            return (c.durability >= 2, c.durability, -uid)

        return max(d.options, key=key)

    def on_choose_card(self, d: Decision) -> Any:
        return max(d.options, key=lambda uid: (d.view.card(uid).cost, -uid))
