"""``--set 'Gurdy.hp=6'``: card-fact overrides on top of the card files, for quick what-ifs (DESIGN:
designers are users of the card files; overrides are a convenience on top). Parsing and finding cards are
the kernel's (``simulate.core.overrides``, the same words in every game); the fields, their decks and the
reward mapping are Four Souls'.

An override names a card (by name, case-insensitive, or by id; every card of that name is changed),
a fact field and a value. Overrides are applied to the loaded pool before the engine compiles the
cards, and the pool's hash then covers them, so the card-data hash of a run changes with them."""

from __future__ import annotations

import dataclasses
from typing import Any

from cardlab.simulate.core import UserError
from cardlab.simulate.core import overrides as core_overrides
from cardlab.simulate.core.cardfiles import CARD_NUMBER_MAX, unknown

from . import vocabulary as V
from .cards import CardPool

# field → (what it holds, which decks it applies to; None = every deck)
FIELDS: dict[str, tuple[str, tuple[str, ...] | None]] = {
    "hp": ("int", ("character", "monster")),
    "evasion": ("int", ("monster",)),
    "attack": ("int", ("character", "monster")),
    "copies": ("int", None),
    "soul": ("int", None),
    "players_3plus": ("bool", None),
    "kind": ("kind", None),  # the deck-ratio category (FS-19.4: put a card where convenient)
    "rewards.cents": ("reward", ("monster",)),
    "rewards.loot": ("reward", ("monster",)),
    "rewards.treasure": ("reward", ("monster",)),
}
ALIASES = {
    "reward.cents": "rewards.cents",
    "reward.loot": "rewards.loot",
    "reward.treasure": "rewards.treasure",
}


def parse(text: str) -> tuple[str, str, str]:
    """``NAME.FIELD=VALUE`` → (name, field, value text). Card names may contain dots."""
    return core_overrides.parse("four-souls", text, FIELDS, "Gurdy.hp=6", ALIASES)


def _value(text: str, what: str, field: str, card: Any, original: str) -> Any:
    bad = f"four-souls: --set {original!r}: "
    if what == "bool":
        if text.lower() not in ("true", "false"):
            raise UserError(bad + f"{field} must be true or false, got {text!r}")
        return text.lower() == "true"
    if what == "kind":
        kinds = V.DECKS[card.deck]
        if text not in kinds:
            raise UserError(bad + unknown(f"{card.deck} kind", text, kinds))
        return text
    if what == "reward" and text == "roll":
        return "roll"
    try:
        n = int(text)
    except ValueError:
        n = None
    low = 1 if field == "hp" else 0  # FS-13.1: a 0-HP card dies at once (as in card files, cards.py)
    if n is None or not low <= n <= CARD_NUMBER_MAX:
        extra = " or 'roll'" if what == "reward" else ""
        raise UserError(bad + f"{field} must be a whole number {low}–{CARD_NUMBER_MAX}{extra}, got {text!r}")
    return n


def _find(pool: Any, name: str, original: str) -> list:
    return core_overrides.find("four-souls", pool.cards, name, original)


def apply(pool: Any, overrides: tuple[str, ...]) -> Any:
    """A new CardPool with the overrides applied (in order; a later one wins); errors are one line."""
    if not overrides:
        return pool

    changed = {c.id: c for c in pool.cards}
    for text in overrides:
        name, field, value_text = parse(text)
        what, decks = FIELDS[field]
        for card in _find(pool, name, text):
            card = changed[card.id]
            if decks is not None and card.deck not in decks:
                raise UserError(
                    f"four-souls: --set {text!r}: {card.name} is a {card.deck} card; {field} is for "
                    f"{'/'.join(decks)} cards"
                )
            value = _value(value_text, what, field, card, text)
            if field.startswith("rewards."):
                rewards = dict(card.rewards)
                key = field.split(".", 1)[1]
                if value == 0:
                    rewards.pop(key, None)
                else:
                    rewards[key] = value
                changed[card.id] = dataclasses.replace(card, rewards=rewards)
            else:
                changed[card.id] = dataclasses.replace(card, **{field: value})
    cards = tuple(changed[c.id] for c in pool.cards)
    by_name: dict = {}
    for c in cards:
        by_name.setdefault(c.name, c)
    digest = core_overrides.data_hash(pool.hash, ";".join(overrides))
    return CardPool(cards, dict(changed), by_name, pool.files, digest)


def check(pool: Any, overrides: tuple[str, ...]) -> tuple[str, ...]:
    """Validate overrides against a pool (at config time); returns them normalised."""
    apply(pool, overrides)
    return tuple(str(o).strip() for o in overrides)
