"""Rule scenarios for the mechanics and effects glossaries (HR-4.11, HR-15, HR-16) and the hooks."""

from __future__ import annotations

from cardlab.simulate.hidden_reason import hooks, zones
from cardlab.simulate.hidden_reason.scenario import cast, kinds, position
from cardlab.simulate.hidden_reason.stack import act, options, run_stack
from cardlab.simulate.hidden_reason.state import ABYSS, BATTLEFIELD, HAND, OTHER_WORLD, StackItem
from cardlab.simulate.hidden_reason.turn import _start_phase


def _cast(g, seat, card, target=None):
    cast(g, seat, card.uid, target)
    run_stack(g)


# -- HR-15.1 construction -------------------------------------------------------------------------------
def test_HR_15_1_construction_gains_energy_each_own_turn_and_fires_at_x():
    g = position({0: {"battlefield": ["Siege Blueprint"], "deck": ["Border Scout"] * 4}, 1: {}})
    blueprint = g.cards[0]
    _start_phase(g)
    assert blueprint.energy == 1 and blueprint.window == -1
    g.turn += 2
    _start_phase(g)
    assert blueprint.energy == 2 and blueprint.window == g.turn  # X = 2 reached: window open
    assert ("build", blueprint.uid, None) in options(g, 0, False)  # usable like a tactic
    act(g, 0, ("build", blueprint.uid, None))
    run_stack(g)
    assert blueprint.zone == OTHER_WORLD and g.boss_hp == 50 - 2 - 4


def test_HR_15_1_HR_Q_24_overload_at_start_of_the_next_opponent_turn():
    g = position({0: {"battlefield": ["Siege Blueprint"]}, 1: {"deck": ["Border Scout"] * 2}})
    blueprint = g.cards[0]
    blueprint.energy, blueprint.window = 2, g.turn
    g.turn += 1
    g.active = 1
    _start_phase(g)
    assert blueprint.zone == OTHER_WORLD
    assert "overload" in kinds(g)
    assert g.players[0].boss_damage == 1  # overload: 1 damage to the boss by its controller


def test_HR_Q_24_energy_from_effects_opens_the_window():
    g = position({0: {"battlefield": ["Colossus Frame"], "hand": ["Overclock", "Power Surge"]}, 1: {}})
    frame = g.cards[0]
    _cast(g, 0, g.cards[2], frame.uid)  # Power Surge: +2
    _cast(g, 0, g.cards[1], frame.uid)  # Overclock hook: doubles to 4
    assert frame.energy == 4 and frame.window == g.turn
    frame.entered = g.turn  # even a construction played this turn may fire once complete (docs)
    assert ("build", frame.uid, None) in options(g, 0, False)


# -- HR-15.2 synergy -------------------------------------------------------------------------------------
def test_HR_15_2_synergy_taps_without_losing_durability():
    g = position({0: {"battlefield": ["Spark Drone", "Colossus Frame"]}, 1: {}})
    drone, frame = g.cards
    drone.energy = 2
    act(g, 0, ("synergy", drone.uid, "give", frame.uid))
    run_stack(g)
    assert drone.tapped and drone.dur == 1 and drone.zone == BATTLEFIELD
    assert drone.energy == 0 and frame.energy == 2


def test_HR_15_2_synergy_takes_up_to_x():
    g = position({0: {"battlefield": ["Tinker", "Colossus Frame"]}, 1: {}})
    tinker, frame = g.cards
    frame.energy = 3
    act(g, 0, ("synergy", tinker.uid, "take", frame.uid))
    run_stack(g)
    assert tinker.energy == 2 and frame.energy == 1


def _tokens(*picks):
    """A plan answering each ``synergy_token`` decision with the next pick (a card or "done")."""
    left = list(picks)
    return lambda d: left.pop(0) if d.kind == "synergy_token" else None


def test_HR_15_2_synergy_may_move_fewer_than_x():
    """[H] glossary: "no more than X" tokens. Spark Drone (synergy 2, 2 energy) gives one token to Colossus
    Frame and stops: 1 and 1. Before, a synergy always moved all it could (2 onto the Frame)."""
    g = position({0: {"battlefield": ["Spark Drone", "Colossus Frame"]}, 1: {}})
    drone, frame = g.cards
    g.seats.strategies[0].plan = _tokens(frame.uid, "done")
    drone.energy = 2
    act(g, 0, ("synergy", drone.uid, "give", frame.uid))
    run_stack(g)
    assert (drone.energy, frame.energy) == (1, 1) and drone.tapped and drone.dur == 1


