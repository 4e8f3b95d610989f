"""The players' view of what a stack item aims at (``View.stack_targets``, FS-3.3): a target that has left the
stack is no longer listed (a sensible 4-player game over the whole collection, seed 4589736005667197946,
failed on a copied loot cancelled under an ability aimed at it)."""

from __future__ import annotations

from cardlab.simulate.four_souls import asking
from cardlab.simulate.four_souls.abilities import Ability
from cardlab.simulate.four_souls.fixtures import card, phys, position
from cardlab.simulate.four_souls.items import AbilityItem, LootItem
from cardlab.simulate.four_souls.statics import Ctx


def test_FS_3_3_a_stack_item_aimed_at_a_loot_that_left_the_stack_lists_only_what_is_still_there():
    g = position(2, rolls=[])
    gone = LootItem(phys(g, card("Gone")), 1, Ctx(g, 1))
    ab = AbilityItem(None, Ability("on", "nothing"), 0, Ctx(g, 0, binds={"S": gone, "P": g.players[1]}))
    g.stack.append(ab)
    ref = asking.stack_ref(g, ab)
    assert g.views[0].stack_targets(ref) == (asking.public(g, g.players[1]),)
    g.stack.insert(0, gone)
    assert len(g.views[0].stack_targets(asking.stack_ref(g, ab))) == 2
