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

Starting items with modes or odd effects get a plan (docs/four_souls.md, Strategies): Forever Alone
steals or loots, Incubus swaps its worst card for a rival's best, Sleight Of Hand puts the best
treasure on top before buying (or the easiest monster before a deck attack), The Bone becomes the
winning soul. In the turn just before its own it spends what would recharge anyway at its turn start
(its character's ↷ for a gain card, charged gain items). Drafts pick by measured value (``drafts``).

Parameters (``sensible:risk=0.3``): ``risk`` — the least chance of winning a fight it accepts before
attacking a slot monster (0..1, default 0.25); ``desperate`` — the least chance it accepts once a rival is
one soul from winning (default 0.05: a fight lost then costs little, a soul not taken may cost the game);
``deck_hp`` — the least HP with which it attacks the
monster deck blind when no slot fight is good enough (default 1: whenever alive; 0 = never); ``picky`` — the least
item value for which it buys a shop item rather than the top of the treasure deck (default 2.5);
``respond`` — use responses at all (default true).
"""

from __future__ import annotations

import random as _random
from typing import Any, ClassVar

from cardlab.strategies.copying import Copyable

from . import reading as rd
from . import valuing as vl
from .sensible_policy import SensiblePolicy


class SensiblePlayer(Copyable, SensiblePolicy):
    """The player: its parameters and their checks. What it does is ``SensiblePolicy``'s (compiled in the
    compiled build); this class stays Python so its ``__init__`` keeps its signature, which the kernel reads
    for the parameters (``declared_parameters``), and copies as a whole (``Copyable``)."""

    description: ClassVar[str] = (
        "Plays like a competent casual player: gains first, buys what is worth it, fights what it can kill, "
        "and answers lethal or game-winning rolls with rerolls, shields and cancels."
    )

    name = "sensible"

    def __init__(
        self,
        seat: int,
        rng: _random.Random,
        *,
        risk: float = 0.25,
        deck_hp: int = 1,
        picky: float = 2.5,
        respond: bool = True,
        loot_bar: float = 0.25,
        keep_bar: float = 0.8,
        tap_bar: float = 0.4,
        paid_bar: float = 0.3,
        desperate: float = 0.05,
    ) -> None:
        _check_number("risk", risk, 0.0, 1.0)
        _check_number("desperate", desperate, 0.0, 1.0)
        for name, bar in (("loot_bar", loot_bar), ("keep_bar", keep_bar), ("tap_bar", tap_bar)):
            _check_number(name, bar, 0.0, 100.0)
        _check_number("paid_bar", paid_bar, 0.0, 100.0)
        self.loot_bar, self.keep_bar, self.tap_bar, self.paid_bar = (
            float(loot_bar),
            float(keep_bar),
            float(tap_bar),
            float(paid_bar),
        )
        _check_number("deck_hp", deck_hp, 0, 99)
        _check_number("picky", picky, 0.0, 100.0)
        if not isinstance(respond, bool):
            raise TypeError(f"parameter 'respond' must be true or false, got {respond!r}")
        self.seat = seat
        self.rng = rng
        self.risk = float(risk)
        self.desperate = float(desperate)
        self.deck_hp = int(deck_hp)
        self.picky = float(picky)
        self.responds = respond
        self._intent: tuple | None = None  # what the next target/roll choice is for
        self._atk_seen: dict[int, int] = {}  # damage each opponent's hits were seen to deal (public)
        self._tries: dict[tuple, int] = {}  # option → times chosen this turn (guards a refused action)
        self._tries_turn = -1
        self._roll_high = True  # which way my last roll change pushes (up for my own rolls)
        self._plan: tuple | None = None  # (card name, mode, seat, use kind) of the odd ↷ item used last
        self._top_known: tuple | None = None  # (turn, treasure card) I put on top of the treasure deck
        self._idle_turn = -1  # the turn in which I passed an empty-stack window before my own turn
        self._prev: int | None = None  # the seat whose turn comes just before mine
        self._sold = False  # soul trading (FS-20.5): a soul sold already this game
        self.rd = rd.Reader(vl.item_value)  # this game's card readings (the kernel builds players per game)
        self._using: Any = None  # the ability of the option I chose last (its targets are asked next)
        self._keep_out: Any = None  # the outlook a discard choice reads (``_loot_keep``)
        self._roll_goal: tuple | None = None  # (face, value when aimed) of my dice tool's plan
        self._asked = 0  # decisions asked so far: what a decision's memo below is keyed by
        self._seen: tuple = (-1, None, None)  # (decision, outlook, best fight) of the decision asked
        self._view: Any = None  # my seat's view (one per game): what the handles in options are read through
        self._picks: tuple | None = None  # (card, options left, targets picked, damage split): ``_picked``
        self._number: tuple | None = None  # (card, change) planned for a number change (``_number_target``)
        self._step: tuple | None = None  # (card, "add KIND" / "remove KIND") planned for ``step_counters``
        self._changed: tuple | None = (
            None  # (attack, its rolls) when I last changed a rival's roll: ``_goes_round``
        )


def _check_number(name: str, value: Any, lo: float, hi: float) -> None:
    """Bad parameter values raise TypeError too: the kernel turns it into a one-line error."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not lo <= value <= hi:
        raise TypeError(f"parameter '{name}' must be a number in {lo:g}..{hi:g}, got {value!r}")
