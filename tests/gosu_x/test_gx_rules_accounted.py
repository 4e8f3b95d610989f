"""Rule scenarios for GX rules no other test cited (issue 15: every rule accounted for)."""

from __future__ import annotations

from collections import Counter

from cardlab.simulate.core import Players
from cardlab.simulate.core.testing import ScriptedPlayer
from cardlab.simulate.gosu_x import make_config, zones
from cardlab.simulate.gosu_x.actions import can_place, do_action, legal_actions, play_cost
from cardlab.simulate.gosu_x.battle import tribute
from cardlab.simulate.gosu_x.cards import load_cards
from cardlab.simulate.gosu_x.engine import play
from cardlab.simulate.gosu_x.scenario import (
    check_invariants,
    events,
    fill_hand,
    kinds,
    make_state,
    to_army,
    to_hand,
)  # fmt: skip
from cardlab.simulate.gosu_x.state import DISCARD, TOKENS_TOTAL


def test_GX_1_4_every_clan_is_eight_soldiers_five_heroes_two_immortals():
    """Four soldiers two copies each, five different heroes, two Immortals — in each of the 8 clans."""
    defs = load_cards(make_config(2, 400).cards_path)
    assert len(defs) == 8  # GX-1.2: the bundled files hold the 8 clans
    for clan in defs:
        cards = defs[clan]
        soldiers = [d for d in cards if d.level == 1]
        assert sorted(d.copies for d in soldiers) == [2, 2, 2, 2], clan
        assert [d.copies for d in cards if d.level == 2] == [1] * 5, clan
        assert [d.copies for d in cards if d.level == 3] == [1, 1], clan


def test_GX_2_3_GX_7_1_GX_7_8_two_tokens_in_hand_two_locked_value_two():
    """Each player starts with 2 tokens in hand and 2 locked (GX-Q.1): X = 2; every token is in one of
    the four places (GX-7.1) and there are 8 in all (GX-1.1); an unlock makes X = 3."""
    st = make_state()
    for seat in (0, 1):
        pl = st.p[seat]
        assert (pl.t_hand, pl.t_locked, pl.t_spent, pl.tokens_on_cards()) == (2, 2, 0, 0)
        assert st.x_value(seat) == 2
    smook = to_army(st, 0, "Smook Spirits")
    do_action(st, 0, ("activate", smook.uid))
    do_action(st, 0, ("draw1",))
    pl = st.p[0]
    assert (pl.t_hand, pl.tokens_on_cards(), pl.t_spent, pl.t_locked) == (0, 1, 1, 2)
    assert st.x_value(0) == 2  # tokens on cards and spent still count
    zones.unlock(st, 0, "test")
    assert pl.t_locked == 1 and pl.t_hand == 1 and st.x_value(0) == 3
    in_all = sum(p.t_hand + p.t_locked + p.t_spent + p.tokens_on_cards() for p in st.p)
    assert in_all == TOKENS_TOTAL == 8
    check_invariants(st)


def test_GX_2_4_GX_Q_2_random_first_drafter_takes_the_first_turn():
    """The first player is drawn at random (both seats happen over seeds) and takes the first turn."""
    firsts = set()
    for seed in range(12):
        r = play(make_config(2, 400), seed, Players([ScriptedPlayer(0), ScriptedPlayer(1)]))
        picks = [row for row in r.events.rows if row[3] == "draft_pick"]
        turns = [row for row in r.events.rows if row[3] == "turn_start"]
        assert picks[0][2] == turns[0][2]
        firsts.add(picks[0][2])
    assert firsts == {0, 1}


def test_GX_2_8_only_the_drafted_clans_are_in_the_decks():
    st = make_state(("Goan Sul", "Golem", "Phoenix"), ("Themis", "Xian", "Tomorrow"))
    for seat, clans in ((0, {"Goan Sul", "Golem", "Phoenix"}), (1, {"Themis", "Xian", "Tomorrow"})):
        assert {c.d.clan for c in st.p[seat].deck} == clans
    assert set(st.undrafted) == {"Abhilasha", "Narasimha"}


