"""`cardlab sweep GAME --vary NAME=VALUES`: a grid of configs, one run per point, one folder for all.

Every point uses the same run seed, so game *i* of each point starts from the same seed: differences between
points are paired (`cardlab compare` works on any two of them) and `cardlab report FOLDER` draws each
figure as a curve across the points.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardlab.simulate.core.errors import UserError
from cardlab.simulate.core.game import GameOption, GameSpec
from cardlab.simulate.core.runfolder import RunLock
from cardlab.simulate.core.runformat import SweepRecord, held_there, read_sweep, write_sweep
from cardlab.simulate.core.runner import option_differences

from .help_examples import example_option
from .ranges import range_points

# Common options a sweep may vary besides the game's own.
COMMON_VARY = {"players": int, "max-turns": int}
_MOST = (200, "points per axis")  # a range's points, at most


@dataclass(frozen=True, slots=True)
class Axis:
    name: str  # option name as on the command line (dashes)
    values: tuple[Any, ...]


def _convert(spec: GameSpec, name: str, text: str, flag: str = "--vary") -> Any:
    """One value of option ``name`` from its text; ``flag`` is the option it was typed in (`tune`'s
    --knob reads a game option as --vary does), named by every message."""
    option: GameOption | None = next((o for o in spec.options if o.name == name), None)
    kind = COMMON_VARY.get(name) if option is None else option.kind
    if kind is None:
        known = ", ".join(sorted([o.name for o in spec.options] + list(COMMON_VARY)))
        raise UserError(f"{flag}: '{name}' is not an option of {spec.name} (options: {known})")
    text = text.strip()
    if isinstance(kind, tuple):
        if text not in kind:
            raise UserError(f"{flag} {name}: '{text}' is not one of {', '.join(kind)}")
        return text
    if kind is bool:
        if text.lower() not in ("true", "false", "yes", "no", "on", "off", "1", "0"):
            raise UserError(f"{flag} {name}: '{text}' is not true or false")
        return text.lower() in ("true", "yes", "on", "1")
    try:
        return kind(text)
    except ValueError:
        raise UserError(f"{flag} {name}: '{text}' is not a valid {kind.__name__}") from None


_BRACES = re.compile(r"\{([^{}]*\.\.[^{}]*)\}")  # any {…..…} in a text: read as a range, or said why not
_BRACE_RANGE = re.compile(r"(-?\d+)\.\.(-?\d+)(?::(-?\d+))?")


def parse_vary(spec: GameSpec, text: str, flag: str = "--vary") -> Axis:
    """``NAME=a..b[:step]`` (numbers), ``NAME=v1,v2,…`` (:func:`split_values`: ``/`` for values that
    contain commas, ``;`` always), or a text with one ``{a..b[:step]}`` range inside
    (``ratio-count=curse={0..10:2}``). Messages name ``flag`` and give the game's own example."""
    name, eq, values = text.partition("=")
    name = name.strip().lstrip("-")
    if not eq or not name or not values.strip():
        example = example_option("sweep" if flag == "--vary" else "tune", spec.name, flag)
        raise UserError(f"{flag} '{text}': expected NAME=VALUES (e.g. {example})")
    braces = _BRACES.search(values)
    if braces:
        whole = _BRACE_RANGE.fullmatch(braces[1].strip())
        if not whole:
            raise UserError(
                f"{flag} '{text}': '{braces[0]}' is not a range; write {{a..b}} or {{a..b:step}} in whole numbers"
            )
        numbers = range_points(f"{flag} '{text}'", int(whole[1]), int(whole[2]), int(whole[3] or 1), *_MOST)
        texts = [values[: braces.start()] + str(n) + values[braces.end() :] for n in numbers]
        return Axis(name, tuple(_convert(spec, name, t, flag) for t in texts))
    if ".." in values and "/" not in values:
        lo_text, _, rest = values.partition("..")
        hi_text, _, step_text = rest.partition(":")
        lo, hi = _convert(spec, name, lo_text, flag), _convert(spec, name, hi_text, flag)
        step = _convert(spec, name, step_text, flag) if step_text else 1
        if not isinstance(lo, int | float) or isinstance(lo, bool):
            raise UserError(
                f"{flag} '{text}': {name} is not a number, so a..b is no range; "
                "a range inside a text goes in braces: {a..b} or {a..b:step}"
            )
        points = range_points(f"{flag} '{text}'", lo, hi, step, *_MOST)
    else:
        points = [_convert(spec, name, part, flag) for part in split_values(spec, name, values)]
    if len(set(map(repr, points))) != len(points):
        raise UserError(f"{flag} '{text}': a value is repeated")
    return Axis(name, tuple(points))


