"""Rule-changing FS-20 variants: two-player rules (FS-20.11), super shop (FS-20.9), nobody leaves hurt
(FS-20.8), cannon fodder (FS-20.10), soul trading (FS-20.5). One scenario per rule bullet (build a
position, act, assert the exact outcome), config checks, and full seeded games under ``checked_play``."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from cardlab.simulate.core import Players, UserError
from cardlab.simulate.four_souls import (
    GAME,
    attack,
    checks,
    damage,
    make_config,
    plays,
    resolution,
    resources,
    setup,
    trade,
    turn,
    two_player,
)
from cardlab.simulate.four_souls.cards import load_pool
from cardlab.simulate.four_souls.collection import DEFAULT, select
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    card,
    check_invariants,
    deck,
    give_item,
    give_loot,
    kinds,
    monster,
    phys,
    position,
    real,
)
from cardlab.strategies.four_souls import STRATEGIES
from cardlab.strategies.four_souls.sensible import SensiblePlayer

POOL = select(load_pool(), DEFAULT)  # the default sets (Base Game V2)


def soul_obj(g, seat, c):
    o = g.new_obj(phys(g, c), "soul", seat)
    g.players[seat].souls.append(o)
    return o


def curse_obj(g, seat, name="Curse Of Greed"):
    o = g.new_obj(phys(g, real(name)), "curse", seat)
    g.players[seat].curses.append(o)
    return o


class Rec:
    """Random player that records the decision kinds it was asked."""

    name = "rec"

    def __init__(self, seat, rng):
        self.seat, self.rng, self.kinds = seat, rng, []

    def choose(self, d):
        self.kinds.append((d.kind, d.context))
        return d.options[self.rng.randrange(len(d.options))]


# --------------------------------------------------------------------------- FS-20.11 two-player rules


def test_FS_20_11_two_player_config_checks():
    assert make_config(2, 10, variant="two-player").variant == ("two-player",)
    with pytest.raises(UserError, match=r"two-player \(FS-20.11\) needs 2 players, got 3"):
        make_config(3, 10, variant="two-player")
    with pytest.raises(UserError, match="--characters names cain"):
        make_config(2, 10, variant="two-player", characters="cain")
    with pytest.raises(UserError, match="Stalker hand-over"):
        two_player.check_pool(SimpleNamespace(treasure=[(card("Baby Stalker", "treasure", "passive"), 1)]))
    two_player.check_pool(SimpleNamespace(treasure=[(card("Baby", "treasure", "passive"), 1)]))


def test_FS_20_11a_two_player_removes_eve_lilith_cain():
    removed = {"Eve", "Lilith", "Cain", "Guppy"}
    for seed in range(12):
        g = setup.new_game(
            make_config(2, 10, variant="two-player"),
            seed,
            Players([Rec(i, random.Random(i)) for i in range(2)]),
        )
        assert not {p.character.phys.card.name for p in g.players} & removed


def test_FS_20_11a_draft_pool_is_eight_characters():
    """A draft offers only the 8 Base V2 characters left (Base V2 has no Guppy character card)."""
    seen = []

    class Drafter(Rec):
        def choose(self, d):
            if d.kind == "draft_character":
                seen.append(tuple(c.name for c in d.options))
            return super().choose(d)

    setup.new_game(
        make_config(2, 10, variant=("two-player", "character-draft")),
        5,
        Players([Drafter(i, random.Random(i)) for i in range(2)]),
    )
    assert [len(s) for s in seen] == [8, 7]
    assert not {"Eve", "Lilith", "Cain"} & set(seen[0])


def _loot_cards(g, names):
    return deck(g, "loot", [card(n) for n in names])


def test_FS_20_11b_loot_step_looks_at_two_keeps_one_bottoms_the_other():
    """FS-Q.24: it replaces the loot-step draw."""
    asked = []

    def p0(d):
        if d.kind == "keep_loot":
            asked.append(d)
            return d.options[1]
        return None

    g = position(2, plans={0: p0}, variant="two-player")
    a, b, c = _loot_cards(g, ["A", "B", "C"])
    for k in range(5):
        give_loot(g, 0, card(f"H{k}"))
    two_player.loot_step(g, g.players[0], 1)
    assert len(asked) == 1 and asked[0].options == (a.ref, b.ref) and asked[0].seat == 0
    assert g.players[0].hand[-1] is b and len(g.players[0].hand) == 6
    assert g.loot == [a, c]  # A at the bottom, C still on top
    assert kinds(g, "loot_drawn")[-1][4:8] == ("loot_step", None, 1, "kept_1_of_2")


def test_FS_20_11b_six_cards_draw_normally():
    g = position(2, plans={0: lambda d: (_ for _ in ()).throw(AssertionError("asked"))}, variant="two-player")
    a, _b = _loot_cards(g, ["A", "B"])
    for k in range(6):
        give_loot(g, 0, card(f"H{k}"))
    two_player.loot_step(g, g.players[0], 1)
    assert g.players[0].hand[-1] is a and len(g.players[0].hand) == 7


def test_FS_20_11b_extra_loot_step_draws_stay_normal_and_turn_uses_the_rule():
    g = position(2, variant="two-player")
    a, b, c = _loot_cards(g, ["A", "B", "C"])
    two_player.loot_step(g, g.players[0], 2)  # a static "+1 loot at your loot step"
    assert g.players[0].hand == [a, c] and g.loot == [b]
    # a whole turn: the loot step goes through the rule (keep_loot asked of the active player only)
    rec = [Rec(0, random.Random(0)), Rec(1, random.Random(1))]
    g = position(2, variant="two-player")
    g.io = Players(rec)
    _loot_cards(g, ["D", "E", "F"])
    g.turn = 1
    turn.play_turn(g)
    assert ("keep_loot", "two-player loot step") in rec[0].kinds
    assert all(k[0] != "keep_loot" for k in rec[1].kinds)
    assert len(g.players[0].hand) == 1 and len(g.loot) == 2


def test_FS_20_11b_standard_loot_step_is_unchanged():
    g = position(2)
    a, b = _loot_cards(g, ["A", "B"])
    turn.play_turn(g)
    assert g.players[0].hand == [a] and g.loot == [b]


def test_FS_20_11c_curse_goes_to_the_other_player_then_to_the_discard():
    g = position(2, variant="two-player")
    c = curse_obj(g, 0)
    resolution.player_dies(g, g.players[0], 1)
    assert g.players[1].curses == [c] and c.controller == 1 and c.in_play
    assert kinds(g, "curse_received")[-1][2:5] == (1, "curse_received", "Curse Of Greed")
    assert kinds(g, "curse_received")[-1][7:9] == (None, 0)  # given by seat 0 (target_seat)
    assert c.phys not in g.monster_disc
    check_invariants(g)
    resolution.player_dies(g, g.players[1], 0)
    assert not g.players[1].curses and not g.players[0].curses and c.phys in g.monster_disc
    assert not c.in_play and g.two_player.held_by == {}
    check_invariants(g)


def test_FS_20_11c_curse_first_given_to_the_second_player_goes_back_once():
    """The first holder is whoever received it; it affects the other player once, then leaves."""
    g = position(2, variant="two-player")
    c = curse_obj(g, 1)
    resolution.player_dies(g, g.players[1], 0)
    assert g.players[0].curses == [c]
    resolution.player_dies(g, g.players[0], 1)
    assert c.phys in g.monster_disc and not g.players[1].curses


def test_FS_4_16_curse_discarded_at_once_without_two_player():
    g = position(2)
    c = curse_obj(g, 0)
    resolution.player_dies(g, g.players[0], 1)
    assert c.phys in g.monster_disc and not g.players[1].curses


# --------------------------------------------------------------------------- FS-20.9 super shop


def _boss_kill(g, seat=0, soul=1):
    m = add_slot_monster(g, monster("Boss", soul=soul, kind="normal_boss"))
    resolution.monster_dies(g, m, seat, None)
    return m


def test_FS_20_9_super_shop_soul_gain_pays_others_and_expands_shop():
    g = position(3, variant="super-shop")
    g.shop.extend([[], []])
    _boss_kill(g)
    assert g.players[0].soul_total() == 1
    assert [p.cents for p in g.players] == [0, 5, 5]
    assert len(g.shop) == 3 and g.shop[2] == []
    deck(g, "treasure", [card(f"T{k}", "treasure", "passive") for k in range(4)])
    checks.state_checks(g)
    assert all(g.shop) and g.shop[2][-1].slot == 2  # FS-12.4: the new slot fills like any other
    check_invariants(g)
    _boss_kill(g)
    assert len(g.shop) == 4 and [p.cents for p in g.players] == [0, 10, 10]


def test_FS_20_9_super_shop_bank_limit_in_turn_order_from_the_gainer():
    g = position(3, bank=7, variant="super-shop")
    g.active = 1
    _boss_kill(g, 1)
    assert [p.cents for p in g.players] == [2, 0, 5]  # p2 first (after p1), then p0 gets what is left
    assert g.bank == 0


def test_FS_20_9_super_shop_every_gain_route():
    """Lost Soul (loot), The Chest destroyed, a bonus soul: each is a gain (FS-6.11)."""
    g = position(2, variant="super-shop")
    ls = give_loot(g, 0, real("Lost Soul"))
    g.players[0].loot_plays = 1
    assert plays.take_action(g, 0, ("loot", ls))
    resolution.priority(g, 0)
    assert g.players[0].soul_total() == 1 and g.players[1].cents == 5 and len(g.shop) == 1
    chest = g.new_obj(phys(g, real("The Chest")), "item", 0)
    g.players[0].items.append(chest)
    damage.destroy(g, chest, "test")
    assert g.players[0].soul_total() == 2 and g.players[1].cents == 10 and len(g.shop) == 2
    greed = phys(g, real("Soul Of Greed"))
    g.bonus = [greed]
    g.players[1].cents = 25  # (the bank had paid 10, pay 15 more)
    g.bank -= 15
    checks.check_bonus(g)
    assert [s.phys for s in g.players[1].souls] == [greed]
    assert g.players[0].cents == 5 and len(g.shop) == 3


def test_FS_20_9_super_shop_steal_is_not_a_gain():
    g = position(2, variant="super-shop")
    s = soul_obj(g, 1, monster("Boss", soul=1))
    resources.move_item(g, s, 0, "steal", "test")
    assert g.players[0].souls == [s] and g.players[1].cents == 0 and g.shop == []


def test_FS_20_9_standard_soul_gain_changes_nothing_else():
    g = position(2)
    _boss_kill(g)
    assert g.players[1].cents == 0 and g.shop == []


# --------------------------------------------------------------------------- FS-20.8 nobody leaves hurt


def test_FS_20_8_rewards_twice_to_active_once_to_others_in_turn_order():
    """FS-Q.26: twice for the active player, once each for the others in turn order."""
    g = position(3, variant="nobody-leaves-hurt")
    g.active = 1
    deck(g, "loot", [card(f"L{k}") for k in range(8)])
    m = add_slot_monster(g, monster("Fly", rewards={"cents": 1, "loot": 1}))
    resolution.monster_dies(g, m, 1, None)
    assert [p.cents for p in g.players] == [1, 2, 1]
    assert [len(p.hand) for p in g.players] == [1, 2, 1]
    assert [(r[2], r[5]) for r in kinds(g, "reward")] == [
        (1, "cents"), (1, "loot"), (1, "cents"), (1, "loot"), (2, "cents"), (2, "loot"), (0, "cents"), (0, "loot")
    ]  # fmt: skip
    assert m.phys in g.monster_disc


def test_FS_20_8_roll_rewards_rolled_separately_by_each_player():
    g = position(2, rolls=[3, 5, 2], variant="nobody-leaves-hurt")
    m = add_slot_monster(g, monster("Dip", rewards={"cents": "roll"}))
    resolution.monster_dies(g, m, 0, None)
    finals = [(r[2], r[6]) for r in kinds(g, "roll") if r[7] == "final"]
    assert finals == [(0, 3), (0, 5), (1, 2)]
    assert [p.cents for p in g.players] == [8, 2]


def test_FS_20_8_soul_only_to_the_active_player_once():
    g = position(2, variant="nobody-leaves-hurt")
    m = add_slot_monster(g, monster("Boss", soul=1, rewards={"cents": 3}, kind="normal_boss"))
    resolution.monster_dies(g, m, 0, None)
    assert [p.soul_total() for p in g.players] == [1, 0]
    assert len(kinds(g, "soul_gained")) == 1 and [p.cents for p in g.players] == [6, 3]


def test_FS_1_15_standard_rewards_once_to_active():
    g = position(2)
    m = add_slot_monster(g, monster("Fly", rewards={"cents": 2}))
    resolution.monster_dies(g, m, 0, None)
    assert [p.cents for p in g.players] == [2, 0]


# --------------------------------------------------------------------------- FS-20.10 cannon fodder


def test_FS_20_10_cannon_fodder_no_boss_while_a_regular_monster_is_active():
    g = position(2, variant="cannon-fodder")
    boss = add_slot_monster(g, monster("Boss", soul=1, kind="normal_boss"))
    epic = add_slot_monster(g, monster("Epic", kind="epic_boss"))  # a boss by category (FS-Q.27)
    fly = add_slot_monster(g, monster("Fly"))
    (top,) = deck(g, "monster", [monster("Top", soul=1)])
    assert attack.attack_options(g, 0) == [fly, "monster_deck"]
    assert attack.attack_options(g, 0, boss) == []  # a forced attack on the boss is barred too
    assert attack.attack_options(g, 0, fly) == [fly]
    damage.kill(g, fly, 0)
    resolution.priority(g, 0)
    opts = attack.attack_options(g, 0)  # the refill is a boss too: only bosses are active
    assert opts[:2] == [boss, epic] and opts[2].phys is top and opts[3] == "monster_deck"


def test_FS_20_10_cannon_fodder_deck_attack_may_reveal_and_fight_a_boss():
    plans = {0: lambda d: "monster_deck" if d.kind == "attack_target" else None}
    g = position(2, plans=plans, rolls=[6, 6], variant="cannon-fodder")
    add_slot_monster(g, monster("Fly"))  # the revealed boss covers it (one slot)
    deck(g, "monster", [monster("Boss", hp=1, soul=1, kind="normal_boss")])
    attack.declare_attack(g, 0)
    assert [r[7] for r in kinds(g, "attack_target")] == ["deck"]
    assert g.players[0].soul_total() == 1


def test_FS_10_standard_boss_attackable_beside_regulars():
    g = position(2)
    boss = add_slot_monster(g, monster("Boss", soul=1, kind="normal_boss"))
    fly = add_slot_monster(g, monster("Fly"))
    assert attack.attack_options(g, 0) == [boss, fly]


# --------------------------------------------------------------------------- FS-20.5 soul trading


def test_FS_20_5_starting_item_deck_holds_the_unused_starting_items():
    for seed in range(6):
        g = setup.new_game(
            make_config(4, 10, variant="soul-trading"),
            seed,
            Players([Rec(i, random.Random(i)) for i in range(4)]),
        )
        used = {p.character.phys.card.starting_item for p in g.players} - {None}
        assert sorted(c.card.id for c in g.soul_trading.deck) == sorted(
            set(POOL.by_id) & set(_starting_ids()) - used
        )
        check_invariants(g)
    g = setup.new_game(make_config(4, 10), 0, Players([Rec(i, random.Random(i)) for i in range(4)]))
    assert g.soul_trading is None  # the variant is off: no state of its own


def _starting_ids():
    return [c.id for c in POOL.cards if c.deck == "eternal"]


def _seller(g, seat=0):
    g.soul_trading.deck.append(phys(g, real("The D6")))
    deck(g, "loot", [card("L")])


def test_FS_20_5_sell_a_soul_pays_5_cents_a_loot_and_a_starting_item():
    g = position(
        2,
        plans={0: lambda d: ("sell_soul",) if d.kind == "action" and ("sell_soul",) in d.options else None},
        variant="soul-trading",
    )  # noqa: E501
    s = soul_obj(g, 0, monster("Boss", soul=1, kind="normal_boss"))
    _seller(g)
    assert turn.action(g)
    p = g.players[0]
    assert p.souls == [] and s.phys in g.monster_disc and not s.in_play  # FS-14.6: its own discard
    assert p.cents == 5 and [c.name for c in p.hand] == ["L"]
    (item,) = p.items
    assert item.name == "The D6" and item.eternal and item.starting and g.soul_trading.deck == []
    assert [r[7] for r in kinds(g, "soul_lost")] == ["sold"]
    check_invariants(g)
    # once per turn (FS-Q.25): no second sale this turn, another soul or not
    soul_obj(g, 0, monster("Boss2", soul=1))
    assert not any(o == ("sell_soul",) for o in _action_options(g))
    g.turn += 1
    assert ("sell_soul",) in _action_options(g)


def _action_options(g):
    seen = []

    def plan(d):
        if d.kind == "action":
            seen.append(d.options)
            return next(o for o in d.options if o[0] == "end")
        return None

    g.io = Players(
        [SimpleNamespace(name="x", seat=0, choose=plan), SimpleNamespace(name="y", seat=1, choose=plan)]
    )
    g.attacks_left = 1  # two options at least, so the decision is asked
    turn.action(g)
    g.attacks_left = 0
    return seen[0]


def test_FS_20_5_sold_bonus_soul_leaves_the_game_and_the_seller_chooses():
    chosen = []

    def p0(d):
        if d.kind == "action" and ("sell_soul",) in d.options:
            return ("sell_soul",)
        if d.kind == "choose_soul":
            chosen.append(d.context)
            return d.options[1]
        return None

    g = position(2, plans={0: p0}, variant="soul-trading")
    soul_obj(g, 0, monster("Boss", soul=1))
    greed = soul_obj(g, 0, real("Soul Of Greed"))
    _seller(g)
    turn.action(g)
    assert chosen == ["sell a soul"] and greed.phys in g.removed and len(g.players[0].souls) == 1
    check_invariants(g)


def test_FS_20_5_empty_starting_item_deck_still_pays_cents_and_loot():
    g = position(
        2, plans={0: lambda d: ("sell_soul",) if d.kind == "action" else None}, variant="soul-trading"
    )
    soul_obj(g, 0, monster("Boss", soul=1))
    deck(g, "loot", [card("L")])
    turn.action(g)
    assert g.players[0].cents == 5 and len(g.players[0].hand) == 1 and g.players[0].items == []


def test_FS_20_5_no_sale_without_the_variant_or_without_a_soul():
    g = position(2)
    soul_obj(g, 0, monster("Boss", soul=1))
    assert ("sell_soul",) not in _action_options(g)
    g = position(2, variant="soul-trading")
    assert ("sell_soul",) not in _action_options(g)


def test_FS_20_5_sensible_sells_only_an_early_soul():
    g = position(3, variant="soul-trading")
    soul_obj(g, 0, monster("Boss", soul=1))
    _seller(g)
    opts = (("sell_soul",), ("end",))

    def ask(me=None):
        from cardlab.simulate.core import Decision

        me = me or SensiblePlayer(0, random.Random(0))
        return me.choose(Decision("action", 0, opts, g.views[0], None))

    me = SensiblePlayer(0, random.Random(0))
    assert ask(me) == ("sell_soul",)
    assert ask(me) == ("end",)  # once a game
    soul_obj(g, 1, monster("B1", soul=3))  # an opponent one soul from winning: keep every soul
    assert ask() == ("end",)
    g.players[1].souls.clear()
    soul_obj(g, 0, monster("B2", soul=1))  # two souls: too close to the win to sell
    assert ask() == ("end",)
    g.players[0].souls.pop()
    g.soul_trading.deck.clear()
    assert ask() == ("end",)


def test_keep_loot_and_sell_soul_decisions_for_sensible():
    from cardlab.simulate.core import Decision

    g = position(2)
    me = SensiblePlayer(0, random.Random(0))
    a, b = phys(g, real("A Penny!")), phys(g, real("Dice Shard"))
    assert me.choose(Decision("keep_loot", 0, (a, b), g.views[0], "two-player loot step")) is b
    s1 = soul_obj(g, 0, monster("Big", soul=2))
    s2 = soul_obj(g, 0, monster("Small", soul=1))
    assert me.choose(Decision("choose_soul", 0, (s1, s2), g.views[0], "sell a soul")) is s2


# --------------------------------------------------------------------------- FS-20.4 extended trade


def _trader(pick):
    """Seat 0's plan: declare a trade, then propose the first offer ``pick`` accepts."""

    def plan(d):
        if d.kind == "action" and ("trade",) in d.options:
            return ("trade",)
        if d.kind == "trade_offer":
            return next(o for o in d.options if o != "none" and pick(o))
        return None

    return plan


