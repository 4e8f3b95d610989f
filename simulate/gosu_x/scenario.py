"""Helpers for Gosu X rule scenarios: build a position card by card, script the players' answers."""

from __future__ import annotations

from typing import Any

from cardlab.simulate.core import Players
from cardlab.simulate.core.testing import Scenario, ScriptedPlayer
from cardlab.simulate.gosu_x import make_config, zones
from cardlab.simulate.gosu_x.actions import do_action, legal_actions
from cardlab.simulate.gosu_x.cards import clan_tiles, load_cards
from cardlab.simulate.gosu_x.draft import build_decks
from cardlab.simulate.gosu_x.engine import new_state
from cardlab.simulate.gosu_x.invariants import check
from cardlab.simulate.gosu_x.state import ARMY, DECK, DISCARD, HAND, Card, State


def make_state(clans0=("Goan Sul", "Golem", "Phoenix"), clans1=("Themis", "Xian", "Tomorrow"), seed: int = 0,
               combat: str = "2,3,5", cards: str = "") -> State:  # fmt: skip
    """Both decks built (45 cards each, all in the deck), empty hands and armies, no draft."""
    cfg = make_config(2, 400, combat_values=combat, cards=cards)
    st = new_state(cfg, seed, Players([ScriptedPlayer(0), ScriptedPlayer(1)]))
    st.p[0].clans, st.p[1].clans = tuple(clans0), tuple(clans1)
    defs = load_cards(cfg.cards_path)
    st.undrafted = tuple(c for c in defs if c not in clans0 and c not in clans1)
    st.tiles = clan_tiles(defs)
    build_decks(st, defs)
    st.round = 1
    return st


def script(st: State, seat: int, *answers: Any) -> ScriptedPlayer:
    s = st.players_obj.strategies[seat]
    s.extend(*answers)
    return s


def find(st: State, seat: int, name: str, zone: str | None = None) -> Card:
    pl = st.p[seat]
    zones_ = {DECK: pl.deck, HAND: pl.hand, DISCARD: pl.discard}
    for z, cards in zones_.items():
        if zone and z != zone:
            continue
        for c in cards:
            if c.d.name == name:
                return c
    raise KeyError(f"{name} not found for seat {seat} in {zone or 'deck/hand/discard'}")


def _detach(st: State, card: Card) -> None:
    pl = st.p[card.owner]
    {DECK: pl.deck, HAND: pl.hand, DISCARD: pl.discard}[card.zone].remove(card)


def to_hand(st: State, seat: int, name: str) -> Card:
    card = find(st, seat, name, DECK)
    _detach(st, card)
    card.zone = HAND
    st.p[seat].hand.append(card)
    return card


def to_discard(st: State, seat: int, name: str) -> Card:
    card = find(st, seat, name, DECK)
    _detach(st, card)
    zones.to_discard(st, card)
    return card


def to_army(st: State, seat: int, name: str, row: int | None = None, face_up: bool = True) -> Card:
    """Place a card straight into the army (no cost, no effect): for building positions."""
    card = find(st, seat, name, DECK)
    _detach(st, card)
    r = card.d.level - 1 if row is None else row
    zones.place_in_army(st, seat, card, r)
    card.face_up = face_up
    return card


def fill_hand(st: State, seat: int, n: int, level: int | None = None) -> list[Card]:
    """Move n deck cards (optionally of one level) into the hand."""
    pl = st.p[seat]
    got = [c for c in pl.deck if level is None or c.d.level == level][:n]
    for c in got:
        pl.deck.remove(c)
        c.zone = HAND
        pl.hand.append(c)
    return got


def kinds(st: State) -> list[str]:
    return [r[3] for r in st.log.rows]


def events(st: State, kind: str) -> list[tuple]:
    return st.log.of_kind(kind)


def check_invariants(st: State) -> None:
    """Every card in exactly one zone; 4 tokens per player (8 in all); rows contiguous and supported
    (the engine's own checker, used by checked_play, raises InvariantError)."""
    check(st)


class GosuXScenario(Scenario):
    """The kit's scenario interface over :func:`make_state` (simulate.core.testing.Scenario): a card of the
    seat's deck moved into its hand, discard or army (GX-12), the seat's legal actions (GX-4.3) and one
    taken."""

    zones = (HAND, DISCARD, ARMY)

    def __init__(self, st: State) -> None:
        super().__init__(st, st.players_obj, st.log)

    def put(self, seat: int, card: str, zone: str) -> Card:
        move = {HAND: to_hand, DISCARD: to_discard, ARMY: to_army}[self._zone(zone)]
        return move(self.state, seat, card)

    def options(self, seat: int) -> list[tuple]:
        return legal_actions(self.state, seat)

    def act(self, seat: int, option: tuple) -> None:
        do_action(self.state, seat, option)

    def check(self) -> None:
        check(self.state)


def scenario(**kw: Any) -> GosuXScenario:
    """A Gosu X position (:func:`make_state`'s arguments) behind the kit's scenario interface."""
    return GosuXScenario(make_state(**kw))
