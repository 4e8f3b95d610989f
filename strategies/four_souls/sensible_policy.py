"""The rules of the ``sensible`` Four Souls player (``sensible.SensiblePlayer`` is the player: its parameters,
their checks and its documentation), compiled with mypyc by ``pip install .`` (issue 20).

``SensiblePolicy`` is a native class that interpreted subclasses may extend (the player and its presets
``aggro`` and ``hoarder``); it declares every attribute the player keeps, so a copy or a pickle of a player
(``SensiblePlayer.__getstate__``) carries them all. It has no ``__init__``: the kernel reads a strategy's
parameters from the signature of its ``__init__``, which a compiled one does not keep.

Its methods are the kernel's entry points (``choose``, ``declines``) and what a preset overrides
(``_wants_attack``: ``hoarder``); everything else is a module function taking the policy (``sp``). A player
is an instance of an interpreted subclass, so each method call from compiled code was looked up by name
through Python; a module function is called directly (issue 20). The views they read are typed (``View``),
so a view's fields and methods are native calls too.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from typing import Any, ClassVar, Final, cast

from mypy_extensions import mypyc_attr

from cardlab.simulate.core.asking import Decision
from cardlab.simulate.four_souls.refs import BonusGoal, CardRef, ObjInfo, ObjRef, SeatRef, StackRef
from cardlab.simulate.four_souls.views import View

from . import lasting
from . import reading as rd
from . import valuing as vl
from .drafts import character_score
from .outlook import DEATH
from .reading import Reader

_RECOVER_LOOT = (
    4  # a loot card worth putting back for my next draw (``reading.card_worth``: a gain or better)
)


_ANSWERS: Final = frozenset({"roll", "shield", "cancel"})
# ``reading.use_kinds`` of ↷ abilities the value model decides alone (the rest have plans; a $ ability
# never has one: Pay To Play's steal is valued)
_PLAIN_USES: Final = frozenset({"other", "peek"})
# ↷ gains worth using in the turn before mine (they recharge at my turn start, FS-8.1).
_BETWEEN_GAINS = frozenset({"gain_cents", "loot", "gain_treasure", "add_counters"})
# Loot kept in hand for answers; discarded last at the hand limit.
_KEEP: Final = {"roll": 0, "shield": 1, "cancel": 2, "soul": 3, "harm": 4, "help": 5, "gain": 6, "other": 7}


def _options(d: Decision) -> tuple:
    """A Four Souls decision's options: always a tuple (``asking.offer``), which the readers take."""
    return cast(tuple, d.options)


def _first_ability(r: Any) -> Any:
    """A card's first activated ability, else its first triggered one (what ``_asking`` reads of a card)."""
    return next((ab for _k, _i, ab in r.acts), None) or next(
        (ab for abs_ in r.triggers.values() for ab in abs_), None
    )


def _aiming_ability(r: Any) -> Any:
    """A card's first ability that names targets (FS-4.3), activated or triggered: what asks for a
    target when the card is a monster, a soul or a card in a discard (``_asking``'s last look)."""
    return next((ab for _k, _i, ab in r.acts if ab.targets), None) or next(
        (ab for abs_ in r.triggers.values() for ab in abs_ if ab.targets), None
    )


# Verbs that change a roll: an optional one on my own attack roll that hits, or on a rival's that misses, is
# declined (``_reroll_spoils``).
_ROLL_CHANGES = frozenset({"reroll", "set_roll", "modify_roll"})


def _counter_worths(rules: Any, _other: Any) -> tuple[float, float]:
    """``valuing.counter_worths`` in the shape the reader's game memo keeps (``Reader.shape``)."""
    return vl.counter_worths(rules)


def _sides(info: ObjInfo) -> tuple | None:
    """A double-faced object's sides (FS-6.10) for ``valuing.flip_worth``: ((card, rules) of the side that
    shows, (card, rules) of the other), the showing side told by its name (``ObjInfo.name``); None for a
    card without a back."""
    printed = info.ref.printed
    back = printed.card.back
    if back is None or printed.rules.back is None:
        return None
    front = (printed.card, printed.rules)
    other = (back, printed.rules.back)
    return ((back, info.rules), front) if info.name == back.name else ((printed.card, info.rules), other)


@functools.lru_cache(maxsize=1024)
def _monster_worth(soul_weight: float, soul: int, rewards: tuple) -> float:
    """A monster's worth to a fight plan: its soul, then its rewards (¢ 0.3, loot 1, treasure 3 a
    piece, anything else 0.5; a rolled amount counts as a die's mean, 3.5). Memoised: asked for every
    slot monster at every action decision."""
    w = 1.0 + soul_weight * soul
    for key, n in rewards:
        w += vl.PRICES.get(key, 0.5) * (n if isinstance(n, int) else 3.5)
    return w


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class SensiblePolicy:
    """What ``SensiblePlayer`` does at each decision (see its module's documentation)."""

    # Weight of a soul in a monster's worth (bosses first); attack before buying? (presets change them)
    soul_weight: ClassVar[float] = 10.0
    attack_first: ClassVar[bool] = False
    spend_loot: ClassVar[bool] = True

    # set by ``SensiblePlayer.__init__`` (parameters, then the game's memory: see there)
    seat: int
    rng: Any
    risk: float
    desperate: float
    deck_hp: int
    picky: float
    responds: bool
    loot_bar: float
    keep_bar: float
    tap_bar: float
    paid_bar: float
    _intent: tuple | None
    _atk_seen: dict[int, int]
    _tries: dict[tuple, int]
    _tries_turn: int
    _roll_high: bool
    _plan: tuple | None
    _top_known: tuple | None
    _idle_turn: int
    _prev: int | None
    _sold: bool
    rd: Reader
    _using: Any
    _keep_out: Any
    _roll_goal: tuple | None
    _asked: int
    _seen: tuple
    _view: View | None
    _picks: tuple | None
    _number: tuple | None
    _step: tuple | None
    _changed: tuple | None

    # ------------------------------------------------------------------ dispatch
    def choose(self, decision: Decision) -> Any:
        self._asked += 1  # the state may have changed since the last decision: a fresh memo
        self._view = decision.view
        kind = decision.kind
        if kind == "respond":
            self._intent = None
            return _used(self, _respond(self, decision) if self.responds else "pass")
        if kind == "action":
            self._intent = None
            self._roll_high = True  # the stack is empty: no roll change of mine is pending
            return _used(self, _action(self, decision))
        opts = _options(decision)
        if kind == "choose_target":
            return _picked(self, decision, _target(self, decision))
        if kind == "divide_damage":
            return _divide(self, decision)
        if kind == "choose_number" and decision.context == "two dice: keep one":
            return _die_kept(self, decision)
        if kind in ("discard_top", "bottom") and type(decision.context) is CardRef:
            return _away(self, decision.view, decision.context)
        if kind == "change_number":  # the change planned as its card was picked (``_number_target``)
            plan, self._number = self._number, None
            if plan is not None and plan[0] == decision.context and plan[1] in opts:
                return plan[1]
        if kind == "step_counter":  # the step planned as its card was picked (``_step_target``)
            step, self._step = self._step, None
            if step is not None and step[0] == decision.context and step[1] in opts:
                return step[1]
        if kind == "bid":
            return _bid(self, decision)
        if kind == "choose_ability":  # a copy's ↷ ability (FS-5.13): the one worth most to me now
            out = _outlook(self, decision.view)
            return max(opts, key=lambda ab: vl.copied_worth(ab, out))
        if kind == "choose_slot":
            return _slot(self, decision)
        if kind == "give_curse":  # a curse goes to the leader (FS-4.16), never to myself if avoidable
            if decision.view.coop:  # FS-17: no opponent; the sturdiest character bears it
                return _sturdiest(self, decision.view, list(opts))
            return _leader(decision.view, [o for o in opts if o.seat != self.seat] or list(opts))
        if kind == "vote" and any(type(o) is str and o != "done" for o in opts):  # a vote between words
            return rd.pick_word(decision.view, decision.context, opts, self.seat)
        if kind in ("choose_player", "vote"):
            return _target(self, decision)
        if kind == "attack_target":
            return _attack_target(self, decision)
        if kind == "buy_target":
            return _buy_target(self, decision)
        if kind == "may":
            return _may(self, decision)
        if kind in ("modify_roll", "set_roll"):  # asked on resolution: my last roll plan decides
            goal = self._roll_goal
            if goal is not None:  # a dice tool aimed at a face (``_dice_plan``)
                self._roll_goal = None
                face, was = goal
                return min(opts, key=lambda x: abs((x if kind == "set_roll" else was + x) - face))
            return rd.attack_roll_face(decision.view, opts, kind == "set_roll", self._roll_high)
        if kind == "discard":
            if "stop" in opts:
                return "stop"  # "discard any number": keep them all
            self._keep_out = out = _outlook(self, decision.view)  # FS-3.7 / FS-13.9: drop what matters least
            saved = _as_my_turn(self, decision.view, out)  # a card kept is one I play in my next turn
            try:
                return min(opts, key=functools.partial(_loot_keep, self))
            finally:
                _restore(out, saved)
                self._keep_out = None
        if kind in ("penalty_item", "destroy_cost", "give_item"):
            return min(opts, key=functools.partial(_obj_value, self))
        if kind == "eden_item":  # FS-2.8: it starts eternal; an item that destroys itself cannot work so
            return max(opts, key=lambda o: _obj_value(self, o) * (0.1 if rd.self_destroying(o) else 1.0))
        if kind in ("choose_item", "draft_item"):  # FS-20.1/20.2: the best item
            return max(opts, key=functools.partial(_obj_value, self))
        if kind == "draft_character":  # FS-20.7: the character measured strongest
            pick = vl.outside_pick(decision.view, opts, self.rd)  # The Clicker (FS-2.7): by the encoded words
            return pick if pick is not None else max(opts, key=character_score)
        if kind == "choose_loot" and decision.context != "trade":  # my hand: my worst; theirs: their best
            mine = decision.view.hand
            if all(o in mine for o in opts):
                return min(opts, key=self.rd.card_worth)
            return max(opts, key=self.rd.card_worth)
        if kind in ("choose_mode", "choose_deck", "order_top"):
            pick = _planned(self, decision)
            if pick is None and kind == "choose_mode":
                pick = _mode(self, decision)
            if pick is not None:
                using = self._using
                if kind == "choose_mode" and using is not None and using[0] == decision.context:
                    self._using = (using[0], rd.mode_ability(using[1], pick))  # its targets read that mode
                return pick
            if kind == "choose_deck" and "treasure" in opts:  # no plan (The Curse's turn-start mill):
                return "treasure"  # a treasure in the discard is one The Curse can bring back to buy
        if kind == "keep_loot":  # FS-20.11(b): keep the card worth keeping longest (answers first)
            return max(opts, key=functools.partial(_loot_keep, self))
        if kind == "choose_soul" and decision.context == "sell a soul":  # FS-20.5: the cheapest
            return min(opts, key=lambda o: max(1, decision.view.info(o).soul))
        if kind == "trade_offer":  # FS-20.4: it proposes nothing (its own valuation would refuse too)
            return "none"
        if kind == "discard_room":  # FS-16.3: a room worth less than nothing to me goes
            return vl.room_discard(decision, _outlook(self, decision.view), self.seat)
        if kind == "accept_trade":
            return _accepts(self, decision.view, decision.context)
        if kind == "choose_loot" and decision.context == "trade":  # a loot of my choice: the least useful
            return min(opts, key=functools.partial(_loot_keep, self))
        if kind in ("choose_loot", "choose_soul", "order_triggers", "order_replacements"):
            return opts[0]
        return opts[self.rng.randrange(len(opts))]

    def _outlook(self, view: View) -> vl.Outlook:
        """The module function ``_outlook``, for the tests and the players' own code."""
        return _outlook(self, view)

    def _wants_attack(self, view: View) -> bool:  # a method: ``hoarder`` overrides it
        best, p, _score = _best_fight(self, view)
        if best is not None and p >= _risk(self, view):
            return True
        return self.deck_hp > 0 and view.hp >= self.deck_hp

    def _best_fight(self, view: View) -> tuple[Any, float, float]:
        """The module function ``_best_fight``, for the presets (``hoarder``)."""
        return _best_fight(self, view)

    def _object_worth(self, view: View, info: ObjInfo) -> float:
        """The module function ``_object_worth``, for the tests."""
        return _object_worth(self, view, info)

    def declines(self, kind: str, view: View, context: Any) -> bool:
        """The engine asks before building a respond window's options (kernel ``Strategy``): decline
        every window where nothing is at stake — most of them — so they cost O(1)."""
        if kind != "respond":
            return False
        self._intent = None  # as choose() does for a respond window
        self._view = view
        if not self.responds:
            return True
        if context is None:  # an empty stack: nothing to answer (most windows) but in _between
            return not _before_mine(self, view)
        return not _at_stake(self, view, context)


def _ab(sp: SensiblePolicy, option: tuple) -> Any:
    """The ability behind a ``("loot", card)`` / ``("tap"|"paid", object, i)`` option (``View.ability``)."""
    view = sp._view
    assert view is not None  # set by the decision asked
    return view.ability(option)


def _kind(sp: SensiblePolicy, ref: Any) -> str:
    """What an object offered is now (character, item, monster, soul, curse, room)."""
    view = sp._view
    assert view is not None  # set by the decision asked
    return view.kind(ref)


def _used(sp: SensiblePolicy, pick: Any) -> Any:
    """Remember the ability behind a loot/↷/$ option I chose: its target choices come next."""
    if type(pick) is tuple and pick[0] in ("loot", "tap", "paid"):
        sp._using = (pick[1].name, _ab(sp, pick))
    return pick


# ------------------------------------------------------------------ own turn (FS-8.6)
def _action(sp: SensiblePolicy, decision: Decision) -> Any:
    view = decision.view
    opts = _options(decision)
    loot, taps, paids, attack, buy, end, sell = [], [], [], None, None, None, None
    for o in opts:
        k = o[0]
        if k == "loot":
            loot.append(o)
        elif k == "tap":
            taps.append(o)
        elif k == "paid":
            if _soul_wins(sp, view, o) and _fresh(sp, view.turn, o):
                return o  # The Bone's 5 counters become the winning soul (FS-14.5, FS-14.1)
            paids.append(o)
        elif k == "attack":
            attack = o
        elif k == "buy":
            buy = o
        elif k == "end":
            end = o
        elif k == "sell_soul":
            sell = o
    turn = view.turn
    # 1. free value: the loot card worth most now (``valuing``: answers are kept), then ↷
    # abilities that gain or help (they recharge).
    items = [o for o in (*taps, *paids) if _kind(sp, o[1]) != "character"]
    pick = _valued(sp, view, [*items, *loot], attack is None)  # an item first on a tie (Blank Card)
    if pick is not None:
        return pick
    if taps:
        for o in taps:
            r = _role(sp, _ab(sp, o))
            if r == "gain" or r == "help":
                if _kind(sp, o[1]) == "character" and not _use_character_now(sp, view):
                    continue
                if sp.rd.use_kinds(_ab(sp, o))[0] == "arrange":
                    continue  # Sleight Of Hand: used just before buying (``_arrange``)
                if not _fresh(sp, turn, o):
                    continue
                if r == "help":
                    sp._intent = ("seat", sp.seat)
                return o
            if _kind(sp, o[1]) != "character" and _plan_use(sp, view, o) and _fresh(sp, turn, o):
                return o  # Forever Alone, Incubus, Bum Friend, Jawbone (``_plan_use``)
    # 2. damage that kills a monster outright gets its rewards without a fight (FS-1.15).
    kill = _killing_shot(sp, view, loot, [*taps, *paids])
    if kill is not None:
        return kill
    # 3. buy, then attack when the fight is good enough (or owed): items help the fight, and a
    # death would end the turn (FS-13). An attack-first player swaps the two.
    wants_attack = attack is not None and (end is None or sp._wants_attack(view))
    if sell is not None and _wants_sell(sp, view):  # FS-20.5: before buying (the 5¢ helps)
        sp._sold = True
        return sell
    if sp.attack_first and wants_attack:
        return _deck_fight(sp, view, taps) or attack
    if buy is not None and _wants_buy(sp, view):
        return _arrange(sp, view, taps) or _recover(sp, view, taps, "treasure") or buy
    if wants_attack:
        return _deck_fight(sp, view, taps) or attack
    # 4. a loot play left at the end of the turn is lost (FS-8.4): spend it on a card that hurts
    # the leader or does something random, keeping the answers in hand.
    if sp.spend_loot and view.loot_plays > 0 and end is not None:
        spare = _spare_loot(sp, view, loot)
        if spare is not None:
            return spare
    if end is not None:
        return end
    return opts[0]


