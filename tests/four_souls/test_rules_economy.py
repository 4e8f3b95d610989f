"""The Four Souls economy (FS-15, with the verbs it rests on: FS-6.5 lose, FS-6.6 pay, FS-6.11 gain, FS-6.12
give and steal, FS-13.9's 1¢, FS-2.9's starting ¢), checked against the official extended rules ([A],
000_…txt: "Получить и Отдать", "Оплата", "Сброс ¢", "Обмен", the solo/co-op "Другие правила") and the fan
rules' FAQ on an empty bank ([C], 003_…txt). Each scenario sets up a position, acts and asserts the exact
cents of every bank; the game bank plus the players' banks is always the configured total
(``check_invariants``)."""

from __future__ import annotations

from cardlab.simulate.four_souls import coop, damage, plays, resolution, statics, trade, turn
from cardlab.simulate.four_souls import fixtures as fx
from cardlab.simulate.four_souls.interpreter import run as run_effect

TILL = fx.card(
    "Till", "treasure", "active", abilities=({"paid": {"cost": [{"pay": {"cents": 4}}], "do": {"loot": 1}}},)
)


def _run(g, eff, you=0, **binds):
    ctx = statics.Ctx(g, you, None, name="test")
    ctx.binds.update(binds)
    did = run_effect(ctx, eff)
    resolution.priority(g, g.active)
    return did


def test_FS_6_6_FS_15_1_a_cents_cost_beyond_the_players_bank_cannot_be_paid():
    """[A] "Оплата": you cannot pay what you do not have. P0 with 3¢ is not offered a $ ability costing
    4¢ and cannot activate it; with 4¢ it pays all 4 into the game bank (96 → 100) and the ability
    resolves."""
    g = fx.position(2)
    g.active = 0
    fx.loot_fillers(g, 2)
    till = fx.give_item(g, 0, TILL)
    fx.take_cents(g, 0, 3)
    assert ("paid", till, 0) not in plays.legal_actions(g, 0)
    assert not plays.take_action(g, 0, ("paid", till, 0))
    assert (g.players[0].cents, g.bank, g.stack) == (3, 97, [])
    fx.take_cents(g, 0, 1)
    assert ("paid", till, 0) in plays.legal_actions(g, 0)
    assert plays.take_action(g, 0, ("paid", till, 0))
    resolution.priority(g, 0, until_empty=True)
    assert (g.players[0].cents, g.bank, len(g.players[0].hand)) == (0, 100, 1)
    assert [r[6] for r in fx.kinds(g, "cents_paid")] == [4]
    fx.check_invariants(g)


def test_FS_6_12_FS_6_11_cents_given_or_stolen_move_between_banks_and_are_no_gain():
    """[A] "Получить и Отдать": giving moves ¢ from one player's bank to another's, the game bank aside,
    and is not gaining; [C]'s FAQ: Counterfeit Penny (+1¢ on each gain) adds nothing to a theft or a
    deal. P1 holds Counterfeit Penny: P0 gives it 3¢ (P1 5 → 8, not 9), P1 steals 2¢ from P0 (10), the
    bank stays at 85 and no ``cents_gained`` row is written; then a gain of 2¢ from the bank gives 3."""
    g = fx.position(2)
    g.active = 0
    fx.give_item(g, 1, fx.real("Counterfeit Penny"))
    fx.take_cents(g, 0, 10)
    fx.take_cents(g, 1, 5)
    assert _run(g, {"give": {"what": {"cents": 3}, "to": "P"}}, P=g.players[1])
    assert _run(g, {"steal": {"what": {"cents": 2}, "from": "P"}}, you=1, P=g.players[0])
    assert ([p.cents for p in g.players], g.bank) == ([5, 10], 85)
    assert not fx.kinds(g, "cents_gained")
    assert _run(g, {"gain_cents": {"n": 2, "who": "P"}}, P=g.players[1])
    assert ([p.cents for p in g.players], g.bank) == ([5, 13], 82)
    fx.check_invariants(g)


def test_FS_6_12_a_gift_or_a_theft_larger_than_the_givers_bank_moves_what_there_is():
    """[C]'s FAQ: asked to give more than they have, a player gives what they have (down to 0). P0 with
    1¢ gives 4¢: 1¢ moves; P0 steals 5¢ from P1, who has 2¢ then: 2¢ move; from an empty bank nothing
    moves and the effect did nothing."""
    g = fx.position(2)
    g.active = 0
    fx.take_cents(g, 0, 1)
    fx.take_cents(g, 1, 1)
    assert _run(g, {"give": {"what": {"cents": 4}, "to": "P"}}, P=g.players[1])
    assert [p.cents for p in g.players] == [0, 2]
    assert _run(g, {"steal": {"what": {"cents": 5}, "from": "P"}}, P=g.players[1])
    assert [p.cents for p in g.players] == [2, 0]
    assert not _run(g, {"steal": {"what": {"cents": 5}, "from": "P"}}, P=g.players[1])
    assert [r[6] for r in fx.kinds(g, "cents_stolen")] == [1, 2]
    fx.check_invariants(g)


