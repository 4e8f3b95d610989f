"""The situation a card's value is read in (``valuing``): a Python class on purpose. Its costly fields are
filled on first read through ``__getattr__`` (``Outlook.later``), which a compiled class would not call for
a declared field; ``valuing``, which reads it, is compiled (issue 20)."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Outlook:
    """The situation a value is read in (all public to the viewer, FS-3.3)."""

    my_turn: bool = True
    n_players: int = 4
    rival: float = 0.4  # what an opponent's loss is worth to me (per point)
    leader_souls: int = 0
    souls_to_win: int = 4
    hp: int = 2
    rival_hp: int = 2  # the leader's HP left
    rival_atk: int = 1  # the leader's damage (a fight with them: ``valuing._player_fight``)
    # (rivals, me among them?) whose turns come, after the current one, before the leader's next turn
    before_leader: tuple = (0, False)
    cents: int = 0
    hand: tuple = ()  # values of the loot cards in my hand (``loot_value``), best first
    loot_plays: int = 0
    my_items: tuple = ()  # values of my non-eternal items, worst first
    their_best_item: float = 0.0  # the leader's best non-eternal item
    their_items: tuple = ()  # values of the leader's non-eternal items
    item_now: float | None = None  # the item an "each item" effect is read for (``_each_item``)
    either: dict = field(default_factory=dict)  # player var → "me" | "rival", chosen by value
    spent_items: float = 0.0  # the best ability value among my spent ↷ items (a recharge)
    # (ref, controller, eternal, worth to me as a copy) of each item in play with a ↷ ability
    # (``valuing.tap_worths``); None: not read (a copy is then worth ``spent_items``, the hook's aim)
    tap_worths: tuple | None = None
    me: int = -1  # my seat (a copy's "mine" filter)
    self_value: float = 0.0  # the item whose ability is read (destroying itself costs this)
    self_counters: int = 0  # its counters: an amount read as ``counters(self)`` (Polar Star)
    self_under: int = 0  # the cards under it: an amount read as ``under(self)`` (Isaac's Last Will)
    counter_cost: float = 0.6  # what one counter removed from it costs (``valuing.counter_worths``)
    counter_gain: float = 0.6  # what one counter added to it gives (``valuing.counter_worths``)
    self_rules: Any = None  # its abilities now: what holding it is worth (``valuing.held_worth``)
    per_counter: dict = field(default_factory=dict)  # counter kind → its worth on a player, on a monster
    self_sides: Any = None  # a double-faced item in use: ((card, rules) showing, (card, rules) turned up)
    atk: int = 1  # my damage (a fight's chance: ``reading.win_chance``)
    roll_bonus: int = 0  # my attack-roll bonus
    fight: float = 0.0  # the best slot fight's chance × worth (an imposed attack)
    bad_slots: bool = False  # no slot monster worth a fight: clearing them helps
    discard_fight: float = 0.0  # the best fight (chance × worth) a monster discard's non-event card offers
    monsters: tuple = ()  # (hp left, worth) of each slot monster
    lead: bool = False  # I have the most souls (a "most souls" target may be me)
    curse: bool = False  # I bear a curse
    fight_done: bool = False  # no fight left in my turn: damage below my HP heals unused (FS-8.10)
    hand_gap: float = 0.0  # my right neighbour's hand size minus mine (a hand exchange: the hands aim)
    roll_on_stack: bool = False
    # the best change of a number in play (``valuing.best_number_change``, FS-5.2); None: not read (the
    # verb's registered price)
    number_change: float | None = None
    # the best one-counter step on an item in play (``valuing.counter_step``, FS-5.14); None: not read
    counter_step: float | None = None
    # what the best character outside the game is worth over mine (``valuing.character_gain``, FS-2.7); None:
    # not read (the verb's registered price)
    new_character: float | None = None
    plan: dict = field(default_factory=dict)  # var → "me" | "rival" | "monster" | "mine" | "theirs"
    lazy: dict = field(default_factory=dict)  # field → how to compute it on its first read (``later``)
    reader: Any = None  # the player's ``reading.Reader``: its game memo keeps target plans

    def later(self, computes: dict[str, Any]) -> None:
        """Leave each field named in ``computes`` unset until it is first read, then its function
        (called with this outlook) fills it: most decisions read a few fields, and the rest (hand values,
        fights, items) cost most of a build. Only for fields that depend on the view alone, which a
        decision does not change. All of a build's fields in one call: this class is interpreted, and it
        is called twice a decision (issue 20)."""
        self.lazy.update(computes)
        for name in computes:
            delattr(self, name)

    def __getattr__(self, name: str) -> Any:  # called only for a field left unset by ``later``
        if name.startswith("__"):  # copy probing a bare instance (``branching.copy_state``)
            raise AttributeError(name)
        try:
            compute = self.lazy.pop(name)
        except KeyError:
            raise AttributeError(name) from None
        value = compute(self)
        setattr(self, name, value)
        return value

    def __deepcopy__(self, memo: dict) -> Outlook:
        """What ``copy.deepcopy`` makes of it (a search copies players), but the functions that fill unread
        fields (``lazy``) are shared as a deep copy shares a Python function: compiled (issue 20), they are
        objects it cannot copy. Unset fields stay unset (read through their slots, never computed)."""
        cls = type(self)
        new = object.__new__(cls)
        memo[id(self)] = new
        for name in cls.__slots__:
            try:
                value = cls.__dict__[name].__get__(self, cls)
            except AttributeError:  # left for ``later``
                continue
            if name == "lazy":
                lazy = memo[id(value)] = dict(value)
                setattr(new, name, lazy)
            else:
                setattr(new, name, copy.deepcopy(value, memo))
        return new
