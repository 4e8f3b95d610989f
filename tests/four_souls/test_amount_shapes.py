"""The players read every amount shape a card file writes (a verb's count: a number, ``up_to``, an
expression): an amount read at the default 1 was a blind spot (Booster v2.0's roll change).
The guard fails when a card — printed or made for a test — writes an amount word the players neither read
(``valuing.expr_amount``) nor list in ``valuing.DEFAULTED`` with the reason it is read at the default."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cardlab.simulate.four_souls.cards import load_pool
from cardlab.simulate.four_souls.vocabulary import VERBS
from cardlab.strategies.four_souls import valuing as vl
from cardlab.strategies.four_souls.outlook import Outlook

COUNTS = ("n", "amount", "delta")  # the amount parameters that hold a count
TESTONLY = sorted((Path(__file__).parent / "cards_testonly").glob("*.yaml"))


def _verbs(eff: Any, found: list) -> None:
    if isinstance(eff, dict):
        for k, v in eff.items():
            if k in VERBS:
                found.append((k, v))
            _verbs(v, found)
    elif isinstance(eff, list | tuple):
        for e in eff:
            _verbs(e, found)


def card_verbs(card: Any) -> list[tuple[str, Any]]:
    """(verb, its parameters) of every verb in a card record: its faces, back and item side too."""
    abilities = [*card.abilities, *(ab for f in card.faces for ab in f[2])]
    abilities += [*getattr(card.back, "abilities", ()), *(card.as_item[1] if card.as_item else ())]
    found: list = []
    _verbs(abilities, found)
    return found


def _amounts(card: Any) -> list[tuple[str, Any]]:
    """(verb, amount) of every verb in a card record (its faces, back and item side too) writing its
    value model's amount parameter (``Aim.amount``)."""
    out = []
    for verb, p in card_verbs(card):
        key = vl.AIM_FIELDS[verb][3]
        if key not in COUNTS:
            continue  # a thing taken or swapped (``what``, ``b``): read by ``valuing._take`` / the swap
        first = VERBS[verb].params[0] if VERBS[verb].params else ""
        params = p if isinstance(p, dict) else {first: p}
        if key in params:
            out.append((verb, params[key]))
        if verb == "buff" and "atk" in params:  # the +damage, read by ``_amount`` too (Dataminer's 6)
            out.append((verb, params["atk"]))
    return out


@pytest.mark.parametrize("files", [None, TESTONLY], ids=["card files", "test-only cards"])
def test_every_amount_is_read_or_defaulted_with_a_reason(files):
    """Guard: an amount word not read and not in ``DEFAULTED`` is a blind spot a new card fell into."""
    pool = load_pool(files)
    blind = {
        (c.id, verb, str(n), w)
        for c in pool.cards
        for verb, n in _amounts(c)
        for w in vl.amount_words(n)
        if w not in vl.DEFAULTED
    }
    assert not blind, sorted(blind)


def test_the_guard_sees_a_new_word():
    """A made-up amount word (and a known one of another object) is reported, a read one is not."""
    assert vl.amount_words("rooms(you) + 1") == {"rooms"}
    assert vl.amount_words("counters(self) + hand_size(you)") == set()
    assert vl.amount_words({"up_to": "X"}) == {"bound"}
    assert "rooms" not in vl.DEFAULTED


def test_an_amount_written_on_my_hand_is_read():
    """Jera (Gold Box v2) loots as many cards as my hand holds: with 5 cards it is worth 5 loot, not
    the 1 the old reader gave every expression (FS-6.19). Keeper's Penny's counters read the same way."""
    jera = next(c for c in load_pool().cards if c.id == "g2-jera")
    eff = jera.abilities[0]["play"]["do"]
    out = Outlook(my_turn=True, hand=(1.0, 1.0, 1.0, 2.0, 2.0))
    assert vl.effect_value(eff, out) == pytest.approx(5.0)
    assert vl.effect_value({"gain_cents": "counters(self)"}, Outlook(self_counters=4)) == pytest.approx(1.2)
    assert vl.effect_value({"gain_cents": "cents(you)"}, Outlook(cents=6)) == pytest.approx(1.8)


def test_a_chosen_players_count_keeps_the_default():
    """VIII. Justice loots and gains the difference to a chosen player (FS-6.19, FS-6.11): the plan names
    P me, where the difference would read 0 and the card nothing — it keeps the default worth (1 loot + 1¢)."""
    card = next(c for c in load_pool().cards if c.id == "b2-viii_justice")
    play = card.abilities[0]["play"]
    out = Outlook(my_turn=True, cents=3, hand=(1.0, 1.0))
    vl._plan_targets(play["targets"], play["do"], out)
    assert vl.effect_value(play["do"], out) == pytest.approx(1.3)


