"""Expansion cards of issue 19's latest batch, each with the exact outcome of the rule its encoding
needed: the Requiem and Warp Zone bonus souls, whose abilities work out of play until gained (FS-14.7)
and whose condition names the player who gains them (FS-14.8); then cards that read the table (most /
fewest souls, players dead this turn, monster slots), Pink Proglottid's eggs and three monsters."""

from __future__ import annotations

from cardlab.simulate.four_souls import (
    checks,
    damage,
    dice,
    interpreter,
    resolution,
    resources,
    statics,
    triggers,
)
from cardlab.simulate.four_souls.cards import load_pool
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    card,
    check_invariants,
    give_item,
    kinds,
    loot_fillers,
    monster,
    phys,
    position,
    real,
    rooms_of,
)
from cardlab.simulate.four_souls.rules import compile_card
from cardlab.simulate.four_souls.setup import place_bonus
from cardlab.simulate.four_souls.statics import Ctx


def _bonus(g, name):
    soul = phys(g, real(name))
    place_bonus(g, [soul])
    return soul


def _settle(g):
    resolution.priority(g, g.active)
    checks.state_checks(g)


def test_FS_14_7_FS_14_8_soul_of_wrath_counts_player_deaths_out_of_play_and_the_sixth_goes_to_the_active_player():
    """Each player death puts a counter on the bonus soul (its triggered ability resolves as the game's);
    the active player (seat 1) gains it at the sixth, whoever died; then its abilities stop (FS-14.8)."""
    g = position(3)
    loot_fillers(g, 40)
    g.active = 1
    wrath = _bonus(g, "Soul of Wrath")
    obj = g.bonus_objs[wrath.pid]
    for i in range(5):
        triggers.fire(g, "dies", victim=g.players[i % 3], killer=-1)
        _settle(g)
    assert obj.counters == 5 and g.bonus == [wrath]
    triggers.fire(g, "dies", victim=g.players[0], killer=-1)
    _settle(g)
    assert g.bonus == [] and not g.bonus_objs and not obj.in_play
    assert [s.phys for s in g.players[1].souls] == [wrath]
    assert [r[2] for r in kinds(g, "bonus_soul_gained")] == [1]
    triggers.fire(g, "dies", victim=g.players[2], killer=-1)  # gained: no more counters
    _settle(g)
    assert obj.counters == 6 and not g.pending
    check_invariants(g)


def test_FS_14_7_soul_of_lust_counts_monster_kills_by_players_and_soul_of_pride_counts_treasure_gains():
    """Lust: only a monster a player killed counts (FS-13.4); Pride: a +1 treasure of any player counts
    (FS-6.11), one counter per treasure."""
    g = position(2)
    loot_fillers(g, 40)
    g.active = 0
    souls = [phys(g, real("Soul of Lust")), phys(g, real("Soul of Pride"))]
    place_bonus(g, souls)
    lust, pride = (g.bonus_objs[s.pid] for s in souls)
    victim = add_slot_monster(g, monster("Gaper", hp=1))
    triggers.fire(g, "killed", victim=victim, killer=1)
    triggers.fire(g, "dies", victim=victim, killer=-1)  # a death no player caused: no "killed"
    _settle(g)
    assert lust.counters == 1
    g.treasure.extend(phys(g, card(f"T{i}", deck="treasure", kind="passive")) for i in range(3))
    for seat in (0, 1, 1):
        resources.gain_treasure(g, g.players[seat], "test")
    _settle(g)
    assert pride.counters == 3 and lust.counters == 1
    check_invariants(g)


def test_FS_14_8_strawberry_goes_to_the_first_active_player_with_three_ones_in_one_turn():
    """Strawberry's counters come from the active player's 1s (not another player's) and are all
    removed as each turn ends: two 1s on one turn and one on the next gain nothing; three on one turn
    give it to the active player."""
    g = position(2, rolls=[1, 1, 1, 1, 1, 1])
    loot_fillers(g, 20)
    g.active = 0
    berry = _bonus(g, "Strawberry")
    obj = g.bonus_objs[berry.pid]

    def roll(seat):
        dice.push_roll(g, seat, "test")
        _settle(g)

    roll(0)
    roll(1)  # not the active player's roll
    roll(0)
    assert obj.counters == 2
    triggers.fire(g, "turn_end", seat=0)
    _settle(g)
    assert obj.counters == 0 and g.bonus == [berry]
    g.active = 1
    for _ in range(3):
        roll(1)
    assert g.bonus == [] and [s.phys for s in g.players[1].souls] == [berry]
    check_invariants(g)


def _soul(g, seat, value=1):
    """A soul of ``value`` under a player (a boss killed earlier)."""
    o = g.new_obj(phys(g, monster(f"Boss{len(g.all_phys)}", hp=1, soul=value)), "soul", seat)
    resources.gain_soul(g, g.players[seat], o, "test")
    return o


