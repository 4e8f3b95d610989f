"""Four Souls players: one readable module per policy (``reading`` holds what they share: how to read
a card's role, an item's worth and a fight's odds)."""

from .aggro import AggroPlayer
from .hoarder import HoarderPlayer
from .random import RandomPlayer
from .sensible import SensiblePlayer

STRATEGIES: dict[str, type] = {
    "random": RandomPlayer,
    "sensible": SensiblePlayer,
    "aggro": AggroPlayer,
    "hoarder": HoarderPlayer,
}
