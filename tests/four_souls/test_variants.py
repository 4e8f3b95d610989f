"""Setup variants (FS-20): each implemented variant's rule, combinations, explicit refusal of the ones
not implemented, full games with variants, and the CLI."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardlab.cli import cli
from cardlab.simulate.core import Players, UserError
from cardlab.simulate.four_souls import GAME, make_config, setup
from cardlab.simulate.four_souls.variants import VARIANTS
from cardlab.strategies.four_souls import STRATEGIES
from tests.kernel_helpers import manifest_of

DRAFT_KINDS = ("draft_character", "draft_item", "eden_item")


class Recorder:
    """Takes the last option of draft decisions (records them), random elsewhere."""

    name = "recorder"

    def __init__(self, seat, rng, log=None):
        self.seat, self.rng, self.log = seat, rng, log if log is not None else []

    def choose(self, decision):
        if decision.kind in DRAFT_KINDS:
            self.log.append((decision.kind, decision.seat, tuple(decision.options)))
            return decision.options[-1]
        return decision.options[self.rng.randrange(len(decision.options))]


def _game(cfg, seed=1):
    log: list = []
    players = Players([Recorder(i, random.Random(seed * 7 + i), log) for i in range(cfg.n_players)])
    return setup.new_game(cfg, seed, players), log


def test_FS_16_no_rooms_plays_the_same_games():
    """Rooms off is how every game is played (Base V2 has no rooms): the same seed gives the same game."""

    def events(variant):
        players = Players([STRATEGIES["random"](i, random.Random(7 + i)) for i in range(3)])
        return GAME.play(make_config(3, 60, variant=variant), 7, players).events.rows

    assert events(("no-rooms",)) == events(())


def _extra_items(p):
    return [o for o in p.items if not o.starting and not o.eternal]


def test_FS_2_6_no_bonus_souls():
    g, _ = _game(make_config(3, 10, variant="no-bonus-souls"))
    assert g.bonus == []
    g, _ = _game(make_config(3, 10))
    assert len(g.bonus) == 3


def test_FS_20_3_eden_only_one_eden_card_spares_stand_in():
    for seed in range(4):
        g, _ = _game(make_config(4, 10, variant="eden-only"), seed)
        names = [p.character.phys.card.name for p in g.players]
        assert names.count("Eden") == 1 and len(set(names)) == 4


def test_FS_20_3_eden_only_every_player_with_enough_edens():
    cfg = make_config(4, 10, variant="eden-only", set=("Eden.copies=4",))
    g, log = _game(cfg, 3)
    assert [p.character.phys.card.name for p in g.players] == ["Eden"] * 4
    # FS-2.8 / FS-Q.29: each Eden picks its own starting item from 3 treasure, in turn order from the first
    assert [seat for kind, seat, _ in log if kind == "eden_item"] == [(g.first + k) % 4 for k in range(4)]
    assert all(sum(o.starting for o in p.items) == 1 for p in g.players)


def test_FS_20_7_character_draft_picks_in_turn_from_what_is_left():
    g, log = _game(make_config(4, 10, variant="character-draft"), 5)
    picks = [(seat, opts) for kind, seat, opts in log if kind == "draft_character"]
    assert len(picks) == 4
    start = picks[0][0]
    assert [s for s, _ in picks] == [(start + k) % 4 for k in range(4)]
    assert [len(o) for _, o in picks] == [11, 10, 9, 8]  # all 11 Base V2 characters, one fewer each pick
    for seat, opts in picks:
        assert g.players[seat].character.phys.card is opts[-1]
        for _s, later in picks[picks.index((seat, opts)) + 1 :]:
            assert opts[-1] not in later


def test_FS_20_7_character_choice_deals_two_each():
    g, log = _game(make_config(4, 10, variant="character-choice"), 6)
    picks = [(seat, opts) for kind, seat, opts in log if kind == "draft_character"]
    assert [s for s, _ in picks] == [0, 1, 2, 3]
    assert all(len(o) == 2 for _, o in picks)
    dealt = [c for _, o in picks for c in o]
    assert len(set(id(c) for c in dealt)) == 8  # nobody shares a card
    assert all(g.players[s].character.phys.card is o[-1] for s, o in picks)


def test_FS_20_1_mini_draft_two_players():
    g, log = _game(make_config(2, 10, variant="mini-draft"), 2)
    picks = [(seat, opts) for kind, seat, opts in log if kind == "draft_item"]
    first, other = g.first, 1 - g.first
    # round 1: 3 revealed, first player picks, then the other; round 2 swapped (FS-20.1)
    assert [s for s, _ in picks] == [first, other, other, first]
    assert [len(o) for _, o in picks] == [3, 2, 3, 2]
    for p in g.players:
        assert len(_extra_items(p)) == 2
    leftovers = [o for o in picks[1][1] if o is not picks[1][1][-1]] + [
        o for o in picks[3][1] if o is not picks[3][1][-1]
    ]
    # the card left over each round goes to the bottom of the treasure deck (the list's start)
    assert [c.ref for c in g.treasure[:2]] == [leftovers[1], leftovers[0]]


def test_FS_20_2_mini_draft_more_players_snake():
    g, log = _game(make_config(4, 10, variant="mini-draft"), 9)
    picks = [(seat, opts) for kind, seat, opts in log if kind == "draft_item"]
    order = [(g.first + k) % 4 for k in range(4)]
    assert [s for s, _ in picks] == order + order[::-1]
    assert [len(o) for _, o in picks] == [5, 4, 3, 2] * 2  # players + 1 revealed each round
    assert all(len(_extra_items(p)) == 2 for p in g.players)
    gained = [e for e in g.log.rows if e[3] == "item_gained" and e[7] == "mini_draft"]
    assert len(gained) == 8


def test_FS_20_6_casino_eternal_slot_machine_each():
    cfg = make_config(3, 10, variant="casino")
    g, _ = _game(cfg, 1)
    for p in g.players:
        slots = [o for o in p.items if o.phys.card.name == "Portable Slot Machine"]
        assert len(slots) == 1 and slots[0].eternal
    r = GAME.play(cfg, 1, Players([STRATEGIES["random"](i, random.Random(i)) for i in range(3)]))
    assert r.columns["treasure_cards"] == 105  # the copies are not deck cards


@pytest.mark.parametrize("name", [v.name for v in VARIANTS.values() if not v.implemented])
def test_not_implemented_variants_refuse_with_one_line(name):
    with pytest.raises(UserError) as err:
        make_config(2, 10, variant=name)
    text = str(err.value)
    assert text.startswith(f"four-souls: --variant {name} (") and "is not implemented" in text
    assert "\n" not in text
    assert "NOT IMPLEMENTED" in GAME.variants[name]


def test_variant_conflicts_and_unknowns():
    with pytest.raises(UserError, match="both decide the characters"):
        make_config(4, 10, variant=("eden-only", "character-draft"))
    with pytest.raises(UserError, match="decides the characters; do not also give --characters"):
        make_config(4, 10, variant="character-choice", characters="Isaac")
    with pytest.raises(UserError, match="--variant must be one of"):
        make_config(4, 10, variant="mini-drfat")
    cfg = make_config(4, 10, variant=("mini-draft", "standard", "casino", "mini-draft"))
    assert cfg.variant == ("casino", "mini-draft")


@pytest.mark.parametrize("n", [2, 3, 4])
def test_full_games_with_combined_variants(n):
    combos = [
        ("mini-draft", "casino", "no-bonus-souls"),
        ("character-draft", "mini-draft"),
        ("eden-only",),
        ("character-choice", "casino"),
    ]
    for k, combo in enumerate(combos):
        cfg = make_config(n, 120, variant=combo, ratio="official", fill="from-other")
        seed = 100 * n + k
        r = GAME.play(
            cfg, seed, Players([STRATEGIES["random"](i, random.Random(seed + i)) for i in range(n)])
        )
        assert r.end_reason in ("win", "draw", "turn_cap")
        assert r.columns["monster_cards"] == 100 or n == 2


def test_cli_variants_recorded_and_listed(tmp_path):
    args = ["simulate", "four-souls", "--variant", "mini-draft", "--variant", "casino", "-n", "2", "-q"]
    args += ["-s", "random", "--max-turns", "40", "--out", str(tmp_path), "--name", "v"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    manifest = manifest_of(tmp_path / "v")
    assert manifest["config"]["variant"] == ["casino", "mini-draft"]
    bad = CliRunner().invoke(
        cli, ["simulate", "four-souls", "--variant", "challenge", "--out", str(tmp_path)]
    )
    assert bad.exit_code == 2 and bad.output.startswith("error: four-souls: --variant challenge (FS-18.1)")
    listing = CliRunner().invoke(cli, ["games"])
    assert "mini-draft" in listing.output and "challenge" in listing.output
    assert "NOT IMPLEMENTED" not in listing.output  # every Four Souls variant runs (FS-18 since challenges)


# Each variant's own state lives in its module's object on the Game, None when the variant is off (issue 17:
# variant state with its variant, not fields of every game).
VARIANT_STATE = {
    "two-player": ("two_player", "TwoPlayer"),
    "soul-trading": ("soul_trading", "SoulTrading"),
    "extended-trade": ("trade", "Trade"),
    "rooms": ("rooms", "Rooms"),
}


@pytest.mark.parametrize("variant", sorted(VARIANT_STATE))
def test_each_variant_keeps_its_state_in_its_own_object(variant):
    from cardlab.simulate.four_souls import fixtures

    rooms = Path(__file__).parent / "cards_testonly" / "rooms.yaml"  # --variant rooms needs room cards
    g = fixtures.position(2, variant=(variant,), **({"cards": (str(rooms),)} if variant == "rooms" else {}))
    attr, cls = VARIANT_STATE[variant]
    state = getattr(g, attr)
    assert type(state).__name__ == cls and type(state).__module__.endswith("." + attr)  # its module's
    others = [a for a, _ in VARIANT_STATE.values() if a != attr] + ["coop", "challenge"]
    assert all(getattr(g, a) is None for a in others), variant


def test_co_op_and_challenge_state_are_made_by_their_setup():
    cfg = make_config(2, 30, variant=("co-op",))
    g = setup.new_game(cfg, 3, Players([STRATEGIES["random"](i, random.Random(i)) for i in range(2)]))
    assert type(g.coop).__name__ == "Coop" and g.coop.timer == 8 and g.challenge is None
    g = setup.new_game(
        make_config(2, 30), 3, Players([STRATEGIES["random"](i, random.Random(i)) for i in range(2)])
    )
    assert all(
        getattr(g, a) is None for a in ("coop", "challenge", "rooms", "two_player", "soul_trading", "trade")
    )
