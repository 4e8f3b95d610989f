"""Gosu X scenarios written from the original rule document (its glossary and FAQ), for the outcomes the
earlier rule tests did not pin down: the Mistress of Time / Harpy answers, the Bomber with echo, Golem
destroyed after its pass, castling's order of steps, "always" for Phoenix (Immortal), bounty and sacrifice."""

from __future__ import annotations

from cardlab.simulate.gosu_x import zones
from cardlab.simulate.gosu_x.actions import enter_army, legal_actions, replacements
from cardlab.simulate.gosu_x.draft import deal, soldiers_in
from cardlab.simulate.gosu_x.engine import play_round
from cardlab.simulate.gosu_x.scenario import (
    check_invariants,
    events,
    find,
    make_state,
    script,
    to_army,
    to_discard,
    to_hand,
)
from cardlab.simulate.gosu_x.state import ARMY, DISCARD, HAND


def _no_tokens_in_hand(st, seat):
    st.p[seat].t_spent, st.p[seat].t_hand = st.p[seat].t_hand, 0


def _plan(st, seat, kind, pick):
    """Answer every decision of ``kind`` with ``pick(options)`` (None leaves it to the fallback)."""
    st.players_obj.strategies[seat].plans.append(lambda d: pick(d.options) if d.kind == kind else None)


def _play(st, seat, card):
    return next(a for a in legal_actions(st, seat) if a[0] == "play" and a[1] == card.uid)


def _turns(st):
    return [r[2] for r in events(st, "turn_start")]


# -- GX-12.7 extra turns: the Mistress of Time (Timer) and Harpy (Arpia) FAQ ---------------------------------
def test_GX_12_7_timer_joining_arpia_draws_at_once_and_the_extra_turn_follows_the_current_one():
    st = make_state(("Phoenix", "Tomorrow", "Golem"), ("Themis", "Xian", "Goan Sul"))
    to_army(st, 0, "Arpia")
    timer = to_hand(st, 0, "Timer")
    _no_tokens_in_hand(st, 0)
    _no_tokens_in_hand(st, 1)
    script(st, 0, _play(st, 0, timer), ("pass",))
    script(st, 1, ("pass",))
    play_round(st, 0)
    rows = st.log.rows
    kinds = [r[3] for r in rows]
    starts = [i for i, k in enumerate(kinds) if k == "turn_start"]
    draws = [i for i, r in enumerate(rows) if r[3] == "draw" and r[2] == 0]
    assert _turns(st) == [0, 0, 1]
    assert len(draws) == 1 and starts[0] < draws[0] < starts[1]  # drawn during the Timer's own turn
    assert [r[7] for r in events(st, "turn_start")][1] == "extra"


def test_GX_12_7_GX_12_25_an_echoed_timer_beside_arpia_draws_two_but_gives_one_extra_turn():
    """FAQ: Mistress of Time next to an echo granter with Harpy in the army: draw 2 at once, and only one
    extra turn, since no more than one extra turn is taken in a row."""
    st = make_state(("Phoenix", "Tomorrow", "Golem"), ("Themis", "Xian", "Goan Sul"))
    to_army(st, 0, "Arpia")
    to_army(st, 0, "Ne'o")
    to_army(st, 0, "Sha'dow", row=1)  # column 1: above where the Timer goes
    timer = to_hand(st, 0, "Timer")
    _no_tokens_in_hand(st, 0)
    _no_tokens_in_hand(st, 1)
    script(st, 0, _play(st, 0, timer), True, ("pass",))  # True: use the echo
    script(st, 1, ("pass",))
    play_round(st, 0)
    assert timer.row == 0 and st.p[0].rows[0].index(timer) == 1
    assert "echo" in [r[3] for r in events(st, "echo")]
    assert sum(r[6] or 0 for r in events(st, "draw") if r[2] == 0) == 2
    assert _turns(st) == [0, 0, 1]


# -- GX-8.6 the Golem FAQ ---------------------------------------------------------------------------------------
def test_GX_8_6_destroying_golem_after_its_pass_still_leaves_two_turns():
    st = make_state(("Goan Sul", "Golem", "Phoenix"), ("Themis", "Xian", "Tomorrow"))
    to_army(st, 0, "Bun To")
    to_army(st, 0, "Kan Te")
    golem = to_army(st, 0, "Golem")
    _no_tokens_in_hand(st, 0)
    script(st, 0, ("pass",))

    def destroy_golem_then_draw(d):
        if d.kind == "action" and golem.zone == ARMY:
            assert zones.destroy(st, 1, golem)
        return None

    st.players_obj.strategies[1].plans.append(destroy_golem_then_draw)
    play_round(st, 0)
    assert golem.zone == DISCARD
    assert _turns(st) == [0, 1, 1]


