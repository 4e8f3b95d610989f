"""Moving cards between zones and the primitive operations of the glossary (GX-12): draw, discard,
mill, capture, release, destroy, sacrifice, remove from the game, tokens and unlocking."""

from __future__ import annotations

from cardlab.simulate.core.shuffling import shuffle

from .interpreter import Ctx, run_steps
from .state import ARMY, DECK, DISCARD, FIFTH_TOKEN, HAND, REMOVED, Card, GameOver, State
from .triggers import fire
from .wins import check_instant, ghost_release


def draw(st: State, seat: int, n: int = 1) -> int:
    """GX-12.5: draw from the top; an empty deck reshuffles the discard (which fires 'reshuffle')."""
    pl = st.p[seat]
    got = 0
    for _ in range(n):
        if not pl.deck:
            if not pl.discard:
                break
            pl.deck = pl.discard
            pl.discard = []
            for c in pl.deck:
                c.zone = DECK
            shuffle(st.streams("shuffle", seat), pl.deck)
            forget(st, pl.deck)
            st.emit("reshuffle", seat, amount=len(pl.deck))

            fire(st, seat, "reshuffle")
        c = pl.deck.pop()
        c.zone = HAND
        pl.hand.append(c)
        got += 1
    if got:
        st.emit("draw", seat, amount=got)
    return got


def to_discard(st: State, card: Card) -> None:
    card.zone = DISCARD
    st.p[card.owner].discard.append(card)


def discard_from_hand(st: State, seat: int, card: Card, why: str = "") -> None:
    st.p[seat].hand.remove(card)
    to_discard(st, card)
    st.emit("discard", seat, card.d.name, detail=why or None)


def choose_discards(st: State, seat: int, n: int, why: str, keep: Card | None = None) -> None:
    """The player picks ``n`` cards of their own hand to discard (GX-12.18), one at a time."""
    for _ in range(n):
        opts = [c.uid for c in st.p[seat].hand if c is not keep]
        if not opts:
            return
        uid = st.ask("discard", seat, opts, why)
        discard_from_hand(st, seat, st.cards[uid], why)


def mill(st: State, seat: int, n: int) -> None:
    """Top n cards to the discard; a short deck gives what it has, no reshuffle (GX-12.6 by analogy)."""
    pl = st.p[seat]
    k = min(n, len(pl.deck))
    for _ in range(k):
        to_discard(st, pl.deck.pop())
    st.emit("mill", seat, amount=k)


def leave_army(st: State, card: Card) -> None:
    """A card leaves its army: tokens to its owner's spent zone (GX-7.6, GX-Q.9), bounty token to the board."""
    pl = st.p[card.owner]
    row = pl.rows[card.row]
    assert row[-1] is card and st.vulnerable(card), f"{card} left the army while not vulnerable"
    row.pop()
    if card.d.passive:
        pl.pcards.remove(card)
    pl.t_spent += card.tokens
    card.tokens = card.vet = 0
    card.face_up = True
    card.row = -1
    if st.bounty is card:
        st.bounty = None
    ghost_release(st)  # the ward may move onto a captured card (GX-15.4)


def return_tokens_of(st: State, card: Card) -> None:
    st.p[card.owner].t_spent += card.tokens
    card.tokens = card.vet = 0


def red_circle(st: State, actor: int, target: Card, what: str) -> bool:
    """GX-12.16 / GX-Q.17: the owner may discard Red Circle from hand to stop a capture or destroy."""
    owner = target.owner
    for c in st.p[owner].hand:
        if c.d.feat == "cancel_capture_destroy" and not st.banned(owner, c):
            if st.ask("feat", owner, (True, False), ("cancel_capture_destroy", target.uid, what)):
                discard_from_hand(st, owner, c, "feat")
                st.emit("feat", owner, c.d.name, target.d.name, detail=what)
                return True
            return False
    return False


def bounty_reward(st: State, actor: int, target: Card, had_bounty: bool) -> None:
    """GX-12.9: capturing or destroying a bounty card lets the actor draw; Hemro adds one more."""
    if not had_bounty:
        return
    if st.ask("bounty_draw", actor, (True, False), target.uid):
        draw(st, actor, 1)
    if target.owner != actor and st.passive_count(actor, "hemro"):
        draw(st, actor, st.passive_count(actor, "hemro"))


def can_capture(st: State, card: Card) -> bool:
    return card.face_up and not st.has_kw(card, "ward")


def capture(st: State, actor: int, card: Card) -> bool:
    """GX-12.12: turn face down; tokens to the spent zone; the bounty token stays but gives nothing."""
    if not can_capture(st, card):
        return False
    if red_circle(st, actor, card, "capture"):
        return False
    had_bounty = st.has_kw(card, "bounty")
    trigs = st.triggers(card)  # read while face up (Aat may be mirroring Night Guardians)
    card.face_up = False
    return_tokens_of(st, card)
    st.emit("capture", actor, card.d.name, card.owner)
    for event, _cond, steps in trigs:  # Night Guardians fires as it is captured (decision in its file)
        if event == "captured":
            run_steps(st, Ctx(card.owner, card), steps)
    bounty_reward(st, actor, card, had_bounty)
    return True


