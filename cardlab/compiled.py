"""Which build of the engines runs: modules compiled with mypyc by `pip install .`, or the pure-Python
sources they were compiled from (issue 20 item 1).

``COMPILED`` lists the compiled modules; setup.py reads it (without importing cardlab) to build them.
Each compiled module sits beside its ``.py``; Python's import system prefers the extension module. With
``CARDLAB_PURE=1`` in the environment, :func:`prefer_sources` (installed by ``cardlab/__init__.py``) makes
every ``cardlab.*`` module load from its ``.py`` instead, in this process and in its workers (they inherit
the environment), so both builds of one install can be compared game by game (:func:`identity`).

Left as Python on purpose: configuration classes and card loaders (pickled into worker processes,
where compiled frozen dataclasses fail to unpickle; Four Souls: ``config``, ``cards``, ``vocabulary``, the
deck and setup modules), test fixtures (``fixtures`` subclasses ``random.Random``). Hidden Reason keeps its card loader, config,
decks, events, scenarios, story and invariant checks as Python. The card definitions of every game
(``carddefs``; Four Souls' compiled behaviour, ``abilities``, too) are compiled (read at every step) and
rebuilt by their constructors when copied or pickled (``cardfiles.rebuilt_by_fields``); so are Four Souls'
public handles (``refs``: equality and hash written out as the dataclasses' were) and stack items
(``items``: a ``__deepcopy__`` over their fields for a search's copy). Four Souls' ``selectors`` names its
nested handlers (mypyc 2.4.1 stops on a lambda nested in a lambda).

Strategies: Four Souls' ``sensible`` family is compiled as its rules (``sensible_policy.SensiblePolicy``, a
native class Python subclasses may extend), ``reading``, ``valuing`` and the situation it reads
(``outlook.Outlook``: its lazy fields are properties); the registered player classes stay
Python (the kernel reads parameters from ``__init__`` signatures, which a compiled class does not keep;
``strategies.copying`` copies their state). A compiled class a search copies says how (``View.__reduce__``,
``Reader.__getstate__``). Gosu X's policies the same way: their rules are ``policy_rules``' native classes
(``Rules``, ``SensibleRules``, ``EvaluatorRules``) under the Python players, with ``valuing``'s ``Valuer``;
Hidden Reason's ``sensible`` family's are ``sensible_policy.SensiblePolicy`` (``racer`` and ``guardian`` stay
Python subclasses), its ``evaluator``'s ``evaluator_policy.EvaluatorPolicy``. A strategy's description is its ``description`` class
attribute (strategies/registry.py), not its docstring, which mypyc drops.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

# folder (as in the repository) → module names compiled there; the engines' hot paths
COMPILED: dict[str, tuple[str, ...]] = {
    "simulate/core": (
        "asking",
        "events",
        "seedmix",
        "shuffling",
    ),  # decisions and the door they are asked through, the event log, seed derivation (numpy: a third of a
    # Gosu X game), deck shuffles
    "simulate/gosu_x": (
        "actions",
        "carddefs",
        "battle",
        "draft",
        "effects",
        "engine",
        "hooks",
        "interpreter",
        "passing",
        "state",
        "targets",
        "triggers",
        "views",
        "wins",
        "zones",
    ),
    "simulate/four_souls": (
        "abilities",
        "asking",
        "attack",
        "carddefs",
        "checks",
        "costs",
        "counters",
        "damage",
        "dice",
        "effects",
        "exprs",
        "hooks",
        "interpreter",
        "items",
        "log",
        "plays",
        "refs",
        "replacements",
        "resolution",
        "resources",
        "roll_reader",
        "rowkeys",
        "statics",
        "targets",
        "triggers",
        "turn",
        "zones",
        "state",
        "statecopy",
        "challenge",
        "coop",
        "rooms",
        "rule_variants",
        "selectors",
        "soul_trading",
        "two_player",
        "trade",
        "views",
    ),
    "strategies/four_souls": ("outlook", "reading", "sensible_policy", "valuing"),
    "strategies/gosu_x": ("policy_rules", "valuing"),
    "strategies/hidden_reason": ("evaluator_policy", "sensible_policy"),
    "simulate/hidden_reason": (
        "carddefs",
        "combat",
        "effects",
        "hooks",
        "permanents",
        "resources",
        "stack",
        "state",
        "targets",
        "turn",
        "views",
        "zones",
    ),
}

PURE_ENV = "CARDLAB_PURE"
# how mypy (and mypyc, which runs it first) reads the compiled modules: imports outside them are followed
# for their types but not reported on (the kernel and card data are not held to the compiled modules' bar)
MYPY_FLAGS = ("--ignore-missing-imports", "--follow-imports=silent")
_FOLDERS = ("simulate", "strategies")  # the repository's folders the compiled modules live in or import


def stage(root: Path, dest: Path) -> list[str]:
    """Copy the sources under ``dest`` laid out as installed (``simulate/`` as ``cardlab/simulate``): mypy and
    mypyc name a module after its path. Returns the compiled modules' paths relative to ``dest``."""
    skip = shutil.ignore_patterns("__pycache__", "*.so", "*.pyd")
    shutil.copytree(root / "cardlab", dest / "cardlab", ignore=skip)
    for folder in _FOLDERS:
        shutil.copytree(root / folder, dest / "cardlab" / folder, ignore=skip)
    return [f"cardlab/{folder}/{name}.py" for folder, names in COMPILED.items() for name in names]


