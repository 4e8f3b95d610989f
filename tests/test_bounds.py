"""Every game ends and every load is bounded (issue 16): the per-game step cap, card-file limits (alias
bombs, deep nesting, devices, pipes, huge files), card numbers and config numbers in range, and a game
whose values do not fit the tables recorded as one failed game instead of losing its batch."""

from __future__ import annotations

import os
import resource
import time
from dataclasses import dataclass

import pytest
from click.testing import CliRunner

from cardlab.cli import cli
from cardlab.simulate.core import Decision, EventLog, GameResult, GameSpec, Players, SeatResult
from cardlab.simulate.core.cardfiles import MAX_DEPTH, MAX_NODES, load_yaml
from cardlab.simulate.core.decisions import MAX_ASKS_PER_GAME, RunawayGameError, StrategySpec, ask_cap
from cardlab.simulate.core.errors import CardDataError
from cardlab.simulate.core.runner import RunPlan, execute
from tests.kernel_helpers import manifest_of, read_sorted


@dataclass(frozen=True, slots=True)
class SpinConfig:
    n_players: int = 2
    max_turns: int = 10
    huge_score: bool = False


def spin(config: SpinConfig, seed: int, players: Players, log_events: bool = True) -> GameResult:
    """A broken engine: odd seeds ask for ever inside one turn; with ``huge_score`` nothing spins and even
    seeds log an amount that does not fit the events table's 32-bit column."""
    log = EventLog(log_events)
    while seed % 2 and not config.huge_score:
        players.ask(Decision("spin", 0, ("a", "b")))
    amount = 2**40 if config.huge_score and seed % 2 == 0 else 1
    log.emit("end", amount=amount)
    seats = [SeatResult(1.0, {}), SeatResult(0.0, {})]
    return GameResult((0,), "win", 1, 0, seats, log)


class Pick:
    name = "pick"

    def __init__(self, seat, rng):
        self.rng = rng

    def choose(self, decision):
        return decision.options[0]


SPIN = GameSpec(
    name="spin",
    title="spin (test)",
    make_config=lambda n_players, max_turns, **kw: SpinConfig(n_players, max_turns, **kw),
    play=spin,
    event_kinds=frozenset({"end"}),
    player_columns={},
    players_range=(2, 2),
    default_players=2,
)


def test_the_step_cap_ends_a_runaway_game_as_a_failed_game_with_its_seed(tmp_path):
    plan = RunPlan(SPIN, SpinConfig(), 6, 1, (StrategySpec("pick", Pick),), batch_size=3)
    started = time.monotonic()
    outcome = execute(plan, tmp_path / "spin", jobs=1, progress=False)
    assert time.monotonic() - started < 120
    errors = read_sorted(tmp_path / "spin", "errors")
    games = read_sorted(tmp_path / "spin", "games")
    from cardlab.simulate.core.seeds import game_seed

    runaway = [i for i in range(6) if game_seed(1, i) % 2]
    assert errors["game_id"].to_list() == runaway and set(errors["error_type"]) == {"RunawayGameError"}
    assert games["game_id"].to_list() == [i for i in range(6) if i not in runaway]
    assert outcome.failed == len(runaway) and manifest_of(tmp_path / "spin")["status"] == "complete"


def test_the_step_cap_counts_every_ask_and_grows_with_the_turn_cap():
    players = Players([Pick(0, None)], max_asks=5)
    for _ in range(5):
        players.ask(Decision("x", 0, ("only",)))  # single-option asks count too
    with pytest.raises(RunawayGameError, match="more than 5 decisions"):
        players.ask(Decision("x", 0, ("only",)))
    assert ask_cap(500) == MAX_ASKS_PER_GAME and ask_cap(10_000) > MAX_ASKS_PER_GAME


