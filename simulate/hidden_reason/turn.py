"""One game from setup to the lethal blow: setup and mulligans (HR-14), the turn (HR-12), technical loss
(HR-3.6 / HR-Q.15) and the turn cap."""

from __future__ import annotations

import random

from cardlab.simulate.core import Decision, EventLog, GameResult, Players, SeatResult, Streams, stream
from cardlab.simulate.core.events import log_held_at_end
from cardlab.simulate.core.shuffling import shuffle

from . import permanents, resources, zones
from .combat import attack_phase
from .config import HRConfig, seat_decks
from .decks import deck_line_items, pool_with
from .stack import PASS, act, ask_main, options, priority_round, push_triggers, run_stack
from .state import ABYSS, MAX_RESOURCES, OTHER_WORLD, Card, Game, GameOver, PlayerState, StackItem
from .views import View

OPENING_HAND = 5  # HR-5.2
MULLIGAN_EXILE = 3  # HR-14.6


def setup(config: HRConfig, seed: int, seats: Players, log: EventLog) -> Game:
    """HR-14.4–14.7: decks, first player, opening hands and mulligans."""
    pool = pool_with(config.cards, config.overrides)
    names = seat_decks(config, stream(seed, "decks"))
    n = config.n_players
    cards: list[Card] = []
    players = []
    for s, name in enumerate(names):
        deck = pool.decks[name]
        p = PlayerState(s, name, deck.classes)
        for card_name in deck_line_items(deck):
            c = Card(len(cards), pool.cards[card_name], s, s)
            c.dur = c.d.durability
            cards.append(c)
            p.deck.append(c)
        shuffle(stream(seed, "setup", "deck", s), p.deck)  # HR-14.5
        players.append(p)
    hp = config.boss_hp_per_player * n  # HR-3.1
    g = Game(players, seats, Streams(seed), log, cards, hp, hp)
    # HR-2.4 / HR-14.4. Each setup choice (a seat's deck order, the first player) has its own stream of the
    # game seed, so a change to one deck keeps the rest of the deal and runs stay paired (`cardlab compare`).
    g.first = stream(seed, "setup", "first player").randrange(n)
    for s in range(n):
        log.emit("setup", s, None, names[s], len(players[s].deck), "+".join(players[s].classes))
    log.emit("setup", -1, None, "boss", hp, f"first=seat {g.first}")
    order = [(g.first + i) % n for i in range(n)]
    for s in order:
        zones.draw(g, players[s], OPENING_HAND, "opening hand")
    for s in order:
        _mulligans(g, config, players[s], stream(seed, "setup", "mulligans", s))
    return g


def _mulligans(g: Game, config: HRConfig, p: PlayerState, rng: random.Random) -> None:
    """HR-14.6 / HR-Q.18: redeal = hand back, shuffle, draw 5; every redeal after the first then exiles
    the bottom 3 cards face down, hidden from their owner (HR-14.7, HR-Q.17). No limit: the player decides.
    A redeal that must exile 3 is offered only while the deck holds 3 to exile (it cannot be paid
    otherwise), so redeals end with the deck."""
    while p.mulligans == 0 or len(p.deck) >= MULLIGAN_EXILE:
        if (
            g.seats.ask(Decision("mulligan", p.seat, ("keep", "redeal"), View(g, p.seat), p.mulligans))
            == "keep"
        ):
            return
        for c in p.hand:
            c.zone = "deck"
        p.deck.extend(p.hand)
        p.hand.clear()
        shuffle(rng, p.deck)
        zones.draw(g, p, OPENING_HAND, "redeal")
        exiled = 0
        if p.mulligans >= 1:
            for _ in range(min(MULLIGAN_EXILE, len(p.deck))):
                c = p.deck.pop(0)  # bottom of the deck
                c.zone = ABYSS
                c.hidden = True
                p.abyss.append(c)
                exiled += 1
        p.mulligans += 1
        g.log.emit("mulligan", p.seat, None, None, exiled, value=p.mulligans)


