"""``sensible`` keeps its character's ↷ (the only loot play outside its own turn, FS-Q.34) when it holds a shot
that kills an attacker (FS-10.11) and a rival is within two souls of winning, as it does for rerolls, shields
and cancels. Seat 0 is the strategy under test, on its own turn; seat 1 is scripted (it passes). The old
player counted only those three as answers and spent the ↷ on a second gain card."""

from __future__ import annotations

from cardlab.simulate.four_souls import fixtures as fx
from tests.four_souls.strategy_table import own_turn, strategy_table


def _turn(rival_souls: int):
    """P0 holds two 1¢ cards and Bomb! (a shot of 1 at any player or monster), its ↷ charged; P1 has
    ``rival_souls`` souls. P0's own turn with no attack."""
    g = strategy_table(2, charged=True)
    fx.loot_fillers(g, 10)
    for _ in range(rival_souls):
        g.players[1].souls.append(g.new_obj(fx.phys(g, fx.monster("Old Boss", soul=1)), "soul", 1))
    for name in ("A Penny!", "A Penny!", "Bomb!"):
        fx.give_loot(g, 0, fx.real(name))
    own_turn(g)
    return g


def test_FS_Q_34_the_loot_play_is_kept_for_a_shot_when_a_rival_is_close():
    """P1 has 2 souls: P0 plays one 1¢ card with its loot play and keeps the ↷ for Bomb! in P1's turn."""
    g = _turn(rival_souls=2)
    assert g.players[0].character.charged
    assert [r[4] for r in fx.kinds(g, "loot_played")] == ["A Penny!"]


def test_FS_Q_34_the_loot_play_is_spent_while_no_rival_is_close():
    """P1 has no soul: P0 uses its ↷ for the second 1¢ card."""
    g = _turn(rival_souls=0)
    assert not g.players[0].character.charged
    assert [r[4] for r in fx.kinds(g, "loot_played")] == ["A Penny!", "A Penny!"]
