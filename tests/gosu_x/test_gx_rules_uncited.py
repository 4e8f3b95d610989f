"""Rule scenarios for the GX rules no other test cites (a self-examination from the rulebook):
each sets up a position, acts and asserts the exact outcome, or, for a definition, checks the bundled
card data obeys it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from cardlab.simulate import gosu_x
from cardlab.simulate.core import Players
from cardlab.simulate.core.testing import ScriptedPlayer
from cardlab.simulate.gosu_x import hooks as gx_hooks
from cardlab.simulate.gosu_x import make_config, zones
from cardlab.simulate.gosu_x.actions import can_place, do_action, legal_actions, play_cost, replacements
from cardlab.simulate.gosu_x.battle import card_value, great_battle, tribute
from cardlab.simulate.gosu_x.cards import clan_tiles, load_cards
from cardlab.simulate.gosu_x.engine import new_state, play, play_round, setup
from cardlab.simulate.gosu_x.scenario import (
    check_invariants,
    events,
    fill_hand,
    kinds,
    make_state,
    script,
    to_army,
    to_discard,
    to_hand,
)  # fmt: skip
from cardlab.simulate.gosu_x.state import DISCARD, GameOver

DEFS = load_cards(make_config(2, 400).cards_path)
KEYWORDS = {"veteran", "recruiter", "miracle", "ward", "echo", "castling", "bounty", "feat"}


def _turns(st, seat):
    return [r for r in events(st, "turn_start") if r[2] == seat]


# -- GX-1 components and card anatomy ---------------------------------------------------------------------


def test_GX_1_3_GX_12_1_each_clan_has_a_byeon_hyeon_ja_aspect_that_unlocks_tokens():
    """Every clan's second Immortal is its Byeon Hyeon Ja aspect, and each aspect's card data can unlock a
    token (GX-7.7) — as a trigger, an entry effect or a hook."""
    for clan, cards in DEFS.items():
        immortals = sorted(d.name for d in cards if d.level == 3)
        assert immortals == sorted([clan, f"Byeon Hyeon Ja ({clan})"]), clan
        aspect = next(d for d in cards if d.name.startswith("Byeon Hyeon Ja"))
        assert aspect.group == "Byeon Hyeon Ja"  # GX-12.10: all aspects share the name
        text = repr((aspect.on, aspect.on_play, aspect.passive))
        hooks = re.findall(r"'hook', '(\w+)'", text)  # a hook's code unlocks (Xian's: discard 5 of a clan)
        assert "unlock" in text or any("zones.unlock(" in _hook_source(h) for h in hooks), clan


def _hook_source(name: str) -> str:
    """A hook's source, read from the hooks module's file: a compiled build's functions have no source for
    ``inspect`` (the file is installed beside the compiled module)."""
    text = (Path(gosu_x.__file__).parent / "hooks.py").read_text()  # the package's own folder
    fn = getattr(gx_hooks, name).__name__
    node = next(n for n in ast.parse(text).body if isinstance(n, ast.FunctionDef) and n.name == fn)
    return ast.get_source_segment(text, node) or ""


def test_GX_12_1_byeon_hyeon_ja_unlocks_a_token_and_raises_x():
    """Byeon Hyeon Ja (Goan Sul): winning a Great Battle unlocks a token — X goes from 2 to 3."""
    st = make_state()
    to_army(st, 0, "Lava Goddesses")
    to_army(st, 0, "Alpha")
    bhj = to_army(st, 0, "Byeon Hyeon Ja (Goan Sul)")
    assert st.x_value(0) == 2
    winner, _margin, _extra = great_battle(st)
    assert winner == 0 and bhj.face_up
    assert st.x_value(0) == 3 and st.p[0].t_locked == 1 and st.p[0].t_hand == 3


def test_GX_1_5_every_card_has_the_anatomy_fields():
    """Name, level 1-3, clan, replacement cost (a number or none), activation symbols, known properties."""
    for clan, cards in DEFS.items():
        for d in cards:
            assert d.name and d.clan == clan and d.level in (1, 2, 3), d.name
            assert d.replace_cost is None or (isinstance(d.replace_cost, int) and d.replace_cost >= 0), d.name
            assert isinstance(d.slots, int) and 0 <= d.slots <= 2, d.name
            assert set(d.keywords) <= KEYWORDS, (d.name, d.keywords)


def test_GX_1_6_white_text_on_entry_italic_text_while_face_up():
    """Bun To's entry effect (reveal) happens as it enters; the Narasimha card's permanent hand limit holds
    only while it is face up, and never fired as an entry effect."""
    st = make_state(("Narasimha", "Golem", "Phoenix"), ("Xian", "Themis", "Goan Sul"))
    bun = to_hand(st, 0, "Bun To")
    do_action(st, 0, ("play", bun.uid, 0, False, False, 0))
    assert [r[4] for r in events(st, "effect")][:1] == ["Bun To"]
    nara = to_army(st, 0, "Narasimha", row=2)
    assert st.hand_limit(0) == st.hand_limit(1) == 5
    zones.capture(st, 1, nara)
    assert st.hand_limit(0) == st.hand_limit(1) == 7


# -- GX-2 setup --------------------------------------------------------------------------------------------


def test_GX_2_1_GX_Q_1_the_pieces_start_where_the_layout_puts_them():
    """After setup: 2 tokens in hand and 2 locked each, nothing spent, no superiority token, the miracle and
    bounty tokens on the board."""
    st = new_state(make_config(2, 400), 3, Players([ScriptedPlayer(0), ScriptedPlayer(1)]))
    setup(st)
    for pl in st.p:
        assert (pl.t_hand, pl.t_locked, pl.t_spent, pl.tokens_on_cards(), pl.superiority) == (2, 2, 0, 0, 0)
    assert st.miracle == -1 and st.bounty is None


def test_GX_2_2_the_draft_offers_the_eight_clan_decks_each_headed_by_its_immortal():
    st = new_state(make_config(2, 400), 3, Players([ScriptedPlayer(0), ScriptedPlayer(1)]))
    setup(st)
    first = next(d for d in st.players_obj.strategies[st.draft_first].asked if d.kind == "draft_clan")
    assert sorted(first.options) == sorted(DEFS)
    for clan, cards in DEFS.items():  # the clan head: level 3, the clan's own name
        assert any(d.level == 3 and d.name == clan for d in cards), clan


def test_GX_2_6_a_drafted_clans_tile_is_not_in_force():
    """Narasimha drafted: its tile lies description side up — the hand limit stays 7 for both players
    until its card is in an army."""
    st = make_state(("Narasimha", "Golem", "Phoenix"), ("Xian", "Themis", "Goan Sul"))
    assert "Narasimha" not in st.undrafted
    assert not st.tile_on(0, "Narasimha") and not st.tile_on(1, "Narasimha")
    assert st.hand_limit(0) == st.hand_limit(1) == 7


def test_GX_2_11_GX_Q_2_the_first_drafter_takes_the_first_turn():
    for seed in (1, 2, 3):
        r = play(make_config(2, 400), seed, Players([ScriptedPlayer(0), ScriptedPlayer(1)]))
        first_pick = next(row for row in r.events.rows if row[3] == "draft_pick")
        first_turn = next(row for row in r.events.rows if row[3] == "turn_start")
        assert first_pick[2] == first_turn[2] == r.first_seat


# -- GX-3 / GX-5 army and playing ----------------------------------------------------------------------------


def test_GX_3_3_a_column_is_one_position_across_the_rows():
    st = make_state()
    s0 = to_army(st, 0, "Lava Goddesses")
    s1 = to_army(st, 0, "Lava Goddesses")
    h0 = to_army(st, 0, "Alpha")
    assert st.column(s0) == [s0, h0] and st.column(h0) == [s0, h0] and st.column(s1) == [s1]


def test_GX_5_1_a_played_card_leaves_the_hand_for_the_leftmost_empty_place_of_its_row():
    st = make_state()
    first = to_army(st, 0, "Lava Goddesses")
    card = to_hand(st, 0, "Smook Spirits")
    do_action(st, 0, ("play", card.uid, 0, False, False, 0))
    assert card not in st.p[0].hand and st.p[0].rows[0] == [first, card] and st.col(card) == 1


def test_GX_5_9_a_hero_costs_no_discard_even_with_an_empty_hand():
    """With no other card in hand a Goan Sul hero is still playable (a soldier would need 2 discards)."""
    st = make_state()
    to_army(st, 0, "Bun To")
    to_army(st, 0, "Lava Goddesses")
    alpha = to_hand(st, 0, "Alpha")
    assert len(st.p[0].hand) == 1 and play_cost(st, 0, alpha, 1) == 0
    assert ("play", alpha.uid, 1, False, False, 0) in legal_actions(st, 0)


def test_GX_Q_4_an_immortal_goes_to_the_leftmost_free_place_above_its_clans_soldier_and_hero():
    """Column 0 holds Goan Sul soldier and hero, column 1 Golem ones: the Golem Immortal cannot be played
    (the leftmost free row-3 place is column 0) until the Goan Sul Immortal fills column 0."""
    st = make_state()
    to_army(st, 0, "Lava Goddesses")
    to_army(st, 0, "Bun To")
    to_army(st, 0, "Alpha")
    to_army(st, 0, "Shard")
    golem = to_hand(st, 0, "Golem")
    goan = to_hand(st, 0, "Goan Sul")
    assert not can_place(st, 0, golem, 2) and can_place(st, 0, goan, 2)
    assert not [a for a in legal_actions(st, 0) if a[0] == "play" and a[1] == golem.uid]
    st.p[0].hand.remove(goan)
    goan.zone = "deck"
    st.p[0].deck.append(goan)
    to_army(st, 0, "Goan Sul")
    assert can_place(st, 0, golem, 2)
    do_action(st, 0, ("play", golem.uid, 2, False, False, 0))
    assert st.col(golem) == 1


# -- GX-4 round and turn -------------------------------------------------------------------------------------


def test_GX_4_6_an_untaken_clans_tile_applies_to_both_players_all_game():
    """Narasimha undrafted: the hand limit is 5 for both, with no Narasimha card anywhere, and still is in
    the next round after a Tribute."""
    st = make_state()
    assert "Narasimha" in st.undrafted
    assert st.hand_limit(0) == st.hand_limit(1) == 5
    tribute(st, 0, 0)
    assert st.hand_limit(0) == st.hand_limit(1) == 5


def test_GX_4_7_a_feat_is_used_on_the_opponents_turn_outside_the_one_action():
    """Seat 0 captures with Lava Goddesses on its turn; seat 1 discards Red Circle then to stop it. Seat 0's
    turn still had its one action (the play), and seat 1 took no turn."""
    st = make_state(("Goan Sul", "Golem", "Phoenix"), ("Abhilasha", "Themis", "Tomorrow"))  # no ghost ward
    st.active = 0
    target = to_army(st, 1, "Apostles of the Night")
    circle = to_hand(st, 1, "Red Circle")
    to_army(st, 0, "Bun To")
    lava = to_hand(st, 0, "Lava Goddesses")
    script(st, 0, target.uid)
    script(st, 1, True)
    do_action(st, 0, ("play", lava.uid, 0, False, False, 0))
    assert target.face_up and circle.zone == DISCARD
    assert [r[2] for r in events(st, "feat")] == [1]
    assert st.p[0].rows[0][-1] is lava and st.p[1].turns == 0


def test_GX_8_4_GX_Q_7_three_turns_after_a_pass_then_the_battle_even_without_a_second_pass():
    """Seat 0 passes; seat 1 keeps a token (so cannot pass) and the round still ends after its 3rd turn."""
    st = make_state()
    st.p[0].t_hand, st.p[0].t_locked = 0, 4
    st.p[1].t_hand, st.p[1].t_locked = 4, 0
    st.players_obj.strategies[1].plans.append(lambda d: ("draw1",) if d.kind == "action" else None)
    play_round(st, 0)
    assert [r[2] for r in events(st, "pass")] == [0]
    assert len(_turns(st, 0)) == 1 and len(_turns(st, 1)) == 3
    assert not st.p[1].passed and st.p[1].t_hand > 0


def test_GX_9_1_when_both_have_passed_the_round_ends():
    st = make_state()
    for pl in st.p:
        pl.t_hand, pl.t_locked = 0, 4
    play_round(st, 1)
    assert [r[2] for r in events(st, "pass")] == [1, 0] and len(events(st, "turn_start")) == 2


def test_GX_7_11_every_unlocked_token_returns_to_hand_between_rounds():
    """One token on a card, one spent, one unlocked in hand: after the Tribute all three are in hand."""
    st = make_state()
    smook = to_army(st, 0, "Smook Spirits")
    do_action(st, 0, ("activate", smook.uid))
    do_action(st, 0, ("draw1",))
    zones.unlock(st, 0, "test")
    assert (st.p[0].t_hand, st.p[0].t_spent, smook.tokens) == (1, 1, 1)
    tribute(st, 1, 0)
    assert (st.p[0].t_hand, st.p[0].t_spent, st.p[0].tokens_on_cards(), st.p[0].t_locked) == (3, 0, 0, 1)
    check_invariants(st)


# -- GX-6 replacing ----------------------------------------------------------------------------------------


def test_GX_6_4_a_hero_is_replaced_by_a_hero_of_a_clan_with_no_soldier_in_the_army():
    """Alpha (Goan Sul) replaced by Ree Ab (Golem) with only a Goan Sul soldier in the army."""
    st = make_state()
    to_army(st, 0, "Lava Goddesses")
    alpha = to_army(st, 0, "Alpha")
    ree = to_hand(st, 0, "Ree Ab")
    fill_hand(st, 0, 2, level=3)
    assert not can_place(st, 0, ree, 1)
    st.players_obj.strategies[0].plans.append(lambda d: ree.uid if d.kind == "replace_with" else None)
    do_action(st, 0, ("replace", alpha.uid, False, 2))
    assert st.p[0].rows[1] == [ree] and alpha.zone == DISCARD


def test_GX_6_5_the_replacing_cards_effect_applies_at_once():
    """Bun To replaced by Demon Guardians, whose destroy happens in the same action: the opponent's
    vulnerable soldier is gone before the turn ends."""
    st = make_state()
    st.active = 0
    bun = to_army(st, 0, "Bun To")  # replacement cost 2
    theirs = to_army(st, 1, "Obeezs")
    guard = to_hand(st, 0, "Demon Guardians")
    fill_hand(st, 0, 2, level=3)
    st.players_obj.strategies[0].plans.append(lambda d: guard.uid if d.kind == "replace_with" else None)
    st.players_obj.strategies[0].plans.append(
        lambda d: False if d.kind == "swap" or (d.kind == "choose" and False in d.options) else None
    )
    st.players_obj.strategies[0].plans.append(lambda d: theirs.uid if theirs.uid in d.options else None)
    do_action(st, 0, ("replace", bun.uid, False, 2))
    assert st.p[0].rows[0] == [guard] and theirs.zone == DISCARD and "destroy" in kinds(st)


# -- GX-9 / GX-10 / GX-11 battle, tribute, game end -------------------------------------------------------------


def test_GX_10_12_seven_cards_sacrifice_four_then_six_sacrifice_three():
    """The winner (seat 0, 7 cards) sacrifices 4 first, then seat 1 (6 cards) sacrifices 3."""
    st = make_state(("Golem", "Phoenix", "Themis"), ("Xian", "Tomorrow", "Abhilasha"))  # no Goan Sul card
    for name in ("Bun To", "Bun To", "Kno'Bo", "Kno'Bo", "Un'Go", "Shard", "Ree Ab"):
        to_army(st, 0, name)
    for name in ("Obeezs", "Obeezs", "Wiindz", "Wiindz", "Aat", "EZ"):
        to_army(st, 1, name)
    tribute(st, 0, 0)
    sac = [r[2] for r in events(st, "sacrifice")]
    assert sac == [0] * 4 + [1] * 3
    assert st.p[0].army_size() == 3 and st.p[1].army_size() == 3


def test_GX_11_2_both_second_tokens_in_one_battle_is_a_draw():
    st = make_state()
    st.p[0].superiority = st.p[1].superiority = 1
    to_army(st, 0, "Lava Goddesses")
    to_army(st, 1, "Obeezs")  # 2 against 2, nobody holds the miracle token
    with pytest.raises(GameOver) as over:
        great_battle(st)
    assert over.value.winners == (0, 1) and st.p[0].superiority == st.p[1].superiority == 2


@pytest.mark.parametrize("armies", [(1, 0), (0, 1), (1, 1)])
def test_GX_11_3_a_third_battle_always_ends_the_game(armies):
    """Entering round 3 at one token each, any battle — a win either way or a tie — ends the game."""
    st = make_state()
    st.round = 3
    st.p[0].superiority = st.p[1].superiority = 1
    for seat, n in enumerate(armies):
        for _ in range(n):
            to_army(st, seat, "Lava Goddesses" if seat == 0 else "Obeezs")
    with pytest.raises(GameOver):
        great_battle(st)


def test_GX_11_3_games_last_at_most_three_rounds():
    for seed in range(8):
        r = play(make_config(2, 400), seed, Players([ScriptedPlayer(0), ScriptedPlayer(1)]))
        assert r.columns["rounds"] <= 3 and r.end_reason in ("win", "draw")


def test_GX_13_3_goan_sul_narrow_winner_sacrifices_one_more_the_loser_does_not():
    """Goan Sul undrafted (its tile applies to both): seat 0 wins 6 to 2 and sacrifices 2 + 1, seat 1 its 1."""
    st = make_state(("Golem", "Phoenix", "Themis"), ("Xian", "Tomorrow", "Abhilasha"))
    assert "Goan Sul" in st.undrafted
    for name in ("Bun To", "Bun To", "Kno'Bo"):
        to_army(st, 0, name)
    to_army(st, 1, "Obeezs")
    winner, margin, extra = great_battle(st)
    assert (winner, margin, extra) == (0, 4, 1)
    tribute(st, winner, extra)
    assert [r[2] for r in events(st, "sacrifice")] == [0, 0, 0, 1]


# -- GX-12 glossary ------------------------------------------------------------------------------------------


def test_GX_12_3_a_veteran_doubles_only_while_its_token_stays():
    st = make_state()
    smook = to_army(st, 0, "Smook Spirits")
    assert card_value(st, smook) == 2
    do_action(st, 0, ("activate", smook.uid))
    assert card_value(st, smook) == 4
    zones.return_spent(st, 0, 1)  # the token comes back from the card
    assert smook.tokens == 0 and card_value(st, smook) == 2


def test_GX_12_8_the_mirror_card_is_the_same_place_in_the_other_army():
    st = make_state()
    a = to_army(st, 0, "Lava Goddesses")
    b = to_army(st, 0, "Lava Goddesses")
    c = to_army(st, 1, "Obeezs")
    assert st.mirror(a) is c and st.mirror(c) is a and st.mirror(b) is None


def test_GX_12_20_castling_takes_a_soldier_back_from_the_discard():
    """Red Circle has castling: it is replaced by Apostles of the Night from the discard pile."""
    st = make_state(("Abhilasha", "Golem", "Phoenix"), ("Xian", "Themis", "Tomorrow"))
    circle = to_army(st, 0, "Red Circle")  # replacement cost 1
    apostles = to_discard(st, 0, "Apostles of the Night")
    fill_hand(st, 0, 1, level=3)
    reps = [a for a in legal_actions(st, 0) if a[0] == "replace" and a[1] == circle.uid]
    assert reps == [("replace", circle.uid, False, 1)]
    script(st, 0, apostles.uid)
    do_action(st, 0, reps[0])
    assert st.p[0].rows[0] == [apostles] and circle.zone == DISCARD and not st.p[0].hand


def test_GX_12_21_any_card_can_be_captured_only_a_vulnerable_one_destroyed():
    st = make_state()
    covered = to_army(st, 1, "Obeezs")
    last = to_army(st, 1, "Obeezs")
    assert not st.vulnerable(covered) and st.vulnerable(last)
    assert not zones.destroy(st, 0, covered) and covered.zone == "army"
    assert zones.capture(st, 0, covered) and not covered.face_up
    assert zones.capture(st, 0, last) and zones.destroy(st, 0, last)  # captured and vulnerable
    assert last.zone == DISCARD and st.p[1].rows[0] == [covered]


def test_GX_12_26_value_x_decides_an_effect():
    """Smook gives an extra turn when X is 4: not at X = 2, yes after two unlocks."""
    for unlocks, extra in ((0, False), (2, True)):
        st = make_state()
        st.active = 0
        to_army(st, 0, "Lava Goddesses")
        smook = to_hand(st, 0, "Smook")
        for _ in range(unlocks):
            zones.unlock(st, 0, "test")
        assert st.x_value(0) == 2 + unlocks
        do_action(st, 0, ("play", smook.uid, 1, False, False, 0))
        assert ("extra_turn" in kinds(st)) is extra and st.extra_pending is extra


def test_GX_12_27_two_ghost_tokens_one_warded_card_per_player():
    """Themis undrafted: each player's highest vulnerable card is warded — one per army, two in all."""
    st = make_state(("Goan Sul", "Golem", "Phoenix"), ("Xian", "Tomorrow", "Abhilasha"))
    assert "Themis" in st.undrafted
    to_army(st, 0, "Lava Goddesses")
    to_army(st, 0, "Lava Goddesses")
    hero = to_army(st, 0, "Alpha")
    to_army(st, 1, "Obeezs")
    warded = [c for s in (0, 1) for c in st.army(s) if st.has_kw(c, "ward")]
    assert len(warded) == 2 and hero in warded
    assert not zones.capture(st, 1, hero) and hero.face_up


