"""FS-20.5 soul trading (``--variant soul-trading``, FS-Q.25): the starting items no character uses form
a shuffled starting-item deck (``g.soul_trading.deck``, :class:`SoulTrading`); once per turn, in the action phase with an empty stack,
the active player may sell a soul: discard one of their souls (their choice) to gain 5¢, 1 loot and the
top item of the starting-item deck, which keeps its printed text (Eternal included)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardlab.simulate.core.shuffling import shuffle

from . import asking, checks, damage, resources
from .state import Game, Phys, Player

CENTS = 5  # FS-20.5 payout: 5¢, 1 loot, 1 starting item
LOOT = 1


@dataclass(slots=True)
class SoulTrading:
    """The variant's own state (``Game.soul_trading``; None when the variant is off)."""

    deck: list[Phys] = field(default_factory=list)  # the starting-item deck, top last
    sold: int = -1  # the turn number of the last sale (once per turn, FS-Q.25)


def build_deck(g: Game, s: Any, chars: list, phys: Any) -> None:
    """At setup, after the characters are dealt: one physical card per starting item of the pool that
    no seated character starts with (the two-player variant's removed characters' items included),
    shuffled with the game's rng (FS-3.5)."""
    used = {c.starting_item for c in chars if c.starting_item}
    g.soul_trading.deck = [phys(card) for cid, card in s.starting.items() if cid not in used]
    shuffle(g.streams("shuffle", "start"), g.soul_trading.deck)


def can_sell(g: Game, p: Player) -> bool:
    """Once per turn (FS-Q.25) and only with a soul card to discard (The Lost's own soul value is not a
    soul and cannot be lost, FS-14.5)."""
    return g.soul_trading.sold != g.turn and bool(p.souls)


def sell(g: Game, seat: int) -> None:
    """The action (not a stack item, like a purchase declaration FS-Q.6/FS-Q.18; the others get priority
    after the active player's next declaration). The soul is discarded as FS-14.6/FS-14.9 say: a monster
    soul to the monster discard, a loot soul (Lost Soul) to the loot discard, a treasure soul (The Chest,
    Pandora's Box) to the treasure discard; a bonus soul or a starting item become a soul (The Bone) are
    removed from the game. Then 5¢ (bank-limited, FS-15), 1 loot, and the top starting item (none when
    that deck is empty, FS-Q.35)."""
    p = g.players[seat]
    g.soul_trading.sold = g.turn
    soul = asking.ask(g, seat, "choose_soul", tuple(p.souls), "sell a soul")
    p.souls.remove(soul)
    soul.in_play = False
    g.log.emit("soul_lost", seat, soul.phys.card.name, None, soul.soul_value, "sold")
    damage.put_away_soul(g, soul)
    resources.gain_cents(g, p, CENTS, "soul_trading")
    resources.loot(g, p, LOOT, "soul_trading")
    deck = g.soul_trading.deck
    if deck:
        c = deck.pop()
        eternal = "eternal" in c.rules.keywords or "eternal" in c.card.keywords
        o = g.new_obj(c, "item", seat, eternal=eternal, starting=True)
        p.items.append(o)
        g.log.emit("item_gained", seat, c.card.name, None, None, "soul_trading")
    checks.state_checks(g)
