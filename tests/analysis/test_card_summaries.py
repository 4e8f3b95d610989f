"""Per-batch summaries written with the run (analysis.card_summaries, issue 20 item 4): a report's card
counts and first-score counts from them equal the scan of the events; they are the same for any worker count; verify and the report
refuse a missing, altered or misplaced one; runs without them still report through the scan."""

from __future__ import annotations

import json
import shutil
from types import SimpleNamespace

import polars as pl
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from polars.testing import assert_frame_equal

from cardlab.analysis import card_counts, card_summaries, shape
from cardlab.analysis.runs import Run
from cardlab.cli import cli
from cardlab.simulate.core.runformat import BATCHES, MANIFEST, SUMMARIES

GAMES = {
    "gosu-x": ["gosu-x", "-n", "40", "--batch-size", "10"],
    "four-souls": ["four-souls", "-n", "2", "--batch-size", "1", "-p", "2"],
    "hidden-reason": ["hidden-reason", "-n", "16", "--batch-size", "5"],
}


def _simulate(out, name, *args):
    result = CliRunner().invoke(
        cli, ["simulate", *args, "--seed", "5", "-q", "--out", str(out), "--name", name]
    )
    assert result.exit_code == 0, result.output
    return out / name


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    out = tmp_path_factory.mktemp("summaries")
    return {game: _simulate(out, game, *args, "-j", "1") for game, args in GAMES.items()}


def _frames(counts: card_counts.CardCounts) -> dict[str, pl.DataFrame]:
    frames = {
        "actions": counts.actions,
        "sets": counts.sets,
        "firsts": counts.firsts,
        "lengths": counts.lengths,
    }
    if counts.coverage is not None:
        frames["coverage"] = counts.coverage
    return {name: frame.sort(frame.columns) for name, frame in frames.items()}


def _scanned(run: Run, monkeypatch) -> card_counts.CardCounts:
    with monkeypatch.context() as patch:
        patch.setattr(card_summaries, "usable", lambda run, data: False)
        return card_counts.count(run, run.analysis)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_counts_from_the_summaries_equal_the_scan_of_the_events(runs, game, monkeypatch):
    run = Run.open(runs[game])
    assert card_summaries.usable(run, run.analysis)
    summed, scanned = _frames(card_counts.count(run, run.analysis)), _frames(_scanned(run, monkeypatch))
    assert summed.keys() == scanned.keys()
    assert summed["firsts"].height > 0
    for name, frame in scanned.items():
        assert_frame_equal(summed[name], frame, check_exact=False)
    first = shape.first_score_counts(run, run.analysis)
    with monkeypatch.context() as patch:
        patch.setattr(card_summaries, "usable", lambda run, data: False)
        scan = shape.first_score_counts(run, run.analysis)
    assert (first is None) == (scan is None) == (run.analysis.first_score is None)
    if first is not None:
        assert first["games"].sum() == run.totals["games"] - run.totals["failed"]
        assert_frame_equal(first, scan, check_exact=False)


def test_summaries_are_the_same_for_any_worker_count_and_add_up_for_any_batch_size(runs, tmp_path):
    two = _simulate(tmp_path, "two", *GAMES["gosu-x"], "-j", "2", "--backend", "threading")
    one = runs["gosu-x"]
    files = sorted(p.name for p in (one / SUMMARIES).iterdir())
    assert files == sorted(p.name for p in (two / SUMMARIES).iterdir()) and len(files) == 4
    for name in files:  # the rows; the metadata names the parts' checksums, which hold wall-clock durations
        assert pq.read_table(one / SUMMARIES / name).equals(pq.read_table(two / SUMMARIES / name))
    other = _simulate(tmp_path, "other", "gosu-x", "-n", "40", "--batch-size", "15", "-j", "1")
    a, b = Run.open(one), Run.open(other)
    first, second = _frames(card_counts.count(a, a.analysis)), _frames(card_counts.count(b, b.analysis))
    for name, frame in first.items():
        assert_frame_equal(frame, second[name])


def _copy(run, tmp_path, name="copy"):
    target = tmp_path / name
    shutil.copytree(run, target)
    return target


def _refused(run) -> tuple[list[str], list[str]]:
    """What `cardlab verify` (exit 1: damage found) and `cardlab report` (exit 2) say about ``run``."""
    verify = CliRunner().invoke(cli, ["verify", str(run)])
    report = CliRunner().invoke(cli, ["report", str(run)])
    assert verify.exit_code == 1 and report.exit_code == 2, (verify.output, report.output)
    assert len(report.output.strip().splitlines()) == 1
    return [line.strip() for line in verify.output.splitlines() if line.startswith("  batch")], [
        report.output
    ]


