"""A state-evaluation Four Souls player: a second policy family, built on another principle than the
rule-based ``sensible``.

It has no plans and no priority lists. Every option of every decision is scored one step ahead: the
state it leads to is valued by one weighted function of the features a player sees — souls, cents,
loot cards, items (by their worth), HP, and the leader's threat — and the option with the best score
is taken. What an option changes is predicted from the cards' compiled effects with the verbs' value
models (``valuing``): a loot card or an item ability by what its verbs give and take, an attack by the
chance of winning the fight times the monster's souls and rewards against the death penalty, a purchase
by the item's worth against its price. Answers are scored the same way: a roll changer on its own attack
roll by the fight it saves, a shield by the death it prevents.

Parameters (``evaluator:souls=9``): the weights ``souls`` (8), ``cents`` (0.3), ``loot`` (1), ``items``
(1, times an item's worth), ``hp`` (0.6) and ``threat`` (1, how much a rival's soul counts against me);
``bar`` (0.2): the least score gain for which it acts rather than passes or ends its turn.
"""

from __future__ import annotations

import random as _random
from typing import Any, ClassVar

from cardlab.simulate.four_souls.refs import CardRef, ObjRef, SeatRef, StackRef

from . import reading as rd
from . import valuing as vl
from .sensible import _check_number


