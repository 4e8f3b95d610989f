"""What the Gosu X play policies do at each decision, compiled with mypyc by ``pip install .`` (issue 20).

The players are the Python classes that subclass these (``policy.Policy`` and its families ``sensible``,
``battle``, ``evaluator``, ``random``): their ``__init__`` keeps its signature, which the kernel reads for the
parameters (``declared_parameters``), and their docstrings and descriptions. The classes here are native
classes that interpreted subclasses may extend; they have no ``__init__`` and declare every attribute the
players keep, so a copy or a pickle of a player (``strategies.copying.Copyable``) carries them all. A
preset's constants (``level_weight``, ``aggression``, ``hand_weight``) are class constants a Python
subclass overrides (``battle.BattleFocused``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from cardlab.simulate.core.decisions import Decision
from cardlab.simulate.gosu_x.cards import CardDef
from cardlab.simulate.gosu_x.refs import CardView
from cardlab.simulate.gosu_x.views import View

from .valuing import HITS, Valuer

PASS_LEAD = 12  # pass first when the battle total leads by this much (cardlab tune-policy, docs/gosu_x.md)
# An activation scores activate_base + activate_weight × its effect's value (valuing.py, in battle points); a
# flat 7 activated effects worth nothing (Wiindz with nothing captured, a mill) over draws and replacements:
# Narasimha + Tomorrow 29.8 → 35.8 % (issue 13, docs/gosu_x.md).
ACTIVATE_BASE = 3.0
ACTIVATE_WEIGHT = 1.0


def pass_now(d: Decision, seat: int) -> bool:
    """Pass now when our battle total is at least theirs (``sensible`` and ``evaluator`` both answer so;
    a plain ``Policy`` keeps the first option)."""
    v: View = d.view
    return v.battle_total(seat) >= v.battle_total(1 - seat)


def repeat(d: Decision, seat: int) -> bool:
    """Repeat when the opponent's army is the larger (``sensible`` and ``evaluator``)."""
    v: View = d.view
    return v.army_size(1 - seat) > v.army_size(seat)


def _seen(v: View, uid: int) -> CardView:
    """The card an option names: the player asked always sees it."""
    card = v.card(uid)
    assert card is not None, uid
    return card


def _defn(v: View, uid: int) -> CardDef:
    """The printed card of a card an option names (seen, as ``_seen``)."""
    defn = v.defn(uid)
    assert defn is not None, uid
    return defn


