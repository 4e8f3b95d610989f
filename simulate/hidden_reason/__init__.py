"""Hidden Reason: 2–4 commanders race to land the lethal blow on a shared boss (rules: HR digest).

The card set shipped in decklists/hidden_reason/ is designed for cardlab (no public card list exists);
see decklists/hidden_reason/DESIGN.md and docs/hidden_reason.md.
"""

from __future__ import annotations

from collections.abc import Mapping

from cardlab.simulate.core import AnalysisSpec, CardAction, FirstScore, GameOption, GameSpec, ScoreRule
from cardlab.simulate.core import overrides as core_overrides
from cardlab.simulate.core.cardfiles import files_hash
from cardlab.simulate.core.game import Coverage

from .config import MAX_PLAYERS, HRConfig, make_config
from .decision_kinds import DECISION_KINDS
from .decks import SETTABLE, check_path, pool_with
from .events import EVENT_KINDS, describe_event
from .invariants import checked_play
from .story import HiddenReasonStory
from .turn import play


def card_data_hash(config: HRConfig) -> str:
    """The card files' hash, combined with the --set overrides when there are any."""
    digest = files_hash(pool_with(config.cards).files)
    return core_overrides.data_hash(digest, ";".join(config.overrides))


def left_out_cards(config: HRConfig) -> Mapping[str, str]:
    """Cards in the pool whose behaviour is not implemented (kept out of every deck)."""
    return {
        c.name: c.reason
        for c in pool_with(config.cards, config.overrides).cards.values()
        if not c.implemented
    }


def usable_cards(config: HRConfig) -> dict[str, str]:
    """Every implemented card of the run's pool by its type: each can be cast from the hand."""
    return {c.name: c.type for c in pool_with(config.cards, config.overrides).cards.values() if c.implemented}


# docs/hidden_reason.md "What the players used": a card is held from its draw (a card returned to the
# hand is held again in the same holding); used when cast; lost when an opponent's effect discards it or
# it is drawn into a full hand (HR-5.2). A card milled from the deck (detail "milled") was never held.
COVERAGE = Coverage(
    gained=("draw",),
    used=("card_cast",),
    lost=("discard", "overflow"),
    cards=usable_cards,
    ignore_detail=("milled",),
    notes=("a hand given back at a redeal (mulligan) counts as held and neither used nor lost",),
)

# What a report makes of the events (simulate.core.analysis_spec, docs/hidden_reason.md): draw names the card
# drawn (amount 0 when the deck was empty); boss_damage's value is the boss's HP left after it, so the game
# "gets going" when the boss first falls below half its starting HP.
ANALYSIS = AnalysisSpec(
    main_column="deck",
    score_label="boss damage",
    card_actions=(CardAction("drawn", ("draw",), "drew"), CardAction("cast", ("card_cast",), "cast")),
    first_score=FirstScore("boss below half HP", ("boss_damage",), below_half_of="boss_hp_start"),
    score_rules=(ScoreRule("boss_damage"),),
)


GAME = GameSpec(
    name="hidden-reason",
    dimensions=("strategy", "deck", "classes"),
    title="Hidden Reason",
    make_config=make_config,
    play=play,
    checked_play=checked_play,
    event_kinds=EVENT_KINDS,
    player_columns={
        "deck": "str",
        "classes": "str",
        "boss_damage": "int",
        "lethal": "bool",
        "mulligans": "int",
        "crystals": "int",
        "cards_cast": "int",
        "retributions": "int",
        "turn_order": "int",
    },
    players_range=(2, MAX_PLAYERS),
    default_players=2,
    game_columns={
        "boss_kill_turn": "int",
        "boss_hp_start": "int",
        "boss_hp_end": "int",
        "technical_loss": "bool",
    },
    options=(
        GameOption(
            "decks",
            str,
            "",
            "deck per seat, comma-separated (one name = every seat; left out: drawn from the seed)",
        ),
        GameOption("cards", str, "", "card/deck file or folder laid over the bundled Hidden Reason data"),
        GameOption("boss-hp-per-player", int, 25, "boss HP per player (HR-3.1)"),
        GameOption(
            "set",
            str,
            (),
            "card override CARD.FIELD=VALUE, e.g. 'Iron Golem.attack=4' (repeatable)",
            multiple=True,
        ),
    ),
    card_sets={"designed": "cardlab's designed sample set: 4 classes, 6 decks (not official)"},
    card_data_hash=card_data_hash,
    left_out_cards=left_out_cards,
    describe_event=describe_event,
    story=HiddenReasonStory,
    check_cards=check_path,
    set_fields=tuple(SETTABLE),
    coverage=COVERAGE,
    decision_kinds=DECISION_KINDS,
    analysis=ANALYSIS,
)

__all__ = ["GAME", "HRConfig", "make_config", "play"]
