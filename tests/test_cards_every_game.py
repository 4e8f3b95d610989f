"""One `--cards FILE` overlay for every game (issue 17 item 4, simulate/core/overrides.overlay): in each game a
file laid over the bundled cards replaces the cards it names (by id, else by name) and adds the others; a
copy of a bundled file plays byte-identical games, a changed number changes them and the card-data hash, a
one-card file is enough, and a missing file is one line in the same words, naming the game."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardlab.cli import cli
from cardlab.decklists import game_dir
from cardlab.simulate.core import UserError, overrides

# game: (a bundled card file, a pattern in it, what the pattern becomes for a real change, extra options)
CASES = {
    "four-souls": ("monsters.yaml", r'(name: "Gurdy"\n(?:.*\n){0,6}?\s+hp:) \d+', r"\1 9", ["-p", "2"]),
    "gosu-x": ("goan_sul.yaml", r"(name: Lava Goddesses, id: 30, level: 1,)", r"\1 combat: 9,", []),
    "hidden-reason": (
        "cards/foundry.yaml",
        r"(name: Iron Golem, type: unit, cost: 4, attack:) 4",
        r"\1 9",
        [],
    ),
}
ONE_CARD = {  # a file holding one changed card only
    "four-souls": None,  # covered by tests/four_souls (cards_testonly files are one-card overlays)
    "gosu-x": "clan: Goan Sul\ncards:\n  - {name: Lava Goddesses, id: 30, level: 1, copies: 2, replace_cost: 1, "
    "slots: 0, keywords: [veteran], on_play: [{capture: {level: [1]}}], combat: 9}\n",
    "hidden-reason": "class: Foundry\ncards:\n  - {name: Iron Golem, type: unit, cost: 4, attack: 9, durability: 5}\n",
}


def _source(game: str) -> Path:
    return game_dir(game.replace("-", "_")) / CASES[game][0]


def _run(tmp_path: Path, game: str, name: str, cards: Path | None = None) -> tuple[str, str]:
    args = [
        "simulate",
        game,
        "-n",
        "12",
        "--seed",
        "3",
        "-j",
        "1",
        "-q",
        "--out",
        str(tmp_path),
        "--name",
        name,
    ]
    result = CliRunner().invoke(cli, [*args, *CASES[game][3], *(["--cards", str(cards)] if cards else [])])
    assert result.exit_code == 0, result.output
    run = tmp_path / name
    events = hashlib.sha256(b"".join(p.read_bytes() for p in sorted((run / "events").glob("*.parquet"))))
    manifest = json.loads((run / "manifest.json").read_text())
    if cards is not None:
        assert str(cards) in json.dumps(manifest["config"])  # the config records the overlay
    return events.hexdigest(), manifest["card_data_hash"]


@pytest.mark.parametrize("game", sorted(CASES))
def test_a_copied_file_plays_the_same_games_and_a_changed_one_does_not(tmp_path, game):
    name, pattern, change, _ = CASES[game]
    text = _source(game).read_text()
    changed, n = re.subn(pattern, change, text, count=1)
    assert n == 1, f"the pattern no longer finds its card in {name}"
    (tmp_path / "copy.yaml").write_text(text)
    (tmp_path / "changed.yaml").write_text(changed)
    base_events, base_hash = _run(tmp_path, game, "base")
    copy_events, copy_hash = _run(tmp_path, game, "copy", tmp_path / "copy.yaml")
    real_events, real_hash = _run(tmp_path, game, "real", tmp_path / "changed.yaml")
    assert copy_events == base_events  # each card replaced by itself, in place: nothing moves
    assert real_events != base_events
    assert len({base_hash, copy_hash, real_hash}) == 3  # the card-data hash covers the overlay


@pytest.mark.parametrize("game", [g for g, text in ONE_CARD.items() if text])
def test_a_one_card_file_is_laid_over_the_bundled_cards(tmp_path, game):
    """Gosu X used to refuse it ("the draft needs at least 6 clans, found 1")."""
    (tmp_path / "one.yaml").write_text(ONE_CARD[game])
    (tmp_path / "changed.yaml").write_text(
        re.sub(CASES[game][1], CASES[game][2], _source(game).read_text(), count=1)
    )
    one_events, _ = _run(tmp_path, game, "one", tmp_path / "one.yaml")
    whole_events, _ = _run(tmp_path, game, "whole", tmp_path / "changed.yaml")
    assert one_events == whole_events  # the one card changed, every other card as bundled


@pytest.mark.parametrize("game", sorted(CASES))
def test_the_same_words_for_a_missing_file_in_every_game(tmp_path, game):
    missing = tmp_path / "nope.yaml"
    args = [
        "simulate",
        game,
        "-n",
        "2",
        "-q",
        "--out",
        str(tmp_path),
        "--name",
        "bad",
        "--cards",
        str(missing),
    ]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2
    assert result.output.strip() == f"error: {game}: --cards {missing}: no such file or folder"
    assert not (tmp_path / "bad").exists()


def test_overlay_replaces_by_id_then_by_name_in_place_and_adds_the_rest():
    base = [("a", 1), ("B", 2), ("c", 3)]
    keys = lambda card: overrides.card_keys(card[0], card[1])  # noqa: E731
    extra = [("b", 9), ("renamed", 3), ("new", 4)]
    assert overrides.overlay(base, extra, keys) == [("a", 1), ("b", 9), ("renamed", 3), ("new", 4)]
    assert overrides.overlay(base, [], keys) == base


def test_two_cards_of_a_file_never_replace_the_same_card():
    """One line: the second must not silently replace the first, which would be neither played nor left
    out."""
    base = [("a", 1), ("B", 2)]
    keys = lambda card: overrides.card_keys(card[0], card[1])  # noqa: E731
    with pytest.raises(UserError) as err:
        overrides.overlay(base, [("b", 7), ("b", 8)], keys)
    assert str(err.value) == (
        "--cards: the cards with id 7 and id 8 both replace the bundled card with name 'b'; one card "
        "replaces it: give the other a name of its own"
    )


def test_one_card_data_hash_rule_joins_what_changes_the_cards():
    """Every game's card-data hash is the files' hash joined with its overrides, sets or ratio by one rule
    (simulate/core/overrides.data_hash): nothing to join keeps the files' hash, and each part changes it."""
    base = "0123456789abcdef"
    assert overrides.data_hash(base) == overrides.data_hash(base, "", "") == base
    one = overrides.data_hash(base, "Gurdy.hp=9")
    assert len(one) == 16 and one != base
    assert overrides.data_hash(base, "a", "b") != overrides.data_hash(base, "b", "a")
    assert overrides.data_hash(base, "a", "b") == overrides.data_hash(overrides.data_hash(base, "a"), "b")


