"""Pig, a tiny dice game used to test the kernel (a fixture, not a product feature).

Each turn the player rolls a die until they hold or roll a 1 (losing the turn's points). First to
``target`` points wins. ``crash_every`` makes every game whose seed is divisible by it raise, and
``die_every`` kills the process playing it, so the error and worker-death paths can be tested.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass

from cardlab.simulate.core import (
    AnalysisSpec,
    Decision,
    DecisionKind,
    EventLog,
    FirstScore,
    GameOption,
    GameResult,
    GameSpec,
    InvariantError,
    Players,
    ScoreRule,
    SeatResult,
    UserError,
    stream,
)
from cardlab.simulate.core.testing import RandomPlayer


@dataclass(frozen=True, slots=True)
class PigConfig:
    n_players: int = 2
    max_turns: int = 200
    target: int = 30
    crash_every: int = 0
    die_every: int = 0
    pause_ms: int = 0


def make_config(
    n_players: int,
    max_turns: int,
    target: int = 30,
    crash_every: int = 0,
    die_every: int = 0,
    pause_ms: int = 0,
) -> PigConfig:
    if target < 1:
        raise UserError(f"--target must be at least 1, got {target}")
    return PigConfig(n_players, max_turns, target, crash_every, die_every, pause_ms)


def play(config: PigConfig, seed: int, players: Players, log_events: bool = True) -> GameResult:
    rng = stream(seed, "engine")
    log = EventLog(log_events)
    if config.crash_every and seed % config.crash_every == 0:
        raise RuntimeError(f"pig crashed on purpose (seed {seed})")
    if config.pause_ms:
        time.sleep(config.pause_ms / 1000)  # a slow game, so tests can interrupt a run mid-way
    if config.die_every and seed % config.die_every == 0:
        os._exit(70)  # the worker process dies, as under an out-of-memory kill
    n = config.n_players
    scores = [0] * n
    first = rng.randrange(n)
    turn = 0
    while turn < config.max_turns:
        turn += 1
        seat = (first + turn - 1) % n
        log.turn, log.phase = turn, "main"
        log.emit("turn_start", seat)
        pot = 0
        while True:
            roll = rng.randint(1, 6)
            log.emit("roll", seat, amount=roll)
            if roll == 1:
                log.emit("bust", seat, amount=pot)
                pot = 0
                break
            pot += roll
            if scores[seat] + pot >= config.target:
                break
            choice = players.ask(Decision("roll_or_hold", seat, ("roll", "hold"), view=(scores[seat], pot)))
            if choice == "hold":
                break
        if pot:
            scores[seat] += pot
            log.emit("hold", seat, amount=pot)
        if scores[seat] >= config.target:
            log.emit("game_over", seat, detail="win")
            seats = [SeatResult(score=s, columns={"busts": 0}) for s in scores]
            return GameResult((seat,), "win", turn, first, seats, log)
    log.emit("game_over", -1, detail="turn_cap")
    return GameResult(
        (), "turn_cap", turn, first, [SeatResult(score=s, columns={"busts": 0}) for s in scores], log
    )


def checked_play(config: PigConfig, seed: int, players: Players, log_events: bool = True) -> GameResult:
    """Pig with its invariants checked: scores never negative, at most one winner (a soak test target)."""
    result = play(config, seed, players, log_events)
    if any(s.score < 0 for s in result.seats) or len(result.winners) > 1:
        raise InvariantError(f"broken pig result {result.winners}")
    if config.crash_every and seed % (config.crash_every + 1) == 0:
        raise InvariantError(f"pig invariant broken on purpose (seed {seed})")
    return result


class HoldAt:
    description = "Holds once the turn's pot reaches ``at`` points."
    name = "hold"

    def __init__(self, seat, rng, at: int = 15):
        self.at = at

    def choose(self, decision):
        return "hold" if decision.view[1] >= self.at else "roll"


class Cheater:
    description = "Returns an illegal answer (to test illegal-choice errors)."
    name = "cheat"

    def __init__(self, seat, rng):
        pass

    def choose(self, decision):
        return "steal"


GAME = GameSpec(
    name="pig",
    title="Pig (test fixture)",
    make_config=make_config,
    play=play,
    event_kinds=frozenset({"turn_start", "roll", "bust", "hold", "game_over"}),
    player_columns={"busts": "int"},
    players_range=(2, 4),
    checked_play=checked_play,
    decision_kinds={"roll_or_hold": DecisionKind("roll again or bank the pot", '`"roll"` / `"hold"`')},
    default_players=2,
    analysis=AnalysisSpec(  # points banked by holding
        score_label="points",
        first_score=FirstScore("first points banked", ("hold",)),
        score_rules=(ScoreRule("hold"),),
    ),
    options=(
        GameOption("target", int, 30, "points needed to win"),
        GameOption("crash-every", int, 0, "raise in games whose seed is divisible by this (testing)"),
        GameOption("die-every", int, 0, "kill the worker process in games whose seed is divisible by this"),
        GameOption("pause-ms", int, 0, "sleep this long in every game (to interrupt runs in tests)"),
    ),
)

STRATEGIES = {"random": RandomPlayer, "hold": HoldAt, "cheat": Cheater}
