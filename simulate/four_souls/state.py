"""Game state: physical cards, objects in play, players, slots, decks, the bank (FS-3, FS-15).

Decks and discards are lists whose *last* element is the top card. A card that enters play becomes a
fresh :class:`Obj` (FS-3.2): anything that pointed at the old object sees ``in_play == False``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardlab.simulate.core import Players, Streams
from cardlab.simulate.core.shuffling import shuffle

from . import seen
from . import vocabulary as V
from .abilities import CardRules
from .carddefs import Card
from .log import FSLog
from .refs import CardRef, ObjRef

DECKS = ("loot", "treasure", "monster", "room")  # the decks a card can join (FS-3.6); others have none


class GameOver(Exception):
    """Raised by the win check (FS-14.1) to unwind the stack and the turn at once."""

    def __init__(self, winners: tuple[int, ...]):
        super().__init__(winners)
        self.winners = winners


class EngineError(Exception):
    """A rule or card behaviour the engine does not implement (never silently skipped)."""


class RunawayTurn(Exception):
    """A turn past ``RESOLUTION_CAP`` stack resolutions while players keep adding items by choice
    (repeatable $ abilities, FS-4.7): legal but endless, so the game is cut off like a turn cap."""


@dataclass(slots=True, eq=False)
class Phys:
    """One physical card of the game (copies are separate cards)."""

    pid: int
    card: Card
    rules: CardRules  # compiled behaviour
    virtual: bool = False  # a copy of a loot card (Blank Card, FS-5.12): no physical card behind it
    ref: CardRef = field(init=False, repr=False)  # its public handle (options, views: refs.py)

    def __post_init__(self) -> None:
        self.ref = CardRef(self.pid, self.card, self.rules)

    @property
    def name(self) -> str:
        return self.card.name

    def __repr__(self) -> str:
        return f"<{self.card.name}#{self.pid}>"


@dataclass(slots=True, eq=False)
class Obj:
    """An object in play: character, item (player's or shop), monster, event, soul or curse."""

    uid: int
    phys: Phys
    kind: str  # character | item | monster | event | soul | curse
    controller: int = -1  # seat; -1 = the game / the shop (FS-0.6)
    # the abilities it has now: its card's (``Phys.rules``) unless gained, copied or stripped; typed, so a
    # compiled read of a field of them is a native one, not a generic attribute lookup
    rules: CardRules = field(init=False)
    charged: bool = True
    damage: int = 0
    max_seen: int = 0  # max HP when last read: a drop removes marked damage (FS-6.20)
    counters: int = 0
    levels: int = 0
    named: dict | None = None  # named counters other than level (FS-5.14): name → count
    erased: tuple[str, CardRules] | None = (
        None  # rules hidden while a counter strips its abilities (``counters.strip``)
    )
    eternal: bool = False
    starting: bool = False
    in_play: bool = True
    slot: int = -1
    b_atk: int = 0  # until-end-of-turn buffs (FS-5.2)
    b_hp: int = 0
    b_ev: int = 0
    set_atk: int | None = None  # "its AT becomes N", no stated end (FS-5.2): in the printed value's place
    soul_value: int = 0
    turn_counts: dict | None = None
    round_counts: dict | None = None  # first_each_round: reset as its round starts (FS-8.12)
    copy_until_eot: CardRules | None = None  # rules to restore at end of turn (become_copy until eot)
    dying: bool = False
    no_recharge: bool = False  # FS-8.1: it skips its controller's next recharge step (Lil' Gish)
    face: Card | None = (
        None  # FS-6.10: the back side's card record while it is flipped (None: its front shows)
    )
    noted: dict | None = None  # its goals' tallies in play (static ``goal``, FS-16.2): ability index → count
    ref: ObjRef = field(init=False, repr=False)  # its public handle (options, views: refs.py)

    def __init__(
        self,
        uid: int,
        phys: Phys,
        kind: str,
        controller: int = -1,
        rules: CardRules | None = None,
        charged: bool = True,
        damage: int = 0,
        max_seen: int = 0,
        counters: int = 0,
        levels: int = 0,
        named: dict | None = None,
        erased: tuple[str, CardRules] | None = None,
        eternal: bool = False,
        starting: bool = False,
        in_play: bool = True,
        slot: int = -1,
        b_atk: int = 0,
        b_hp: int = 0,
        b_ev: int = 0,
        set_atk: int | None = None,
        soul_value: int = 0,
        turn_counts: dict | None = None,
        round_counts: dict | None = None,
        copy_until_eot: CardRules | None = None,
        dying: bool = False,
        no_recharge: bool = False,
        face: Card | None = None,
        noted: dict | None = None,
        ref: ObjRef | None = None,
    ) -> None:
        """The dataclass's ``__init__`` written out: the generated one runs interpreted even in the compiled
        build (issue 20; about 70 objects a Four Souls game). ``rules``: its card's unless given; ``ref``: a
        new handle unless given (a search's copy keeps the original's, ``statecopy``)."""
        self.uid = uid
        self.phys = phys
        self.kind = kind
        self.controller = controller
        self.rules = phys.rules if rules is None else rules
        self.charged = charged
        self.damage = damage
        self.max_seen = max_seen
        self.counters = counters
        self.levels = levels
        self.named = named
        self.erased = erased
        self.eternal = eternal
        self.starting = starting
        self.in_play = in_play
        self.slot = slot
        self.b_atk = b_atk
        self.b_hp = b_hp
        self.b_ev = b_ev
        self.set_atk = set_atk
        self.soul_value = soul_value
        self.turn_counts = turn_counts
        self.round_counts = round_counts
        self.copy_until_eot = copy_until_eot
        self.dying = dying
        self.no_recharge = no_recharge
        self.face = face
        self.noted = noted
        self.ref = ObjRef(uid, phys.ref) if ref is None else ref

    @property
    def name(self) -> str:
        return self.phys.card.name

    def __repr__(self) -> str:
        return f"<{self.kind} {self.phys.card.name} u{self.uid}>"


@dataclass(slots=True, eq=False)
class Player:
    seat: int
    character: Obj | None = None
    items: list[Obj] = field(default_factory=list)
    souls: list[Obj] = field(default_factory=list)
    curses: list[Obj] = field(default_factory=list)
    hand: list[Phys] = field(default_factory=list)
    cents: int = 0
    damage: int = 0  # damage is marked on the player, not the character card (FS-6.20)
    max_seen: int = 0  # max HP when last read: a drop removes marked damage (FS-6.20)
    dead: bool = False  # died this turn (FS-13.12)
    death_pending: bool = False
    loot_plays: int = 0
    unlimited_loot: bool = False
    b_atk: int = 0
    b_hp: int = 0
    b_roll: int = 0
    # damage added to this player's next attack roll this turn (``buff`` until next_attack_roll)
    next_atk: int = 0
    shields: list = field(default_factory=list)
    attack_rolls_this_turn: int = 0
    deaths: int = 0
    kills: int = 0
    turn_kills: int = 0  # monsters and players killed this turn (``kills(P)``: Stacy's Extra Head)
    counters: dict = field(default_factory=dict)  # counters on the player, by name (FS-5.14)
    skip_next_turn: int = 0
    no_attacks_next: bool = False  # cannot attack on their next turn (FS-8.6; Alt Art Brimstone)
    no_attacks: bool = False  # … and this is that turn
    next_d8: int = 0  # their next die rolls are d8s, 7 and 8 counting as 6 (Conjoined D6, FS-9.2)
    known: set = field(default_factory=set)  # pids of cards this player has seen in others' hands
    char_soul: int = 0
    shop_buys: int = 0  # shop items purchased this turn (FS-11.2; Greed Looms, Requiem room)
    attacked: bool = False  # attacked this turn (FS-10.6; Battle Royale, Requiem rooms)
    loots_played: int = 0  # loot cards played this turn (FS-8.4; Shadow of Famine's limit)
    acts_used: int = 0  # abilities activated this turn, ↷ and $ (FS-6.1; Shadow of Famine's limit)
    # the character dealt at setup and its starting item, kept when a card changes the character (The
    # Clicker, Corrupted Data): the players table reports a seat by what it was dealt (FS-2.7)
    dealt_character: str = ""
    dealt_item: str = ""

    def soul_total(self) -> int:
        # FS-1.22: the total soul value; FS-1.26: a character's own soul value (The Lost) counts too
        return sum(s.soul_value for s in self.souls) + self.char_soul

    def keep_dealt(self) -> None:
        """Remember the dealt character and starting item before the first change of character."""
        if not self.dealt_character and self.character is not None:
            self.dealt_character = self.character.phys.card.name
            self.dealt_item = self.starting_item()

    def starting_item(self) -> str:
        """The name of the starting (eternal) item this player holds now, or ""."""
        return next((o.phys.card.name for o in self.items if o.starting), "")


@dataclass(slots=True, eq=False)
class Attack:
    seat: int
    target: Obj | None = None
    cancelled: bool = False
    deck_attack: bool = False
    partners: list[int] = field(default_factory=list)  # FS-10.7 (team-up): players teamed up for this attack


@dataclass(slots=True)
class VariantRules:
    """What FS-20 rule variants add to the game's actions (``rule_variants.install``): functions called
    after the action, empty in the standard game (a lower layer calls them without knowing the variant)."""

    soul_gained: list = field(default_factory=list)  # f(g, player) after a soul is gained (super shop)


@dataclass(slots=True, eq=False)
class Caches:
    """Everything the engine remembers only to go faster, in one place: each entry is derived from the state
    and keyed by what it was derived from (mostly ``Game.obj_ver``, bumped whenever an object is made or
    changes abilities or controller), so dropping them all (``Game.cache = Caches()``) never changes a game.
    Nothing here is game state: a copy or a replay may start from empty caches."""

    # indexes that only grow: names of triggers ever in play (``triggers.fire`` skips the rest) and whether
    # any forbidding static (FS-7.3, Trinity Shield) has entered play
    trig_names: set = field(default_factory=set)
    forbid_on: bool = False
    # the state checks' memory (``checks.state_checks``): the log counters at the last win/bonus/death check
    checked_n: int = -1
    checked_nb: int = -1  # the log's bonus-relevant counter at the last bonus check
    checked_ns: int = -1  # the log's soul-gain counter at the last win check
    trig_key: Any = None  # triggers: trigger name → objects holding it
    trig_cache: dict = field(default_factory=dict)
    forbid_key: Any = None  # statics.forbidden: the objects with a forbidding static
    forbid_objs: list = field(default_factory=list)
    info_cache: list = field(
        default_factory=list
    )  # by monster uid: its kept info (views._KeptInfo) or None, View._info
    other_info: dict = field(
        default_factory=dict
    )  # other object uid → (obj, card, its fields, ObjInfo), View._other_info
    top_key: Any = None  # resolution._top_ref: (top item, height, value) → its StackRef
    top_ref: Any = None
    ev_key: int = -1  # statics.evasion: objects with an evasion static
    ev_objs: list = field(default_factory=list)
    ev_entries: list = field(default_factory=list)  # statics.evasion: (holder, body, who, value, counter)
    att_key: int = -1  # statics.attackable_objs: items and rooms with an attackable static,
    att_objs: list = field(default_factory=list)  # each with its attackable statics
    pa_key: int = -1  # statics.player_evasion: objects with a players_attackable static
    table_key: int = -1  # statics.table_statics: static word → (object, body) on any object in play
    table: dict = field(default_factory=dict)
    pa_objs: list = field(default_factory=list)
    wide_key: int = -1  # statics.wide_objs: objects with a table-wide hp/atk static
    wide_objs: list = field(default_factory=list)
    wide_hp: list = field(default_factory=list)  # statics._wide_sum: (holder, body, who, value) of each
    wide_atk: list = field(default_factory=list)  # table-wide hp / atk static, from the same walk
    covered_key: int = -1  # statics.covered_bonus: the game's cards with a static working while covered
    covered_cards: list = field(default_factory=list)
    covered_sum_ver: int = -1  # statics.covered_bonus: the obj_ver and slot count its sums were made at
    covered_sum_slots: int = -1
    covered_hp: int = 0  # statics.covered_bonus: the +HP and +AT those cards give every monster now
    covered_atk: int = 0
    decliners: list | None = None  # each seat's Strategy.declines (Players.decliners), at the first window
    acts: dict = field(default_factory=dict)  # plays._act_entries: seat → (key, its activated abilities)
    bonus_tests: dict = field(default_factory=dict)  # checks.check_bonus: bonus soul pid → its compiled test
    statics: dict = field(
        default_factory=dict
    )  # statics.owned_statics: seat → its statics.Listing (key, {static key: [(obj, body)]}, objs, rules)
    card_memo: Any = (
        None  # statecopy._shared: (key, the card data a copy shares by id), for a search's copies
    )
    hp_plans: list = field(default_factory=list)  # statics._hp_plan: by seat, a player's max HP split
    monster_plans: list = field(
        default_factory=list
    )  # statics._monster_plan: by uid, a monster's max HP split


@dataclass(slots=True, eq=False)
class Game:
    cfg: Any
    streams: Streams  # every random source its own stream of the game seed
    log: FSLog  # every change emits: the state checks read its counters
    io: Players
    n: int
    players: list[Player]
    loot: list[Phys] = field(default_factory=list)
    loot_disc: list[Phys] = field(default_factory=list)
    treasure: list[Phys] = field(default_factory=list)
    treasure_disc: list[Phys] = field(default_factory=list)
    monster: list[Phys] = field(default_factory=list)
    monster_disc: list[Phys] = field(default_factory=list)
    shop: list[list] = field(default_factory=list)  # each slot: covered Phys..., top Obj
    mslots: list[list] = field(default_factory=list)
    bank: int = 100
    unlimited_bank: bool = False
    bonus: list[Phys] = field(default_factory=list)  # active bonus souls not yet gained (FS-14.7)
    outside_chars: list = field(
        default_factory=list
    )  # FS-2.7: (character card, rules, item card, rules) not dealt
    outside_cards: list = field(default_factory=list)  # (card, rules): cards starting outside the game
    outside_bonus: list = field(default_factory=list)  # FS-2.6: the (card, rules) of bonus souls left out
    bonus_objs: dict = field(default_factory=dict)  # FS-14.7: pid → the game's object of an active bonus
    # soul with triggered abilities (they work out of play until it is gained; its counters live on it)
    removed: list[Phys] = field(default_factory=list)  # out of play (FS-3.10)
    temp: list[Obj] = field(default_factory=list)  # monster death steps' temporary zone (FS-13.4)
    stack: list = field(default_factory=list)
    pending: list = field(default_factory=list)  # triggered abilities waiting for priority (FS-4.9)
    active: int = 0
    first: int = 0
    turn: int = 0
    next_uid: int = 0
    all_phys: list[Phys] = field(default_factory=list)
    objs: dict[int, Obj] = field(default_factory=dict)  # uid → object: what an ``ObjRef`` names (views)
    attack: Attack | None = None
    attacks_left: int = 0
    purchases_left: int = 0
    attacks_used: int = 0
    deck_attacks: int = 0
    # objects chosen as an attack target this turn (FS-10.3), and the last attack roll against each (Hush)
    attacked_uids: set[int] = field(default_factory=set)
    last_attack_roll: dict[int, int] = field(default_factory=dict)
    # monster uids whose combat damage was marked on a player this turn (Hubert Cumberdale, FS-6.20)
    hit_player_uids: set[int] = field(default_factory=set)
    # object uid → the seat of the player it chose at this turn's start (verb `mark`: Keke Is You)
    marks: dict[int, int] = field(default_factory=dict)
    owed_evasion: dict[int, int] = field(
        default_factory=dict
    )  # character uid → its evasion in an owed attack
    deck_attacks_unlimited: bool = False  # deck attacks without limit for the rest of this turn (Gold Key)
    must_attack: list = field(default_factory=list)  # forced attacks owed (FS-10.16)
    may_attack: list = field(default_factory=list)  # optional extra attacks granted this turn
    team_ups: list[int] = field(
        default_factory=list
    )  # FS-10.7 (team-up): seats joining the next attack this turn
    ending_turn: bool = False
    extra_turns: list[int] = field(default_factory=list)
    hold_slots: set = field(default_factory=set)
    refill_shuffled: tuple = ()  # (turn, acted) when a monster-slot refill last shuffled the discard back (FS-12.1)
    delayed: list = field(default_factory=list)  # one-shot delayed triggers/replacements
    stat_counters: bool = False  # an HP or AT counter was ever put on something (statics read them then)
    event_counts: dict[str, int] = field(default_factory=dict)  # events by name that entered play this game
    discard_listeners: bool = False  # a card in the game works from the monster discard (``in_discard``)
    discard_objs: dict[int, Obj] = field(
        default_factory=dict
    )  # pid → the object such a card is seen as there
    next_events: list = field(default_factory=list)  # one-shot delayed triggers on turn_end / would_die
    # (event, seat) → a replacement an effect made until end of turn (``until: eot``, FS-5.2 / FS-5.4; Two of
    # Clubs); one per player and event: a second one replaces the first (they do not stack, FS-21)
    eot_replacements: dict = field(default_factory=dict)
    stop_effect: bool = False
    last_count: int = 0
    obj_shields: dict = field(default_factory=dict)
    copies: list = field(default_factory=list)
    # object uid → modes picked of a "not chosen before" choice
    modes_used: dict = field(default_factory=dict)
    gains: list = field(default_factory=list)  # (object, own rules, gained rules, till when): gains.py
    last_damager: dict = field(default_factory=dict)
    # (seat, attack roll?) → (turn, result) of that player's last resolved roll (an attack roll's: its last
    # attack roll): two equal results back to back within one turn (trigger option twice_in_a_row)
    last_rolls: dict = field(default_factory=dict)
    killing_roll: dict = field(default_factory=dict)
    resolved: int = 0  # stack resolutions this turn (a runaway-loop guard)
    # what each seat knows of the hidden decks' order, for a search's re-deal only (seen.py, issue 14):
    # (seat, deck) → the known top cards (top first), the known bottom (bottom first, None: unknown name)
    seen_top: dict = field(default_factory=dict)
    seen_bottom: dict = field(default_factory=dict)
    seen_drawn: dict = field(default_factory=dict)  # seat → pids it saw leave a top it knew (seen.py)
    # a search's branch with couple=1 only (coupling.Coupling): ``(game, deck) -> position`` of the card to
    # draw; None everywhere else (a game draws its decks' top)
    coupling: Any = None
    over: bool = False  # the game ended (a win, a draw, or a runaway turn cut off mid-turn)
    between: bool = False  # a turn has just ended completely (the end-phase invariants hold)
    acted: int = 0  # ``resolved`` when a player last put something on the stack by choice
    obj_ver: int = 0  # objects version: bumped when an object is made (new_obj) or changes abilities or
    # controller — the key of every cache of what is in play (triggers, statics, abilities, views)
    cache: Caches = field(default_factory=Caches)  # derived only, to go faster (never game state)
    # FS-10.6 till end of turn: (created, evasion, seat or None)
    pa_grants: list = field(default_factory=list)
    # FS-7.3 till end of turn: (seats barred, actions) made by the `forbid_eot` verb (Get Out of Jail Card)
    eot_forbids: list = field(default_factory=list)
    # FS-18 --variant challenge: its own state (challenge.Challenge: the final boss's and minions' slots, the
    # challenge card, set-aside minions), None in other games
    challenge: Any = None
    last_damage: Any = None
    wins_after: tuple = ()  # seats an ability said win: they win once it has resolved (FS-14.3)
    views: list = field(default_factory=list)  # one lazy View per seat (it reads the live state)
    # FS-20 rule variants (two_player.py, soul_trading.py); unused in standard games
    variant_rules: VariantRules = field(default_factory=VariantRules)
    # each FS-17/FS-20 variant's own state, in its module's object; None when the variant is off
    two_player: Any = None  # two_player.TwoPlayer (FS-20.11: the curses each seat has held)
    soul_trading: Any = None  # soul_trading.SoulTrading (FS-20.5: the starting-item deck, the last sale)
    trade: Any = None  # trade.Trade (FS-20.4: the turn of the last proposal)
    coop: Any = None  # FS-17 solo/co-op: its own state (coop.Coop: the D8 timer, the round), else None
    # FS-16 rooms (--variant rooms): rooms.Rooms (the room deck, its discard, the room slots), else None
    rooms: Any = None
    blank_card: Any = None  # Blank Card's copies (blank_card.BlankCard), None until one is used this turn
    monster_deaths: int = 0  # monsters that died this turn (FS-16.3)
    extra_turn: bool = False  # this turn is an extra one (FS-8.12: it starts no new round)
    souls_rule: bool = False  # a soul changing the souls needed to win was ever made (checks.check_win)
    stripped: list = field(default_factory=list)  # (object, seat): no abilities until that seat's turn ends
    stripped_start: list = field(default_factory=list)  # (object, seat): … until that seat's next turn starts
    possessed: dict = field(default_factory=dict)  # Possession: seat → whose items it may use this turn
    rolled_at: set = field(default_factory=set)  # (object uid, seat): an attack roll this turn (Game Squid)
    rolls_on: dict = field(default_factory=dict)  # object uid → attack rolls aimed at it this turn (Null)
    overlaid: dict = field(default_factory=dict)  # uid → (own rules, own eternal): items under items_have
    marked_shares: dict = field(default_factory=dict)  # uid → (own rules, sources' uids): abilities_of_marked
    copies_next_turn: list = field(default_factory=list)  # (object, seat, own rules): a copy till seat's turn
    eternal_eot: list = field(default_factory=list)  # items made eternal till end of turn (Algiz)
    under: dict = field(default_factory=dict)  # object uid → the cards put under it (Isaac's Last Will)
    doomed_faces: dict = field(
        default_factory=dict
    )  # face → (seat, card name) till end of turn (The Adversary)
    to_hand: list = field(
        default_factory=list
    )  # objects whose card goes to a hand when they leave play (Monster Card)

    # ----------------------------------------------------------------- objects
    def new_obj(self, phys: Phys, kind: str, controller: int = -1, **kw: Any) -> Obj:
        self.next_uid += 1
        self.obj_ver += 1
        obj = Obj(self.next_uid, phys, kind, controller, phys.rules, **kw)
        self.objs[obj.uid] = obj
        if kind == "soul":
            obj.soul_value = getattr(phys.card, "soul", 0) or 0
            if phys.rules is not None and phys.rules.souls_to_win:
                self.souls_rule = True  # FS-14.1: It Lives! changes the souls needed to win
        r = phys.rules
        if r is not None:
            if r.starts_with_counters:
                obj.counters = r.starts_with_counters  # FS-5.14
            if r.starts_with_levels:
                obj.levels = r.starts_with_levels  # FS-5.15
            if r.forbid and controller >= 0:
                self.cache.forbid_on = True
            if r.goals:
                self.cache.trig_names.update(r.goals)
            if r.triggers:
                self.cache.trig_names.update(r.triggers)
                if kind == "monster" and not self.discard_listeners and "dies" in r.triggers:
                    self.discard_listeners = any(ab.topts.get("in_discard") for ab in r.triggers["dies"])
            if kind == "item" and "eternal" in r.keywords:
                obj.eternal = True  # FS-4.12: printed Eternal, not only starting items
            if r.enters_deactivated and kind == "item":
                # an enters_play replacement (FS-5.5 / FS-11.8): every way an item enters play (a new object,
                # FS-3.2) — the starting shop (FS-2.3), a refill, an uncovered shop card, a purchase from the
                # deck, a treasure
                obj.charged = False
        return obj

    def player_objects(self, p: Player) -> list[Obj]:
        out = [p.character] if p.character is not None else []
        out.extend(p.items)
        out.extend(p.curses)
        return out

    def room_objs(self) -> list[Obj]:
        """The rooms in play: the top object of each room slot (FS-3.3, FS-16.1); none without rooms."""
        if self.rooms is None:
            return []
        return [s[-1] for s in self.rooms.slots if s and isinstance(s[-1], Obj)]

    def monsters(self) -> list[Obj]:
        """Active monsters: the top object of each monster slot, if it is a monster (FS-3.3)."""
        out = []
        for slot in self.mslots:
            if slot:
                top = slot[-1]
                if isinstance(top, Obj) and top.kind == "monster":
                    out.append(top)
        return out

    def shop_items(self) -> list[Obj]:
        return [s[-1] for s in self.shop if s and isinstance(s[-1], Obj)]

    # ----------------------------------------------------------------- decks (FS-3.5, FS-Q.35)
    def draw(self, deck: list[Phys], disc: list[Phys]) -> Phys | None:
        if not deck and not self.reshuffle(deck, disc):
            return None  # FS-Q.35: nothing is drawn
        if self.coupling is not None and len(deck) > 1:
            return deck.pop(self.coupling(self, deck))
        return deck.pop()

    def reshuffle(self, deck: list[Phys], disc: list[Phys]) -> bool:
        """FS-3.5: an empty deck is its shuffled discard (done when the deck is next used: at a draw, or
        before a card is put into it). False when the discard is empty too."""
        if deck or not disc:
            return bool(deck)
        name = disc[0].card.deck  # each deck reshuffles from its own stream (seeds.Streams)
        if self.seen_top or self.seen_bottom or self.seen_drawn or any(p.known for p in self.players):
            seen.disturb(self, name, deck, disc)  # the discard's cards are hidden again (FS-3.5)
        deck.extend(disc)
        disc.clear()
        shuffle(self.streams("shuffle", name), deck)
        return True

    def deck_pair(self, name: str) -> tuple[list[Phys], list[Phys]]:
        if name == "loot":
            return self.loot, self.loot_disc
        if name == "treasure":
            return self.treasure, self.treasure_disc
        if name == "monster":
            return self.monster, self.monster_disc
        if name == "room":  # FS-16: none in a game without rooms
            return (self.rooms.deck, self.rooms.disc) if self.rooms is not None else ([], [])
        raise EngineError(f"unknown deck {name!r}")  # a card of no deck: callers check DECKS first

    def discard_of(self, phys: Phys) -> list[Phys]:
        """FS-3.6: a card only ever goes to the discard of its own type."""
        deck = phys.card.deck
        if deck == "loot":
            return self.loot_disc
        if deck == "monster":
            return self.monster_disc
        if deck == "treasure":
            return self.treasure_disc
        if deck == "room":
            return self.rooms.disc
        return self.removed  # characters, starting items, bonus souls: out of play (FS-3.10)

    # ----------------------------------------------------------------- bank (FS-15, FS-Q.4)
    def take_from_bank(self, n: int) -> int:
        if self.unlimited_bank:
            return n
        got = min(n, self.bank)
        self.bank -= got
        return got

    def pay_to_bank(self, n: int) -> None:
        if not self.unlimited_bank:
            self.bank += n


# Read as an object enters play (FS-5.14, FS-5.15; FS-5.5, FS-11.8): vocabulary.STATICS / REPLACEMENTS.
V.STATICS.implement({"starts_with_counters": Game.new_obj})
V.REPLACEMENTS.implement({"enters_play": Game.new_obj})
