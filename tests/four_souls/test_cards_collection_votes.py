"""Issue 19's voting cards (FS-5.17): the ``vote`` combinator, the ``extra_votes`` static, and the cards
they let run — Emergency Meeting! with Crewmate (a character now dealt), Trial by Trolley!, The Impostor!,
Wrath of the Lamb — plus The Capricious's choice of two."""

from __future__ import annotations

from cardlab.simulate.four_souls import damage, plays, statics, zones
from cardlab.simulate.four_souls.cards import load_pool
from cardlab.simulate.four_souls.decks import build_supply
from cardlab.simulate.four_souls.fixtures import (
    add_shop_item,
    add_slot_monster,
    by_id,
    card,
    character,
    check_invariants,
    give_item,
    loot_fillers,
    monster,
    phys,
    position,
    settle,
)
from cardlab.simulate.four_souls.refs import SeatRef


def _reveal(g, c):
    g.mslots.append([])
    zones.reveal_into_slot(g, phys(g, c), len(g.mslots) - 1)
    settle(g)


def _votes_for(seats_by_voter: dict, log: list | None = None):
    """Plans: voter seat → the seats it votes for, in order (``"done"`` declines an optional vote)."""

    def plan_of(voter):
        wanted = list(seats_by_voter[voter])

        def plan(d):
            if d.kind != "vote":
                return None
            if log is not None:
                log.append((voter, tuple(d.options)))
            want = wanted.pop(0)
            if want == "done":
                return "done"
            return next(o for o in d.options if isinstance(o, SeatRef) and o.seat == want)

        return plan

    return {v: plan_of(v) for v in seats_by_voter}


def test_FS_5_17_emergency_meeting_damages_every_option_tied_for_the_most_votes():
    """Emergency Meeting! (tap): the players vote in turn order from its controller (seat 1: 1, 2, 0) for a
    living player or a monster; every option tied for the most votes takes 1 damage (seats 0 and 2, one
    vote each against seat 1's one — a three-way tie hits all three), and it recharges at its turn's end."""
    log: list = []
    g = position(3, plans=_votes_for({0: [2], 1: [0], 2: [1]}, log))
    loot_fillers(g, 10)
    g.active = 1
    meeting = give_item(g, 1, by_id("rwz-emergency_meeting"))
    add_slot_monster(g, monster("Blob", hp=3))
    hp = [statics.player_hp(g, p) for p in g.players]
    assert plays.take_action(g, 1, ("tap", meeting, 0))
    settle(g)
    assert [v for v, _ in log] == [1, 2, 0]  # FS-5.17: turn order from the controller
    assert [statics.player_hp(g, p) for p in g.players] == [h - 1 for h in hp]
    assert not meeting.charged
    check_invariants(g)


def test_FS_5_17_only_the_most_voted_option_is_hit_and_crewmate_may_vote_once_more():
    """Crewmate's static gives its player one more, optional, vote in every vote (decision ``vote`` with
    ``"done"``): seats 0 and 1 vote for seat 2, seat 2 votes for seat 0 and then, as Crewmate, for seat 0
    again — 2 against 2, both hit. Declining the extra vote leaves seat 2 alone with the most votes."""
    for extra, hit in (([0, 0], {0, 2}), ([0, "done"], {2})):
        log: list = []
        crew = by_id("rwz-crewmate")
        g = position(
            3, chars=[character("A"), character("B"), crew], plans=_votes_for({0: [2], 1: [2], 2: extra}, log)
        )
        loot_fillers(g, 10)
        g.active = 0
        assert statics.extra_votes(g, g.players[2]) == 1 and statics.extra_votes(g, g.players[0]) == 0
        meeting = give_item(g, 0, by_id("rwz-emergency_meeting"))
        hp = [statics.player_hp(g, p) for p in g.players]
        assert plays.take_action(g, 0, ("tap", meeting, 0))
        settle(g)
        assert "done" in log[-1][1] or extra[1] == "done"
        assert {p.seat for p in g.players if statics.player_hp(g, p) < hp[p.seat]} == hit
        check_invariants(g)


def test_FS_5_17_trial_by_trolley_two_different_votes_each_and_the_most_voted_die():
    """Trial by Trolley!: each player casts two votes for two different players (the second vote never
    offers the first choice again); seat 1 gets 3 of 6 votes (one its own) and dies, nobody else does."""
    log: list = []
    g = position(3, plans=_votes_for({0: [1, 2], 1: [1, 2], 2: [1, 0]}, log))
    loot_fillers(g, 10)
    g.active = 0
    g.monster.extend(phys(g, monster(f"Next{i}", hp=2)) for i in range(3))
    _reveal(g, by_id("rwz-trial_by_trolley"))
    assert all(SeatRef(1) not in opts for voter, opts in log[1:2])
    assert g.players[1].dead and not g.players[0].dead and not g.players[2].dead
    check_invariants(g)


