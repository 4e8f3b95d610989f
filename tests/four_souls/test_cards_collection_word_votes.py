"""Issue 19: votes between words (FS-5.17) — ``vote: [word, word]`` with an effect per word and a tie rule
— and the cards they let run: Alt Art Monstro II and Summer Krampus; plus Alt Art Rag Man's return into
the monster deck one card below the top."""

from __future__ import annotations

import pytest

from cardlab.simulate.core.errors import CardDataError
from cardlab.simulate.four_souls import damage, dice, triggers
from cardlab.simulate.four_souls.cards import load_pool
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    by_id,
    check_invariants,
    deck,
    loot_fillers,
    monster,
    position,
    settle,
)
from cardlab.simulate.four_souls.state import Attack
from cardlab.simulate.four_souls.views import View
from cardlab.strategies.four_souls import reading as rd


def _words(votes: dict):
    """Plans: voter seat → the word it votes for."""

    def plan_of(word):
        return lambda d: word if d.kind == "vote" else None

    return {seat: plan_of(w) for seat, w in votes.items()}


def _monstro_hits(votes: dict) -> list[int]:
    g = position(3, plans=_words(votes))
    loot_fillers(g, 5)
    g.active = 0
    monstro = add_slot_monster(g, by_id("aa-monstro_ii"))
    g.attack = Attack(seat=0, target=monstro)
    damage.push_damage(g, 1, g.players[0], 0, monstro, True, 1, "test")
    settle(g)
    check_invariants(g)
    return [p.damage for p in g.players]


def test_FS_5_17_alt_art_monstro_ii_a_majority_for_right_hits_the_right_neighbour():
    """Seat 0 is active (right-hand neighbour: seat 2, left: seat 1). Two votes for right: seat 2 takes 1
    besides seat 0's combat damage."""
    assert _monstro_hits({0: "right", 1: "right", 2: "left"}) == [1, 0, 1]


def test_FS_5_17_alt_art_monstro_ii_a_tie_goes_to_the_left_neighbour():
    """A tie (one vote each, the third voter's vote for left makes left win outright; with two voters
    tied the card's tie word decides): right needs a majority."""
    assert _monstro_hits({0: "right", 1: "left", 2: "left"}) == [1, 1, 0]
    g = position(2, plans=_words({0: "right", 1: "left"}))
    loot_fillers(g, 5)
    g.active = 0
    monstro = add_slot_monster(g, by_id("aa-monstro_ii"))
    g.attack = Attack(seat=0, target=monstro)
    damage.push_damage(g, 1, g.players[0], 0, monstro, True, 1, "test")
    settle(g)
    assert [p.damage for p in g.players] == [1, 1]  # 1 to 1 → left of seat 0 in two seats is seat 1


def test_FS_5_17_FS_10_16_summer_krampus_naughty_owes_an_attack_and_a_tie_owes_none():
    """Each turn's start: naughty with more votes → the active player owes an attack on it (if able);
    one vote each → nothing owed."""
    for votes, owed in (({0: "naughty", 1: "naughty"}, True), ({0: "naughty", 1: "nice"}, False)):
        g = position(2, plans=_words(votes))
        loot_fillers(g, 5)
        g.active = 0
        krampus = add_slot_monster(g, by_id("soi-krampus"))
        triggers.fire(g, "turn_start", seat=0)
        settle(g)
        assert [t for t, _now in g.must_attack] == ([krampus] if owed else [])


def test_FS_4_11_summer_krampus_a_repeated_attack_roll_on_it_damages_every_other_monster():
    """Seat 0 attacks it and rolls 3 twice (two misses, 1 damage each to seat 0): the second 3 repeats the
    first, so every other monster takes 1 and Krampus none."""
    g = position(2)
    loot_fillers(g, 5)
    g.active = 0
    krampus = add_slot_monster(g, by_id("soi-krampus"))
    blob = add_slot_monster(g, monster("Blob", hp=3))
    for _ in range(2):
        g.attack = Attack(seat=0, target=krampus)
        r = dice.push_roll(g, 0, "attack", target=krampus, value=3)
        r.attack = True
        settle(g)
    assert (blob.damage, krampus.damage, g.players[0].damage) == (1, 0, 2)
    check_invariants(g)


def test_FS_13_4_alt_art_rag_man_goes_back_one_card_below_the_top_on_a_six():
    """Killed, then its step-4 roll shows 6: its card goes in under the deck's top card (no soul gained);
    the emptied slot then refills with that top card (FS-12.1), so Rag Man is next in line."""
    g = position(2, rolls=[6])
    loot_fillers(g, 5)
    g.active = 0
    deck(g, "monster", [monster("Top"), monster("Next")])
    rag = add_slot_monster(g, by_id("aa-rag_man"))
    assert damage.kill(g, rag, 0)
    settle(g)
    names = [c.card.name for c in reversed(g.monster)]
    assert names == ["Rag Man", "Next"]
    assert [o.phys.card.name for o in g.mslots[0]] == ["Top"]
    assert not g.players[0].souls


HEAD = "set: base_v2\ndeck: monster\ncards:\n  - {id: t-v, name: V, kind: basic, copies: 1, hp: 1, evasion: 1, attack: 1,\n"


def test_a_vote_between_words_needs_an_effect_for_every_word_and_a_tie_rule_it_knows(tmp_path):
    """The card check refuses a word without its effect, and a tie word that is not one of the words."""
    path = tmp_path / "v.yaml"
    for vote, match in (
        ("{vote: [up, down], do: {up: {loot: 1}}}", "one effect per word"),
        ("{vote: [up, down], ties: side, do: {up: {loot: 1}, down: nothing}}", "ties"),
    ):
        path.write_text(HEAD + f"     abilities: [{{on: {{turn_start: any_player}}, do: {vote}}}]}}\n")
        with pytest.raises(CardDataError, match=match):
            load_pool([path])


def test_FS_5_17_a_player_votes_for_the_word_that_spares_it():
    """Reading Alt Art Monstro II's table, seat 1 (the active seat 0's left neighbour) votes right and
    seat 2 (the right neighbour) votes left; with the card out of sight the first word."""
    g = position(3)
    g.active = 0
    add_slot_monster(g, by_id("aa-monstro_ii"))
    words = ("right", "left")
    assert rd.pick_word(View(g, 1), "Monstro II", words, 1) == "right"
    assert rd.pick_word(View(g, 2), "Monstro II", words, 2) == "left"
    assert rd.pick_word(View(g, 2), "Krampus", words, 2) == "right"
