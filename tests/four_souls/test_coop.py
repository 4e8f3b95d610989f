"""Solo and co-op (FS-17): rule scenarios per bullet (setup, timer per round and per death, the combined
goal, loss at 0, a win before the decrement, difficulty and soul cap), options and CLI, the sensible
player's co-op branches, and full seeded games under checked_play."""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlab.cli import cli
from cardlab.simulate.core import Decision, Players, UserError
from cardlab.simulate.four_souls import (
    GAME,
    checked_play,
    checks,
    coop,
    damage,
    items,
    make_config,
    resolution,
    resources,
    setup,
)
from cardlab.simulate.four_souls.cards import load_pool
from cardlab.simulate.four_souls.collection import DEFAULT, select
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    card,
    give_item,
    give_loot,
    kinds,
    monster,
    phys,
    position,
    scripted,
)
from cardlab.simulate.four_souls.refs import SeatRef, StackRef
from cardlab.simulate.four_souls.state import Attack, GameOver
from cardlab.strategies.four_souls import STRATEGIES
from tests.kernel_helpers import manifest_of

POOL = select(load_pool(), DEFAULT)  # the default sets (Base Game V2)


def timers(rows):
    return [(r[6], r[7]) for r in rows if r[3] == "timer"]


def coop_position(n=2, difficulty="normal", soul_cap=0, **kw):
    g = position(n, variant="co-op", difficulty=difficulty, soul_cap=soul_cap, **kw)
    coop.start(g)
    return g


def add_soul(g, seat, value=1):
    o = g.new_obj(phys(g, monster("Boss", soul=value)), "soul", seat)
    g.players[seat].souls.append(o)
    g.log.emit("soul_gained", seat, "Boss", None, value, "boss")  # as the engine does with every gain


def scripted_table(n):
    return Players([scripted(i) for i in range(n)])


# --------------------------------------------------------------------------- FS-17.1 setup


def test_FS_17_1_solo_two_characters_each_with_3_loot_and_3_cents_no_bonus_souls():
    cfg = make_config(4, 50, variant="solo")  # -p left at the CLI default: solo is still 2 seats
    assert cfg.n_players == 2 and cfg.coop == "solo" and not cfg.bonus_souls
    g = setup.new_game(cfg, 5, scripted_table(2))
    assert len(g.players) == 2 and g.bonus == []
    names = {p.character.phys.card.name for p in g.players}
    assert len(names) == 2
    for p in g.players:
        assert len(p.hand) == 3 and p.cents == 3  # FS-17.1 [W]: each character its own loot and ¢
    assert timers(g.log.rows) == [(8, "start")] and g.coop.timer == 8 and g.coop
    assert g.log.rows[-1][3] == "timer"  # FS-17.1: placed at the end of setup


def test_FS_17_1_coop_one_character_per_seat_and_no_bonus_souls():
    for n in (2, 3, 4):
        cfg = make_config(n, 50, variant="co-op")
        g = setup.new_game(cfg, n, scripted_table(n))
        assert len(g.players) == n and g.bonus == [] and g.coop.timer == 8
        assert len({p.character.phys.card.name for p in g.players}) == n
    cfg = make_config(4, 50, variant=("co-op", "no-bonus-souls"))  # redundant but allowed
    assert not cfg.bonus_souls


def test_FS_17_8_three_plus_cards_removed_even_with_four_characters():
    def three_plus(cfg):
        g = setup.new_game(cfg, 3, scripted_table(cfg.n_players))
        return [p.card.name for p in g.all_phys if p.card.players_3plus]

    assert three_plus(make_config(4, 50))  # the competitive 4-player game keeps them (FS-1.33)
    assert three_plus(make_config(4, 50, variant="co-op")) == []
    assert three_plus(make_config(3, 50, variant="co-op")) == []
    assert three_plus(make_config(2, 50, variant="solo")) == []


def test_FS_17_2_separate_hands_cents_and_souls():
    g = coop_position(2)
    resources.gain_cents(g, g.players[0], 4, "test")
    add_soul(g, 0)
    assert (g.players[0].cents, g.players[1].cents) == (4, 0)
    assert [len(p.souls) for p in g.players] == [1, 0]  # never mixed (FS-17.2)
    assert coop.combined(g) == 1  # only the goal adds them up (FS-17.5)


