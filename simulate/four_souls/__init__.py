"""The Binding of Isaac: Four Souls — competitive game (2–4 players), Base Game V2 card pool.

Rules by FS-… ID, with the decision taken and the engine's status: docs/rules/four_souls.md; engine
notes: docs/four_souls.md. ``play`` is a pure function of (config, seed, strategies)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from operator import attrgetter
from pathlib import Path
from typing import Any

from cardlab.simulate.core import (
    AnalysisSpec,
    CardAction,
    FirstScore,
    GameOption,
    GameResult,
    GameSpec,
    Players,
    ScoreRule,
    SeatResult,
)
from cardlab.simulate.core.events import log_held_at_end
from cardlab.simulate.core.game import Coverage
from cardlab.simulate.core.narrative import Event, event_line
from cardlab.simulate.core.wording import counted

from . import cards, collection, coop, decks, overrides, ratios, setup, turn
from .config import VARIANTS, FSConfig, make_config
from .decision_kinds import DECISION_KINDS
from .decks import SetListing, build_supply
from .invariants import check_invariants
from .ratios import FILLS
from .story import FourSoulsStory
from .vocabulary import PUBLISHED

EVENT_KINDS = frozenset(
    [
        "setup",
        "turn_start",
        "turn_end",
        "end_declared",
        "loot_drawn",
        "loot_played",
        "loot_discarded",
        "loot_stolen",
        "loot_given",
        "item_gained",
        "item_lost",
        "item_destroyed",
        "item_activated",
        "cents_gained",
        "cents_paid",
        "cents_lost",
        "cents_stolen",
        "roll",
        "attack_declared",
        "attack_target",
        "attack_ended",
        "damage",
        "prevented",
        "player_died",
        "monster_died",
        "object_died",
        "monster_revealed",
        "reward",
        "purchase_declared",
        "purchase",
        "soul_gained",
        "soul_lost",
        "curse_received",
        "curse_discarded",
        "event_resolved",
        "bonus_soul_gained",
        "fizzled",
        "cancelled",
        "game_over",
        "timer",
        "ambush",
        "slots_expanded",
        "number_changed",
        "room_revealed",
        "room_discarded",
        "room_activated",
        "room_turn",
        "held_at_end",
        "counters",
        "coin",
        "faces_named",
        "monster_moved",
        "character_changed",
        "goal_noted",
    ]
)

PLAYER_COLUMNS = {
    "character": "str",
    "starting_item": "str",
    "final_character": "str",
    "souls": "int",
    "cents": "int",
    "items_held": "int",
    "deaths": "int",
    "kills": "int",
}


def play(config: FSConfig, seed: int, players: Players, log_events: bool = True) -> GameResult:
    """One game: setup (FS-2), turns (FS-8) until a soul win/draw (FS-14) or the turn cap."""
    return run_game(config, seed, players, log_events)


def run_game(
    config: FSConfig,
    seed: int,
    players: Players,
    log_events: bool = True,
    on_turn: Callable[[Any], None] | None = None,
) -> GameResult:
    """``play`` with an optional observer called with the game state after every turn (tests)."""
    g = setup.new_game(config, seed, players, log_events)
    built = deck_sizes(g)
    winners, reason, detail = turn.play_out(g, config.max_turns, on_turn)
    g.log.phase = "end"
    for p in g.players:  # what each player still holds: loot in hand, items in play (coverage, issue 13)
        log_held_at_end(g.log, p.seat, [c.card.name for c in p.hand] + [o.phys.card.name for o in p.items])
    g.log.emit(
        "game_over",
        winners[0] if len(winners) == 1 else -1,
        None,
        ",".join(map(str, winners)) or None,  # the winners' seats, as the games table's winners list
        g.turn,
        detail or reason,
    )
    seats = seat_results(g)
    result = GameResult(winners, reason, g.turn, g.first, seats, g.log, columns=built)
    if on_turn is not None:
        on_turn(g)
    return result


def seat_results(g: Any) -> list[SeatResult]:
    """Each seat's row of the players table. A seat is reported by the character it was dealt (FS-2.7) and
    that character's starting item, even when a card changed its character (``final_character``)."""
    seats = []
    for p in g.players:
        assert p.character is not None  # every seat plays a character (FS-2.7)
        now = p.character.phys.card.name
        seats.append(
            SeatResult(
                score=float(p.soul_total()),
                columns={
                    "character": p.dealt_character or now,
                    "starting_item": p.dealt_item if p.dealt_character else p.starting_item(),
                    "final_character": now,
                    "souls": p.soul_total(),
                    "cents": p.cents,
                    "items_held": len(p.items),
                    "deaths": p.deaths,
                    "kills": p.kills,
                },
            )
        )
    return seats


GAME_COLUMNS = {"loot_cards": "int", "treasure_cards": "int", "monster_cards": "int"}


