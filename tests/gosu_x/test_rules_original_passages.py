"""Gosu X passages of the original rule document whose outcome no other test pins: Genious, ghost tokens and
Phoenix immortals, Arrows, free soldiers, miracles, draws, tribute, and the card files' conditions."""

from __future__ import annotations

import pytest

from cardlab.simulate.core.errors import CardDataError
from cardlab.simulate.gosu_x import zones
from cardlab.simulate.gosu_x.actions import do_action, enter_army, legal_actions, play_cost
from cardlab.simulate.gosu_x.battle import tribute
from cardlab.simulate.gosu_x.cards import check_cards
from cardlab.simulate.gosu_x.scenario import events, make_state, script, to_army, to_discard, to_hand
from cardlab.simulate.gosu_x.state import DISCARD, HAND
from cardlab.simulate.gosu_x.triggers import _cond_ok


# -- GX-14 the Djinn (Genious) FAQ: naming a clan absent from the discard forms no new deck --------------------
def test_GX_14_genious_naming_a_clan_absent_from_the_discard_leaves_the_deck_as_it_was():
    """The FAQ lets a player name a clan with no card in their discard "so as not to form a new deck": nothing
    joins the deck, so it is not shuffled — the Djinn's player draws the two cards that were on top, and the
    opponent's deck keeps its order."""
    st = make_state(("Phoenix", "Golem", "Goan Sul"), ("Tomorrow", "Xian", "Themis"))
    to_discard(st, 0, "Bun To")  # a Golem card only
    to_discard(st, 1, "Obeezs")
    genie = to_army(st, 0, "Genious")
    top_two = [c.uid for c in st.p[0].deck[-2:]]
    opp_deck = [c.uid for c in st.p[1].deck]
    script(st, 0, (0, 1), "Goan Sul")  # order, then a clan absent from the discard
    script(st, 1, "Themis")
    enter_army(st, 0, genie)
    assert sorted(c.uid for c in st.p[0].hand) == sorted(top_two)
    assert [c.uid for c in st.p[1].deck] == opp_deck


# -- GX-13.4 / GX-12.28: the ghost token marks the highest-level vulnerable card; Phoenix (Immortal) is level III -
def test_GX_13_4_GX_12_28_the_ghost_token_goes_to_a_vulnerable_phoenix_immortal_in_the_soldier_row():
    """Themis undrafted: each player's vulnerable card of the highest level is warded. Phoenix (Immortal) counts
    as every level wherever it lies ("always", FAQ), so as the last soldier it outranks the vulnerable hero:
    the ghost token is on it, and the hero can be captured."""
    st = make_state(("Phoenix", "Golem", "Goan Sul"), ("Tomorrow", "Xian", "Abhilasha"))
    assert "Themis" in st.undrafted
    to_army(st, 0, "Lava Goddesses")
    pim = to_army(st, 0, "Phoenix (Immortal)", row=0)
    hero = to_army(st, 0, "Alpha")  # column 0: the soldier under it is covered, Phoenix (Immortal) is not
    assert st.vulnerable(pim) and st.vulnerable(hero)
    assert st.ward_card(0) is pim
    assert zones.can_capture(st, hero) and not zones.can_destroy(st, pim)


def test_GX_13_4_GX_12_12_a_captured_phoenix_immortal_is_no_level_three_card_and_stays_captured():
    """Captured, its effects do not work ("always" among them, as its clans): the vulnerable hero keeps the
    ghost token, and the captured card is not released by it (GX-15.4)."""
    st = make_state(("Phoenix", "Golem", "Goan Sul"), ("Tomorrow", "Xian", "Abhilasha"))
    to_army(st, 0, "Lava Goddesses")
    pim = to_army(st, 0, "Phoenix (Immortal)", row=0, face_up=False)
    hero = to_army(st, 0, "Alpha")
    assert st.ward_card(0) is hero
    zones.release(st, 1, to_army(st, 1, "Aat", face_up=False))  # any step: the instant checks run
    assert not pim.face_up


def test_GX_13_4_an_immortal_in_its_own_row_keeps_the_ghost_token_before_a_lower_phoenix_immortal():
    """A tie of level III cards goes to the Immortal row (decision): the Immortal is warded."""
    st = make_state(("Phoenix", "Golem", "Goan Sul"), ("Tomorrow", "Xian", "Abhilasha"))
    to_army(st, 0, "Lava Goddesses")
    to_army(st, 0, "Phoenix (Immortal)", row=0)
    to_army(st, 0, "Alpha")
    head = to_army(st, 0, "Goan Sul")
    assert st.ward_card(0) is head


