"""`--set` for Gosu X through the kernel's one override mechanism (issue 17 item 4): printed numbers and the
numbers of a card's passive or Immortal tile change, the card-data hash follows, and every mistake is one line
naming the game, the override and what is wrong. Identical games under a no-op override and the command-line
path are checked for every game in tests/test_set_every_game.py."""

from __future__ import annotations

import pytest

from cardlab.simulate.core.errors import UserError
from cardlab.simulate.gosu_x import card_data_hash
from cardlab.simulate.gosu_x.cards import DEFAULT_CARDS, cards_with, load_cards
from cardlab.simulate.gosu_x.config import make_config


def _card(clans, name):
    return next(d for defs in clans.values() for d in defs if d.name == name)


def test_set_changes_printed_and_tile_numbers_without_touching_the_loaded_files():
    changed = cards_with(DEFAULT_CARDS, ("Dancing Dragon.level=2", "Narasimha.tile.hand_limit=3"))
    assert _card(changed, "Dancing Dragon").level == 2
    assert _card(changed, "Narasimha").tile["hand_limit"] == 3
    assert _card(load_cards(DEFAULT_CARDS), "Dancing Dragon").level == 1  # the files' cards are untouched
    assert _card(load_cards(DEFAULT_CARDS), "Narasimha").tile["hand_limit"] == 5


def test_the_card_data_hash_covers_the_overrides():
    plain, changed = make_config(), make_config(set=("Dancing Dragon.level=2",))
    assert card_data_hash(plain) != card_data_hash(changed)
    assert changed.overrides == ("Dancing Dragon.level=2",)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Dancing Dragon.lvl=2", "unknown field 'lvl'"),
        ("Dancing Dragn.level=2", "unknown card 'Dancing Dragn'"),
        ("Dancing Dragon.level=7", "level must be a whole number 1–3"),
        ("Dancing Dragon.tile.hand_limit=3", "has no tile.hand_limit"),
        ("Dancing Dragon", "expected CARD.FIELD=VALUE"),
    ],
)
def test_a_bad_override_is_one_line(text, words):
    with pytest.raises(UserError, match="gosu-x: --set") as caught:
        make_config(set=(text,))
    assert words in str(caught.value)


def test_the_bundled_clan_names_are_read_again_when_a_bundled_file_changes(tmp_path, monkeypatch):
    """A misspelt clan is caught against the bundled clans; that list is kept between loads but never
    outlives the files it came from (DESIGN: no cache outlives its card data)."""
    from cardlab.simulate.gosu_x import cards

    (tmp_path / "a.yaml").write_text("clan: Alpha\ncards: []\n")
    monkeypatch.setattr(cards, "DEFAULT_CARDS", tmp_path)
    assert cards.bundled_clans() == ("Alpha",)
    (tmp_path / "a.yaml").write_text("clan: Alphabet\ncards: []\n")  # another size: another stamp
    assert cards.bundled_clans() == ("Alphabet",)