class EvaluatorPlayer:
    description: ClassVar[str] = (
        "Scores every option one step ahead with a weighted state evaluation (souls, cents, loot, items, HP, "
        "threat) and takes the best."
    )

    name = "evaluator"

    def __init__(
        self,
        seat: int,
        rng: _random.Random,
        *,
        souls: float = 8.0,
        cents: float = 0.3,
        loot: float = 1.0,
        items: float = 1.0,
        hp: float = 0.6,
        threat: float = 1.0,
        bar: float = 0.2,
    ) -> None:
        for name, v in (("souls", souls), ("cents", cents), ("loot", loot), ("items", items), ("hp", hp)):
            _check_number(name, v, 0.0, 100.0)
        _check_number("threat", threat, 0.0, 10.0)
        _check_number("bar", bar, 0.0, 100.0)
        self.seat, self.rng = seat, rng
        self.w = {"souls": souls, "cents": cents, "loot": loot, "items": items, "hp": hp, "threat": threat}
        self.bar = float(bar)
        self.rd = rd.Reader(vl.item_value)  # per game: nothing outlives the run's card data
        self._using: tuple | None = None  # (card name, ability) of my last loot/↷/$ option
        self._aim_hit = False  # a roll change of mine aims at a hit on my attack roll
        self._picks: tuple | None = None  # my picks of several targets (``reading.record_pick``)
        self._number: tuple | None = (
            None  # (card, change) planned for a number change (``valuing.number_target``)
        )

    # ------------------------------------------------------------------ the evaluation
    def value(self, view: Any, seat: int) -> float:
        """The evaluation of one player's position (its own features, weighted)."""
        w = self.w
        items = sum(self.rd.item_value(i.ref.printed) for i in view.items_of(seat))
        return (
            w["souls"] * view.souls(seat)
            + w["cents"] * view.cents_of(seat)
            + w["loot"] * view.hand_size(seat)
            + w["items"] * items
            + w["hp"] * view.hp_of(seat)
        )

    def _outlook(self, view: Any) -> vl.Outlook:
        out = vl.outlook(view, self.seat, self.rd, lambda s: self.value(view, s), self.w["threat"])
        scale = self.w["loot"]  # the value model's points are loot cards
        out.monsters = tuple(
            (i.hp, self._worth(i, view.n_players)) for i in view.monsters if i.hp is not None
        )
        out.hand = tuple(
            sorted((scale * vl.ability_value(c.rules.play, out) for c in view.hand), reverse=True)
        )
        return out

    def _worth(self, info: Any, n_players: int) -> float:
        """A monster's souls and rewards in the evaluation's units (a rolled amount: a die's mean), and its
        reward effects (FS-13.4 step 3: ``valuing.reward_effects``, in the value model's points, loot cards)
        for a table of ``n_players``."""
        w = self.w["souls"] * info.soul
        unit = {"cents": self.w["cents"], "loot": self.w["loot"], "treasure": 3.0 * self.w["items"]}
        for key, n in info.rewards:
            w += unit.get(key, 0.5) * (n if isinstance(n, int) else 3.5)
        return w + self.w["loot"] * vl.reward_effects(self.rd, info.rules, n_players, info.counters)

    def _fight(self, view: Any, info: Any) -> float:
        """Attacking a monster one step ahead: win chance × its worth, against the death penalty (a
        loot card, 1¢, my least item, FS-13.9) and the rest of the turn."""
        if info.hp is None or info.evasion is None:
            return -1.0
        p = rd.fight_chance(view, info)
        mine = [self.rd.item_value(i.ref.printed) for i in view.items_of(self.seat) if not i.eternal]
        death = self.w["loot"] + self.w["cents"] + self.w["items"] * min(mine, default=0.0) + 1.0
        return p * self._worth(info, view.n_players) - (1 - p) * death

    # ------------------------------------------------------------------ decisions
    def choose(self, decision: Any) -> Any:
        kind = decision.kind
        opts = decision.options
        view = decision.view
        if kind == "action":
            return self._remember(view, self._action(view, opts))
        if kind == "respond":
            return self._remember(view, self._respond(view, opts, decision.context))
        if kind == "attack_target":
            scored = {o: (self._fight(view, view.info(o)) if o != "monster_deck" else 0.5) for o in opts}
            return max(opts, key=scored.get)
        if kind == "buy_target":
            return max(opts, key=lambda o: 3.0 if o == "treasure_deck" else self._item(o))
        if kind == "vote" and view is not None and any(type(o) is str and o != "done" for o in opts):
            return rd.pick_word(view, decision.context, opts, self.seat)  # a vote between words (FS-5.17)
        if kind == "change_number":  # the change planned as its card was picked (``valuing.number_target``)
            plan, self._number = self._number, None
            if plan is not None and plan[0] == decision.context and plan[1] in opts:
                return plan[1]
        if kind == "choose_target" and view is not None and self._changes_number(decision.context):
            pick, change = vl.number_target(view, self.seat, self._outlook(view), opts)
            if pick is not None:
                self._number = (decision.context, change)
                return pick
        if kind == "choose_target" and view is not None:  # remembered: a divided damage asks by index
            pick = self._target(view, opts, decision.context, kind)
            self._picks = rd.record_pick(self._picks, decision.context, opts, pick)
            return pick
        if kind == "choose_slot" and view is not None:  # the worst fight for me is covered (as sensible)
            return rd.slot_pick(view, opts, lambda top: self._fight(view, top))
        if kind == "divide_damage" and view is not None:
            i = rd.divide_point(view, self.seat, self._picks, decision.context, opts)
            if i is not None:
                return i
        if kind in ("choose_target", "choose_player", "vote", "give_curse"):
            return self._target(view, opts, decision.context, kind)
        if kind == "choose_mode":
            ab = self._using[1] if self._using and self._using[0] == decision.context else None
            modes = rd._find(ab.do, "modes") if ab is not None else None
            if isinstance(modes, list):
                out = self._outlook(view)
                return max(
                    opts,
                    key=lambda i: (
                        vl.effect_value(modes[i], out) if isinstance(i, int) and i < len(modes) else 0
                    ),
                )
        if kind in ("modify_roll", "set_roll") and self._aim_hit:  # my missed attack roll (``_respond``)
            self._aim_hit = False  # the face that hits, judged by the engine (FS-10.9), as sensible's
            return rd.attack_roll_face(view, opts, kind == "set_roll", True)
        if kind in ("modify_roll", "set_roll"):
            return max(opts)
        if kind == "discard":
            if "stop" in opts:
                return "stop"
            out = self._outlook(view)
            return min(opts, key=lambda c: self._card(c, out))
        if kind in ("penalty_item", "destroy_cost", "give_item"):
            return min(opts, key=self._item)
        if kind == "eden_item":
            return max(opts, key=lambda o: self._item(o) * (0.1 if rd.self_destroying(o) else 1.0))
        if kind in ("choose_item", "draft_item"):
            return max(opts, key=self._item)
        if kind == "draft_character":  # by what the card shows: stats and its starting item's typical use
            pick = vl.outside_pick(view, opts, self.rd)  # The Clicker (FS-2.7): as sensible reads it
            return pick if pick is not None else max(opts, key=self._character)
        if kind in ("choose_loot", "keep_loot"):
            out = self._outlook(view) if view is not None else vl.Outlook()
            mine = view.hand if view is not None else ()
            if kind == "choose_loot" and all(o in mine for o in opts):
                return min(opts, key=lambda c: self._card(c, out))
            return max(opts, key=lambda c: self._card(c, out))
        if kind == "may":
            return True
        if kind == "trade_offer":
            return "none"
        if kind == "discard_room":  # FS-16.3: by the rooms' value model, as sensible
            return vl.room_discard(decision, self._outlook(view), self.seat)
        if kind == "accept_trade":
            return False
        if kind == "choose_soul" and view is not None:
            return min(opts, key=lambda o: view.info(o).soul)
        return (
            opts[0]
            if kind in ("order_triggers", "order_replacements")
            else opts[self.rng.randrange(len(opts))]
        )

    def _changes_number(self, context: Any) -> bool:
        """Is the ability I used last, asking now, one that changes a number (FS-5.2)?"""
        ab = self._using[1] if self._using and self._using[0] == context else None
        return ab is not None and "change_number" in rd.verbs_of(ab.do)

    def _remember(self, view: Any, pick: Any) -> Any:
        if type(pick) is tuple and pick[0] in ("loot", "tap", "paid"):
            self._using = (pick[1].name, view.ability(pick))
        return pick

    def _item(self, o: Any) -> float:
        """An item's worth by its printed card: an object, a card, else 0."""
        t = type(o)
        if t is ObjRef:
            return self.rd.item_value(o.printed)
        return self.rd.item_value(o) if t is CardRef else 0.0

    def _card(self, c: Any, out: vl.Outlook) -> float:
        r = self.rd.role(c.rules.play)
        return vl.ability_value(c.rules.play, out) + (2.0 if r in ("roll", "shield", "cancel") else 0.0)

    def _character(self, card: Any) -> float:
        hp = card.hp if isinstance(card.hp, int) else 2
        atk = card.attack if isinstance(card.attack, int) else 1
        return self.w["hp"] * hp + 2.0 * atk

    def _action(self, view: Any, opts: tuple) -> Any:
        out = self._outlook(view)
        best, best_v = None, self.bar
        end = None
        for o in opts:
            k = o[0]
            if k == "end":
                end = o
                continue
            if k in ("loot", "tap", "paid"):
                ab = view.ability(o)
                if ab is not None and self.rd.role(ab) in ("roll", "shield", "cancel"):
                    continue  # worth nothing until it answers
                out.self_value = self._item(o[1]) if k != "loot" else 0.0
                v = self.w["loot"] * vl.ability_value(ab, out)
                if k == "loot":
                    v -= self.w["loot"] * 0.5  # the card leaves my hand
            elif k == "attack":
                fights = [self._fight(view, i) for i in view.monsters]
                v = max(fights, default=-1.0)
                if end is None and v < 0:
                    v = 0.5  # an attack owed (FS-10.16): take it
            elif k == "buy":
                shop = max((self._item(i.ref) for i in view.shop), default=0.0)
                v = self.w["items"] * max(shop, 3.0) - self.w["cents"] * view.price(True)
            else:
                v = 0.0
            if v > best_v:
                best, best_v = o, v
        if best is not None:
            return best
        return end if end is not None else opts[0]

    def _respond(self, view: Any, opts: tuple, top: StackRef | None) -> Any:
        """Answers scored one step ahead: a roll changer on my missed attack roll by the fight it
        saves; a shield on combat damage that would kill me by the death it prevents."""
        if top is None or len(opts) == 1:
            return "pass"
        if top.kind == "roll" and top.attack and top.controller == self.seat:
            t = view.attack_target
            if t is None or t.evasion is None:
                return "pass"
            if view.attack_roll_hits(view.roll_value(top), top):  # the engine's judgement (FS-10.9)
                return "pass"
            saved = max(0.0, self._fight(view, t)) + 1.0
            for o in opts:
                if o != "pass" and self.rd.role(view.ability(o)) == "roll" and saved > self.bar:
                    self._aim_hit = True
                    return o
        if (
            top.kind == "damage"
            and top.controller == -1
            and view.attacker == self.seat
            and (top.value or 0) >= view.hp
        ):
            for o in opts:
                if o != "pass" and self.rd.role(view.ability(o)) == "shield":
                    return o
        return "pass"

    def _target(self, view: Any, opts: tuple, context: Any, kind: str) -> Any:
        """Help myself, harm the rival with the best position; objects: my best, their best."""
        ab = self._using[1] if self._using and self._using[0] == context else None
        # the verbs' role (``reading.helps``) unless the value plan names the player target a rival
        # (``valuing.harms_player``: attacks imposed on them, FS-10.6), as sensible reads it
        helps = (
            ab is not None and self.rd.helps(ab) and not vl.harms_player(ab, self.rd) and kind != "give_curse"
        )
        if "done" in opts and view is not None:  # any number / up to N: only picks that serve me (FS-4.3)
            opts = tuple(o for o in opts if rd.pick_serves(view, self.seat, o, helps))
            if not opts:
                return "done"
        players = [o for o in opts if type(o) is SeatRef]
        if players:
            if helps and any(p.seat == self.seat for p in players):
                return next(p for p in players if p.seat == self.seat)
            others = [p for p in players if p.seat != self.seat] or players
            return max(others, key=lambda p: self.value(view, p.seat) + 8.0 * view.souls(p.seat))
        if view is None:
            return opts[0]
        rolls = [o for o in opts if type(o) is StackRef]
        if rolls:
            return rolls[-1]
        objs = [o for o in opts if type(o) is ObjRef]
        if objs:
            infos = {o: view.info(o) for o in objs}
            monsters = [o for o in objs if infos[o].kind == "monster"]
            if monsters and not helps:
                return max(monsters, key=lambda m: self._worth(infos[m], view.n_players) - (infos[m].hp or 0))
            mine = [o for o in objs if infos[o].controller == self.seat]
            theirs = [o for o in objs if infos[o].controller != self.seat]
            pool = (mine or objs) if helps else (theirs or objs)
            return max(pool, key=lambda o: 8.0 if infos[o].kind == "soul" else self._item(o))
        return next((o for o in opts if o != "done"), opts[0])
