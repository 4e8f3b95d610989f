"""Which bar a loot card must clear to take the turn's loot play (``sensible``'s ``_valued``): a card that
could answer or hit a monster later — one with a target — must be worth ``keep_bar`` now; a card without a
target (a roll table, HP paid for cents, a lock for the rest of the turn) is worth no more later than now, so
``loot_bar`` is its bar. Before, every card that was not a plain gain waited for ``keep_bar``, and cards such
as XIV. Temperance, X. Wheel Of Fortune and Get Out of Jail Card were held in about nine holdings of ten.
Seat 0 is the strategy under test; seat 1 is scripted (it passes)."""

from __future__ import annotations

from cardlab.simulate.four_souls.fixtures import give_loot, kinds, real
from tests.four_souls.strategy_table import own_turn, strategy_table


def _played(cards: list[str], rolls: tuple = (3,), hp: int = 3) -> list[str]:
    """The loot P0 (``hp`` HP) plays in its own turn with no attack, holding ``cards`` and one loot play
    (FS-8.4)."""
    g = strategy_table(2, rolls=rolls, hp=hp)
    for name in cards:
        give_loot(g, 0, real(name))
    own_turn(g, attacks=0)
    return [r[4] for r in kinds(g, "loot_played")]


def test_FS_8_4_a_roll_table_without_a_target_takes_the_play_over_a_penny():
    """X. Wheel Of Fortune (a roll table, mostly gains) is worth more to P0 (2 HP) than A Penny! (1¢) and
    has no target to wait for: it takes the one loot play; the old bar (``keep_bar``, the card read as harm:
    one face damages me) let the Penny take it."""
    assert _played(["A Penny!", "X. Wheel Of Fortune"], hp=2) == ["X. Wheel Of Fortune"]


def test_FS_8_4_a_lock_for_the_rest_of_my_turn_is_played_in_my_turn():
    """Get Out of Jail Card (no other player plays loot or activates an item this turn, FS-7.3) only
    works in the turn it is played: with no target to wait for it takes the loot play over the Penny."""
    assert _played(["A Penny!", "Get Out of Jail Card"]) == ["Get Out of Jail Card"]


def test_FS_8_4_a_card_with_a_target_is_kept_for_a_better_one():
    """Bomb! (3 damage to a chosen monster or player) with no monster worth it is kept at ``keep_bar``: the
    Penny takes the play."""
    assert _played(["A Penny!", "Bomb!"]) == ["A Penny!"]
