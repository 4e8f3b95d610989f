"""Hidden Reason players: one module per policy, registered by name."""

from cardlab.simulate.core.testing import RandomPlayer

from .evaluator import EvaluatorPlayer
from .guardian import GuardianPlayer
from .racer import RacerPlayer
from .restricted import HRRestricted
from .search import HRSearch
from .sensible import SensiblePlayer

STRATEGIES: dict[str, type] = {
    cls.name: cls
    for cls in (
        RandomPlayer,
        SensiblePlayer,
        RacerPlayer,
        GuardianPlayer,
        EvaluatorPlayer,
        HRSearch,
        HRRestricted,
    )
}