def release(st: State, actor: int, card: Card) -> None:
    """GX-12.11: turn face up; no effect triggers."""
    card.face_up = True
    st.emit("release", actor, card.d.name, card.owner)
    check_instant(st)


def can_destroy(st: State, card: Card) -> bool:
    return st.vulnerable(card) and not st.has_kw(card, "ward")


def destroy(st: State, actor: int, card: Card) -> bool:
    """GX-12.13: a vulnerable, unwarded card goes to its owner's discard."""
    if not can_destroy(st, card):
        return False
    if red_circle(st, actor, card, "destroy"):
        return False
    had_bounty = st.has_kw(card, "bounty")
    leave_army(st, card)
    to_discard(st, card)
    st.emit("destroy", actor, card.d.name, card.owner)
    bounty_reward(st, actor, card, had_bounty)
    return True


def sacrifice_one(st: State, seat: int, why: str = "") -> Card | None:
    """GX-12.14: the player discards one of their vulnerable cards (face up or captured); ward does not help."""
    opts = [c.uid for row in st.p[seat].rows if row for c in (row[-1],) if st.vulnerable(c)]
    if not opts:
        return None
    uid = st.ask("sacrifice", seat, opts, why)
    card = st.cards[uid]
    leave_army(st, card)
    to_discard(st, card)
    st.emit("sacrifice", seat, card.d.name, detail=why or None)
    return card


def to_deck_top(st: State, actor: int, card: Card) -> None:
    """Golem / Un'Go: a vulnerable card goes on top of its owner's deck (not a capture or destroy)."""
    leave_army(st, card)
    card.zone = DECK
    st.p[card.owner].deck.append(card)
    show(st, (card,), (0, 1))  # from an army: both players see it go on top
    st.emit("to_deck", actor, card.d.name, card.owner)


def remove_from_discard(st: State, actor: int, card: Card) -> None:
    """GX-12.19: a card of a discard pile goes out of the game (to its owner's removed zone)."""
    pl = st.p[card.owner]
    pl.discard.remove(card)
    card.zone = REMOVED
    pl.removed.append(card)
    st.emit("remove", actor, card.d.name, card.owner)
    for event, _cond, steps in card.d.on:  # Ne'ye works from its owner's discard
        if event == "removed_from_discard":
            run_steps(st, Ctx(actor, card, remover=actor), steps)


def unlock(st: State, seat: int, why: str) -> None:
    """GX-7.7: locked → hand; with nothing left to unlock the player wins (the 5th token, GX-11.1b)."""
    pl = st.p[seat]
    if pl.t_locked == 0:
        st.emit("unlock", seat, why, amount=FIFTH_TOKEN)
        st.emit("game_over", seat, detail="fifth_token")
        raise GameOver((seat,), "fifth_token")
    pl.t_locked -= 1
    pl.t_hand += 1
    pl.unlocks += 1
    st.emit("unlock", seat, why, amount=st.x_value(seat))


SPENT_ZONE = 0  # the spent zone as a source of a returned token (card uids start at 1)


def return_spent(st: State, seat: int, n: int) -> int:
    """GX-7.4: bring up to n spent tokens back to hand, each from the spent zone or from one of the player's
    cards (which frees that card's symbol), as the player chooses; the spent zone is offered first."""
    pl = st.p[seat]
    got = 0
    while got < n:
        sources = ([SPENT_ZONE] if pl.t_spent else []) + [c.uid for row in pl.rows for c in row if c.tokens]
        if not sources:
            break
        src = sources[0] if len(sources) == 1 else st.ask("return_token", seat, sources, "return")
        if src == SPENT_ZONE:
            pl.t_spent -= 1
        else:
            card = st.cards[src]
            card.tokens -= 1
            card.vet = min(card.vet, card.tokens)  # GX-7.9: a veteran doubles only while its token stays
        pl.t_hand += 1
        got += 1
    if got:
        st.emit("token_returned", seat, amount=got)
    return got


def shuffle_deck(st: State, seat: int) -> None:
    shuffle(st.streams("shuffle", seat), st.p[seat].deck)
    forget(st, st.p[seat].deck)


def show(st: State, cards: tuple | list, seats: tuple) -> None:
    """``seats`` saw ``cards`` go into a hidden place (a hand, a deck's top or bottom: revealed, GX-12.6;
    from an army or a discard, GX-12.18): a search's re-deal keeps them there for those seats."""
    for seat in seats:
        st.known[seat].update(c.uid for c in cards)


def forget(st: State, deck: list) -> None:
    """A shuffled deck: nobody knows where its cards are any more."""
    if st.known[0] or st.known[1]:
        uids = {c.uid for c in deck}
        for k in st.known:
            k.difference_update(uids)


def place_in_army(st: State, seat: int, card: Card, row: int) -> None:
    card.zone = ARMY
    card.face_up = True
    card.row = row
    st.p[seat].rows[row].append(card)
    if card.d.passive:
        st.p[seat].pcards.append(card)
