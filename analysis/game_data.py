"""What each game's event kinds and columns mean to a report — data, keyed by the manifest's game name.

``analysis`` never imports an engine (DESIGN: Analysis), so the meaning of an event kind ("``item_gained``
is a card a player acquired") is written down here, read off the engines' documented vocabularies
(``GAME.event_kinds`` and docs/<game>.md). A game missing from :data:`GAMES` still gets every section that
needs only the games and players tables; sections that need this data are left out, and the report says so.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class CardAction:
    """One thing a player does with a card, as event kinds whose ``card`` column names the card and whose
    ``seat`` is the player who did it."""

    name: str  # what the report calls it: "gained (items)", "played (loot)" …
    kinds: tuple[str, ...]
    verb: str  # plain words for a sentence: "gained", "played" …


@dataclass(frozen=True, slots=True)
class ScoreRule:
    """One event kind's contribution to a seat's running score: ``sign`` × (``amount`` or 1)."""

    kind: str
    sign: int = 1
    use_amount: bool = True


@dataclass(frozen=True, slots=True)
class FirstScore:
    """The moment a game "gets going": the first event of ``kinds`` by a seat. ``query`` names the .sql
    file that finds it (a game whose moment needs more than a kind, like Hidden Reason's boss falling
    below half its HP, has its own)."""

    label: str
    kinds: tuple[str, ...]
    query: str = "first_score"


@dataclass(frozen=True, slots=True)
class GameData:
    main_column: str | None = None  # the players column a designer balances: character, alliance, deck
    rounds_column: str | None = None  # a games column counting rounds, beside turns
    score_label: str = "score"
    card_actions: tuple[CardAction, ...] = ()
    first_score: FirstScore | None = None
    score_rules: tuple[ScoreRule, ...] = field(default_factory=tuple)
    missing: tuple[str, ...] = ()  # what the report would like but the event vocabulary does not give


GAMES: dict[str, GameData] = {
    # simulate/four_souls/__init__.py EVENT_KINDS; loot_drawn names the reason, not the card, so draws are
    # not a card action; monster_died's seat is the active player (who killed it in all but a few effects).
    "four-souls": GameData(
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
    ),
    # simulate/gosu_x/__init__.py EVENT_KINDS, docs/gosu_x.md: capture's seat is the capturing player;
    # superiority is a battle token won (amount = the seat's total so far, so each event counts 1).
    "gosu-x": GameData(
        main_column="alliance",
        rounds_column="rounds",
        score_label="battle tokens",
        card_actions=(
            CardAction("played", ("card_played",), "played"),
            CardAction("captured", ("capture",), "captured"),
            CardAction("sacrificed", ("sacrifice",), "sacrificed"),
        ),
        first_score=FirstScore("first battle token", ("superiority",)),
        score_rules=(ScoreRule("superiority", use_amount=False),),
        missing=("cards drawn per card (draw events carry a count, not the card)",),
    ),
    # simulate/hidden_reason/events.py EVENT_KINDS, docs/hidden_reason.md: draw names the card drawn
    # (amount 0 when the deck was empty); boss_damage's detail is "hp=<HP left>".
    "hidden-reason": GameData(
        main_column="deck",
        score_label="boss damage",
        card_actions=(
            CardAction("drawn", ("draw",), "drew"),
            CardAction("cast", ("card_cast",), "cast"),
        ),
        first_score=FirstScore("boss below half HP", ("boss_damage",), query="first_score_boss_half"),
        score_rules=(ScoreRule("boss_damage"),),
    ),
    # the Pig fixture game of the test suite (tests/toygame.py): points banked by holding
    "pig": GameData(
        score_label="points",
        first_score=FirstScore("first points banked", ("hold",)),
        score_rules=(ScoreRule("hold"),),
    ),
}


def game_data(game: str) -> GameData | None:
    return GAMES.get(game)


def sql_strings(values: tuple[str, ...]) -> str:
    """A SQL list of string literals (for ``IN (…)``); the values come from this module, never a user."""
    return ", ".join("'" + v.replace("'", "''") + "'" for v in values)