def test_a_relative_cards_path_is_recorded_whole(tmp_path, monkeypatch):
    """`--cards my.yaml` is recorded as its full path: recorded as typed, `replay` from another folder would
    say "--cards my.yaml: no such file", `--resume` naming the same file by its full path be refused
    ("cards: run has 'my.yaml'"), and a notebook's worker processes, kept in an earlier folder, read that
    folder's my.yaml."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    deck = game_dir("hidden_reason") / "decks" / "arcanum_control.yaml"
    (tmp_path / "a" / "my.yaml").write_text(deck.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.chdir(tmp_path / "a")
    args = ["simulate", "hidden-reason", "-n", "3", "-j", "1", "-q", "--no-events", "--name", "r"]
    out = ["--out", str(tmp_path / "runs")]
    assert CliRunner().invoke(cli, [*args, "--cards", "my.yaml", *out]).exit_code == 0
    manifest = json.loads((tmp_path / "runs" / "r" / "manifest.json").read_text())
    assert manifest["config"]["cards"] == str(tmp_path / "a" / "my.yaml")
    monkeypatch.chdir(tmp_path / "b")
    replayed = CliRunner().invoke(cli, ["replay", str(tmp_path / "runs" / "r"), "--game", "0"])
    assert replayed.exit_code == 0, replayed.output
    resumed = [*args, "--cards", str(tmp_path / "a" / "my.yaml"), *out, "--resume"]
    assert CliRunner().invoke(cli, resumed).exit_code == 0
