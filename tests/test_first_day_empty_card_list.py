"""A `--cards` file whose `cards:` list is empty (every card commented out, a template copied) is one line,
exit 2, nothing written, in every game and in `cards check`: Four Souls and Gosu X played the bundled
cards alone, exit 0, as if the file had been read (Hidden Reason already refused such a file)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cardlab.cli import cli

FILES = {
    "four-souls": "set: base_v2\r\ndeck: loot\r\ncards: []\r\n",  # written on Windows: the same
    "gosu-x": "clan: Xian\ncards: []\n",
}


@pytest.mark.parametrize("game", sorted(FILES))
def test_a_card_file_of_no_cards_is_one_line(tmp_path, game):
    path = tmp_path / "mine.yaml"
    path.write_bytes(FILES[game].encode())
    message = (
        f"error: {game}: --cards {path}: the file holds no cards (its 'cards:' list is empty): nothing to "
        "lay over the bundled cards\n"
    )
    args = ["simulate", game, "-n", "1", "-j", "1", "-q", "--out", str(tmp_path / "r"), "--cards", str(path)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2 and result.output == message, result.output
    assert not (tmp_path / "r").exists()
    checked = CliRunner().invoke(cli, ["cards", "check", str(path)])
    assert checked.exit_code == 2 and checked.output == message, checked.output
