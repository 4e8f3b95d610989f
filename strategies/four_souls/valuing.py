"""What using a card is worth now, read from its compiled effect and the verbs' value models (each
verb's and hook's ``aim`` in ``vocabulary.VERBS`` / ``vocabulary.HOOKS``), never from its name: a
designer's new card assembled from existing verbs is valued like a printed one with the same verbs.

Values are in loot-card points (a loot card 1, 1¢ 0.3, a treasure 3, a soul 8). Harm done to an
opponent counts for me at ``Outlook.rival`` (one opponent of several; more when the leader is near the
win). Targets are assumed chosen the way the value says (help myself, harm the leader): ``target_plan``
says which, for the strategy's target choices.
"""

from __future__ import annotations

import ast
import copy
import re
from typing import Any, Final

from cardlab.simulate.four_souls import exprs
from cardlab.simulate.four_souls.abilities import Ability, CardRules
from cardlab.simulate.four_souls.numbers import HIGH, LOW, leaves
from cardlab.simulate.four_souls.refs import ObjRef
from cardlab.simulate.four_souls.rowkeys import row_faces
from cardlab.simulate.four_souls.views import View
from cardlab.simulate.four_souls.vocabulary import HOOKS, VERBS

from . import lasting
from .outlook import DEATH, Outlook
from .reading import (
    Known,
    Memo,
    hit_chance,
    known_key,
    own_roll_faces,
    read_amount,
    role,
    roll_odds,
    sel_head,
    win_chance,
)
from .reading import verbs as reading_verbs

# The registered value models by name (read from the registries, not declared here).
AIMS: Final = {name: verb.aim for name, verb in VERBS.items()}
HOOK_AIMS: Final = {name: hook.aim for name, hook in HOOKS.items()}
# The same as typed tuples (what, per, who, amount, when): ``_verb`` runs many times a decision, and the compiled
# build unpacks a tuple natively where each field of an ``Aim`` (an interpreted class) is a generic read.
AIM_FIELDS: Final[dict[str, tuple[str, float, str, str, str]]] = {
    name: (a.what, a.per, a.who, a.amount, a.when) for name, a in AIMS.items()
}


def outlook(view: View, me: int, reader: Any, leader_by: Any, rival_unit: float) -> Outlook:
    """The part of the situation every policy reads the same way, from the (public) view: whose turn,
    the rival that matters (``leader_by`` ranks the other seats), what one rival's loss is worth
    (``rival_unit`` shared among them, doubled when the leader is a soul from winning), and the items'
    values. Each policy adds what it judges its own way (fights, hand, monsters)."""
    n = view.n_players
    souls = [view.souls(s) for s in range(n)]
    rivals = [s for s in range(n) if s != me]
    leader = max(rivals, key=leader_by) if rivals else me
    rival = 0.0 if view.coop else rival_unit / max(1, n - 1)
    if rivals and souls[leader] + 1 >= view.souls_to_win:
        rival *= 2.0
    out = Outlook(
        my_turn=view.active == me,
        n_players=n,
        me=me,
        rival=rival,
        leader_souls=souls[leader],
        my_souls=souls[me],
        souls_to_win=view.souls_to_win,
        cents=view.cents,
        loot_plays=view.loot_plays,
        lead=souls[me] >= max(souls),
        reader=reader,
        view=view,
        leader=leader,
    )
    out.later(_LATER)
    return out


# The fields ``outlook`` leaves to their first read, each read from the outlook's view, seat and leader
# (module functions, not closures made at each build: issue 20). HP reads every static of the player (FS-6).
def _hp(o: Outlook) -> int:
    v: View = o.view
    return v.hp


def _curse(o: Outlook) -> bool:
    v: View = o.view
    return bool(v.curses_of(o.me))


def _my_death(o: Outlook) -> float:
    return death_price(o.view, o.reader, o.me)


def _rival_death(o: Outlook) -> float:
    return death_price(o.view, o.reader, o.leader)


def _rival_hp(o: Outlook) -> int:
    v: View = o.view
    return v.hp_of(o.leader)


def _rival_atk(o: Outlook) -> int:
    v: View = o.view
    return max(1, v.atk_of(o.leader))  # its attack now: statics and buffs (FS-5.2), as mine is read


def _rival_roll_bonus(o: Outlook) -> int:
    v: View = o.view
    return v.attack_roll_bonus_of(o.leader)


def _before_leader(o: Outlook) -> tuple:
    v: View = o.view
    return _turns_before(v.active, o.leader, o.me, o.n_players)


def _my_items(o: Outlook) -> tuple:
    v: View = o.view
    return tuple(sorted(o.reader.item_value(i.ref.printed) for i in v.items_of(o.me) if not i.eternal))


def _their_best_item(o: Outlook) -> float:
    v: View = o.view
    rivals = [s for s in range(o.n_players) if s != o.me]
    return max(
        (o.reader.item_value(i.ref.printed) for s in rivals for i in v.items_of(s) if not i.eternal),
        default=0.0,
    )


def _their_items(o: Outlook) -> tuple:
    v: View = o.view
    return tuple(o.reader.item_value(i.ref.printed) for i in v.items_of(o.leader) if not i.eternal)


def _atk(o: Outlook) -> int:
    v: View = o.view
    return v.atk


def _roll_bonus(o: Outlook) -> int:
    v: View = o.view
    return v.attack_roll_bonus


def _own_faces(o: Outlook) -> tuple:
    return own_roll_faces(o.view)


def _per_counter(o: Outlook) -> dict:
    v: View = o.view
    return per_counter_worths(
        [i.rules for s in range(o.n_players) for i in v.items_of(s) if i.rules.statics],
        [m.rules for m in v.monsters if m.rules.triggers],
        (o.n_players, v.max_hp, v.counters_of(o.me)),
    )


def _number_change(o: Outlook) -> float:
    return best_number_change(o.view, o.me, o)


def _counter_step(o: Outlook) -> float:
    return counter_step(o.view, o.me, o)[0]


def _tap_worths(o: Outlook) -> tuple:
    return tap_worths(o.view, o)


def _new_character(o: Outlook) -> float:
    return character_gain(o.view, o.me, o.reader)


_LATER: Final[dict[str, Any]] = {
    "my_death": _my_death,
    "rival_death": _rival_death,
    "hp": _hp,
    "curse": _curse,
    "rival_hp": _rival_hp,
    "rival_atk": _rival_atk,
    "rival_roll_bonus": _rival_roll_bonus,
    "before_leader": _before_leader,
    "my_items": _my_items,
    "their_best_item": _their_best_item,
    "their_items": _their_items,
    "atk": _atk,
    "roll_bonus": _roll_bonus,
    "own_faces": _own_faces,
    "per_counter": _per_counter,
    "number_change": _number_change,
    "counter_step": _counter_step,
    "tap_worths": _tap_worths,
    "new_character": _new_character,
}


def _turns_before(active: int, leader: int, me: int, n: int) -> tuple:
    """(rivals, mine among them?) of the turns that come after the active player's and before the leader's
    next one (FS-8.12: seats in turn order)."""
    seats = [(active + k) % n for k in range(1, n)]
    seats = seats[: seats.index(leader)] if leader in seats else []
    return sum(1 for s in seats if s != me), me in seats


def tap_worths(view: View, out: Outlook) -> tuple:
    """(ref, controller, eternal, worth) of each item in play with a ↷ ability: the best of its ↷
    abilities used by me now, without its cost (``copied_worth``) — what a copy of it would give me
    (FS-5.13). An ability that is itself a copy is left out (it would copy nothing new); a copy read
    while these are valued is worth the hook's own aim (``tap_worths`` None)."""
    out.tap_worths = None
    found = []
    for s in range(view.n_players):
        for i in view.items_of(s):
            abs_ = [ab for _k, _i, ab in i.rules.acts if _k == "tap" and not copies(ab)]
            if abs_:
                found.append((i.ref, i.controller, i.eternal, max(copied_worth(ab, out) for ab in abs_)))
    return tuple(found)


def copies(ab: Ability | None) -> bool:
    """Is the ability a copy of another item's ↷ ability (its effect a hook whose aim is ``copy``)?"""
    do = ab.do if ab is not None else None
    aim = HOOK_AIMS.get(str(do.get("hook"))) if isinstance(do, dict) else None
    return aim is not None and aim.what == "copy"


def copied_worth(ab: Any, out: Outlook) -> float:
    """What a ↷ ability is worth to me as a copy (FS-5.13): its effect, fresh targets of my choosing, no
    cost paid. The caller's target plan is kept."""
    saved = out.plan, out.either
    out.plan, out.either = {}, {}
    try:
        _plan_targets(ab.targets or {}, ab.do, out)
        return effect_value(ab.do, out)
    finally:
        out.plan, out.either = saved


def _copy_candidates(ab: Any, out: Outlook) -> list:
    """The (ref, worth) of the items a copying ability may pick (``tap_worths``), by its target's filters:
    an eternal item only when the filter allows it, mine or a rival's when it says so."""
    flags: tuple = ()
    for sel in (ab.targets or {}).values():
        flags = _flags(sel)
    got = []
    for ref, ctrl, eternal, worth in out.tap_worths or ():
        if eternal and "non_eternal" in flags:
            continue
        if ("you_control" in flags and ctrl != out.me) or ("other_controls" in flags and ctrl == out.me):
            continue
        got.append((ref, worth))
    return got


def copy_pick(ab: Any, out: Outlook, options: tuple) -> Any:
    """The item among ``options`` whose ↷ ability is worth most to me as a copy; None when none is."""
    worth = dict(_copy_candidates(ab, out))
    picks = [o for o in options if o in worth]
    return max(picks, key=lambda o: worth[o]) if picks else None


def character_worth(character: Any, item: Any, reader: Any) -> float:
    """What playing a character is worth, read from its printed card (``CardRef``s: the character and its
    starting item, or None): each HP and attack point above the usual 2 HP / 1 attack at a passive
    static's weight (``_STATIC_VALUE``), its own abilities as an item's (``item_value`` less the 1 any
    item is worth), and its starting item's worth. No measured win rate: only the encoded words."""
    c = character.card
    hp = c.hp if isinstance(c.hp, int) else 2
    atk = c.attack if isinstance(c.attack, int) else 1
    v = _STATIC_VALUE["hp"] * (hp - 2) + _STATIC_VALUE["atk"] * (atk - 1)
    v += reader.item_value(character) - 1.0
    return v + (reader.item_value(item) if item is not None else 0.0)


def outside_pick(view: View | None, opts: tuple, reader: Any) -> Any:
    """Of characters outside the game offered (FS-2.7: The Clicker's pick), the one worth most by
    ``character_worth``; None when the options are not those (a draft's deal, FS-20.7)."""
    pairs = {id(c.card): (c, i) for c, i in view.outside_characters} if view is not None else {}
    if not opts or any(id(o) not in pairs for o in opts):
        return None
    return max(opts, key=lambda o: character_worth(*pairs[id(o)], reader))