def test_GX_3_1_five_places_per_row():
    """A row holds five cards: a sixth soldier has no place."""
    st = make_state()
    names = ["Lava Goddesses", "Lava Goddesses", "Smook Spirits", "Smook Spirits", "Bun To"]
    for name in names:
        to_army(st, 0, name)
    extra = to_hand(st, 0, "Bun To")
    assert len(st.p[0].rows[0]) == 5 and not can_place(st, 0, extra, 0)


def test_GX_3_7_a_card_may_be_placed_above_a_captured_card():
    """The captured soldier keeps its place; a hero goes above it (another face-up soldier of its clan)."""
    st = make_state()
    captured = to_army(st, 0, "Lava Goddesses", face_up=False)
    to_army(st, 0, "Smook Spirits")
    alpha = to_hand(st, 0, "Alpha")
    assert st.p[0].rows[0][0] is captured and st.col(captured) == 0
    assert can_place(st, 0, alpha, 1)
    do_action(st, 0, ("play", alpha.uid, 1, False, False, 0))
    assert st.col(alpha) == 0 and st.p[0].rows[0][0] is captured


def test_GX_Q_8_captured_soldiers_count_in_number_but_not_for_their_clan():
    """A captured soldier counts toward "no more heroes than soldiers" but is no soldier of a clan."""
    st = make_state()
    to_army(st, 0, "Lava Goddesses", face_up=False)
    alpha = to_hand(st, 0, "Alpha")
    assert not can_place(st, 0, alpha, 1)  # the only Goan Sul soldier is captured: no clan
    to_army(st, 0, "Smook Spirits")
    to_army(st, 0, "Hempo")
    assert can_place(st, 0, alpha, 1)  # 2 heroes for 2 soldiers, one of them captured


def test_GX_5_8_cards_stay_when_their_clan_soldier_is_gone():
    st = make_state()
    to_army(st, 0, "Lava Goddesses")
    soldier = to_army(st, 0, "Smook Spirits")
    hero = to_army(st, 0, "Alpha")
    assert zones.destroy(st, 1, soldier)
    assert st.p[0].rows[1] == [hero] and hero.face_up


def test_GX_Q_3_heroes_and_immortals_cost_no_discard():
    st = make_state()
    to_army(st, 0, "Lava Goddesses")
    alpha = to_hand(st, 0, "Alpha")
    assert play_cost(st, 0, alpha, 1) == 0
    assert [a[5] for a in legal_actions(st, 0) if a[0] == "play" and a[1] == alpha.uid] == [0]
    to_hand(st, 0, "Hempo")
    st.p[0].hand.remove(alpha)
    alpha.zone = "deck"
    st.p[0].deck.append(alpha)
    to_army(st, 0, "Alpha")
    goan = to_hand(st, 0, "Goan Sul")
    assert play_cost(st, 0, goan, 2) == 0 and can_place(st, 0, goan, 2)
    plays = [a for a in legal_actions(st, 0) if a[0] == "play" and a[1] == goan.uid]
    assert plays and all(a[5] == 0 for a in plays)


def test_GX_6_1_a_card_without_a_replacement_cost_cannot_be_replaced():
    """Golem (Avatar) shows no replacement cost; a level-2 card in hand replaces nothing."""
    st = make_state()
    to_army(st, 0, "Bun To")
    avatar = to_army(st, 0, "Golem (Avatar)")
    to_hand(st, 0, "Shard")
    fill_hand(st, 0, 3, level=3)
    assert not [a for a in legal_actions(st, 0) if a[0] == "replace" and a[1] == avatar.uid]