def _accepting(answer, log=None):
    def plan(d):
        if d.kind == "accept_trade":
            if log is not None:
                log.append(d.context)
            return answer
        return None

    return plan


def test_FS_20_4_item_for_cents_trade_is_a_give_both_ways():
    seen = []
    g = position(
        2,
        plans={
            0: _trader(lambda o: o.give[0] == "item" and o.get == ("cents", 5)),
            1: _accepting(True, seen),
        },
        variant="extended-trade",
    )
    x = give_item(g, 0, card("X", "treasure", "passive"))
    g.players[1].cents = 10
    g.bank -= 10
    turn.action(g)
    assert seen and seen[0].give == ("item", x.ref) and seen[0].partner == 1
    assert g.players[1].items == [x] and x.controller == 1 and g.players[0].items == []
    assert [p.cents for p in g.players] == [5, 5]
    assert kinds(g, "cents_stolen")[-1][2:9] == (0, "cents_stolen", "trade", None, 5, "give", 1)
    assert [r[7] for r in kinds(g, "item_gained")] == ["give"]  # FS-20.4: a give, not a gain
    check_invariants(g)
    assert ("trade",) not in _action_options(g)  # once per turn
    g.turn += 1
    assert ("trade",) in _action_options(g)


def test_FS_20_4_refused_trade_changes_nothing():
    g = position(2, plans={0: _trader(lambda o: True), 1: _accepting(False)}, variant="extended-trade")
    give_loot(g, 0, card("L"))
    g.players[1].cents = 10
    g.bank -= 10
    turn.action(g)
    assert len(g.players[0].hand) == 1 and g.players[1].cents == 10 and g.players[1].hand == []