def character_gain(view: View, me: int, reader: Any) -> float:
    """What trading my character and its starting item for the best pair outside the game is worth
    (FS-2.7: The Clicker): the best outside pair's ``character_worth`` less my pair's (the starting item I
    still hold); 0 with nobody outside."""
    outside = view.outside_characters
    if not outside:
        return 0.0
    mine = view.character_of(me).ref.printed
    start = mine.card.starting_item
    held = next((i.ref.printed for i in view.items_of(me) if start and i.ref.printed.card.id == start), None)
    return max(character_worth(c, i, reader) for c, i in outside) - character_worth(mine, held, reader)


def per_counter_worths(rules: list, carriers: list | None = None, me: tuple | None = None) -> dict:
    """What one counter of a kind is worth on its bearer, by the table-wide statics of the items in play
    that count it (``per_counter``, FS-5.14: Red Proglottid's eggs each add 1 damage): kind → (worth on a
    player, worth on a monster), each stat at its passive weight (``_STATIC_VALUE``) per counter; and by the
    turn triggers of ``carriers`` (the monsters in play) that repeat a harm on the active player once per
    counter of a kind they carry (Summer Widow's spiders): one more on me costs its share of the monster's
    lasting harm (``lasting.counter_harm``, with ``me``: players, my full HP and the counters I carry), which
    grows with the counters carried and reaches a death's price near my HP. A kind neither counts is
    absent: such a counter is read by the verb's own price."""
    out: dict = {}
    n, hp, carried = me if me is not None else (4, 2, {})
    for r in carriers or ():
        s = lasting.shape(r.triggers)
        if s is None:
            continue
        for kind in sorted({h.per for h in s.hits if h.per}):
            player, monster = out.get(kind, (0.0, 0.0))
            out[kind] = (player - lasting.counter_harm(s, n, hp, carried, kind), monster)
    for r in rules:
        for st in r.statics:
            for k, val in st.items():
                if not isinstance(val, dict) or "per_counter" not in val or k not in _STATIC_VALUE:
                    continue
                w = _STATIC_VALUE[k] * _num(val.get("n", 1))
                player, monster = out.get(val["per_counter"], (0.0, 0.0))
                if val.get("who") == "players":
                    player += w
                else:  # monsters, other_monsters
                    monster += w
                out[val["per_counter"]] = (player, monster)
    return out


def harmed_kinds(ab: Any) -> frozenset:
    """The counter kinds whose count on the active player repeats a harm of ``ab`` on them (``times:
    counters(active, 'K')``, FS-5.14: Summer Widow's rolls at its carrier's turn start): one taken off before
    ``ab`` resolves is one harm fewer now, besides the later turns ``per_counter_worths`` counts."""
    return lasting.per_counter_kinds(ab.do) if ab is not None else frozenset()


def ability_value(ab: Ability | None, out: Outlook) -> float:
    """Net worth of using ``ab`` now: its effect minus its cost (``paid`` abilities)."""
    if ab is None:
        return 1.0  # a bare trinket becomes an item
    out.plan = {}
    out.either = {}
    if copies(ab) and out.tap_worths is not None:  # FS-5.13: the best ↷ ability in play it may copy
        v = max((w for _r, w in _copy_candidates(ab, out)), default=0.0)
        return v + cost_value(ab.cost, out) if ab.cost else v
    _plan_targets(ab.targets or {}, ab.do, out)
    paid = _hp_paid(ab.cost) if ab.cost else 0
    if paid:  # the effect meets me with the HP left after paying (a damage row may then be lethal)
        hp = out.hp
        out.hp = hp - paid
        try:
            v = effect_value(ab.do, out)
        finally:
            out.hp = hp
    else:
        v = effect_value(ab.do, out)
    if ab.cost:
        v += cost_value(ab.cost, out)
    return v


def _hp_paid(cost: Any) -> int:
    """The HP a ``paid`` cost pays first (FS-4.4; ``pay: {hp: n}``)."""
    n = 0
    for part in cost if isinstance(cost, list) else [cost]:
        p = part.get("pay") if isinstance(part, dict) else None
        if isinstance(p, dict):
            n += int(_num(p.get("hp", 0)))
    return n


def typical_use(ab: Any) -> float:
    """What using an ability is worth in a typical mid-game turn of mine (a rival with a soul, a
    monster worth 4 at 2 HP, a rival's item worth 3): an item's worth before anyone holds it."""
    out = Outlook(
        leader_souls=1,
        rival=0.5,
        hand=(1.0, 0.5),
        loot_plays=1,
        my_items=(2.0,),
        their_best_item=3.0,
        spent_items=1.0,
        self_value=2.0,
        fight=1.0,
        monsters=((2, 4.0),),
        cents=5,
    )
    return ability_value(ab, out)


# Static modifiers that make a passive item worth buying, with a rough weight.
_STATIC_VALUE = {
    "atk": 3.0,
    "hp": 2.5,
    "attack_roll": 3.0,
    "loot_plays": 2.0,
    "attacks": 2.5,
    "purchases": 1.5,
    "loot_step": 2.5,
    "price": 0.4,
}


def statics_worth(rules: Any) -> float:
    """What an item's passive stat boosts are worth (``_STATIC_VALUE``, a weight per point)."""
    v = 0.0
    for st in rules.statics:
        v += _static_worth(st)
    return v


def _static_worth(st: dict) -> float:
    """One static's stat boosts (``statics_worth``)."""
    v = 0.0
    for k, val in st.items():
        w = _STATIC_VALUE.get(k)
        if w is not None:
            n = val.get("n", 1) if isinstance(val, dict) else val
            n = n if isinstance(n, int) and not isinstance(n, bool) else 1
            v += abs(w * n) if k == "price" else w * n  # a price change is a discount in Base V2
    return v


def item_value(phys: Any) -> float:
    """A rough worth of owning an item (for purchases, Eden's pick and the death penalty): passive
    stat boosts and soul-making items high, repeatable gains and roll fixers good, the rest modest."""
    v = rules_worth(phys.rules)
    if phys.card.soul:
        v += 4.0 * phys.card.soul
    return v


def rules_worth(r: CardRules) -> float:
    """What an item's abilities and keywords are worth to the one who holds it (``item_value`` without
    the card's soul): also what an item loses or gains when a room changes its abilities (``room_value``)."""
    v = 1.0 + statics_worth(r)
    for _kind, _i, ab in r.acts:
        ro = role(ab)
        if ro in ("roll", "shield", "cancel", "soul") or "become_soul" in reading_verbs(ab.do):
            v += {"roll": 2.5, "shield": 2.0, "cancel": 2.0}.get(ro, 1.0)
            if "become_soul" in reading_verbs(ab.do):
                v += 3.0
        else:  # what using it is worth in a typical turn, by the value model (a new card like a printed one)
            v += max(0.5, min(5.0, typical_use(ab)))
    if r.triggers:
        v += 1.0
    if r.replaces:
        v += 1.0
    if "eternal" in r.keywords:
        v += 0.5  # cannot be lost to the death penalty
    return v


# Room statics (FS-16.2) beyond an item's: what one player covered by the room gains (a limit or a tax
# costs); the other room statics (cant_gain_souls, shared_cents, players_attackable, penalty_gives_item)
# move worth between players in ways the model does not weigh, and count 0.
_ROOM_STATIC = {"evasion": 3.0, "recharge_items": 2.0, "turn_limits": -2.0, "attack_tax": -0.3}
_TURN_EVENTS = frozenset({"turn_start", "turn_end"})  # fire once in each covered player's turn


def room_value(rules: Any, out: Outlook, souls: tuple, me: int, items: tuple = (), met: int = 0) -> float:
    """What a room in play is worth to me (``discard_room``, FS-16.3), read from its encoded abilities with
    the value model of every other card. "You" on a room is the active player (FS-16.2), so each player
    gets what it gives in their own turns: me in mine, each rival in theirs at ``out.rival`` (harm to a
    rival is my gain). A room that gives every player the same nets ``1 - rival × (n - 1)`` of its worth:
    nothing for a player who weighs the rivals' total like its own, a loss (so a discard) for a help that
    would go to a rival one soul from winning. A part with a soul-standing condition covers only the seats
    it names (``_covered``). A room that gives every item in play only its own abilities (``items_have``,
    FS-5.2) changes each of ``items`` (seat, the item's own rules): its holder loses the item's worth and
    gains the given one (``rules_worth``). A payout at the N-th goal met (``goal_met`` with ``nth``) is
    worth nothing once ``met`` (the room's goals met) has reached N: it has paid (FS-16.2)."""
    v = 0.0
    if rules.items_have is not None:
        given = rules_worth(rules.items_have)
        for seat, own in items:
            v += (given - rules_worth(own)) * (1.0 if seat == me else -out.rival)
    out.my_turn = True  # what the room does in a covered player's own turn
    for st in rules.statics:
        worth = _room_static(st)
        if worth:
            v += worth * _share(_covered(st.get("if"), souls), out, me)
    for event, abs_ in rules.triggers.items():
        weight = 1.0 if event in _TURN_EVENTS else 0.5  # other events: some turns, not every one
        for ab in abs_:
            if event == "goal_met" and ab.topts.get("nth") is not None and met >= int(ab.topts["nth"]):
                continue  # paid already: the N-th goal is met once
            out.plan = {}
            out.either = {}
            _plan_targets(ab.targets or {}, ab.do, out)
            worth = effect_value(ab.do, out)
            if ab.optional and worth < 0.0:
                continue  # the active player says no
            cover = _covered(ab.topts.get("if"), souls)
            # a part done to every player (``each`` player) is read from my side already, mine and the
            # rivals' shares together, whoever's turn it fires in: only the rest goes to the active player.
            # It fires in each covered turn (a turn event), else once in some covered turn.
            wide_mine, wide_theirs = _table_wide(ab.do, out)
            others = sum(c for s, c in enumerate(cover) if s != me)
            wide = wide_mine * cover[me] + wide_theirs * others
            if event not in _TURN_EVENTS and cover[me] + others > 0.0:
                wide /= cover[me] + others
            v += weight * ((worth - wide_mine) * _share(cover, out, me) + wide)
    for _kind, _i, ab in rules.acts:  # the active player's own choice (FS-16.2): used when worth it
        v += max(0.0, ability_value(ab, out)) * _share(_covered(None, souls), out, me)
    if rules.replaces:  # as an item's (``item_value``): a rule change for the one it covers
        v += 1.0 * _share(_covered(None, souls), out, me)
    return v


def room_discard(decision: Any, out: Outlook, me: int) -> bool:
    """The ``discard_room`` answer (FS-16.3): discard the room named in the context when it is worth less
    than nothing to me (``room_value``); keep it otherwise, a tie included (no coin is tossed)."""
    view = decision.view
    room = next((r for r in view.rooms if r.name == decision.context), None)
    if room is None or True not in decision.options:
        return bool(decision.options[-1])
    souls = tuple(view.souls(s) for s in range(view.n_players))
    items = (
        tuple((s, i.ref.printed.rules) for s in range(view.n_players) for i in view.items_of(s))
        if room.rules.items_have is not None
        else ()
    )
    met = view.goals_met(room.ref) if room.rules.goals else 0
    return room_value(room.rules, out, souls, me, items, met) < -1e-9


