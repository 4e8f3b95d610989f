"""The rules of Hidden Reason's ``evaluator`` player (``evaluator.EvaluatorPlayer`` is the player: its
parameters and documentation), compiled with mypyc by ``pip install .`` (issue 20), the same pattern as
``sensible_policy``: a native class with no ``__init__`` that the Python player class extends, declaring the
attributes the player keeps so a copy (``strategies.copying.Copyable``) carries them all.
"""

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr

from cardlab.simulate.core import Decision

from .sensible_policy import REMOVAL, best_option, mulligan, synergy_token, wound

TURNS_AHEAD = 3  # turns a permanent's triggers are expected to fire
SPELL_COST = 0.5  # a strategy or tactic is spent when cast: one that gains nothing stays in hand


def _refs(target: Any) -> tuple:
    if target is None:
        return ()
    return target if isinstance(target, tuple) else (target,)


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class EvaluatorPolicy:
    """What ``EvaluatorPlayer`` does at each decision (see its module's documentation)."""

    # set by ``EvaluatorPlayer.__init__``
    seat: int
    rng: Any
    w: dict[str, float]  # the weights by name ("power", "durability", "card", "crystal", "damage", "setup")
    crystal_target: int  # crystals taken from the wound before cards

    def choose(self, decision: Decision) -> Any:
        handler = getattr(self, "on_" + decision.kind, None)
        return decision.options[0] if handler is None else handler(decision)

    # -- the evaluation ---------------------------------------------------------------------------------
    def power(self, view, seat: int) -> int:
        """Attack a seat's untapped units could bring to the boss next combat."""
        return sum(u.attack for u in view.units(seat) if u.durability >= 1 and not u.tapped)

    def threat(self, view) -> int:
        """The strongest opponent's board power: what could take the lethal hit before our next turn."""
        return max((self.power(view, s) for s in range(view.n_players) if s != self.seat), default=0)

    def boss_damage_value(self, view, dmg: int, source_power_after: int = 0) -> float:
        """Lowering the boss: a win when lethal; else worth its points unless it sets an opponent up."""
        if dmg <= 0:
            return 0.0
        hp = view.boss_hp
        if dmg >= hp:
            return 1000.0
        left = hp - dmg
        value = self.w["damage"] * dmg
        if self.threat(view) >= left:  # an opponent could finish the boss before we act again
            value -= self.w["setup"] * dmg
        elif self.power(view, self.seat) + source_power_after >= left:
            value += self.w["damage"] * dmg  # we threaten the kill next turn
        return value

    def unit_value(self, view, card) -> float:
        return self.w["power"] * card.attack + self.w["durability"] * card.durability + 0.5 * card.cost

    def effects_value(self, view, effects: tuple, target: Any) -> float:
        value = 0.0
        for verb, arg in effects:
            if verb == "damage_boss":
                value += self.boss_damage_value(view, int(arg))
            elif verb in REMOVAL:
                for ref in _refs(target):
                    card = view.card(ref) if ref >= 0 else None
                    if card is not None:
                        sign = -1.0 if card.controller == self.seat else 1.0
                        value += sign * self.unit_value(view, card)
            elif verb == "damage_all":
                value += sum(self.unit_value(view, u) for s in range(view.n_players) if s != self.seat
                             for u in view.units(s) if u.durability <= arg)  # fmt: skip
                value -= sum(self.unit_value(view, u) for u in view.units(self.seat) if u.durability <= arg)
            elif verb == "draw":
                value += self.w["card"] * arg
            elif verb == "recall":  # units back from our own other world, if there are any
                value += self.w["card"] * min(arg, len(view.seat_info(self.seat).other_world))
            elif verb == "crystal":
                value += self.w["crystal"] * arg
            elif verb in ("gain", "energy", "revive"):
                value += 0.5 * (arg if isinstance(arg, int) else 1) + (2.0 if verb == "revive" else 0.0)
            elif verb == "discard":  # each opponent discards (HR-16.9)
                value += self.w["card"] * arg
            elif verb == "sacrifice":  # the target player's choice: their least valuable units
                for ref in _refs(target):
                    seat = -ref - 1 if ref < 0 else None
                    if seat is not None:
                        worth = sorted(self.unit_value(view, u) for u in view.units(seat))[:arg]
                        value += (-1.0 if seat == self.seat else 1.0) * sum(worth)
            elif verb == "pump":
                value += self.w["power"] * arg
            elif verb == "buff":  # compiled as (attack, durability)
                value += self.w["power"] * arg[0] + self.w["durability"] * arg[1]
            elif verb == "summon":
                token, count = arg
                value += count * (self.w["power"] * token.attack + self.w["durability"] * token.durability)
            elif verb in ("counter", "copy", "untap", "hook"):
                value += 3.0
        return value

    def cast_value(self, view, d, target: Any, main: bool) -> float:
        """A card played with ``target`` (chosen when it is paid for, HR-10.2)."""
        if d.is_unit:
            return self.w["power"] * d.attack + self.w["durability"] * d.durability + 1.0 - self.w["card"]
        if d.play is not None and d.type in ("strategy", "tactic", "event"):
            value = self.effects_value(view, d.play.effects, target) - SPELL_COST
            if d.type == "tactic" and main and "damage_boss" not in {v for v, _ in d.play.effects}:
                value -= 1.0  # a tactic kept in hand can still answer on an opponent's turn
            return value
        if d.type == "implant":
            cards = [view.card(r) for r in _refs(target) if r >= 0]
            mine = all(c is not None and c.controller == self.seat for c in cards)
            gain = self.w["power"] * d.grant_attack + self.w["durability"] * d.grant_durability
            return (gain if mine else -gain) + 1.0 - self.w["card"]
        ongoing = sum(self.effects_value(view, ab.effects, None) for _, ab in d.triggers)
        return (
            2.0
            + 0.5 * d.cost
            - self.w["card"]
            + (3.0 if d.activated or d.construction else 0.0)
            + TURNS_AHEAD * ongoing  # a trigger's effects, over the turns the permanent should last
        )

    def option_value(self, view, opt: tuple, main: bool) -> float:
        kind = opt[0]
        if kind == "cast":  # its targets are chosen at payment (HR-10.2): judged by the best one now
            d = view.defn(opt[1])
            if d is None:
                return 0.0
            return max((self.cast_value(view, d, t, main) for t in view.play_targets(opt[1])), default=0.0)
        if kind == "act":
            src = view.card(opt[1])
            ab = src.defn.activated[opt[2]]
            if src.defn.is_unit and ab.tap and src.durability <= 1:
                return -1.0
            return self.effects_value(view, ab.effects, opt[3]) - (0.5 * ab.cost if ab.cost else 0.0)
        if kind == "build":
            return 4.0 + self.effects_value(view, view.card(opt[1]).defn.construction.ability.effects, opt[2])
        if kind == "scrap":
            victim = view.card(opt[2])
            loss = self.unit_value(view, victim) if victim.defn.is_unit and victim.durability > 1 else 0.5
            return self.effects_value(view, view.card(opt[1]).defn.scrap.effects, opt[3]) - loss
        if kind == "synergy":  # energy onto my own construction, not an opponent's (HR-15.2)
            other = view.card(opt[3])
            mine = other.controller == self.seat
            return 3.0 if opt[2] == "give" and other.defn.construction is not None and mine else -0.5
        if kind == "substitute":  # any mitsim of ours may be the one sacrificed (HR-Q.22)
            gone, back = view.card(opt[2]), view.card(opt[3])
            return self.unit_value(view, back) - self.unit_value(view, gone) if gone.durability <= 1 else -1.0
        return 0.0

    # -- decisions --------------------------------------------------------------------------------------
    def on_action(self, d: Decision) -> Any:
        return self._best(d, main=True)

    def on_respond(self, d: Decision) -> Any:
        return self._best(d, main=False)

    def _best(self, d: Decision, main: bool) -> Any:
        view = d.view
        return best_option(d.options, lambda opt: self.option_value(view, opt, main))

    def on_attack(self, d: Decision) -> Any:
        view = d.view
        me = view.card(d.context)
        values: dict[Any, float] = {"hold": 0.0}  # "hold", "attack" or a ("retribution", uid) option
        if "attack" in d.options:
            spent = self.w["durability"] + (self.unit_value(view, me) if me.durability <= 1 else 0.0)
            values["attack"] = self.boss_damage_value(view, me.attack, source_power_after=-me.attack) - spent
            if self.power(view, self.seat) >= view.boss_hp:
                values["attack"] = 1000.0  # every unit in: the lethal hit is ours this combat
        for opt in d.options:
            if isinstance(opt, tuple) and opt[0] == "retribution":
                target = view.card(opt[1])
                values[opt] = (
                    self.w["power"] * min(target.attack, me.attack + target.attack) - self.w["durability"]
                )
        return max(d.options, key=lambda o: values.get(o, -1.0))

    def on_mulligan(self, d: Decision) -> str:
        return mulligan(d)

    def on_wound(self, d: Decision) -> str:
        return wound(d, self.crystal_target)

    def on_synergy_token(self, d: Decision) -> Any:
        return synergy_token(d, self.seat)

    def on_choose_target(self, d: Decision) -> Any:
        view = d.view
        if isinstance(d.context, tuple) and d.context[0] == "pay":  # paying for our card (HR-10.2)
            card = view.defn(d.context[1])
            return max(d.options, key=lambda t: self.cast_value(view, card, t, view.main))

        def worth(option: Any) -> float:
            total = 0.0
            for ref in _refs(option):
                card = view.card(ref) if ref >= 0 else None
                if card is None:
                    total += -1.0 if ref == -self.seat - 1 else 1.0
                else:
                    total += self.unit_value(view, card) * (1.0 if card.controller == self.seat else 1.2)
            return total

        return max(d.options, key=worth)

    def on_discard(self, d: Decision) -> Any:
        return min(d.options, key=lambda uid: (d.view.card(uid).cost, uid))

    def on_sacrifice(self, d: Decision) -> Any:
        return min(d.options, key=lambda uid: (self.unit_value(d.view, d.view.card(uid)), uid))

    def on_hunger(self, d: Decision) -> Any:
        return max(d.options, key=lambda uid: (d.view.card(uid).durability, -uid))

    def on_choose_card(self, d: Decision) -> Any:
        return max(d.options, key=lambda uid: (self.unit_value(d.view, d.view.card(uid)), -uid))
