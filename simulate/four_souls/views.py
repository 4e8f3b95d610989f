"""What a player may know (DESIGN: Decisions): a lazy, read-only view built per decision.

Public: everything in play (FS-3.3), hand *sizes* (FS-1.8), discards (FS-3.6), souls, cents, the stack.
Private to the viewer: their own hand, and cards they have been shown (look_hand). Never a deck order.
Nothing is computed until a strategy reads it. Cards, objects and stack items come as public handles
(``refs``): a card as its :class:`CardRef` (its printed face), an object's state through :meth:`View.info`,
a stack item's ability through :meth:`View.stack_ability` — never the engine's own objects.
"""

from __future__ import annotations

from typing import Any, Final

from . import asking, blank_card, checks, statics
from . import vocabulary as V
from .abilities import Ability, CardRules
from .carddefs import Card
from .dice import clamp
from .items import AbilityItem, LootItem, RollItem, StackItem
from .refs import BonusGoal, CardRef, ObjInfo, ObjRef, StackRef
from .rule_variants import cannon_fodder
from .state import Game, Obj, Phys, Player

_new_tuple: Any = tuple.__new__  # builds a NamedTuple record from its fields in one C call

# the entry ``View._other_info`` compares with before anything is kept for an object: matches none
_NOT_KEPT: Final[tuple[Obj | None, Any, int, bool, int, bool, str, Any, Any]] = (
    None,
    None,
    0,
    False,
    0,
    False,
    "",
    None,
    None,
)


