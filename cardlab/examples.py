"""Example outputs in README.md and docs/*.md, produced from the current code (like cog).

Each excerpt sits between ``<!-- example: NAME -->`` and ``<!-- /example -->`` in a Markdown file, and a
function here runs the small commands it shows and returns the text. ``python -m cardlab.examples``
rewrites every excerpt; ``python -m cardlab.examples --check`` (and tests/test_docs_examples.py) fails
while any excerpt differs from what the code gives now, so a change that alters an output cannot leave a
stale example behind. Runs are small so the check stays fast.
"""

from __future__ import annotations

import re
import sys
import tempfile
from collections.abc import Callable, Collection
from pathlib import Path

from click.testing import CliRunner

ROOT = Path(__file__).resolve().parents[1]
FILES = (
    "README.md",
    "docs/report.md",
    "docs/api.md",
    "docs/four_souls.md",
    "docs/gosu_x.md",
    "docs/hidden_reason.md",
)
_BLOCK = re.compile(r"(<!-- example: (?P<name>[\w-]+) -->\n)(?P<body>.*?)(<!-- /example -->)", re.S)


def _cli(*args: str) -> str:
    from .cli import cli

    jobs = ["-j", "1"] if args[0] in ("simulate", "sweep") else []  # same results for any -j
    result = CliRunner().invoke(cli, [*args, *jobs], catch_exceptions=False)
    if result.exit_code != 0:
        raise RuntimeError(f"cardlab {' '.join(args)} exited {result.exit_code}: {result.output}")
    return result.output


def _section(text: str, title: str) -> str:
    """One table of a printed report: its title line up to the next blank line."""
    start = text.index("\n" + title + "\n") + 1
    end = text.find("\n\n", start)
    return text[start : end if end >= 0 else len(text)]


def _fenced(body: str) -> str:
    return "```\n" + body.rstrip("\n") + "\n```\n"


def readme_report(tmp: Path) -> str:
    _cli("simulate", "gosu-x", "--games", "400", "--seed", "1", "-q", "--out", str(tmp), "--name", "gx")
    text = _cli("report", str(tmp / "gx"))
    titles = ("Win rate by clans", "Win rate by place in turn order", "Game length (rounds)")
    return _fenced("\n\n".join(_section(text, t) for t in titles))


def readme_compare(tmp: Path) -> str:
    common = ["four-souls", "-p", "2", "-n", "200", "--seed", "3", "-q", "--out", str(tmp)]
    _cli("simulate", *common, "--name", "base")
    _cli("simulate", *common, "--name", "gurdy", "--set", "Gurdy.hp=8")
    text = _cli("compare", str(tmp / "base"), str(tmp / "gurdy"), "--by", "character")
    keep = [line for line in text.splitlines() if line.startswith(("Games whose", "Paired:"))]
    return _fenced("\n".join(keep))


def readme_replay(tmp: Path) -> str:
    _cli(
        "simulate", "four-souls", "-p", "2", "-n", "1", "--seed", "5", "-q", "--out", str(tmp), "--name", "fs"
    )
    lines = _cli("replay", str(tmp / "fs"), "--game", "0").splitlines()
    third = next(i for i, line in enumerate(lines) if line.startswith("Turn 3 "))
    return _fenced("\n".join(lines[:third]) + "\n…")


def report_sweep(tmp: Path) -> str:
    args = ["sweep", "hidden-reason", "--vary", "boss-hp-per-player=20..30:5", "-n", "150"]
    _cli(*args, "-s", "sensible,racer", "-q", "--out", str(tmp), "--name", "hr-sweep")
    text = (tmp / "hr-sweep" / "report.md").read_text()
    start = text.index("| strategy |")
    return text[start : text.index("\n\n", start)] + "\n"


def python_session(tmp: Path, steps: list[str]) -> str:
    """A notebook-style session: each step runs in one namespace (in ``tmp``) and is shown as ``>>> code``
    followed by what it prints, the repr of its value, or the one line of the UserError it raises."""
    import code
    import contextlib
    import io
    import os

    from cardlab.simulate.core.errors import UserError

    tmp.mkdir(parents=True, exist_ok=True)
    shown, namespace, here = [], {}, os.getcwd()
    os.chdir(tmp)
    try:
        for step in steps:
            lines = step.splitlines()
            shown += [">>> " + lines[0], *("... " + line for line in lines[1:])]
            printed = io.StringIO()
            with contextlib.redirect_stdout(printed):
                try:
                    exec(code.compile_command(step + "\n", symbol="single"), namespace)
                except UserError as exc:
                    print(f"Traceback (most recent call last):\n  ...\nUserError: {exc}")
            shown += printed.getvalue().rstrip("\n").splitlines()
    finally:
        os.chdir(here)
    return "```python\n" + "\n".join(shown) + "\n```\n"


