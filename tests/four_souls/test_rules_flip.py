"""Double-faced cards (FS-6.10, card field ``back``, verb ``flip``): The Enigma and its starting item Flip
(Requiem). A flipped object stays the same object with the other side's name, stats and abilities."""

from __future__ import annotations

import pytest

from cardlab.simulate.core.errors import CardDataError
from cardlab.simulate.four_souls import attack, cards, plays, sides, statics
from cardlab.simulate.four_souls.fixtures import (
    by_id,
    card,
    character,
    check_invariants,
    give_item,
    give_loot,
    loot_fillers,
    position,
    settle,
)
from cardlab.simulate.four_souls.resolution import player_dies


def _enigma(hand: int = 2):
    g = position(2, chars=[by_id("r-the_enigma"), character("Vanilla1")])
    give_item(g, 0, by_id("r-flip"), eternal=True)
    for i in range(hand):
        give_loot(g, 0, card(f"Loot{i}"))
    loot_fillers(g, 10)
    g.active = 1
    return g


def test_FS_6_10_FS_13_9_flip_turns_the_enigma_after_each_death_penalty_and_back_again():
    """The Enigma (front HP 2, damage 1) dies holding 2 loot cards: after the penalty (its 1 loot
    discarded) Flip turns the character to its back (HP 1, damage 2), recharges it, discards the hand and
    loots 3. A second death turns it to its front again: the back's other side is the front."""
    g = _enigma()
    p = g.players[0]
    ch = p.character
    player_dies(g, p, -1)
    settle(g)
    assert ch.face is not None and ch.face.name == "amginE ehT" and sides.name(ch) == "amginE ehT"
    assert (statics.player_max_hp(g, p), statics.player_atk(g, p)) == (1, 2)
    assert ch.charged and len(p.hand) == 3 and p.character is ch  # the same object (FS-6.10)
    assert ch.rules is ch.phys.rules.back
    p.dead = False
    player_dies(g, p, -1)
    settle(g)
    assert ch.face is None and ch.rules is ch.phys.rules
    assert (statics.player_max_hp(g, p), statics.player_atk(g, p)) == (2, 1)
    check_invariants(g)


def test_FS_6_10_a_character_with_no_back_does_not_flip_but_flip_still_recharges_and_reloots():
    """Flip under a one-sided character: the flip does nothing (FS-6.10: it cannot be flipped); the
    recharge, the discarded hand and the 3 loot still happen ("if able" covers the flip alone)."""
    g = position(2)
    give_item(g, 0, by_id("r-flip"), eternal=True)
    give_loot(g, 0, card("Loot0"))
    loot_fillers(g, 10)
    g.active = 1
    p = g.players[0]
    player_dies(g, p, -1)
    settle(g)
    assert p.character.face is None and p.character.charged and len(p.hand) == 3
    assert not sides.flip(g, p.character)


def test_FS_6_10_a_back_side_is_for_characters_and_eternal_items(tmp_path):
    f = tmp_path / "bad.yaml"
    f.write_text(
        "set: base_v2\ndeck: loot\ncards:\n  - {id: x, name: X, kind: other, copies: 1, back: {name: Y}}\n",
        encoding="utf-8",
    )
    with pytest.raises(CardDataError, match="field 'back' is for characters and eternal items only"):
        cards.load_pool([f])


def _anima(rolls: list[int]):
    """Seat 1 holds Anima Sola (The Deserter's starting item) and flips it with its tap ability."""
    g = position(2, chars=[character("A", hp=4), character("B", hp=4)], rolls=rolls)
    g.active = 1
    loot_fillers(g, 10)
    anima = give_item(g, 1, by_id("r-anima_sola"), eternal=True)
    anima.charged = True
    act = next(o for o in plays.legal_actions(g, 1) if len(o) > 1 and o[1] is anima)
    assert plays.take_action(g, 1, act)
    settle(g)
    return g, anima


def test_FS_6_10_FS_10_6_anima_sola_flipped_is_the_revenant_an_attackable_item():
    g, anima = _anima([])
    assert sides.name(anima) == "The Revenant"
    assert anima in statics.attackable_objs(g)
    assert (statics.monster_max_hp(g, anima), statics.evasion(g, anima), statics.monster_atk(g, anima)) == (
        2,
        3,
        2,
    )


def test_FS_13_4_FS_6_10_the_revenant_killed_pays_2_loot_flips_back_and_the_front_loots_1():
    """Seat 0 kills The Revenant (hits of 3 and 5): seat 0 loots 2 (its reward), the item flips back to
    Anima Sola, whose flip trigger loots seat 1 one card; seat 0 may attack once more. Eternal, the item
    cannot go to the discard: it comes back to seat 1 as a new object (FS-13.5, FS-3.2), front face up,
    charged and still eternal (its own: a starting item's)."""
    g, anima = _anima([3, 5])
    g.active = 0
    hands = [len(p.hand) for p in g.players]
    assert attack.run_attack(g, 0, anima)
    settle(g)
    assert sides.name(anima) == "Anima Sola" and not anima.in_play
    anew = g.players[1].items[-1]
    assert anew is not anima and anew.phys is anima.phys and anew.in_play
    assert (sides.name(anew), anew.damage, anew.charged, anew.eternal) == ("Anima Sola", 0, True, True)
    assert [len(p.hand) - h for p, h in zip(g.players, hands, strict=True)] == [2, 1]
    assert anew not in statics.attackable_objs(g)
    assert g.may_attack == ["any"]  # FS-10.16: one more attack offered this turn
