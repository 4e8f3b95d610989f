"""`cardlab cards check` reports every bad card of a file, in every game (issue 18 item 13); a run still
stops at the first, and nothing half-loaded is cached."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardlab import api
from cardlab.cli import cli
from cardlab.simulate.core.card_problems import LIMIT, CardDataErrors
from cardlab.simulate.core.errors import CardDataError

ROOT = Path(__file__).resolve().parent.parent / "decklists"

# game → (a bundled card file, three edits that each break a different card: (old, new, count))
BREAKS = {
    "four-souls": (
        "four_souls/monsters.yaml",
        [("    hp: 3\n", "    hp: -3\n", 1), ("{deal_damage: {n: 1, to: killer}}", "{deal_damag: {n: 1}}", 1)],
    ),
    "gosu-x": (
        "gosu_x/xian.yaml",
        [("level: 1, copies: 2, replace_cost: 1", "level: 7, copies: 2, replace_cost: 1", 1),
         ("{draw: {count: column_clans}}", "{drow: {count: column_clans}}", 1)],
    ),
    "hidden-reason": (
        "hidden_reason/cards/arcanum.yaml",
        [("    cost: 1\n", "    cost: -1\n", 1), ("durability: 3, shroud", "durability: 3, shrowd", 1)],
    ),
}  # fmt: skip


def _broken(tmp_path: Path, game: str) -> Path:
    source, edits = BREAKS[game]
    text = (ROOT / source).read_text()
    for old, new, count in edits:
        assert text.count(old) >= count, (game, old)
        text = text.replace(old, new, count)
    path = tmp_path / f"bad_{Path(source).name}"
    path.write_text(text)
    return path


@pytest.mark.parametrize("game", sorted(BREAKS))
def test_cards_check_lists_every_bad_card_with_its_line(tmp_path, game):
    path = _broken(tmp_path, game)
    result = CliRunner().invoke(cli, ["cards", "check", str(path), "--game", game])
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines() if hasattr(result, "stderr") else result.output.splitlines()
    problems = [line for line in lines if re.match(rf"error: {re.escape(str(path))}:\d+ '", line)]
    assert len(problems) == 2, lines  # both broken cards, each named with its file:line
    assert lines[-1] == "error: 2 cards or files with a problem (the first of each shown)"
    assert len(lines) == 3


@pytest.mark.parametrize("game", sorted(BREAKS))
def test_a_run_stops_at_the_first_problem_and_nothing_partial_is_cached(tmp_path, game):
    path = _broken(tmp_path, game)
    with pytest.raises(CardDataErrors):
        api.cards_check(path, game)
    # the partial load of the check was not cached: a run still refuses the file, with one line
    result = CliRunner().invoke(
        cli, ["simulate", game, "-n", "1", "--cards", str(path), "--out", str(tmp_path)]
    )
    assert result.exit_code == 2, result.output
    errors = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and str(path) in errors[0], result.output
    with pytest.raises(CardDataErrors):  # and a second check finds the same problems again
        api.cards_check(path, game)


def test_one_problem_reads_as_a_runs_error(tmp_path):
    source, edits = BREAKS["gosu-x"]
    path = tmp_path / "one.yaml"
    path.write_text((ROOT / source).read_text().replace(*edits[0][:2], 1))
    with pytest.raises(CardDataError) as err:
        api.cards_check(path, "gosu-x")
    assert not isinstance(err.value, CardDataErrors)
    assert "field 'level' must be at most 3, got 7" in str(err.value)


def test_a_file_of_many_problems_stops_at_the_limit(tmp_path):
    cards = "".join(
        f"  - {{name: Card {i}, level: 9, copies: 1, replace_cost: 1, slots: 0}}\n" for i in range(LIMIT + 5)
    )
    path = tmp_path / "many.yaml"
    path.write_text(f"clan: Xian\ncards:\n{cards}")
    with pytest.raises(CardDataErrors) as err:
        api.cards_check(path, "gosu-x")
    assert len(err.value.problems) == LIMIT
    assert err.value.lines[-1].endswith(f"stopped after {LIMIT}")


@pytest.mark.parametrize("game", sorted(BREAKS))
def test_good_files_still_pass(game):
    source, _ = BREAKS[game]
    assert "OK" in api.cards_check(ROOT / source, game) or "distinct cards" in api.cards_check(
        ROOT / source, game
    )
