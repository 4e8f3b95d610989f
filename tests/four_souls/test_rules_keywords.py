"""Ambush (FS-4.14, FS-Q.22) and Indomitable (FS-4.17): keywords no Base V2 card uses, tested with the
made-up cards of ``tests/four_souls/cards_testonly`` (exact outcomes, rule IDs in the names)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardlab.simulate.core import Players
from cardlab.simulate.core.errors import CardDataError
from cardlab.simulate.four_souls import (
    attack,
    cards,
    checks,
    decks,
    plays,
    resolution,
    setup,
    turn,
    zones,
)
from cardlab.simulate.four_souls.config import make_config
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    check_invariants,
    deck,
    give_loot,
    kinds,
    monster,
    position,
    real,
    scripted,
    settle,
)
from cardlab.simulate.four_souls.state import Obj, Phys

TESTONLY = Path(__file__).parent / "cards_testonly"


def _cards(file: str) -> dict:
    return {c.name: c for c in cards.load_pool([TESTONLY / file]).cards}


AMBUSH = _cards("ambush.yaml")
INDOMITABLE = _cards("indomitable.yaml")


def _play_loot(g, seat: int, c: Phys) -> None:
    g.players[seat].loot_plays = 1
    assert plays.take_action(g, seat, ("loot", c))
    resolution.priority(g, seat, until_empty=True)


def _slot_plan(slot: int):
    return lambda d: slot if d.kind == "choose_slot" else None


def test_FS_4_14_ambush_becomes_a_monster_covering_the_chosen_slot_and_is_owed_an_attack():
    g = position(2, plans={0: _slot_plan(1)})
    add_slot_monster(g, monster("A"))
    b = add_slot_monster(g, monster("B"))
    c = give_loot(g, 0, AMBUSH["Ambush Blob"])
    _play_loot(g, 0, c)
    top = g.mslots[1][-1]
    assert isinstance(top, Obj) and top.phys is c and top.kind == "monster" and top.in_play
    assert g.mslots[1][0] is b.phys and not b.in_play  # covered (FS-3.8)
    assert c not in g.loot_disc and not g.players[0].hand
    assert g.must_attack == [(top, False)]  # one more attack, not at once (FS-10.16)
    assert kinds(g, "ambush")[0][4:7] == ("Ambush Blob", None, 1)
    check_invariants(g)


def test_FS_Q_22_the_ambush_controller_chooses_the_slot_the_active_player_owes_the_attack():
    g = position(2, plans={1: _slot_plan(0)})
    add_slot_monster(g, monster("A"))
    add_slot_monster(g, monster("B"))
    c = give_loot(g, 1, AMBUSH["Ambush Blob"])
    g.players[1].loot_plays = 1
    assert plays.take_action(g, 1, ("loot", c))
    resolution.priority(g, 1, until_empty=True)
    asked = [d for d in g.io.strategies[1].asked if d.kind == "choose_slot"]
    assert [d.options for d in asked] == [(0, 1)] and g.mslots[0][-1].phys is c
    assert not [d for d in g.io.strategies[0].asked if d.kind == "choose_slot"]
    assert g.must_attack == [(g.mslots[0][-1], False)] and g.active == 0


def test_FS_Q_22_FS_4_14_an_ambush_resolving_in_an_attack_goes_to_a_slot_not_under_attack():
    """[A]'s glossary puts an ambush "in a monster slot not under attack". P0 attacks A (slot 0); P1 plays an
    ambush in answer and would pick slot 0: slot 0 is not offered, the ambush covers B, and A stays in
    play as the attack's target. Before, the attacked slot was offered and A could be covered."""
    from cardlab.simulate.four_souls.state import Attack

    g = position(2, plans={1: _slot_plan(0)})
    g.active = 0
    a = add_slot_monster(g, monster("A"))
    b = add_slot_monster(g, monster("B"))
    g.attack = Attack(seat=0, target=a)
    c = give_loot(g, 1, AMBUSH["Ambush Blob"])
    _play_loot(g, 1, c)
    asked = [d.options for d in g.io.strategies[1].asked if d.kind == "choose_slot"]
    assert all(0 not in o for o in asked) and g.mslots[1][-1].phys is c and not b.in_play
    assert a.in_play and g.attack is not None and g.attack.target is a
    check_invariants(g)