def test_FS_20_4_loot_of_the_partners_choice_and_a_shown_card():
    chosen = []

    def p1(d):
        if d.kind == "choose_loot":
            chosen.append(d.context)
            return d.options[1]
        return _accepting(True)(d)

    g = position(
        2,
        plans={0: _trader(lambda o: o.give[0] == "loot" and o.get == ("loot", None)), 1: p1},
        variant="extended-trade",
    )
    mine = give_loot(g, 0, card("Mine"))
    _a, b = give_loot(g, 1, card("A")), give_loot(g, 1, card("B"))
    turn.action(g)
    assert chosen == ["trade"] and g.players[0].hand == [b] and g.players[1].hand == [_a, mine]
    check_invariants(g)


def test_FS_20_4_no_souls_and_no_items_from_a_dead_player():
    g = position(2, variant="extended-trade")
    give_item(g, 0, card("X", "treasure", "passive"))
    y = give_item(g, 1, card("Y", "treasure", "passive"))
    soul_obj(g, 1, monster("Boss", soul=1))
    g.players[1].cents = 5
    g.bank -= 5
    offers = trade.offers(g, 0)
    assert ("item", y) in {o.get for o in offers}
    assert all(
        part[0] != "soul" and getattr(part[1], "kind", "") != "soul"
        for o in offers
        for part in (o.give, o.get)
    )
    assert not any(o.give[0] == "cents" and o.get[0] == "cents" for o in offers)
    g.players[1].dead = True  # FS-20.4: a dead player hands over no items (but may receive them)
    offers = trade.offers(g, 0)
    assert ("item", y) not in {o.get for o in offers} and any(o.give[0] == "item" for o in offers)


