"""The registry of games: name → the module that defines its ``GAME`` spec (imported on first use)."""

from __future__ import annotations

import importlib

from .core.errors import UserError
from .core.game import GameSpec
from .core.wording import did_you_mean

# Each engine package exposes ``GAME: GameSpec`` in its __init__.
BUILTIN = {
    "four-souls": "cardlab.simulate.four_souls",
    "gosu-x": "cardlab.simulate.gosu_x",
    "hidden-reason": "cardlab.simulate.hidden_reason",
}

_extra: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> None:
    """Add a game defined elsewhere (tests use this for a tiny fixture game)."""
    _extra[spec.name] = spec


def names() -> list[str]:
    return sorted(set(BUILTIN) | set(_extra))


def available() -> dict[str, GameSpec]:
    """Every game whose engine imports; a game still under construction is left out, not fatal."""
    found: dict[str, GameSpec] = {}
    for name in names():
        try:
            found[name] = get(name)
        except UserError:
            continue
    return found


def get(name: str) -> GameSpec:
    if name in _extra:
        return _extra[name]
    if name not in BUILTIN:
        # `gosu_x`, `Gosu-X`: the close name said, as for an unknown card or option
        raise UserError(
            f"unknown game '{name}'{did_you_mean(str(name), names())} (available: {', '.join(names())})"
        )
    try:
        module = importlib.import_module(BUILTIN[name])
    except ModuleNotFoundError as exc:
        if exc.name and BUILTIN[name].startswith(exc.name):
            raise UserError(f"game '{name}' has no engine yet") from None
        raise
    spec = getattr(module, "GAME", None)
    if spec is None:
        raise UserError(f"game '{name}' has no engine yet")
    return spec
