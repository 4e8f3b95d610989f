"""The value model (each verb's and hook's ``aim`` in its registry entry, ``strategies/four_souls/valuing``): every verb
and hook has one, and ``sensible`` uses a designer's new cards assembled from existing verbs about as
often as the printed cards with the same verbs — it reads effects, not names."""

from __future__ import annotations

from pathlib import Path

import polars as pl
from click.testing import CliRunner

from cardlab.cli import cli
from cardlab.simulate.four_souls import make_config
from cardlab.simulate.four_souls.decks import supply
from cardlab.simulate.four_souls.state import Phys
from cardlab.simulate.four_souls.vocabulary import HOOKS, VERBS, Aim
from cardlab.strategies.four_souls import reading
from cardlab.strategies.four_souls import valuing as vl
from cardlab.strategies.four_souls.reading import self_destroying

DATA = Path(__file__).parent / "data"


def test_every_verb_and_hook_has_a_value_model():
    for word in [*VERBS.values(), *HOOKS.values()]:
        assert isinstance(word.aim, Aim), word.name
    assert set(vl.AIMS) == set(VERBS) and set(vl.HOOK_AIMS) == set(HOOKS)


def _rules(name: str, cards: tuple = ()):
    s = supply(make_config(4, cards=cards))
    card = next(c for c in s.pool.cards if c.name == name)
    return Phys(0, card, s.rules[card.id])


def test_a_soul_steal_is_worth_most_when_a_rival_has_a_soul_and_nothing_before():
    shovel = _rules("Mom’s Shovel").rules.acts[0][2]
    hook = _rules("Soul Hook", (str(DATA / "new_verbs_items.yaml"),)).rules.acts[0][2]
    for ab in (shovel, hook):
        assert vl.ability_value(ab, vl.Outlook(leader_souls=1, rival=0.4)) > 8
        assert vl.ability_value(ab, vl.Outlook(leader_souls=0, rival=0.4)) < 0


def test_an_extra_turn_is_worth_a_play_only_in_my_turn():
    sun = _rules("XIX. The Sun").rules.play
    assert vl.ability_value(sun, vl.Outlook(my_turn=True)) >= 8
    assert vl.ability_value(sun, vl.Outlook(my_turn=False)) <= 0


def test_eden_reads_one_use_and_destroyed_only_items():
    """FS-2.8 / FS-4.12: an eternal item cannot be destroyed, so these never work as Eden's pick."""
    for name in ("The Chest", "Pandora’s Box", "Box!", "Mom’s Shovel"):
        assert self_destroying(_rules(name))
    for name in ("The D6", "Sack Of Pennies", "Breakfast", "Portable Slot Machine"):
        assert not self_destroying(_rules(name))


def _usage(run: Path) -> dict[str, float]:
    e = pl.read_parquet(str(run / "events" / "*.parquet")).with_columns(
        pl.col("kind").cast(pl.String), pl.col("card").cast(pl.String)
    )
    held = e.filter(pl.col("kind") == "item_gained").select("game_id", "seat", "card").unique()
    used = e.filter(pl.col("kind") == "item_activated").select("game_id", "seat", "card").unique()
    h = held.group_by("card").len()
    u = used.join(held, on=["game_id", "seat", "card"]).group_by("card").len()
    counts = h.join(u, on="card", how="left", suffix="_used").fill_null(0)
    return {r["card"]: (r["len_used"], r["len"]) for r in counts.iter_rows(named=True)}


def test_new_items_from_existing_verbs_are_used_like_printed_ones(tmp_path):
    """Soul Hook (↷ destroy itself: take a soul from the soul leader, as Mom's Shovel),
    Loot Press ($ pay 3¢: loot 2) and Penny Tap (↷ gain 2¢, as Sack Of Pennies' first ability) are
    activated in most of the games a player holds them."""
    args = ["simulate", "four-souls", "--out", str(tmp_path), "--name", "new", "-q", "-j", "1"]
    args += ["-n", "60", "--seed", "4", "--players", "4", "-s", "sensible"]
    args += ["--cards", str(DATA / "new_verbs_items.yaml")]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    usage = _usage(tmp_path / "new")
    for name in ("Soul Hook", "Loot Press", "Penny Tap"):
        used, held = usage.get(name, (0, 0))
        assert held >= 5, (name, held)
        assert used / held >= 0.5, (name, used, held)


def test_shared_reading_memo_reads_each_ability_once_by_identity_and_stays_bounded():
    """The process-wide memo of the pure readings (issue 20): one read per ability object, a stale entry
    under a reused id is read afresh, and a full table is emptied before it grows."""
    calls: list = []

    def read(ab):
        calls.append(ab)
        return len(calls)

    a, b, other = object(), object(), object()
    memo = reading.Memo(read)
    assert memo.of(a) == 1
    assert memo.of(a) == 1  # remembered
    memo.table[id(b)] = (other, 99)  # another object once held b's id
    assert memo.of(b) == 2
    memo.table = {i: (None, 0) for i in range(reading._SHARED_MAX)}
    assert memo.of(a) == 3 and len(memo.table) == 1
