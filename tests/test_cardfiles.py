"""Card-file loading: safe YAML with line numbers, one-line errors naming file:line, card and field."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from cardlab.simulate.core.cardfiles import (
    YamlMap,
    check_keys,
    field_value,
    files_stamp,
    load_yaml,
    unknown,
    yaml_files,
)
from cardlab.simulate.core.errors import CardDataError
from cardlab.simulate.core.wording import did_you_mean

GOOD = """\
set: test
cards:
  - name: Bomb!
    hp: 2
    effects:
      - damage: 1
"""


def write(tmp_path, text, name="cards.yaml"):
    path = tmp_path / name
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    return path


def test_lines_are_remembered(tmp_path):
    data = load_yaml(write(tmp_path, GOOD))
    card = data["cards"][0]
    assert isinstance(card, YamlMap)
    assert card.line == 3 and card.line_of("hp") == 4 and card.line_of("effects") == 5
    assert data["cards"].item_lines == [3]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("cards: [\n  - a\n", "YAML syntax error"),
        ("a: 1\na: 2\n", "duplicate key 'a'"),
        ("x: !!python/object/apply:os.system ['echo hi']\n", "YAML syntax error"),
        (b"\xff\xfe junk", "not UTF-8 text"),
        (b"a: 1\x00", "binary data"),
    ],
)
def test_bad_files_fail_with_one_line(tmp_path, text, message):
    path = write(tmp_path, text)
    with pytest.raises(CardDataError) as err:
        load_yaml(path)
    assert str(err.value).startswith(str(path)) and message in str(err.value)
    assert "\n" not in str(err.value)


def test_duplicate_key_names_its_line(tmp_path):
    path = write(tmp_path, "a: 1\nb: 2\na: 3\n")
    with pytest.raises(CardDataError) as err:
        load_yaml(path)
    assert str(err.value) == f"{path}:3: YAML syntax error: duplicate key 'a'"


def test_missing_file(tmp_path):
    with pytest.raises(CardDataError, match="no such file"):
        load_yaml(tmp_path / "nope.yaml")


def test_field_checks_name_file_line_card_and_field(tmp_path):
    path = write(tmp_path, "cards:\n  - name: Gurdy\n    hp: -2\n    atk: two\n")
    card = load_yaml(path)["cards"][0]
    with pytest.raises(CardDataError) as err:
        field_value(card, "hp", int, path, "Gurdy", minimum=0)
    assert str(err.value) == f"{path}:3 'Gurdy': field 'hp' must be at least 0, got -2"
    with pytest.raises(CardDataError) as err:
        field_value(card, "atk", int, path, "Gurdy")
    assert str(err.value) == f"{path}:4 'Gurdy': field 'atk' must be a whole number, got 'two'"
    with pytest.raises(CardDataError) as err:
        field_value(card, "soul", int, path, "Gurdy")
    assert str(err.value) == f"{path}:2 'Gurdy': missing field 'soul'"
    assert field_value(card, "soul", int, path, "Gurdy", required=False, default=0) == 0


def test_bool_is_not_a_number(tmp_path):
    path = write(tmp_path, "hp: true\n")
    with pytest.raises(CardDataError, match="must be a whole number, got True"):
        field_value(load_yaml(path), "hp", int, path)


def test_unknown_keys_suggest_the_closest(tmp_path):
    path = write(tmp_path, "name: X\ncopeis: 2\n")
    with pytest.raises(CardDataError) as err:
        check_keys(load_yaml(path), ["name", "copies"], path, "X")
    assert str(err.value) == f"{path}:2 'X': unknown field 'copeis' — did you mean 'copies'?"
    assert (
        unknown("effect", "damgae", ["damage", "heal"]) == "unknown effect 'damgae' — did you mean 'damage'?"
    )
    assert did_you_mean("zzz", ["damage"]) == ""


def _set_back(*folders, when=1_000_000_000):
    """Give files or folders an old modification time, as ``cp -a``, ``tar`` or ``touch -r`` do."""
    for folder in folders:
        os.utime(folder, (when, when))


def test_yaml_files_lists_what_glob_lists_and_sees_every_change_of_a_folder_given_its_old_time(tmp_path):
    """The listing kept between games (``cardfiles.yaml_files``) is pathlib's, and no listing outlives its
    folder (DESIGN: no cache outlives its card data). The folders are made old first, so the listing is kept
    whatever the machine's load (a folder changed in the last seconds is never kept): then a file added, or
    a folder removed and made again, each given the old time back, is listed. Keyed by the modification time
    alone, the listing kept the old files."""
    sub = tmp_path / "sub"
    sub.mkdir()
    for name in ("b.yaml", "a.yaml", "notes.md", "sub/c.yaml"):
        (tmp_path / name).write_text("x: 1\n")
    _set_back(tmp_path, sub)
    assert (
        yaml_files(tmp_path) == sorted(tmp_path.glob("*.yaml")) == [tmp_path / "a.yaml", tmp_path / "b.yaml"]
    )
    assert yaml_files(tmp_path, recursive=True) == sorted(tmp_path.rglob("*.yaml"))
    (tmp_path / "c.yaml").write_text("x: 2\n")
    _set_back(tmp_path)
    assert yaml_files(tmp_path) == sorted(tmp_path.glob("*.yaml"))
    assert tmp_path / "c.yaml" in yaml_files(tmp_path)
    shutil.rmtree(sub)
    sub.mkdir()
    (sub / "d.yaml").write_text("x: 3\n")
    _set_back(tmp_path, sub)
    assert yaml_files(tmp_path, recursive=True) == sorted(tmp_path.rglob("*.yaml"))
    assert sub / "d.yaml" in yaml_files(tmp_path, recursive=True)
    bundled = Path(__file__).resolve().parents[1] / "decklists" / "gosu_x"
    assert yaml_files(bundled) == yaml_files(bundled) == sorted(bundled.glob("*.yaml"))


def test_a_card_file_rewritten_to_its_old_size_and_time_is_read_again(tmp_path):
    """A card file's stamp (the key of the loaded cards) changes when the file does, even rewritten to the
    same size and given its old modification time back (``cp -p``, ``touch -r``): the run plays the cards on
    disk, never the ones read before. Keyed by size and modification time, the old cards were kept."""
    from cardlab.simulate.gosu_x.cards import load_cards

    cards = tmp_path / "cards"
    shutil.copytree(Path(__file__).resolve().parents[1] / "decklists" / "gosu_x", cards)
    golem = cards / "golem.yaml"
    _set_back(cards, golem)
    before = files_stamp([golem])
    assert files_stamp([golem]) == before
    assert {c.name: c.copies for c in load_cards(cards)["Golem"]}["Boul Go"] == 2
    text = golem.read_text()
    golem.write_text(
        text.replace(
            "name: Boul Go, id: 19, level: 1, copies: 2", "name: Boul Go, id: 19, level: 1, copies: 3"
        )
    )
    assert golem.stat().st_size == len(text.encode())
    _set_back(cards, golem)
    assert files_stamp([golem]) != before
    assert {c.name: c.copies for c in load_cards(cards)["Golem"]}["Boul Go"] == 3


def test_yaml_files_files_only_leaves_out_a_folder_named_like_a_card_file(tmp_path):
    """``files_only`` (Hidden Reason's card files, listed before every game) is glob's list less what is
    not a file, told by the listing instead of a second ``stat`` per file."""
    (tmp_path / "odd.yaml").mkdir()
    (tmp_path / "odd.yaml" / "d.yaml").write_text("x: 1\n")
    (tmp_path / "a.yaml").write_text("x: 1\n")
    every = sorted(tmp_path.rglob("*.yaml"))
    assert yaml_files(tmp_path, recursive=True) == every
    assert yaml_files(tmp_path, recursive=True, files_only=True) == [p for p in every if p.is_file()]
