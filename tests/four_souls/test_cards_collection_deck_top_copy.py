"""An ambush that turns into the monster deck's top card when attacked and comes back to a hand when it leaves
play (Monster Card of Anniversary, issue 19): FS-5.10 (a copy), FS-4.14 (ambush), FS-5.4 (leaving play
replaced), FS-13.4 (the copied reward). A position, the card at work, the exact outcome, the rule in each
name."""

from __future__ import annotations

from cardlab.simulate.four_souls import damage, statics, triggers, zones
from cardlab.simulate.four_souls import fixtures as fx


def _monster_card(top):
    g = fx.position(2)
    fx.loot_fillers(g, 10)
    g.active = 0
    g.monster.extend(fx.phys(g, fx.monster(f"Next{i}", hp=9)) for i in range(3))
    g.monster.append(fx.phys(g, top))
    mc = fx.add_slot_monster(g, fx.by_id("ani-monster_card"))
    return g, mc


def test_FS_5_10_FS_13_4_monster_card_attacked_copies_the_top_monster_then_pays_its_reward_and_goes_to_hand():
    """Attacked, it becomes a copy of the monster deck's top card (3 HP, evasion 2, 4c reward), which stays
    on top; killed, the active player gains the copied 4c and the card goes to their hand, not the loot
    discard (FS-5.4)."""
    g, mc = _monster_card(fx.monster("Top", hp=3, evasion=2, attack=1, rewards={"cents": 4}))
    assert statics.monster_hp(g, mc) == 6
    triggers.fire(g, "attacked", target=mc)
    fx.settle(g)
    assert statics.monster_hp(g, mc) == 3 and statics.evasion(g, mc) == 2
    assert g.monster[-1].card.name == "Top"
    cents = g.players[0].cents
    assert damage.kill(g, mc, 0)
    fx.settle(g)
    assert g.players[0].cents == cents + 4
    assert mc.phys in g.players[0].hand and mc.phys not in g.loot_disc
    fx.check_invariants(g)


def test_FS_5_4_monster_card_under_an_event_on_top_stays_itself_and_a_move_sends_it_to_the_active_hand():
    """The top card has no stat block: no copy (6 HP still), but leaving play is replaced all the same —
    moved to the loot discard by an effect on player 1's turn, it goes to player 1's hand."""
    g, mc = _monster_card(fx.card("An Event", deck="monster", kind="bad_event"))
    triggers.fire(g, "attacked", target=mc)
    fx.settle(g)
    assert statics.monster_hp(g, mc) == 6 and mc in g.to_hand
    g.active = 1
    assert zones.leave_play(g, mc)
    g.loot_disc.append(mc.phys)
    fx.settle(g)
    assert mc.phys in g.players[1].hand and mc.phys not in g.loot_disc and not g.to_hand
    fx.check_invariants(g)
