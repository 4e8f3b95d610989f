"""Issue 19: monsters whose printed reward is an effect (FS-13.4 step 3) — Holy Greed's discount, its
counters from purchases and its reward paid per counter."""

from __future__ import annotations

from cardlab.simulate.four_souls import counters, damage, resolution, statics, turn
from cardlab.simulate.four_souls.counters import count as counters_of
from cardlab.simulate.four_souls.fixtures import (
    add_shop_item,
    add_slot_monster,
    by_id,
    card,
    check_invariants,
    kinds,
    loot_fillers,
    phys,
    position,
    settle,
    take_cents,
)


def _buy_the_ware(d):
    return next((o for o in d.options if o != "treasure_deck"), None) if d.kind == "buy_target" else None


def test_FS_11_3_FS_13_4_holy_greed_cuts_shop_prices_counts_the_cents_paid_and_pays_them_back():
    """Holy Greed out: a shop item costs the active player 7¢ (a deck-top purchase still 10¢, and a
    non-active player's price is not read); the shop purchase puts 7 counters on it; killed, it pays the
    active player its soul and 7¢ (1¢ a counter)."""
    g = position(2, plans={0: _buy_the_ware})
    loot_fillers(g, 10)
    g.treasure.extend(phys(g, card(f"T{i}", deck="treasure", kind="passive")) for i in range(3))
    g.active = 0
    me = g.players[0]
    greed = add_slot_monster(g, by_id("soi-holy_greed"))
    assert (statics.price(g, me, True), statics.price(g, me, False)) == (7, 10)
    assert statics.price(g, g.players[1], True) == 10
    add_shop_item(g, card("Ware", deck="treasure", kind="passive"))
    take_cents(g, 0, 20)
    g.purchases_left = 1
    turn.purchase(g, 0)
    resolution.priority(g, g.active)
    assert me.cents == 13 and counters_of(greed) == 7
    assert damage.kill(g, greed, 0)
    settle(g)
    assert me.cents == 20 and sum(s.soul_value for s in me.souls) == 1
    check_invariants(g)


def test_FS_10_7_FS_5_14_game_squid_toughens_the_monster_calls_a_partner_and_pays_hp_counters():
    """Game Squid (seat 0 attacks a 2-HP monster): it becomes 3 HP this turn; seat 2, asked, joins the
    attack; hits of 6 kill it on the third roll (seat 0, seat 2, seat 0), not the second. Each player who
    rolled at it puts an HP counter on an item of theirs without one (seat 0: not on its counted item, here
    on Game Squid itself, its first choice); seat 1, who never rolled, gets none."""
    from cardlab.simulate.four_souls import attack
    from cardlab.simulate.four_souls.fixtures import character, give_item, monster

    def seat0(d):
        if d.kind == "may":
            return True
        if d.kind == "choose_target":
            return next((o for o in d.options if getattr(o, "seat", -1) == 2), None)
        return None

    g = position(
        3,
        chars=[character("A", hp=3), character("B", hp=3), character("C", hp=3)],
        plans={0: seat0, 2: lambda d: True if d.kind == "may" else None},
        rolls=[6, 6, 6, 6],
    )
    loot_fillers(g, 10)
    g.active = 0
    give_item(g, 0, by_id("ani-game_squid"))
    marked = give_item(g, 0, card("Marked", deck="treasure", kind="passive"))
    counters.add(g, marked, 1, "hp")
    give_item(g, 0, card("Bare", deck="treasure", kind="passive"))
    theirs = give_item(g, 2, card("Theirs", deck="treasure", kind="passive"))
    other = give_item(g, 1, card("Other", deck="treasure", kind="passive"))
    m = add_slot_monster(g, monster("Pair", hp=2, evasion=3, attack=1, rewards={"cents": 1}))
    before = statics.player_max_hp(g, g.players[2])
    assert attack.run_attack(g, 0, m)
    settle(g)
    assert [r[2] for r in kinds(g, "roll") if r[7] == "final"] == [0, 2, 0]
    assert [counters_of(o, "hp") for o in (*g.players[0].items, theirs, other)] == [1, 1, 0, 1, 0]
    assert statics.player_max_hp(g, g.players[2]) == before + 1
    assert g.players[2].cents == 1  # the partner shares the rewards (FS-10.7)
    check_invariants(g)
