"""Every card's behaviour: each entry effect resolves in a rich position and produces its expected events;
permanent effects, triggers and feats are checked one by one; the card files validate."""

from __future__ import annotations

import contextlib

import pytest

from cardlab.simulate.core.errors import CardDataError
from cardlab.simulate.gosu_x import zones
from cardlab.simulate.gosu_x.actions import do_action, enter_army, legal_actions
from cardlab.simulate.gosu_x.battle import battle_total, card_value, great_battle
from cardlab.simulate.gosu_x.cards import check_cards, load_cards
from cardlab.simulate.gosu_x.engine import end_of_turn
from cardlab.simulate.gosu_x.scenario import (
    check_invariants,
    events,
    find,
    kinds,
    make_state,
    script,
    to_army,
    to_discard,
    to_hand,
)
from cardlab.simulate.gosu_x.state import DECK, DISCARD, REMOVED, GameOver

DEFS = load_cards()
CLANS = tuple(DEFS)
ALL = [d for clan in CLANS for d in DEFS[clan]]

# Event kinds each entry effect must produce in the standard position (see _position).
EXPECT = {
    "Arrows of Justice": {"look_hand", "ban"},
    "Petal Faeries": {"token_returned", "capture"},
    "Volantis": {"sacrifice"},
    "Elle": {"search"},
    "Quae": {"sacrifice"},
    "Sati": {"draw"},
    "Themis": {"tile_flip"},
    "Apostles of the Night": {"capture"},
    "Dark Cultists": {"copy"},
    "Alpha (Dead)": {"token_returned", "capture"},
    "Ashes": {"take"},
    "Cylak": {"capture"},
    "Ecnalab": {"discard"},
    "Solok": {"capture"},
    "Abhilasha": {"copy", "remove"},
    "Spoils Seekers": {"take"},
    "Obeezs": {"draw", "discard"},
    "Wiindz": {"release"},
    "EZ": {"remove", "draw"},
    "Fre'e": {"release", "copy"},
    "Ne'o": {"draw", "discard"},
    "Tomorrow": {"draw"},
    "Nakshatra": {"mill", "take"},
    "Navaj": {"take"},
    "Nikhilesh": {"draw"},
    "Nitish": {"discard", "capture"},
    "Nachiketa": {"discard"},
    "Nalin": {"mill"},
    "Narasimha (Lion)": {"discard"},
    "Niranjan": {"sacrifice"},
    "Nityananda": {"extra_turn"},
    "Narasimha": {"mill", "take"},
    "Bun To": {"reveal"},
    "Kno'Bo": {"draw"},
    "Un'Go": {"to_deck"},
    "Kan Te": {"release"},
    "Ree Ab": {"take", "draw"},
    "Shard": {"reveal", "take"},
    "She Rift": {"bounty_token"},
    "Golem": {"to_deck"},
    "Arpia": {"draw"},
    "Muraena": {"draw"},
    "Sqeezs": {"reveal"},
    "Timer": {"extra_turn"},
    "Fenghuang": {"search"},
    "Genious": {"shuffle_in", "draw"},
    "Kaez": {"take"},
    "Phoenix": {"extra_turn"},
    "Lava Goddesses": {"capture"},
    "Smook Spirits": {"take"},
    "Demon Guardians": {"destroy"},
    "Bombardment Units": {"sacrifice"},
    "Alpha": {"capture"},
    "Hempo": {"destroy"},
    "Orgah": {"remove"},
    "Smook": {"take"},
    "Goan Sul": {"destroy"},
    "3 Wishes": {"reveal"},
    "1000 Faces": {"draw"},
    "Dancing Dragon": {"copy"},
    "Dalisteer": {"draw"},
    "Nio": {"copy", "capture"},
    "Pangu": {"capture"},
    "Valeen": {"copy"},
    "Xian": {"copy"},
    "Tourach": set(),  # the opponent's hand is not larger in the standard position (see its own test)
}


