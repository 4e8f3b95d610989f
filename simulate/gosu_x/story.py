"""A Gosu X game told as a story (`cardlab replay`) and its events in words: each seat's clans, battle
(superiority) tokens and unlocked activation tokens at every turn's start, folded from the events
(simulate/core/narrative.py); the tests check the totals at the end against the players table."""

from __future__ import annotations

from dataclasses import dataclass, field

from cardlab.simulate.core.events import event_words
from cardlab.simulate.core.narrative import Event, Story, target_name
from cardlab.simulate.core.wording import Count, counted

from .state import FIFTH_TOKEN

_PHRASES = {
    "draft_pick": "drafts {card} (pick {amount})",
    "tile": "{card}'s tile applies to both players",
    "mulligan": "mulligans a hand with {amount:soldier}",
    "round_start": "starts round {amount}",
    "turn_start": "turn (round {amount}){detail}",
    "card_played": "plays {card} in row {amount}{detail}",
    "card_replaced": "replaces {target} with {card} (row {amount})",
    "token_placed": "puts an activation token on {card} ({amount} on it)",
    "token_spent": "spends {amount:token} to draw",
    "token_returned": "takes back {amount:token}",
    "unlock": "unlocks a token via {card} (X = {amount})",
    "draw": "draws {amount}{detail}",
    "discard": "discards {card}{detail}",
    "pass": "passes{card_}; the opponent has {amount:turn} left",
    "capture": "captures {card} ({target})",
    "release": "releases {card} ({target})",
    "destroy": "destroys {card} ({target})",
    "sacrifice": "sacrifices {card}{detail}",
    "battle": "battle total {amount}",
    "superiority": "takes a superiority token ({amount} held)",
    "tribute": "owes {amount:sacrifice} in the Tribute",
    "round_end": "wins the battle of round {amount}",
    "game_over": "game over: {detail}",
    "held_at_end": "still holds {card}",
    "reveal": "reveals {amount:card} with {card}{detail}",
    "look_hand": "looks at a hand of {amount} with {card}",
    "ban": "bans {target} with {card}",
    "extra_turn": "takes an extra turn ({card})",
    "echo": "{card} takes effect again (echo)",
}


def words(e: Event) -> str:
    """One event in words, its seat named as every command names seats."""
    if e.kind == "game_over":
        return f"game over ({e.detail}): {e.who} wins" if e.seat >= 0 else f"game over ({e.detail}): a draw"
    phrase = _PHRASES.get(e.kind)
    target = target_name(e.target) if e.target is not None else None
    if phrase is None:
        return f"{e.who} {event_words(e.kind, e.card, target, e.amount, e.detail, e.value)}"
    text = phrase.format(
        card=e.card or "",
        card_=f" ({e.card})" if e.card else "",
        target=target or "",
        amount="" if e.amount is None else Count(e.amount),  # "{amount:token}" reads "1 token"
        detail=f" [{e.detail}]" if e.detail else "",
    )
    return f"{e.who} {text}"


def describe_event(row: tuple) -> str:
    """A readable line for ``cardlab replay --events`` (the list itself shows turn and phase)."""
    return words(Event.of(row))


@dataclass(slots=True)
class Seat:
    clans: list[str] = field(default_factory=list)
    superiority: int = 0  # battle tokens (GX-10.4)
    unlocks: int = 0  # activation tokens unlocked beyond the starting ones (GX-7)
    battles: int = 0  # Great Battles won (GX-10)


class GosuXStory(Story):
    def __init__(self, seats: int):
        super().__init__(seats)
        self.at = [Seat() for _ in range(seats)]

    def turn_title(self, e: Event) -> str:
        extra = ", an extra turn" if e.detail == "extra" else ""
        return f"Turn {e.turn} — {e.who} (round {e.amount}{extra})"

    def tracked(self, seat: int) -> dict[str, int]:
        """The totals the players table also records (the tests compare them)."""
        return {"battle_tokens": self.at[seat].superiority, "unlocked_tokens": self.at[seat].unlocks}

    def status(self, seat: int) -> str:
        s = self.at[seat]
        clans = "+".join(s.clans) or "no clans yet"
        return (
            f"{clans} — {counted(s.superiority, 'battle token')}, {counted(s.battles, 'battle')} won, "
            f"{counted(s.unlocks, 'activation token')} unlocked"
        )

    def see(self, e: Event) -> str | None:
        k = e.kind
        if k == "draft_pick":
            self.at[e.seat].clans.append(e.card or "?")
        elif k == "superiority":
            self.at[e.seat].superiority = e.amount or 0
        elif k == "unlock" and e.amount != FIFTH_TOKEN:  # the fifth is the win (GX-11.1b), not a token
            self.at[e.seat].unlocks += 1
        elif k == "round_end" and e.seat >= 0:
            self.at[e.seat].battles += 1
        if k in ("turn_start", "held_at_end", "effect"):
            return (
                None  # the title tells the turn; the final standings the holdings; each effect's steps follow
            )
        return words(e)
