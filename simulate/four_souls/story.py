"""A Four Souls game as a story (`cardlab replay`): each seat's character, souls, cents, items and
deaths at the start of every turn, and each roll told once with what changed it.

Everything here is folded from the events (simulate/core/narrative.py); the tests check it against the
game's own state after every turn. Damage is not tracked as HP: all damage is removed at the end of
every turn (FS-8.10, FS-13.12), so at a turn's start every living character is at full health. Hand
sizes are not shown: the log names some moves between hands only as counts.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cardlab.simulate.core.events import event_words
from cardlab.simulate.core.narrative import Event, Story, seat_name, target_name, target_seat


@dataclass(slots=True)
class Seat:
    character: str = "?"
    souls: list[tuple[str, int]] = field(default_factory=list)  # soul cards and their soul values
    cents: int = 0
    items: list[str] = field(default_factory=list)
    deaths: int = 0


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


class FourSoulsStory(Story):
    def __init__(self, seats: int):
        super().__init__(seats)
        self.at = [Seat() for _ in range(seats)]
        self.roll: list[str] = []  # the roll being made: its first reading and what changed it

    def tracked(self, seat: int) -> dict[str, int]:
        """The totals the players table also records (the tests compare them)."""
        s = self.at[seat]
        return {"souls": self.souls(seat), "cents": s.cents, "items_held": len(s.items), "deaths": s.deaths}

    def souls(self, seat: int) -> int:
        return sum(value for _, value in self.at[seat].souls)

    def turn_title(self, e: Event) -> str:
        return f"Turn {e.turn} — {e.who} ({self.at[e.seat].character})"

    def status(self, seat: int) -> str:
        s = self.at[seat]
        items = ", ".join(s.items) if s.items else "none"
        dead = f"; died {_plural(s.deaths, 'time')}" if s.deaths else ""
        return f"{s.character} — {_plural(self.souls(seat), 'soul')}, {s.cents}¢; items: {items}{dead}"

    def _cents(self, seat: int, n: int) -> str:
        self.at[seat].cents += n
        return f"{self.at[seat].cents}¢"

    def _lose(self, seat: int, name: str) -> None:
        """A card leaves a seat's items, or its souls (a soul card moves as an object, FS-14.5)."""
        holders = [seat] if 0 <= seat < self.seats else range(self.seats)  # seat -1: whoever holds it
        for s in holders:
            held = self.at[s]
            if name in held.items:
                held.items.remove(name)
                return
            for soul in held.souls:
                if soul[0] == name:
                    held.souls.remove(soul)
                    return

    def see(self, e: Event) -> str | None:  # noqa: C901 — one branch per event kind, read as a table
        who, n, card, k = e.who, e.amount, e.card, e.kind
        if k == "setup":  # FS-2.7, FS-2.9: the character, its starting item, the opening cents
            s = self.at[e.seat]
            s.character, s.cents = card or "?", e.amount or 0
            if e.target and e.target not in s.items:  # Eden's pick was logged as it was made
                s.items.insert(0, str(e.target))
            return f"{who} plays {card}" + (f", starting item {e.target}" if e.target else "")
        if k in ("turn_start", "turn_end", "end_declared", "attack_declared", "purchase_declared"):
            return None
        if k == "roll":
            return self._see_roll(e)
        if k == "cents_gained":
            return f"{who} gains {n}¢ ({card}) → {self._cents(e.seat, n or 0)}"
        if k == "cents_paid":
            total = self._cents(e.seat, -(n or 0))
            return None if e.detail == "purchase" else f"{who} pays {n}¢ for {card} → {total}"
        if k == "cents_lost":
            return f"{who} loses {n}¢ ({card}) → {self._cents(e.seat, -(n or 0))}"
        if k == "cents_stolen":
            frm = target_seat(e.target)
            if frm is not None:
                self._cents(frm, -(n or 0))
            verb = "is given" if e.detail == "give" else "takes"
            return f"{who} {verb} {n}¢ from {target_name(e.target)} ({card}) → {self._cents(e.seat, n or 0)}"
        if k == "purchase":
            return f"{who} buys {card} for {n}¢ → {self.at[e.seat].cents}¢"
        if k == "bonus_soul_gained":
            return None  # FS-14.7: its soul_gained ("bonus") follows and is told
        if k == "soul_gained":
            held = self.at[e.seat]
            if card in held.items:  # an item that becomes a soul as it is destroyed (The Chest)
                held.items.remove(card)
            held.souls.append((card or "?", n or 0))
            return f"{who} gains the soul of {card} → {_plural(self.souls(e.seat), 'soul')}"
        if k == "soul_lost":
            self._lose(e.seat, card or "?")
            return f"{who} loses the soul of {card} ({e.detail}) → {_plural(self.souls(e.seat), 'soul')}"
        if k == "item_gained":
            self.at[e.seat].items.append(card or "?")
            told = e.detail in ("purchase", "starting_item", "casino")  # by the purchase, or at setup
            return None if told else f"{who} gains {card} ({e.detail})"
        if k in ("item_lost", "item_destroyed"):
            self._lose(e.seat, card or "?")
            verb = "loses" if k == "item_lost" else "has destroyed"
            to = f" to {target_name(e.target)}" if e.target else ""
            return (
                f"{who} {verb} {card}{to} ({e.detail})"
                if e.seat >= 0
                else f"{card} is destroyed ({e.detail})"
            )
        if k == "item_activated":
            mark = {"tap": " ↷", "paid": " $"}.get(e.detail or "", f" ({e.detail})" if e.detail else "")
            return f"{who} uses {card}{mark}"
        if k == "loot_drawn":
            return f"{who} draws {_plural(n or 0, 'loot card')}" + ("" if card == "setup" else f" ({card})")
        if k == "loot_played":
            return f"{who} plays {card}" + (" (a copy)" if e.detail == "copy" else "")
        if k == "loot_discarded":
            return f"{who} discards {card} ({e.detail})"
        if k in ("loot_given", "loot_stolen"):
            verb = "takes" if k == "loot_stolen" else "receives"
            source = f" from {target_name(e.target)}" if e.target else ""
            return f"{who} {verb} {_plural(n or 0, 'loot card')}{source} ({card})"
        if k == "player_died":
            self.at[e.seat].deaths += 1
            by = f" (killed by {target_name(e.target)})" if e.target else ""
            return f"{who} dies{by}"
        if k == "damage":
            to = target_name(e.target)
            source = f"{who}'s attack" if card == "attack" else (card or who)
            return f"{source} deals {n} damage to {to}" + (" (paid)" if e.detail == "paid" else "")
        if k == "monster_died":
            by = f" (killed by {target_name(e.target)})" if e.target else ""
            return f"{card} dies{by}"
        if k == "attack_target":
            return f"{who} attacks {card}" + (" from the top of the deck" if e.detail == "deck" else "")
        if k == "attack_ended":
            return None if e.detail == "killed" else f"the attack on {card} ends ({e.detail})"
        if k == "monster_revealed":
            return f"{card} is revealed ({e.detail})"
        if k in ("reward", "held_at_end"):
            return None  # the gains themselves are told; the holdings are the final standings
        if k == "game_over":
            winners = [seat_name(int(s)) for s in str(e.target).split(",")] if e.target else []
            return f"game over ({e.detail}): " + (" and ".join(winners) + " won" if winners else "nobody won")
        target = target_name(e.target) if e.target is not None else None
        return f"{who}: {event_words(k.replace('_', ' '), card, target, n, e.detail, e.value)}"

    def _see_roll(self, e: Event) -> str | None:
        if e.detail == "initial":
            self.roll = [f"rolls {e.amount}"]
            return None
        if e.detail == "reroll":
            self.roll.append(f"rerolled with {e.card} → {e.amount}")
            return None
        if e.detail == "modified":
            self.roll.append(f"{e.card} makes it {e.amount}")
            return None
        if e.detail == "not_kept":
            self.roll.append(f"{e.amount} not kept")
            return None
        told = ", ".join(self.roll) if self.roll else f"rolls {e.amount}"
        changed = len(self.roll) > 1
        self.roll = []
        return f"{e.who} {told}" + (f": {e.amount}" if changed else "") + f" for {e.card}"
