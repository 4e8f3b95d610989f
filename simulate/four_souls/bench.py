"""Throughput of the Four Souls engine on one core (a measuring script, not a test):

    python -m simulate.four_souls.bench [PLAYERS] [STRATEGY] [GAMES] [--no-events]

Prints games/s (CPU time of this process), events/game, decisions/game and turns/game."""

from __future__ import annotations

import sys
import time

from simulate.core import Players, stream

from . import GAME, make_config


def main(argv: list[str]) -> str:
    from strategies.four_souls import STRATEGIES

    args = [a for a in argv if not a.startswith("--")]
    n = int(args[0]) if args else 4
    strat = args[1] if len(args) > 1 else "sensible"
    games = int(args[2]) if len(args) > 2 else 100
    log = "--no-events" not in argv
    cfg = make_config(n, 400)
    GAME.left_out_cards(cfg)  # load and compile the cards once, outside the timing (once per worker)
    events = decisions = turns = 0
    cpu0 = time.process_time()
    for seed in range(games):
        players = Players([STRATEGIES[strat](i, stream(seed, "strategy", i)) for i in range(n)])
        r = GAME.play(cfg, seed, players, log_events=log)
        events += len(r.events)
        decisions += players.decisions
        turns += r.turns
    cpu = time.process_time() - cpu0
    return (
        f"{n}p {strat}: {games / cpu:.1f} games/s (CPU), {events / games:.0f} events/game, "
        f"{decisions / games:.0f} decisions/game, {turns / games:.1f} turns/game"
    )


if __name__ == "__main__":
    print(main(sys.argv[1:]))
