"""A competent casual Four Souls player.

On its own turn it plays loot that simply gains (cents, loot, treasure, trinkets, Lost Soul), uses item
abilities that gain or help it, buys the best shop item it can afford (or the treasure deck when the
shop holds nothing worth the price), kills monsters with damage loot when the damage is enough, and
attacks the monster it has the best chance × reward against, given its HP, its damage and the monster's
evasion (or the monster deck when no fight looks good enough and it is healthy). It keeps rerolls,
shields and cancels in hand and answers with them — in every player's turn — when they matter: a miss
of its own attack roll that would kill it or cost it a boss, an opponent's hit that would win them the
game or a boss, combat damage that would kill it, and an opponent's loot or ability when that opponent
is one soul from winning (or the card makes a soul). Everything else is passed at once, so a respond
window costs O(1) when nothing is at stake.

Parameters (``sensible:risk=0.3``): ``risk`` — the least chance of winning a fight it accepts before
attacking a slot monster (0..1, default 0.45); ``deck_hp`` — the least HP with which it attacks the
monster deck blind when no slot fight is good enough (default 2; 0 = never); ``picky`` — the least
item value for which it buys a shop item rather than the top of the treasure deck (default 2.5);
``respond`` — use responses at all (default true).
"""

from __future__ import annotations

import random as _random
from typing import Any

from simulate.four_souls.views import SeatRef, StackRef

from . import reading as rd

# Loot kept in hand for answers; discarded last at the hand limit.
_KEEP = {"roll": 0, "shield": 1, "cancel": 2, "soul": 3, "harm": 4, "help": 5, "gain": 6, "other": 7}


