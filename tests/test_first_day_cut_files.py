"""A card, ratio or collection file cut short (a copy stopped part-way, an editor's slip) and
the files beside the card files, as `cardlab cards check` and the run options read them. Each problem is
one line naming the file (and line), exit 2; what is valid says OK, exit 0."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from cardlab.cli import cli

ROOT = Path(__file__).resolve().parent.parent
RATIO = ROOT / "decklists" / "four_souls" / "ratios" / "official.yaml"
COLLECTIONS = ROOT / "decklists" / "four_souls" / "collections"


def _cut(tmp_path: Path, source: Path, lines: int) -> Path:
    """The first ``lines`` lines of ``source``, as a copy stopped part-way leaves it."""
    cut = tmp_path / f"cut-{lines}.yaml"
    cut.write_text("".join(source.read_text().splitlines(keepends=True)[:lines]))
    return cut


def _check(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["cards", "check", *args])
    return result.exit_code, result.output.strip()


@pytest.mark.parametrize("game", [(), ("--game", "four-souls")])
def test_a_ratio_file_cut_before_its_decks_says_so(tmp_path, game):
    """Cut after its name and notes (no deck yet) it was read as a card file: "cannot tell which game
    these cards are for" without --game, "unknown field 'name'" with it (FS-19)."""
    cut = _cut(tmp_path, RATIO, 9)
    assert "name:" in cut.read_text() and "treasure:" not in cut.read_text()
    code, output = _check(str(cut), *game)
    assert code == 2 and len(output.splitlines()) == 1, output
    assert (
        output
        == f"error: {cut}:8: no deck counts: expected treasure:, loot: and/or monster: (is the file cut short?)"
    )


@pytest.mark.parametrize("source", [RATIO, ROOT / "decklists" / "gosu_x" / "abhilasha.yaml"])
def test_a_file_cut_within_its_heading_comments_is_empty_not_of_no_game(tmp_path, source):
    cut = _cut(tmp_path, source, 3)
    code, output = _check(str(cut))
    assert (
        code == 2
        and output == f"error: {cut}: empty: nothing but comments or blank lines (is the file cut short?)"
    )


def test_a_ratio_file_cut_between_its_decks_names_the_decks_it_lacks(tmp_path):
    """A deck left out of a ratio file takes the whole pool (FS-19), so a file cut after its loot deck was
    "OK" with no word of the monster deck."""
    cut = _cut(tmp_path, RATIO, 29)
    code, output = _check(str(cut))
    assert (
        code == 0
        and "deck ratio OK — treasure 100, loot 100 (monster not in the file: the whole pool)" in output
    )


def test_the_shipped_collections_check_ok(tmp_path):
    """`cardlab cards check decklists/four_souls/collections` said "unknown field 'name'" (exit 2) of the
    very files `--sets boxes` reads."""
    code, output = _check(str(COLLECTIONS))
    assert code == 0, output
    assert "collections/boxes.yaml: collection OK — 4 sets: base_v2, gold_box_v2" in output
    copy = tmp_path / "mine.yaml"
    copy.write_text((COLLECTIONS / "ucb.yaml").read_text())  # a copy elsewhere is known by its keys
    assert _check(str(copy)) == (0, f"{copy}: collection OK — 3 sets: base_v2, four_souls_plus_v2, requiem")
    broken = tmp_path / "broken.yaml"
    broken.write_text("name: mine\nsets: [base_v2, nope]\n")
    code, output = _check(str(broken))
    assert code == 2 and output.startswith(f"error: {broken}: field 'sets': unknown set 'nope'"), output


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("--ratio", "a collection, not a deck ratio file: give it to --sets"),
        ("--cards", "a collection, not a card file: give it to --sets"),
    ],
)
def test_a_collection_given_to_the_wrong_option_names_the_right_one(tmp_path, option, message):
    """They said "unknown field 'sets'" and "unknown field 'name'"."""
    args = [
        "simulate",
        "four-souls",
        "-n",
        "1",
        "-q",
        "--out",
        str(tmp_path),
        option,
        str(COLLECTIONS / "ucb.yaml"),
    ]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2 and message in result.output and len(result.output.strip().splitlines()) == 1


def test_the_folder_of_sets_points_at_its_subfolders():
    code, output = _check(str(ROOT / "decklists" / "four_souls" / "sets"))
    assert (
        code == 2
        and "no .yaml card files in this folder (its subfolders hold some: give one, e.g. " in output
    )
