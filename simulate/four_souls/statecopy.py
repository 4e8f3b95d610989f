"""A copy of a Four Souls position that plays on exactly as the original would (a search's branch copies
the position it branches at: ``branching.play_copy``).

Compiled (``cardlab/compiled.py``): the copy sets hundreds of fields of compiled objects a branch, and
interpreted that loop was a fifth of a compiled search game (docs/performance.md). An object
(:class:`Obj`), a player and the game itself are copied by code naming their fields, so the compiled build reads and sets them natively rather than by name; the few records the game
holds (the attack, the variants' states) are read from their classes (``dataclasses.fields``). A field added
to ``Game``, ``Obj`` or ``Player`` and not named here fails ``test_every_field_of_every_record_is_copied``
(tests/four_souls/test_copy_state.py).
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any, Final

from cardlab.simulate.core.decisions import Players

from .blank_card import BlankCard
from .challenge import Challenge
from .coop import Coop
from .log import FSLog
from .refs import CardRef, ObjRef, SeatRef
from .rooms import Rooms
from .soul_trading import SoulTrading
from .state import Attack, Caches, Game, Obj, Player, VariantRules
from .trade import Trade
from .two_player import TwoPlayer
from .views import View


def copy_state(g: Game, strategies: list | None = None) -> Game:
    """An independent copy of ``g`` that plays on exactly as ``g`` would: the same seeded streams, the same
    players with the same memory (``g.io``'s strategies are deep-copied, unless ``strategies`` — the
    seats a branch will fill itself — is given). Between two turns ``turn.play_turns`` plays it on.

    Written for this state (issue 14 item 1), where ``copy.deepcopy`` spent most of a branch's copy on
    its generic dispatch: every object (:class:`Obj`), player and zone is rebuilt field by field (an
    object's, a player's and the game's fields named in :func:`_twin`, :meth:`Copier.obj`,
    :meth:`Copier.player` and :meth:`Copier.fields`), so no field is shared by mistake; numbers, names and the public
    handles are shared as they are. What this copy does not know (stack items, an effect's context, delayed triggers) goes
    to ``copy.deepcopy`` with the objects already copied in its memo, so every reference reaches the
    copy's own objects. Shared with ``g``: the card data (every physical card of the game, its card and
    compiled behaviour: nothing writes to a ``Phys``, and an object that enters play is a new
    :class:`Obj` over the same card, FS-3.2), the configuration and the logged rows; the caches start
    empty (``Caches``: derived, but for the trigger-name and forbid indexes, which only grow, and the cards
    working while covered, read from the shared card data; a compiled build could not copy the bonus-soul
    tests' closures either)."""
    return Copier(g, strategies).game


def _shared(g: Game) -> dict[int, Any]:
    """The copy's memo to start from: what the copy shares with ``g`` (or starts anew), by ``id``. The card
    data part is made once and kept in ``g``'s caches while its key holds (a search copies the same game
    for every branch): ``all_phys`` only grows and the lists of cards outside the game only shrink, into
    it, so their lengths say when it changed; the kept memo holds every object it names, so no ``id`` in
    it can be reused meanwhile."""
    cache = g.cache  # derived: starts empty but for the indexes that only grow and the covered cards
    key = (len(g.all_phys), len(g.outside_cards), len(g.outside_chars), len(g.outside_bonus))
    kept = cache.card_memo
    if kept is None or kept[0] != key:
        kept = cache.card_memo = (key, _card_data(g))
    memo: dict[int, Any] = dict(kept[1])
    memo[id(g.cfg)] = g.cfg
    memo[id(cache)] = Caches(
        trig_names=set(cache.trig_names),
        forbid_on=cache.forbid_on,
        # the cards working while covered: read from the card data alone, which the copy shares, keyed by
        # its count, and replaced when found again, never changed in place (so a branch need not list the
        # game's cards again)
        covered_key=cache.covered_key,
        covered_cards=cache.covered_cards,
    )
    return memo


def _card_data(g: Game) -> dict[int, Any]:
    """Every physical card of ``g``, its card and compiled behaviour, by ``id``: shared by its copies."""
    memo: dict[int, Any] = {}
    phys = g.all_phys
    cards = [p.card for p in phys]
    rules = [p.rules for p in phys]
    backs = [x for r, c in zip(rules, cards, strict=True) if r.back is not None for x in (r.back, c.back)]
    overlays = [r.items_have for r in rules if r.items_have is not None]
    # a double-faced card's back side (FS-6.10) and what a room makes every item (Re-Isaac): card data too
    for data in (phys, cards, rules, backs, overlays):
        for x in data:
            memo[id(x)] = x
    for entry in (*g.outside_cards, *g.outside_chars, *g.outside_bonus):  # cards outside the game: card data
        for y in entry:
            if y is not None:
                memo[id(y)] = y
    return memo


_NONE: Final = type(None)


def _atom(t: type) -> bool:
    """Whether a value of type ``t`` is shared as it is: immutable, and holding nothing of the state (the
    handles are frozen). Tested with ``is``, the kinds met most first: compiled, cheaper than a set's hash."""
    return (
        t is int
        or t is str
        or t is _NONE
        or t is bool
        or t is ObjRef
        or t is CardRef
        or t is SeatRef
        or t is float
    )


def names(cls: type) -> tuple[str, ...]:
    """The fields a copy sets on an instance of ``cls``: all of them, read from the class."""
    return tuple(f.name for f in dataclasses.fields(cls))


# the attack in progress, the variants' states and Blank Card's copies: copied field by field like objects
_RECORDS: Final[dict[type, tuple[str, ...]]] = {
    cls: names(cls)
    for cls in (Attack, VariantRules, Rooms, Challenge, TwoPlayer, SoulTrading, Trade, Coop, BlankCard)
}


class Copier:
    """One copy of a game: ``memo`` maps ``id`` of each part of ``g`` copied so far (or shared) to the
    copy's, so a part reached twice is copied once and every reference lands on the copy's own part."""

    def __init__(self, g: Game, strategies: list | None) -> None:
        memo = self.memo = _shared(g)
        h = _blank(g)
        memo[id(g)] = h
        # the objects and players first (an object with its numbers and names, a player blank), so that
        # whatever points at them finds their copy
        objs: dict[int, Obj] = {}
        for uid, o in g.objs.items():
            c = objs[uid] = _twin(o)
            memo[id(o)] = c
        players: list[Player] = []
        for p in g.players:
            b = _blank(p)
            players.append(b)
            memo[id(p)] = b
        h.views = [View(h, v.seat) for v in g.views]
        for v, w in zip(g.views, h.views, strict=True):
            memo[id(v)] = w
        h.cfg, h.players, h.objs, h.all_phys = g.cfg, players, objs, list(g.all_phys)
        h.cache = memo[id(g.cache)]
        h.streams = memo[id(g.streams)] = g.streams.copy()
        h.log = memo[id(g.log)] = _log(g.log)
        h.io = self.players(g.io, strategies)
        for uid, o in g.objs.items():
            self.obj(objs[uid], o)
        for p, b in zip(g.players, players, strict=True):
            self.player(b, p)
        self.fields(h, g)
        self.game: Game = h

    def get(self, v: Any) -> Any:
        """The copy of ``v``: taken from the memo when copied or shared already (its card, its rules), else
        through :meth:`value`."""
        if v is None:
            return None
        y = self.memo.get(id(v))
        return self.value(v) if y is None else y

    def obj(self, c: Obj, o: Obj) -> None:
        """The fields of ``o`` that hold more than numbers and names, set on its twin ``c``
        (:func:`_twin`)."""
        c.phys = self.get(o.phys)
        c.rules = self.get(o.rules)
        c.named = self.get(o.named)
        c.erased = self.get(o.erased)
        c.turn_counts = self.get(o.turn_counts)
        c.round_counts = self.get(o.round_counts)
        c.copy_until_eot = self.get(o.copy_until_eot)
        c.face = self.get(o.face)
        c.noted = self.get(o.noted)

    def player(self, b: Player, p: Player) -> None:
        """Every field of ``p`` set on its blank copy ``b``: numbers and names as they are, the rest
        through the memo (an unset field fails when read)."""
        b.seat, b.character, b.items = p.seat, self.get(p.character), self.get(p.items)
        b.souls, b.curses, b.hand = self.get(p.souls), self.get(p.curses), self.get(p.hand)
        b.shields, b.counters, b.known = self.get(p.shields), self.get(p.counters), self.get(p.known)
        b.cents, b.damage, b.max_seen, b.dead = p.cents, p.damage, p.max_seen, p.dead
        b.death_pending, b.deaths, b.kills, b.turn_kills = p.death_pending, p.deaths, p.kills, p.turn_kills
        b.loot_plays, b.unlimited_loot, b.loots_played = p.loot_plays, p.unlimited_loot, p.loots_played
        b.b_atk, b.b_hp, b.b_roll, b.next_atk, b.next_d8 = p.b_atk, p.b_hp, p.b_roll, p.next_atk, p.next_d8
        b.attack_rolls_this_turn, b.attacked = p.attack_rolls_this_turn, p.attacked
        b.skip_next_turn, b.no_attacks_next, b.no_attacks = p.skip_next_turn, p.no_attacks_next, p.no_attacks
        b.char_soul, b.shop_buys, b.acts_used = p.char_soul, p.shop_buys, p.acts_used
        b.dealt_character, b.dealt_item = p.dealt_character, p.dealt_item

    def fields(self, h: Game, g: Game) -> None:
        """Every field of ``g`` but those :meth:`__init__` builds, set on its blank copy ``h``: numbers and
        flags as they are, the rest through the memo (:meth:`get`). Named, so the compiled
        build reads and sets them natively; a field left out here is unset in the copy, which fails
        ``test_every_field_of_every_record_is_copied``."""
        h.n, h.bank, h.unlimited_bank, h.active, h.first = g.n, g.bank, g.unlimited_bank, g.active, g.first
        h.turn, h.next_uid, h.attacks_left = g.turn, g.next_uid, g.attacks_left
        h.purchases_left, h.attacks_used, h.deck_attacks = g.purchases_left, g.attacks_used, g.deck_attacks
        h.deck_attacks_unlimited, h.ending_turn = g.deck_attacks_unlimited, g.ending_turn
        h.stat_counters, h.discard_listeners = g.stat_counters, g.discard_listeners
        h.stop_effect, h.last_count, h.resolved, h.over = g.stop_effect, g.last_count, g.resolved, g.over
        h.between, h.acted, h.obj_ver, h.monster_deaths = g.between, g.acted, g.obj_ver, g.monster_deaths
        h.extra_turn, h.souls_rule, h.loot = g.extra_turn, g.souls_rule, self.get(g.loot)
        h.loot_disc, h.treasure = self.get(g.loot_disc), self.get(g.treasure)
        h.treasure_disc, h.monster = self.get(g.treasure_disc), self.get(g.monster)
        h.monster_disc, h.shop, h.mslots = self.get(g.monster_disc), self.get(g.shop), self.get(g.mslots)
        h.bonus, h.outside_chars = self.get(g.bonus), self.get(g.outside_chars)
        h.outside_cards, h.outside_bonus = self.get(g.outside_cards), self.get(g.outside_bonus)
        h.bonus_objs, h.removed, h.temp = self.get(g.bonus_objs), self.get(g.removed), self.get(g.temp)
        h.stack, h.pending, h.attack = self.get(g.stack), self.get(g.pending), self.get(g.attack)
        h.attacked_uids, h.last_attack_roll = self.get(g.attacked_uids), self.get(g.last_attack_roll)
        h.hit_player_uids, h.marks = self.get(g.hit_player_uids), self.get(g.marks)
        h.owed_evasion, h.must_attack = self.get(g.owed_evasion), self.get(g.must_attack)
        h.may_attack, h.team_ups = self.get(g.may_attack), self.get(g.team_ups)
        h.extra_turns, h.hold_slots = self.get(g.extra_turns), self.get(g.hold_slots)
        h.refill_shuffled, h.delayed = self.get(g.refill_shuffled), self.get(g.delayed)
        h.event_counts, h.discard_objs = self.get(g.event_counts), self.get(g.discard_objs)
        h.next_events, h.eot_replacements = self.get(g.next_events), self.get(g.eot_replacements)
        h.obj_shields, h.copies = self.get(g.obj_shields), self.get(g.copies)
        h.modes_used, h.gains = self.get(g.modes_used), self.get(g.gains)
        h.last_damager, h.last_rolls = self.get(g.last_damager), self.get(g.last_rolls)
        h.killing_roll, h.seen_top = self.get(g.killing_roll), self.get(g.seen_top)
        h.seen_bottom, h.seen_drawn = self.get(g.seen_bottom), self.get(g.seen_drawn)
        h.coupling, h.pa_grants = self.get(g.coupling), self.get(g.pa_grants)
        h.eot_forbids, h.challenge = self.get(g.eot_forbids), self.get(g.challenge)
        h.last_damage, h.wins_after = self.get(g.last_damage), self.get(g.wins_after)
        h.variant_rules, h.two_player = self.get(g.variant_rules), self.get(g.two_player)
        h.soul_trading, h.trade, h.coop = self.get(g.soul_trading), self.get(g.trade), self.get(g.coop)
        h.rooms, h.blank_card, h.stripped = self.get(g.rooms), self.get(g.blank_card), self.get(g.stripped)
        h.stripped_start, h.possessed = self.get(g.stripped_start), self.get(g.possessed)
        h.rolled_at, h.rolls_on = self.get(g.rolled_at), self.get(g.rolls_on)
        h.overlaid, h.marked_shares = self.get(g.overlaid), self.get(g.marked_shares)
        h.copies_next_turn, h.eternal_eot = self.get(g.copies_next_turn), self.get(g.eternal_eot)
        h.under, h.doomed_faces, h.to_hand = self.get(g.under), self.get(g.doomed_faces), self.get(g.to_hand)

    def fill(self, new: Any, old: Any, fields: tuple[str, ...]) -> None:
        """Every field of ``fields`` set on ``new`` from ``old``, by name: numbers and names as they are,
        the rest through :meth:`get`."""
        for name in fields:
            v = getattr(old, name)
            if not _atom(type(v)):
                v = self.get(v)
            setattr(new, name, v)

    def value(self, v: Any) -> Any:
        """The copy of one value of the state: containers rebuilt (each once), objects and players
        mapped to their copies, card data shared, anything else deep-copied through the same memo."""
        t = type(v)
        if _atom(t):
            return v
        memo = self.memo
        key = id(v)
        if key in memo:
            return memo[key]
        # each container is read through a variable of its type, so the compiled loops index it natively
        # rather than through a generic iterator
        if t is list:
            items: list = v
            out: list = []
            memo[key] = out
            for x in items:  # a deck, a hand, a zone: mostly cards and objects copied or shared already
                y = memo.get(id(x))
                if y is None:
                    y = x if _atom(type(x)) else self.value(x)
                out.append(y)
            return out
        if t is tuple:  # shared when it holds nothing to copy
            whole: tuple = v
            same = True
            parts = []
            for x in whole:
                y = self.value(x)
                same = same and y is x
                parts.append(y)
            return v if same else tuple(parts)
        if t is dict:
            pairs: dict = v
            d: dict = {}
            memo[key] = d
            for k, x in pairs.items():
                x = self.value(x)  # the value before its key, as the interpreted copy did
                d[self.value(k)] = x
            return d
        if t is set:
            members: set = v
            s = {self.value(x) for x in members}
            memo[key] = s
            return s
        fields = _RECORDS.get(t)
        if fields is not None:
            r = _blank(v)
            memo[key] = r
            self.fill(r, v, fields)
            return r
        return copy.deepcopy(v, memo)

    def players(self, io: Players, strategies: list | None) -> Players:
        """The table's players: their counters and recorded answers, and the strategies — deep-copied
        (the same players with the same memory) or the ones given; the cached ``declines`` are looked up
        again from the copy's players (a compiled player's bound method would be shared by a deep copy,
        not bound to the copy, issue 20)."""
        out = self.memo[id(io)] = copy.copy(io)
        out.choices = None if io.choices is None else list(io.choices)
        out._decliners = None
        out.strategies = copy.deepcopy(io.strategies, self.memo) if strategies is None else strategies
        return out


def _twin(o: Obj) -> Obj:
    """A new object with every field of ``o``, its public handle the same (no handle built to be thrown
    away); :meth:`Copier.obj` then copies the fields holding more than numbers and names."""
    return Obj(
        o.uid,
        o.phys,
        o.kind,
        o.controller,
        o.rules,
        o.charged,
        o.damage,
        o.max_seen,
        o.counters,
        o.levels,
        o.named,
        o.erased,
        o.eternal,
        o.starting,
        o.in_play,
        o.slot,
        o.b_atk,
        o.b_hp,
        o.b_ev,
        o.set_atk,
        o.soul_value,
        o.turn_counts,
        o.round_counts,
        o.copy_until_eot,
        o.dying,
        o.no_recharge,
        o.face,
        o.noted,
        o.ref,
    )


def _blank(x: Any) -> Any:
    """An instance of ``x``'s class with no fields set yet (the copier sets every one). Not for an object
    (:func:`_twin`): its ``__init__``, written out and compiled, runs from ``__new__`` too, so a bare
    ``__new__`` would ask for its arguments (issue 20)."""
    cls: Any = type(x)
    return cls.__new__(cls)


def _log(log: FSLog) -> FSLog:
    """The log with its counters where they stand; its rows (tuples of numbers and names) are shared."""
    out = FSLog(log.enabled)
    out.rows = list(log.rows)
    out.turn, out.phase, out.n, out.nb, out.ns = log.turn, log.phase, log.n, log.nb, log.ns
    return out
