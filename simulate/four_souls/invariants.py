"""The engine's invariants, checked after every turn by ``checked_play`` (`cardlab soak`) and by the tests:
every physical card in exactly one zone, ¢ conserved (FS-15, FS-Q.4), HP within 0..max, no negative counts."""

from __future__ import annotations

from simulate.core.errors import InvariantError

from . import statics
from .state import Game, Obj, Phys


def zone_cards(g: Game) -> list[Phys]:
    """Every physical card, found zone by zone (each must appear exactly once)."""
    from .stack import LootItem

    out: list[Phys] = []
    for z in (
        g.loot,
        g.loot_disc,
        g.treasure,
        g.treasure_disc,
        g.monster,
        g.monster_disc,
        g.removed,
        g.bonus,
    ):
        out.extend(z)
    out.extend(o.phys for o in g.temp)
    for p in g.players:
        out.extend(p.hand)
        if p.character is not None:
            out.append(p.character.phys)
        out.extend(o.phys for lst in (p.items, p.souls, p.curses) for o in lst)
    for slots in (g.shop, g.mslots):
        for slot in slots:
            out.extend(x.phys if isinstance(x, Obj) else x for x in slot)
    out.extend(it.phys for it in g.stack if isinstance(it, LootItem) and not it.phys.virtual)
    return out


def check_invariants(g: Game) -> None:
    """Every card in exactly one zone; ¢ conserved (FS-15, FS-Q.4); HP within 0..max; counts ≥ 0."""
    seen = zone_cards(g)
    ids = [c.pid for c in seen]
    _require(len(ids) == len(set(ids)), g, "a card is in two zones")
    _require(set(ids) == {c.pid for c in g.all_phys}, g, "a card is in no zone")
    if not g.unlimited_bank:
        _require(g.bank + sum(p.cents for p in g.players) == g.cfg.bank, g, "cents not conserved")
    _require(g.bank >= 0, g, "negative bank")
    for p in g.players:
        _require(p.cents >= 0 and p.loot_plays >= 0, g, f"P{p.seat}: negative cents or loot plays")
        _require(
            0 <= statics.player_hp(g, p) <= statics.player_max_hp(g, p), g, f"P{p.seat}: HP out of range"
        )
        _require(p.damage >= 0, g, f"P{p.seat}: negative damage")
        for o in p.items + p.souls + p.curses:
            _require(
                o.in_play and o.controller == p.seat,
                g,
                f"P{p.seat}: {o.phys.card.name} not in play under them",
            )
            _require(o.counters >= 0 and o.levels >= 0, g, f"{o.phys.card.name}: negative counters or levels")
    for m in g.monsters():
        _require(m.damage >= 0, g, f"{m.phys.card.name}: negative damage")
        _require(
            0 <= statics.monster_hp(g, m) <= statics.monster_max_hp(g, m),
            g,
            f"{m.phys.card.name}: HP out of range",
        )


def _require(ok: bool, g: Game, what: str) -> None:
    if not ok:
        raise InvariantError(f"turn {g.turn}: {what}")