def test_FS_14_8_soul_of_envy_goes_to_the_fewest_souls_once_a_player_has_three_and_the_active_player_chooses():
    """Nobody qualifies before a player has 3 souls; then the players tied for the fewest qualify and the
    active player picks one of them (decision ``choose_player``, scripted: the last option)."""
    picks = []

    def last_player(d):
        if d.kind == "choose_player":
            picks.append(tuple(o.seat for o in d.options))
            return d.options[-1]
        return None

    g = position(3, plans={0: last_player})
    g.active = 0
    envy = _bonus(g, "Soul of Envy")
    _soul(g, 0, 2)
    checks.state_checks(g)
    assert g.bonus == [envy]
    _soul(g, 0)  # seat 0 now has 3 souls: seats 1 and 2 are tied for the fewest (0)
    checks.state_checks(g)
    assert picks == [(1, 2)] and g.bonus == []
    assert [s.phys for s in g.players[2].souls] == [envy]
    check_invariants(g)


def test_FS_14_7_a_bonus_souls_player_free_condition_naming_you_reads_the_active_player():
    """A bonus soul without an object of its own (no triggered abilities): "you" in the part of its
    condition that names no player is the active player (FS-14.7), read by the evaluator, not by a fast
    shape that needs the object."""
    g = position(3)
    g.active = 1
    soul = _bonus(g, "Soul of Envy")
    assert soul.pid not in g.bonus_objs
    g.players[1].cents = 5
    assert checks._holds(g, g.players[1], None, "cents(you) >= 5", soul)
    assert not checks._holds(g, g.players[1], None, "cents(you) >= 6", soul)
    assert checks._holds(g, g.players[1], None, "most(souls) >= 0", soul)  # fast: reads no object


def test_FS_14_8_soul_of_sloth_goes_to_the_only_player_with_the_fewest_items_without_a_choice():
    g = position(2)
    g.active = 0
    sloth = _bonus(g, "Soul of Sloth")
    for i in range(3):
        give_item(g, 0, card(f"I{i}", deck="treasure", kind="passive"))
    give_item(g, 1, card("J", deck="treasure", kind="passive"))
    g.log.emit("item_gained", 0)
    checks.state_checks(g)
    assert g.bonus == [sloth]
    give_item(g, 0, card("I3", deck="treasure", kind="passive"))
    g.log.emit("item_gained", 0)
    checks.state_checks(g)
    assert g.bonus == [] and [s.phys for s in g.players[1].souls] == [sloth]
    check_invariants(g)


def test_FS_13_12_bible_thump_and_ace_of_diamonds_and_consolation_prize_read_the_table():
    """Bible Thump!: 2, then 2 per player dead this turn; Ace of Diamonds: 1c per monster slot and per
    loot card in hand; Consolation Prize: at your turn's start, loot the gap to the most souls (none when
    you lead)."""
    g = position(3)
    loot_fillers(g, 40)
    g.active = 0
    p0, p1, p2 = g.players
    p1.dead = p2.dead = True

    def run(name, seat):
        eff = compile_card(real(name)).play.do
        ctx = Ctx(g, seat, None, name=name)
        interpreter.run(ctx, eff)
        resolution.priority(g, g.active)

    run("Bible Thump!", 0)
    assert len(p0.hand) == 2 + 2 * 2
    add_slot_monster(g, monster("A", hp=1))
    add_slot_monster(g, monster("B", hp=1))
    before = p0.cents
    run("Ace of Diamonds", 0)
    assert p0.cents - before == 2 + 6
    prize = give_item(g, 0, real("Consolation Prize"))
    _soul(g, 1, 2)
    _soul(g, 1)
    triggers.fire(g, "turn_start", seat=0)
    _settle(g)
    assert len(p0.hand) == 6 + 3
    _soul(g, 0, 3)
    triggers.fire(g, "turn_start", seat=0)
    _settle(g)
    assert len(p0.hand) == 9 and prize.in_play
    check_invariants(g)


def test_FS_5_14_pink_proglottid_eggs_on_a_dying_monster_make_each_egg_free_player_loot_per_egg():
    """Tapeworm's starting item: its tap adds (or removes) an egg counter on a monster or a player; when a
    monster with 2 eggs dies, every player holding no egg loots 2 (the egg-bearing player loots none)."""
    g = position(3)
    loot_fillers(g, 40)
    g.active = 0
    pink = give_item(g, 0, real("Pink Proglottid"), eternal=True)
    m = add_slot_monster(g, monster("Host", hp=3))
    g.monster.append(phys(g, monster("Next", hp=2)))
    add, remove = pink.rules.tap[0].do["modes"]
    for eff, target in ((add, m), (add, m), (add, g.players[2]), (add, g.players[1]), (remove, g.players[1])):
        assert interpreter.run(Ctx(g, 0, pink, {"T": target}, name="Pink Proglottid"), eff)
    assert m.named == {"egg": 2} and g.players[2].counters == {"egg": 1} and not g.players[1].counters
    hands = [len(p.hand) for p in g.players]
    damage.kill(g, m, 0)
    _settle(g)
    assert [len(p.hand) - h for p, h in zip(g.players, hands, strict=True)] == [2, 2, 0]
    check_invariants(g)


