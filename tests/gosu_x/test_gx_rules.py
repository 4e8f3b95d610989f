"""Rule scenarios for Gosu X, one per testable GX rule, named after the rule ID."""

from __future__ import annotations

import pytest

from cardlab.simulate.core import Players
from cardlab.simulate.core.testing import ScriptedPlayer
from cardlab.simulate.gosu_x import make_config, wins, zones
from cardlab.simulate.gosu_x.actions import can_place, do_action, legal_actions, play_cost, replacements
from cardlab.simulate.gosu_x.battle import battle_total, great_battle, tribute
from cardlab.simulate.gosu_x.draft import deal, draft
from cardlab.simulate.gosu_x.engine import end_of_turn, new_state, play, play_round
from cardlab.simulate.gosu_x.scenario import (
    check_invariants,
    events,
    fill_hand,
    find,
    kinds,
    make_state,
    script,
    to_army,
    to_discard,
    to_hand,
)  # fmt: skip
from cardlab.simulate.gosu_x.state import DISCARD, HAND, GameOver


def plays(acts):
    return [a for a in acts if a[0] == "play"]


# -- GX-2 setup and draft ------------------------------------------------------------------------------------
def test_GX_2_5_draft_order_1_2_2_1():
    cfg = make_config(2, 400)
    st = new_state(cfg, 3, Players([ScriptedPlayer(0), ScriptedPlayer(1)]))
    draft(
        st,
        1,
        {
            c: []
            for c in ("Themis", "Abhilasha", "Tomorrow", "Narasimha", "Golem", "Phoenix", "Goan Sul", "Xian")
        },
    )
    seats = [r[2] for r in events(st, "draft_pick")]
    assert seats == [1, 0, 0, 1, 1, 0]
    assert len(set(st.p[0].clans) | set(st.p[1].clans)) == 6
    assert len(st.undrafted) == 2 and not set(st.undrafted) & (set(st.p[0].clans) | set(st.p[1].clans))


def test_GX_2_5_forced_alliances_by_draft_position():
    cfg = make_config(2, 400, clans="themis+golem+phoenix/xian+tomorrow+goan_sul")
    result = play(cfg, 11, Players([ScriptedPlayer(0), ScriptedPlayer(1)]))
    by_pos = {s.columns["draft_position"]: s.columns["alliance"] for s in result.seats}
    assert by_pos[1] == "Golem+Phoenix+Themis"
    assert by_pos[2] == "Goan Sul+Tomorrow+Xian"
    assert sorted(result.columns["undrafted"]) == ["Abhilasha", "Narasimha"]


def test_GX_2_7_undrafted_tile_applies_to_both_players():
    st = make_state(("Goan Sul", "Golem", "Phoenix"), ("Themis", "Xian", "Tomorrow"))
    assert "Narasimha" in st.undrafted
    assert st.hand_limit(0) == 5 and st.hand_limit(1) == 5  # GX-13.1 via the undrafted Narasimha tile


def test_GX_2_9_decks_of_45_and_hands_of_7():
    st = make_state()
    assert len(st.p[0].deck) == 45 and len(st.p[1].deck) == 45
    deal(st, 0)
    assert len(st.p[0].hand) == 7 and len(st.p[1].hand) == 7


def test_GX_2_10_mulligan_until_two_soldiers():
    """GX-Q.23: the whole hand goes back and is reshuffled; repeated while under 2 soldiers."""
    st = make_state()
    pl = st.p[0]
    # stack the deck: 7 heroes/immortals on top, then soldiers
    heroes = [c for c in pl.deck if c.d.level > 1 and "any_row" not in c.d.passive][:7]
    for c in heroes:
        pl.deck.remove(c)
    pl.deck.extend(heroes)
    script(st, 0, "mulligan")
    deal(st, 0)
    assert len(events(st, "mulligan")) >= 1
    assert len(pl.hand) == 7 and len(pl.hand) + len(pl.deck) == 45


# -- GX-3 the army ---------------------------------------------------------------------------------------
def test_GX_3_2_left_to_right_and_GX_3_4_vulnerability():
    st = make_state()
    a = to_army(st, 0, "Lava Goddesses")
    b = to_army(st, 0, "Smook Spirits")
    h = to_army(st, 0, "Alpha")
    assert st.p[0].rows[0] == [a, b] and st.col(b) == 1
    assert not st.vulnerable(a)  # card to its right
    assert st.vulnerable(b)  # nothing above column 1, nothing to the right
    assert st.vulnerable(h)
    h2 = to_army(st, 0, "Hempo")
    assert not st.vulnerable(b) and not st.vulnerable(h) and st.vulnerable(h2)


