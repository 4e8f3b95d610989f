"""Owed attacks (FS-10.16, FS-8.8) as the official extended rules describe them ([A], 000_…txt, "Атака"):
an attack owed on an object once a turn, when possible (Krampus, Gish, the Horsemen; our card files mark
it ``additional: false``), forbids ending the turn before an attack on that object is declared, but is no
extra attack: it is one of the turn's own attacks, and one more available may go elsewhere first, even if
the named monster is covered or leaves play meanwhile; with no attack left it cannot be made, so it
lapses. One owed as an extra attack in the turn (Ambush) is an extra attack, and other actions,
another attack among them, may come first. Pinned against reading every owed attack as an extra one
offered alone, which gave Krampus's attacker two attacks a turn and let no attack come before it."""

from __future__ import annotations

from types import SimpleNamespace

from cardlab.simulate.core import Players
from cardlab.simulate.four_souls import interpreter, statics, triggers, turn
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    by_id,
    check_invariants,
    deck,
    kinds,
    loot_fillers,
    monster,
    position,
    settle,
)


def _krampus_turn(attacks: int, first: str = "Blob"):
    """P0's turn with Krampus (owed each turn if able) in slot 0 and a 1-HP Blob in slot 1, every roll a 6;
    ``attacks`` attacks this turn, a free one on ``first`` first. Returns the game and the names of the
    attack targets in order (:func:`_play_out`)."""
    g = position(2, rolls=[6] * 20)
    loot_fillers(g, 10)
    g.active = 0
    krampus = add_slot_monster(g, by_id("fsp2-krampus"))
    add_slot_monster(g, monster("Blob", hp=1))
    deck(g, "monster", [monster(f"Next{i}", hp=9) for i in range(4)])
    triggers.fire(g, "turn_start", seat=0)
    settle(g)
    assert [t for t, _how in g.must_attack] == [krampus]
    g.attacks_left = attacks

    return g, _play_out(g, first)


def _play_out(g, first: str) -> list:
    """P0 attacks whenever it may, a free attack (on the monster named ``first`` while it is a target)
    before an owed one, and ends the turn when it can do nothing else. The attack targets' names, in
    order."""

    def plan(d):
        if d.kind == "action":
            free = [o for o in d.options if o == ("attack", None)]
            owed = [o for o in d.options if o[0] == "attack"]
            return (free or owed or [o for o in d.options if o[0] == "end"] or [d.options[0]])[0]
        if d.kind == "attack_target":
            return next((o for o in d.options if getattr(o, "name", o) == first), d.options[0])
        return "pass" if "pass" in d.options else d.options[0]

    g.io = Players([SimpleNamespace(name=f"p{i}", seat=i, choose=plan) for i in range(g.n)])
    while turn.action(g):
        pass
    return [r[4] for r in kinds(g, "attack_target")]


def test_FS_10_16_FS_8_8_an_attack_owed_each_turn_if_able_is_one_of_the_turns_own_attacks():
    """One attack this turn and Krampus owed: P0's one attack goes to Krampus (killed by four 6s) and no
    attack is left after it (read as an extra attack, a free attack followed: Krampus, then the Blob)."""
    g, targets = _krampus_turn(1)
    assert targets == ["Krampus"] and g.attacks_left == 0 and not g.must_attack
    check_invariants(g)


def test_FS_10_16_another_available_attack_may_go_elsewhere_before_the_owed_one():
    """Two attacks this turn and Krampus owed: P0 may take a free attack first, on the Blob, and then makes
    the owed one on Krampus — two attacks in all (read as an extra attack, the owed one had to come first, and
    two free attacks followed it: Krampus, the Blob, then the monster deck's next card)."""
    g, targets = _krampus_turn(2)
    assert targets == ["Blob", "Krampus"] and g.attacks_left == 0 and not g.must_attack
    check_invariants(g)


def test_FS_10_16_an_owed_monster_covered_by_another_attack_is_owed_no_more():
    """[A]: the other attacks may go first even if the named monster is covered meanwhile. Two attacks,
    Krampus owed: P0 attacks the monster deck, the revealed card covers Krampus's slot (Krampus leaves play,
    so nothing is owed), and P0's second attack is a free one, on the deck again; Krampus is never attacked
    (read as an extra attack, it had to be attacked first)."""
    g, targets = _krampus_turn(2, "monster_deck")
    assert targets == ["Next0", "Next1"] and not g.must_attack and g.attacks_left == 0
    check_invariants(g)


def test_FS_10_16_with_no_attack_left_an_attack_owed_if_able_lapses():
    """No attack left this turn and Krampus owed: it cannot be made, so nothing is attacked and the turn
    may end (read as an extra attack, Krampus was attacked all the same)."""
    g, targets = _krampus_turn(0)
    assert targets == [] and not g.must_attack


def test_FS_10_16_FS_21_ambush_deck_attacks_count_toward_its_two_whenever_they_are_made():
    """[A] on Ambush!: the active player attacks the monster deck until two deck attacks have been made this
    turn; those owed are additional, and every deck attack of the turn counts. Revealed before P0 attacked
    (two owed), P0 first attacks the deck with the turn's own attack, then makes one owed deck attack: two
    in all, nothing owed after (with the owed two made first, the turn's own attack made a third)."""
    g = position(2, rolls=[6] * 20)
    loot_fillers(g, 10)
    g.active = 0
    add_slot_monster(g, monster("Blob", hp=9))
    deck(g, "monster", [monster(f"Next{i}", hp=1) for i in range(4)])
    ctx = statics.Ctx(g, 0, None, name="Ambush!")
    effect = {
        "extra_attack": {"mode": "must", "who": "active", "target": "monster_deck", "total_this_turn": 2}
    }
    assert interpreter.run(ctx, effect)
    g.attacks_left = 1
    assert _play_out(g, "monster_deck") == ["Next0", "Next1"]
    assert g.deck_attacks == 2 and not g.must_attack and g.attacks_left == 0
    check_invariants(g)