def typecheck(root: Path | None = None) -> int:
    """mypy over the compiled modules, laid out as installed, in a scratch folder (CI's mypy step: issue
    20 item 2). Returns mypy's exit status: 0 only when no module has an error."""
    root = root or Path(__file__).resolve().parents[1]
    if not all((root / folder).is_dir() for folder in _FOLDERS):
        print(f"no checkout at {root}: the type check reads the repository's sources", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as scratch:
        paths = stage(root, Path(scratch))
        done = subprocess.run(
            [sys.executable, "-m", "mypy", "--no-incremental", *MYPY_FLAGS, *paths], cwd=scratch, check=False
        )
    return done.returncode


def module_names() -> list[str]:
    """The import names of the compiled modules (``simulate/gosu_x`` → ``cardlab.simulate.gosu_x``)."""
    return [f"cardlab.{folder.replace('/', '.')}.{m}" for folder, mods in COMPILED.items() for m in mods]


def pure_requested() -> bool:
    return os.environ.get(PURE_ENV, "") == "1"


def pure_problem() -> str | None:
    """What is wrong with the environment's ``CARDLAB_PURE``, if anything: only 1 asks for the sources, so
    ``yes`` or ``true`` ran the compiled build without a word. Plain text (this file also runs, alone, in
    ``setup.py``); the command line makes it its one error line."""
    value = os.environ.get(PURE_ENV, "")
    if value in ("", "0", "1"):
        return None
    return f"{PURE_ENV}={value!r}: set it to 1 for the pure-Python build, or to 0"


def install_pure() -> bool:
    """At install time (``setup.py``): whether to build pure Python. The variable means what it means at run
    time, so an odd value stops the install with the run time's line (exit 2) rather than compiling
    while the person asked, in other words, for the pure build."""
    problem = pure_problem()
    if problem:
        print(f"cardlab: error: {problem}", file=sys.stderr)
        raise SystemExit(2)
    return pure_requested()


class _SourcesFirst(importlib.abc.MetaPathFinder):
    """Loads a ``cardlab.*`` module from its ``.py`` when a compiled one sits beside it."""

    def find_spec(self, name: str, path: Any, target: Any = None) -> Any:
        if not name.startswith("cardlab.") or not path:
            return None
        leaf = name.rpartition(".")[2]
        for entry in path:
            source = os.path.join(entry, leaf + ".py")
            if os.path.isfile(source) and any(
                os.path.exists(os.path.join(entry, leaf + suffix))
                for suffix in importlib.machinery.EXTENSION_SUFFIXES
            ):
                return importlib.util.spec_from_file_location(name, source)
        return None


def prefer_sources() -> None:
    """Make every ``cardlab.*`` module load from source from now on (``CARDLAB_PURE=1``)."""
    if not any(isinstance(f, _SourcesFirst) for f in sys.meta_path):
        sys.meta_path.insert(0, _SourcesFirst())


def running() -> list[str]:
    """The compiled modules this process runs (imports them: the engines are loaded anyway)."""
    out = []
    for name in module_names():
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        origin = getattr(module, "__file__", "") or ""
        if origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)):
            out.append(name)
    return out


def describe() -> str:
    """One line for `cardlab --version` and `cardlab bench`: which build runs."""
    compiled = running()
    total = len(module_names())
    if compiled:
        return f"compiled build (mypyc): {len(compiled)} of {total} modules compiled"
    if pure_requested():
        return f"pure-Python build ({PURE_ENV}=1)"
    return "pure-Python build (no compiled modules installed)"


# ---- the identity check: the same seeded games give the same event logs in both builds --------------
CASES: tuple[tuple[str, int, tuple[str, ...], tuple[str, ...]], ...] = (
    ("gosu-x", 2, (), ()),
    ("gosu-x", 2, ("random",), ()),
    ("gosu-x", 2, ("sensible", "random"), ()),
    ("gosu-x", 2, ("evaluator", "battle"), ()),
    ("gosu-x", 2, (), ("combat-values=1,2,4",)),
    ("gosu-x", 2, ("sensible:pass_lead=8,activate_base=2", "evaluator:w_hand=2,draft=greedy"), ()),
    ("gosu-x", 2, (), ("clans=Themis+Golem+Phoenix/Xian+Tomorrow+Goan Sul",)),
    ("four-souls", 4, (), ()),
    ("four-souls", 2, ("random",), ()),
    ("four-souls", 3, ("sensible", "random"), ("sets=all",)),
    ("four-souls", 4, ("aggro", "hoarder", "evaluator", "sensible"), ()),
    ("four-souls", 3, (), ("sets=all", "variant=rooms")),
    ("four-souls", 2, (), ("variant=co-op",)),
    ("four-souls", 3, (), ("variant=soul-trading", "variant=extended-trade")),
    ("hidden-reason", 2, (), ()),
    ("hidden-reason", 3, (), ()),
    ("hidden-reason", 4, ("sensible", "racer", "guardian", "evaluator"), ()),
    ("hidden-reason", 2, ("random", "evaluator"), ()),
    ("hidden-reason", 3, ("guardian:margin=2", "racer", "sensible"), ()),
)


