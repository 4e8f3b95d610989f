"""cardlab: Monte Carlo simulation and balance analysis of card games.

The Python API is :mod:`cardlab.api` (``import cardlab.api as cl``); ``cardlab.Run`` and
``cardlab.open_run`` are loaded from it on first use, so ``import cardlab`` stays light.
"""

import os
from importlib.metadata import PackageNotFoundError, version
from typing import Any

if os.environ.get("CARDLAB_PURE", "") == "1":  # run the pure-Python sources of a compiled install
    from .compiled import prefer_sources

    prefer_sources()

try:
    __version__ = version("cardlab")  # pyproject.toml is the one source of truth
except PackageNotFoundError:
    __version__ = "unknown (not installed)"

_FROM_API = ("Run", "open_run")


def __getattr__(name: str) -> Any:
    if name in _FROM_API:
        from . import api

        return getattr(api, name)
    raise AttributeError(f"module 'cardlab' has no attribute {name!r}")
