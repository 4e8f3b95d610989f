"""A `cardlab` command run with its stderr on a terminal (a pty), as a user at a shell sees it: progress
bars show only there (tqdm's ``disable=None``), so tests of a bar need one."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def on_a_terminal(cwd: Path, *args: str, code: str | None = None) -> tuple[str, str]:
    """`cardlab ARGS` (or with ``code`` that Python code) in ``cwd`` with stderr on a terminal of 100 columns:
    (stdout, stderr); exit 0 asserted."""
    import fcntl
    import os
    import pty
    import struct
    import termios

    main, side = pty.openpty()
    fcntl.ioctl(side, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))  # a 0-column pty shows nothing
    out = cwd / f"stdout-{os.getpid()}-{len(os.listdir(cwd))}.txt"
    with out.open("wb") as stdout:
        done = subprocess.Popen(
            [sys.executable, "-m", "cardlab.cli", *args], stdout=stdout, stderr=side, cwd=cwd
        )
        os.close(side)  # the child's copy stays open until it ends
        seen = b""
        while True:  # read as it comes (a full terminal would stall the child)
            try:
                chunk = os.read(main, 65536)
            except OSError:  # the child has ended: all read
                break
            if not chunk:
                break
            seen += chunk
        assert done.wait() == 0, seen.decode(errors="replace")
    os.close(main)
    text = out.read_text()
    out.unlink()
    return text, seen.decode(errors="replace")
