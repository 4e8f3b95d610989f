"""Whom a verb affects, written as a position word (``valuing._who``): read on the outlook's view where it
shows the seat (the player to the left or right of the active one, the roller of the roll on the stack,
the attacker in an attack, my character), else read as no one for a listed reason. The guard fails when a
card — printed or made for a test — writes an owner word neither read nor listed (as amounts are guarded
in ``test_amount_shapes``)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from cardlab.simulate.four_souls.cards import load_pool
from cardlab.simulate.four_souls.refs import StackRef
from cardlab.simulate.four_souls.vocabulary import VERBS
from cardlab.strategies.four_souls import valuing as vl
from cardlab.strategies.four_souls.outlook import Outlook
from tests.four_souls.test_amount_shapes import card_verbs

TESTONLY = sorted((Path(__file__).parent / "cards_testonly").glob("*.yaml"))


def _owners(card) -> list[str]:
    """Every owner word (a verb's ``who`` parameter, a transfer's ``from``/``to``) a card record writes."""
    out = []
    for verb, p in card_verbs(card):
        what, _per, who_key, _amount, _when = vl.AIM_FIELDS[verb]
        first = VERBS[verb].params[0] if VERBS[verb].params else ""
        params = p if isinstance(p, dict) else ({first: p} if p is not None else {})
        keys = ("from", "to") if what == "take" else (who_key,)
        out += [params[k] for k in keys if isinstance(params.get(k), str)]
    return out


@pytest.mark.parametrize("files", [None, TESTONLY], ids=["card files", "test-only cards"])
def test_every_owner_word_is_read_or_defaulted_with_a_reason(files):
    """Guard: an owner word not read (``WHO_READ``), not defaulted with a reason (``WHO_DEFAULTED``) and
    not a deck, slot or card (``NOT_OWNERS``) is a blind spot a new card fell into."""
    known = vl.WHO_READ | set(vl.WHO_DEFAULTED) | vl.NOT_OWNERS
    blind = {
        (c.id, ref)
        for c in load_pool(files).cards
        for ref in _owners(c)
        if (w := vl.owner_word(ref)) is not None and w not in known
    }
    assert not blind, sorted(blind)


def test_the_guard_sees_a_new_word():
    assert vl.owner_word("left_of(active)") == "left_of"
    assert vl.owner_word("left_of(event.src_seat)") == "event"
    assert vl.owner_word("richest_player") == "richest_player"
    assert vl.owner_word("P") is None


def _view(active: int, stack: tuple = (), attacker: int | None = None) -> SimpleNamespace:
    return SimpleNamespace(active=active, stack=stack, attacker=attacker)


def test_the_players_beside_the_active_one_are_read():
    """Zombie Jesus kills the player to the left or right of the active one (a roll, FS-9.1). In my turn
    (3 players, me seat 0) either is a rival: a kill worth ``rival`` × 4 each; the old valuer named no one
    (0). In seat 2's turn the player to its left is me: a loss."""
    mine = Outlook(my_turn=True, n_players=3, me=0, rival=0.5)
    assert vl.effect_value({"kill": "left_of(active)"}, mine) == pytest.approx(0.5 * 4.0)
    assert vl.effect_value({"kill": "right_of(active)"}, mine) == pytest.approx(0.5 * 4.0)
    theirs = Outlook(my_turn=False, n_players=3, me=0, rival=0.5, view=_view(active=2))
    assert vl.effect_value({"kill": "left_of(active)"}, theirs) == pytest.approx(-4.0)
    assert vl.effect_value({"kill": "right_of(active)"}, theirs) > 0.0


def test_the_roller_of_the_roll_on_the_stack_is_read():
    """Floor Spikes / Cursed Horf hurt the roller (FS-9.1): with a rival's roll on top of the stack it is
    harm to a rival, with mine harm to me; with no roll in sight it stays no one."""
    roll = StackRef(0, "roll", "attack roll", 1, 4, True)
    hurt = {"deal_damage": {"n": 1, "to": "roller"}}
    rivals = Outlook(my_turn=False, n_players=2, me=0, rival=0.5, rival_hp=3, view=_view(1, (roll,)))
    assert vl.effect_value(hurt, rivals) == pytest.approx(0.5 * 0.3)
    mine = Outlook(my_turn=True, n_players=2, me=0, hp=3, view=_view(0, (roll._replace(controller=0),)))
    assert vl.effect_value(hurt, mine) < 0.0
    assert vl.effect_value(hurt, Outlook(my_turn=True, n_players=2, me=0, view=_view(0))) == 0.0


def test_the_attacker_is_read_in_an_attack():
    """Lust, Swarm of Flies hurt the attacker (FS-10.2: the player whose attack is in progress)."""
    hurt = {"deal_damage": {"n": 1, "to": "attacker"}}
    out = Outlook(my_turn=False, n_players=2, me=0, rival=0.5, rival_hp=3, view=_view(1, attacker=1))
    assert vl.effect_value(hurt, out) == pytest.approx(0.5 * 0.3)
    assert vl.effect_value(hurt, Outlook(my_turn=False, n_players=2, me=0, view=_view(1))) == 0.0


def test_my_character_is_mine():
    """Counters put on my character are counters on me (FS-5.14: Dataminer's 2, an AT counter): read by
    what a static makes of them on a player, as counters put on ``you``."""
    out = Outlook(my_turn=True, n_players=2, me=0)
    out.per_counter = {"atk": (2.0, 0.0)}
    on_me = vl.effect_value({"add_counters": {"n": 1, "object": "you", "kind": "atk"}}, out)
    assert on_me == pytest.approx(2.0)
    assert (
        vl.effect_value({"add_counters": {"n": 1, "object": "your_character", "kind": "atk"}}, out) == on_me
    )