@pytest.mark.parametrize("echo", [False, True])
def test_GX_15_1_an_effect_saying_may_is_asked_the_others_are_not(echo):
    """Echo is a "may": the player is asked and Obeezs' draw 2 / discard 2 runs once or twice; the draw
    and the discard themselves are mandatory (never asked whether)."""
    st = make_state(("Tomorrow", "Golem", "Phoenix"), ("Themis", "Xian", "Goan Sul"))
    st.active = 0
    obeezs = to_hand(st, 0, "Obeezs")
    fill_hand(st, 0, 2, level=3)
    st.players_obj.strategies[0].plans.append(lambda d: echo if d.kind == "echo" else None)
    do_action(st, 0, ("play", obeezs.uid, 0, False, False, 0))
    asked = [d.kind for d in st.players_obj.strategies[0].asked]
    assert asked.count("echo") == 1 and set(asked) <= {"echo", "discard"}
    times = 2 if echo else 1
    assert [r[6] for r in events(st, "draw")] == [2] * times
    assert len(st.p[0].discard) == 2 * times and len(st.p[0].hand) == 2


def test_GX_15_2_a_card_with_an_impossible_effect_is_still_played():
    """Lava Goddesses captures a level I card; with none in either army but itself it is played."""
    st = make_state()
    lava = to_hand(st, 0, "Lava Goddesses")
    assert ("play", lava.uid, 0, False, False, 0) in legal_actions(st, 0)
    do_action(st, 0, ("play", lava.uid, 0, False, False, 0))
    assert st.p[0].rows[0] == [lava]