# -- GX-14 the Arrow of Themis FAQ: every card of the named name is banned, its feat too ---------------------------
def test_GX_14_arrows_ban_every_copy_of_the_name_and_its_feat():
    """The FAQ: the opponent can play none of the cards with the banned name, and a banned Red Circle cannot be
    discarded to stop a capture until the end of the caster's next turn."""
    st = make_state(("Themis", "Goan Sul", "Phoenix"), ("Abhilasha", "Xian", "Tomorrow"))
    circles = [to_hand(st, 1, "Red Circle"), to_hand(st, 1, "Red Circle")]
    target = to_army(
        st, 1, next(c.d.name for c in st.p[1].deck if c.d.level == 1 and c.d.name != "Red Circle")
    )
    arrows = to_army(st, 0, "Arrows of Justice")
    enter_army(st, 0, arrows)  # the only name in seat 1's hand
    assert "Red Circle" in st.p[1].bans
    assert not any(a[0] == "play" and a[1] in {c.uid for c in circles} for a in legal_actions(st, 1))
    lava = to_army(st, 0, "Lava Goddesses")
    script(st, 0, target.uid)
    enter_army(st, 0, lava)  # captures a level I card: seat 1's
    assert not target.face_up
    assert all(c.zone == HAND for c in circles)
    assert not [d for d in st.players_obj.strategies[1].asked if d.kind == "feat"]


# -- item: nothing silently skipped ------------------------------------------------------------------------------
def test_a_first_to_pass_condition_set_false_asks_for_the_other_case():
    """A flag condition written false is read, not taken for true (Byeon Hyeon Ja (Golem) uses it true)."""
    st = make_state()
    st.first_passer = 1
    assert _cond_ok(st, 1, {"first_to_pass": True}) and not _cond_ok(st, 0, {"first_to_pass": True})
    assert _cond_ok(st, 0, {"first_to_pass": False}) and not _cond_ok(st, 1, {"first_to_pass": False})


def test_an_if_step_without_a_condition_is_refused_by_the_loader(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "clan: Golem\ncards:\n  - {name: X, level: 1, copies: 2, replace_cost: 1, slots: 0,\n"
        "     on_play: [{if: {then: [{draw: 1}]}}]}\n"
    )
    with pytest.raises(CardDataError, match="'if' needs one condition"):
        check_cards(str(bad))


# -- GX-5.5: the only soldier gone, the next soldier is free as the first -----------------------------------------
def test_GX_5_5_the_only_soldier_destroyed_the_next_soldier_of_another_clan_is_free():
    st = make_state()
    lava = to_army(st, 0, "Lava Goddesses")  # Goan Sul
    bun = to_hand(st, 0, "Bun To")  # Golem
    assert play_cost(st, 0, bun, 0) == 2
    assert zones.destroy(st, 1, lava)
    assert play_cost(st, 0, bun, 0) == 0


# -- GX-12.23: the miracle card takes the token from the board or from the opponent --------------------------------
def test_GX_12_23_a_miracle_card_takes_the_token_from_the_opponent():
    st = make_state()
    st.miracle = 1
    bun = to_hand(st, 0, "Bun To")  # miracle
    script(st, 0, 1)  # Bun To names level I before its reveal
    do_action(st, 0, ("play", bun.uid, 0, False, False, 0))
    assert st.miracle == 0


# -- GX-13.5 / FAQ Phoenix (Immortal): under Xian it is a soldier of all three allied clans -------------------------
def test_GX_13_5_phoenix_immortal_as_a_soldier_under_xian_makes_every_allied_soldier_free():
    """The FAQ: with the Xian effect on you, Phoenix (Immortal) belongs to your three clans, so with it in the
    soldier row a soldier of any of your clans is played free."""
    st = make_state(("Phoenix", "Golem", "Goan Sul"), ("Themis", "Xian", "Tomorrow"))
    to_army(st, 0, "Phoenix (Immortal)", row=0)
    lava = to_hand(st, 0, "Lava Goddesses")  # Goan Sul
    assert play_cost(st, 0, lava, 0) == 2
    st.undrafted = (*st.undrafted, "Xian")  # Xian's tile in force for both players (GX-2.7)
    assert play_cost(st, 0, lava, 0) == 0
    bun = to_hand(st, 0, "Bun To")  # Golem
    assert play_cost(st, 0, bun, 0) == 0


# -- GX-7.2: tokens pay for draws; an empty deck and discard give nothing -----------------------------------------
def test_GX_7_2_one_token_draws_one_never_three_and_an_empty_deck_draws_nothing():
    st = make_state()
    st.p[0].t_hand, st.p[0].t_spent = 1, 1
    acts = legal_actions(st, 0)
    assert ("draw1",) in acts and ("draw3",) not in acts
    st.p[0].deck.clear()
    do_action(st, 0, ("draw1",))
    assert st.p[0].t_hand == 0 and st.p[0].t_spent == 2 and not st.p[0].hand


# -- GX-10.2 / 10.3: half rounded up — an army of one loses it, an empty army loses nothing -----------------------
def test_GX_10_2_tribute_of_an_army_of_one_and_of_an_empty_army():
    st = make_state()
    lone = to_army(st, 0, "Lava Goddesses")
    st.p[0].superiority = st.p[1].superiority = 0
    tribute(st, 0, 0)
    assert lone.zone == DISCARD and st.p[0].army_size() == 0 and st.p[1].army_size() == 0
    assert [r[6] for r in events(st, "tribute")] == [1, 0]