def test_counters_removed_from_the_item_are_a_loss():
    """FS-5.14: counters taken off the item in use cost what they were worth (``counter_cost`` each) — the
    old reader counted a removal as a gain, and a removal of all its counters as one."""
    out = Outlook(self_counters=3, counter_cost=0.6, counter_gain=0.6)
    removal = {"remove_counters": {"n": "counters(self)", "object": "self"}}
    assert vl.effect_value(removal, out) == pytest.approx(-1.8)
    assert vl.cost_value(removal, out) == pytest.approx(-1.8)


def test_a_counter_put_on_the_payer_is_a_price():
    """FS-4.4: a cost that puts a penalty counter on the payer (the Doodler's Competitive sketch counter) is
    read at a counter's price, as a removal of one is — not as a free ability."""
    out = Outlook(counter_cost=0.6)
    assert vl.cost_value([{"add_counters": {"n": 1, "who": "you", "kind": "sketch"}}], out) == pytest.approx(
        -0.6
    )


def test_all_of_a_players_cents_or_hand_is_read():
    """FS-6.11, FS-6.19: ``all`` of a player's cents or loot cards is what they hold — mine on the outlook
    (Void, Fiend Fire discard my whole hand: its worth, not 3 of its worst cards), a rival's the leader's
    on the view (Greed! and Crooked Penny take all of a player's cents: 9, not a typical 3)."""
    from types import SimpleNamespace

    view = SimpleNamespace(cents_of=lambda seat: 9 if seat == 1 else 0, hand_size=lambda seat: 4)
    out = Outlook(
        my_turn=True, n_players=3, me=0, rival=0.5, leader=1, cents=7, hand=(1.0, 2.0, 0.5), view=view
    )
    assert vl.effect_value({"lose_cents": {"n": "all", "who": "you"}}, out) == pytest.approx(-0.3 * 7)
    assert vl.effect_value({"discard_loot": {"n": "all", "who": "you"}}, out) == pytest.approx(-3.5)
    out.plan = {"P": "rival"}
    assert vl.effect_value({"lose_cents": {"n": "all", "who": "P"}}, out) == pytest.approx(0.5 * 0.3 * 9)
    assert vl.effect_value({"discard_loot": {"n": "all", "who": "P"}}, out) == pytest.approx(0.5 * 1.0 * 4)


def test_a_full_heal_of_mine_is_my_damage():
    """A full heal (FS-8.10: damage stays until the turn ends) gives back the damage I have taken: 3 HP at
    1 of 4, nothing unhurt; the old reader priced every full heal at 1 HP."""
    from types import SimpleNamespace

    hurt = Outlook(my_turn=True, me=0, hp=1, view=SimpleNamespace(max_hp=4))
    assert vl.effect_value({"heal": {"n": "full", "who": "you"}}, hurt) == pytest.approx(3.0)
    whole = Outlook(my_turn=True, me=0, hp=4, view=SimpleNamespace(max_hp=4))
    assert vl.effect_value({"heal": {"n": "full", "who": "you"}}, whole) == pytest.approx(0.0)


def test_my_souls_are_read():
    """Curse of the Hollow and Steven count my souls (``souls(you)``); Consolation Prize loots the
    difference to the most souls a player has (vocabulary §1.6). With 2 souls against a leader's 3 they
    read 2 and 1, with 3 against 1 the difference is 0; the old reader read each at the default 1."""
    out = Outlook(my_turn=True, me=0, my_souls=2, leader_souls=3, hand=(1.0, 1.0, 1.0))
    assert vl.effect_value({"loot": {"n": "most(souls) - souls(you)"}}, out) == pytest.approx(1.0)
    assert vl.effect_value({"loot": {"n": "souls(you)"}}, out) == pytest.approx(2.0)
    out = Outlook(my_turn=True, me=0, my_souls=3, leader_souls=1, hand=(1.0,))
    assert vl.effect_value({"loot": {"n": "most(souls) - souls(you)"}}, out) == pytest.approx(0.0)


def test_a_deactivate_of_mine_is_a_loss():
    """``deactivate`` and ``skip_recharge`` aim like a recharge with a negative sign (FS-6.2, FS-8.1): my
    character or item turned sideways (Spider Webs, Curse of Impulse) is a loss, a rival's a gain. The old
    reader took the recharge branch without the sign and read my own turned sideways as a gain of
    ``spent_items``."""
    out = Outlook(my_turn=True, me=0, spent_items=2.0)
    assert vl.effect_value({"deactivate": "your_character"}, out) < 0
    assert vl.effect_value({"skip_recharge": "your_character"}, out) < 0
    assert vl.effect_value({"recharge": "your_character"}, out) == pytest.approx(2.0)
