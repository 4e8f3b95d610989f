"""`cardlab sweep GAME --vary NAME=VALUES`: a grid of configs, one run per point, one folder for all.

Every point uses the same run seed, so game *i* of each point starts from the same seed: differences between
points are paired (`cardlab compare` works on any two of them) and `cardlab report FOLDER` draws each
figure as a curve across the points.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import Any

from simulate.core.errors import UserError
from simulate.core.game import GameOption, GameSpec

# Common options a sweep may vary besides the game's own.
COMMON_VARY = {"players": int, "max-turns": int}


@dataclass(frozen=True, slots=True)
class Axis:
    name: str  # option name as on the command line (dashes)
    values: tuple[Any, ...]


def _convert(spec: GameSpec, name: str, text: str) -> Any:
    option: GameOption | None = next((o for o in spec.options if o.name == name), None)
    kind = COMMON_VARY.get(name) if option is None else option.kind
    if kind is None:
        known = ", ".join(sorted([o.name for o in spec.options] + list(COMMON_VARY)))
        raise UserError(f"--vary: '{name}' is not an option of {spec.name} (options: {known})")
    text = text.strip()
    if isinstance(kind, tuple):
        if text not in kind:
            raise UserError(f"--vary {name}: '{text}' is not one of {', '.join(kind)}")
        return text
    if kind is bool:
        if text.lower() not in ("true", "false", "yes", "no", "on", "off", "1", "0"):
            raise UserError(f"--vary {name}: '{text}' is not true or false")
        return text.lower() in ("true", "yes", "on", "1")
    try:
        return kind(text)
    except ValueError:
        raise UserError(f"--vary {name}: '{text}' is not a valid {kind.__name__}") from None


_BRACES = re.compile(r"\{(-?\d+)\.\.(-?\d+)(?::(\d+))?\}")


def parse_vary(spec: GameSpec, text: str) -> Axis:
    """``NAME=a..b[:step]`` (numbers), ``NAME=v1,v2,…``, ``NAME=v1/v2`` for values that contain commas, or
    a text with one ``{a..b[:step]}`` range inside (``ratio-count=curse={0..10:2}``)."""
    name, eq, values = text.partition("=")
    name = name.strip().lstrip("-")
    if not eq or not name or not values.strip():
        raise UserError(f"--vary '{text}': expected NAME=VALUES (e.g. boss-hp-per-player=20..30:5)")
    braces = _BRACES.search(values)
    if braces:
        lo, hi, step = int(braces[1]), int(braces[2]), int(braces[3] or 1)
        if step <= 0 or hi < lo or (hi - lo) // step >= 200:
            raise UserError(f"--vary '{text}': a range needs a ≤ b, a positive step and at most 200 points")
        texts = [values[: braces.start()] + str(n) + values[braces.end() :] for n in range(lo, hi + 1, step)]
        return Axis(name, tuple(_convert(spec, name, t) for t in texts))
    if ".." in values and "/" not in values:
        lo_text, _, rest = values.partition("..")
        hi_text, _, step_text = rest.partition(":")
        lo, hi = _convert(spec, name, lo_text), _convert(spec, name, hi_text)
        step = _convert(spec, name, step_text) if step_text else 1
        if not isinstance(lo, int | float) or isinstance(lo, bool):
            raise UserError(f"--vary {name}: a range a..b needs a numeric option")
        if step <= 0 or hi < lo:
            raise UserError(f"--vary '{text}': a range needs a ≤ b and a positive step")
        points = []
        value = lo
        while value <= hi + 1e-9:
            points.append(value)
            value = value + step
        if len(points) > 200:
            raise UserError(f"--vary '{text}': {len(points)} points; at most 200 per axis")
    else:
        parts = values.split("/") if "/" in values else values.split(",")
        points = [_convert(spec, name, part) for part in parts]
    if len(set(map(repr, points))) != len(points):
        raise UserError(f"--vary '{text}': a value is repeated")
    return Axis(name, tuple(points))


def grid(axes: list[Axis]) -> list[dict[str, Any]]:
    names = [a.name for a in axes]
    if len(set(names)) != len(names):
        raise UserError("--vary: the same option is varied twice")
    return [dict(zip(names, combo, strict=True)) for combo in itertools.product(*(a.values for a in axes))]


def point_name(index: int, point: dict[str, Any]) -> str:
    """A folder name that sorts in grid order and says what the point is."""
    label = ",".join(f"{k}={v}" for k, v in point.items()).replace("/", "_").replace(" ", "")
    return f"p{index:03d}-{label}"[:120]
