"""`cardlab compare` of a 2-player and a 3-player run says their even shares differ (50 % against 33.3 %)
and adds B − A of each rate's distance from its run's even share: without a word, every value looks 17
points worse in B."""

from __future__ import annotations

import cardlab.api as cl


def _runs(tmp_path, players_b):
    a = cl.simulate("hidden-reason", games=20, seed=5, players=2, jobs=1, out=tmp_path, name="a")
    b = cl.simulate("hidden-reason", games=20, seed=5, players=players_b, jobs=1, out=tmp_path, name="b")
    return a, b


def test_runs_of_two_player_counts_say_so_and_compare_over_the_even_share(tmp_path):
    a, b = _runs(tmp_path, 3)
    text = cl.compare(a, b, by="strategy")
    assert (
        "note: A has 2 players and B 3: a seat's even share is 50.0% in A and 33.3% in B, so every B − A "
        "holds -16.7 pts from the player count alone;" in text
    ), text
    head, row = next(
        (line, text.splitlines()[i + 1])
        for i, line in enumerate(text.splitlines())
        if line.startswith("strategy ")
    )
    assert "B − A over even" in head and "over even 95% CI" in head, head
    cells = row.split()  # sensible, seats, A, B, B − A, pts, [lo, hi], over even, pts, [lo, hi]
    assert abs(float(cells[4]) + 16.7 - float(cells[8])) < 0.11, row


def test_runs_of_one_player_count_have_no_such_column(tmp_path):
    a = cl.simulate("hidden-reason", games=20, seed=5, players=2, jobs=1, out=tmp_path, name="a")
    b = cl.simulate(
        "hidden-reason", games=20, seed=5, players=2, jobs=1, out=tmp_path, name="b", boss_hp_per_player=30
    )
    text = cl.compare(a, b, by="strategy")
    assert "over even" not in text and "even share" not in text, text
