"""Deck ratios (FS-19): the official ratio file, building each game's decks by category with its seed,
shortfalls and --fill, ratio-file validation with file:line, --ratio-count, hashes and the CLI."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.cli import cli
from cardlab.simulate.core import Players, UserError, config_hash
from cardlab.simulate.core.errors import CardDataError
from cardlab.simulate.four_souls import GAME, make_config, ratios, setup
from cardlab.simulate.four_souls.decks import game_decks, supply
from cardlab.strategies.four_souls import STRATEGIES
from tests.kernel_helpers import manifest_of

OFFICIAL = {
    "treasure": {"passive": 44, "active": 40, "paid": 10, "oneuse": 5, "soul": 1},
    "loot": {
        "1cent": 2,
        "2cent": 6,
        "3cent": 11,
        "4cent": 12,
        "nickel_dime": 6,
        "butter_bean": 5,
        "bomb": 6,
        "battery": 6,
        "shard_heart": 5,
        "pill_rune": 6,
        "other": 23,
        "trinket": 11,
        "soul": 1,
    },
    "monster": {
        "basic": 30,
        "cursed": 9,
        "holy_charmed": 9,
        "normal_boss": 30,
        "epic_boss": 1,
        "good_event": 8,
        "bad_event": 8,
        "curse": 5,
    },
}
OFFICIAL_SHORT_4P = (
    "four-souls: --ratio official: the card pool (4 players) cannot fill 12 categories: "
    "treasure.active wants 40, pool has 37; treasure.paid wants 10, pool has 8; treasure.oneuse wants 5, "
    "pool has 4; loot.4cent wants 12, pool has 9; loot.battery wants 6, pool has 5; loot.bomb wants 6, "
    "pool has 5; loot.butter_bean wants 5, pool has 3; loot.trinket wants 11, pool has 9; loot.other "
    "wants 23, pool has 22; monster.cursed wants 9, pool has 6; monster.holy_charmed wants 9, pool has 5; "
    "monster.bad_event wants 8, pool has 5 (use --fill smaller or --fill from-other, lower the counts, "
    "or add cards)"
)


def _players(n: int, seed: int) -> Players:
    return Players([STRATEGIES["random"](i, random.Random(seed * 10 + i)) for i in range(n)])


def _decks(cfg, seed: int = 1):
    """The loot/treasure/monster decks one game builds, as category counters."""
    loot, treasure, monster = game_decks(cfg, supply(cfg), random.Random(seed))
    return {
        "loot": Counter(c.kind for c in loot),
        "treasure": Counter(c.kind for c in treasure),
        "monster": Counter(c.kind for c in monster),
    }


def _all_cards_of_game(g, deck: str) -> Counter:
    """Every physical card of one deck that the game built (wherever it went during setup)."""
    return Counter(p.card.kind for p in g.all_phys if p.card.deck == deck)


def test_FS_19_official_ratio_file_is_the_rule_book():
    """FS-19.1 / FS-19.2 / FS-19.3: the treasure, loot and monster categories and counts."""
    counts = ratios.load_ratio_file(ratios.RATIO_DIR / "official.yaml")
    got: dict = {}
    for deck, cat, n in counts:
        got.setdefault(deck, {})[cat] = n
    assert got == OFFICIAL
    assert all(sum(v.values()) == 100 for v in got.values())


def test_FS_19_official_shortfall_is_one_line_naming_every_category():
    with pytest.raises(UserError) as err:
        make_config(4, 10, ratio="official")
    assert str(err.value) == OFFICIAL_SHORT_4P


def test_FS_19_shortfall_counts_the_two_player_pool():
    with pytest.raises(UserError) as err:
        make_config(2, 10, ratio="official", ratio_count=("4cent=9",))
    assert "(2 players)" in str(err.value) and "loot.4cent" not in str(err.value)


def test_FS_19_exact_category_counts_when_the_pool_can_fill():
    cfg = make_config(4, 10, ratio="official", fill="smaller")
    have = ratios.available(supply(cfg))
    for seed in range(3):
        built = _decks(cfg, seed)
        for deck, cats in OFFICIAL.items():
            for cat, n in cats.items():
                assert built[deck][cat] == min(n, have[(deck, cat)]), (deck, cat)


def test_FS_19_fill_smaller_gives_smaller_decks():
    cfg = make_config(4, 10, ratio="official", fill="smaller")
    built = _decks(cfg)
    assert {d: sum(c.values()) for d, c in built.items()} == {"loot": 90, "treasure": 94, "monster": 90}


def test_FS_19_fill_from_other_tops_up_to_the_total():
    cfg = make_config(4, 10, ratio="official", fill="from-other")
    have = ratios.available(supply(cfg))
    for seed in range(4):
        built = _decks(cfg, seed)
        for deck, cats in OFFICIAL.items():
            assert sum(built[deck].values()) == 100
            for cat, n in cats.items():
                # a short category has all its cards; the others at least their count
                assert built[deck][cat] >= min(n, have[(deck, cat)])


def test_FS_19_from_other_never_uses_a_category_set_to_zero():
    cfg = make_config(4, 10, ratio="official", fill="from-other", ratio_count=("curse=0", "basic=0"))
    for seed in range(5):
        built = _decks(cfg, seed)["monster"]
        assert built["curse"] == 0 and built["basic"] == 0
        # the deck wants 65; its other categories hold only 63 cards in all, so it takes every one
        assert sum(built.values()) == 63


def test_FS_19_game_builds_its_decks_from_the_ratio():
    cfg = make_config(4, 10, ratio="official", fill="smaller")
    g = setup.new_game(cfg, 5, _players(4, 5))
    assert _all_cards_of_game(g, "monster")["basic"] == 30
    assert _all_cards_of_game(g, "treasure")["passive"] == 44
    assert _all_cards_of_game(g, "loot")["3cent"] == 11
    r = GAME.play(cfg, 5, _players(4, 5))
    assert r.columns == {"loot_cards": 90, "treasure_cards": 94, "monster_cards": 90}


def test_default_all_uses_the_whole_pool():
    cfg = make_config(4, 10)
    assert cfg.ratio == "all" and cfg.ratio_counts == ()
    r = GAME.play(cfg, 3, _players(4, 3))
    assert r.columns == {"loot_cards": 104, "treasure_cards": 105, "monster_cards": 107}


def test_seeds_same_seed_same_decks_different_seed_different():
    """FS-2.1: the decks are shuffled from the game's seed."""
    cfg = make_config(4, 10, ratio="official", fill="from-other")

    def deck_names(seed):
        g = setup.new_game(cfg, seed, _players(4, seed))
        return [p.card.id for p in g.monster], [p.card.id for p in g.treasure]

    assert deck_names(11) == deck_names(11)
    assert deck_names(11) != deck_names(12)
    a = sorted(deck_names(11)[0])
    b = sorted(deck_names(12)[0])
    assert a != b  # different cards chosen, not only a different order