def _room_static(st: dict) -> float:
    """One static's worth to a player it covers, by the item weights (``_STATIC_VALUE``) and the room
    weights (``_ROOM_STATIC``); a bonus for monsters is a loss for the players who fight them."""
    v = 0.0
    for k, val in st.items():
        w = _STATIC_VALUE.get(k, _ROOM_STATIC.get(k))
        if w is None:
            continue
        spec = val if isinstance(val, dict) else {"n": val}
        if k == "price" and "to" in spec:  # a set price: the saving on a 10-cent shop item (FS-11.3)
            n = float(_num(spec["to"])) - 10.0
        elif k == "attack_tax":
            n = _num(spec.get("cents", 1))
        else:
            n = _num(spec.get("n", 1))
        worth = -w * n if k == "price" else w * n  # a negative price change is a discount
        v += -worth if spec.get("who") == "monsters" else worth
    return v


_OTHERS = frozenset({"other_player", "other_players", "non_active_player"})


def _table_wide(eff: Any, out: Outlook) -> tuple[float, float]:
    """The worth to me of the parts of a room's effect done to every player (``each`` over players, FS-5.9),
    (fired in my turn, fired in a rival's): each player's share read from my side (``effect_value``), the
    same whoever is active — but "each other player" leaves out the active one, me in my turn, a rival in
    theirs. Sequences add up, a roll table is its faces' mean; other parts count 0 (the active player's)."""
    if isinstance(eff, list):
        parts = [_table_wide(e, out) for e in eff]
        return sum(p[0] for p in parts), sum(p[1] for p in parts)
    if not isinstance(eff, dict):
        return 0.0, 0.0
    if "seq" in eff or "and" in eff:
        return _table_wide(eff.get("seq") or eff.get("and") or [], out)
    if "roll" in eff and isinstance(eff["roll"], dict):
        mine = theirs = 0.0
        for faces, row in eff["roll"].items():
            a, b = _table_wide(row, out)
            mine += len(row_faces(faces)) * a / 6.0
            theirs += len(row_faces(faces)) * b / 6.0
        return mine, theirs
    sels = eff.get("each")
    if not isinstance(sels, dict) or len(sels) != 1:
        return 0.0, 0.0
    var, sel = next(iter(sels.items()))
    head = sel_head(sel)
    if head not in ("player", "living_player") and head not in _OTHERS:
        return 0.0, 0.0
    v = effect_value(eff, out)  # my turn: "each other player" is every rival
    if head in _OTHERS:  # a rival's turn: me and the other rivals
        return v, _with(out, var, "me", eff.get("do")) + (out.n_players - 2) * _with(
            out, var, "rival", eff.get("do")
        )
    return v, v


def _covered(cond: Any, souls: tuple) -> tuple:
    """The share of each seat's turns a room's part covers: the seats a soul-standing condition names
    (Might for the Meek's fewest souls, Tax for the Mighty's most), every seat without a condition, and
    half of every seat for a condition the model does not read."""
    n = len(souls)
    if cond is None:
        return (1.0,) * n
    text = str(cond)
    if "souls(you) == fewest(souls)" in text:
        return tuple(1.0 if s == min(souls) else 0.0 for s in souls)
    if "souls(you) == most(souls)" in text:
        if "most(souls) >= 1" in text and max(souls) < 1:
            return (0.0,) * n
        return tuple(1.0 if s == max(souls) else 0.0 for s in souls)
    return (0.5,) * n


def _share(cover: tuple, out: Outlook, me: int) -> float:
    """My net share of a part covering ``cover``: mine, less ``out.rival`` for each rival's."""
    return cover[me] - out.rival * sum(c for s, c in enumerate(cover) if s != me)


def counter_worths(rules: Any) -> tuple[float, float]:
    """(cost of one counter removed, gain of one counter added) for the item with these rules. A counter
    read by a static (``counters(self)``, or ``// d`` of it: a stat per counter) is worth that stat's
    weight (``_STATIC_VALUE``) either way. Else a counter only pays for the item's own abilities: when a
    single ability spends them, spending now or later buys the same, so a counter removed costs little
    (0.1: the chance of a better moment); with two sinks or more each use takes from the others (0.6,
    the verb's own price)."""
    gain = 0.0
    for st in rules.statics:
        for k, val in st.items():
            n = val.get("n") if isinstance(val, dict) else val
            if k in _STATIC_VALUE and isinstance(n, str) and n.replace(" ", "").startswith("counters(self)"):
                rest = n.replace(" ", "")[len("counters(self)") :]
                d = int(rest[2:]) if rest.startswith("//") and rest[2:].isdigit() else 1
                gain += _STATIC_VALUE[k] / d if not rest or rest.startswith("//") else 0.0
    sinks = sum(1 for _k, _i, ab in rules.acts if ab.cost and "remove_counters" in str(ab.cost))
    if gain > 0.0:
        return gain, gain
    return (0.6 if sinks >= 2 else 0.1), 0.6


def cost_value(cost: Any, out: Outlook) -> float:
    """A ``paid`` cost as a (negative) value: cents, HP, a loot card, items, counters (taken from the item,
    or put on me as a penalty: the Doodler's Competitive sketch counter), my character's ready ↷ (a cost
    turning it sideways: Widow's spider removal, Magic Mushroom's counter)."""
    v = 0.0
    for part in cost if isinstance(cost, list) else [cost]:
        if not isinstance(part, dict):
            continue
        for verb, p in part.items():
            if verb == "pay" and isinstance(p, dict):
                v -= 0.3 * _num(p.get("cents", 0)) + _hp_price(_num(p.get("hp", 0)), out)
            elif verb == "discard_loot":
                v -= (min(out.hand) if out.hand else 99.0) * _num(p)
            elif verb == "destroy" and p == "self":  # a one-use item: as the effect reads it (``_verb``)
                v -= 0.3 + 0.2 * out.self_value
            elif verb in ("give", "destroy"):
                tgt = p.get("target") if isinstance(p, dict) else None
                n = int(_num(tgt.get("count", 1))) if isinstance(tgt, dict) else 1
                if len(out.my_items) < n:
                    return -99.0
                v -= sum(out.my_items[:n]) + (0.0 if verb == "destroy" else 0.5)
            elif verb == "remove_counters":
                v -= out.counter_cost * _amount(p.get("n", 1) if isinstance(p, dict) else p, out)
            elif verb == "add_counters" and isinstance(p, dict):  # a penalty counter on me (Doodler's sketch)
                v -= out.counter_cost * _amount(p.get("n", 1), out)
            elif verb == "deactivate" and p == "your_character" and out.view is not None:
                # turning my character sideways takes away its ready ↷ (FS-6.2, FS-4.4: an extra loot play)
                v -= ready_worth(out.view.character_of(out.me), out)
    return v


def ready_worth(info: Any, out: Outlook) -> float:
    """What an object's ready ↷ abilities are worth now (the best of them, read as a copy of it is:
    :func:`copied_worth`): what turning it sideways takes away until its next recharge (FS-6.2, FS-8.1).
    Nothing when it is spent already or has no ↷ ability."""
    if not info.charged:
        return 0.0
    return max(
        (copied_worth(ab, out) for k, _i, ab in info.rules.acts if k == "tap" and not copies(ab)), default=0.0
    )


def reward_worth(rules: CardRules, n: int, counters: int) -> float:
    """FS-13.4 step 3: what a monster's reward effects (``reward: {do}``, beyond its cents, loot, treasure and
    souls) are worth to the player gaining them, read by the value model as their verbs say, on a bare
    outlook (the gainer's turn, the fight done; ``counters(self)``: the monster's counters; the card itself:
    its item side, ``become_item``): a reward that kills its gainer is a death (-4), one every player shares
    alike nothing. Read at a typical table (every player at 2 HP, no items in sight): a reward is priced by
    its shape, not by who holds what."""
    rival = 1.0 / max(1, n - 1)
    out = Outlook(n_players=n, rival=rival, hp=2, rival_hp=2, self_counters=counters, fight_done=True)
    out.self_rules = rules
    return sum(effect_value(ab.do, out) for ab in rules.rewards)


def reward_effects(reader: Any, rules: CardRules | None, n: int, counters: int) -> float:
    """:func:`reward_worth` of a monster's reward effects (FS-13.4 step 3) for a table of ``n`` with its
    ``counters``, kept for the game per table size and counters by the player's ``reading.Reader``
    (asked for every slot monster at every decision); 0 for a monster with none. Every policy reads a
    monster's reward effects through it."""
    if rules is None or not rules.rewards:
        return 0.0
    memo = reader.shape(rules.rewards, None, _new_memo) if reader is not None else {}
    key = (n, counters)
    v = memo.get(key)
    if v is None:
        v = memo[key] = reward_worth(rules, n, counters)
    return float(v)


def _new_memo(_obj: Any, _other: Any) -> dict:
    """An empty memo kept for the game by ``Reader.shape`` (:func:`reward_effects`)."""
    return {}


def _hp_price(n: float, out: Outlook) -> float:
    """What paying ``n`` HP costs: my death when it is all I have left (priced as lethal damage is); else, as
    damage to me is read (FS-8.10: it heals at the end of the turn), little once no fight is left in my
    turn, 1.5 a point while one is (the margin a fight needs)."""
    if n <= 0:
        return 0.0
    if n >= out.hp:
        return out.my_death
    return (0.1 if out.fight_done and out.my_turn else 1.5) * n


def effect_value(eff: Any, out: Outlook) -> float:
    if isinstance(eff, str):
        return _verb(eff, None, out) if eff in AIMS else 0.0
    if isinstance(eff, list):
        return sum(effect_value(e, out) for e in eff)
    if not isinstance(eff, dict):
        return 0.0
    if "seq" in eff or "and" in eff:
        return sum(effect_value(e, out) for e in eff.get("seq") or eff.get("and") or [])
    if "modes" in eff:
        return max((effect_value(m, out) for m in eff["modes"]), default=0.0)
    if "may" in eff:
        return max(0.0, effect_value(eff["may"], out))
    if "roll" in eff and isinstance(eff["roll"], dict):
        return _table(eff["roll"], out)
    if "if" in eff:
        cond = eff["if"]
        then = effect_value(eff.get("then"), out)
        other = effect_value(eff.get("else"), out)
        if cond == "your_turn":
            return then if out.my_turn else other
        now = _turn_of(cond, out)
        if now is not None:
            return then if now else other
        return 0.5 * (then + other)
    if "tgt" in eff or "choose" in eff:
        _plan_targets(eff.get("tgt") or eff.get("choose") or {}, eff.get("do"), out)
        return effect_value(eff.get("do"), out)
    if "vote" in eff and isinstance(eff["vote"], list):  # a vote between words: any word may win
        table = eff.get("do")
        worths = [effect_value(table.get(w), out) for w in eff["vote"]] if isinstance(table, dict) else []
        return sum(worths) / len(worths) if worths else 0.0
    if "vote" in eff:  # FS-5.17: the table, not I, picks where it falls: half of my best pick's worth
        _plan_targets(eff["vote"] if isinstance(eff["vote"], dict) else {}, eff.get("do"), out)
        return 0.5 * effect_value(eff.get("do"), out)
    if "each" in eff:
        sels = eff["each"] if isinstance(eff["each"], dict) else {}
        v = 0.0
        for var, sel in sels.items():
            head = sel_head(sel)
            if head in ("player", "living_player", "other_player", "other_players"):
                mine = (
                    0.0 if head in ("other_player", "other_players") else _with(out, var, "me", eff.get("do"))
                )
                v += mine + (out.n_players - 1) * _with(out, var, "rival", eff.get("do"))
            elif head == "item":
                v += _each_item(var, sel, eff.get("do"), out)
            elif head in ("monster", "monsters"):  # every slot monster: each one's worth, summed
                v += _each_monster(var, eff.get("do"), out)
            elif head == "shop_item" and "steal" in reading_verbs(eff.get("do")):  # every shop item taken
                v += _with(out, var, "shop_all", eff.get("do"))
            else:
                v += 0.5 * effect_value(eff.get("do"), out)
        return v
    if "hook" in eff:
        return _hook(eff["hook"], out)
    if "until" in eff or "next" in eff:
        return _replacement(eff, out)
    gained = eff.get("gain_abilities")
    if isinstance(gained, dict) and isinstance(gained.get("abilities"), list):
        return _gained_worth(gained, out)
    return sum(_verb(k, p, out) for k, p in eff.items() if k in AIMS)