def test_FS_20_4_no_trade_option_without_the_variant():
    g = position(2)
    give_loot(g, 0, card("L"))
    assert ("trade",) not in _action_options(g)


def test_FS_20_4_sensible_accepts_only_a_good_deal_and_proposes_nothing():
    from cardlab.simulate.core import Decision
    from cardlab.simulate.four_souls.trade import Offer

    g = position(3, variant="extended-trade")
    me = SensiblePlayer(1, random.Random(0))
    x = give_item(g, 1, card("X", "treasure", "passive"))
    good = Offer(0, 1, ("cents", 10), ("loot", None))
    bad = Offer(0, 1, ("cents", 2), ("item", x.ref))  # as players see it: the item by its handle

    def ask(o):
        return me.choose(Decision("accept_trade", 1, (True, False), g.views[1], o))

    assert ask(good) is True and ask(bad) is False
    soul_obj(g, 0, monster("B", soul=3))  # never feed a player one soul from winning
    assert ask(good) is False
    assert me.choose(Decision("trade_offer", 1, (good, "none"), g.views[1], "extended trade")) == "none"


# --------------------------------------------------------------------------- full games


RULE_VARIANTS = (
    "two-player",
    "super-shop",
    "nobody-leaves-hurt",
    "cannon-fodder",
    "soul-trading",
    "extended-trade",
)


