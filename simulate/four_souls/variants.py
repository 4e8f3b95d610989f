"""Setup variants and modes (FS-20, FS-17): which exist, which the engine implements, and the setup-level
ones themselves. ``--variant`` repeats; variants combine unless they decide the same thing (the
characters). A variant the engine does not implement yet is listed and refuses to run with one line —
it is never silently ignored."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardlab.simulate.core import UserError
from cardlab.simulate.core.shuffling import shuffle

from . import challenge, rooms, seen, two_player


@dataclass(frozen=True, slots=True)
class Variant:
    name: str
    rule: str  # FS ID
    text: str
    implemented: bool = True
    missing: str = ""  # what the engine would need (not implemented ones)


_ALL = (
    Variant("standard", "FS-2.6", "competitive game with 3 random active bonus souls (the default)"),
    Variant("no-bonus-souls", "FS-2.6", "no bonus souls"),
    Variant(
        "no-rooms",
        "FS-16",
        "rooms off: the default (Base V2 has no room cards), listed so a run can say so",
    ),
    Variant(
        "rooms",
        "FS-16",
        "use the room deck (room cards from --cards): a room slot, rooms' abilities for the active player, "
        "the end-phase room step",
    ),
    Variant(
        "eden-only", "FS-20.3", "every player gets an Eden (spare characters stand in when Edens run out)"
    ),
    Variant("character-draft", "FS-20.7", "players pick characters in turn from all available ones"),
    Variant("character-choice", "FS-20.7", "each player is dealt two characters and keeps one"),
    Variant("mini-draft", "FS-20.1/20.2", "after setup, draft 2 extra items each from n+1 revealed treasure"),
    Variant("casino", "FS-20.6", "every player also starts with an eternal Portable Slot Machine"),
    Variant(
        "two-player",
        "FS-20.11",
        "2 players only: no Eve/Lilith/Cain/Guppy; loot step with ≤5 cards looks at 2 and keeps 1; a curse "
        "is handed to the other player at its first holder's death",
    ),
    Variant("super-shop", "FS-20.9", "a soul gained gives every other player 5¢ and the shop one more slot"),
    Variant(
        "nobody-leaves-hurt",
        "FS-20.8",
        "a killed monster's rewards go twice to the active player and once to every other player",
    ),
    Variant("cannon-fodder", "FS-20.10", "no attack on a boss in a slot while a non-boss monster is active"),
    Variant(
        "soul-trading",
        "FS-20.5",
        "once per turn, sell a soul for 5¢, 1 loot and an item from the unused starting items",
    ),
    Variant(
        "extended-trade",
        "FS-20.4",
        "once per turn the active player may offer one other player a one-for-one trade of ¢, loot or items",
    ),
    Variant("solo", "FS-17", "solo: one player with two characters against the D8 timer (2 seats)"),
    Variant("co-op", "FS-17", "co-op: every seat one character, a combined soul goal against the D8 timer"),
    Variant(
        "challenge",
        "FS-18",
        "a challenge (with solo or co-op): a final boss in its own slot, minion slots; killing the boss wins",
    ),
)
VARIANTS: dict[str, Variant] = {v.name: v for v in _ALL}
CHARACTER_VARIANTS = ("eden-only", "character-draft", "character-choice")


def listing() -> dict[str, str]:
    """``GAME.variants`` for ``cardlab games``: every variant, not implemented ones marked as such."""
    return {
        v.name: f"{v.text} ({v.rule})" + ("" if v.implemented else " — NOT IMPLEMENTED")
        for v in VARIANTS.values()
    }


def check(names: tuple[str, ...], characters: tuple[str, ...]) -> tuple[str, ...]:
    """Validate ``--variant`` values (one line each problem); returns them sorted, without 'standard'."""
    chosen = []
    for name in names:
        v = VARIANTS.get(name)
        if v is None:
            raise UserError(f"four-souls: --variant must be one of {', '.join(VARIANTS)}, got {name!r}")
        if not v.implemented:
            raise UserError(f"four-souls: --variant {name} ({v.rule}) is not implemented: {v.missing}")
        if name != "standard" and name not in chosen:
            chosen.append(name)
    if "rooms" in chosen and "no-rooms" in chosen:
        raise UserError("four-souls: --variant rooms and no-rooms contradict each other; pick one")
    who = [n for n in chosen if n in CHARACTER_VARIANTS]
    if len(who) > 1:
        raise UserError(f"four-souls: --variant {who[0]} and {who[1]} both decide the characters; pick one")
    if who and characters:
        raise UserError(
            f"four-souls: --variant {who[0]} decides the characters; do not also give --characters"
        )
    return tuple(sorted(chosen))


def check_rules(
    chosen: tuple[str, ...], n_players: int, characters: tuple[str, ...], difficulty: str = "normal"
) -> None:
    """Checks of the rule-changing variants that need the player count (after the solo/co-op check):
    two-player rules are for the competitive 2-player game (FS-20.11); a challenge is solo or co-op but for
    its three-skull side (FS-18.1, FS-20.12)."""
    if (
        "challenge" in chosen
        and difficulty != "competitive"
        and not any(m in chosen for m in ("solo", "co-op"))
    ):
        raise UserError(
            "four-souls: --variant challenge (FS-18.1) is a solo or co-op mode: add --variant solo or co-op"
            " (or --difficulty competitive, its 3+ player side)"
        )
    if "two-player" in chosen:
        mode = next((m for m in ("solo", "co-op") if m in chosen), None)
        if mode:
            raise UserError(f"four-souls: --variant two-player is for the competitive game, not with {mode}")
        two_player.check(n_players, characters)


def check_pool(chosen: tuple[str, ...], s: Any) -> None:
    """Checks that need the card pool (one line): two-player cannot hand Stalker items over yet; rooms
    need room cards."""
    if "two-player" in chosen:
        two_player.check_pool(s)
    if "rooms" in chosen:
        rooms.check_pool(s)  # FS-16.1: a room deck
    if "challenge" in chosen:
        challenge.check_pool(s)  # FS-18.2: a final boss


# ---------------------------------------------------------------- setup-level variants


def eden_only(s: Any, rng: Any, n: int) -> list:
    """FS-20.3: every seat gets an Eden card while Eden cards last (a character card with the
    ``eden_pick_start`` hook; its ``copies`` count the physical Edens, so ``--set Eden.copies=4`` gives
    four); spare random characters stand in for the rest. Edens go to random seats."""
    edens = [c for c in s.characters if c.hook == "eden_pick_start" for _ in range(c.copies)][:n]
    rest = [c for c in s.characters if c.hook != "eden_pick_start"]
    shuffle(rng, rest)
    chars = edens + rest[: n - len(edens)]
    shuffle(rng, chars)
    return chars


def character_draft(g: Any, s: Any, ask: Any, rng: Any) -> list:
    """FS-20.7 (pick in turn): from a seeded random seat, each player in seat order picks one of the
    characters still available."""
    n = g.n
    pool = list(s.characters)
    start = rng.randrange(n)
    chars: list = [None] * n
    for k in range(n):
        seat = (start + k) % n
        pick = ask(g, seat, "draft_character", tuple(pool), "character draft")
        pool.remove(pick)
        chars[seat] = pick
    return chars


def character_choice(g: Any, s: Any, ask: Any, rng: Any) -> list:
    """FS-20.7 (dealt two): each player is dealt two random characters and keeps one."""
    n = g.n
    pool = list(s.characters)
    if len(pool) < 2 * n:
        raise UserError(
            f"four-souls: --variant character-choice needs {2 * n} characters, the pool has {len(pool)}"
        )
    shuffle(rng, pool)
    return [
        ask(g, seat, "draft_character", tuple(pool[2 * seat : 2 * seat + 2]), "character choice")
        for seat in range(n)
    ]


def mini_draft(g: Any, ask: Any, gain: Any) -> None:
    """FS-20.1 (2 players) / FS-20.2 (more): reveal n+1 treasure (3 with 2 players); pick in turn order
    from the first player; the leftovers go to the bottom of the treasure deck; the second round
    picks in reverse order (snake), until everyone has 2 extra items."""
    n = g.n
    order = [(g.first + k) % n for k in range(n)]
    for rnd in range(2):
        revealed = []
        for _ in range(n + 1):
            c = g.draw(g.treasure, g.treasure_disc)
            if c is not None:
                revealed.append(c)
        for seat in order if rnd == 0 else order[::-1]:
            if not revealed:
                break
            pick = ask(g, seat, "draft_item", tuple(revealed), "mini-draft")
            revealed.remove(pick)
            gain(g, pick, g.players[seat], "mini_draft")
        for c in revealed:
            g.treasure.insert(0, c)  # FS-20.1: leftovers to the bottom
        seen.put_under(
            g, "treasure", g.treasure, len(revealed), range(n)
        )  # FS-20.1: revealed to every player


def casino_card(s: Any) -> Any:
    """FS-20.6: the Portable Slot Machine card every player gets an eternal copy of (the copies are
    extra physical cards, like the spare character cards the rule uses as tokens)."""
    for c in s.rules:
        card = s.pool.by_id[c]
        if card.name == "Portable Slot Machine":
            return card
    raise UserError(
        "four-souls: --variant casino needs Portable Slot Machine in the card pool (and implemented)"
    )
