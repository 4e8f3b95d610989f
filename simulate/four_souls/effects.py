"""The verbs (vocabulary §2): one handler per verb, bound to its entry in vocabulary.VERBS (interpreter.py runs
the effect tree and its §1.10 combinators). Every verb returns ``did`` (FS-5.8: ``and`` reads it).

Targets (``targets:`` and a leading ``tgt``/``modes``) are bound when the item is put on the stack
(FS-4.2, FS-4.3) by ``targets.prepare``; everything else is decided on resolution.
"""

from __future__ import annotations

from typing import Any

from cardlab.simulate.core.shuffling import shuffle

from . import (
    asking,
    blank_card,
    challenge,
    counters,
    damage,
    dice,
    gains,
    interpreter,
    items,
    lineage,
    plays,
    replacements,
    resources,
    rooms,
    seen,
    sides,
    triggers,
    two_player,
    zones,
)
from . import vocabulary as V
from .interpreter import run
from .selectors import candidates, name_has, parse_sel
from .state import DECKS, EngineError, Game, Obj, Phys, Player
from .statics import Ctx, cond, obj_of, player_of, player_statics, self_recharge_only, the_player, value

# ----------------------------------------------------------------------------- references


# ----------------------------------------------------------------------------- selectors (§1.11)


# ----------------------------------------------------------------------------- stacking (FS-4.2)


# ----------------------------------------------------------------------------- running effects


# -- combinators


# ----------------------------------------------------------------------------- verbs (§2)


def _who(ctx: Ctx, p: dict, key: str = "who") -> Player | None:
    x = p.get(key)
    if x is None and "__each__" in ctx.binds and isinstance(ctx.binds["__each__"], Player):
        return ctx.binds["__each__"]
    return player_of(ctx, x)


def gain_cents(ctx: Ctx, p: dict, who: Player | None = None) -> bool:
    g = ctx.g
    pl = who or _who(ctx, p)
    if pl is None:
        return False
    n = value(ctx, p.get("n"))
    return resources.gain_cents(g, pl, n, ctx.name)


def _v_gain_cents(ctx: Ctx, p: dict) -> bool:
    return gain_cents(ctx, p)


def _v_lose_cents(ctx: Ctx, p: dict) -> bool:
    pl = _who(ctx, p)
    if pl is None or _guarded(ctx, pl):
        return False
    n = value(ctx, p.get("n"))
    return resources.lose_cents(ctx.g, pl, pl.cents if n == "all" else n, ctx.name)


def _v_pay(ctx: Ctx, p: dict) -> bool:
    """A payment as an effect; its amounts may be expressions ("pay HP down to 1": The Mirror)."""
    return resources.pay(ctx.g, ctx.g.players[ctx.you], {k: value(ctx, v) for k, v in p.items()}, ctx.name)


def _v_loot(ctx: Ctx, p: dict) -> bool:
    pl = _who(ctx, p)
    if pl is None:
        return False
    n = value(ctx, p.get("n"))
    if not isinstance(n, int) or n <= 0:
        return False
    if p.get("from") == "loot_discard":  # Compost: from the discard's top, then the deck
        g = ctx.g
        got = 0
        for _ in range(n):
            c = g.loot_disc.pop() if g.loot_disc else g.draw(g.loot, g.loot_disc)
            if c is None:
                break
            pl.hand.append(c)
            got += 1
        if got:
            g.log.emit("loot_drawn", pl.seat, ctx.name, "loot_discard", got)
        return got > 0
    return resources.loot(ctx.g, pl, n, ctx.name) > 0


def _guarded(ctx: Ctx, pl: Player) -> bool:
    """``pl`` holds a ``keeps_hand_and_cents`` static (Rib of Greed): no ability makes them discard loot
    or lose ¢ (a cost they pay is their own choice, paid elsewhere)."""
    return bool(player_statics(ctx.g, pl, "keeps_hand_and_cents"))


def _v_discard_loot(ctx: Ctx, p: dict) -> bool:
    pl = _who(ctx, p)
    if pl is not None and _guarded(ctx, pl):
        ctx.g.last_count = 0
        return False
    if pl is None or not pl.hand:
        ctx.g.last_count = 0
        return False
    n = value(ctx, p.get("n"))
    k = resources.discard_loot(ctx.g, pl, n, bool(p.get("random")), ctx.name)
    ctx.g.last_count = k
    return k > 0


def _v_gain_treasure(ctx: Ctx, p: dict) -> bool:
    pl = the_player(ctx, _who(ctx, p))
    n = replacements.treasure_replacements(ctx.g, pl, value(ctx, p.get("n")), ctx.name)  # Damocles (FS-5.4)
    did = False
    for _ in range(n):
        got = resources.gain_treasure(ctx.g, pl, ctx.name)
        if got and p.get("counter"):  # it gets a counter of that kind (FS-5.14: Stacy's Extra Head)
            counters.add(ctx.g, pl.items[-1], 1, p["counter"])
        did = got or did
    return did


def _what(ctx: Ctx, what: Any) -> tuple[str, Any, dict]:
    """Normalise a transfer's ``what``: ('cents', n) | ('loot', n) | ('item', obj|None) | ('soul', ...)."""
    if isinstance(what, dict):
        for k in ("cents", "loot", "soul", "item", "hand"):
            if k in what:
                return k, what[k], what
        raise EngineError(f"{ctx.name}: transfer of {what!r} not implemented")
    if isinstance(what, str):
        parts = what.split()
        if parts[0] in ("cents", "loot", "soul") and len(parts) >= 1:
            n = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 1
            return parts[0], n, {"random": "random" in parts}
        if what in ("self",):
            return "item", ctx.src if isinstance(ctx.src, Obj) else None, {}
        if what == "whole_hand":
            return "hand", None, {}
        ref = ctx.binds.get(what)
        if isinstance(ref, Obj):
            return ("soul" if ref.kind == "soul" else "item"), ref, {}
    raise EngineError(f"{ctx.name}: transfer of {what!r} not implemented")


def _v_steal(ctx: Ctx, p: dict) -> bool:
    g = ctx.g
    kind, n, opts = _what(ctx, p.get("what"))
    to = the_player(ctx, p.get("to", "you"))
    if isinstance(n, Obj):
        if not n.in_play:
            return False
        return resources.move_item(g, n, to.seat, "steal", ctx.name)
    if p.get("what") == "self":
        return False  # "this" is no object in play (a spent loot card's copy, ? Card)
    frm = player_of(ctx, p.get("from"))
    if frm is None or frm is to:
        return False
    if kind == "cents":
        amt = min(value(ctx, n), frm.cents)
        if amt <= 0:
            return False
        frm.cents -= amt
        to.cents += amt
        g.log.emit("cents_stolen", to.seat, ctx.name, frm.seat, amt)
        return True
    if kind == "loot":
        return resources.transfer_loot(
            g, frm, to, value(ctx, n), chooser=to, random=bool(opts.get("random")), why=ctx.name
        )
    if kind == "soul":
        if not frm.souls:
            return False
        s = asking.ask(g, to.seat, "choose_soul", tuple(frm.souls), ctx.name)
        return resources.move_item(g, s, to.seat, "steal", ctx.name)
    if kind == "item":
        opts_ = [o for o in frm.items if not o.eternal]
        if not opts_:
            return False
        it = asking.ask(g, to.seat, "choose_item", tuple(opts_), ctx.name)
        return resources.move_item(g, it, to.seat, "steal", ctx.name)
    return False


def _v_give(ctx: Ctx, p: dict) -> bool:
    g = ctx.g
    kind, n, opts = _what(ctx, p.get("what"))
    frm = player_of(ctx, p.get("from", "you"))
    to = player_of(ctx, p.get("to"))
    if to is None or frm is None or to is frm:
        return False
    if isinstance(n, Obj):
        return n.in_play and resources.move_item(g, n, to.seat, "give", ctx.name)
    if kind == "item":
        return False  # "this" is no object in play: a copy made by a spent loot card (? Card, FS-5.13)
    if kind == "loot":
        return resources.transfer_loot(
            g, frm, to, value(ctx, n), chooser=frm, random=bool(opts.get("random")), why=ctx.name
        )
    if kind == "cents":
        amt = min(value(ctx, n), frm.cents)
        if amt <= 0:
            return False
        resources.give_cents(g, frm, to, amt, ctx.name)
        return True
    if kind == "soul":
        if not frm.souls:
            return False
        s = asking.ask(g, frm.seat, "choose_soul", tuple(frm.souls), ctx.name)  # FS-6.12: the giver picks
        return resources.move_item(g, s, to.seat, "give", ctx.name)
    raise EngineError(f"{ctx.name}: give of {kind} not implemented")


def _v_swap(ctx: Ctx, p: dict) -> bool:
    a = obj_of(ctx, p.get("a"))
    b = obj_of(ctx, p.get("b"))
    if isinstance(a, Obj) and isinstance(b, Obj):
        if not (a.in_play and b.in_play):
            return False
        if a.controller == b.controller or "room" in (a.kind, b.kind):
            return False  # nothing changes hands; a room is nobody's (an item turned into one, Cracked Key)
        if a.controller < 0:
            a, b = b, a  # a shop item (FS-6.12) takes the other's place last
        ca, cb = a.controller, b.controller
        resources.move_item(ctx.g, a, cb, "swap", ctx.name, into=b)
        resources.move_item(ctx.g, b, ca, "swap", ctx.name)
        return True
    if isinstance(p.get("a"), dict) and isinstance(p.get("b"), dict):  # loot cards in hand (Incubus)
        la, lb = candidates(ctx, p["a"]), candidates(ctx, p["b"])
        if not la or not lb:
            return False
        pa = the_player(ctx, parse_sel(p["a"])[2].get("controlled_by", "you"))
        pb = the_player(ctx, parse_sel(p["b"])[2].get("controlled_by", "you"))
        if pa is pb:
            return False  # Incubus pointed at yourself: a card swapped with your own hand stays put
        x = asking.ask(ctx.g, ctx.you, "choose_loot", tuple(la), ctx.name)
        y = asking.ask(ctx.g, ctx.you, "choose_loot", tuple(lb), ctx.name)
        pa.hand.remove(x)
        pb.hand.remove(y)
        pa.hand.append(y)
        pb.hand.append(x)
        ctx.g.log.emit("loot_given", pa.seat, ctx.name, pb.seat, 1, "swap")
        return True
    if "self" in (p.get("a"), p.get("b")) and not isinstance(ctx.src, Obj):
        return False  # "this" is no object in play: a copy made by a spent loot card (? Card, FS-5.13)
    raise EngineError(f"{ctx.name}: swap of {p!r} not implemented")