def test_FS_10_16_an_owed_ambush_attack_is_offered_and_the_turn_cannot_end_before_it():
    g = position(2, plans={0: _slot_plan(0)}, rolls=[6, 6])
    add_slot_monster(g, monster("A"))
    _play_loot(g, 0, give_loot(g, 0, AMBUSH["Ambush Blob"]))
    g.attacks_left = 0  # the turn's own attack is used up: the ambush's is one more
    g.players[0].cents = 0
    assert turn.action(g)  # the owed attack is the only option: no ("end",) while it is owed
    assert [r[4] for r in kinds(g, "attack_target")] == ["Ambush Blob"]
    assert [r[4] for r in kinds(g, "monster_died")] == ["Ambush Blob"] and not g.must_attack


def test_FS_3_6_a_killed_ambush_goes_to_the_loot_discard_and_uncovers_the_monster():
    g = position(2, plans={0: _slot_plan(0)}, rolls=[6, 6])
    a = add_slot_monster(g, monster("A"))
    c = give_loot(g, 0, AMBUSH["Ambush Blob"])
    _play_loot(g, 0, c)
    amb = g.mslots[0][-1]
    assert attack.run_attack(g, 0, amb)
    resolution.priority(g, 0, until_empty=True)
    assert g.loot_disc == [c] and not g.monster_disc  # FS-3.6: a loot card only in the loot discard
    assert g.players[0].cents == 2  # its reward block (FS-13.4 step 3)
    back = g.mslots[0][-1]
    assert back.phys is a.phys and back.in_play and back is not a  # a new object (FS-3.2, FS-13.7)
    check_invariants(g)


def test_FS_3_8_a_covered_ambush_becomes_a_monster_again_when_uncovered():
    g = position(2, plans={0: _slot_plan(0)}, rolls=[6])
    add_slot_monster(g, monster("A"))
    c = give_loot(g, 0, AMBUSH["Ambush Boss"])
    _play_loot(g, 0, c)
    top = zones.reveal_into_slot(g, _phys(g, monster("Lid", hp=1)), 0)
    assert g.mslots[0][-2] is c
    assert attack.run_attack(g, 0, top)
    resolution.priority(g, 0, until_empty=True)
    again = g.mslots[0][-1]
    assert again.phys is c and again.kind == "monster" and again.in_play


def _phys(g, card):
    from cardlab.simulate.four_souls.fixtures import phys

    return phys(g, card)


def test_FS_4_14_a_boss_ambush_killed_becomes_the_killers_soul():
    g = position(2, plans={0: _slot_plan(0)}, rolls=[6, 6, 6])
    add_slot_monster(g, monster("A"))
    c = give_loot(g, 0, AMBUSH["Ambush Boss"])
    _play_loot(g, 0, c)
    assert attack.run_attack(g, 0, g.mslots[0][-1])
    resolution.priority(g, 0, until_empty=True)
    assert [s.phys for s in g.players[0].souls] == [c] and c not in g.loot_disc


def test_FS_4_17_an_indomitable_refill_takes_the_empty_slot_and_adds_none():
    """Our reading: an Indomitable monster put into an empty slot takes it (it covers nothing). Before,
    each one revealed by a refill added a slot and left the empty one to refill again: with Game Crash!
    and TV Static the slots grew without bound (soak 1931, 2 p 7041380104431479547: 3,800 slots)."""
    g = position(2)
    add_slot_monster(g, monster("A"))
    g.mslots.append([])
    wall, plain = deck(g, "monster", [INDOMITABLE["Indomitable Wall"], monster("Plain")])
    checks.state_checks(g)
    assert len(g.mslots) == 2 and g.mslots[1][-1].phys is wall
    assert g.monster == [plain] and not kinds(g, "slots_expanded")
    check_invariants(g)


def test_FS_4_17_game_crash_refilled_by_indomitable_monsters_leaves_the_slot_count_as_it_was():
    """Game Crash! sends every monster to the discard; the three slots refill with two Indomitable
    monsters and a plain one, each in an emptied slot: still three slots, none added (FS-12.1, FS-4.17)."""
    g = position(2)
    g.active = 0
    a, b = add_slot_monster(g, monster("A")), add_slot_monster(g, monster("B"))
    g.mslots.append([])
    top = [
        real("Game Crash!"),
        INDOMITABLE["Indomitable Wall"],
        INDOMITABLE["Indomitable Lord"],
        monster("Plain"),
    ]
    deck(g, "monster", top)
    settle(g)
    assert not a.in_play and not b.in_play
    assert len(g.mslots) == 3 and not kinds(g, "slots_expanded")
    assert sorted(s[-1].name for s in g.mslots) == ["Indomitable Lord", "Indomitable Wall", "Plain"]
    check_invariants(g)