def test_ratio_count_limits_one_category_of_the_whole_pool():
    cfg = make_config(4, 10, ratio_count=("curse=2",))
    built = _decks(cfg)
    assert built["monster"]["curse"] == 2
    assert built["monster"]["basic"] == 39 and sum(built["loot"].values()) == 104


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "curse=-1",
            "four-souls: --ratio-count curse: the count must be a whole number 0..1,000,000,000, got '-1'",
        ),
        (
            "curse=x",
            "four-souls: --ratio-count curse: the count must be a whole number 0..1,000,000,000, got 'x'",
        ),
        # beyond the config's number limit: named as --ratio-count, the option typed, not '--ratio-counts'
        (
            "curse=1000000000000",
            "four-souls: --ratio-count curse: the count must be a whole number 0..1,000,000,000, "
            "got '1000000000000'",
        ),
        ("curses=1", "four-souls: --ratio-count: unknown category 'curses' — did you mean 'curse'?"),
        (
            "soul=1",
            "four-souls: --ratio-count: category 'soul' is in two decks; write treasure.soul or loot.soul",
        ),
        ("curse", "four-souls: --ratio-count 'curse': expected CATEGORY=N (e.g. curse=8)"),
    ],
)
def test_ratio_count_errors(text, message):
    with pytest.raises(UserError) as err:
        make_config(4, 10, ratio_count=(text,))
    assert str(err.value) == message