def test_GX_3_5_adjacency_and_GX_3_6_mirror():
    st = make_state()
    a = to_army(st, 0, "Lava Goddesses")
    b = to_army(st, 0, "Smook Spirits")
    h = to_army(st, 0, "Alpha")
    assert set(st.adjacent(a)) == {b, h} and st.adjacent(b) == [a]
    m = to_army(st, 1, "3 Wishes")
    assert st.mirror(a) is m and st.mirror(b) is None and st.mirror(m) is a


# -- GX-4 turns ------------------------------------------------------------------------------------------
def test_GX_4_5_hand_limit_at_end_of_turn():
    """GX-Q.22: the limit is checked at the end of the turn of the player who took it."""
    st = make_state(("Goan Sul", "Golem", "Phoenix"), ("Themis", "Xian", "Narasimha"))
    assert st.hand_limit(0) == 7
    fill_hand(st, 0, 9)
    end_of_turn(st, 0)
    assert len(st.p[0].hand) == 7 and len(events(st, "discard")) == 2


# -- GX-5 playing cards ----------------------------------------------------------------------------------------
def test_GX_5_3_first_soldier_free_GX_5_4_same_clan_free_other_clan_costs_2():
    st = make_state()
    lava = to_hand(st, 0, "Lava Goddesses")
    assert play_cost(st, 0, lava, 0) == 0  # empty army
    to_army(st, 0, "Smook Spirits")
    assert play_cost(st, 0, lava, 0) == 0  # same clan face up
    bun = to_hand(st, 0, "Bun To")
    assert play_cost(st, 0, bun, 0) == 2  # another clan
    acts = legal_actions(st, 0)
    assert not any(a[1] == bun.uid for a in plays(acts))  # one other card in hand: 2 discards impossible
    fill_hand(st, 0, 1, level=3)
    assert any(a[1] == bun.uid and a[5] == 2 for a in plays(legal_actions(st, 0)))


def test_GX_5_5_all_soldiers_captured_next_soldier_free():
    st = make_state()
    s = to_army(st, 0, "Lava Goddesses")
    bun = to_hand(st, 0, "Bun To")
    assert play_cost(st, 0, bun, 0) == 2
    s.face_up = False
    assert play_cost(st, 0, bun, 0) == 0


def test_GX_5_6_hero_needs_clan_soldier_and_no_more_heroes_than_soldiers():
    st = make_state()
    alpha = to_hand(st, 0, "Alpha")
    assert not can_place(st, 0, alpha, 1)  # no soldiers
    to_army(st, 0, "Bun To")
    assert not can_place(st, 0, alpha, 1)  # soldier of another clan
    to_army(st, 0, "Lava Goddesses")
    assert can_place(st, 0, alpha, 1)
    to_army(st, 0, "Hempo")
    to_army(st, 0, "Orgah")
    assert not can_place(st, 0, alpha, 1)  # would make 3 heroes for 2 soldiers


def test_GX_5_7_immortal_same_column_as_clan_soldier_and_hero():
    st = make_state()
    gs = to_hand(st, 0, "Goan Sul")
    to_army(st, 0, "Bun To")
    to_army(st, 0, "Kan Te")
    to_army(st, 0, "Lava Goddesses")
    to_army(st, 0, "Alpha")
    assert not can_place(st, 0, gs, 2)  # column 0 holds Golem cards
    row0, row1 = st.p[0].rows[0], st.p[0].rows[1]
    row0[0], row0[1] = row0[1], row0[0]
    row1[0], row1[1] = row1[1], row1[0]
    assert can_place(st, 0, gs, 2)


def test_GX_5_10_recruiter_makes_next_soldier_free():
    """GX-12.2: a recruiter makes the card played to its right free."""
    st = make_state()
    to_army(st, 0, "Boul Go")  # Golem recruiter
    lava = to_hand(st, 0, "Lava Goddesses")
    assert play_cost(st, 0, lava, 0) == 0


def test_GX_12_23_miracle_token_taken_on_entry_and_discounts_cost():
    """GX-Q.20: the discount is an option of the player's own play action."""
    st = make_state()
    bun = to_hand(st, 0, "Bun To")
    do_action(st, 0, ("play", bun.uid, 0, False, False, 0))
    assert st.miracle == 0
    for c in list(st.p[0].hand):  # Bun To's reveal may have kept cards: start from an empty hand
        st.p[0].hand.remove(c)
        c.zone = "deck"
        st.p[0].deck.append(c)
    lava = to_hand(st, 0, "Lava Goddesses")
    fill_hand(st, 0, 1, level=3)
    opts = [a for a in plays(legal_actions(st, 0)) if a[1] == lava.uid]
    assert opts == [("play", lava.uid, 0, True, False, 1)]
    extra = fill_hand(st, 0, 1, level=3)
    both = [a for a in plays(legal_actions(st, 0)) if a[1] == lava.uid]
    assert both == [("play", lava.uid, 0, False, False, 2), ("play", lava.uid, 0, True, False, 1)]  # optional
    st.p[0].hand.remove(extra[0])
    extra[0].zone = "deck"
    st.p[0].deck.append(extra[0])
    before = len(st.p[0].discard)
    do_action(st, 0, opts[0])
    assert st.miracle == -1 and len(st.p[0].discard) == before + 1