def _others(clan: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    rest = [c for c in CLANS if c != clan]
    return (clan, rest[0], rest[1]), tuple(rest[2:5])


def _aim_at_opponent(decision):
    """Default answers for the effect tests: decline feats, hit the other player's cards."""
    if decision.kind == "feat":
        return False
    if decision.kind == "choose_card":
        return next((o for o in decision.options if o), decision.options[0])
    if decision.kind == "choose_target":
        view = decision.view
        for o in decision.options:
            uid = o[1] if isinstance(o, tuple) else o
            card = view.card(uid) if uid else None
            if card is not None and card.owner != decision.seat:
                return o
    return decision.options[0]


def _position(card_name: str, clan: str):
    mine, theirs = _others(clan)
    st = make_state(mine, theirs)
    st.active = 0
    for s in st.players_obj.strategies:
        s.plan = _aim_at_opponent
    for seat in (0, 1):
        pl = st.p[seat]
        picks = {1: 3, 2: 2, 3: 1}
        for level, n in picks.items():
            for c in [
                c
                for c in pl.deck
                if c.d.level == level and c.d.name != card_name and "any_row" not in c.d.passive
            ][:n]:
                pl.deck.remove(c)
                zones.place_in_army(st, seat, c, level - 1)
        for c in [c for c in pl.deck if c.d.name != card_name][:4]:
            pl.deck.remove(c)
            zones.to_discard(st, c)
        for c in [c for c in pl.deck if c.d.name != card_name][: 5 if seat == 0 else 6]:
            pl.deck.remove(c)
            c.zone = "hand"
            pl.hand.append(c)
        pl.t_hand, pl.t_spent = 1, 1
    st.p[0].rows[0][1].face_up = False  # an own captured soldier (Wiindz, Kan Te, Fre'e)
    st.p[1].rows[1][1].face_up = False
    st.bounty = st.p[1].rows[0][0]
    st.p[1].army_size()
    return st


def _extra_setup(st, name: str) -> None:
    """A few cards need one more thing in place."""
    pl = st.p[0]
    if name == "Nitish":
        to_hand(st, 0, "Nikhilesh")
    if name == "Kaez":
        to_discard(st, 0, next(c.d.name for c in pl.deck if c.d.group == "Phoenix"))
    if name == "Navaj":
        to_discard(st, 0, "Nalin")
    if name in ("Smook Spirits", "Smook"):
        to_discard(st, 0, "Alpha")
    if name == "Ree Ab":
        assert pl.discard
    if name == "Volantis":
        to_army(st, 0, [c.d.name for c in pl.deck if c.d.level == 1][0])


@pytest.mark.parametrize("d", [d for d in ALL if d.on_play], ids=lambda d: d.name)
def test_every_entry_effect_resolves(d):
    st = _position(d.name, d.clan)
    _extra_setup(st, d.name)
    card = find(st, 0, d.name, DECK)
    st.p[0].deck.remove(card)
    row = d.level - 1 if "any_row" not in d.passive else 0
    zones.place_in_army(st, 0, card, row)
    with contextlib.suppress(GameOver):
        enter_army(st, 0, card)
    got = set(kinds(st))
    assert "effect" in got
    assert EXPECT.get(d.name, set()) <= got, f"{d.name}: missing {EXPECT[d.name] - got}"
    check_invariants(st)


@pytest.mark.parametrize("d", [d for d in ALL if d.on_play], ids=lambda d: d.name)
def test_every_entry_effect_runs_again_with_an_activation_token_or_copy(d):
    """Token re-activation (GX-7.2c) for cards with symbols, else a copy through Xian (GX-14)."""
    st = _position(d.name, d.clan)
    card = find(st, 0, d.name, DECK)
    st.p[0].deck.remove(card)
    zones.place_in_army(st, 0, card, d.level - 1 if "any_row" not in d.passive else 0)
    try:
        if d.slots:
            do_action(st, 0, ("activate", card.uid))
            assert card.tokens == 1 or card.zone != "army"  # it may have left (e.g. the Bomber)
        else:
            from cardlab.simulate.gosu_x.interpreter import Ctx, resolve_entry

            resolve_entry(st, Ctx(0, card), card)
    except GameOver:
        pass
    assert "effect" in kinds(st)
    check_invariants(st)


def test_all_120_cards_encoded_and_implemented():
    assert len(ALL) == 88 and sum(d.copies for d in ALL) == 120
    not_impl = [d.name for d in ALL if not d.implemented]
    assert not_impl == []


def test_check_cards_summary_and_errors(tmp_path):
    assert check_cards("decklists/gosu_x").startswith("8 files, 8 clans, 88 distinct cards (120 physical)")
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "clan: Golem\ncards:\n  - {name: X, level: 1, copies: 2, replace_cost: 1, slots: 0,\n     on_play: [{drwa: 1}]}\n"
    )
    with pytest.raises(CardDataError, match=r"bad.yaml:\d+ 'X': unknown effect 'drwa' — did you mean 'draw'"):
        check_cards(str(bad))
    bad.write_text("clan: Golem\ncards:\n  - {name: X, level: 4, copies: 2, replace_cost: 1, slots: 0}\n")
    with pytest.raises(CardDataError, match="'X': field 'level' must be at most 3"):
        check_cards(str(bad))
    bad.write_text("clan: Golum\ncards: []\n")
    with pytest.raises(CardDataError, match="did you mean 'Golem'"):
        check_cards(str(bad))