def _v_look_hand(ctx: Ctx, p: dict) -> bool:
    target = player_of(ctx, p.get("who"))
    viewer = the_player(ctx, p.get("viewer", "you"))
    if target is None:
        return False
    viewer.known.update(c.pid for c in target.hand)
    return True


def _on_top_in_order(g: Game, chooser: int, rest: list, deck: list, name: str) -> None:
    """Put ``rest`` back on top of ``deck`` in the order ``chooser`` picks, the first pick on top
    (decision ``order_top``, one pick at a time; FS-3.4)."""
    order = []
    while len(rest) > 1:
        c = asking.ask(g, chooser, "order_top", tuple(rest), name)
        order.append(c)
        rest.remove(c)
    order.extend(rest)
    deck.extend(reversed(order))


def _v_peek(ctx: Ctx, p: dict) -> bool:
    g = ctx.g
    deck_name = p.get("deck")
    chooser = ctx.by if ctx.by is not None else ctx.you
    if deck_name in ("any", "deck:any", "any_deck"):
        deck_name = asking.ask(g, chooser, "choose_deck", ("loot", "treasure", "monster"), ctx.name)
    elif deck_name == "monster_or_room":  # Hagalaz: the room deck only where rooms are used (FS-16)
        rooms_on = g.rooms is not None and bool(g.rooms.deck or g.rooms.disc)
        deck_name = (
            asking.ask(g, chooser, "choose_deck", ("monster", "room"), ctx.name) if rooms_on else "monster"
        )
    if deck_name in ctx.binds:
        deck_name = ctx.binds[deck_name]
    deck_name = str(deck_name).replace("_deck", "").replace("_top", "")
    deck, disc = g.deck_pair(deck_name)
    n = value(ctx, p.get("n", 1))
    if len(deck) < n and disc:  # FS-3.5: the deck reshuffles when it runs out
        card = g.draw(deck, disc)
        if card is not None:
            deck.append(card)
    cards = deck[-n:][::-1]  # top first
    if not cards:
        return False
    then = p.get("then", "back")
    look = seen.before_look(g, chooser, deck_name, deck, cards, then != "back")  # FS-3.4: only it sees them
    if then == "back":
        seen.after_look(g, look, deck)
        return True
    unordered: list = []  # put under shuffled: the looker knows where, not in what order
    del deck[len(deck) - len(cards) :]
    if then in ("any_order", "may_any_order"):
        _on_top_in_order(g, chooser, list(cards), deck, ctx.name)
    elif then == "may_bottom":
        keep = []
        for c in cards:
            if asking.ask(g, chooser, "bottom", (False, True), c.ref):  # the looked-at card (FS-3.4)
                deck.insert(0, c)
            else:
                keep.append(c)
        deck.extend(reversed(keep))
    elif then == "one_top_rest_bottom":
        top = asking.ask(g, chooser, "order_top", tuple(cards), ctx.name)
        for c in cards:
            if c is not top:
                deck.insert(0, c)
        deck.append(top)
    elif then == "discard_any_order":  # Telekinesis: some to the discard, the others on top in a picked order
        rest = [c for c in cards if not asking.ask(g, chooser, "discard_top", (False, True), c.ref)]
        for c in cards:
            if not any(x is c for x in rest):
                disc.append(c)
        _on_top_in_order(g, chooser, rest, deck, ctx.name)
    elif then == "back_or_discard":
        for c in reversed(cards):
            if asking.ask(g, chooser, "discard_top", (False, True), c.ref):
                disc.append(c)
            else:
                deck.append(c)
    elif then == "may_take_one":  # Guppy's Pieces: only a card the filter keeps; the taker may take none
        flt = p.get("filter")
        fits = [c for c in cards if flt is None or _search_match(c, flt)]
        took_one = None
        if fits and asking.ask(g, chooser, "may", (True, False), ctx.name):
            g.acted = g.resolved  # a player's choice, as every "may" said yes to (the runaway guard, FS-4.7)
            took_one = asking.ask(g, chooser, "take", tuple(fits), ctx.name)
        others = [c for c in cards if c is not took_one]
        if p.get("random"):
            shuffle(g.streams("peek order", ctx.you), others)
            unordered = others
        for c in others:
            deck.insert(0, c)
        if took_one is not None:
            resources.card_to_player(g, took_one, g.players[ctx.you], ctx.name)
    elif then == "may_slot_one":  # Red Key: one of them may go into a slot of its kind, the rest back on top
        pick = asking.ask(g, chooser, "take", (*cards, "none"), ctx.name)
        rest = [c for c in cards if c is not pick]
        deck.extend(reversed(rest))
        if pick != "none":
            if pick.card.deck == "room" and g.rooms is not None and g.rooms.slots:
                i = asking.ask(g, chooser, "choose_slot", tuple(range(len(g.rooms.slots))), ctx.name)
                rooms.put(g, pick, i)
            else:
                zones.put_in_monster_slot(g, pick, chooser, choose_not_attacked=True)
    elif then == "take_one_give_rest":
        # Friendly Sack: one to the looker, the rest to another player it picks
        me = g.players[ctx.you]
        took_c = asking.ask(g, chooser, "take", tuple(cards), ctx.name)
        resources.card_to_player(g, took_c, me, ctx.name)
        rest = [c for c in cards if c is not took_c]
        if rest:
            to = asking.ask(g, chooser, "choose_player", tuple(q for q in g.players if q is not me), ctx.name)
            for c in rest:
                resources.card_to_player(g, c, to, ctx.name)
    elif then == "take_all":  # the cards the filter keeps to the looker's hand, the rest under the deck
        flt = p.get("filter")
        for c in cards:
            if flt is None or _search_match(c, flt):
                resources.card_to_player(g, c, g.players[ctx.you], ctx.name)
            else:
                deck.insert(0, c)
    elif then == "copy_one":
        # Lil Delirium: one of them is revealed and this item is a copy of it till end of turn (FS-5.10);
        # then all of them go to the deck's bottom, shuffled
        shown_c = asking.ask(g, chooser, "take", tuple(cards), ctx.name)
        for q in g.players:
            q.known.add(shown_c.pid)
        if isinstance(ctx.src, Obj) and ctx.src.in_play:
            gains.wear(ctx.g, ctx.src, shown_c.rules, True)
        rest = list(cards)
        shuffle(g.streams("peek order", ctx.you), rest)
        unordered = rest
        for c in rest:
            deck.insert(0, c)
    elif then in ("take_one", "take_two"):  # take_two: two of them, one pick after the other (Eden's Soul)
        rest = list(cards)
        took = []
        for _ in range(2 if then == "take_two" else 1):
            if rest:
                took.append(asking.ask(g, chooser, "take", tuple(rest), ctx.name))
                rest.remove(took[-1])
        if p.get("random"):  # the others shuffled before they go under the deck (Pumpkin Mask)
            shuffle(g.streams("peek order", ctx.you), rest)
            unordered = rest
        for c in rest:
            deck.insert(0, c)
        for c in took:
            resources.card_to_player(g, c, g.players[ctx.you], ctx.name)
    else:
        deck.extend(reversed(cards))
        raise EngineError(f"{ctx.name}: peek then '{then}' not implemented")
    seen.after_look(g, look, deck, unordered)
    return True


def _v_add_bonus_soul(ctx: Ctx, p: dict) -> bool:
    """FS-14.7 / FS-2.6: a bonus soul of that name from outside the game (in the chosen sets, not dealt at
    setup) becomes an active bonus soul, a new physical card beside the others (Guppy's Pieces, a room);
    none outside (already active, gained, or not in the sets): nothing."""
    g = ctx.g
    name = str(p.get("name"))
    for i, (c, r) in enumerate(g.outside_bonus):
        if c.name != name:
            continue
        del g.outside_bonus[i]
        ph = Phys(max((x.pid for x in g.all_phys), default=0) + 1, c, r)
        g.all_phys.append(ph)
        g.bonus.append(ph)
        if r is not None and r.triggers:  # FS-14.7: its abilities work until gained (the game's object)
            g.bonus_objs[ph.pid] = g.new_obj(ph, "bonus", -1)
            g.cache.trig_names.update(r.triggers)
        g.cache.checked_nb = -1  # FS-14.8: checked at the next state check
        return True
    return False


