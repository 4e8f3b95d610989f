"""Challenges (FS-18): a solo or co-op game against a final boss, with minion slots.

Used only with ``--variant challenge`` (which needs ``solo`` or ``co-op``, FS-18.1); a game without it never
reaches this module (every hook is guarded by ``Game.special_slots`` or ``Game.challenge``), so its event
log is unchanged. The final-boss slot and the minion slots are monster slots marked in
``Game.special_slots``: their monsters count as monsters in monster slots for every ability (FS-18.2,
FS-18.5), they are never covered (``zones.coverable_slots``) nor refilled (FS-12.6), and their monster
cannot leave until it dies (``zones.remove_from_slot``). The challenge's goal is the final boss's death
(FS-18.4): every character wins; no other win counts (FS-18.7). The timer goes down once a round only
(FS-18.6). A final boss is a card of the ``challenge`` deck with a stat block; its abilities carry the
challenge's rules (its turn triggers fire on every turn, as the game's). The bundled Day of the Doodler
cards are left out (their own rules are not encoded), so a challenge needs a card file such as
``tests/four_souls/cards_testonly/challenge.yaml``."""

from __future__ import annotations

from typing import Any

from cardlab.simulate.core import UserError

from .state import Game, GameOver, Obj

BOSS = "final_boss"
MINION = "minion"
ARMOUR = 3  # FS-18.3


def check_pool(s: Any) -> None:
    """``--variant challenge`` needs a final boss (FS-18.2): one line otherwise."""
    if not s.bosses:
        left = sorted(n for n, why in s.left_out.items() if "challenge" in why)
        extra = f" ({len(left)} challenge card(s) left out: {', '.join(left[:2])})" if left else ""
        raise UserError(
            "four-souls: --variant challenge (FS-18) needs a final boss (deck: challenge, with HP) in the card"
            f" pool, e.g. --cards tests/four_souls/cards_testonly/challenge.yaml{extra}"
        )


def setup(g: Game, s: Any, phys: Any, rng: Any) -> None:
    """FS-18.2: the final boss (one of the pool's, by the setup stream) enters its own slot."""
    boss = s.bosses[rng.randrange(len(s.bosses))]
    i = len(g.mslots)
    g.mslots.append([g.new_obj(phys(boss), "monster", -1, slot=i)])
    g.special_slots[i] = BOSS
    g.challenge = True


def new_minion_slot(g: Game) -> int:
    """FS-18.5: "put a monster into a minion slot" first expands the minion slots by 1."""
    i = len(g.mslots)
    g.mslots.append([])
    g.special_slots[i] = MINION
    g.log.emit("slots_expanded", g.active, None, MINION, len(g.mslots))
    return i


def fixed(g: Game, o: Obj) -> bool:
    """FS-18.2 / FS-18.5: the final boss or a minion, which cannot leave its slot until it dies."""
    i = o.slot
    return (
        o.kind == "monster"
        and i in g.special_slots
        and 0 <= i < len(g.mslots)
        and bool(g.mslots[i])
        and g.mslots[i][-1] is o
    )


def is_boss(g: Game, o: Any) -> bool:
    return isinstance(o, Obj) and g.special_slots.get(o.slot) == BOSS and fixed(g, o)


def minions(g: Game) -> int:
    """The monsters in minion slots (FS-18.5)."""
    return sum(1 for i, kind in g.special_slots.items() if kind == MINION and g.mslots[i])


def armour(g: Game, t: Any, amount: int, combat: bool) -> int:
    """FS-18.3: more than 3 damage at once to the final boss from anything but an attack is 3."""
    if not combat and amount > ARMOUR and is_boss(g, t):
        return ARMOUR
    return amount


def boss_died(g: Game, slot: int) -> None:
    """FS-18.4: the final boss died (its death steps done): the challenge is won by every character."""
    if g.special_slots.get(slot) == BOSS:
        g.over = True
        raise GameOver(tuple(range(g.n)))