# ------------------------------------------------------------------ a number changed (FS-5.2)
_ONE_TURN = 1 / 3  # a static's passive weight for the one turn it is lent or changed


def best_number_change(view: View, me: int, out: Outlook) -> float:
    """What changing one number in play is worth to me now (``Outlook.number_change``): the best change
    ``number_change`` finds on any player's item, never below 0 (a change on an object nobody holds — a
    shop item, a monster — does nothing to anyone that the model weighs)."""
    out.number_change = None  # a hand valued meanwhile (``Outlook.hand``) reads the verb's own price
    best = 0.0
    for s in range(view.n_players):
        for info in view.items_of(s):
            best = max(best, number_change(info, me, out)[0])
    return best


def number_target(view: View, me: int, out: Outlook, options: tuple) -> tuple[Any, tuple | None]:
    """The card offered whose number I change (FS-5.2) and the change: the object whose best change is worth
    most to me (``number_change``); (None, None) when no object offered has a number to change (a loot on
    the stack is not read here)."""
    best: Any = None
    best_v, change = -1e9, None
    for o in options:
        if type(o) is not ObjRef:
            continue
        v, opt = number_change(view.info(o), me, out)
        if opt is not None and v > best_v:
            best, best_v, change = o, v, opt
    return best, change


def counter_step(view: View, me: int, out: Outlook, options: tuple | None = None) -> tuple[float, Any, str]:
    """The best one-counter step (``step_counters``, FS-5.14) on a non-eternal item in play holding generic
    counters, and what it is worth to me: one more on an item of mine (what a counter adds to it,
    ``counter_worths``' gain), one fewer on another player's (what a counter removed costs them, at
    ``out.rival``). An object nobody controls (a shop item, a monster) is not weighed. ``options``: only
    those objects (a target choice). (worth, object, the engine's option ``"add generic"`` / ``"remove
    generic"``); (0.0, None, "") when no step is worth anything."""
    best: tuple[float, Any, str] = (0.0, None, "")
    for s in range(view.n_players):
        for info in view.items_of(s):
            if info.counters <= 0 or info.eternal or (options is not None and info.ref not in options):
                continue
            cost, gain = counter_worths(info.rules)
            v, step = (gain, "add") if s == me else (out.rival * cost, "remove")
            if v > best[0]:
                best = (v, info.ref, f"{step} generic")
    return best


def number_change(info: Any, me: int, out: Outlook) -> tuple[float, tuple | None]:
    """The best one-step change of a number in this object's encoded text (``numbers.change_number``, FS-5.2)
    and what it is worth to me: the option as the engine offers it, (index of the number, its value, its new
    value), in the engine's order (``numbers.leaves``). Till the turn ends the object reads the new number,
    so the changed ability is worth one turn of it against the printed one (``_turn_worth``). On an object of
    mine that difference is mine; on another player's, theirs, a loss to me at ``out.rival``; on an object
    nobody controls (a shop item, a monster) nothing is weighed (0, its first option). None when the text
    holds no number that may change."""
    text = info.rules.text
    if not text:
        return 0.0, None
    nums = _LEAVES.of(text)  # read once per printed text (pure: card data never changes)
    if info.controller == me:
        sign = 1.0
    elif info.controller >= 0:
        sign = -out.rival
    else:
        sign = 0.0
    best: tuple[float, tuple | None] = (-1e9, None)
    base: dict[int, float] = {}
    saved = out.plan, out.either
    try:
        for i, (path, v) in enumerate(nums):
            for new in (v - 1, v + 1):
                if not LOW <= new <= HIGH:
                    continue
                worth = 0.0
                if sign:
                    k = path[0]
                    if k not in base:
                        base[k] = _turn_worth(text[k], info.charged, sign > 0, out)
                    worth = sign * (
                        _turn_worth(_renumbered(text[k], path[1:], new), info.charged, sign > 0, out)
                        - base[k]
                    )
                if worth > best[0]:
                    best = (worth, (i, v, new))
    finally:
        out.plan, out.either = saved
    return best if best[1] is not None else (0.0, None)


_LEAVES: Final = Memo(leaves)  # number_change: a text's numbers (``numbers.leaves``), by identity


def _renumbered(ab: Any, path: tuple, new: int) -> Any:
    """A copy of one encoded ability with the number at ``path`` set to ``new``: the dicts and lists on the
    path are copied, the rest is shared with the printed text (only read: the readings are pure), where a
    deep copy of the whole ability at each candidate number cost most of a collection game's valuing of
    Magic Marker."""
    changed = _copied(ab)
    node = changed
    for key in path[:-1]:
        child = _copied(node[key])
        node[key] = child
        node = child
    node[path[-1]] = new
    return changed


def _copied(node: Any) -> Any:
    """A new container with the same items (a dict or list), else a deep copy (as before)."""
    if type(node) is dict:
        return dict(node)
    if type(node) is list:
        return list(node)
    return copy.deepcopy(node)


def _turn_worth(ab: Any, charged: bool, mine: bool, out: Outlook) -> float:
    """What one encoded ability of an object is worth to its holder for the rest of this turn: a static's
    stat boosts for one turn (``_ONE_TURN``), a trigger half its effect (it may not fire), and on an object
    of mine an activated ability I can still use (↷ while charged, $ always) its net worth or nothing (I
    use it only when it pays). Another player's activated abilities wait for their turn, after the change
    has ended; an ability that itself changes numbers is not read again (0)."""
    if not isinstance(ab, dict):
        return 0.0
    body = ab.get("static")
    if isinstance(body, dict):
        return _static_worth(body) * _ONE_TURN
    if "on" in ab:
        if "change_number" in reading_verbs(ab.get("do")):
            return 0.0
        out.plan = {}
        _plan_targets(ab.get("targets") or {}, ab.get("do"), out)
        return 0.5 * effect_value(ab.get("do"), out)
    for kind in ("tap", "paid"):
        if kind not in ab or not mine or (kind == "tap" and not charged):
            continue
        body = ab[kind] if isinstance(ab[kind], dict) else {"do": ab[kind]}
        if "change_number" in reading_verbs(body.get("do")):
            return 0.0
        out.plan = {}
        _plan_targets(body.get("targets") or {}, body.get("do"), out)
        v = effect_value(body.get("do"), out)
        if body.get("cost"):
            v += cost_value(body["cost"], out)
        return max(0.0, v)
    return 0.0


def _over_monsters(each: dict) -> bool:
    return len(each) == 1 and sel_head(next(iter(each.values()))) == "monster"


def _holder(obj: Any, out: Outlook) -> str:
    """Who holds abilities an object gains (``gain_abilities``'s ``object``, FS-5.2): a character is its
    player (``your_character`` me, ``active_character`` the active player), a target variable whom the plan
    names; no object is the effect's controller, me."""
    if obj is None:
        return "me"
    if isinstance(obj, str) and obj.endswith("_character"):
        obj = obj[: -len("_character")]
    return _who(obj, out)


def _gained_worth(gained: dict, out: Outlook) -> float:
    """Abilities an object gains (FS-5.2) are worth what they do for their holder, "you" in them read as the
    holder (``_held_for_a_while`` reads them as mine): mine when I hold them, a loss at ``out.rival`` when a
    rival does. An object the model does not place (a monster, an item) reads as mine, as before. A rival's
    lent trigger that makes the player whose turn starts attack its holder (Cheep Cheep Cheep!'s mark) is
    read by the turns it fires in (``_owed_attacks``), not as the holder's own loss."""
    abilities = gained["abilities"]
    if _holder(gained.get("object"), out) != "rival":
        return _held_for_a_while(abilities, out)
    owed: list[dict] = []
    rest = []
    for ab in abilities:
        attack = _attacks_holder(ab)
        if attack is None:
            rest.append(ab)
        else:
            owed.append(attack)
    v = -out.rival * _held_for_a_while(rest, out) if rest else 0.0
    if gained.get("until") == "next_turn":  # till then, each other player's turn start owes one
        for attack in owed:
            v += _owed_attacks(attack, out)
    return v


def _attacks_holder(ab: Any) -> dict | None:
    """The attack a lent trigger owes at each player's turn start on the holder (``extra_attack`` by the
    active player, its target "you": FS-10.16, FS-10.6); None for any other ability."""
    if not isinstance(ab, dict) or not isinstance(ab.get("on"), dict) or "turn_start" not in ab["on"]:
        return None
    do = ab.get("do")
    p = do.get("extra_attack") if isinstance(do, dict) and len(do) == 1 else None
    if isinstance(p, dict) and p.get("target") == "you" and p.get("who") == "active":
        return p
    return None


def _owed_attacks(p: dict, out: Outlook) -> float:
    """Attacks owed on a rival (the leader, as the plan names a rival) by each player whose turn comes before
    that rival's next one (``Outlook.before_leader``): each a fight to a death (``_player_fight``), mine
    among them when my turn comes first."""
    rivals, mine = out.before_leader
    ev = _num(p.get("evasion", 3))
    v = rivals * _player_fight("rival", "rival", ev, out)
    if mine:
        saved = out.my_turn
        out.my_turn = True
        try:
            v += _player_fight("me", "rival", ev, out)
        finally:
            out.my_turn = saved
    return v


