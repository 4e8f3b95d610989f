"""The Base Game V2 card files: counts, facts, references and vocabulary coverage."""

from __future__ import annotations

import csv
import dataclasses
from collections import Counter
from pathlib import Path

import pytest

from cardlab.simulate.four_souls import vocabulary as V
from cardlab.simulate.four_souls.cards import DEFAULT_DIR, Card, check, load_pool
from cardlab.simulate.four_souls.collection import select

SHARED_CSV = (
    Path(__file__).resolve().parents[3] / "shared" / "cards" / "four_souls_cards.csv"
)  # beside the checkout
EXPANSIONS_CSV = SHARED_CSV.with_name("four_souls_expansions.csv")  # the other sets' cards, same place

# README of the card list: physical counts per deck-ratio category (copies summed).
PHYSICAL_BY_KIND = {
    ("treasure", "passive"): 54,
    ("treasure", "active"): 37,
    ("treasure", "paid"): 8,
    ("treasure", "oneuse"): 4,
    ("treasure", "soul"): 2,
    ("loot", "1cent"): 6,
    ("loot", "2cent"): 12,
    ("loot", "3cent"): 15,
    ("loot", "4cent"): 9,
    ("loot", "nickel_dime"): 6,
    ("loot", "battery"): 5,
    ("loot", "bomb"): 5,
    ("loot", "butter_bean"): 3,
    ("loot", "shard_heart"): 5,
    ("loot", "pill_rune"): 6,
    ("loot", "trinket"): 9,
    ("loot", "soul"): 1,
    ("loot", "other"): 22,
    ("monster", "basic"): 39,
    ("monster", "cursed"): 6,
    ("monster", "holy_charmed"): 5,
    ("monster", "normal_boss"): 31,
    ("monster", "epic_boss"): 4,
    ("monster", "good_event"): 12,
    ("monster", "bad_event"): 5,
    ("monster", "curse"): 5,
    ("character", "character"): 11,
    ("eternal", "eternal"): 10,
    ("bonus_soul", "bonus_soul"): 3,
}
PHYSICAL_BY_DECK = {
    "character": 11,
    "eternal": 10,
    "treasure": 105,
    "loot": 104,
    "monster": 107,
    "bonus_soul": 3,
}
HOOK_CARDS = {
    "b2-eden": "eden_pick_start",
    "b2-blank_card": "blank_card_copy",
    "b2-placebo": "placebo_copy_ability",
    "b2-chaos": "chaos_pass_hands",
    "b2-remote_detonator": "vote_destroy_item",
    "b2-shadow": "shadow_penalty",
}


@pytest.fixture(scope="module")
def pool():
    """Base Game V2: the default collection (the expansions are checked in test_collection.py)."""
    return select(load_pool(), ("base_v2",))


def test_distinct_and_physical_counts(pool):
    assert len(pool.cards) == 287
    assert pool.physical == 340
    assert sum(c.copies for c in pool.cards) == 340


def test_physical_counts_per_deck(pool):
    by_deck = Counter()
    for c in pool.cards:
        by_deck[c.deck] += c.copies
    assert dict(by_deck) == PHYSICAL_BY_DECK
    assert {d: len(pool.deck(d)) for d in PHYSICAL_BY_DECK} == {
        "character": 11,
        "eternal": 10,
        "treasure": 105,
        "loot": 51,
        "monster": 107,
        "bonus_soul": 3,
    }


def test_physical_counts_per_ratio_category(pool):
    by_kind = Counter()
    for c in pool.cards:
        by_kind[(c.deck, c.kind)] += c.copies
    assert dict(by_kind) == PHYSICAL_BY_KIND


def test_ids_unique_and_indexed(pool):
    ids = [c.id for c in pool.cards]
    assert len(ids) == len(set(ids))
    assert all(pool.by_id[c.id] is c for c in pool.cards)
    # names repeat (Pills! x3, Chest x2, ...): by_name keeps the first in file order
    assert pool.by_name["Pills!"].id == "b2-pills"
    assert pool.by_name["Chest"].id == "b2-chest"


