"""Named Python hooks for the cards the vocabulary cannot express (each tested in tests/gosu_x), bound to
their entries in ``cards.HOOKS``."""

from __future__ import annotations

from . import cards, zones
from .interpreter import Ctx
from .state import DECK, DISCARD, State
from .targets import choose_op, each_player


def arrows(st: State, ctx: Ctx) -> None:
    """Arrows of Justice: see the opponent's hand, name a card; banned until the end of your next turn."""
    opp = 1 - ctx.seat
    hand = st.p[opp].hand
    st.emit("look_hand", ctx.seat, ctx.src.d.name, amount=len(hand))
    groups = sorted({c.d.group for c in hand})
    if not groups:
        return
    group = st.ask("choose_name", ctx.seat, groups, ctx.src.d.name)
    # the ban lasts through the caster's next turn: caster's turn count + 1 (this turn is counted at its end)
    st.p[opp].bans[group] = st.p[ctx.seat].turns + 1
    st.emit("ban", ctx.seat, ctx.src.d.name, group)


def themis_flip(st: State, ctx: Ctx) -> None:
    """Themis: flip one of your own tiles (GX-12.22); three flipped + a superiority token wins (GX-11.1e)."""
    pl = st.p[ctx.seat]
    opts = [c for c in pl.clans if c not in pl.flipped]
    if not opts:
        return
    clan = st.ask("choose_clan", ctx.seat, opts, "flip_tile")
    pl.flipped.add(clan)
    st.emit("tile_flip", ctx.seat, ctx.src.d.name, clan, amount=len(pl.flipped))
    if len(pl.flipped) == 3 and pl.superiority:
        st.emit("game_over", ctx.seat, detail="themis")
        raise zones.GameOver((ctx.seat,), "themis")


def cylak(st: State, ctx: Ctx) -> None:
    """Cylak (Scylla): each player may capture a level III card of the other; the active player decides who
    captures first (GX-15.3, FAQ Scylla)."""
    for seat in each_player(st, ctx):
        opts: list = [c.uid for c in st.army(1 - seat) if 3 in st.levels(c) and zones.can_capture(st, c)]
        if not opts:
            continue
        uid = st.ask("choose_target", seat, [0] + opts, ("capture", ctx.src.d.name))
        if uid:
            zones.capture(st, seat, st.cards[uid])


def neye_back(st: State, ctx: Ctx) -> None:
    """Byeon Hyeon Ja (Tomorrow): your removed Ne'ye is shuffled back into your deck."""
    pl = st.p[ctx.seat]
    for c in pl.removed:
        if c.d.group == "Ne'ye":
            pl.removed.remove(c)
            c.zone = DECK
            pl.deck.append(c)
            zones.shuffle_deck(st, ctx.seat)
            st.emit("shuffle_in", ctx.seat, c.d.name, amount=1)
            return


def nitish(st: State, ctx: Ctx) -> None:
    """Nitish: may discard a printed-bounty card from hand; its level caps a capture/destroy/release."""
    pl = st.p[ctx.seat]
    opts: list = [0] + [c.uid for c in pl.hand if "bounty" in c.d.keywords and not st.banned(ctx.seat, c)]
    if len(opts) == 1:
        return
    uid = st.ask("choose_card", ctx.seat, opts, "nitish_cost")
    if not uid:
        return
    card = st.cards[uid]
    zones.discard_from_hand(st, ctx.seat, card, ctx.src.d.name)
    cap = max(st.levels(card))
    choose_op(st, ctx, ("capture", "destroy", "release"), {"level": list(range(1, cap + 1))})


