"""Rule scenarios: setup, the boss, resources, the turn (HR-2, HR-3, HR-5, HR-6, HR-12, HR-14)."""

from __future__ import annotations

import random

import pytest

from cardlab.simulate.core import Players, UserError
from cardlab.simulate.core.testing import ScriptedPlayer
from cardlab.simulate.hidden_reason import GAME, make_config, resources, zones
from cardlab.simulate.hidden_reason.scenario import add, first_option, kinds, position
from cardlab.simulate.hidden_reason.state import ABYSS, HAND, GameOver
from cardlab.simulate.hidden_reason.turn import _start_phase, _technical_loss, setup
from cardlab.simulate.hidden_reason.views import View
from cardlab.strategies.hidden_reason import STRATEGIES


def _players(n, fn=None):
    return Players([ScriptedPlayer(s, plan=fn) for s in range(n)])


@pytest.mark.parametrize("n", [2, 3, 4])
def test_HR_3_1_boss_hp_25_per_player(n):
    result = GAME.play(make_config(n, 1), 7, _players(n))
    assert result.columns["boss_hp_start"] == 25 * n
    assert result.end_reason == "turn_cap"
    assert result.columns["boss_hp_end"] <= 25 * n - 1  # the wound of turn 1


def test_HR_3_1_boss_hp_option():
    result = GAME.play(make_config(2, 1, boss_hp_per_player=10), 7, _players(2))
    assert result.columns["boss_hp_start"] == 20


def test_HR_3_2_lethal_blow_wins_whoever_dealt_less():
    g = position({0: {}, 1: {}}, boss_hp=2)
    g.players[1].boss_damage = 40
    with pytest.raises(GameOver) as over:
        resources.damage_boss(g, 0, 3, "Blood Offering")
    assert over.value.winners == (0,)
    assert g.players[0].lethal and not g.players[1].lethal
    assert kinds(g)[-1] == "lethal_blow"


def test_HR_Q_28_simultaneous_lethal_damage_is_a_draw():
    g = position({0: {}, 1: {}}, boss_hp=0)
    with pytest.raises(GameOver) as over:
        resources.lethal(g, (0, 1), None)
    assert over.value.winners == (0, 1) and over.value.reason == "draw"


def test_HR_3_3_HR_12_5_wound_deals_1_and_gives_a_crystal_without_income():
    g = position({0: {"deck": ["Border Scout"] * 3}, 1: {}}, crystals=2, pool=0, boss_hp=50)
    _start_phase(g)
    p = g.players[0]
    assert g.boss_hp == 49
    assert p.crystals == 3 and p.pool == 3 and p.temp == 0  # HR-Q.1 refill 2 + new filled crystal; HR-Q.3
    assert len(p.hand) == 1  # the draw step only
    assert "resource_gained" not in kinds(g)


def test_HR_3_3_wound_extra_card_choice():
    g = position(
        {0: {"deck": ["Border Scout"] * 3}, 1: {}}, fns={0: lambda d: "card" if d.kind == "wound" else None}
    )
    _start_phase(g)
    assert len(g.players[0].hand) == 2 and g.players[0].crystals == 5


def test_HR_Q_27_wound_at_nine_crystals_offers_only_the_card():
    g = position({0: {"deck": ["Border Scout"] * 3}, 1: {}}, crystals=9)
    _start_phase(g)
    assert g.players[0].crystals == 9 and len(g.players[0].hand) == 2


def test_HR_3_4_boss_damage_gives_one_temporary_resource():
    g = position({0: {}, 1: {}}, pool=3, crystals=3)
    resources.damage_boss(g, 0, 2, "Blood Offering")
    p = g.players[0]
    assert p.pool == 4 and p.temp == 1 and p.boss_damage == 2


def test_HR_3_6_HR_Q_15_technical_loss_condition():
    g = position({0: {}, 1: {}})
    assert _technical_loss(g, g.boss_hp)
    add(g, 1, "Border Scout", HAND)
    assert not _technical_loss(g, g.boss_hp)


def test_HR_5_2_HR_Q_14_tenth_card_goes_to_the_other_world():
    g = position({0: {"hand": ["Border Scout"] * 9, "deck": ["Ambush"]}, 1: {}})
    zones.draw(g, g.players[0], 1)
    assert len(g.players[0].hand) == 9
    assert [c.name for c in g.players[0].other_world] == ["Ambush"]
    assert "overflow" in kinds(g)


def test_HR_Q_16_drawing_from_an_empty_deck_does_nothing():
    g = position({0: {}, 1: {}})
    zones.draw(g, g.players[0], 2)
    assert g.players[0].hand == []


def test_HR_6_5_HR_Q_2_crystals_and_resources_capped_at_nine():
    g = position({0: {}, 1: {}}, pool=8, crystals=8)
    resources.gain_crystal(g, g.players[0], 3)
    assert g.players[0].crystals == 9 and g.players[0].pool == 9
    resources.gain_temp(g, g.players[0], 2)
    assert g.players[0].pool == 9 and g.players[0].temp == 0


def test_HR_12_9_temporary_resources_end_with_the_turn():
    """HR-6.1: temporary resources (spent first, gone at end of turn) and crystals (kept) are two kinds."""
    g = position({0: {}, 1: {}}, pool=3, crystals=3)
    resources.gain_temp(g, g.players[0], 2)
    resources.pay(g.players[0], 1)  # temporary spent first
    assert g.players[0].temp == 1 and g.players[0].pool == 4
    resources.end_turn_resources(g)
    assert g.players[0].pool == 3 and g.players[0].temp == 0