def test_FS_4_17_an_indomitable_monster_cannot_be_covered_by_a_deck_attack():
    g = position(2, plans={0: lambda d: "monster_deck" if d.kind == "attack_target" else None}, rolls=[1])
    lord = zones.reveal_into_slot(g, _phys(g, INDOMITABLE["Indomitable Lord"]), None)
    add_slot_monster(g, monster("B"))
    add_slot_monster(g, monster("C"))
    deck(g, "monster", [monster("New", hp=5, attack=0)])
    attack.declare_attack(g, 0)
    asked = [d.options for d in g.io.strategies[0].asked if d.kind == "choose_slot"]
    assert asked == [(1, 2)]  # slot 0 holds the Indomitable Lord (FS-4.17(2))
    assert g.mslots[0][-1] is lord and lord.in_play


def test_FS_4_17_when_every_top_is_indomitable_a_card_takes_a_new_slot():
    g = position(2, plans={0: lambda d: "monster_deck" if d.kind == "attack_target" else None}, rolls=[1])
    zones.reveal_into_slot(g, _phys(g, INDOMITABLE["Indomitable Wall"]), None)
    deck(g, "monster", [monster("New", hp=5, attack=0)])
    attack.declare_attack(g, 0)
    assert not [d for d in g.io.strategies[0].asked if d.kind == "choose_slot"]
    assert [s[-1].name for s in g.mslots] == ["Indomitable Wall", "New"]


def test_FS_10_5_c_a_deck_attack_revealing_an_indomitable_monster_goes_on_against_it_in_a_new_slot():
    g = position(
        2, plans={0: lambda d: "monster_deck" if d.kind == "attack_target" else None}, rolls=[6, 6, 6]
    )
    a = add_slot_monster(g, monster("A"))
    b = add_slot_monster(g, monster("B"))
    wall, plain = deck(g, "monster", [INDOMITABLE["Indomitable Wall"], monster("Plain")])
    attack.declare_attack(g, 0)
    assert not [d for d in g.io.strategies[0].asked if d.kind == "choose_slot"]  # no slot to choose
    checks.state_checks(g)
    assert a.in_play and b.in_play and [s[-1].phys for s in g.mslots[2:]] == [plain]  # kept, refilled
    assert [r[4] for r in kinds(g, "attack_target")] == ["Indomitable Wall"]
    assert [r[4] for r in kinds(g, "monster_died")] == ["Indomitable Wall"]
    assert wall in g.monster_disc and g.players[0].cents == 3


def test_FS_2_4_setup_puts_an_indomitable_monster_revealed_into_the_starting_slot():
    """Our reading of FS-4.17: a starting slot is empty, so an Indomitable monster takes it (was: a new slot)."""
    cfg = make_config(2, 50, cards=(str(TESTONLY / "indomitable.yaml"),))
    s = decks.supply(cfg)
    seen = 0
    for seed in range(12):
        g = setup.new_game(cfg, seed, Players([scripted(0), scripted(1)]), supply=s)
        seen += sum(1 for sl in g.mslots if "indomitable" in sl[-1].rules.keywords)
        assert len(g.mslots) == 2
        assert all(len(sl) == 1 and sl[-1].kind == "monster" for sl in g.mslots)
        check_invariants(g)
    assert seen


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("deck: treasure\n    kind: passive\n    keywords: [ambush]", "'ambush' is only for loot cards"),
        ("deck: loot\n    kind: other\n    keywords: [ambush]", "field 'hp'"),
        (
            "deck: monster\n    kind: good_event\n    keywords: [indomitable]",
            "'indomitable' is only for monster",
        ),
        (
            "deck: loot\n    kind: trinket\n    keywords: [trinket, ambush]\n    hp: 1\n    evasion: 1\n    attack: 1",
            "either a trinket or an ambush",
        ),
    ],
)
def test_FS_4_14_FS_4_17_keywords_on_the_wrong_card_are_one_clear_error(tmp_path, text, message):
    f = tmp_path / "bad.yaml"
    f.write_text(f"set: test_only\ncards:\n  - id: t-bad\n    name: Bad\n    copies: 1\n    {text}\n")
    with pytest.raises(CardDataError) as err:
        cards.load_pool([f])
    assert message in str(err.value) and "bad.yaml" in str(err.value) and "\n" not in str(err.value)