def _v_search(ctx: Ctx, p: dict) -> bool:
    g = ctx.g
    deck_name = str(p.get("deck")).replace("_deck", "")
    deck, _disc = g.deck_pair(deck_name)
    flt = p.get("filter")
    seen.disturb(g, deck_name, deck)  # FS-3.4: searched and shuffled, its order is nobody's knowledge
    if p.get("count") == "any_number" and flt != "any":
        # "any number of cards named ..." (Warp Zone Fuck Bloat): one at a time while the searcher wants
        # another and one is left (a "may" each time); the deck is shuffled after each (FS-3.4)
        chooser = ctx.by if ctx.by is not None else ctx.you
        one = {k: v for k, v in p.items() if k != "count"}
        took = False
        while any(_search_match(c, flt) for c in deck) and asking.ask(
            g, chooser, "may", (True, False), ctx.name
        ):
            g.acted = g.resolved  # a player's choice, as every "may" said yes to (the runaway guard, FS-4.7)
            took = _v_search(ctx, one) or took
        if not took:
            shuffle(g.streams("shuffle", deck_name), deck)
        return took
    found = None
    if flt == "any":  # "search the deck for a card": the searcher picks any one (Alt Art Devil Deal)
        chooser = ctx.by if ctx.by is not None else ctx.you
        by_id: dict = {}
        for c in reversed(deck):
            by_id.setdefault(c.card.id, c)  # one option per distinct card
        if by_id:
            found = asking.ask(g, chooser, "take", tuple(by_id.values()), ctx.name)
    for c in reversed(deck) if flt != "any" else ():
        if _search_match(c, flt):
            found = c
            break
    if found is not None:
        deck.remove(found)
    shuffle(g.streams("shuffle", deck_name), deck)
    if found is None:
        return False
    then = p.get("then")
    if then == "gain":
        resources.card_to_player(g, found, g.players[ctx.you], ctx.name)
    elif then == "move_to_monster_slot":
        placed = zones.put_in_monster_slot(g, found, ctx.you, choose_not_attacked=True)
        if p.get("bind"):  # a later step names it ("an additional attack on it": Alt Art Brownie)
            ctx.binds[str(p["bind"])] = placed
    elif then == "hand":  # into the hand of the effect's controller (FS-3.7)
        zones.place(g, found, "hand", None, ctx)
    else:
        deck.append(found)
        raise EngineError(f"{ctx.name}: search then '{then}' not implemented")
    return True


def _search_match(c: Phys, flt: Any) -> bool:
    if isinstance(flt, str):
        return flt in c.rules.keywords or c.card.name == flt or c.card.id == flt
    if isinstance(flt, dict):
        if "name" in flt:  # one name, or a list of names (any of them)
            names = flt["name"] if isinstance(flt["name"], list) else [flt["name"]]
            return c.card.name in names or c.card.id in names
        if "keyword" in flt:
            return flt["keyword"] in c.rules.keywords
        if "name_has" in flt:  # a word in its name (Bobby Bomb: "Bomb")
            return name_has(c.card, flt["name_has"])
    return False


def _v_move(ctx: Ctx, p: dict) -> bool:
    return resources.move_cards(ctx, p)


def _v_move_to_slot(ctx: Ctx, p: dict) -> bool:
    t = obj_of(ctx, p.get("target", "self"))
    return isinstance(t, Obj) and zones.move_to_slot(ctx.g, t, ctx.you, ctx.name)


def _v_clear_slot(ctx: Ctx, p: dict) -> bool:
    own = ctx.src.slot if isinstance(ctx.src, Obj) else -1
    return zones.clear_slot(ctx.g, ctx.you, own, ctx.name)


_REVEAL_KEEPS = {
    "event": lambda c: c.card.hp is None and c.card.deck == "monster" and "curse" not in c.rules.keywords,
    "curse": lambda c: "curse" in c.rules.keywords,
    "boss": lambda c: c.card.kind in ("normal_boss", "epic_boss"),
    "any": lambda c: True,
}


def _v_reveal_cards(ctx: Ctx, p: dict) -> bool:
    """FS-3.4: reveal cards from a deck's top — ``n`` of them, or ``until`` that many match ``filter`` (or the
    deck and its discard run out) — and deal with the matching ones: ``take: all`` / ``one`` / ``may_one``
    (the controller picks), each ``then``: ``monster_slot`` (a slot with no attack on its top, the controller
    picks: an event there resolves, FS-1.17), ``give_curse`` (a curse to a player the controller picks,
    FS-4.16) or ``gain_curse`` (a curse to the controller). The rest go ``bottom_random`` (under the deck,
    shuffled), ``bottom_any`` (under it in the order the controller picks), ``bottom`` (in the order revealed)
    or ``discard``. ``bind: B``: the objects
    put into slots, for the next steps."""
    g = ctx.g
    deck, disc = g.deck_pair(str(p["deck"]))
    n = int(value(ctx, p["n"])) if "n" in p else -1
    until = int(value(ctx, p["until"])) if "until" in p else -1
    keeps = _REVEAL_KEEPS[str(p.get("filter", "any"))]
    shown: list[Phys] = []
    found: list[Phys] = []
    while (n < 0 or len(shown) < n) and (until < 0 or len(found) < until):
        c = g.draw(deck, disc)
        if c is None:
            break  # FS-Q.35: nothing left to reveal
        shown.append(c)
        if keeps(c):
            found.append(c)
    take = p.get("take", "all")
    if take != "all" and found:
        opts: tuple = tuple(found) + (("none",) if take == "may_one" else ())
        pick = asking.ask(g, ctx.you, "take", opts, ctx.name)
        found = [pick] if pick != "none" else []
    then = str(p.get("then", "monster_slot"))
    placed: list[Obj] = []
    for c in found:
        shown.remove(c)
        if then == "play_free":  # Booster Pack: yours to play this turn with no loot play (FS-8.4)
            blank_card.grant(g, ctx.you, c, free=True, discard_unplayed=True)
            g.players[ctx.you].known.add(c.pid)
        elif then == "monster_slot":
            placed.append(zones.put_in_monster_slot(g, c, ctx.you, choose_not_attacked=True))
        else:
            seat = ctx.you
            if then == "give_curse":
                seat = asking.ask(g, ctx.you, "give_curse", tuple(g.players), c.card.name).seat
            q = g.players[seat]
            q.curses.append(g.new_obj(c, "curse", seat))
            g.log.emit("curse_received", seat, c.card.name, ctx.you)  # target: the giver
    if "bind" in p:
        ctx.binds[str(p["bind"])] = placed
    rest = str(p.get("rest", "bottom_random"))
    if rest == "discard":
        for c in shown:
            g.discard_of(c).append(c)
    else:
        if rest == "bottom_random":
            g.streams("shuffle", str(p["deck"])).shuffle(shown)
        elif rest == "bottom_any" and len(shown) > 1:  # the controller's order: each pick goes under the last
            left = list(shown)
            shown = []
            while len(left) > 1:
                pick = asking.ask(g, ctx.you, "order_top", tuple(left), ctx.name)
                shown.append(pick)
                left.remove(pick)
            shown.extend(left)
        g.reshuffle(deck, disc)  # FS-3.5: an emptied deck is its shuffled discard before cards go under it
        deck[:0] = list(reversed(shown))  # the last of ``shown`` ends at the very bottom (index 0)
        # revealed, they go under: in the order shown (every player), or picked (its picker), or shuffled
        knowers = range(g.n) if rest == "bottom" else (ctx.you,) if rest == "bottom_any" else ()
        seen.put_under(g, str(p["deck"]), deck, len(shown), knowers)
    return bool(found) or bool(shown)


def _v_next_roll_d8(ctx: Ctx, p: dict) -> bool:
    the_player(ctx, p.get("who", "you")).next_d8 += 1  # read by dice.die at their next die roll (FS-9.2)
    return True


def _v_roll_again(ctx: Ctx, p: dict) -> bool:
    """A roll table's row saying "roll again" (Water Bottle): the same roller rolls the same table anew, a
    new roll on the stack (FS-9.2) read by the same table, its targets chosen anew; outside a table's
    reader there is nothing to roll again."""
    r = ctx.reads
    if r is None or r.table is None or r.ctx is None:
        return False
    dice.push_roll(ctx.g, r.seat, purpose="table", table=r.table, ctx=r.ctx)
    return True


def _round_state(g: Game) -> tuple:
    """What a round of a repeated ability can change: each player's damage, death and hand, and the loot
    discard (``again`` stops after a round that changed none of them)."""
    return (tuple((p.damage, p.dead, len(p.hand)) for p in g.players), len(g.loot_disc))


def _v_again(ctx: Ctx, p: dict) -> bool:
    """ "Repeat this process till …" (Don't Starve!): written first in the ability's effect, it puts the same
    ability on the stack again below the round's own stack items, so the round resolves before the next
    one starts; the repeat, as it resolves, ends the whole effect if ``while`` no longer holds or if the
    round before changed nothing a round can change (our reading: a round nobody can lose anything in would
    repeat for ever with nobody choosing)."""
    g = ctx.g
    it = ctx.item
    if not isinstance(it, items.AbilityItem) or it.ability is None:
        return False
    now = _round_state(g)
    ev = ctx.ev or {}
    if "round_state" in ev and (ev["round_state"] == now or not cond(ctx, p.get("while", "true"))):
        g.stop_effect = True  # the repeat is over: the rest of this effect is not carried out
        return False
    sub_ctx = Ctx(g, ctx.you, ctx.src, {}, {**ev, "round_state": now}, None, None, ctx.name, ctx.mode, ctx.by)
    again = items.AbilityItem(it.src, it.ability, it.controller, sub_ctx, trigger=it.trigger)
    again.event_obj = it.event_obj  # an event waits for its last repeat (FS-1.17)
    sub_ctx.item = again
    g.stack.append(again)
    return True