# -- permanent effects, triggers and feats ---------------------------------------------------------------------
def test_golem_avatar_doubles_against_a_bounty_card():
    st = make_state(("Golem", "Goan Sul", "Phoenix"), ("Xian", "Themis", "Tomorrow"))
    to_army(st, 0, "Bun To")
    av = to_army(st, 0, "Golem (Avatar)")
    assert card_value(st, av) == 3
    to_army(st, 1, "All in One")
    assert card_value(st, av) == 6


def test_narasimha_card_sets_hand_limit_5_for_both():
    st = make_state(("Narasimha", "Golem", "Phoenix"), ("Xian", "Themis", "Goan Sul"))
    assert st.hand_limit(1) == 7
    to_army(st, 0, "Narasimha", row=2)
    assert st.hand_limit(0) == 5 and st.hand_limit(1) == 5


def test_nezha_draws_two_on_an_empty_hand():
    st = make_state(("Themis", "Golem", "Phoenix"), ("Xian", "Narasimha", "Goan Sul"))
    to_army(st, 0, "Nezha")
    end_of_turn(st, 0)
    assert len(st.p[0].hand) == 2


def test_night_guardians_captured_makes_the_other_player_discard():
    st = make_state(("Abhilasha", "Golem", "Phoenix"), ("Xian", "Themis", "Goan Sul"))
    ng = to_army(st, 0, "Night Guardians")
    to_hand(st, 1, "Pangu")
    zones.capture(st, 1, ng)
    assert not st.p[1].hand and events(st, "discard")


def test_recruiters_are_night_guardians_boul_go_atalanta():
    names = sorted(d.name for d in ALL if "recruiter" in d.keywords)
    assert names == ["Boul Go", "Great-Shield Atalanta", "Night Guardians"]


def test_boul_go_draw3_gives_an_extra_turn():
    st = make_state(("Golem", "Goan Sul", "Phoenix"), ("Xian", "Themis", "Tomorrow"))
    st.active = 0
    to_army(st, 0, "Boul Go")
    do_action(st, 0, ("draw3",))
    assert st.extra_pending


def test_hemro_draws_an_extra_card_on_enemy_bounty():
    st = make_state(("Goan Sul", "Golem", "Phoenix"), ("Xian", "Themis", "Tomorrow"))
    to_army(st, 0, "Lava Goddesses")
    to_army(st, 0, "Hemro, the Bounty Hunter")
    script(st, 0, False)  # decline the optional bounty draw: Hemro's still happens
    zones.capture(st, 0, to_army(st, 1, "All in One"))
    assert len(st.p[0].hand) == 1