def test_a_game_whose_values_do_not_fit_the_tables_fails_alone(tmp_path):
    """An event amount beyond the int32 column used to raise ArrowInvalid after the per-game handling,
    losing the batch for ever; now each game's rows are built under it."""
    plan = RunPlan(SPIN, SpinConfig(huge_score=True), 8, 2, (StrategySpec("pick", Pick),), batch_size=8)
    outcome = execute(plan, tmp_path / "big", jobs=1, progress=False)
    from cardlab.simulate.core.seeds import game_seed

    bad = [i for i in range(8) if game_seed(2, i) % 2 == 0]
    assert 0 < len(bad) < 8, "pick a run seed with both kinds of game"
    assert outcome.games == 8 and outcome.failed == len(bad)
    assert read_sorted(tmp_path / "big", "errors")["game_id"].to_list() == bad
    assert read_sorted(tmp_path / "big", "games")["game_id"].to_list() == [
        i for i in range(8) if i not in bad
    ]


# ---- card files ----------------------------------------------------------------------------------


def test_an_alias_bomb_is_refused_within_bounded_memory(tmp_path):
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for prev, name in zip("abcdefgh", "bcdefghi", strict=True):
        lines.append(f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]")
    path = tmp_path / "bomb.yaml"
    path.write_text("\n".join(lines) + "\n")
    assert path.stat().st_size < 2048
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    started = time.monotonic()
    with pytest.raises(CardDataError, match=f"more than {MAX_NODES:,} values"):
        load_yaml(path)
    assert time.monotonic() - started < 10
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 200 * 1024  # KB: under 200 MB


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 400, 100_000])
def test_deep_nesting_is_one_line_not_a_recursion_error(tmp_path, depth):
    path = tmp_path / "deep.yaml"
    path.write_text("x: " + "[" * depth + "]" * depth + "\n")
    with pytest.raises(CardDataError, match="nest"):  # ours, or libyaml's own limit for very deep files
        load_yaml(path)


def test_devices_pipes_and_huge_files_are_refused_without_reading_them(tmp_path):
    with pytest.raises(CardDataError, match="not a regular file"):
        load_yaml("/dev/zero")
    pipe = tmp_path / "pipe.yaml"
    os.mkfifo(pipe)
    with pytest.raises(CardDataError, match="not a regular file"):
        load_yaml(pipe)  # opening a pipe with no writer would block for ever
    huge = tmp_path / "huge.yaml"
    with huge.open("wb") as handle:
        handle.truncate(64 * 2**20)
    with pytest.raises(CardDataError, match="card files are limited"):
        load_yaml(huge)


@pytest.mark.parametrize(
    ("game", "args", "message"),
    [
        ("four-souls", ["--set", "Gurdy.hp=0"], "hp must be a whole number 1–999"),
        ("four-souls", ["--set", "Bomb!.copies=1000000000"], "copies must be a whole number 0–999"),
        ("four-souls", ["--set", "Isaac.attack=3000000000"], "attack must be a whole number 0–999"),
        (
            "hidden-reason",
            ["--boss-hp-per-player", "3000000000"],
            "--boss-hp-per-player must be 1..1,000 (the default is 25), got 3000000000",
        ),
    ],
)
def test_numbers_out_of_range_are_one_line_before_playing(tmp_path, game, args, message):
    result = CliRunner().invoke(cli, ["simulate", game, "-n", "2", "-q", "--out", str(tmp_path), *args])
    assert result.exit_code == 2, result.output
    assert result.output.startswith("error: ") and message in result.output and result.output.count("\n") == 1
    assert not any(tmp_path.iterdir())


def test_a_card_file_with_a_zero_hp_monster_is_refused(tmp_path):
    """FS-13.1: a 0-HP object dies as soon as anyone would get priority, so no such card can be fought."""
    from pathlib import Path

    source = Path(__file__).resolve().parents[1] / "decklists" / "four_souls" / "monsters.yaml"
    text = source.read_text()
    first_hp = text.index("hp: ")
    line_end = text.index("\n", first_hp)
    (tmp_path / "monsters.yaml").write_text(text[:first_hp] + "hp: 0" + text[line_end:])
    result = CliRunner().invoke(
        cli, ["cards", "check", str(tmp_path / "monsters.yaml"), "--game", "four-souls"]
    )
    assert result.exit_code == 2 and "field 'hp' must be at least 1" in result.output, result.output