def _v_become_room(ctx: Ctx, p: dict) -> bool:
    """A non-eternal item becomes a room (Cracked Key): it leaves its player (FS-3.2: a new object, no
    longer an item nor anyone's) and the room slots expand by one to hold it (FS-16.2: its abilities are the
    active player's, its "you" the active player). Without rooms in the game (no ``--variant rooms``) there
    is no room slot to expand: nothing happens (our reading, FS-16)."""
    g = ctx.g
    t = obj_of(ctx, p.get("target"))
    if g.rooms is None or not isinstance(t, Obj) or not t.in_play or t.kind != "item" or t.eternal:
        return False
    seat = t.controller
    if not zones.leave_play(g, t):
        return False
    if seat >= 0:
        g.log.emit("item_lost", seat, t.phys.card.name, "room", None, ctx.name)
    rooms.add_slot_with(g, t.phys)
    return True


def _v_mark(ctx: Ctx, p: dict) -> bool:
    """This object remembers a chosen player until this turn is over (the selector ``marked`` names them):
    Keke Is You, whose start-of-turn pick is read by its replacement later in that turn (FS-5.2)."""
    pl = player_of(ctx, p.get("who"))
    if pl is None or not isinstance(ctx.src, Obj):
        return False
    ctx.g.marks[ctx.src.uid] = pl.seat
    return True


def _v_no_attacks(ctx: Ctx, p: dict) -> bool:
    pl = the_player(ctx, p.get("who", "you"))
    pl.no_attacks_next = True  # read as their next turn starts (FS-8.6)
    return True


def _v_expand_slots(ctx: Ctx, p: dict) -> bool:
    g = ctx.g
    n = value(ctx, p.get("n", 1))
    kind = p.get("kind")
    if kind == "room" and not (g.rooms is not None and g.rooms.slots):
        return False  # no rooms in this game (FS-16 is optional): nothing to expand
    slots = g.shop if kind == "shop" else g.rooms.slots if kind == "room" else g.mslots
    first = len(slots)
    for _ in range(n):
        slots.append([])  # FS-6.7: new slots fill at the next priority (FS-12.4)
    if kind == "monster":  # the slots just made, for an attack owed there (Alt Art Ambush!)
        ctx.binds["__new_slots__"] = tuple(range(first, len(slots)))
    return True


def _targets_of(ctx: Ctx, x: Any) -> list:
    if x is None and "__each__" in ctx.binds:
        return [ctx.binds["__each__"]]
    if x is None:
        return [ctx.g.players[ctx.you]]
    r = obj_of(ctx, x)
    if isinstance(r, list):
        return r
    if isinstance(r, str):
        r = player_of(ctx, r)
    return [r] if r is not None else []


def _v_deal_damage(ctx: Ctx, p: dict) -> bool:
    n = value(ctx, p.get("n"))
    to = p.get("to")
    targets = _targets_of(ctx, to)
    src_seat = ctx.you
    src_obj = ctx.src if isinstance(ctx.src, Obj) else None
    if to in (None, "you") and "__each__" not in ctx.binds:
        # FS-6.20 ([A] "Урон"): damage naming no target, or "you take N damage", has the game as its source,
        # whoever's card it is: no player deals it (Pyromaniac adds nothing, no kill is credited)
        src_seat, src_obj = -1, None
    if p.get("divided") and len(targets) > 1:
        return damage.deal_divided(ctx.g, n, targets, src_seat, src_obj, ctx)
    did = False
    for t in interpreter.stack_order(ctx, targets):  # several targets at once: FS-5.9's order
        did = damage.push_damage(ctx.g, n, t, src_seat, src_obj, False, None, ctx.name) or did
    return did


def _v_heal(ctx: Ctx, p: dict) -> bool:
    n = value(ctx, p.get("n"))
    did = False
    for t in _targets_of(ctx, p.get("who")):
        did = damage.heal(ctx.g, t, n) or did
    return did


def _v_shield(ctx: Ctx, p: dict) -> bool:
    amount = p.get("amount", "all")
    for t in _targets_of(ctx, p.get("who")):
        if isinstance(t, (Player, Obj)):
            shields = t.shields if isinstance(t, Player) else ctx.g.obj_shields.setdefault(t.uid, [])
            on_prev = p.get("on_prevent")
            shields.append((amount, on_prev, ctx.you, ctx.name, ctx.src))
    return True


def _v_prevent(ctx: Ctx, p: dict) -> bool:
    what = p.get("what", "event.damage")
    n = p.get("n")
    ref = (ctx.ev or {}).get(str(what).replace("event.", ""))
    if ref is None or ref not in ctx.g.stack:
        return False
    if isinstance(ref, items.DamageItem):
        if n is not None:
            ref.amount = max(0, ref.amount - value(ctx, n))
            if ref.amount:
                return True
        ctx.g.stack.remove(ref)
        ctx.g.log.emit("prevented", ctx.you, ctx.name, items.log_target(ref.target), ref.amount, "damage")
        return True
    if isinstance(ref, items.DeathItem):
        ctx.g.stack.remove(ref)
        damage.death_averted(ctx.g, ref.victim)
        ctx.g.log.emit("prevented", ctx.you, ctx.name, items.log_target(ref.victim), None, "death")
        return True
    return False


def _v_become_curse(ctx: Ctx, p: dict) -> bool:
    """FS-4.16(1): this event becomes a curse; the active player picks who gains it."""
    g, o = ctx.g, ctx.src
    if not (isinstance(o, Obj) and o.in_play and o.kind == "event"):
        return False
    target = asking.ask(g, g.active, "give_curse", tuple(g.players), o.phys.card.name)
    zones.remove_from_slot(g, o)
    c = g.new_obj(o.phys, "curse", target.seat)
    target.curses.append(c)
    g.log.emit("curse_received", target.seat, o.phys.card.name, g.active)  # target: the giver
    return True


def _v_discard_curse(ctx: Ctx, p: dict) -> bool:
    """FS-4.16(2): when its bearer dies, this curse goes to the discard (with the two-player rules,
    FS-20.11(c), it first passes once to the other player)."""
    g, c = ctx.g, ctx.src
    if not (isinstance(c, Obj) and c.in_play and c.kind == "curse"):
        return False
    if g.cfg.has("two-player"):
        return two_player.curse_on_death(g, c)
    damage.discard_curse(g, c, "death")
    return True


def _v_win(ctx: Ctx, p: dict) -> bool:
    """FS-14.3: "this player wins" — they win once the ability has resolved (``resolution.resolve_top``)."""
    who = _targets_of(ctx, p.get("who", "you"))
    seats = [t.seat for t in who if isinstance(t, Player)]
    if not seats:
        return False
    ctx.g.wins_after = tuple(sorted(set(ctx.g.wins_after) | set(seats)))
    return True


def _v_players_attackable(ctx: Ctx, p: dict) -> bool:
    """FS-10.6: till end of turn players (or only "you") can be attacked, with this evasion; created
    now, so it outranks every ability that allowed it before."""
    g = ctx.g
    seat = ctx.you if p.get("who", "players") == "you" else None
    g.pa_grants.append((g.next_uid + 0.5, value(ctx, p["evasion"]), seat))
    return True


def _v_forbid_eot(ctx: Ctx, p: dict) -> bool:
    """FS-7.3: till end of turn the players ``who`` names (``other_players``: all but you;
    ``non_active_players``: all but the active player) may not take these actions (``play_loot``,
    ``activate_item``, ``activate_ability``: any activated ability, the character's too)."""
    g = ctx.g
    who = p.get("who", "other_players")
    skip = g.active if who == "non_active_players" else ctx.you
    seats = frozenset(q.seat for q in g.players if q.seat != skip)
    acts = p.get("actions", ())
    g.eot_forbids.append((seats, frozenset([acts] if isinstance(acts, str) else acts)))
    g.cache.forbid_on = True
    return bool(seats)


def _v_kill(ctx: Ctx, p: dict) -> bool:
    did = False
    for t in interpreter.stack_order(ctx, _targets_of(ctx, p.get("target"))):  # several: FS-5.9(d-f)
        did = damage.kill(ctx.g, t, ctx.you) or did
    return did


def _v_destroy(ctx: Ctx, p: dict) -> bool:
    did = False
    for t in _targets_of(ctx, p.get("target", "self")):
        if isinstance(t, Obj):
            did = damage.destroy(ctx.g, t, ctx.name, ctx.you) or did  # its killer, as `kill`'s (FS-6.3)
    return did


def _v_buff(ctx: Ctx, p: dict) -> bool:
    for t in _targets_of(ctx, p.get("target")):
        atk, hp, ev, roll = (int(value(ctx, p[k]) or 0) if k in p else 0 for k in ("atk", "hp", "ev", "roll"))
        if p.get("until") == "next_attack_roll":  # Polar Star: only the next attack roll's damage (FS-10.9)
            if not isinstance(t, Player) or hp or ev or roll:  # never dropped in silence
                raise EngineError("buff until next_attack_roll: a player's atk only")
            t.next_atk += atk
            continue
        t.b_atk += atk
        t.b_hp += hp
        if isinstance(t, Obj):
            t.b_ev += ev
        elif roll:
            t.b_roll += roll
    return True


def _v_pass_hands(ctx: Ctx, p: dict) -> bool:
    """Every hand passes one seat left (right), all at once (Clog)."""
    return resources.pass_hands(ctx.g, 1 if p.get("direction", "left") == "left" else -1, ctx.you, ctx.name)


def _v_pass_characters(ctx: Ctx, p: dict) -> bool:
    """Every player's character and one eternal item of their pick pass one seat left (right), all at once."""
    return resources.pass_characters(ctx.g, 1 if p.get("direction", "left") == "left" else -1, ctx.name)