def _outlook(sp: SensiblePolicy, view: View) -> vl.Outlook:
    """The situation the value model reads (``valuing.Outlook``), from the view (public). Its costly
    fields are filled on first read (``Outlook.later``): most decisions read few of them. Built once
    per decision: a second caller gets it back with the fields callers change reset."""
    asked, out, _fight = sp._seen
    if asked == sp._asked and out is not None:
        out.my_turn, out.loot_plays, out.self_value = view.active == sp.seat, view.loot_plays, 0.0
        out.counter_cost = out.counter_gain = 0.6
        out.self_under = 0
        out.self_rules = out.self_sides = None
        out.fight_done = False
        return out
    # the rival that matters: most souls, then most cents; one opponent's loss is 1 of n - 1
    out = vl.outlook(view, sp.seat, sp.rd, lambda s: (view.souls(s), view.cents_of(s)), 1.0)
    out.policy = sp
    out.later(_LATER)
    out.later({"hand": _hand_values(view.hand, out.my_turn, out.loot_plays)})
    sp._seen = (sp._asked, out, sp._seen[2] if asked == sp._asked else None)
    return out


# sensible's own lazy fields of the outlook, each read from the outlook's policy and view (module functions,
# not closures made at each build: issue 20); ``hand`` is a closure: it reads the situation as built
def _later_spent(o: vl.Outlook) -> float:
    return _spent(o.policy, o.view)


def _later_monsters(o: vl.Outlook) -> tuple:
    sp: SensiblePolicy = o.policy
    view: View = o.view
    return tuple((i.hp, _worth(sp, view, i)) for i in view.monsters if i.hp is not None)


def _later_fight(o: vl.Outlook) -> float:
    """My best fight now, as a slot's fight reads one (``_slot_fight``): chance × worth, less 2 for a
    death — a fight a face of the monster ends loses the attack, not my life (FS-8.9, FS-13.9)."""
    best, p, score = _best_fight(o.policy, o.view)
    if best is None:
        return -1.0
    ended = rd.fight_odds(o.view, best)[1]
    return score - (1.0 - p - ended) * 2.0


def _later_bad_slots(o: vl.Outlook) -> bool:
    sp: SensiblePolicy = o.policy
    view: View = o.view
    best, p, _score = _best_fight(sp, view)
    return best is None or p < _risk(sp, view)


def _later_discard_fight(o: vl.Outlook) -> float:
    return _discard_fight(o.policy, o.view)


def _later_hand_gap(o: vl.Outlook) -> float:
    return _hand_gap(o.policy, o.view)


_INF: Final = float("inf")

_LATER: Final[dict[str, Any]] = {
    "spent_items": _later_spent,
    "monsters": _later_monsters,
    "fight": _later_fight,
    "bad_slots": _later_bad_slots,
    "discard_fight": _later_discard_fight,
    "hand_gap": _later_hand_gap,
}


def _spent(sp: SensiblePolicy, view: View) -> float:
    """A recharge is worth 1.5 when one of my ↷ items is spent."""
    mine = view.items_of(sp.seat)
    return 1.5 if any(not i.charged and i.rules.tap for i in mine) else 0.0


def _hand_gap(sp: SensiblePolicy, view: View) -> float:
    """What a hand exchange (every hand one seat left, the ``hands`` aim) gives me: the hand of the seat
    on my right, which comes to me, minus my own, which leaves (an empty hand of mine gains the most)."""
    if view.n_players < 2:
        return 0.0
    return view.hand_size((sp.seat - 1) % view.n_players) - len(view.hand)


def _hand_values(hand: Any, my_turn: bool, loot_plays: int) -> Any:
    """How to value my hand, best first: each card read in the situation as it was built (my turn,
    loot plays, no item of mine in question, an empty hand), whatever a caller changed since."""

    def compute(out: vl.Outlook) -> tuple:
        saved = (out.my_turn, out.loot_plays, out.self_value, out.plan)
        out.my_turn, out.loot_plays, out.self_value, out.hand = my_turn, loot_plays, 0.0, ()
        try:
            return tuple(sorted((vl.ability_value(c.rules.play, out) for c in hand), reverse=True))
        finally:
            out.my_turn, out.loot_plays, out.self_value, out.plan = saved

    return compute


def _valued(
    sp: SensiblePolicy, view: View, options: list, fight_done: bool = False, tap_bar: float | None = None
) -> Any:
    """The option worth most now by the value model above its kind's bar (``loot_bar``,
    ``tap_bar``, ``paid_bar``: a $ ability net of its cost; ``tap_bar`` given: a ↷ that recharges
    before it could be used again, free at any positive value); answers (roll fixes, shields, cancels)
    are kept for the moment they answer (``_respond``), and items with a plan of their own
    (``_plan_use``, ``_arrange``, ``_recover``) wait for it."""
    bars = {"loot": sp.loot_bar, "tap": sp.tap_bar if tap_bar is None else tap_bar, "paid": sp.paid_bar}
    best, best_v, out = None, 0.0, None
    hand_bonus = _bonus_change(sp, view, "hand_size", -1) if any(o[0] == "loot" for o in options) else 0.0
    for o in options:
        ab = _ab(sp, o)
        if ab is not None and (
            sp.rd.role(ab) in _ANSWERS
            or (o[0] != "loot" and sp.rd.role(ab) == "soul")  # The Bone: ``_soul_wins``
            or (o[0] == "tap" and not _PLAIN_USES.issuperset(sp.rd.use_kinds(ab)))  # planned
        ):
            continue
        if out is None:
            out = _outlook(sp, view)
            out.fight_done = fight_done
        out.self_value = _obj_value(sp, o[1]) if o[0] != "loot" else 0.0
        if type(o[1]) is ObjRef:
            info = view.info(o[1])
            out.self_counters = info.counters
            out.self_under = view.under(o[1])
            out.counter_cost, out.counter_gain = sp.rd.shape(info.rules, None, _counter_worths)
            out.self_rules = info.rules
            out.self_sides = _sides(info)
        else:
            out.self_counters, out.counter_cost, out.counter_gain = 0, 0.6, 0.6
            out.self_under = 0
            out.self_rules = out.self_sides = None
        bar = bars[o[0]]
        if o[0] == "loot" and sp.rd.role(ab) not in ("gain", "soul") and ab is not None and ab.targets:
            # a card with a target could answer or hit a monster later: worth keeping; one without (a roll
            # table, a cost in HP for cents, a lock for this turn) is worth no more later than now
            bar = sp.keep_bar
        if o[0] == "loot":
            bar -= hand_bonus  # a card played puts off a hand-size bonus soul (FS-14.8)
        v = vl.ability_value(ab, out) - bar
        if v > 0 and ab is not None and "change_number" in rd.verbs(ab.do):
            v += 100.0  # a number changed is worth it only before the changed ability is used: first
        if v > best_v:
            best, best_v = o, v
    if best is None or not _fresh(sp, view.turn, best):
        return None
    ab = _ab(sp, best)
    if ab is not None and (_helps(sp, ab) or _aimed_at_me(sp, view, best, ab)):
        sp._intent = ("seat", sp.seat)
        heads = {rd.sel_head(t) for t in (ab.targets or {}).values()}
        fight, _p, _score = _best_fight(sp, view)
        if (
            heads == {"monster"} and fight is not None
        ):  # help for a monster: the one I fight (a lower evasion)
            sp._intent = ("obj", fight.ref)
    elif ab is not None and "mine" in _outlook(sp, view).either.values():
        # an item of anyone's that the value model chose to be mine (a reroll of my poorest, FS-6.18)
        mine = [i for i in view.items_of(sp.seat) if not i.eternal and i.ref != best[1]]
        if mine:
            sp._intent = ("obj", min(mine, key=lambda i: sp.rd.item_value(i.ref.printed)).ref)
    return best


def _role(sp: SensiblePolicy, ab: Any) -> str:
    """An ability's role (``reading.role``), a "help" whose player target the value model plans as a
    rival (``valuing.harms_player``) read as "harm": such a card is not aimed at myself."""
    r = sp.rd.role(ab)
    return "harm" if r == "help" and vl.harms_player(ab, sp.rd) else r


def _helps(sp: SensiblePolicy, ab: Any) -> bool:
    """Is an ability's target mine to take: its verbs help (``reading.helps``) and the value model does
    not plan its player target as a rival (``valuing.harms_player``: an attack imposed on them)?"""
    return sp.rd.helps(ab) and not vl.harms_player(ab, sp.rd)


def _aimed_at_me(sp: SensiblePolicy, view: View, o: tuple, ab: Any) -> bool:
    """Did the value model choose me for a player its card names only by a filter (The D4: each
    item of a player, ``valuing`` "either")? Else the target goes to the leader."""
    out = _outlook(sp, view)
    out.self_value = _obj_value(sp, o[1]) if o[0] != "loot" else 0.0
    vl.ability_value(ab, out)
    return "me" in out.either.values()


def _accepts(sp: SensiblePolicy, view: View, offer: Any) -> bool:
    """Extended trade (FS-20.4): accept an offer worth more to me than what it asks (¢ at 3 a point,
    a loot card 1, an item its worth), never from a player one soul from winning."""
    if not view.coop and view.souls(offer.proposer) >= view.souls_to_win - 1:
        return False
    return _part_value(sp, offer.give) > _part_value(sp, offer.get)


def _wants_sell(sp: SensiblePolicy, view: View) -> bool:
    """Soul trading (FS-20.5): sell once a game, a first soul worth 1 — an early soul turns into an
    eternal starting item, 5¢ and a loot that speed up the next kills — and never once an opponent is
    one soul from winning (then every soul counts), in co-op, or with the starting-item deck empty."""
    if sp._sold or view.coop or view.starting_items_left == 0:
        return False
    if view.souls(sp.seat) != 1:
        return False
    if not any(max(1, s.soul) == 1 for s in view.soul_cards(sp.seat)):
        return False
    need = view.souls_to_win - 1
    return all(view.souls(s) < need for s in range(view.n_players) if s != sp.seat)


# ------------------------------------------------------------------ odd ↷ items (starting items)
def _plan_use(sp: SensiblePolicy, view: View, o: tuple) -> bool:
    """A ↷ item that is neither a gain nor an answer (Forever Alone, Incubus, Bum Friend, Jawbone):
    pick the mode worth most now (``reading.use_kinds``) and remember it for ``choose_mode``, the
    target, ``may`` and the cards to give; False when no mode is worth a use."""
    kinds = sp.rd.use_kinds(_ab(sp, o))
    hand = view.hand
    worst = min((sp.rd.card_worth(c) for c in hand), default=99)
    rivals = () if view.coop else [s for s in range(view.n_players) if s != sp.seat]
    best, best_score = None, 0.0
    locked = None  # the rival's spent item a "lock" use keeps spent (FS-8.1)
    for i, k in enumerate(kinds):
        seat, score = None, 0.0
        if k == "swap" and hand:  # my worst card for their best (FS-Q.41 [A]: I pick both)
            have = [s for s in rivals if view.hand_size(s) > 0]
            if have:
                seat = max(have, key=lambda s: (view.hand_size(s), view.souls(s)))
                score = 3.5
        elif k == "steal":  # 1¢ (or more) from the richest leader
            have = [s for s in rivals if view.cents_of(s) > 0]
            if have:
                seat = max(have, key=lambda s: (view.souls(s), view.cents_of(s)))
                score = 2.5
        elif k == "cycle":  # with an empty hand it is a free loot (FS-5.8); else junk for a new card
            score = 3.0 if not hand else 2.0 if worst <= 1 else 0.0
        elif k == "filter" and hand and worst <= 3:  # loot, then my worst card goes back on top
            score = 1.5
        elif k == "lock":  # a rival's spent ↷/$ item stays spent through their next turn (Lil' Gish)
            spent = [
                info for s in rivals for info in view.items_of(s) if not info.charged and info.rules.acts
            ]
            if spent:
                locked = max(
                    spent, key=lambda info: (view.souls(info.controller), _obj_value(sp, info.ref))
                ).ref
                score = 2.0
        if score > best_score:
            best, best_score = (i, seat, k), score
    if best is None:
        return False
    i, seat, k = best
    sp._plan = (o[1].name, i, seat, k)
    if seat is not None:
        sp._intent = ("seat", seat)
    elif k == "lock":
        sp._intent = ("obj", locked)
    return True


def _soul_wins(sp: SensiblePolicy, view: View, o: tuple) -> bool:
    """A $ ability that turns its item into a soul (The Bone, 5 counters) is kept for the soul that
    wins: as an item its counters answer rolls and kill (measured: a soul at once loses more)."""
    return sp.rd.role(_ab(sp, o)) == "soul" and view.souls(view.seat) + 1 >= view.souls_to_win


def _arrange(sp: SensiblePolicy, view: View, taps: list, deck: str = "treasure") -> Any:
    """Sleight Of Hand just before buying: look at the top 5 treasures, put the best on top; the
    purchase then takes it when it beats the shop (``_buy_target``). Before an attack on the
    monster deck: the monster it fights best first (``_deck_fight``)."""
    for o in taps:
        if sp.rd.use_kinds(_ab(sp, o))[0] == "arrange" and _fresh(sp, view.turn, o):
            sp._plan = (o[1].name, None, deck, "arrange")
            sp._top_known = None
            return o
    return None


def _recover(sp: SensiblePolicy, view: View, taps: list, deck: str) -> Any:
    """The Curse (↷: a discard pile's top card back on top of its deck; its turn-start mill shows
    a treasure there, ``choose_deck``). Before buying: a treasure worth more than the shop's best
    and ``picky`` goes back on the deck, and the purchase takes it (``_buy_target``). In the turn
    before mine: a loot card worth keeping goes back for my loot step."""
    top = view.discard_top(deck)
    if top is None:
        return None
    if deck == "treasure":
        if view.cents < view.price(False):
            return None
        shop = max((sp.rd.item_value(i.ref.printed) for i in view.shop), default=0.0)
        if sp.rd.item_value(top) < max(shop, sp.picky):
            return None
    elif sp.rd.card_worth(top) < _RECOVER_LOOT:
        return None
    for o in taps:
        if sp.rd.use_kinds(_ab(sp, o))[0] == "recover" and _fresh(sp, view.turn, o):
            sp._plan = (o[1].name, None, deck, "recover")
            sp._top_known = (view.turn, top) if deck == "treasure" else None
            return o
    return None


