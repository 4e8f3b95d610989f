"""Building positions for rule scenarios and tests: hand-made Card records, a game in a chosen state,
scripted players and scripted dice, and the invariants every game state must satisfy.

Not used by ``play``; kept in the package so tests and the exactness check share one builder."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from cardlab.simulate.core import Players, Streams
from cardlab.simulate.core.testing import Scenario, ScriptedPlayer

from . import checks, dice, plays, resolution
from .cards import Card, load_pool
from .config import make_config
from .invariants import check_invariants, zone_cards  # noqa: F401  (tests build positions and check them)
from .rooms import Rooms
from .rules import compile_card
from .setup import make_game
from .state import Attack, FSLog, Game, Obj, Phys

_ids = iter(range(1, 1 << 30))


def card(name: str, deck: str = "loot", kind: str = "other", **kw: Any) -> Card:
    """A Card record made in a test (fields as cards.Card; behaviour in the vocabulary)."""
    fields = {
        "id": kw.pop("id", f"t-{name.lower().replace(' ', '_')}-{next(_ids)}"),
        "name": name,
        "deck": deck,
        "kind": kind,
        "copies": 1,
        "players_3plus": False,
        "hp": None,
        "evasion": None,
        "attack": None,
        "rewards": {},
        "soul": 0,
        "starting_item": None,
        "keywords": (),
        "abilities": (),
        "hook": None,
        "implemented": True,
        "reason": None,
        "source": "test",
    }
    fields.update(kw)
    fields["keywords"] = tuple(fields["keywords"])
    fields["abilities"] = tuple(fields["abilities"])
    return Card(**fields)


def character(name: str = "Vanilla", hp: int = 2, attack: int = 1, abilities: tuple = ()) -> Card:
    return card(name, "character", "character", hp=hp, attack=attack, abilities=abilities)


def monster(
    name: str = "Blob",
    hp: int = 2,
    evasion: int = 3,
    attack: int = 1,
    rewards: dict | None = None,
    soul: int = 0,
    abilities: tuple = (),
    kind: str = "basic",
) -> Card:
    return card(
        name,
        "monster",
        kind,
        hp=hp,
        evasion=evasion,
        attack=attack,
        rewards=rewards or {},
        soul=soul,
        abilities=abilities,
    )


def pass_or_end(decision: Any) -> Any:
    """A Four Souls scripted player's default answer: pass a window, end the turn, else the first option."""
    if "pass" in decision.options:
        return "pass"
    if decision.kind == "action":
        for o in decision.options:
            if o[0] == "end":
                return o
    return decision.options[0]


def scripted(seat: int, plan: Callable | None = None, script: tuple = ()) -> ScriptedPlayer:
    """The kit's scripted player with Four Souls' default answer (:func:`pass_or_end`)."""
    return ScriptedPlayer(seat, None, script=script, plan=plan, fallback=pass_or_end)


class Dice(random.Random):
    """A Random whose d6 rolls come from a script (then from the seed)."""

    def __init__(self, rolls: list[int], seed: int = 0):
        super().__init__(seed)
        self.rolls = list(rolls)

    def randint(self, a: int, b: int) -> int:
        if (a, b) == (1, 6) and self.rolls:
            return self.rolls.pop(0)
        return super().randint(a, b)


def position(
    n: int = 2,
    chars: list[Card] | None = None,
    plans: dict[int, Callable] | None = None,
    rolls: list[int] | None = None,
    bank: int = 100,
    **cfg: Any,
) -> Game:
    """An empty table: characters in play (deactivated: no responses unless a test recharges them),
    no decks, no slots. Tests add what the scenario needs."""
    config = make_config(n, 50, bank=bank, **cfg)
    plans = plans or {}
    io = Players([scripted(i, plans.get(i)) for i in range(n)])
    g = make_game(config, Streams(0, fixed=Dice(rolls or [])), FSLog(True), io, n)
    g.bank = bank
    g.unlimited_bank = bank == 0
    chars = chars or [character(f"Vanilla{i}") for i in range(n)]
    for p, c in zip(g.players, chars, strict=True):
        p.character = g.new_obj(phys(g, c), "character", p.seat, charged=False)
        p.char_soul = c.soul or 0
    g.turn = 1
    return g


