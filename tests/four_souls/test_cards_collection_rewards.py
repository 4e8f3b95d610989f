"""Issue 19: sharing a dead monster's rewards — the ``gained_rewards`` trigger and the ``gain_rewards`` verb
(FS-13.4 step 3) — with Lollypop, whose character (Pink Knight) is dealt now; and Grubfather."""

from __future__ import annotations

from cardlab.simulate.four_souls import damage, plays, statics, zones
from cardlab.simulate.four_souls.cards import load_pool
from cardlab.simulate.four_souls.decks import build_supply
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    card,
    check_invariants,
    give_item,
    loot_fillers,
    monster,
    phys,
    position,
    settle,
)
from cardlab.simulate.four_souls.refs import SeatRef


def test_FS_13_4_lollypop_shares_its_players_rewards_and_takes_half_of_a_rivals():
    """Lollypop (seat 0): seat 0 kills a monster worth 4¢ and 1 loot — seat 0 gets them and picks seat 2,
    who gets them too (seat 1 nothing). Then seat 1, active, kills one worth 5¢ and 3 loot: seat 1 gets
    them, seat 0 half of each rounded down (2¢, 1 loot), and seat 2's share above never echoed back."""

    def lolly(d):
        if d.kind == "choose_target":
            return next(o for o in d.options if isinstance(o, SeatRef) and o.seat == 2)
        return None

    g = position(3, plans={0: lolly})
    loot_fillers(g, 30)
    g.monster.extend(phys(g, monster(f"Next{i}", hp=2)) for i in range(4))
    give_item(g, 0, load_pool().by_id["rwz-lollypop"])
    g.active = 0
    start = [(p.cents, len(p.hand)) for p in g.players]
    first = add_slot_monster(g, monster("Purse", hp=2, rewards={"cents": 4, "loot": 1}))
    assert damage.kill(g, first, 0)
    settle(g)
    got = [(p.cents - c, len(p.hand) - h) for p, (c, h) in zip(g.players, start, strict=True)]
    assert got == [(4, 1), (0, 0), (4, 1)]
    g.active = 1
    start = [(p.cents, len(p.hand)) for p in g.players]
    second = add_slot_monster(g, monster("Sack", hp=2, rewards={"cents": 5, "loot": 3}))
    assert damage.kill(g, second, 1)
    settle(g)
    got = [(p.cents - c, len(p.hand) - h) for p, (c, h) in zip(g.players, start, strict=True)]
    assert got == [(2, 1), (5, 3), (0, 0)]
    check_invariants(g)


def test_pink_knight_is_dealt_now_that_lollypop_runs():
    supply = build_supply(load_pool(), 4)
    assert "Pink Knight" in {c.name for c in supply.characters}


def test_FS_10_8_grubfather_becomes_an_item_that_raises_evasion_while_its_holder_has_a_non_eternal_item():
    """Grubfather: revealed, it becomes the active player's eternal item (FS-3.2). On its holder's turn,
    with a non-eternal item of theirs in play, monsters have +1 evasion (FS-10.8); without one, or on
    another player's turn, not. $ destroy one of your items: it goes to another player."""
    g = position(2)
    loot_fillers(g, 10)
    g.active = 0
    g.monster.extend(phys(g, monster(f"Next{i}", hp=2)) for i in range(3))
    blob = add_slot_monster(g, monster("Blob", hp=2, evasion=3))
    g.mslots.append([])
    zones.reveal_into_slot(g, phys(g, load_pool().by_id["rwz-grubfather"]), len(g.mslots) - 1)
    settle(g)
    grub = next(o for o in g.players[0].items if o.phys.card.name == "Grubfather")
    assert grub.eternal and statics.evasion(g, blob) == 3
    junk = give_item(g, 0, card("Junk", deck="treasure", kind="passive"))
    assert statics.evasion(g, blob) == 4
    g.active = 1
    assert statics.evasion(g, blob) == 3
    g.active = 0
    assert plays.take_action(g, 0, ("paid", grub, 0))
    settle(g)
    assert not junk.in_play and grub in g.players[1].items and statics.evasion(g, blob) == 3
    check_invariants(g)
