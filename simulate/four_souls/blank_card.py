"""Loot cards a player may play this turn from somewhere other than their hand (FS-5.12): Blank Card's
pending and made copies, a copy of a card seen in another hand (Baba), a real card put under an item
(Rusty Spoons). It lives on :attr:`Game.blank_card` (None until such a card is first used), instead of
fields on every :class:`~cardlab.simulate.four_souls.state.Player`."""

from __future__ import annotations

from dataclasses import dataclass, field

from .state import Game, Phys

NO_COPIES: tuple[Phys, ...] = ()


@dataclass(slots=True)
class BlankCard:
    """By seat: how many "copy the next loot card you play this turn" are pending, and the cards playable
    once this turn from outside the hand (virtual copies, or real cards under an item); ``free`` lists
    those played without using a loot play (FS-8.4)."""

    pending: dict[int, int] = field(default_factory=dict)
    copies: dict[int, list[Phys]] = field(default_factory=dict)
    free: list[Phys] = field(default_factory=list)
    to_discard: list[Phys] = field(default_factory=list)
    loot_top: list[int] = field(default_factory=list)  # seats that may play the loot deck's top this turn


def copies(g: Game, seat: int) -> list[Phys] | tuple[Phys, ...]:
    """The loot-card copies ``seat`` may play this turn (read at every priority window: cheap when none)."""
    state = g.blank_card
    if state is None:
        return NO_COPIES
    mine = state.copies.get(seat, NO_COPIES)
    if state.loot_top and seat in state.loot_top and g.loot:
        return [*mine, g.loot[-1]]  # Glitter Bombs: the loot deck's top, shown, is playable (FS-8.4)
    return mine


def open_loot_top(g: Game, seat: int) -> None:
    """Glitter Bombs: until this turn is over the loot deck's top card is shown to all and ``seat`` may
    play it as if it were in their hand (a loot play used, the usual timing, FS-8.4)."""
    if g.blank_card is None:
        g.blank_card = BlankCard()
    if seat not in g.blank_card.loot_top:
        g.blank_card.loot_top.append(seat)


def take_from_loot_top(g: Game, seat: int, card: Phys) -> bool:
    """``card`` is the loot deck's top that ``seat`` may play (Glitter Bombs): it leaves the deck."""
    state = g.blank_card
    if state is None or seat not in state.loot_top or not g.loot or g.loot[-1] is not card:
        return False
    g.loot.pop()
    return True


def copy_next_loot(g: Game, seat: int) -> None:
    """Blank Card's ability resolved: the next non-trinket loot card ``seat`` plays this turn is copied."""
    if g.blank_card is None:
        g.blank_card = BlankCard()
    g.blank_card.pending[seat] = g.blank_card.pending.get(seat, 0) + 1


def grant(g: Game, seat: int, card: Phys, free: bool, discard_unplayed: bool = False) -> None:
    """``seat`` may play ``card`` (a virtual copy, or a real card kept outside every hand) once this turn;
    ``free``: without using a loot play (Baba, Rusty Spoons); ``discard_unplayed``: a real card left
    unplayed goes to its discard once the turn is over (Booster Pack's revealed cards), not out of the game."""
    if g.blank_card is None:
        g.blank_card = BlankCard()
    g.blank_card.copies.setdefault(seat, []).append(card)
    if free:
        g.blank_card.free.append(card)
    if discard_unplayed:
        g.blank_card.to_discard.append(card)


def withdraw(g: Game, seat: int, card: Phys) -> None:
    """Take back a grant that was not used (a card that could not be played after all)."""
    state = g.blank_card
    if state is None:
        return
    mine = state.copies.get(seat, [])
    for group in (mine, state.free, state.to_discard):
        if any(x is card for x in group):
            group.remove(card)


def is_free(g: Game, card: Phys) -> bool:
    """Whether ``card`` is played without using a loot play (a granted free play)."""
    state = g.blank_card
    return state is not None and any(x is card for x in state.free)


def held(g: Game) -> list[Phys]:
    """The real cards kept here this turn (under an item): a zone of their own for the invariants."""
    state = g.blank_card
    if state is None:
        return []
    return [c for made in state.copies.values() for c in made if not c.virtual]


def loot_played(g: Game, seat: int, card: Phys) -> None:
    """A loot card was played: a copy of a real, non-trinket one is made if one is pending (FS-4.13: a
    trinket becomes an item, so there is nothing to copy), or the played copy stops existing (it lives on
    the stack); a real card played from under an item leaves this zone for the stack."""
    state = g.blank_card
    if state is None:
        return
    mine = state.copies.get(seat)
    if mine and any(x is card for x in mine):
        mine.remove(card)
        if any(x is card for x in state.free):
            state.free.remove(card)
        if any(x is card for x in state.to_discard):
            state.to_discard.remove(card)
        if card.virtual:
            return
    if card.virtual:
        return
    if state.pending.get(seat) and "trinket" not in card.rules.keywords:
        state.pending[seat] -= 1
        state.copies.setdefault(seat, []).append(Phys(-card.pid, card.card, card.rules, True))


def end_turn(g: Game) -> None:
    """Pending copies and unplayed copies last until end of turn (FS-5.12). A real card left unplayed
    under an item (Rusty Spoons) stays there for good: no card reads or moves what lies under an item, so
    it is out of the game (the removed zone); one revealed to be played (Booster Pack) goes to its discard."""
    if g.blank_card is not None:
        leftover = g.blank_card.to_discard
        for c in held(g):
            if any(x is c for x in leftover):
                g.discard_of(c).append(c)
            else:
                g.removed.append(c)
        g.blank_card = None
