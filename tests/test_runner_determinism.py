"""Same seed → identical Parquet content for any worker count and batch size (DESIGN: pure games)."""

from __future__ import annotations

from polars.testing import assert_frame_equal

from cardlab.simulate.core.seeds import derive_seed, game_seed
from tests.kernel_helpers import manifest_of, read_sorted, simulate

ARGS = ("-n", "120", "--seed", "42", "-s", "hold:at=12,random", "--players", "3", "--crash-every", "37")


def test_jobs_and_batch_sizes_give_identical_tables(tmp_path):
    runs = {
        "serial": ("--jobs", "1", "--batch-size", "120"),
        "two_workers": ("--jobs", "2", "--batch-size", "25"),
        "odd_batches": ("--jobs", "2", "--batch-size", "7"),
    }
    for name, extra in runs.items():
        result = simulate(tmp_path, name, *ARGS, *extra, "--allow-errors")
        assert result.exit_code == 0, result.output
    for table in ("games", "players", "events", "errors"):
        base = read_sorted(tmp_path / "serial", table)
        if table != "errors":
            assert base.height > 0
        for name in ("two_workers", "odd_batches"):
            assert_frame_equal(base, read_sorted(tmp_path / name, table).select(base.columns))


def test_different_seed_gives_different_games(tmp_path):
    simulate(tmp_path, "a", "-n", "50", "--seed", "1", "--jobs", "1")
    simulate(tmp_path, "b", "-n", "50", "--seed", "2", "--jobs", "1")
    assert read_sorted(tmp_path / "a", "events").height != read_sorted(
        tmp_path / "b", "events"
    ).height or not (read_sorted(tmp_path / "a", "events").equals(read_sorted(tmp_path / "b", "events")))


def test_game_seed_depends_only_on_run_seed_and_index():
    assert game_seed(7, 3) == game_seed(7, 3)
    assert len({game_seed(7, i) for i in range(1000)}) == 1000
    assert game_seed(7, 3) != game_seed(8, 3)
    assert 0 <= derive_seed(1, "engine") < 2**63


def test_seats_rotate_so_each_strategy_sits_everywhere(tmp_path):
    simulate(tmp_path, "rot", "-n", "90", "--players", "3", "-s", "hold,random,hold:at=5", "--jobs", "1")
    players = read_sorted(tmp_path / "rot", "players")
    counts = players.group_by("strategy", "seat").len()
    assert counts.height == 9 and set(counts["len"].to_list()) == {30}


def test_manifest_records_what_was_run(tmp_path):
    simulate(tmp_path, "m", "-n", "30", "--seed", "5", "--jobs", "1", "--target", "20")
    manifest = manifest_of(tmp_path / "m")
    assert manifest["status"] == "complete"
    assert manifest["run_seed"] == 5 and manifest["n_games"] == 30
    assert manifest["options"]["target"] == 20 and manifest["config"]["target"] == 20
    assert manifest["totals"]["games"] == 30
    assert {"cardlab", "python", "duckdb", "polars", "pyarrow"} <= set(manifest["versions"])
    assert manifest["left_out_cards"] == {"count": 0, "cards": {}}
    assert (tmp_path / "latest").resolve() == (tmp_path / "m").resolve()


def test_more_strategies_than_seats_play_every_ordered_matchup():
    import itertools

    from cardlab.simulate import games
    from cardlab.simulate.core.runner import nth_arrangement
    from cardlab.wiring import plan_from_options

    assert [nth_arrangement(4, 2, i) for i in range(12)] == [
        list(p) for p in itertools.permutations(range(4), 2)
    ]
    plan = plan_from_options(
        games.get("pig"),
        n_games=12,
        run_seed=1,
        n_players=2,
        strategy_texts=["hold,random,hold:at=5"],
        batch_size=12,
        max_turns=None,
        log_events=False,
    )
    seatings = [tuple(s.label for s in plan.seating(i)) for i in range(6)]
    assert sorted(seatings) == sorted(itertools.permutations(["hold", "random", "hold:at=5"], 2))
    assert plan.seating(6) == plan.seating(0)


def test_the_written_out_seed_derivation_is_numpys():
    """``seedmix.seed_words`` (what the compiled build derives seeds with) against numpy's SeedSequence,
    which the pure build uses: roots of every width (0, negative, past 128 bits) and paths of 0–7 words."""
    import random

    import numpy as np

    from cardlab.simulate.core.seedmix import seed_words
    from cardlab.simulate.core.seeds import _key

    rng = random.Random(5)
    cases = [(0, ()), (0, (0,)), (-1, ("engine",)), ((1 << 130) + 7, ("game", 3)), (2**63 - 1, (2**32 - 1,))]
    for _ in range(300):
        width = rng.choice((1, 31, 32, 33, 64, 96, 128))
        path = tuple(
            rng.choice((rng.getrandbits(32), "dice", "strategy", 0)) for _ in range(rng.randint(0, 7))
        )
        cases.append((rng.getrandbits(width), path))
    for root, path in cases:
        keys = [_key(p) for p in path]
        lo, hi = np.random.SeedSequence(
            entropy=root & ((1 << 128) - 1), spawn_key=tuple(keys)
        ).generate_state(2)
        assert seed_words(root & ((1 << 128) - 1), keys) == ((int(hi) << 32) | int(lo)) & (2**63 - 1), (
            root,
            path,
        )


def test_the_written_out_shuffle_is_randoms():
    """``shuffling.shuffle`` (what every engine shuffles with; compiled in the compiled build) leaves the
    order ``random.Random.shuffle`` leaves from the same generator, and the generator where it would."""
    import random

    from cardlab.simulate.core.shuffling import shuffle

    for seed in range(40):
        for n in (0, 1, 2, 3, 7, 40, 64, 65, 300):
            mine, theirs = random.Random(seed), random.Random(seed)
            a, b = list(range(n)), list(range(n))
            shuffle(mine, a)
            theirs.shuffle(b)
            assert a == b and mine.getstate() == theirs.getstate(), (seed, n)

    class Scripted(random.Random):  # a test's own generator keeps its own shuffle
        def shuffle(self, x):
            x.reverse()

    cards = [1, 2, 3]
    shuffle(Scripted(0), cards)
    assert cards == [3, 2, 1]