def _v_new_character(ctx: Ctx, p: dict) -> bool:
    """The Clicker (FS-2.7, FS-6.12): you pick a character card outside the game (decision
    ``draft_character``); it replaces your character (a new object, upright; your damage stays on you) and
    its starting item replaces yours (the item you got at setup leaves play; the new one enters eternal and
    upright). The cards replaced go outside the game, out of every zone."""
    g = ctx.g
    if not g.outside_chars:
        return False
    me = g.players[ctx.you]
    opts = tuple(e[0] for e in g.outside_chars)
    pick = asking.ask(g, ctx.you, "draft_character", opts, ctx.name)
    k = next(i for i, e in enumerate(g.outside_chars) if e[0] is pick)
    card, rules, item, item_rules = g.outside_chars.pop(k)
    old = me.character
    me.keep_dealt()
    pid = max((x.pid for x in g.all_phys), default=0) + 1
    ph = Phys(pid, card, rules)
    g.all_phys.append(ph)
    if old is not None:
        old.in_play = False
        g.removed.append(old.phys)
    me.character = g.new_obj(ph, "character", me.seat)
    me.char_soul = card.soul or 0
    g.log.emit("character_changed", me.seat, card.name, old.phys.card.name if old is not None else None)
    for o in [o for o in me.items if o.starting]:
        zones.leave_play(g, o)
        g.removed.append(o.phys)
    if item is not None:
        iph = Phys(pid + 1, item, item_rules)
        g.all_phys.append(iph)
        me.items.append(g.new_obj(iph, "item", me.seat, eternal=True, starting=True))
        g.log.emit("item_gained", me.seat, item.name, None, None, "starting")
    g.obj_ver += 1
    return True


def _v_put_from_outside(ctx: Ctx, p: dict) -> bool:
    """A card of that name from outside the game (in the chosen sets, not used yet) enters a monster slot no
    attack targets, covering its top; an Indomitable one takes a new slot (FS-4.17). Dogma of Requiem
    fetching The Harbingers. None left outside: nothing."""
    g = ctx.g
    name = str(p.get("name"))
    k = next((i for i, (c, _r) in enumerate(g.outside_cards) if c.name == name), -1)
    if k < 0:
        return False
    card, rules = g.outside_cards.pop(k)
    ph = Phys(max((x.pid for x in g.all_phys), default=0) + 1, card, rules)
    g.all_phys.append(ph)
    zones.put_in_monster_slot(g, ph, ctx.you, choose_not_attacked=True)
    return True


def _v_auction(ctx: Ctx, p: dict) -> bool:
    """Auction Gavel (FS-6.12): the other players, in turn order from your left, may each bid more ¢ than the
    high bid (at least 1, at most what they hold; decision ``bid``, 0 = pass) until a whole round goes by
    with no new bid; then whoever bid most gives you that many ¢ and steals the shop item. No bid: nothing."""
    g = ctx.g
    it = obj_of(ctx, p.get("item"))
    if not (isinstance(it, Obj) and it.in_play and it.controller < 0):
        return False
    others = [g.players[(ctx.you + k) % g.n] for k in range(1, g.n)]
    high = 0
    top: Player | None = None
    quiet = 0
    i = 0
    while others and quiet < len(others):
        q = others[i % len(others)]
        i += 1
        if q is top or q.cents <= high:
            quiet += 1
            continue
        bid = asking.ask(g, q.seat, "bid", (0, *range(high + 1, q.cents + 1)), ctx.name)
        if bid:
            high, top, quiet = int(bid), q, 0
        else:
            quiet += 1
    if top is None:
        return False
    me = g.players[ctx.you]
    resources.give_cents(g, top, me, high, ctx.name, "bid")  # the high bidder gives you the bid (FS-6.12)
    return resources.move_item(g, it, top.seat, "steal", ctx.name)


def _v_strip_abilities(ctx: Ctx, p: dict) -> bool:
    """Club: no abilities but eternal until its user's next turn is over: an item in play,
    or the item whose ability is (or was) on the stack; a loot card being played has no object to strip."""
    if "who" in p:  # a player's character and every item they control, till their next turn starts
        pl = player_of(ctx, p["who"])
        if pl is None or p.get("until") != "next_turn":
            raise EngineError(f"{ctx.name}: strip_abilities who: a player, until: next_turn only")
        objs = [pl.character, *pl.items] if pl.character is not None else list(pl.items)
        did = False
        for o in objs:
            did = counters.strip_until_turn_start(ctx.g, o, pl.seat) or did
        return did
    t = obj_of(ctx, p.get("target"))
    if isinstance(t, items.AbilityItem):
        t = t.src
    if not (isinstance(t, Obj) and t.kind == "item"):
        return False
    return counters.strip_until_turn_end(ctx.g, t, ctx.you)


def _v_set_atk(ctx: Ctx, p: dict) -> bool:
    """'Its AT becomes n' (Hemoptysis): with no stated end the change lasts while the monster is in play
    (FS-5.2; a new object when it comes back, FS-3.2). It takes the printed value's place, so counters,
    statics and until-end-of-turn buffs still add to it (our reading: the rules give no order)."""
    did = False
    for t in _targets_of(ctx, p.get("target")):
        if isinstance(t, Obj) and t.in_play and t.kind == "monster":
            t.set_atk = int(value(ctx, p["n"]))
            did = True
    return did


def _v_cancel(ctx: Ctx, p: dict) -> bool:
    t = p.get("target")
    if t == "all":
        return damage.cancel_all(ctx.g, ctx.item)
    ref = obj_of(ctx, t)
    if ref in ctx.g.stack:
        damage.cancel(ctx.g, ref)
        return True
    return False


def _v_cancel_attack(ctx: Ctx, p: dict) -> bool:
    """FS-10.11, FS-10.15: cancelling an attack ends it; its rolls and combat damage still on the stack
    fizzle (``resolve_damage``), damage already dealt stays. ``who: you``: only your own attack;
    ``target: monster``: only an attack on a monster (not on a player or an item); ``target: self``: only
    an attack on this object."""
    g = ctx.g
    a = g.attack
    if a is None or a.cancelled:
        return False
    if p.get("who") == "you" and a.seat != ctx.you:
        return False
    if p.get("target") == "monster" and not (isinstance(a.target, Obj) and a.target.kind == "monster"):
        return False
    if p.get("target") == "self" and a.target is not ctx.src:  # only an attack on this (A Dead Horse)
        return False
    a.cancelled = True
    g.log.emit("cancelled", ctx.you, ctx.name, None, None, "attack")
    return True


def _v_end_turn(ctx: Ctx, p: dict) -> bool:
    damage.end_turn(ctx.g)
    return True


def _v_extra_turn(ctx: Ctx, p: dict) -> bool:
    pl = the_player(ctx, p.get("who", "you"))
    ctx.g.extra_turns.append(pl.seat)
    return True


def _v_team_up(ctx: Ctx, p: dict) -> bool:
    """FS-10.7 (team-up): who joins the active player's next attack this turn (rolls after each of their attack
    rolls, and gains the rewards too if the monster dies); not the active player, nor a dead one."""
    g = ctx.g
    pl = the_player(ctx, p.get("who", "you"))
    if pl.seat == g.active or pl.dead:
        return False
    if p.get("this_attack"):  # Gus: joins the attack in progress (none, or ended: nothing to join)
        a = g.attack
        if a is None or a.cancelled or a.target is None or pl.seat in a.partners:
            return False
        a.partners.append(pl.seat)
        return True
    g.team_ups.append(pl.seat)
    return True


def _v_skip_recharge(ctx: Ctx, p: dict) -> bool:
    """FS-8.1: a deactivated item in play stays deactivated through its controller's next recharge step
    (Lil' Gish); effects may still recharge it. A charged item, or one no player controls, is not marked."""
    o = obj_of(ctx, p.get("target"))
    if not isinstance(o, Obj) or not o.in_play or o.charged or o.controller < 0:
        return False
    o.no_recharge = True
    return True


def _v_skip_turn(ctx: Ctx, p: dict) -> bool:
    pl = the_player(ctx, p.get("who", "you"))
    pl.skip_next_turn += 1
    return True


def _v_extra_loot_play(ctx: Ctx, p: dict) -> bool:
    pl = ctx.g.players[ctx.you]
    n = value(ctx, p.get("n", 1))
    if n == "unlimited":
        pl.unlimited_loot = True
    else:
        pl.loot_plays += n  # FS-Q.34: until end of turn, usable whenever they hold priority
    return True


def _v_extra_attack(ctx: Ctx, p: dict) -> bool:
    g = ctx.g
    who = the_player(ctx, p.get("who", "you"))
    if who.seat != g.active:
        return False  # an extra attack only matters on that player's turn (XI Strength)
    mode = p.get("mode", "may")
    target = p.get("target", "any")
    tgt = obj_of(ctx, target) if target not in ("any", "monster_deck", "its_slot") else target
    if isinstance(tgt, list):  # "one of them" (Boss Rush!): the controller names which as this resolves
        live = tuple(o for o in tgt if isinstance(o, Obj) and o.in_play)
        if not live:
            return False
        tgt = asking.ask(g, ctx.you, "choose_target", live, ctx.name) if len(live) > 1 else live[0]
    if isinstance(tgt, Player):  # an attack on a player: their character is the target (FS-10.6, Conquest)
        if tgt.character is None or tgt.dead or tgt.seat == who.seat:
            return False
        tgt = tgt.character
        if "evasion" in p:
            g.owed_evasion[tgt.uid] = int(value(ctx, p["evasion"]))
    if target == "new_slots":  # the monster slots this effect just made (Alt Art Ambush!): owed on a monster
        if mode != "must" or "__new_slots__" not in ctx.binds:  # in one of them, named once it can be made
            raise EngineError("extra_attack target new_slots: mode must, after expand_slots, only")
        g.must_attack.append((("slots", ctx.binds["__new_slots__"]), p.get("timing") == "now"))
        return True
    if target == "its_slot":  # the slot where this monster lay (Alt Art Gaper): its top when attacked
        if mode != "must":  # only an owed attack names the slot's top when due (FS-10.16); never dropped
            raise EngineError("extra_attack target its_slot: mode must only")
        if not isinstance(ctx.src, Obj) or ctx.src.slot < 0:
            return False
        tgt = ("slot", ctx.src.slot)
    total = p.get("total_this_turn")
    if mode == "may" and total == "unlimited":
        if target != "monster_deck":
            raise EngineError("extra_attack total_this_turn unlimited: the monster deck only")
        g.deck_attacks_unlimited = True  # the monster deck as often as they like this turn (Gold Key, FS-8.6)
        return True
    if mode == "may":
        g.may_attack.append(tgt)
        return True
    if total is not None:
        owed = int(total) - g.deck_attacks  # FS-21 Ambush!: earlier deck attacks count, and later ones
        for _ in range(max(0, owed)):
            g.must_attack.append(("monster_deck", "total"))  # additional, met by any deck attack too
        return owed > 0
    # FS-10.16: True = at once (b); False = an additional attack this turn (a); None = "once each turn if
    # able" (c, ``additional: false``: Krampus, Monster Manual): one of the turn's own attacks, no extra one;
    # "total" (above) = additional deck attacks up to a count this turn, which any deck attack counts toward
    how = True if p.get("timing") == "now" else (False if p.get("additional", True) else None)
    g.must_attack.append((tgt, how))
    return True


