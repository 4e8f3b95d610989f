"""Blank Card's state (FS-5.12): the loot cards its players will copy and the copies they may play this
turn. It lives with the card, on :attr:`Game.blank_card` (None until a Blank Card is first used), instead
of two fields on every :class:`~cardlab.simulate.four_souls.state.Player`."""

from __future__ import annotations

from dataclasses import dataclass, field

from .state import Game, Phys

NO_COPIES: tuple[Phys, ...] = ()


@dataclass(slots=True)
class BlankCard:
    """By seat: how many "copy the next loot card you play this turn" are pending, and the virtual copies
    made (each playable once, this turn)."""

    pending: dict[int, int] = field(default_factory=dict)
    copies: dict[int, list[Phys]] = field(default_factory=dict)


def copies(g: Game, seat: int) -> list[Phys] | tuple[Phys, ...]:
    """The loot-card copies ``seat`` may play this turn (read at every priority window: cheap when none)."""
    state = g.blank_card
    return state.copies.get(seat, NO_COPIES) if state is not None else NO_COPIES


def copy_next_loot(g: Game, seat: int) -> None:
    """Blank Card's ability resolved: the next non-trinket loot card ``seat`` plays this turn is copied."""
    if g.blank_card is None:
        g.blank_card = BlankCard()
    g.blank_card.pending[seat] = g.blank_card.pending.get(seat, 0) + 1


def loot_played(g: Game, seat: int, card: Phys) -> None:
    """A loot card was played: a copy of a real, non-trinket one is made if one is pending (FS-4.13: a
    trinket becomes an item, so there is nothing to copy), or the played copy stops existing (it lives on
    the stack)."""
    state = g.blank_card
    if state is None:
        return
    if card.virtual:
        state.copies[seat].remove(card)
    elif state.pending.get(seat) and "trinket" not in card.rules.keywords:
        state.pending[seat] -= 1
        state.copies.setdefault(seat, []).append(Phys(-card.pid, card.card, card.rules, True))


def end_turn(g: Game) -> None:
    """Pending copies and unplayed copies last until end of turn (FS-5.12)."""
    if g.blank_card is not None:
        g.blank_card = None
