"""Mutated card, deck and ratio files of every game (issue 8): `cardlab cards check` either accepts the file or
fails with one CardDataError line naming the file — never another exception, never a traceback."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlab.cli import cli
from cardlab.simulate import games
from cardlab.simulate.core.errors import UserError

DECKLISTS = Path(__file__).resolve().parent.parent / "decklists"
FILES = {  # (game, a bundled file of each kind the game validates)
    "gosu-x": ["gosu_x/golem.yaml", "gosu_x/xian.yaml"],
    "hidden-reason": ["hidden_reason/cards/legion.yaml", "hidden_reason/decks/legion_aggro.yaml"],
    "four-souls": ["four_souls/ratios/official.yaml"],
}
CASES = [(game, name) for game, names in FILES.items() for name in names]
MUTATIONS = st.sampled_from(["delete", "duplicate", "insert", "indent", "dedent", "replace", "binary"])
JUNK = st.one_of(
    st.text(alphabet=" :-{}[]#'\"abc1\t!&*|>", max_size=8),
    st.sampled_from(
        [
            "-1",
            "999999999999999999999",
            "null",
            "[]",
            "{}",
            "yes",
            "on",
            "1.5",
            "~",
            "!!python/object:os.system",
        ]
    ),
)


def mutate(lines: list[str], op: str, at: int, junk: str) -> bytes:
    i = at % len(lines)
    if op == "delete":
        del lines[i]
    elif op == "duplicate":
        lines.insert(i, lines[i])
    elif op == "insert":
        lines[i] = lines[i][: len(lines[i]) // 2] + junk + lines[i][len(lines[i]) // 2 :]
    elif op == "indent":
        lines[i] = "  " + lines[i]
    elif op == "dedent":
        lines[i] = lines[i][2:]
    elif op == "replace" and ":" in lines[i]:
        lines[i] = lines[i].split(":", 1)[0] + ": " + junk
    elif op == "binary":
        return ("\n".join(lines) + "\n").encode()[: at % 500] + b"\x00\xff\xfe" + junk.encode()
    return ("\n".join(lines) + "\n").encode()


@pytest.mark.parametrize(("game", "name"), CASES, ids=[f"{g}:{n}" for g, n in CASES])
@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(op=MUTATIONS, at=st.integers(0, 100_000), junk=JUNK)
def test_mutated_files_are_accepted_or_one_line(game, name, op, at, junk):
    spec = games.get(game)
    source = DECKLISTS / name
    folder = Path(tempfile.mkdtemp())
    try:
        path = folder / source.name
        path.write_bytes(mutate(source.read_text(encoding="utf-8").splitlines(), op, at, junk))
        try:
            spec.check_cards(str(path))
        except UserError as err:  # CardDataError is a UserError
            message = str(err)
            assert "\n" not in message and message, message
        result = CliRunner().invoke(cli, ["cards", "check", str(path), "--game", game])
        assert result.exit_code in (0, 2), (op, junk, result.output, result.exception)
        assert "Traceback" not in result.output
        if result.exit_code == 2:
            assert result.output.startswith("error: ") and result.output.count("\n") == 1, result.output
    finally:
        shutil.rmtree(folder)