def test_phoenix_eliana_counts_as_arpia_and_timer():
    st = make_state(("Phoenix", "Golem", "Goan Sul"), ("Xian", "Themis", "Tomorrow"))
    st.active = 0
    to_army(st, 0, "Muraena")
    to_army(st, 0, "Phoenix (Eliana)")
    arpia = to_army(st, 0, "Arpia")
    enter_army(st, 0, arpia)
    assert st.extra_pending


def test_phoenix_immortal_any_row_value_by_row_and_ward():
    st = make_state(("Phoenix", "Golem", "Goan Sul"), ("Xian", "Themis", "Tomorrow"))
    pim = to_hand(st, 0, "Phoenix (Immortal)")
    acts = [a for a in legal_actions(st, 0) if a[0] == "play" and a[1] == pim.uid]
    assert [a[2] for a in acts] == [0]
    do_action(st, 0, acts[0])
    assert card_value(st, pim) == 2 and not zones.can_capture(st, pim)


def test_sha_dow_gives_adjacent_cards_echo():
    st = make_state(("Tomorrow", "Golem", "Phoenix"), ("Xian", "Themis", "Goan Sul"))
    to_army(st, 0, "Aat")
    to_army(st, 0, "Spoils Seekers")
    sd = to_army(st, 0, "Sha'dow")
    assert st.has_kw(st.p[0].rows[0][0], "echo") and not st.has_kw(st.p[0].rows[0][1], "echo")
    assert st.has_kw(sd, "ward")


def test_tomorrow_gives_level_three_echo_and_abhilasha_castling():
    st = make_state(("Tomorrow", "Abhilasha", "Phoenix"), ("Xian", "Themis", "Goan Sul"))
    to_army(st, 0, "Obeezs")
    to_army(st, 0, "EZ")
    tm = to_army(st, 0, "Tomorrow")
    assert st.has_kw(tm, "echo")
    ob = st.p[0].rows[0][0]
    assert not st.has_kw(ob, "castling")
    to_army(st, 0, "Red Circle")
    to_army(st, 0, "Solok")
    to_army(st, 0, "Abhilasha")
    assert st.has_kw(ob, "castling")


def test_aat_uses_its_mirror_cards_effect_and_symbols():
    st = make_state(("Tomorrow", "Golem", "Phoenix"), ("Xian", "Themis", "Goan Sul"))
    aat = to_army(st, 0, "Aat")
    assert st.on_play(aat) == () and st.slots(aat) == 0
    to_army(st, 1, "Lava Goddesses")
    assert st.on_play(aat) and st.printed_kw(aat, "veteran")
    to_army(st, 0, "Obeezs")
    st.p[1].rows[0].append(find(st, 1, "Smook Spirits"))


def test_byeon_hyeon_ja_goan_sul_unlocks_on_a_battle_win_and_themis_on_a_loss():
    st = make_state(("Goan Sul", "Golem", "Phoenix"), ("Themis", "Xian", "Tomorrow"))
    to_army(st, 0, "Lava Goddesses")
    to_army(st, 0, "Alpha")
    to_army(st, 0, "Byeon Hyeon Ja (Goan Sul)")
    to_army(st, 1, "Volantis")
    to_army(st, 1, "Elle")
    to_army(st, 1, "Byeon Hyeon Ja (Themis)")
    great_battle(st)  # 10 vs 10: tie, both tokens, no win/loss
    assert st.p[0].unlocks == 0 and st.p[1].unlocks == 0
    st.miracle = 0
    st.p[0].superiority = st.p[1].superiority = 0
    great_battle(st)
    assert st.p[0].unlocks == 1 and st.p[1].unlocks == 1


def test_byeon_hyeon_ja_golem_unlocks_when_passing_first():
    st = make_state(("Golem", "Goan Sul", "Phoenix"), ("Themis", "Xian", "Tomorrow"))
    to_army(st, 0, "Byeon Hyeon Ja (Golem)", row=2)
    st.p[0].t_spent, st.p[0].t_hand = 2, 0
    do_action(st, 0, ("pass",))
    assert st.p[0].unlocks == 1 and st.p[0].t_hand == 1


