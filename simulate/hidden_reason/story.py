"""A Hidden Reason game told as a story (`cardlab replay`): the boss's HP, and each seat's crystals, boss
damage dealt and units and permanents on the battlefield at every turn's start, folded from the events
(simulate/core/narrative.py); the tests check the totals at the end against the players and games tables."""

from __future__ import annotations

from dataclasses import dataclass, field

from cardlab.simulate.core.narrative import Event, Story
from cardlab.simulate.core.wording import counted

from .events import words

ENTERS = ("unit_deployed", "permanent_deployed", "token_created", "implant_attached")
LEAVES = ("unit_destroyed", "permanent_removed")


@dataclass(slots=True)
class Seat:
    deck: str = "?"
    crystals: int = 0
    boss_damage: int = 0
    battlefield: list[str] = field(default_factory=list)


class HiddenReasonStory(Story):
    def __init__(self, seats: int):
        super().__init__(seats)
        self.at = [Seat() for _ in range(seats)]
        self.boss_hp: int | None = None
        self.unmatched = 0  # cards said to leave a battlefield the story did not have them on (tests: 0)

    def turn_title(self, e: Event) -> str:
        return f"Turn {e.turn} — {e.who} ({self.at[e.seat].deck})"

    def tracked(self, seat: int) -> dict[str, int]:
        """The totals the players and games tables also record (the tests compare them)."""
        return {"crystals": self.at[seat].crystals, "boss_damage": self.at[seat].boss_damage}

    def table_status(self) -> str | None:
        return None if self.boss_hp is None else f"the boss: {self.boss_hp} HP"

    def status(self, seat: int) -> str:
        s = self.at[seat]
        field_ = ", ".join(s.battlefield) if s.battlefield else "nothing"
        return f"{counted(s.crystals, 'crystal')}, {s.boss_damage} damage dealt to the boss; battlefield: {field_}"

    def see(self, e: Event) -> str | None:
        k = e.kind
        if k == "setup":
            if e.seat < 0:
                self.boss_hp = e.amount
            else:
                self.at[e.seat].deck = str(e.target)
        elif k == "crystal_gained":
            self.at[e.seat].crystals += e.amount or 0
        elif k == "boss_damage":
            self.at[e.seat].boss_damage += e.amount or 0
            if self.boss_hp is not None:
                self.boss_hp -= e.amount or 0  # overkill shows below 0, as the games table keeps it
        elif k in ENTERS or (k == "returned" and e.target == "battlefield"):
            self.at[e.seat].battlefield.append(e.card or "?")
        elif k in LEAVES:
            self._leave(e.seat, e.card or "?")
        elif k == "token_ceased":  # a token on the battlefield, or a copied tactic that never was there
            self._leave(e.seat, e.card or "?", expected=False)
        if k in ("turn_start", "held_at_end", "exhausted"):
            return None  # the title tells the turn; the final standings the holdings; entering exhausted is the rule
        return words(e)

    def _leave(self, seat: int, name: str, expected: bool = True) -> None:
        for s in [seat, *range(self.seats)]:
            if 0 <= s < self.seats and name in self.at[s].battlefield:
                self.at[s].battlefield.remove(name)
                return
        self.unmatched += expected