def test_every_card_is_implemented_and_has_a_source(pool):
    assert pool.not_implemented() == {}
    for c in pool.cards:
        assert c.implemented and c.reason is None
        path, line = c.source.rsplit(":", 1)
        assert path.startswith("decklists/four_souls/") and int(line) > 0


def test_starting_items_resolve(pool):
    characters = pool.deck("character")
    starts = {c.starting_item for c in characters}
    assert pool.by_id["b2-eden"].starting_item is None  # chosen at setup by its hook
    starts.discard(None)
    assert starts == {c.id for c in pool.deck("eternal")}
    for sid in starts:
        assert set(pool.by_id[sid].keywords) >= {"eternal", "starting_item"}
    assert pool.by_id["b2-isaac"].starting_item == "b2-the_d6"


def test_hooks_are_the_six_of_the_design(pool):
    hooks = {c.id: c.hook for c in pool.cards if c.hook}
    assert hooks == HOOK_CARDS
    assert set(HOOK_CARDS.values()) == set(V.HOOKS)


def test_stats_of_monsters_and_characters(pool):
    chub = pool.by_id["b2-chub"]
    assert (chub.hp, chub.evasion, chub.attack, dict(chub.rewards), chub.soul) == (4, 3, 1, {"cents": 7}, 1)
    assert dict(pool.by_id["b2-black_bony"].rewards) == {"loot": "roll"}
    assert pool.by_id["b2-delirium"].soul == 0
    assert pool.by_id["b2-famine"].soul == 1
    for c in pool.cards:
        if c.deck == "character":
            assert (c.hp, c.attack) == (2, 1)
        if c.deck == "monster" and c.kind in V.MONSTER_KINDS_WITH_STATS:
            assert None not in (c.hp, c.evasion, c.attack)
        if c.deck == "monster" and c.kind in ("good_event", "bad_event", "curse"):
            assert c.hp is None and c.rewards == {} and c.soul == 0


@pytest.mark.skipif(not SHARED_CSV.exists(), reason="shared card list not available")
def test_facts_match_the_card_list(pool):
    rows = [r for r in csv.DictReader(SHARED_CSV.open(encoding="utf-8")) if r["set"] == "Base Game V2"]
    assert len(rows) == len(pool.cards)
    for r in rows:
        c = pool.by_id[r["card_id"]]
        assert (c.name, c.deck, c.kind, c.copies) == (r["name"], r["deck"], r["kind"], int(r["copies"]))
        assert c.players_3plus == (r["players_3plus"] == "true")
        for field, col in (("hp", "hp"), ("evasion", "evasion"), ("attack", "attack")):
            printed = r[col].rstrip("!")
            if printed and c.deck == "monster":
                assert getattr(c, field) == int(printed), (c.name, field)
        if c.deck in ("monster", "treasure", "loot", "bonus_soul") and r["souls"]:
            assert c.soul == int(r["souls"]), c.name
        if "guppy" in r["notes"]:
            assert "guppy" in c.keywords


def test_abilities_are_plain_data(pool):
    def walk(node):
        if isinstance(node, dict):
            assert type(node) is dict
            for k, v in node.items():
                assert not isinstance(k, int), "roll rows are strings"
                walk(v)
        elif isinstance(node, list):
            assert type(node) is list
            for v in node:
                walk(v)
        else:
            assert node is None or isinstance(node, str | int | bool)

    for c in pool.cards:
        assert isinstance(c.abilities, tuple)
        walk(list(c.abilities))