def test_FS_15_2_FS_Q_4_an_empty_bank_pays_no_gain_until_a_payment_refills_it():
    """[C]'s FAQ: once every ¢ of the 100 is with the players, nobody gains ¢ until someone pays or loses
    some. P0 holds all 100¢: P1's gain of 3¢ gives nothing and logs nothing; P0 pays 4¢ for Till's
    ability (the bank: 4¢); P1's gain of 5¢ then gives the 4¢ there are."""
    g = fx.position(2)
    g.active = 0
    fx.loot_fillers(g, 2)
    till = fx.give_item(g, 0, TILL)
    fx.take_cents(g, 0, 100)
    assert g.bank == 0
    assert not _run(g, {"gain_cents": {"n": 3, "who": "P"}}, P=g.players[1])
    assert g.players[1].cents == 0 and not fx.kinds(g, "cents_gained")
    assert plays.take_action(g, 0, ("paid", till, 0))
    resolution.priority(g, 0, until_empty=True)
    assert ([p.cents for p in g.players], g.bank) == ([96, 0], 4)
    assert _run(g, {"gain_cents": {"n": 5, "who": "P"}}, P=g.players[1])
    assert ([p.cents for p in g.players], g.bank) == ([96, 4], 0)
    assert [r[6] for r in fx.kinds(g, "cents_gained")] == [4]
    fx.check_invariants(g)


def test_FS_13_9_FS_6_5_the_death_penalty_cent_goes_back_to_the_game_bank():
    """[A] "Смерть игрока": the penalty discards 1¢ (into the game bank, "Сброс ¢"). P1 dies holding 4¢
    and a loot card: 3¢ left, the bank 96 → 97, one ``cents_lost`` row of 1 for the penalty."""
    g = fx.position(2)
    g.active = 0
    fx.take_cents(g, 1, 4)
    fx.give_loot(g, 1, fx.card("Spare"))
    assert damage.kill(g, g.players[1], 0)
    resolution.priority(g, 0, until_empty=True)
    assert g.players[1].dead and (g.players[1].cents, g.bank) == (3, 97)
    assert [(r[4], r[6]) for r in fx.kinds(g, "cents_lost")] == [("death_penalty", 1)]
    fx.check_invariants(g)


def test_FS_11_4_FS_15_1_a_purchase_at_exactly_the_price_empties_the_buyers_bank_into_the_game_bank():
    """[A] "Покупка": a buyer who can pay moves the price from their bank to the game bank. P0 with 10¢
    buys the treasure deck's top: 0¢ left, the bank back at 100."""
    g = fx.position(2, plans={0: lambda d: "treasure_deck" if d.kind == "buy_target" else None})
    g.active = 0
    fx.deck(g, "treasure", [fx.card("Prize", "treasure", "passive")])
    fx.take_cents(g, 0, 10)
    g.purchases_left = 1
    turn.purchase(g, 0)
    assert [o.name for o in g.players[0].items] == ["Prize"]
    assert (g.players[0].cents, g.bank) == (0, 100)
    fx.check_invariants(g)


def test_FS_17_2_FS_15_3_characters_in_co_op_trade_no_cents():
    """[A] (solo and co-op, "Другие правила"): each character has its own bank, and ¢ may not be
    exchanged between characters. With extended trade (FS-20.4) in co-op no offer names ¢, on either
    side, though both players hold plenty; loot and items are still offered. The competitive game
    offers ¢ as before."""
    for mode, cents_offered in (("co-op", False), ("standard", True)):
        g = fx.position(2, variant=(mode, "extended-trade"))
        if mode == "co-op":
            coop.start(g)
        fx.give_loot(g, 0, fx.card("Mine"))
        fx.give_item(g, 1, fx.card("Theirs", "treasure", "passive"))
        fx.take_cents(g, 0, 10)
        fx.take_cents(g, 1, 10)
        offers = trade.offers(g, 0)
        assert offers
        assert any("cents" in (o.give[0], o.get[0]) for o in offers) is cents_offered


def test_FS_13_9_FS_5_4_a_rivals_penalty_replacement_applies_only_while_its_condition_holds():
    """A replacement of another player's death penalty (as Shadow's) with a condition: while P0 holds under
    50¢ it does not apply and P1 pays the usual penalty (1¢ to the game bank); with 50¢ or more P0 takes
    the cent instead. The condition must be read: ignored, the cent went to P0 in both cases."""
    greedy = fx.card(
        "Greedy Shadow",
        "treasure",
        "passive",
        abilities=(
            {
                "replace": {
                    "event": {"death_penalty": "other_player"},
                    "if": "cents(you) >= 50",
                    "instead": {"steal": {"what": {"cents": 1}, "from": "event.victim"}},
                }
            },
        ),
    )
    for mine, expected in ((10, ([10, 3], 87)), (50, ([51, 3], 46))):
        g = fx.position(2)
        g.active = 0
        fx.give_item(g, 0, greedy)
        fx.take_cents(g, 0, mine)
        fx.take_cents(g, 1, 4)
        assert damage.kill(g, g.players[1], 0)
        resolution.priority(g, 0, until_empty=True)
        assert ([p.cents for p in g.players], g.bank) == expected
        fx.check_invariants(g)
