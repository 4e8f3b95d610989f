"""The house's import rules (DESIGN: The house), read from the source with `ast` — every import counts,
function-local ones included, so a rule cannot be dodged by importing late.

Installed, the project is one import name, ``cardlab``: the repository's folders ``simulate/``,
``strategies/``, ``analysis/`` and ``decklists/`` are the packages ``cardlab.simulate`` … (see setup.py).

Layers, lowest first: ``simulate.core`` ← ``simulate.<game>`` ← ``strategies.<game>``; ``analysis`` knows
the Parquet schema and the run format only (it may read ``simulate.core``'s table definitions,
``simulate.core.runformat`` and the games' declarations it holds (``simulate.core.analysis_spec``), and raise ``simulate.core.errors``' UserError, and word counts with ``simulate.core.wording``, never an engine or a strategy);
``cardlab`` (the command line and library API) is the one place that wires everything together.

Inside an engine, its modules form layers too (``ENGINE_LAYERS``, lowest first): a module imports only
modules of lower layers, so the engine reads bottom-up and has no import cycle.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MAPPED = ("simulate", "strategies", "analysis", "decklists")  # folders installed as cardlab.<folder>
PACKAGES = (*MAPPED, "cardlab")
ENGINES = ("four_souls", "gosu_x", "hidden_reason")


# Each engine's modules, lowest layer first; a module may import only modules of lower layers (never its
# own layer or a higher one). Every module of the engine must be placed. Mutual recursion the rules need
# (a verb's damage is replaced by an effect that runs verbs) goes through a registry filled from above
# (the handlers of four_souls.vocabulary.VERBS / HOOKS, bound from above), never through an upward import.
ENGINE_LAYERS: dict[str, list[tuple[str, ...]]] = {
    "four_souls": [
        # the card vocabulary (its words' handlers are bound from above), the event log; card data, the game state
        # rowkeys: a roll table's row keys, read by the engine and the players; seen: what each seat knows of a
        # deck's order
        ("vocabulary", "rowkeys", "log", "carddefs", "abilities", "seen"),
        ("refs",),  # public handles: a card's handle holds its typed card and rules
        ("state", "decision_kinds"),  # an object's card and rules typed (carddefs, abilities)
        ("exprs", "cards"),
        ("overrides", "ratios", "collection"),
        ("coop", "counters", "items", "blank_card", "gains", "lineage"),
        ("challenge", "sides"),
        # reading the state: expressions, static abilities (FS-5.2), selectors; asking a player
        ("statics",),
        ("asking", "selectors"),
        # putting things on the stack and into zones; rolls; the effect interpreter; triggers
        ("targets", "dice", "zones"),
        ("rooms", "interpreter", "triggers"),
        # state-changing actions: replacements, resources and moves, damage and deaths
        # roll_reader: a roll table's reader (a cancelled die of dice rolled together hands its group on)
        ("replacements", "roll_reader"),
        ("resources",),
        ("damage", "rule_variants"),
        # what uses the actions: costs, variant rules, state checks, hooks, verbs, legal plays
        ("costs", "two_player", "checks", "hooks"),
        ("plays",),  # legal plays and taking an action (verbs that make a player act use them)
        ("effects", "soul_trading", "trade", "numbers"),
        # priority and resolution (FS-7, FS-13 death steps)
        ("resolution",),
        # attacks, what a player may know, invariants; the turn; compiling cards
        ("attack", "views", "invariants"),
        ("turn", "rules"),
        ("statecopy",),  # the copy of a position a search branch plays on (compiled: its own module)
        ("branching",),  # search's re-deal and copies, which resume a turn (turn.play_out)
        ("coupling",),  # a search branch's coupled draws (reads branching's record of what each seat knows)
        # the supply, variants and config; setting up and playing a game
        ("decks", "variants"),
        ("config",),
        ("setup",),
        ("story",),  # the replay's story, folded from the events
        ("fixtures", "__init__"),
    ],
    "gosu_x": [
        ("carddefs",),  # card definitions (compiled), made by the loader, read everywhere
        ("cards", "decision_kinds", "refs"),  # card data, the decision kinds, what a player holds of a card
        ("config",),
        ("state",),
        ("wins", "branching"),  # the instant win (GX-11.1c); re-dealing hidden cards for search
        ("interpreter",),  # runs steps; the handlers register from effects.py (interpreter.STEP)
        ("triggers",),
        ("zones", "passing"),  # the primitive operations (GX-12); passing (GX-8)
        ("targets", "battle", "draft", "invariants"),
        ("hooks", "views"),
        ("effects",),  # the step handlers
        ("actions",),
        ("engine", "story"),
        ("scenario", "__init__"),  # building positions for rule tests (simulate.core.testing.Scenario)
    ],
    # Hidden Reason: the card loader knows the hook names (the registry cards.HOOKS); hooks.py binds the handlers
    "hidden_reason": [
        ("carddefs",),  # card definitions (compiled), made by the loader, read everywhere
        ("cards", "events", "decision_kinds"),  # card data, the event vocabulary and the decision kinds
        ("state", "decks"),  # the game state; card pools and decks
        ("config", "targets", "resources", "permanents", "branching"),  # reading the state; primitive changes
        ("views", "zones"),  # what a player may know; moving cards between zones
        ("hooks",),
        ("effects",),  # the verbs
        ("stack",),  # playing, paying, priority, resolution (HR-7)
        ("combat",),
        ("turn",),
        ("invariants", "story"),
        ("scenario", "__init__"),  # building positions for rule tests (simulate.core.testing.Scenario)
    ],
}


# A game's strategies layer the same way: reading a card (``reading``) below valuing it (``valuing``) below
# the players that use both, so a reading never reaches up into a valuation.
STRATEGY_LAYERS: dict[str, list[tuple[str, ...]]] = {
    "four_souls": [
        ("outlook",),  # the situation read in, and a typical death's price (imports nothing of the players)
        # what a card says; the character draft table; a monster's lasting harm
        ("reading", "drafts", "lasting"),
        ("valuing",),  # what things are worth, read through `reading`
        ("sensible_policy",),  # sensible's rules (compiled); `sensible` is its player class
        ("sensible",),
        ("aggro", "hoarder", "evaluator"),
        ("horizon",),  # the search's evaluation (plays out with sensible / evaluator)
        ("restricted", "search"),
        ("__init__",),
    ],
}


def _module_name(path: Path) -> str:
    """The installed name of a source file: ``simulate/core/runner.py`` is ``cardlab.simulate.core.runner``."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    if parts[0] in MAPPED:
        parts.insert(0, "cardlab")
    return ".".join(parts)