def _names_used(pool) -> dict[str, set[str]]:
    used: dict[str, set[str]] = {k: set() for k in ("verb", "comb", "trig", "static", "repl", "kw")}

    def walk(node):
        if isinstance(node, dict):
            for k, v in node.items():
                if k in V.VERBS:
                    used["verb"].add(k)
                if k in V.COMBINATORS:
                    used["comb"].add(k)
                if k == "next" and isinstance(v, dict):
                    used["trig"].update(x for x in v if x in V.TRIGGERS)
                if k == "replace" and isinstance(v, dict) and isinstance(v.get("event"), dict):
                    used["repl"].update(x for x in v["event"] if x in V.REPLACEMENTS)
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)
        elif isinstance(node, str) and node in V.VERBS:
            used["verb"].add(node)
        elif isinstance(node, str) and node in V.COMBINATORS:
            used["comb"].add(node)

    for c in pool.cards:
        used["kw"].update(c.keywords)
        for ab in c.abilities:
            if "on" in ab:
                used["trig"].update(x for x in ab["on"] if x in V.TRIGGERS)
            if "static" in ab:
                used["static"].update(x for x in ab["static"] if x in V.STATICS)
            walk(ab)
    return used


def test_every_verb_is_used_or_documented_unused(pool):
    used = _names_used(pool)
    for verb in V.VERBS.values():
        assert (verb.name in used["verb"]) == verb.used, verb.name
    # flip_roll, deactivate, win (FS-14.3, test-only cards), players_attackable (FS-10.6: expansion
    # and test-only cards): kept for later sets; the Curse keyword's two abilities (FS-4.16) are
    # compiled from the keyword, not written in card files
    # put_minion and advance_timer (FS-18.5, FS-18.6): the Day of the Doodler challenge's;
    # cancel_attack (FS-10.15): expansion cards (Lord of the Pit, IBS, 1-Up); become_item and copy_loot
    # (FS-3.2, FS-5.11): expansion cards (Brea in Distress, Peeper; Pop Pop!); set_atk (FS-5.2) and
    # strip_abilities: Hemoptysis and Club; pass_hands: Clog; gain_abilities: Glitch, Is You;
    # gain_rewards: Lollypop; flip (FS-6.10): Flip (Requiem); forbid_eot (FS-7.3): Get Out of Jail Card, Rag Mega;
    # team_up (FS-10.7): Sibling Rivalry (Requiem); skip_recharge (FS-8.1): Lil' Gish (Gish promo)
    added = {"become_curse", "discard_curse", "win", "players_attackable", "put_minion", "advance_timer"}
    added |= {"cancel_attack", "become_item", "copy_loot", "set_atk", "strip_abilities", "pass_hands"}
    added |= {"gain_abilities", "gain_rewards", "flip", "forbid_eot", "team_up", "skip_recharge"}
    added |= {"add_bonus_soul"}  # FS-14.7: Guppy's Pieces (Anniversary room)
    added |= {"move_to_slot", "clear_slot", "no_attacks"}  # FS-3.8, FS-8.6: Twitchy, The Adversary, Brimstone
    added |= {
        "next_roll_d8",
        "reveal_cards",
    }  # FS-9.2, FS-3.4: Conjoined D6; Ouija Board, Black Candle, Boss Rush!
    added |= {
        "copy_from_hand",
        "loot_under",
        "possess",
        "make_eternal",
    }  # FS-8.4 / FS-4.6 / FS-4.12: Baba, Rusty Spoons, Possession, Algiz
    added |= {"play_given", "loot_top_playable"}  # FS-8.4: Distant Admiration, Glitter Bombs
    added |= {"force_activate", "pass_characters"}  # FS-6.1, FS-6.12: Telekinesis, Corrupted Data
    added |= {"put_under", "from_under"}  # FS-3.2: Isaac's Last Will
    added |= {"change_number"}  # FS-5.2: Magic Marker (Requiem), The Real Left Hand (Warp Zone)
    added |= {"name_faces"}  # FS-9.2: The Adversary (Summer of Isaac)
    added |= {
        "step_counters",
        "new_character",
        "auction",
    }  # FS-5.14, FS-2.7, FS-6.12: Marbles, The Clicker, Auction Gavel
    added |= {"put_from_outside"}  # FS-4.17: Dogma (Requiem) fetching The Harbingers
    added |= {"roll_again", "mark"}  # FS-9.2, FS-5.2: Water Bottle, Keke Is You (Warp Zone)
    added |= {
        "again",
        "become_room",
    }  # FS-1.17, FS-16.2: Don't Starve! (Warp Zone), Cracked Key (Anniversary)
    added |= {"leaves_to_hand"}  # FS-5.4: Monster Card (Anniversary)
    assert {v.name for v in V.VERBS.values() if not v.used} == {"flip_roll", "deactivate"} | added
    assert len(V.VERBS) + 1 - len(added) == 39  # the design's 39 verbs: `roll_table` is `roll:`
    assert "roll" in V.COMBINATORS