def rooms_of(g: Game) -> Rooms:
    """The table's rooms (FS-16), made on first use: a test puts room slots and a room deck on any position
    (a game gets them from ``--variant rooms``)."""
    if g.rooms is None:
        g.rooms = Rooms()
    return g.rooms


def add_room(g: Game, c: Card) -> Obj:
    """A room card into a new room slot (FS-2.5), in play."""
    o = g.new_obj(phys(g, c), "room", -1, slot=len(rooms_of(g).slots))
    rooms_of(g).slots.append([o])
    return o


def phys(g: Game, c: Card) -> Phys:
    ph = Phys(len(g.all_phys) + 1, c, compile_card(c))
    g.all_phys.append(ph)
    return ph


def give_item(g: Game, seat: int, c: Card, **kw: Any) -> Obj:
    o = g.new_obj(phys(g, c), "item", seat, **kw)
    g.players[seat].items.append(o)
    return o


def give_loot(g: Game, seat: int, c: Card) -> Phys:
    ph = phys(g, c)
    g.players[seat].hand.append(ph)
    return ph


def add_slot_monster(g: Game, c: Card) -> Obj:
    o = g.new_obj(phys(g, c), "monster", -1, slot=len(g.mslots))
    g.mslots.append([o])
    return o


def add_shop_item(g: Game, c: Card) -> Obj:
    o = g.new_obj(phys(g, c), "item", -1, slot=len(g.shop))
    g.shop.append([o])
    return o


def deck(g: Game, name: str, cards: list[Card]) -> list[Phys]:
    """Put cards on a deck, the first listed on top."""
    d, _ = g.deck_pair(name)
    out = [phys(g, c) for c in cards]
    d.extend(reversed(out))
    return out


def loot_fillers(g: Game, n: int) -> None:
    """``n`` plain loot cards (``Deck0`` …) under the loot deck, for draws a scenario does not look at."""
    g.loot.extend(phys(g, card(f"Deck{i}")) for i in range(n))


def take_cents(g: Game, seat: int, n: int) -> None:
    g.players[seat].cents += g.take_from_bank(n)


def real(name: str) -> Card:
    """A Base V2 card from the bundled card files, by name."""

    return load_pool().by_name[name]


def by_id(card_id: str) -> Card:
    """A card of the whole collection from the bundled card files, by id (names repeat across sets)."""
    return load_pool().by_id[card_id]


def settle(g: Game, rounds: int = 20) -> None:
    """Run state checks and priority rounds until the stack and the pending triggers are empty: a
    scenario's "and then everything resolves" (each player answering by its scripted plan)."""
    for _ in range(rounds):
        checks.state_checks(g)
        if not g.stack and not g.pending:
            return
        resolution.priority(g, g.active, until_empty=True)
    checks.state_checks(g)


def attack_roll(g: Game, target: Obj, value: int, seat: int = 0) -> None:
    """``seat`` attacks ``target`` and its attack roll shows ``value``; everything then resolves (FS-10.9)."""
    g.attack = Attack(seat=seat, target=target)
    r = dice.push_roll(g, seat, "attack", target=target, value=value)
    r.attack = True
    settle(g)


def kinds(g: Game, kind: str) -> list[tuple]:
    """The logged events of one kind, in order."""
    return [r for r in g.log.rows if r[3] == kind]


class FourSoulsScenario(Scenario):
    """The kit's scenario interface over :func:`position` (simulate.core.testing.Scenario): loot into a
    hand, items into play, the active player's action-phase options (FS-8.6) and taking one with its
    priority round resolved (FS-7)."""

    zones = ("hand", "items")

    def __init__(self, g: Game) -> None:
        super().__init__(g, g.io, g.log)

    def put(self, seat: int, card: Card | str, zone: str) -> Any:
        give = give_loot if self._zone(zone) == "hand" else give_item
        return give(self.state, seat, real(card) if isinstance(card, str) else card)

    def options(self, seat: int) -> list:
        return plays.legal_actions(self.state, seat)

    def act(self, seat: int, option: tuple) -> None:
        if plays.take_action(self.state, seat, option):
            resolution.priority(self.state, seat, until_empty=True)

    def check(self) -> None:
        check_invariants(self.state)


def scenario(n: int = 2, **kw: Any) -> FourSoulsScenario:
    """A Four Souls position (:func:`position`'s arguments) behind the kit's scenario interface."""
    return FourSoulsScenario(position(n, **kw))