# -- GX-6 replacement ------------------------------------------------------------------------------------------
def test_GX_6_3_replacement_cost_reduced_by_tokens_and_GX_6_8_tokens_to_spent():
    """GX-6.2: only the same-level card in hand is offered."""
    st = make_state()
    smook = to_army(st, 0, "Smook Spirits")  # cost 2
    new = to_hand(st, 0, "Lava Goddesses")
    reps = [a for a in legal_actions(st, 0) if a[0] == "replace"]
    assert not reps  # cost 2, no other cards
    smook.tokens, smook.vet = 1, 1
    st.p[0].t_hand -= 1
    fill_hand(st, 0, 1, level=3)
    reps = [a for a in legal_actions(st, 0) if a[0] == "replace"]
    assert reps == [("replace", smook.uid, False, 1)]
    assert replacements(st, 0, smook, 1) == [new.uid]
    do_action(st, 0, reps[0])
    assert st.p[0].rows[0] == [new] and smook.zone == DISCARD and st.p[0].t_spent == 1
    check_invariants(st)


def test_GX_6_6_no_identical_replacement_and_GX_6_7_captured_not_replaceable():
    st = make_state()
    lava = to_army(st, 0, "Lava Goddesses")
    to_hand(st, 0, "Lava Goddesses")
    fill_hand(st, 0, 3, level=3)
    assert not [a for a in legal_actions(st, 0) if a[0] == "replace"]
    to_hand(st, 0, "Smook Spirits")
    assert [a for a in legal_actions(st, 0) if a[0] == "replace"]
    lava.face_up = False
    assert not [a for a in legal_actions(st, 0) if a[0] == "replace"]


def test_GX_6_9_castling_takes_the_new_card_from_the_discard():
    st = make_state(("Abhilasha", "Golem", "Phoenix"), ("Themis", "Xian", "Tomorrow"))
    rc = to_army(st, 0, "Red Circle")  # castling, cost 1
    ap = to_discard(st, 0, "Apostles of the Night")
    fill_hand(st, 0, 1, level=3)
    reps = [a for a in legal_actions(st, 0) if a[0] == "replace" and a[1] == rc.uid]
    assert reps and ap.uid in replacements(st, 0, rc, 1)
    script(st, 0, ap.uid)
    do_action(st, 0, reps[0])
    assert st.p[0].rows[0] == [ap] and rc.zone == DISCARD and not st.p[0].hand


def test_GX_6_11_phoenix_immortal_replaced_only_by_its_rows_level():
    st = make_state()
    to_army(st, 0, "Arpia")
    pim = to_army(st, 0, "Phoenix (Immortal)", row=0)
    to_hand(st, 0, "Kaez")  # a hero
    to_hand(st, 0, "Muraena")  # a soldier
    fill_hand(st, 0, 2, level=3)
    assert [a for a in legal_actions(st, 0) if a[0] == "replace" and a[1] == pim.uid]
    assert {st.cards[u].d.name for u in replacements(st, 0, pim, 1)} == {"Muraena"}


# -- GX-7 tokens --------------------------------------------------------------------------------------------
def test_GX_7_2_draw_with_tokens():
    st = make_state()
    do_action(st, 0, ("draw3",))
    assert len(st.p[0].hand) == 3 and st.p[0].t_hand == 0 and st.p[0].t_spent == 2
    st2 = make_state()
    do_action(st2, 0, ("draw1",))
    assert len(st2.p[0].hand) == 1 and st2.p[0].t_spent == 1


def test_GX_7_3_tokens_limited_by_activation_symbols():
    st = make_state()
    smook = to_army(st, 0, "Smook Spirits")  # 1 symbol
    assert ("activate", smook.uid) in legal_actions(st, 0)
    do_action(st, 0, ("activate", smook.uid))
    assert smook.tokens == 1
    assert ("activate", smook.uid) not in legal_actions(st, 0)
    lava = to_army(st, 0, "Lava Goddesses")  # 0 symbols
    assert ("activate", lava.uid) not in legal_actions(st, 0)


def test_GX_7_7_unlock_then_fifth_token_wins():
    st = make_state()
    zones.unlock(st, 0, "test")
    zones.unlock(st, 0, "test")
    assert st.p[0].t_locked == 0 and st.x_value(0) == 4 and st.p[0].t_hand == 4
    with pytest.raises(GameOver) as over:
        zones.unlock(st, 0, "test")
    assert over.value.winners == (0,) and over.value.condition == "fifth_token"