def test_HR_15_2_synergy_spreads_its_tokens_over_other_cards():
    """[H] glossary: tokens move "onto other cards". Reactor Titan (synergy 3, 3 energy) puts 2 on Colossus
    Frame and 1 on Siege Blueprint in one tap. Before, one card took them all."""
    g = position({0: {"battlefield": ["Reactor Titan", "Colossus Frame", "Siege Blueprint"]}, 1: {}})
    titan, frame, blueprint = g.cards
    g.seats.strategies[0].plan = _tokens(frame.uid, blueprint.uid, frame.uid)
    titan.energy = 3
    act(g, 0, ("synergy", titan.uid, "give", frame.uid))
    run_stack(g)
    assert (titan.energy, frame.energy, blueprint.energy) == (0, 2, 1)
    assert [r[6] for r in g.log.rows if r[3] == "energy"] == [2, 1]  # card by card, in the order first picked


def test_HR_15_2_synergy_takes_from_an_opponents_card():
    """[H] glossary: "from other cards", whoever controls them. Tinker (synergy 2) takes 2 of the 3 tokens on
    the opponent's Colossus Frame, delaying its construction (HR-15.1). Before, only the synergy player's own
    permanents were offered."""
    g = position({0: {"battlefield": ["Tinker"]}, 1: {"battlefield": ["Colossus Frame"]}})
    tinker, frame = g.cards
    frame.energy = 3
    opt = ("synergy", tinker.uid, "take", frame.uid)
    assert opt in options(g, 0, False)
    act(g, 0, opt)
    run_stack(g)
    assert (tinker.energy, frame.energy) == (2, 1)


# -- HR-15.3 scrap ---------------------------------------------------------------------------------------
def test_HR_15_3_scrap_destroys_your_permanent_and_fires():
    g = position(
        {0: {"battlefield": ["Scrapper Bot", "Rivet Worker"]}, 1: {"battlefield": ["Veteran Spearman"]}}
    )
    bot, worker, spear = g.cards
    act(g, 0, ("scrap", bot.uid, worker.uid, spear.uid))
    run_stack(g)
    assert worker.zone == OTHER_WORLD and spear.zone == OTHER_WORLD
    assert bot.tapped and bot.dur == 1  # a unit's tap costs durability (HR-4.3)


# -- HR-15.4 substitution ----------------------------------------------------------------------------------
def test_HR_15_4_substitution_swaps_a_mitsim_for_one_of_equal_or_lower_cost():
    g = position(
        {
            0: {
                "battlefield": ["Mitsim Stalker"],
                "other_world": ["Mitsim Weaver", "Mitsim Brute"],
                "deck": ["Border Scout"],
            },
            1: {},
        }
    )
    stalker, weaver, brute = g.cards[:3]
    subs = [o for o in options(g, 0, True) if o[0] == "substitute"]
    assert subs == [("substitute", stalker.uid, stalker.uid, weaver.uid)]  # Brute costs more
    act(g, 0, subs[0])
    run_stack(g)
    assert stalker.zone == OTHER_WORLD and weaver.zone == BATTLEFIELD
    assert weaver.entered == g.turn  # HR-9.4 exhausted
    assert len(g.players[0].hand) == 1  # its enter trigger fired (draw 1)
    assert g.players[0].pool == 7


def test_HR_Q_22_substitution_only_on_your_own_turn():
    g = position({0: {"battlefield": ["Mitsim Stalker"], "other_world": ["Mitsim Weaver"]}, 1: {}}, active=1)
    assert [o for o in options(g, 0, False) if o[0] == "substitute"] == []