def _deck_fight(sp: SensiblePolicy, view: View, taps: list) -> Any:
    """Before an attack that will go to the monster deck (``_attack_target``): a ↷ that puts a
    discarded monster worth the fight on top (The Shovel, ``_dig``), else the arranging ↷."""
    kinds = [sp.rd.use_kinds(_ab(sp, o))[0] for o in taps]
    if "arrange" not in kinds and "dig" not in kinds:
        return None
    best, p, _ = _best_fight(sp, view)
    if best is not None and p >= _risk(sp, view):
        return None  # the attack goes to a slot monster
    return _dig(sp, view, taps) or _arrange(sp, view, taps, "monster")


def _dig(sp: SensiblePolicy, view: View, taps: list) -> Any:
    """A ↷ that puts a chosen card of the monster discard back onto the monster deck's top (public,
    FS-3.6): the discarded monster I fight best, when that fight is one I would take from a slot
    (``risk``); the attack on the deck then meets it (FS-10.5)."""
    digs = [o for o in taps if sp.rd.use_kinds(_ab(sp, o))[0] == "dig"]
    if not digs:
        return None
    risk = _risk(sp, view)
    best, best_score = None, 0.0
    for c in view.discard("monster"):
        card = c.card
        if card.hp is None or card.evasion is None:
            continue
        p = rd.fight_chance(view, card, c.rules)
        if p >= risk and (score := _card_fight(sp, view, c)) > best_score:
            best, best_score = c, score
    if best is None:
        return None
    for o in digs:
        if _fresh(sp, view.turn, o):
            sp._intent = ("obj", best)
            return o
    return None


def _die_kept(sp: SensiblePolicy, decision: Decision) -> Any:
    """Two dice rolled by the player on my right, and I keep one for them (FS-9.6): in an attack that
    player makes, the low die for a rival (a miss: no hit on its monster, and the monster hits back),
    the high one for a partner in co-op (FS-17); any other roll's purpose is not known yet (the roll
    is not on the stack), so one at random, as before."""
    view = decision.view
    opts = _options(decision)
    roller = (sp.seat - 1) % view.n_players
    if roller != sp.seat and view.attacker == roller:
        return max(opts) if view.coop else min(opts)
    return opts[sp.rng.randrange(len(opts))]


def _away(sp: SensiblePolicy, view: View, c: CardRef) -> bool:
    """A deck's top card I looked at (FS-3.4): does it leave the top (to the discard or the deck's
    bottom)? A treasure worth less than the shop's items on average goes (whoever gains the top next
    gets less); a monster I would not fight (``risk``) goes, one I would stays; a loot card goes when
    its next drawer is served by the move — a good card (``_RECOVER_LOOT``) away from a rival, a poor
    one away from me (my loot step comes next in the turn before mine; in co-op every drawer is a
    partner, so only a poor one goes); anything else stays."""
    card = c.card
    deck = getattr(card, "deck", None)
    if deck == "treasure":
        shop = [sp.rd.item_value(i.ref.printed) for i in view.shop]
        return bool(shop) and sp.rd.item_value(c) < sum(shop) / len(shop)
    if deck == "monster":
        if card.hp is None or card.evasion is None:
            return False  # an event: no fight to read
        return rd.fight_chance(view, card, c.rules) < _risk(sp, view)
    if deck == "loot":
        if view.coop:  # FS-17: every drawer is a partner; only a poor card goes
            return sp.rd.card_worth(c) < _RECOVER_LOOT
        prev = sp._prev
        if prev is None:
            prev = sp._prev = (sp.seat - 1) % view.n_players
        mine_next = view.active == prev and prev != sp.seat
        return (sp.rd.card_worth(c) >= _RECOVER_LOOT) != mine_next
    return False


def _card_fight(sp: SensiblePolicy, view: View, phys: Any) -> float:
    """Chance × worth of fighting a monster card from the deck by its printed stats and abilities (its own
    preventions, FS-6.16); an event (no HP) last: it ends the attack (FS-Q.7)."""
    c = phys.card
    if c.hp is None or c.evasion is None:
        return -1.0
    rewards = tuple((c.rewards or {}).items())
    return rd.fight_chance(view, c, phys.rules) * (
        1.0 + _gains(sp, view, c.soul or 0, rewards, phys.rules, 0, True)
    )


def _planned(sp: SensiblePolicy, decision: Decision) -> Any:
    """``choose_mode`` / ``choose_deck`` / ``order_top`` asked by the item I used with a plan."""
    plan = sp._plan
    if plan is None or decision.context != plan[0]:
        return None
    opts = _options(decision)
    if decision.kind == "choose_mode":
        return plan[1] if plan[1] in opts else None
    if plan[3] not in ("arrange", "recover"):
        return None
    if decision.kind == "choose_deck":
        return plan[2] if plan[2] in opts else None
    if plan[3] != "arrange":
        return None
    if plan[2] == "monster":  # order_top: the monster I fight best first
        view = decision.view
        return max(opts, key=lambda c: _card_fight(sp, view, c))
    pick = max(opts, key=functools.partial(_obj_value, sp))  # order_top: the best treasure first
    if sp._top_known is None:
        sp._top_known = (decision.view.turn, pick)
    return pick


def _may(sp: SensiblePolicy, decision: Decision) -> bool:
    """Yes, except an Incubus swap when their best known card is not better than my worst, and a "may"
    asked for one member of an ``each`` (the context names it) that is worth less than nothing to me
    (``_member_may``: Jester's reroll of an item of mine worth more than a fresh treasure)."""
    if type(decision.context) is tuple:
        return _member_may(sp, decision)
    plan = sp._plan
    if plan is not None and plan[3] == "swap" and decision.context == plan[0] and plan[2] is not None:
        view = decision.view
        theirs = view.known_cards(plan[2])
        if theirs and view.hand:
            return max(map(sp.rd.card_worth, theirs)) > min(map(sp.rd.card_worth, view.hand))
    return not _reroll_spoils(sp, decision) and not _goes_round(sp, decision)


def _member_may(sp: SensiblePolicy, decision: Decision) -> bool:
    """A "may" for one member of an ``each`` (``decision_kinds``: (card name, member)): yes when the
    optional part done to that member is worth at least nothing to me (``valuing.member_may``): a player
    me, another a rival (a partner in co-op, FS-17: nothing to gain from harm); an item mine or theirs by
    its controller, with its worth. Yes as before when the card's effect cannot be read."""
    view = decision.view
    name, member = decision.context
    ab = _may_ability(sp, view, name)
    if ab is None:
        return True
    worth = None
    if type(member) is SeatRef:  # in co-op a partner's gain is the team's (FS-17)
        who = "me" if member.seat == sp.seat or view.coop else "rival"
    elif type(member) is ObjRef:
        info = view.info(member)
        if info.kind == "monster":
            who = "monster"
        else:
            who = "mine" if info.controller == sp.seat else "theirs"
            worth = _obj_value(sp, member)
    else:
        return True
    v = vl.member_may(ab.do, who, worth, _outlook(sp, view))
    return v is None or v >= 0.0


def _may_ability(sp: SensiblePolicy, view: View, name: Any) -> Any:
    """The ability of the card ``name`` whose ``each`` asks a "may" (``_asking``'s, else any ability of
    a visible card of that name holding one: a monster's or a room's trigger, FS-3.3)."""
    ab = _asking(sp, view, name)
    if ab is not None and vl.asks_member_may(ab.do):
        return ab
    n = view.n_players
    infos = [
        *view.monsters,
        *view.rooms,
        *(i for s in range(n) for i in (*view.items_of(s), *view.soul_cards(s))),
    ]
    rules = [i.rules for i in infos if i.name == name and i.rules is not None]
    rules += [c.rules for c in view.discard("monster") if c.card.name == name]
    for r in rules:
        for ab in (*(a for _k, _i, a in r.acts), *(a for abs_ in r.triggers.values() for a in abs_)):
            if vl.asks_member_may(ab.do):
                return ab
    return None


def _reroll_spoils(sp: SensiblePolicy, decision: Decision) -> bool:
    """Would this optional change of an attack roll (a "would roll" trigger, FS-9.2(4), that rerolls it or
    sets it: The Missing Page, Dad's Lost Coin, Marked) work against me: my own roll that already hits, or
    another player's that already misses (not a partner's in co-op, FS-17)? Saying yes to my own hit
    loops: Marked keeps making my first attack roll a 5 and The Missing Page rerolls every 5, and one
    seeded game of the whole collection spent 12,000 rolls in one turn that way, until the runaway guard
    ended it as a turn cap. A rival's miss was rerolled too, which only helps them hit: Dad's Lost Coin
    rerolled every 1 of an attacker on Turdlings, the misses that would have ended the attack (official-ratio
    table, seed 8924118603505642651: a guard stop)."""
    view = decision.view
    top = next((s for s in reversed(view.stack) if s.kind == "roll"), None)  # under its triggers
    if top is None or not top.attack or top.value is None:
        return False
    mine = top.controller == sp.seat
    if not mine and view.coop:
        return False
    if view.attack_target is None:
        return False
    ab = _asking(sp, view, decision.context)
    if ab is None or not _ROLL_CHANGES & rd.verbs(ab.do):
        return False
    return view.attack_roll_hits(view.roll_value(top), top) == mine  # the engine's answer (FS-10.9)


def _goes_round(sp: SensiblePolicy, decision: Decision) -> bool:
    """Would this optional change of another player's attack roll only send their attack round again?
    An attack goes on till someone dies (FS-10.7). If I changed an earlier roll of this attack and it
    still stands where that left it (both sides at the same HP), that change gained nothing but another
    roll, and so would this one: changing every such roll never ends the attack (Dad's Lost Coin on each
    1 of an attacker with +1 on Turdlings, hurt by a hit rolled as a 2 and by no other: every other
    roll hits for nothing). The same roll changed again before it resolves (a reroll to a 1 again,
    FS-9.2(4)) is no repeat."""
    view = decision.view
    top = next((s for s in reversed(view.stack) if s.kind == "roll"), None)  # under its triggers
    t = view.attack_target
    if top is None or not top.attack or top.controller == sp.seat or t is None:
        return False
    ab = _asking(sp, view, decision.context)
    if ab is None or not _ROLL_CHANGES & rd.verbs(ab.do):
        return False
    roller = top.controller
    target_hp = view.hp_of(t.controller) if t.kind == "character" else t.hp
    at = (view.turn, view.attacks_declared, roller, t.ref, target_hp, view.hp_of(roller))
    rolls = view.attack_rolls(roller)
    last = sp._changed
    if last is not None and last[0] == at and last[1] != rolls:
        return True
    sp._changed = (at, rolls)
    return False


def _use_character_now(sp: SensiblePolicy, view: View) -> bool:
    """The character's ↷ (an extra loot play, FS-Q.34) is worth using on my turn when loot that
    gains is left to play — unless I hold an answer (a shot that kills an attacker among them) and someone
    is close to winning: then it is kept for a loot play in their turn (the only way to play loot outside my
    own turn)."""
    if view.loot_plays > 0:
        return False
    roles = [_role(sp, c.rules.play) for c in view.hand]
    if not any(r in ("gain", "soul", "help") for r in roles):
        out = _outlook(sp, view)  # a card worth a play by the value model (The Sun, Death …)
        out.loot_plays = 1
        if not any(
            r not in _ANSWERS and vl.ability_value(c.rules.play, out) >= sp.keep_bar
            for r, c in zip(roles, view.hand, strict=True)
        ):
            return False
    # a shot that kills an attacker answers too (``_attacker_shot``, FS-10.11)
    answers = any(r in ("roll", "shield", "cancel") for r in roles) or any(
        rd.player_shot(c.rules.play) > 0 for c in view.hand
    )
    if answers and not view.coop:  # FS-17: no opponents
        need = view.souls_to_win - 2
        return not any(view.souls(s) >= need for s in range(view.n_players) if s != sp.seat)
    return True


def _loot_play_for(sp: SensiblePolicy, decision: Decision, role: str, high: bool | None = None) -> Any:
    """Outside my turn I have no loot play: when the answer is a card in hand, use the
    character's ↷ first (FS-Q.34); the card follows at my next priority, the item still waiting."""
    view = decision.view
    if view.loot_plays > 0:
        return None
    for c in view.hand:
        ab = c.rules.play
        if not _answers_as(sp, ab, role):
            continue
        if high is not None and role == "roll" and not rd.roll_directions(ab)[0 if high else 1]:
            continue
        return _extra_play(sp, decision)
    return None


def _extra_play(sp: SensiblePolicy, decision: Decision) -> Any:
    """My character's ↷ for an extra loot play (FS-Q.34), if it is offered; else None."""
    for o in decision.options:
        if (
            o != "pass"
            and o[0] == "tap"
            and _kind(sp, o[1]) == "character"
            and "extra_loot_play" in rd.verbs(_ab(sp, o).do)
        ):
            return o
    return None


def _answers_as(sp: SensiblePolicy, ab: Any, role: str) -> bool:
    """Can ``ab`` give this answer: its role, a wipe (``reading.wipes``) or a shield mode?"""
    if role == "wipe":
        return rd.wipes(ab)
    if role == "ward":  # my items made eternal against what is aimed at them (FS-4.12)
        return rd.wards(ab)
    if role == "aimed":  # a cancel of what is aimed at me (Mega Bean!)
        return rd.aimed_cancel(ab)
    if role == "take":  # a cancel that takes the card into my hand (Mugger Bean!)
        return rd.takes_cancelled(ab)
    if sp.rd.role(ab) == role:
        return True
    if role == "cancel":
        return rd.cancel_mode(ab) is not None  # a modal card's cancel mode (Witch)
    return role == "shield" and rd.shield_mode(ab) is not None


def _spare_loot(sp: SensiblePolicy, view: View, loot: list) -> Any:
    """The card worth most now by the value model (≥ 0; never an answer nor a monster shot)."""
    spend = ("other",) if view.coop else ("harm", "other")  # FS-17: harm would land on a partner
    out = _outlook(sp, view)
    out.fight_done = True  # the end of my turn: no fight left (damage to me heals, FS-8.10)
    best, best_v = None, -_bonus_change(sp, view, "hand_size", -1) if loot else 0.0  # FS-14.8: kept
    for o in loot:
        ab = _ab(sp, o)
        if rd.wipes(ab) or rd.shield_mode(ab) is not None or rd.wards(ab):
            continue  # kept: it answers lethal damage (``_answer_damage``) or a threat to my items
        # a help whose player target the value model plans as a rival (``_role``: an attack imposed on
        # them, Cheep Cheep Cheep!) is harm to spend like any other
        if _role(sp, ab) in spend and rd.monster_shot(ab) == 0:
            v = vl.ability_value(ab, out)
            if v <= 0.0 and vl.asks_member_may(ab.do):
                continue  # a "may" for each member, none worth a yes now: it would do nothing (Jester)
            if v >= best_v:
                best, best_v = o, v
    if best is None or not _fresh(sp, view.turn, best):
        return None
    return best


