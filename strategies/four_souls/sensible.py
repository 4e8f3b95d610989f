"""A simple heuristic Four Souls player: buy at 10¢, attack the most killable monster, play loot that
helps, aim harm at the leader and help at itself; otherwise pass quickly."""

from __future__ import annotations

import random as _random
from functools import lru_cache
from typing import Any

# Loot the player plays on its own turn without a target: plain gains.
_GAIN_VERBS = ("gain_cents", "loot", "gain_treasure")
# Verbs that help their target (aimed at yourself / your things) and verbs that harm it.
_HELP_VERBS = frozenset({"buff", "shield", "recharge", "heal", "extra_attack", "extra_loot_play"})
_HARM_VERBS = frozenset(
    {"deal_damage", "kill", "destroy", "steal", "discard_loot", "lose_cents", "cancel", "reroll_item", "swap"}
)


@lru_cache(maxsize=1)
def _card_verbs() -> dict[str, frozenset]:
    """Card name → the verbs its abilities use (read from the card files, public information)."""
    from simulate.four_souls.cards import load_pool

    return {c.name: frozenset(_verbs(list(c.abilities), set())) for c in load_pool().cards}


def _verbs(eff: Any, out: set) -> set:
    if isinstance(eff, dict):
        for k, v in eff.items():
            out.add(k)
            _verbs(v, out)
    elif isinstance(eff, list):
        for e in eff:
            _verbs(e, out)
    elif isinstance(eff, str):
        out.add(eff)
    return out


@lru_cache(maxsize=4096)
def win_chance(php: int, atk: int, mhp: int, p_hit: float, matk: int) -> float:
    """Chance to win a plain fight (the attack goes on until someone dies, FS-10.7)."""
    if mhp <= 0:
        return 1.0
    if php <= 0:
        return 0.0
    if matk <= 0:
        return 1.0 if p_hit > 0 else 0.0
    return p_hit * win_chance(php, atk, mhp - atk, p_hit, matk) + (1 - p_hit) * win_chance(
        php - matk, atk, mhp, p_hit, matk
    )


class SensiblePlayer:
    """Buys at 10¢, attacks the most killable monster, plays loot that helps."""

    name = "sensible"

    def __init__(self, seat: int, rng: _random.Random, **params: Any) -> None:
        if params:
            raise TypeError(f"unexpected parameters {sorted(params)}")
        self.seat = seat
        self.rng = rng
        self._gain: dict[str, bool] = {}
        self._help: dict[str, bool] = {}

    # ------------------------------------------------------------------ card reading (cached by id)
    def _is_gain(self, phys: Any) -> bool:
        cid = phys.card.id
        v = self._gain.get(cid)
        if v is None:
            r = phys.rules
            if "trinket" in r.keywords:
                v = True
            elif r.play is not None and r.play.targets is None:
                verbs = _verbs(r.play.do, set())
                v = bool(verbs) and verbs <= set(_GAIN_VERBS) | {"n", "who"}
            else:
                v = False
            self._gain[cid] = v
        return v

    def _helps(self, name: Any) -> bool:
        """Is the card asking for a target a helpful one (aim at myself) or a harmful one?"""
        key = str(name)
        v = self._help.get(key)
        if v is None:
            verbs = _card_verbs().get(key, frozenset())
            v = bool(verbs & _HELP_VERBS) and not verbs & _HARM_VERBS
            self._help[key] = v
        return v

    # ------------------------------------------------------------------ decisions
    def choose(self, decision: Any) -> Any:
        kind = decision.kind
        opts = decision.options
        if kind == "respond":
            return "pass"
        if kind == "action":
            return self._action(decision)
        if kind == "attack_target":
            return self._attack_target(decision)
        if kind == "buy_target":
            return self._buy_target(decision)
        if kind == "may":
            return True
        if kind in ("choose_target", "choose_player", "give_curse", "vote"):
            return self._target(decision)
        if kind in ("discard", "penalty_item", "destroy_cost", "give_item", "choose_loot"):
            return opts[0]
        return opts[self.rng.randrange(len(opts))]

    def _action(self, decision: Any) -> Any:
        opts = decision.options
        view = decision.view
        by_kind: dict[str, list] = {}
        for o in opts:
            by_kind.setdefault(o[0], []).append(o)
        for o in by_kind.get("tap", ()):
            if o[1].kind == "character" and view.hand:
                return o  # use the character's extra loot play every turn
        for o in by_kind.get("loot", ()):
            if self._is_gain(o[1]):
                return o
        if "buy" in by_kind and view.cents >= 10:
            return by_kind["buy"][0]
        attacks = by_kind.get("attack", ())
        if attacks and (view.hp >= 2 or not by_kind.get("end")):
            return attacks[0]
        if by_kind.get("tap") and any(self._is_gain(c) for c in view.hand) and view.loot_plays == 0:
            for o in by_kind["tap"]:
                if o[1].kind == "character":
                    return o
        if "end" in by_kind:
            return by_kind["end"][0]
        return opts[0]

    def _attack_target(self, decision: Any) -> Any:
        """The monster with the best chance × value; the monster deck when every fight looks bad."""
        view = decision.view
        atk = max(1, view.atk)
        bonus = view.attack_roll_bonus
        best, best_score, best_p = None, -1.0, 0.0
        for o in decision.options:
            if o == "monster_deck":
                continue
            info = view.info(o)
            p_hit = min(1.0, max(0.0, (7 - info.evasion + bonus) / 6))
            p = win_chance(view.hp, atk, info.hp, round(p_hit, 3), info.attack)
            score = p * (1 + 3 * info.soul + len(info.rewards))
            if score > best_score:
                best, best_score, best_p = o, score, p
        if best is None or (best_p < 0.4 and "monster_deck" in decision.options):
            return "monster_deck"
        return best

    def _buy_target(self, decision: Any) -> Any:
        for o in decision.options:
            if o != "treasure_deck":
                return o
        return decision.options[0]

    def _target(self, decision: Any) -> Any:
        opts = decision.options
        view = decision.view
        helps = self._helps(decision.context)
        players = [o for o in opts if type(o).__name__ == "SeatRef"]
        if players:
            me = [p for p in players if p.seat == self.seat]
            if helps and me:
                return me[0]
            others = [p for p in players if p.seat != self.seat]
            if others:
                return max(others, key=lambda p: (view.souls(p.seat), view.cents_of(p.seat)))
        objs = [o for o in opts if hasattr(o, "phys") and hasattr(o, "kind")]
        if objs:
            monsters = [o for o in objs if o.kind == "monster"]
            if monsters and not helps:
                return min(monsters, key=lambda m: view.info(m).hp or 0)
            mine = [o for o in objs if o.controller == self.seat]
            theirs = [o for o in objs if o.controller != self.seat]
            if helps and mine:
                return mine[0]
            if not helps and theirs:
                return theirs[0]
        return opts[0]