def test_FS_19_one_category_given_two_counts_is_refused(tmp_path):
    """``--ratio-count curse=3 --ratio-count curse=4`` played 4 curses: the last count won without a word.
    Two counts under one name are one line, exit 2, nothing written; the same count twice is the same
    deck, and a count under the other spelling still gives way to a later one (a tune's knob relies on it)."""
    message = "four-souls: --ratio-count 'curse=3' and '{}' both set curse, to 3 and 4; give one"
    for second in ("curse=4",):
        with pytest.raises(UserError) as err:
            make_config(4, 10, ratio_count=("curse=3", second))
        assert str(err.value) == message.format(second)
    assert make_config(4, 10, ratio_count=("curse=3", "curse=3")).ratio_counts
    later = make_config(4, 10, ratio_count=("monster.curse=3", "curse=0"))
    assert _decks(later)["monster"].get("curse", 0) == 0
    args = ["simulate", "four-souls", "-n", "2", "--ratio-count", "curse=3", "--ratio-count", "curse=4"]
    result = CliRunner().invoke(cli, [*args, "--out", str(tmp_path)])
    assert (result.exit_code, result.output) == (2, f"error: {message.format('curse=4')}\n")
    assert not any(tmp_path.iterdir())


def test_ratio_count_qualified_names():
    assert ratios.parse_ratio_count("treasure.soul=2") == ("treasure", "soul", 2)
    assert ratios.parse_ratio_count("loot.soul=0") == ("loot", "soul", 0)


def test_an_empty_deck_is_refused():
    with pytest.raises(UserError, match="the monster deck would be empty"):
        make_config(4, 10, ratio_count=tuple(f"{c}=0" for c in OFFICIAL["monster"]))


def _write(tmp_path, text: str, name: str = "mine.yaml"):
    path = tmp_path / name
    path.write_text(text)
    return path


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "monster:\n  basic: 3\n  cursd: 2\n",
            ":3: unknown monster category 'cursd' — did you mean 'cursed'?",
        ),
        ("monster:\n  basic: -3\n", ":2: monster.basic: count must be 0..1,000,000,000, got -3"),
        # a count past the config's limit names the file and line, not '--ratio-counts: … out of range'
        (
            "monster:\n  basic: 1000000000000\n",
            ":2: monster.basic: count must be 0..1,000,000,000, got 1000000000000",
        ),
        ("treasure:\n  active: many\n", ":2: treasure.active: count must be a whole number, got 'many'"),
        ("treasure:\n  active: 2.5\n", ":2: treasure.active: count must be a whole number, got 2.5"),
        ("tresure:\n  active: 2\n", ":1: unknown field 'tresure' — did you mean 'treasure'?"),
        ("monster: 5\n", ":1: 'monster' must be a mapping of category: count, got 5"),
        ("name: x\n", ":1: no deck counts: expected treasure:, loot: and/or monster:"),
        ("- a\n- b\n", ":1: expected a mapping with treasure/loot/monster counts"),
        ("monster:\n  basic: [1\n", "YAML syntax error"),
    ],
)
def test_ratio_file_validation_names_file_and_line(tmp_path, text, message):
    path = _write(tmp_path, text)
    with pytest.raises(CardDataError) as err:
        make_config(4, 10, ratio=str(path))
    assert str(err.value).startswith(str(path)) and message in str(err.value)


def test_unknown_ratio_name():
    with pytest.raises(UserError, match=r"--ratio offical: no such ratio file .*official"):
        make_config(4, 10, ratio="offical")


def test_user_ratio_file_unlisted_decks_use_the_pool(tmp_path):
    path = _write(tmp_path, "monster:\n  basic: 10\n  normal_boss: 10\n")
    cfg = make_config(4, 10, ratio=str(path))
    built = _decks(cfg)
    assert dict(built["monster"]) == {"basic": 10, "normal_boss": 10}  # unlisted categories: 0
    assert sum(built["loot"].values()) == 104 and sum(built["treasure"].values()) == 105