# --------------------------------------------------------------------------- FS-17.4 the timer


def test_FS_17_4_timer_down_once_every_character_had_a_turn():
    g = coop_position(3)
    g.active = 1
    coop.turn_done(g)
    g.active = 2
    coop.turn_done(g)
    assert g.coop.timer == 8
    g.active = 0
    coop.turn_done(g)  # the third character's turn ends the round
    assert g.coop.timer == 7 and timers(g.log.rows)[-1] == (7, "round")
    g.active = 1
    coop.turn_done(g)
    coop.turn_done(g)  # an extra turn of the same character adds nothing new
    assert g.coop.timer == 7


def test_FS_17_4_FS_Q_32_timer_down_when_any_character_dies_in_any_turn():
    g = coop_position(2)
    g.active = 0
    damage.kill(g, g.players[1], 0)  # P1 dies on P0's turn: counts too ([A], FS-Q.32)
    resolution.priority(g, 0)
    assert g.players[1].dead and g.coop.timer == 7
    row = kinds(g, "timer")[-1]
    assert (row[5], row[8], row[6], row[7]) == (None, 1, 7, "death")  # target_seat 1
    died_at = next(i for i, r in enumerate(g.log.rows) if r[3] == "player_died")
    assert g.log.rows[died_at + 1][3] == "timer"  # at the death, before the penalty


def test_FS_17_4_competitive_deaths_have_no_timer():
    g = position(2)
    damage.kill(g, g.players[1], 0)
    resolution.priority(g, 0)
    assert g.players[1].dead and not kinds(g, "timer") and g.coop is None


# --------------------------------------------------------------------------- FS-17.5 / FS-17.6 goal


def test_FS_17_5_combined_goal_reached_wins_for_every_character():
    g = coop_position(3)
    add_soul(g, 0)
    add_soul(g, 1, 2)
    checks.state_checks(g)  # 3 < 4: nothing
    add_soul(g, 2)
    with pytest.raises(GameOver) as over:
        checks.state_checks(g)
    assert over.value.winners == (0, 1, 2) and not isinstance(over.value, coop.TimerOut)


def test_FS_17_5_no_competitive_win_for_one_character():
    """FS-14.1 does not apply: on hard (goal 6) one character with 4 souls has not won."""
    g = coop_position(2, difficulty="hard")
    for _ in range(4):
        add_soul(g, 0)
    checks.state_checks(g)
    add_soul(g, 1, 2)
    with pytest.raises(GameOver) as over:
        checks.state_checks(g)
    assert over.value.winners == (0, 1)


def test_FS_17_6_difficulty_goals():
    assert [make_config(2, 5, variant="solo", difficulty=d).soul_goal for d in coop.GOALS] == [4, 6, 8]
    g = coop_position(2, difficulty="ultra-hard")
    for _ in range(7):
        add_soul(g, 0)
    checks.state_checks(g)
    add_soul(g, 1)
    with pytest.raises(GameOver):
        checks.state_checks(g)


def test_FS_17_6_soul_cap_counts_at_most_cap_per_character():
    g = coop_position(2, difficulty="hard", soul_cap=4)
    for _ in range(6):
        add_soul(g, 0)
    assert coop.combined(g) == 4
    checks.state_checks(g)  # 6 held by one character count 4 < 6
    assert len(g.players[0].souls) == 6  # decision: souls above the cap are still held
    add_soul(g, 1, 2)
    with pytest.raises(GameOver):
        checks.state_checks(g)


def test_FS_17_5_timer_at_zero_loses():
    g = coop_position(2)
    g.coop.timer = 1
    with pytest.raises(coop.TimerOut) as over:
        damage.kill(g, g.players[0], -1)
        resolution.priority(g, 0)
    assert over.value.winners == () and g.over and g.coop.timer == 0


def test_FS_Q_33_a_win_stands_before_the_round_end_decrement():
    g = coop_position(2)
    g.coop.timer = 1
    for seat in (0, 1):  # the souls were gained but no state check ran yet
        for _ in range(2):
            g.players[seat].souls.append(g.new_obj(phys(g, monster("Boss", soul=1)), "soul", seat))
    g.active = 0
    coop.turn_done(g)
    g.active = 1
    with pytest.raises(GameOver) as over:
        coop.turn_done(g)
    assert over.value.winners == (0, 1) and g.coop.timer == 1  # won: the timer never reached 0