def test_FS_10_8_melquiades_loses_two_evasion_from_its_fifth_damage_counter():
    g = position(2)
    g.active = 0
    m = add_slot_monster(g, real("Melquíades"))
    m.b_hp = 10  # survives the hits
    for hits in range(1, 6):
        triggers.fire(g, "damaged", target=m, amount=1, combat=False)
        _settle(g)
        assert m.counters == hits
        assert statics.evasion(g, m) == (4 - 2 if hits >= 5 else 4)


def test_FS_13_4_christian_broadcasts_kills_a_chosen_monster_and_player_and_mom_s_charmed_heart_gives_hp():
    """Christian Broadcasts dying: the active player chooses another monster and a player, both die, and
    the monster slots expand by 2. Mom's Charmed Heart dying: an HP counter (+1 HP, FS-5.14) on a
    non-eternal item of another player."""
    g = position(2)
    loot_fillers(g, 30)
    g.active = 0
    g.monster.extend(phys(g, monster(f"Fill{i}", hp=2)) for i in range(6))
    cb = add_slot_monster(g, real('"Christian Broadcasts"'))
    other = add_slot_monster(g, monster("Bystander", hp=4))
    slots = len(g.mslots)
    damage.kill(g, cb, 0)
    _settle(g)
    assert not other.in_play and len(g.mslots) == slots + 2
    assert [r[2] for r in kinds(g, "player_died")]  # the scripted chooser picked a player: they died
    g2 = position(2)
    loot_fillers(g2, 30)
    g2.active = 0
    g2.monster.extend(phys(g2, monster(f"Fill{i}", hp=2)) for i in range(3))
    heart = add_slot_monster(g2, real("Mom's Charmed Heart"))
    toy = give_item(g2, 1, card("Toy", deck="treasure", kind="passive"))
    hp = statics.player_max_hp(g2, g2.players[1])
    damage.kill(g2, heart, 0)
    _settle(g2)
    assert toy.named == {"hp": 1} and statics.player_max_hp(g2, g2.players[1]) == hp + 1
    check_invariants(g2)


def test_FS_3_4_requiem_pills_loots_three_then_puts_cards_of_the_hand_back_on_top():
    """Roll 1: loot 3, then 3 cards of the hand, one at a time, on top of the loot deck (the hand is 3
    cards smaller than after the loot, the loot deck 3 bigger than after it); roll 4: only 1 goes back."""
    for face, back in ((1, 3), (4, 1)):
        g = position(2, rolls=[face])
        loot_fillers(g, 20)
        g.active = 0
        p0 = g.players[0]
        eff = compile_card(load_pool().by_id["r-pills"]).play.do  # names repeat: four different Pills!
        interpreter.run(Ctx(g, 0, None, name="Pills!"), eff)
        resolution.priority(g, g.active)
        assert len(p0.hand) == 3 - back and len(g.loot) == 20 - 3 + back
        check_invariants(g)


def test_FS_16_2_white_champions_gives_every_monster_plus_one_evasion_while_it_is_a_room_in_play():
    g = position(2)
    m = add_slot_monster(g, monster("Target", hp=2, evasion=3))
    assert statics.evasion(g, m) == 3
    room = g.new_obj(phys(g, real("White Champions")), "room", -1, slot=0)
    rooms_of(g).slots.append([room])
    assert statics.evasion(g, m) == 4
    room.in_play = False
    g.rooms.slots[0].clear()
    g.obj_ver += 1
    assert statics.evasion(g, m) == 3


def test_FS_5_14_bow_and_arrow_bounty_counters_lower_evasion_and_pay_three_cents_on_death():
    """Blue Archer's starting item: a monster marked with bounty (-1 evasion, only that monster); once
    a marked monster dies, whoever killed it, its holder gains 3c; a monster without one pays
    nothing."""
    g = position(2)
    loot_fillers(g, 10)
    g.active = 0
    bow = give_item(g, 0, real("Bow and Arrow"), eternal=True)
    marked = add_slot_monster(g, monster("Mark", hp=2, evasion=4))
    plain = add_slot_monster(g, monster("Plain", hp=2, evasion=4))
    g.monster.extend(phys(g, monster(f"Fill{i}", hp=2)) for i in range(3))
    assert interpreter.run(Ctx(g, 0, bow, {"M": marked}, name="Bow and Arrow"), bow.rules.tap[0].do)
    assert statics.evasion(g, marked) == 3 and statics.evasion(g, plain) == 4
    cents = g.players[0].cents
    damage.kill(g, marked, 1)
    _settle(g)
    assert g.players[0].cents == cents + 3
    damage.kill(g, plain, 0)
    _settle(g)
    assert g.players[0].cents == cents + 3
    check_invariants(g)