def _fresh(sp: SensiblePolicy, turn: int, o: tuple) -> bool:
    """False once an option was chosen 3 times this turn (the engine refused it: try others)."""
    if turn != sp._tries_turn:
        sp._tries.clear()
        sp._tries_turn = turn
    key = (o[0], o[1], o[2] if len(o) > 2 else -1)
    n = sp._tries.get(key, 0)
    sp._tries[key] = n + 1
    return n < 3


def _wants_buy(sp: SensiblePolicy, view: View) -> bool:
    """Buy unless the cents it costs put off a cents bonus soul (FS-14.8) by more than the best item
    offered is worth (the treasure deck's unseen card at ``picky``; FS-11)."""
    loss = _bonus_change(sp, view, "cents", -view.price())
    if loss >= 0.0:
        return True
    best = max((sp.rd.item_value(i.ref.printed) for i in view.shop), default=0.0)
    return max(best, sp.picky) + loss > 0.0


def _bonus_have(view: View, seat: int, goal: BonusGoal) -> int:
    """What ``seat`` holds of a bonus soul's measure (public, FS-3.3); -1 for a condition of another
    form."""
    if goal.measure == "cents":
        return view.cents_of(seat)
    if goal.measure == "hand_size":
        return view.hand_size(seat)
    if goal.measure == "items":
        return sum(1 for i in view.items_of(seat) if goal.keyword in i.rules.keywords)
    return -1


def _bonus_soul(sp: SensiblePolicy, view: View, seat: int) -> float:
    """A bonus soul's worth to ``seat``: a soul (``soul_weight``), twice that when it is their winning
    one (FS-14.1)."""
    last = view.souls(seat) + 1 >= view.souls_to_win
    return sp.soul_weight * (2.0 if last else 1.0)


def _bonus_change(sp: SensiblePolicy, view: View, measure: str, change: int, keyword: str = "") -> float:
    """What ``change`` to my count of ``measure`` (an item count: of ``keyword`` items) is worth in the
    active bonus souls it brings nearer or puts off (FS-14.8: gained the moment the count is met;
    ``valuing.bonus_closeness``), 0 in solo and co-op (no bonus souls, FS-17)."""
    total = 0.0
    for goal in view.bonus_goals:
        if goal.measure != measure or goal.keyword != keyword:
            continue
        have = _bonus_have(view, sp.seat, goal)
        near = vl.bonus_closeness(measure, goal.n, have + change) - vl.bonus_closeness(measure, goal.n, have)
        total += near * _bonus_soul(sp, view, sp.seat)
    return total


def _risk(sp: SensiblePolicy, view: View) -> float:
    """The least win chance of a slot fight worth taking: ``risk``, or ``desperate`` once a rival is
    one soul from winning (FS-14.1: the game ends at their next soul; a death then costs less than the
    soul I did not take)."""
    if sp.desperate < sp.risk and not view.coop:
        need = view.souls_to_win - 1
        if any(view.souls(s) >= need for s in range(view.n_players) if s != sp.seat):
            return sp.desperate
    return sp.risk


def _best_fight(sp: SensiblePolicy, view: View) -> tuple[Any, float, float]:
    """The slot monster with the best chance × worth; (None, 0, 0) when there is none. Found once
    per decision (the outlook and the attack choices read it)."""
    asked, out, found = sp._seen
    if asked == sp._asked and found is not None:
        return found
    atk = max(1, view.atk)
    bonus = view.attack_roll_bonus
    hp = view.hp
    own = rd.own_roll_faces(view)  # my miss faces and the faces my preventions spare (FS-10.9, FS-5.4)
    best, best_p, best_score = None, 0.0, -1.0
    barred = view.barred  # cannon fodder (FS-20.10): bosses wait; () in standard games
    for info in view.monsters:
        if info.hp is None or info.evasion is None or (barred and info.ref in barred):
            continue
        rules = info.rules  # its own preventions (FS-6.16, FS-6.21) and faces that end my fight (FS-8.9)
        dealt = rd.hit_damage(rules, atk) if rules is not None and rules.replaces else atk
        p_hit, p_die = rd.roll_odds(rules, info.evasion, bonus, own)
        if dealt <= 0:
            continue  # my hits never damage it: the fight is never won
        p = rd.win_chance(hp, dealt, info.hp, p_hit, info.attack or 0, p_die)
        score = p * _worth(sp, view, info)
        if score > best_score:
            best, best_p, best_score = info, p, score
    for o in view.attackables:  # FS-10.6 / FS-16.6: items, rooms, players — the same chance × worth
        info, hp_t, ev, atk_t = _target_stats(sp, view, o)
        if hp_t is None or ev is None:
            continue
        p_hit, p_die = rd.roll_odds(None, ev, bonus, own)
        p = rd.win_chance(hp, atk, hp_t, p_hit, atk_t, p_die)
        score = p * _object_worth(sp, view, info)
        if score > max(best_score, 0.0):  # never a loss (my own item worth more than its rewards)
            best, best_p, best_score = info, p, score
    found = (best, best_p, best_score)
    sp._seen = (sp._asked, out if asked == sp._asked else None, found)
    return found


def _discard_fight(sp: SensiblePolicy, view: View) -> float:
    """The best chance × worth among the monster discard's non-event cards (public, FS-3.6), read as
    if each were in a slot: what an effect putting one into a slot offers me (FS-3.8)."""
    best = 0.0
    for ref in view.discard("monster"):
        best = max(best, _slot_fight(sp, view, ref.card, ref.rules))
    return best


def _slot_fight(sp: SensiblePolicy, view: View, c: Any, rules: Any = None) -> float:
    """A monster's fight for me as a slot's (chance × worth, less 2 for a fight lost by my death, as
    ``fight`` reads one), from its stats (an ``ObjInfo``, or a card with its ``rules``: its own preventions,
    FS-6.16); -1 for an event or a card without stats."""
    if getattr(c, "kind", None) == "event" or c.hp is None or c.evasion is None:
        return -1.0
    p, ended = rd.fight_odds(view, c, rules)
    rewards = c.rewards if type(c.rewards) is tuple else tuple((c.rewards or {}).items())
    if type(c) is ObjInfo:  # a slot's top: its own abilities and counters (FS-5.10)
        rules, counters = c.rules, c.counters
    else:
        counters = 0
    worth = 1.0 + _gains(sp, view, c.soul or 0, rewards, rules, counters, True)
    return p * worth - (1.0 - p - ended) * 2.0


def _slot(sp: SensiblePolicy, decision: Decision) -> Any:
    """Which monster slot a card covers, moves onto or clears (FS-3.8, FS-10.5): an empty one first,
    else the one whose top monster is the worst fight for me (``_slot_fight``), so the fights I want
    stay in sight."""
    view = decision.view
    return rd.slot_pick(view, _options(decision), lambda top: _slot_fight(sp, view, top))


def _worth(sp: SensiblePolicy, view: View, info: ObjInfo, mine: bool | None = None) -> float:
    """A slot monster's worth to me: its kill (1), what the player gaining its soul and rewards gets
    (``_gains``: now, or in my turn when ``mine``) and the harm its turn triggers would do me while it
    stays (``_lasting``)."""
    if mine is None:
        mine = view.active == sp.seat
    return (
        1.0
        + _gains(sp, view, info.soul, info.rewards, info.rules, info.counters, mine)
        + _lasting(sp, view, info)
    )


def _gains(
    sp: SensiblePolicy, view: View, soul: int, rewards: tuple, rules: Any, counters: int, mine: bool
) -> float:
    """FS-1.15, FS-13.4: what a dying monster pays, worth to me, its killer (a kill read here is mine: a
    fight, a shot, a damage effect's aim) — its soul and printed rewards (``_monster_worth`` less the kill's
    own 1) and its reward effects (``_reward_effects``), together: the active player gains them all whoever
    kills it. Mine in my turn (``mine``); in a rival's turn one rival's gain, worth to me minus a rival's
    share of it (1/(n-1): their gain a loss of mine, their death a gain); in co-op a partner's gain is the
    team's (FS-17.5: souls counted together). Set aside by the vocabulary: a monster that pays its killer
    alone (``reading.rewards_to_killer``) is mine whole; with a ``killer_rewards`` static in play
    (``reading.killer_rewards``) I gain its reward block too, beside the active rival (its soul theirs)."""
    v = _monster_worth(sp.soul_weight, soul, rewards) - 1.0 + _reward_effects(sp, view, rules, counters)
    if mine or view.coop or rd.rewards_to_killer(rules):
        return v
    theirs = -v / max(1, view.n_players - 1)
    return theirs + v - sp.soul_weight * soul if rd.killer_rewards(view) else theirs


def _reward_effects(sp: SensiblePolicy, view: View, rules: Any, counters: int) -> float:
    """FS-13.4 step 3: a monster's reward effects (``valuing.reward_effects``: Zombie Jesus's kill of its
    gainer, Time Eater's extra turn, a reward counted in the monster's counters) to the player gaining
    them (``_gains`` says whose)."""
    return vl.reward_effects(sp.rd, rules, view.n_players, counters)


def _lasting(sp: SensiblePolicy, view: View, info: ObjInfo) -> float:
    """FS-8.2, FS-8.10, FS-5.14: what a monster that repeats or grows a harm each turn would cost me over
    the rounds it stays (``lasting.harm``: Summer Widow's spiders, Big Horn's damage), read from its turn
    triggers' shape (kept for the game): worth killing or removing sooner than its stats say."""
    if info.rules is None or not info.rules.triggers:
        return 0.0
    s = sp.rd.shape(info.rules.triggers, info.counters, lasting.shape)
    return 0.0 if s is None else lasting.harm(s, view.n_players, view.max_hp, view.counters_of(sp.seat))


def _target_stats(sp: SensiblePolicy, view: View, o: Any) -> tuple:
    """(info, HP, evasion, damage) of an attack target that is not a slot monster: an attackable
    item or room has its own stat block (FS-10.6); a player's character stands for the player, with
    the evasion the allowing ability gives and the damage their hits were seen to deal (public)."""
    info = view.info(o)
    if info.kind != "character":
        return info, info.hp, info.evasion, info.attack or 0
    s = info.controller
    return info, view.hp_of(s), view.player_evasion(s), sp._atk_seen.get(s, 1)


def _object_worth(sp: SensiblePolicy, view: View, info: ObjInfo) -> float:
    """What killing an attack target other than a monster is worth, on the scale of a monster's worth
    (``_monster_worth``): its rewards (they pay the attacker, FS-13.2), the item it destroys (mine
    lost, a rival's taken from them, shared among the rivals like any harm; an eternal one is not
    destroyed, FS-4.12, so only its rewards count), or a player's death (its penalty, FS-13.3, priced
    from their position: ``valuing.death_price``)."""
    mine = view.active == sp.seat
    rewards = _gains(sp, view, info.soul, info.rewards, info.rules, info.counters, mine)
    n = max(1, view.n_players - 1)
    owner = info.controller
    if info.kind == "character":
        near = view.souls(owner) + 1 >= view.souls_to_win
        return vl.death_price(view, sp.rd, owner) * (2.0 if near else 1.0) / n
    if info.kind == "item" and info.eternal:  # not destroyed (FS-4.12): it stays with its owner
        return rewards
    if info.kind == "item" and owner == sp.seat:
        return rewards - _obj_value(sp, info.ref)
    if info.kind == "item" and owner >= 0 and rd.killer_takes(info.rules):
        return rewards + _obj_value(sp, info.ref) * (1.0 + 1.0 / n)  # taken (FS-13.1)
    if info.kind == "item" and owner >= 0:
        return rewards + _obj_value(sp, info.ref) / n
    return rewards


def _killing_shot(sp: SensiblePolicy, view: View, loot: list, taps: list) -> Any:
    """FS-1.15: a damage loot card or ↷/$ ability that kills a monster outright gets its rewards without a
    fight. Weighed as a waiting hit's shot is (``_best_shot``): the kill's gain is the monster's worth (the
    attack it leaves free is worth about the fight it spares), against the shot's cost (``_use_cost``: a
    loot card's worth kept for my next turn, a $ price; a ↷ is free)."""
    shots = [o for o in (*taps, *loot) if rd.monster_shot(_ab(sp, o)) > 0]
    if not shots:  # most actions: no aim read
        return None
    aims = tuple((info.hp, _worth(sp, view, info), info.ref) for info in view.monsters if info.hp is not None)
    pick, aim = _best_shot(sp, view, shots, aims)
    if pick is not None:
        sp._intent = ("obj", aim)
    return pick


def _attack_target(sp: SensiblePolicy, decision: Decision) -> Any:
    view = decision.view
    opts = _options(decision)
    best, p, _ = _best_fight(sp, view)
    if best is not None and best.ref in opts and (p >= _risk(sp, view) or "monster_deck" not in opts):
        return best.ref
    if "monster_deck" in opts:
        return "monster_deck"
    monsters = [o for o in opts if o != "monster_deck"]
    return max(monsters, key=lambda m: rd.fight_chance(view, view.info(m)))


def _buy_target(sp: SensiblePolicy, decision: Decision) -> Any:
    """FS-11: the best shop item, or the treasure deck when the shop holds nothing worth it."""
    best, best_v = None, -1.0
    for o in decision.options:
        if o != "treasure_deck":  # a shop item, or the treasure discard's top card (Recycling Sticker)
            printed = o.printed if type(o) is ObjRef else o
            v = sp.rd.item_value(printed) + _keyword_bonus(sp, decision.view, printed)
            if v > best_v:
                best, best_v = o, v
    known = sp._top_known  # the card I put on top with Sleight Of Hand this turn
    if known is not None and known[0] == decision.view.turn and "treasure_deck" in decision.options:
        sp._top_known = None
        if sp.rd.item_value(known[1]) >= max(best_v, sp.picky):
            return "treasure_deck"
    if best is None or (best_v < sp.picky and "treasure_deck" in decision.options):
        return "treasure_deck" if "treasure_deck" in decision.options else best
    return best


def _keyword_bonus(sp: SensiblePolicy, view: View, card: CardRef) -> float:
    """What an item brings nearer of the bonus souls counting items of a keyword it has (FS-14.8)."""
    return sum(
        _bonus_change(sp, view, "items", 1, kw)
        for kw in {g.keyword for g in view.bonus_goals}
        if kw and kw in card.rules.keywords
    )


# ------------------------------------------------------------------ answers (FS-7 priority)
def _respond(sp: SensiblePolicy, decision: Decision) -> Any:
    top = decision.context
    if top is None:
        return _between(sp, decision)
    if not _at_stake(sp, decision.view, top):
        return "pass"
    k = top.kind
    if k == "loot" and _copy_worth(sp, decision.view, top):
        pick = _copy(sp, decision, top)
        if pick is not None:
            return pick
    if k == "roll":
        if not top.attack:
            return _answer_dice(sp, decision, top)
        return _answer_roll(sp, decision, top)
    if k == "damage":
        return _answer_damage(sp, decision, top)
    if k == "ability" and decision.view.active == sp.seat and _harmed(sp, decision.view, top):
        return _shed(sp, decision, top) or "pass"
    return _answer_item(sp, decision, top)