_DECK_OF = attrgetter("card.deck")


def deck_sizes(g: Any) -> dict[str, int]:
    """Physical cards each deck was built with (FS-19 ratios make them differ from the pool)."""
    counted = Counter(map(_DECK_OF, g.all_phys))  # in C: ~900 cards a game over the whole collection
    sizes = {d: counted.get(d, 0) for d in ("loot", "treasure", "monster")}
    if g.cfg.has("casino"):
        sizes["treasure"] -= g.n  # the casino's eternal Portable Slot Machines are not deck cards
    return {f"{d}_cards": k for d, k in sizes.items()}


def card_data_hash(config: FSConfig) -> str:
    """Card files + --set overrides + the ratio file (and --ratio-count) in one hash."""
    return decks.card_data_hash(config)


def left_out_cards(config: FSConfig) -> dict[str, str]:
    return dict(decks.supply(config).left_out)


def check_cards(path: str) -> str:
    """Validate a card file or folder (``cardlab cards check``) and report what the engine can run."""

    p = Path(path)
    files = [p] if p.is_file() else sorted(p.glob("*.yaml")) if p.is_dir() else []
    data = [cards.readable(f) for f in files]
    if files and all(map(cards.ratio_shaped, data)):  # FS-19 deck ratio files
        s = build_supply(collection.select(cards.load_pool(None), collection.DEFAULT), 4)  # the default sets
        return "; ".join(ratios.check(f, s, 4) for f in files)
    if files and all(map(cards.collection_shaped, data)):  # --sets collections
        return "; ".join(collection.check(f) for f in files)
    summary = cards.check(path)  # raises CardDataError (file:line, card, field) on bad data
    # as `--cards PATH` runs it: a folder is the whole pool, a file joins the default pool, so a copied
    # characters file finds its starting items there instead of reading as ten characters left out
    mine = cards.load_pool([p]).cards
    s = build_supply(cards.load_pool([p]) if p.is_dir() else decks.load_pool((str(p),)), 4)
    names = {collection.left_out_name(c) for c in mine}
    left = {name: why for name, why in s.left_out.items() if name in names}
    runnable = sum(c.id in s.rules and collection.left_out_name(c) not in left for c in mine)
    shown = sorted(left)[:3]
    detail = "; ".join(f"{name}: {left[name]}" for name in shown) + ("; …" if len(left) > 3 else "")
    return f"{summary}; engine: {counted(runnable, 'card')} runnable, {len(left)} left out" + (
        f" ({detail})" if left else ""
    )


def describe_event(row: tuple) -> str:
    """A line for ``cardlab replay --events`` (the list itself shows turn and phase)."""
    return event_line(Event.of(row))


def checked_play(config: FSConfig, seed: int, players: Players, log_events: bool = True) -> GameResult:
    """``play`` with every invariant checked after every turn (`cardlab soak`): raises InvariantError."""

    return run_game(config, seed, players, log_events, check_invariants)


def usable_cards(config: FSConfig) -> dict[str, str]:
    """The run's loot cards (each is played) and its items with a ↷ or $ ability (each is activated);
    passive items have nothing to use and are left out."""
    s = decks.supply(config)
    out = {c.name: "loot" for c, _ in s.loot}
    for c in [c for c, _ in s.treasure] + list(s.starting.values()):
        marks = [
            m
            for key, m in (("tap", "↷"), ("paid", "$"))
            if any(key in a for a in c.abilities if isinstance(a, dict))
        ]
        if marks:
            out[c.name] = ("eternal " if c.deck == "eternal" else "item ") + " ".join(marks)
    for c, _n in (
        s.rooms if config.has("rooms") else ()
    ):  # FS-16.2: a room's ↷ / $ abilities are the active player's to use
        marks = [
            m
            for key, m in (("tap", "↷"), ("paid", "$"))
            if any(key in a for a in c.abilities if isinstance(a, dict))
        ]
        if marks:
            out[c.name] = "room " + " ".join(marks)
    return out


def card_sets(config: FSConfig) -> dict[str, str]:
    """Card name → the published set(s) it is dealt from in this run, when the run deals more than one set
    (the report's "Cards by set"); empty for a one-set run, whose manifest stays as it was."""
    s = decks.supply(config)
    dealt = [c for deck in (s.loot, s.treasure, s.monster, s.rooms) for c, _n in deck]
    dealt += list(s.bonus) + list(s.characters) + list(s.starting.values())
    by_name: dict[str, list[str]] = {}
    for c in dealt:
        label = PUBLISHED.get(c.set, c.set)
        names = by_name.setdefault(c.name, [])
        if label not in names:
            names.append(label)
    if len({c.set for c in dealt if c.set in PUBLISHED}) < 2:
        return {}  # one published set (made-up test cards beside it do not count)
    order = {label: i for i, label in enumerate(PUBLISHED.values())}  # the sets' own order, not the dealing's
    return {
        name: " / ".join(sorted(labels, key=lambda x: order.get(x, len(order))))
        for name, labels in by_name.items()
    }