def sqeezs(st: State, ctx: Ctx) -> None:
    """Sqeezs: reveal 3; one to hand, one back on top, one to the bottom (hand first with fewer)."""
    pl = st.p[ctx.seat]
    shown = [pl.deck.pop() for _ in range(min(3, len(pl.deck)))]
    if not shown:
        return
    st.emit("reveal", ctx.seat, ctx.src.d.name, amount=len(shown), detail=",".join(c.d.name for c in shown))
    uids = tuple([c.uid for c in shown])  # GX-12.6: the revealed cards are seen by their revealer
    keep = st.cards[st.ask("choose_card", ctx.seat, list(uids), "hand", uids)]
    zones.show(st, shown, (0, 1))  # GX-12.6: turned over, each is seen where it goes
    shown.remove(keep)
    keep.zone = "hand"
    pl.hand.append(keep)
    if shown:
        top = st.cards[st.ask("choose_card", ctx.seat, [c.uid for c in shown], "deck_top", uids)]
        shown.remove(top)
        for c in shown:
            pl.deck.insert(0, c)
        pl.deck.append(top)


def genious(st: State, ctx: Ctx) -> None:
    """Genious (Djinn): each player names a clan, shuffles its discard cards into their deck; you draw 2. A clan with
    no card in the discard leaves the deck as it was (FAQ Djinn: no new deck is formed)."""
    for seat in each_player(st, ctx):  # GX-15.3
        pl = st.p[seat]
        clan = st.ask("choose_clan", seat, list(pl.clans), ctx.src.d.name)
        back = [c for c in pl.discard if clan in st.clans(c)]
        if not back:  # the FAQ: a clan absent from the discard forms no new deck — no shuffle (GX-14)
            st.emit("shuffle_in", seat, ctx.src.d.name, clan, amount=0)
            continue
        for c in back:
            pl.discard.remove(c)
            c.zone = DECK
            pl.deck.append(c)
        zones.shuffle_deck(st, seat)
        st.emit("shuffle_in", seat, ctx.src.d.name, clan, amount=len(back))
    zones.draw(st, ctx.seat, 2)


def orgah(st: State, ctx: Ctx) -> None:
    """Orgah (Orga): each player names a clan present in their discard and removes those cards from the game."""
    for seat in each_player(st, ctx):  # GX-15.3
        pl = st.p[seat]
        clans = sorted({cl for c in pl.discard for cl in st.clans(c)})
        if not clans:
            continue
        clan = st.ask("choose_clan", seat, clans, ctx.src.d.name)
        for c in [c for c in pl.discard if clan in st.clans(c)]:
            if c.zone == DISCARD:  # a Ne'ye draw may have reshuffled the discard meanwhile
                zones.remove_from_discard(st, seat, c)


def bomber(st: State, ctx: Ctx) -> None:
    """Bombardment Units: each player sacrifices once; a 2nd time (optional) with a superiority token;
    stops once the Bomber itself has left the army (GX-14 Bomber FAQ)."""
    src = ctx.src
    in_army = src.zone == "army"
    times = 2 if st.p[ctx.seat].superiority else 1
    for i in range(times):
        if i and not st.ask("repeat", ctx.seat, (True, False), src.d.name):
            return
        for seat in each_player(st, ctx):  # GX-15.3
            zones.sacrifice_one(st, seat, src.d.name)
        if in_army and src.zone != "army":
            return


def xian_bhj(st: State, ctx: Ctx) -> None:
    """Byeon Hyeon Ja (Xian): when your turn ends, discarding 5 cards of one clan unlocks it (optional)."""
    pl = st.p[ctx.seat]
    counts = {cl: [c for c in pl.hand if cl in st.clans(c)] for cl in pl.clans}
    ready = [cl for cl, cards in counts.items() if len(cards) >= 5]
    if not ready:
        return
    choice = st.ask("choose_clan", ctx.seat, [0] + ready, ctx.src.d.name)
    if not choice:
        return
    for _ in range(5):
        opts = [c.uid for c in pl.hand if choice in st.clans(c)]
        zones.discard_from_hand(
            st, ctx.seat, st.cards[st.ask("discard", ctx.seat, opts, ctx.src.d.name)], "xian"
        )
    zones.unlock(st, ctx.seat, ctx.src.d.name)


cards.HOOKS.implement(
    {
        "arrows": arrows,
        "themis_flip": themis_flip,
        "cylak": cylak,
        "neye_back": neye_back,
        "nitish": nitish,
        "sqeezs": sqeezs,
        "genious": genious,
        "bomber": bomber,
        "orgah": orgah,
        "xian_bhj": xian_bhj,
    }
)
