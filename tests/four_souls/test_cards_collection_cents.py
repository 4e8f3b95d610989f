"""Issue 19: the ``gained_cents`` trigger (FS-6.11: cents from the bank, not given or stolen) with Magnet and
Blast Miner TNT!."""

from __future__ import annotations

from cardlab.simulate.four_souls import plays, resources
from cardlab.simulate.four_souls.cards import load_pool
from cardlab.simulate.four_souls.fixtures import check_invariants, give_item, loot_fillers, position, settle


def test_FS_6_11_magnet_takes_one_cent_of_each_gain_from_the_bank_but_not_of_a_give():
    """Magnet (seat 0): seat 1 gains 3¢ from the bank and hands 1¢ to seat 0 (a give, FS-6.12: seat 0's
    cents so got are no gain of theirs); seat 0's own gain of 4¢ triggers nothing."""
    g = position(2)
    loot_fillers(g, 10)
    g.active = 0
    give_item(g, 0, load_pool().by_id["fsp2-magnet"])
    resources.gain_cents(g, g.players[1], 3, "test")
    settle(g)
    assert (g.players[0].cents, g.players[1].cents) == (1, 2)
    resources.gain_cents(g, g.players[0], 4, "test")
    settle(g)
    assert (g.players[0].cents, g.players[1].cents) == (5, 2)
    check_invariants(g)


def test_FS_6_11_blast_miner_tnt_recharges_on_a_gain_of_three_cents_or_more():
    """Blast Miner TNT!: used (roll 1: 1 damage to its controller), it stays spent after a 2¢ gain and
    recharges after a 3¢ gain."""
    g = position(2, rolls=[1])
    loot_fillers(g, 10)
    g.active = 0
    tnt = give_item(g, 0, load_pool().by_id["soi-blast_miner_tnt"])
    me = g.players[0]
    assert plays.take_action(g, 0, ("tap", tnt, 0))
    settle(g)
    assert me.damage == 1 and not tnt.charged
    resources.gain_cents(g, me, 2, "test")
    settle(g)
    assert not tnt.charged
    resources.gain_cents(g, me, 3, "test")
    settle(g)
    assert tnt.charged
    check_invariants(g)


def test_FS_6_11_pumpkin_mask_gained_destroys_itself_and_takes_one_of_the_top_ten_treasures():
    """Pumpkin Mask: gained from the treasure deck, it is destroyed and its holder picks one of the next
    ten treasures (the fourth here), which enters play under them; the other nine go under the deck, so the
    two cards below the ten are on top again."""
    from cardlab.simulate.four_souls.fixtures import card, phys

    picked = []

    def take(d):
        if d.kind == "take":
            picked.append(d.options[3])
            return d.options[3]
        return None

    g = position(2, plans={0: take})
    loot_fillers(g, 10)
    g.active = 0
    others = [phys(g, card(f"T{i}", deck="treasure", kind="passive")) for i in range(12)]
    g.treasure.extend(others)
    g.treasure.append(phys(g, load_pool().by_id["p-pumpkin_mask"]))
    assert resources.gain_treasure(g, g.players[0], "test")
    settle(g)
    names = [o.phys.card.name for o in g.players[0].items]
    assert names == ["T8"] and len(picked) == 1
    assert [c.card.name for c in g.treasure[-2:]] == ["T0", "T1"] and len(g.treasure) == 11  # the top two
    assert {c.card.name for c in g.treasure[:9]} == {f"T{i}" for i in range(2, 12)} - {"T8"}
    assert "Pumpkin Mask" in [c.card.name for c in g.treasure_disc]
    check_invariants(g)
