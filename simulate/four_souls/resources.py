"""State-changing actions on resources and zones: cents (FS-15), loot, treasure, items changing hands
(FS-6.12), generic moves (FS-3.2), souls gained (FS-14.5) and rewards."""

from __future__ import annotations

from typing import Any

from . import interpreter, replacements, statics, triggers
from .asking import ask
from .items import AbilityItem, LootItem
from .selectors import candidates
from .state import EngineError, Game, Obj, Phys, Player
from .statics import the_player, value
from .zones import leave_play, place, went_on


def gain_cents(g: Game, p: Player, n: int, why: str, from_bank: bool = True, shared: bool = False) -> bool:
    if n <= 0:
        return False
    if not shared and statics.cents_shared(g):  # FS-5.4: each player gains it (Equality), once (FS-5.6)
        return any(
            [gain_cents(g, g.players[(p.seat + k) % g.n], n, why, from_bank, True) for k in range(g.n)]
        )
    n = replacements.cents_replacements(g, p, n)  # FS-5.4: Counterfeit Penny, Bum-Bo!
    if n <= 0:
        return True
    got = g.take_from_bank(n)
    if got <= 0:
        return False
    p.cents += got
    g.log.emit("cents_gained", p.seat, why, None, got)
    triggers.fire(g, "gained_cents", target=p, amount=got)  # FS-6.11: from the bank (Magnet)
    return True


def give_cents(g: Game, frm: Player, to: Player, n: int, why: str, detail: str = "give") -> None:
    """FS-6.12: ``frm`` gives ``to`` n cents in one go (they hold them: the caller checked) — no gain
    (FS-6.11); the gift is an event (``gave_cents``: Social Goals!'s single gift of 6¢)."""
    frm.cents -= n
    to.cents += n
    g.log.emit("cents_stolen", to.seat, why, frm.seat, n, detail)
    triggers.fire(g, "gave_cents", seat=frm.seat, target=to, amount=n)


def lose_cents(g: Game, p: Player, n: int, why: str) -> bool:
    n = min(n, p.cents)
    if n <= 0:
        return False
    p.cents -= n
    g.pay_to_bank(n)
    g.log.emit("cents_lost", p.seat, why, None, n)
    return True


def pay(g: Game, p: Player, val: dict, why: str) -> bool:
    cents = val.get("cents", 0) or 0
    hp = val.get("hp", 0) or 0
    if p.cents < cents or (hp and statics.player_hp(g, p) < hp):
        return False  # FS-6.6: you cannot pay what you do not have
    if cents:
        p.cents -= cents
        g.pay_to_bank(cents)
        g.log.emit("cents_paid", p.seat, why, None, cents)
    if hp:
        p.damage += hp  # paying HP lowers HP, not max HP
        g.log.emit("damage", p.seat, why, p.seat, hp, "paid")
    return True


def loot(g: Game, p: Player, n: int, why: str) -> int:
    if g.delayed:
        for i, (name, _who, _do, repl, ctx) in enumerate(g.delayed):
            if name == "would_loot" and repl is not None:  # Compost: the next loot is replaced (FS-5.4)
                del g.delayed[i]
                sub = statics.Ctx(
                    g, ctx.you, ctx.src, dict(ctx.binds), {"amount": n, "target": p}, None, None, ctx.name
                )
                interpreter.run(sub, repl.get("instead"))
                return n
    if g.eot_replacements:
        n = replacements.until_eot(g, "would_loot", p.seat, n)  # Two of Clubs (FS-21: once, not again)
    n = replacements.loot_replacements(g, p, n, why)
    drawn = 0
    for _ in range(n):
        c = g.draw(g.loot, g.loot_disc)
        if c is None:
            break
        p.hand.append(c)
        drawn += 1
    if drawn:
        g.log.emit("loot_drawn", p.seat, why, None, drawn)
        triggers.fire(g, "looted", target=p, amount=drawn)  # "each time a player loots" (Laser Eye)
    return drawn


