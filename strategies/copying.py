"""Copying a player whose rules are compiled (issue 20): a strategy class that stays Python (for its
``__init__``'s signature, which the kernel reads) over a compiled policy class keeps its state in two
places, the policy's native attributes and its own ``__dict__``. A compiled class's own pickle state holds
only the former, so ``copy.deepcopy`` (a search copies states with their players) would drop what a preset
adds. :class:`Copyable` copies both; in the pure build it is the default behaviour."""

from __future__ import annotations

from typing import Any


class Copyable:
    """Put first among a player's bases: its state is every attribute, native or not."""

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        for klass in type(self).__mro__:
            for name in getattr(klass, "__mypyc_attrs__", ()):  # a compiled class's declared attributes
                if not name.startswith("__") and name not in state and hasattr(self, name):
                    state[name] = getattr(self, name)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)
