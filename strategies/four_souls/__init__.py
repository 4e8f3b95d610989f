"""Four Souls players: two policy families — the rule-based ``sensible`` (with its presets ``aggro`` and
``hoarder``: the same policy with other constants) and the state-evaluation ``evaluator`` — and
``random``. ``reading`` and ``valuing`` hold what they share: how to read a card's role and value from
its compiled effects, an item's worth and a fight's odds."""

from cardlab.simulate.core.testing import RandomPlayer

from .aggro import AggroPlayer
from .evaluator import EvaluatorPlayer
from .hoarder import HoarderPlayer
from .restricted import FSRestricted
from .search import FSSearch
from .sensible import SensiblePlayer

STRATEGIES: dict[str, type] = {
    "random": RandomPlayer,
    "sensible": SensiblePlayer,
    "aggro": AggroPlayer,
    "hoarder": HoarderPlayer,
    "evaluator": EvaluatorPlayer,
    "search": FSSearch,
    "restricted": FSRestricted,
}
