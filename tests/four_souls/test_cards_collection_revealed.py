"""Issue 19: hands revealed to every player (FS-3.7): Four Souls+ Guppy's Eye."""

from __future__ import annotations

import random

from cardlab.simulate.four_souls import branching
from cardlab.simulate.four_souls.fixtures import by_id, card, give_item, give_loot, loot_fillers, position


def test_FS_3_7_guppys_eye_opens_every_other_hand_to_all_players_not_its_holders():
    """Seat 0 holds Guppy's Eye: seats 0 and 2 see seat 1's hand, seat 1 and seat 2 do not see seat 0's."""
    g = position(3)
    a, b = give_loot(g, 1, card("A")), give_loot(g, 1, card("B"))
    mine = give_loot(g, 0, card("Mine"))
    give_item(g, 0, by_id("fsp2-guppys_eye"))
    g.obj_ver += 1
    assert g.views[0].known_cards(1) == (a.ref, b.ref) == g.views[2].known_cards(1)
    assert mine.ref not in g.views[1].known_cards(0) and g.views[2].known_cards(0) == ()


def test_FS_3_7_a_search_never_re_deals_a_revealed_hand():
    """Search's determinization re-deals hidden cards only: seat 1's revealed hand stays as it is."""
    g = position(2)
    loot_fillers(g, 10)
    hand = [give_loot(g, 1, card(f"H{i}")) for i in range(3)]
    give_item(g, 0, by_id("fsp2-guppys_eye"))
    g.obj_ver += 1
    branching.determinize(g, 0, random.Random(5))
    assert g.players[1].hand == hand
