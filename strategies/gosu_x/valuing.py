"""The value model of Gosu X's entry-effect steps: what a card's encoded effects are worth to a seat now.

One currency — battle points, hand cards, activation tokens, unlocked tokens, army cards, each with a
weight — read from the compiled steps of the printed card (``defn.on_play``, the effect vocabulary), never
from its name, so a designer's new card is valued by what it does. Both policy families read it: the ``evaluator``
scores every option with it; ``sensible`` keeps its own tempo rules for plays and passing and uses it where
its flat constants misjudged hand-churn clans (Narasimha, Tomorrow): which card to activate, which to keep
(docs/gosu_x.md, issue 13).
"""

from __future__ import annotations

from typing import Any

from cardlab.simulate.gosu_x.cards import STEPS, CardDef
from cardlab.simulate.gosu_x.views import View

HITS = STEPS.with_role("hit")  # the steps that take an opponent's card out of play, as registered

WEIGHTS = {"battle": 1.0, "hand": 1.2, "token": 1.5, "unlock": 4.0, "army": 0.5}
OPP_GAIN = 3.0  # battle points the opponent adds per turn a pass leaves them (GX-8)


class Valuer:
    """Weighted value of effects for ``seat`` (weights keyed as ``WEIGHTS``). Compiled in the compiled build
    (issue 20), so a copy says how (``__reduce__``)."""

    __slots__ = ("seat", "w", "opp_gain")

    def __init__(self, seat: int, w: dict[str, float] | None = None, opp_gain: float = OPP_GAIN) -> None:
        self.seat = seat
        self.w: dict[str, float] = dict(WEIGHTS) if w is None else w
        self.opp_gain = opp_gain

    def __reduce__(self) -> tuple:
        """Copied (a search copies players with their valuer) by calling the class again: compiled, it
        cannot be made without its ``__init__``'s arguments."""
        return (Valuer, (self.seat, self.w, self.opp_gain))

    def __repr__(self) -> str:
        return f"Valuer(seat={self.seat!r}, w={self.w!r}, opp_gain={self.opp_gain!r})"

    def delta(self, **change: float) -> float:
        return sum(self.w[k] * v for k, v in change.items())

    def one(self, key: str, amount: float) -> float:
        """``delta(**{key: amount})`` without building its keywords (issue 20): the same sum, from 0."""
        return 0.0 + self.w[key] * amount

    def effect_value(self, v: View, defn: CardDef, hand_after: int) -> float:
        """What a card's entry effects are worth, read from the encoded steps of its printed card ``defn``
        (one resolution); ``hand_after``: our hand size once the card (and its cost) has left the hand."""
        steps = defn.on_play
        if not steps:
            return 0.0
        opp = 1 - self.seat
        mine: int | float  # a draw of an unknown count adds 1.5 cards
        mine, theirs = hand_after, v.hand_size(opp)
        # the room under the hand limit is read only by a draw: computing it costs more than the rest of
        # the valuation (it reads every card and tile in force), and rollouts value cards at every action
        room: int | None = None
        total = 0.0
        for step in steps:
            verb: str = step[0]  # the vocabulary's step names (typed: compared as text, not generically)
            p = step[1] if isinstance(step[1], dict) else {"n": step[1]}
            who = p.get("who", "self")
            n = p.get("n", 1)
            if verb == "draw":
                k = 1.5 if "count" in p else self.number(v, n)
                if who in ("self", "each"):  # past the hand limit a draw only feeds the discard (GX-4)
                    if room is None:
                        room = max(0, v.hand_limit() - hand_after)
                    total += self.one("hand", min(k, room) + 0.2 * max(0.0, k - room))
                    mine += k
                if who in ("opponent", "each"):
                    total -= self.one("hand", k)
            elif verb == "discard":
                if who in ("self", "each"):
                    lost = min(mine, (mine + 1) // 2 if n == "half_up" else self.number(v, n))
                    total -= self.one("hand", lost)
                    mine -= lost
                if who in ("opponent", "each"):
                    total += self.one(
                        "hand", min(theirs, (theirs + 1) // 2 if n == "half_up" else self.number(v, n))
                    )
            elif verb in HITS:
                army = p.get("army", "any")
                best = self.best_target(v, opp, verb != "capture")
                if army in ("any", "opponent") and best:
                    total += self.one("battle", best) + self.one("army", 1)
                elif army == "own" or (not p.get("optional") and not best):
                    total -= self.one("battle", self.worst_own(v)) + self.one("army", 1)
            elif verb == "release":
                total += self.one("battle", self.best_captured(v, self.seat))
            elif verb == "sacrifice":
                if who in ("opponent", "each", "more_army"):
                    total += self.one("battle", self.worst_own(v, opp)) + self.one("army", 1)
                if who in ("self", "each"):
                    total -= self.one("battle", self.worst_own(v)) + self.one("army", 1)
            elif verb in ("from_discard", "search_deck", "reveal"):
                total += self.one("hand", 1.0)
            elif verb == "extra_turn":
                total += self.one("battle", self.opp_gain)
            elif verb == "unlock_token":
                total += self.one("unlock", 1)
            elif verb == "return_tokens":
                total += self.one("token", self.number(v, n))
            elif verb in ("copy_effect", "choose_op", "hook", "if"):
                total += self.one("battle", 1.0)
        return total

    def number(self, v: View, n: Any) -> float:
        return float(v.x_value(self.seat)) if n == "X" else float(n) if isinstance(n, (int, float)) else 1.0

    def best_target(self, v: View, seat: int, vulnerable: bool) -> float:
        vals = [v.card_value(c) for c in v.tops(seat) if c.face_up and (not vulnerable or v.vulnerable(c))]
        return float(max(vals, default=0))

    def worst_own(self, v: View, seat: int | None = None) -> float:
        seat = self.seat if seat is None else seat
        vals = [v.card_value(c) for c in v.tops(seat) if v.vulnerable(c)]
        return float(min(vals, default=0))

    def best_captured(self, v: View, seat: int) -> float:
        return float(
            max(
                (v.row_value(r) for r, row in enumerate(v.army(seat)) for c in row if not c.face_up),
                default=0,
            )
        )

    def card_worth(self, v: View, defn: CardDef) -> float:
        """A card in hand or discard (its printed card): its level's battle value and what its entry
        effect would give."""
        return v.row_value(defn.level - 1) + self.effect_value(v, defn, v.hand_size(self.seat) - 1)

    def choice_worth(self, v: View, option: Any) -> float:
        """An option of a card choice (a card uid, or 0 for none): the chosen card's worth."""
        if option == 0:
            return 0.0
        defn = v.defn(option)
        return self.card_worth(v, defn) if defn is not None else 0.0


__all__ = ["HITS", "OPP_GAIN", "WEIGHTS", "Valuer"]