def test_FS_5_17_the_impostor_after_the_turns_first_death_the_living_vote_and_the_most_voted_die():
    """The Impostor!: the turn's first player death (seat 2) starts a vote among the living (seats 0 and 1,
    in turn order from the active player); both vote for seat 1, who dies. That second death starts no
    second vote (first each turn)."""
    log: list = []
    g = position(3, plans=_votes_for({0: [1], 1: [1]}, log))
    loot_fillers(g, 10)
    g.active = 0
    add_slot_monster(g, by_id("rwz-the_impostor"))
    assert damage.kill(g, g.players[2], -1)
    settle(g)
    assert [v for v, _ in log] == [0, 1]
    assert all(SeatRef(2) not in opts for _, opts in log)  # the dead are no option
    assert g.players[1].dead and not g.players[0].dead
    check_invariants(g)


def test_FS_5_17_wrath_of_the_lamb_a_tie_is_broken_by_the_active_player_and_the_winner_steals_a_soul():
    """Wrath of the Lamb: everyone votes once, never for themselves; seats 1 and 2 tie with
    one vote each... and seat 0 one: a three-way tie the active player (seat 0) breaks for seat 2, who may
    take a soul from a player of their choice (seat 1's)."""
    log: list = []
    plans = _votes_for({0: [1], 1: [2], 2: [0]}, log)

    def active(d):
        if d.kind == "choose_target":
            return next(o for o in d.options if isinstance(o, SeatRef) and o.seat == 2)
        return plans[0](d)

    def winner(d):
        if d.kind == "may":
            return True
        if d.kind == "choose_target":
            return next(o for o in d.options if isinstance(o, SeatRef) and o.seat == 1)
        return plans[2](d)

    g = position(3, plans={0: active, 1: plans[1], 2: winner})
    loot_fillers(g, 10)
    g.active = 0
    soul = g.new_obj(phys(g, monster("Boss", hp=3)), "soul", 1)
    soul.soul_value = 1
    g.players[1].souls.append(soul)
    g.monster.extend(phys(g, monster(f"Next{i}", hp=2)) for i in range(3))
    _reveal(g, by_id("ani-wrath_of_the_lamb"))
    assert all(SeatRef(voter) not in opts for voter, opts in log)
    assert g.players[2].soul_total() == 1 and g.players[1].soul_total() == 0
    check_invariants(g)


def test_FS_3_8_the_capricious_chooses_a_loot_play_or_a_shop_item_to_the_discard():
    """The Capricious (tap), choose one: mode 0 one more loot play this turn; mode 1 a shop item goes to
    the treasure discard and its slot refills from the treasure deck (FS-3.8)."""
    g = position(
        2,
        chars=[by_id("r-the_capricious"), character("B")],
        plans={0: lambda d: 1 if d.kind == "choose_mode" else None},
    )
    loot_fillers(g, 10)
    g.active = 0
    g.treasure.append(phys(g, card("Refill", deck="treasure", kind="passive")))
    old = add_shop_item(g, card("Old", deck="treasure", kind="passive"))
    me = g.players[0]
    me.character.charged = True
    assert plays.take_action(g, 0, ("tap", me.character, 0))
    settle(g)
    assert old.phys in g.treasure_disc and [o.phys.card.name for o in g.shop_items()] == ["Refill"]
    g = position(
        2,
        chars=[by_id("r-the_capricious"), character("B")],
        plans={0: lambda d: 0 if d.kind == "choose_mode" else None},
    )
    loot_fillers(g, 10)
    g.active = 0
    me = g.players[0]
    me.character.charged = True
    plays_before = me.loot_plays
    assert plays.take_action(g, 0, ("tap", me.character, 0))
    settle(g)
    assert me.loot_plays == plays_before + 1
    check_invariants(g)


def test_crewmate_and_the_capricious_cards_are_dealt():
    """Crewmate's starting item runs now, so Crewmate is a dealt character; the vote events join the
    monster deck."""
    supply = build_supply(load_pool(), 4)
    assert "Crewmate" in {c.name for c in supply.characters}
    assert {"rwz-trial_by_trolley", "rwz-the_impostor", "ani-wrath_of_the_lamb"} <= set(supply.rules)
