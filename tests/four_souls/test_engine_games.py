"""Full games end to end: random and sensible players, 2–4 players; invariants after every turn;
determinism; the GameSpec contract."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlab.simulate.core import Players, UserError, stream
from cardlab.simulate.four_souls import GAME, make_config, resolution, run_game
from cardlab.simulate.four_souls.fixtures import check_invariants
from cardlab.strategies.four_souls import STRATEGIES


def _players(name: str, n: int, seed: int) -> Players:
    return Players([STRATEGIES[name](i, stream(seed, "strategy", i)) for i in range(n)])


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_complete(n):
    cfg = make_config(n, 250)
    for seed in range(12):
        r = GAME.play(cfg, seed, _players("random", n, seed))
        assert r.end_reason in ("win", "draw", "turn_cap")
        assert len(r.seats) == n
        for s in r.seats:
            assert set(s.columns) == set(GAME.player_columns)
            assert s.score == s.columns["souls"]
        kinds = {row[3] for row in r.events.rows}
        assert kinds <= GAME.event_kinds
        assert r.events.rows[-1][3] == "game_over"
        if r.end_reason == "win":
            assert r.seats[r.winners[0]].columns["souls"] >= 4


@settings(max_examples=12, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(2, 4), seed=st.integers(0, 10**9), strat=st.sampled_from(["random", "sensible"]))
def test_invariants_hold_every_turn(n, seed, strat):
    """Every card in exactly one zone; 100¢ conserved; HP within 0..max; no negative counts; the game
    ends (soul win, draw or a recorded turn cap)."""

    cfg = make_config(n, 120)
    original = resolution.resolve_top

    def checked(g):  # the invariants hold between any two stack resolutions, not only between turns
        original(g)
        check_invariants(g)

    resolution.resolve_top = checked
    try:
        r = run_game(cfg, seed, _players(strat, n, seed), True, check_invariants)
    finally:
        resolution.resolve_top = original
    assert r.end_reason in ("win", "draw", "turn_cap")
    assert r.turns <= 120
    if r.end_reason == "turn_cap":
        assert r.winners == ()


def test_same_seed_same_events():
    cfg = make_config(3, 200)
    a = GAME.play(cfg, 77, _players("random", 3, 77))
    b = GAME.play(cfg, 77, _players("random", 3, 77))
    assert a.events.rows == b.events.rows
    c = GAME.play(cfg, 78, _players("random", 3, 78))
    assert c.events.rows != a.events.rows


def test_turn_cap_is_recorded():
    r = GAME.play(make_config(2, 1), 5, _players("sensible", 2, 5))
    assert r.end_reason == "turn_cap" and r.winners == () and r.turns == 1
    assert r.events.rows[-1][3] == "game_over" and r.events.rows[-1][7] == "turn_cap"


def test_make_config_validates():
    with pytest.raises(UserError):
        make_config(5, 10)
    with pytest.raises(UserError):
        make_config(2, 10, variant="challenge")  # FS-18: not implemented
    with pytest.raises(UserError, match="unknown or unavailable character"):
        GAME.play(make_config(2, 10, characters="Nobody"), 1, _players("random", 2, 1))
    cfg = make_config(2, 10, characters="Isaac,Maggy", variant="no-bonus-souls")
    r = GAME.play(cfg, 3, _players("random", 2, 3))
    assert [s.columns["character"] for s in r.seats] == ["Isaac", "Maggy"]
    assert not [row for row in r.events.rows if row[3] == "bonus_soul_gained"]


def test_left_out_cards_and_hash():
    cfg = make_config(4, 10)
    assert GAME.left_out_cards(cfg) == {}  # every Base V2 card runs
    assert len(GAME.card_data_hash(cfg)) == 16


def test_unimplemented_cards_are_left_out_with_a_reason():
    from cardlab.simulate.four_souls.cards import load_pool
    from cardlab.simulate.four_souls.decks import build_supply
    from cardlab.simulate.four_souls.fixtures import card

    pool = load_pool()
    odd = [
        card("Mystery", abilities=({"play": {"do": {"hook": "no_such_hook"}}},), hook="no_such_hook"),
        card("Old", implemented=False, reason="waiting for a ruling"),
        card("Trap", abilities=({"play": {"do": {"no_such_verb": 1}}},)),
        card(
            "Shiny", abilities=({"play": {"targets": {"I": {"item": ["shiny"]}}, "do": {"recharge": "I"}}},)
        ),
    ]
    fake = type(pool)(pool.cards + tuple(odd), pool.by_id, pool.by_name, pool.files, pool.hash)
    s = build_supply(fake, 4)
    assert "hook 'no_such_hook' not implemented" in s.left_out["Mystery"]
    assert s.left_out["Old"] == "waiting for a ruling"
    assert "no_such_verb" in s.left_out["Trap"]
    assert "filter 'shiny' not implemented" in s.left_out["Shiny"]
    assert all(c.name not in ("Mystery", "Old", "Trap") for c, _n in s.loot)


def test_describe_event_reads():
    r = GAME.play(make_config(2, 3), 1, _players("sensible", 2, 1))
    for row in r.events.rows[:30]:
        assert isinstance(GAME.describe_event(row), str)


def test_check_cards_summary():
    out = GAME.check_cards("decklists/four_souls")
    assert "engine" in out


def test_cards_option_replaces_cards_by_id(tmp_path):
    from cardlab.simulate.four_souls.decks import supply

    f = tmp_path / "gurdy.yaml"
    f.write_text(
        "set: base_v2\ndeck: monster\ncards:\n  - id: b2-gurdy\n    name: Gurdy\n    kind: normal_boss\n"
        "    copies: 1\n    hp: 9\n    evasion: 4\n    attack: 1\n    rewards: {cents: 7}\n    soul: 1\n",
        encoding="utf-8",
    )
    cfg = make_config(2, 10, cards=(str(f),))
    s = supply(cfg)
    assert s.pool.by_id["b2-gurdy"].hp == 9 and len(s.pool.cards) > 200
    assert GAME.card_data_hash(cfg) != GAME.card_data_hash(make_config(2, 10))
    r = GAME.play(cfg, 1, _players("random", 2, 1))
    assert r.end_reason in ("win", "draw", "turn_cap")
    with pytest.raises(UserError):
        supply(make_config(2, 10, cards=(str(tmp_path / "missing.yaml"),)))


def test_decisions_expose_only_public_or_own_information():
    """DESIGN: a decision's view and options never reveal another hand or a deck order."""
    from cardlab.simulate.four_souls.items import StackItem
    from cardlab.simulate.four_souls.state import Game, Player

    seen = []

    class Spy:
        name = "spy"

        def __init__(self, seat, rng):
            self.inner = STRATEGIES["random"](seat, rng)
            self.seat = seat

        def choose(self, d):
            assert d.seat == self.seat
            for o in d.options:
                assert not isinstance(o, (Player, StackItem, Game))
                if isinstance(o, tuple):
                    assert not any(isinstance(x, (Player, StackItem, Game)) for x in o)
            assert not isinstance(d.context, (Player, StackItem, Game))
            v = d.view
            assert v.seat == self.seat and not hasattr(v, "__dict__")
            seen.append(d.kind)
            return self.inner.choose(d)

    for seed in range(4):
        GAME.play(make_config(3, 80), seed, Players([Spy(i, stream(seed, "strategy", i)) for i in range(3)]))
    assert "respond" in seen and "action" in seen
