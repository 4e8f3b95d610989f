"""Named hooks for the few cards the vocabulary cannot express (vocabulary §6.1). A card naming a hook
not registered here is left out of decks at load time (rules.compile_card), never silently skipped.

Registered: all six Base V2 hooks — eden_pick_start, chaos_pass_hands, vote_destroy_item,
placebo_copy_ability, shadow_penalty, blank_card_copy."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import asking, blank_card, damage, lineage, resources, seen
from . import vocabulary as V
from .items import AbilityItem
from .state import Obj
from .statics import Ctx
from .targets import prepare


def eden_pick_start(ctx: Any) -> bool:
    """Eden (FS-2.8, FS-21): look at the top 3 treasure, keep one as an Eternal starting item, the
    other two go to the bottom of the treasure deck."""
    g = ctx.g
    p = g.players[ctx.you]
    top = []
    for _ in range(3):
        c = g.draw(g.treasure, g.treasure_disc)
        if c is not None:
            top.append(c)
    if not top:
        return False
    pick = asking.ask(g, p.seat, "eden_item", tuple(top), "Eden")
    for c in top:
        if c is not pick:
            g.treasure.insert(0, c)
    seen.put_under(g, "treasure", g.treasure, len(top) - 1, (p.seat,))  # FS-2.8: only Eden's player saw them
    o = g.new_obj(pick, "item", p.seat, eternal=True, starting=True)
    p.items.append(o)
    g.log.emit("item_gained", p.seat, pick.card.name, None, None, "starting_item")
    return True


def chaos_pass_hands(ctx: Any) -> bool:
    """Chaos: every hand moves one seat to the left at the same moment."""
    return resources.pass_hands(ctx.g, 1, ctx.you, "Chaos")


def vote_destroy_item(ctx: Any) -> bool:
    """Remote Detonator (FS-5.17, FS-21): each player votes in turn order from the active player for an
    item in play; the single item with the most votes is destroyed; a tie does nothing."""
    g = ctx.g
    items = [o for p in g.players for o in p.items] + g.shop_items()
    if not items:
        return False
    votes: dict[int, int] = {}
    for k in range(g.n):
        seat = (g.active + k) % g.n
        o = asking.ask(g, seat, "vote", tuple(items), "Remote Detonator")
        votes[o.uid] = votes.get(o.uid, 0) + 1
    best = max(votes.values())
    top = [u for u, v in votes.items() if v == best]
    if len(top) != 1:
        return False
    target = next(o for o in items if o.uid == top[0])
    return damage.destroy(g, target, "Remote Detonator")


def placebo_copy_ability(ctx: Any) -> bool:
    """Placebo (FS-5.13): copy the targeted item's ↷ ability onto the stack — no cost paid, new
    targets chosen now, and "this" in the copy means Placebo. Four Souls+ ? Card uses it as a loot card:
    the item is chosen as it is played, the copy goes on the stack as the loot resolves, and "this" in the
    copy means the ? Card, a card no longer in play, so an effect on "this" does nothing (our reading,
    FS-5.13)."""

    g = ctx.g
    src = ctx.binds.get("I")
    if src is None or src is ctx.src or not src.in_play or not src.rules.tap:
        return False  # copying itself would copy this very hook, forever
    if not lineage.may_copy(ctx, src):
        return (
            False  # a copy copies nothing of its own line (FS-5.13: ? Card and Pop Pop! feeding each other)
        )
    # Copying another Placebo's ability (a second Placebo, or Modeling Clay become Placebo) would copy
    # this hook again with the same only target, for ever: a Placebo ability copies as nothing.
    abilities = [a for a in src.rules.tap if not _is_placebo(a)]
    if not abilities:
        return False
    ab = (
        abilities[0]
        if len(abilities) == 1
        else asking.ask(g, ctx.you, "choose_ability", tuple(abilities), "Placebo")
    )
    sub = Ctx(g, ctx.you, ctx.src, name=f"{src.phys.card.name} ({ctx.name})")
    sub.line = lineage.line_for(ctx, src)  # its targets are chosen knowing where it came from
    if not prepare(sub, ab):
        return False
    item = AbilityItem(ctx.src if isinstance(ctx.src, Obj) else None, ab, ctx.you, sub)
    sub.item = item
    g.stack.append(item)
    return True


def _is_placebo(ab: Any) -> bool:
    return isinstance(ab.do, dict) and ab.do.get("hook") == "placebo_copy_ability"


def shadow_penalty(ctx: Any) -> bool:
    """Shadow (FS-13.9 rewritten): the Shadow player picks the item the dying player destroys; the
    loot card they discard and the cent they lose go to the Shadow player."""
    g = ctx.g
    me = g.players[ctx.you]
    p = ctx.ev["victim"]
    opts = tuple(o for o in p.items if not o.eternal)
    if opts:
        damage.destroy(g, asking.ask(g, me.seat, "penalty_item", opts, "Shadow"), "death_penalty")
    if p.hand:
        c = asking.ask(g, p.seat, "discard", tuple(p.hand), "Shadow")
        p.hand.remove(c)
        me.hand.append(c)
        g.log.emit("loot_given", p.seat, "Shadow", me.seat, 1, "death_penalty")
    if p.cents:
        p.cents -= 1
        me.cents += 1
        g.log.emit("cents_stolen", me.seat, "Shadow", p.seat, 1, "death_penalty")
    for o in g.player_objects(p):
        if o.rules.tap:
            o.charged = False
    return True


def blank_card_copy(ctx: Any) -> bool:
    """Blank Card (FS-5.12): the next non-trinket loot card you play this turn is copied; the copy is a
    card you may play later this turn (with a loot play), and it vanishes when played or at end of turn."""
    blank_card.copy_next_loot(ctx.g, ctx.you)
    return True


HOOKS: dict[str, Callable[[Any], bool]] = {
    "blank_card_copy": blank_card_copy,
    "placebo_copy_ability": placebo_copy_ability,
    "shadow_penalty": shadow_penalty,
    "eden_pick_start": eden_pick_start,
    "chaos_pass_hands": chaos_pass_hands,
    "vote_destroy_item": vote_destroy_item,
}

V.HOOKS.implement(HOOKS)
