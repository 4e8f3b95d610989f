"""The Four Souls replay story tells the truth: after every turn of seeded games (every player count,
random and sensible play, the casino variant that deals extra items), the souls, cents, items and deaths
it folded from the events equal the game's own state (issue 18 item 6)."""

from __future__ import annotations

import pytest

from cardlab.simulate.core import Players, stream
from cardlab.simulate.core.narrative import Event, tell
from cardlab.simulate.four_souls import make_config, run_game
from cardlab.simulate.four_souls.story import FourSoulsStory
from cardlab.strategies.four_souls import STRATEGIES


def _check(n: int, seed: int, strategy: str, variants: tuple[str, ...] = ()) -> FourSoulsStory:
    story = FourSoulsStory(n)
    seen = [0]
    wrong: list[str] = []

    def after_turn(g):
        for row in g.log.rows[seen[0] :]:
            story.see(Event.of(row))
        seen[0] = len(g.log.rows)
        for p in g.players:
            real = {"souls": p.soul_total(), "cents": p.cents, "items_held": len(p.items), "deaths": p.deaths}
            told = story.tracked(p.seat)
            if told != real and len(wrong) < 3:
                wrong.append(f"turn {g.turn} seat {p.seat}: story {told}, game {real}")

    players = Players([STRATEGIES[strategy](i, stream(seed, "strategy", i)) for i in range(n)])
    run_game(make_config(n, 60, variant=variants), seed, players, True, after_turn)
    assert not wrong, wrong
    return story


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("strategy", ["sensible", "random"])
def test_the_story_tracks_the_game_after_every_turn(n, strategy):
    for seed in range(4):
        _check(n, seed, strategy)


def test_the_casino_items_are_told():
    story = _check(3, 5, "random", ("casino",))
    assert all("Portable Slot Machine" in story.at[s].items or story.at[s].deaths for s in range(3))


def test_a_roll_is_told_once_with_its_changes():
    rows = [
        (3, "action", 1, "roll", "The Bloat", None, 2, "initial", None, None),
        (3, "action", 1, "roll", "The D6", "The Bloat", 5, "reroll", None, None),
        (3, "action", 1, "roll", "The Bloat", None, 5, "final", None, None),
        (3, "action", 1, "roll", "Pride", None, 4, "initial", None, None),
        (3, "action", 1, "roll", "Pride", None, 4, "final", None, None),
    ]
    lines = [line.strip() for line in tell(FourSoulsStory(2), rows) if "rolls" in line]
    assert lines == ["seat 1 rolls 2, rerolled with The D6 → 5: 5 for The Bloat", "seat 1 rolls 4 for Pride"]