def test_every_trigger_static_replacement_combinator_is_used_or_reserved(pool):
    used = _names_used(pool)
    for t in V.TRIGGERS.values():
        assert (t.name in used["trig"]) == t.used, t.name
    for s in V.STATICS.values():
        assert (s.name in used["static"]) == s.used, s.name
    # damage_from: Pyromaniac (Star Promos); would_gain_treasure: Damocles (Requiem)
    assert used["repl"] == set(V.REPLACEMENTS) - {"damage_from", "would_gain_treasure"}
    assert used["comb"] == {c.name for c in V.COMBINATORS.values() if c.used}
    # ambush, indomitable: test-only cards (test_rules_keywords); composite: Blank Canvas (Day of the Doodler)
    assert used["kw"] == set(V.KEYWORDS) - {"ambush", "indomitable", "composite"}


def test_vocabulary_md_names_everything():
    text = (DEFAULT_DIR / "VOCABULARY.md").read_text(encoding="utf-8")
    tables = (V.VERBS, V.COMBINATORS, V.TRIGGERS, V.STATICS, V.REPLACEMENTS, V.KEYWORDS, V.HOOKS)
    for table in tables:
        for name in table:
            assert f"`{name}`" in text, name


def test_pool_is_cached_and_frozen(pool):
    assert select(load_pool(), ("base_v2",)) is not load_pool()
    assert load_pool([DEFAULT_DIR]) is load_pool()
    with pytest.raises(dataclasses.FrozenInstanceError):
        pool.cards[0].name = "x"  # type: ignore[misc]
    assert isinstance(pool.cards[0], Card)
    assert len(pool.hash) == 16 and len(pool.files) == 6


def test_check_summaries():
    # Base V2's 6 files and the expansions' 75 (one per set and deck, decklists/four_souls/sets)
    assert check(DEFAULT_DIR).startswith("decklists/four_souls: 1,020 cards (1,114 physical) in 80 files OK")
    # a single file checks alone; its starting items resolve against the default pool
    one = check(DEFAULT_DIR / "characters.yaml")
    assert one.startswith("decklists/four_souls/characters.yaml: 11 cards (11 physical) in 1 file OK")


def test_every_file_declares_the_set():
    for path in sorted(DEFAULT_DIR.glob("*.yaml")):
        assert "set: base_v2" in path.read_text(encoding="utf-8").splitlines()


# Not card text: the game's title, and the game's own timing and zone phrases that any rules text
# uses (a run of words lying wholly inside one of these is no copy).
NOT_CARD_TEXT = (
    "the binding of isaac four souls",
    "at the end of the turn",
    "at the end of your turn",
    "at the start of your turn",
    "at the start of each turn",
    "till the end of the turn",
    "on top of the loot deck",
    "from the top of the monster deck",
    "the active player chooses another player",
    "the active player chooses a player",
    "deal 1 damage to a monster or player",  # the game's targeting formula
    "deal 2 damage to a monster or player",
    "+1 hp till end of turn",  # a stat change's duration
    "+1 damage till end of turn",
    "a counter on a non-eternal item",
    # zone phrases the rule digests use too: where a card goes when it leaves play
    "on the bottom of the loot deck",
    "on the bottom of the treasure deck",
    "on the bottom of the monster deck",
    "on top of the monster deck",
    "the top card of the treasure deck",
)