def test_GX_7_9_veteran_token_doubles_combat_value():
    st = make_state()
    smook = to_army(st, 0, "Smook Spirits")
    assert battle_total(st, 0) == 2
    do_action(st, 0, ("activate", smook.uid))
    assert battle_total(st, 0) == 4
    bun = to_army(st, 0, "Bun To")  # not a veteran
    bun.tokens = 1
    assert battle_total(st, 0) == 6


# -- GX-8 passing ---------------------------------------------------------------------------------------------
def test_GX_8_1_no_pass_while_holding_tokens():
    st = make_state()
    assert ("pass",) not in legal_actions(st, 0)
    st.p[0].t_spent, st.p[0].t_hand = 2, 0
    assert ("pass",) in legal_actions(st, 0)


def _pass_all(st, seat):
    st.p[seat].t_spent, st.p[seat].t_hand = st.p[seat].t_hand, 0


def test_GX_8_2_opponent_gets_three_turns_after_a_pass():
    """GX-4.2 / GX-8.5 / GX-Q.7: the passed player takes no more turns; the battle follows the 3rd turn."""
    st = make_state(("Goan Sul", "Golem", "Phoenix"), ("Themis", "Xian", "Abhilasha"))
    _pass_all(st, 0)
    script(st, 0, ("pass",))
    # seat 1 has tokens: draws, draws, then must pass or draw — 3 turns in all
    play_round(st, 0)
    turns = [r[2] for r in events(st, "turn_start")]
    assert turns == [0, 1, 1, 1]


def test_GX_8_6_golem_pass_leaves_two_turns():
    st = make_state(("Goan Sul", "Golem", "Phoenix"), ("Themis", "Xian", "Tomorrow"))
    assert "Golem" not in st.undrafted
    to_army(st, 0, "Bun To")
    to_army(st, 0, "Kan Te")
    to_army(st, 0, "Golem")
    _pass_all(st, 0)
    script(st, 0, ("pass",))
    play_round(st, 0)
    assert [r[2] for r in events(st, "turn_start")] == [0, 1, 1]


# -- GX-9 battle -------------------------------------------------------------------------------------------------
def test_GX_9_3_highest_total_wins_superiority():
    st = make_state()
    to_army(st, 0, "Lava Goddesses")
    winner, margin, extra = great_battle(st)
    assert (winner, margin) == (0, 2) and st.p[0].superiority == 1 and st.p[1].superiority == 0


def test_GX_9_4_tie_miracle_holder_wins_else_both_take_a_token():
    st = make_state()
    st.miracle = 1
    assert great_battle(st)[0] == 1
    st2 = make_state()
    assert great_battle(st2)[0] == -1
    assert st2.p[0].superiority == st2.p[1].superiority == 1


def test_GX_9_5_second_token_wins_and_simultaneous_second_tokens_draw():
    st = make_state()
    st.p[0].superiority = 1
    to_army(st, 0, "Lava Goddesses")
    with pytest.raises(GameOver) as over:
        great_battle(st)
    assert over.value.winners == (0,) and over.value.condition == "battle_tokens"
    st2 = make_state()
    st2.p[0].superiority = st2.p[1].superiority = 1
    with pytest.raises(GameOver) as over:
        great_battle(st2)
    assert over.value.winners == (0, 1)


def test_GX_9_7_worked_example_17_to_17_miracle_decides():
    """Maria: Immortal 5 + heroes 6 + soldiers 6 (one veteran doubled); Ilya: heroes 6 + soldiers 8 +
    3 cards in hand under the Phoenix tile (flipped by his Themis) — he holds the miracle token."""
    st = make_state(("Goan Sul", "Golem", "Narasimha"), ("Phoenix", "Themis", "Xian"))
    for name in ("Lava Goddesses", "Smook Spirits"):
        to_army(st, 0, name)
    to_army(st, 0, "Alpha")
    to_army(st, 0, "Hempo")
    to_army(st, 0, "Goan Sul")
    smook = find(st, 0, "Smook Spirits", None) if False else st.p[0].rows[0][1]
    smook.tokens, smook.vet = 1, 1
    st.p[0].t_hand -= 1
    for name in ("Arpia", "Muraena", "Sqeezs", "Timer"):
        to_army(st, 1, name)
    to_army(st, 1, "Kaez")
    to_army(st, 1, "Genious")
    st.p[1].flipped.add("Phoenix")
    fill_hand(st, 1, 3)
    st.miracle = 1
    assert battle_total(st, 0) == 17 and battle_total(st, 1) == 17
    assert great_battle(st)[0] == 1
    bonuses = {(r[2], r[7]) for r in events(st, "battle_bonus")}
    assert bonuses == {(0, "veteran"), (1, "hand"), (1, "tie")}


