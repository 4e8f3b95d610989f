"""Setup: the clan draft 1-2-2-1 (GX-2.5), undrafted tiles (GX-2.7), decks, hands and mulligans (GX-2.9/2.10)."""

from __future__ import annotations

import random

from cardlab.simulate.core.seeds import stream
from cardlab.simulate.core.shuffling import shuffle

from .cards import CardDef, clan_tiles
from .state import DECK, HAND, Card, State

ORDER = (0, 1, 1, 0, 0, 1)  # by draft position: 1st drafter, 2nd, 2nd, 1st, 1st, 2nd


def setup_rng(st: State, choice: str | int, *more: str | int) -> random.Random:
    """The generator of one setup choice (the first drafter, a seat's deck order and mulligans), derived
    from the game seed and the choice only: a change to one player's cards keeps the other's deck order
    and who drafts first, so runs that differ in a card stay paired (`cardlab compare`)."""
    return stream(st.seed, "setup", choice, *more)


def draft(st: State, first: int, defs: dict[str, list[CardDef]]) -> None:
    """GX-2.5: P1 takes 1 of 8, P2 2 of 7, P1 2 of 5, P2 1 of 3; forced alliances (--clans) restrict picks."""
    st.log.phase = "draft"
    seats = (first, 1 - first)
    forced = {seats[0]: st.cfg.clans[0], seats[1]: st.cfg.clans[1]}
    available = list(defs)  # the clans of the card files, in file order
    st.tiles = clan_tiles(defs)
    picks: dict[int, list[str]] = {0: [], 1: []}
    for n, pos in enumerate(ORDER):
        seat = seats[pos]
        other = 1 - seat
        if forced[seat]:
            opts = [c for c in forced[seat] if c in available]
        else:
            opts = [c for c in available if c not in forced[other]]
        st.available = tuple(available)
        clan = st.ask("draft_clan", seat, opts, n + 1)
        available.remove(clan)
        picks[seat].append(clan)
        st.p[seat].clans = tuple(picks[seat])
        st.emit("draft_pick", seat, clan, amount=n + 1)
    st.undrafted = tuple(available)
    for clan in st.undrafted:
        st.emit("tile", -1, clan, detail="both_players")  # GX-2.7


def build_decks(st: State, defs: dict[str, list[CardDef]]) -> None:
    """GX-2.9: each player's three clans make one 45-card deck (unimplemented cards are left out)."""
    uid = 1
    for pl in st.p:
        for clan in pl.clans:
            for d in defs[clan]:
                if not d.implemented and not st.cfg.with_unimplemented:
                    continue
                for _ in range(d.copies):
                    card = Card(uid, d, pl.seat, DECK)
                    st.cards[uid] = card
                    pl.deck.append(card)
                    uid += 1
        shuffle(setup_rng(st, "deck", pl.seat), pl.deck)


def soldiers_in(st: State, cards: list[Card]) -> int:
    return sum(1 for c in cards if 1 in st.levels(c))


def deal(st: State, first: int) -> None:
    """GX-2.9/2.10: draw 7; a hand with fewer than 2 soldiers may be shown, reshuffled and redrawn."""
    st.log.phase = "setup"
    for seat in (first, 1 - first):
        pl = st.p[seat]
        rng = setup_rng(st, "mulligans", seat)
        _draw7(st, seat)
        tries = 0
        while (
            soldiers_in(st, pl.hand) < 2 and tries < 50
        ):  # safety net; the rule itself is unlimited (GX-Q.23)
            if st.ask("mulligan", seat, ("mulligan", "keep"), soldiers_in(st, pl.hand)) != "mulligan":
                break
            st.emit(
                "mulligan", seat, amount=soldiers_in(st, pl.hand), detail=",".join(c.d.name for c in pl.hand)
            )
            for c in pl.hand:
                c.zone = DECK
            pl.deck.extend(pl.hand)
            pl.hand = []
            shuffle(rng, pl.deck)
            _draw7(st, seat)
            tries += 1


def _draw7(st: State, seat: int) -> None:
    pl = st.p[seat]
    for _ in range(min(7, len(pl.deck))):
        c = pl.deck.pop()
        c.zone = HAND
        pl.hand.append(c)
    st.emit("draw", seat, amount=len(pl.hand), detail="opening")
