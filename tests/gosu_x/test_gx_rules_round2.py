"""Gosu X rule scenarios, round 2: echo kept after its granter leaves, ghost tokens releasing captured cards,
passives and tiles read from the card data, the active player ordering "each player" steps, and Goan Sul's
extra Tribute sacrifice fixed at the battle."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardlab.simulate.gosu_x import zones
from cardlab.simulate.gosu_x.actions import enter_army
from cardlab.simulate.gosu_x.battle import great_battle, hand_bonus, tribute
from cardlab.simulate.gosu_x.cards import DEFAULT_CARDS
from cardlab.simulate.gosu_x.engine import end_of_turn
from cardlab.simulate.gosu_x.passing import do_pass
from cardlab.simulate.gosu_x.scenario import (
    check_invariants,
    events,
    fill_hand,
    make_state,
    script,
    to_army,
)


def test_GX_12_25_echo_granted_on_placement_survives_the_sacrifice_of_its_granter():
    """Bomber FAQ: Sha'dow gives the Bombardment Units below it echo; the first application makes its owner
    sacrifice Sha'dow (its only vulnerable card); the echo application still happens."""
    st = make_state(("Goan Sul", "Tomorrow", "Golem"), ("Themis", "Xian", "Phoenix"))
    to_army(st, 0, "Lava Goddesses")
    to_army(st, 0, "Ne'o", row=1)
    shadow = to_army(st, 0, "Sha'dow", row=1)  # above the empty column-1 soldier slot
    bomber = to_army(st, 0, "Bombardment Units")  # column 1, under Sha'dow
    for name in ("3 Wishes", "1000 Faces", "Dancing Dragon"):
        to_army(st, 1, name)
    assert st.has_kw(bomber, "echo") and not st.vulnerable(bomber)
    enter_army(st, 0, bomber)
    sacrificed = [(r[2], r[4]) for r in events(st, "sacrifice")]
    assert sacrificed[0] == (0, "Sha'dow") and shadow.zone == "discard"
    assert "echo" in [r[3] for r in st.log.rows]
    assert [s for s, _ in sacrificed].count(1) == 2  # the opponent sacrificed twice: echo was kept
    assert st.p[1].army_size() == 1


def test_GX_12_25_a_card_without_echo_at_placement_gets_no_extra_application():
    st = make_state(("Goan Sul", "Tomorrow", "Golem"), ("Themis", "Xian", "Phoenix"))
    to_army(st, 0, "Lava Goddesses")
    bomber = to_army(st, 0, "Bombardment Units")
    for name in ("3 Wishes", "1000 Faces", "Dancing Dragon"):
        to_army(st, 1, name)
    enter_army(st, 0, bomber)
    assert "echo" not in [r[3] for r in st.log.rows]
    assert [r[2] for r in events(st, "sacrifice")].count(1) == 1


def test_GX_15_4_GX_13_4_a_ghost_token_moving_onto_a_captured_card_releases_it_at_once():
    """Themis undrafted: each player's highest-level vulnerable card carries a ghost token (ward). When the
    warded hero is sacrificed, the token moves to the captured soldier beside it, which is released."""
    st = make_state(("Goan Sul", "Golem", "Phoenix"), ("Xian", "Narasimha", "Tomorrow"))
    assert "Themis" in st.undrafted
    to_army(st, 1, "Obeezs")
    captive = to_army(st, 1, "Wiindz")
    hero = to_army(st, 1, "Ne'o")  # above Obeezs: the highest vulnerable card, warded
    assert st.ward_card(1) is hero
    assert zones.capture(st, 0, captive) and not captive.face_up
    script(st, 1, hero.uid)
    zones.sacrifice_one(st, 1, "test")  # ward does not stop a sacrifice (GX-12.14)
    assert hero.zone == "discard"
    assert captive.face_up and st.ward_card(1) is captive
    ghost = [r for r in events(st, "release") if r[7] == "ghost"]
    assert [r[4] for r in ghost] == ["Wiindz"] and "effect" not in [r[3] for r in st.log.rows]
    assert not zones.can_capture(st, captive)  # and it is warded now
    check_invariants(st)