def value_of(view: View, card: CardView) -> int:
    """Battle value of a card in an army (0 captured), else its printed level's default."""
    return view.card_value(card) if card.zone == "army" else 2 + card.defn.level


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class Rules:
    """Every policy: the draft answered by its ``DraftPolicy``, every other decision by a ``choose_*``
    method (the first option when it has none)."""

    seat: int
    rng: Any
    drafter: Any  # drafting.DraftPolicy

    def choose(self, decision: Decision) -> Any:
        if decision.kind == "draft_clan":
            own, opp, available = decision.view.draft()
            return self.drafter.pick(list(decision.options), own, opp, available)
        handler = getattr(self, "choose_" + decision.kind, None)
        if handler is None:
            return decision.options[0]
        return handler(decision)


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class SensibleRules(Rules):
    """The rules of ``sensible.Sensible`` (and its preset ``battle``): see that module's documentation."""

    level_weight: ClassVar[float] = 4
    aggression: ClassVar[float] = 1.0
    hand_weight: ClassVar[float] = 1.5  # a card of hand advantage (ours minus theirs) in play-score points

    # set by ``Sensible.__init__`` (parameters)
    pass_lead: int
    activate_base: float
    activate_weight: float
    valuer: Valuer

    # -- the turn's action --------------------------------------------------------------------------------
    def choose_action(self, d: Decision) -> Any:
        v: View = d.view
        me = self.seat
        lead = v.battle_total(me) - v.battle_total(1 - me)
        opp_passed = v.passed(1 - me)
        hand_n = v.hand_size(me)
        best, best_s = d.options[0], -1e9
        for o in d.options:
            s = score_action(self, v, o, lead, hand_n, opp_passed)
            if s > best_s:
                best, best_s = o, s
        return best

    # -- targets and cards -----------------------------------------------------------------------------------
    def choose_choose_target(self, d: Decision) -> Any:
        v: View = d.view
        ctx = d.context if isinstance(d.context, tuple) else ("capture", "")
        best, best_s = d.options[0], -1e9
        for o in d.options:
            if o == 0:
                s = 0.0
            elif isinstance(o, tuple):
                card = v.card(o[1])
                s = target_score(self, v, o[0], card) if card is not None else -1
            else:
                card = v.card(o)
                if card is None:
                    continue
                if ctx[0] == "bounty":
                    s = float(value_of(v, card)) if card.owner != self.seat else -5.0
                elif ctx[0] == "copy":
                    s = card.defn.level + self.rng.random()
                else:
                    s = target_score(self, v, ctx[0], card)
            if s > best_s:
                best, best_s = o, s
        return best

    # which card to keep, fetch or give up: its level's battle value and what its effects give (valuing.py)
    def choose_replace_with(self, d: Decision) -> Any:
        v: View = d.view
        return max(d.options, key=lambda uid: self.valuer.card_worth(v, _defn(v, uid)))

    def choose_discard(self, d: Decision) -> Any:
        v: View = d.view
        return min(d.options, key=lambda uid: self.valuer.card_worth(v, _defn(v, uid)))

    def choose_sacrifice(self, d: Decision) -> Any:
        v: View = d.view
        return min(d.options, key=lambda uid: value_of(v, _seen(v, uid)))

    def choose_choose_card(self, d: Decision) -> Any:
        v: View = d.view
        return max(d.options, key=lambda o: self.valuer.choice_worth(v, o))

    def choose_choose_clan(self, d: Decision) -> Any:
        v: View = d.view
        opts = d.options
        if isinstance(opts[0], tuple):  # (clan, level) pairs: the highest level
            return max(opts, key=lambda p: p[1])
        if isinstance(d.context, tuple) and d.context[0] == "clan_op":  # every card of a clan: hit theirs

            def hurt(clan: str) -> int:
                score = 0
                for seat, sign in ((1 - self.seat, 1), (self.seat, -1)):
                    for top in v.tops(seat):
                        if clan in v.card_clans(top) and v.vulnerable(top):
                            score += sign * (1 + top.defn.level)
                return score

            return max(opts, key=hurt)
        if 0 in opts:
            return next(o for o in opts if o)
        return self.rng.choice(list(opts))

    def choose_choose_level(self, d: Decision) -> Any:
        return 1 if 1 in d.options else d.options[0]

    def choose_choose_player(self, d: Decision) -> Any:
        return 1 - self.seat if (1 - self.seat) in d.options else d.options[0]

    def choose_swap(self, d: Decision) -> Any:
        return 0 if 0 in d.options else d.options[0]

    def choose_mulligan(self, d: Decision) -> Any:
        return "mulligan"

    def choose_pass_now(self, d: Decision) -> Any:
        return pass_now(d, self.seat)

    def choose_repeat(self, d: Decision) -> Any:
        return repeat(d, self.seat)

    def choose_feat(self, d: Decision) -> Any:
        return True

    def choose_order(self, d: Decision) -> Any:
        """GX-15.3: players acting at once — the opponent first, so we act knowing what they did;
        our own simultaneous triggers in the order listed."""
        if isinstance(d.context, tuple) and d.context[0] == "players":
            return next((o for o in d.options if o[0] != self.seat), d.options[0])
        return d.options[0]

    def choose_echo(self, d: Decision) -> Any:
        """Echo repeats the entry effect (GX-12.25): not when it would cost us more cards than them."""
        v: View = d.view
        card = next((c for row in v.army(self.seat) for c in row if c.name == d.context), None)
        return card is None or hand_change(self, v, card.defn, v.hand_size(self.seat)) >= 0

    def choose_bounty_draw(self, d: Decision) -> Any:
        return True