# -- GX-6.9 castling: the new card is chosen before the cost is discarded ------------------------------------
def test_GX_6_9_castling_cannot_take_back_the_card_discarded_as_its_cost():
    st = make_state(("Abhilasha", "Golem", "Phoenix"), ("Themis", "Xian", "Tomorrow"))
    rc = to_army(st, 0, "Red Circle")  # castling, replacement cost 1
    only = to_hand(st, 0, "Apostles of the Night")  # the only card in hand; the discard is empty
    assert not st.p[0].discard
    assert not replacements(st, 0, rc, 1)
    assert not [a for a in legal_actions(st, 0) if a[0] == "replace"]
    to_discard(st, 0, "Night Guardians")  # now a soldier waits in the discard: castling may take it
    assert {st.cards[u].d.name for u in replacements(st, 0, rc, 1)} == {"Night Guardians"}
    assert only.zone == HAND


# -- GX-5.7 / GX-12.28 Phoenix (Immortal) ---------------------------------------------------------------------
def test_GX_5_7_phoenix_immortal_cannot_be_both_the_soldier_and_the_hero_for_the_phoenix_immortal():
    st = make_state(("Phoenix", "Golem", "Goan Sul"), ("Themis", "Xian", "Tomorrow"))
    to_army(st, 0, "Phoenix (Immortal)", row=0)
    to_army(st, 0, "Kan Te")  # a Golem hero above it
    head = to_hand(st, 0, "Phoenix")
    assert not [a for a in legal_actions(st, 0) if a[0] == "play" and a[1] == head.uid]


def test_GX_5_7_phoenix_immortal_in_the_hero_row_is_the_phoenix_hero_below_the_clan_head():
    st = make_state(("Phoenix", "Golem", "Goan Sul"), ("Themis", "Xian", "Tomorrow"))
    to_army(st, 0, "Arpia")
    to_army(st, 0, "Phoenix (Immortal)", row=1)
    head = to_hand(st, 0, "Phoenix")
    assert [a[2] for a in legal_actions(st, 0) if a[0] == "play" and a[1] == head.uid] == [2]


def test_GX_12_28_bun_to_takes_a_revealed_phoenix_immortal_as_any_named_level():
    for level in (1, 2, 3):
        st = make_state(("Golem", "Phoenix", "Goan Sul"), ("Themis", "Xian", "Tomorrow"))
        pim = find(st, 0, "Phoenix (Immortal)")
        st.p[0].deck.remove(pim)
        st.p[0].deck.append(pim)  # on top
        bun = to_army(st, 0, "Bun To")
        script(st, 0, level)
        enter_army(st, 0, bun)
        assert pim.zone == HAND, level


def test_GX_12_28_nakshatra_takes_phoenix_immortal_from_the_discard_as_a_level_one_card():
    st = make_state(("Narasimha", "Phoenix", "Goan Sul"), ("Themis", "Xian", "Tomorrow"))
    pim = to_discard(st, 0, "Phoenix (Immortal)")
    _plan(st, 0, "choose_card", lambda opts: pim.uid if pim.uid in opts else None)
    assert not st.p[0].superiority
    nak = to_army(st, 0, "Nakshatra")
    enter_army(st, 0, nak)
    assert pim.zone == HAND


# -- GX-12.25 echo: the Bomber FAQ -----------------------------------------------------------------------------
def test_GX_12_25_an_echoed_bomber_with_superiority_makes_each_player_sacrifice_four_times():
    st = make_state(("Goan Sul", "Tomorrow", "Golem"), ("Themis", "Xian", "Phoenix"))
    st.p[0].superiority = 1
    to_army(st, 0, "Lava Goddesses")
    to_army(st, 0, "Ne'o", row=1)
    to_army(st, 0, "Sha'dow", row=1)  # above the Bomber: echo
    bomber = to_army(st, 0, "Bombardment Units")
    to_army(st, 0, "Smook Spirits")
    to_army(st, 0, "Demon Guardians")
    for name in ("3 Wishes", "1000 Faces", "Dancing Dragon", "All in One", "Nio"):
        to_army(st, 1, name, row=0 if name != "Nio" else 1)
    _plan(st, 0, "sacrifice", lambda opts: next(u for u in opts if u != bomber.uid))
    enter_army(st, 0, bomber)
    sac = events(st, "sacrifice")
    assert [r[2] for r in sac].count(0) == 4 and [r[2] for r in sac].count(1) == 4
    assert bomber.zone == ARMY and st.p[1].army_size() == 1
    check_invariants(st)


