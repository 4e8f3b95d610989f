"""The `cardlab` console script. It imports the command line inside a Ctrl-C guard: loading the libraries
behind it (DuckDB, Polars, NumPy …) takes a second or more on a loaded machine, and a Ctrl-C in that
second printed a KeyboardInterrupt traceback from deep inside an import, before the command line's own
handling was there. It ends as a Ctrl-C anywhere else does: "interrupted", exit 130."""

from __future__ import annotations

import sys
from importlib import import_module


def main() -> None:
    try:
        command_line = import_module("cardlab.cli")
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        sys.exit(130)
    command_line.main()
