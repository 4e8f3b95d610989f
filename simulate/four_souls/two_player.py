"""FS-20.11 two-player rules (fan variant, ``--variant two-player``): (a) Eve, Lilith, Cain and Guppy are
left out of the character pool; (b) at the loot step a hand of 5 or fewer looks at 2 loot, keeps 1 and
puts the other on the bottom (FS-Q.24); (c) a curse (or Stalker) leaves play only once it has affected
both players: the first holder hands it over when they die, the second discards it."""

from __future__ import annotations

import dataclasses
from typing import Any

from cardlab.simulate.core import UserError

from . import asking, damage, resources
from . import seen as known
from .state import Game, Obj, Player

REMOVED = ("Eve", "Lilith", "Cain", "Guppy")  # FS-20.11(a): character cards, by name
HAND_MAX = 5  # FS-20.11(b): "5 or fewer" loot in hand at the loot step


@dataclasses.dataclass(slots=True)
class TwoPlayer:
    """The variant's own state (``Game.two_player``; None when the variant is off)."""

    held_by: dict = dataclasses.field(default_factory=dict)  # FS-20.11(c): curse uid → seats that held it


def _removed(name: str) -> bool:
    return name.lower() in {n.lower() for n in REMOVED}


def check(n_players: int | None, characters: tuple[str, ...]) -> None:
    """Config-time checks: exactly 2 players, and no removed character named by ``--characters``."""
    if n_players is not None and n_players != 2:
        raise UserError(f"four-souls: --variant two-player (FS-20.11) needs 2 players, got {n_players}")
    named = [c for c in characters if _removed(c)]
    if named:
        raise UserError(
            f"four-souls: --variant two-player removes {', '.join(REMOVED)} (FS-20.11a); "
            f"--characters names {named[0]}"
        )


def is_stalker(card: Any) -> bool:
    """Stalkers (Baby/Mom/Dad Stalker, FS-21) are treasure cards from outside Base V2; none is in the
    default pool. The engine does not implement their FS-20.11(c) hand-over (see check_pool)."""
    return card.deck == "treasure" and card.name.lower().endswith("stalker")


def check_pool(s: Any) -> None:
    """FS-20.11(c) for Stalkers is not implemented: a pool holding one refuses to run (one line)."""
    for card, _n in s.treasure:
        if is_stalker(card):
            raise UserError(
                f"four-souls: --variant two-player: the Stalker hand-over (FS-20.11c) is not implemented "
                f"for items; the pool holds {card.name}"
            )


def supply(s: Any) -> Any:
    """FS-20.11(a): the same supply without the removed character cards (their starting items stay
    unused, e.g. for soul trading's starting-item deck)."""
    return dataclasses.replace(s, characters=[c for c in s.characters if not _removed(c.name)])


def loot_step(g: Game, p: Player, n: int) -> None:
    """FS-8.3 with FS-20.11(b) / FS-Q.24: with 5 or fewer loot in hand, the step's normal draw (1 card)
    is replaced by: look at the top 2, keep 1 (decision ``keep_loot``, seen only by ``p``), put the other
    on the bottom of the loot deck. Extra loot-step draws from statics (``n - 1``) are drawn normally.
    A pending draw modifier (Two of Clubs doubling, Compost's next-loot replacement) keeps the normal
    draw: the rule replaces a plain draw only."""
    modified = ("would_loot", p.seat) in g.eot_replacements or any(d[0] == "would_loot" for d in g.delayed)
    if len(p.hand) > HAND_MAX or modified:
        resources.loot(g, p, n, "loot_step")
        return
    seen = []
    for _ in range(2):
        c = g.draw(g.loot, g.loot_disc)
        if c is not None:
            seen.append(c)
    if seen:
        keep = asking.ask(g, p.seat, "keep_loot", tuple(seen), "two-player loot step")
        seen.remove(keep)
        p.hand.append(keep)
        for c in seen:
            g.loot.insert(0, c)  # the bottom (decks are lists whose last card is the top)
        known.put_under(g, "loot", g.loot, len(seen), (p.seat,))  # FS-20.11(b): only it saw which
        g.log.emit("loot_drawn", p.seat, "loot_step", None, 1, "kept_1_of_2")
    if n > 1:
        resources.loot(g, p, n - 1, "loot_step")


def curse_on_death(g: Game, c: Obj) -> bool:
    """FS-20.11(c) in place of FS-4.16(2) (the curse's own "when you die" trigger, FS-Q.11): a curse
    that has not yet been held by the other player goes to them (a give, event ``curse_received``
    "from pN"); one that has affected both players goes to the monster discard. ``TwoPlayer.held_by``
    records, per curse object, the seats that have held it."""
    p = g.players[c.controller]
    other = g.players[1 - p.seat] if g.n == 2 else None
    held_by = g.two_player.held_by
    held = held_by.setdefault(c.uid, {p.seat})
    held.add(p.seat)
    if other is not None and other.seat not in held:
        held.add(other.seat)
        p.curses.remove(c)
        c.controller = other.seat
        other.curses.append(c)
        g.obj_ver += 1  # its triggers now work for the new holder (trigger cache)
        g.log.emit("curse_received", other.seat, c.phys.card.name, p.seat)  # target: the giver
    else:
        del held_by[c.uid]
        damage.discard_curse(g, c, "death")
    return True
