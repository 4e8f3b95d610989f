"""The Four Souls game config: a frozen, picklable record of one run's settings, validated once.

The config carries everything a game needs to be rebuilt: the resolved deck ratio (so workers never
re-read the ratio file, and the config hash changes with the file's contents), the card overrides and
the variants."""

from __future__ import annotations

from dataclasses import dataclass

from cardlab.simulate.core import UserError
from cardlab.simulate.core.wording import counted

from . import collection as _collection
from . import coop as _coop
from . import decks, ratios
from . import variants as _variants
from .ratios import FILLS

VARIANTS = _variants.listing()


def _texts(value: tuple[str, ...] | list[str] | str | None) -> tuple[str, ...]:
    """A repeatable option's values: a tuple from the CLI, one string from a sweep point or a test."""
    if value is None:
        return ()
    if isinstance(value, str):
        return (value,) if value.strip() else ()
    return tuple(str(v) for v in value if str(v).strip())


@dataclass(frozen=True, slots=True)
class FSConfig:
    n_players: int = 4
    max_turns: int = 400
    variant: tuple[str, ...] = ()  # implemented FS-20 variants, sorted; () = standard
    cards: tuple[str, ...] = ()
    characters: tuple[str, ...] = ()
    bank: int = 100  # FS-Q.4: finite 100¢ bank; 0 = unlimited
    souls_to_win: int = 4  # FS-14.1
    hand_limit: int = 10  # FS-3.7, FS-Q.3
    first_player: str = "random"  # FS-Q.5 ('random'); Cain's own static still puts him first
    ratio: str = "all"  # FS-19: 'all' (whole pool), 'official' or a ratio file
    ratio_counts: tuple[tuple[str, str, int], ...] = ()  # resolved (deck, category, count)
    ratio_hash: str = ""  # hash of the ratio file (+ --ratio-count); "" for 'all'
    fill: str = "none"  # what a category the pool cannot fill does (ratios.FILLS)
    overrides: tuple[str, ...] = ()  # --set CARD.FIELD=VALUE, in order
    difficulty: str = "normal"  # FS-17.6 solo/co-op soul goal: normal 4, hard 6, ultra-hard 8
    soul_cap: int = 0  # FS-17.6 optional: most souls each character counts toward the goal (0 = none)
    sets: tuple[str, ...] = _collection.DEFAULT  # --sets: the published sets whose cards the run uses

    @property
    def bonus_souls(self) -> bool:
        return "no-bonus-souls" not in self.variant and not self.coop  # FS-17.1: none in solo/co-op

    @property
    def coop(self) -> str:
        """'solo', 'co-op' or '' (the competitive game), FS-17."""
        return _coop.mode(self.variant)

    @property
    def soul_goal(self) -> int:
        """FS-17.5 / FS-17.6: the combined soul value a solo/co-op game needs."""
        return _coop.GOALS.get(self.difficulty, 0)  # none for a challenge's competitive side (FS-20.12)

    def has(self, variant: str) -> bool:
        return variant in self.variant


def _seat_names(characters: tuple[str, ...] | list[str] | str) -> tuple[str, ...]:
    """``--characters`` as names seat by seat. An empty name (``,Isaac``) is one line: it was dropped,
    so Isaac sat in seat 0, not seat 1 as typed; the seats after the last name are the random ones."""
    text = characters if isinstance(characters, str) else ",".join(str(item) for item in characters)
    names = tuple(name.strip() for name in text.split(",")) if text.strip() else ()
    if "" in names:
        raise UserError(
            f"four-souls: --characters {text!r}: an empty name; name the seats in order from seat 0 "
            "(the seats after the last name get random characters)"
        )
    return names


def make_config(
    n_players: int = 4,
    max_turns: int = 400,
    variant: tuple[str, ...] | list[str] | str = (),
    cards: tuple[str, ...] | list[str] | str = (),
    characters: tuple[str, ...] | list[str] | str = (),
    bank: int = 100,
    souls_to_win: int = 4,
    hand_limit: int = 10,
    ratio: str = "all",
    ratio_count: tuple[str, ...] | list[str] | str = (),
    fill: str = "none",
    set: tuple[str, ...] | list[str] | str = (),  # noqa: A002 — the option is --set
    difficulty: str = "normal",
    soul_cap: int = 0,
    sets: tuple[str, ...] | list[str] | str = (),
) -> FSConfig:
    """Validate options (one clear line on bad values) and build the config."""

    if not isinstance(n_players, int) or not 2 <= n_players <= 4:
        raise UserError(f"four-souls: --players must be 2..4 (competitive game, FS-0.3), got {n_players!r}")
    if not isinstance(max_turns, int) or max_turns < 1:
        raise UserError(f"four-souls: --max-turns must be at least 1, got {max_turns!r}")
    cards = _texts(cards)
    characters = _seat_names(characters)
    chosen = _variants.check(_texts(variant), characters)
    n_players, difficulty, soul_cap = _coop.check_config(chosen, n_players, difficulty, soul_cap)  # FS-17
    _variants.check_rules(
        chosen, n_players, characters, difficulty
    )  # FS-20 rule variants (two-player: 2 players)
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
    if fill not in FILLS:
        raise UserError(f"four-souls: --fill must be one of {', '.join(FILLS)}, got {fill!r}")
    overrides = tuple(o.strip() for o in _texts(set))
    chosen_sets = _collection.parse(_texts(sets))
    ratio_obj = ratios.resolve(str(ratio), _texts(ratio_count))
    cfg = FSConfig(
        n_players,
        max_turns,
        chosen,
        cards,
        characters,
        bank,
        souls_to_win,
        hand_limit,
        ratio=ratio_obj.source,
        ratio_counts=ratio_obj.counts,
        ratio_hash=ratio_obj.digest,
        fill=fill,
        overrides=overrides,
        difficulty=difficulty,
        soul_cap=soul_cap,
        sets=chosen_sets,
    )
    # loads the pool and applies --set now: errors surface before any game (FS-17.8: solo/co-op supply)
    s = decks.supply(_coop.supply_config(cfg))
    _variants.check_pool(chosen, s)  # FS-20.11(c): no Stalker hand-over
    if characters:  # an unknown name is refused now, not in every game (issue 16)
        _check_copies(decks.pick_characters(s, characters), s)
    if ratio_obj.counts:
        short = ratios.shortfalls(ratio_obj, s)
        if short and fill == "none":
            raise UserError(ratios.shortfall_message(ratio_obj, short, n_players))
        ratios.check_decks_not_empty(ratio_obj, s, fill)
    return cfg


def _check_copies(picked: list, s: decks.Supply) -> None:
    """FS-2.7: each player is dealt a character card, so a seat list may name a character as often as the
    chosen sets hold copies of it (its ``copies``, as for eden-only's Edens; a reprint is the same
    character, held as its first printing: decks.supply), rather than dealing one card to two seats. A
    character is dealt at random whatever its ``copies``, so it is held at least once."""
    for card in picked:
        asked = sum(c is card for c in picked)
        held = sum(max(c.copies, 1) for c in s.characters if c.name == card.name)  # dealt at random, too
        if asked > held:
            raise UserError(
                f"four-souls: --characters names {card.name!r} {asked} times, but the chosen sets hold "
                f"{counted(held, card.name + ' card')} (FS-2.7: one character card per player; --set "
                f"'{card.name}.copies={asked}' adds copies)"
            )