def test_HR_Q_22_substitution_may_sacrifice_any_mitsim_you_control():
    """HR-Q.22 (the original's glossary): the controller sacrifices a mitsim under their control, not
    necessarily the bearer; the returned card costs no more than the sacrificed one (the bearer need
    not sacrifice itself)."""
    g = position(
        {
            0: {
                "battlefield": ["Mitsim Larva", "Parasite Swarm", "Border Scout"],
                "other_world": ["Mitsim Stalker", "Mitsim Brute"],
            },
            1: {"battlefield": ["Mitsim Drone"]},  # the opponent's mitsim is not ours to sacrifice
        }
    )
    larva, swarm, _scout, stalker, _brute = g.cards[:5]
    subs = [o for o in options(g, 0, True) if o[0] == "substitute"]
    # Larva (cost 0) returns nothing here; Swarm (cost 2, no keyword of its own) returns Stalker (cost 2)
    # through Larva's keyword; Brute (3) is too dear; Border Scout is no mitsim.
    assert subs == [("substitute", larva.uid, swarm.uid, stalker.uid)]
    act(g, 0, subs[0])
    run_stack(g)
    assert swarm.zone == OTHER_WORLD and larva.zone == BATTLEFIELD
    assert stalker.zone == BATTLEFIELD and stalker.entered == g.turn  # HR-9.4: exhausted
    assert g.players[0].pool == 7
    assert [r[4] for r in g.log.rows if r[3] == "unit_destroyed"] == ["Parasite Swarm"]


def test_HR_Q_22_HR_Q_12_a_bearer_gone_before_resolution_returns_nothing():
    """HR-Q.12: the bearer is a unit; if it sacrificed another mitsim and then left the battlefield, its
    substitution does nothing (the sacrifice stays paid). A bearer that sacrificed itself is exempt: that
    was its cost (test above)."""
    g = position(
        {0: {"battlefield": ["Mitsim Stalker", "Parasite Swarm"], "other_world": ["Mitsim Weaver"]}, 1: {}}
    )
    stalker, swarm, weaver = g.cards[:3]
    act(g, 0, ("substitute", stalker.uid, swarm.uid, weaver.uid))
    assert swarm.zone == OTHER_WORLD  # paid on activation (HR-7.1 stage 2)
    zones.leave_battlefield(g, stalker, OTHER_WORLD, "test")
    run_stack(g)
    assert weaver.zone == OTHER_WORLD and g.players[0].battlefield == []
    assert ("fizzled", "source unit gone") in [(r[3], r[7]) for r in g.log.rows]


# -- HR-15.5 hunger ----------------------------------------------------------------------------------------
def test_HR_15_5_HR_Q_21_hunger_removes_n_tokens_in_total():
    g = position(
        {
            0: {
                "battlefield": ["Ravenous Hound", "Famine Totem", "Iron Golem"],
                "deck": ["Border Scout"] * 4,
            },
            1: {},
        }
    )
    hound, _totem, golem = g.cards[:3]
    _start_phase(g)  # 2 hunger cards → 2 tokens in total; the script puts both on the first unit offered
    assert hound.zone == OTHER_WORLD and golem.dur == 5
    assert [r[4] for r in g.log.rows if r[3] == "hunger"] == ["Ravenous Hound", "Ravenous Hound"]


def test_HR_15_5_hunger_attack_bonus_once_per_game_per_unit():
    g = position({0: {"battlefield": ["Famine Totem", "Iron Golem"], "deck": ["Border Scout"] * 4}, 1: {}})
    golem = g.cards[1]
    _start_phase(g)
    assert golem.dur == 4 and golem.atk_mod == 1
    g.turn += 2
    _start_phase(g)
    assert golem.dur == 3 and golem.atk_mod == 1


def test_HR_Q_21_hunger_can_kill_a_unit():
    g = position({0: {"battlefield": ["Ravenous Hound"], "deck": ["Border Scout"] * 2}, 1: {}})
    hound = g.cards[0]
    hound.dur = 1
    _start_phase(g)
    assert hound.zone == OTHER_WORLD


# -- HR-15.6 uniqueness ------------------------------------------------------------------------------------
def test_HR_15_6_HR_Q_23_second_unique_cannot_be_played():
    g = position({0: {"battlefield": ["Warlord Kresh"], "hand": ["Warlord Kresh"]}, 1: {}})
    assert options(g, 0, True) == []


def test_HR_Q_23_unique_put_onto_battlefield_anyway_goes_to_other_world():
    g = position(
        {0: {"battlefield": ["Hive Queen"], "other_world": ["Hive Queen"], "hand": ["Reclamation"]}, 1: {}}
    )
    g.cards[0].dur = 9
    from cardlab.simulate.hidden_reason import zones

    assert not zones.enter_battlefield(g, g.players[0].other_world.pop(), 0)
    assert "unique_conflict" in kinds(g)