class View:
    __slots__ = ("_g", "seat", "_souls_to_win")

    def __init__(self, g: Game, seat: int):
        self._g = g
        self.seat = seat
        # the configuration is a Python object (pickled into workers): a read of it is a generic lookup, so
        # the one number players read at every decision is kept here, native, from its first read (a search's
        # copy makes its views before it has a configuration)
        self._souls_to_win = -1

    def __reduce__(self) -> tuple:
        """Copied (a search copies the game with its views) by calling the class again: compiled (issue
        20), the class has no ``__dict__`` to copy."""
        return (View, (self._g, self.seat))

    # -- the viewer
    @property
    def hand(self) -> tuple[CardRef, ...]:
        return tuple([c.ref for c in self._g.players[self.seat].hand])

    @property
    def copies(self) -> tuple[CardRef, ...]:
        """Loot-card copies the viewer may play this turn (Blank Card)."""
        return tuple([c.ref for c in blank_card.copies(self._g, self.seat)])

    @property
    def cents(self) -> int:
        return self._g.players[self.seat].cents

    @property
    def hp(self) -> int:
        return statics.player_hp(self._g, self._g.players[self.seat])

    @property
    def max_hp(self) -> int:
        return statics.player_max_hp(self._g, self._g.players[self.seat])

    @property
    def atk(self) -> int:
        return self.atk_of(self.seat)

    def atk_of(self, seat: int) -> int:
        """``seat``'s attack now, for their next attack roll (FS-5.2: statics and buffs; public, FS-3.3)."""
        p = self._g.players[seat]
        return statics.player_atk(self._g, p, first_attack_roll=p.attack_rolls_this_turn == 0) + p.next_atk

    @property
    def loot_plays(self) -> int:
        return self._g.players[self.seat].loot_plays

    @property
    def attack_roll_bonus(self) -> int:
        return self.attack_roll_bonus_of(self.seat)

    def attack_roll_bonus_of(self, seat: int) -> int:
        """What is added to ``seat``'s next attack roll (the one on the stack, or the next to make) as it
        resolves (FS-9.4; public, FS-3.3)."""
        return statics.next_attack_roll_bonus(self._g, self._g.players[seat])

    @property
    def attacks_declared(self) -> int:
        """The attacks declared this turn (FS-10.2): which attack of the turn is in progress."""
        return self._g.attacks_used

    # -- public table
    @property
    def active(self) -> int:
        return self._g.active

    @property
    def turn(self) -> int:
        return self._g.turn

    @property
    def n_players(self) -> int:
        return self._g.n

    def souls(self, seat: int) -> int:
        return self._g.players[seat].soul_total()

    def cents_of(self, seat: int) -> int:
        return self._g.players[seat].cents

    def hand_size(self, seat: int) -> int:
        return len(self._g.players[seat].hand)

    def hp_of(self, seat: int) -> int:
        return statics.player_hp(self._g, self._g.players[seat])

    def counters_of(self, seat: int) -> dict[str, int]:
        """The named counters a player carries (FS-5.14: Summer Widow's spiders, on the player standing
        for their character; public, FS-3.3)."""
        return dict(self._g.players[seat].counters)

    def attack_rolls(self, seat: int) -> int:
        """The attack rolls ``seat`` has made this turn (public, FS-3.3): one more as each resolves."""
        return self._g.players[seat].attack_rolls_this_turn

    def items_of(self, seat: int) -> tuple[ObjInfo, ...]:
        return tuple([self._info(o) for o in self._g.players[seat].items])

    def rules_of(self, seat: int) -> tuple[Any, ...]:
        """The abilities of a player's items and character as they are now (public, FS-3.3), without their
        infos: a player reads its own objects' faces at each fight it weighs (``reading.own_roll_faces``)."""
        p = self._g.players[seat]
        c = p.character
        assert c is not None  # every seat plays a character (FS-2.7)
        out: list[Any] = [o.rules for o in p.items]
        out.append(c.rules)
        return tuple(out)

    def curses_of(self, seat: int) -> tuple[ObjRef, ...]:
        """The curses a player bears (public, FS-4.16)."""
        return tuple([o.ref for o in self._g.players[seat].curses])

    @property
    def attackables(self) -> tuple[ObjRef, ...]:
        """Attack targets besides slot monsters and the monster deck (FS-10.6, FS-16.6): attackable
        items and rooms, and other players' characters while an ability lets players be attacked (their
        ``player_evasion``). Empty in most games."""
        return tuple([o.ref for o in statics.other_attack_targets(self._g, self.seat)])

    def player_evasion(self, seat: int) -> int | None:
        """The evasion a player has as an attack target now, or None when players cannot be attacked
        (FS-10.6)."""
        return statics.player_evasion(self._g, self._g.players[seat])

    @property
    def monsters(self) -> tuple[ObjInfo, ...]:
        return tuple([self._info(o) for o in self._g.monsters()])

    @property
    def slot_tops(self) -> tuple[ObjInfo | None, ...]:
        """Each monster slot's top monster by slot index, the index a ``choose_slot`` option names; None for
        an empty slot or one whose top is not a monster (public, FS-3.3)."""
        out: list[ObjInfo | None] = []
        for slot in self._g.mslots:
            top = slot[-1] if slot else None
            out.append(self._info(top) if isinstance(top, Obj) and top.kind == "monster" else None)
        return tuple(out)

    @property
    def rooms(self) -> tuple[ObjInfo, ...]:
        """The rooms in play (FS-16; empty without --variant rooms)."""
        r = self._g.rooms
        return tuple(self._build(s[-1]) for s in r.slots if s) if r is not None else ()

    @property
    def shop(self) -> tuple[ObjInfo, ...]:
        return tuple([self._info(o) for o in self._g.shop_items()])

    def price(self, shop: bool = True) -> int:
        return statics.price(self._g, self._g.players[self.seat], shop)

    @property
    def stack(self) -> tuple[StackRef, ...]:
        """The stack, bottom first (public, FS-3.3)."""
        g = self._g
        return tuple([asking.stack_ref(g, it) for it in g.stack])

    def stack_ability(self, ref: StackRef) -> Any:
        """The ability a loot or ability item on the stack carries (a loot card's play, an activated or
        triggered ability: public, FS-3.3), else None."""
        it = self._g.stack[ref.index]
        if isinstance(it, LootItem):
            rules: CardRules = it.phys.rules
            return rules.play
        return it.ability if isinstance(it, AbilityItem) else None

    def stack_targets(self, ref: StackRef) -> tuple:
        """What a loot or an ability on the stack was aimed at: its targets, chosen as it was put on the
        stack (FS-4.2) and public like everything on it (FS-3.3); players, objects, cards and stack items as
        their public handles, in the order they were bound; empty for a roll, damage or a death. A player
        holding a cancel for what is aimed at them (Mega Bean!) reads here whether it is."""
        g = self._g
        it = g.stack[ref.index]
        ctx: statics.Ctx | None = (
            it.ctx if isinstance(it, (LootItem, AbilityItem)) else None
        )  # typed: native reads
        if ctx is None:
            return ()
        out = []
        for v in ctx.binds.values():
            for x in v if isinstance(v, list) else (v,):
                if isinstance(x, StackItem) and not any(x is s for s in g.stack):
                    continue  # it left the stack (resolved or cancelled, FS-3.3, FS-6.8): no public handle any more
                if isinstance(x, (Player, Obj, Phys, StackItem)):
                    out.append(asking.public(g, x))
        return tuple(out)

    def roll_table(self, ref: StackRef) -> tuple[str, Any]:
        """What a roll on the stack decides (FS-9.2): its purpose (attack | table | reward | group: one of
        dice rolled together, FS-9.2(1)) and, for a table or group roll, its table of outcomes (the card's
        printed text)."""
        it = self._g.stack[ref.index]
        return it.purpose, it.table

    def group_dice(self, ref: StackRef) -> tuple[int, ...]:
        """The other dice rolled together with a roll on the stack (purpose ``group``, FS-9.2(1)), as they
        stand: the results of those that resolved and the present values of those still waiting (all
        public, FS-3.3); empty for a roll of its own."""
        g = self._g
        it = g.stack[ref.index]
        assert isinstance(it, RollItem)
        if it.group is None:
            return ()
        waiting = [
            o.value for o in g.stack if isinstance(o, RollItem) and o.group is it.group and o is not it
        ]
        return (*it.group.finals, *waiting)

    def roll_bonus(self, ref: StackRef) -> int:
        """What is added to a roll on the stack as it resolves (FS-9.2(5), FS-9.4, FS-Q.14): its roller's
        roll buffs (a table or reward roll's too) and, on an attack roll, their attack-roll statics, that
        roll counted (``statics.next_attack_roll_bonus``)."""
        g = self._g
        it = g.stack[ref.index]
        assert isinstance(it, RollItem)
        p = g.players[it.seat]
        return statics.next_attack_roll_bonus(g, p) if it.attack else statics.roll_bonus(g, p, False)

    def roll_value(self, ref: StackRef) -> int:
        """A roll on the stack as it will resolve: its die plus :meth:`roll_bonus`, within 1..6 (FS-9.1)."""
        it = self._g.stack[ref.index]
        assert isinstance(it, RollItem)
        return clamp(it.value + self.roll_bonus(ref))

    def attack_roll_hits(self, value: int, roll: StackRef | None = None) -> bool:
        """Would an attack roll whose final value is ``value`` hit (FS-10.9)? The engine's own answer
        (``statics.attack_roll_hits``: evasion, the target's hit faces, faces named before the roll, a roll
        that must beat the last one, the roller's miss faces; all public, FS-3.3). ``roll``: an attack roll
        on the stack (its roller, its target, the faces named for it), else the attacker's next roll at the
        attack target. False when there is no such target."""
        g = self._g
        a = g.attack
        if roll is not None:
            it = g.stack[roll.index]
            assert isinstance(it, RollItem)
            seat, t, named = it.seat, it.target, it.misses
        elif a is not None:
            seat, t, named = a.seat, a.target, ()
        else:
            return False
        if t is None:
            return False
        return statics.attack_roll_hits(g, g.players[seat], t, value, named)

    @property
    def attack_target(self) -> ObjInfo | None:
        a = self._g.attack
        return self._info(a.target) if a is not None and a.target is not None else None

    @property
    def attack_target_soul(self) -> int:
        """The printed soul value of the attacked monster (0 for none or no attack): a cheap first look
        before ``attack_target``'s full stats."""
        a = self._g.attack
        t = a.target if a is not None else None
        if t is None:
            return 0
        card: Card = t.phys.card
        return card.soul or 0

    @property
    def attacker(self) -> int | None:
        a = self._g.attack
        return a.seat if a is not None else None

    @property
    def souls_to_win(self) -> int:
        n = self._souls_to_win
        if n < 0:
            n = self._souls_to_win = self._g.cfg.souls_to_win
        return n

    @property
    def bonus_goals(self) -> tuple[BonusGoal, ...]:
        """The active bonus souls not yet gained (face up, FS-14.7: public) with what their conditions
        count for each player, read by the state checks' own reader (``checks.bonus_shape``): a player
        may plan for one (FS-14.8) or deny it a rival."""
        out: list[BonusGoal] = []
        for b in self._g.bonus:
            measure, n, kw = checks.bonus_shape(b.rules.soul_when)
            out.append(BonusGoal(b.ref, measure, n, kw))
        return tuple(out)

    @property
    def starting_items_left(self) -> int:
        """Soul trading (FS-20.5): how many cards the starting-item deck holds (its size is public)."""
        st = self._g.soul_trading
        return len(st.deck) if st is not None else 0

    @property
    def barred(self) -> tuple[ObjRef, ...]:
        """Slot monsters no attack may be declared on now by a variant rule (cannon fodder, FS-20.10:
        the bosses while a non-boss monster is active); () in standard games."""
        g = self._g
        if not g.cfg.has("cannon-fodder"):
            return ()

        ms = g.monsters()
        allowed = cannon_fodder(g, ms)
        return tuple([m.ref for m in ms if m not in allowed])

    def under(self, ref: ObjRef) -> int:
        """How many cards lie under an object (Isaac's Last Will, ``Game.under``): they came from a discard,
        public (FS-3.6), and nothing hides them (FS-3.3)."""
        return len(self._g.under.get(ref.uid, ()))

    def character_of(self, seat: int) -> ObjInfo:
        """A player's character as it is now (in play, public: FS-3.3)."""
        c = self._g.players[seat].character
        assert c is not None  # every seat plays a character (FS-2.7)
        return self._info(c)

    @property
    def outside_characters(self) -> tuple[tuple[CardRef, CardRef | None], ...]:
        """The characters left outside the game at setup (FS-2.7), each with its starting item's card, in
        the engine's order: public, read-only. The chosen sets' character cards are known to every player
        and the dealt ones are face up (FS-3.3), so this list tells nothing hidden; The Clicker's user picks
        from it (FS-2.7). These cards are in no zone: their handles carry negative ids, a physical card's
        never."""
        return tuple(
            [
                (
                    CardRef(-2 * k - 1, c, rules),
                    CardRef(-2 * k - 2, item, item_rules) if item is not None else None,
                )
                for k, (c, rules, item, item_rules) in enumerate(self._g.outside_chars)
            ]
        )

    def soul_cards(self, seat: int) -> tuple[ObjInfo, ...]:
        """A player's soul cards (public, FS-3.3), e.g. to pick the one to sell (FS-20.5)."""
        return tuple([self._info(o) for o in self._g.players[seat].souls])

    @property
    def coop(self) -> bool:
        """Solo or co-op (FS-17): every other player is a partner, not an opponent."""
        return self._g.coop is not None

    @property
    def timer(self) -> int:
        """The solo/co-op D8 timer (FS-17.4; public), 0 in the competitive game."""
        c = self._g.coop
        return c.timer if c is not None else 0

    @property
    def soul_goal(self) -> int:
        """The combined soul value a solo/co-op game needs (FS-17.5, FS-17.6)."""
        return self._g.cfg.soul_goal

    @property
    def treasure_top(self) -> CardRef | None:
        """The treasure deck's top card, only while a ``may_peek`` static lets the viewer look (There's
        Options, FS-3.4); otherwise None."""
        g = self._g
        for _o, _v in statics.player_statics(g, g.players[self.seat], "may_peek"):
            return g.treasure[-1].ref if g.treasure else None
        return None

    def discard_top(self, deck: str) -> CardRef | None:
        """The top card of the ``treasure``, ``loot`` or ``monster`` discard (public, FS-3.6)."""
        _pile, disc = self._g.deck_pair(deck)
        return disc[-1].ref if disc else None

    def discard(self, deck: str) -> tuple[CardRef, ...]:
        """A whole discard pile, its top last (public, FS-3.6)."""
        return tuple([c.ref for c in self._g.deck_pair(deck)[1]])

    def known_cards(self, seat: int) -> tuple[CardRef, ...]:
        """Cards of ``seat``'s hand the viewer has been shown (look_hand), or all of it while it is
        revealed (``hands_revealed``: Guppy's Eye, FS-3.7)."""
        me = self._g.players[self.seat]
        if seat in statics.revealed_hands(self._g):
            return tuple([c.ref for c in self._g.players[seat].hand])
        return tuple([c.ref for c in self._g.players[seat].hand if c.pid in me.known])

    def info(self, ref: ObjRef) -> ObjInfo:
        """What everyone may know about an object (FS-3.3): its kind, controller, charge, counters, stats
        and abilities now."""
        return self._info(self._g.objs[ref.uid])

    def goals_met(self, ref: ObjRef) -> int:
        """How many of an object's goals are met (static ``goal``): a tally noted for the whole table, so
        public (FS-16.2)."""
        return statics.goals_met(self._g.objs[ref.uid])

    def kind(self, ref: ObjRef) -> str:
        """What an object is now (character | item | monster | event | soul | curse | room): cheaper than
        its whole ``info`` where only that is asked."""
        return self._g.objs[ref.uid].kind

    def ability(self, option: tuple) -> Ability | None:
        """The ability behind a ``("loot", card)`` / ``("tap", object, i)`` / ``("paid", object, i)``
        option: the card's play, or the object's ``i``-th ↷ / $ ability as it has them now."""
        if option[0] == "loot":
            card: CardRef = option[1]  # typed: its rules are a native read (compiled)
            return card.rules.play
        ref: ObjRef = option[1]
        rules: CardRules = self._g.objs[ref.uid].rules
        return (rules.tap if option[0] == "tap" else rules.paid)[option[2]]

    def _info(self, o: Obj) -> ObjInfo:
        """A monster's stats are statics computed on demand (FS-5.2); strategies read them at every
        priority window of an attack, so the result is kept until anything changes: the monster's own
        marks (damage, buffs, counters of every kind: HP and AT counters change its stats, FS-5.14) or
        abilities — and any event at all, object entering play or new active player while a static could
        modify it (an evasion static in play, or a static of its own: their conditions may read anything).
        Most of the time neither is there. When the key moved, the stats are read again (as a new info
        would read them) and the kept info is handed out again if they and its other fields are the same:
        in the whole collection most events change no monster's stats."""
        if o.kind != "monster":
            return self._other_info(o)
        g = self._g
        r = o.rules
        # its own statics: read off its kept plan (one native field, not the rules' interpreted one)
        volatile = statics.has_statics(g, o) or bool(statics.evasion_objs(g)) or bool(statics.wide_objs(g))
        named = tuple(o.named.items()) if o.named else ()  # HP / AT counters (FS-5.14) change its stats
        n, ver, active = (g.log.n, g.obj_ver, g.active) if volatile else (0, 0, 0)
        rid = -1 if volatile else id(r)
        # FS-3.8: a card lying covered may still give every monster HP / AT (Alt Art Gurdy): its bonus is in
        # the key, as it comes and goes with no static in play (0 in a game without such a card)
        cov_hp = 0 if volatile else statics.covered_bonus(g, o, "hp")
        cov_atk = 0 if volatile else statics.covered_bonus(g, o, "atk")
        infos = g.cache.info_cache  # by uid, in a list: no hashing at each read
        uid = o.uid
        kept: _KeptInfo | None = infos[uid] if uid < len(infos) else None
        same = kept is not None and kept.same_marks(o, named)
        if (
            same
            and kept is not None
            and kept.volatile == volatile
            and kept.rid == rid
            and kept.n == n
            and kept.ver == ver
            and kept.active == active
            and kept.cov_hp == cov_hp
            and kept.cov_atk == cov_atk
        ):
            return kept.info  # the key the info was made at: nothing it reads can have moved
        damage = o.damage  # kept as it was before the HP read below settles it
        # read as ``_build`` reads them, in its order (reading HP settles it, FS-6.20)
        card = o.face or o.phys.card  # FS-6.10: a flipped object shows its back side
        hp = statics.monster_hp(g, o)
        ev = statics.evasion(g, o)
        atk = statics.monster_atk(g, o)
        rules = o.rules
        if not (
            same
            and kept is not None
            and kept.card is card
            and kept.rules is rules
            and kept.eternal == o.eternal
            and kept.hp == hp
            and kept.ev == ev
            and kept.atk == atk
        ):
            info = self._assemble(o, card, hp, ev, atk, rules)
            kept = _KeptInfo(o, damage, named, info, card, rules, hp, ev, atk)
            if uid >= len(infos):
                infos.extend([None] * (uid + 1 - len(infos)))
            infos[uid] = kept
        kept.volatile, kept.rid, kept.n, kept.ver, kept.active = volatile, rid, n, ver, active
        kept.cov_hp, kept.cov_atk = cov_hp, cov_atk
        return kept.info

    def _other_info(self, o: Obj) -> ObjInfo:
        """An item's, character's, soul's or curse's info: it has no stats computed from statics, so it is
        kept until one of the fields it is made of changes (its controller, charge, counters, eternity,
        abilities or the side that shows, FS-6.10). Strategies read every item of a player at most
        priority windows (issue 20: most infos were built afresh, one interpreted ``ObjInfo`` call each).
        An attackable item or room (FS-10.6) has an HP read now, which also settles it: built each time."""
        card: Card = o.face or o.phys.card
        if card.hp is not None and (o.kind == "item" or o.kind == "room"):
            return self._build(o)
        cache = self._g.cache.other_info
        # typed (not optional), so the entry is unpacked once and its fields compared as native values
        got = cache.get(o.uid)
        hit: tuple[Obj | None, Any, int, bool, int, bool, str, Any, Any] = _NOT_KEPT if got is None else got
        rules = o.rules
        if (
            hit[0] is o
            and hit[1] is card
            and hit[2] == o.controller
            and hit[3] == o.charged
            and hit[4] == o.counters
            and hit[5] == o.eternal
            and hit[6] == o.kind
            and hit[7] is rules
        ):
            return hit[8]
        info = self._build(o)
        cache[o.uid] = (o, card, o.controller, o.charged, o.counters, o.eternal, o.kind, rules, info)
        return info

    def _build(self, o: Obj) -> ObjInfo:
        g = self._g
        card = o.face or o.phys.card  # FS-6.10: a flipped object shows its back side's name, stats, rewards
        is_monster = o.kind == "monster" or (card.hp is not None and o.kind in ("item", "room"))  # FS-10.6
        if not is_monster:
            return self._assemble(o, card, None, None, None, o.rules)
        hp = statics.monster_hp(g, o)
        ev = statics.evasion(g, o)
        atk = statics.monster_atk(g, o)
        return self._assemble(o, card, hp, ev, atk, o.rules)

    def _assemble(
        self, o: Obj, card: Card, hp: int | None, ev: int | None, atk: int | None, rules: CardRules
    ) -> ObjInfo:
        info: ObjInfo = _new_tuple(  # ObjInfo(...) without its interpreted __new__: the same record
            ObjInfo,
            (
                card.name,
                o.kind,
                o.controller,
                o.charged,
                hp,
                ev,
                atk,
                card.soul or 0,
                tuple((card.rewards or {}).items()),
                o.counters,
                o.eternal,
                o.ref,
                rules,
            ),
        )
        return info