# ``sensible``'s scores, module functions rather than methods: the players are Python classes over these
# native rules, so a call from one of their methods to another goes through Python (issue 20)
def score_action(rules: SensibleRules, v: View, o: tuple, lead: int, hand_n: int, opp_passed: bool) -> float:
    kind = o[0]
    if kind == "pass":
        if opp_passed:
            return 100.0 if lead > 0 else -100.0
        return 50.0 if lead >= rules.pass_lead and v.round() else -50.0
    if kind == "play":
        defn = v.defn(o[1])
        cost = o[5] if len(o) > 5 else 0
        s = 10 + rules.level_weight * o[2] - 3.5 * cost - (4.0 if o[3] else 0.0)  # the miracle breaks ties
        if defn is not None and defn.on_play:
            s += (
                1.5
                - self_harm(rules, v, defn)
                + rules.hand_weight * hand_change(rules, v, defn, hand_n - 1 - cost)
            )
        return s
    if kind == "replace":  # a fresh entry effect for a cheap price; the new card is chosen next
        return 1.0 - 3.0 * o[3] - (4.0 if o[2] else 0.0)
    if kind == "activate":  # GX-7.7: the token re-applies the entry effect, worth what the effect gives
        card = v.card(o[1])
        if card is None:
            return -1.0
        fresh_veteran = "veteran" in card.defn.keywords and not card.vet  # a token doubles it in battle
        return (
            rules.activate_base
            + (3.0 if fresh_veteran else 0.0)
            + rules.activate_weight * rules.valuer.effect_value(v, card.defn, hand_n)
        )
    if kind in ("draw3", "draw1"):  # drawing past the end-of-turn hand limit only feeds the discard
        n = 3 if kind == "draw3" else 1
        over = max(0, hand_n + n - v.hand_limit())
        base = (6.0 if hand_n <= 4 else 1.0) if n == 3 else (4.0 if hand_n <= 2 else 0.5)
        return base - 3.0 * over
    return 0.0


