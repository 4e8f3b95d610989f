"""The run configuration: players, turn cap, decks per seat, card data, boss HP (HR-3.1)."""

from __future__ import annotations

from dataclasses import dataclass

from cardlab.simulate.core import UserError
from cardlab.simulate.core.wording import did_you_mean

from .decks import pool_with

MAX_PLAYERS = 4
MAX_BOSS_HP_PER_PLAYER = 1_000  # 40 times the default; 4 seats of 10**9 overflowed the events' amounts


@dataclass(frozen=True, slots=True)
class HRConfig:
    n_players: int = 2
    max_turns: int = 200
    decks: tuple[str, ...] = ()  # one per seat, or one for every seat; empty: drawn from the seed
    cards: str = ""  # a card/deck file or folder laid over the bundled data
    boss_hp_per_player: int = 25  # HR-3.1
    overrides: tuple[str, ...] = ()  # --set 'CARD.FIELD=VALUE', in order


def make_config(
    n_players: int = 2,
    max_turns: int = 200,
    decks: str | tuple[str, ...] | None = "",
    cards: str | None = "",
    boss_hp_per_player: int = 25,
    set: tuple[str, ...] | str = (),  # noqa: A002 — the option's name (--set)
) -> HRConfig:
    """Validate options; every problem is one clear UserError line."""
    if not 2 <= n_players <= MAX_PLAYERS:
        raise UserError(f"hidden-reason needs 2–{MAX_PLAYERS} players, got {n_players}")
    if max_turns < 1:
        raise UserError(f"--max-turns must be at least 1, got {max_turns}")
    if not 1 <= boss_hp_per_player <= MAX_BOSS_HP_PER_PLAYER:  # HP totals are stored as 32-bit event amounts
        raise UserError(
            f"--boss-hp-per-player must be 1..{MAX_BOSS_HP_PER_PLAYER:,} (the default is 25), got {boss_hp_per_player}"
        )
    cards = str(cards or "")
    overrides = (set,) if isinstance(set, str) and set else () if isinstance(set, str) else tuple(set)
    overrides = tuple(o.strip() for o in overrides)
    pool = pool_with(cards, overrides)  # one line on a bad --set
    if isinstance(decks, str):  # ',legion_aggro' was every seat legion_aggro: an empty name is refused
        names = tuple(d.strip() for d in decks.split(",")) if decks.strip() else ()
        if "" in names:
            raise UserError(
                f"--decks {decks!r}: an empty deck name; give one deck per seat ({n_players}) or one for all"
            )
    else:
        names = tuple(str(d).strip() for d in (decks or ()))
    for name in names:
        if name not in pool.decks:
            known = ", ".join(sorted(pool.decks))
            raise UserError(
                f"--decks: unknown deck '{name}'{did_you_mean(name, pool.decks)} (available: {known})"
            )
    if names and len(names) not in (1, n_players):
        raise UserError(f"--decks: give one deck per seat ({n_players}) or one for all, got {len(names)}")
    if not pool.decks:
        raise UserError("hidden-reason: no decks in the card data")
    return HRConfig(n_players, max_turns, names, cards, boss_hp_per_player, overrides)


def seat_decks(config: HRConfig, rng) -> list[str]:
    """The deck of each seat: as given, or drawn from the game's seed (distinct while enough decks exist)."""
    if len(config.decks) == config.n_players:
        return list(config.decks)
    if len(config.decks) == 1:
        return [config.decks[0]] * config.n_players
    names = sorted(pool_with(config.cards, config.overrides).decks)
    if len(names) >= config.n_players:
        return rng.sample(names, config.n_players)
    return [rng.choice(names) for _ in range(config.n_players)]