class _KeptInfo:
    """A monster's kept info (``View._info``, in ``Caches.info_cache``) and what it was made from: the
    monster's marks, compared one by one, and the key that says whether anything else may have moved
    (the log's change counter, the objects' version and the active player while a static could modify
    it, else the identity of its abilities and the covered cards' bonus)."""

    def __init__(
        self,
        o: Obj,
        damage: int,
        named: tuple,
        info: ObjInfo,
        card: Any,
        rules: Any,
        hp: int,
        ev: int,
        atk: int,
    ) -> None:
        self.damage = damage
        self.b_hp = o.b_hp
        self.b_ev = o.b_ev
        self.b_atk = o.b_atk
        self.counters = o.counters
        self.charged = o.charged
        self.in_play = o.in_play
        self.dying = o.dying
        self.controller = o.controller
        self.named = named
        self.set_atk = o.set_atk
        self.info = info
        self.card = card
        self.rules = rules
        self.eternal = o.eternal
        self.hp = hp
        self.ev = ev
        self.atk = atk
        self.volatile = False
        self.n = 0
        self.ver = 0
        self.active = 0
        self.rid = -1
        self.cov_hp = 0
        self.cov_atk = 0

    def same_marks(self, o: Obj, named: tuple) -> bool:
        """The monster's own fields the info was made from (damage, buffs, counters, charge, controller,
        "its AT becomes N") are what they were."""
        return (
            self.damage == o.damage
            and self.b_hp == o.b_hp
            and self.b_ev == o.b_ev
            and self.b_atk == o.b_atk
            and self.counters == o.counters
            and self.charged == o.charged
            and self.in_play == o.in_play
            and self.dying == o.dying
            and self.controller == o.controller
            and self.named == named
            and self.set_atk == o.set_atk
        )


V.STATICS.implement(
    {"may_peek": lambda view: view.treasure_top}
)  # FS-3.4: the treasure top it lets a player see
V.STATICS.implement({"hands_revealed": View.known_cards})  # FS-3.7: a revealed hand shows (Guppy's Eye)