def _held_for_a_while(abilities: list, out: Outlook) -> float:
    """Abilities an effect lends till the turn's end (FS-5.2: Lemon Mishap, Pills!): a trigger is worth half
    its effect (it may never fire), a static its passive weight a third (one turn of it; a lower evasion
    helps the attacker, so on my turn its sign turns), a damage prevention 1."""
    v = 0.0
    for ab in abilities:
        if not isinstance(ab, dict):
            continue
        if "on" in ab:
            do = ab.get("do")
            each = do.get("each") if isinstance(do, dict) else None
            if isinstance(do, dict) and isinstance(each, dict) and _over_monsters(each):
                # every monster hit (Lemon Mishap): the best one's worth per monster in play
                v += 0.5 * len(out.monsters) * _with(out, next(iter(each)), "monster", do.get("do"))
                continue
            _plan_targets(ab.get("targets") or {}, do, out)
            v += 0.5 * effect_value(do, out)
        elif isinstance(ab.get("static"), dict):
            for key, body in ab["static"].items():
                if key == "evasion" and isinstance(body, dict):
                    v += -_num(body.get("n", 0)) * (1.0 if out.my_turn else 0.0)
                elif key == "price":
                    v += 2.0 if out.my_turn else 0.0
                elif key in _STATIC_VALUE:
                    v += _STATIC_VALUE[key] * _ONE_TURN
        elif "replace" in ab:
            v += 1.0
    return v


def _with(out: Outlook, var: str, who: str, eff: Any) -> float:
    saved = out.plan.get(var)
    out.plan[var] = who
    v = effect_value(eff, out)
    if saved is None:
        out.plan.pop(var, None)
    else:
        out.plan[var] = saved
    return v


def _each_monster(var: str, eff: Any, out: Outlook) -> float:
    """An effect on every slot monster: read for each monster alone (a kill counts each one killed)."""
    saved = out.monsters
    v = 0.0
    try:
        for m in saved:
            out.monsters = (m,)
            v += _with(out, var, "monster", eff)
    finally:
        out.monsters = saved
    return v


def _each_item(var: str, sel: Any, eff: Any, out: Outlook) -> float:
    """An effect on each item of one player (``controlled_by: P``): a reroll read item by item (each
    item's worth against a fresh treasure's); anything else, or items of nobody in particular, as a few
    items at once. A "may" for each item is asked naming the item (``decision_kinds``: its context), so
    only the items it pays to change count (``member_may``: Jester rerolls my poor items, keeps the rest)."""
    owner = None
    for f in (next(iter(sel.values())) if isinstance(sel, dict) and sel else ()) or ():
        if isinstance(f, dict) and "controlled_by" in f:
            owner = f["controlled_by"]
        elif f == "you_control":
            owner = "you"
    who = _who(owner, out) if owner is not None else "?"
    if who not in ("me", "rival") or reading_verbs(eff) != {"reroll_item"}:
        return 1.5 * effect_value(eff, out)
    items = list(out.my_items if who == "me" else out.their_items)
    if who == "me" and out.self_value in items:  # the item in use is not among those it rerolls
        items.remove(out.self_value)
    saved = out.plan.get(var), out.item_now
    out.plan[var] = "mine" if who == "me" else "theirs"
    v = 0.0
    for worth in items:
        out.item_now = worth
        v += effect_value(eff, out)
    out.item_now = saved[1]
    if saved[0] is None:
        out.plan.pop(var, None)
    else:
        out.plan[var] = saved[0]
    return v


def member_may(do: Any, member: str, worth: float | None, out: Outlook) -> float | None:
    """What saying yes to an ``each``'s "may" is worth to me for one member (``decision_kinds``: the context
    names it): the optional part read with the member as the variable, ``member`` being whom it is to me
    ("me", "rival", "mine", "theirs", "monster"), ``worth`` an item's own worth (a reroll trades it for a
    fresh treasure). None when ``do`` holds no ``each`` with a "may" in it."""
    node = _each_may(do)
    if node is None:
        return None
    binding, body = node
    var = next(iter(binding)) if isinstance(binding, dict) and len(binding) == 1 else "them"
    saved = out.plan.get(var), out.item_now
    out.plan[var] = member
    out.item_now = worth
    try:
        return effect_value(body, out)
    finally:
        out.item_now = saved[1]
        if saved[0] is None:
            out.plan.pop(var, None)
        else:
            out.plan[var] = saved[0]


def asks_member_may(do: Any) -> bool:
    """Does the effect hold an ``each`` whose body asks a "may" (one question per member)?"""
    return _each_may(do) is not None


def _each_may(eff: Any) -> tuple | None:
    """(the ``each`` binding, the "may" part's effect) of the first ``each`` whose body holds a "may"."""
    if isinstance(eff, list):
        for e in eff:
            got = _each_may(e)
            if got is not None:
                return got
        return None
    if not isinstance(eff, dict):
        return None
    if "each" in eff:
        body = _may_part(eff.get("do"))
        if body is not None:
            return eff["each"], body
    for v in eff.values():
        got = _each_may(v)
        if got is not None:
            return got
    return None


def _may_part(eff: Any) -> Any:
    """The effect of the first "may" in ``eff`` (None without one)."""
    if isinstance(eff, dict):
        if "may" in eff:
            return eff["may"]
        for v in eff.values():
            got = _may_part(v)
            if got is not None:
                return got
    elif isinstance(eff, list):
        for e in eff:
            got = _may_part(e)
            if got is not None:
                return got
    return None


def _table(table: dict, out: Outlook) -> float:
    """A die-roll table (FS-4.18): the mean of its rows over the six faces."""
    total = 0.0
    for faces, row in table.items():
        total += len(row_faces(faces)) * effect_value(row, out)
    return total / 6.0


def face_values(table: dict, out: Outlook) -> list[float]:
    """The worth of each face 1..6 of a die-roll table (a face no row names is worth 0)."""
    vals = [0.0] * 6
    for faces, row in table.items():
        v = effect_value(row, out)
        for f in row_faces(faces):
            vals[f - 1] = v
    return vals


def group_face_values(table: dict, others: tuple[int, ...], out: Outlook) -> list[float]:
    """The worth of each face 1..6 of one die of dice rolled together (FS-9.2(1)): their one row, whose
    ``same_dice`` condition is read with this face beside the other dice as they stand."""
    row = table.get("any")
    vals = []
    for f in range(1, 7):
        if isinstance(row, dict) and row.get("if") == "same_dice":
            same = bool(others) and all(o == f for o in others)
            vals.append(effect_value(row["then"] if same else row.get("else", "nothing"), out))
        else:
            vals.append(effect_value(row, out))
    return vals


def _replacement(eff: dict, out: Outlook) -> float:
    """An "until end of turn" / "next time" rule: a doubled loot this turn is worth the loots to come; the
    next roll rolled again with dice I pick from (Mutant Spider) is worth a roll fix on my turn, where my
    attack roll comes next."""
    nxt = eff.get("next")
    if isinstance(nxt, dict) and "would_roll" in nxt and "reroll" in reading_verbs(eff.get("do")):
        return 1.0 if out.my_turn else 0.3
    rep = eff.get("replace") or {}
    modify = rep.get("modify") if isinstance(rep, dict) else None
    event = rep.get("event") if isinstance(rep, dict) else None
    if isinstance(modify, dict) and isinstance(event, dict) and "would_loot" in event:
        who = _who(event["would_loot"], out)
        gain = 1.0 + (1.0 if out.my_turn else 0.0) + sum(1 for h in out.hand if h >= 1.0) * 0.3
        return gain if who == "me" else -out.rival * gain if who == "rival" else 0.0
    return 0.3


def _who(ref: Any, out: Outlook) -> str:
    """Whom a verb's parameter names: me, a rival, a monster, my item, their item, the item itself. A
    position word names a seat when the outlook shows it (:func:`_seat`: the player to the left of the
    active one, the roller of the roll on the stack, the attacker); the rest is "?" (``WHO_DEFAULTED``)."""
    if ref is None or ref in ("you", "active", "activator", "your_character"):
        return "me" if (ref != "active" or out.my_turn) else "rival"  # my character is mine (FS-2.7)
    if ref == "self":
        return "self"
    if isinstance(ref, str):
        if ref in out.plan:
            return out.plan[ref]
        if ref in ("other_player", "other_players", "non_active_player"):
            return "rival"
        if ref in ("all", "roll"):
            return ref
        if ref == "event.roll":  # the roll the trigger names: a roll, as ``roll``
            return "roll"
        seat = _seat(ref, out)
        if seat is not None:
            return "me" if seat == out.me else "rival"
        return "?"
    return "?"


def _seat(ref: str, out: Outlook) -> int | None:
    """The seat a position word names, read on the outlook's view (all public, FS-3.3): ``active`` (me in my
    turn), ``roller`` the roller of the topmost roll on the stack (FS-9.1), ``attacker`` the player whose
    attack is in progress (FS-10.2), ``left_of(X)``/``right_of(X)`` the next seat on either side of X's
    (the engine's order: left is the next seat); None when the view does not show it."""
    view = out.view
    if ref in ("you", "activator"):
        return out.me
    if ref == "active":
        return out.me if out.my_turn else view.active if view is not None else None
    if ref == "attacker":
        return view.attacker if view is not None else None
    if ref == "roller":
        roll = next((s for s in reversed(view.stack) if s.kind == "roll"), None) if view is not None else None
        return roll.controller if roll is not None else None
    if ref.startswith(("left_of(", "right_of(")) and ref.endswith(")"):
        inner = _seat(ref[ref.index("(") + 1 : -1], out)
        step = 1 if ref.startswith("left") else -1
        return (inner + step) % max(1, out.n_players) if inner is not None else None
    return None


# Owner words ``_who`` reads (with :func:`_seat`'s position words): a word a card writes for whom a verb
# affects is read or listed in ``WHO_DEFAULTED`` (``tests/four_souls/test_owner_shapes``).
WHO_READ: Final = frozenset(
    {"you", "active", "activator", "your_character", "self", "other_player", "other_players"}
    | {"non_active_player", "all", "roll", "event.roll", "attacker", "roller", "left_of", "right_of"}
)
# Owner words the players read as no one ("?": no worth, or the verb's own reading), each with why.
WHO_DEFAULTED: dict[str, str] = {
    "event": "an event's object or player (the death prevented, the damage's target, its source's seat):"
    " known only as the trigger fires, not when the card is valued",
    "killer": "who kills: known only as the death happens",
    "possessed": "the player whose items I may use this turn (Possession): not in the outlook",
    "marked": "the player this object marked at the turn's start (Keke Is You): not in the outlook",
    "controller_of": "the controller of a chosen stack item (Mega Bean!): bound as it resolves",
}
# Words in a verb's owner parameter that name no player: a deck, a slot, a card or an amount (peek, search,
# expand_slots, move, prevent): the verb reads them itself.
NOT_OWNERS: Final = frozenset(
    {"monster", "treasure", "loot", "room", "shop", "monster_or_room", "any_deck", "monster_deck"}
    | {"monster_deck_top", "top", "self_card", "min"}
)


def owner_word(ref: str) -> str | None:
    """The word of an owner a card writes, as ``WHO_READ``/``WHO_DEFAULTED``/``NOT_OWNERS`` name it: None
    for a target variable (the plan names it), a position word's head (``left_of(active)`` → ``left_of``)
    when its inner word is read, else the inner word's; ``event`` for an event's object."""
    if ref[:1].isupper():
        return None
    head = ref.split("(", 1)[0]
    if head in ("left_of", "right_of"):
        inner = owner_word(ref[len(head) + 1 : -1])
        return head if inner in WHO_READ else inner
    if ref in WHO_READ:
        return ref
    return "event" if ref.startswith("event.") else head


