"""Building Hidden Reason positions for rule-scenario tests: named cards in named zones, scripted players."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import yaml

from cardlab.simulate.core import Decision, EventLog, Players
from cardlab.simulate.core.cardfiles import YamlMap
from cardlab.simulate.core.testing import Scenario, ScriptedPlayer
from cardlab.simulate.hidden_reason.cards import CardDef, parse_card
from cardlab.simulate.hidden_reason.decks import load_pool
from cardlab.simulate.hidden_reason.invariants import check
from cardlab.simulate.hidden_reason.stack import act, options, run_stack
from cardlab.simulate.hidden_reason.state import BATTLEFIELD, DECK, HAND, OTHER_WORLD, Card, Game, PlayerState


def custom_card(text: str, cls: str = "Test") -> CardDef:
    """A card from a YAML snippet (parsed with the real validator)."""
    return parse_card(_ymap(yaml.safe_load(text)), cls, "<test>", 1)


def _ymap(data: Any) -> Any:
    if isinstance(data, dict):
        m = YamlMap({k: _ymap(v) for k, v in data.items()})
        m.line, m.key_lines = 1, {}
        return m
    if isinstance(data, list):
        return [_ymap(v) for v in data]
    return data


def defn(name_or_def: str | CardDef) -> CardDef:
    if isinstance(name_or_def, CardDef):
        return name_or_def
    return load_pool("").cards[name_or_def]


def position(
    seats: dict[int, dict[str, list]] | None = None,
    n: int = 2,
    active: int = 0,
    turn: int = 5,
    fns: dict[int, Callable] | None = None,
    pool: int = 9,
    crystals: int = 5,
    boss_hp: int = 50,
) -> Game:
    """A game at turn ``turn`` with ``active`` to play. ``seats[s][zone]`` lists card names or CardDefs;
    battlefield cards entered last turn (not exhausted)."""
    fns = fns or {}
    strategies = [ScriptedPlayer(s, plan=fns.get(s)) for s in range(n)]
    players = [PlayerState(s, f"test{s}", ("Test",)) for s in range(n)]
    g = Game(players, Players(strategies), random.Random(0), EventLog(True), [], boss_hp, boss_hp)
    g.turn, g.active, g.first = turn, active, 0
    g.log.turn = turn
    for s, zones in (seats or {}).items():
        p = players[s]
        p.pool, p.crystals = pool, crystals
        for zone, names in zones.items():
            for name in names:
                add(g, s, name, zone)
    for p in players:
        if not seats or p.seat not in seats:
            p.pool, p.crystals = pool, crystals
    return g


def add(g: Game, seat: int, name: str | CardDef, zone: str = HAND) -> Card:
    """Put a new card into a zone (battlefield cards are not exhausted)."""
    c = Card(len(g.cards), defn(name), seat, seat)
    c.dur = c.d.durability
    g.cards.append(c)
    p = g.players[seat]
    c.zone = zone
    if zone == BATTLEFIELD:
        c.entered = g.turn - 1
        p.battlefield.append(c)
    else:
        {HAND: p.hand, DECK: p.deck, OTHER_WORLD: p.other_world}.get(zone, p.abyss).append(c)
    return c


def aim(g: Game, card: Card | int, target: Any) -> None:
    """Script the target its owner chooses when paying for ``card`` (HR-10.2: targets are chosen then)."""
    c = card if isinstance(card, Card) else g.cards[card]

    def pay(decision: Decision) -> Any:
        context = decision.context
        if decision.kind == "choose_target" and isinstance(context, tuple) and context[1] == c.uid:
            return target
        return None

    g.seats.strategies[c.owner].plans.insert(0, pay)  # before the test's own plan, as the payment comes first


def cast(g: Game, seat: int, card: Card | int, target: Any = None) -> None:
    """``seat`` plays ``card`` from its hand, choosing ``target`` when it pays (HR-7.1, HR-10.2)."""
    c = card if isinstance(card, Card) else g.cards[card]
    if target is not None:
        aim(g, c, target)
    act(g, seat, ("cast", c.uid))


def kinds(g: Game) -> list[str]:
    return [row[3] for row in g.log.rows]


def first_option(kind: str, pred: Callable[[Any], bool]) -> Callable[[Decision], Any]:
    """A script: for decisions of ``kind``, the first option matching ``pred`` (else default)."""

    def fn(d: Decision) -> Any:
        if d.kind == kind:
            for opt in d.options:
                if pred(opt):
                    return opt
        return None

    return fn


class HiddenReasonScenario(Scenario):
    """The kit's scenario interface over :func:`position` (simulate.core.testing.Scenario): named cards
    into a hand, deck, battlefield or the Other World, the placement-phase options (HR-12.6) and one taken
    with the stack resolved (HR-7.1)."""

    zones = (HAND, DECK, BATTLEFIELD, OTHER_WORLD)

    def __init__(self, g: Game) -> None:
        super().__init__(g, g.seats, g.log)

    def put(self, seat: int, card: str | CardDef, zone: str) -> Card:
        return add(self.state, seat, card, self._zone(zone))

    def options(self, seat: int) -> list[tuple]:
        return options(self.state, seat, True)

    def act(self, seat: int, option: tuple) -> None:
        act(self.state, seat, option)
        run_stack(self.state, seat, main=True)

    def check(self) -> None:
        check(self.state)


def scenario(**kw: Any) -> HiddenReasonScenario:
    """A Hidden Reason position (:func:`position`'s arguments) behind the kit's scenario interface."""
    return HiddenReasonScenario(position(**kw))
