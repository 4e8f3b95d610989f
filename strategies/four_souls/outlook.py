"""The situation a card's value is read in (``valuing``), compiled with mypyc by ``pip install .`` (issue 20):
``valuing`` reads its fields at every step of a value, so they are native attributes. Its costly fields are
filled on first read: each is a property over a private attribute, computed by the function ``later`` left
for it (most decisions read a few of them; the rest (hand values, fights, items) cost most of a build)."""

from __future__ import annotations

import copy
from typing import Any, Final

DEATH: Final = 4.0
"""A death's price at a typical table (an item, a loot card, 1¢, a ↷ turned sideways, FS-13.9): a bare
outlook's, the memoised lasting harm's (``lasting``) and co-op's, where the timer tick is not priced
(``valuing.death_price`` reads the rest from the position)."""


class Outlook:
    """The situation a value is read in (all public to the viewer, FS-3.3)."""

    my_turn: bool
    n_players: int
    # what an opponent's loss is worth to me (per point)
    rival: float
    leader_souls: int
    # my souls (an amount read as ``souls(you)``: Curse of the Hollow, Steven)
    my_souls: int
    souls_to_win: int
    _hp: int
    # the leader's HP left
    _rival_hp: int
    # the leader's damage (a fight with them: ``valuing._player_fight``)
    _rival_atk: int
    # the leader's bonus to their next attack roll (FS-9.4: their fight with me)
    _rival_roll_bonus: int
    # (rivals, me among them?) whose turns come, after the current one, before the leader's next turn
    _before_leader: tuple
    cents: int
    # values of the loot cards in my hand (``loot_value``), best first
    _hand: tuple
    loot_plays: int
    # values of my non-eternal items, worst first
    _my_items: tuple
    # the leader's best non-eternal item
    _their_best_item: float
    # values of the leader's non-eternal items
    _their_items: tuple
    # the item an "each item" effect is read for (``_each_item``)
    item_now: float | None
    # player var → "me" | "rival", chosen by value
    either: dict
    # the best ability value among my spent ↷ items (a recharge)
    _spent_items: float
    # (ref, controller, eternal, worth to me as a copy) of each item in play with a ↷ ability
    # (``valuing.tap_worths``); None: not read (a copy is then worth ``spent_items``, the hook's aim)
    _tap_worths: tuple | None
    # my seat (a copy's "mine" filter)
    me: int
    # the item whose ability is read (destroying itself costs this)
    self_value: float
    # its counters: an amount read as ``counters(self)`` (Polar Star)
    self_counters: int
    # the cards under it: an amount read as ``under(self)`` (Isaac's Last Will)
    self_under: int
    # what one counter removed from it costs (``valuing.counter_worths``)
    counter_cost: float
    # what one counter added to it gives (``valuing.counter_worths``)
    counter_gain: float
    # its abilities now: what holding it is worth (``valuing.held_worth``)
    self_rules: Any
    # counter kind → its worth on a player, on a monster
    _per_counter: dict
    # a double-faced item in use: ((card, rules) showing, (card, rules) turned up)
    self_sides: Any
    # my damage (a fight's chance: ``reading.win_chance``)
    _atk: int
    # my attack-roll bonus
    _roll_bonus: int
    # my own attack-roll faces (``reading.own_roll_faces``: misses, spared misses, deaths; FS-10.9, FS-5.4)
    _own_faces: tuple
    # the best slot fight's chance × worth (an imposed attack)
    _fight: float
    # no slot monster worth a fight: clearing them helps
    _bad_slots: bool
    # the best fight (chance × worth) a monster discard's non-event card offers
    _discard_fight: float
    # (hp left, worth) of each slot monster
    _monsters: tuple
    # I have the most souls (a "most souls" target may be me)
    lead: bool
    # I bear a curse
    _curse: bool
    # no fight left in my turn: damage below my HP heals unused (FS-8.10)
    fight_done: bool
    # my right neighbour's hand size minus mine (a hand exchange: the hands aim)
    _hand_gap: float
    roll_on_stack: bool
    # the best change of a number in play (``valuing.best_number_change``, FS-5.2); None: not read (the verb's
    # registered price)
    _number_change: float | None
    # the best one-counter step on an item in play (``valuing.counter_step``, FS-5.14); None: not read
    _counter_step: float | None
    # what the best character outside the game is worth over mine (``valuing.character_gain``, FS-2.7); None:
    # not read (the verb's registered price)
    _new_character: float | None
    # what my death costs me, and the leader's them (``valuing.death_price``: FS-13.9 from the position); a
    # bare outlook's is a typical table's (``DEATH``)
    _my_death: float
    _rival_death: float
    # var → "me" | "rival" | "monster" | "mine" | "theirs"
    plan: dict
    # field → how to compute it on its first read (``later``)
    lazy: dict[str, Any]
    # the player's ``reading.Reader``: its game memo keeps target plans
    reader: Any
    # whose view the lazy fields are read from (``valuing.outlook``): the viewer's ``View`` and the rival
    # that matters; shared by a copy, as the functions that read them are
    view: Any
    leader: int
    # the policy whose own lazy fields read it (``sensible``: fights, monsters' worth), shared by a copy as
    # the view is
    policy: Any

    def __init__(
        self,
        *,
        my_turn: bool = True,
        n_players: int = 4,
        rival: float = 0.4,
        leader_souls: int = 0,
        my_souls: int = 0,
        souls_to_win: int = 4,
        hp: int = 2,
        rival_hp: int = 2,
        rival_atk: int = 1,
        rival_roll_bonus: int = 0,
        before_leader: tuple = (0, False),
        cents: int = 0,
        hand: tuple = (),
        loot_plays: int = 0,
        my_items: tuple = (),
        their_best_item: float = 0.0,
        their_items: tuple = (),
        item_now: float | None = None,
        either: dict | None = None,
        spent_items: float = 0.0,
        tap_worths: tuple | None = None,
        me: int = -1,
        self_value: float = 0.0,
        self_counters: int = 0,
        self_under: int = 0,
        counter_cost: float = 0.6,
        counter_gain: float = 0.6,
        self_rules: Any = None,
        per_counter: dict | None = None,
        self_sides: Any = None,
        atk: int = 1,
        roll_bonus: int = 0,
        own_faces: tuple = (frozenset(), frozenset(), frozenset()),
        fight: float = 0.0,
        bad_slots: bool = False,
        discard_fight: float = 0.0,
        monsters: tuple = (),
        lead: bool = False,
        curse: bool = False,
        fight_done: bool = False,
        hand_gap: float = 0.0,
        roll_on_stack: bool = False,
        number_change: float | None = None,
        counter_step: float | None = None,
        new_character: float | None = None,
        my_death: float = DEATH,
        rival_death: float = DEATH,
        plan: dict | None = None,
        lazy: dict[str, Any] | None = None,
        reader: Any = None,
        view: Any = None,
        leader: int = -1,
        policy: Any = None,
    ) -> None:
        self.my_turn = my_turn
        self.n_players = n_players
        self.rival = rival
        self.leader_souls = leader_souls
        self.my_souls = my_souls
        self.souls_to_win = souls_to_win
        self._hp = hp
        self._rival_hp = rival_hp
        self._rival_atk = rival_atk
        self._rival_roll_bonus = rival_roll_bonus
        self._before_leader = before_leader
        self.cents = cents
        self._hand = hand
        self.loot_plays = loot_plays
        self._my_items = my_items
        self._their_best_item = their_best_item
        self._their_items = their_items
        self.item_now = item_now
        self.either = {} if either is None else either
        self._spent_items = spent_items
        self._tap_worths = tap_worths
        self.me = me
        self.self_value = self_value
        self.self_counters = self_counters
        self.self_under = self_under
        self.counter_cost = counter_cost
        self.counter_gain = counter_gain
        self.self_rules = self_rules
        self._per_counter = {} if per_counter is None else per_counter
        self.self_sides = self_sides
        self._atk = atk
        self._roll_bonus = roll_bonus
        self._own_faces = own_faces
        self._fight = fight
        self._bad_slots = bad_slots
        self._discard_fight = discard_fight
        self._monsters = monsters
        self.lead = lead
        self._curse = curse
        self.fight_done = fight_done
        self._hand_gap = hand_gap
        self.roll_on_stack = roll_on_stack
        self._number_change = number_change
        self._counter_step = counter_step
        self._new_character = new_character
        self._my_death = my_death
        self._rival_death = rival_death
        self.plan = {} if plan is None else plan
        self.lazy = {} if lazy is None else lazy
        self.reader = reader
        self.view = view
        self.leader = leader
        self.policy = policy

    def later(self, computes: dict[str, Any]) -> None:
        """Leave each field named in ``computes`` unset until it is first read, then its function (called
        with this outlook) fills it. Only for fields that depend on the view alone, which a decision does
        not change: a field set since (its setter) is read as set."""
        self.lazy.update(computes)

    def __deepcopy__(self, memo: dict) -> Outlook:
        """What ``copy.deepcopy`` makes of it (a search copies players): every field deep-copied but the
        functions that fill unread fields (``lazy``), shared as a deep copy shares a Python function
        (compiled, they are objects it cannot copy). Unread fields stay unread."""
        new = Outlook()
        memo[id(self)] = new
        new.lazy = memo[id(self.lazy)] = dict(self.lazy)
        new.my_turn = copy.deepcopy(self.my_turn, memo)
        new.n_players = copy.deepcopy(self.n_players, memo)
        new.rival = copy.deepcopy(self.rival, memo)
        new.leader_souls = copy.deepcopy(self.leader_souls, memo)
        new.my_souls = copy.deepcopy(self.my_souls, memo)
        new.souls_to_win = copy.deepcopy(self.souls_to_win, memo)
        new._hp = copy.deepcopy(self._hp, memo)
        new._rival_hp = copy.deepcopy(self._rival_hp, memo)
        new._rival_atk = copy.deepcopy(self._rival_atk, memo)
        new._rival_roll_bonus = copy.deepcopy(self._rival_roll_bonus, memo)
        new._before_leader = copy.deepcopy(self._before_leader, memo)
        new.cents = copy.deepcopy(self.cents, memo)
        new._hand = copy.deepcopy(self._hand, memo)
        new.loot_plays = copy.deepcopy(self.loot_plays, memo)
        new._my_items = copy.deepcopy(self._my_items, memo)
        new._their_best_item = copy.deepcopy(self._their_best_item, memo)
        new._their_items = copy.deepcopy(self._their_items, memo)
        new.item_now = copy.deepcopy(self.item_now, memo)
        new.either = copy.deepcopy(self.either, memo)
        new._spent_items = copy.deepcopy(self._spent_items, memo)
        new._tap_worths = copy.deepcopy(self._tap_worths, memo)
        new.me = copy.deepcopy(self.me, memo)
        new.self_value = copy.deepcopy(self.self_value, memo)
        new.self_counters = copy.deepcopy(self.self_counters, memo)
        new.self_under = copy.deepcopy(self.self_under, memo)
        new.counter_cost = copy.deepcopy(self.counter_cost, memo)
        new.counter_gain = copy.deepcopy(self.counter_gain, memo)
        new.self_rules = copy.deepcopy(self.self_rules, memo)
        new._per_counter = copy.deepcopy(self._per_counter, memo)
        new.self_sides = copy.deepcopy(self.self_sides, memo)
        new._atk = copy.deepcopy(self._atk, memo)
        new._roll_bonus = copy.deepcopy(self._roll_bonus, memo)
        new._own_faces = self._own_faces  # immutable
        new._fight = copy.deepcopy(self._fight, memo)
        new._bad_slots = copy.deepcopy(self._bad_slots, memo)
        new._discard_fight = copy.deepcopy(self._discard_fight, memo)
        new._monsters = copy.deepcopy(self._monsters, memo)
        new.lead = copy.deepcopy(self.lead, memo)
        new._curse = copy.deepcopy(self._curse, memo)
        new.fight_done = copy.deepcopy(self.fight_done, memo)
        new._hand_gap = copy.deepcopy(self._hand_gap, memo)
        new.roll_on_stack = copy.deepcopy(self.roll_on_stack, memo)
        new._number_change = copy.deepcopy(self._number_change, memo)
        new._counter_step = copy.deepcopy(self._counter_step, memo)
        new._new_character = copy.deepcopy(self._new_character, memo)
        new._my_death = self._my_death
        new._rival_death = self._rival_death
        new.plan = copy.deepcopy(self.plan, memo)
        new.reader = copy.deepcopy(self.reader, memo)
        new.view = self.view
        new.leader = self.leader
        new.policy = self.policy
        return new

    @property
    def hp(self) -> int:
        if "hp" in self.lazy:
            self._hp = self.lazy.pop("hp")(self)
        return self._hp

    @hp.setter
    def hp(self, value: int) -> None:
        self.lazy.pop("hp", None)
        self._hp = value

    @property
    def rival_hp(self) -> int:
        if "rival_hp" in self.lazy:
            self._rival_hp = self.lazy.pop("rival_hp")(self)
        return self._rival_hp

    @rival_hp.setter
    def rival_hp(self, value: int) -> None:
        self.lazy.pop("rival_hp", None)
        self._rival_hp = value

    @property
    def rival_atk(self) -> int:
        if "rival_atk" in self.lazy:
            self._rival_atk = self.lazy.pop("rival_atk")(self)
        return self._rival_atk

    @rival_atk.setter
    def rival_atk(self, value: int) -> None:
        self.lazy.pop("rival_atk", None)
        self._rival_atk = value

    @property
    def rival_roll_bonus(self) -> int:
        if "rival_roll_bonus" in self.lazy:
            self._rival_roll_bonus = self.lazy.pop("rival_roll_bonus")(self)
        return self._rival_roll_bonus

    @rival_roll_bonus.setter
    def rival_roll_bonus(self, value: int) -> None:
        self.lazy.pop("rival_roll_bonus", None)
        self._rival_roll_bonus = value

    @property
    def before_leader(self) -> tuple:
        if "before_leader" in self.lazy:
            self._before_leader = self.lazy.pop("before_leader")(self)
        return self._before_leader

    @before_leader.setter
    def before_leader(self, value: tuple) -> None:
        self.lazy.pop("before_leader", None)
        self._before_leader = value

    @property
    def hand(self) -> tuple:
        if "hand" in self.lazy:
            self._hand = self.lazy.pop("hand")(self)
        return self._hand

    @hand.setter
    def hand(self, value: tuple) -> None:
        self.lazy.pop("hand", None)
        self._hand = value

    @property
    def my_items(self) -> tuple:
        if "my_items" in self.lazy:
            self._my_items = self.lazy.pop("my_items")(self)
        return self._my_items

    @my_items.setter
    def my_items(self, value: tuple) -> None:
        self.lazy.pop("my_items", None)
        self._my_items = value

    @property
    def their_best_item(self) -> float:
        if "their_best_item" in self.lazy:
            self._their_best_item = self.lazy.pop("their_best_item")(self)
        return self._their_best_item

    @their_best_item.setter
    def their_best_item(self, value: float) -> None:
        self.lazy.pop("their_best_item", None)
        self._their_best_item = value

    @property
    def their_items(self) -> tuple:
        if "their_items" in self.lazy:
            self._their_items = self.lazy.pop("their_items")(self)
        return self._their_items

    @their_items.setter
    def their_items(self, value: tuple) -> None:
        self.lazy.pop("their_items", None)
        self._their_items = value

    @property
    def spent_items(self) -> float:
        if "spent_items" in self.lazy:
            self._spent_items = self.lazy.pop("spent_items")(self)
        return self._spent_items

    @spent_items.setter
    def spent_items(self, value: float) -> None:
        self.lazy.pop("spent_items", None)
        self._spent_items = value

    @property
    def tap_worths(self) -> tuple | None:
        if "tap_worths" in self.lazy:
            self._tap_worths = self.lazy.pop("tap_worths")(self)
        return self._tap_worths

    @tap_worths.setter
    def tap_worths(self, value: tuple | None) -> None:
        self.lazy.pop("tap_worths", None)
        self._tap_worths = value

    @property
    def per_counter(self) -> dict:
        if "per_counter" in self.lazy:
            self._per_counter = self.lazy.pop("per_counter")(self)
        return self._per_counter

    @per_counter.setter
    def per_counter(self, value: dict) -> None:
        self.lazy.pop("per_counter", None)
        self._per_counter = value

    @property
    def atk(self) -> int:
        if "atk" in self.lazy:
            self._atk = self.lazy.pop("atk")(self)
        return self._atk

    @atk.setter
    def atk(self, value: int) -> None:
        self.lazy.pop("atk", None)
        self._atk = value

    @property
    def roll_bonus(self) -> int:
        if "roll_bonus" in self.lazy:
            self._roll_bonus = self.lazy.pop("roll_bonus")(self)
        return self._roll_bonus

    @roll_bonus.setter
    def roll_bonus(self, value: int) -> None:
        self.lazy.pop("roll_bonus", None)
        self._roll_bonus = value

    @property
    def own_faces(self) -> tuple:
        if "own_faces" in self.lazy:
            self._own_faces = self.lazy.pop("own_faces")(self)
        return self._own_faces

    @own_faces.setter
    def own_faces(self, value: tuple) -> None:
        self.lazy.pop("own_faces", None)
        self._own_faces = value

    @property
    def fight(self) -> float:
        if "fight" in self.lazy:
            self._fight = self.lazy.pop("fight")(self)
        return self._fight

    @fight.setter
    def fight(self, value: float) -> None:
        self.lazy.pop("fight", None)
        self._fight = value

    @property
    def bad_slots(self) -> bool:
        if "bad_slots" in self.lazy:
            self._bad_slots = self.lazy.pop("bad_slots")(self)
        return self._bad_slots

    @bad_slots.setter
    def bad_slots(self, value: bool) -> None:
        self.lazy.pop("bad_slots", None)
        self._bad_slots = value

    @property
    def discard_fight(self) -> float:
        if "discard_fight" in self.lazy:
            self._discard_fight = self.lazy.pop("discard_fight")(self)
        return self._discard_fight

    @discard_fight.setter
    def discard_fight(self, value: float) -> None:
        self.lazy.pop("discard_fight", None)
        self._discard_fight = value

    @property
    def monsters(self) -> tuple:
        if "monsters" in self.lazy:
            self._monsters = self.lazy.pop("monsters")(self)
        return self._monsters

    @monsters.setter
    def monsters(self, value: tuple) -> None:
        self.lazy.pop("monsters", None)
        self._monsters = value

    @property
    def curse(self) -> bool:
        if "curse" in self.lazy:
            self._curse = self.lazy.pop("curse")(self)
        return self._curse

    @curse.setter
    def curse(self, value: bool) -> None:
        self.lazy.pop("curse", None)
        self._curse = value

    @property
    def hand_gap(self) -> float:
        if "hand_gap" in self.lazy:
            self._hand_gap = self.lazy.pop("hand_gap")(self)
        return self._hand_gap

    @hand_gap.setter
    def hand_gap(self, value: float) -> None:
        self.lazy.pop("hand_gap", None)
        self._hand_gap = value

    @property
    def number_change(self) -> float | None:
        if "number_change" in self.lazy:
            self._number_change = self.lazy.pop("number_change")(self)
        return self._number_change

    @number_change.setter
    def number_change(self, value: float | None) -> None:
        self.lazy.pop("number_change", None)
        self._number_change = value

    @property
    def counter_step(self) -> float | None:
        if "counter_step" in self.lazy:
            self._counter_step = self.lazy.pop("counter_step")(self)
        return self._counter_step

    @counter_step.setter
    def counter_step(self, value: float | None) -> None:
        self.lazy.pop("counter_step", None)
        self._counter_step = value

    @property
    def new_character(self) -> float | None:
        if "new_character" in self.lazy:
            self._new_character = self.lazy.pop("new_character")(self)
        return self._new_character

    @new_character.setter
    def new_character(self, value: float | None) -> None:
        self.lazy.pop("new_character", None)
        self._new_character = value

    @property
    def my_death(self) -> float:
        if "my_death" in self.lazy:
            self._my_death = self.lazy.pop("my_death")(self)
        return self._my_death

    @my_death.setter
    def my_death(self, value: float) -> None:
        self.lazy.pop("my_death", None)
        self._my_death = value

    @property
    def rival_death(self) -> float:
        if "rival_death" in self.lazy:
            self._rival_death = self.lazy.pop("rival_death")(self)
        return self._rival_death

    @rival_death.setter
    def rival_death(self, value: float) -> None:
        self.lazy.pop("rival_death", None)
        self._rival_death = value