def split_values(spec: GameSpec, name: str, values: str) -> list[str]:
    """The values of ``NAME=v1,v2``: ``;`` always separates; an option whose own value holds commas
    (``combat-values=2,3,5/2,3,6``, ``characters=Isaac,Cain/Eve,Maggy``) is separated by ``/``; any other
    by ``,``, and by ``/`` only when its values are not paths (``players=2/4``, but
    ``cards=/abs/a.yaml,/abs/b.yaml`` is two files)."""
    if ";" in values:
        return values.split(";")
    option = next((o for o in spec.options if o.name == name), None)
    help_text = option.help.lower() if option is not None else ""
    if option is not None and ("," in str(option.default) or "comma" in help_text):
        return values.split("/")
    if "," in values:
        return values.split(",")
    if "/" in values and not any(word in help_text for word in ("file", "folder", "path")):
        return values.split("/")
    return [values]


def check_not_fixed(spec: GameSpec, axes: list[Axis], fixed: dict[str, Any]) -> None:
    """One line when an option is both varied and given a value of its own (``-p 2 --vary players=2,3``,
    ``--decks A --vary decks=B,C``): the varied values would silently win. ``fixed``: the options as given,
    names with ``_`` or ``-``; None (a common option not given) or the game's default counts as not given."""
    defaults = {o.name: o.default for o in spec.options}
    given = {name.replace("_", "-"): value for name, value in fixed.items()}
    for axis in axes:
        value = given.get(axis.name)
        if value is None or value in ((), "") or (axis.name in defaults and value == defaults[axis.name]):
            continue
        raise UserError(
            f"--vary {axis.name}: also given as --{axis.name} {value}; a sweep sets it at each point (drop one)"
        )


def grid(axes: list[Axis]) -> list[dict[str, Any]]:
    names = [a.name for a in axes]
    if len(set(names)) != len(names):
        raise UserError("--vary: the same option is varied twice")
    return [dict(zip(names, combo, strict=True)) for combo in itertools.product(*(a.values for a in axes))]


def point_name(index: int, point: dict[str, Any]) -> str:
    """A folder name that sorts in grid order and says what the point is; a path value shows its file
    name. The index keeps names distinct whatever the values."""

    def short(value: Any) -> str:
        text = str(value)
        return text.rstrip("/").rsplit("/", 1)[-1] if "/" in text else text

    label = ",".join(f"{k}={short(v)}" for k, v in point.items())
    label = re.sub(r"[^A-Za-z0-9_.,=+-]+", "_", label)
    return f"p{index:03d}-{label}"[:120]


# The simulate options that decide a sweep's games (the rest — jobs, backend, quiet … — do not).
SHARED_OPTIONS = ("players", "strategy", "batch_size", "max_turns", "no_events", "until_ci", "sprt", "ci_by")