def _layer(module: str) -> list[str]:
    """``cardlab.simulate.core.x`` → ``[simulate, core, x]``; the wiring layer ``cardlab.cli`` → ``[cardlab, cli]``."""
    parts = module.split(".")
    return parts[1:] if len(parts) > 1 and parts[0] == "cardlab" and parts[1] in MAPPED else parts


def _imports(path: Path) -> list[tuple[int, str]]:
    """Every project module ``path`` imports, absolute, with its line number."""
    return _imports_of(path.read_text(encoding="utf-8"), _module_name(path), path.name == "__init__.py")


def _imports_of(text: str, module: str, is_package: bool) -> list[tuple[int, str]]:
    package = module.split(".") if is_package else module.split(".")[:-1]
    found = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                names = [".".join([*base, node.module] if node.module else base)]
                if not node.module:  # `from . import x`: each name may be a module
                    names = [".".join([*base, alias.name]) for alias in node.names]
            else:
                names = [node.module or ""]
        else:
            continue
        found += [(node.lineno, name) for name in names if name.split(".")[0] in PACKAGES]
    return found


def _sources() -> list[Path]:
    return sorted(p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py"))


def _allowed(src: str, dst: str) -> bool:
    """May module ``src`` import module ``dst``?"""
    s, d = _layer(src), _layer(dst)
    if s[0] == "cardlab":  # the wiring layer
        return True
    if s[0] == "analysis":
        return d[0] == "analysis" or ".".join(d).startswith(
            (
                "simulate.core.tables",
                "simulate.core.runformat",
                "simulate.core.analysis_spec",
                "simulate.core.errors",
                "simulate.core.wording",
            )
        )
    if s[0] == "strategies":
        if d[0] == "strategies":
            return len(s) < 2 or len(d) < 2 or s[1] not in ENGINES or d[1] == s[1] or d[1] not in ENGINES
        engine = s[1] if len(s) > 1 and s[1] in ENGINES else None
        return d[0] == "simulate" and (len(d) < 2 or d[1] == "core" or d[1] == engine)
    if s[0] == "simulate":
        if d[0] == "decklists":  # bundled data files are found through their package
            return True
        if d[0] != "simulate":
            return False
        if len(s) > 1 and s[1] == "core":
            return len(d) > 1 and d[1] == "core"
        if len(s) > 1 and s[1] in ENGINES:
            return len(d) > 1 and d[1] in ("core", s[1])
        return True  # simulate.games: the registry of engines
    if s[0] == "decklists":
        return d[0] == "decklists"
    return False


def test_every_import_follows_the_layers():
    broken = [
        f"{path.relative_to(ROOT)}:{line}: {_module_name(path)} imports {name}"
        for path in _sources()
        for line, name in _imports(path)
        if not _allowed(_module_name(path), name)
    ]
    assert not broken, "imports against DESIGN's layers:\n" + "\n".join(broken)


def _engine_layer_breaks(engine: str, layers: list[tuple[str, ...]], package: str = "simulate") -> list[str]:
    """Imports inside ``package/engine`` that do not go strictly downward (function-local ones included)."""
    level = {module: i for i, group in enumerate(layers) for module in group}
    folder = ROOT / package / engine
    prefix = f"cardlab.{package}.{engine}"
    out = []
    for path in sorted(folder.glob("*.py")):
        src = path.stem
        if src not in level:
            out.append(f"{path.relative_to(ROOT)}: module {src!r} is not placed in ENGINE_LAYERS[{engine!r}]")
            continue
        for line, name in _imports(path):
            if not name.startswith(prefix + "."):
                continue
            dst = name[len(prefix) + 1 :].split(".")[0]
            if dst not in level:
                out.append(f"{path.relative_to(ROOT)}:{line}: imports {dst!r}, which is not placed")
            elif level[dst] >= level[src]:
                out.append(
                    f"{path.relative_to(ROOT)}:{line}: {src} (layer {level[src]}) imports {dst} "
                    f"(layer {level[dst]}): not a lower layer"
                )
    placed = [m for group in layers for m in group]
    out += [f"ENGINE_LAYERS[{engine!r}] places {m!r} twice" for m in set(placed) if placed.count(m) > 1]
    out += [
        f"ENGINE_LAYERS[{engine!r}] places {m!r}, which does not exist"
        for m in placed
        if not (folder / f"{m}.py").exists()
    ]
    return out


@pytest.mark.parametrize("engine", sorted(ENGINE_LAYERS))
def test_engine_imports_go_down_its_layers(engine):
    broken = _engine_layer_breaks(engine, ENGINE_LAYERS[engine])
    assert not broken, f"{engine}: imports against its layers:\n" + "\n".join(broken)


@pytest.mark.parametrize("game", sorted(STRATEGY_LAYERS))
def test_strategy_imports_go_down_their_layers(game):
    broken = _engine_layer_breaks(game, STRATEGY_LAYERS[game], package="strategies")
    assert not broken, f"strategies/{game}: imports against its layers:\n" + "\n".join(broken)


def test_the_engine_layer_rule_itself(tmp_path, monkeypatch):
    """The layer check must be able to fail: an upward import, a same-layer import, a function-local
    upward import and an unplaced module are each reported; a correct order passes."""
    engine = tmp_path / "simulate" / "probe_engine"
    engine.mkdir(parents=True)
    (engine / "low.py").write_text("X = 1\n")
    (engine / "mid.py").write_text("from . import low\n")
    (engine / "side.py").write_text("from .mid import X\n")
    (engine / "high.py").write_text("def f():\n    from .low import X\n")
    (engine / "stray.py").write_text("")
    monkeypatch.setitem(globals(), "ROOT", tmp_path)
    assert not _engine_layer_breaks("probe_engine", [("low",), ("mid",), ("side", "high", "stray")])
    broken = _engine_layer_breaks("probe_engine", [("high",), ("mid", "side"), ("low",)])
    assert any("high (layer 0) imports low (layer 2)" in b for b in broken)  # function-local, upward
    assert any("mid (layer 1) imports low (layer 2)" in b for b in broken)
    assert any("side (layer 1) imports mid (layer 1)" in b for b in broken)  # same layer
    assert any("'stray' is not placed" in b for b in broken)


@pytest.mark.parametrize(
    ("src", "dst", "ok"),
    [
        ("cardlab.simulate.core.runner", "cardlab.simulate.four_souls.state", False),
        ("cardlab.simulate.four_souls.stack", "cardlab.simulate.gosu_x.state", False),
        ("cardlab.simulate.four_souls.stack", "cardlab.strategies.four_souls.sensible", False),
        ("cardlab.strategies.gosu_x.sensible", "cardlab.simulate.four_souls.state", False),
        ("cardlab.strategies.gosu_x.sensible", "cardlab.strategies.four_souls.sensible", False),
        ("cardlab.strategies.gosu_x.sensible", "cardlab.simulate.gosu_x.state", True),
        ("cardlab.analysis.report", "cardlab.simulate.gosu_x.state", False),
        ("cardlab.analysis.report", "cardlab.strategies.registry", False),
        ("cardlab.analysis.report", "cardlab.simulate.core.tables", True),
        ("cardlab.analysis.runs", "cardlab.simulate.core.runformat", True),
        ("cardlab.analysis.runs", "cardlab.simulate.core.runner", False),
        ("cardlab.cli", "cardlab.strategies.registry", True),
    ],
)
def test_the_layer_rule_itself(src, dst, ok):
    """The checker must be able to fail: each forbidden direction is refused, each allowed one passes."""
    assert _allowed(src, dst) is ok


def test_one_top_level_name():
    """Every import of a project module goes through ``cardlab.``: a bare ``simulate``/``analysis``… import
    works only from a checkout and would load a second copy of the module beside the installed one."""
    bare = [
        f"{path.relative_to(ROOT)}:{line}: {name}"
        for path in [*_sources(), *sorted((ROOT / "tests").rglob("*.py"))]
        for line, name in _imports(path)
        if name.split(".")[0] in MAPPED
    ]
    assert not bare, "imports outside the cardlab namespace:\n" + "\n".join(bare)


def test_function_local_and_relative_imports_are_seen():
    """A late import inside a function counts like a top-level one; relative imports are resolved."""
    text = "from . import runner\nfrom ..gosu_x import state\ndef f():\n    from cardlab.strategies.four_souls import sensible\n"
    found = _imports_of(text, "cardlab.simulate.core.probe", is_package=False)
    assert found == [
        (1, "cardlab.simulate.core.runner"),
        (2, "cardlab.simulate.gosu_x"),
        (4, "cardlab.strategies.four_souls"),
    ]
    assert [_allowed("cardlab.simulate.core.probe", name) for _, name in found] == [True, False, False]


def test_the_hidden_reason_layer_check_can_fail():
    """Moving a module below what it imports (stack into the lowest layer) is reported."""
    layers = [
        ("stack",),
        *[tuple(m for m in g if m != "stack") for g in ENGINE_LAYERS["hidden_reason"] if g != ("stack",)],
    ]
    assert any("stack (layer 0) imports effects" in b for b in _engine_layer_breaks("hidden_reason", layers))
