"""Challenges (FS-18, FS-12.6) with the made-up final boss of
``tests/four_souls/cards_testonly/challenge.yaml``: exact outcomes, rule IDs in the names."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardlab.simulate.core import Players, UserError
from cardlab.simulate.four_souls import (
    attack,
    cards,
    challenge,
    checks,
    coop,
    damage,
    decks,
    interpreter,
    resolution,
    setup,
    statics,
    zones,
)
from cardlab.simulate.four_souls.config import make_config
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    check_invariants,
    deck,
    kinds,
    monster,
    phys,
    position,
    real,
    scripted,
)
from cardlab.simulate.four_souls.state import Attack, GameOver

CHAL_FILE = Path(__file__).parent / "cards_testonly" / "challenge.yaml"
BOSS = cards.load_pool([CHAL_FILE]).by_name["Test Warlord"]
CHALLENGE = ("challenge", "solo")


def _challenge(rolls=(), plans=None):
    """A solo challenge table: two monster slots and the Warlord in the final-boss slot."""
    g = position(2, rolls=list(rolls), plans=plans, variant=CHALLENGE, cards=(str(CHAL_FILE),))
    coop.start(g)
    a = add_slot_monster(g, monster("A"))
    b = add_slot_monster(g, monster("B"))
    boss = g.new_obj(phys(g, BOSS), "monster", -1, slot=len(g.mslots))
    g.mslots.append([boss])
    g.challenge = challenge.Challenge({boss.slot: challenge.BOSS})
    g.active = 0
    return g, a, b, boss


def _run(g, eff, you=0):
    interpreter.run(statics.Ctx(g, you, None, name="test"), eff)
    resolution.priority(g, g.active, until_empty=True)


def test_FS_18_1_a_challenge_is_a_solo_or_co_op_mode_and_needs_a_final_boss():
    with pytest.raises(UserError, match="solo or co-op"):
        make_config(2, 50, variant=("challenge",), cards=(str(CHAL_FILE),))
    with pytest.raises(UserError, match="needs a final boss"):
        make_config(2, 50, variant=CHALLENGE)  # the bundled Day of the Doodler cards are left out
    make_config(3, 50, variant=("challenge", "co-op"), cards=(str(CHAL_FILE),))


def test_FS_18_2_setup_puts_the_final_boss_in_its_own_slot():
    cfg = make_config(2, 50, variant=CHALLENGE, cards=(str(CHAL_FILE),))
    s = decks.supply(cfg)
    g = setup.new_game(cfg, 3, Players([scripted(i) for i in range(2)]), supply=s)
    assert len(g.mslots) == 3 and g.challenge.slots == {2: "final_boss"} and g.challenge and g.coop
    boss = g.mslots[2][-1]
    assert boss.phys.card is BOSS and boss in g.monsters()
    check_invariants(g)


def test_FS_18_2_the_final_boss_is_a_slot_monster_to_attack_but_is_never_covered_nor_moved():
    g, a, b, boss = _challenge()
    assert boss in attack.attack_options(g, 0) and boss in g.monsters()
    assert zones.coverable_slots(g) == [a.slot, b.slot]  # a deck attack or a slot effect cannot cover it
    _run(g, {"move": {"cards": {"monster": [], "count": "all"}, "to": "monster_discard"}})
    assert boss.in_play and g.mslots[boss.slot] == [boss]  # it cannot leave until it dies
    assert not a.in_play and not b.in_play  # the others left (and their slots refilled)


def test_FS_18_3_boss_armour_caps_ability_damage_and_kills_at_3_but_not_combat_damage():
    g, _a, _b, boss = _challenge()
    assert damage.push_damage(g, 4, boss, 0, None, False, None, "Bomb")
    resolution.priority(g, 0, until_empty=True)
    assert boss.damage == 3 and boss.in_play  # 4 damage from an ability: 3
    boss.damage = 0
    assert damage.kill(g, boss, 0)  # "kill" by an ability: 3 damage instead
    resolution.priority(g, 0, until_empty=True)
    assert boss.damage == 3 and boss.in_play and not kinds(g, "monster_died")
    boss.damage = 0
    assert damage.push_damage(g, 4, boss, 0, None, True, 6, "attack")
    g.attack = Attack(seat=0, target=boss)
    resolution.priority(g, 0, until_empty=True)
    assert boss.damage == 4  # combat damage is not capped


def test_FS_18_4_killing_the_final_boss_pays_its_reward_then_wins_for_every_character():
    g, _a, _b, boss = _challenge(rolls=[3, 3, 3, 3, 3])
    deck(g, "treasure", [real("Breakfast")])
    boss.damage = 4
    with pytest.raises(GameOver) as over:
        attack.run_attack(g, 0, boss)
    assert over.value.winners == (0, 1)
    assert [o.name for o in g.players[0].items] == ["Breakfast"]  # its reward first (FS-13.4)


def test_FS_18_5_FS_12_6_a_minion_takes_a_new_minion_slot_stays_until_killed_and_is_not_replaced():
    g, a, b, boss = _challenge(rolls=[6])
    deck(g, "monster", [monster("Imp", hp=1), monster("Spare")])
    _run(g, {"move": {"cards": "top(monster_deck)", "to": "minion_slot"}})
    imp = g.mslots[-1][-1]
    assert imp.name == "Imp" and g.challenge.slots[imp.slot] == "minion" and challenge.minions(g) == 1
    assert [r[5] for r in kinds(g, "slots_expanded")] == ["minion"]
    _run(g, {"move": {"cards": {"monster": [], "count": "all"}, "to": "monster_discard"}})
    assert imp.in_play and boss.in_play  # neither leaves but by dying
    assert attack.run_attack(g, 0, imp)  # 6 hits, 1 damage kills the 1-HP minion
    resolution.priority(g, 0, until_empty=True)
    checks.state_checks(g)
    assert g.mslots[imp.slot] == [] and challenge.minions(g) == 0  # never refilled
    check_invariants(g)


def test_FS_18_5_the_boss_puts_a_minion_out_at_each_turn_start_while_fewer_than_two():
    """The Warlord's own turn trigger (the challenge's, every turn) with its intervening condition."""
    g, _a, _b, boss = _challenge()
    deck(g, "monster", [monster("M1"), monster("M2"), monster("M3")])
    from cardlab.simulate.four_souls import triggers

    for _ in range(3):
        triggers.fire(g, "turn_start", seat=g.active)
        resolution.priority(g, g.active, until_empty=True)
    assert challenge.minions(g) == 2 and [c.card.name for c in g.monster] == ["M3"]


def test_FS_18_6_in_a_challenge_a_character_death_does_not_lower_the_timer():
    g, *_ = _challenge()
    assert damage.kill(g, g.players[1], -1)
    resolution.priority(g, 0, until_empty=True)
    assert g.players[1].dead and g.coop.timer == coop.TIMER_START and not kinds(g, "timer")[1:]
    g.coop.round_seen = {0}
    g.active = 1
    coop.turn_done(g)  # the end of a round does
    assert g.coop.timer == coop.TIMER_START - 1


def test_FS_18_7_only_the_challenge_goal_wins():
    g, *_ = _challenge()
    for p in g.players:
        p.char_soul = 4  # a combined soul value over any goal
    checks.check_win(g)  # no GameOver: the soul goal does not count in a challenge
    g.wins_after = (0,)
    ctx = statics.Ctx(g, 0, None, name="test")
    assert interpreter.run(ctx, {"win": {"who": "you"}})
    resolution.priority(g, 0, until_empty=True)
    assert not g.over