def test_byeon_hyeon_ja_abhilasha_unlocks_and_releases_three_captured():
    st = make_state(("Abhilasha", "Golem", "Phoenix"), ("Themis", "Xian", "Goan Sul"))
    to_army(st, 0, "Byeon Hyeon Ja (Abhilasha)", row=2)
    for name in ("Lava Goddesses", "Smook Spirits", "Demon Guardians"):
        to_army(st, 1, name, face_up=False)
    end_of_turn(st, 0)
    assert st.p[0].unlocks == 1 and all(c.face_up for c in st.army(1))


def test_byeon_hyeon_ja_phoenix_captures_itself_with_three_phoenixes():
    st = make_state(("Phoenix", "Golem", "Goan Sul"), ("Themis", "Xian", "Tomorrow"))
    to_army(st, 0, "Arpia")
    to_army(st, 0, "Muraena")
    to_army(st, 0, "Phoenix (Immortal)", row=0)
    to_army(st, 0, "Phoenix (Eliana)")
    to_army(st, 0, "Kaez")
    bhj = to_army(st, 0, "Byeon Hyeon Ja (Phoenix)")
    to_army(st, 0, "Phoenix")
    end_of_turn(st, 0)
    assert st.p[0].unlocks == 1 and not bhj.face_up


def test_byeon_hyeon_ja_narasimha_unlocks_on_reshuffle():
    st = make_state(("Narasimha", "Golem", "Phoenix"), ("Themis", "Xian", "Goan Sul"))
    to_army(st, 0, "Byeon Hyeon Ja (Narasimha)", row=2)
    pl = st.p[0]
    for c in list(pl.deck):
        pl.deck.remove(c)
        zones.to_discard(st, c)
    zones.draw(st, 0, 1)
    assert pl.unlocks == 1


def test_byeon_hyeon_ja_tomorrow_brings_ne_ye_back_and_unlocks():
    st = make_state(("Tomorrow", "Golem", "Phoenix"), ("Themis", "Xian", "Goan Sul"))
    to_army(st, 0, "Byeon Hyeon Ja (Tomorrow)", row=2)
    ne = to_discard(st, 0, "Ne'ye")
    zones.remove_from_discard(st, 1, ne)  # the remover (seat 1) draws
    assert len(st.p[1].hand) == 1 and ne.zone == REMOVED
    end_of_turn(st, 0)
    assert ne.zone == DECK and st.p[0].unlocks == 1


def test_byeon_hyeon_ja_xian_discards_five_of_a_clan_to_unlock():
    st = make_state(("Xian", "Golem", "Phoenix"), ("Themis", "Abhilasha", "Goan Sul"))
    to_army(st, 0, "Byeon Hyeon Ja (Xian)", row=2)
    for c in [c for c in st.p[0].deck if c.d.clan == "Golem"][:5]:
        to_hand(st, 0, c.d.name) if c.zone == DECK else None
    script(st, 0, "Golem")
    end_of_turn(st, 0)
    assert st.p[0].unlocks == 1 and len(st.p[0].discard) == 5


def test_tourach_makes_the_opponent_discard_to_your_hand_size():
    st = make_state(("Themis", "Golem", "Phoenix"), ("Xian", "Narasimha", "Goan Sul"))
    t = to_army(st, 0, "Tourach")
    from cardlab.simulate.gosu_x.scenario import fill_hand

    fill_hand(st, 1, 4)
    fill_hand(st, 0, 1)
    enter_army(st, 0, t)
    assert len(st.p[1].hand) == 1


