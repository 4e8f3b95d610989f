"""Strategy registry: game name → {strategy name: class}. Each game folder exposes ``STRATEGIES``."""

from __future__ import annotations

import importlib

from cardlab.simulate.core.errors import UserError

BUILTIN = {
    "four-souls": "cardlab.strategies.four_souls",
    "gosu-x": "cardlab.strategies.gosu_x",
    "hidden-reason": "cardlab.strategies.hidden_reason",
}

_extra: dict[str, dict[str, type]] = {}


def register(game: str, strategies: dict[str, type]) -> None:
    """Add strategies for a game defined elsewhere (tests use this for their fixture game)."""
    _extra.setdefault(game, {}).update(strategies)


def for_game(game: str) -> dict[str, type]:
    if game in _extra:
        return dict(_extra[game])
    if game not in BUILTIN:
        raise UserError(f"no strategies for game '{game}'")
    try:
        module = importlib.import_module(BUILTIN[game])
    except ModuleNotFoundError as exc:
        if exc.name and BUILTIN[game].startswith(exc.name):
            return {}
        raise
    return dict(getattr(module, "STRATEGIES", {}))


def describe(cls: type) -> str:
    """A strategy's one-line ``description`` (a class attribute): what `cardlab games` shows. Not its
    docstring: a strategy compiled with mypyc has none (issue 20)."""
    return str(getattr(cls, "description", ""))


def preset_of(cls: type, strategies: dict[str, type]) -> str | None:
    """The registered strategy ``cls`` is a preset of — a subclass: the same rules with other constants
    (issue 13: presets are named as such; a different policy family is not a subclass of another)."""
    parents = [name for name, other in strategies.items() if other is not cls and issubclass(cls, other)]
    return min(parents, key=lambda name: len(strategies[name].__mro__), default=None) if parents else None
