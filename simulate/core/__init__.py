"""The game-agnostic kernel: seeding, decisions, event log, card-file loading, runner, Parquet sink."""

from .analysis_spec import AnalysisSpec, CardAction, FirstScore, ScoreRule
from .decisions import Decision, DecisionKind, Players, Strategy, StrategySpec, parse_strategies
from .errors import CardDataError, IllegalChoiceError, InvariantError, UserError
from .events import EventLog
from .game import GameOption, GameResult, GameSpec, SeatResult, config_hash
from .seeds import Streams, derive_seed, game_seed, stream

__all__ = [
    "AnalysisSpec",
    "CardAction",
    "CardDataError",
    "Decision",
    "DecisionKind",
    "EventLog",
    "FirstScore",
    "GameOption",
    "GameResult",
    "GameSpec",
    "IllegalChoiceError",
    "InvariantError",
    "Players",
    "ScoreRule",
    "SeatResult",
    "Strategy",
    "StrategySpec",
    "UserError",
    "config_hash",
    "derive_seed",
    "game_seed",
    "parse_strategies",
    "stream",
    "Streams",
]