# -- HR-15.7 features --------------------------------------------------------------------------------------
def test_HR_15_7_lost_features_keep_type_and_attack():
    g = position({0: {"hand": ["Hush"]}, 1: {"battlefield": ["Warlord Kresh", "Border Scout"]}})
    kresh, scout = g.cards[1], g.cards[2]
    from cardlab.simulate.hidden_reason.targets import attack_of

    assert attack_of(g, scout) == 3
    _cast(g, 0, g.cards[0], kresh.uid)
    assert kresh.silenced and attack_of(g, scout) == 2 and attack_of(g, kresh) == 5
    assert kresh.d.type == "unit"


# -- HR-4.11 implants ---------------------------------------------------------------------------------------
def test_HR_4_11_HR_Q_26_implant_follows_its_unit_to_its_owners_other_world():
    g = position(
        {0: {"hand": ["Leaden Shackles"]}, 1: {"battlefield": ["Siege Breaker"], "hand": ["Arc Bolt"]}}
    )
    shackles, breaker = g.cards[0], g.cards[1]
    _cast(g, 0, shackles, breaker.uid)
    from cardlab.simulate.hidden_reason.targets import attack_of

    assert shackles.host is breaker and attack_of(g, breaker) == 3
    breaker.dur = 0
    from cardlab.simulate.hidden_reason import zones

    zones.sweep(g)
    assert shackles in g.players[0].other_world and breaker in g.players[1].other_world


def test_HR_4_11_implant_grants_durability():
    g = position({0: {"hand": ["Iron Greaves"], "battlefield": ["Border Scout"]}, 1: {}})
    _cast(g, 0, g.cards[0], g.cards[1].uid)
    assert g.cards[1].dur == 3


# -- HR-16 effects -----------------------------------------------------------------------------------------
def test_HR_16_1_destroy_and_HR_16_8_exile():
    """Destroy → the other world; exile → the abyss (HR-5.7), a zone of its own."""
    g = position({0: {"hand": ["Unmake", "Banish"]}, 1: {"battlefield": ["Iron Golem", "Siege Breaker"]}})
    _cast(g, 0, g.cards[0], g.cards[2].uid)
    _cast(g, 0, g.cards[1], g.cards[3].uid)
    assert g.cards[2].zone == OTHER_WORLD and g.cards[3].zone == ABYSS


def test_HR_16_6_sacrifice_the_targeted_player_chooses():
    pick_last = {1: lambda d: d.options[-1] if d.kind == "sacrifice" else None}
    g = position(
        {0: {"hand": ["Edict of Ash"]}, 1: {"battlefield": ["Iron Golem", "Border Scout"]}}, fns=pick_last
    )
    _cast(g, 0, g.cards[0], -2)
    assert g.cards[2].zone == OTHER_WORLD and g.cards[1].zone == BATTLEFIELD


def test_HR_16_9_discard_goes_to_the_other_world():
    g = position({0: {"hand": ["Thought Tithe"]}, 1: {"hand": ["Iron Golem"]}})
    _cast(g, 0, g.cards[0])
    assert g.cards[1].zone == OTHER_WORLD


def test_HR_13_9_damage_removes_durability():
    g = position({0: {"hand": ["Chain Lightning"]}, 1: {"battlefield": ["Iron Golem", "Border Scout"]}})
    _cast(g, 0, g.cards[0])
    assert g.cards[1].dur == 3 and g.cards[2].zone == OTHER_WORLD


def test_bounce_returns_to_owners_hand():
    g = position({0: {"hand": ["Recall Beacon"]}, 1: {"battlefield": ["Iron Golem"]}})
    _cast(g, 0, g.cards[0], g.cards[1].uid)
    assert g.cards[1].zone == HAND and g.cards[1] in g.players[1].hand


def test_revive_returns_exhausted_and_recall_to_hand():
    g = position(
        {0: {"hand": ["Reclamation", "Salvage Run"], "other_world": ["Mitsim Stalker", "Iron Golem"]}, 1: {}}
    )
    _cast(g, 0, g.cards[0])
    assert g.cards[2].zone == BATTLEFIELD and g.cards[2].entered == g.turn
    _cast(g, 0, g.cards[1])
    assert g.cards[3].zone == HAND