def discard_loot(g: Game, p: Player, n: Any, rand: bool, why: str) -> int:
    """FS-6.4: the discarding player chooses (unless random); too few = the whole hand."""
    if n == "all":
        n = len(p.hand)
    any_number = n == "any_number"
    k = 0
    c: Any  # a card, or the answer "stop"
    while p.hand and (any_number or k < n):
        if rand:
            c = p.hand[g.streams("random pick", p.seat).randrange(len(p.hand))]
        else:
            opts = tuple(p.hand) + (("stop",) if any_number else ())
            c = ask(g, p.seat, "discard", opts, why)
            if c == "stop":
                break
        p.hand.remove(c)
        g.loot_disc.append(c)
        g.log.emit("loot_discarded", p.seat, c.card.name, None, None, why)
        triggers.fire(g, "discarded_loot", target=p, card=c)  # waits for the next priority (FS-4.9)
        k += 1
    return k


def transfer_loot(g: Game, frm: Player, to: Player, n: int, chooser: Player, random: bool, why: str) -> bool:
    moved = 0
    for _ in range(n):
        if not frm.hand:
            break
        if random or (
            chooser is not frm
            and not any(c.pid in chooser.known for c in frm.hand)
            and frm.seat not in statics.revealed_hands(g)
        ):
            c = frm.hand[
                g.streams("random pick", frm.seat).randrange(len(frm.hand))
            ]  # a hidden hand: a blind pick is random
        else:
            c = ask(g, chooser.seat, "choose_loot", tuple(frm.hand), why)
        frm.hand.remove(c)
        to.hand.append(c)
        moved += 1
    if moved:
        g.log.emit("loot_stolen" if chooser is to else "loot_given", to.seat, why, frm.seat, moved)
    return moved > 0


def gain_treasure(g: Game, p: Player, why: str) -> bool:
    c = g.draw(g.treasure, g.treasure_disc)
    if c is None:
        return False
    o = g.new_obj(c, "item", p.seat)
    p.items.append(o)
    g.log.emit("item_gained", p.seat, c.card.name, None, None, why)
    triggers.fire(g, "gained", item=o)
    return True


def card_to_player(g: Game, c: Phys, p: Player, why: str) -> None:
    """Gain a card from a deck: loot to hand, treasure into play (FS-1.3, FS-3.7)."""
    if c.card.deck == "loot":
        p.hand.append(c)
        g.log.emit("loot_drawn", p.seat, why, None, 1)
    elif c.card.deck == "treasure":
        o = g.new_obj(c, "item", p.seat)
        p.items.append(o)
        g.log.emit("item_gained", p.seat, c.card.name, None, None, why)
        triggers.fire(g, "gained", item=o)
    else:
        g.discard_of(c).append(c)


def move_item(g: Game, o: Obj, to_seat: int, how: str, why: str, into: Obj | None = None) -> bool:
    """Give/steal/swap an object in play (FS-6.12): same object, new controller; counters stay.

    ``to_seat`` -1 puts it into the shop in the place of ``into``, the shop item it is swapped
    with (FS-6.12): that slot is not refilled, it holds the incoming item."""
    if not o.in_play or o.kind == "room":
        return (
            False  # a room is nobody's: not given, stolen or swapped (an item turned into one, Cracked Key)
        )
    if o.controller == to_seat:
        return False
    if to_seat < 0 and (into is None or into.controller >= 0 or not _shop_slot_of(g, into)):
        raise EngineError(f"{why}: {o.phys.card.name} can go to the shop only in place of a shop item")
    if o.controller >= 0:
        q = g.players[o.controller]
        lst = q.souls if o.kind == "soul" else q.items
        if o in lst:
            lst.remove(o)
        g.log.emit(
            "item_lost", o.controller, o.phys.card.name, to_seat if to_seat >= 0 else "shop", None, how
        )
    else:
        # from the shop: the slot refills from the deck (FS-12.1) unless a swap already filled it
        slot = _shop_slot_of(g, o)
        if slot is not None:
            slot.pop()
            if slot and isinstance(slot[-1], Phys):
                u = g.new_obj(slot.pop(), "item", -1, slot=o.slot)
                slot.append(u)
    o.controller = to_seat
    g.obj_ver += 1  # a shop item's abilities start working under a player (trigger cache)
    if to_seat < 0:
        assert into is not None  # checked above
        slot = _shop_slot_of(g, into)
        assert slot is not None
        slot[-1] = o  # the swapped-out shop item leaves the slot; this one takes its place
        o.slot = into.slot
        return True
    if o.rules.forbid:
        g.cache.forbid_on = True  # Trinity Shield now has a controller (FS-7.3)
    p = g.players[to_seat]
    if o.kind == "soul":
        p.souls.append(o)
        g.log.emit("soul_gained", to_seat, o.phys.card.name, None, o.soul_value, how)
        triggers.fire(g, "soul_entered", target=p, soul=o)  # given, stolen or swapped (FS-6.12)
    else:
        p.items.append(o)
        g.log.emit("item_gained", to_seat, o.phys.card.name, None, None, how)
        triggers.fire(g, "controlled", item=o)  # it came under this player's control (Hot Potato!)
    return True