def _num(v: Any) -> float:
    if isinstance(v, bool):
        return 1.0
    if isinstance(v, int | float):
        return float(v)
    if isinstance(v, dict):
        return _num(v.get("up_to", v.get("n", 1)))
    if v in ("unlimited", "all", "any_number"):
        return 3.0
    if isinstance(v, str) and "result" in v:  # a die's mean, times a written factor ("4 * result")
        k = v.replace(" ", "").replace("result", "").strip("*")
        return 3.5 * (float(k) if k.isdigit() else 1.0)
    return 1.0


def _amount(v: Any, out: Outlook) -> float:
    """A verb's amount: a number or ``up_to`` as ``_num`` reads it; ``cents(X)`` of a player planned as me;
    an expression read on my outlook (:func:`expr_amount`: my cents, hand, the item's counters …); one
    reading anything else at ``_num``'s default (each such word listed with its reason in ``DEFAULTED``)."""
    if isinstance(v, str) and v.startswith("cents(") and v.endswith(")") and _who(v[6:-1], out) == "me":
        return float(out.cents)  # the cents of a player the plan names as me: a doubling
    if isinstance(v, str):
        got = expr_amount(v, out)
        if got is not None:
            return got
    return _num(v)


def _slot_count(out: Outlook) -> int:
    """The monster slots in play, expanded ones too (FS-3.12; public): one per slot the view shows. With no
    view (a bare outlook) the reading fails, and the amount is read at ``_num``'s default."""
    if out.view is None:
        raise TypeError("no view")  # ``read_amount`` reads an amount it cannot read as None
    return len(out.view.slot_tops)


# What :func:`expr_amount` reads on my outlook (vocabulary §1.6): the item's counters and the cards under it,
# my cents, hand size, damage, HP and souls, the most souls a player has, a die's ``result`` at its mean, the
# monster slots in play.
ON_OUTLOOK: Final[Known] = {
    "counters(self)": lambda o: o.self_counters,
    "under(self)": lambda o: o.self_under,
    "cents(you)": lambda o: o.cents,
    "hand_size(you)": lambda o: len(o.hand),
    "atk(you)": lambda o: o.atk,
    "hp(you)": lambda o: o.hp,
    "result": lambda _o: 3.5,
    "souls(you)": lambda o: o.my_souls,
    "most(souls)": lambda o: max(o.my_souls, o.leader_souls),
    "monster_slots": _slot_count,
}

# Amount words the players read at ``_num``'s default, each with why (``tests/four_souls/test_amount_shapes``
# fails on an amount word neither read nor listed here: a new card's amount cannot go unread silently).
DEFAULTED: dict[str, str] = {
    "event": "the size of the event that triggers it (damage dealt, loot drawn): unknown before it happens",
    "bound": "a count bound as it resolves (a capitalised variable: a roll, a pick; another player's cents or"
    " hand — a bare ``cents(X)`` the plan names as me is read): unknown beforehand",
    "all": "every one the player has: my cents or hand, a rival's the leader's (``_all_of``); anything"
    " else (every monster, every item) or no view: read as a typical 3",
    "any_number": "the player's pick: read as a typical 3",
    "unlimited": "no limit: read as 3 more loot plays (``loot_play`` reads my hand for what they play)",
    "full": "a full heal of another player or a monster: their damage is not in the outlook, read as 1 HP"
    " (mine: the damage I have taken, on the view)",
    "reduce_to": "damage reduced to a number: the prevention's size depends on the damage, read as 1",
    "souls": "another player's souls count: the outlook keeps mine and the leader's only, read as 1",
    "most": "the most any player has of something other than souls: not in the outlook, read as 1",
    "dead_players": "the players who died this turn: known only as it resolves, read as 1",
    "discarded_count": "the cards discarded by the same effect: known only as it resolves, read as 1",
    "damage": "the damage marked on an object: not in the outlook, read as 1",
    "named_counters": "one kind of counter on the item (``counters(self, kind)``): the outlook counts them all",
    "count": "how many a chosen group holds: bound as it resolves, read as 1",
}


def expr_amount(text: str, out: Outlook) -> float | None:
    """An amount expression read on my outlook (``reading.read_amount`` of :data:`ON_OUTLOOK`); None when
    it reads anything else (an event, a rival's hand, a bound variable)."""
    v = read_amount(text, ON_OUTLOOK, out)
    return None if v is None else float(v)


def amount_words(v: Any) -> set[str]:
    """The words of an amount the players read at ``_num``'s default (:data:`DEFAULTED` keys) or do not know:
    each word here not in ``DEFAULTED`` is a blind spot (``tests/four_souls/test_amount_shapes``)."""
    if isinstance(v, dict):
        return set().union(set(), *(amount_words(x) if k in ("up_to", "n") else {k} for k, x in v.items()))
    if isinstance(v, list | tuple):
        return set().union(set(), *(amount_words(x) for x in v))
    if not isinstance(v, str):
        return set()
    try:
        return _words_of(exprs.compile_expr(v))
    except exprs.EngineError:
        return {v}


def _words_of(node: Any) -> set[str]:
    """:func:`amount_words` of a compiled expression: what :func:`expr_amount` reads gives no word."""
    if isinstance(node, ast.Constant):
        return set()
    if isinstance(node, ast.Name):
        return set() if node.id in ON_OUTLOOK else {"bound"} if node.id[:1].isupper() else {node.id}
    if isinstance(node, ast.Attribute):
        return (
            {"event"}
            if isinstance(node.value, ast.Name) and node.value.id == "event"
            else {ast.unparse(node)}
        )
    if isinstance(node, ast.BinOp):
        return _words_of(node.left) | _words_of(node.right)
    if isinstance(node, ast.UnaryOp):
        return _words_of(node.operand)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        fn, args = node.func.id, node.args
        if fn in ("max", "min"):
            return set().union(set(), *(_words_of(a) for a in args))
        if known_key(fn, args) in ON_OUTLOOK:
            return set()
        if fn in ("cents", "hand_size") and known_key(fn, args):  # another player's: chosen as it resolves
            return {"bound"}
        inner = set().union(set(), *(_words_of(a) for a in args if not isinstance(a, ast.Constant)))
        if "event" in inner:
            return {"event"}  # the event's object (its victim's HP, counters): known as it happens
        if fn == "counters":  # a kind's counters on the item, or counters on a chosen object
            return {"named_counters"} if inner == {"self"} else {"bound"}
        return {fn}
    return {ast.unparse(node)}


def _verb(verb: str, p: Any, out: Outlook) -> float:
    if verb == "change_number" and out.number_change is not None:  # FS-5.2: the best change in sight
        return out.number_change
    if verb == "step_counters" and out.counter_step is not None:  # FS-5.14: the best step in sight
        return out.counter_step
    if verb == "new_character" and out.new_character is not None:  # FS-2.7: the best character outside
        return out.new_character
    if verb == "flip":  # FS-6.10: what the other side is worth, not the verb's own price
        return flip_worth(out) if p == "self" or (isinstance(p, dict) and p.get("target") == "self") else 0.0
    if verb == "become_item" and out.self_rules is not None and out.self_rules.as_item is not None:
        # the card turned into an item (FS-3.2): what its item side is worth to the one it goes under
        who = _who((p.get("who") if isinstance(p, dict) else None) or "you", out)
        side = rules_worth(out.self_rules.as_item)
        return side if who == "me" else -out.rival * side if who == "rival" else 0.0
    what, per, who_key, amount_key, when = AIM_FIELDS[verb]
    if what == "attack" and isinstance(p, dict) and "target" in p:
        attacked = _who(p["target"], out)
        if attacked in ("me", "rival"):  # an attack on a player's character (FS-10.6): a fight to a death
            return _player_fight(_who(p.get("who", "you"), out), attacked, _num(p.get("evasion", 3)), out)
    if when == "roll" and not out.roll_on_stack:
        return 0.0
    if when in ("damage", "stack"):
        return 0.0  # answers: kept for the moment they answer (the planner's respond logic)
    if when == "own_turn" and not out.my_turn:
        return 0.0
    params = p if isinstance(p, dict) else ({_first(verb): p} if p is not None else {})
    who = _who(params.get(who_key, "you"), out)
    amount = _amount(params.get(amount_key, 1), out) if amount_key in params else 1.0
    if what == "take":
        return _take(verb, params, out)
    if what == "swap":
        return max(0.0, out.their_best_item - out.self_value)
    if what == "item":  # destroy
        if who == "self":
            return -0.3 - 0.2 * out.self_value  # a one-use item: small, so its effect decides
        if who == "theirs_soul":
            return -8.0 if out.lead else out.rival * 8.0 if out.leader_souls > 0 else 0.0
        if who in ("theirs", "rival"):
            return out.rival * out.their_best_item
        if who == "curse":
            return 2.0 if out.curse else 0.0
        if who == "mine":
            return -(out.my_items[0] if out.my_items else 3.0)
        return 0.0
    if what == "kill":
        if who == "monster":
            return max((w for _h, w in out.monsters), default=0.0)
        if who == "rival":
            return out.rival * out.rival_death
        return -out.my_death if who == "me" else 0.0
    if what == "damage":
        return _damage_worth(who, amount, out)
    if what == "recharge":
        if per < 0:  # deactivate, skip_recharge (FS-6.2, FS-8.1): mine sideways is a loss, a rival's a gain
            return (
                -0.5
                if who in ("self", "me", "mine")
                else out.rival * 0.5
                if who in ("rival", "theirs")
                else 0.0
            )
        if who == "self":
            return 0.5
        return out.spent_items * (1 if who in ("me", "mine", "?") else 0)
    if what == "reroll":  # an item for a fresh treasure (worth 3): one named, or the best/worst there is
        now = out.item_now
        if who in ("theirs", "rival"):
            return out.rival * (now - 3.0 if now is not None else max(0.0, out.their_best_item - 3.0))
        if who in ("mine", "me"):
            return (
                3.0 - now if now is not None else max(0.0, 3.0 - (out.my_items[0] if out.my_items else 3.0))
            )
        return 0.0
    if what == "copy":
        return max(0.3, 0.5 * (out.their_best_item - out.self_value)) if out.my_turn else 0.0
    if what == "loot_play":
        n = 3.0 if params.get("n") == "unlimited" else amount
        extra = sorted(out.hand, reverse=True)[out.loot_plays : out.loot_plays + int(n)]
        return sum(max(0.0, h) for h in extra) if out.my_turn else 0.2
    if what == "attack":
        return out.fight - 0.5 if params.get("mode") == "must" else max(0.0, out.fight)
    if what == "move":  # ``put_under`` names its one card ``card``: a slot monster put away is read as moved
        cards = params.get("cards", params.get("card"))
        if cards == "self":
            return 0.0
        head = sel_head(cards) if cards is not None else ""
        if isinstance(cards, str) and out.plan.get(cards) == "monster":
            head = "monster"  # a chosen monster (a target variable)
        if params.get("to") == "hand":  # a card to my hand: a loot card gained
            return 1.0
        if (
            params.get("to") == "monster_slot"
            and isinstance(cards, str)
            and cards[:1].isupper()
            and head != "monster"
        ):
            # a chosen card from outside the slots (a discarded monster, FS-3.8) comes in on top of one: worth
            # the better fight it offers me now over the best one there; off my turn it is the active rival's
            # fight first (nothing), once my fights are done a token
            if not out.my_turn:
                return 0.0
            if out.fight_done:
                return 0.1
            return max(0.1, out.discard_fight - max(0.0, out.fight))
        if head == "monster":
            return 1.5 if out.bad_slots else -0.5
        if head == "card_in" or str(params.get("to", "")).endswith("top"):
            return 0.2
        return 0.1
    if what == "buff":
        atk = _amount(params.get("atk", 0), out)
        gain = atk * (1.5 if out.my_turn else 0.3) + _num(params.get("hp", 0)) * 0.5
        gain += _num(params.get("roll", 0)) * 0.8 * (1 if out.my_turn else 0)
        if who == "monster":  # a lower evasion helps my attack roll on my turn, like +1 to it
            return -_num(params.get("ev", 0)) * 0.8 if out.my_turn and not out.fight_done else 0.0
        return gain if who == "me" else -out.rival * gain if who == "rival" else 0.0
    if what == "turn":
        v = per
        return v if who == "me" else -out.rival * v if who == "rival" else 0.0
    if what == "info":  # a deck chosen by a target (``deck`` plan) reads like one the card names
        return per * amount if who in ("me", "?", "rival", "deck") else 0.0
    if what == "soul":
        return per
    if what == "counter":  # on the item in use: what its statics make of a counter (``counter_worths``)
        if who == "self":  # FS-5.14: a counter removed from it costs what one added gains (its own price)
            return (out.counter_gain if per >= 0 else -out.counter_cost) * amount
        fed = (
            out.per_counter.get(params.get("kind", "generic")) if who in ("me", "rival", "monster") else None
        )
        if fed is None:
            return per * amount
        # a counter a table-wide static counts (``per_counter_worths``): its stat on me is mine, on a rival
        # a rival's, on a monster a loss for those who fight it (me one of n); removing one undoes that
        sign = 1.0 if per >= 0 else -1.0
        if who == "me":
            return sign * fed[0] * amount
        if who == "rival":
            return -sign * out.rival * fed[0] * amount
        return -sign * fed[1] * amount / max(1, out.n_players)
    if what == "cost":
        return cost_value([{verb: p}], out)
    # plain resources: cents, loot, treasure, hp
    whole = params.get(amount_key) == "all" and what in ("cents", "loot")
    if whole:  # every one the player has (FS-6.11, FS-6.19): mine, or the leader's for a rival
        amount = _all_of(what, who, out, amount)
    if what == "hp" and per > 0 and who == "me" and params.get(amount_key) == "full" and out.view is not None:
        amount = float(max(0, out.view.max_hp - out.hp))  # a full heal: the damage I have taken
    v = per * amount
    if what == "cents" and per < 0 and who == "me":
        v = -0.3 * min(amount, out.cents)
    if what == "loot" and per < 0 and who == "me":  # the worst cards go first; all of them: my whole hand
        v = -(sum(out.hand) if whole else (min(out.hand) if out.hand else 0.0) * amount)
    if who == "me":
        return v
    if who == "rival":
        return -out.rival * v
    return 0.0


