"""Decision kinds are declared (issue 17 item 5): every kind a game asks is in its ``GameSpec.decision_kinds``,
every declared kind is asked in some seeded games of random players (or is listed below with the reason it
is not), and checked play stops at an undeclared kind."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from cardlab.simulate import games
from cardlab.simulate.core import DecisionKind, InvariantError, Players
from cardlab.strategies import registry

# Each game: the configs played (every variant that asks a kind of its own) and the seeds of each.
PLAYED = {
    "four-souls": (
        [
            {"n_players": 2},
            {"n_players": 3},
            {"n_players": 4},
            {"n_players": 2, "variant": ("two-player",)},
            {"n_players": 3, "variant": ("character-draft", "mini-draft", "extended-trade", "soul-trading")},
            {"n_players": 3, "variant": ("character-choice",)},
            {"n_players": 3, "variant": ("rooms",), "cards": ("tests/four_souls/cards_testonly/rooms.yaml",)},
        ],
        range(2),
    ),
    "gosu-x": (
        [{"n_players": 2}, {"n_players": 2, "clans": "golem+goan_sul+narasimha/xian+tomorrow+phoenix"}],
        range(12),
    ),
    "hidden-reason": ([{"n_players": 2}, {"n_players": 3}, {"n_players": 4}], range(4)),
    "pig": ([{"n_players": 2}], range(2)),
}

# Declared kinds these games do not ask, and why (each is asked by one card in rare positions).
NOT_ASKED = {
    "four-souls": {
        "choose_ability": "only Placebo asks it, copying an item that has several ↷ abilities",
        "choose_item": "only a steal-an-item effect, when the victim has several non-eternal items",
        "take": "only a look-at-the-top-and-take-one effect with several cards seen",
        "change_number": "only Magic Marker (Requiem) and The Real Left Hand (Warp Zone): not Base V2 cards",
        "step_counter": "only Marbles (Requiem), on a card holding counters: not a Base V2 card",
        "bid": "only Auction Gavel (Requiem), when another player can bid: not a Base V2 card",
        "divide_damage": "only Pestilence's death, when the active player splits its damage over several targets: "
        "some seed sets of random players reach it, these may not",
    },
    "gosu-x": {
        "pass_now": "only Golem, played on its owner's turn while holding no activation token",
        "return_token": "only Petal Faeries or Alpha (Dead) while their player has tokens both spent and on cards",
    },
}


def _asked(name: str, monkeypatch: pytest.MonkeyPatch) -> Counter:
    """The kinds asked in the game's seeded games, every game under checked play."""
    spec = games.get(name)
    strategy = registry.for_game(name)["random"]
    seen: Counter = Counter()
    ask = Players.ask

    def recording(self: Players, decision):  # noqa: ANN001, ANN202
        seen[decision.kind] += 1
        return ask(self, decision)

    monkeypatch.setattr(Players, "ask", recording)
    configs, seeds = PLAYED[name]
    for options in configs:
        config = spec.make_config(max_turns=spec.default_max_turns, **options)
        for seed in seeds:
            players = Players([strategy(s, random.Random(seed * 31 + s)) for s in range(config.n_players)])
            spec.checked_play(config, seed, players)
    return seen


@pytest.mark.parametrize("name", sorted(PLAYED))
def test_every_kind_asked_is_declared_and_every_declared_kind_is_asked(name, monkeypatch):
    declared = set(games.get(name).decision_kinds)
    seen = _asked(name, monkeypatch)
    assert set(seen) <= declared, f"undeclared kinds asked: {sorted(set(seen) - declared)}"
    unexplained = declared - set(seen) - set(NOT_ASKED.get(name, {}))
    assert not unexplained, f"{name}: declared kinds never asked (ask them or list them with a reason)"
    assert set(NOT_ASKED.get(name, {})) <= declared


def test_every_game_declares_its_kinds():
    for name in (*games.BUILTIN, "pig"):  # the engines and the kernel's test game (other fixtures vary)
        spec = games.get(name)
        assert name in PLAYED, f"{name}: add its games to PLAYED"
        assert spec.decision_kinds, f"{name} declares no decision kinds"
        for kind, what in spec.decision_kinds.items():
            assert kind.isidentifier() and isinstance(what, DecisionKind) and what.asks and what.options


def test_checked_play_stops_at_an_undeclared_kind():
    spec = games.get("pig")
    narrowed = dataclasses.replace(spec, decision_kinds={"other": DecisionKind("x", "y")})
    strategy = registry.for_game("pig")["random"]
    config = spec.make_config(n_players=2, max_turns=50)
    with pytest.raises(InvariantError, match="'roll_or_hold' decision, a kind its game does not declare"):
        narrowed.checked_play(config, 1, Players([strategy(s, random.Random(s)) for s in range(2)]))
    # the same game with its own declarations, and unchecked play, are unaffected
    assert spec.checked_play(config, 1, Players([strategy(s, random.Random(s)) for s in range(2)]))
    assert narrowed.play(config, 1, Players([strategy(s, random.Random(s)) for s in range(2)]))