def test_FS_Q_33_a_win_stands_when_the_last_tick_is_a_death():
    g = coop_position(2)
    g.coop.timer = 1
    for _ in range(4):
        g.players[1].souls.append(g.new_obj(phys(g, monster("Boss", soul=1)), "soul", 1))
    with pytest.raises(GameOver) as over:
        damage.kill(g, g.players[0], -1)
        resolution.priority(g, 0)
    assert over.value.winners == (0, 1)


# --------------------------------------------------------------------------- results


def _play(cfg, seed, strat="random"):
    n = cfg.n_players
    return checked_play(cfg, seed, Players([STRATEGIES[strat](i, random.Random(seed + i)) for i in range(n)]))


def test_results_win_is_every_seat_and_loss_is_no_winner_timer():
    cfg = make_config(3, 400, variant="co-op")
    seen = set()
    for seed in range(40):
        r = _play(cfg, seed, "sensible")
        over = r.events.rows[-1]
        assert over[3] == "game_over"
        if r.end_reason == "win":
            assert r.winners == (0, 1, 2) and over[7] == "win" and over[5] == "0,1,2"
        else:
            assert r.end_reason == "no_winner" and r.winners == () and over[7] == "timer"
            assert timers(r.events.rows)[-1][0] == 0
        assert all(r.seat_outcome(s) == ("win" if r.winners else "loss") for s in range(3))
        seen.add(r.end_reason)
    assert seen == {"win", "no_winner"}


def test_results_turn_cap_stays_turn_cap():
    cfg = make_config(2, 3, variant="solo")
    r = GAME.play(cfg, 1, scripted_table(2))
    assert r.end_reason == "turn_cap" and r.winners == ()
    assert r.events.rows[-1][7] == "turn_cap"


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**31),
    n=st.sampled_from([2, 3, 4]),
    solo=st.booleans(),
    difficulty=st.sampled_from(list(coop.GOALS)),
    strat=st.sampled_from(["random", "sensible"]),
)
def test_timer_log_is_consistent_in_full_games(seed, n, solo, difficulty, strat):
    """Every tick is −1; a death tick follows its player_died row; a round tick follows the turn_end that
    completes a round; the game is lost exactly when the timer shows 0, and won exactly when the combined
    soul value reached the goal."""
    cfg = make_config(2 if solo else n, 400, variant="solo" if solo else "co-op", difficulty=difficulty)
    n = cfg.n_players
    r = _play(cfg, seed, strat)
    rows = r.events.rows
    values = [v for v, _ in timers(rows)]
    assert values == list(range(8, 8 - len(values), -1))
    seen: set = set()
    for i, row in enumerate(rows):
        if row[3] == "turn_end":
            seen.add(row[2])
        if row[3] != "timer" or row[7] == "start":
            continue
        if row[7] == "death":
            assert rows[i - 1][3] == "player_died" and rows[i - 1][2] == row[8]
        else:
            assert row[7] == "round" and rows[i - 1][3] == "turn_end" and len(seen) == n
            seen = set()
    deaths = sum(1 for row in rows if row[3] == "player_died")
    assert sum(1 for _, why in timers(rows) if why == "death") == deaths
    assert (r.end_reason == "no_winner") == (values[-1] == 0)
    combined = sum(seat.columns["souls"] for seat in r.seats)
    assert (combined >= cfg.soul_goal) == (r.end_reason == "win")  # FS-Q.33: no loss with the goal met


@pytest.mark.parametrize("strat", ["random", "sensible"])
@pytest.mark.parametrize(("variant", "n"), [("solo", 2), ("co-op", 2), ("co-op", 3), ("co-op", 4)])
def test_full_games_checked(variant, n, strat):
    cfg = make_config(n, 400, variant=variant, difficulty="hard" if n == 4 else "normal")
    for seed in range(24):
        r = _play(cfg, 1000 * n + seed, strat)
        # or a random player loops a free ability till the runaway guard ends the game as a turn cap
        # (FS-4.7): at 2017 a dead player, dealt damage as [A] says (FS-Q.21), recharges Forever Alone
        # each time Cursed Psy Horf hurts them for using it
        assert r.end_reason in ("win", "no_winner") or r.events.rows[-1][7] == "resolution_cap"
        assert len(r.seats) == cfg.n_players


