"""Solo and co-op play (FS-17): one or more humans against a D8 timer, each character a separate player.

The engine plays a solo or co-op game as an ordinary game of 2–4 seats (one seat per character, FS-17.2:
own hand, ¢, souls and abilities) with three changes, all guarded by ``Game.coop`` so standard games never
reach this module (its state, :class:`Coop`, is ``Game.coop``, None in a competitive game): the competitive soul win (FS-14.1) is replaced by a combined soul goal for everyone
(FS-17.5, FS-17.6); a D8 timer starts at 8 and goes down at the end of every round and whenever a character
dies (FS-17.4, FS-Q.32 [A]); the game is lost when it reaches 0 (FS-Q.33). Setup differences (no bonus souls
FS-17.1, "3+ players" cards removed FS-17.8) are decided by the config and ``supply``."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from cardlab.simulate.core import UserError

from .state import Game, GameOver

MODES = ("solo", "co-op")
GOALS = {"normal": 4, "hard": 6, "ultra-hard": 8}  # FS-17.6
# FS-18.1's three-skull symbol: a challenge's side played as a normal competitive game of 3+ players (FS-20.12)
COMPETITIVE = "competitive"
DIFFICULTIES = (*GOALS, COMPETITIVE)
TIMER_START = 8  # FS-17.1: a D8 showing 8
SOLO_SEATS = 2  # FS-17.1: a solo player is dealt two characters, each a separate player (FS-17.2)


class TimerOut(GameOver):
    """FS-17.5 / FS-Q.33: the timer reached 0 with no win — every character loses."""

    def __init__(self) -> None:
        super().__init__(())


def mode(variants: tuple[str, ...]) -> str:
    """'solo', 'co-op' or '' (the competitive game)."""
    for m in MODES:
        if m in variants:
            return m
    return ""


def check_config(
    chosen: tuple[str, ...], n_players: int, difficulty: str, soul_cap: Any
) -> tuple[int, str, int]:
    """Validate the solo/co-op options; returns (seats, difficulty, soul_cap). One line per problem."""
    if difficulty not in DIFFICULTIES:
        raise UserError(
            f"four-souls: --difficulty must be one of {', '.join(DIFFICULTIES)}, got {difficulty!r}"
        )
    if isinstance(soul_cap, bool) or not isinstance(soul_cap, int) or soul_cap < 0:
        raise UserError(f"four-souls: --soul-cap must be 0 (no cap) or a positive number, got {soul_cap!r}")
    m = mode(chosen)
    if difficulty == COMPETITIVE:
        _check_competitive(chosen, m, n_players, soul_cap)
        return n_players, difficulty, soul_cap
    if not m:
        if difficulty != "normal":
            raise UserError(f"four-souls: --difficulty {difficulty} needs --variant solo or co-op (FS-17.6)")
        if soul_cap:
            raise UserError(f"four-souls: --soul-cap {soul_cap} needs --variant solo or co-op (FS-17.6)")
        return n_players, difficulty, soul_cap
    if "solo" in chosen and "co-op" in chosen:
        raise UserError("four-souls: --variant solo and co-op are two different modes; pick one")
    if m == "solo":
        # -p counts seats; a solo game always has 2 (one human, two characters). The CLI's default (4)
        # cannot be told from an explicit -p 4, so 4 reads as "not given"; 3 is refused.
        if n_players not in (SOLO_SEATS, 4):
            raise UserError(
                f"four-souls: --variant solo plays two characters (2 seats, FS-17.1): give -p 2 or leave it"
                f" out, not {n_players}"
            )
        n_players = SOLO_SEATS
    if soul_cap and soul_cap * n_players < GOALS[difficulty]:
        raise UserError(
            f"four-souls: --soul-cap {soul_cap} with {n_players} characters can never reach the"
            f" {difficulty} goal of {GOALS[difficulty]} souls"
        )
    return n_players, difficulty, soul_cap


def _check_competitive(chosen: tuple[str, ...], m: str, n_players: int, soul_cap: int) -> None:
    """FS-18.1, FS-20.12: the three-skull side is a challenge's, played as a normal game of 3 or more."""
    if "challenge" not in chosen:
        raise UserError(
            "four-souls: --difficulty competitive is a challenge's three-skull side (FS-18.1): add --variant challenge"
        )
    if m:
        raise UserError(
            f"four-souls: --difficulty competitive is a competitive 3+ player game (FS-18.1, FS-20.12), not --variant {m}"
        )
    if n_players < 3:
        raise UserError(
            f"four-souls: --difficulty competitive is for 3 or more players (FS-18.1, FS-20.12), got {n_players}"
        )
    if soul_cap:
        raise UserError(f"four-souls: --soul-cap {soul_cap} needs --variant solo or co-op (FS-17.6)")


def supply_config(cfg: Any) -> Any:
    """The config whose card supply a game uses. FS-17.8: "3+ players" cards are removed in solo and
    co-op whatever the number of characters — the supply of a 2-seat game (as FS-1.33 / FS-2.11)."""
    return replace(cfg, n_players=2) if cfg.n_players > 2 and cfg.coop else cfg


@dataclass(slots=True)
class Coop:
    """A solo or co-op game's own state (``Game.coop``; None in a competitive game)."""

    timer: int = TIMER_START  # FS-17.1 / FS-17.4: the D8 timer
    round_seen: set = field(default_factory=set)  # FS-17.4: seats that had a turn since the last round end


def start(g: Game) -> None:
    """FS-17.1: at the end of setup, a D8 showing 8."""
    g.coop = Coop()
    g.log.emit("timer", -1, None, None, g.coop.timer, "start")


def combined(g: Game) -> int:
    """FS-17.5: the characters' combined soul value; with a soul cap (FS-17.6 optional rule) each
    character counts at most ``cap`` of its own souls (decision: souls above the cap are still held)."""
    cap = g.cfg.soul_cap
    if cap:
        return sum(min(cap, p.soul_total()) for p in g.players)
    return sum(p.soul_total() for p in g.players)


def check_goal(g: Game) -> None:
    """FS-17.5: a combined soul value ≥ the goal wins for every character (replaces FS-14.1; checked
    continuously, like the competitive win, so it stands before any timer decrement, FS-Q.33). In a
    challenge only its own goal wins (FS-18.7: the final boss's death, ``challenge.boss_died``)."""
    if not g.challenge and combined(g) >= g.cfg.soul_goal:
        g.over = True
        raise GameOver(tuple(range(g.n)))


def _tick(g: Game, why: str, target: int | None) -> None:
    g.coop.timer -= 1
    g.log.emit("timer", -1, None, target, g.coop.timer, why)
    if g.coop.timer <= 0:
        check_goal(g)  # FS-Q.33: a win that has happened stands
        g.over = True
        raise TimerOut()


def character_died(g: Game, seat: int) -> None:
    """FS-17.4 / FS-Q.32: −1 whenever a character dies (any turn, [A])."""
    _tick(g, "death", seat)


def turn_done(g: Game) -> None:
    """FS-17.4: −1 at the end of every round — once every character has had a turn since the last
    decrement (a skipped turn counts as taken, FS-8.12; an extra turn adds nothing new)."""
    seen = g.coop.round_seen
    seen.add(g.active)
    if len(seen) < g.n:
        return
    seen.clear()
    check_goal(g)  # FS-Q.33: win checks precede the end-of-round bookkeeping
    _tick(g, "round", None)


def outcome(winners: tuple[int, ...]) -> tuple[str, str]:
    """(end_reason, game_over detail) of a finished solo/co-op game: everyone wins, or the timer won."""
    return ("win", "win") if winners else ("no_winner", "timer")