def test_GX_12_25_an_echoed_bomber_sacrificed_before_its_fourth_application_stops():
    st = make_state(("Goan Sul", "Tomorrow", "Golem"), ("Themis", "Xian", "Phoenix"))
    st.p[0].superiority = 1
    to_army(st, 0, "Lava Goddesses")
    to_army(st, 0, "Ne'o", row=1)
    to_army(st, 0, "Sha'dow", row=1)
    bomber = to_army(st, 0, "Bombardment Units")
    for name in ("3 Wishes", "1000 Faces", "Dancing Dragon", "All in One"):
        to_army(st, 1, name)
    # seat 0 gives up Sha'dow, then Ne'o, then the Bomber itself (third application): no fourth
    _plan(st, 0, "sacrifice", lambda opts: bomber.uid if bomber.uid in opts and len(events(st, "sacrifice")) >= 4
          else next(u for u in opts if u != bomber.uid))  # fmt: skip
    enter_army(st, 0, bomber)
    assert bomber.zone == DISCARD
    assert [r[2] for r in events(st, "sacrifice")].count(1) == 3


# -- GX-12.9 / GX-12.14 bounty comes with capture or destruction, not with a sacrifice ---------------------------
def test_GX_12_9_petal_faeries_capture_a_bounty_immortal_and_draw():
    """She Rift FAQ: a bounty Immortal can be captured with the Flower Fairy, and the capturer draws."""
    st = make_state(("Themis", "Golem", "Phoenix"), ("Tomorrow", "Xian", "Goan Sul"))
    bhj = to_army(st, 1, "Byeon Hyeon Ja (Tomorrow)", row=0)  # printed bounty
    fairy = to_army(st, 0, "Petal Faeries")
    enter_army(st, 0, fairy)
    assert not bhj.face_up and len(st.p[0].hand) == 1


def test_GX_12_14_a_sacrificed_bounty_card_gives_no_draw():
    st = make_state(("Goan Sul", "Golem", "Phoenix"), ("Tomorrow", "Xian", "Themis"))
    seekers = to_army(st, 1, "Spoils Seekers")  # printed bounty, the opponent's only card
    to_army(st, 0, "Lava Goddesses")
    bomber = to_army(st, 0, "Bombardment Units")
    enter_army(st, 0, bomber)
    assert seekers.zone == DISCARD and bomber.zone == DISCARD
    assert not st.p[0].hand


def test_GX_12_14_a_captured_vulnerable_card_may_be_sacrificed():
    st = make_state()
    to_army(st, 0, "Lava Goddesses")
    cap = to_army(st, 0, "Smook Spirits")
    assert zones.capture(st, 1, cap)
    assert zones.sacrifice_one(st, 0, "test") is cap
    assert cap.zone == DISCARD and cap.face_up
    check_invariants(st)


# -- GX-14 the Djinn (Genious) FAQ -------------------------------------------------------------------------------
def test_GX_14_genious_may_name_a_clan_absent_from_the_discard_and_only_its_player_draws_two():
    st = make_state(("Phoenix", "Golem", "Goan Sul"), ("Tomorrow", "Xian", "Themis"))
    to_discard(st, 0, "Bun To")  # a Golem card only
    genie = to_army(st, 0, "Genious")
    script(st, 0, (0, 1), "Goan Sul")  # order, then a clan not in the discard: allowed (unlike Orgah)
    enter_army(st, 0, genie)
    asked = [d for d in st.players_obj.strategies[0].asked if d.kind == "choose_clan"]
    assert list(asked[0].options) == ["Phoenix", "Golem", "Goan Sul"]
    assert len(st.p[0].hand) == 2 and not st.p[1].hand
    assert [c.d.name for c in st.p[0].discard] == ["Bun To"]


# -- GX-14 the 3 Wishes FAQ ----------------------------------------------------------------------------------
def test_GX_14_three_wishes_names_only_an_allied_clan_and_keeps_multi_clan_cards():
    st = make_state(("Xian", "Golem", "Goan Sul"), ("Tomorrow", "Phoenix", "Themis"))
    top = [find(st, 0, n) for n in ("Shennong", "All in One", "Bun To", "Lava Goddesses")]
    for c in top:
        st.p[0].deck.remove(c)
        st.p[0].deck.append(c)
    wishes = to_army(st, 0, "3 Wishes")
    script(st, 0, "Golem")
    enter_army(st, 0, wishes)
    asked = [d for d in st.players_obj.strategies[0].asked if d.kind == "choose_clan"]
    assert sorted(asked[0].options) == ["Goan Sul", "Golem", "Xian"]
    assert sorted(c.d.name for c in st.p[0].hand) == ["All in One", "Bun To", "Shennong"]
    assert [c.d.name for c in st.p[0].discard] == ["Lava Goddesses"]


