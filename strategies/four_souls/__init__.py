"""Four Souls players: one readable module per policy."""

from .random import RandomPlayer
from .sensible import SensiblePlayer

STRATEGIES: dict[str, type] = {"random": RandomPlayer, "sensible": SensiblePlayer}