def sweep_record(
    spec: GameSpec,
    axes: Sequence[Axis],
    points: Sequence[dict[str, Any]],
    common: Mapping[str, Any],
    game_options: Mapping[str, Any],
) -> SweepRecord:
    """What a sweep folder holds: its grid, the games and seed of every point and the options they share."""
    varied = {a.name.replace("-", "_") for a in axes}
    shared = {k: common[k] for k in SHARED_OPTIONS} | {
        k: v for k, v in game_options.items() if k not in varied
    }
    if common.get("mirror"):  # recorded only when set, so sweeps made before --mirror still resume
        shared["mirror"] = True
    return SweepRecord(
        game=spec.name,
        axes=[{"name": a.name, "values": list(a.values)} for a in axes],
        points=[{"run": point_name(i, p), "values": p} for i, p in enumerate(points)],
        n_games=common["max_games"] if common["max_games"] is not None else common["games"],
        run_seed=common["seed"],
        common=json.loads(json.dumps(shared, default=list)),
    )


@contextlib.contextmanager
def claim_sweep(folder: Path, record: SweepRecord, resume: bool) -> Iterator[None]:
    """Hold the sweep folder for this command and check it: a new sweep needs a new name; ``--resume``
    needs the same grid, games, seed and options, so points of two sweeps never mix (issue 16)."""
    folder = Path(folder)
    existed = folder.exists()
    if resume and not existed:
        raise UserError(f"{folder}: nothing to resume (no sweep of that name)")
    with RunLock(folder):
        recorded = read_sweep(folder)
        if not resume and recorded is not None:
            raise UserError(
                f"{folder}: a sweep already exists there (use --resume to complete it, or another --name)"
            )
        if not resume and any(p.name != ".lock" for p in folder.iterdir()):  # a run's or a ladder's folder
            raise UserError(f"{folder}: folder exists and is not empty (give another --name)")
        if resume:
            if recorded is None:
                raise UserError(f"{folder}: not a sweep folder (no sweep.json){held_there(folder)}")
            differ = recorded.differences(record)
            if differ:
                changed = option_differences(
                    *(_as_written(r, differ) for r in (recorded, record)), "the sweep"
                )
                raise UserError(
                    f"{folder}: cannot resume: {changed} (use another --name for a different sweep)"
                )
        else:
            write_sweep(folder, record)
        yield


def _as_written(record: SweepRecord, keys: Sequence[str]) -> dict[str, Any]:
    """The record's ``keys`` as sweep.json holds them (tuples as lists), the shared options one by one."""
    data = json.loads(json.dumps(record.to_dict(), default=list))
    out = {k: data[k] for k in keys if k != "common"}
    return out | (data["common"] if "common" in keys else {})


def built_by_point(spec: GameSpec, config: Any, point: dict[str, Any]) -> str:
    """What a point really builds, when that can differ from what it asks: for Four Souls deck ratios, the
    swept categories' counts after the pool's limits (FS-19), e.g. ``monster.curse 5 (asked 6)`` (with no
    swept category: every category the pool cannot fill)."""
    if spec.name != "four-souls" or not getattr(config, "ratio_counts", ()):
        return ""
    from cardlab.simulate.four_souls.decks import built_counts

    named = {
        text.partition("=")[0].strip()
        for key, value in point.items()
        if key == "ratio-count"
        for text in (value if isinstance(value, list | tuple) else [value])
    }
    parts = [
        f"{deck}.{cat} {got}" + (f" (asked {asked})" if got != asked else "")
        for deck, cat, asked, got in built_counts(config)
        if ((cat in named) if named else (got != asked))
    ]
    return ", ".join(parts)


def same_builds(points: Sequence[dict[str, Any]]) -> list[list[str]]:
    """Groups of sweep points (run names) that build the same decks and share every other value: they
    will play identical games (e.g. ``curse=6`` and ``curse=8`` when the pool has 5 curses)."""
    groups: dict[str, list[str]] = {}
    for point in points:
        if point.get("built"):
            got = re.sub(r" \(asked \d+\)", "", point["built"])
            rest = {k: v for k, v in point["values"].items() if k != "ratio-count"}
            groups.setdefault(repr((got, rest)), []).append(point["run"])
    return [runs for runs in groups.values() if len(runs) > 1]