def _all_of(what: str, who: str, out: Outlook, default: float) -> float:
    """``all`` of a player's cents or loot cards: mine from the outlook; a rival's read as the leader's (the
    rival the outlook weighs) on the view, public (FS-3.3: cents, hand sizes); else ``default``."""
    if who == "me":
        return float(out.cents if what == "cents" else len(out.hand))
    view = out.view
    if who == "rival" and view is not None:
        return float(view.cents_of(out.leader) if what == "cents" else view.hand_size(out.leader))
    return default


_TURN_OF = re.compile(r"^(not )?turn_of\((\w+)\)$")


def _turn_of(cond: Any, out: Outlook) -> bool | None:
    """A condition ``turn_of(X)`` / ``not turn_of(X)`` read by the plan: true for me in my turn, false for a
    rival in my turn; None when the model cannot tell (another condition, a rival's turn: which rival?)."""
    m = _TURN_OF.match(cond) if isinstance(cond, str) else None
    if m is None:
        return None
    who = _who(m.group(2), out)
    if who == "me":
        now = out.my_turn
    elif who == "rival" and out.my_turn:
        now = False
    else:
        return None
    return not now if m.group(1) else now


PRICES: Final[dict[str, float]] = {"loot": 1.0, "cents": 0.3, "treasure": 3.0}
"""A printed reward's price a piece in the value model's points (a loot card 1, 1¢ 0.3, a fresh treasure 3):
one table for every reading of a monster's or an attackable side's rewards."""

# how far below a bonus soul's threshold a count still reads as near (FS-14.8): about four turns of cents
# (1¢ a turn start, loot and rewards) or of loot cards; an item count is as near as the share of it held
_BONUS_SPAN: Final[dict[str, float]] = {"cents": 12.0, "hand_size": 4.0}


def bonus_closeness(measure: str, n: int, have: int) -> float:
    """How near a player holding ``have`` of ``measure`` is to a bonus soul gained at ``n`` (FS-14.8), 0..1
    (1: met): the share of the soul's worth a plan keeping or adding to that count may count on."""
    if have >= n:
        return 1.0
    span = _BONUS_SPAN.get(measure, float(n))
    return max(0.0, 1.0 - (n - have) / span)


_SIDEWAYS: Final = 0.5  # a charged ↷ object the penalty turns sideways: a use lost (the ``deactivate`` price)


def death_price(view: View, reader: Any, seat: int) -> float:
    """What a death costs ``seat``, read from the position (public, FS-3.3) as the death penalty takes it
    (FS-13.9): the non-eternal item it destroys (the cheapest by ``item_value``: the dying player picks),
    a loot card (at its price: a rival's hand is hidden), 1¢, a use of each charged ↷ object it turns
    sideways. The rest of the dying player's own turn (FS-13.8) is not added: a death there mostly comes in
    its one attack, after its purchase, and that fight's worth is weighed beside the death (priced at 2 it
    played worse, docs/four_souls.md). The one price of a death for every reading of one (fights to a death,
    lethal damage, an attacker shot, a kill saved). Not read: a card that replaces or spares the penalty
    (Ball of Tumors, Soulbond). In solo and co-op a death also costs the team a timer tick (FS-17.4), which
    this does not weigh: there it is a typical table's ``DEATH``."""
    if view.coop:
        return DEATH
    items = view.items_of(seat)
    price = min((reader.item_value(i.ref.printed) for i in items if not i.eternal), default=0.0)
    if view.hand_size(seat) > 0:
        price += PRICES["loot"]
    if view.cents_of(seat) > 0:
        price += PRICES["cents"]
    char = view.character_of(seat)
    sideways = sum(1 for i in items if i.charged and i.rules.tap) + (
        1 if char.charged and char.rules.tap else 0
    )
    return price + _SIDEWAYS * sideways


def _player_fight(attacker: str, attacked: str, evasion: float, out: Outlook) -> float:
    """An attack on a player's character goes on until the attacker or that player dies (FS-10.7, FS-10.6):
    a death, the attacked player's at the attacker's chance of winning (``reading.win_chance``: the
    attacker hits at the evasion the allowing ability states, with their own roll bonus (FS-9.4: the leader's
    too), the attacked hits back on a miss, FS-10.9), else the attacker's. Mine costs me ``out.my_death``, the leader's is worth theirs at ``out.rival``; between
    two rivals one of them dies whoever wins."""
    ev = int(evasion)
    if attacker == "me" and attacked == "rival":
        hit, die = roll_odds(None, ev, out.roll_bonus, out.own_faces)  # my own faces (FS-10.9, FS-5.4)
        p = win_chance(out.hp, max(1, out.atk), out.rival_hp, hit, out.rival_atk, die)
        return p * out.rival * out.rival_death - (1.0 - p) * out.my_death
    if attacker == "rival" and attacked == "me":
        p = win_chance(
            out.rival_hp, out.rival_atk, out.hp, hit_chance(ev, out.rival_roll_bonus), max(1, out.atk)
        )
        return (1.0 - p) * out.rival * out.rival_death - p * out.my_death
    if attacker == "rival" and attacked == "rival":
        return out.rival * out.rival_death
    return 0.0


def _damage_worth(who: str, amount: float, out: Outlook) -> float:
    """What ``amount`` damage to ``who`` is worth to me (a monster: its kill or a dent)."""
    if who == "monster":  # a dent heals at end of turn (FS-8.10): it helps only a fight of mine still to come
        dent = 0.2 * amount if out.my_turn and not out.fight_done else 0.0
        return max((w if h <= amount else dent for h, w in out.monsters), default=0.0)
    if who == "me":  # it heals at end of turn (FS-8.10): it costs only a fight still to come
        return (
            -out.my_death if amount >= out.hp else (-0.1 if out.fight_done and out.my_turn else -0.6) * amount
        )
    if who == "rival":  # damage heals at end of turn (FS-8.10): only a kill lasts
        if out.rival_hp <= 0:  # a dead leader marks none and does not die again (FS-Q.21, FS-13.12)
            return 0.0
        return out.rival * (out.rival_death if amount >= out.rival_hp else 0.3 * amount)
    return 0.0


def flip_worth(out: Outlook) -> float:
    """What turning the item in use to its other side is worth (FS-6.10; ``Outlook.self_sides``): the side
    turned up against the side that shows — their passive statics, what the new side hears as it turns up
    (``flipped: self`` triggers), and, for a side that can be attacked (FS-10.6), the fight it offers. A
    flip of anything else (a character, an item chosen by a target) is not weighed (0)."""
    sides = out.self_sides
    if sides is None:
        return 0.0
    (now_card, now_rules), (up_card, up_rules) = sides
    v = statics_worth(up_rules) - statics_worth(now_rules)
    for ab in up_rules.triggers.get("flipped", ()):
        v += effect_value(ab.do, out)
    return v + _as_target(up_card, up_rules, out) - _as_target(now_card, now_rules, out)


def _as_target(card: Any, rules: Any, out: Outlook) -> float:
    """A side that can be attacked (an ``attackable`` static and a stat block, FS-10.6) is a fight with its
    rewards for whoever kills it: mine when I can still attack this turn (my chance of winning, by
    ``reading.win_chance``), else the rivals' in their turns (each rival's gain a loss at ``out.rival``). Its
    rewards at the value model's prices (a loot card 1, 1¢ 0.3, a treasure 3), its reward effects as
    :func:`reward_worth` reads them (FS-13.4)."""
    if card.hp is None or not any("attackable" in st for st in rules.statics):
        return 0.0
    worth = sum(PRICES.get(k, 0.5) * _num(n) for k, n in (card.rewards or {}).items())
    worth += reward_worth(rules, out.n_players, 0) if rules.rewards else 0.0
    p = 0.0
    if out.my_turn and not out.fight_done:
        hit, die = roll_odds(rules, card.evasion or 0, out.roll_bonus, out.own_faces)  # FS-10.9, FS-5.4
        p = win_chance(out.hp, max(1, out.atk), card.hp, hit, card.attack or 0, die)
    return p * worth - (1.0 - p) * out.rival * (out.n_players - 1) * worth