def test_HR_12_2_untap_and_HR_Q_1_refill():
    g = position(
        {0: {"battlefield": ["Iron Golem"], "deck": ["Border Scout"] * 2}, 1: {}}, pool=0, crystals=4
    )
    g.players[0].battlefield[0].tapped = True
    _start_phase(g)
    assert not g.players[0].battlefield[0].tapped
    assert g.players[0].pool == 5  # 4 refilled + the wound's crystal


def test_HR_12_4_HR_14_8_first_player_skips_first_draw():
    seats = _players(2)
    result = GAME.play(make_config(2, 2), 11, seats)
    draws = [r for r in result.events.rows if r[3] == "draw" and r[7] == "draw step"]
    assert [r[0] for r in draws] == [2]  # only the second turn's player draws
    assert draws[0][2] != result.first_seat


def test_HR_2_4_turns_go_clockwise_from_a_random_first_player():
    result = GAME.play(make_config(3, 6), 5, _players(3))
    starts = [r[2] for r in result.events.rows if r[3] == "turn_start"]
    f = result.first_seat
    assert starts == [(f + i) % 3 for i in range(6)]


def test_HR_14_5_opening_hand_of_five():
    g = setup(
        make_config(2, 10),
        3,
        _players(2),
        __import__("cardlab.simulate.core", fromlist=["EventLog"]).EventLog(),
    )
    assert all(len(p.hand) == 5 for p in g.players)


def test_HR_14_6_HR_Q_18_first_redeal_free_then_exile_bottom_three():
    from cardlab.simulate.core import EventLog

    redeals = {"n": 0}

    def fn(d):
        if d.kind == "mulligan" and d.seat == 0 and redeals["n"] < 2:
            redeals["n"] += 1
            return "redeal"
        return "keep" if d.kind == "mulligan" else None

    seats = Players([ScriptedPlayer(0, plan=fn), ScriptedPlayer(1)])
    g = setup(make_config(2, 10, decks="legion_aggro"), 3, seats, EventLog())
    p = g.players[0]
    assert p.mulligans == 2 and len(p.hand) == 5
    assert len(p.abyss) == 3 and all(c.zone == ABYSS and c.hidden for c in p.abyss)
    assert len(p.deck) == 30 - 5 - 3
    assert len(g.players[1].abyss) == 0


def test_HR_14_7_HR_Q_17_mulligan_exiles_hidden_from_owner():
    from cardlab.simulate.core import EventLog

    fn = first_option("mulligan", lambda o: o == "redeal")
    seats = Players([ScriptedPlayer(0, plan=fn), ScriptedPlayer(1)])
    g = setup(make_config(2, 10, decks="legion_aggro"), 3, seats, EventLog())
    hidden = g.players[0].abyss[0]
    assert View(g, 0).card(hidden.uid) is None
    assert View(g, 1).card(hidden.uid) is not None  # opponents may look before the game starts
    g.turn = 1
    assert View(g, 1).card(hidden.uid) is None
    assert View(g, 0).card(g.players[1].hand[0].uid) is None  # HR-5.2 other hands are private
    assert View(g, 1).card(g.players[1].hand[0].uid) is not None


def test_HR_14_1_decks_given_per_seat_or_drawn_from_seed():
    cfg = make_config(2, 3, decks="legion_aggro,synth_swarm")
    result = GAME.play(cfg, 1, _players(2))
    assert [s.columns["deck"] for s in result.seats] == ["legion_aggro", "synth_swarm"]
    assert result.seats[1].columns["classes"] == "Synth"
    drawn = GAME.play(make_config(2, 3), 1, _players(2))
    assert len({s.columns["deck"] for s in drawn.seats}) == 2


def test_make_config_errors_are_one_line():
    with pytest.raises(UserError, match="unknown deck 'legion_agro' — did you mean 'legion_aggro'"):
        make_config(2, 10, decks="legion_agro")
    with pytest.raises(UserError, match="hidden-reason needs 2–4 players, got 5"):
        make_config(5, 10)
    with pytest.raises(
        UserError, match=r"--boss-hp-per-player must be 1..1,000 \(the default is 25\), got 0"
    ):
        make_config(2, 10, boss_hp_per_player=0)
    # 4 seats of 10**9 HP would overflow the 32-bit event amounts, and every game fail
    with pytest.raises(
        UserError, match=r"--boss-hp-per-player must be 1..1,000 \(the default is 25\), got 1000000000"
    ):
        make_config(4, 10, boss_hp_per_player=10**9)
    with pytest.raises(UserError, match="one deck per seat"):
        make_config(3, 10, decks="legion_aggro,synth_swarm")


def test_turn_cap_is_recorded():
    result = GAME.play(make_config(2, 3), 2, _players(2))
    assert result.end_reason == "turn_cap" and result.turns == 3 and result.winners == ()
    assert result.events.rows[-1][3] == "game_over" and result.events.rows[-1][7] == "turn_cap"


def test_every_declared_column_is_present_and_events_in_vocabulary():
    seats = Players([STRATEGIES["sensible"](s, random.Random(s)) for s in range(3)])
    result = GAME.play(make_config(3, 200), 9, seats)
    for seat in result.seats:
        assert set(GAME.player_columns) <= set(seat.columns)
        assert seat.score == seat.columns["boss_damage"]
    assert set(GAME.game_columns) <= set(result.columns)
    assert {r[3] for r in result.events.rows} <= GAME.event_kinds
    assert result.end_reason == "win"
    assert sum(s.columns["lethal"] for s in result.seats) == 1
    assert result.columns["boss_kill_turn"] == result.turns