def _harmed(sp: SensiblePolicy, view: View, top: StackRef) -> frozenset:
    """The counter kinds of mine whose count repeats a harm of the trigger ``top`` on me, the active
    player (``valuing.harmed_kinds``, FS-5.14: Summer Widow's rolls at my turn start)."""
    ab = view.stack_ability(top)
    return sp.rd.shape(ab, None, _harmed_kinds) if ab is not None else frozenset()


def _shed(sp: SensiblePolicy, decision: Decision, top: StackRef) -> Any:
    """Before a trigger that harms me once per counter of a kind I carry resolves (``_harmed``), a
    $ ability taking one such counter off me, if the value model finds it worth its cost (``_valued``,
    as on my turn): my character just recharged (FS-8.1), so its ↷ paid now costs what it would later
    in the turn, and one harm fewer now besides (FS-8.2, FS-4.4). None when there is none."""
    kinds = _harmed(sp, decision.view, top)
    sheds = [
        o for o in decision.options if o != "pass" and o[0] == "paid" and kinds & rd.shed_kinds(_ab(sp, o).do)
    ]
    return _valued(sp, decision.view, sheds) if sheds else None


def _before_mine(sp: SensiblePolicy, view: View) -> bool:
    """An empty-stack window in the turn just before mine (FS-8.12: the last turn of my round) that
    I have not passed yet: what recharges at my turn start (FS-8.1) is free to use now. Asked at
    most empty-stack windows, so it is kept cheap."""
    prev = sp._prev
    if prev is None:
        prev = sp._prev = (sp.seat - 1) % view.n_players
    return prev != sp.seat and view.active == prev and sp._idle_turn != view.turn


def _between(sp: SensiblePolicy, decision: Decision) -> Any:
    """Empty stack in the turn before mine (``_before_mine``): use the character's ↷ for a loot play
    (FS-8.5, FS-Q.34) and play a gain card with it, use ↷ items left charged (Forever Alone
    recharged by damage, a gain item, then any ↷ the value model reads as worth more than nothing:
    it recharges at my turn start, FS-8.1). The first pass ends this for the turn (O(1) after that)."""
    view = decision.view
    if not _before_mine(sp, view):
        return "pass"
    turn = view.turn
    char = None
    spend: list = []
    charged: list = []
    for o in decision.options:
        if o == "pass":
            continue
        k = o[0]
        if k == "loot":
            r = _role(sp, _ab(sp, o))
            if r in ("gain", "soul", "help") and _fresh(sp, turn, o):
                if r == "help":
                    sp._intent = ("seat", sp.seat)
                return o
        elif k == "tap":
            if _kind(sp, o[1]) == "character":
                char = o
                continue
            ab = _ab(sp, o)
            if sp.rd.use_kinds(ab)[0] == "recover":  # The Curse: a good loot card back for my draw
                if _recover(sp, view, [o], "loot") is not None:
                    return o
                continue
            r = sp.rd.role(ab)
            if r == "gain" and rd.verbs(ab.do) <= _BETWEEN_GAINS and _fresh(sp, turn, o):
                return o
            if "team_up" in rd.verbs(ab.do) and view.hp_of(sp.seat) >= 2 and _fresh(sp, turn, o):
                sp._intent = ("seat", sp.seat)  # FS-10.7: join this turn's attack, share its rewards
                return o
            if r in ("harm", "other") and _plan_use(sp, view, o) and _fresh(sp, turn, o):
                return o
            charged.append(o)
        elif k == "paid":
            if _soul_wins(sp, view, o) and _fresh(sp, turn, o):
                return o
            if _turns_my_character(_ab(sp, o)):
                spend.append(o)
    if spend:  # a $ ability paid by turning my character: it recharges at my turn start too (FS-8.1)
        pick = _valued(sp, view, spend)
        if pick is not None:
            return pick
    if charged:  # any other ↷ item still charged recharges at my turn start (FS-8.1): free at any worth
        pick = _valued(sp, view, charged, tap_bar=0.0)
        if pick is not None:
            return pick
    if char is not None and _use_character_now(sp, view) and _fresh(sp, turn, char):
        return char
    sp._idle_turn = turn
    return "pass"


def _at_stake(sp: SensiblePolicy, view: View, top: StackRef | None) -> bool:
    """Could an answer matter now? Reads only the view and the top of the stack, never the options:
    False means pass whatever the options are (what ``declines`` promises the engine). On the way
    it notes how hard an attacker hits: their combat damage on the stack shows it (public). Asked at
    every priority window with something on the stack, so the common kinds are decided first."""
    if top is None:
        return False
    k = top.kind
    c = top.controller
    if k == "loot" and _copy_worth(sp, view, top):  # a loot worth a copy of my own (FS-5.11)
        return True
    if k == "ability" or k == "loot":  # another player's card that makes a soul or wins the game
        # a trigger counting counters of mine to harm me (``_shed``: Summer Widow, FS-5.14)
        if k == "ability" and view.active == sp.seat and _harmed(sp, view, top):
            return True
        if c < 0 or c == sp.seat or view.coop:  # in co-op a partner's item is never spoiled (FS-17)
            return False
        threat = _stack_threat(sp, view, top)
        if threat == 2 or (threat == 1 and view.souls(c) + 1 >= view.souls_to_win):
            return True
        if k == "loot" and _take_worth(sp, view, top):  # a rival's card worth taking (Mugger Bean!)
            return True
        # the rest answers only what is aimed at me or mine: that is asked first, since most cards on
        # the stack aim at nothing of mine and reading the public targets is cheaper than my hand and
        # items (an item of mine aimed at is aimed at mine: the same answer as asking it last)
        if not _aimed_at_mine(sp, view, top):
            return False
        # an opponent's card aimed at me or mine, and a cancel for it (Mega Bean!)
        if _holds_aimed_cancel(sp, view):
            return True
        # or aimed at an item of mine, and a card making my items eternal (FS-4.12)
        return _holds_ward(sp, view) and _item_threatened(sp, view, top)
    if k == "damage":  # combat damage that kills me, or a boss for an opponent's win
        if not top.attack:
            return False
        attacker = view.attacker
        if c >= 0:
            sp._atk_seen[c] = top.value or 1
            if c == attacker and (c == sp.seat or view.coop):  # a +damage that makes the hit a kill
                return _holds_boost(sp, view, top)  # mine, or a partner's (FS-17: one team)
            if view.coop:
                return False
        elif c == -1 and attacker is not None:  # a monster's hit
            if attacker == sp.seat:  # lethal, or a kill now saves it (``_holds_shot``, FS-10.11)
                return (top.value or 0) >= view.hp or _holds_shot(sp, view)
            if view.coop:  # FS-17.4: a partner's death costs a tick; a kill now saves it (FS-10.11)
                return (top.value or 0) >= view.hp_of(attacker) or _holds_shot(sp, view)
        if attacker is None or c < 0 or c == sp.seat or view.attack_target_soul <= 0:
            return False
        t = view.attack_target
        if t is None or t.soul <= 0 or t.hp is None or (top.value or 0) < t.hp:
            return False
        taker = _soul_taker(view, t, c)
        if taker == sp.seat or taker != c:  # mine, or a partner's hit for the attacker: not read
            return False
        return view.souls(taker) + t.soul >= view.souls_to_win
    if k == "roll":  # an attack roll that misses me a fight or hits a boss for an opponent
        if not top.attack:  # my own table or reward roll: a dice tool may make it better
            return c == sp.seat and _dice_plan(sp, view, top) is not None
        if c >= 0 and c != sp.seat and view.coop:
            return False
        if c != sp.seat and view.attack_target_soul <= 0:
            return False  # an opponent's hit on a monster worth no soul: nothing to spoil
        t = view.attack_target
        if t is None or t.evasion is None:
            return False
        if c != sp.seat and _soul_taker(view, t, c) == sp.seat:
            return False  # a team-up partner's in my own attack kills it for me (FS-1.15, FS-10.7)
        # the roll as it resolves, with its roller's bonus (FS-9.4), whoever rolled it, judged as the
        # engine judges it (FS-10.9: a face named before the roll, the roller's miss faces …)
        value = view.roll_value(top)
        lands = view.attack_roll_hits(value, top)
        if c == sp.seat:
            return not lands
        if not lands or t.soul <= 0 or value in rd.blocked_rolls(t.rules):
            return False  # a miss, or a hit the boss's own prevention takes (FS-6.16): nothing to spoil
        return t.hp is not None and t.hp <= sp._atk_seen.get(c, 1)
    return False  # a death


def _dice_plan(sp: SensiblePolicy, view: View, top: StackRef) -> tuple | None:
    """A dice tool (The D6, Lucky Foot, Dice Shard …) on my own non-attack roll: (tool ability,
    the face to aim at) when the tool's expected gain on the roll's table (``valuing``) or reward
    (higher is more) is worth a use, else None. Reads my charged items and my hand. Asked from
    ``declines`` too, the one way a declined window reads the outlook: a fresh decision's memo."""
    sp._asked += 1
    tools: list[tuple[Any, int]] = [  # (ability, the counters its effect reads)
        (ab, rd.counters_left(ab, i.counters))
        for i in view.items_of(sp.seat)
        if i.charged
        for _k, _n, ab in i.rules.acts
        if rd.roll_tool(ab) and _k == "tap"
    ]
    if view.loot_plays > 0:
        tools += [(c.rules.play, 0) for c in view.hand if rd.roll_tool(c.rules.play)]
    if not tools:
        return None
    purpose, table = view.roll_table(top)
    if purpose == "table" and isinstance(table, dict):
        vals = vl.face_values(table, _outlook(sp, view))
    elif purpose == "group" and isinstance(table, dict):  # one of dice rolled together (FS-9.2(1))
        vals = vl.group_face_values(table, view.group_dice(top), _outlook(sp, view))
    elif purpose == "reward":
        vals = [float(f) for f in range(1, 7)]
    else:
        return None
    now = top.value
    assert now is not None  # a roll on the stack has its value
    # each die face's worth as the roll resolves: with the roller's roll buff added then (FS-9.2(5))
    bonus = view.roll_bonus(top)
    vals = [vals[max(1, min(6, f + bonus)) - 1] for f in range(1, 7)]
    cur = vals[now - 1]
    best = None
    for ab, counters in tools:
        verbs = rd.verbs(ab.do)
        if "set_roll" in verbs:
            face = max(range(1, 7), key=lambda f: vals[f - 1])
            gain = vals[face - 1] - cur
        elif "flip_roll" in verbs:  # FS-6.10: the face opposite (no face to aim at afterwards)
            face = 0
            gain = vals[6 - now] - cur
        elif "modify_roll" in verbs:
            amount = functools.partial(rd.amount_now, view, counters)  # a change read on the position
            up, down = rd.roll_directions(ab, amount)
            reach = rd.roll_reach(ab, amount)
            faces = [f for f in range(1, 7) if (f > now and up or f < now and down) and abs(f - now) <= reach]
            if not faces:
                continue
            face = max(faces, key=lambda f: vals[f - 1])
            gain = vals[face - 1] - cur
        else:  # a reroll: the table's mean
            face = 0
            gain = sum(vals) / 6 - cur
        if gain > 0.5 and (best is None or gain > best[2]):
            best = (ab, face, gain)
    return best


def _answer_dice(sp: SensiblePolicy, decision: Decision, top: StackRef) -> Any:
    """Use the dice tool ``_dice_plan`` chose on my own table/reward roll."""
    plan = _dice_plan(sp, decision.view, top)
    if plan is None:
        return "pass"
    ab, face, _gain = plan
    for o in decision.options:
        if o != "pass" and _ab(sp, o) is ab:
            sp._intent = ("roll", top.index)
            sp._roll_goal = (face, top.value) if face else None
            sp._roll_high = face >= top.value
            return o
    return "pass"


def _answer_roll(sp: SensiblePolicy, decision: Decision, top: StackRef) -> Any:
    """FS-9.2(3): while an attack roll is on the stack, rerolls and modifiers may change it."""
    if not _armed(sp, decision, ("roll", "harm")):
        return "pass"  # nothing to answer with
    view = decision.view
    t = view.attack_target
    # what the roll resolves as, and what a flip makes of it (FS-6.10), with its roller's bonus (FS-9.4),
    # each judged as the engine judges it (FS-10.9)
    die = top.value or 0
    bonus = view.roll_bonus(top)
    flipped = view.attack_roll_hits(max(1, min(6, 7 - die + bonus)), top)
    if top.controller == sp.seat:  # my roll: fix a miss (FS-10.9)
        lethal = (t.attack or 0) >= view.hp
        important = lethal or t.soul > 0
        need = _roll_need(view, top, bonus, True)
        pick = _roll_fixer(sp, decision.options, True, need, important, flipped, view, top)
        if pick is None and lethal:
            pick = _emergency_shot(sp, decision.options, t)
            if pick is not None:
                return pick
    else:  # an opponent's roll: spoil a hit that kills a boss (FS-14.4: the last chance)
        taker = _soul_taker(view, t, top.controller)
        wins = view.souls(taker) + t.soul >= view.souls_to_win
        shot = _attacker_shot(sp, decision, _INF if wins else _denial_gain(sp, view, t))
        if shot is not None:
            return shot
        need = _roll_need(view, top, bonus, False)
        pick = _roll_fixer(sp, decision.options, False, need, wins, not flipped, view, top)
        if pick is None and wins:
            return (
                _loot_play_for(sp, decision, "roll", False)
                or _end_attack(sp, decision)
                or _wipe(sp, decision)
                or "pass"
            )
    if pick is None:
        return "pass"
    sp._intent = ("roll", top.index)
    sp._roll_high = top.controller == sp.seat  # kept until the change resolves
    return pick


def _soul_taker(view: View, t: ObjInfo, killer: int) -> int:
    """Who gains the soul of the attack target ``t`` if ``killer`` kills it: the active player (FS-1.15),
    or the killer when the monster pays its killer alone (``reading.rewards_to_killer``: every rival teams
    up against it, FS-10.7, and a partner's hit in my own attack takes it from me)."""
    return killer if rd.rewards_to_killer(t.rules) else view.active


def _roll_need(view: View, top: StackRef, bonus: int, hit: bool) -> int:
    """How far my change must move an attack roll's die (up for ``hit``, else down) for it to hit, or to
    miss: the nearest die whose final value (with the roller's ``bonus``, FS-9.4) the engine judges so
    (FS-10.9: a miss face or a named face on the way is passed over). 6 when none does."""
    die = top.value or 0
    step = 1 if hit else -1
    for d in range(1, 6):
        v = die + step * d
        if not 1 <= v <= 6:
            break
        if view.attack_roll_hits(max(1, min(6, v + bonus)), top) == hit:
            return d
    return 6


def _armed(sp: SensiblePolicy, decision: Decision, roles: tuple) -> bool:
    """Is there an option (or a card behind the character's ↷) with one of these roles?"""
    options = decision.options
    for o in options:
        if o != "pass" and (sp.rd.role(ab := _ab(sp, o)) in roles or rd.wipes(ab)):
            return True
    if any(o != "pass" and o[0] == "tap" and _kind(sp, o[1]) == "character" for o in options):
        return any(sp.rd.role(c.rules.play) in roles or rd.wipes(c.rules.play) for c in decision.view.hand)
    return False