def test_GX_15_4_no_release_without_the_ward_effect():
    st = make_state(("Goan Sul", "Golem", "Phoenix"), ("Xian", "Themis", "Tomorrow"))
    assert "Themis" not in st.undrafted
    to_army(st, 1, "Obeezs")
    captive = to_army(st, 1, "Wiindz")
    hero = to_army(st, 1, "Ne'o")
    zones.capture(st, 0, captive)
    script(st, 1, hero.uid)
    zones.sacrifice_one(st, 1, "test")
    assert not captive.face_up


# -- card data drives passives and tiles (GX-13, GX-Q.14) ------------------------------------------------
def _cards_copy(tmp_path: Path, edits: dict[str, tuple[str, str]]) -> str:
    """A copy of the bundled card files with ``file: (old, new)`` text edits; returns its folder."""
    folder = tmp_path / "cards"
    shutil.copytree(DEFAULT_CARDS, folder)
    for name, (old, new) in edits.items():
        path = folder / name
        text = path.read_text()
        assert text.count(old) == 1, (name, old)
        path.write_text(text.replace(old, new))
    return str(folder)


@pytest.mark.parametrize("value", [3, 6])
def test_GX_13_1_hand_limit_tile_value_comes_from_the_card_file(tmp_path, value):
    cards = _cards_copy(
        tmp_path, {"narasimha.yaml": ("tile: {hand_limit: 5}", f"tile: {{hand_limit: {value}}}")}
    )
    st = make_state(("Goan Sul", "Golem", "Phoenix"), ("Xian", "Themis", "Tomorrow"), cards=cards)
    assert "Narasimha" in st.undrafted
    assert st.hand_limit(0) == value and st.hand_limit(1) == value
    fill_hand(st, 0, 8)
    end_of_turn(st, 0)
    assert len(st.p[0].hand) == value  # GX-4.5: discards down to the limit the file gives


def test_GX_13_1_hand_limit_card_value_comes_from_the_card_file(tmp_path):
    cards = _cards_copy(
        tmp_path, {"narasimha.yaml": ("passive: {hand_limit: 5}", "passive: {hand_limit: 4}")}
    )
    st = make_state(("Narasimha", "Golem", "Phoenix"), ("Xian", "Themis", "Tomorrow"), cards=cards)
    assert st.hand_limit(1) == 7
    to_army(st, 0, "Narasimha", row=2)
    assert st.hand_limit(0) == 4 and st.hand_limit(1) == 4  # both players (GX-13.1)


def test_GX_13_2_phoenix_bonus_values_come_from_the_card_file(tmp_path):
    cards = _cards_copy(
        tmp_path,
        {"phoenix.yaml": ("passive: {battle_bonus_per_hand: 1}, tile: {battle_bonus_per_hand: 1}",
                          "passive: {battle_bonus_per_hand: 3}, tile: {battle_bonus_per_hand: 2}")},
    )  # fmt: skip
    st = make_state(("Goan Sul", "Golem", "Xian"), ("Narasimha", "Themis", "Tomorrow"), cards=cards)
    assert "Phoenix" in st.undrafted
    fill_hand(st, 0, 3)
    assert hand_bonus(st, 0) == 6  # the tile's 2 per card
    st2 = make_state(("Phoenix", "Golem", "Xian"), ("Narasimha", "Themis", "Tomorrow"), cards=cards)
    to_army(st2, 0, "Phoenix", row=2)
    fill_hand(st2, 0, 3)
    assert hand_bonus(st2, 0) == 9  # the card's 3 per card
    st2.p[0].flipped.add("Phoenix")
    assert hand_bonus(st2, 0) == 15  # GX-15.5: card and tile add up


@pytest.mark.parametrize("value", [1, 3])
def test_GX_8_6_turns_after_a_golem_pass_come_from_the_card_file(tmp_path, value):
    cards = _cards_copy(
        tmp_path,
        {"golem.yaml": ("tile: {opp_turns_after_pass: 2}", f"tile: {{opp_turns_after_pass: {value}}}")},
    )
    st = make_state(("Goan Sul", "Phoenix", "Xian"), ("Narasimha", "Themis", "Tomorrow"), cards=cards)
    assert "Golem" in st.undrafted
    st.p[0].t_hand = 0
    do_pass(st, 0)
    assert st.remaining == value