def _roll_ref(ctx: Ctx, p: dict) -> Any:
    r = obj_of(ctx, p.get("roll", "R"))
    if isinstance(r, items.RollItem) and r in ctx.g.stack:
        return r
    return None


def _v_reroll(ctx: Ctx, p: dict) -> bool:
    r = _roll_ref(ctx, p)
    if r is None:
        return False
    g = ctx.g
    n = max(1, min(6, int(value(ctx, p.get("dice", 1)))))  # an expression too (Tainted Spitty), 1..6 dice
    if n < 2:
        dice.reroll(g, r, ctx.name)
        return True
    # FS-9.6: rerolled with n dice, one kept: by the roller (``keep: choose``), or by another player the
    # roller names (``keep: other_player``, Classic Roller: decision choose_player, then choose_number)
    keep, chooser = p.get("keep", "choose"), None
    if keep == "you":  # the ability's controller picks the kept die (Mutant Spider)
        keep, chooser = "choose", ctx.you
    elif keep == "other_player":
        others = tuple(q for q in g.players if q.seat != r.seat)
        chooser = asking.ask(g, r.seat, "choose_player", others, ctx.name).seat
        keep = "choose"
    dice.reroll(g, r, ctx.name, dice.keep_one(g, r.seat, n, keep, ctx.name, chooser))
    return True


def _v_modify_roll(ctx: Ctx, p: dict) -> bool:
    r = _roll_ref(ctx, p)
    if r is None:
        return False
    delta = p.get("delta", 1)
    chooser = ctx.by if ctx.by is not None else ctx.you
    if isinstance(delta, list):
        d = asking.ask(ctx.g, chooser, "modify_roll", tuple(int(x) for x in delta), ctx.name)
    elif isinstance(delta, dict):
        up = int(delta.get("up_to", 1))
        opts = tuple(range(0, up + 1)) if up >= 0 else tuple(range(0, up - 1, -1))
        d = asking.ask(ctx.g, chooser, "modify_roll", opts, ctx.name)
    else:
        d = int(value(ctx, delta))  # a number or an expression (Booster v2.0: a bound count)

    dice.set_value(ctx.g, r, r.value + d, ctx.name)
    return True


def _v_set_roll(ctx: Ctx, p: dict) -> bool:
    r = _roll_ref(ctx, p)
    if r is None:
        return False
    v = p.get("value")
    chooser = ctx.by if ctx.by is not None else ctx.you
    if isinstance(v, int):
        val = v
    elif isinstance(v, str) and v in ctx.binds:  # a number recorded earlier (Era Walk: `let: {N: result}`)
        val = int(ctx.binds[v])
    elif isinstance(v, list):
        val = asking.ask(ctx.g, chooser, "set_roll", tuple(int(x) for x in v), ctx.name)
    elif str(v).strip() in ("any", "any 1..6", "1..6"):
        val = asking.ask(ctx.g, chooser, "set_roll", (1, 2, 3, 4, 5, 6), ctx.name)
    else:
        val = asking.ask(ctx.g, chooser, "set_roll", tuple(int(x) for x in str(v).split("or")), ctx.name)

    dice.set_value(ctx.g, r, val, ctx.name)
    return True


def _v_flip_roll(ctx: Ctx, p: dict) -> bool:
    r = _roll_ref(ctx, p)
    if r is None:
        return False

    dice.set_value(ctx.g, r, 7 - r.value, ctx.name)  # FS-6.10
    return True


def _v_flip(ctx: Ctx, p: dict) -> bool:
    """FS-6.10: each target object turns to its other side; one with no back side cannot flip."""
    did = False
    for t in _targets_of(ctx, p.get("target", "self")):
        if isinstance(t, Player):
            t = t.character  # "flip your character": the player's character card
        if isinstance(t, Obj) and t.in_play and sides.flip(ctx.g, t):
            did = True
            triggers.fire(ctx.g, "flipped", obj=t)  # it now shows the side that hears it (Anima Sola)
    return did


def _v_recharge(ctx: Ctx, p: dict) -> bool:
    did = False
    for t in _targets_of(ctx, p.get("target", "self")):
        if isinstance(t, Player):
            t = t.character  # "recharge a character": the chosen player's character card
        if isinstance(t, Obj) and t.in_play and not t.charged:
            if t is not ctx.src and self_recharge_only(t):
                continue  # Car Battery: another's effect cannot recharge it (FS-6.2)
            t.charged = True
            did = True
    return did


def _v_deactivate(ctx: Ctx, p: dict) -> bool:
    did = False
    for t in _targets_of(ctx, p.get("target", "self")):
        if isinstance(t, Player):
            t = t.character  # "deactivate a character": the player's character card (Dataminer)
        if isinstance(t, Obj) and t.in_play and t.charged:
            t.charged = False
            did = True
    return did


def _v_reroll_item(ctx: Ctx, p: dict) -> bool:
    did = False
    for t in _targets_of(ctx, p.get("target")):
        if isinstance(t, Obj):
            did = damage.reroll_item(ctx.g, t, ctx.name) or did
    return did


def _v_become_copy(ctx: Ctx, p: dict) -> bool:
    me = obj_of(ctx, p.get("object", "self"))
    if p.get("source") == "monster_deck_top":  # a copy of the card on top of the monster deck (Monster Card)
        return isinstance(me, Obj) and zones.copy_monster_top(ctx.g, me)
    src = obj_of(ctx, p.get("source"))
    if not (isinstance(me, Obj) and isinstance(src, Obj) and me.in_play and src.in_play):
        return False
    until = p.get("until", "eot")
    if until == "next_turn":  # till the start of its controller's next turn (Undefined)
        gains.wear_till_next_turn(ctx.g, me, src.rules)
    else:
        gains.wear(ctx.g, me, src.rules, until == "eot")
    gains.start_counters(me, src.rules)
    return True


def _v_leaves_to_hand(ctx: Ctx, p: dict) -> bool:
    """FS-5.4: from now on, while this object stays in play, its card goes into the active player's hand
    whenever it leaves play, in place of where it was going (Monster Card of Anniversary);
    carried out by ``zones.to_hand_when_leaving`` at the state checks."""
    me = obj_of(ctx, p.get("object", "self"))
    if not (isinstance(me, Obj) and me.in_play) or me in ctx.g.to_hand:
        return False
    ctx.g.to_hand.append(me)
    return True


def _v_gain_abilities(ctx: Ctx, p: dict) -> bool:
    """An object gaining another's abilities for a while (Glitch, Is You): a continuous effect (FS-5.2) that
    adds the source's abilities — the copiable "abilities" of FS-5.10 — and takes nothing away: name,
    stats, counters and its own abilities stay. ``until``: ``eot`` or ``next_turn`` (the start of its
    controller's next turn). ``abilities``: a list of abilities written in the effect instead of a source's
    (a trigger or static set up for the rest of the turn: the player's character holds them, so they outlast the card that
    made them, FS-5.2)."""
    me = obj_of(ctx, p.get("object", "self"))
    if isinstance(me, Player):  # a chosen player: their character holds them (Lust for Blood!, Requiem)
        me = me.character
    listed = p.get("abilities")
    if (
        listed is not None
    ):  # abilities the effect itself names, lasting a while (Lemon Mishap: on your character)
        entry = gains.INLINE.get(id(listed))
        if entry is None:
            raise EngineError("gain_abilities: its abilities were not compiled with the card")
        if not (isinstance(me, Obj) and me.in_play):
            return False
        gains.gain(ctx.g, me, entry[1], p.get("until", "eot"))
        return True
    src = obj_of(ctx, p.get("source"))
    if not (isinstance(me, Obj) and isinstance(src, Obj) and me.in_play and src.in_play) or me is src:
        return False
    gains.gain(ctx.g, me, src.rules, p.get("until", "eot"))
    return True