def test_GX_6_10_a_recruiter_does_not_discount_a_replacement():
    """Smook Spirits (cost 2) right of the recruiter Boul Go still costs 2 discards to replace."""
    st = make_state()
    to_army(st, 0, "Boul Go")
    smook = to_army(st, 0, "Smook Spirits")
    to_hand(st, 0, "Lava Goddesses")
    assert not [a for a in legal_actions(st, 0) if a[0] == "replace" and a[1] == smook.uid]
    fill_hand(st, 0, 2, level=3)
    reps = [a for a in legal_actions(st, 0) if a[0] == "replace" and a[1] == smook.uid]
    assert reps == [("replace", smook.uid, False, 2)]


def test_GX_Q_5_GX_5_2_a_replacing_card_triggers_its_effect():
    """The new card's entry effect happens on replacement, and a played card's effect on placement."""
    st = make_state()
    lava = to_army(st, 0, "Lava Goddesses")  # replacement cost 1
    bun = to_hand(st, 0, "Bun To")  # entry effect: reveal 4
    fill_hand(st, 0, 1, level=3)
    do_action(st, 0, ("replace", lava.uid, False, 1))
    assert st.p[0].rows[0] == [bun] and lava.zone == DISCARD
    assert [r[4] for r in events(st, "effect")][:1] == ["Bun To"]


def test_GX_Q_6_replacing_needs_no_clan_prerequisite():
    """A Goan Sul hero is replaced by a Golem hero although no Golem soldier is in the army."""
    st = make_state()
    to_army(st, 0, "Lava Goddesses")
    alpha = to_army(st, 0, "Alpha")  # replacement cost 2
    shard = to_hand(st, 0, "Shard")
    fill_hand(st, 0, 2, level=3)
    assert not can_place(st, 0, shard, 1)  # playing it would need a Golem soldier
    reps = [a for a in legal_actions(st, 0) if a[0] == "replace" and a[1] == alpha.uid]
    assert reps
    do_action(st, 0, reps[0])
    assert st.p[0].rows[1] == [shard]


def test_GX_7_5_GX_Q_21_a_token_goes_only_on_a_face_up_card_and_is_the_action():
    """No token on a captured card; on a face-up card the token is placed even when its effect finds
    nothing to do (Wiindz with no captured card to release)."""
    st = make_state(("Tomorrow", "Golem", "Phoenix"), ("Themis", "Xian", "Goan Sul"))
    wiindz = to_army(st, 0, "Wiindz")
    wiindz.face_up = False
    assert ("activate", wiindz.uid) not in legal_actions(st, 0)
    wiindz.face_up = True
    do_action(st, 0, ("activate", wiindz.uid))
    assert wiindz.tokens == 1 and st.p[0].t_hand == 1 and "release" not in kinds(st)


def test_GX_7_10_a_token_does_not_trigger_echo():
    """Wiindz has echo: a token applies its effect once (one release of two captured cards), with no echo."""
    st = make_state(("Tomorrow", "Golem", "Phoenix"), ("Themis", "Xian", "Goan Sul"))
    a = to_army(st, 0, "Obeezs", face_up=False)
    b = to_army(st, 0, "Obeezs", face_up=False)
    wiindz = to_army(st, 0, "Wiindz")
    do_action(st, 0, ("activate", wiindz.uid))
    assert [a.face_up, b.face_up].count(True) == 1
    assert "echo" not in kinds(st)


def test_GX_12_17_a_permanent_effect_works_only_face_up():
    """The Narasimha card's hand limit of 5 stops when it is captured."""
    st = make_state(("Narasimha", "Golem", "Phoenix"), ("Xian", "Themis", "Goan Sul"))
    card = to_army(st, 0, "Narasimha", row=2)
    assert st.hand_limit(0) == 5
    card.face_up = False
    assert st.hand_limit(0) == 7


def test_GX_Q_12_draw_up_to_seven_under_a_hand_limit_of_five():
    """With the Narasimha tile in force (limit 5) the Tribute still refills hands to 7."""
    st = make_state()  # Narasimha undrafted: its tile applies to both
    assert st.hand_limit(0) == 5
    tribute(st, -1, 0)
    assert len(st.p[0].hand) == 7 and len(st.p[1].hand) == 7