def test_GX_8_6_golem_card_value_comes_from_the_card_file(tmp_path):
    cards = _cards_copy(
        tmp_path, {"golem.yaml": ("passive: {opp_turns_after_pass: 2}", "passive: {opp_turns_after_pass: 1}")}
    )
    st = make_state(("Golem", "Phoenix", "Xian"), ("Narasimha", "Themis", "Tomorrow"), cards=cards)
    to_army(st, 0, "Golem", row=2)
    do_pass(st, 0)
    assert st.remaining == 1
    st2 = make_state(("Golem", "Phoenix", "Xian"), ("Narasimha", "Themis", "Tomorrow"), cards=cards)
    do_pass(st2, 0)
    assert st2.remaining == 3  # GX-8.2 without the effect


def _goan_sul_position(cards: str | None, flipped: bool, card_face_up: bool | None):
    st = make_state(("Goan Sul", "Golem", "Phoenix"), ("Themis", "Xian", "Abhilasha"), cards=cards or "")
    to_army(st, 0, "Lava Goddesses")
    to_army(st, 0, "Smook Spirits")
    to_army(st, 0, "Alpha")
    if card_face_up is not None:
        to_army(st, 0, "Goan Sul", row=2, face_up=card_face_up)
    if flipped:
        st.p[0].flipped.add("Goan Sul")
    return st


@pytest.mark.parametrize(("tile", "card"), [(2, 1), (1, 3)])
def test_GX_10_6_goan_sul_extra_sacrifices_come_from_the_card_file(tmp_path, tile, card):
    cards = _cards_copy(
        tmp_path,
        {"goan_sul.yaml": ("passive: {battle_margin: 1}, tile: {battle_margin: 1}",
                           f"passive: {{battle_margin: {card}}}, tile: {{battle_margin: {tile}}}")},
    )  # fmt: skip
    st = _goan_sul_position(cards, flipped=True, card_face_up=None)
    winner, margin, extra = great_battle(st)
    assert (winner, margin, extra) == (0, 7, tile)
    st2 = _goan_sul_position(cards, flipped=True, card_face_up=True)
    to_army(st2, 1, "3 Wishes")
    to_army(st2, 1, "1000 Faces")
    winner, margin, extra = great_battle(st2)
    assert (winner, extra) == (0, tile + card)  # GX-15.5: card and tile add up


def test_GX_13_tiles_belong_to_the_clan_whose_card_carries_them(tmp_path):
    """No clan name is wired into the engine: a hand-limit tile moved from Narasimha to Phoenix follows."""
    cards = _cards_copy(
        tmp_path,
        {
            "narasimha.yaml": (", tile: {hand_limit: 5}", ""),
            "phoenix.yaml": (
                "tile: {battle_bonus_per_hand: 1}",
                "tile: {battle_bonus_per_hand: 1, hand_limit: 6}",
            ),
        },
    )
    st = make_state(("Goan Sul", "Golem", "Xian"), ("Abhilasha", "Themis", "Tomorrow"), cards=cards)
    assert set(st.undrafted) == {"Narasimha", "Phoenix"}
    assert st.hand_limit(0) == 6 and st.hand_limit(1) == 6


def test_GX_13_1_a_changed_card_file_is_read_again_in_the_same_process(tmp_path):
    """No cache outlives the card data it came from (DESIGN): edit a file in place, load again."""
    cards = _cards_copy(tmp_path, {})
    assert (
        make_state(
            ("Goan Sul", "Golem", "Xian"), ("Abhilasha", "Themis", "Tomorrow"), cards=cards
        ).hand_limit(0)
        == 5
    )
    path = Path(cards) / "narasimha.yaml"
    path.write_text(path.read_text().replace("tile: {hand_limit: 5}", "tile: {hand_limit: 2}"))
    assert (
        make_state(
            ("Goan Sul", "Golem", "Xian"), ("Abhilasha", "Themis", "Tomorrow"), cards=cards
        ).hand_limit(0)
        == 2
    )


