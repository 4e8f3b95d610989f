"""The `cardlab` console script. It imports the command line inside a Ctrl-C guard: loading the libraries
behind it (DuckDB, Polars, NumPy …) takes a second or more on a loaded machine, and a Ctrl-C in that
second printed a KeyboardInterrupt traceback from deep inside an import, before the command line's own
handling was there. It ends as a Ctrl-C anywhere else does: "interrupted", exit 130.

The command line's modules are loaded with the cyclic collector held off, then moved out of its reach
(``gc.freeze``): they live as long as the process, and the collector walked them again and again while they
loaded (about 160 collections) and at every full collection after, about 0.1 s of CPU a process
(docs/performance.md, "The startup freeze"). What little garbage the loading leaves in cycles is kept with
them."""

from __future__ import annotations

import gc
import sys
from importlib import import_module


def main() -> None:
    collecting = gc.isenabled()
    gc.disable()
    try:
        command_line = import_module("cardlab.cli")
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        sys.exit(130)
    finally:
        gc.freeze()
        if collecting:
            gc.enable()
    command_line.main()
