"""One-step state evaluation for Gosu X: a policy family independent of ``sensible``'s hand-written rules.

Every option is scored by the change it makes to a weighted evaluation of the position, seen from the
player: battle-total lead (GX-9.2), hand advantage, activation tokens in hand, unlocked tokens (GX-7.7) and
army size. The change is predicted from the option itself and the *encoded effects* of the card involved
(``defn.on_play`` of its printed card, the effect vocabulary), never from card names: a designer's new card
is valued by what it does. Passing is scored as the battle it leads into: the lead against what the opponent can still add in
the turns passing gives them (GX-8). Weights are parameters (``evaluator:w_hand=2``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardlab.simulate.core.decisions import Decision, number_param
from cardlab.simulate.gosu_x.cards import CardDef

from .policy import Policy
from .valuing import LEVEL_VALUE, Valuer


class Evaluator(Policy):
    description: ClassVar[str] = (
        "Scores each option by the predicted change of a weighted position evaluation (one step ahead)."
    )

    name = "evaluator"

    def __init__(
        self,
        seat,
        rng,
        w_battle: float = 1.0,
        w_hand: float = 1.2,
        w_token: float = 1.5,
        w_unlock: float = 4.0,
        w_army: float = 0.5,
        opp_gain: float = 3.0,
        **params,
    ) -> None:
        super().__init__(seat, rng, **params)
        weights = {"battle": w_battle, "hand": w_hand, "token": w_token, "unlock": w_unlock, "army": w_army}
        self.w = {k: number_param("w_" + k, v) for k, v in weights.items()}
        self.opp_gain = number_param("opp_gain", opp_gain)  # battle points the opponent adds per turn left
        self.valuer = Valuer(seat, self.w, self.opp_gain)

    # -- evaluation of one option (the value model: valuing.py) --------------------------------------------
    def delta(self, **change: float) -> float:
        return self.valuer.delta(**change)

    def effect_value(self, v, defn: CardDef, hand_after: int) -> float:
        return self.valuer.effect_value(v, defn, hand_after)

    def option_value(self, v, o: tuple, lead: int, hand_n: int) -> float:
        kind = o[0]
        if kind == "pass":
            if v.passed(1 - self.seat):
                return 100.0 if lead > 0 else -100.0
            return self.delta(battle=lead - 3 * self.opp_gain) if v.round() else -100.0
        if kind == "play":
            defn = v.defn(o[1])
            cost = o[5] if len(o) > 5 else 0
            after = hand_n - 1 - cost
            value = self.delta(battle=LEVEL_VALUE[o[2]], hand=-1 - cost, army=1) - (1.0 if o[3] else 0.0)
            return value + (self.effect_value(v, defn, after) if defn is not None else 0.0)
        if kind == "replace":
            target = v.card(o[1])
            after = hand_n - 1 - o[3]
            level = target.row + 1 if target is not None else 1
            options = [c for c in v.hand() if c.defn.level == level]
            gain = max((self.effect_value(v, c.defn, after) for c in options), default=0.0)
            lost = target.tokens if target is not None else 0
            return gain + self.delta(hand=-1 - o[3], token=lost) - (1.0 if o[2] else 0.0)
        if kind == "activate":
            card = v.card(o[1])
            if card is None:
                return -1.0
            vet = v.card_value(card) if "veteran" in card.defn.keywords and not card.vet else 0
            return self.effect_value(v, card.defn, hand_n) + self.delta(battle=vet, token=-1)
        if kind in ("draw1", "draw3"):
            n, spent = (3, 2) if kind == "draw3" else (1, 1)
            room = max(0, v.hand_limit() - hand_n)
            return self.delta(hand=min(n, room) + 0.2 * max(0, n - room), token=-spent)
        return 0.0

    # -- decisions ----------------------------------------------------------------------------------------
    def choose_action(self, d: Decision) -> Any:
        v, me = d.view, self.seat
        lead = v.battle_total(me) - v.battle_total(1 - me)
        hand_n = v.hand_size(me)
        return max(d.options, key=lambda o: (self.option_value(v, o, lead, hand_n), -d.options.index(o)))

    def choose_discard(self, d: Decision) -> Any:
        return min(d.options, key=lambda uid: self.valuer.card_worth(d.view, d.view.defn(uid)))

    def choose_replace_with(self, d: Decision) -> Any:
        return max(d.options, key=lambda uid: self.valuer.card_worth(d.view, d.view.defn(uid)))

    def choose_sacrifice(self, d: Decision) -> Any:
        return min(d.options, key=d.view.card_value)

    def choose_choose_card(self, d: Decision) -> Any:
        return max(d.options, key=lambda o: self.valuer.choice_worth(d.view, o))

    def choose_choose_target(self, d: Decision) -> Any:
        v = d.view
        op = d.context[0] if isinstance(d.context, tuple) else "capture"

        def worth(o: Any) -> float:
            if o == 0:
                return 0.0
            what, uid = (o[0], o[1]) if isinstance(o, tuple) else (op, o)
            card = v.card(uid)
            if card is None:
                return -1.0
            value = v.card_value(card) if card.face_up else LEVEL_VALUE[max(0, card.row)]
            mine = card.owner == self.seat
            if what == "release":
                return value if mine else -value
            if what in ("copy", "bounty"):
                return card.defn.level + (0.0 if not mine or what == "copy" else -5.0)
            return -value - 5 if mine else value

        return max(d.options, key=worth)

    def choose_echo(self, d: Decision) -> Any:
        v = d.view
        card = next((c for row in v.army(self.seat) for c in row if c.name == d.context), None)
        return card is None or self.effect_value(v, card.defn, v.hand_size(self.seat)) >= 0

    def choose_pass_now(self, d: Decision) -> Any:
        v = d.view
        return v.battle_total(self.seat) >= v.battle_total(1 - self.seat)

    def choose_repeat(self, d: Decision) -> Any:
        v = d.view
        return v.army_size(1 - self.seat) > v.army_size(self.seat)

    def choose_mulligan(self, d: Decision) -> Any:
        soldiers = sum(1 for c in d.view.hand() if c.defn.level == 1)
        return "mulligan" if soldiers < 2 and "mulligan" in d.options else "keep"

    def choose_choose_player(self, d: Decision) -> Any:
        return 1 - self.seat if (1 - self.seat) in d.options else d.options[0]

    def choose_choose_level(self, d: Decision) -> Any:
        return max(d.options) if all(isinstance(o, int) for o in d.options) else d.options[0]

    def choose_feat(self, d: Decision) -> Any:
        return True

    def choose_bounty_draw(self, d: Decision) -> Any:
        return True