def hand_change(rules: SensibleRules, v: View, defn: CardDef, mine: int | float) -> float:
    """Cards of hand advantage (ours gained minus theirs) a card's entry effects give, read from its
    printed card's effects: draws, discards by whom (each player, the opponent, ourselves; half a hand rounded up) —
    so that a symmetric discard is played, and echoed, only when it costs the opponent more (GX-12.18,
    GX-12.25). ``mine`` is our hand size once the card has left it."""
    theirs: int | float = v.hand_size(1 - rules.seat)  # a draw of an unknown count adds 1.5 cards
    gain = 0.0
    for verb, params in defn.on_play:
        if verb == "draw":
            if isinstance(params, dict):
                who = params.get("who", "self")
                n = 1.5 if "count" in params else _n(rules, v, params.get("n", 1))
            else:
                who, n = "self", _n(rules, v, params)
            room = max(0, v.hand_limit() - mine)  # past the hand limit a draw only feeds the discard
            if who in ("self", "each"):
                gain += min(n, room) + 0.2 * max(0.0, n - room)
                mine += n
            if who in ("opponent", "each"):
                gain -= n
                theirs += n
        elif verb == "discard" and isinstance(params, dict):
            who, count = params.get("who", "self"), params.get("n", 1)  # a number, "X" or "half_up"
            if who in ("self", "each"):
                lost = min(mine, (mine + 1) // 2 if count == "half_up" else _n(rules, v, count))
                gain -= lost
                mine -= lost
            if who in ("opponent", "each"):
                lost = min(theirs, (theirs + 1) // 2 if count == "half_up" else _n(rules, v, count))
                gain += lost
                theirs -= lost
    return gain


def _n(rules: SensibleRules, v: View, n: Any) -> float:
    return float(v.x_value(rules.seat)) if n == "X" else float(n) if isinstance(n, (int, float)) else 1.0


def self_harm(rules: SensibleRules, v: View, defn: CardDef) -> float:
    """Entry effects that hurt us now: everybody (or the bigger army) sacrifices while our army is not
    bigger, or a mandatory capture/destroy/deck-top with no opponent card to aim at (it would hit ours)."""
    harm = mandatory_hits_own(rules, v, defn)
    for verb, params in defn.on_play:  # judged from the encoded effect, never the card's name
        if verb == "hook":
            who = "each" if params == "bomber" else None
        elif verb == "sacrifice_until_equal":
            who = "more_army"
        elif verb == "sacrifice" and isinstance(params, dict):
            who = params.get("who", "self")
        else:
            continue
        mine = v.army_size(rules.seat) + 1
        theirs = v.army_size(1 - rules.seat)
        if who == "more_army":
            harm += 12.0 if mine > theirs else 0.0
        elif who == "each":
            harm += 12.0 if mine <= theirs + 1 else 0.0
        elif who == "self":
            harm += 12.0
    return harm


def mandatory_hits_own(rules: SensibleRules, v: View, defn: CardDef) -> float:
    opp = 1 - rules.seat
    for verb, params in defn.on_play:
        if verb not in HITS or not isinstance(params, dict):
            continue
        if params.get("optional") or params.get("all") or params.get("has") or "target" in params:
            continue
        if params.get("army", "any") == "own":
            return 8.0
        if params.get("army", "any") != "any":
            continue
        levels = params.get("level") or (1, 2, 3)
        needs_vulnerable = verb != "capture"
        for level, row in enumerate(v.army(opp), 1):
            for c in row:
                if level in levels and c.face_up and (not needs_vulnerable or v.vulnerable(c)):
                    return 0.0
        return 8.0
    return 0.0


def target_score(rules: SensibleRules, v: View, op: str, card: CardView) -> float:
    mine = card.owner == rules.seat
    val = value_of(v, card) if card.face_up else 2 + card.defn.level
    if op == "release":
        return val if mine else -val
    if op in ("copy",):
        return 1.0
    return (-val - 5) if mine else val * rules.aggression


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class EvaluatorRules(Rules):
    """The rules of ``evaluator.Evaluator``: see that module's documentation."""

    # set by ``Evaluator.__init__`` (parameters)
    w: dict[str, float]
    opp_gain: float
    valuer: Valuer

    # -- evaluation of one option (the value model: valuing.py) --------------------------------------------
    def delta(self, **change: float) -> float:
        return self.valuer.delta(**change)

    def effect_value(self, v: View, defn: CardDef, hand_after: int) -> float:
        return self.valuer.effect_value(v, defn, hand_after)

    def option_value(self, v: View, o: tuple, lead: int, hand_n: int) -> float:
        kind = o[0]
        if kind == "pass":
            if v.passed(1 - self.seat):
                return 100.0 if lead > 0 else -100.0
            return self.delta(battle=lead - 3 * self.opp_gain) if v.round() else -100.0
        if kind == "play":
            defn = v.defn(o[1])
            cost = o[5] if len(o) > 5 else 0
            after = hand_n - 1 - cost
            value = self.delta(battle=v.row_value(o[2]), hand=-1 - cost, army=1) - (1.0 if o[3] else 0.0)
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
        v: View = d.view
        me = self.seat
        lead = v.battle_total(me) - v.battle_total(1 - me)
        hand_n = v.hand_size(me)
        return max(d.options, key=lambda o: (self.option_value(v, o, lead, hand_n), -d.options.index(o)))

    def choose_discard(self, d: Decision) -> Any:
        v: View = d.view
        return min(d.options, key=lambda uid: self.valuer.card_worth(v, _defn(v, uid)))

    def choose_replace_with(self, d: Decision) -> Any:
        v: View = d.view
        return max(d.options, key=lambda uid: self.valuer.card_worth(v, _defn(v, uid)))

    def choose_sacrifice(self, d: Decision) -> Any:
        v: View = d.view
        return min(d.options, key=v.card_value)

    def choose_choose_card(self, d: Decision) -> Any:
        v: View = d.view
        return max(d.options, key=lambda o: self.valuer.choice_worth(v, o))

    def choose_choose_target(self, d: Decision) -> Any:
        v: View = d.view
        op = d.context[0] if isinstance(d.context, tuple) else "capture"

        def worth(o: Any) -> float:
            if o == 0:
                return 0.0
            what, uid = (o[0], o[1]) if isinstance(o, tuple) else (op, o)
            card = v.card(uid)
            if card is None:
                return -1.0
            value = v.card_value(card) if card.face_up else v.row_value(max(0, card.row))
            mine = card.owner == self.seat
            if what == "release":
                return value if mine else -value
            if what in ("copy", "bounty"):
                return card.defn.level + (0.0 if not mine or what == "copy" else -5.0)
            return -value - 5 if mine else value

        return max(d.options, key=worth)

    def choose_echo(self, d: Decision) -> Any:
        v: View = d.view
        card = next((c for row in v.army(self.seat) for c in row if c.name == d.context), None)
        return card is None or self.effect_value(v, card.defn, v.hand_size(self.seat)) >= 0

    def choose_pass_now(self, d: Decision) -> Any:
        return pass_now(d, self.seat)

    def choose_repeat(self, d: Decision) -> Any:
        return repeat(d, self.seat)

    def choose_mulligan(self, d: Decision) -> Any:
        v: View = d.view
        soldiers = sum(1 for c in v.hand() if c.defn.level == 1)
        return "mulligan" if soldiers < 2 and "mulligan" in d.options else "keep"

    def choose_choose_player(self, d: Decision) -> Any:
        return 1 - self.seat if (1 - self.seat) in d.options else d.options[0]

    def choose_choose_level(self, d: Decision) -> Any:
        return max(d.options) if all(isinstance(o, int) for o in d.options) else d.options[0]

    def choose_feat(self, d: Decision) -> Any:
        return True

    def choose_bounty_draw(self, d: Decision) -> Any:
        return True