def test_verify_and_report_refuse_a_summary_altered_missing_or_from_another_batch(runs, tmp_path):
    run = runs["gosu-x"]
    ok = CliRunner().invoke(cli, ["verify", str(run)])
    assert ok.exit_code == 0 and "4 of 4 batches intact (20 parts" in ok.output

    altered = _copy(run, tmp_path, "altered")
    path = altered / SUMMARIES / "part-000001.parquet"
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    path.write_bytes(bytes(data))
    lines, _ = _refused(altered)
    assert lines == ["batch 1: summaries/part-000001.parquet checksum differs from the recorded one"]

    missing = _copy(run, tmp_path, "missing")
    (missing / SUMMARIES / "part-000002.parquet").unlink()
    assert _refused(missing)[0] == ["batch 2: summaries/part-000002.parquet is missing"]
    args = [
        "simulate",
        *GAMES["gosu-x"],
        "--seed",
        "5",
        "-q",
        "-j",
        "1",
        "--out",
        str(tmp_path),
        "--name",
        "missing",
    ]
    resumed = CliRunner().invoke(cli, [*args, "--resume"])
    assert resumed.exit_code == 0 and "replayed 1 damaged batch: " in resumed.output, resumed.output
    assert CliRunner().invoke(cli, ["verify", str(missing)]).exit_code == 0
    assert pq.read_table(missing / SUMMARIES / "part-000002.parquet").equals(
        pq.read_table(run / SUMMARIES / "part-000002.parquet")
    )

    # batch 0's summary put in batch 3's place, its record made to match: intact bytes, wrong batch
    swapped = _copy(run, tmp_path, "swapped")
    source = swapped / SUMMARIES / "part-000000.parquet"
    shutil.copy(source, swapped / SUMMARIES / "part-000003.parquet")
    records = [json.loads(line) for line in (swapped / BATCHES).read_text().splitlines()]
    records[3]["parts"][SUMMARIES] = records[0]["parts"][SUMMARIES]
    (swapped / BATCHES).write_text("".join(json.dumps(r) + "\n" for r in records))
    assert _refused(swapped)[0] == [
        "batch 3: summaries/part-000003.parquet was not made from this batch's parts"
    ]

    unrecorded = _copy(run, tmp_path, "unrecorded")
    records = [json.loads(line) for line in (unrecorded / BATCHES).read_text().splitlines()]
    del records[0]["parts"][SUMMARIES]
    (unrecorded / BATCHES).write_text("".join(json.dumps(r) + "\n" for r in records))
    assert _refused(unrecorded)[0] == [
        "batch 0: summaries/part-000000.parquet is not recorded in the batch's line"
    ]


def test_a_run_without_summaries_reports_through_the_scan(runs, tmp_path, monkeypatch):
    """A run written before summaries existed (no manifest entry, no files, no records) counts the same."""
    old = _copy(runs["gosu-x"], tmp_path, "old")
    shutil.rmtree(old / SUMMARIES)
    manifest = json.loads((old / MANIFEST).read_text())
    del manifest["summaries"]
    (old / MANIFEST).write_text(json.dumps(manifest))
    records = [json.loads(line) for line in (old / BATCHES).read_text().splitlines()]
    for record in records:
        del record["parts"][SUMMARIES]
    (old / BATCHES).write_text("".join(json.dumps(r) + "\n" for r in records))
    run = Run.open(old)
    assert not card_summaries.usable(run, run.analysis)
    new = Run.open(runs["gosu-x"])
    for name, frame in _frames(card_counts.count(new, new.analysis)).items():
        assert_frame_equal(frame, _frames(card_counts.count(run, run.analysis))[name])


def test_summaries_made_for_another_declaration_are_not_read(runs):
    run = Run.open(runs["gosu-x"])
    other = {**run.manifest.summaries, "version": card_summaries.VERSION + 1}
    run.manifest.summaries = other
    assert not card_summaries.usable(run, run.analysis)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    rows=st.lists(
        st.tuples(
            st.sampled_from(["a", "b'c", "d"]),
            st.integers(0, 3),
            st.integers(0, 9),
            st.sampled_from([0.0, 0.5, 1.0]),
        ),
        max_size=30,
    ),
    cuts=st.lists(st.integers(0, 30), max_size=4),
)
def test_summaries_add_up_to_the_counts_of_all_their_rows_however_the_batches_split_them(
    tmp_path, rows, cuts
):
    """The merge alone: count rows split into batches at ``cuts``, each written as a batch's summary, read back
    as the sums per key over all rows (keys with a quote, a key NULL-free, empty batches)."""
    schema = {"card": pl.String, "turn": pl.Int32, "players": pl.Int64, "wins": pl.Float64}
    frame = pl.DataFrame(rows, schema=schema, orient="row")
    bounds = sorted({0, len(rows), *(min(c, len(rows)) for c in cuts)})
    folder = tmp_path / f"run{len(list(tmp_path.iterdir()))}"
    (folder / SUMMARIES).mkdir(parents=True)
    batches = {}
    for batch, (lo, hi) in enumerate(zip(bounds, bounds[1:] or [0], strict=False)):
        table = card_summaries._to_table({"firsts": frame.slice(lo, hi - lo)})
        pq.write_table(table, folder / SUMMARIES / f"part-{batch:06d}.parquet")
        batches[batch] = None
    run = SimpleNamespace(path=folder, state=SimpleNamespace(batches=batches))
    found = {"firsts": ([], ["card", "turn"])}
    summed = card_summaries.read(run, found)["firsts"].sort("card", "turn")
    expected = (
        frame.group_by("card", "turn").agg(pl.col("players").sum(), pl.col("wins").sum()).sort("card", "turn")
    )
    assert_frame_equal(summed, expected)
