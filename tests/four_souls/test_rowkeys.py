"""One parser of a roll table's row keys (FS-4.18), shared by the engine (which row a roll picks) and the
players (what a row is worth at 1 in 6 a face): both read a key the same way."""

from __future__ import annotations

import pytest

from cardlab.simulate.four_souls.cards import load_pool
from cardlab.simulate.four_souls.dice import row_for
from cardlab.simulate.four_souls.rowkeys import KEY_FORM, row_faces


@pytest.mark.parametrize(
    "key, faces",
    [("any", {1, 2, 3, 4, 5, 6}), ("6", {6}), ("1-2", {1, 2}), ("1 or 6", {1, 6}), ("2-3 or 5", {2, 3, 5})],
)
def test_FS_4_18_a_row_key_names_its_faces(key, faces):
    assert KEY_FORM.match(key)
    assert row_faces(key) == faces


def test_FS_4_18_test_made_keys_a_number_or_faces_with_commas():
    assert row_faces(4) == {4}
    assert row_faces("1, 3") == {1, 3}


def _tables(node):
    if isinstance(node, dict):
        for head, value in node.items():
            if head == "roll" and isinstance(value, dict):
                yield value
            yield from _tables(value)
    elif isinstance(node, (list, tuple)):
        for part in node:
            yield from _tables(part)


def test_FS_4_18_every_card_table_picks_the_row_its_key_names():
    """Each face of every roll table in the card data: the engine's row is the one whose key names it."""
    seen = 0
    for card in load_pool().cards:
        for table in _tables(card.abilities):
            for face in range(1, 7):
                named = [row for key, row in table.items() if face in row_faces(key)]
                assert row_for(table, face) is (named[0] if named else None)
                seen += 1
    assert seen > 100