def test_full_games_soul_cap_checked():
    cfg = make_config(4, 400, variant="co-op", difficulty="ultra-hard", soul_cap=4)
    for seed in range(6):
        assert _play(cfg, seed, "sensible").end_reason in ("win", "no_winner")


# --------------------------------------------------------------------------- options and CLI


def test_options_bad_values_are_one_line_errors():
    with pytest.raises(UserError, match="--variant solo plays two characters"):
        make_config(3, 10, variant="solo")
    with pytest.raises(UserError, match="two different modes"):
        make_config(2, 10, variant=("solo", "co-op"))
    with pytest.raises(UserError, match="--difficulty must be one of normal, hard, ultra-hard"):
        make_config(2, 10, variant="solo", difficulty="insane")
    with pytest.raises(UserError, match="--difficulty hard needs --variant solo or co-op"):
        make_config(2, 10, difficulty="hard")
    with pytest.raises(UserError, match="--soul-cap 2 needs --variant solo or co-op"):
        make_config(2, 10, soul_cap=2)
    with pytest.raises(UserError, match="--soul-cap must be 0"):
        make_config(2, 10, variant="co-op", soul_cap=-1)
    with pytest.raises(UserError, match="can never reach the hard goal of 6"):
        make_config(2, 10, variant="solo", difficulty="hard", soul_cap=2)
    with pytest.raises(UserError, match="--characters names 3 characters for 2 players"):
        make_config(4, 10, variant="solo", characters="Isaac,Maggy,Cain")
    assert make_config(2, 10, variant="solo", characters="Isaac,Maggy").characters == ("Isaac", "Maggy")


