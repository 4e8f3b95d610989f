"""A monster that becomes a familiar (Charmed Vis of Summer, issue 19): killed as a monster it becomes an
attackable item of the player gaining its reward (FS-13.4, FS-10.6); its damage trigger follows the player
attacking it or holding it (FS-10.2); as an item, a death another player caused is prevented and that
player steals it (FS-13.1, our reading). A position, the card at work, the exact outcome, the rule in each
name."""

from __future__ import annotations

from cardlab.simulate.four_souls import damage, statics
from cardlab.simulate.four_souls import fixtures as fx
from cardlab.simulate.four_souls.state import Attack


def _vis(rolls: list[int] | None = None):
    g = fx.position(3, chars=[fx.character(f"P{i}", hp=6) for i in range(3)], rolls=rolls or [])
    fx.loot_fillers(g, 10)
    g.active = 0
    vis = fx.add_slot_monster(g, fx.by_id("soi-charmed_vis"))
    other = fx.add_slot_monster(g, fx.monster("Other", hp=5, evasion=6, attack=1))
    g.monster.extend(fx.phys(g, fx.monster(f"Next{i}", hp=9)) for i in range(3))
    return g, vis, other


def _hit(g, seat: int, n: int = 1) -> None:
    damage.push_damage(g, n, g.players[seat], -1, None, False, None, "test")
    fx.settle(g)


def test_FS_10_2_charmed_vis_answers_damage_to_the_player_attacking_it_with_one_to_every_other_monster():
    """The player attacking it takes 1 damage: every other monster takes 1, it does not; a player who is
    not attacking it takes damage: nothing."""
    g, vis, other = _vis()
    g.attack = Attack(seat=0, target=vis)
    _hit(g, 1)
    assert other.damage == 0 and vis.damage == 0
    _hit(g, 0)
    assert other.damage == 1 and vis.damage == 0
    fx.check_invariants(g)


def test_FS_13_4_FS_10_6_charmed_vis_killed_becomes_the_killers_attackable_item_and_its_holder_is_answered():
    """Killed in player 0's attack: no cents, loot or treasure, it becomes player 0's item, attackable with
    its printed stat block (a familiar); damage to its holder now deals 1 to each monster."""
    g, vis, other = _vis()
    fx.attack_roll(g, vis, 6, seat=0)
    fx.attack_roll(g, vis, 6, seat=0)
    (item,) = [o for o in g.players[0].items if o.name == "Charmed Vis"]
    assert not vis.in_play and g.players[0].cents == 0
    assert item in statics.attackable_objs(g) and statics.monster_hp(g, item) == 2
    g.attack = None
    _hit(g, 0)
    assert other.damage == 1
    _hit(g, 2)  # a player who neither holds it nor attacks it
    assert other.damage == 1
    fx.check_invariants(g)


def test_FS_13_1_charmed_vis_as_an_item_killed_by_another_player_is_stolen_not_dead():
    """Player 1 attacks player 0's Charmed Vis item and kills it: its death is prevented (1 HP left,
    FS-6.9), player 1 steals it and the attack on it ends; killed by no other player it would die as an
    item (no reward: it is no monster)."""
    g, vis, _other = _vis()
    fx.attack_roll(g, vis, 6, seat=0)
    fx.attack_roll(g, vis, 6, seat=0)
    (item,) = [o for o in g.players[0].items if o.name == "Charmed Vis"]
    g.attack = None
    g.active = 1
    fx.attack_roll(g, item, 6, seat=1)
    fx.attack_roll(g, item, 6, seat=1)
    assert item.in_play and item.controller == 1 and item in g.players[1].items
    assert statics.monster_hp(g, item) == 1 and g.attack.cancelled
    assert item not in g.players[0].items
    fx.check_invariants(g)