def _shop_slot_of(g: Game, o: Obj) -> list | None:
    """The shop slot whose top is ``o``, if any."""
    for slot in g.shop:
        if slot and slot[-1] is o:
            return slot
    return None


def move_cards(ctx: Any, p: dict) -> bool:
    """The generic zone change of vocabulary §2 ``move`` (FS-3.2): the forms Base V2 uses."""

    g = ctx.g
    cards = p.get("cards")
    to = p.get("to")
    pos = p.get("pos", "top")
    if isinstance(pos, str) and pos not in ("top", "bottom"):
        pos = value(ctx, pos)  # a bound number (Keeper's Resting Place: the place the active player picked)
    hand_of = the_player(ctx, p["who"]).seat if "who" in p else ctx.you  # "into <who>'s hand"
    did = False
    taken = False  # the cards were taken out of their zone here (a deck's or a discard's top, a hand)
    if cards in ("self", "self_card"):
        refs = [ctx.src]
    elif isinstance(cards, str) and cards in ctx.binds:
        v = ctx.binds[cards]
        refs = v if isinstance(v, list) else [v]
    elif isinstance(cards, str) and cards.startswith("top("):
        deck_name = cards[4:-1]
        deck_name = ctx.binds.get(deck_name, deck_name)
        if deck_name in ("any_deck", "any_discard"):
            deck_name = ask(g, ctx.you, "choose_deck", ("loot", "treasure", "monster"), ctx.name)
            deck_name = deck_name + ("_discard" if cards[4:-1] == "any_discard" else "")
        base = str(deck_name).replace("_deck", "").replace("_discard", "")
        deck, disc = g.deck_pair(base)
        if str(deck_name).endswith("_discard"):
            refs = [disc.pop()] if disc else []
        else:
            c = g.draw(deck, disc)
            refs = [c] if c is not None else []
        taken = True
    elif isinstance(cards, dict) and "hand_card" in cards:
        opts = candidates(ctx, cards)
        refs = [ask(g, ctx.you, "choose_loot", tuple(opts), ctx.name)] if opts else []
        for c in refs:
            the_player(ctx, "you").hand.remove(c)
        taken = True
    elif isinstance(cards, dict) and "each" in cards:
        refs = candidates(ctx, cards["each"])
    elif isinstance(cards, (dict, str)):
        refs = candidates(ctx, cards)
        if isinstance(cards, dict) and "count" not in cards and len(refs) > 1 and not p.get("all"):
            refs = candidates(ctx, cards)
    else:
        raise EngineError(f"{ctx.name}: move of {cards!r} not implemented")
    for r in refs:
        if r is None:
            continue
        phys = r.phys if isinstance(r, Obj) else r
        if isinstance(r, Obj):
            if to == "hand" and r.phys.card.deck != "loot":
                continue  # FS-3.7: a hand holds loot cards only (an item copying Loot Card stays in play)
            if r.in_play:
                if not leave_play(g, r):
                    continue  # a final boss or minion stays in its slot (FS-18.2, FS-18.5)
            elif r in g.temp:
                g.temp.remove(r)
            elif not _off_discard(g, phys):
                continue  # FS-3.2: it left play and its card is in no discard: nothing to move
        elif isinstance(r, LootItem):  # a cancelled loot card, now in its discard (Mugger Bean!)
            if r in g.stack or not _off_discard(g, r.phys):
                continue
            phys = r.phys
        elif isinstance(r, Phys) and not taken and isinstance(ctx.src, Phys) and r is ctx.src:
            # a Roll- loot went to its discard as it resolved (FS-4.18): it moves from there, unless it
            # left the discard before its result was read (FS-3.2: a new object, Sticky Nickel); a delayed
            # ability aimed at the card (Murder!, Warp Zone) finds it there or moves nothing (FS-3.2). A card
            # taken above is moved whatever it is: ? Card copying The Curse's ↷ may take itself off the
            # loot discard's top (FS-5.13); it was lost (soak 1905)
            if not _off_discard(g, r) and (isinstance(ctx.item, AbilityItem) or went_on(g, r)):
                continue
            ctx.moved = True
        elif isinstance(r, Phys) and not _off_discard(g, r) and isinstance(cards, str) and cards in ctx.binds:
            continue  # FS-6.8, FS-3.2: a targeted card in a discard left it before this resolved
        if isinstance(ctx.src, Obj) and r is ctx.src:
            ctx.moved = True
        if phys.virtual:
            continue  # FS-5.11: a copy exists only on the stack; moving it into a zone does nothing
        placed = place(g, phys, to, pos, ctx, hand_of)
        if placed is not None and p.get("bind"):  # a later step names the new object (Ballos!, Warp Zone)
            ctx.binds[str(p["bind"])] = placed
        did = True
    return did