def test_GX_4_3_GX_4_4_one_action_per_turn_resolved_within_it():
    """Every turn of a game is one action; its effects are done before the next turn starts."""
    r = play(make_config(2, 400), 5, Players([ScriptedPlayer(0), ScriptedPlayer(1)]))
    rows = r.events.rows
    starts = [i for i, row in enumerate(rows) if row[3] == "turn_start"]
    assert len(starts) > 6
    taken = {"card_played", "card_replaced", "token_placed", "token_spent", "pass"}
    per_turn = Counter(row[0] for row in rows if row[3] in taken)  # row[0]: the turn number
    assert sorted(per_turn) == sorted(rows[i][0] for i in starts) and set(per_turn.values()) == {1}


def test_GX_12_18_both_discard_piles_are_open():
    from cardlab.simulate.gosu_x.views import View

    st = make_state()
    theirs = to_hand(st, 1, "Volantis")
    zones.discard_from_hand(st, 1, theirs)
    seen = View(st, 0).card(theirs.uid)
    assert (seen.name, seen.zone, seen.owner) == ("Volantis", "discard", 1) and theirs in st.p[1].discard


def test_GX_9_6_GX_10_11_without_a_second_token_the_tribute_follows_and_the_round_resets():
    """After a battle that decides nothing, the Tribute's sacrifices come before the next round, in which
    both players take turns again (passes and the turn counter reset)."""
    for seed in range(40):
        r = play(make_config(2, 400), seed, Players([ScriptedPlayer(0), ScriptedPlayer(1)]))
        if r.columns["rounds"] >= 2:
            break
    rows = [row for row in r.events.rows if row[3] in {"round_end", "round_start", "sacrifice", "turn_start"}]
    end1 = next(i for i, row in enumerate(rows) if row[3] == "round_end")
    start2 = next(i for i, row in enumerate(rows) if row[3] == "round_start" and row[6] == 2)
    assert end1 < start2 and any(row[3] == "sacrifice" for row in rows[end1:start2])
    round2 = rows[start2 + 1 :]
    end2 = next((i for i, row in enumerate(round2) if row[3] == "round_end"), len(round2))
    assert {row[2] for row in round2[:end2] if row[3] == "turn_start"} == {0, 1}


def test_GX_12_24_a_mandatory_effect_applies_even_against_yourself():
    """Alpha captures a level I/II card: with only its owner's soldier in play, it captures that one."""
    st = make_state()
    lava = to_army(st, 0, "Lava Goddesses")
    alpha = to_hand(st, 0, "Alpha")
    do_action(st, 0, ("play", alpha.uid, 1, False, False, 0))
    assert not lava.face_up and alpha.face_up


def test_GX_5_11_a_card_whose_effect_can_do_nothing_may_be_played():
    """Wiindz releases a captured card in its row or column; with none, it is still played."""
    st = make_state(("Tomorrow", "Golem", "Phoenix"), ("Themis", "Xian", "Goan Sul"))
    wiindz = to_hand(st, 0, "Wiindz")
    assert ("play", wiindz.uid, 0, False, False, 0) in legal_actions(st, 0)
    do_action(st, 0, ("play", wiindz.uid, 0, False, False, 0))
    assert st.p[0].rows[0] == [wiindz] and "release" not in kinds(st)


def test_GX_Q_9_tokens_on_a_sacrificed_card_go_to_the_spent_zone():
    st = make_state()
    smook = to_army(st, 0, "Smook Spirits")
    do_action(st, 0, ("activate", smook.uid))
    assert smook.tokens == 1 and st.p[0].t_spent == 0
    assert zones.sacrifice_one(st, 0) is smook
    assert smook.tokens == 0 and st.p[0].t_spent == 1 and smook.zone == DISCARD
    check_invariants(st)