def test_arrows_ban_blocks_playing_that_name_until_the_casters_next_turn_ends():
    st = make_state(("Themis", "Golem", "Phoenix"), ("Goan Sul", "Xian", "Tomorrow"))
    lava = to_hand(st, 1, "Lava Goddesses")
    arrows = to_army(st, 0, "Arrows of Justice")
    enter_army(st, 0, arrows)
    assert not any(a[0] == "play" and a[1] == lava.uid for a in legal_actions(st, 1))
    end_of_turn(st, 0)
    end_of_turn(st, 1)
    assert st.p[1].bans
    end_of_turn(st, 0)
    assert not st.p[1].bans
    assert any(a[0] == "play" and a[1] == lava.uid for a in legal_actions(st, 1))


def test_golem_pass_now_needs_no_tokens_in_hand():
    st = make_state(("Golem", "Goan Sul", "Phoenix"), ("Themis", "Xian", "Tomorrow"))
    st.active = 0
    g = to_army(st, 0, "Golem", row=2)
    foe = to_army(st, 1, "Volantis")
    enter_army(st, 0, g)  # the only target is the opponent's card (GX-14 FAQ: the opponent's army)
    assert not st.p[0].passed and foe.zone == DECK and g.zone == "army"
    to_army(st, 1, "Elle", row=0)
    st.p[0].t_spent, st.p[0].t_hand = 2, 0
    script(st, 0, True)
    enter_army(st, 0, g)
    assert st.p[0].passed and events(st, "pass")[0][6] == 2


def test_bomber_stops_after_sacrificing_itself():
    st = make_state(("Goan Sul", "Golem", "Phoenix"), ("Themis", "Xian", "Tomorrow"))
    st.p[0].superiority = 1
    b = to_army(st, 0, "Bombardment Units")
    to_army(st, 1, "Volantis")
    to_army(st, 1, "Elle")
    enter_army(st, 0, b)
    assert b.zone == DISCARD and len(events(st, "sacrifice")) == 2


def test_red_circle_and_atalanta_are_the_feats():
    assert sorted(d.name for d in ALL if d.feat) == ["Great-Shield Atalanta", "Red Circle"]


def test_battle_total_uses_combat_value_option():
    st = make_state(combat="1,1,1")
    to_army(st, 0, "Lava Goddesses")
    to_army(st, 0, "Alpha")
    assert battle_total(st, 0) == 2


def test_GX_14_quae_four_against_nine_sacrifices_five():
    st = make_state(("Themis", "Golem", "Phoenix"), ("Goan Sul", "Xian", "Tomorrow"))
    for name in ("Volantis", "Arrows of Justice", "Petal Faeries"):
        to_army(st, 0, name)
    quae = to_army(st, 0, "Quae")
    pl = st.p[1]
    for level in (1, 2, 3):
        for c in [c for c in pl.deck if c.d.level == level and "any_row" not in c.d.passive][:3]:
            pl.deck.remove(c)
            zones.place_in_army(st, 1, c, level - 1)
    enter_army(st, 0, quae)
    assert len(events(st, "sacrifice")) == 5 and st.p[1].army_size() == 4


def test_orgah_removal_survives_a_ne_ye_reshuffle():
    """Removing Ne'ye makes the remover draw; an empty deck then reshuffles the discard being removed."""
    st = make_state(("Goan Sul", "Golem", "Phoenix"), ("Tomorrow", "Xian", "Themis"))
    st.active = 0
    pl = st.p[1]
    for c in list(pl.deck):
        pl.deck.remove(c)
        zones.to_discard(st, c)
    to_army(st, 0, "Lava Goddesses")
    orgah = to_army(st, 0, "Orgah", row=1)
    script(st, 1, "Tomorrow")
    enter_army(st, 0, orgah)
    check_invariants(st)