def _start_phase(g: Game) -> None:
    ap = g.active
    p = g.players[ap]
    log = g.log
    # HR-12.2 untap step (nothing may be played) and HR-Q.1 crystal refill.
    log.phase = "untap"
    for c in p.battlefield:
        if c.tapped:
            c.tapped = False
            log.emit("untap", ap, c.d.name)
    p.pool = min(MAX_RESOURCES, p.crystals + p.temp)
    # HR-12.3 start-of-turn step.
    log.phase = "start"
    for s in g.opponents(ap):  # HR-15.1 / HR-Q.24: overload at the start of the next opponent turn
        for c in list(g.players[s].battlefield):
            if c.d.construction is not None and c.window >= 0 and c.window < g.turn and not c.silenced:
                log.emit("overload", s, c.d.name)
                zones.leave_battlefield(g, c, OTHER_WORLD, "overload")
                if c.d.construction.overload:
                    g.pending_triggers.append(StackItem("overload", s, c, None, extra="overload"))
    for c in p.battlefield:  # HR-15.1: one energy token per controller turn
        if c.d.construction is not None and c.window == -1 and not c.silenced:
            permanents.add_energy(g, c, 1)
    _hunger(g, p)
    _phase_triggers(g, "start_of_turn", "opponent_turn_start")
    run_stack(g)
    # HR-12.4 draw step: the first player skips it on their first turn (HR-14.8). No tactics (HR-Q.19).
    log.phase = "draw"
    if g.turn > 1:
        zones.draw(g, p, 1, "draw step")
    # HR-12.5 wound step (HR-3.3): 1 damage, no income (HR-Q.3); crystal or card.
    log.phase = "wound"
    log.emit("wound", ap, None, "boss", 1)
    resources.damage_boss(g, ap, 1, None, income=False)
    choices = ("crystal", "card") if p.crystals < MAX_RESOURCES else ("card",)  # HR-Q.27
    if g.seats.ask(Decision("wound", ap, choices, View(g, ap))) == "crystal":
        resources.gain_crystal(g, p, 1)
    else:
        zones.draw(g, p, 1, "wound")
    # From the wound step on, tactics are allowed (HR-Q.19). The active player's first chance is the
    # placement phase's first action, which follows at once; the others may act here.
    if g.pending_triggers:
        run_stack(g)
    acted = priority_round(g, (ap + 1) % g.n, main_seat=ap)
    if acted is not None:
        run_stack(g, acted)


def _phase_triggers(g: Game, own: str, others: str | None) -> None:
    """HR-12.3 / HR-12.9: the active player's ``own`` triggers and the others' ``others`` triggers go on the
    stack one at a time, alternating between players from the active player; a player with several
    chooses which goes next (``order_trigger``). Between two of them every player may answer ("before or
    after any of these"): see ``_trigger_window``."""
    ap = g.active
    per_seat: list[list[StackItem]] = []
    for s in [ap, *g.opponents(ap)]:
        event = own if s == ap else others
        mine = []
        if event is not None:
            for c in g.players[s].battlefield:
                if event in c.d.trigger_map and not c.silenced:
                    mine.append(StackItem("trigger", s, c, c.d.trigger_map[event], extra=event))
        per_seat.append(mine)
    while any(per_seat):
        for mine in per_seat:
            if not mine:
                continue
            pick = 0
            if len(mine) > 1:
                seat = mine[0].controller
                uids = [it.source.uid for it in mine]
                pick = uids.index(g.seats.ask(Decision("order_trigger", seat, uids, View(g, seat))))
            g.pending_triggers.append(mine.pop(pick))
            if any(per_seat):
                _trigger_window(g)


def _trigger_window(g: Game) -> None:
    """HR-12.3 / HR-12.9 (decision in docs/rules/hidden_reason.md): once a trigger is on the stack and before
    the next goes on, any player, the active player first, may play a tactic or a permanent's ability. An
    answer goes above the triggers and resolves (everyone may answer it, HR-7.3) down to them; when all pass
    in a row, the next trigger goes on (nothing resolves). The last trigger's window is the stack's own."""
    push_triggers(g)
    while True:
        floor = len(g.stack)  # an answer may have cancelled a trigger below (HR-7.3)
        acted = priority_round(g, g.active)
        if acted is None:
            return
        run_stack(g, acted, floor=floor)