class SensiblePlayer:
    """Plays like a competent casual player: gains first, buys what is worth it, fights what it can
    kill, and answers lethal or game-winning rolls with rerolls, shields and cancels."""

    name = "sensible"
    # Weight of a soul in a monster's worth (bosses first); attack before buying?
    soul_weight = 6.0
    attack_first = False
    spend_loot = True

    def __init__(
        self,
        seat: int,
        rng: _random.Random,
        *,
        risk: float = 0.45,
        deck_hp: int = 2,
        picky: float = 2.5,
        respond: bool = True,
    ) -> None:
        _check_number("risk", risk, 0.0, 1.0)
        _check_number("deck_hp", deck_hp, 0, 99)
        _check_number("picky", picky, 0.0, 100.0)
        if not isinstance(respond, bool):
            raise TypeError(f"parameter 'respond' must be true or false, got {respond!r}")
        self.seat = seat
        self.rng = rng
        self.risk = float(risk)
        self.deck_hp = int(deck_hp)
        self.picky = float(picky)
        self.responds = respond
        self._intent: tuple | None = None  # what the next target/roll choice is for
        self._atk_seen: dict[int, int] = {}  # damage each opponent's hits were seen to deal (public)
        self._tries: dict[tuple, int] = {}  # option → times chosen this turn (guards a refused action)
        self._tries_turn = -1
        self._roll_high = True  # which way my last roll change pushes (up for my own rolls)

    # ------------------------------------------------------------------ dispatch
    def choose(self, decision: Any) -> Any:
        kind = decision.kind
        if kind == "respond":
            self._intent = None
            return self._respond(decision) if self.responds else "pass"
        if kind == "action":
            self._intent = None
            self._roll_high = True  # the stack is empty: no roll change of mine is pending
            return self._action(decision)
        opts = decision.options
        if kind == "choose_target":
            return self._target(decision)
        if kind == "give_curse":  # a curse goes to the leader (FS-4.16), never to myself if avoidable
            return self._leader(decision.view, [o for o in opts if o.seat != self.seat] or list(opts))
        if kind in ("choose_player", "vote"):
            return self._target(decision)
        if kind == "attack_target":
            return self._attack_target(decision)
        if kind == "buy_target":
            return self._buy_target(decision)
        if kind == "may":
            return True
        if kind in ("modify_roll", "set_roll"):  # asked on resolution: my last roll plan decides
            return max(opts) if self._roll_high else min(opts)
        if kind == "discard":
            if "stop" in opts:
                return "stop"  # "discard any number": keep them all
            return min(opts, key=self._loot_keep)  # FS-3.7 hand limit: drop what matters least
        if kind in ("penalty_item", "destroy_cost", "give_item"):
            return min(opts, key=_obj_value)
        if kind in ("eden_item", "choose_item"):
            return max(opts, key=_obj_value)
        if kind in ("choose_loot", "choose_soul", "order_triggers", "order_replacements"):
            return opts[0]
        return opts[self.rng.randrange(len(opts))]

    # ------------------------------------------------------------------ own turn (FS-8.6)
    def _action(self, decision: Any) -> Any:
        view = decision.view
        opts = decision.options
        loot, taps, attack, buy, end = [], [], None, None, None
        for o in opts:
            k = o[0]
            if k == "loot":
                loot.append(o)
            elif k == "tap":
                taps.append(o)
            elif k == "attack":
                attack = o
            elif k == "buy":
                buy = o
            elif k == "end":
                end = o
        turn = view.turn
        # 1. free value: loot that only gains, then ↷ abilities that gain or help (they recharge).
        for o in loot:
            r = rd.role(rd.ability_of(o))
            if r in ("gain", "soul") and self._fresh(turn, o):
                return o
        if taps:
            for o in taps:
                r = rd.role(rd.ability_of(o))
                if r == "gain" or r == "help":
                    if o[1].kind == "character" and not self._use_character_now(view):
                        continue
                    if not self._fresh(turn, o):
                        continue
                    if r == "help":
                        self._intent = ("seat", self.seat)
                    return o
        for o in loot:
            if rd.role(rd.ability_of(o)) == "help" and self._fresh(turn, o):
                self._intent = ("seat", self.seat)
                return o
        # 2. damage that kills a monster outright gets its rewards without a fight (FS-1.15).
        kill = self._killing_shot(view, loot, taps)
        if kill is not None:
            return kill
        # 3. buy, then attack when the fight is good enough (or owed): items help the fight, and a
        # death would end the turn (FS-13). An attack-first player swaps the two.
        wants_attack = attack is not None and (end is None or self._wants_attack(view))
        if self.attack_first and wants_attack:
            return attack
        if buy is not None and self._wants_buy(view):
            return buy
        if wants_attack:
            return attack
        # 4. a loot play left at the end of the turn is lost (FS-8.4): spend it on a card that hurts
        # the leader or does something random, keeping the answers in hand.
        if self.spend_loot and view.loot_plays > 0 and end is not None:
            spare = self._spare_loot(view, loot)
            if spare is not None:
                return spare
        if end is not None:
            return end
        return opts[0]

    def _use_character_now(self, view: Any) -> bool:
        """The character's ↷ (an extra loot play, FS-Q.34) is worth using on my turn when loot that
        gains is left to play — unless I hold an answer and someone is close to winning: then it is
        kept for a loot play in their turn (the only way to play loot outside my own turn)."""
        if view.loot_plays > 0:
            return False
        roles = [rd.role(c.rules.play) for c in view.hand]
        if not any(r in ("gain", "soul", "help") for r in roles):
            return False
        if any(r in ("roll", "shield", "cancel") for r in roles):
            need = view.souls_to_win - 2
            return not any(view.souls(s) >= need for s in range(view.n_players) if s != self.seat)
        return True

    def _loot_play_for(self, decision: Any, role: str, high: bool | None = None) -> Any:
        """Outside my turn I have no loot play: when the answer is a card in hand, use the
        character's ↷ first (FS-Q.34); the card follows at my next priority, the item still waiting."""
        view = decision.view
        if view.loot_plays > 0:
            return None
        for c in view.hand:
            ab = c.rules.play
            if rd.role(ab) != role:
                continue
            if high is not None and role == "roll" and not rd.roll_directions(ab)[0 if high else 1]:
                continue
            for o in decision.options:
                if (
                    o != "pass"
                    and o[0] == "tap"
                    and o[1].kind == "character"
                    and "extra_loot_play" in rd.verbs_of(rd.ability_of(o).do)
                ):
                    return o
            return None
        return None

    def _spare_loot(self, view: Any, loot: list) -> Any:
        for o in loot:
            ab = rd.ability_of(o)
            if rd.role(ab) in ("harm", "other") and rd.monster_shot(ab) == 0 and self._fresh(view.turn, o):
                return o
        return None

    def _fresh(self, turn: int, o: tuple) -> bool:
        """False once an option was chosen 3 times this turn (the engine refused it: try others)."""
        if turn != self._tries_turn:
            self._tries.clear()
            self._tries_turn = turn
        key = (o[0], id(o[1]), o[2] if len(o) > 2 else -1)
        n = self._tries.get(key, 0)
        self._tries[key] = n + 1
        return n < 3

    def _wants_buy(self, view: Any) -> bool:
        return True

    def _wants_attack(self, view: Any) -> bool:
        best, p, _score = self._best_fight(view)
        if best is not None and p >= self.risk:
            return True
        return self.deck_hp > 0 and view.hp >= self.deck_hp

    def _best_fight(self, view: Any) -> tuple[Any, float, float]:
        """The slot monster with the best chance × worth; (None, 0, 0) when there is none."""
        atk = max(1, view.atk)
        bonus = view.attack_roll_bonus
        hp = view.hp
        best, best_p, best_score = None, 0.0, -1.0
        for info in view.monsters:
            if info.hp is None or info.evasion is None:
                continue
            p = rd.win_chance(hp, atk, info.hp, rd.hit_chance(info.evasion, bonus), info.attack or 0)
            score = p * self._worth(info)
            if score > best_score:
                best, best_p, best_score = info, p, score
        return best, best_p, best_score

    def _worth(self, info: Any) -> float:
        w = 1.0 + self.soul_weight * info.soul
        for key, n in info.rewards:
            if isinstance(n, int):
                w += {"cents": 0.3, "loot": 1.0, "treasure": 3.0}.get(key, 0.5) * n
            else:
                w += 1.0
        return w

    def _killing_shot(self, view: Any, loot: list, taps: list) -> Any:
        """A damage loot or ↷ item that kills a monster outright (the best monster it can kill)."""
        shots = []
        for o in (*taps, *loot):
            n = rd.monster_shot(rd.ability_of(o))
            if n > 0:
                shots.append((o, n))
        if not shots:
            return None
        best, best_w = None, 0.0
        for info in view.monsters:
            if info.hp is None:
                continue
            for o, n in shots:
                if n >= info.hp and (w := self._worth(info)) > best_w:
                    best, best_w = (o, info.obj), w
        if best is None or not self._fresh(view.turn, best[0]):
            return None
        self._intent = ("obj", best[1])
        return best[0]

    def _attack_target(self, decision: Any) -> Any:
        view = decision.view
        opts = decision.options
        best, p, _ = self._best_fight(view)
        if best is not None and best.obj in opts and (p >= self.risk or "monster_deck" not in opts):
            return best.obj
        if "monster_deck" in opts:
            return "monster_deck"
        monsters = [o for o in opts if o != "monster_deck"]
        return max(monsters, key=lambda m: self._chance(view, view.info(m)))

    def _chance(self, view: Any, info: Any) -> float:
        if info.hp is None or info.evasion is None:
            return 0.0
        p_hit = rd.hit_chance(info.evasion, view.attack_roll_bonus)
        return rd.win_chance(view.hp, max(1, view.atk), info.hp, p_hit, info.attack or 0)

    def _buy_target(self, decision: Any) -> Any:
        """FS-11: the best shop item, or the treasure deck when the shop holds nothing worth it."""
        best, best_v = None, -1.0
        for o in decision.options:
            if o != "treasure_deck":
                v = rd.item_value(o.phys)
                if v > best_v:
                    best, best_v = o, v
        if best is None or (best_v < self.picky and "treasure_deck" in decision.options):
            return "treasure_deck" if "treasure_deck" in decision.options else best
        return best

    # ------------------------------------------------------------------ answers (FS-7 priority)
    def _respond(self, decision: Any) -> Any:
        top = decision.context
        if top is None:
            return "pass"
        k = top.kind
        if k == "roll":
            return self._answer_roll(decision, top) if top.attack else "pass"
        if k == "damage":
            return self._answer_damage(decision, top)
        if (k == "loot" or k == "ability") and top.controller not in (self.seat, -1):
            return self._answer_item(decision, top)
        return "pass"

    def _answer_roll(self, decision: Any, top: StackRef) -> Any:
        """FS-9.2(3): while an attack roll is on the stack, rerolls and modifiers may change it."""
        if not self._armed(decision, ("roll", "harm")):
            return "pass"  # nothing to answer with: no need to look at the fight
        view = decision.view
        t = view.attack_target
        if t is None or t.evasion is None:
            return "pass"
        ev = min(6, max(1, t.evasion))
        if top.controller == self.seat:  # my roll: fix a miss (FS-10.9)
            value = max(1, min(6, top.value + view.attack_roll_bonus))
            if value >= ev:
                return "pass"
            lethal = (t.attack or 0) >= view.hp
            important = lethal or t.soul > 0
            need = ev - value
            pick = self._roll_fixer(decision.options, True, need, important)
            if pick is None and lethal:
                pick = self._emergency_shot(decision.options, t)
                if pick is not None:
                    return pick
        else:  # an opponent's roll: spoil a hit that kills a boss (FS-14.4: the last chance)
            if top.value < ev or t.soul <= 0:
                return "pass"
            atk = self._atk_seen.get(top.controller, 1)
            if t.hp is None or t.hp > atk:
                return "pass"
            wins = view.souls(top.controller) + t.soul >= view.souls_to_win
            need = top.value - ev + 1
            pick = self._roll_fixer(decision.options, False, need, wins)
            if pick is None and wins:
                return self._loot_play_for(decision, "roll", False) or "pass"
        if pick is None:
            return "pass"
        self._intent = ("roll", top.index)
        self._roll_high = top.controller == self.seat  # kept until the change resolves
        return pick

    def _armed(self, decision: Any, roles: tuple) -> bool:
        """Is there an option (or a card behind the character's ↷) with one of these roles?"""
        options = decision.options
        for o in options:
            if o != "pass" and rd.role(rd.ability_of(o)) in roles:
                return True
        if any(o != "pass" and o[0] == "tap" and o[1].kind == "character" for o in options):
            return any(rd.role(c.rules.play) in roles for c in decision.view.hand)
        return False

    def _roll_fixer(self, options: Any, high: bool, need: int, important: bool) -> Any:
        """The best roll-changing option: a free ↷ one before a card from hand; a sure set or a big
        enough modifier before a reroll. Cards and $ abilities only when ``important``."""
        best, best_rank = None, 99
        for o in options:
            if o == "pass":
                continue
            ab = rd.ability_of(o)
            if rd.role(ab) != "roll":
                continue
            free = o[0] == "tap"
            if not free and not important:
                continue
            verbs = rd.verbs_of(ab.do)
            if "set_roll" in verbs:
                rank = 0
            elif "modify_roll" in verbs:
                up, down = rd.roll_directions(ab)
                if not (up if high else down) or rd.roll_reach(ab) < need:
                    continue
                rank = 1
            else:
                rank = 2
            rank += 0 if free else 3
            if rank < best_rank:
                best, best_rank = o, rank
        return best

    def _emergency_shot(self, options: Any, t: Any) -> Any:
        """FS-10.11: answer a lethal miss by killing the monster first (a Bomb on a 1-HP monster)."""
        for o in options:
            if o == "pass":
                continue
            if rd.monster_shot(rd.ability_of(o)) >= (t.hp or 99):
                self._intent = ("obj", t.obj)
                return o
        return None

    def _answer_damage(self, decision: Any, top: StackRef) -> Any:
        """Combat damage on the stack: shield myself from a lethal miss; shield a boss an opponent is
        about to kill for the win (Yum Heart can shield a monster)."""
        view = decision.view
        if not top.attack:
            return "pass"
        attacker = view.attacker
        if top.controller >= 0:
            self._atk_seen[top.controller] = top.value or 1  # a hit shows the attacker's damage
        if top.controller == -1 and attacker == self.seat:
            if (top.value or 0) < view.hp:
                return "pass"
            pick = self._shield(decision.options, monster=False)
            if pick is None:
                return self._loot_play_for(decision, "shield") or "pass"
            self._intent = ("seat", self.seat)
            return pick
        if attacker is not None and top.controller == attacker != self.seat:
            if self._shield(decision.options, monster=True) is None:
                return "pass"
            t = view.attack_target
            if t is None or t.soul <= 0 or t.hp is None or (top.value or 0) < t.hp:
                return "pass"
            if view.souls(attacker) + t.soul < view.souls_to_win:
                return "pass"
            pick = self._shield(decision.options, monster=True)
            if pick is not None:
                self._intent = ("obj", t.obj)
            return pick or "pass"
        return "pass"

    def _shield(self, options: Any, monster: bool) -> Any:
        best, best_rank = None, 99
        for o in options:
            if o == "pass":
                continue
            ab = rd.ability_of(o)
            if rd.role(ab) != "shield":
                continue
            heads = {rd.sel_head(s) for s in (ab.targets or {}).values()}
            if monster and "player_or_monster" not in heads:
                continue
            if not monster and heads and not heads & {"player", "player_or_monster"}:
                continue
            rank = 0 if o[0] == "tap" else 1
            if rank < best_rank:
                best, best_rank = o, rank
        return best

    def _answer_item(self, decision: Any, top: StackRef) -> Any:
        """Cancel an opponent's loot/ability when it makes a soul, or when that opponent is one soul
        from winning and the card can hurt or score (FS-14.4)."""
        verbs = rd.card_verbs().get(top.name, frozenset())
        if "become_soul" not in verbs:
            view = decision.view
            if view.souls(top.controller) + 1 < view.souls_to_win or not verbs & (
                rd.HARM_VERBS | {"deal_damage", "kill", "gain_treasure", "extra_attack"}
            ):
                return "pass"
        for o in decision.options:
            if o != "pass" and rd.role(rd.ability_of(o)) == "cancel":
                self._intent = ("stack", top.index)
                return o
        return self._loot_play_for(decision, "cancel") or "pass"

    # ------------------------------------------------------------------ targets
    def _target(self, decision: Any) -> Any:
        opts = decision.options
        intent = self._intent
        if intent is not None:
            want = intent[0]
            for o in opts:
                if want == "seat" and type(o) is SeatRef and o.seat == intent[1]:
                    return o
                if want == "obj" and o is intent[1]:
                    return o
                if (want == "roll" or want == "stack") and type(o) is StackRef and o.index == intent[1]:
                    return o
            if want == "roll":
                rolls = [o for o in opts if type(o) is StackRef and o.kind == "roll"]
                if rolls:
                    return rolls[-1]
            if want == "stack":
                theirs = [o for o in opts if type(o) is StackRef and o.controller != self.seat]
                if theirs:
                    return theirs[-1]
        return self._default_target(decision)

    def _default_target(self, decision: Any) -> Any:
        """No plan: help myself with helpful cards, hurt the leader with harmful ones."""
        opts = decision.options
        view = decision.view
        helps = rd.helps(decision.context)
        players = [o for o in opts if type(o) is SeatRef]
        if players:
            if helps:
                for p in players:
                    if p.seat == self.seat:
                        return p
            others = [p for p in players if p.seat != self.seat]
            if others:
                return self._leader(view, others)
        objs = [o for o in opts if hasattr(o, "phys") and hasattr(o, "kind")]
        if objs:
            if not helps:
                monsters = [o for o in objs if o.kind == "monster"]
                if monsters:
                    return min(monsters, key=lambda m: view.info(m).hp or 0)
            mine = [o for o in objs if o.controller == self.seat]
            theirs = [o for o in objs if o.controller != self.seat]
            if helps and mine:
                return mine[0]
            if not helps and theirs:
                return theirs[0]
        return opts[0] if "done" not in opts or len(opts) == 1 else next(o for o in opts if o != "done")

    @staticmethod
    def _leader(view: Any, players: list) -> Any:
        """The player closest to winning: most souls, then most cents."""
        return max(players, key=lambda p: (view.souls(p.seat), view.cents_of(p.seat)))

    def _loot_keep(self, card: Any) -> int:
        """Lower = discard first (so: plain junk before gains before answers)."""
        return -_KEEP.get(rd.role(card.rules.play), 7)


def _obj_value(o: Any) -> float:
    phys = getattr(o, "phys", None) or (o if hasattr(o, "card") else None)
    return rd.item_value(phys) if phys is not None else 0.0


def _check_number(name: str, value: Any, lo: float, hi: float) -> None:
    """Bad parameter values raise TypeError too: the kernel turns it into a one-line error."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not lo <= value <= hi:
        raise TypeError(f"parameter '{name}' must be a number in {lo:g}..{hi:g}, got {value!r}")