def test_nityananda_extra_turn_may_play_from_the_discard():
    """GX-Q.13: an ordinary one-action extra turn; the card it allows comes from the discard."""
    from cardlab.simulate.gosu_x.engine import play_round

    st = make_state(("Narasimha", "Golem", "Phoenix"), ("Themis", "Xian", "Goan Sul"))
    to_army(st, 0, "Nakshatra")
    nit = to_hand(st, 0, "Nityananda")
    lava = to_discard(st, 0, "Navaj")
    seen = []

    def second_turn(d):
        seen.append(d.options)
        return next(o for o in d.options if o[0] == "play" and o[1] == lava.uid)

    script(st, 0, ("play", nit.uid, 1, False, False, 0), second_turn)
    st.p[1].t_spent, st.p[1].t_hand = 2, 0
    script(st, 1, ("pass",))
    st.p[0].t_spent, st.p[0].t_hand = 2, 0
    script(st, 0, ("pass",))
    play_round(st, 0)
    assert [r[2] for r in events(st, "turn_start")][:2] == [0, 0]
    assert lava.zone == "army"


def test_kno_bo_draws_per_golem_card_in_its_column():
    st = make_state(("Golem", "Goan Sul", "Phoenix"), ("Themis", "Xian", "Tomorrow"))
    kb = to_army(st, 0, "Kno'Bo")
    to_army(st, 0, "Kan Te")
    to_army(st, 0, "Golem")
    enter_army(st, 0, kb)
    assert len(st.p[0].hand) == 3


def test_un_go_ignores_ward_and_needs_superiority_for_level_three():
    st = make_state(("Golem", "Goan Sul", "Phoenix"), ("Tomorrow", "Xian", "Themis"))
    ug = to_army(st, 0, "Un'Go")
    to_army(st, 1, "Aat")
    sd = to_army(st, 1, "Sha'dow")  # ward, vulnerable
    script(st, 0, sd.uid)
    enter_army(st, 0, ug)
    assert sd.zone == DECK and st.p[1].deck[-1] is sd


def test_aat_takes_its_mirrors_permanent_effects_and_triggers():
    st2 = make_state(("Tomorrow", "Golem", "Phoenix"), ("Abhilasha", "Xian", "Themis"))
    to_army(st2, 0, "Obeezs")
    aat2 = to_army(st2, 0, "Aat")
    to_army(st2, 1, "Red Circle")
    ng = to_army(st2, 1, "Night Guardians")
    assert st2.triggers(aat2) == ng.d.on and st2.printed_kw(aat2, "recruiter")
    to_hand(st2, 1, "Solok")
    zones.capture(st2, 1, aat2)  # Aat mirroring Night Guardians: its owner's opponent discards
    assert not st2.p[1].hand


def test_cylak_lets_the_active_player_order_the_captures():
    st = make_state(("Abhilasha", "Golem", "Phoenix"), ("Goan Sul", "Xian", "Themis"))
    for name in ("Red Circle", "Apostles of the Night"):
        to_army(st, 0, name)
    to_army(st, 0, "Solok")
    to_army(st, 0, "Alpha (Dead)")
    mine = to_army(st, 0, "Abhilasha")
    cy = to_army(st, 0, "Cylak")
    for name in ("Lava Goddesses", "Smook Spirits"):
        to_army(st, 1, name)
    to_army(st, 1, "Alpha")
    theirs = to_army(st, 1, "Goan Sul")
    script(st, 0, (1, 0), theirs.uid)
    script(st, 1, mine.uid)
    enter_army(st, 0, cy)
    caps = [r[2] for r in events(st, "capture")]
    assert caps == [1, 0] and not mine.face_up and not theirs.face_up


def test_simultaneous_triggers_are_ordered_by_their_owner():
    st = make_state(("Themis", "Xian", "Golem"), ("Goan Sul", "Phoenix", "Tomorrow"))
    to_army(st, 0, "3 Wishes")
    nezha = to_army(st, 0, "Nezha")
    to_army(st, 0, "1000 Faces")
    to_army(st, 0, "Dalisteer")
    bhj = to_army(st, 0, "Byeon Hyeon Ja (Xian)")
    s = script(st, 0, (bhj.uid, nezha.uid))
    end_of_turn(st, 0)
    asked = [d for d in s.asked if d.kind == "order"]
    assert asked and set(asked[0].options) == {(nezha.uid, bhj.uid), (bhj.uid, nezha.uid)}
    assert len(st.p[0].hand) == 2  # Nezha drew 2 on the empty hand