def _role_options(
    sp: SensiblePolicy, options: Any, role: str, mode_of: Callable[[Any], Any]
) -> Iterator[tuple[Any, Any, Any]]:
    """The options (option, ability, mode) whose ability has ``role``, with mode None; or, by
    ``mode_of``, a modal card with a mode that has it, with that mode's index."""
    for o in options:
        if o == "pass":
            continue
        ab = _ab(sp, o)
        mode = None
        if sp.rd.role(ab) != role:
            mode = mode_of(ab)
            if mode is None:
                continue
        yield o, ab, mode


def _mode_planned(sp: SensiblePolicy, best: Any, mode: Any, why: str) -> Any:
    """The option chosen; a modal card's mode is planned, as its ``choose_mode`` comes next
    (``_planned``)."""
    if best is not None and mode is not None:
        sp._plan = (best[1].name, mode, None, why)
    return best


def _roll_fixer(
    sp: SensiblePolicy,
    options: Any,
    high: bool,
    need: int,
    important: bool,
    flip: bool = False,
    view: View | None = None,
    top: StackRef | None = None,
) -> Any:
    """The best roll-changing option: a free ↷ one before a card from hand; a set offering a face that
    does what is needed (``top``: the attack roll, judged by the engine on ``view``), a flip that lands
    where it must (``flip``: 7 minus the roll does, FS-6.10) or a big enough modifier before a reroll.
    Cards and $ abilities only when ``important``."""
    best, best_rank, best_mode = None, 99, None
    bonus = view.roll_bonus(top) if view is not None and top is not None else 0
    # a modal card with a mode that changes a roll (Witch) too
    for o, ab, mode in _role_options(sp, options, "roll", rd.roll_mode):
        free = o[0] == "tap"
        if not free and not important:
            continue
        verbs = rd.verbs(ab.do if mode is None else ab.do["modes"][mode])
        if "set_roll" in verbs:  # only a set that offers a face doing what is needed (FS-10.9)
            if (
                view is not None
                and top is not None
                and not any(
                    view.attack_roll_hits(max(1, min(6, f + bonus)), top) == high
                    for f in rd.set_faces(ab if mode is None else rd.mode_ability(ab, mode))
                )
            ):
                continue
            rank = 0
        elif "flip_roll" in verbs:
            if not flip:
                continue
            rank = 0
        elif "modify_roll" in verbs:
            amount = (  # a change written as an expression, read on the position (Booster v2.0)
                functools.partial(rd.amount_now, view, _counters(view, o, ab)) if view is not None else None
            )
            up, down = rd.roll_directions(ab, amount)
            if not (up if high else down) or rd.roll_reach(ab, amount) < need:
                continue
            rank = 1
        else:
            rank = 2
        rank += (0 if free else 3) + (0 if mode is None else 1)
        if rank < best_rank:
            best, best_rank, best_mode = o, rank, mode
    return _mode_planned(sp, best, best_mode, "roll")


def _emergency_shot(sp: SensiblePolicy, options: Any, t: Any) -> Any:
    """FS-10.11: answer a lethal miss by killing the attack target first (a Bomb on a 1-HP monster): the fight
    is lost for sure, so the kill gains the death's price and a monster's worth (``_best_shot``)."""
    view = sp._view
    if view is None or t.hp is None:
        return None
    gain = vl.death_price(view, sp.rd, sp.seat) + (_worth(sp, view, t) if t.kind == "monster" else 0.0)
    pick, _aim = _best_shot(sp, view, options, ((t.hp, gain, t.ref),))
    if pick is not None:
        sp._intent = ("obj", t.ref)
    return pick


def _best_shot(sp: SensiblePolicy, view: View, options: Any, aims: tuple) -> tuple[Any, Any]:
    """The option and aim — ``aims``: (HP, the kill's gain, ref) — whose plain shot
    (``reading.monster_shot``) kills the aim and whose cost (``_use_cost``) falls furthest below the kill's
    gain; (None, None) when none pays. The one weighing of a kill by a shot, on my turn and against a
    waiting hit."""
    best, best_aim, best_net = None, None, 0.0
    for o in options:
        if o == "pass":
            continue
        n = rd.monster_shot(_ab(sp, o))
        cost: float | None = None  # read once an aim is in reach
        for hp, gain, ref in aims:
            if n >= hp:
                if cost is None:
                    cost = _use_cost(sp, view, o)
                if (net := gain - cost) > best_net:
                    best, best_aim, best_net = o, ref, net
    if best is None or not _fresh(sp, view.turn, best):
        return None, None
    return best, best_aim


def _kill_worth(sp: SensiblePolicy, view: View) -> bool:
    """Could a shot pay to kill the attack target, a monster, now (``_best_shot``)? When it has a worth, or
    when it can still hit back: its fight may end in its attacker's death (FS-13.9), which the kill saves
    (``_kill_gain`` weighs the two), whatever the monster pays — a reward that costs its gainer more than
    the kill's own 1."""
    t = view.attack_target
    if t is None or t.kind != "monster" or t.hp is None:
        return False
    return (t.attack or 0) > 0 or _worth(sp, view, t) > 0


def _fight_on(sp: SensiblePolicy, view: View, who: int, hp: int, mhp: int) -> tuple[float, float]:
    """(win, ended) of ``who``'s attack going on from ``hp`` (theirs) and ``mhp`` (the monster's): the fight
    model (``reading.fight_odds``, FS-10.7, FS-10.9) with the attacker's own faces."""
    t = view.attack_target
    if mhp <= 0:
        return 1.0, 0.0
    if hp <= 0 or t is None:
        return 0.0, 0.0
    return rd.fight_odds(view, t, None, who, hp, mhp)


def _kill_gain(sp: SensiblePolicy, view: View, who: int, hp: int, mhp: int) -> float:
    """What a sure kill now of the monster ``who`` attacks is worth against the fight going on from ``hp``
    and ``mhp`` (``_fight_on``): the chance that fight is lost × the monster's worth, and the chance it is
    lost by a death × ``who``'s death's price (``valuing.death_price``, FS-13.9; in co-op a partner's death costs the
    team a tick, FS-17.4). A turn ended by the monster's face (FS-8.9) loses the monster, not a life."""
    t = view.attack_target
    if t is None:
        return 0.0
    win, ended = _fight_on(sp, view, who, hp, mhp)
    death = vl.death_price(view, sp.rd, who)
    if ended <= 0.0:
        return (1.0 - win) * (_worth(sp, view, t) + death)
    return (1.0 - win) * _worth(sp, view, t) + (1.0 - win - ended) * death


def _use_cost(sp: SensiblePolicy, view: View, o: tuple) -> float:
    """What using an option costs me: a loot card its worth kept for my next turn (``_kept_worth``), a $
    ability its price (``valuing.cost_value``); a ↷ nothing (it recharges at my turn's start, FS-8.1)."""
    if o[0] == "loot":
        return _kept_worth(sp, view, o[1])
    if o[0] == "paid":
        ab = _ab(sp, o)
        return -vl.cost_value(ab.cost, _outlook(sp, view)) if ab.cost else 0.0
    return 0.0


def _hit_shot(sp: SensiblePolicy, decision: Decision, top: StackRef) -> Any:
    """FS-10.11: a monster's combat damage waits on the stack in an attack (mine, or a partner's in co-op):
    the monster killed now ends the attack and the damage fizzles. The shot (``reading.monster_shot``: a loot
    card, a ↷ or $ ability; or my character's ↷ for the loot play a card needs, FS-Q.34) whose gain most
    exceeds its cost (``_use_cost``): the kill now against the fight going on after the hit
    (``_kill_gain``). None when no shot pays."""
    view = decision.view
    t, who = view.attack_target, view.attacker
    if who is None or t is None or t.hp is None or not _kill_worth(sp, view):
        return None
    hp = t.hp
    gain = _kill_gain(sp, view, who, view.hp_of(who) - (top.value or 0), hp)
    best, _aim = _best_shot(sp, view, decision.options, ((hp, gain, t.ref),))
    if best is not None:
        sp._intent = ("obj", t.ref)
        return best
    if view.loot_plays == 0 and any(
        rd.monster_shot(c.rules.play) >= hp and gain > _kept_worth(sp, view, c) for c in view.hand
    ):
        return _extra_play(sp, decision)  # the shot follows at my next priority (FS-Q.34)
    return None


def _holds_shot(sp: SensiblePolicy, view: View) -> bool:
    """A monster's combat damage waits on the stack (the attack roll missed): do I hold a plain shot
    (``reading.monster_shot``) that kills the monster attacked now — in hand or on an item of mine? Its
    death ends the attack and the damage fizzles (FS-10.11)."""
    t = view.attack_target
    if not _kill_worth(sp, view) or t is None or t.hp is None:
        return False
    hp = t.hp
    return _holds(sp, view, lambda ab, _n: rd.monster_shot(ab) >= hp)


def _holds(sp: SensiblePolicy, view: View, test: Callable[[Any, int], bool]) -> bool:
    """Is there a loot card in my hand, or an activated ability of an item of mine (a ↷ one charged), that
    ``test`` accepts (given its source's counters as its effect reads them, ``_counters``)? (What I could
    answer with now.)"""
    if any(test(c.rules.play, 0) for c in view.hand):
        return True
    return any(
        any(
            (k == "paid" or info.charged) and test(ab, rd.counters_left(ab, info.counters))
            for k, _i, ab in info.rules.acts
        )
        for info in view.items_of(sp.seat)
        if info.rules is not None
    )


def _boost_chance(view: View, top: StackRef, ab: Any, counters: int) -> float:
    """The chance that a +damage (``reading.atk_boosts``) makes the waiting combat damage ``top`` (mine, or a
    partner's in co-op) kill the attack target; it is read again as it resolves (FS-6.21), through the
    target's own replacements (``reading.hit_damage``). 0 when an outcome's damage to me could kill me: my
    death is read at its worst, the kill at its chance (a table's +damage is worth its odds, a death is not
    a price to gamble)."""
    t = view.attack_target
    if t is None or t.hp is None or t.kind == "character":
        return 0.0
    mine = top.controller == view.seat
    outcomes = rd.atk_boosts(ab, lambda text: rd.amount_now(view, counters, text), mine)
    hp, v = view.hp, top.value or 0
    if any(hurt >= hp for q, _n, hurt in outcomes if q > 0):
        return 0.0
    was = rd.hit_damage(t.rules, v)
    return sum(q for q, n, _h in outcomes if n > 0 and was < t.hp <= rd.hit_damage(t.rules, v + n))


def _counters(view: View, o: tuple, ab: Any) -> int:
    """The counters on the source of a ↷/$ option as its effect reads them, its cost paid
    (``reading.counters_left``); 0 for a loot card."""
    return rd.counters_left(ab, view.info(o[1]).counters) if o[0] in ("tap", "paid") else 0


def _holds_boost(sp: SensiblePolicy, view: View, top: StackRef) -> bool:
    """My combat damage (or a partner's in co-op) waits on the stack and does not kill: do I hold a +damage
    that may make it a kill of a monster worth it (``_boost_chance``) — in hand or on an item of mine
    (FS-6.21)?"""
    if not _kill_worth(sp, view):
        return False
    return _holds(sp, view, lambda ab, n: _boost_chance(view, top, ab, n) > 0)


def _boost(sp: SensiblePolicy, decision: Decision, top: StackRef) -> Any:
    """FS-6.21: a +damage played on a waiting combat damage (mine, or a partner's in co-op) counts as it
    resolves. The option whose chance of turning the hit into the kill (``_boost_chance``) × the kill's gain
    over the fight going on after the hit (``_kill_gain``) most exceeds its cost (``_use_cost``), aimed at
    the hitter; or my character's ↷ for the loot play a card needs (FS-Q.34)."""
    view = decision.view
    t, who = view.attack_target, top.controller
    if t is None or t.hp is None or not _kill_worth(sp, view):
        return None
    gain = _kill_gain(sp, view, who, view.hp_of(who), t.hp - rd.hit_damage(t.rules, top.value or 0))
    best, best_net = None, 0.0
    for o in decision.options:
        if o == "pass":
            continue
        ab = _ab(sp, o)
        q = _boost_chance(view, top, ab, _counters(view, o, ab))
        if q > 0 and (net := q * gain - _use_cost(sp, view, o)) > best_net:
            best, best_net = o, net
    if best is not None and _fresh(sp, view.turn, best):
        sp._intent = ("seat", who)
        return best
    if view.loot_plays == 0 and any(
        _boost_chance(view, top, c.rules.play, 0) * gain > _kept_worth(sp, view, c) for c in view.hand
    ):
        return _extra_play(sp, decision)  # the card follows at my next priority, the damage still waiting
    return None


def _answer_damage(sp: SensiblePolicy, decision: Decision, top: StackRef) -> Any:
    """Combat damage on the stack: kill the monster whose hit on me waits (FS-10.11), when it is lethal or
    the kill is worth a card; shield myself from a lethal miss; make my own hit a kill (FS-6.21); shield a
    boss an opponent is about to kill for the win (Yum Heart can shield a monster)."""
    view = decision.view
    if top.controller == sp.seat or (top.controller >= 0 and view.coop):  # a +damage makes it a kill
        return _boost(sp, decision, top) or "pass"  # my hit, or a partner's (``_at_stake``)
    attacker = view.attacker
    if top.controller == -1 and attacker is not None and (attacker == sp.seat or view.coop):
        pick = _hit_shot(sp, decision, top)  # mine, or a partner's in co-op (``_at_stake``)
        if pick is not None:
            return pick
        if (top.value or 0) < view.hp_of(attacker):
            return "pass"  # only a kill was worth answering with
    if top.controller == -1:  # lethal to me, or in co-op to the partner attacking (``_at_stake``)
        who = decision.view.attacker
        pick = _shield(sp, decision.options, monster=False, other=who != sp.seat)
        if pick is None:
            if who != sp.seat:
                return "pass"
            return (  # a wipe ends my turn but saves the death penalty (FS-13.3)
                _loot_play_for(sp, decision, "shield")
                or _end_attack(sp, decision)
                or _wipe(sp, decision)
                or "pass"
            )
        sp._intent = ("seat", who)
        return pick
    # the winning hit on a boss: its attacker killed first, or a shield
    shot = _attacker_shot(sp, decision, _INF)
    if shot is not None:
        return shot
    pick = _shield(sp, decision.options, monster=True)
    if pick is not None:
        sp._intent = ("obj", decision.view.attack_target.ref)
    return pick or _end_attack(sp, decision) or _wipe(sp, decision) or "pass"


def _attacker_shot(sp: SensiblePolicy, decision: Decision, gain: float) -> Any:
    """A rival's hit that kills a boss waits on the stack: a shot (``reading.player_shot``: a loot card, a ↷
    or $ ability) that kills the attacker now ends the attack and the hit fizzles (FS-10.11, FS-13.8), with
    the death's penalty besides (FS-13.9). The cheapest (``_use_cost``) whose cost is below ``gain`` (what
    the denial is worth to me, ``_denial_gain``; unbounded for the rival's winning soul, FS-14.1). Outside
    my turn a card in hand needs my character's ↷ for the loot play first (FS-Q.34). None when none pays."""
    view = decision.view
    who = view.attacker
    if who is None or who == sp.seat or view.coop:
        return None
    hp = view.hp_of(who)
    if hp <= 0:
        return None
    best, best_cost = None, gain
    for o in decision.options:
        if o != "pass" and rd.player_shot(_ab(sp, o)) >= hp and (cost := _use_cost(sp, view, o)) < best_cost:
            best, best_cost = o, cost
    if best is not None and _fresh(sp, view.turn, best):
        sp._intent = ("seat", who)
        return best
    if view.loot_plays == 0 and any(
        rd.player_shot(c.rules.play) >= hp and _kept_worth(sp, view, c) < gain for c in view.hand
    ):
        return _extra_play(sp, decision)
    return None


