"""``--set CARD.FIELD=VALUE`` card overrides: applied on top of the card files before compiling, recorded
in the config and the card-data hash, with one-line errors."""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner

from cardlab.cli import cli
from cardlab.simulate.core import Players, UserError, config_hash
from cardlab.simulate.four_souls import GAME, make_config, setup
from cardlab.simulate.four_souls.decks import supply
from cardlab.strategies.four_souls import STRATEGIES
from tests.kernel_helpers import manifest_of


def _card(cfg, name):
    return next(c for c in supply(cfg).pool.cards if c.name == name)


def test_overrides_change_the_facts():
    cfg = make_config(
        4,
        10,
        set=(
            "Gurdy.hp=6",
            "gurdy.evasion=2",
            "Bomb!.copies=0",
            "Gurdy.rewards.cents=9",
            "Big Spider.reward.loot=roll",
            "Isaac.attack=3",
            "Pills!.kind=other",
        ),
    )
    gurdy = _card(cfg, "Gurdy")
    assert (gurdy.hp, gurdy.evasion, gurdy.rewards["cents"]) == (6, 2, 9)
    assert _card(cfg, "Bomb!").copies == 0
    assert _card(cfg, "Big Spider").rewards["loot"] == "roll"
    assert _card(cfg, "Isaac").attack == 3
    assert all(c.kind == "other" for c in supply(cfg).pool.cards if c.name == "Pills!")
    assert cfg.overrides[0] == "Gurdy.hp=6"
    base = make_config(4, 10)
    assert _card(base, "Gurdy").hp != 6 or _card(base, "Gurdy").evasion != 2  # the files are untouched


def test_override_reaches_the_game():
    cfg = make_config(2, 10, set=("Bomb!.copies=0", "Isaac.hp=7"), characters="Isaac")
    players = Players([STRATEGIES["random"](i, random.Random(i)) for i in range(2)])
    g = setup.new_game(cfg, 4, players)
    assert not [p for p in g.all_phys if p.card.name == "Bomb!"]
    assert g.players[0].character.phys.card.hp == 7


def test_overrides_are_in_the_hashes():
    a, b = make_config(4, 10), make_config(4, 10, set=("Gurdy.hp=6",))
    assert config_hash(a) != config_hash(b)
    assert GAME.card_data_hash(a) != GAME.card_data_hash(b)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Gurdyy.hp=6", "four-souls: --set 'Gurdyy.hp=6': unknown card 'Gurdyy' — did you mean 'Gurdy'?"),
        ("Gurdy.hpp=6", "four-souls: --set 'Gurdy.hpp=6': unknown field 'hpp' — did you mean 'hp'?"),
        ("Gurdy.hp=x", "four-souls: --set 'Gurdy.hp=x': hp must be a whole number 1–999, got 'x'"),
        ("Gurdy.hp=-1", "four-souls: --set 'Gurdy.hp=-1': hp must be a whole number 1–999, got '-1'"),
        ("Gurdy.hp", "four-souls: --set 'Gurdy.hp': expected CARD.FIELD=VALUE (e.g. 'Gurdy.hp=6')"),
        ("Gurdy=6", "four-souls: --set 'Gurdy=6': expected CARD.FIELD=VALUE (e.g. 'Gurdy.hp=6')"),
        (
            "Bomb!.hp=3",
            "four-souls: --set 'Bomb!.hp=3': Bomb! is a loot card; hp is for character/monster cards",
        ),
        (
            "Gurdy.kind=bos",
            "four-souls: --set 'Gurdy.kind=bos': unknown monster kind 'bos'",
        ),
        (
            "Gurdy.players_3plus=maybe",
            "four-souls: --set 'Gurdy.players_3plus=maybe': players_3plus must be true or false, got 'maybe'",
        ),
        (
            "Gurdy.rewards.cents=lots",
            "four-souls: --set 'Gurdy.rewards.cents=lots': rewards.cents must be a whole number 0–999 or 'roll', "
            "got 'lots'",
        ),
    ],
)
def test_override_errors_are_one_line(text, message):
    with pytest.raises(UserError) as err:
        make_config(4, 10, set=(text,))
    assert str(err.value).startswith(message)
    assert "\n" not in str(err.value)


def test_override_can_move_a_card_between_ratio_categories():
    # FS-19.4: put a card wherever is convenient — here Gurdy counts as an epic boss
    cfg = make_config(4, 10, set=("Gurdy.kind=epic_boss",), ratio_count=("epic_boss=5",))
    assert _card(cfg, "Gurdy").kind == "epic_boss"


def test_cli_set_is_recorded(tmp_path):
    args = ["simulate", "four-souls", "--set", "Gurdy.hp=6", "--set", "Bomb!.copies=0", "-n", "2", "-q"]
    args += ["-s", "random", "--max-turns", "40", "--out", str(tmp_path), "--name", "o"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    manifest = manifest_of(tmp_path / "o")
    assert manifest["config"]["overrides"] == ["Gurdy.hp=6", "Bomb!.copies=0"]
    bad = CliRunner().invoke(cli, ["simulate", "four-souls", "--set", "Gurdi.hp=6", "--out", str(tmp_path)])
    assert bad.exit_code == 2
    assert (
        bad.output.strip()
        == "error: four-souls: --set 'Gurdi.hp=6': unknown card 'Gurdi' — did you mean 'Gurdy'?"
    )