# -- GX-15.3 -------------------------------------------------------------------------------------------------
def test_GX_15_3_each_player_steps_run_in_the_order_the_active_player_chooses():
    st = make_state(("Narasimha", "Golem", "Phoenix"), ("Themis", "Xian", "Tomorrow"))
    to_army(st, 0, "Nakshatra")
    nach = to_army(st, 0, "Nachiketa")  # every player discards 2
    fill_hand(st, 0, 3)
    fill_hand(st, 1, 3)
    s = script(st, 0, (1, 0))
    enter_army(st, 0, nach)
    asked = [d for d in s.asked if d.kind == "order"]
    assert (
        asked and set(asked[0].options) == {(0, 1), (1, 0)} and asked[0].context == ("players", "Nachiketa")
    )
    assert [r[2] for r in events(st, "discard")] == [1, 1, 0, 0]


def test_GX_15_3_the_other_order_is_honoured_too():
    st = make_state(("Narasimha", "Golem", "Phoenix"), ("Themis", "Xian", "Tomorrow"))
    to_army(st, 0, "Nakshatra")
    nach = to_army(st, 0, "Nachiketa")
    fill_hand(st, 0, 3)
    fill_hand(st, 1, 3)
    script(st, 0, (0, 1))
    enter_army(st, 0, nach)
    assert [r[2] for r in events(st, "discard")] == [0, 0, 1, 1]


def test_GX_15_3_every_gosu_x_strategy_answers_the_player_order():
    from cardlab.simulate.core.decisions import Decision
    from cardlab.simulate.gosu_x.views import View
    from cardlab.strategies import gosu_x as strategies_gx

    st = make_state()
    for name, cls in strategies_gx.STRATEGIES.items():
        if name == "search":  # it branches through play_seated; tests/gosu_x/test_search.py plays it
            continue
        import random

        player = cls(0, random.Random(1))
        answer = player.choose(Decision("order", 0, ((0, 1), (1, 0)), View(st, 0), ("players", "Nachiketa")))
        assert answer in ((0, 1), (1, 0)), name


# -- GX-10.6 -------------------------------------------------------------------------------------------------
def test_GX_10_6_goan_sul_extra_sacrifice_is_checked_at_the_battle_not_after_the_release():
    """Goan Sul captured at the battle gives nothing; the Tribute's release (GX-10.1) must not revive it."""
    st = _goan_sul_position(None, flipped=False, card_face_up=False)
    winner, margin, extra = great_battle(st)
    assert (winner, margin, extra) == (0, 7, 0)
    tribute(st, winner, extra)
    assert events(st, "tribute")[0][6] == 2  # ceil(4 / 2), no extra sacrifice


def test_GX_10_6_GX_11_1_goan_sul_captured_at_the_battle_gives_neither_half_of_its_effect():
    """The same card's one effect, judged at the battle (docs/gosu_x.md's decision): captured, it has no effect
    (GX-12.12), so a 10-point win is no Goan Sul game win (GX-11.1d) — the round goes on to the Tribute —
    just as a 7-point win adds no extra sacrifice after the release (the test above)."""
    st = _goan_sul_position(None, flipped=False, card_face_up=False)
    to_army(st, 0, "Hempo")
    winner, margin, extra = great_battle(st)  # no GameOver
    assert (winner, margin, extra) == (0, 10, 0)
    tribute(st, winner, extra)
    assert events(st, "tribute")[0][6] == 3  # ceil(5 / 2): the released Goan Sul counts in the army only


def test_GX_10_6_goan_sul_face_up_at_the_battle_adds_its_sacrifice():
    st = _goan_sul_position(None, flipped=False, card_face_up=True)
    to_army(st, 1, "3 Wishes")
    to_army(st, 1, "1000 Faces")
    winner, margin, extra = great_battle(st)
    assert (winner, margin, extra) == (0, 8, 1)
    tribute(st, winner, extra)
    assert events(st, "tribute")[0][6] == 3  # ceil(4 / 2) + 1