def _denial_gain(sp: SensiblePolicy, view: View, t: Any) -> float:
    """What killing a rival attacker before their hit kills the monster ``t`` is worth to me: the soul and
    rewards they do not gain (``_gains``, one rival's share of it) and their death (``valuing.death_price``),
    each a loss to one of my n - 1 rivals."""
    lost = -_gains(sp, view, t.soul, t.rewards, t.rules, t.counters, False)
    attacker = view.attacker
    death = vl.death_price(view, sp.rd, attacker) if attacker is not None else DEATH
    return lost + death / max(1, view.n_players - 1)


def _end_attack(sp: SensiblePolicy, decision: Decision) -> Any:
    """An option that ends the attack in progress (``reading.ends_attack``, FS-10.11): its rolls and
    combat damage fizzle — a lethal miss of mine, or a rival's winning hit on a boss (FS-14.4)."""
    view = decision.view
    attacker = view.attacker
    if attacker is None or view.coop:
        return None
    own, mine = attacker == sp.seat, view.active == sp.seat
    for o in decision.options:
        if o != "pass" and rd.ends_attack(_ab(sp, o), own, mine) and _fresh(sp, view.turn, o):
            t = view.attack_target
            if t is not None:
                sp._intent = ("obj", t.ref)
            return o
    return None


def _wipe(sp: SensiblePolicy, decision: Decision) -> Any:
    """A card that cancels the whole stack (``reading.wipes``), the last answer to what no shield or
    cancel of mine stops: a loot option, else my character's ↷ for a loot play (FS-Q.34)."""
    if decision.view.coop:
        return None  # FS-17: ending a partner's turn is no answer
    for o in decision.options:
        if o != "pass" and o[0] == "loot" and rd.wipes(_ab(sp, o)):
            return o
    return _loot_play_for(sp, decision, "wipe")


def _shield(sp: SensiblePolicy, options: Any, monster: bool, other: bool = False) -> Any:
    """The best shield option (a free ↷ first): for a monster, for myself, or (``other``, co-op) for
    another character — then only one that can target a player."""
    best, best_rank, best_mode = None, 99, None
    # a modal card with a shield mode (Dagaz) too
    for o, ab, mode in _role_options(sp, options, "shield", rd.shield_mode):
        heads = {rd.sel_head(s) for s in (ab.targets or {}).values()}
        if mode is not None:
            m = ab.do["modes"][mode]
            heads = {rd.sel_head(s) for s in (m.get("tgt") or m.get("choose") or {}).values()}
        if monster and not heads & {"player_or_monster", "monster"}:
            continue
        if not monster and (heads or other) and not heads & {"player", "player_or_monster"}:
            continue
        rank = (0 if o[0] == "tap" else 1) + (0 if mode is None else 2)
        if rank < best_rank:
            best, best_rank, best_mode = o, rank, mode
    return _mode_planned(sp, best, best_mode, "shield")


def _copy_worth(sp: SensiblePolicy, view: View, top: StackRef) -> bool:
    """A loot on the stack (anyone's, mine first of all) that one of my charged items can copy for
    me (``copy_loot``, FS-5.11: new targets, no loot play), worth a play to me by the value model
    (``loot_bar``, its gain read as if I played it)."""
    if not any(
        i.charged and any("copy_loot" in rd.verbs(ab.do) for _k, _n, ab in i.rules.acts)
        for i in view.items_of(sp.seat)
    ):
        return False
    ab = view.stack_ability(top)
    if ab is None or sp.rd.role(ab) in _ANSWERS:
        return False
    sp._asked += 1  # a fresh memo: this may be asked from ``declines``
    out = _outlook(sp, view)
    out.my_turn = view.active == sp.seat
    return vl.ability_value(ab, out) > sp.loot_bar


def _copy(sp: SensiblePolicy, decision: Decision, top: StackRef) -> Any:
    """The option that copies the loot on top of the stack (``_copy_worth``), aimed at it."""
    for o in decision.options:
        copies = o != "pass" and o[0] != "loot" and "copy_loot" in rd.verbs(_ab(sp, o).do)
        if copies and _fresh(sp, decision.view.turn, o):
            sp._intent = ("stack", top.index)
            return o
    return None


def _answer_item(sp: SensiblePolicy, decision: Decision, top: StackRef) -> Any:
    """Cancel an opponent's loot/ability when it makes a soul, or when that opponent is one soul
    from winning and the card can hurt or score (FS-14.4); else only with a cancel the engine offers
    because an opponent's card is aimed at me or mine (``reading.aimed_cancel``: Mega Bean!)."""
    view = decision.view
    c = top.controller
    threat = _stack_threat(sp, view, top)
    scoring = threat == 2 or (threat == 1 and view.souls(c) + 1 >= view.souls_to_win)
    modal = None  # a modal card's cancel mode (Witch): after a plain cancel, as a roll mode is
    for o in decision.options:
        if o == "pass":
            continue
        ab = _ab(sp, o)
        if (scoring and sp.rd.role(ab) == "cancel") or rd.aimed_cancel(ab):
            sp._intent = ("stack", top.index)
            return o
        if scoring and modal is None and (mode := rd.cancel_mode(ab)) is not None:
            modal = (o, mode)
    if modal is not None:  # its ``choose_mode`` comes next (``_planned``), then its target
        o, mode = modal
        sp._plan = (o[1].name, mode, None, "cancel")
        sp._intent = ("stack", top.index)
        return o
    if not scoring and top.kind == "loot" and _take_worth(sp, view, top):  # cancel it, take it (FS-6.9)
        for o in decision.options:
            if o != "pass" and o[0] == "loot" and rd.takes_cancelled(_ab(sp, o)):
                sp._intent = ("stack", top.index)
                return o
        take = _loot_play_for(sp, decision, "take")
        if take is not None:
            return take
    if not scoring and _item_threatened(sp, view, top):  # my item aimed at: eternal, it stays (FS-4.12)
        for o in decision.options:
            if o != "pass" and o[0] == "loot" and rd.wards(_ab(sp, o)):
                sp._intent = ("seat", sp.seat)  # the items of mine it makes eternal
                return o
        ward = _loot_play_for(sp, decision, "ward")
        if ward is not None:
            return ward
    if not scoring:  # aimed at me or mine: my ↷ loot play, for a cancel of what is aimed at me
        aimed = _loot_play_for(sp, decision, "aimed") if _cancel_aimed(sp, view, top) else None
        return aimed or "pass"
    return _loot_play_for(sp, decision, "cancel") or _wipe(sp, decision) or "pass"


_TAKE_BAR = 1.0  # the least worth to me of a rival's loot card that I take with my cancel-and-take card


def _take_worth(sp: SensiblePolicy, view: View, top: StackRef) -> bool:
    """Is a rival's loot card on the stack worth taking with a card of mine that cancels it and takes it
    into my hand (``reading.takes_cancelled``, FS-6.9): the card's play worth at least ``_TAKE_BAR`` to me
    by the value model, while I can play mine now (a loot play left, or my character's ↷ for one, FS-Q.34)
    and no rival is one soul from winning (then it is kept for a card that scores, ``_answer_item``)?
    The rival's card is spoiled besides. Cheap first: most hands hold no such card."""
    if not any(rd.takes_cancelled(c.rules.play) for c in view.hand):
        return False
    if view.loot_plays <= 0:
        me = view.character_of(sp.seat)
        if not me.charged or not any(
            k == "tap" and "extra_loot_play" in rd.verbs(a.do) for k, _i, a in me.rules.acts
        ):
            return False
    need = view.souls_to_win - 1
    if any(view.souls(s) >= need for s in range(view.n_players) if s != sp.seat):
        return False
    ab = view.stack_ability(top)
    return ab is not None and vl.ability_value(ab, _outlook(sp, view)) >= _TAKE_BAR


def _aimed_at_mine(sp: SensiblePolicy, view: View, top: StackRef) -> bool:
    """Is the loot or ability ``top`` aimed at me or at something of mine (an object, a roll)? Its
    targets were chosen as it went on the stack (FS-4.2) and are public (``View.stack_targets``)."""
    me = sp.seat
    for t in view.stack_targets(top):
        tt = type(t)
        if tt is SeatRef:
            if t.seat == me:
                return True
        elif tt is StackRef:
            if t.controller == me:
                return True
        elif tt is ObjRef and view.info(t).controller == me:
            return True
    return False


def _cancel_aimed(sp: SensiblePolicy, view: View, top: StackRef) -> bool:
    """Worth my character's loot play off my turn (FS-8.5) for a cancel of what is aimed at me
    (``reading.aimed_cancel``)? When the card on the stack does me harm rather than help (its value
    model's ``helps``), and it is a loot or an item's ability — what such a cancel may aim at (FS-6.9) —
    not a character's or a monster's."""
    ab = view.stack_ability(top)
    if ab is None or sp.rd.helps(ab) or not _aimed_at_mine(sp, view, top):
        return False
    c = top.controller
    return top.kind == "loot" or (c >= 0 and any(i.name == top.name for i in view.items_of(c)))


def _holds_ward(sp: SensiblePolicy, view: View) -> bool:
    """A card in my hand that makes a player's items eternal (``reading.wards``); none in Base V2."""
    return any(rd.wards(c.rules.play) for c in view.hand)


def _item_threatened(sp: SensiblePolicy, view: View, top: StackRef) -> bool:
    """Is an opponent's harmful loot or ability on the stack aimed at an item of mine (a destroy, a
    steal: an eternal item is neither destroyed nor taken, FS-4.12)?"""
    ab = view.stack_ability(top)
    if ab is None or sp.rd.helps(ab) or top.controller == sp.seat:
        return False
    for t in view.stack_targets(top):
        if type(t) is ObjRef:
            info = view.info(t)
            if info.controller == sp.seat and info.kind == "item":
                return True
    return False


def _items_in_danger(sp: SensiblePolicy, view: View) -> bool:
    """Do I hold an item that is not eternal while a rival's object or a slot monster in play has an
    ability that destroys or takes a chosen item (``reading.item_threat``, public, FS-3.3)? Then a
    card making my items eternal is an answer worth keeping (FS-4.12)."""
    if all(i.eternal for i in view.items_of(sp.seat)):
        return False
    infos = [
        *view.monsters,
        *(i for s in range(view.n_players) if s != sp.seat for i in view.items_of(s)),
    ]
    for info in infos:
        r = info.rules
        if r is not None and (
            any(rd.item_threat(ab) for _k, _i, ab in r.acts)
            or any(rd.item_threat(ab) for abs_ in r.triggers.values() for ab in abs_)
        ):
            return True
    return False


def _holds_aimed_cancel(sp: SensiblePolicy, view: View) -> bool:
    """A cancel in my hand or a charged item of mine that answers only what is aimed at me or mine
    (``reading.aimed_cancel``); none in Base V2, so its games are unchanged."""
    return _holds(sp, view, lambda ab, _n: rd.aimed_cancel(ab))


# ------------------------------------------------------------------ targets
def _target(sp: SensiblePolicy, decision: Decision) -> Any:
    opts = _options(decision)
    intent = sp._intent
    if intent is not None:
        want = intent[0]
        for o in opts:
            if want == "seat" and type(o) is SeatRef and o.seat == intent[1]:
                return o
            if want == "obj" and o == intent[1]:
                return o
            if (want == "roll" or want == "stack") and type(o) is StackRef and o.index == intent[1]:
                return o
        if want == "roll":
            rolls = [o for o in opts if type(o) is StackRef and o.kind == "roll"]
            if rolls:
                return rolls[-1]
        if want == "stack":
            theirs = [o for o in opts if type(o) is StackRef and o.controller != sp.seat]
            if theirs:
                return theirs[-1]
    return _default_target(sp, decision)


def _picked(sp: SensiblePolicy, decision: Decision, pick: Any) -> Any:
    """Remember the targets I pick one at a time (``reading.record_pick``): a divided damage asks by
    their index later (``_divide``)."""
    sp._picks = rd.record_pick(sp._picks, decision.context, _options(decision), pick)
    return pick


def _cover_bar(sp: SensiblePolicy, decision: Decision) -> float:
    """The fight a further monster card moved into a slot must beat: the slot it would cover (mine to
    pick, ``_slot``: empty ones first, then the worst fights), after the cards I picked so far cover
    the ones before it; never below 0 (a fight not worth taking is not brought in)."""
    view = decision.view
    rec = sp._picks
    rest = tuple(o for o in decision.options if o != "done")
    m = len(rec[2]) if rec is not None and rec[0] == decision.context and rec[1] == rest else 0
    scores = sorted(-99.0 if t is None else _slot_fight(sp, view, t) for t in view.slot_tops)
    return max(0.0, scores[m]) if m < len(scores) else float("inf")


def _divide(sp: SensiblePolicy, decision: Decision) -> Any:
    """The next point of a divided damage (``reading.divide_point``); an index at random when the
    targets were not mine to pick, as before."""
    opts = _options(decision)
    i = rd.divide_point(decision.view, sp.seat, sp._picks, decision.context, opts)
    return opts[sp.rng.randrange(len(opts))] if i is None else i