def _play(variant, n, strat, seed, max_turns=150):
    cfg = make_config(n, max_turns, variant=variant)
    names = strat.split("+")
    players = Players([STRATEGIES[names[i % len(names)]](i, random.Random(seed * 10 + i)) for i in range(n)])
    return GAME.checked_play(cfg, seed, players)


@pytest.mark.parametrize("variant", RULE_VARIANTS)
def test_full_games_rule_variants(variant):
    counts = (2,) if variant == "two-player" else (2, 3, 4)
    games = 0
    for n in counts:
        per = 24 // len(counts)
        for k in range(per):
            strat = ("random", "sensible", "sensible+random")[k % 3]
            r = _play((variant,), n, strat, 1000 * n + k)
            assert r.end_reason in ("win", "draw", "turn_cap")
            games += 1
    assert games >= 24


@pytest.mark.parametrize("n", [2, 3, 4])
def test_full_games_rule_variants_combined(n):
    combo = ("super-shop", "nobody-leaves-hurt", "cannon-fodder", "soul-trading", "extended-trade")
    combo = combo + (("two-player", "mini-draft") if n == 2 else ("casino",))
    for k, strat in enumerate(("random", "sensible+random", "sensible")):
        r = _play(combo, n, strat, 70 + 10 * n + k)
        assert r.end_reason in ("win", "draw", "turn_cap")


def test_FS_20_10_sensible_fights_the_regular_monster_not_the_barred_boss():
    from cardlab.simulate.core import Decision

    g = position(2, variant="cannon-fodder")
    boss = add_slot_monster(g, monster("Boss", hp=1, evasion=1, soul=1, kind="normal_boss"))
    fly = add_slot_monster(g, monster("Fly", hp=1, evasion=2))
    deck(g, "monster", [monster("Top")])
    assert g.views[0].barred == (boss.ref,)
    opts = tuple(o if o == "monster_deck" else o.ref for o in attack.attack_options(g, 0))
    assert (
        SensiblePlayer(0, random.Random(0)).choose(Decision("attack_target", 0, opts, g.views[0], None))
        == fly.ref
    )
    assert position(2).views[0].barred == ()