# -- GX-7.4 a returned token comes from the spent zone or from a card, as its owner chooses ---------------------
def _veteran_with_token_and_one_spent(st):
    vet = to_army(st, 0, "Smook Spirits")  # veteran, one activation symbol
    vet.tokens = vet.vet = 1
    st.p[0].t_hand, st.p[0].t_spent = 0, 1
    return vet


def test_GX_7_4_a_returned_token_may_come_off_a_card_whose_effect_can_then_be_activated_again():
    st = make_state(("Themis", "Goan Sul", "Golem"), ("Tomorrow", "Xian", "Phoenix"))
    vet = _veteran_with_token_and_one_spent(st)
    fairy = to_army(st, 0, "Petal Faeries")  # each player takes back one spent token
    script(st, 0, (0, 1), vet.uid)
    enter_army(st, 0, fairy)
    asked = [d for d in st.players_obj.strategies[0].asked if d.kind == "return_token"]
    assert list(asked[0].options) == [zones.SPENT_ZONE, vet.uid]
    assert (vet.tokens, vet.vet, st.p[0].t_hand, st.p[0].t_spent) == (0, 0, 1, 1)  # GX-7.9: no longer doubled
    assert ("activate", vet.uid) in legal_actions(st, 0)
    check_invariants(st)


def test_GX_7_4_the_token_may_come_from_the_spent_zone_instead():
    st = make_state(("Themis", "Goan Sul", "Golem"), ("Tomorrow", "Xian", "Phoenix"))
    vet = _veteran_with_token_and_one_spent(st)
    fairy = to_army(st, 0, "Petal Faeries")
    script(st, 0, (0, 1), zones.SPENT_ZONE)
    enter_army(st, 0, fairy)
    assert (vet.tokens, vet.vet, st.p[0].t_hand, st.p[0].t_spent) == (1, 1, 1, 0)
    assert ("activate", vet.uid) not in legal_actions(st, 0)


# -- the setup mulligan (GX-2.10) and the Abhilasha FAQ -----------------------------------------------------
def _stack(st, seat, soldiers):
    """The deck's top 7 (the end of the list): ``soldiers`` soldiers (level-1 cards), the rest higher."""
    pl = st.p[seat]
    low = [c for c in pl.deck if 1 in st.levels(c)][:soldiers]
    high = [c for c in pl.deck if 1 not in st.levels(c)][: 7 - soldiers]
    for c in low + high:
        pl.deck.remove(c)
    pl.deck.extend(high + low)
    return set(map(id, low + high))


def test_GX_2_10_a_hand_of_two_soldiers_is_kept_and_one_soldier_may_be_redealt():
    """The original: a player whose opening hand holds few soldiers (0 or 1) may show it, shuffle it back and
    draw 7 new cards, while the hand holds fewer than two. With exactly 2 soldiers the redeal is not
    offered (the scripted "mulligan" answer is never read: the 7 top cards stay in hand); with 1 it is."""
    st = make_state()
    top = _stack(st, 0, 2)
    _stack(st, 1, 1)
    script(st, 0, "mulligan")
    script(st, 1, "mulligan", "keep")
    deal(st, 0)
    assert set(map(id, st.p[0].hand)) == top and soldiers_in(st, st.p[0].hand) == 2
    # seat 1 only, once, showing its 1 soldier
    assert [(e[2], e[6]) for e in events(st, "mulligan")] == [(1, 1)]
    assert len(st.p[1].hand) == 7 and len(st.p[1].hand) + len(st.p[1].deck) == 45


def test_GX_14_abhilasha_copies_only_an_instant_effect_never_a_permanent_only_card():
    """The original FAQ (Abhilasha): only an instant effect (white text) of a card in either discard can be
    copied; a card with only a permanent effect (Byeon Hyeon Ja) cannot be chosen, so it cannot be removed
    from the game that way. The choice offered holds the two instant cards only; with only the permanent
    card in the discards nothing is copied and it stays there."""
    for with_instant in (True, False):
        offered: list = []
        st = make_state(("Abhilasha", "Golem", "Phoenix"), ("Goan Sul", "Xian", "Themis"))
        bhj = to_discard(st, 1, "Byeon Hyeon Ja (Goan Sul)")
        inst = (
            {to_discard(st, 1, "Bombardment Units").uid, to_discard(st, 1, "Petal Faeries").uid}
            if with_instant
            else set()
        )
        _plan(st, 0, "choose_target", lambda opts, seen=offered: seen.append(tuple(opts)))
        abh = to_army(st, 0, "Abhilasha", row=0)
        enter_army(st, 0, abh)
        copies = [(e[4], e[5]) for e in events(st, "copy")]
        if with_instant:
            assert [set(o) for o in offered] == [inst] and len(copies) == 1
        else:
            assert not offered and not copies
        assert bhj.zone == DISCARD