def _default_target(sp: SensiblePolicy, decision: Decision) -> Any:
    """No plan: help myself with helpful cards, hurt the leader with harmful ones. A choice of any
    number (or up to N) of targets adds only targets that serve me and stops ("done") when none is
    left (``reading.pick_serves``): harm never goes to myself by choice."""
    opts = _options(decision)
    view = decision.view
    ab = _asking(sp, view, decision.context)
    mode = rd.mode_asked(ab, opts, functools.partial(_kind, sp)) if ab is not None else None
    if mode is not None:  # a "choose one" card whose mode these targets tell: read that mode alone
        ab = rd.mode_ability(ab, mode)
    if ab is not None and vl.copies(ab):  # FS-5.13: the item whose ↷ ability is worth most as my copy
        pick = vl.copy_pick(ab, _outlook(sp, view), opts)
        if pick is not None:
            return pick
    if ab is not None and "change_number" in rd.verbs(ab.do):
        pick = _number_target(sp, decision)
        if pick is not None:
            return pick
    if ab is not None and "step_counters" in rd.verbs(ab.do):
        _v, pick, step = vl.counter_step(view, sp.seat, _outlook(sp, view), opts)
        sp._step = (decision.context, step) if pick is not None else None
        if pick is not None:
            return pick
    helps = _helps(sp, ab) if ab is not None else False
    if "done" in opts:
        opts = tuple(o for o in opts if rd.pick_serves(view, sp.seat, o, helps))
        if not helps and ab is not None and _deaths_vote_kills(sp, view):
            # a death I cause sets off a vote that kills among the living (FS-5.17): a player this effect
            # could kill is not picked (at 3 players the two left tie and both die, me among them)
            n = _damage_dealt(view, ab, decision.context)
            opts = tuple(o for o in opts if not (type(o) is SeatRef and view.hp_of(o.seat) <= n))
        cards = [o for o in opts if type(o) is CardRef and o.card.hp is not None]
        if cards:  # monster cards into slots: only one fighting better than the slot it would cover
            bar = _cover_bar(sp, decision)
            opts = tuple(o for o in opts if o not in cards or _slot_fight(sp, view, o.card, o.rules) > bar)
        if not opts:
            return "done"
    shot = rd.monster_shot(ab) if ab is not None and not helps else 0
    objs = [o for o in opts if type(o) is ObjRef]
    infos = {o: view.info(o) for o in objs}
    if shot:  # damage that kills a monster goes there (the value model counted that kill)
        killable = [o for o in objs if infos[o].kind == "monster" and (infos[o].hp or 99) <= shot]
        if killable:
            return max(killable, key=lambda m: _worth(sp, view, view.info(m)))
    players = [o for o in opts if type(o) is SeatRef]
    if players:
        if helps:
            for p in players:
                if p.seat == sp.seat:
                    return p
        others = [p for p in players if p.seat != sp.seat]
        if not helps and ab is not None and "deal_damage" in rd.verbs(ab.do):
            # FS-Q.21, FS-6.20: a player at 0 HP is dealt damage but marks none; aim at one who feels it
            others = [p for p in others if view.hp_of(p.seat) > 0] or others
        if view.coop:  # FS-17: a monster if the card allows one, else the sturdiest character
            if not any(i.kind == "monster" for i in infos.values()):
                return _sturdiest(sp, view, players)
        elif others:
            spared = _vote_spared(sp, view, ab, decision.context, others) if not helps else others
            if spared:
                return _leader(view, spared)
            if not objs:
                return _leader(view, others)
    cards = [o for o in opts if type(o) is CardRef and o.card.hp is not None]
    if cards and not players and not objs:  # monster cards (into a slot, onto the deck): my best fight
        return max(cards, key=lambda c: _slot_fight(sp, view, c.card, c.rules))
    curses = [o for o in objs if infos[o].kind == "curse"]
    if curses:  # a curse destroyed: mine (FS-4.16; the value model counts only my own, ``valuing``)
        mine = [o for o in curses if infos[o].controller == sp.seat]
        return mine[0] if mine else curses[0]
    if objs:
        if not helps:
            monsters = [o for o in objs if infos[o].kind == "monster"]
            if monsters:
                return min(monsters, key=lambda m: infos[m].hp or 0)
            if view.coop:  # FS-17: a shop item before anyone's, else the least valuable
                return min(objs, key=lambda o: (infos[o].controller != -1, _obj_value(sp, o)))
        mine = [o for o in objs if infos[o].controller == sp.seat]
        theirs = [o for o in objs if infos[o].controller != sp.seat]
        verbs = rd.verbs(ab.do) if ab is not None else set()
        if helps and verbs & {"become_copy", "swap"}:  # a copy or a swap: the best item there is
            return max(objs, key=functools.partial(_obj_worth, sp))
        if helps and mine:
            if "recharge" in verbs:  # a spent item first, the best of them
                return max(mine, key=lambda o: (not infos[o].charged, _obj_worth(sp, o)))
            return max(mine, key=functools.partial(_obj_worth, sp))
        if not helps and mine and not theirs:  # a cost of my own (Guppy's Paw): my least valuable
            return min(
                mine,
                key=lambda o: (sp._using is not None and o.name == sp._using[0], _obj_value(sp, o)),
            )
        if not helps and "deactivate" in verbs:  # FS-6.2: the rival's item whose ready ↷ it takes away
            out = _outlook(sp, view)
            ready = [(vl.ready_worth(infos[o], out), o) for o in theirs if infos[o].controller >= 0]
            worth, pick = max(ready, key=lambda t: t[0], default=(0.0, None))
            if pick is not None and worth > 0:
                return pick
        if not helps and theirs:  # the leader's best item or soul (a soul worth 8 points)
            lead = _leader(view, [SeatRef(infos[o].controller) for o in theirs]).seat
            return max(theirs, key=lambda o: _obj_worth(sp, o) + (0.5 if infos[o].controller == lead else 0))
    return opts[0] if "done" not in opts or len(opts) == 1 else next(o for o in opts if o != "done")


def _deaths_vote_kills(sp: SensiblePolicy, view: View) -> bool:
    """Is an object in play whose trigger on any player's death kills a player the living vote for
    (The Impostor!, FS-5.17)? Read from its encoded words (public, FS-3.3)."""
    n = view.n_players
    infos = (*view.monsters, *view.rooms, *(i for s in range(n) for i in view.items_of(s)))
    for info in infos:
        for ab in info.rules.triggers.get("dies", ()) if info.rules is not None else ():
            vote = ab.do.get("vote") if isinstance(ab.do, dict) else None
            if ab.tparam == "any_player" and vote is not None and "kill" in rd.verbs(ab.do):
                return True
    return False


def _vote_spared(sp: SensiblePolicy, view: View, ab: Any, name: Any, players: list) -> list:
    """The players a harm aimed at one of them would not kill, while a death sets off a vote that kills
    among the living (``_deaths_vote_kills``, FS-5.17: at 3 players the two left tie and both die, me
    among them); all of them when no such vote is in play."""
    if ab is None or not _deaths_vote_kills(sp, view):
        return players
    n = _damage_dealt(view, ab, name)
    return [p for p in players if view.hp_of(p.seat) > n]


def _damage_dealt(view: View, ab: Any, name: Any) -> int:
    """The damage an ability deals in all (its ``deal_damage`` amount: a number, or its source's counters
    read on the object of that name in play); 99 for a kill or an amount not read."""
    spec = rd._find(ab.do, "deal_damage")
    n = spec.get("n") if isinstance(spec, dict) else None
    if isinstance(n, int) and not isinstance(n, bool):
        return n
    if n == "counters(self)":
        for info in (*view.monsters, *(i for s in range(view.n_players) for i in view.items_of(s))):
            if info.name == name:
                return info.counters
    return 99


def _number_target(sp: SensiblePolicy, decision: Decision) -> Any:
    """The card whose number I change (FS-5.2, ``valuing.number_target``: my items gain, rivals' lose),
    the change kept for the ``change_number`` question that follows; None: the default target. My
    character is left out while its ↷ would not be used now (``_use_character_now``: an extra loot play
    raised and then kept for later is wasted; seen in 22 of 98 uses)."""
    view = decision.view
    opts = _options(decision)
    if not _use_character_now(sp, view):  # my character's ↷ waits for its own moment: not raised now
        opts = tuple(o for o in opts if not (type(o) is ObjRef and _mine_character(sp, view, o)))
    pick, change = vl.number_target(view, sp.seat, _outlook(sp, view), opts)
    sp._number = (decision.context, change) if pick is not None else None
    return pick


def _bid(sp: SensiblePolicy, decision: Decision) -> Any:
    """A bid in an auction of a shop item (FS-6.12): the lowest raise while the high bid stays below what
    the item is worth to me in cents (``valuing.item_value`` at the value model's 0.3 a cent) and below
    what the shop asks for it (``View.price``: dearer, I would rather buy one in my turn). The item up
    for auction is not told (its ability has left the stack): the shop's least valuable item stands for
    it, a bound none of them falls under. Else 0, a pass."""
    view = decision.view
    opts = _options(decision)
    raises = [o for o in opts if o]
    if not raises or not view.shop or view.coop:
        return 0
    worth = min(_obj_value(sp, i.ref) for i in view.shop)
    cap = min(int(worth / 0.3), view.price() - 1)
    return min(raises) if min(raises) <= cap else 0


def _mine_character(sp: SensiblePolicy, view: View, o: ObjRef) -> bool:
    info = view.info(o)
    return info.kind == "character" and info.controller == sp.seat


def _leader(view: View, players: list) -> Any:
    """The player closest to winning: most souls, then most cents."""
    return max(players, key=lambda p: (view.souls(p.seat), view.cents_of(p.seat)))


def _sturdiest(sp: SensiblePolicy, view: View, players: list) -> Any:
    """Co-op (FS-17): harm that must land on a character goes where it hurts least — the most HP
    (a death costs the team a timer tick, FS-17.4), then the fewest souls, then myself."""
    return max(players, key=lambda p: (view.hp_of(p.seat), -view.souls(p.seat), p.seat == sp.seat))


def _part_value(sp: SensiblePolicy, part: tuple) -> float:
    """A trade part's worth: ¢ at 3 to a point (an item costs 10¢, FS-11.3), a loot card 1, an item
    its worth (``valuing.item_value``)."""
    kind, what = part
    if kind == "cents":
        return what / 3.0
    if kind == "loot":
        return 1.0
    return _obj_value(sp, what)


def _obj_value(sp: SensiblePolicy, o: Any) -> float:
    """An item's worth (``valuing.item_value``) by its printed card: an object, a card, else 0."""
    t = type(o)
    if t is ObjRef:
        return sp.rd.item_value(cast(ObjRef, o).printed)
    return sp.rd.item_value(o) if t is CardRef else 0.0


def _obj_worth(sp: SensiblePolicy, o: Any) -> float:
    """An object as a target: a soul by its soul value (8 points each), an item by its worth."""
    if type(o) is ObjRef and _kind(sp, o) == "soul":
        return 8.0 * max(1, o.printed.card.soul or 1)
    return _obj_value(sp, o)


def _mode(sp: SensiblePolicy, decision: Decision) -> Any:
    """A ``choose_mode`` with no plan: the mode worth most now by the value model."""
    using = sp._using
    if using is None or using[0] != decision.context or using[1] is None:
        return None
    do = using[1].do
    modes = do.get("modes") if isinstance(do, dict) else None
    if not modes:
        found = rd._find(do, "modes")
        modes = found if isinstance(found, list) else None
    if not modes:
        return None
    view = decision.view
    out = _outlook(sp, view)
    # the item in use, found by its name among mine: an amount may read the cards under it
    out.self_under = next((view.under(i.ref) for i in view.items_of(sp.seat) if i.name == using[0]), 0)
    vals = {i: vl.effect_value(m, out) for i, m in enumerate(modes)}
    opts = [o for o in decision.options if o in vals]
    return max(opts, key=lambda i: vals[i]) if opts else None


def _stack_threat(sp: SensiblePolicy, view: View, top: StackRef) -> int:
    """The threat (``reading.threat``) of the loot card or ability on top of the stack, read from
    the card itself (public, FS-3.3), never from its name."""
    ab = view.stack_ability(top)
    return sp.rd.threat(ab) if ab is not None else 0


def _asking(sp: SensiblePolicy, view: View, name: Any) -> Any:
    """The ability asking for a target: the one I used last when its card has that name, else the
    first card of that name I can see (my hand, items in play, the stack — public, FS-3.3)."""
    using = sp._using
    if using is not None and using[0] == name:
        return using[1]
    if isinstance(name, str) and name.endswith(" (copy)"):  # a copy of a loot on the stack (FS-5.11)
        name = name[: -len(" (copy)")]
        for ref in view.stack:
            if ref.kind == "loot" and ref.name == name:
                return view.stack_ability(ref)
    for c in view.hand:
        if c.card.name == name:
            return c.rules.play
    for s in range(view.n_players):
        for info in view.items_of(s):
            if info.name == name:
                return _first_ability(info.rules)
    for info in view.rooms:  # a room's trigger asks too (Isaac's Blessing); no room in Base V2
        if info.name == name:
            return _first_ability(info.rules)
    for ref in view.stack:
        ab = view.stack_ability(ref) if ref.kind == "ability" else None
        if ab is not None and ref.name == name:
            return ab
    # a trigger asks before it goes on the stack (FS-4.3): a monster's, a soul's (a boss that died
    # into its killer's soul area), or a card's that has just gone to the monster discard
    for info in view.monsters:
        if info.name == name:
            return _aiming_ability(info.rules)
    for s in range(view.n_players):
        for info in view.soul_cards(s):
            if info.name == name:
                return _aiming_ability(info.rules)
    for c in view.discard("monster"):
        if c.card.name == name:
            return _aiming_ability(c.rules)
    return None


def _loot_keep(sp: SensiblePolicy, card: CardRef) -> float:
    """Lower = discard first: answers are kept longest (roll fixes, shields, cancels, souls), then
    the cards worth most by the value model in my next turn (``_keep_out``: full HP, the better of
    before and after its fights), else by role."""
    r = sp.rd.role(card.rules.play)
    if rd.wipes(card.rules.play) or rd.shield_mode(card.rules.play) is not None:
        r = "cancel"  # it answers too (``_wipe``, ``_shield``)
    elif rd.wards(card.rules.play) and sp._view is not None and _items_in_danger(sp, sp._view):
        r = "cancel"  # kept as the answer to a threat in sight (``_answer_item``, FS-4.12)
    keep = -_KEEP.get(r, 7)
    out = sp._keep_out
    if out is None or r in _ANSWERS or r == "soul":
        return keep + (20 if r in _ANSWERS or r == "soul" else 0)
    return _best_moment(card, out)


def _best_moment(card: CardRef, out: vl.Outlook) -> float:
    """A card kept is played at its best moment of my next turn: before a fight or once none is left
    (sp-damage for cents heals unused then, FS-8.10)."""
    before = vl.ability_value(card.rules.play, out)
    saved, out.fight_done = out.fight_done, True
    try:
        return max(before, vl.ability_value(card.rules.play, out))
    finally:
        out.fight_done = saved


def _kept_worth(sp: SensiblePolicy, view: View, card: CardRef) -> float:
    """What a loot card in hand is worth kept for my next turn by the value model (``_loot_keep``'s reading,
    its rank of answers aside): my turn, full HP (damage heals at the end of the turn, FS-8.10). Never less
    than nothing: a card kept need not be played (its only target a monster whose kill costs me more than
    nothing is no cost to spend)."""
    out = _outlook(sp, view)
    saved = _as_my_turn(sp, view, out)
    try:
        return max(0.0, _best_moment(card, out))
    finally:
        _restore(out, saved)


def _as_my_turn(sp: SensiblePolicy, view: View, out: vl.Outlook) -> tuple:
    """Set ``out`` to my next turn for a card kept till then: my turn, full HP (damage heals at the end of
    the turn, FS-8.10), and in a rival's turn the monsters' worth as mine (their rewards mine then, FS-1.15).
    Returns what ``_restore`` puts back."""
    monsters = None
    if view.active != sp.seat:
        monsters = out.monsters
        out.monsters = tuple((i.hp, _worth(sp, view, i, True)) for i in view.monsters if i.hp is not None)
    saved = (out.my_turn, out.hp, monsters)
    out.my_turn, out.hp = True, view.max_hp
    return saved


def _restore(out: vl.Outlook, saved: tuple) -> None:
    my_turn, hp, monsters = saved
    out.my_turn, out.hp = my_turn, hp
    if monsters is not None:
        out.monsters = monsters


def _harmed_kinds(ab: Any, _other: Any) -> frozenset:
    return vl.harmed_kinds(ab)


def _turns_my_character(ab: Any) -> bool:
    """A $ ability whose cost turns my character sideways (``deactivate: your_character``, FS-4.4)."""
    cost = ab.cost if ab is not None else None
    return any(
        isinstance(part, dict) and part.get("deactivate") == "your_character"
        for part in (cost if isinstance(cost, list) else [cost])
    )
