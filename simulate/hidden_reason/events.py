"""The closed vocabulary of event kinds (documented in docs/hidden_reason.md) and replay text."""

from __future__ import annotations

from cardlab.simulate.core.events import event_words
from cardlab.simulate.core.narrative import Event, seat_name, target_name

EVENT_KINDS = frozenset(
    {
        "setup",
        "mulligan",
        "turn_start",
        "untap",
        "draw",
        "overflow",
        "wound",
        "crystal_gained",
        "resource_gained",
        "card_declared",
        "card_cast",
        "card_copied",
        "token_created",
        "token_ceased",
        "card_resolved",
        "fizzled",
        "countered",
        "ability_declared",
        "ability_activated",
        "trigger",
        "unit_deployed",
        "permanent_deployed",
        "implant_attached",
        "unique_conflict",
        "exhausted",
        "tap",
        "durability_lost",
        "buff",
        "unit_destroyed",
        "permanent_removed",
        "discard",
        "sacrifice",
        "returned",
        "energy",
        "construction_ready",
        "overload",
        "scrap",
        "substitution",
        "hunger",
        "features_lost",
        "attack",
        "retribution",
        "boss_damage",
        "lethal_blow",
        "technical_loss",
        "game_over",
        "held_at_end",
    }
)


def describe_event(row: tuple) -> str:
    """One readable line per event for ``cardlab replay --events`` (the list itself shows turn and phase)."""
    return words(Event.of(row))


def words(e: Event) -> str:
    """An event in words, a seat (its own, or one aimed at) named as every command names seats."""
    turn, seat, kind, card, amount, detail, value = (
        e.turn,
        e.seat,
        e.kind,
        e.card,
        e.amount,
        e.detail,
        e.value,
    )
    target = target_name(e.target) if e.target is not None else None
    who = seat_name(seat)
    text = {
        "setup": lambda: (
            f"{who} plays deck {target} ({amount} cards, {detail})"
            if seat >= 0
            else f"boss has {amount} HP, {detail}"
        ),
        "mulligan": lambda: f"{who} redeals (redeal {value}), {amount} cards exiled",
        "turn_start": lambda: f"{who} starts turn {turn} (boss {amount} HP)",
        "draw": lambda: f"{who} draws {card or 'nothing'} ({detail})",
        "wound": lambda: f"{who} wounds the boss",
        "boss_damage": lambda: f"{who}: {card or 'wound'} deals {amount} to the boss ({value} HP left)",
        "lethal_blow": lambda: f"{who} lands the lethal blow with {card or 'the wound'}",
        "card_declared": lambda: f"{who} declares {card}",
        "card_copied": lambda: (
            f"{who} gets a copy of {card}" + (f" on {target}" if target else "") + f" ({detail})"
        ),
        "token_created": lambda: f"{who}: token {card} is created by {target}",
        "token_ceased": lambda: f"{who}: token {card} ceases to exist ({detail})",
        "card_cast": lambda: f"{who} casts {card}" + (f" on {target}" if target else "") + f" for {amount}",
        "attack": lambda: f"{who}: {card} attacks the boss for {amount}",
        "retribution": lambda: f"{who}: {card} retribution on {target} ({detail})",
        "game_over": lambda: f"game over: {detail}" + (f", {who} wins" if seat >= 0 else ""),
        "unit_deployed": lambda: f"{who}: {card} enters the battlefield ({amount} durability, exhausted)",
        "permanent_deployed": lambda: f"{who}: {card} enters the battlefield (exhausted)",
        "implant_attached": lambda: f"{who}: {card} is attached to {target}",
        "exhausted": lambda: f"{who}: {card} is exhausted until the next turn",
        "card_resolved": lambda: (
            f"{who}: {card} resolves"
            + (f" ({detail})" if detail else "")
            + (f" on {target}" if target else "")
        ),
        "fizzled": lambda: f"{who}: {card} fizzles ({detail})",
        "countered": lambda: f"{card}{'’s ability' if detail else ''} of {who} is cancelled by {target}",
        "trigger": lambda: f"{who}: {card} triggers ({detail})" + (f" targeting {target}" if target else ""),
        "ability_declared": lambda: (
            f"{who} declares an ability of {card}"
            + (f" ({detail})" if detail else "")
            + (f" on {target}" if target else "")
        ),
        "ability_activated": lambda: (
            f"{who} activates {card}"
            + (f" ({detail})" if detail else "")
            + (f" on {target}" if target else "")
        ),
        "unit_destroyed": lambda: f"{who}: {card} goes to the {str(target).replace('_', ' ')} ({detail})",
        "permanent_removed": lambda: f"{who}: {card} goes to the {str(target).replace('_', ' ')} ({detail})",
        "crystal_gained": lambda: f"{who} gains {amount} crystal ({value} in all)",
        "energy": lambda: f"{who}: {card} gains {amount} energy ({value} in all)",
        "buff": lambda: (
            f"{who}: {card} gets {amount:+} attack"
            + (f", {value:+} durability" if value is not None else "")
            + (f" ({detail})" if detail else "")
        ),
        "resource_gained": lambda: f"{who} gains {amount} {detail} resource",
        "durability_lost": lambda: f"{who}: {card} loses {amount} durability ({detail})",
        "tap": lambda: f"{who} taps {card} ({detail})",
        "hunger": lambda: f"{who}: hunger eats 1 durability of {card}" + (f" ({detail})" if detail else ""),
        "held_at_end": lambda: f"{who} still holds {card}",
        "technical_loss": lambda: "technical loss: nobody can kill the boss, every player loses",
    }.get(kind)
    if text is not None:
        return text()
    return f"{who} {event_words(kind.replace('_', ' '), card, target, amount, detail, value)}"