def test_cli_solo_run_records_two_seats_and_reports_the_timer(tmp_path):
    args = ["simulate", "four-souls", "--variant", "solo", "--difficulty", "hard", "-n", "6", "-q"]
    args += ["--out", str(tmp_path), "--name", "s"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    manifest = manifest_of(tmp_path / "s")
    assert manifest["n_players"] == 2 and manifest["config"]["difficulty"] == "hard"
    report = CliRunner().invoke(cli, ["report", str(tmp_path / "s")])
    assert report.exit_code == 0, report.output
    assert "Win probability against the timer (solo; difficulty hard)" in report.output
    listing = CliRunner().invoke(cli, ["games"])
    line = next(ln for ln in listing.output.splitlines() if "co-op" in ln)
    assert "NOT IMPLEMENTED" not in line


# --------------------------------------------------------------------------- the sensible player


def _decision(g, seat, kind, options, context=None):
    return Decision(kind, seat, tuple(options), g.views[seat], context)


def test_view_says_coop_timer_and_goal():
    g = coop_position(2, difficulty="hard")
    v = g.views[1]
    assert v.coop and v.timer == 8 and v.soul_goal == 6
    assert not position(2).views[0].coop


def test_sensible_never_spoils_a_partners_roll_or_card():
    g = coop_position(2)
    me = STRATEGIES["sensible"](1, random.Random(0))
    roll = StackRef(0, "roll", "attack", 0, 6, True)
    loot = StackRef(0, "loot", "Lost Soul", 0, None, False)  # a soul for P0: a rival would cancel it
    lost_soul = load_pool().by_name["Lost Soul"]
    g.stack.append(items.LootItem(phys(g, lost_soul), 0, None))  # the players read the card itself
    for top in (roll, loot):
        assert me.declines("respond", g.views[1], top)
    rival = position(2)
    rival.stack.append(items.LootItem(phys(rival, lost_soul), 0, None))
    assert not STRATEGIES["sensible"](1, random.Random(0)).declines("respond", rival.views[1], loot)


def test_sensible_coop_curse_and_harm_go_to_the_sturdiest_character():
    g = coop_position(3)
    g.players[2].damage = 1  # P2 is hurt: the curse and the harm go to a healthy character
    g.players[0].souls.append(g.new_obj(phys(g, monster("Boss", soul=1)), "soul", 0))
    me = STRATEGIES["sensible"](2, random.Random(0))
    curse = me.choose(_decision(g, 2, "give_curse", g.players))
    assert curse.seat == 1  # P0 and P1 share the most HP; P1 holds fewer souls
    harm = me.choose(_decision(g, 2, "choose_target", [SeatRef(0), SeatRef(1), SeatRef(2)], "Bomb!"))
    assert harm.seat == 1
    rival = position(3)
    rival.players[0].souls.append(rival.new_obj(phys(rival, monster("Boss", soul=1)), "soul", 0))
    them = STRATEGIES["sensible"](2, random.Random(0))
    assert them.choose(_decision(rival, 2, "give_curse", rival.players)).seat == 0  # the leader


def test_sensible_shields_a_partner_from_a_lethal_hit_only_in_coop():
    """FS-17.4: a partner's death costs the team a tick, so a free shield that can target a player is
    used on the partner the monster is about to kill; in the competitive game the window is declined."""
    for is_coop in (True, False):
        g = coop_position(2) if is_coop else position(2)
        blob = add_slot_monster(g, monster("Blob", hp=3, attack=2))
        g.attack = Attack(0, blob)
        yum = give_item(g, 1, POOL.by_name["Yum Heart"], eternal=True, starting=True)
        hit = StackRef(0, "damage", "Blob", -1, 2, True)  # 2 combat damage to P0, who has 2 HP
        me = STRATEGIES["sensible"](1, random.Random(0))
        assert me.declines("respond", g.views[1], hit) is not is_coop
        if not is_coop:
            continue
        pick = me.choose(_decision(g, 1, "respond", ["pass", ("tap", yum, 0)], hit))
        assert pick == ("tap", yum, 0)
        target = me.choose(_decision(g, 1, "choose_target", [SeatRef(0), SeatRef(1), blob], "Yum Heart"))
        assert target == SeatRef(0)


def test_FS_10_11_sensible_kills_the_monster_whose_lethal_hit_on_a_partner_waits():
    """FS-17.4: a partner's death costs the team a tick; killing the monster while its hit waits ends the
    attack and the hit fizzles (FS-10.11). P1 holds a ↷ item that deals 1 damage: it kills the 1-HP monster
    whose 2 combat damage would kill P0, as it would for itself. The session-26 player answered a
    partner's hit with a shield only, and passed without one."""
    g = coop_position(2)
    blob = add_slot_monster(g, monster("Blob", hp=1, attack=2))
    g.attack = Attack(0, blob)
    sling = give_item(g, 1, card("Sling", "treasure", "active", abilities=[SLING]))
    hit = StackRef(0, "damage", "Blob", -1, 2, True)  # 2 combat damage to P0, who has 2 HP
    me = STRATEGIES["sensible"](1, random.Random(0))
    assert not me.declines("respond", g.views[1], hit)
    assert me.choose(_decision(g, 1, "respond", ["pass", ("tap", sling, 0)], hit)) == ("tap", sling, 0)
    ref = g.views[1].monsters[0].ref
    assert me.choose(_decision(g, 1, "choose_target", [SeatRef(0), SeatRef(1), ref], "Sling")) == ref


def test_FS_6_21_sensible_plays_a_plus_damage_on_a_partners_waiting_hit():
    """FS-17: one team. P0 (2 HP) hits a 2-HP monster of evasion 5 dealing 2 for 1: its combat damage waits.
    The fight going on (the monster at 1, hit 1 time in 3, a miss kills P0) is lost 2 times in 3, so
    P1's VII. The Chariot (+1 damage to a player) aimed at P0 makes the hit the kill: (2/3) × (1 + 4) = 3.3
    over the card kept (2). The session-26 player never answered a partner's hit."""
    g = coop_position(2)
    blob = add_slot_monster(g, monster("Blob", hp=2, evasion=5, attack=2))
    g.attack = Attack(0, blob)
    give_loot(g, 1, POOL.by_name["VII. The Chariot"])
    chariot = g.views[1].hand[0]
    hit = StackRef(0, "damage", "Blob", 0, 1, True)  # P0's 1 combat damage to the monster
    me = STRATEGIES["sensible"](1, random.Random(0))
    assert not me.declines("respond", g.views[1], hit)
    assert me.choose(_decision(g, 1, "respond", ["pass", ("loot", chariot)], hit)) == ("loot", chariot)
    assert me.choose(
        _decision(g, 1, "choose_target", [SeatRef(0), SeatRef(1)], "VII. The Chariot")
    ) == SeatRef(0)


SLING = {"tap": {"targets": {"T": "monster"}, "do": {"deal_damage": {"n": 1, "to": "T"}}}}