def test_GX_13_6_GX_Q_14_undescribed_tiles_come_from_the_clan_heads_card_data():
    """Golem, Abhilasha and Tomorrow tiles: read from the clan head's ``tile:`` field, nothing built in."""
    tiles = clan_tiles(DEFS)
    for clan in ("Golem", "Abhilasha", "Tomorrow"):
        head = next(d for d in DEFS[clan] if d.name == clan)
        assert tiles[clan] and tiles[clan] == head.tile, clan


def test_GX_Q_15_ward_stops_capture_and_destroy_not_sacrifice():
    """Sha'dow (ward) cannot be captured or destroyed; its owner may sacrifice it."""
    st = make_state(("Tomorrow", "Golem", "Phoenix"), ("Goan Sul", "Xian", "Abhilasha"))
    to_army(st, 0, "Obeezs")
    shadow = to_army(st, 0, "Sha'dow")
    assert st.vulnerable(shadow)
    assert not zones.capture(st, 1, shadow) and not zones.destroy(st, 1, shadow) and shadow.face_up
    script(st, 0, shadow.uid)
    assert zones.sacrifice_one(st, 0) is shadow and shadow.zone == DISCARD


def test_GX_Q_18_hempo_and_hemro_are_two_cards():
    names = [d.name for d in DEFS["Goan Sul"]]
    assert "Hempo" in names and "Hemro, the Bounty Hunter" in names
    hempo = next(d for d in DEFS["Goan Sul"] if d.name == "Hempo")
    hemro = next(d for d in DEFS["Goan Sul"] if d.name.startswith("Hemro"))
    assert hempo.group != hemro.group and hempo.on_play and not hemro.on_play and hemro.passive


