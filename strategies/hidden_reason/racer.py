"""The racer: maximum boss damage every turn."""

from __future__ import annotations

from typing import Any, ClassVar

from cardlab.simulate.core import Decision
from cardlab.simulate.hidden_reason.cards import CardDef

from .sensible import SensiblePlayer, boss_damage_of, play_effects


class RacerPlayer(SensiblePlayer):
    """Every able unit attacks every turn (never retribution), boss-damage cards and pumps are played as
    soon as they are affordable, and the wound always takes crystals (more resources, more damage) until
    the cap of 9. It ignores what its damage sets up for the next player."""

    description: ClassVar[str] = (
        "Maximum boss damage per turn: everything attacks, boss-damage cards first, crystals to 9."
    )

    name = "racer"
    crystal_target = 9

    def on_mulligan(self, d: Decision) -> str:
        cheap_units = sum(1 for c in d.view.hand if c.defn.is_unit and c.cost <= 2)
        return "redeal" if cheap_units == 0 and d.context == 0 else "keep"

    def on_attack(self, d: Decision) -> Any:
        return "attack" if "attack" in d.options else "hold"

    def score_tactic(self, view, d: CardDef, target: Any, main: bool) -> float:
        effects = play_effects(d)
        dmg = boss_damage_of(effects)
        if dmg:
            return 50.0 + dmg
        verbs = {v for v, _ in effects}
        if "pump" in verbs or "buff" in verbs:
            card = view.card(target) if isinstance(target, int) and target >= 0 else None
            if card is not None and card.controller == self.seat and view.active == self.seat:
                able = not card.tapped and not card.exhausted and card.durability >= 1
                if able and view.phase in ("placement", "attack"):
                    return 3.0 + card.attack
        return super().score_tactic(view, d, target, main)

    def score_card(self, view, d: CardDef, cost: int, target: Any, main: bool) -> float:
        if d.play is not None and d.type == "strategy":
            dmg = boss_damage_of(play_effects(d))
            if dmg:
                return 50.0 + dmg
        return super().score_card(view, d, cost, target, main)
