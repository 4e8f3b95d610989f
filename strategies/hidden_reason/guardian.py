"""The guardian: a multiplayer-aware sensible player that does not set up the next player's lethal blow."""

from __future__ import annotations

from typing import Any, ClassVar

from cardlab.simulate.core import Decision
from cardlab.simulate.hidden_reason.cards import CardDef

from .sensible import SensiblePlayer, boss_damage_of, play_effects


def threat_of(view, seat: int) -> int:
    """What ``seat`` could deal to the boss on their next turn: their units' attack (all untap and lose
    exhaustion by then), the wound, and a margin for their resources (one point per two crystals)."""
    units = sum(u.attack for u in view.units(seat) if u.durability >= 1)
    info = view.seat_info(seat)
    return units + 1 + (info.crystals + 1) // 2


class GuardianPlayer(SensiblePlayer):
    """It plays like `sensible`, but unless it can kill the boss this turn it counts the damage it has
    committed, holds attackers (or turns them into retribution against the next player's units) once one
    more hit would put the boss within the next player's reach (their units' attack + the wound + a share
    of their crystals, plus ``margin``), and skips boss-damage spells that would do the same."""

    description: ClassVar[str] = (
        "Sensible play that never leaves the boss in lethal range for the next player unless it kills it."
    )

    name = "guardian"

    def __init__(self, seat, rng, margin: int = 0, **params: Any) -> None:
        super().__init__(seat, rng, **params)
        self.margin = int(margin)
        self._committed_turn = -1
        self._committed = 0

    def _commit(self, view, amount: int) -> None:
        if self._committed_turn != view.turn:
            self._committed_turn, self._committed = view.turn, 0
        self._committed += amount

    def committed(self, view) -> int:
        return self._committed if self._committed_turn == view.turn else 0

    def safe_after(self, view, extra: int) -> bool:
        """True if the boss stays out of the next player's reach after ``extra`` more damage."""
        hp_after = view.boss_hp - self.committed(view) - extra
        return hp_after > threat_of(view, view.next_seat) + self.margin

    def on_attack(self, d: Decision) -> Any:
        view = d.view
        me = view.card(d.context)
        able = [u for u in view.units(self.seat) if not u.tapped and not u.exhausted and u.durability >= 1]
        total = self.committed(view) + sum(u.attack for u in able)
        if total >= view.boss_hp and "attack" in d.options:
            self._commit(view, me.attack)
            return "attack"  # lethal this turn: everyone in
        nxt = view.next_seat
        for opt in d.options:  # retribution against the next player's biggest unit first
            if isinstance(opt, tuple) and opt[0] == "retribution":
                target = view.card(opt[1])
                if target.controller == nxt and target.attack >= 2:
                    return opt
        if "attack" in d.options and self.safe_after(view, me.attack):
            choice = super().on_attack(d)
            if choice == "attack":
                self._commit(view, me.attack)
            return choice
        retribution = self.best_retribution(view, d.options, me)
        return retribution if retribution is not None else "hold"

    def score_card(self, view, d: CardDef, cost: int, target: Any, main: bool) -> float:
        if d.play is not None and d.type == "strategy":
            dmg = boss_damage_of(play_effects(d))
            if dmg and dmg < view.boss_hp - self.committed(view) and not self.safe_after(view, dmg):
                return 0.0
        return super().score_card(view, d, cost, target, main)

    def score_tactic(self, view, d: CardDef, target: Any, main: bool) -> float:
        dmg = boss_damage_of(play_effects(d))
        if dmg and dmg < view.boss_hp and not self.safe_after(view, dmg):
            return 0.0
        return super().score_tactic(view, d, target, main)
