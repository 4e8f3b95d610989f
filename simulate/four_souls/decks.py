"""Building a game's card supply from the pool (cards.load_pool): compile every card's behaviour,
leave out (and count) cards the engine cannot run yet, remove "3+ players" cards in 2-player games
(FS-1.33, FS-2.11). Built once per (card files, --set overrides, player count) and cached per process.
Each game's decks are then drawn from the supply (``game_decks``): the whole pool, or by deck ratio
(FS-19, ratios.py)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardlab.simulate.core import UserError
from cardlab.simulate.core import overrides as core_overrides
from cardlab.simulate.core.wording import did_you_mean, listed

from . import cards, collection, coop
from . import overrides as ov
from .collection import left_out_name
from .ratios import available, build_deck
from .rules import CardRules, compile_card
from .state import EngineError, Phys
from .vocabulary import PUBLISHED


@dataclass(slots=True)
class Supply:
    pool: Any
    rules: dict[str, CardRules] = field(default_factory=dict)  # card id → compiled behaviour
    loot: list = field(default_factory=list)  # (card, copies)
    treasure: list = field(default_factory=list)
    monster: list = field(default_factory=list)
    characters: list = field(default_factory=list)
    starting: dict = field(default_factory=dict)  # id → card
    bonus: list = field(default_factory=list)
    rooms: list = field(default_factory=list)  # (card, copies), FS-16.1: used with --variant rooms
    outside: list = field(default_factory=list)  # cards that start outside the game (The Harbingers)
    bosses: list = field(default_factory=list)  # FS-18.2: final bosses (challenge deck, stat block)
    challenge_cards: list = field(default_factory=list)  # FS-18.1: challenge cards (no stat block)
    minions: list = field(default_factory=list)  # FS-18.5: minion cards, set aside in a challenge
    faces: dict = field(default_factory=dict)  # (card id, difficulty symbol) → compiled face (face_rules)
    left_out: dict[str, str] = field(default_factory=dict)
    full: tuple | None = None  # the whole pool's decks as Phys (full_decks), built on first use
    forbids: bool | None = None  # a treasure with a forbidding static (treasure_forbids), read on first use
    # (card, rules, starting item card, its rules) of every character (character_entries), on first use
    char_entries: list | None = None

    def face_rules(self, card: Any, symbol: str) -> CardRules:
        """FS-18.1: the compiled abilities of a double-faced challenge card's side (built once per
        supply, which lives exactly as long as its card data)."""
        key = (card.id, symbol)
        if key not in self.faces:
            abilities = next(f[2] for f in card.faces if f[0] == symbol)
            self.faces[key] = compile_card(dataclasses.replace(card, abilities=abilities, faces=()))
        return self.faces[key]


_cache: dict[tuple, Supply] = {}


def _card_keys(card: Any) -> tuple:
    return core_overrides.card_keys(card.name, card.id)


def load_pool(paths: tuple[str, ...] = ()) -> Any:
    """The default pool; ``--cards`` folders replace it, ``--cards`` files add cards or replace the cards they
    name, by id or else by name (simulate.core.overrides.overlay, the same in every game)."""

    if not paths:
        return cards.load_pool(None)
    for p in paths:
        core_overrides.check_cards_path("four-souls", p)
    if all(Path(p).is_dir() for p in paths):
        return cards.load_pool(list(paths))
    base = cards.load_pool(None)
    extra = cards.load_pool(list(paths))
    core_overrides.check_laid_over("four-souls", ", ".join(map(str, paths)), len(extra.cards))
    pool_cards = tuple(
        core_overrides.overlay(base.cards, extra.cards, _card_keys)
    )  # the kernel's one overlay
    merged = {c.id: c for c in pool_cards}
    by_name: dict = {}
    for c in pool_cards:
        by_name.setdefault(c.name, c)
    digest = core_overrides.data_hash(base.hash, extra.hash)
    return cards.CardPool(pool_cards, merged, by_name, base.files + extra.files, digest)


def supply(cfg: Any) -> Supply:
    overrides = getattr(cfg, "overrides", ())
    sets = getattr(cfg, "sets", collection.DEFAULT)
    key = (cfg.cards, cfg.n_players, overrides, sets)
    s = _cache.get(key)
    if s is None:
        pool = collection.select(load_pool(cfg.cards), sets)  # --sets first: --set names its cards
        s = build_supply(ov.apply(pool, overrides), cfg.n_players)
        _cache[key] = s
    return s


def card_data_hash(cfg: Any) -> str:
    """The card files' hash (with --set overrides), combined with the ratio file's when one is used."""

    return core_overrides.data_hash(supply(cfg).pool.hash, getattr(cfg, "ratio_hash", ""))


def game_decks(cfg: Any, s: Supply, rng: Any) -> tuple[list, list, list]:
    """The loot, treasure and monster decks of one game, as Card records (one per physical card,
    unshuffled; setup shuffles, FS-2.1). Without a deck ratio every card of the supply is used; with one,
    each category gets its count drawn from the pool (FS-19). ``rng`` is one generator for all three, or
    a function giving each deck its own (setup does that, so changing one deck's ratio keeps the others)."""
    pick = rng if callable(rng) else (lambda _deck: rng)
    return tuple(game_deck(cfg, s, deck, pick(deck)) for deck in DECKS)  # type: ignore[return-value]


DECKS = ("loot", "treasure", "monster")


def game_deck(cfg: Any, s: Supply, deck: str, rng: Any) -> list:
    """One category's deck (see :func:`game_decks`)."""

    src = {"loot": s.loot, "treasure": s.treasure, "monster": s.monster}[deck]
    counts = getattr(cfg, "ratio_counts", ())
    if not counts:
        return [c for c, k in src for _ in range(k)]
    wanted = {(d, c): n for d, c, n in counts}
    return build_deck(deck, src, wanted, cfg.fill, rng)


def full_decks(cfg: Any, s: Supply) -> tuple[tuple, tuple, tuple]:
    """Without a deck ratio every game of a supply has the same cards: their ``Phys``, numbered 1…N in
    loot, treasure, monster order, are built once and shared by the process's games (a Phys never
    changes; each game copies the lists and shuffles its own). Building ~320 per game was ~4 % of a
    4-player game."""
    if s.full is None:
        pid = 0
        out = []
        for deck in game_decks(cfg, s, None):
            out.append(tuple(Phys(pid := pid + 1, c, s.rules[c.id]) for c in deck))
        s.full = tuple(out)  # type: ignore[assignment]
    return s.full  # type: ignore[return-value]


def character_entries(s: Supply) -> list[tuple]:
    """(card, rules, starting item card or None, its rules or None) of each character of the supply, in its
    order: made once per supply (from its own card data, which it lives exactly as long as), where every
    game looked up the whole collection's characters and their starting items again (FS-2.7: the ones not
    dealt stay outside the game)."""
    if s.char_entries is None:
        out = []
        for c in s.characters:
            item = s.starting.get(c.starting_item) if c.starting_item else None
            out.append((c, s.rules[c.id], item, s.rules[item.id] if item is not None else None))
        s.char_entries = out
    return s.char_entries


def treasure_forbids(s: Supply) -> bool:
    """Whether a treasure card of the supply has a forbidding static (FS-7.3, Trinity Shield): read as every
    game is set up, and the same for every game of a supply (it lives exactly as long as its card data)."""
    if s.forbids is None:
        s.forbids = any("forbid" in b for c, _n in s.treasure for b in s.rules[c.id].statics)
    return s.forbids


def build_supply(pool: Any, n_players: int) -> Supply:
    s = Supply(pool)
    for card in pool.cards:
        if not card.implemented:
            s.left_out[left_out_name(card)] = card.reason or "not implemented"
            continue
        try:
            s.rules[card.id] = compile_card(card)
            for face in card.faces:  # FS-18.1: every side must compile, or the card is left out
                s.face_rules(card, face[0])
        except EngineError as err:
            s.left_out[left_out_name(card)] = f"engine: {err}"
    for card in pool.cards:
        if card.id not in s.rules:
            continue
        if card.players_3plus and n_players < 3:
            continue  # FS-1.33: removed in 2-player games (not a left-out card)
        if card.deck == "loot":
            s.loot.append((card, card.copies))
        elif card.deck == "treasure":
            s.treasure.append((card, card.copies))
        elif card.deck == "monster":
            s.monster.append((card, card.copies))
        elif card.deck == "room":
            s.rooms.append((card, card.copies))
        elif card.deck == "challenge" and card.kind == "minion":
            s.minions.append(card)
        elif card.deck == "challenge" and card.hp is not None:
            s.bosses.append(card)
        elif card.deck == "challenge":
            s.challenge_cards.append(card)
        elif card.deck == "bonus_soul":
            s.bonus.append(card)
        elif card.deck == "outside":
            s.outside.extend([card] * card.copies)
        elif card.deck == "eternal":
            s.starting[card.id] = card
    seen: set = set()
    for card in pool.cards:
        if card.deck != "character" or card.id not in s.rules:
            continue
        if card.players_3plus and n_players < 3:
            continue  # FS-1.33: removed like any "3+ players" card, not left out for want of its starting item
        start = card.starting_item
        if start and start not in s.starting:
            s.left_out[left_out_name(card)] = f"its starting item {start} is not implemented"
            continue
        # a reprinted character (Alt Art, promos: six Edens in the whole collection) is the same character:
        # it is dealt once, as the first printing, so no character is more likely because it was reprinted;
        # so is an alternate version under the same name (the Nendoroid Isaac starts with Guppy's Head)
        if card.name not in seen:
            seen.add(card.name)
            s.characters.append(card)
    return s


def pick_characters(s: Supply, names: tuple[str, ...]) -> list:
    """Cards for ``--characters`` names (case-insensitive); unknown names are a user error."""
    by_name = {c.name.lower(): c for c in s.characters}
    out = []
    for n in names:
        c = by_name.get(n.lower())
        if c is None:
            known = sorted(c.name for c in s.characters)
            raise UserError(
                f"four-souls: --characters: unknown or unavailable character {n!r}{did_you_mean(n, known)} "
                f"(available: {listed(known, 12)})"
            )
        out.append(c)
    return out


def built_counts(cfg: Any) -> list[tuple[str, str, int, int]]:
    """(deck, category, asked, built) for each category of a config's ratio: what its decks really hold
    once the pool's limits apply (``--fill smaller`` takes what there is; ``from-other`` tops the deck
    up from its other categories, a random few per game). `cardlab sweep` shows it per point, so points
    asking more than the pool holds are seen to build the same decks."""
    have = available(supply(coop.supply_config(cfg)))
    return [(d, c, n, min(n, have.get((d, c), 0))) for d, c, n in cfg.ratio_counts]


class SetListing(Mapping):
    """``cardlab games``' card-set lines, computed when first read (loading ~1,000 cards at import would
    slow every command)."""

    def __init__(self) -> None:
        self._lines: dict[str, str] | None = None

    def _get(self) -> dict[str, str]:
        if self._lines is None:
            pool = cards.load_pool(None)
            counts = collection.set_counts(pool, build_supply(pool, 4))
            self._lines = {
                key.replace("_", "-"): f"{PUBLISHED[key]}: {d} distinct / {p} physical cards, "
                + ("all encoded" if de == d and pe == p else f"{de} / {pe} encoded, {d - de} / {p - pe} not")
                for key, (d, p, de, pe) in counts.items()
                if key in PUBLISHED
            }
            self._lines["(default)"] = "--sets base-v2; --sets all, a set list or a collection " + (
                f"({', '.join(collection.collection_names())})"
            )
        return self._lines

    def __getitem__(self, key: str) -> str:
        return self._get()[key]

    def __iter__(self):
        return iter(self._get())

    def __len__(self) -> int:
        return len(self._get())
