"""The small rule-changing FS-20 variants: super shop (FS-20.9) and cannon fodder (FS-20.10, FS-Q.27).
Nobody leaves hurt (FS-20.8) is the reward step itself (``resolution.monster_dies``); two-player rules and
soul trading have their own modules."""

from __future__ import annotations

from typing import Any

from . import resources
from .state import Game, Obj, Player

SUPER_SHOP_CENTS = 5  # FS-20.9: each other player gains 5¢
BOSS_KINDS = frozenset({"normal_boss", "epic_boss"})


def install(g: Game) -> None:
    """Hook the chosen rule variants into the game's actions (``Game.variant_rules``)."""
    if g.cfg.has("super-shop"):
        g.variant_rules.soul_gained.append(super_shop)


def super_shop(g: Game, p: Player) -> None:
    """FS-20.9, after ``p`` gained a soul (``resources.gain_soul``: every gain, not a steal, give or swap,
    FS-6.11): every other player, in turn order from ``p``, gains 5¢ from the bank (FS-15 / FS-Q.4:
    a gain takes what the bank has; gain replacements such as Counterfeit Penny apply), then the shop
    expands by one slot for good (FS-6.7), filled at the next state check like any empty slot (FS-12.4)."""

    for k in range(1, g.n):
        resources.gain_cents(g, g.players[(p.seat + k) % g.n], SUPER_SHOP_CENTS, "super_shop")
    g.shop.append([])


def is_boss(m: Obj) -> bool:
    """FS-Q.27: a boss has a soul icon or is in the boss / epic-boss category."""
    card = m.phys.card
    return bool(card.soul) or card.kind in BOSS_KINDS


def cannon_fodder(g: Game, targets: list[Any]) -> list[Any]:
    """FS-20.10 / FS-Q.27: while any non-boss monster is among the active monsters (attackable or not),
    no attack may be declared on a boss in a slot. Deck attacks stay legal (a boss revealed by one is
    fought as usual)."""
    if any(not is_boss(m) for m in g.monsters()):
        return [t for t in targets if not (isinstance(t, Obj) and is_boss(t))]
    return targets