def hashes(n_games: int, cases: Sequence[tuple[str, int, tuple[str, ...], tuple[str, ...]]] = CASES) -> dict:
    """SHA-256 of the event rows, winners and decisions of ``n_games`` seeded games per case."""
    from cardlab.simulate import games
    from cardlab.simulate.core.runner import play_game

    from .soak import parse_options
    from .wiring import plan_from_options

    out = {}
    for game, players, strategies, options in cases:
        spec = games.get(game)
        plan = plan_from_options(
            spec,
            n_games=n_games,
            run_seed=7,
            n_players=players,
            strategy_texts=strategies,
            batch_size=n_games,
            max_turns=None,
            log_events=True,
            game_options=parse_options(spec, options),
        )
        h = hashlib.sha256()
        for i in range(n_games):
            result = play_game(plan, i, log_events=True)
            h.update(repr((result.events.rows, result.winners, result.decisions)).encode())
        out[" ".join((game, f"{players}p", ",".join(strategies) or "default", *options))] = h.hexdigest()
    return out


# ---- the seeded runs: one hash each, to show a change leaves the games as they were -----------------
# Named for commit messages and docs; a pure speed change leaves all seven unchanged, a change of rules or
# play says which of them it changes (docs/performance.md, "Check").
SEEDED: dict[str, tuple[tuple[str, int, tuple[str, ...], tuple[str, ...]], int]] = {
    "fs4s": (("four-souls", 4, (), ()), 16),
    "fs2r": (("four-souls", 2, ("random",), ()), 30),
    "fs3all": (("four-souls", 3, (), ("sets=all",)), 16),
    "fscoop": (("four-souls", 2, (), ("variant=co-op",)), 10),
    "fsrooms": (("four-souls", 3, (), ("sets=all", "variant=rooms")), 10),
    "gx": (("gosu-x", 2, (), ()), 60),
    "hr": (("hidden-reason", 3, (), ()), 60),
}


def seeded(names: Sequence[str] = ()) -> dict[str, str]:
    """The first 16 hex digits of each named seeded run's hash (all seven when ``names`` is empty)."""
    unknown = [n for n in names if n not in SEEDED]
    if unknown:
        raise ValueError(f"unknown seeded run {unknown[0]!r}; known: {', '.join(SEEDED)}")
    out = {}
    for name in names or SEEDED:
        case, n_games = SEEDED[name]
        (digest,) = hashes(n_games, (case,)).values()
        out[name] = digest[:16]
    return out


def identity(n_games: int = 20) -> tuple[bool, str]:
    """Play the identity cases in two fresh processes, compiled and ``CARDLAB_PURE=1``; (same?, report)."""
    code = f"from cardlab.compiled import hashes, describe; print(describe()); print(hashes({int(n_games)}))"
    lines = []
    results = []
    for pure in (False, True):
        env = {k: v for k, v in os.environ.items() if k != PURE_ENV}
        if pure:
            env[PURE_ENV] = "1"
        done = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=False, cwd=os.sep
        )
        if done.returncode != 0:
            return False, done.stderr.strip().splitlines()[-1] if done.stderr.strip() else "failed"
        build, found = done.stdout.strip().splitlines()[-2:]
        lines.append(build)
        results.append(found)
    same = results[0] == results[1]
    verdict = "identical" if same else "DIFFERENT"
    return (
        same,
        f"{lines[0]} vs {lines[1]}: event-log hashes {verdict} over {len(CASES)} cases × {n_games} games",
    )


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m cardlab.compiled [N]``: the identity check (CI runs it on the compiled install); exit 1
    when the builds differ or no module is compiled. ``python -m cardlab.compiled --typecheck``: mypy over
    the compiled modules from a checkout (CI's mypy step), mypy's exit status. ``python -m cardlab.compiled
    --seeded [NAME …]``: the seeded runs' hashes (``SEEDED``), a line each."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["--typecheck"]:
        return typecheck()
    if args[:1] == ["--seeded"]:
        try:
            runs = seeded(args[1:])
        except ValueError as err:
            print(f"cardlab.compiled --seeded: {err}", file=sys.stderr)
            return 2
        print(f"# {describe()}")
        for name, digest in runs.items():
            print(name, digest)
        return 0
    same, report = identity(int(args[0]) if args else 20)
    print(report)
    if not running():
        print("no compiled module is installed: nothing was compared")
        return 1
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
