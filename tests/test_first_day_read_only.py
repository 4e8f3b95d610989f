"""A folder that cannot be written (a read-only file system: EROFS even for root) is named as the person gave
it, never the hidden temporary the file or report is built in, and nothing is left behind."""

from __future__ import annotations

import errno
import os
from pathlib import Path

from click.testing import CliRunner

from cardlab.analysis import staging
from cardlab.cli import cli
from cardlab.simulate.core import runformat
from tests.kernel_helpers import simulate


def _read_only(monkeypatch, folder: Path) -> None:
    """Every file made, replaced or removed under ``folder`` fails as on a read-only mount."""
    real_open, real_unlink, real_mkdtemp = Path.open, Path.unlink, staging.tempfile.mkdtemp

    def refused(path) -> OSError:
        return OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))

    def opened(self, mode="r", *args, **kwargs):
        if folder in self.parents and any(m in mode for m in "wax+"):
            raise refused(self)
        return real_open(self, mode, *args, **kwargs)

    def unlinked(self, missing_ok=False):
        if folder in self.parents:
            raise refused(self)  # a read-only mount refuses even a file that is not there
        return real_unlink(self, missing_ok=missing_ok)

    def mkdtemp(prefix=None, dir=None, **kwargs):
        if dir is not None and Path(dir) == folder:
            raise refused(Path(dir) / f"{prefix}x")
        return real_mkdtemp(prefix=prefix, dir=dir, **kwargs)

    monkeypatch.setattr(Path, "open", opened)
    monkeypatch.setattr(Path, "unlink", unlinked)
    monkeypatch.setattr(staging.tempfile, "mkdtemp", mkdtemp)


def test_a_file_on_a_read_only_mount_is_named_as_asked(tmp_path, monkeypatch):
    """`replay --html` and `derive --out` on a read-only mount named '.x.html.<pid>.tmp': removing the
    temporary that was never made failed too, and its error replaced the write's."""
    folder = tmp_path / "ro"
    folder.mkdir()
    _read_only(monkeypatch, folder)
    target = folder / "x.html"
    try:
        runformat.write_atomic(target, b"page")
    except OSError as exc:
        assert (exc.errno, exc.filename) == (errno.EROFS, str(target))
    else:
        raise AssertionError("the write went through")
    assert list(folder.iterdir()) == []


def test_a_report_of_a_read_only_run_names_the_run_folder(tmp_path, monkeypatch):
    """`cardlab report` of a run on a read-only mount said "error: RUN/.report-<pid>-<random>: Read-only
    file system", a folder the person never heard of; it names the run folder, and writes nothing."""
    assert simulate(tmp_path, "run", "-n", "4", "-j", "1").exit_code == 0
    run = tmp_path / "run"
    before = sorted(p.name for p in run.iterdir())
    _read_only(monkeypatch, run)
    result = CliRunner().invoke(cli, ["report", str(run), "-q"])
    assert (result.exit_code, result.output) == (
        2,
        f"error: {run}: cannot write the report there (Read-only file system); --no-write prints the report "
        "without writing it\n",
    )
    assert sorted(p.name for p in run.iterdir()) == before


def test_a_read_only_run_is_reported_with_no_write(tmp_path, monkeypatch):
    """A read-only run could be reported through the API (``write=False``) but not from the command line:
    `--no-write` prints the tables, exit 0, and leaves the folder as it was."""
    assert simulate(tmp_path, "run", "-n", "4", "-j", "1").exit_code == 0
    run = tmp_path / "run"
    before = sorted(p.name for p in run.iterdir())
    _read_only(monkeypatch, run)
    result = CliRunner().invoke(cli, ["report", str(run), "-q", "--no-write"])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0].strip() == "run: run"
    assert "Win rate by strategy" in result.stdout.splitlines() and "wrote " not in result.stdout
    assert sorted(p.name for p in run.iterdir()) == before


def test_a_resume_of_a_run_on_a_read_only_mount_does_not_say_create(tmp_path, monkeypatch):
    """`--resume` of a run there said "cannot create the run folder": the folder is there; it cannot be
    written into."""
    from cardlab.simulate.core import runfolder

    assert simulate(tmp_path, "run", "-n", "4", "-j", "1").exit_code == 0
    real = runfolder.os.open

    def opened(path, *args, **kwargs):
        if Path(path).parent == tmp_path / "run":
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))
        return real(path, *args, **kwargs)

    monkeypatch.setattr(runfolder.os, "open", opened)
    result = simulate(tmp_path, "run", "-n", "4", "-j", "1", "--resume")
    assert (result.exit_code, result.output) == (
        2,
        f"error: {tmp_path / 'run'}: cannot write into the run folder (Read-only file system)\n",
    )