def _words(text: str) -> list[str]:
    return "".join(ch.lower() if ch.isalnum() else " " for ch in text).split()


def _grams(text: str) -> set[tuple[str, ...]]:
    w = _words(text)
    return {tuple(w[i : i + 6]) for i in range(len(w) - 5)}


def _card_grams() -> set[tuple[str, ...]]:
    """Every run of 6 words of any card text (both card lists), less the allowed phrases'."""
    allowed = set().union(*(_grams(phrase) for phrase in NOT_CARD_TEXT))
    card_grams: set[tuple[str, ...]] = set()
    for csv_path in (SHARED_CSV, EXPANSIONS_CSV):
        for r in csv.DictReader(csv_path.open(encoding="utf-8")):
            card_grams |= _grams(r["text"])
    return card_grams - allowed


def _copied_runs(lines: list[tuple[str, int, str]], card_grams: set[tuple[str, ...]]) -> list[str]:
    """The lines sharing 6 words with a card text, as "file:line: the words"."""
    # a sentence may run on over lines (a folded YAML string, a paragraph, a docstring): each line
    # is also read with the next one so that a run split by the line break is seen
    offending = []
    for i, (name, n, text) in enumerate(lines):
        nxt = lines[i + 1] if i + 1 < len(lines) else ("", 0, "")
        following = nxt[2] if nxt[:2] == (name, n + 1) else ""
        copied = _grams(text + " " + following) & card_grams
        copied -= _grams(following)  # reported on its own line
        if copied:
            offending.append(f"{name}:{n}: " + "; ".join(" ".join(g) for g in sorted(copied)))
    return offending


@pytest.mark.skipif(
    not (SHARED_CSV.exists() and EXPANSIONS_CSV.exists()), reason="shared card lists not available"
)
def test_no_card_text_is_copied_into_the_files():
    """Card texts belong to their publisher: no 6 consecutive words of any card text (every set's,
    both card lists) in the free text of any card file (notes and comments, sets/**, collections,
    ratios ...; the encodings themselves are vocabulary) or in VOCABULARY.md."""
    lines: list[tuple[str, int, str]] = []
    for p in sorted(DEFAULT_DIR.rglob("*.y*ml")):
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1):
            if "notes:" in line:
                lines.append((str(p.relative_to(DEFAULT_DIR)), n, line.split("notes:", 1)[1]))
            elif "#" in line:
                lines.append((str(p.relative_to(DEFAULT_DIR)), n, line.split("#", 1)[1]))
    vocabulary = (DEFAULT_DIR / "VOCABULARY.md").read_text(encoding="utf-8").splitlines()
    lines += [("VOCABULARY.md", n, line) for n, line in enumerate(vocabulary, 1)]
    offending = _copied_runs(lines, _card_grams())
    assert not offending, f"{len(offending)} line(s) share 6 words with a card text:\n" + "\n".join(offending)


REPO = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(
    not (SHARED_CSV.exists() and EXPANSIONS_CSV.exists()), reason="shared card lists not available"
)
def test_no_card_text_is_copied_into_the_code_or_docs():
    """The same rule for the repository's prose: no 6 consecutive words of any card text in the
    comments, docstrings and strings of the Python sources (simulate, strategies, cardlab, analysis,
    tests) or in docs/*.md and README.md. A card's name is a fact; running text is not."""
    files = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
    for top in ("simulate", "strategies", "cardlab", "analysis", "tests"):
        files += sorted((REPO / top).rglob("*.py"))
    lines: list[tuple[str, int, str]] = []
    for p in files:
        name = str(p.relative_to(REPO))
        allow_list = False  # the allow-list above is the generic wording itself
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1):
            allow_list = (allow_list or line.startswith("NOT_CARD_TEXT = (")) and line != ")"
            if not (allow_list and p == Path(__file__).resolve()):
                lines.append((name, n, line))
    offending = _copied_runs(lines, _card_grams())
    assert not offending, f"{len(offending)} line(s) share 6 words with a card text:\n" + "\n".join(offending)