def shop_worth(out: Outlook, every: bool = False) -> float:
    """What taking a shop item is worth (FS-1.1, FS-6.12: a shop slot's item, nobody's, taken from no one):
    the best one on offer by its worth (``item_value``), or with ``every`` all of them; on a bare outlook (a
    reward read at a typical table, no view) a fresh treasure's worth for the one, two slots' for all
    (FS-3.12)."""
    v: View | None = out.view
    if v is None or out.reader is None:
        return PRICES["treasure"] * (2.0 if every else 1.0)
    worths = [out.reader.item_value(i.ref.printed) for i in v.shop]
    return sum(worths) if every else max(worths, default=0.0)


def _take(verb: str, params: dict, out: Outlook) -> float:
    """steal / give: the taker gains what the other loses."""
    what = params.get("what")
    if verb == "steal":
        frm = _who(params.get("from", "?"), out)
        to = _who(params.get("to", "you"), out)
    else:
        frm = _who(params.get("from", "you"), out)
        to = _who(params.get("to"), out)
    gift = 0.0
    if what == "self":  # the item itself changes hands: what holding it is worth (a burden is worth giving)
        worth = held_worth(out.self_rules, out) if out.self_rules is not None else out.self_value
        gift = _on_gain(out.self_rules, out) if out.self_rules is not None else 0.0
    elif what == "soul":
        worth = 8.0 if out.leader_souls > 0 else 0.0  # nothing to take yet: keep it
    elif isinstance(what, dict) and "cents" in what:
        worth = 0.3 * _num(what["cents"])
    elif isinstance(what, dict) and "loot" in what:
        worth = 1.0 * _num(what["loot"])
    elif isinstance(what, str) and out.plan.get(what) in ("shop", "shop_all"):  # nobody's: taken from no one
        worth, frm = shop_worth(out, out.plan[what] == "shop_all"), "shop"
    elif isinstance(what, str):  # an item variable
        worth = out.their_best_item
    else:
        worth = 1.0
    v = 0.0
    if to == "me":
        v += worth + gift
    elif to == "rival":
        v -= out.rival * (worth + gift)
    if frm in ("rival", "?", "theirs"):
        v += out.rival * worth
    elif frm == "me":
        v -= worth
    return v


_HOLD_TURNS = 2.0  # turns an item changing hands is held before it can be passed on again (its next ↷)


def held_worth(rules: Any, out: Outlook) -> float:
    """What holding an item that gives itself away is worth to its holder: its statics, and the triggers of
    its holder's turns read by the value model (as ``room_value`` reads a room's) for the turns it is held
    (``_HOLD_TURNS``). Not its abilities' uses: each use hands it on again. An item whose turn triggers cost
    its holder (loot for every other player, a discard each turn) is worth less than nothing, so giving it
    away is worth it."""
    turns = 0.0
    saved = out.my_turn, dict(out.plan)
    out.my_turn = True
    try:
        for event, abs_ in rules.triggers.items():
            if event not in _TURN_EVENTS:
                continue
            for ab in abs_:
                out.plan = {}
                _plan_targets(ab.targets or {}, ab.do, out)
                worth = effect_value(ab.do, out)
                turns += max(0.0, worth) if ab.optional else worth
    finally:
        out.my_turn, out.plan = saved[0], saved[1]
    return statics_worth(rules) + _HOLD_TURNS * turns


def _on_gain(rules: Any, out: Outlook) -> float:
    """What the item's "when gained" triggers give its new holder (``gained: self``)."""
    v = 0.0
    for ab in rules.triggers.get("gained", ()):
        v += effect_value(ab.do, out)
    return v


def _first(verb: str) -> str:
    ps = VERBS[verb].params
    return ps[0] if ps else ""


def _hook(name: Any, out: Outlook) -> float:
    aim = HOOK_AIMS.get(str(name))
    if aim is None:
        return 0.0
    if aim.what == "loot_copy":
        return max(out.hand, default=0.0) if out.my_turn and out.loot_plays > 0 and len(out.hand) > 1 else 0.0
    if aim.what == "hands":
        return aim.per * out.hand_gap
    if aim.what == "vote":
        return out.rival * out.their_best_item
    if aim.what == "copy":
        return out.spent_items
    return 0.0


# ------------------------------------------------------------------ targets
_HELPFUL = frozenset({"cents", "loot", "treasure", "hp", "buff", "recharge", "turn", "loot_play", "attack"})


def _plan_targets(bindings: Any, eff: Any, out: Outlook) -> None:
    """Decide, per target variable, whom it should name: a player helped → me, harmed → a rival; an
    item helped (recharge, copy) → mine, harmed (destroy, steal, reroll) → theirs; a soul → theirs.
    The choice reads the card's structure alone (``_target_kinds``), except "a player or a monster"."""
    if not isinstance(bindings, dict) or not bindings:
        return
    reader = out.reader
    kinds = reader.shape(bindings, eff, _target_kinds) if reader is not None else _target_kinds(bindings, eff)
    for var, who in kinds:
        if who == "either":  # a player named only by a filter (each item of P): whichever is worth more
            out.plan[var] = "me"
            mine = effect_value(eff, out)
            out.plan[var] = "rival"
            who = "me" if mine >= effect_value(eff, out) else "rival"
            out.either[var] = who
        elif who == "either_item":  # an item rerolled, anyone's: mine (a poor one) or theirs, by worth
            out.plan[var] = "mine"
            mine = effect_value(eff, out)
            out.plan[var] = "theirs"
            who = "mine" if mine > effect_value(eff, out) else "theirs"
            out.either[var] = who
        out.plan[var] = who if who != "monster?" else "monster" if out.monsters else "rival"


def harms_player(ab: Any, reader: Any) -> bool:
    """Does the value model plan a player the ability targets as a rival (``_target_kinds``)? An ability
    whose verbs read as help may still mark its player target for harm (an attack imposed on them, FS-10.6;
    abilities that hurt their holder, FS-5.2): that target is not me."""
    bindings = ab.targets if ab is not None else None
    if not isinstance(bindings, dict) or not bindings:
        return False
    kinds = (
        reader.shape(bindings, ab.do, _target_kinds) if reader is not None else _target_kinds(bindings, ab.do)
    )
    return any(who == "rival" and sel_head(bindings[var]) in _PLAYER_HEADS for var, who in kinds)


_PLAYER_HEADS = frozenset({"player", "living_player", "any_player"})


def _target_kinds(bindings: dict, eff: Any) -> tuple:
    """(variable, whom it names) for each binding; "monster?" is a monster when one is in a slot."""
    kinds = []
    for var, sel in bindings.items():
        head = sel_head(sel)
        flags = _flags(sel)
        if (
            head in ("player", "living_player", "any_player")
            and not _verbs_naming(eff, var)
            and _filtered_by(eff, var)
        ):
            kinds.append((var, "either"))
        elif head in ("player", "living_player", "player_or_monster", "any_player") and _counters_on(
            eff, var
        ):
            kinds.append((var, "either"))  # a counter's worth depends on the statics in play: me or a rival
        elif head in ("player", "living_player", "player_or_monster", "any_player"):
            good = _helps_var(eff, var)
            if head == "player_or_monster" and not good:
                kinds.append((var, "monster?"))
            else:
                kinds.append((var, "me" if good else "rival"))
        elif head in ("other_player", "other_players", "non_active_player"):
            kinds.append((var, "rival"))
        elif head == "shop_item" and "steal" in reading_verbs(eff):
            kinds.append((var, "shop"))  # taken from the shop, nobody's: its worth (``shop_worth``)
        elif head in ("item", "item_or_soul", "shop_item"):
            if "you_control" in flags:
                kinds.append((var, "mine"))
            elif "other_controls" in flags or "player_controls" in flags or "other" in flags:
                kinds.append((var, "theirs"))
            elif head == "item" and reading_verbs(eff) == {"reroll_item"}:
                kinds.append((var, "either_item"))  # anyone's item: my worst or the leader's best (FS-6.18)
            else:
                kinds.append((var, "mine" if _helps_var(eff, var) else "theirs"))
        elif head == "soul":
            kinds.append((var, "theirs_soul"))
        elif head == "monster":
            kinds.append((var, "monster"))
        elif head == "curse":
            kinds.append((var, "curse"))
        else:
            kinds.append((var, head))
    return tuple(kinds)


def _counters_on(eff: Any, var: str) -> bool:
    """Is ``var`` named only by counters put on it (Red Proglottid's egg)? What such a counter is worth
    depends on the statics in play that count it (``per_counter_worths``), not on the card's structure."""
    named = _verbs_naming(eff, var)
    return bool(named) and all(verb == "add_counters" for verb, _p in named)


def _filtered_by(eff: Any, var: str) -> bool:
    """Does a selector inside the effect filter by what ``var`` controls (``controlled_by: var``)?"""
    if isinstance(eff, dict):
        return any((k == "controlled_by" and v == var) or _filtered_by(v, var) for k, v in eff.items())
    if isinstance(eff, list):
        return any(_filtered_by(e, var) for e in eff)
    return False


def _flags(sel: Any) -> tuple:
    if isinstance(sel, dict) and sel:
        v = next(iter(sel.values()))
        if isinstance(v, list | tuple):
            return tuple(f for f in v if isinstance(f, str))
        return (v,) if isinstance(v, str) else ()
    return ()


def _helps_var(eff: Any, var: str) -> bool:
    """Does the effect do good to whatever ``var`` names (by the verbs that name it)? A variable no
    verb names (a replacement's player, a filter's) counts as good: such rules modify what it does."""
    good = bad = 0
    for verb, p in _verbs_naming(eff, var):
        aim = AIMS[verb]
        if aim.what == "attack" and p.get("target") == var:  # the attacked player's character (FS-10.6)
            bad += 1
        elif p.get("object") == var and isinstance(p.get("abilities"), list):
            # abilities ``var`` gains (FS-5.2): good for it when they help their holder ("you" in them)
            if _helps_var(p["abilities"], "you"):
                good += 1
            else:
                bad += 1
        elif aim.what in _HELPFUL and aim.per > 0 or aim.what == "copy":
            good += 1
        elif aim.what == "take":
            if (verb == "give" and p.get("from") == var) or (verb == "steal" and p.get("from") == var):
                bad += 1
            else:
                good += 1
        else:
            bad += 1
    return good > bad or good == bad == 0


def _verbs_naming(eff: Any, var: str, found: list | None = None) -> list:
    if found is None:
        found = []
    if isinstance(eff, dict):
        for k, v in eff.items():
            if k in AIMS:
                params = v if isinstance(v, dict) else {_first(k): v}
                if var in params.values():
                    found.append((k, params))
            _verbs_naming(v, var, found)
    elif isinstance(eff, list):
        for e in eff:
            _verbs_naming(e, var, found)
    return found
