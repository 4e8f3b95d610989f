"""One-step state evaluation for Gosu X: a policy family independent of ``sensible``'s hand-written rules.

Every option is scored by the change it makes to a weighted evaluation of the position, seen from the
player: battle-total lead (GX-9.2), hand advantage, activation tokens in hand, unlocked tokens (GX-7.7) and
army size. The change is predicted from the option itself and the *encoded effects* of the card involved
(``defn.on_play`` of its printed card, the effect vocabulary), never from card names: a designer's new card
is valued by what it does. Passing is scored as the battle it leads into: the lead against what the opponent can still add in
the turns passing gives them (GX-8). Weights are parameters (``evaluator:w_hand=2``).
"""

from __future__ import annotations

from typing import ClassVar

from cardlab.simulate.core.decisions import number_param

from .policy import Policy
from .policy_rules import EvaluatorRules
from .valuing import Valuer


class Evaluator(Policy, EvaluatorRules):
    """The player: its parameters and their checks. What it does is ``EvaluatorRules``' (compiled in the
    compiled build)."""

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
