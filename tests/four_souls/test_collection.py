"""The whole Four Souls collection (issue 19): every published set's card files, reprints sharing their
original's behaviour, and choosing the sets a run plays with (``--sets``, collection files)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardlab.simulate.core import UserError
from cardlab.simulate.core.cardfiles import files_hash
from cardlab.simulate.core.errors import CardDataError
from cardlab.simulate.four_souls import GAME, decks, make_config
from cardlab.simulate.four_souls.cards import DEFAULT_DIR, load_pool
from cardlab.simulate.four_souls.collection import (
    DEFAULT,
    PUBLISHED,
    parse,
    select,
    set_counts,
)

# distinct / physical cards per set: the card list's per-set table (decklists/four_souls/sets/<set>/)
SET_SIZES = {
    "base_v2": (287, 340),
    "gold_box_v2": (64, 68),
    "four_souls_plus_v2": (90, 98),
    "requiem": (247, 269),
    "warp_zone": (99, 99),
    "alt_art": (62, 63),
    "unboxing": (40, 40),
    "summer": (50, 50),
    "anniversary": (20, 20),
    "star_promos": (26, 29),
    "tapeworm": (7, 7),
    "target": (3, 3),
    "gish": (2, 2),
    "g_fuel": (4, 4),
    "retro": (2, 2),
    "bumbo": (2, 2),
    "youtooz": (2, 2),
    "nendoroid": (2, 2),
    "mewgenics": (4, 4),
    "dick_knots": (1, 1),
    "doodler": (5, 6),
    "unverified": (1, 3),
}


def test_every_published_set_has_its_cards():
    counts = set_counts(load_pool())
    assert {k: v[:2] for k, v in counts.items()} == SET_SIZES
    assert set(counts) == set(PUBLISHED)


def test_each_expansion_file_is_one_set_and_deck():
    pool = load_pool()
    for card in pool.cards:
        path = Path(card.source.rsplit(":", 1)[0])
        if card.set == "base_v2":
            assert path.parent.name == "four_souls"
        else:  # decklists/four_souls/sets/<set>/<deck>.yaml
            assert (path.parent.name, path.stem) == (card.set, card.deck), card.source


def test_cards_not_run_say_why():
    for card in load_pool().cards:
        assert card.implemented == (card.reason is None), card.source


def test_reprints_share_their_originals_behaviour():
    pool = load_pool()
    reprints = [c for c in pool.cards if c.reprint_of]
    assert len(reprints) >= 60
    for c in reprints:
        original = pool.by_id[c.reprint_of]
        assert original.reprint_of is None and original.deck == c.deck
        assert (c.abilities, c.hook, c.keywords, c.implemented) == (
            original.abilities,
            original.hook,
            original.keywords,
            original.implemented,
        )
    bomb = next(c for c in reprints if c.name == "Bomb!" and c.set == "gold_box_v2")
    assert bomb.reprint_of == "b2-bomb" and bomb.abilities and bomb.copies == 1


def _card_file(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "cards.yaml"
    path.write_text("set: gold_box_v2\ndeck: loot\ncards:\n" + body, encoding="utf-8")
    return path


def test_a_reprint_gives_no_behaviour_of_its_own(tmp_path):
    bad = _card_file(
        tmp_path,
        "  - id: x-bomb\n    name: Bomb!\n    kind: bomb\n    copies: 1\n    reprint_of: b2-bomb\n"
        "    abilities: []\n",
    )
    with pytest.raises(CardDataError, match=r"cards.yaml:9 'Bomb!': field 'abilities': a reprint takes"):
        load_pool([bad])


def test_a_reprint_names_a_known_original_of_its_deck(tmp_path):
    bad = _card_file(
        tmp_path, "  - id: x-b\n    name: B\n    kind: bomb\n    copies: 1\n    reprint_of: b2-bomm\n"
    )
    with pytest.raises(
        CardDataError, match=r"cards.yaml:8 'B': field 'reprint_of': unknown card id 'b2-bomm'"
    ):
        load_pool([bad])
    bad = _card_file(
        tmp_path, "  - id: x-c\n    name: C\n    kind: bomb\n    copies: 1\n    reprint_of: b2-isaac\n"
    )
    with pytest.raises(CardDataError, match=r"b2-isaac is a character card"):
        load_pool([bad])


def test_sets_option_parses_keys_all_and_collections(tmp_path):
    assert parse(None) == parse(()) == DEFAULT == ("base_v2",)
    assert parse("requiem,base-v2") == ("base_v2", "requiem")  # table order, - or _
    assert parse(("all",)) == tuple(PUBLISHED)
    assert parse("ucb") == ("base_v2", "four_souls_plus_v2", "requiem")
    mine = tmp_path / "mine.yaml"
    mine.write_text("name: mine\nsets: [base_v2, gold-box-v2]\n", encoding="utf-8")
    assert parse(str(mine)) == ("base_v2", "gold_box_v2")
    with pytest.raises(UserError, match=r"--sets: unknown set or collection 'requim'"):
        parse("requim")
    mine.write_text("name: mine\nsets: [base_v2, gold]\n", encoding="utf-8")
    with pytest.raises(UserError, match=r"mine.yaml: field 'sets': unknown set 'gold'"):
        parse(str(mine))
    mine.write_text("name: mine\nset: [base_v2]\n", encoding="utf-8")
    with pytest.raises(UserError, match=r"mine.yaml: expected a mapping with a 'sets' list"):
        parse(str(mine))
    # a missing file is named as given, never looked up among the bundled collections and named as theirs
    missing = str(tmp_path / "nope.yaml")
    with pytest.raises(UserError) as err:
        parse(missing)
    assert str(err.value) == f"four-souls: --sets: {missing}: no such file"


def test_default_selection_is_base_v2_with_its_own_hash():
    """The default run plays Base V2 and its card-data hash is that of Base V2's six files, as before the
    expansions were added (earlier runs' manifests still match)."""
    base = select(load_pool(), DEFAULT)
    assert len(base.cards) == 287 and base.physical == 340
    assert base.hash == files_hash(sorted(DEFAULT_DIR.glob("*.yaml")))
    cfg_all = make_config(4, 50, sets="all")
    assert GAME.card_data_hash(make_config(4, 50)) == base.hash != GAME.card_data_hash(cfg_all)
    assert cfg_all.sets == tuple(PUBLISHED)


def test_a_chosen_character_brings_its_starting_item():
    alt = select(load_pool(), ("alt_art",))
    isaac = next(c for c in alt.cards if c.name == "Isaac" and c.deck == "character")
    assert isaac.starting_item == "b2-the_d6" and "b2-the_d6" in alt.by_id
    s = decks.build_supply(alt, 4)
    assert isaac in s.characters


def test_every_card_of_the_whole_collection_runs_or_is_counted():
    """Nothing is skipped silently: each card of the chosen sets is in the supply or left out with a
    reason (named with its id when it is not Base V2's: names repeat across sets)."""
    cfg = make_config(4, 50, sets="all")
    s = decks.supply(cfg)
    left = GAME.left_out_cards(cfg)
    dealt = {c.name for c in s.characters}  # a reprinted character is dealt as its first printing
    for card in s.pool.cards:
        named = decks.left_out_name(card)
        runs = card.id in s.rules and (card.deck != "character" or (card.name in dealt and named not in left))
        assert runs != (named in left), card.source
    assert len(left) == sum(1 for c in s.pool.cards if decks.left_out_name(c) in left)


def test_FS_19_official_ratio_fills_from_the_whole_collection_not_from_base_v2():
    """The official 100-card ratios need more of some categories than Base V2 holds; the encoded cards of
    the whole collection fill them for 2-4 players, and Base V2 alone still stops with the shortfall."""
    for n in (2, 3, 4):
        cfg = make_config(n, 50, sets="all", ratio="official")
        assert cfg.ratio_counts and cfg.sets == tuple(PUBLISHED)
    with pytest.raises(UserError, match=r"--ratio official: the card pool \(4 players\) cannot fill"):
        make_config(4, 50, ratio="official")


def test_a_reprinted_character_is_dealt_once():
    """Six Edens and three Guppys are printed across the sets: each character is dealt as its first
    printing, so the whole collection does not make Eden six times as likely (FS-2.7 deals characters)."""
    s = decks.supply(make_config(4, 50, sets="all"))
    names = [c.name for c in s.characters]
    assert len(names) == len(set(names)) and {"Eden", "Guppy", "The Keeper"} <= set(names)
    firsts = {c.name: c.id for c in s.characters}
    assert (firsts["Eden"], firsts["Guppy"], firsts["The Keeper"]) == (
        "b2-eden",
        "fsp2-guppy",
        "g2-the_keeper",
    )


def test_bench_takes_game_options():
    from click.testing import CliRunner

    from cardlab.cli import cli

    result = CliRunner().invoke(cli, ["bench", "four-souls", "--games-per", "2", "-p", "2", "-o", "sets=all"])
    assert result.exit_code == 0, result.output
    assert result.output.count("four-souls") == 2  # logged and off
    bad = CliRunner().invoke(cli, ["bench", "four-souls", "--games-per", "2", "-o", "sets=requim"])
    assert bad.exit_code == 2 and "--sets: unknown set or collection 'requim'" in bad.output


def test_a_run_over_several_sets_declares_each_cards_set_and_a_one_set_run_does_not():
    """The manifest's coverage entry names each dealt card's set(s) for the report's "Cards by set"; a
    Base V2 run (or Base V2 with made-up test cards) writes no such key, so its manifest is unchanged."""
    from cardlab.simulate.four_souls import card_sets

    assert "sets" not in GAME.coverage.describe(make_config(4, 50))
    rooms = str(Path(__file__).parent / "cards_testonly" / "rooms.yaml")
    assert card_sets(make_config(4, 50, cards=rooms, variant="rooms")) == {}
    sets = GAME.coverage.describe(make_config(4, 50, sets="base-v2,requiem"))["sets"]
    assert sets["The D6"] == "Base Game V2" and sets["Berserk"] == "Requiem"
    assert set(sets.values()) == {"Base Game V2", "Requiem", "Base Game V2 / Requiem"}  # names in both
    both = card_sets(make_config(4, 50, sets="base-v2,alt-art"))
    assert any(" / " in label for label in both.values())  # a name printed in both sets