def test_config_and_card_hashes_follow_the_ratio_file_contents(tmp_path):
    path = _write(tmp_path, "monster:\n  basic: 10\n  normal_boss: 10\n")
    a = make_config(4, 10, ratio=str(path))
    path.write_text("monster:\n  basic: 10\n  normal_boss: 10\n# same counts, new bytes\n")
    b = make_config(4, 10, ratio=str(path))
    path.write_text("monster:\n  basic: 12\n  normal_boss: 10\n")
    c = make_config(4, 10, ratio=str(path))
    hashes = {config_hash(x) for x in (a, b, c)}
    assert len(hashes) == 3
    assert len({GAME.card_data_hash(x) for x in (a, b, c)}) == 3
    assert GAME.card_data_hash(make_config(4, 10)) not in {GAME.card_data_hash(x) for x in (a, b, c)}
    d = make_config(4, 10, ratio=str(path), ratio_count=("basic=11",))
    assert config_hash(d) != config_hash(c) and GAME.card_data_hash(d) != GAME.card_data_hash(c)


@settings(max_examples=25, deadline=None)
@given(st.data())
def test_built_decks_have_exact_counts_for_any_fillable_ratio(data):
    cfg0 = make_config(3, 10)
    have = ratios.available(supply(cfg0))
    picks = []
    for (deck, cat), n in sorted(have.items()):
        if data.draw(st.booleans()):
            picks.append(f"{deck}.{cat}={data.draw(st.integers(0, n))}")
    wanted = {(d, c): n for d, c, n in (ratios.parse_ratio_count(t) for t in picks)}
    totals = Counter()
    for (deck, cat), n in have.items():
        totals[deck] += wanted.get((deck, cat), n)
    if min(totals[d] for d in ratios.RATIO_DECKS) == 0:
        with pytest.raises(UserError, match="would be empty"):
            make_config(3, 10, ratio_count=tuple(picks))
        return
    cfg = make_config(3, 10, ratio_count=tuple(picks))
    built = _decks(cfg, data.draw(st.integers(0, 10**6)))
    for (deck, cat), n in have.items():
        assert built[deck][cat] == wanted.get((deck, cat), n)


def test_cli_end_to_end_official_ratio(tmp_path):
    args = ["simulate", "four-souls", "--ratio", "official", "--fill", "smaller", "-n", "5", "-q"]
    result = CliRunner().invoke(
        cli, [*args, "-s", "random", "--max-turns", "150", "--out", str(tmp_path), "--name", "r"]
    )
    assert result.exit_code == 0, result.output
    manifest = manifest_of(tmp_path / "r")
    assert manifest["config"]["ratio"] == "official" and manifest["config"]["fill"] == "smaller"
    assert ["monster", "curse", 5] in manifest["config"]["ratio_counts"]
    assert manifest["card_data_hash"] == GAME.card_data_hash(
        make_config(4, 150, ratio="official", fill="smaller")
    )
    import polars as pl

    games = pl.read_parquet(str(tmp_path / "r" / "games" / "*.parquet"))
    assert games["treasure_cards"].to_list() == [94] * 5


def test_cli_shortfall_is_one_line_exit_2(tmp_path):
    result = CliRunner().invoke(
        cli, ["simulate", "four-souls", "--ratio", "official", "-n", "2", "-q", "--out", str(tmp_path)]
    )
    assert result.exit_code == 2
    assert result.output.strip() == f"error: {OFFICIAL_SHORT_4P}"