def _off_discard(g: Game, c: Phys) -> bool:
    """Take a card out of the discard it lies in (FS-3.6), if any. A card that already left play for a
    discard (a room that discarded itself twice, FS-16.2) is found there, never put in a second zone."""
    rooms_disc = g.rooms.disc if g.rooms is not None else []
    for z in (g.monster_disc, g.treasure_disc, g.loot_disc, rooms_disc):
        if c in z:
            z.remove(c)
            return True
    return False


def gain_soul(g: Game, p: Player, o: Obj, how: str) -> None:
    """Every soul a player *gains* (FS-14.5, FS-6.11: boss, bonus, Lost Soul, an item become a soul,
    The Chest) comes here; a soul given, stolen or swapped moves with ``move_item`` and is not a gain.
    Super shop (FS-20.9) reacts to the gain."""
    p.souls.append(o)
    g.log.emit("soul_gained", p.seat, o.phys.card.name, None, o.soul_value, how)
    for react in g.variant_rules.soul_gained:  # FS-20.9 super shop (rule_variants.install)
        react(g, p)
    triggers.fire(g, "gained_soul", target=p, soul=o)
    triggers.fire(g, "soul_entered", target=p, soul=o)  # "a soul enters your control" hears gains too


def pass_hands(g: Game, step: int, seat: int, name: str) -> bool:
    """Every hand moves at the same moment ``step`` seats on (1: left, to the next player in turn order,
    FS-0.4; -1: right). FS-6.12 give."""
    hands = [p.hand for p in g.players]
    for i, p in enumerate(g.players):
        p.hand = hands[(i - step) % g.n]
        p.known.update(c.pid for c in p.hand)
    g.log.emit("loot_given", seat, name, None, sum(len(h) for h in hands), "hands_passed")
    return True


def pass_characters(g: Game, step: int, name: str) -> bool:
    """Every player gives their character and one eternal item they control (their pick; none if they have
    none) to the player ``step`` seats on (1: left, -1: right, FS-0.4), all at the same moment (FS-6.12).
    A character keeps its side, charge and counters (it is the same object); its soul icon goes with it;
    the damage on a player stays on the player. Corrupted Data (Star Promos)."""
    n = g.n
    for p in g.players:
        p.keep_dealt()
    chars = [p.character for p in g.players]
    icons = [p.char_soul for p in g.players]
    gifts: list[Obj | None] = []
    for p in g.players:
        opts = tuple(o for o in p.items if o.eternal)
        gifts.append(
            None if not opts else opts[0] if len(opts) == 1 else ask(g, p.seat, "choose_item", opts, name)
        )
    for i, p in enumerate(g.players):
        src = (i - step) % n
        p.character = chars[src]
        p.char_soul = icons[src]
        if p.character is not None:
            p.character.controller = i
    for i, gift in enumerate(gifts):
        if gift is not None:
            move_item(g, gift, (i + step) % n, "give", name)
    g.obj_ver += 1  # the characters' abilities changed hands (activation and trigger caches)
    return True


def give_reward(g: Game, p: Player, key: str, n: int, name: str) -> None:
    if key == "cents":
        gain_cents(g, p, n, name)
    elif key == "loot":
        loot(g, p, n, name)
    elif key == "treasure":
        for _ in range(replacements.treasure_replacements(g, p, n, name)):  # Damocles (FS-5.4)
            gain_treasure(g, p, name)
    g.log.emit("reward", p.seat, name, key, n)
