"""Bad command-line values, tried systematically (issue 8): always one line, exit 2, nothing written."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlab.cli import cli

junk = st.one_of(
    st.text(min_size=1, max_size=12).filter(lambda s: not s.strip().lstrip("-").isdigit()),
    st.integers(max_value=0).map(str),
    st.integers(min_value=10**10 + 1, max_value=10**40).map(str),  # too many games; other options accept it
    st.sampled_from(["1e3", "0x10", "NaN", "inf", "-", "--", "", " ", "3.5", "\x00", "∞", "１２"]),
)
# options whose every value here is invalid for the Pig fixture game
NUMERIC = ["--games", "--batch-size", "--max-turns", "--target"]
CHOICES = ["--backend", "--players", "--jobs", "--strategy", "--until-ci", "--sprt", "--ci-by"]


def run(args: list[str]):
    out = Path(tempfile.mkdtemp())
    try:
        result = CliRunner().invoke(cli, ["simulate", "pig", "-q", "--out", str(out), *args])
        written = list(out.iterdir())
    finally:
        shutil.rmtree(out)
    return result, written


def _as_int(text: str) -> int:
    """``int(text)`` as click's INT type reads it, or 0 when it cannot."""
    try:
        return int(text)
    except ValueError:
        return 0


def check_rejected(result, written, args) -> None:
    assert result.exit_code == 2, (args, result.output, result.exception)
    text = result.output
    assert text.startswith("error: ") and text.endswith("\n") and text.count("\n") == 1, (args, text)
    assert "Traceback" not in text
    assert written == [], f"{args}: a rejected run wrote {written}"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(option=st.sampled_from(NUMERIC), value=junk)
def test_numeric_options_reject_junk(option, value):
    if _as_int(value) > 0 and (option != "--games" or _as_int(value) <= 10**10):
        return  # a valid value: huge turn caps and targets are allowed; so are digits Python reads ("１２")
    result, written = run([option, value])
    check_rejected(result, written, [option, value])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(option=st.sampled_from(CHOICES), value=st.text(min_size=1, max_size=10))
def test_choice_options_reject_unknown_values(option, value):
    valid = {
        "--backend": {"loky", "multiprocessing", "threading", "dask", "ray"},
        "--players": {"2", "3", "4"},
        "--jobs": {"-1"} | {str(i) for i in range(1, 1025)},
        "--strategy": {"random", "hold", "cheat"},
        "--ci-by": set(),
        "--until-ci": set(),
        "--sprt": set(),
    }[option]
    stripped = value.strip()
    if stripped in valid or (
        option == "--players" and stripped.lstrip("+0").isdigit() and stripped.lstrip("+0") in valid
    ):
        return
    if option == "--jobs" and 1 <= _as_int(stripped) <= 1024:
        return  # what click's int reads (so "+7" and "７", not "²", which isdigit() calls a digit)
    if option == "--until-ci":
        try:
            if 0 < float(value) < 0.5:
                return
        except ValueError:
            pass
    if option == "--strategy" and all(part.strip() in valid for part in value.split(",")):
        return
    result, written = run([option, value] + (["--until-ci", "0.1"] if option == "--ci-by" else []))
    check_rejected(result, written, [option, value])