def test_cli_sweep_over_a_ratio_count(tmp_path):
    args = ["sweep", "four-souls", "--vary", "ratio-count=curse=0,curse=5", "-n", "2", "-q", "-j", "1"]
    args += ["-s", "random", "--max-turns", "60", "--out", str(tmp_path), "--name", "sw"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    runs = sorted(p.name for p in (tmp_path / "sw").iterdir() if p.is_dir())
    assert runs == ["p000-ratio-count=curse=0", "p001-ratio-count=curse=5"]
    configs = [manifest_of(tmp_path / "sw" / r)["config"] for r in runs]
    assert [c["ratio_counts"] for c in configs] == [[["monster", "curse", 0]], [["monster", "curse", 5]]]


def test_cards_check_recognises_ratio_files(tmp_path):
    summary = GAME.check_cards(str(ratios.RATIO_DIR / "official.yaml"))
    assert summary.startswith(
        "decklists/four_souls/ratios/official.yaml: deck ratio OK — treasure 100, loot 100"
    )
    assert "falls short in 12 categories" in summary
    fits = _write(tmp_path, "monster:\n  basic: 10\n  normal_boss: 10\n")
    assert GAME.check_cards(str(fits)).endswith("the default pool fills it")
    bad = _write(tmp_path, "monster:\n  basic: 3\n  cursd: 2\n", "bad.yaml")
    with pytest.raises(CardDataError, match=r"bad.yaml:3: unknown monster category 'cursd'"):
        GAME.check_cards(str(bad))
    # card files are still checked as card files
    assert "1,020 cards" in GAME.check_cards(str(ratios.DEFAULT_DIR))  # Base V2 + every expansion


def test_replay_rebuilds_the_ratio_run(tmp_path):
    args = [
        "simulate",
        "four-souls",
        "--ratio",
        "official",
        "--fill",
        "from-other",
        "--ratio-count",
        "curse=3",
    ]
    args += ["-n", "2", "-q", "-s", "random", "--max-turns", "30", "--out", str(tmp_path), "--name", "rp"]
    assert CliRunner().invoke(cli, args).exit_code == 0
    replay = CliRunner().invoke(cli, ["replay", str(tmp_path / "rp"), "--game", "1"])
    assert replay.exit_code == 0, replay.output
    assert replay.output.startswith("game 1 of rp: seed ")


@settings(max_examples=20, deadline=None)
@given(st.data())
def test_fill_modes_for_any_ratio(data):
    """smaller: every category gets min(count, pool); from-other: the same floor, and the deck reaches
    min(ratio total, cards in its categories with a count above 0)."""
    have = ratios.available(supply(make_config(4, 10)))
    picks = [
        f"{d}.{c}={data.draw(st.integers(0, have.get((d, c), 0) + 4))}"
        for d in ratios.RATIO_DECKS
        for c in ratios.V.DECKS[d]
        if data.draw(st.booleans())
    ]
    wanted = {(d, c): n for d, c, n in (ratios.parse_ratio_count(t) for t in picks)}
    seed = data.draw(st.integers(0, 10**6))
    for fill in ("smaller", "from-other"):
        try:
            cfg = make_config(4, 10, ratio_count=tuple(picks), fill=fill)
        except UserError as err:
            assert "would be empty" in str(err)
            return
        built = _decks(cfg, seed)
        for deck in ratios.RATIO_DECKS:
            cats = ratios.V.DECKS[deck]
            floor = {
                c: min(wanted.get((deck, c), have.get((deck, c), 0)), have.get((deck, c), 0)) for c in cats
            }
            if fill == "smaller":
                assert {c: built[deck][c] for c in cats} == floor
            else:
                target = sum(wanted.get((deck, c), have.get((deck, c), 0)) for c in cats)
                usable = sum(have.get((deck, c), 0) for c in cats if wanted.get((deck, c), 1) > 0)
                assert all(built[deck][c] >= floor[c] for c in cats)
                assert all(built[deck][c] == 0 for c in cats if wanted.get((deck, c)) == 0)
                assert sum(built[deck].values()) == min(target, usable)


def test_a_ratio_file_and_a_card_file_given_to_each_others_option_say_so(tmp_path):
    """A ratio file given to --cards and a card file given to --ratio each name the option they belong to,
    not their first field the other option does not know ("unknown field 'name'", "unknown field 'set'")."""
    ratio = _write(tmp_path, "name: mine\nmonster:\n  basic: 3\n", "ratio.yaml")
    card = _write(tmp_path, "set: base_v2\ndeck: monster\ncards: []\n", "cards.yaml")
    for option, path, message in (
        ("--cards", ratio, ":1: a deck ratio file, not a card file: give it to --ratio"),
        ("--ratio", card, ":1: a card file, not a deck ratio file: give it to --cards"),
    ):
        args = ["simulate", "four-souls", "-n", "2", "-q", option, str(path), "--out", str(tmp_path / "r")]
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 2 and result.output.count("\n") == 1, result.output
        assert result.output.rstrip().endswith(message), result.output
    assert not (tmp_path / "r").exists()
