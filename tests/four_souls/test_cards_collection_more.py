"""Expansion cards encoded in the effect vocabulary (issue 19), each with the exact outcome of the rule
its encoding needed; rule IDs in the names."""

from __future__ import annotations

from cardlab.simulate.four_souls import resources
from cardlab.simulate.four_souls.fixtures import (
    card,
    character,
    check_invariants,
    give_item,
    phys,
    position,
    real,
)
from cardlab.simulate.four_souls.selectors import candidates
from cardlab.simulate.four_souls.statics import Ctx


def _loot_deck(g, n: int) -> None:
    g.loot.extend(phys(g, card(f"Deck{i}")) for i in range(n))


def test_FS_5_4_would_loot_replacements_add_one_and_lucky_toe_leaves_the_loot_step_alone():
    """Bag-o-Holes: every loot of yours draws one more, the loot step's too (FS-8.3); Lucky Toe: one more
    except in the loot step. Both on one player: each applies once to the same loot (FS-5.6)."""
    g = position(2)
    _loot_deck(g, 30)
    p0, p1 = g.players
    give_item(g, 0, real("Bag-o-Holes"))
    resources.loot(g, p0, 2, "test")
    assert len(p0.hand) == 3
    resources.loot(g, p0, 1, "loot_step")
    assert len(p0.hand) == 5
    give_item(g, 1, real("Lucky Toe"))
    resources.loot(g, p1, 1, "test")
    assert len(p1.hand) == 2
    resources.loot(g, p1, 1, "loot_step")
    assert len(p1.hand) == 3
    give_item(g, 0, real("Lucky Toe"))
    resources.loot(g, p0, 1, "test")
    assert len(p0.hand) == 5 + 3
    check_invariants(g)


def test_a_player_is_named_by_their_character_for_football():
    """Football's "each player who controls a character named Johnny": the name filter on players reads
    the character card (Blind Johnny is not named Johnny)."""
    g = position(3, chars=[character("Johnny"), character("Blind Johnny"), character("Johnny")])
    ctx = Ctx(g, 0, None, name="test")
    assert [p.seat for p in candidates(ctx, {"player": [{"name": "Johnny"}]})] == [0, 2]
