"""Gosu X rule scenarios for edges of the original rulebook that no other test pins exactly (a
rule-by-rule check): the hand limit's chosen discards, a recruiter's reach, the Tribute's refill from a
reshuffled discard, a pass with tokens on cards, a reveal from an empty deck."""

from __future__ import annotations

from cardlab.simulate.gosu_x import scenario as sc
from cardlab.simulate.gosu_x import zones
from cardlab.simulate.gosu_x.actions import do_action, enter_army, legal_actions, play_cost
from cardlab.simulate.gosu_x.battle import tribute
from cardlab.simulate.gosu_x.engine import end_of_turn
from cardlab.simulate.gosu_x.state import DECK, DISCARD, HAND


def test_GX_4_5_the_player_chooses_the_cards_discarded_down_to_the_limit():
    """GX-4.5: when a turn ends, the hand goes down to 7, the player choosing which cards go
    (Narasimha drafted, so its tile's limit of 5 is not in force)."""
    st = sc.make_state(clans1=("Themis", "Xian", "Narasimha"))
    hand = sc.fill_hand(st, 0, 9)
    keep_out = [hand[3], hand[7]]
    sc.script(st, 0, keep_out[0].uid, keep_out[1].uid)
    end_of_turn(st, 0)
    assert [c.zone for c in keep_out] == [DISCARD, DISCARD]
    assert len(st.p[0].hand) == 7 and all(c.zone == HAND for c in hand if c not in keep_out)


def test_GX_12_2_a_recruiter_frees_only_the_card_placed_right_of_it_while_face_up():
    """GX-12.2 / GX-5.4: the soldier played directly right of a recruiter costs no discard; a recruiter
    captured (GX-12.12: no properties) or already covered on its right frees nothing, so a soldier of a
    clan with no face-up soldier costs 2 again."""
    st = sc.make_state()
    sc.to_army(st, 0, "Lava Goddesses")  # Goan Sul: a face-up soldier, not of the new card's clan
    boul = sc.to_army(st, 0, "Boul Go")  # Golem's recruiter, last in the row
    arpia = sc.to_hand(st, 0, "Arpia")  # Phoenix: no Phoenix soldier in the army
    assert play_cost(st, 0, arpia, 0) == 0
    boul.face_up = False
    assert play_cost(st, 0, arpia, 0) == 2
    boul.face_up = True
    sc.to_army(st, 0, "Bun To")  # a Golem soldier now right of the recruiter
    assert play_cost(st, 0, arpia, 0) == 2


def test_GX_10_7_GX_12_5_the_tribute_refill_reshuffles_the_discard_with_the_sacrificed_cards():
    """GX-10.2 then GX-10.7: the sacrifices go to the discard first; drawing up to 7 from an empty deck
    reshuffles the discard (GX-12.5), so the refill may draw the cards just sacrificed."""
    st = sc.make_state()
    pl = st.p[0]
    army = [sc.to_army(st, 0, "Lava Goddesses"), sc.to_army(st, 0, "Smook Spirits")]
    for c in list(pl.deck):
        pl.deck.remove(c)
        zones.to_discard(st, c)
    tribute(st, 0, 0)  # seat 0 won the battle: sacrifices 1 of 2 (rounded up), then refills
    gone = [c for c in army if c.zone != "army"]
    assert len(gone) == 1 and gone[0].zone in (HAND, DECK)
    assert len(pl.hand) == 7 and pl.discard == [] and len(pl.deck) == 45 - 1 - 7
    assert sc.kinds(st).index("sacrifice") < sc.kinds(st).index("reshuffle")
    sc.check_invariants(st)


def test_GX_8_1_a_pass_is_allowed_with_tokens_on_cards_but_none_in_hand():
    """GX-8.1: only tokens in hand forbid passing; tokens placed on cards do not."""
    st = sc.make_state()
    smook = sc.to_army(st, 0, "Smook Spirits")
    do_action(st, 0, ("activate", smook.uid))
    assert ("pass",) not in legal_actions(st, 0)  # one token still in hand
    do_action(st, 0, ("draw1",))
    pl = st.p[0]
    assert (pl.t_hand, pl.tokens_on_cards()) == (0, 1)
    assert ("pass",) in legal_actions(st, 0)


def test_GX_12_6_a_reveal_from_an_empty_deck_reveals_nothing_and_never_reshuffles():
    """GX-12.6: reveal as many as the deck holds — none here — and the discard is not made a deck."""
    st = sc.make_state(("Golem", "Goan Sul", "Phoenix"))
    shard = sc.to_army(st, 0, "Shard")
    pl = st.p[0]
    for c in list(pl.deck):
        pl.deck.remove(c)
        zones.to_discard(st, c)
    enter_army(st, 0, shard)
    assert "reshuffle" not in sc.kinds(st) and pl.deck == [] and pl.hand == [] and len(pl.discard) == 44
    assert [(r[4], r[6]) for r in sc.events(st, "reveal")] == [("Shard", 0)]