# -- GX-10 tribute ---------------------------------------------------------------------------------------------
def test_GX_10_2_tribute_half_rounded_up_winner_first_and_GX_10_10_loser_starts():
    """GX-10.3: the other player sacrifices after the winner; GX-10.4: one card at a time."""
    st = make_state(("Themis", "Golem", "Phoenix"), ("Goan Sul", "Xian", "Tomorrow"))
    for name in ("Volantis", "Arrows of Justice", "Petal Faeries", "Great-Shield Atalanta"):
        to_army(st, 0, name)
    for name in ("Elle", "Sati", "Tourach"):
        to_army(st, 0, name)  # winner: 7 cards -> sacrifices 4
    for name in ("3 Wishes", "1000 Faces", "Dancing Dragon", "Aat", "Obeezs", "Wiindz"):
        to_army(st, 1, name)  # 6 cards -> 3
    winner, margin, extra = great_battle(st)
    assert winner == 0
    starter = tribute(st, winner, extra)
    sac = events(st, "sacrifice")
    assert [r[2] for r in sac] == [0] * 4 + [1] * 3
    assert st.p[0].army_size() == 3 and st.p[1].army_size() == 3 and starter == 1
    assert len(st.p[0].hand) == 7 and len(st.p[1].hand) == 7  # GX-10.7
    check_invariants(st)


def test_GX_10_6_goan_sul_winner_by_less_than_10_sacrifices_one_more():
    st = make_state(("Goan Sul", "Golem", "Phoenix"), ("Themis", "Xian", "Abhilasha"))
    assert "Goan Sul" not in st.undrafted
    to_army(st, 0, "Lava Goddesses")
    to_army(st, 0, "Smook Spirits")
    to_army(st, 0, "Alpha")
    to_army(st, 0, "Goan Sul", row=2) if False else None
    st.p[0].flipped.add("Goan Sul")  # tile in force for seat 0 (as if flipped by Themis)
    winner, margin, extra = great_battle(st)
    assert winner == 0 and margin == 7
    tribute(st, winner, extra)
    assert events(st, "tribute")[0][6] == 3  # ceil(3/2) + 1
    assert st.p[0].army_size() == 0


def test_GX_10_8_tokens_return_and_GX_10_9_miracle_back_to_board():
    """GX-Q.10: the token going back to the board is the miracle token."""
    st = make_state()
    smook = to_army(st, 0, "Smook Spirits")
    do_action(st, 0, ("activate", smook.uid))
    do_action(st, 0, ("draw1",))
    st.miracle = 0
    tribute(st, -1, 0)
    assert st.p[0].t_hand == 2 and st.p[0].t_spent == 0 and smook.tokens in (0,) and st.miracle == -1


def test_GX_10_1_tribute_releases_captured_cards_without_effects():
    st = make_state()
    s = to_army(st, 1, "Obeezs")
    s.face_up = False
    tribute(st, 0, 5)
    assert all(c.face_up for c in st.army(1)) and "effect" not in kinds(st)


# -- GX-11 instant wins ------------------------------------------------------------------------------------------
def test_GX_11_1c_fifteen_face_up_cards_win():
    """GX-Q.19: the instant win is checked after an effect on the opponent's action (a release)."""
    st = make_state(("Goan Sul", "Golem", "Phoenix"), ("Themis", "Xian", "Tomorrow"))
    pl = st.p[0]
    for r, level in ((0, 1), (1, 2), (2, 3)):
        cards = [c for c in pl.deck if c.d.level == level and "any_row" not in c.d.passive][:5]
        for c in cards:
            pl.deck.remove(c)
            zones.place_in_army(st, 0, c, r)
    pl.rows[2][-1].face_up = False
    wins.check_instant(st)
    with pytest.raises(GameOver) as over:
        zones.release(st, 1, pl.rows[2][-1])
    assert over.value.condition == "fifteen_cards" and over.value.winners == (0,)


def test_GX_11_1d_goan_sul_win_by_ten():
    """GX-12.4: Goan Sul in the army gives its extra win condition."""
    st = make_state(("Goan Sul", "Golem", "Phoenix"), ("Themis", "Xian", "Tomorrow"))
    to_army(st, 0, "Lava Goddesses")
    to_army(st, 0, "Smook Spirits")
    to_army(st, 0, "Alpha")
    to_army(st, 0, "Hempo")
    to_army(st, 0, "Goan Sul", row=2)
    # column 0 is Goan Sul soldier + hero -> face-up Goan Sul card in force; 2+2+3+3+5 = 15 vs 0
    with pytest.raises(GameOver) as over:
        great_battle(st)
    assert over.value.condition == "goan_sul"


