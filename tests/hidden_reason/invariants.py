"""The engine's invariant checks, used by the tests (they live in the engine for `cardlab soak`)."""

from cardlab.simulate.hidden_reason.invariants import Checked, check

__all__ = ["Checked", "check"]
