"""End to end on the Pig fixture game: `cardlab simulate pig` then `cardlab report`, and a sweep folder."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cardlab.analysis import report
from cardlab.analysis.sweep import sweep_axis, sweep_runs
from cardlab.cli import cli


def _simulate(out, name, *extra):
    args = ["simulate", "pig", "--out", str(out), "--name", name, "-q", "-j", "1", "-n", "120", *extra]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    return out / name


def test_simulate_then_report_through_the_cli(tmp_path):
    run = _simulate(tmp_path, "pig", "-s", "random", "-s", "hold")
    result = CliRunner().invoke(cli, ["report", str(run), "--level", "0.9"])
    assert result.exit_code == 0, result.output
    out = result.output
    for title in (
        "Win rate by strategy",
        "Win rate by place in turn order",
        "Matchups by strategy",
        "Bradley–Terry ratings by strategy",
        "Game length (turns)",
        "How games ended",
        "Time to first points banked",
        "Points by turn",
    ):
        assert f"\n{title}\n" in out, title
    assert "90% CI" in out
    page = (run / "report.html").read_text()
    assert page.count("data:image/png;base64,") == 8  # one per section above
    assert (run / "report.md").read_text().count("![") == 8
    assert "Traceback" not in out


@pytest.fixture
def sweep(tmp_path):
    folder = tmp_path / "sweep"
    for target in (20, 40):
        _simulate(folder, f"target{target}", "-s", "random", "-s", "hold", "--target", str(target))
    return folder


def test_a_folder_of_runs_gets_a_sweep_report(sweep):
    assert [p.name for p in sweep_runs(sweep)] == ["target20", "target40"]  # the 'latest' link is skipped
    built = report.build_path(sweep)
    titles = [s.title for s in built.sections]
    assert titles == [
        "Win rate by strategy",
        "Win rate of the first player",
        "Game length (turns)",
        "Time to first points banked",
    ]
    assert ("varies", "target") in built.header
    table = built.sections[0].frame
    assert table.columns == ["strategy", "target20", "target40"]
    assert all(cell.endswith("n=120") for cell in table["target20"].to_list())
    md, page = report.write(built)
    assert md.parent == sweep and page.read_text().count("data:image/png;base64,") == 4


def test_sweep_axis_falls_back_to_run_order(sweep):
    from cardlab.analysis.runs import Run

    runs = [Run.open(p) for p in sweep_runs(sweep)]
    assert sweep_axis(runs).x == [20.0, 40.0]
    runs[1].manifest.config["max_turns"] = 99  # two settings differ: no single numeric axis
    axis = sweep_axis(runs)
    assert axis.label == "run" and axis.ticks == ["target20", "target40"]


def test_a_folder_without_runs_is_one_line(tmp_path):
    from cardlab.analysis.runs import RunError

    with pytest.raises(RunError, match="not a cardlab run folder"):
        report.build_path(tmp_path)
