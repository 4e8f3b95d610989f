"""Issue 19: searching a deck for any card into the hand (Alt Art Devil Deal), taking two of the top seven
(Eden's Soul) and a cancelled loot card taken back into a hand (Mugger Bean!) — FS-3.4, FS-6.9, FS-3.7."""

from __future__ import annotations

from cardlab.simulate.four_souls import interpreter, plays
from cardlab.simulate.four_souls.fixtures import (
    by_id,
    card,
    character,
    check_invariants,
    deck,
    give_item,
    give_loot,
    position,
    real,
    settle,
)
from cardlab.simulate.four_souls.rules import compile_card
from cardlab.simulate.four_souls.statics import Ctx


def test_FS_3_4_alt_art_devil_deal_third_mode_takes_the_chosen_loot_card_into_the_hand():
    """The third mode: 2 damage to the active player, who picks Bomb among the loot deck's cards; it goes
    to their hand and the deck is shuffled (the other cards stay in it)."""

    def plan(d):
        if d.kind == "choose_mode":
            return d.options[2]
        if d.kind == "take":
            return next(c for c in d.options if c.card.name == "Bomb")
        return None

    g = position(2, chars=[character("A", hp=4), character("B")], plans={0: plan})
    g.active = 0
    deck(g, "loot", [card("Penny"), card("Bomb"), card("Sack")])
    do = compile_card(by_id("aa-devil_deal")).events[0].do
    interpreter.run(Ctx(g, 0, None, name="Devil Deal"), do)
    settle(g)
    assert [c.card.name for c in g.players[0].hand] == ["Bomb"] and g.players[0].damage == 2
    assert sorted(c.card.name for c in g.loot) == ["Penny", "Sack"]


def test_FS_3_4_edens_soul_enters_deactivated_and_gains_two_of_the_top_seven():
    g = position(2)
    g.active = 0
    deck(g, "treasure", [card(f"T{i}", deck="treasure", kind="passive") for i in range(9)])
    eden = give_item(g, 0, by_id("box-edens_soul"))
    assert not eden.charged  # FS-5.5: it enters play deactivated
    eden.charged = True
    assert plays.take_action(g, 0, ("tap", eden, 0))
    settle(g)
    assert [o.phys.card.name for o in g.players[0].items] == ["T0", "T1"]
    assert {c.card.name for c in g.treasure[-2:]} == {"T7", "T8"} and len(g.treasure) == 7  # the rest under
    check_invariants(g)


def test_FS_6_9_mugger_bean_cancels_a_loot_and_takes_it_into_its_players_hand():
    """Seat 1 plays 3 Cents!; seat 0 answers with Mugger Bean!: no cents for seat 1, and the 3 Cents! card
    is in seat 0's hand, not the discard."""
    answer = lambda d: next((o for o in d.options if o != "pass"), None)  # noqa: E731
    g = position(2, plans={0: answer})
    g.active = 1
    cents = give_loot(g, 1, real("3 Cents!"))
    give_loot(g, 0, by_id("soi-mugger_bean"))
    g.players[0].loot_plays = g.players[1].loot_plays = 1
    assert plays.take_action(g, 1, ("loot", cents))
    settle(g)
    assert g.players[1].cents == 0 and cents in g.players[0].hand and cents not in g.loot_disc
    check_invariants(g)


def test_players_read_mugger_bean_as_a_cancel_and_use_mutant_spider_on_their_own_turn():
    """The players' reading: Mugger Bean! answers like Butter Bean! (role ``cancel``); Mutant Spider's
    delayed reroll is worth a roll fix on my turn (above the sensible ↷ bar, 0.4), little on another's."""
    from cardlab.strategies.four_souls import reading
    from cardlab.strategies.four_souls import valuing as vl

    assert reading.role(compile_card(by_id("soi-mugger_bean")).play) == "cancel"
    tap = compile_card(by_id("fsp2-mutant_spider")).tap[0]
    assert (
        vl.ability_value(tap, vl.Outlook(my_turn=True))
        > 0.4
        > vl.ability_value(tap, vl.Outlook(my_turn=False))
    )