def _hunger(g: Game, p: PlayerState) -> None:
    """HR-15.5 / HR-Q.21: remove N durability tokens in total (N = hunger cards), spread by the controller;
    each unit that loses tokens this way gets +1 attack once per game."""
    n = sum(1 for c in p.battlefield if c.d.hunger and not c.silenced)
    for _ in range(n):
        units = [c.uid for c in p.battlefield if c.d.is_unit and c.dur >= 1]
        if not units:
            break
        c = g.cards[g.seats.ask(Decision("hunger", p.seat, units, View(g, p.seat)))]
        c.dur -= 1  # units offered have at least 1 token
        fed = not c.hunger_fed
        if fed:
            c.hunger_fed = True
            c.atk_mod += 1
        g.log.emit("hunger", p.seat, c.d.name, None, 1, "attack+1" if fed else "")
    if n:
        zones.sweep(g)


def placement(g: Game, label: str) -> None:
    """HR-12.6 / HR-Q.8: the active player plays anything affordable with an empty stack; once they pass,
    the others may still act (HR-Q.4); the phase ends when all pass in a row with an empty stack."""
    g.log.phase = label
    ap = g.active
    after = (ap + 1) % g.n
    while True:
        if g.pending_triggers:
            run_stack(g)
        opts = options(g, ap, True)
        choice: tuple = PASS  # an answer is one of the options (tuples)
        if opts:
            opts.insert(0, PASS)
            choice = ask_main(g, ap, opts)
        if choice == PASS:
            acted = priority_round(g, after, main_seat=ap)
            if acted is None:
                return
            run_stack(g, acted, main=True)
        else:
            act(g, ap, choice)
            run_stack(g, ap, main=True)


def _end_phase(g: Game) -> None:
    """HR-12.9: end-of-turn triggers like start-of-turn ones, then 'until end of turn' effects end."""
    g.log.phase = "end"
    _phase_triggers(g, "end_of_turn", None)
    run_stack(g)
    resources.end_turn_resources(g)
    for p in g.players:
        for c in p.battlefield:
            c.temp_atk = 0


def _technical_loss(g: Game, hp_at_round_start: int) -> bool:
    """HR-3.6 / HR-Q.15: a full round without boss damage while every hand and deck is empty."""
    return g.boss_hp == hp_at_round_start and all(not p.hand and not p.deck for p in g.players)


def play(config: HRConfig, seed: int, players: Players, log_events: bool = True) -> GameResult:
    """Play one game of Hidden Reason (a pure function of config, seed and strategies)."""
    log = EventLog(log_events)
    g = setup(config, seed, players, log)
    n = g.n
    winners: tuple[int, ...]
    end_reason, winners, technical = "turn_cap", (), False
    round_hp = g.boss_hp
    try:
        while g.turn < config.max_turns:
            g.turn += 1
            g.active = (g.first + g.turn - 1) % n
            g.plays = 0
            log.turn = g.turn
            log.phase = "start"
            log.emit("turn_start", g.active, None, None, g.boss_hp)
            _start_phase(g)
            placement(g, "placement")
            g.log.phase = "attack"
            attack_phase(g)
            placement(g, "placement2")
            _end_phase(g)
            if g.turn % n == 0:
                if _technical_loss(g, round_hp):
                    technical = True
                    log.emit("technical_loss", -1, None, "boss", g.boss_hp)
                    raise GameOver((), "no_winner")  # HR-3.6: every player loses
                round_hp = g.boss_hp
        log.phase = "end"
    except GameOver as over:
        winners, end_reason = over.winners, over.reason
    for p in g.players:
        log_held_at_end(log, p.seat, (c.d.name for c in p.hand))
    log.emit(
        "game_over",
        winners[0] if len(winners) == 1 else -1,
        None,
        None,
        g.boss_hp,
        "technical_loss" if technical else end_reason,
    )
    seats = []
    for p in g.players:
        seats.append(
            SeatResult(
                float(p.boss_damage),
                {
                    "deck": p.deck_name,
                    "classes": "+".join(p.classes),
                    "boss_damage": p.boss_damage,
                    "lethal": p.lethal,
                    "mulligans": p.mulligans,
                    "crystals": p.crystals,
                    "cards_cast": p.cards_cast,
                    "retributions": p.retributions,
                    "turn_order": (p.seat - g.first) % n,
                },
            )
        )
    columns = {
        "boss_kill_turn": g.kill_turn,
        "boss_hp_start": g.boss_max,
        "boss_hp_end": g.boss_hp,
        "technical_loss": technical,
    }
    return GameResult(tuple(winners), end_reason, g.turn, g.first, seats, log, columns)