# -- hooks --------------------------------------------------------------------------------------------------
def test_the_card_loader_knows_exactly_the_implemented_hooks():
    """cards.HOOKS (what a card file may name) holds a handler for every hook, bound by hooks.py: the
    loader sits below the hooks in the engine's layers, so it holds the names, and hooks.py binds them."""
    from cardlab.simulate.hidden_reason.cards import HOOKS

    assert hooks.__name__ and HOOKS.unimplemented() == [] and set(HOOKS.handlers) == set(HOOKS)


def test_hook_rally_cry_one_blow_per_unit():
    g = position(
        {
            0: {"hand": ["Rally the Ranks"], "battlefield": ["Border Scout", "Shield Recruit", "War Banner"]},
            1: {},
        }
    )
    _cast(g, 0, g.cards[0])
    assert g.boss_hp == 48 and g.players[0].temp == 1  # one source, one resource


def _hook_item(g, name: str) -> StackItem:
    """Seat 0's card ``name`` as the stack item its hook resolves for (a stack item always has a source)."""
    card = next(c for c in g.cards if c.name == name)
    return StackItem("card", 0, card, card.d.play)


def test_hook_overclock_doubles_energy():
    g = position({0: {"battlefield": ["Colossus Frame"], "hand": ["Overclock"]}, 1: {}})
    g.cards[0].energy = 1
    hooks.overclock(g, _hook_item(g, "Overclock"), g.cards[0].uid)
    assert g.cards[0].energy == 2


def test_hook_mass_return_brings_back_cheap_mitsims():
    g = position(
        {
            0: {
                "other_world": ["Mitsim Larva", "Mitsim Drone", "Mitsim Brute", "Border Scout"],
                "hand": ["Swarm Call"],
            },
            1: {},
        }
    )
    hooks.mass_return(g, _hook_item(g, "Swarm Call"), None)
    assert [c.name for c in g.players[0].battlefield] == ["Mitsim Larva", "Mitsim Drone"]


def test_hook_grave_tax_mills_each_opponent():
    g = position(
        {0: {"hand": ["Grave Whisper"]}, 1: {"deck": ["Iron Golem", "Border Scout"]}, 2: {"deck": []}}, n=3
    )
    hooks.grave_tax(g, _hook_item(g, "Grave Whisper"), None)
    assert [c.name for c in g.players[1].other_world] == ["Border Scout"]


def test_HR_15_1_a_construction_fires_once():
    g = position({0: {"battlefield": ["Siege Blueprint"], "hand": ["Power Surge"]}, 1: {}})
    blueprint = g.cards[0]
    blueprint.energy, blueprint.window = 2, g.turn
    act(g, 0, ("build", blueprint.uid, None))
    cast(g, 0, g.cards[1].uid, blueprint.uid)  # more energy while the first use waits
    assert [o for o in options(g, 0, False) if o[0] == "build"] == []
    run_stack(g)
    assert blueprint.zone == OTHER_WORLD and g.players[0].boss_damage == 4


def test_card_equality_is_the_field_by_field_one_told_apart_by_uid_first():
    """``Card.__eq__`` answers as the generated dataclass method did (every field equal), reading ``uid``
    first; a hand searched by equality removes the card asked for (issue 20: the speed of ``list.remove``)."""
    import copy

    g = position({0: {"hand": ["Border Scout", "Border Scout"]}, 1: {}})
    a, b = g.players[0].hand
    twin = copy.copy(a)
    assert a == twin and a != b and a != a.uid
    twin.dur += 1
    assert a != twin
    g.players[0].hand.remove(b)
    assert g.players[0].hand == [a] and g.players[0].hand[0] is a


def test_a_copied_position_keeps_its_cards_and_the_links_between_them():
    """A search copies positions: in the compiled build a card is rebuilt by its ``__init__`` from its first
    fields and given the others after, so a unit and the implant on it (each naming the other) are copied
    once and still name each other (issue 20); a pickled card is the same card."""
    import copy
    import pickle

    g = position({0: {"hand": ["Border Scout", "Border Scout"]}, 1: {}})
    unit, implant = g.players[0].hand
    unit.implants.append(implant)
    implant.host = unit
    twin = copy.deepcopy(g)
    u, i = twin.players[0].hand
    assert (u.uid, u.d, i.uid) == (unit.uid, unit.d, implant.uid) and u is not unit
    assert i.host is u and u.implants == [i] and u.implants[0] is i
    implant.host, unit.implants = None, []
    assert pickle.loads(pickle.dumps(implant)) == implant
