"""GX-9.2: the Great Battle totals the army's combat values; the rulebook prints 2 / 3 / 5 for levels I /
II / III and sets no order among them, so `--combat-values` takes any three whole numbers 0–50 (5,3,2 and
0,0,0 included: a designer's experiment, docs/gosu_x.md). The players value cards with the game's values,
not the printed 2, 3, 5; the Golem (Avatar) bonus (GX-14) is logged only when it applies, not whenever its
value exceeds the hero value (true of an avatar given `combat: 4` with no bounty card in sight)."""

from __future__ import annotations

import dataclasses

from click.testing import CliRunner

from cardlab.cli import cli
from cardlab.simulate.gosu_x.battle import battle_total, great_battle
from cardlab.simulate.gosu_x.scenario import events, find, make_state, to_army
from cardlab.simulate.gosu_x.views import View
from cardlab.strategies.gosu_x.valuing import Valuer


def test_GX_9_2_players_value_a_card_at_the_games_combat_values():
    """A level-I card in hand is worth its level's combat value under the game's --combat-values."""
    worths = []
    for combat in ("2,3,5", "9,3,5"):
        st = make_state(combat=combat)
        card = find(st, 0, "Lava Goddesses")
        worths.append(Valuer(0).card_worth(View(st, 0), card.d))
    assert worths[1] - worths[0] == 7.0, worths  # old code: the same worth under both (LEVEL_VALUE 2)


def test_GX_14_avatar_bonus_is_logged_only_when_a_bounty_doubles_it():
    """GX-14: Golem (Avatar) doubles against a shown bounty card. An avatar given `combat: 4` (above the
    hero value 3) and no bounty card: its 4 counts, and no avatar bonus is logged."""
    st = make_state(("Golem", "Goan Sul", "Phoenix"), ("Xian", "Themis", "Tomorrow"))
    avatar = to_army(st, 0, "Golem (Avatar)")
    avatar.d = dataclasses.replace(avatar.d, combat=4)
    assert battle_total(st, 0) == 4
    great_battle(st)
    assert [e for e in events(st, "battle_bonus") if "avatar" in e] == []  # old code: one, amount 2
    shown = make_state(("Golem", "Goan Sul", "Phoenix"), ("Xian", "Themis", "Tomorrow"))
    avatar = to_army(shown, 0, "Golem (Avatar)")
    avatar.d = dataclasses.replace(avatar.d, combat=4)
    to_army(shown, 1, "All in One")  # a printed bounty card (GX-12.9)
    assert battle_total(shown, 0) == 8
    great_battle(shown)
    assert [e[6] for e in events(shown, "battle_bonus") if "avatar" in e] == [4]


def test_GX_9_2_descending_and_zero_combat_values_play(tmp_path):
    for values in ("5,3,2", "0,0,0"):
        args = ["simulate", "gosu-x", "-n", "2", "-j", "1", "-q", "--out", str(tmp_path), "--name", values]
        result = CliRunner().invoke(cli, [*args, "--combat-values", values])
        assert result.exit_code == 0, result.output