def test_GX_11_1e_themis_third_flip_with_superiority_wins():
    st = make_state(("Themis", "Golem", "Phoenix"), ("Goan Sul", "Xian", "Tomorrow"))
    st.p[0].flipped |= {"Golem", "Phoenix"}
    st.p[0].superiority = 1
    themis = to_army(st, 0, "Themis", row=2)
    from cardlab.simulate.gosu_x.actions import enter_army

    with pytest.raises(GameOver) as over:
        enter_army(st, 0, themis)
    assert over.value.condition == "themis"


# -- GX-12 glossary ---------------------------------------------------------------------------------------------
def test_GX_12_5_draw_reshuffles_discard_when_deck_empty():
    st = make_state()
    pl = st.p[0]
    for c in list(pl.deck)[:-1]:
        pl.deck.remove(c)
        zones.to_discard(st, c)
    assert zones.draw(st, 0, 3) == 3
    assert "reshuffle" in kinds(st) and not pl.discard


def test_GX_12_6_reveal_takes_only_what_the_deck_holds():
    st = make_state(("Golem", "Goan Sul", "Phoenix"))
    shard = to_army(st, 0, "Shard")
    pl = st.p[0]
    keep = pl.deck[-2:]
    for c in pl.deck[:-2]:
        zones.to_discard(st, c)
    pl.deck = keep
    from cardlab.simulate.gosu_x.actions import enter_army

    enter_army(st, 0, shard)
    assert events(st, "reveal")[0][6] == 2 and "reshuffle" not in kinds(st)
    assert len(pl.hand) == 1


def test_GX_12_7_no_extra_turn_during_an_extra_turn():
    st = make_state()
    st.active = 0
    timer = to_army(st, 0, "Timer")
    from cardlab.simulate.gosu_x.actions import enter_army

    st.in_extra = True
    enter_army(st, 0, timer)
    assert not st.extra_pending
    st.in_extra = False
    enter_army(st, 0, timer)
    assert st.extra_pending


def test_GX_12_9_bounty_capture_draws_and_hemro_adds_one():
    st = make_state(("Goan Sul", "Golem", "Phoenix"), ("Xian", "Themis", "Tomorrow"))
    to_army(st, 0, "Lava Goddesses")
    to_army(st, 0, "Hemro, the Bounty Hunter")
    target = to_army(st, 1, "All in One")  # printed bounty
    zones.capture(st, 0, target)
    assert not target.face_up and len(st.p[0].hand) == 2


def test_GX_12_11_release_triggers_nothing_and_GX_12_12_capture_zeroes_value():
    """GX-9.2: a captured card counts 0 in the battle total."""
    st = make_state()
    c = to_army(st, 0, "Bun To")
    zones.capture(st, 1, c)
    assert battle_total(st, 0) == 0 and st.clans(c) == ()
    zones.release(st, 1, c)
    assert c.face_up and "effect" not in kinds(st)


def test_GX_12_13_destroy_only_vulnerable_and_GX_12_15_ward():
    st = make_state()
    a = to_army(st, 1, "Lava Goddesses", row=0) if False else to_army(st, 0, "Lava Goddesses")
    b = to_army(st, 0, "Smook Spirits")
    assert not zones.can_destroy(st, a) and zones.can_destroy(st, b)
    av = to_army(st, 0, "Golem (Avatar)", row=1) if False else None
    st2 = make_state(("Golem", "Goan Sul", "Phoenix"))
    to_army(st2, 0, "Bun To")
    avatar = to_army(st2, 0, "Golem (Avatar)")
    assert not zones.can_capture(st2, avatar) and not zones.can_destroy(st2, avatar)
    assert av is None


def test_GX_12_14_sacrifice_ignores_ward_and_GX_15_6_recomputes_vulnerability():
    st = make_state(("Golem", "Goan Sul", "Phoenix"))
    to_army(st, 0, "Bun To")
    to_army(st, 0, "Kno'Bo")
    avatar = to_army(st, 0, "Golem (Avatar)")
    script(st, 0, lambda d: (d.options.__len__() == 2 and avatar.uid in d.options and avatar.uid) or 0)
    assert zones.sacrifice_one(st, 0) is avatar  # warded, still sacrificed
    zones.sacrifice_one(st, 0)
    zones.sacrifice_one(st, 0)
    assert st.p[0].army_size() == 0