def _v_gain_rewards(ctx: Ctx, p: dict) -> bool:
    """'They also gain the rewards' (Lollypop, FS-13.4 step 3): ``who`` gets the printed reward block of the
    monster ``of`` (default the dead one, ``event.victim``) once more — a rolled amount rolls, a reward
    that is an effect is carried out with ``who`` as "you". ``half: true``: half of each fixed amount,
    rounded down; a rolled amount and an effect have no half and give nothing. A gain made so is no
    gaining of rewards by killing (``gained_rewards`` does not hear it)."""
    g = ctx.g
    pl = _who(ctx, p)
    of = p.get("of", "event.victim")
    m = ctx.src if of == "self" else value(ctx, of)  # `self`: this monster's own (Greedling Rush!)
    if pl is None or not isinstance(m, Obj) or m.kind not in ("monster", "soul"):
        return False  # a soul's own printed reward (Cursed Haunt, killed as a soul) counts too
    name = m.phys.card.name
    half = bool(p.get("half"))
    did = False
    for key, val in (m.phys.card.rewards or {}).items():
        if val == "roll":
            if not half:
                dice.push_roll(g, pl.seat, purpose="reward", reward=key, name=name)
                did = True
        elif (n := int(val) // 2 if half else int(val)) > 0:
            resources.give_reward(g, pl, key, n, name)
            did = True
    if not half and m.rules is not None:
        for ab in m.rules.rewards:
            did = run(Ctx(g, pl.seat, m, name=name), ab.do) or did
    return did


def _v_copy_loot(ctx: Ctx, p: dict) -> bool:
    """FS-5.11: a copy of a loot on the stack (``target``), or of the loot deck's top card revealed
    (``from: loot_deck_top``, which stays there: Strange Marble), put on the stack under ``who`` (default
    you): new targets chosen now (none legal: no copy), no play cost, no loot play; it exists only on the
    stack (a virtual card). A trinket or an ambush is never copied (it would become an item or a monster)."""
    g = ctx.g
    seat = the_player(ctx, p.get("who", "you")).seat
    if p.get("from") == "loot_deck_top":
        if not g.reshuffle(g.loot, g.loot_disc):  # FS-3.5: an empty deck is its shuffled discard
            return False
        seen.shown_top(g, "loot", g.loot, range(g.n))  # revealed, it stays on top (FS-3.4)
        return _copy_onto_stack(ctx, g.loot[-1], seat)  # its copy's loot_played row names it
    did = False
    for it in _targets_of(ctx, p.get("target")):
        # it resolved or was cancelled, else (FS-6.8); a copy made marks it copied ("not already copied")
        if isinstance(it, items.LootItem) and it in g.stack and _copy_onto_stack(ctx, it.phys, seat):
            it.copied = did = True
    return did


def _v_copy_from_hand(ctx: Ctx, p: dict) -> bool:
    """Baba: ``who`` shows you their hand (FS-3.7); you choose a loot card in it that is neither a trinket
    nor an ambush (it would become an item or a monster, FS-4.13/4.14); a copy of it is yours to play once
    this turn without using a loot play (FS-5.12, FS-8.4). The copy is made now, so the card leaving their
    hand later does not take it away."""
    g = ctx.g
    pl = _who(ctx, p)
    me = g.players[ctx.you]
    if pl is None or pl is me:
        return False
    me.known.update(c.pid for c in pl.hand)
    fits = tuple([c for c in pl.hand if not {"trinket", "ambush"} & c.rules.keywords])
    if not fits:
        return False
    c = asking.ask(g, me.seat, "choose_loot", fits, ctx.name)
    blank_card.grant(g, me.seat, Phys(-abs(c.pid), c.card, c.rules, True), free=True)
    return True


def _v_force_activate(ctx: Ctx, p: dict) -> bool:
    """Telekinesis: you pick a ↷ or $ ability of ``item`` (an item another player controls); its controller
    must activate it if able (FS-6.1): a ↷ one needs the item upright, a $ one its cost paid; they pay the
    cost and pick its targets (FS-4.2, FS-4.4) and it goes on the stack as their activation."""
    g = ctx.g
    o = obj_of(ctx, p.get("item"))
    if not isinstance(o, Obj) or not o.in_play or o.controller < 0 or o.controller == ctx.you:
        return False
    able = plays.activatable(g, o.controller, o)
    if not able:
        return False
    abilities = tuple(ab for _kind, _i, ab in able)
    ab = (
        abilities[0] if len(abilities) == 1 else asking.ask(g, ctx.you, "choose_ability", abilities, ctx.name)
    )
    kind, i, _ab = next(e for e in able if e[2] is ab)
    return plays.take_action(g, o.controller, (kind, o, i))


def _v_put_under(ctx: Ctx, p: dict) -> bool:
    """Isaac's Last Will: ``card`` (a card lying in its discard, such as the item a death penalty just
    destroyed: ``event.item``) goes under this item, a zone of its own (``Game.under``) that no other card
    reads; when the item leaves play the cards under it go to their discards (our reading)."""
    g = ctx.g
    c = value(ctx, p.get("card"))
    me = ctx.src
    if not isinstance(me, Obj) or not me.in_play:
        return False
    if isinstance(c, Obj):  # a monster in a slot (Friendly Ball): it leaves play, its slot refills (FS-12.1)
        if c.kind != "monster" or not c.in_play or c.slot < 0 or not zones.leave_play(g, c):
            return False
        g.under.setdefault(me.uid, []).append(c.phys)
        g.obj_ver += 1
        return True
    if not isinstance(c, Phys):
        return False
    disc = g.discard_of(c)
    if not any(x is c for x in disc):
        return False  # it is not in its discard any more (or never went there: The Chest's soul)
    disc.remove(c)
    g.under.setdefault(me.uid, []).append(c)
    return True


def _v_from_under(ctx: Ctx, p: dict) -> bool:
    """Isaac's Last Will: the controller picks a card under this item; it goes on top of its deck (FS-3.4)."""
    g = ctx.g
    me = ctx.src
    cards = g.under.get(me.uid) if isinstance(me, Obj) else None
    if not cards:
        return False
    c = cards[0] if len(cards) == 1 else asking.ask(g, ctx.you, "take", tuple(cards), ctx.name)
    cards.remove(c)
    if p.get("to") == "monster_slot":  # Friendly Ball: into a slot no attack targets, named by ``bind``
        placed = zones.put_in_monster_slot(g, c, ctx.you, choose_not_attacked=True)
        if p.get("bind"):
            ctx.binds[str(p["bind"])] = placed
        return True
    if c.card.deck in DECKS:
        g.deck_pair(c.card.deck)[0].append(c)
    else:  # a card of no deck (The Harbingers under Friendly Ball) goes out of play (FS-3.10), as in zones.place
        g.removed.append(c)
    return True


def _v_name_faces(ctx: Ctx, p: dict) -> bool:
    """Summer's The Adversary: each player in turn order from the active one names a face 1–6 that no one
    named yet (decision ``choose_number``); till the end of the turn, each roll showing a player's face
    deals them 1 damage (``resolution`` reads ``Game.doomed_faces``; the game is its source, FS-6.20)."""
    g = ctx.g
    g.doomed_faces.clear()  # a new naming replaces an earlier one this turn
    for k in range(g.n):
        seat = (g.active + k) % g.n
        left = tuple(f for f in range(1, 7) if f not in g.doomed_faces)
        if not left:
            break
        face = asking.ask(g, seat, "choose_number", left, ctx.name)
        g.doomed_faces[face] = (seat, ctx.name)
        g.log.emit("faces_named", seat, ctx.name, None, None, str(face))
    return True


def _v_loot_top_playable(ctx: Ctx, p: dict) -> bool:
    """Glitter Bombs: till the end of the turn you may play the loot deck's top card, shown to every
    player, with the usual timing and a loot play (FS-8.4); ``blank_card.copies`` offers it."""
    blank_card.open_loot_top(ctx.g, ctx.you)
    return True


def _v_play_given(ctx: Ctx, p: dict) -> bool:
    """Distant Admiration: ``from`` (another player) hands you one loot card of their choice (FS-6.12), shown
    to every player; you must play it at once if it can be played (a legal target for each it names),
    using no loot play (FS-8.4). A card that cannot be played stays in your hand."""
    g = ctx.g
    frm = player_of(ctx, p.get("from"))
    me = g.players[ctx.you]
    if frm is None or frm is me or not frm.hand:
        return False
    c = asking.ask(g, frm.seat, "choose_loot", tuple(frm.hand), ctx.name)  # the giver picks (FS-6.12)
    frm.hand.remove(c)
    me.hand.append(c)
    g.log.emit("loot_given", me.seat, ctx.name, frm.seat, 1)
    for q in g.players:
        q.known.add(c.pid)  # revealed
    if not plays.can_play_loot(g, me.seat, c):
        return True
    me.hand.remove(c)
    blank_card.grant(g, me.seat, c, free=True)
    if not plays.take_action(g, me.seat, ("loot", c)):
        blank_card.withdraw(g, me.seat, c)
        me.hand.append(c)
    return True


def _v_possess(ctx: Ctx, p: dict) -> bool:
    """Possession: each item of ``who`` (another player) is recharged (FS-6.2), and for the rest of the
    turn those items are offered to you to activate as if yours (FS-4.6: "you" in them is you, the costs
    yours to pay). The selector ``possessed`` names that player till then."""
    g = ctx.g
    pl = _who(ctx, p)
    if pl is None or pl.seat == ctx.you:
        return False
    for o in pl.items:
        if not self_recharge_only(o):
            o.charged = True
    g.possessed[ctx.you] = pl.seat
    return True


def _v_make_eternal(ctx: Ctx, p: dict) -> bool:
    """Algiz: each item ``who`` controls now is eternal (FS-4.12: it cannot be destroyed) till end of turn;
    ``counters.end_eternal_eot`` takes it back from those that were not eternal before."""
    g = ctx.g
    pl = _who(ctx, p)
    if pl is None:
        return False
    made = [o for o in pl.items if not o.eternal]
    for o in made:
        o.eternal = True
    g.eternal_eot.extend(made)
    return bool(made)


def _v_loot_under(ctx: Ctx, p: dict) -> bool:
    """Rusty Spoons: a random loot card of ``who``'s hand goes under this item; you may play it once this
    turn without using a loot play (FS-8.4). Played, it goes to the stack and on to the discard like any
    loot card; left unplayed, it stays under the item, out of the game (``blank_card.end_turn``)."""
    g = ctx.g
    pl = _who(ctx, p)
    if pl is None or not pl.hand:
        return False
    c = pl.hand.pop(g.streams("random pick", pl.seat).randrange(len(pl.hand)))
    blank_card.grant(g, ctx.you, c, free=True)
    g.log.emit("loot_discarded", pl.seat, ctx.name, ctx.you, 1, "under")  # out of their hand, under the item
    return True


def _copy_onto_stack(ctx: Ctx, c: Phys, seat: int) -> bool:
    from .targets import prepare  # targets reads selectors, which this module's verbs also use

    if {"trinket", "ambush"} & c.rules.keywords or not lineage.may_copy(ctx, c):
        return False  # a copy copies nothing of its own line (FS-5.13, lineage.py)
    copy = Phys(-abs(c.pid), c.card, c.rules, True)
    sub = Ctx(ctx.g, seat, copy, name=f"{c.card.name} (copy)")
    sub.line = lineage.line_for(ctx, c)
    if c.rules.play is not None and not prepare(sub, c.rules.play):
        return False
    sub.item = items.LootItem(copy, seat, sub)
    ctx.g.stack.append(sub.item)
    ctx.g.log.emit("loot_played", seat, c.card.name, None, None, "copy")
    return True


def _v_become_item(ctx: Ctx, p: dict) -> bool:
    """'This becomes an item (with ...). Gain it.' The card itself — a monster-deck event in its slot, a
    monster at its death (the death's card, FS-13.4), a loot on the stack — becomes a new item object
    (FS-3.2) under ``who``: with the card's ``as_item`` abilities when it gives them ("and loses all other
    abilities"), else with its own (Golden Idol). A copy (FS-5.11) or a card already gone does nothing."""
    g = ctx.g
    src = ctx.src
    seat = the_player(ctx, p.get("who", "you")).seat
    if isinstance(src, Phys):  # a loot: it resolves into an item, not the discard (as a trinket, FS-4.13)
        if src.virtual:
            return False  # a copy is not a card (FS-5.11)
        if src in g.loot_disc:  # a Roll- loot was discarded as it resolved; its roll reads on (FS-4.18)
            g.loot_disc.remove(src)
        elif zones.went_on(g, src):
            return False  # it went on elsewhere: nothing to turn into an item (FS-3.2)
        ctx.moved = True
        phys = src
    elif isinstance(src, Obj):
        phys = src.phys
        if src.in_play and src.controller < 0:  # an event or monster in its slot
            if not zones.leave_play(g, src):
                return False
        elif src in g.temp:  # a dead monster's card between the death steps (FS-13.4)
            g.temp.remove(src)
        else:
            return False
    else:
        return False
    o = zones.new_item(g, phys, seat)
    g.players[seat].items.append(o)
    g.log.emit("item_gained", seat, phys.card.name, None, None, "became")
    triggers.fire(g, "controlled", item=o)  # it came under this player's control (Hot Potato!)
    return True


def _v_become_soul(ctx: Ctx, p: dict) -> bool:
    return damage.become_soul(ctx, p)


def _v_add_counters(ctx: Ctx, p: dict) -> bool:
    """FS-5.14 / FS-5.15: counters on an object (``object``) or on a player (``who``)."""
    t = player_of(ctx, p["who"]) if "who" in p else obj_of(ctx, p.get("object", "self"))
    kind = p.get("kind", counters.GENERIC)
    if (
        isinstance(t, Player)
        or kind not in (counters.GENERIC, counters.LEVEL)
        or getattr(t, "kind", "") == "bonus"
    ):
        return counters.add(ctx.g, t, value(ctx, p.get("n", 1)), kind, bool(p.get("lose_abilities")))
    if not isinstance(t, Obj) or not t.in_play:
        return False
    n = value(ctx, p.get("n", 1))
    if kind == counters.LEVEL:
        t.levels += n
    else:
        t.counters += n
    ctx.g.log.n += 1  # a change the state checks must look at (Weltling's HP), not a logged event
    return n > 0


def _v_step_counters(ctx: Ctx, p: dict) -> bool:
    """FS-5.14 (Marbles): on the target, one counter more of a kind already on it or one fewer of a kind on
    it, the controller's pick (decision ``step_counter``); a card with no counters: nothing."""
    t = obj_of(ctx, p.get("target"))
    if not isinstance(t, Obj) or not t.in_play:
        return False
    kinds = [counters.GENERIC] if t.counters else []
    kinds += [counters.LEVEL] if t.levels else []
    kinds += sorted(k for k, n in (t.named or {}).items() if n)
    if not kinds:
        return False
    opts = tuple(f"{w} {k}" for k in kinds for w in ("add", "remove"))
    pick = asking.ask(ctx.g, ctx.by if ctx.by is not None else ctx.you, "step_counter", opts, ctx.name)
    w, k = str(pick).split(" ", 1)
    q = {"object": p.get("target"), "kind": k, "n": 1}
    return _v_add_counters(ctx, q) if w == "add" else _v_remove_counters(ctx, q)


def _v_remove_counters(ctx: Ctx, p: dict) -> bool:
    """FS-5.14: "remove a counter" with no name may take any kind."""
    t = player_of(ctx, p["who"]) if "who" in p else obj_of(ctx, p.get("object", "self"))
    if not isinstance(t, (Obj, Player)):
        return False
    return counters.remove(ctx.g, t, value(ctx, p.get("n", 1)), p.get("kind"))


def _v_put_minion(ctx: Ctx, p: dict) -> bool:
    """FS-18.5: put a set-aside minion card into a new minion slot."""
    return challenge.put_minion(ctx.g, str(p["card"]), ctx.name) is not None


def _v_advance_timer(ctx: Ctx, p: dict) -> bool:
    """A challenge's "add n to the timer" (n > 0: n steps toward the loss) or "subtract" (n < 0)."""
    return challenge.advance_timer(ctx.g, value(ctx, p.get("n", 1)), ctx.name)


VERB_FUNCS = {
    "become_curse": _v_become_curse,
    "discard_curse": _v_discard_curse,
    "win": _v_win,
    "players_attackable": _v_players_attackable,
    "forbid_eot": _v_forbid_eot,
    "gain_cents": _v_gain_cents,
    "lose_cents": _v_lose_cents,
    "pay": _v_pay,
    "loot": _v_loot,
    "discard_loot": _v_discard_loot,
    "gain_treasure": _v_gain_treasure,
    "steal": _v_steal,
    "give": _v_give,
    "swap": _v_swap,
    "look_hand": _v_look_hand,
    "peek": _v_peek,
    "search": _v_search,
    "move": _v_move,
    "new_character": _v_new_character,
    "auction": _v_auction,
    "put_from_outside": _v_put_from_outside,
    "step_counters": _v_step_counters,
    "move_to_slot": _v_move_to_slot,
    "clear_slot": _v_clear_slot,
    "no_attacks": _v_no_attacks,
    "roll_again": _v_roll_again,
    "become_room": _v_become_room,
    "again": _v_again,
    "mark": _v_mark,
    "next_roll_d8": _v_next_roll_d8,
    "reveal_cards": _v_reveal_cards,
    "expand_slots": _v_expand_slots,
    "deal_damage": _v_deal_damage,
    "heal": _v_heal,
    "shield": _v_shield,
    "prevent": _v_prevent,
    "kill": _v_kill,
    "destroy": _v_destroy,
    "buff": _v_buff,
    "cancel": _v_cancel,
    "cancel_attack": _v_cancel_attack,
    "end_turn": _v_end_turn,
    "extra_turn": _v_extra_turn,
    "skip_turn": _v_skip_turn,
    "team_up": _v_team_up,
    "skip_recharge": _v_skip_recharge,
    "add_bonus_soul": _v_add_bonus_soul,
    "extra_loot_play": _v_extra_loot_play,
    "extra_attack": _v_extra_attack,
    "reroll": _v_reroll,
    "modify_roll": _v_modify_roll,
    "set_roll": _v_set_roll,
    "flip_roll": _v_flip_roll,
    "recharge": _v_recharge,
    "flip": _v_flip,
    "deactivate": _v_deactivate,
    "reroll_item": _v_reroll_item,
    "become_copy": _v_become_copy,
    "leaves_to_hand": _v_leaves_to_hand,
    "gain_abilities": _v_gain_abilities,
    "become_soul": _v_become_soul,
    "become_item": _v_become_item,
    "copy_loot": _v_copy_loot,
    "copy_from_hand": _v_copy_from_hand,
    "play_given": _v_play_given,
    "loot_top_playable": _v_loot_top_playable,
    "force_activate": _v_force_activate,
    "name_faces": _v_name_faces,
    "put_under": _v_put_under,
    "from_under": _v_from_under,
    "loot_under": _v_loot_under,
    "possess": _v_possess,
    "make_eternal": _v_make_eternal,
    "gain_rewards": _v_gain_rewards,
    "set_atk": _v_set_atk,
    "strip_abilities": _v_strip_abilities,
    "pass_hands": _v_pass_hands,
    "pass_characters": _v_pass_characters,
    "add_counters": _v_add_counters,
    "remove_counters": _v_remove_counters,
    "advance_timer": _v_advance_timer,
    "put_minion": _v_put_minion,
}

V.VERBS.implement(VERB_FUNCS)
V.STATICS.implement({"keeps_hand_and_cents": _guarded})  # read by the discard and loss verbs (Rib of Greed)
