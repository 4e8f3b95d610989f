"""Gosu X: a two-player engine with the 1-2-2-1 clan draft, the army grid, activation tokens, the Great
Battle and every instant win (rules and decisions by GX-… ID: docs/rules/gosu_x.md; engine notes: docs/gosu_x.md)."""

from __future__ import annotations

from cardlab.simulate.core import overrides as core_overrides
from cardlab.simulate.core.analysis_spec import AnalysisSpec, CardAction, FirstScore, ScoreRule
from cardlab.simulate.core.cardfiles import files_hash
from cardlab.simulate.core.game import Coverage, GameOption, GameSpec

from . import effects  # noqa: F401 — importing it registers the step handlers (interpreter.STEP)
from .cards import SETTABLE, card_files, cards_with, check_cards
from .config import GXConfig, make_config
from .decision_kinds import DECISION_KINDS
from .engine import checked_play, play
from .story import GosuXStory, describe_event

EVENT_KINDS = frozenset(
    {
        "draft_pick", "tile", "mulligan", "round_start", "turn_start", "card_played", "card_replaced",
        "token_placed", "token_spent", "token_returned", "unlock", "draw", "discard", "reshuffle", "pass",
        "extra_turn", "miracle", "effect", "echo", "copy", "trigger", "choose", "capture", "release", "destroy",
        "sacrifice", "to_deck", "remove", "reveal", "take", "mill", "search", "swap", "shuffle_in", "feat",
        "bounty_token", "look_hand", "ban", "tile_flip", "battle", "battle_bonus", "superiority", "tribute",
        "round_end", "game_over", "held_at_end",
    }
)  # fmt: skip


def card_data_hash(config: GXConfig) -> str:
    """The card files' hash, combined with the --set overrides when there are any."""
    digest = files_hash(card_files(config.cards_path))
    return core_overrides.data_hash(digest, ";".join(config.overrides))


def left_out_cards(config: GXConfig) -> dict[str, str]:
    """Cards whose behaviour is not implemented (kept out of decks unless --with-unimplemented)."""
    if config.with_unimplemented:
        return {}
    return {
        d.name: d.reason
        for defs in cards_with(config.cards_path, config.overrides).values()
        for d in defs
        if not d.implemented
    }


def usable_cards(config: GXConfig) -> dict[str, str]:
    """Every dealt card by its clan: each can be played from the hand (GX-6)."""
    left = left_out_cards(config)
    return {
        d.name: clan
        for clan, defs in cards_with(config.cards_path, config.overrides).items()
        for d in defs
        if d.name not in left
    }


# docs/gosu_x.md "What the players used": draws carry a count, so a card's holdings are the games in which it
# left its owner's hand (played, replaced into the army, discarded) or stayed there to the end. Playing from
# the discard (castling, GX-6.9) counts as a use; a feat card discarded for its effect (GX-12.16) is used.
COVERAGE = Coverage(
    gained=(),
    used=("card_played", "card_replaced", "feat"),
    lost=("discard",),
    cards=usable_cards,
    notes=("a hand given back at the mulligan is not counted",),
)

# What a report makes of the events (simulate.core.analysis_spec, docs/gosu_x.md): capture's seat is the
# capturing player; superiority is a battle token won (amount = the seat's total so far, so each counts 1).
ANALYSIS = AnalysisSpec(
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
)


GAME = GameSpec(
    name="gosu-x",
    dimensions=("strategy", "alliance", "clans", "draft_position"),
    title="Gosu X",
    make_config=make_config,
    play=play,
    event_kinds=EVENT_KINDS,
    player_columns={
        "alliance": "str",
        "clans": "list<str>",
        "draft_position": "int",
        "win_condition": "str",
        "battle_tokens": "int",
        "rounds": "int",
        "unlocked_tokens": "int",
        "army_size": "int",
    },
    game_columns={"rounds": "int", "win_condition": "str", "undrafted": "list<str>"},
    players_range=(2, 2),
    default_players=2,
    options=(
        GameOption("combat-values", str, "2,3,5", "combat values of soldier, hero, Immortal (GX-9.2)"),
        GameOption(
            "clans",
            str,
            "",
            "force alliances by draft position: 3 clans joined by '+', first/second; a side left "
            "out drafts normally, e.g. themis+golem+phoenix/",
        ),
        GameOption("cards", str, "", "card file or folder (default decklists/gosu_x)"),
        GameOption("with-unimplemented", bool, False, "also deal cards marked implemented: false"),
        GameOption(
            "set",
            str,
            (),
            "card override CARD.FIELD=VALUE, e.g. 'Dancing Dragon.level=2' (repeatable)",
            multiple=True,
        ),
    ),
    card_sets={"base": "the 8 clans of Gosu X (decklists/gosu_x)"},
    card_data_hash=card_data_hash,
    left_out_cards=left_out_cards,
    describe_event=describe_event,
    story=GosuXStory,
    check_cards=check_cards,
    set_fields=tuple(SETTABLE),
    default_max_turns=400,
    default_strategy="sensible",
    checked_play=checked_play,
    coverage=COVERAGE,
    decision_kinds=DECISION_KINDS,
    analysis=ANALYSIS,
)

__all__ = ["GAME", "GXConfig", "make_config", "play", "checked_play", "EVENT_KINDS"]