# -- interactions the rulebook spells out (beyond the uncited list) --------------------------------------------


def _full_army(st, seat):
    """Fifteen cards of ``seat``'s deck placed straight into its army, five per row."""
    pl = st.p[seat]
    for r, level in ((0, 1), (1, 2), (2, 3)):
        for c in [c for c in pl.deck if c.d.level == level and "any_row" not in c.d.passive][:5]:
            pl.deck.remove(c)
            zones.place_in_army(st, seat, c, r)
    return pl


def test_GX_10_1_GX_11_1c_GX_Q_19_the_tributes_release_gives_fifteen_face_up_cards_and_wins_at_once():
    """Seat 0 won the battle with 15 cards, one captured. The Tribute's first step releases it: 15 face-up
    cards win at once (checked after every step), before any sacrifice."""
    st = make_state()
    pl = _full_army(st, 0)
    pl.rows[0][-1].face_up = False
    to_army(st, 1, "Obeezs")
    with pytest.raises(GameOver) as over:
        tribute(st, 0, 0)
    assert (over.value.winners, over.value.condition) == ((0,), "fifteen_cards")
    assert pl.army_size() == 15 and not events(st, "sacrifice")


def test_GX_11_1c_both_armies_reaching_fifteen_face_up_cards_at_once_is_a_draw():
    """Both armies hold 15 cards, one captured each; the Tribute releases both at once: nobody is first
    (decision, as simultaneous second superiority tokens, GX-9.5 / GX-11.2): a draw."""
    st = make_state()
    for seat in (0, 1):
        _full_army(st, seat).rows[1][-1].face_up = False
    with pytest.raises(GameOver) as over:
        tribute(st, -1, 0)
    assert over.value.winners == (0, 1) and over.value.condition == "fifteen_cards"


