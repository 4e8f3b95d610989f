"""One-step state evaluation for Gosu X: a policy family independent of ``sensible``'s hand-written rules.

Every option is scored by the change it makes to a weighted evaluation of the position, seen from the
player: battle-total lead (GX-9.2), hand advantage, activation tokens in hand, unlocked tokens (GX-7.7) and
army size. The change is predicted from the option itself and the *encoded effects* of the card involved
(``card.d.on_play``, the effect vocabulary), never from card names: a designer's new card is valued by what
it does. Passing is scored as the battle it leads into: the lead against what the opponent can still add in
the turns passing gives them (GX-8). Weights are parameters (``evaluator:w_hand=2``).
"""

from __future__ import annotations

from typing import Any

from cardlab.simulate.core.decisions import Decision, number_param

from .policy import HITS, Policy

LEVEL_VALUE = (2, 3, 5)  # GX-9.2 default combat values of levels I, II, III


class Evaluator(Policy):
    """Scores each option by the predicted change of a weighted position evaluation (one step ahead)."""

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
        self.opp_gain = number_param(
            "opp_gain", opp_gain
        )  # battle points the opponent adds per turn left to them

    # -- evaluation of one option -------------------------------------------------------------------------
    def delta(self, **change: float) -> float:
        return sum(self.w[k] * v for k, v in change.items())

    def effect_value(self, v, card, hand_after: int) -> float:
        """What the card's entry effects are worth, read from its encoded steps (one resolution)."""
        me, opp = self.seat, 1 - self.seat
        mine, theirs = hand_after, v.hand_size(opp)
        room = max(0, v.hand_limit() - mine)
        total = 0.0
        for verb, p in card.d.on_play:
            p = p if isinstance(p, dict) else {"n": p}
            who = p.get("who", "self")
            n = p.get("n", 1)
            if verb == "draw":
                k = 1.5 if "count" in p else self._n(v, n)
                if who in ("self", "each"):
                    total += self.delta(hand=min(k, room) + 0.2 * max(0.0, k - room))
                    mine += k
                if who in ("opponent", "each"):
                    total -= self.delta(hand=k)
            elif verb == "discard":
                if who in ("self", "each"):
                    lost = min(mine, (mine + 1) // 2 if n == "half_up" else self._n(v, n))
                    total -= self.delta(hand=lost)
                    mine -= lost
                if who in ("opponent", "each"):
                    total += self.delta(
                        hand=min(theirs, (theirs + 1) // 2 if n == "half_up" else self._n(v, n))
                    )
            elif verb in HITS:
                army = p.get("army", "any")
                best = self.best_target(v, opp, verb != "capture")
                if army in ("any", "opponent") and best:
                    total += self.delta(battle=best, army=1)
                elif army == "own" or (not p.get("optional") and not best):
                    total -= self.delta(battle=self.worst_own(v), army=1)
            elif verb == "release":
                total += self.delta(battle=self.best_captured(v, me))
            elif verb == "sacrifice":
                if who in ("opponent", "each", "more_army"):
                    total += self.delta(battle=self.worst_own(v, opp), army=1)
                if who in ("self", "each"):
                    total -= self.delta(battle=self.worst_own(v), army=1)
            elif verb in ("from_discard", "search_deck", "reveal"):
                total += self.delta(hand=1.0)
            elif verb == "extra_turn":
                total += self.delta(battle=self.opp_gain)
            elif verb == "unlock_token":
                total += self.delta(unlock=1)
            elif verb == "return_tokens":
                total += self.delta(token=self._n(v, n))
            elif verb in ("copy_effect", "choose_op", "hook", "if"):
                total += self.delta(battle=1.0)
        return total

    def _n(self, v, n: Any) -> float:
        return float(v.x_value(self.seat)) if n == "X" else float(n) if isinstance(n, (int, float)) else 1.0

    def best_target(self, v, seat: int, vulnerable: bool) -> float:
        tops = [row[-1] for row in v.army(seat) if row]
        vals = [v.card_value(c) for c in tops if c.face_up and (not vulnerable or v.vulnerable(c))]
        return float(max(vals, default=0))

    def worst_own(self, v, seat: int | None = None) -> float:
        seat = self.seat if seat is None else seat
        vals = [v.card_value(row[-1]) for row in v.army(seat) if row and v.vulnerable(row[-1])]
        return float(min(vals, default=0))

    def best_captured(self, v, seat: int) -> float:
        return float(
            max(
                (LEVEL_VALUE[r] for r, row in enumerate(v.army(seat)) for c in row if not c.face_up),
                default=0,
            )
        )

    def option_value(self, v, o: tuple, lead: int, hand_n: int) -> float:
        kind = o[0]
        if kind == "pass":
            if v.passed(1 - self.seat):
                return 100.0 if lead > 0 else -100.0
            return self.delta(battle=lead - 3 * self.opp_gain) if v.round() else -100.0
        if kind == "play":
            card = v.card(o[1])
            cost = o[5] if len(o) > 5 else 0
            after = hand_n - 1 - cost
            value = self.delta(battle=LEVEL_VALUE[o[2]], hand=-1 - cost, army=1) - (1.0 if o[3] else 0.0)
            return value + (self.effect_value(v, card, after) if card is not None else 0.0)
        if kind == "replace":
            target = v.card(o[1])
            after = hand_n - 1 - o[3]
            level = target.row + 1 if target is not None else 1
            options = [c for c in v.hand() if c.d.level == level]
            gain = max((self.effect_value(v, c, after) for c in options), default=0.0)
            lost = target.tokens if target is not None else 0
            return gain + self.delta(hand=-1 - o[3], token=lost) - (1.0 if o[2] else 0.0)
        if kind == "activate":
            card = v.card(o[1])
            if card is None:
                return -1.0
            vet = v.card_value(card) if "veteran" in card.d.keywords and not card.vet else 0
            return self.effect_value(v, card, hand_n) + self.delta(battle=vet, token=-1)
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

    def card_worth(self, v, card) -> float:
        """A card in hand or discard: its level's battle value and what its entry effect would give."""
        return LEVEL_VALUE[card.d.level - 1] + self.effect_value(v, card, v.hand_size(self.seat) - 1)

    def choose_discard(self, d: Decision) -> Any:
        return min(d.options, key=lambda uid: self.card_worth(d.view, d.view.card(uid)))

    def choose_replace_with(self, d: Decision) -> Any:
        return max(d.options, key=lambda uid: self.card_worth(d.view, d.view.card(uid)))

    def choose_sacrifice(self, d: Decision) -> Any:
        return min(d.options, key=lambda uid: d.view.card_value(d.view.card(uid)))

    def choose_choose_card(self, d: Decision) -> Any:
        v = d.view

        def worth(o: Any) -> float:
            if o == 0:
                return 0.0
            card = v.card(o)
            return self.card_worth(v, card) if card is not None else 0.0

        return max(d.options, key=worth)

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
                return card.d.level + (0.0 if not mine or what == "copy" else -5.0)
            return -value - 5 if mine else value

        return max(d.options, key=worth)

    def choose_echo(self, d: Decision) -> Any:
        v = d.view
        card = next((c for row in v.army(self.seat) for c in row if c.d.name == d.context), None)
        return card is None or self.effect_value(v, card, v.hand_size(self.seat)) >= 0

    def choose_pass_now(self, d: Decision) -> Any:
        v = d.view
        return v.battle_total(self.seat) >= v.battle_total(1 - self.seat)

    def choose_repeat(self, d: Decision) -> Any:
        v = d.view
        return sum(map(len, v.army(1 - self.seat))) > sum(map(len, v.army(self.seat)))

    def choose_mulligan(self, d: Decision) -> Any:
        soldiers = sum(1 for c in d.view.hand() if c.d.level == 1)
        return "mulligan" if soldiers < 2 and "mulligan" in d.options else "keep"

    def choose_choose_player(self, d: Decision) -> Any:
        return 1 - self.seat if (1 - self.seat) in d.options else d.options[0]

    def choose_choose_level(self, d: Decision) -> Any:
        return max(d.options) if all(isinstance(o, int) for o in d.options) else d.options[0]

    def choose_feat(self, d: Decision) -> Any:
        return True

    def choose_bounty_draw(self, d: Decision) -> Any:
        return True