def test_GX_12_16_red_circle_feat_cancels_a_capture():
    """GX-Q.17: Red Circle is a feat used as a reaction, before the capture happens."""
    st = make_state(("Abhilasha", "Golem", "Phoenix"), ("Goan Sul", "Xian", "Themis"))
    rc = to_hand(st, 0, "Red Circle")
    target = to_army(st, 0, "Bun To")
    script(st, 0, True)
    assert not zones.capture(st, 1, target)
    assert target.face_up and rc.zone == DISCARD and events(st, "feat")


def test_GX_12_16_atalanta_feat_cancels_a_token_activation():
    st = make_state(("Goan Sul", "Golem", "Phoenix"), ("Themis", "Xian", "Tomorrow"))
    to_hand(st, 1, "Great-Shield Atalanta")
    muraena = to_army(st, 0, "Muraena")
    script(st, 1, True)
    do_action(st, 0, ("activate", muraena.uid))
    assert muraena.tokens == 1 and not st.p[0].hand and events(st, "feat")


def test_GX_12_25_echo_applies_the_effect_twice_on_placement_only():
    st = make_state(("Tomorrow", "Golem", "Phoenix"), ("Themis", "Xian", "Goan Sul"))
    ob = to_hand(st, 0, "Obeezs")
    do_action(st, 0, ("play", ob.uid, 0, False, False, 0))
    assert len(events(st, "effect")) == 2 and "echo" in kinds(st)
    check_invariants(st)


def test_GX_12_28_multi_clan_card_satisfies_clan_checks():
    st = make_state(("Xian", "Golem", "Phoenix"), ("Themis", "Abhilasha", "Tomorrow"))
    to_army(st, 0, "All in One")
    kan = to_hand(st, 0, "Kan Te")  # a Golem hero
    assert can_place(st, 0, kan, 1)
    arpia = to_hand(st, 0, "Arpia")
    assert play_cost(st, 0, arpia, 0) == 0


def test_GX_12_29_swap_in_any_row():
    st = make_state()
    a = to_army(st, 1, "3 Wishes")
    b = to_army(st, 1, "1000 Faces")
    c = to_army(st, 1, "Aat")
    guard = to_army(st, 0, "Demon Guardians")
    from cardlab.simulate.gosu_x.actions import enter_army

    script(st, 0, (1, 0, 0, 2))  # swap opponent's row 0 positions 0 and 2, then destroy
    enter_army(st, 0, guard)
    assert st.p[1].rows[0][0] is c and st.p[1].rows[0][2] in (a,) or a.zone == DISCARD
    assert b.zone == "army"


def test_GX_13_2_phoenix_card_and_tile_stack():
    """GX-15.5: token and card effects of one Immortal add up (+1, then +2 per card in hand)."""
    st = make_state(("Phoenix", "Golem", "Goan Sul"), ("Themis", "Xian", "Tomorrow"))
    to_army(st, 0, "Arpia")
    to_army(st, 0, "Kaez")
    to_army(st, 0, "Phoenix")
    fill_hand(st, 0, 3)
    base = 2 + 3 + 5
    assert battle_total(st, 0) == base + 3
    st.p[0].flipped.add("Phoenix")
    assert battle_total(st, 0) == base + 6


def test_GX_13_4_themis_tile_wards_the_highest_vulnerable_card():
    st = make_state(("Goan Sul", "Golem", "Phoenix"), ("Xian", "Narasimha", "Tomorrow"))
    assert "Themis" in st.undrafted
    a = to_army(st, 0, "Lava Goddesses")
    b = to_army(st, 0, "Smook Spirits")
    h = to_army(st, 0, "Alpha")
    assert st.ward_card(0) is h and not zones.can_capture(st, h) and zones.can_capture(st, b)
    assert zones.can_capture(st, a)


def test_GX_13_5_xian_makes_immortals_belong_to_all_clans():
    st = make_state(("Xian", "Golem", "Phoenix"), ("Themis", "Abhilasha", "Tomorrow"))
    golem = find(st, 0, "Golem")
    assert st.clans(golem) == ("Golem",)
    st.p[0].flipped.add("Xian")
    assert set(st.clans(golem)) == {"Xian", "Golem", "Phoenix"}


def test_GX_7_4_returned_token_from_a_card_frees_its_symbol():
    st = make_state()
    smook = to_army(st, 0, "Smook Spirits")
    do_action(st, 0, ("activate", smook.uid))
    do_action(st, 0, ("draw1",))
    assert st.p[0].t_hand == 0 and ("activate", smook.uid) not in legal_actions(st, 0)
    zones.return_spent(st, 0, 2)  # spent zone first, then the card
    assert st.p[0].t_hand == 2 and smook.tokens == 0 and smook.vet == 0
    assert ("activate", smook.uid) in legal_actions(st, 0)


