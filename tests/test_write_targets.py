"""A file the person names for output that is a pipe or a device (``--html /dev/stdout``, a FIFO) is
written into, never replaced by a rename: as root, `replay --html /dev/full` put a regular file in place
of the device. Tested with a FIFO of the test's own, never a real device."""

from __future__ import annotations

import os
import stat
import threading

from click.testing import CliRunner

from cardlab.cli import cli


def _read_fifo(path, into: list[bytes]) -> threading.Thread:
    def read() -> None:
        with open(path, "rb") as handle:
            into.append(handle.read())

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    return reader


def test_a_replay_page_written_to_a_pipe_keeps_the_pipe(tmp_path):
    args = ["simulate", "pig", "-n", "3", "-q", "-j", "1", "--out", str(tmp_path), "--name", "r"]
    assert CliRunner().invoke(cli, args).exit_code == 0
    fifo = tmp_path / "page"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = _read_fifo(fifo, got)
    result = CliRunner().invoke(cli, ["replay", str(tmp_path / "r"), "--game", "0", "--html", str(fifo)])
    reader.join(10)
    assert result.exit_code == 0, result.output
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)  # was: replaced by a regular file holding the page
    assert got and got[0].lower().startswith(b"<!doctype html>")