# docs/four_souls.md "What the players used": an item is held from its gain, used when activated, lost when
# stolen or destroyed; loot is used when played, lost when discarded (death penalty, hand limit, costs); a
# room with a ↷ / $ ability is held by each player whose turn starts with it in play, used when activated.
COVERAGE = Coverage(
    gained=("item_gained", "room_turn"),
    used=("loot_played", "item_activated", "room_activated"),
    lost=("loot_discarded", "item_lost", "item_destroyed"),
    cards=usable_cards,
    card_sets=card_sets,
    ignore_detail=("copy",),
    notes=(
        "loot moved between hands (stolen, given, traded) is logged as a count, not by card: such a card "
        "counts for the player who plays, discards or keeps it",
    ),
)


# What a report makes of the events (simulate.core.analysis_spec): loot_drawn names the reason, not the card,
# so draws are not a card action; monster_died's seat is the active player (who killed it in all but a few
# effects); a soul gained scores its amount, a soul lost takes it back.
ANALYSIS = AnalysisSpec(
    main_column="character",
    score_label="souls",
    card_actions=(
        CardAction("gained (items)", ("item_gained",), "gained"),
        CardAction("played (loot)", ("loot_played",), "played"),
        CardAction("killed (monsters)", ("monster_died",), "killed"),
        CardAction("won as a soul", ("soul_gained",), "took as a soul"),
    ),
    first_score=FirstScore("first soul", ("soul_gained",)),
    score_rules=(ScoreRule("soul_gained"), ScoreRule("soul_lost", sign=-1)),
    missing=("loot drawn per card (loot_drawn's card column holds the reason, not the card)",),
)


GAME = GameSpec(
    set_fields=(*overrides.FIELDS, *overrides.ALIASES),
    name="four-souls",
    title="The Binding of Isaac: Four Souls (Base Game V2)",
    make_config=make_config,
    play=play,
    event_kinds=EVENT_KINDS,
    player_columns=PLAYER_COLUMNS,
    game_columns=GAME_COLUMNS,
    players_range=(2, 4),
    default_players=4,
    options=(
        GameOption(
            "variant",
            tuple(VARIANTS),
            (),
            "FS-20 variant (repeatable; see `cardlab games`; not implemented ones stop with an error)",
            multiple=True,
        ),
        GameOption("cards", str, (), "extra/alternative card file or folder (repeatable)", multiple=True),
        GameOption("characters", str, "", "comma-separated character names, seat by seat (rest random)"),
        GameOption("bank", int, 100, "cents in the game bank (0 = unlimited), FS-Q.4"),
        GameOption("ratio", str, "all", "deck ratio (FS-19): all (whole pool), official, or a ratio file"),
        GameOption(
            "ratio-count",
            str,
            (),
            "CATEGORY=N: change one category of the ratio, e.g. curse=8 or treasure.soul=2 (repeatable)",
            multiple=True,
        ),
        GameOption(
            "fill", tuple(FILLS), "none", "a category the pool cannot fill: none (error), smaller, from-other"
        ),
        GameOption(
            "set", str, (), "card override CARD.FIELD=VALUE, e.g. 'Gurdy.hp=6' (repeatable)", multiple=True
        ),
        GameOption(
            "sets",
            str,
            (),
            "published sets to play with: base-v2 (default), all, a list (base-v2,requiem) or a "
            "collection (decklists/four_souls/collections); see `cardlab games`",
            multiple=True,
        ),
        GameOption(
            "difficulty",
            coop.DIFFICULTIES,
            "normal",
            "solo/co-op combined soul goal (FS-17.6): normal 4, hard 6, ultra-hard 8; in a challenge, the side of"
            " the final boss and challenge card with that difficulty symbol (FS-18.1); competitive: the"
            " challenge's side with three skulls, a game of 3 or more players",
        ),
        GameOption(
            "soul-cap",
            int,
            0,
            "solo/co-op: most soul value each character counts toward the goal (FS-17.6 option; 0 = none)",
        ),
    ),
    variants=VARIANTS,
    card_sets=SetListing(),
    card_data_hash=card_data_hash,
    left_out_cards=left_out_cards,
    describe_event=describe_event,
    story=FourSoulsStory,
    check_cards=check_cards,
    checked_play=checked_play,
    dimensions=("strategy", "character"),
    coverage=COVERAGE,
    decision_kinds=DECISION_KINDS,
    analysis=ANALYSIS,
)

__all__ = ["GAME", "FSConfig", "make_config", "play", "run_game"]