def readme_api(tmp: Path) -> str:
    return python_session(
        tmp,
        [
            "import cardlab.api as cl",
            "import polars as pl",
            'run = cl.simulate("gosu-x", games=400, seed=1, strategy="sensible,random", name="gx")',
            "run",
            "run.manifest.game, run.manifest.n_players, run.manifest.config_hash",
            '(run.players.group_by("strategy")\n'
            ' .agg(pl.len().alias("seats"), pl.col("win").mean().round(3).alias("win rate"))\n'
            ' .sort("strategy").collect())',
            'run.sql("SELECT end_reason, count(*) AS games, round(avg(turns), 1) AS turns '
            'FROM games GROUP BY ALL ORDER BY games DESC")',
            "report = cl.report(run, write=False)",
            "[section.title for section in report.sections][:4]",
            'a = cl.simulate("hidden-reason", games=200, seed=2, name="hr")',
            'b = cl.simulate("hidden-reason", games=200, seed=2, name="hr-30", boss_hp_per_player=30)',
            "print(cl.compare(a, b))",
            "print(cl.replay(a, 0).lines[0])",
            'cl.simulate("gosu-x", players=3)',
        ],
    )


def decision_kinds(game: str) -> Callable[[Path], str]:
    """A game page's table of decision kinds, from its ``GameSpec.decision_kinds`` (issue 17)."""

    def table(_tmp: Path) -> str:
        from cardlab.simulate import games

        rows = [f"| `{k}` | {d.asks} | {d.options} |" for k, d in games.get(game).decision_kinds.items()]
        return "\n".join(["| Kind | What is decided | Options |", "|---|---|---|", *rows]) + "\n"

    return table


def four_souls_sets(_tmp: Path) -> str:
    """docs/four_souls.md's table of the whole collection: encoded cards per set, left-out by reason."""
    from cardlab.simulate.four_souls import cards, collection, decks

    pool = cards.load_pool(None)
    return collection.coverage_table(pool, decks.build_supply(pool, 4))


def four_souls_expansion_triggers(_tmp: Path) -> str:
    """docs/four_souls.md's list of the triggers only expansion cards use (generated from the trigger
    registry, so it never falls behind VOCABULARY.md)."""
    from cardlab.simulate.four_souls import vocabulary

    rows = [
        f"- `{t.name}` ({t.rules}): {t.summary}"
        for t in vocabulary.TRIGGERS.values()
        if not t.used and not t.summary.startswith("reserved")
    ]
    return "\n".join(rows) + "\n"


EXAMPLES: dict[str, Callable[[Path], str]] = {
    "readme-api": readme_api,
    "readme-report": readme_report,
    "readme-compare": readme_compare,
    "readme-replay": readme_replay,
    "report-sweep": report_sweep,
    "four-souls-sets": four_souls_sets,
    "four-souls-expansion-triggers": four_souls_expansion_triggers,
    **{f"decision-kinds-{g}": decision_kinds(g) for g in ("four-souls", "gosu-x", "hidden-reason")},
}


def regenerate(check: bool = False, names: Collection[str] | None = None) -> list[str]:
    """Rewrite (or, with ``check``, only compare) every excerpt, or only the ones named (the test checks them one
    by one, so a parallel run spreads them); returns the places that differed."""
    stale = []
    with tempfile.TemporaryDirectory() as tmp:
        made: dict[str, str] = {}
        for rel in FILES:
            path = ROOT / rel
            text = path.read_text()

            def fill(match: re.Match, where: str = rel) -> str:
                name = match["name"]
                if name not in EXAMPLES:
                    raise KeyError(f"{where}: unknown example '{name}' (known: {', '.join(EXAMPLES)})")
                if names is not None and name not in names:
                    return match[0]
                if name not in made:
                    made[name] = EXAMPLES[name](Path(tmp) / name)
                if made[name] != match["body"]:
                    stale.append(f"{where}: {name}")
                return match[1] + made[name] + match[4]

            new = _BLOCK.sub(fill, text)
            if not check and new != text:
                path.write_text(new)
    return stale


def main() -> None:
    check = "--check" in sys.argv[1:]
    stale = regenerate(check)
    if check and stale:
        print("stale examples (run `python -m cardlab.examples`): " + "; ".join(stale))
        sys.exit(1)
    print(("regenerated: " + "; ".join(stale)) if stale else "examples up to date")


if __name__ == "__main__":
    main()
