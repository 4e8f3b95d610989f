"""The Four Souls game config: a frozen, picklable record of one run's settings, validated once."""

from __future__ import annotations

from dataclasses import dataclass

from simulate.core import UserError

VARIANTS = {
    "standard": "competitive game, 3 random active bonus souls (FS-2.6, FS-14.7)",
    "no-bonus-souls": "competitive game without bonus souls",
}


@dataclass(frozen=True, slots=True)
class FSConfig:
    n_players: int = 4
    max_turns: int = 400
    variant: str = "standard"
    cards: tuple[str, ...] = ()
    characters: tuple[str, ...] = ()
    bank: int = 100  # FS-Q.4: finite 100¢ bank; 0 = unlimited
    souls_to_win: int = 4  # FS-14.1
    hand_limit: int = 10  # FS-3.7, FS-Q.3
    first_player: str = "random"  # FS-Q.5 ('random'); Cain's own static still puts him first

    @property
    def bonus_souls(self) -> bool:
        return self.variant == "standard"


def make_config(
    n_players: int = 4,
    max_turns: int = 400,
    variant: str = "standard",
    cards: tuple[str, ...] | list[str] | str = (),
    characters: tuple[str, ...] | list[str] | str = (),
    bank: int = 100,
    souls_to_win: int = 4,
    hand_limit: int = 10,
) -> FSConfig:
    """Validate options (one clear line on bad values) and build the config."""
    if not isinstance(n_players, int) or not 2 <= n_players <= 4:
        raise UserError(f"four-souls: --players must be 2..4 (competitive game, FS-0.3), got {n_players!r}")
    if not isinstance(max_turns, int) or max_turns < 1:
        raise UserError(f"four-souls: --max-turns must be at least 1, got {max_turns!r}")
    if variant not in VARIANTS:
        raise UserError(f"four-souls: --variant must be one of {', '.join(VARIANTS)}, got {variant!r}")
    if isinstance(cards, str):
        cards = (cards,) if cards else ()
    if isinstance(characters, str):
        characters = tuple(c.strip() for c in characters.split(",") if c.strip())
    else:
        characters = tuple(c.strip() for item in characters for c in str(item).split(",") if c.strip())
    if characters and len(characters) > n_players:
        raise UserError(
            f"four-souls: --characters names {len(characters)} characters for {n_players} players"
        )
    if not isinstance(bank, int) or bank < 0:
        raise UserError(
            f"four-souls: --bank must be 0 (unlimited) or a positive number of cents, got {bank!r}"
        )
    if not isinstance(souls_to_win, int) or souls_to_win < 1:
        raise UserError(f"four-souls: --souls-to-win must be at least 1, got {souls_to_win!r}")
    if not isinstance(hand_limit, int) or hand_limit < 0:
        raise UserError(f"four-souls: --hand-limit must be 0 or more, got {hand_limit!r}")
    return FSConfig(
        n_players,
        max_turns,
        variant,
        tuple(str(c) for c in cards),
        characters,
        bank,
        souls_to_win,
        hand_limit,
    )