def test_GX_7_6_tokens_on_a_captured_or_destroyed_card_go_to_spent():
    st = make_state()
    to_army(st, 0, "Lava Goddesses")
    smook = to_army(st, 0, "Smook Spirits")
    do_action(st, 0, ("activate", smook.uid))
    zones.capture(st, 1, smook)
    assert smook.tokens == 0 and st.p[0].t_spent == 1
    check_invariants(st)


def test_GX_8_3_extra_turns_count_toward_the_three_after_a_pass():
    st = make_state(("Phoenix", "Golem", "Goan Sul"), ("Themis", "Xian", "Abhilasha"))
    st.p[1].t_spent, st.p[1].t_hand = 2, 0
    timer = to_hand(st, 0, "Timer")
    script(st, 1, ("pass",))
    script(st, 0, ("play", timer.uid, 0, False, False, 0), ("draw1",), ("draw1",))
    play_round(st, 1)  # seat 1 passes; seat 0: Timer (extra turn) + 2 more = 3 turns in all
    assert timer.zone == "army"
    assert [r[2] for r in events(st, "turn_start")] == [1, 0, 0, 0]
    assert [r[7] for r in events(st, "turn_start")][2] == "extra"


def test_GX_10_5_tie_random_sacrifice_order_and_second_sacrificer_starts():
    firsts = set()
    for seed in range(12):
        st = make_state(seed=seed)
        to_army(st, 0, "Lava Goddesses")
        to_army(st, 1, "3 Wishes")
        winner, margin, extra = great_battle(st)
        assert winner == -1
        starter = tribute(st, winner, extra)
        order = [r[2] for r in events(st, "tribute")]
        assert starter == order[1]
        firsts.add(order[0])
    assert firsts == {0, 1}


def test_GX_12_10_same_name_groups_for_name_effects():
    """GX-1.7: Alpha and Alpha (Dead) are different cards sharing a name."""
    st = make_state(("Tomorrow", "Goan Sul", "Abhilasha"), ("Themis", "Xian", "Golem"))
    a1 = to_discard(st, 0, "Alpha")
    a2 = to_discard(st, 0, "Alpha (Dead)")
    seekers = to_army(st, 0, "Spoils Seekers")
    from cardlab.simulate.gosu_x.actions import enter_army

    script(st, 0, "Alpha")
    enter_army(st, 0, seekers)
    assert a1.zone == HAND and a2.zone == HAND


def test_GX_12_19_removed_cards_can_come_back_with_kaez():
    st = make_state(("Phoenix", "Golem", "Goan Sul"), ("Themis", "Xian", "Tomorrow"))
    ph = to_discard(st, 0, "Phoenix")
    zones.remove_from_discard(st, 1, ph)
    assert ph.zone == "removed" and ph in st.p[0].removed
    kaez = to_army(st, 0, "Arpia") and to_army(st, 0, "Kaez")
    from cardlab.simulate.gosu_x.actions import enter_army

    enter_army(st, 0, kaez)
    assert ph.zone == HAND


def test_sqeezs_one_to_hand_one_on_top_one_to_the_bottom():
    st = make_state(("Phoenix", "Golem", "Goan Sul"), ("Themis", "Xian", "Tomorrow"))
    sq = to_army(st, 0, "Sqeezs")
    deck = st.p[0].deck
    top3 = deck[-3:]
    from cardlab.simulate.gosu_x.actions import enter_army

    script(st, 0, top3[0].uid, top3[1].uid)
    enter_army(st, 0, sq)
    assert top3[0].zone == HAND and deck[-1] is top3[1] and deck[0] is top3[2]


def test_GX_13_7_flipped_tiles_apply_to_their_owner_and_narasimha_to_both():
    """GX-12.22: a tile Themis turns over applies to its owner (Narasimha's to both)."""
    st = make_state(("Themis", "Narasimha", "Phoenix"), ("Goan Sul", "Xian", "Golem"))
    assert st.hand_limit(0) == 7 and st.hand_limit(1) == 7
    st.p[0].flipped.add("Phoenix")
    assert st.tile_on(0, "Phoenix") and not st.tile_on(1, "Phoenix")
    st.p[0].flipped.add("Narasimha")
    assert st.hand_limit(0) == 5 and st.hand_limit(1) == 5


def test_GX_Q_16_a_banned_name_cannot_be_castled_from_the_discard():
    st = make_state(("Abhilasha", "Golem", "Phoenix"), ("Themis", "Xian", "Tomorrow"))
    rc = to_army(st, 0, "Red Circle")
    ap = to_discard(st, 0, "Apostles of the Night")
    fill_hand(st, 0, 1, level=3)
    assert ap.uid in replacements(st, 0, rc, 1)
    st.p[0].bans["Apostles of the Night"] = 5
    assert ap.uid not in replacements(st, 0, rc, 1)
    assert not [a for a in legal_actions(st, 0) if a[0] == "replace"]
