"""A card's name is what tables, ``--set NAME.FIELD`` and deck lists show and match, so in every game it is
one line of text without spaces around it: an empty name, one of spaces or one with a line break is one
line naming file:line and field, exit 2, in all three games."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cardlab.cli import cli

FILES = {
    "hidden-reason": "class: Arcanum\ncards:\n  - {{name: {name}, type: unit, cost: 1, attack: 1, durability: 1}}\n",
    "gosu-x": "clan: Xian\ncards:\n  - {{name: {name}, id: 999, level: 1, copies: 1, replace_cost: 1, slots: 0}}\n",
    "four-souls": "set: base_v2\ndeck: loot\ncards:\n  - {{id: my-x, name: {name}, kind: trinket, copies: 1, abilities: []}}\n",
}
LINE = {"hidden-reason": 3, "gosu-x": 3, "four-souls": 4}


@pytest.mark.parametrize("game", sorted(FILES))
@pytest.mark.parametrize("name", ['"Arc\\nBolt"', '""', '"  "', '" Padded"'])
def test_a_card_name_that_is_not_one_clean_line_is_one_error(tmp_path, game, name):
    path = tmp_path / "mine.yaml"
    path.write_text(FILES[game].format(name=name))
    result = CliRunner().invoke(cli, ["cards", "check", str(path)])
    assert result.exit_code == 2, result.output  # was: accepted (exit 0)
    first = result.output.strip().splitlines()[0]
    assert (
        first.startswith(f"error: {path}:{LINE[game]}") and "field 'name' must be a name on one line" in first
    )
