"""Fuzzing run folders (issue 16): mutate a finished run's manifest, batch records and parts, then verify,
report and resume it. Every answer is one line (exit 2), a damage list (exit 1) or a correct result —
never a traceback and never a wrong count; a resume that succeeds leaves exactly the clean run."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from polars.testing import assert_frame_equal

from cardlab.cli import cli
from cardlab.simulate.core.runformat import BATCHES, MANIFEST, TABLES, part_path
from tests.kernel_helpers import read_sorted, simulate

ARGS = ["-n", "24", "--seed", "4", "-s", "hold,random", "--batch-size", "6", "--jobs", "1"]
N_BATCHES = 4

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)
MANIFEST_KEYS = [
    "format_version",
    "game",
    "status",
    "n_games",
    "run_seed",
    "batch_size",
    "strategies",
    "n_players",
    "log_events",
    "options",
    "config",
    "card_data_hash",
    "left_out_cards",
    "dimensions",
    "analysis",
]
BATCH_KEYS = ["batch", "first", "games", "failed", "turn_caps", "events", "decisions", "seconds", "parts"]

mutation = st.one_of(
    st.tuples(st.just("manifest_set"), st.sampled_from(MANIFEST_KEYS), json_values),
    st.tuples(st.just("manifest_drop"), st.sampled_from(MANIFEST_KEYS), st.none()),
    st.tuples(st.just("manifest_bytes"), st.integers(0, 2000), st.binary(max_size=4)),
    st.tuples(
        st.just("batch_set"),
        st.integers(0, N_BATCHES - 1),
        st.tuples(st.sampled_from(BATCH_KEYS), json_values),
    ),
    st.tuples(st.just("batch_dup"), st.integers(0, N_BATCHES - 1), st.none()),
    st.tuples(st.just("batch_drop"), st.integers(0, N_BATCHES - 1), st.none()),
    st.tuples(st.just("batches_cut"), st.integers(0, 4000), st.none()),
    st.tuples(st.just("batches_junk"), st.binary(max_size=40), st.none()),
    st.tuples(st.just("part_drop"), st.integers(0, N_BATCHES - 1), st.sampled_from(TABLES)),
    st.tuples(st.just("part_cut"), st.integers(0, N_BATCHES - 1), st.sampled_from(TABLES)),
    st.tuples(st.just("part_flip"), st.integers(0, N_BATCHES - 1), st.sampled_from(TABLES)),
)


def apply(run: Path, op: tuple) -> None:
    kind, a, b = op
    manifest_path, batches_path = run / MANIFEST, run / BATCHES
    if kind.startswith("manifest_") and kind != "manifest_bytes":
        try:
            data = json.loads(manifest_path.read_text())
        except ValueError:
            return  # already mangled by an earlier mutation
        if kind == "manifest_set":
            data[a] = b
        else:
            data.pop(a, None)
        manifest_path.write_text(json.dumps(data))
    elif kind == "manifest_bytes":
        raw = manifest_path.read_bytes()
        manifest_path.write_bytes(raw[:a] + b + raw[a + len(b) :])
    elif kind in ("batch_set", "batch_dup", "batch_drop"):
        lines = batches_path.read_text(errors="replace").splitlines()
        if not lines:
            return
        index = a % len(lines)
        if kind == "batch_set":
            try:
                entry = json.loads(lines[index])
            except ValueError:
                return
            if not isinstance(entry, dict):
                return
            entry[b[0]] = b[1]
            lines[index] = json.dumps(entry)
        elif kind == "batch_dup":
            lines.append(lines[index])
        else:
            del lines[index]
        batches_path.write_text("".join(line + "\n" for line in lines))
    elif kind == "batches_cut":
        raw = batches_path.read_bytes()
        batches_path.write_bytes(raw[: a % (len(raw) + 1)])
    elif kind == "batches_junk":
        with batches_path.open("ab") as handle:
            handle.write(a)
    else:
        path = part_path(run, b, a)
        if kind == "part_drop":
            path.unlink(missing_ok=True)
        elif path.exists() and kind == "part_cut":
            path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
        elif path.exists():
            raw = bytearray(path.read_bytes())
            raw[len(raw) // 3] ^= 0x40
            path.write_bytes(bytes(raw))


def check_answer(result) -> None:
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert result.exit_code in (0, 1, 2), result.output
    if result.exit_code == 2:
        lines = result.output.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), result.output


@pytest.fixture(scope="module")
def clean_run(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("fuzz")
    assert simulate(root, "clean", *ARGS).exit_code == 0
    return root / "clean"


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=st.lists(mutation, min_size=1, max_size=3))
def test_a_mutated_run_folder_is_repaired_or_refused_in_one_line(clean_run, tmp_path_factory, ops):
    root = tmp_path_factory.mktemp("case")
    run = root / "clean"
    shutil.copytree(clean_run, run)
    for op in ops:
        apply(run, op)
    runner = CliRunner()
    verify = runner.invoke(cli, ["verify", str(run)])
    check_answer(verify)
    opened = runner.invoke(cli, ["compare", str(run), str(clean_run)])
    check_answer(opened)
    resumed = simulate(root, "clean", *ARGS, "--resume")
    check_answer(resumed)
    if resumed.exit_code == 0:  # repaired: exactly the clean run again
        assert runner.invoke(cli, ["verify", str(run)]).exit_code == 0
        for table in ("games", "players", "events"):
            assert_frame_equal(read_sorted(clean_run, table), read_sorted(run, table))
    elif verify.exit_code == 0:
        # an intact run that resume refuses: only because the mutated manifest no longer matches the command
        assert "cannot resume" in resumed.output or "nothing to resume" in resumed.output, resumed.output


def test_a_manifest_whose_left_out_cards_lost_its_count_is_refused_in_one_line(clean_run, tmp_path_factory):
    """Found by the fuzz above: ``left_out_cards: {}`` passed validation and then raised KeyError('count')."""
    root = tmp_path_factory.mktemp("count")
    run = root / "clean"
    shutil.copytree(clean_run, run)
    manifest = json.loads((run / MANIFEST).read_text())
    manifest["left_out_cards"] = {}
    (run / MANIFEST).write_text(json.dumps(manifest))
    resumed = simulate(root, "clean", *ARGS, "--resume")
    check_answer(resumed)
    assert resumed.exit_code == 2 and "'left_out_cards' has no count" in resumed.output
