"""The engine's invariants, checked after every turn by ``checked_play`` (`cardlab soak`) and by the tests:
every physical card in exactly one zone and only in zones of its type (FS-3.4, FS-3.6, FS-3.7), every object
listed under a player in play under that player with the right kind, slots holding one object on top of
covered cards (FS-3.8), ¢ conserved (FS-15, FS-Q.4), HP within 0..max, no negative counts; between turns
also the end-phase state (FS-8.10) when a turn has just ended: empty stack and temporary zone, everyone
healed and alive, no attack."""

from __future__ import annotations

from cardlab.simulate.core.errors import InvariantError
from cardlab.simulate.core.wording import counted

from . import blank_card, rooms, statics
from .items import LootItem
from .state import Game, Obj, Phys


def zone_cards(g: Game) -> list[Phys]:
    """Every physical card, found zone by zone (each must appear exactly once)."""

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
    if g.soul_trading is not None:
        out.extend(g.soul_trading.deck)  # soul trading's starting-item deck (FS-20.5)
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
    out.extend(blank_card.held(g))  # a real card under an item, playable this turn (Rusty Spoons)
    for cards in g.under.values():  # cards kept under an item (Isaac's Last Will)
        out.extend(cards)
    if g.rooms is not None:
        out.extend(rooms.zone_cards(g))
    if g.challenge:  # FS-18: the challenge card in play, set-aside minions, cards a composite revealed
        ch = g.challenge
        out.extend(o.phys for o in ch.cards)
        out.extend(ch.set_aside)
        out.extend(c for _card, revealed in ch.composites.values() for c in revealed)
    return out


_LIST_KIND = {"items": "item", "souls": "soul", "curses": "curse"}


def check_invariants(g: Game) -> None:
    """Every card in exactly one zone of its type; ¢ conserved (FS-15, FS-Q.4); HP within 0..max;
    counts ≥ 0; objects and slots well formed; after a finished turn, the end-phase state (FS-8.10)."""
    seen = zone_cards(g)
    ids = [c.pid for c in seen]
    if len(ids) != len(set(ids)):
        dup = sorted({c.card.name for c in seen if ids.count(c.pid) > 1})
        _require(False, g, f"a card is in two zones ({', '.join(dup)})")
    _require(set(ids) == {c.pid for c in g.all_phys}, g, "a card is in no zone")
    for deck, disc, kind in (
        (g.loot, g.loot_disc, "loot"),
        (g.treasure, g.treasure_disc, "treasure"),
        (g.monster, g.monster_disc, "monster"),
        *([(g.rooms.deck, g.rooms.disc, "room")] if g.rooms is not None else []),
    ):
        for c in (*deck, *disc):  # FS-3.4 / FS-3.6: a deck or discard holds only its own type
            _require(c.card.deck == kind, g, f"{c.card.name} in the {kind} deck or discard")
    for c in g.soul_trading.deck if g.soul_trading is not None else ():  # FS-20.5: only starting items
        _require(c.card.deck == "eternal", g, f"{c.card.name} in the starting-item deck")
    for i, slot in enumerate(g.shop):
        _check_slot(g, slot, ("item",), f"shop slot {i}")
    for i, slot in enumerate(g.mslots):
        _check_slot(g, slot, ("monster", "event"), f"monster slot {i}")
    for i, slot in enumerate(g.rooms.slots if g.rooms is not None else ()):
        _check_slot(g, slot, ("room",), f"room slot {i}")
        _require(all(x.card.deck == "room" for x in slot[:-1]), g, f"room slot {i}: a non-room card")
    if not g.unlimited_bank:
        _require(g.bank + sum(p.cents for p in g.players) == g.cfg.bank, g, "cents not conserved")
    _require(g.bank >= 0, g, "negative bank")
    for p in g.players:
        _require(p.cents >= 0 and p.loot_plays >= 0, g, f"P{p.seat}: negative cents or loot plays")
        _require(
            0 <= statics.player_hp(g, p) <= statics.player_max_hp(g, p), g, f"P{p.seat}: HP out of range"
        )
        _require(p.damage >= 0, g, f"P{p.seat}: negative damage")
        for c in p.hand:  # FS-3.7: a hand holds only loot cards
            _require(c.card.deck == "loot" and not c.virtual, g, f"P{p.seat}: {c.card.name} in hand")
        for attr, kind in _LIST_KIND.items():
            for o in getattr(p, attr):
                _require(
                    o.in_play and o.controller == p.seat and o.kind == kind,
                    g,
                    f"P{p.seat}: {o.phys.card.name} not in play under them as a {kind}",
                )
                _require(
                    o.counters >= 0 and o.levels >= 0, g, f"{o.phys.card.name}: negative counters or levels"
                )
        ch = p.character
        _require(
            ch is not None and ch.in_play and ch.controller == p.seat and ch.kind == "character",
            g,
            f"P{p.seat}: character not in play under them",
        )
    for m in g.monsters():
        _require(m.damage >= 0, g, f"{m.phys.card.name}: negative damage")
        _require(
            0 <= statics.monster_hp(g, m) <= statics.monster_max_hp(g, m),
            g,
            f"{m.phys.card.name}: HP out of range",
        )

    if g.between and not g.over:
        _check_between_turns(g)


def _check_slot(g: Game, slot: list, kinds: tuple[str, ...], where: str) -> None:
    """FS-3.8 / FS-3.3: a slot is covered cards with at most one object in play on top."""
    for x in slot[:-1]:
        _require(isinstance(x, Phys), g, f"{where}: an object in play below the top")
    if slot and isinstance(slot[-1], Obj):
        top = slot[-1]
        _require(
            top.in_play and top.controller == -1 and top.kind in kinds,
            g,
            f"{where}: {top.phys.card.name} on top but not in play there",
        )


def _check_between_turns(g: Game) -> None:
    """After a complete turn (FS-8.10, FS-Q.1, FS-Q.13): the stack and the temporary zone are empty, no
    attack is under way, and everything with HP has healed — dead players are alive again."""
    _require(not g.stack, g, f"{counted(len(g.stack), 'item')} left on the stack after the turn")
    _require(not g.temp, g, "a card left in the temporary zone after the turn")
    _require(g.attack is None, g, "an attack still under way after the turn")
    for p in g.players:
        _require(
            p.damage == 0 and not p.dead and not p.death_pending, g, f"P{p.seat}: not healed after the turn"
        )
    for m in g.monsters():
        kept = m.damage > 0 and statics.keeps_damage(
            g, m
        )  # FS-8.10(4): a monster the heal passes by (Mulligoon)
        _require((m.damage == 0 or kept) and not m.dying, g, f"{m.phys.card.name}: not healed after the turn")


def _require(ok: bool, g: Game, what: str) -> None:
    if not ok:
        raise InvariantError(f"turn {g.turn}: {what}")
