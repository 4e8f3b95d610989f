"""`cardlab cards check FOLDER` lists every unreadable file of a folder (not UTF-8, empty), each in one line
naming the file, then the count, exit 2 — also when the folder's game is guessed from its files, where the
guess used to stop at the first such file."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardlab.cli import cli

ROOT = Path(__file__).resolve().parent.parent / "decklists"
FOLDERS = {"four-souls": "four_souls", "gosu-x": "gosu_x", "hidden-reason": "hidden_reason"}
NOT_UTF8 = "not UTF-8 text (byte 0)"
EMPTY = "empty: nothing but comments or blank lines (is the file cut short?)"


def _errors(args: list[str]) -> tuple[int, list[str]]:
    result = CliRunner().invoke(cli, args)
    return result.exit_code, result.stderr.splitlines()


def _bad_files(folder: Path) -> tuple[Path, Path]:
    latin, empty = folder / "a_latin.yaml", folder / "b_empty.yaml"
    latin.write_bytes(b"\xff\xfe name: x\n")
    empty.write_text("# cut short\n")
    return latin, empty


@pytest.mark.parametrize("game", sorted(FOLDERS))
@pytest.mark.parametrize("named", [False, True], ids=["guessed", "--game"])
def test_every_unreadable_file_of_a_folder_is_listed(tmp_path, game, named):
    folder = tmp_path / "mine"  # a name that tells no game: it is guessed from the files' keys
    shutil.copytree(ROOT / FOLDERS[game], folder, ignore=shutil.ignore_patterns("*.md", "*.py"))
    _both_listed(folder, ["--game", game] if named else [])


def test_a_folder_of_only_unreadable_files_lists_each_not_only_the_first(tmp_path):
    _both_listed(tmp_path, [])


def _both_listed(folder: Path, game: list[str]) -> None:
    """Both bad files of ``folder`` are named, each in its line, then the count; exit 2."""
    latin, empty = _bad_files(folder)
    assert _errors(["cards", "check", str(folder), *game]) == (
        2,
        [
            f"error: {latin}: {NOT_UTF8}",
            f"error: {empty}: {EMPTY}",
            "error: 2 cards or files with a problem (the first of each shown)",
        ],
    )


def test_one_unreadable_file_is_its_own_line(tmp_path):
    latin = tmp_path / "only.yaml"
    latin.write_bytes(b"\xff")
    code, lines = _errors(["cards", "check", str(tmp_path)])
    assert (code, lines) == (2, [f"error: {latin}: {NOT_UTF8}"])