def test_GX_8_2_GX_12_7_an_extra_turn_earned_on_the_last_turn_after_a_pass_is_not_taken():
    """Seat 1 passed; seat 0's third turn plays Timer (an extra turn): extra turns count toward the three
    (GX-8.3), so the battle follows at once — no fourth turn."""
    st = make_state(("Phoenix", "Golem", "Goan Sul"), ("Themis", "Xian", "Abhilasha"))
    st.p[1].t_spent, st.p[1].t_hand = 2, 0
    timer = to_hand(st, 0, "Timer")
    script(st, 1, ("pass",))
    script(st, 0, ("draw1",), ("draw1",), ("play", timer.uid, 0, False, False, 0))
    play_round(st, 1)
    assert timer.zone == "army" and "extra_turn" in kinds(st)
    assert [r[2] for r in events(st, "turn_start")] == [1, 0, 0, 0]


def test_GX_6_2_GX_Q_6_an_immortal_is_replaced_by_a_level_three_card_of_any_clan():
    """Phoenix (Immortal) sits in row 3 above Phoenix cards; it is replaced (cost 1) by Byeon Hyeon Ja
    (Golem), whose clan has no soldier or hero in that column — only the level must match (GX-6.11)."""
    st = make_state(("Phoenix", "Golem", "Goan Sul"), ("Themis", "Xian", "Abhilasha"))
    to_army(st, 0, "Arpia")
    to_army(st, 0, "Fenghuang")
    phoenix = to_army(st, 0, "Phoenix (Immortal)", row=2)
    bhj = to_hand(st, 0, "Byeon Hyeon Ja (Golem)")
    to_hand(st, 0, "Bun To")  # level 1: cannot replace a card in row 3
    fill_hand(st, 0, 1, level=2)
    reps = [a for a in legal_actions(st, 0) if a[0] == "replace" and a[1] == phoenix.uid]
    assert reps == [("replace", phoenix.uid, False, 1)]
    assert replacements(st, 0, phoenix, 1) == [bhj.uid]  # not the soldier, not the hero
    do_action(st, 0, reps[0])
    assert st.p[0].rows[2] == [bhj] and phoenix.zone == DISCARD and st.col(bhj) == 0
